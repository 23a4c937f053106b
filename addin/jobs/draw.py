"""Start numbers by draw in a monrad workbook (NSF-2A random, NSF-2B seeded
A/B/C/D groups drawn in the order ACDBCABD, SSF-1, SKOL-1): the workbook action behind
``monrad draw club.xlsx`` and the add-in's "Draw start numbers".

Allowed only before round 1.  The players keep their rows: only the start-number
column of the Players sheet changes.  The seed is recorded in the Settings sheet's
seed cell; without ``seed`` the seed already there is the seed of the draw (so the
draw can be made again and audited, the Decision under NSF-2B), else a new one.  The Standings sheet
(the roster in start-number order before round 1) is rewritten; the workbook is
saved through the binding (backup, atomic replace).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...converters import layout as L
from ...converters.book.xlsx import read_book, settings_rows
from ...converters.club.sheets import ReadOptions, find_header
from ...converters.workbook.binding import WorkbookBinding, a1
from ...engine.draw import DrawResult, new_seed, random_draw, seeded_draw, strength_order
from ...engine.i18n import ptr, tr
from ...engine.model import Tournament
from .book import JobError, update_standings

__all__ = ["METHODS", "DrawReport", "draw_order", "draw_start_numbers"]

#: ``random``: NSF-2A / SSF-1 / SKOL-1; ``seeded``: NSF-2B (ACDBCABD over rating groups)
METHODS = ("random", "seeded")
#: the methods in words, in the reader's language (the codes stay the command line's)
METHOD_WORDS = {"random": ptr("draw method", "random"), "seeded": ptr("draw method", "seeded")}


@dataclass
class DrawReport:
    """What the draw did: the new order (old start numbers, new number 1 first), the
    seed, the names, and the backup made on saving."""

    draw: DrawResult
    names: dict[int, str]
    backup: str | None = None

    def lines(self) -> list[str]:
        """``new  old  name`` per player, after a title naming the method and seed."""
        out = [str(tr("start numbers drawn ({method}, seed {seed}):",
                      method=METHOD_WORDS.get(self.draw.method, self.draw.method),
                      seed=self.draw.seed))]
        out += [str(tr("{new:>4}  (was {old:>3})  {name}", new=new, old=old, name=self.names[old]))
                for new, old in enumerate(self.draw.order, 1)]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines() + ([str(tr("backup: {backup}", backup=self.backup))]
                                          if self.backup else []))


def draw_order(t: Tournament, method: str, seed: int | None) -> DrawResult:
    """The draw of ``t``'s players by ``method``; refuses after round 1 is paired."""
    if t.rounds:
        raise JobError(tr('start numbers can only be drawn before round 1 is paired (round '
                          '{number} is paired already)',
                          number=t.rounds[0].number))
    if method not in METHODS:
        raise JobError(tr('draw method {method!r}: use one of {methods}',
                          method=method, methods=', '.join(METHODS)))
    if method == "seeded":
        return seeded_draw(strength_order(t.players), seed)
    return random_draw([p.start_no for p in t.players], seed)


def draw_start_numbers(book: WorkbookBinding, method: str = "random", seed: int | None = None,
                       *, save: bool = True) -> DrawReport:
    """Draw the start numbers of a monrad workbook (see the module doc)."""
    cb = read_book(book)
    lay = cb.layout
    t = cb.tournament
    seed_cell = _seed_cell(book, lay)
    recorded = _recorded_seed(book, lay, seed_cell)
    if seed is None:
        seed = recorded if recorded is not None else new_seed()
    draw = draw_order(t, method, seed)
    new_no = {old: new for new, old in enumerate(draw.order, 1)}
    for row, col, old in _number_cells(book, lay):
        book.write_range(lay.players_sheet, row, col, [[new_no[old]]])
    if recorded != draw.seed and seed_cell is not None:
        book.write_range(lay.settings_sheet, seed_cell[0], seed_cell[1], [[draw.seed]])
    update_standings(book, save=False)
    report = DrawReport(draw, {p.start_no: p.name for p in t.players})
    report.backup = book.save() if save else None
    return report


def _seed_cell(book: WorkbookBinding, lay: L.Layout) -> tuple[int, int] | None:
    """(row, column) of the Settings sheet's seed value."""
    return settings_rows(book, lay).get("seed")


def _recorded_seed(book: WorkbookBinding, lay: L.Layout, cell: tuple[int, int] | None) -> int | None:
    if cell is None:
        return None
    value = book.read_range(lay.settings_sheet, cell[0], cell[1], cell[0], cell[1])[0][0]
    if value is None or str(value).strip() == "":
        return None
    try:
        return int(float(str(value)))
    except ValueError:
        raise JobError(tr('{name}: sheet {settings_sheet!r} cell {a1}: seed {value!r} is not a'
                          ' whole number',
                          name=book.name, settings_sheet=lay.settings_sheet, a1=a1(*cell),
                          value=value)) from None


def _number_cells(book: WorkbookBinding, lay: L.Layout) -> list[tuple[int, int, int]]:
    """(row, column, start number) of every player's start-number cell, numbering the
    rows without one as the roster reader does (the next free number)."""
    sheet = lay.players_sheet
    head = find_header(book, sheet, ReadOptions(name_order="keep"))
    if head is None or "start_no" not in head.columns or "name" not in head.columns:
        raise JobError(tr('{name}: sheet {sheet!r} has no start-number column to renumber',
                          name=book.name, sheet=sheet))
    last_row, last_col = book.used_size(sheet)
    rows = book.read_range(sheet, head.row + 1, 1, last_row, last_col)
    col, name_col = head.columns["start_no"], head.columns["name"]
    cells: list[tuple[int, int, int]] = []
    used: set[int] = set()
    for offset, row in enumerate(rows):
        name = row[name_col - 1] if name_col <= len(row) else None
        if name is None or str(name).strip() == "":
            continue
        value = row[col - 1] if col <= len(row) else None
        if value is None or str(value).strip() == "":
            no = len(cells) + 1
            while no in used:
                no += 1
        else:
            no = int(float(str(value)))
        used.add(no)
        cells.append((head.row + 1 + offset, col, no))
    return cells
