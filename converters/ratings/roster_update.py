"""Write changed player data into a workbook's roster, cell by cell, through
:class:`~monrad.converters.workbook.binding.WorkbookBinding` (``monrad ratings club.xlsx``).

Only the roster cells of the fields given change (FIDE ID, rating, title, federation,
sex, birth date, and a ``K`` column if the sheet has one); a column the sheet does not
have is not added, and every other cell, sheet and style stays as it was.  A cell that
holds the club's own formula (``=Elo!A2``) is never replaced by a constant: it is kept
and reported as not updated.  Nothing is stored until the caller saves the binding
(which keeps a backup).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ...engine.i18n import tr
from ...engine.model import Player
from ..club.sheets import ReadOptions, find_header, normalise_header
from ..errors import InputError
from ..layout import Layout, layout_for, sex_from_cell
from ..workbook.binding import CellValue, WorkbookBinding, a1

__all__ = ["K_HEADERS", "RATING_FIELDS", "RosterChange", "RosterUpdate", "update_roster"]

#: the Player fields a rating list fills, in roster order
RATING_FIELDS = ("fide_id", "national_id", "rating", "national_rating", "title",
                 "federation", "sex", "birth", "club")
#: headers of a K-factor column (normalised)
K_HEADERS = frozenset({"k", "kfactor", "kfaktor", "kfaktorn"})


@dataclass(frozen=True)
class RosterChange:
    """One cell written: where, which field, the old and the new value."""

    cell: str
    field: str
    old: CellValue
    new: CellValue


def _cell_value(fld: str, value: object, layout: Layout) -> CellValue:
    if fld in ("rating", "national_rating"):
        return int(value) if value else None  # type: ignore[call-overload]
    if fld == "sex" and value:
        return layout.sex_cell(str(value))  # m/k in a Nordic roster (issue 26 item 11)
    return str(value) if value not in ("", None) else None


def _same(old: CellValue, new: CellValue, fld: str = "") -> bool:
    if old is None or (isinstance(old, str) and not old.strip()):
        return new is None
    if fld == "sex" and isinstance(old, str) and isinstance(new, str):
        return sex_from_cell(old) == sex_from_cell(new)  # 'K' is 'k' is 'w'
    if isinstance(old, float) and old.is_integer():
        old = int(old)
    return str(old).strip() == str(new if new is not None else "").strip()


@dataclass
class RosterUpdate:
    """What :func:`update_roster` did: the cells written, and the cells that hold a
    formula and were kept although the list has another value for them."""

    changes: list[RosterChange] = field(default_factory=list)
    kept_formulas: list[RosterChange] = field(default_factory=list)


def update_roster(book: WorkbookBinding, sheet: str, players: Sequence[Player], *,
                  formulas: Collection[tuple[int, int]] = (),
                  layout: Layout | None = None) -> RosterUpdate:
    """Write the :data:`RATING_FIELDS` (and ``extra["K"]``) of ``players`` into the roster
    rows of ``sheet`` whose start number they have; ``formulas``: the ``(row, col)`` of
    the cells that hold a formula, which are never written.

    Rows are found by the start-number column (the monrad layout's ``No.``); the sex is
    written in ``layout``'s letters (default English: ``m``/``w``)."""
    layout = layout or layout_for("en")
    head = find_header(book, sheet, ReadOptions(name_order="keep"))
    if head is None or "start_no" not in head.columns:
        raise InputError(tr('no roster header with a start-number column found'),
                         source=book.name, sheet=sheet)
    cols = {f: head.columns[f] for f in RATING_FIELDS if f in head.columns}
    k_col = next((c for h, c in head.extra.items() if normalise_header(h) in K_HEADERS), None)
    last_row, last_col = book.used_size(sheet)
    rows = book.read_range(sheet, head.row + 1, 1, last_row, last_col) if last_row > head.row else []
    by_no = {p.start_no: p for p in players}
    done = RosterUpdate()
    no_col = head.columns["start_no"]
    for offset, row in enumerate(rows):
        r = head.row + 1 + offset
        raw = row[no_col - 1] if no_col <= len(row) else None
        try:
            no = int(raw) if raw is not None and str(raw).strip() else None  # type: ignore[arg-type]
        except (TypeError, ValueError):
            continue
        p = by_no.get(no) if no is not None else None
        if p is None:
            continue
        wanted = [(f, c, _cell_value(f, getattr(p, f), layout)) for f, c in cols.items()]
        if k_col is not None and p.extra.get("K"):
            wanted.append(("K", k_col, int(p.extra["K"])))
        for fld, c, new in wanted:
            old = row[c - 1] if c <= len(row) else None
            if new is None or _same(old, new, fld):
                continue  # never empties a cell the list knows nothing about
            if (r, c) in formulas:
                done.kept_formulas.append(RosterChange(a1(r, c), fld, old, new))
                continue
            book.write_range(sheet, r, c, [[new]])
            done.changes.append(RosterChange(a1(r, c), fld, old, new))
    return done
