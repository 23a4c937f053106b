"""The two buttons, written once above :class:`~monrad.converters.workbook.binding.WorkbookBinding`.

* :func:`pair_next_round` -- "Pair next round" / ``monrad pair club.xlsx``
* :func:`update_standings` -- "Update standings" / ``monrad standings club.xlsx``
* :func:`explain_rounds` -- "Explain round" / ``monrad explain club.xlsx --sheet``:
  the *Explanation* sheet, why each board of each round is paired as it is (issue 18)

Both read the workbook through the binding (:func:`monrad.converters.book.xlsx.read_book`),
change only the cells the tool owns (a new ``Round N`` sheet; the ``Standings``
sheet) and save through the binding (the file back end keeps a backup and replaces
the file atomically).  Both return a :class:`JobReport` on success and raise
:class:`JobError` (a one-line message, never a traceback) when they refuse:

* the next round is paired already and has no results yet ("pressed twice"); with
  ``repair=True`` that round is paired again instead;
* results are missing in the previous round: the message lists the boards and
  their cells.  Postponed/adjourned games do not block where the system allows
  pairing round by round with games outstanding (NSF-5, SSF-3, DSU-1);
* every planned round is paired already; the workbook cannot be read (the message
  names the sheet and cell).
"""

from __future__ import annotations

import datetime as _dt
import functools
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from ...converters import layout as L
from ...converters.book.xlsx import (
    ClubBook,
    points_value,
    read_book,
    write_round,
    write_round_dates,
    write_standings,
)
from ...converters.club.sheets import ReadOptions, load_mapping, read_club_workbook
from ...converters.errors import InputError
from ...converters.workbook.binding import CellValue, WorkbookBinding, WorkbookError, a1
from ...engine.i18n import Message, current_language, document_language, ntr, tr
from ...engine.model import Result, Round, Tournament
from ...engine.namesakes import roster_notes
from ...engine.pairing import NoPairingPossible, PairingError, pair_round
from ...engine.prizes import prize_settings
from ...engine.standings import Standings, note_heading, remark_text, shown_value, standings

R = TypeVar("R")

__all__ = ["JobError", "JobReport", "NoLegalPairing", "explain_rounds", "pair_next_round",
           "standings_table", "update_standings"]


class JobError(WorkbookError):
    """A button press that is refused, with the reason in one line.

    ``text`` is the same refusal as a key of :data:`monrad.converters.layout.TEXTS` and
    its values, for xlwings Lite's status cell (its own shorter wording); the message
    itself is written in the language in force (the workbook's, unless ``--lang``).
    """

    def __init__(self, message: Message | str, *, text: tuple[str, dict] | None = None) -> None:
        super().__init__(message)
        self.text = text


class NoLegalPairing(JobError, NoPairingPossible):
    """The workbook is fine but no pairing meets the system's absolute rules: the
    button shows the reason like any refusal, the command line exits with 1 as for a
    TRF file (one meaning per exit code, ``docs/decisions.md``)."""


@dataclass
class JobReport:
    """What a job did, for the CLI's output or Excel's status bar: ``message`` and
    ``notes`` are written in the job's language (the workbook's, unless ``--lang``),
    and so is the backup line of ``str()``."""

    message: str
    round: int | None = None
    sheets_written: list[str] = field(default_factory=list)
    backup: str | None = None
    notes: list[str] = field(default_factory=list)
    #: the message as a key of ``layout.TEXTS`` and its values (see :class:`JobError`)
    text: tuple[str, dict] | None = None
    #: the notes on rounds still missing results, likewise
    notes_text: list[tuple[str, dict]] = field(default_factory=list)
    #: the language the report is written in (the job's)
    lang: str = field(default_factory=current_language)

    def __str__(self) -> str:
        lines = [self.message, *self.notes]
        if self.backup:
            lines.append(tr("backup: {backup}", backup=self.backup).render(self.lang))
        return "\n".join(lines)


def _read(book: WorkbookBinding) -> ClubBook:
    try:
        return read_book(book)
    except WorkbookError:
        raise
    except InputError as exc:
        raise JobError(str(exc)) from None


def _missing_boards(cb: ClubBook, rnd: Round) -> list[tuple[int, str]]:
    """``(board, result cell)`` of every game of ``rnd`` that blocks the next pairing."""
    allow_pending = L.allows_postponed(cb.tournament.settings.system)
    out = []
    for board, g in enumerate(rnd.games, 1):
        if g.white_result is Result.UNKNOWN or (
            g.white_result is Result.PENDING and not allow_pending
        ):
            cell = cb.result_cells.get((rnd.number, board), "?")
            out.append((board, cell))
    return out


def _boards_text(missing: list[tuple[int, str]]) -> str:
    """``board 3 (E5), board 7 (E9)`` in the language in force."""
    return ", ".join(str(tr("board {board} ({cell})", board=b, cell=c)) for b, c in missing)


def _last_sheet_before(cb: ClubBook, book: WorkbookBinding, n: int) -> str | None:
    earlier = [cb.round_sheets[k] for k in sorted(cb.round_sheets) if k < n]
    if earlier:
        return earlier[-1]
    names = book.sheet_names()
    return cb.layout.players_sheet if cb.layout.players_sheet in names else None



def book_language(book: WorkbookBinding) -> str | None:
    """The workbook's language (docs/i18n.md): a monrad workbook's layout, else the
    language of a club's sheet names, else of its headers and bye words (a Danish and a
    Norwegian club both name their sheets *Spillere* and *Runde 1*, but write *Hvid* or
    *Hvit*); ``None`` when they do not tell."""
    from ...converters.club.titles import header_language

    names = book.sheet_names()
    lay = L.detect_layout(names)
    if lay is not None:
        return lay.lang
    said = header_language([w for n in names for w in str(n).replace("_", " ").split()])
    if said is not None:
        return said
    # sheet names alike in two languages ("Spillere", "Runde 1"): the headers tell
    return layout_language(book)


def layout_language(book: WorkbookBinding) -> str | None:
    """The language of a club's own workbook as its layout is read (headers, sheet
    names, bye words; English when they say nothing monrad knows); ``None`` when the
    workbook is no club's workbook (no roster)."""
    from ...converters.club.layout import learn_layout

    try:
        return learn_layout(book, ReadOptions(name_order="keep")).lang
    except (InputError, WorkbookError):
        return None


def in_book_language(job: Callable[..., R]) -> Callable[..., R]:
    """Run a workbook job with its messages in the workbook's language, unless the
    user chose one (``--lang``)."""

    @functools.wraps(job)
    def run(book: WorkbookBinding, *args: Any, **kwargs: Any) -> R:
        with document_language(book_language(book)):
            return job(book, *args, **kwargs)

    return run


@in_book_language
def pair_next_round(
    book: WorkbookBinding, repair: bool = False, system: str | None = None, *, save: bool = True
) -> JobReport:
    """Pair the next round into a new ``Round N`` sheet and refresh the standings.

    ``system`` overrides the Settings sheet's system for this pairing.  With
    ``repair=True`` the last paired round is paired again, provided it has no
    results yet.  Raises :class:`JobError` when it refuses (see the module doc).
    """
    cb = _read(book)
    t = cb.tournament
    lay = cb.layout
    last = t.rounds_played
    notes: list[str] = []
    if last:
        last_round = t.round(last)
        assert last_round is not None
        entered = cb.results_entered.get(last, 0)
        if entered == 0 and last_round.games:
            if not repair:
                raise JobError(
                    tr('{name}: round {last} is already paired and has no results yet (sheet '
                       '{round_sheets!r}); enter its results first, or use --repair to pair '
                       'round {last} again',
                       name=book.name, last=last, round_sheets=cb.round_sheets[last]),
                    text=("lite_already_paired", {"n": last, "sheet": cb.round_sheets[last]}))
        elif repair:
            raise JobError(
                ntr("{name}: round {last} has {n} result entered; only a round without results "
                    "can be re-paired",
                    "{name}: round {last} has {n} results entered; only a round without results "
                    "can be re-paired", entered, name=book.name, last=last),
                text=("lite_has_results", {"n": last, "k": entered}))
        if not repair:
            missing = _missing_boards(cb, last_round)
            if missing:
                raise JobError(
                    ntr("{name}: round {last} is missing a result on {n} board of sheet "
                        "{round_sheets!r}: {missing}",
                        "{name}: round {last} is missing results on {n} boards of sheet "
                        "{round_sheets!r}: {missing}", len(missing), name=book.name, last=last,
                       round_sheets=cb.round_sheets[last], missing=_boards_text(missing)),
                    text=("lite_missing", {"n": last, "k": len(missing),
                                           "sheet": cb.round_sheets[last],
                                           "boards": _boards_text(missing)}))
    elif repair:
        raise JobError(tr('{name}: no round is paired yet; nothing to re-pair', name=book.name),
                       text=("lite_nothing_to_repair", {}))
    if not t.players:
        raise JobError(tr('{name}: the {players_sheet!r} sheet has no players',
                          name=book.name, players_sheet=lay.players_sheet),
                       text=("lite_no_players", {"sheet": lay.players_sheet}))
    target = last if repair else t.next_round
    try:
        new = pair_round(t, system, round_no=target if repair else None, repair=repair)
    except NoPairingPossible as exc:
        raise NoLegalPairing(f"{book.name}: {exc}") from None
    except PairingError as exc:
        raise JobError(f"{book.name}: {exc}") from None
    if repair:
        sheet = cb.round_sheets[target]
        after = _last_sheet_before(cb, book, target)
        book.delete_sheet(sheet)
    else:
        after = _last_sheet_before(cb, book, target)
    t.set_round(new)
    dates = L.dated_round(t.info.get("round_dates") or [], target,  # type: ignore[arg-type]
                          _dt.date.today())
    if dates is not None:  # a round is dated when it is paired (issue 36 item 7)
        t.info["round_dates"] = dates
        write_round_dates(book, lay, dates)
    name = write_round(book, t, new, lay, after=after)
    cb.round_sheets[target] = name
    # the new round's result cells, so the standings' note names them (issue 26)
    cb.results_entered[target] = 0
    for board in range(1, len(new.games) + 1):
        cb.result_cells[(target, board)] = a1(L.ROUND_FIRST_ROW + board - 1, L.RESULT_COL)
    written = [name]
    written.append(lay.standings_sheet)
    table_note, _ = _write_standings(book, cb, written=written)
    if table_note:
        notes.append(table_note)
    notes += [str(n) for n in roster_notes(t.players)]  # namesakes (issue 36 item 3)
    byes = [b.player for b in new.byes if b.result is Result.PAIRING_BYE]
    bye_names = ", ".join(f"{t.player(p).name} ({p})" for p in byes)
    msg = str(paired_message(target, len(new.games), repair, bye_names if byes else None))
    backup = book.save() if save else None
    notes += getattr(book, "warnings", [])  # control characters the writer removed
    text = ("lite_repaired" if repair else "lite_paired",
            {"n": target, "k": len(new.games), "bye": lay.text("lite_bye", names=bye_names)
             if byes else ""})
    return JobReport(msg, target, written, backup, notes, text)


def paired_message(n: int, boards: int, repair: bool, byes: str | None) -> Message:
    """``round 3 paired: 12 boards, bye: Hansen, Ola (7)`` (the job's report)."""
    if repair:
        return (ntr("round {round} re-paired: {n} board, bye: {byes}",
                    "round {round} re-paired: {n} boards, bye: {byes}", boards, round=n,
                    byes=byes) if byes else
                ntr("round {round} re-paired: {n} board", "round {round} re-paired: {n} boards",
                    boards, round=n))
    return (ntr("round {round} paired: {n} board, bye: {byes}",
                "round {round} paired: {n} boards, bye: {byes}", boards, round=n, byes=byes)
            if byes else
            ntr("round {round} paired: {n} board", "round {round} paired: {n} boards", boards,
                round=n))


def _complete_upto(cb: ClubBook) -> tuple[int, list[tuple[int, list[tuple[int, str]]]]]:
    """The round the standings are after, and ``(round, missing boards)`` for the
    first round still open (pending games allowed where the system allows them).

    That is the last round whose every result is in -- or the open round itself when
    some of its results are in: the standings then rank on what is known and name
    the boards still missing (issue 15), instead of falling back to an earlier round
    (or to "no rounds played" with everyone on zero)."""
    t = cb.tournament
    upto = 0
    open_rounds: list[tuple[int, list[tuple[int, str]]]] = []
    for rnd in t.rounds:
        missing = _missing_boards(cb, rnd)
        if missing:
            open_rounds.append((rnd.number, missing))
            if cb.results_entered.get(rnd.number, 0) > 0:
                upto = rnd.number
            break
        upto = rnd.number
    return upto, open_rounds


def _missing_notes(open_rounds: list[tuple[int, list[tuple[int, str]]]],
                   lay: L.Layout | None = None) -> list[str]:
    """``round 3: results missing on 2 boards: board 4 (E6), board 7 (E9)`` for the
    command line and the status bar, or the sheet's own note in the workbook's
    language (``lay``), both naming the sheet's cells."""
    if lay is None:
        return [str(ntr("round {round}: results missing on {n} board: {boards}",
                        "round {round}: results missing on {n} boards: {boards}", len(b),
                        round=n, boards=_boards_text(b))) for n, b in open_rounds]
    return [lay.text("results_missing", n=n, k=len(b)) + ": "
            + ", ".join(f"{board} ({cell})" for board, cell in b) for n, b in open_rounds]


def _value_cells(values: list[object], lang: str) -> list[object]:
    """One tie-break column as cells: halves as the points are (``1½`` in Nordic
    workbooks) when every value is whole or half, else numbers (``1.25``)."""
    fractions = [v for v in values if isinstance(v, (Fraction, int)) and not isinstance(v, bool)]
    halves = all(Fraction(v).denominator in (1, 2) for v in fractions)
    out: list[object] = []
    for v in values:
        if v is None:
            out.append(None)
        elif isinstance(v, tuple):
            from ...engine.standings import format_value

            out.append(format_value(v))
        elif isinstance(v, (Fraction, int)):
            f = Fraction(v)
            out.append(L.points_cell(f, lang) if halves else points_value(f))
        else:
            out.append(v)
    return out


def standings_table(t: Tournament, upto: int, lay: L.Layout) -> tuple[list[str], list[list], str | None]:
    """(header, rows, note) of the standings after round ``upto``.

    Uses :func:`monrad.engine.standings.standings` with the Settings tie-breaks (or
    the system's own); if that module is unavailable, points only, with a note (in
    the workbook's language).  Points are cells of :func:`monrad.converters.layout.points_cell`
    (``1½`` in Nordic workbooks); the tie-breaks are headed as the system's federation
    prints them in the workbook's language (issue 37).
    """
    header, rows, _ = _standings_parts(t, upto, lay)
    return header, rows, None


def _standings_parts(t: Tournament, upto: int, lay: L.Layout
                     ) -> tuple[list[str], list[list], Standings]:
    """The header and rows of :func:`standings_table`, and the table they show."""
    club = {p.start_no: p.club for p in t.players}
    rating = {p.start_no: p.rating or None for p in t.players}
    base = _standings_header(lay)
    table = standings(t, list(t.settings.tiebreaks) or None, upto=upto)
    columns = [_value_cells([shown_value(c, r.values.get(c)) for r in table.rows], lay.lang)
               for c in table.shown]
    remarks = table.has_remarks  # pending games, withdrawals, late entries (issue 26)
    rows = []
    for i, r in enumerate(table.rows):
        rows.append([r.rank, r.start_no, r.name, club[r.start_no], rating[r.start_no],
                     L.points_cell(r.points, lay.lang), *(col[i] for col in columns),
                     *([remark_text(r.remarks(), lay.lang) or None] if remarks else [])])
    header = base + table.labels(lay.lang) + ([note_heading(lay.lang)] if remarks else [])
    return header, rows, table


def _standings_header(lay: L.Layout) -> list[str]:
    """Rank, number, name, club, rating, points: the columns before the tie-breaks."""
    return [lay.standings_rank, L.PLAYER_COLUMNS["start_no"][lay.lang],
            L.PLAYER_COLUMNS["name"][lay.lang], L.PLAYER_COLUMNS["club"][lay.lang],
            L.PLAYER_COLUMNS["rating"][lay.lang], lay.standings_points]


def write_standings_sheet(book: WorkbookBinding, t: Tournament, lay: L.Layout, upto: int,
                          notes: list[str]) -> str | None:
    """The standings sheet ``lay.standings_sheet`` after round ``upto``: titled with the
    event's name, the tie-breaks' legend below, ``notes`` (in the sheet's language) on
    the rounds still open; with ``upto == 0`` the roster in start-number order.  Returns
    the table's own note (tie-breaks unavailable), if any."""
    title = lay.standings_heading(upto)
    if t.info.get("name"):
        title = f"{t.info['name']} - {title}"
    if upto == 0:  # nothing to rank yet: the roster in start-number order
        rows = [[None, p.start_no, p.name, p.club, p.rating or None, 0] for p in t.players]
        write_standings(book, lay, title, _standings_header(lay), rows)
        return None
    header, rows, table = _standings_parts(t, upto, lay)
    write_standings(book, lay, title, header, rows, "; ".join(notes) or None,
                    legend=lay.tiebreak_legend(table.shown, table.system))
    return None


def _write_standings(book: WorkbookBinding, cb: ClubBook, *, cards: bool = False,
                     written: list[str] | None = None) -> tuple[str | None, list[str]]:
    """Rewrite the Standings sheet, then the document sheets (:func:`_write_documents`);
    returns (the table's own note, open-round notes), in English for the report (the
    sheet gets them in its own language).  ``written`` collects the sheet names."""
    upto, open_rounds = _complete_upto(cb)
    note = write_standings_sheet(book, cb.tournament, cb.layout, upto,
                                 _missing_notes(open_rounds, cb.layout) if upto else [])
    _write_documents(book, cb, upto, cards, written)
    return (str(tr("tie-breaks unavailable: points only")) if note else None), \
        _missing_notes(open_rounds)


def _write_documents(book: WorkbookBinding, cb: ClubBook, upto: int, cards: bool,
                     written: list[str] | None) -> None:
    """The printable sheets after the Standings (issue 17): the Crosstable after round
    ``upto``, the Alphabetical pairings of the newest round, the Cards when asked for
    (``cards``) or kept once there, and the Categories and Prizes sheets when the
    Settings define prize categories and prizes (issue 41)."""
    # the documents' writer only where a press writes them (issue 38 item 2)
    from ...converters.publish.sheets import (
        document_sheet,
        write_alphabetical,
        write_cards,
        write_categories,
        write_crosstable,
        write_prizes,
    )

    t, lay = cb.tournament, cb.layout
    out: list[str] = []
    after = lay.standings_sheet
    table = standings(t, list(t.settings.tiebreaks) or None, upto=upto) if upto else None
    if table is not None:
        after = write_crosstable(book, t, lay, table, after=after)
        out.append(after)
    if t.rounds_played:
        after = write_alphabetical(book, t, lay, t.rounds_played, after=after)
        out.append(after)
    if table is not None and (cards or document_sheet("cards", lay) in book.sheet_names()):
        after = write_cards(book, t, lay, table, after=after)
        out.append(after)
    prizes = prize_settings(t.settings.options)  # the Settings' categories and prizes (issue 41)
    if table is not None and prizes.categories:
        after = write_categories(book, t, lay, table, after=after)
        out.append(after)
    if table is not None and prizes.lists:
        out.append(write_prizes(book, t, lay, table, after=after))
    if written is not None:
        written.extend(out)


@in_book_language
def update_standings(book: WorkbookBinding, *, save: bool = True, cards: bool = False) -> JobReport:
    """Rewrite the ``Standings`` sheet after the last round with every result in, and
    the Crosstable and Alphabetical sheets (and the Cards with ``cards=True``)."""
    cb = _read(book)
    written = [cb.layout.standings_sheet]
    note, missing = _write_standings(book, cb, cards=cards, written=written)
    upto, open_rounds = _complete_upto(cb)
    backup = book.save() if save else None
    sheet = cb.layout.standings_sheet  # never "after round 0" (issue 26 item 8)
    return JobReport(str(tr("standings after round {round} written to sheet {sheet!r}",
                            round=upto, sheet=sheet) if upto else
                         tr("standings written to sheet {sheet!r}: no round played yet",
                            sheet=sheet)), upto, written,
                     backup, ([note] if note else []) + missing
                     + list(getattr(book, "warnings", [])),
                     ("lite_standings" if upto else "lite_standings_none",
                      {"n": upto, "sheet": sheet}),
                     [("results_missing", {"n": n, "k": len(b)}) for n, b in open_rounds])


def _explanation_rows(t: Tournament, n: int, lang: str, lay: L.Layout) -> tuple[list[list[CellValue]], bool]:
    """The sheet rows of round ``n``'s explanation: (round, board, White, Black, rule,
    reason), and False when the round cannot be paired (one row saying why)."""
    from ...engine.explain import explain_round

    try:
        exp = explain_round(t, n)
    except PairingError as exc:
        return [[n, None, None, None, None, lay.text("explanation_failed", n=n, why=str(exc))]], False
    rows: list[list[CellValue]] = [[n, None, None, None, r.rule, r.text(lang)] for r in exp.general]
    for b in exp.boards:
        rows += [[n, b.board, b.white, b.black, r.rule, r.text(lang)] for r in b.reasons]
    if exp.bye is not None:
        rows += [[n, lay.bye, exp.bye, None, r.rule, r.text(lang)] for r in exp.bye_reasons]
    for f in exp.floats:
        rows += [[n, None, f.player, None, r.rule, r.text(lang)] for r in f.reasons]
    for d in exp.differences:
        rows += [[n, d.board or None, d.white or None, d.black or None, r.rule, r.text(lang)]
                 for r in d.reasons]
    return rows, True


@in_book_language
def explain_rounds(book: WorkbookBinding, rounds: list[int] | None = None, *,
                   save: bool = True) -> JobReport:
    """Write the *Explanation* sheet (in the workbook's language): why each board of
    each round is paired as it is (:func:`monrad.engine.explain.explain_round`).

    ``rounds`` default: every paired round, and the next one when it can be paired.
    The sheet is the tool's own: it is rewritten whole; a sheet of that name that
    the tool did not write (its title cell differs) is refused, never overwritten.
    """
    cb = _read(book)
    t = cb.tournament
    lay = cb.layout
    sheet = lay.text("explanation_sheet")
    title = lay.text("explanation_title")
    rows: list[list[CellValue]] = []
    if rounds is None:
        rounds = [r.number for r in t.rounds if r.is_paired]
        for n in rounds:
            rows += _explanation_rows(t, n, lay.lang, lay)[0]
        total = t.settings.rounds
        if total is None or t.next_round <= total:  # the next round, once it can be paired
            upcoming, ok = _explanation_rows(t, t.next_round, lay.lang, lay)
            if ok:
                rounds.append(t.next_round)
                rows += upcoming
    else:
        for n in rounds:
            rows += _explanation_rows(t, n, lay.lang, lay)[0]
    if sheet in book.sheet_names():
        first = book.read_range(sheet, 1, 1, 1, 1)
        earlier = L.FORMAT_TEXTS_BEFORE["explanation_title"].get(lay.lang, ())
        if not first or first[0][0] not in (title, *earlier):
            raise JobError(tr("{name}: sheet {sheet!r} is not monrad's explanation sheet; "
                              'rename it so that monrad can write its own',
                              name=book.name, sheet=sheet))
        book.own(sheet)
        last_row, last_col = book.used_size(sheet)
        if last_row:
            book.clear_range(sheet, 1, 1, last_row, max(last_col, 6))
            book.style_range(sheet, 2, 1, max(last_row, 2), max(last_col, 6), bold=False,
                             border=False)
    else:
        book.add_sheet(sheet)
    book.write_range(sheet, 1, 1, [[title]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    book.write_range(sheet, 2, 1, [lay.text("explanation_headers").split("|")])
    book.style_range(sheet, 2, 1, 2, 6, bold=True, fill="D9E1F2", border=True, align="center")
    if rows:
        book.write_range(sheet, 3, 1, rows)
        book.style_range(sheet, 3, 1, 2 + len(rows), 4, align="center")
        book.style_range(sheet, 3, 5, 2 + len(rows), 6, align="left")
    book.set_column_widths(sheet, {1: 7, 2: 7, 3: 7, 4: 7, 5: 14, 6: 110})
    backup = book.save() if save else None
    shown = ", ".join(map(str, rounds)) or "-"
    return JobReport(str(ntr("explanation of round {rounds} written to sheet {sheet!r}",
                             "explanation of rounds {rounds} written to sheet {sheet!r}",
                             len(rounds), rounds=shown, sheet=sheet)),
                     rounds[-1] if rounds else None, [sheet], backup)


# --- command-line helpers (``monrad pair`` / ``monrad standings`` on a workbook) ----------
def run_pair(path: str, *, repair: bool = False, system: str | None = None) -> tuple[int, str]:
    """``monrad pair club.xlsx [--repair] [--system S]``: (exit status, text to print).

    The exit codes of the command line (issue 15: one meaning per code): 0 paired;
    1 no legal pairing exists; 2 refused (already paired, results missing ...) or the
    file cannot be read.  Never raises for bad input.
    """
    from ...converters.workbook.lock import workbook_lock
    from ...converters.workbook.package_book import open_book

    try:
        with workbook_lock(path):
            book = open_book(path)
            return 0, str(pair_next_round(book, repair=repair, system=system))
    except NoLegalPairing as exc:
        return 1, f"monrad: {exc}"
    except JobError as exc:
        return 2, f"monrad: {exc}"
    except InputError as exc:
        return 2, f"monrad: {exc}"


def import_club_sheet(
    source: str | os.PathLike[str],
    path: str | os.PathLike[str],
    system: str,
    lang: str = "en",
    *,
    mapping: str | os.PathLike[str] | None = None,
    rounds: int | None = None,
    seed: int | None = None,
    overwrite: bool = False,
) -> Path:
    """Turn a club's own workbook (any layout :mod:`monrad.converters.club.sheets`
    reads) into a monrad workbook at ``path``: roster, one sheet per round played
    with its results, and the standings.  The source file is only read."""
    p = Path(path)
    if p.exists() and not overwrite:
        raise WorkbookError(tr('{p}: exists already; choose another name', p=p))
    opts = load_mapping(mapping) if mapping is not None else ReadOptions()
    t = read_club_workbook(source, opts)
    total = rounds or t.settings.rounds or max(len(t.rounds), 1)
    from ...converters.book.new_workbook import build_book  # openpyxl: not for a press (issue 38)

    book = build_book(p, system, total, t.players, lang, name=str(t.info.get("name", "")),
                      seed=seed)
    t.settings = t.settings.replace(system=system, rounds=total)
    lay = L.layout_for(lang)
    after = lay.players_sheet
    for rnd in t.rounds:
        after = write_round(book, t, rnd, lay, after=after)
    update_standings(book, save=False)
    book.save_as(p)
    return p
