"""The two buttons on a club's own workbook: the next round and the standings written
into the club's layout (see :mod:`monrad.converters.club.layout`).

* :func:`pair_club_round` -- pairs the next round into a new round sheet that looks
  like the club's last one (or new rows of its results table), players and the bye
  written the club's way, result cells empty and highlighted;
* :func:`update_club_standings` -- the standings with the system's tie-breaks (for
  the Nordic Monrad systems the quality points with the add-back rule) on a sheet
  of monrad's own, in the workbook's language.

The system and the number of rounds come from the sheet's own words (a title such as
``Monrad, 7 runder``), else from the caller (``--system``/``--rounds``); the first
press writes them to a small sheet of monrad's own called ``monrad`` (:data:`BLOCK`),
so the next press needs nothing.  The sheets the club wrote are never rewritten:
only the new round sheet (or rows below the club's table), the standings sheet and
the ``monrad`` sheet change.  The same refusals hold as in a monrad workbook: a
round paired twice, results missing (listed by sheet and cell), every round paired.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt

from ...converters import layout as L
from ...converters.club.block import (
    BLOCK,
    KEYS,
    paired_around_value,
    paired_from_value,
    read_block,
    write_block,
)
from ...converters.club.layout import (
    ClubLayout,
    learn_layout,
    next_sheet_name,
    result_cells,
    retitled,
    round_rows,
)
from ...converters.club.sheets import ReadOptions, named_system, read_club_book, taken_on
from ...converters.errors import InputError
from ...converters.notation import NotationError, parse_result
from ...converters.workbook.binding import WorkbookBinding, WorkbookError
from ...engine.i18n import ntr, tr
from ...engine.model import Result, Round, Tournament
from ...engine.namesakes import roster_notes
from ...engine.pairing import (
    NoPairingPossible,
    PairingError,
    canonical_system,
    fixed_rounds,
    get_system,
    pair_round,
    system_facts,
)
from .book import (
    JobError,
    JobReport,
    NoLegalPairing,
    in_book_language,
    layout_language,
    paired_message,
    write_standings_sheet,
)

__all__ = ["BLOCK", "SystemUnknown", "ask_system", "club_language", "ensure_block_sheet",
           "is_club_book", "pair_club_round", "read_club", "update_club_standings"]


class SystemUnknown(JobError):
    """The workbook does not say which system it is paired with, and nobody said."""


def is_club_book(book: WorkbookBinding) -> bool:
    """True for a workbook that is not in monrad's own layout (a club's own sheets)."""
    return L.detect_layout(book.sheet_names()) is None


def club_language(book: WorkbookBinding) -> str:
    """The language of a club's own workbook, from its sheets' words (English when
    they say nothing monrad knows)."""
    return layout_language(book) or "en"


def ensure_block_sheet(book: WorkbookBinding, lang: str) -> None:
    """monrad's own sheet, with what it knows so far (``monrad lite`` puts the Lite
    buttons on it)."""
    if BLOCK in book.sheet_names():
        book.own(BLOCK)
    write_block(book, read_block(book), lang)


def ask_system(book: WorkbookBinding) -> str:
    """Write monrad's sheet with an empty *system* cell that offers every system as a
    drop-down (the Excel way of asking); returns that cell."""
    from ...engine.pairing import system_names

    lang = learn_layout(book, ReadOptions(name_order="keep")).lang
    block = read_block(book)
    write_block(book, block, lang)
    row = 3 + KEYS.index("system")  # the systems by their names in the workbook's language
    book.set_result_cells(BLOCK, row, 2, row, list(system_names(lang)), empty_fill="FFF2CC")
    return f"B{row}"


@dataclasses.dataclass
class ClubState:
    tournament: Tournament
    layout: ClubLayout
    #: what the ``monrad`` sheet says (system, rounds, standings sheet, last round paired)
    block: dict[str, str]
    opts: ReadOptions


def read_club(book: WorkbookBinding, system: str | None = None, rounds: int | None = None,
              opts: ReadOptions | None = None) -> ClubState:
    """The tournament of a club's workbook with its system and rounds (see the module
    doc), its layout and monrad's block."""
    # names in FIDE order as everywhere (issue 26); the round rows written into the
    # club's sheets still name players as the club spells them (ClubLayout.names)
    opts = opts or ReadOptions()
    try:
        t = read_club_book(book, opts)
        layout = learn_layout(book, opts)
    except WorkbookError:
        raise
    except InputError as exc:
        raise JobError(str(exc)) from None
    block = read_block(book)
    chosen = system or block.get("system") or named_system(book, opts)
    if not chosen:
        raise SystemUnknown(
            tr('{name}: the workbook does not say which pairing system it uses; name it once '
               '(monrad pair FILE --system nsf|ssf|dsu|dutch|...)',
               name=book.name))
    try:
        get_system(chosen)
    except PairingError as exc:
        raise JobError(f"{book.name}: {exc}") from None
    for sheet in (BLOCK, block.get("standings sheet")):  # monrad's own, written whole
        if sheet and sheet in book.sheet_names():
            book.own(sheet)
    block["system"] = canonical_system(chosen)
    total = (rounds or _int(block.get("rounds")) or t.settings.rounds
             or fixed_rounds(chosen, len(t.players)))  # a round robin's follow from its players
    if total:
        block["rounds"] = str(total)
    t.settings = t.settings.replace(system=block["system"], rounds=total or None)
    return ClubState(t, layout, block, opts)


def _int(value: str | None) -> int | None:
    try:
        return int(float(value)) if value else None
    except ValueError:
        return None


def _missing(book: WorkbookBinding, club: ClubState, rnd: Round) -> list[str]:
    """``'Runde 3'!D4`` for every result cell of ``rnd`` that blocks the next round."""
    allow_pending = system_facts(club.tournament.settings.system).postponed_games
    out = []
    for sheet, cell, value in result_cells(book, club.layout, rnd.number):
        try:
            parsed = parse_result(value)
        except NotationError:
            parsed = None
        if parsed is None or (parsed.pending is not None and not allow_pending):
            out.append(f"{sheet!r}!{cell}")
    return out


def _entered(book: WorkbookBinding, club: ClubState, round_no: int) -> int:
    return sum(1 for _, _, v in result_cells(book, club.layout, round_no)
               if v is not None and str(v).strip())


@in_book_language
def pair_club_round(
    book: WorkbookBinding,
    *,
    system: str | None = None,
    rounds: int | None = None,
    repair: bool = False,
    opts: ReadOptions | None = None,
    save: bool = True,
) -> JobReport:
    """Pair the next round of a club's own workbook into its own layout.

    ``repair=True`` pairs again the last round monrad paired into the workbook, as
    long as no result of it is entered.  Raises :class:`JobError` when it refuses."""
    first = not taken_on(book)  # said once, when monrad takes the workbook on (issue 36 item 8)
    club = read_club(book, system, rounds, opts)
    t = club.tournament
    last = t.rounds_played
    if repair:
        if not last or club.block.get("paired by monrad") != str(last):
            raise JobError(tr('{name}: only a round monrad paired itself can be re-paired',
                              name=book.name))
        if _entered(book, club, last):
            raise JobError(tr('{name}: round {last} has results entered; only a round without '
                              'results can be re-paired',
                              name=book.name, last=last))
        _remove_round(book, club, last)
        t.rounds = [r for r in t.rounds if r.number != last]
        club = dataclasses.replace(club, layout=learn_layout(book, club.opts))
    elif last:
        last_round = t.round(last)
        assert last_round is not None
        if last_round.games and not _entered(book, club, last):
            raise JobError(
                tr('{name}: round {last} is already paired and has no results yet; enter its '
                   'results first, or use --repair to pair round {last} again',
                   name=book.name, last=last))
        missing = _missing(book, club, last_round)
        if missing:
            raise JobError(ntr("{name}: round {last} is missing a result in {n} cell: {missing}",
                               "{name}: round {last} is missing results in {n} cells: {missing}",
                               len(missing), name=book.name, last=last,
                              missing=', '.join(missing)))
    if t.settings.rounds and t.next_round > t.settings.rounds:
        raise JobError(tr('{name}: all {rounds} rounds are paired',
                          name=book.name, rounds=t.settings.rounds))
    try:
        new = pair_round(t, t.settings.system)
    except NoPairingPossible as exc:
        raise NoLegalPairing(f"{book.name}: {exc}") from None
    except PairingError as exc:
        raise JobError(f"{book.name}: {exc}") from None
    t.set_round(new)
    where = _write_round(book, club, new)
    club = dataclasses.replace(club, layout=learn_layout(book, club.opts))  # with the new round
    club.block["paired by monrad"] = str(new.number)
    # a later result must not change what it was paired around and from (DSU-7)
    for key, value in ((f"paired around {new.number}", paired_around_value(new)),
                       (f"round list {new.number}", paired_from_value(new))):
        if value:
            club.block[key] = value
        else:
            club.block.pop(key, None)
    dates = L.dated_round(L.round_dates_from_cell(club.block.get("round dates")), new.number,
                          _dt.date.today())
    if dates is not None:  # a round is dated when it is paired (issue 36 item 7)
        club.block["round dates"] = L.round_dates_cell(dates)
    standings_sheet, _, _ = _standings(book, club)  # the new round is open, of course
    write_block(book, club.block, club.layout.lang)
    byes = [b.player for b in new.byes if b.result is Result.PAIRING_BYE]
    msg = str(paired_message(new.number, len(new.games), repair,
                              ", ".join(f"{t.player(p).name} ({p})" for p in byes) or None))
    backup = book.save() if save else None
    notes = [str(tr("{name}: not a monrad workbook; read as a club's own sheet, and what "
                    "monrad learns is kept in its sheet {sheet!r}", name=book.name,
                    sheet=BLOCK))] if first else []
    notes += [str(n) for n in roster_notes(t.players)]  # namesakes (issue 36 item 3)
    return JobReport(msg, new.number, [where, standings_sheet, BLOCK], backup, notes)


def _remove_round(book: WorkbookBinding, club: ClubState, round_no: int) -> None:
    res = club.layout.results
    if res.mode == "sheets":
        book.delete_sheet(res.sheets[round_no])
        return
    sheet = res.table_sheet
    assert sheet is not None
    last_row, last_col = book.used_size(sheet)
    rows = book.read_range(sheet, res.header_row + 1, res.columns["round"], last_row,
                           res.columns["round"])
    mine = [res.header_row + 1 + i for i, (v,) in enumerate(rows) if _int(str(v)) == round_no]
    if mine:
        book.clear_range(sheet, min(mine), 1, max(mine), max(last_col, res.width))


def _write_round(book: WorkbookBinding, club: ClubState, rnd: Round) -> str:
    """Write ``rnd`` the club's way; returns the sheet it went to."""
    lay = club.layout
    res = lay.results
    rows = round_rows(lay, rnd)
    lang_lay = L.layout_for(lay.lang)
    if res.mode == "table":
        sheet = res.table_sheet
        assert sheet is not None
        last_row, _ = book.used_size(sheet)
        first = last_row + 1
        if last_row > res.header_row:
            book.copy_row_format(sheet, last_row, first, first + len(rows) - 1)
    else:
        sheet = next_sheet_name(lay, rnd.number)
        previous = res.sheets[max(res.sheets)] if res.sheets else None
        if sheet in book.sheet_names():
            raise JobError(tr('{name}: a sheet called {sheet!r} exists already',
                              name=book.name, sheet=sheet))
        first = res.header_row + 1
        if previous is not None:
            book.copy_sheet(previous, sheet, keep_rows=res.header_row,
                            after=previous)
            _retitle(book, sheet, res.header_row, max(res.sheets), rnd.number)
            book.copy_row_format(sheet, first, first, first + len(rows) - 1,
                                 source_sheet=previous)
        else:
            book.add_sheet(sheet, after=lay.roster_sheet)
            header: list[str | None] = [None] * res.width
            for key, col in res.columns.items():
                header[col - 1] = {"board": L.ROUND_COLUMNS["board"][lay.lang],
                                   "white": lang_lay.white, "black": lang_lay.black,
                                   "result": L.ROUND_COLUMNS["result"][lay.lang]}.get(key)
            book.write_range(sheet, 1, 1, [header])
            book.style_range(sheet, 1, 1, 1, res.width, bold=True)
    book.write_range(sheet, first, 1, rows)
    games = len(rnd.games)
    if games and res.mode == "sheets":  # drop-downs on monrad's own sheet only
        col = res.columns["result"]
        choices = list(L.CHESS_RESULTS)
        if system_facts(club.tournament.settings.system).postponed_games:
            choices.extend(lang_lay.postponed_choices())
        book.set_result_cells(sheet, first, col, first + games - 1, choices, strict=False,
                              error_message=lang_lay.text("pick_result"))
    return sheet


def _retitle(book: WorkbookBinding, sheet: str, header_row: int, old: int, new: int) -> None:
    """The title rows above the header, copied from round ``old``'s sheet, name round
    ``new`` (issue 26: 'Runde 2' stood on the sheet of round 3)."""
    if header_row <= 1:
        return
    _, width = book.used_size(sheet)
    rows = book.read_range(sheet, 1, 1, header_row - 1, max(width, 1))
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            changed = retitled(value, old, new)
            if changed != value:
                book.write_range(sheet, r, c, [[changed]])


def _standings_sheet(book: WorkbookBinding, club: ClubState) -> str:
    """monrad's standings sheet: the one it wrote before, else the language's name
    for it unless the club has a sheet of that name (then ``<name> (monrad)``)."""
    known = club.block.get("standings sheet")
    if known:
        return known
    name = L.layout_for(club.layout.lang).standings_sheet
    return name if name not in book.sheet_names() else f"{name} (monrad)"


def _standings(book: WorkbookBinding, club: ClubState) -> tuple[str, int, list[str]]:
    """Write the standings after the last round with every result in; returns the
    sheet, that round and notes on the rounds still open (for the report, in the job's
    language; the sheet gets them in the workbook's)."""
    t = club.tournament
    sheet = _standings_sheet(book, club)
    club.block["standings sheet"] = sheet
    lay = dataclasses.replace(L.layout_for(club.layout.lang), standings_sheet=sheet)
    upto = 0
    notes: list[str] = []
    sheet_notes: list[str] = []
    for rnd in t.rounds:
        missing = _missing(book, club, rnd)
        if missing:
            notes.append(str(tr("round {round}: results missing in {cells}", round=rnd.number,
                                cells=", ".join(missing))))
            sheet_notes.append(lay.text("results_missing", n=rnd.number, k=len(missing)))
            if _entered(book, club, rnd.number):  # rank on what is known (as jobs do)
                upto = rnd.number
            break
        upto = rnd.number
    write_standings_sheet(book, t, lay, upto, sheet_notes)
    return sheet, upto, notes


@in_book_language
def update_club_standings(
    book: WorkbookBinding,
    *,
    system: str | None = None,
    rounds: int | None = None,
    opts: ReadOptions | None = None,
    save: bool = True,
) -> JobReport:
    """Write the standings of a club's own workbook to monrad's standings sheet."""
    club = read_club(book, system, rounds, opts)
    sheet, upto, notes = _standings(book, club)
    write_block(book, club.block, club.layout.lang)
    backup = book.save() if save else None
    return JobReport(str(tr("standings written to sheet {sheet!r}", sheet=sheet)), upto,
                     [sheet, BLOCK], backup,
                     notes)
