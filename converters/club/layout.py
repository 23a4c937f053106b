"""The layout of a club's own workbook, learned from what is there, and the next
round written the club's way.

A club keeps its tournament in its own workbook: a roster sheet and either one sheet
per round (``Runde 3``, ``Rond 3``, ``Round 3``) or one results table with a round
column (see :mod:`monrad.converters.club.sheets` for how such sheets are read).  To
continue that workbook, monrad needs a small, explicit description of how the club
writes a round; :func:`learn_layout` reads it off the sheets, and
:func:`round_rows` turns a paired round into rows in that layout:

* the results sheets, their header row and columns (board, White, Black, Result,
  and the round column of a table) in the club's order;
* how players are named there: by start number or by name, spelled exactly as on
  the roster (``Håkan Eriksson`` stays ``Håkan Eriksson``);
* how a bye is written: the club's own word (``Oversidder``, ``Fri``, ``Frirond``,
  ``Bye``), in the White or the Black column, and what the result cell says;
* the language of the workbook (from its headers and sheet names), which names the
  standings sheet and the next round sheet.

What cannot be learned (a workbook with no round yet) falls back to the workbook's
language: numbers, ``White``/``Black`` of that language and its usual bye word.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from ...engine.i18n import tr
from ...engine.model import Result, Round
from ..errors import InputError
from ..workbook.binding import CellValue, WorkbookReader, a1
from .sheets import Header, ReadOptions, find_sheets, read_roster
from .titles import header_language

__all__ = [
    "ClubLayout",
    "ResultsLayout",
    "learn_layout",
    "next_sheet_name",
    "result_cells",
    "retitled",
    "round_rows",
]

#: The bye word a language writes when the workbook shows none yet.
_BYE_WORD = {"no": "Oversidder", "sv": "Frirond", "da": "Oversidder", "en": "Bye"}
#: The name of a round sheet in a language when the workbook has none yet.
_ROUND_WORD = {"no": "Runde", "sv": "Rond", "da": "Runde", "en": "Round"}


@dataclass(frozen=True)
class ResultsLayout:
    """How a club writes its rounds.

    ``mode`` is ``"sheets"`` (one sheet per round, :attr:`sheets` maps round ->
    sheet name) or ``"table"`` (one sheet, :attr:`table_sheet`, with a round column).
    Columns are 1-based column numbers of the header row."""

    mode: Literal["sheets", "table"]
    header_row: int
    columns: dict[str, int]
    sheets: dict[int, str] = field(default_factory=dict)
    table_sheet: str | None = None
    #: ``"number"``: start numbers; ``"name"``: the name as on the roster
    players_as: Literal["number", "name"] = "number"
    #: the club's bye word, the column it stands in and what the result cell says
    bye_word: str = "Bye"
    bye_column: Literal["white", "black"] = "black"
    bye_result: CellValue = 1
    #: a board number is written on a bye row too
    bye_board: bool = False

    @property
    def width(self) -> int:
        """The last column of the header row."""
        return max(self.columns.values())


@dataclass(frozen=True)
class ClubLayout:
    """What monrad knows of a club's workbook (see the module doc)."""

    roster_sheet: str
    roster_header_row: int
    lang: str
    results: ResultsLayout
    #: start number -> the name exactly as the roster spells it
    names: dict[int, str]


def _language(texts: list[str]) -> str:
    """The language of the workbook: what its headers, sheet names and bye words say
    (:func:`monrad.converters.club.titles.header_language` on each word), English
    when they do not tell."""
    words = [w for text in texts for w in re.split(r"[\s\d.,:;()]+", text) if w]
    return header_language(words) or "en"


def _header_texts(book: WorkbookReader, sheet: str, head: Header) -> list[str]:
    _, last_col = book.used_size(sheet)
    row = book.read_range(sheet, head.row, 1, head.row, max(last_col, 1))[0]
    return [str(v) for v in row if v is not None]


def _cell_is_number(v: CellValue) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, (int, float)):
        return True
    return isinstance(v, str) and re.fullmatch(r"\s*\d+\.?\s*", v) is not None


def learn_layout(
    book: WorkbookReader, opts: ReadOptions | None = None, *, source: str = ""
) -> ClubLayout:
    """Read the layout of a club's workbook off its sheets.

    Raises :class:`InputError` when the workbook has no roster, or has rounds in two
    different forms (sheets and a table)."""
    opts = opts or ReadOptions()
    src = source or book.name
    sheets = find_sheets(book, opts, src)
    roster_sheet, roster_head, round_sheets = sheets.roster, sheets.roster_header, sheets.rounds
    assert roster_head is not None
    keep = ReadOptions(columns=opts.columns, bye_words=opts.bye_words, name_order="keep",
                       roster_sheet=roster_sheet, othello=opts.othello)
    names = {p.start_no: p.name for p in read_roster(book, roster_sheet, keep, source=src)}

    texts = [roster_sheet, *_header_texts(book, roster_sheet, roster_head)]
    for sheet, head in round_sheets:
        texts += [sheet, *_header_texts(book, sheet, head)]

    tables = [(s, h) for s, h in round_sheets if "round" in h.columns]
    per_round = [(s, h) for s, h in round_sheets if "round" not in h.columns]
    if tables and per_round:
        raise InputError(
            tr('rounds are kept both in a table ({tables!r}) and in round sheets '
               '({per_round!r}); monrad continues one form only',
               tables=tables[0][0], per_round=per_round[0][0]), source=src)
    if len(tables) > 1:
        raise InputError(tr('two results tables ({tables!r}, {tables2!r}); monrad continues '
                            'one',
                            tables=tables[0][0], tables2=tables[1][0]), source=src)
    samples: list[list[CellValue]] = []
    if tables:
        sheet, head = tables[0]
        samples = _data_rows(book, sheet, head)
        texts += [str(r[head.columns["black"] - 1]) for r in samples]
        results = ResultsLayout("table", head.row, dict(head.columns), table_sheet=sheet)
    elif per_round:
        by_round: dict[int, str] = {}
        for index, (sheet, head) in enumerate(per_round, 1):
            m = re.search(r"\d+", sheet)
            by_round[int(m.group(0)) if m else index] = sheet
            samples += _data_rows(book, sheet, head)
        first_head = per_round[-1][1]
        results = ResultsLayout("sheets", first_head.row, dict(first_head.columns),
                                sheets=by_round)
    else:
        results = ResultsLayout("sheets", 1, {"board": 1, "white": 2, "black": 3, "result": 4})
    lang = _language(texts)
    results = _learn_writing(results, samples, opts, lang)
    return ClubLayout(roster_sheet, roster_head.row, lang, results, names)


def _data_rows(book: WorkbookReader, sheet: str, head: Header) -> list[list[CellValue]]:
    last_row, last_col = book.used_size(sheet)
    width = max(last_col, max(head.columns.values()))
    rows = book.read_range(sheet, head.row + 1, 1, last_row, width)
    return [list(r) + [None] * (width - len(r)) for r in rows]


def _learn_writing(
    results: ResultsLayout, rows: list[list[CellValue]], opts: ReadOptions, lang: str
) -> ResultsLayout:
    """How players and byes are written, from the rows the club wrote."""
    cw, cb, cr = (results.columns[k] for k in ("white", "black", "result"))
    cboard = results.columns.get("board")
    numbers = names = 0
    bye: tuple[str, Literal["white", "black"], CellValue, bool] | None = None
    for row in rows:
        white, black = row[cw - 1], row[cb - 1]
        for side, value in (("black", black), ("white", white)):
            if opts.is_bye(value) and bye is None:
                board = cboard is not None and row[cboard - 1] not in (None, "")
                bye = (str(value).strip(), "black" if side == "black" else "white",
                       row[cr - 1], board)
        for value in (white, black):
            if value is None or opts.is_bye(value) or str(value).strip() == "":
                continue
            if _cell_is_number(value):
                numbers += 1
            else:
                names += 1
    players_as: Literal["number", "name"] = "name" if names > numbers else "number"
    column: Literal["white", "black"]
    result: CellValue
    if bye is None:
        # no bye yet: the player in White, the word in Black, one point (NSF-12A)
        word, column, result, board = _BYE_WORD[lang], "black", 1, False
    else:
        word, column, result, board = bye
    return ResultsLayout(results.mode, results.header_row, results.columns, results.sheets,
                         results.table_sheet, players_as, word, column, result, board)


def _player(layout: ClubLayout, no: int) -> CellValue:
    return no if layout.results.players_as == "number" else layout.names[no]


def round_rows(layout: ClubLayout, rnd: Round) -> list[list[CellValue]]:
    """The rows of round ``rnd`` as the club writes them, one per board then the
    byes, each as wide as the header row; result cells of games are empty.

    A pairing-allocated bye gets the club's bye word and result; a bye the player
    asked for (half or zero point) gets the same word and its points (``0,5``/``0``)."""
    res = layout.results
    width = res.width
    out: list[list[CellValue]] = []

    def row() -> list[CellValue]:
        r: list[CellValue] = [None] * width
        if "round" in res.columns:
            r[res.columns["round"] - 1] = rnd.number
        return r

    for board, g in enumerate(rnd.games, 1):
        r = row()
        if "board" in res.columns:
            r[res.columns["board"] - 1] = board
        r[res.columns["white"] - 1] = _player(layout, g.white)
        r[res.columns["black"] - 1] = _player(layout, g.black)
        out.append(r)
    board = len(rnd.games)
    for b in rnd.byes:
        if b.result is Result.ABSENT:
            continue
        r = row()
        board += 1
        if "board" in res.columns and res.bye_board:
            r[res.columns["board"] - 1] = board
        player_col, word_col = (("white", "black") if res.bye_column == "black"
                                else ("black", "white"))
        r[res.columns[player_col] - 1] = _player(layout, b.player)
        r[res.columns[word_col] - 1] = res.bye_word
        r[res.columns["result"] - 1] = _bye_points(res.bye_result, b.result, layout.lang)
        out.append(r)
    return out


def _bye_points(sample: CellValue, result: Result, lang: str) -> CellValue:
    """What the result cell of a bye says, in the form the club used for its byes."""
    points = {Result.PAIRING_BYE: 1, Result.FULL_BYE: 1, Result.HALF_BYE: 0.5}.get(result, 0)
    if isinstance(sample, str):
        if points == 0.5:
            return "½" if "½" in sample else ("0,5" if lang != "en" else "0.5")
        return str(points)
    return points


def next_sheet_name(layout: ClubLayout, round_no: int) -> str:
    """The sheet of round ``round_no``: the club's last round sheet's name with its
    number replaced (``Runde 3`` -> ``Runde 4``), else ``Runde 4`` in the language."""
    sheets = layout.results.sheets
    if sheets:
        last = sheets[max(sheets)]
        if re.search(r"\d+", last):
            return re.sub(r"\d+", str(round_no), last, count=1)
    return f"{_ROUND_WORD[layout.lang]} {round_no}"


#: a round named in a title: "Runde 3", "Rond 3", "Round 3", "R3", "3. runde", "3:e ronden"
_ROUND_IN_TITLE = re.compile(
    r"(?P<a>\b(?:runde|rond|ronde|round|omgang|r)\.?\s*)(?P<n>\d+)\b"
    r"|\b(?P<m>\d+)(?P<b>(?:\.|:e|:a)?\s*(?:runde|runden|rond|ronden|round)\b)",
    re.IGNORECASE)


def retitled(text: CellValue, old: int, new: int) -> CellValue:
    """A title above a round's header written for round ``new`` instead of ``old``
    (issue 26): ``Klubbmesterskap - Runde 2`` -> ``... Runde 3``, ``2. runde`` ->
    ``3. runde``.  Only a number that names round ``old`` changes; anything else in
    the title (the event's name, a year) stays as the club wrote it.

    >>> retitled("KM 2026 - Runde 2", 2, 3), retitled("KM 2026, 2. runde", 2, 3)
    ('KM 2026 - Runde 3', 'KM 2026, 3. runde')
    >>> retitled("Rond 2 (2026-01-12)", 2, 3), retitled(2026, 2, 3)
    ('Rond 3 (2026-01-12)', 2026)
    """
    if not isinstance(text, str):
        return text

    def swap(m: re.Match[str]) -> str:
        if m.group("n") is not None and int(m.group("n")) == old:
            return f"{m.group('a')}{new}"
        if m.group("m") is not None and int(m.group("m")) == old:
            return f"{new}{m.group('b')}"
        return m.group(0)

    return _ROUND_IN_TITLE.sub(swap, text)


def result_cells(
    book: WorkbookReader, layout: ClubLayout, round_no: int
) -> list[tuple[str, str, CellValue]]:
    """``(sheet, cell, value)`` of every game's result cell of round ``round_no``
    (bye rows left out), in the order the club wrote them."""
    res = layout.results
    if res.mode == "table":
        sheet = res.table_sheet
        assert sheet is not None
    else:
        found = res.sheets.get(round_no)
        if found is None:
            return []
        sheet = found
    last_row, _ = book.used_size(sheet)
    rows = book.read_range(sheet, res.header_row + 1, 1, last_row, res.width)
    opts = ReadOptions()
    out: list[tuple[str, str, CellValue]] = []
    for offset, row in enumerate(rows):
        row = list(row) + [None] * (res.width - len(row))
        white, black = row[res.columns["white"] - 1], row[res.columns["black"] - 1]
        if "round" in res.columns and not (_cell_is_number(row[res.columns["round"] - 1])
                                           and int(float(str(row[res.columns["round"] - 1])
                                                         .strip().rstrip("."))) == round_no):
            continue
        if white in (None, "") and black in (None, ""):
            continue
        if opts.is_bye(white) or opts.is_bye(black):
            continue
        r = res.header_row + 1 + offset
        out.append((sheet, a1(r, res.columns["result"]), row[res.columns["result"] - 1]))
    return out
