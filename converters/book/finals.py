"""The Othello finals (OTH-3, OTH-4) as a sheet of the club workbook, through
:class:`~monrad.converters.workbook.binding.WorkbookBinding`.

The sheet (``Finals``/``Finaler``/``Finale``) is the tool's except the result cells:

* row 1: the title, and the finals format (``egp-nm`` or ``sm``) and the length of
  the third-place match, so the next run knows them;
* row 2: the headers Match, Game, No., Black, No., White, Result, Note;
* one row per game: the games played (with their disc count, Black first, OTH-5,
  OTH-6), then the next game of every open match with the result cell empty
  (highlighted).  Where a player chooses the colour (OTH-4) he is written as Black
  and the note says so: he swaps the two numbers if he takes White.

The games are read back in row order and replayed by
:func:`monrad.engine.othello.finals.replay_finals`, which refuses a game that breaks
the colour rule, naming its row.
"""

from __future__ import annotations

import re

from ...engine.i18n import tr
from ...engine.model import Tournament
from ...engine.othello.finals import Finals, FinalsFormat
from .. import layout as L
from ..errors import InputError
from ..publish.texts import words_for
from ..workbook.binding import CellValue, WorkbookBinding

__all__ = ["FINALS_SHEET", "finals_sheet", "read_finals_sheet", "write_finals_sheet"]

FINALS_SHEET = {"en": "Finals", "no": "Finaler", "sv": "Finaler", "da": "Finaler"}
_FIRST_ROW = 3
_COLS = 8
_DISCS = re.compile(r"^\s*(\d{1,2})\s*[-–:]\s*(\d{1,2})\s*$")


def finals_sheet(lay: L.Layout) -> str:
    return FINALS_SHEET[lay.lang]


def read_finals_sheet(book: WorkbookBinding, lay: L.Layout) -> tuple[str | None, int, list[list[int]]]:
    """(format, third-place best of, games played) of the Finals sheet; ``(None, 1, [])``
    when the workbook has none.  A result that is not a disc count names its cell."""
    sheet = finals_sheet(lay)
    if sheet not in book.sheet_names():
        return None, 1, []
    last, _ = book.used_size(sheet)
    head = book.read_range(sheet, 1, 1, 1, _COLS)[0]
    fmt = str(head[5]).strip() if head[5] else None
    third = int(head[7]) if isinstance(head[7], int) else 1
    games: list[list[int]] = []
    if last >= _FIRST_ROW:
        for i, row in enumerate(book.read_range(sheet, _FIRST_ROW, 1, last, _COLS), _FIRST_ROW):
            result = row[6]
            if result is None or str(result).strip() == "":
                continue
            m = _DISCS.match(str(result))
            black, white = row[2], row[4]
            if m is None or not isinstance(black, int) or not isinstance(white, int):
                raise InputError(tr('{result!r} is not a disc count such as 40-24 (Black '
                                    'first) between two start numbers',
                                    result=result), source=book.name, sheet=sheet,
                                 cell=f"G{i}")
            games.append([black, white, int(m.group(1)), int(m.group(2))])
    return fmt, third, games


def write_finals_sheet(book: WorkbookBinding, t: Tournament, lay: L.Layout, finals: Finals) -> str:
    """Rewrite the Finals sheet from ``finals``; returns its name."""
    w = words_for(lay.lang)
    sheet = finals_sheet(lay)
    names = {p.start_no: p.name for p in t.players}
    if sheet not in book.sheet_names():
        book.add_sheet(sheet)
    else:
        book.own(sheet)  # the Finals sheet is monrad's by its name
        last_row, last_col = book.used_size(sheet)
        if last_row:
            book.clear_range(sheet, 1, 1, last_row, max(last_col, _COLS))
            book.style_range(sheet, 1, 1, last_row, max(last_col, _COLS), bold=False,
                             border=False, fill="FFFFFF")
    title = f"{t.info['name']} - {w('finals')}" if t.info.get("name") else w("finals")
    book.write_range(sheet, 1, 1, [[title, None, None, None, "Format", FinalsFormat(finals.format).value,
                                    w("third place"), finals.third_place_best_of]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    book.write_range(sheet, 2, 1, [[w("match"), w("game"), w("no"), w("black"), w("no"),
                                    w("white"), w("result"), ""]])
    book.style_range(sheet, 2, 1, 2, _COLS, bold=True, fill="D9E1F2", border=True, align="center")
    rows: list[list[CellValue]] = []
    open_rows: list[int] = []
    for m in finals.matches.values():
        for i, g in enumerate(m.games, 1):
            rows.append([w(m.name), i, g.black, names[g.black], g.white, names[g.white],
                         f"{g.black_discs}-{g.white_discs}", None])
        if not m.is_decided:
            chooser = m.colour_chooser()
            if chooser is None:
                black, white = m.next_pairing()
                note = w("colours_swap")
            else:
                other = m.lower if chooser == m.higher else m.higher
                black, white = chooser, other
                note = f"{names[chooser]} {w('chooses')}"
            open_rows.append(_FIRST_ROW + len(rows))
            rows.append([w(m.name), len(m.games) + 1, black, names[black], white, names[white],
                         None, note])
    if rows:
        book.write_range(sheet, _FIRST_ROW, 1, rows)
        book.style_range(sheet, _FIRST_ROW, 1, _FIRST_ROW + len(rows) - 1, 7, border=True)
        for r in open_rows:
            book.style_range(sheet, r, 7, r, 7, fill="FFF2CC")
    book.set_column_widths(sheet, {1: 16, 2: 6, 3: 6, 4: 26, 5: 6, 6: 26, 7: 9, 8: 30})
    book.set_print_layout(sheet, 2)
    return sheet
