"""monrad's own club workbook <-> the tournament model.

The layout (sheet names, headers, owned cells) is :mod:`monrad.converters.layout`; this
module reads a workbook in that layout into a :class:`~monrad.engine.model.Tournament`
and writes the tool's parts (a round's pairing list, the standings) back, always
through a :class:`~monrad.converters.workbook.binding.WorkbookBinding`, so the same code serves
a file on disk (openpyxl) and the live workbook in Excel (xlwings).

Reading never changes the book.  Anything unreadable raises
:class:`~monrad.converters.errors.InputError` naming the sheet and cell.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import re
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from ...engine.categories import Category, CategoryError, parse_categories
from ...engine.i18n import Message, tr
from ...engine.model import (
    Bye,
    Colour,
    Game,
    ModelError,
    Pending,
    PendingGame,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from ...engine.pairing import available_systems, canonical_system, system_scoring
from ...engine.prizes import (
    PrizeError,
    PrizeList,
    PrizeSettings,
    parse_prize_list,
    parse_rule,
    prize_settings,
)
from ...engine.standings import lot_seed
from .. import layout as L
from ..club.sheets import ReadOptions, read_roster
from ..errors import InputError, all_problems
from ..limits import MAX_ROUNDS, MAX_SEED, bounded, fraction
from ..notation import NotationError, format_result, parse_result
from ..workbook.backup import LITE_BACKUP_SHEET
from ..workbook.binding import CellValue, WorkbookBinding, WorkbookReader, a1
from ..workbook.lost import missing_sheet, not_paired_with

__all__ = [
    "ClubBook",
    "read_book",
    "read_xlsx",
    "read_settings",
    "parse_scoring",
    "settings_rows",
    "round_rows",
    "write_round",
    "write_standings",
    "points_value",
    "SEED_KEYS",
    "EPOCH",
    "content_seed",
    "workbook_seed",
    "workbook_time",
    "write_round_dates",
    "write_settings_values",
    "repeated_settings",
    "workbook_bytes",
]

#: The Settings sheet's one seed is recorded under each of these keys of
#: ``Settings.seeds`` (every lot a system or tie-break draws uses one of them).
SEED_KEYS = ("lot", "draw", "colour", "disc_flip")

#: The document time of a workbook written for a tournament without dates: a
#: fixed epoch, so that the same tournament always gives the same bytes.
EPOCH = _dt.datetime(2000, 1, 1, 0, 0, 0)
#: Every member of a written workbook package carries this zip time stamp.
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)

_SCORING_NAMES = {
    "": Scoring.classic, "classic": Scoring.classic, "1-½-0": Scoring.classic,
    "1-0.5-0": Scoring.classic, "1/½/0": Scoring.classic, "standard": Scoring.classic,
    "3-1-0": Scoring.three_one_zero, "3/1/0": Scoring.three_one_zero,
    "three_one_zero": Scoring.three_one_zero, "football": Scoring.three_one_zero,
    "school": Scoring.school, "3-2-1": Scoring.school, "3/2/1": Scoring.school,
    "skole": Scoring.school, "skol": Scoring.school, "skola": Scoring.school,
}
_COLOUR_WORDS = {
    "white": Colour.WHITE, "w": Colour.WHITE, "hvit": Colour.WHITE, "vit": Colour.WHITE,
    "hvid": Colour.WHITE, "white1": Colour.WHITE,
    "black": Colour.BLACK, "b": Colour.BLACK, "svart": Colour.BLACK, "sort": Colour.BLACK,
    "black1": Colour.BLACK,
}


@dataclass
class ClubBook:
    """A monrad workbook as read: the tournament plus where things are."""

    tournament: Tournament
    layout: L.Layout
    #: round number -> sheet name
    round_sheets: dict[int, str] = field(default_factory=dict)
    #: (round, board) -> result cell ("E7")
    result_cells: dict[tuple[int, int], str] = field(default_factory=dict)
    #: round number -> number of board rows with any result typed
    results_entered: dict[int, int] = field(default_factory=dict)

    @property
    def othello(self) -> bool:
        return L.is_othello(self.tournament.settings.system)


def parse_scoring(text: str) -> Scoring:
    """``classic``/``1-½-0``, ``3-1-0``, ``school``/``3-2-1`` -> :class:`Scoring`."""
    key = " ".join(str(text).casefold().split())
    if key not in _SCORING_NAMES:
        raise ValueError(f"unknown scoring {text!r} (classic, 3-1-0 or school)")
    return _SCORING_NAMES[key]()


def _settings_labels() -> dict[str, str]:
    out: dict[str, str] = {}
    for key, labels in L.SETTINGS_KEYS.items():
        for label in (*labels.values(), *L.SETTINGS_KEYS_BEFORE.get(key, ())):
            out[" ".join(label.casefold().split())] = key
        out[key] = key
    return out


def settings_rows(book: WorkbookReader, lay: L.Layout) -> dict[str, tuple[int, int]]:
    """Setting key -> (row, column) of its value cell on the Settings sheet (labels in
    any language, column B)."""
    labels = _settings_labels()
    last_row, _ = book.used_size(lay.settings_sheet)
    out: dict[str, tuple[int, int]] = {}
    for i, (label,) in enumerate(book.read_range(lay.settings_sheet, 1, 1, last_row, 1), 1):
        key = labels.get(" ".join(str(label or "").casefold().split()))
        if key is not None:
            out.setdefault(key, (i, 2))
    return out


def read_settings(book: WorkbookReader, lay: L.Layout) -> tuple[Settings, dict[str, object]]:
    """The Settings sheet: (settings, info).  Labels are accepted in any language."""
    sheet = lay.settings_sheet
    src = book.name
    labels = _settings_labels()
    last_row, _ = book.used_size(sheet)
    values: dict[str, tuple[CellValue, str]] = {}
    repeated: dict[str, list[tuple[CellValue, str]]] = {k: [] for k in L.REPEATED_SETTINGS}
    for i, (label, value) in enumerate(book.read_range(sheet, 1, 1, last_row, 2), 1):
        key = labels.get(" ".join(str(label or "").casefold().split()))
        if key in repeated:
            repeated[key].append((value, a1(i, 2)))
        elif key is not None:
            values[key] = (value, a1(i, 2))

    def text(key: str) -> str:
        v = values.get(key, (None, ""))[0]
        return "" if v is None else str(v).strip()

    def where(key: str) -> dict:
        return {"source": src, "sheet": sheet, "cell": values[key][1]}

    def whole(key: str, bad: Message | str) -> int:
        """The setting as a whole number, or ``bad`` as the error at its cell."""
        try:
            return int(float(text(key)))
        except (ValueError, OverflowError):  # OverflowError: 1e400 is inf
            raise InputError(bad, **where(key)) from None

    # the system by its code or by any language's name for it (issue 36 item 5, 37 item 6)
    system = canonical_system(text("system")) or "dutch"
    if system not in available_systems():
        system = text("system").lower()  # refused, as typed, where it is paired
    rounds = None
    if text("rounds"):
        rounds = whole("rounds", tr("rounds: {text!r} is not a number", text=text("rounds")))
        if rounds < 1:
            raise InputError(tr('rounds must be 1 or more'), **where("rounds"))
        if too_many := bounded(rounds, tr("number of rounds"), 1, MAX_ROUNDS):
            raise InputError(too_many, **where("rounds"))
    try:
        scoring = parse_scoring(text("scoring"))
    except ValueError as exc:
        raise InputError(str(exc), **where("scoring")) from None
    tiebreaks = tuple(c.strip() for c in text("tiebreaks").replace(";", ",").split(",")
                      if c.strip())
    mbq_c = None
    if text("othello_c"):
        try:
            mbq_c = fraction(text("othello_c").replace(",", "."))
        except ValueError:
            raise InputError(tr('Othello C: {text!r} is not a number', text=text('othello_c')),
                             **where("othello_c")) from None
    seeds: dict[str, int] = {}
    if text("seed"):
        seed = whole("seed", tr("seed: {text!r} is not a whole number", text=text("seed")))
        if bad_seed := bounded(seed, tr("seed"), 0, MAX_SEED):
            raise InputError(bad_seed, **where("seed"))
        seeds = {k: seed for k in SEED_KEYS}
    colour = Colour.NONE
    if text("initial_colour"):
        colour = _COLOUR_WORDS.get(text("initial_colour").casefold(), None)  # type: ignore[assignment]
        if colour is None:
            raise InputError(tr('colour {text!r}: write white or black',
                                text=text('initial_colour')),
                             **where("initial_colour"))
    options: dict[str, object] = {}
    if text("konrad"):
        bad = tr("Konrad: {text!r} is not a whole number of 1 or more", text=text("konrad"))
        konrad = whole("konrad", bad)
        if konrad < 1:
            raise InputError(bad, **where("konrad"))
        if konrad > 1:
            options["konrad"] = konrad
    options.update(_prize_options(values, repeated, src, sheet))
    settings = Settings(system=system, rounds=rounds, scoring=scoring, tiebreaks=tiebreaks,
                        seeds=seeds, mbq_c=mbq_c, initial_colour=colour, options=options)
    settings = settings.replace(scoring=system_scoring(settings))  # SKOL-6
    info: dict[str, object] = {}
    if text("name"):
        info["name"] = text("name")
    for key in L.EVENT_KEYS:  # the FIDE report's and the WOF file's header fields
        value = values.get(key, (None, ""))[0]
        if isinstance(value, (_dt.date, _dt.datetime)):
            info[key] = value.strftime("%Y/%m/%d")
        elif text(key):
            info[key] = text(key).upper() if key == "federation" else text(key)
    dates = L.round_dates_from_cell(values.get("round_dates", (None, ""))[0])
    if any(dates):  # TRF 132 of every export (issue 36 item 7)
        info["round_dates"] = dates
    return settings, info


def _prize_options(values: Mapping[str, tuple[CellValue, str]],
                   repeated: Mapping[str, list[tuple[CellValue, str]]], src: str, sheet: str
                   ) -> dict[str, object]:
    """The prize categories, prize lists and prize rules of the Settings sheet (issue
    41) as ``Settings.options`` entries in English words (what TRF and CSV carry);
    a cell that cannot be read is an error naming it."""
    texts = {key: [(str(v).strip(), cell) for v, cell in rows if v is not None and str(v).strip()]
             for key, rows in repeated.items()}
    found: dict[str, object] = {}
    for key in ("shared_places", "one_prize", "equal_prizes"):
        value, cell = values.get(key, (None, ""))
        if value is not None and str(value).strip():
            try:
                found[key] = parse_rule(key, value)
            except PrizeError as exc:
                raise InputError(str(exc), source=src, sheet=sheet, cell=cell) from None
    cats: list[Category] = []
    for text, cell in texts["prize_category"]:
        try:
            cats.append(parse_categories([*(c.text() for c in cats), text])[-1])
        except CategoryError as exc:
            raise InputError(str(exc), source=src, sheet=sheet, cell=cell) from None
    lists: list[PrizeList] = []
    for text, cell in texts["prizes"]:
        try:
            lists.append(parse_prize_list(text, cats))
            prize_settings({"categories": [c.text() for c in cats],
                            "prizes": [pl.text() for pl in lists]})
        except (PrizeError, CategoryError) as exc:
            raise InputError(str(exc), source=src, sheet=sheet, cell=cell) from None
    prizes = PrizeSettings(tuple(cats), tuple(lists), str(found.get("shared_places", "split")),
                           found.get("one_prize", "yes") == "yes",
                           str(found.get("equal_prizes", "order")))
    return prizes.options()


def _int(v: CellValue) -> int | None:
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str) and v.strip().isdigit():
        return int(v.strip())
    return None


def _bye_kind(points: CellValue, scoring: Scoring) -> Result:
    """The bye on a bye row, from the points written in its result cell: the
    pairing bye's points (or nothing) -> pairing bye; a half bye's -> half bye; the
    zero bye's -> zero bye."""
    text = "" if points is None else str(points).strip().replace(",", ".").replace("½", ".5")
    try:
        value = fraction(text) if text else None
    except ValueError:
        return Result.PAIRING_BYE
    if value is None or value == scoring.pairing_bye:
        return Result.PAIRING_BYE
    if value == scoring.half_bye:
        return Result.HALF_BYE
    if value == scoring.zero_bye:
        return Result.ZERO_BYE
    return Result.PAIRING_BYE


def _read_round(book: WorkbookReader, cb: ClubBook, sheet: str, number: int) -> Round:
    t = cb.tournament
    src = book.name
    last_row, _ = book.used_size(sheet)
    ncols = len(L.ROUND_COLUMNS)
    col = {k: i for i, k in enumerate(L.ROUND_COLUMNS)}
    known = set(t.start_numbers)
    games: list[Game] = []
    byes: list[Bye] = []
    entered = 0
    postpone_ok = L.allows_postponed(t.settings.system)
    paired_around: tuple[PendingGame, ...] = ()
    table = [list(row) + [None] * (ncols - len(row))
             for row in book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last_row, ncols)]
    problems: list[InputError] = []

    def board_row(r: int, row: list[CellValue]) -> None:
        nonlocal entered
        wno, bno = row[col["white_no"]], row[col["black_no"]]
        if wno is None and bno is None:
            return

        def at(key: str) -> dict:
            return {"source": src, "sheet": sheet, "cell": a1(r, col[key] + 1)}

        w = _int(wno)
        if w is None or w not in known:
            raise InputError(tr('{wno!r} is not a start number on the roster', wno=wno), **at("white_no"))
        if bno is None:
            byes.append(Bye(w, _bye_kind(row[col["result"]], t.settings.scoring)))
            return
        b = _int(bno)
        if b is None or b not in known:
            raise InputError(tr('{bno!r} is not a start number on the roster', bno=bno), **at("black_no"))
        res = row[col["result"]]
        try:
            parsed = parse_result(res, othello=cb.othello)
        except NotationError as exc:
            raise InputError(str(exc), **at("result")) from None
        board = len(games) + 1
        cb.result_cells[(number, board)] = a1(r, L.RESULT_COL)
        try:
            if parsed is None:
                for key in ("white_pts", "black_pts"):  # a result typed one cell off
                    typed = row[col[key]]
                    if isinstance(typed, str) and not _is_points(typed) and _is_result(typed):
                        raise InputError(str(tr(
                            "board {board}: the result {typed!r} is typed in the points "
                            "column; type it in the Result column ({cell})", board=board,
                            typed=typed, cell=a1(r, L.RESULT_COL))), **at(key))
                games.append(Game(b, w) if cb.othello else Game(w, b))
            else:
                entered += 1
                if parsed.pending is not None and not postpone_ok:
                    raise InputError(
                        tr('{system} does not allow postponed games; enter the result',
                           system=t.settings.system),
                        **at("result"))
                if (cb.othello and parsed.pending is None and parsed.white_discs is None
                        and not parsed.white.is_forfeit):
                    # MBQ and the disc tie-break need the discs of every played game
                    raise InputError(tr('{res!r}: an Othello result is a disc count, e.g. '
                                        '40-24 (OTH-6)',
                                        res=res), **at("result"))
                if cb.othello:  # the row names Black (the model's black) first, OTH-5
                    games.append(Game(b, w, parsed.black, parsed.white, parsed.black_discs,
                                      parsed.white_discs, parsed.pending))
                else:
                    games.append(Game(w, b, parsed.white, parsed.black, parsed.white_discs,
                                      parsed.black_discs, parsed.pending))
        except ModelError as exc:
            raise InputError(str(exc), **at("white_no")) from None

    notes: dict[str, list[tuple[int, list[CellValue]]]] = {}
    for offset, row in enumerate(table):
        r = L.ROUND_FIRST_ROW + offset
        heading = _note_heading(row[0])
        if heading is not None or notes:  # the notes below the boards (issue 26, DSU-7)
            if heading is not None:
                notes[heading] = [(r, row)]
            elif any(v is not None for v in row):
                notes[list(notes)[-1]].append((r, row))
            continue
        try:
            board_row(r, row)
        except InputError as exc:  # every problem of the sheet, not only the first
            problems.append(exc)
    if problems:
        raise all_problems(problems, src, sheet)
    if "paired_around" in notes:
        at, *rows = notes["paired_around"]
        paired_around = _read_paired_around([row for _, row in rows], number,
                                            {"source": src, "sheet": sheet, "cell": a1(at[0], 1)})
    paired_from = _read_paired_from(notes.get("paired_from", []), known,
                                    {"source": src, "sheet": sheet})
    cb.results_entered[number] = entered
    try:
        return Round(number, tuple(games), tuple(byes), paired_around, paired_from)
    except ModelError as exc:
        raise InputError(str(exc), source=src, sheet=sheet) from None


def _is_points(text: str) -> bool:
    try:
        return L.points_from_cell(text) is not None
    except (ValueError, ZeroDivisionError):
        return False


def _is_result(text: str) -> bool:
    try:
        return parse_result(text) is not None
    except NotationError:
        return False


def _with_wof_id(p: Player) -> Player:
    """The Players sheet's *WOF id* column as ``extra["wof_id"]`` (the WOF file's id)."""
    from ..tabular.wof import wof_id

    wid = wof_id(p)
    if not wid or p.extra.get("wof_id") == wid:
        return p
    extra = {k: v for k, v in p.extra.items() if k != "WOF id"}
    return p.replace(extra={**extra, "wof_id": wid})


def read_book(book: WorkbookReader) -> ClubBook:
    """Read a monrad workbook (Settings, Players, Round N sheets) into the model."""
    lay = L.detect_layout(book.sheet_names())
    if lay is None:
        raise InputError(
            tr("not a monrad workbook: no Settings/Players sheets (create one with 'monrad "
               "new', or read a club sheet with the club-sheet reader)"),
            source=book.name)
    settings, info = read_settings(book, lay)
    players = read_roster(book, lay.players_sheet, ReadOptions(),  # FIDE order (issue 26)
                          source=book.name, allow_empty=True)
    players = [_with_wof_id(p) for p in players]
    t = Tournament(settings=settings, players=players, info=info)
    cb = ClubBook(t, lay)
    for sheet in book.sheet_names():
        n = lay.round_number(sheet)
        if n is None:
            continue
        if too_many := bounded(n, tr("round"), 1, MAX_ROUNDS):  # issue 40 item 3
            raise InputError(too_many, source=book.name, sheet=sheet)
        if n in cb.round_sheets:
            raise InputError(tr('two sheets for round {n}', n=n), source=book.name, sheet=sheet)
        cb.round_sheets[n] = sheet
    _refuse_lost_rounds(book, cb)
    for n in sorted(cb.round_sheets):
        t.rounds.append(_read_round(book, cb, cb.round_sheets[n], n))
    try:
        t.validate()
    except ModelError as exc:
        raise InputError(str(exc), source=book.name) from None
    for n, pg in t.lost_pending_games():  # a round sheet put back from elsewhere
        sheet = cb.round_sheets.get(pg.round, lay.round_name(pg.round))
        raise InputError(not_paired_with(book, n, pg, sheet), source=book.name, sheet=sheet)
    return cb


def _refuse_lost_rounds(book: WorkbookReader, cb: ClubBook) -> None:
    """Refuse a workbook whose rounds have a gap (issue 36 item 2): a round sheet deleted
    or renamed out of the pattern (``Rond 3`` -> ``Rond 3 gammal``) while a later round
    was paired after it; pairing or ranking it would rewrite the past in silence.  A
    round sheet renamed is found by what monrad wrote on it (its title and headers), and
    the last round's too (it would be paired again)."""
    lay = cb.layout
    title = re.compile("(?:.* - )?" + re.escape(lay.round_title).replace(
        re.escape("{n}"), r"(\d+)") + "$")
    headers = (lay.round_headers(False), lay.round_headers(True))
    width = len(L.ROUND_COLUMNS)
    for sheet in book.sheet_names():
        if sheet in cb.round_sheets.values() or sheet == LITE_BACKUP_SHEET:
            continue
        top = [list(r) + [None] * (width - len(r)) for r in book.read_range(sheet, 1, 1, 2, width)]
        m = title.match(str(top[0][0] or "").strip()) if len(top) == 2 else None
        if m is None or top[1] not in headers or int(m.group(1)) in cb.round_sheets:
            continue  # not a round sheet of monrad's, or a copy of one that is there
        n = int(m.group(1))
        raise InputError(tr("sheet {sheet!r} holds round {n} (its title says so), but only "
                            "a sheet named {name!r} is read as round {n}: rename it back to "
                            "{name!r}", sheet=sheet, n=n, name=lay.round_name(n)),
                         source=book.name, sheet=sheet)
    numbers = sorted(cb.round_sheets)
    for n in range(1, numbers[-1] if numbers else 1):
        if n not in cb.round_sheets:
            later = next(k for k in numbers if k > n)
            raise InputError(missing_sheet(book, lay.round_name(n), later,
                                           cb.round_sheets[later]), source=book.name)


def read_xlsx(path: str | Path) -> Tournament:
    """The tournament in a monrad workbook file."""
    from ..workbook.package_book import open_book

    return read_book(open_book(path)).tournament


def points_value(points: Fraction) -> int | float:
    """A score as a cell number (``2`` or ``2.5``)."""
    return int(points) if points.denominator == 1 else float(points)


def round_rows(
    t: Tournament, rnd: Round, lay: L.Layout, before: Mapping[int, Fraction] | None = None
) -> list[list[CellValue]]:
    """The board and bye rows of a round's sheet (below the two title rows).

    Chess rows read White - Black; Othello rows Black - White, with Black's discs
    first (OTH-5, OTH-6), while the model keeps chess colours.  Scores are cells of
    :func:`monrad.converters.layout.points_cell` (``1½`` in Nordic workbooks); a bye's
    points are text in its result cell (read back by :func:`_bye_kind`).

    ``before`` is every player's score before the round, when the caller has it
    (writing many rounds: :func:`running_scores`); else it is worked out here."""
    if before is None:
        before = t.scores(rnd.number - 1)
    othello = L.is_othello(t.settings.system)
    names = {p.start_no: p.name for p in t.players}

    def name(no: int) -> str:  # one dict, not a search of the roster per cell
        return names[no] if no in names else t.player(no).name  # unknown: ModelError

    rows: list[list[CellValue]] = []
    for board, g in enumerate(rnd.games, 1):
        res = ""
        # Othello rows name Black first and give Black's discs first (OTH-5, OTH-6)
        first, second = (g.black, g.white) if othello else (g.white, g.black)
        if g.white_result is not Result.UNKNOWN:
            if othello:
                res = format_result(g.black_result, g.white_result, g.black_discs,  # type: ignore[arg-type]
                                    g.white_discs, lay.postponed)
            else:
                res = format_result(g.white_result, g.black_result, g.white_discs,
                                    g.black_discs, lay.postponed)
        rows.append([
            board, first, name(first), L.points_cell(before[first], lay.lang),
            res or None, L.points_cell(before[second], lay.lang), second, name(second),
        ])
    for b in rnd.byes:
        if b.result is Result.ABSENT:
            continue
        pts = L.points_cell(t.settings.scoring.points(b.result), lay.lang)
        rows.append([None, b.player, name(b.player),
                     L.points_cell(before[b.player], lay.lang), f"{pts}", None, None, lay.bye])
    return rows


def paired_around_rows(t: Tournament, rnd: Round, lay: L.Layout) -> list[list[CellValue]]:
    """The note below a round's boards: the games of earlier rounds still to be played
    when it was paired (:attr:`Round.paired_around`), one row each laid out as a board
    (the round's sheet name in the board column, the word for postponed or adjourned
    in the result column), under a heading in the workbook's language.  Read back by
    :func:`_read_round`, so ``monrad check`` and ``explain`` re-pair the round from
    what was known then (NSF-5, SSF-3, DSU-1; issue 26)."""
    names = {p.start_no: p.name for p in t.players}
    rows: list[list[CellValue]] = [[lay.text("paired_around")]]
    for pg in rnd.paired_around:
        word = lay.postponed if pg.kind is Pending.POSTPONED else lay.text("adjourned")
        rows.append([lay.round_name(pg.round), pg.white, names.get(pg.white), None, word, None,
                     pg.black, names.get(pg.black)])
    return rows


#: start numbers per cell of the round-list note (a cell holds 32,767 characters)
_LISTED_PER_CELL = 1000


def paired_from_rows(rnd: Round, lay: L.Layout) -> list[list[CellValue]]:
    """The note below a round's boards that keeps the round list it was paired from
    (:attr:`Round.paired_from`): a heading in the workbook's language, then the start
    numbers, placement 1 first, in a cell (``9 1 4 6 11 ...``; a thousand to a cell,
    one below the other).  Read back by :func:`_read_round`, so the placements written
    for a round never change when a result of an earlier round comes in later (DSU-7)."""
    listed = rnd.paired_from
    rows: list[list[CellValue]] = [[lay.text("paired_from")]]
    rows += [[" ".join(map(str, listed[i:i + _LISTED_PER_CELL]))]
             for i in range(0, len(listed), _LISTED_PER_CELL)]
    return rows


#: the notes below a round's boards, by their heading in any language
_NOTE_HEADINGS = {L.FORMAT_TEXTS[key][lang]: key for key in ("paired_around", "paired_from")
                  for lang in L.LANGS}


def _note_heading(value: CellValue) -> str | None:
    return _NOTE_HEADINGS.get(value.strip()) if isinstance(value, str) else None


def _read_paired_from(rows: list[tuple[int, list[CellValue]]], known: set[int],
                      where: dict) -> tuple[int, ...]:
    """The start numbers of :func:`paired_from_rows`' note (see there)."""
    listed: list[int] = []
    for r, row in rows[1:]:
        text = str(row[0] if row[0] is not None else "").strip()
        numbers = [int(x) for x in text.split() if x.isdigit()]
        listed += numbers
        if " ".join(map(str, numbers)) != " ".join(text.split()) \
                or len(set(listed)) != len(listed) or not set(numbers) <= known:
            raise InputError(tr("the round list this round was paired from should be the "
                                "start numbers of the players, each once (e.g. 9 1 4 6), not "
                                "{text!r}", text=text), cell=a1(r, 1), **where)
    return tuple(listed)


def _read_paired_around(rows: list[list[CellValue]], number: int, where: dict) -> tuple[PendingGame, ...]:
    """The rows below :func:`paired_around_rows`' heading (see there)."""
    out = []
    for row in rows:
        if all(v is None for v in row):
            continue
        m = re.search(r"(\d+)\s*$", str(row[0] or ""))
        w, b = _int(row[1]), _int(row[6])
        try:
            parsed = parse_result(row[4])
        except NotationError:
            parsed = None
        if m is None or w is None or b is None or parsed is None or parsed.pending is None \
                or not 0 < int(m.group(1)) < number:
            raise InputError(tr("round {round}: cannot read a game still to be played when "
                                "the round was paired: {row}", round=number,
                                row=[v for v in row if v is not None]), **where)
        out.append(PendingGame(int(m.group(1)), w, b, parsed.pending))
    return tuple(out)


def write_round(
    book: WorkbookBinding, t: Tournament, rnd: Round, lay: L.Layout, *, after: str | None,
    before: Mapping[int, Fraction] | None = None,
) -> str:
    """Add the sheet of a freshly paired round: title, headers, boards, byes, the
    result drop-downs (highlighted while empty) and the print layout.  Returns the
    sheet name."""
    name = lay.round_name(rnd.number)
    othello = L.is_othello(t.settings.system)
    book.add_sheet(name, after=after)
    ncols = len(L.ROUND_COLUMNS)
    title = lay.round_title.format(n=rnd.number)
    if t.info.get("name"):
        title = f"{t.info['name']} - {title}"
    book.write_range(name, 1, 1, [[title]])
    book.style_range(name, 1, 1, 1, 1, bold=True)
    book.write_range(name, 2, 1, [lay.round_headers(othello)])
    book.style_range(name, 2, 1, 2, ncols, bold=True, fill="D9E1F2", border=True, align="center")
    rows = round_rows(t, rnd, lay, before)
    if rows:
        book.write_range(name, L.ROUND_FIRST_ROW, 1, rows)
        last = L.ROUND_FIRST_ROW + len(rows) - 1
        book.style_range(name, L.ROUND_FIRST_ROW, 1, last, ncols, border=True)
        for key in ("board", "white_no", "white_pts", "result", "black_pts", "black_no"):
            c = list(L.ROUND_COLUMNS).index(key) + 1
            book.style_range(name, L.ROUND_FIRST_ROW, c, last, c, align="center")
    note = L.ROUND_FIRST_ROW + len(rows) + 1
    # what the round was paired around (issue 26) and from (DSU-7), read back
    for lines in ([paired_around_rows(t, rnd, lay)] if rnd.paired_around else []) + (
            [paired_from_rows(rnd, lay)] if rnd.paired_from else []):
        book.write_range(name, note, 1, lines)
        book.style_range(name, note, 1, note, 1, bold=True, align="left")
        note += len(lines) + 1
    nboards = len(rnd.games)
    if nboards:
        choices = list(L.OTHELLO_RESULTS if othello else L.CHESS_RESULTS)
        if L.allows_postponed(t.settings.system):
            choices.extend(lay.postponed_choices())
        book.set_result_cells(name, L.ROUND_FIRST_ROW, L.RESULT_COL,
                              L.ROUND_FIRST_ROW + nboards - 1, choices, strict=not othello,
                              error_message=lay.text("not_listed" if othello else "pick_result"))
    book.set_column_widths(name, {1: 7, 2: 6, 3: 28, 4: 6, 5: 10, 6: 6, 7: 6, 8: 28})
    book.set_print_layout(name, L.ROUND_TITLE_ROWS)
    return name


def running_scores(t: Tournament) -> Iterator[tuple[Round, dict[int, Fraction]]]:
    """Every round in number order with each player's score before it: one pass over
    the rounds, where :meth:`Tournament.scores` per round would go over them again."""
    scores = {p.start_no: Fraction(0) for p in t.players}
    points = t.settings.scoring.points
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        yield rnd, dict(scores)
        for g in rnd.games:
            scores[g.white] = scores.get(g.white, Fraction(0)) + points(g.white_result)
            scores[g.black] = scores.get(g.black, Fraction(0)) + points(g.result_for(g.black))
        for b in rnd.byes:
            scores[b.player] = scores.get(b.player, Fraction(0)) + points(b.result)


def write_standings(
    book: WorkbookBinding,
    lay: L.Layout,
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[CellValue]],
    note: str | None = None,
    legend: Sequence[tuple[str, str]] = (),
) -> None:
    """Rewrite the Standings sheet (the tool's as a whole): title, header, rows, then
    the note (which round still lacks results) and the legend of the tie-break codes
    (``code`` in column A, its name in column C), all in the layout's language.

    Rank, number, points and tie-breaks are centred, name and club left-aligned, so a
    number never runs into a name."""
    sheet = lay.standings_sheet
    if sheet not in book.sheet_names():
        book.add_sheet(sheet)
    last_row, last_col = book.used_size(sheet)
    width = max(last_col, len(header), 3)
    if last_row:
        book.clear_range(sheet, 1, 1, last_row, width)
        book.style_range(sheet, 2, 1, max(last_row, 2), width, bold=False, border=False)
    book.write_range(sheet, 1, 1, [[title]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    book.write_range(sheet, 2, 1, [list(header)])
    book.style_range(sheet, 2, 1, 2, len(header), bold=True, fill="D9E1F2", border=True,
                     align="center")
    first = L.STANDINGS_FIRST_ROW
    if rows:
        last = first + len(rows) - 1
        book.write_range(sheet, first, 1, [list(r) for r in rows])
        book.style_range(sheet, first, 1, last, len(header), border=True)
        book.style_range(sheet, first, 1, last, 2, align="center")
        book.style_range(sheet, first, 3, last, 4, align="left")
        if len(header) > 4:
            book.style_range(sheet, first, 5, last, len(header), align="center")
    row = first + len(rows) + 1
    if note:
        book.write_range(sheet, row, 1, [[note]])
        book.style_range(sheet, row, 1, row, 1, align="left")
        row += 2
    if legend:
        book.write_range(sheet, row, 1, [[lay.text("legend")]])
        book.style_range(sheet, row, 1, row, 1, bold=True, align="left")
        lines = [[code, None, name] for code, name in legend]
        book.write_range(sheet, row + 1, 1, lines)
        book.style_range(sheet, row + 1, 1, row + len(lines), 3, align="left")
    widths = {1: 7, 2: 6, 3: 28, 4: 18, 5: 8}
    widths.update({c: max(9, len(str(header[c - 1])) + 3,  # a remarks column is wide
                          min(45, 2 + max((len(str(r[c - 1] or "")) for r in rows if len(r) >= c),
                                          default=0)))
                   for c in range(6, len(header) + 1)})
    book.set_column_widths(sheet, widths)
    book.set_print_layout(sheet, 2)


# --------------------------------------------------------------------- writing a whole book
def content_seed(t: Tournament) -> int:
    """A seed in ``[0, 2**31)`` drawn from the tournament's own content (settings,
    players, rounds, header info), for a tournament that recorded none: the same
    tournament gives the same seed on every machine and Python (a SHA-256 of a
    canonical text, never :func:`hash`, which varies between runs).

    >>> t = Tournament(settings=Settings(rounds=5))
    >>> content_seed(t) == content_seed(t.copy())
    True
    >>> content_seed(t) == content_seed(Tournament(settings=Settings(rounds=6)))
    False
    """
    s = t.settings
    canon = repr((
        s.replace(seeds={}), tuple(sorted(t.players, key=lambda p: p.start_no)),
        tuple(sorted(t.rounds, key=lambda r: r.number)),
        tuple(sorted((str(k), repr(v)) for k, v in t.info.items())),
    ))
    return int.from_bytes(hashlib.sha256(canon.encode("utf-8")).digest()[:8], "big") % 2**31


def workbook_seed(t: Tournament) -> int:
    """The one seed a workbook's Settings sheet records for ``t``: the lot seed
    (or the first of :data:`SEED_KEYS` recorded, else any recorded seed), else the
    seed the standings' lot derives (:func:`~monrad.engine.standings.lot_seed`), so
    that tied players keep their order through a conversion.  Read back, it is every
    key of :data:`SEED_KEYS`."""
    seeds = t.settings.seeds or {}
    for key in SEED_KEYS:
        if key in seeds:
            return int(seeds[key])
    if seeds:
        return int(seeds[sorted(seeds)[0]])
    return lot_seed(t)  # the standings' own lot: tied players stay in their order


def workbook_time(t: Tournament) -> _dt.datetime:
    """The created/modified time written into a workbook for ``t``: midnight of the
    tournament's last date (``end_date``, else ``start_date``, else the last round
    date), else :data:`EPOCH`.  Never the clock: same input, same bytes."""
    dates = [t.info.get("end_date"), t.info.get("start_date")]
    rounds = t.info.get("round_dates")
    if isinstance(rounds, (list, tuple)):
        dates += [d for d in reversed(rounds) if d]
    for text in dates:
        day = L.date_from_cell(text)
        if day is not None:
            return _dt.datetime(day.year, day.month, day.day)
    return EPOCH


def _setting_cell(value: Fraction) -> CellValue:
    """A fraction as a cell: a number when a decimal says it exactly, else ``"p/q"``."""
    if value.denominator == 1:
        return int(value)
    d = value.denominator
    for f in (2, 5):
        while d % f == 0:
            d //= f
    return float(value) if d == 1 else f"{value.numerator}/{value.denominator}"


def write_settings_values(book: WorkbookBinding, t: Tournament, lay: L.Layout) -> None:
    """Fill the Settings sheet rows the new-workbook builder leaves empty: the
    colour of no. 1 in round 1 (``white``/``black``), the Othello C of MBQ (OTH-8),
    the Konrad limit, the event's details and the round dates, so that
    :func:`read_settings` gives them back."""
    s = t.settings
    rows = settings_rows(book, lay)  # only the rows that apply to the system are there
    if s.initial_colour in (Colour.WHITE, Colour.BLACK) and "initial_colour" in rows:
        book.write_range(lay.settings_sheet, *rows["initial_colour"],
                         [[lay.colour_word(s.initial_colour)]])
    if s.mbq_c is not None and "othello_c" in rows:
        book.write_range(lay.settings_sheet, *rows["othello_c"], [[_setting_cell(s.mbq_c)]])
    konrad = s.options.get("konrad")
    if konrad is not None and int(konrad) > 1 and "konrad" in rows:  # type: ignore[call-overload]
        book.write_range(lay.settings_sheet, *rows["konrad"], [[int(konrad)]])  # type: ignore[call-overload]
    for key in L.EVENT_KEYS:  # city, dates, arbiter ... (TRF 022 042 052 102 ..., WOF)
        if t.info.get(key) and key in rows:
            book.write_range(lay.settings_sheet, *rows[key], [[str(t.info[key])]])
    for key in ("shared_places", "one_prize", "equal_prizes"):  # the prize rules (issue 41)
        if s.options.get(key) and key in rows:
            book.write_range(lay.settings_sheet, *rows[key], [[str(s.options[key])]])
    dates = t.info.get("round_dates")
    if isinstance(dates, (list, tuple)) and any(dates):
        write_round_dates(book, lay, dates)


def write_round_dates(book: WorkbookBinding, lay: L.Layout, dates: Sequence[object]) -> None:
    """The Settings sheet's round dates (issue 36 item 7): into its *Round dates* row,
    or, in a workbook made before it had one, a row added below the last one used
    (label, dates, help), so that every export finds them."""
    rows = settings_rows(book, lay)
    if "round_dates" in rows:
        book.write_range(lay.settings_sheet, *rows["round_dates"], [[L.round_dates_cell(dates)]])
        return
    last_row, _ = book.used_size(lay.settings_sheet)
    book.write_range(lay.settings_sheet, last_row + 1, 1, [[
        lay.setting_label("round_dates"), L.round_dates_cell(dates),
        L.SETTINGS_HELP["round_dates"][lay.lang]]])


def repeated_settings(t: Tournament) -> dict[str, list[str]]:
    """The values of the Settings rows that stand once per value: the prize
    categories and prize lists (``Settings.options``), for a new workbook's builder."""
    return {key: [str(v) for v in _as_list(t.settings.options.get(L.PRIZE_OPTIONS[key]))]
            for key in L.REPEATED_SETTINGS}


def _as_list(value: object) -> list[object]:
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


class _StampedZip(zipfile.ZipFile):
    """A zip file whose members all carry one fixed time stamp and mode, whether
    written from memory (``writestr``) or from a temporary file (``write``: openpyxl
    writes each worksheet to one first, which would bring in that file's time)."""

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None):
        if not isinstance(zinfo_or_arcname, zipfile.ZipInfo):
            info = zipfile.ZipInfo(zinfo_or_arcname, date_time=_ZIP_TIME)
            info.compress_type = self.compression
            info.external_attr = 0o600 << 16  # what ZipFile gives a member named by a string
            zinfo_or_arcname = info
        super().writestr(zinfo_or_arcname, data, compress_type, compresslevel)

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        with open(filename, "rb") as fh:
            data = fh.read()
        self.writestr(str(arcname if arcname is not None else filename), data,
                      compress_type, compresslevel)


def workbook_bytes(workbook, when: _dt.datetime) -> bytes:
    """An openpyxl workbook as ``.xlsx`` bytes that depend on its content only: the
    document's created/modified times are ``when`` (openpyxl's own save stamps the
    clock into ``docProps/core.xml``) and every zip member has a fixed time."""
    from openpyxl.writer.excel import ExcelWriter

    workbook.properties.created = workbook.properties.modified = when
    buf = io.BytesIO()
    ExcelWriter(workbook, _StampedZip(buf, "w", zipfile.ZIP_DEFLATED, allowZip64=True)).save()
    return buf.getvalue()
