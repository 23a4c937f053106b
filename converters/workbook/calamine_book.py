"""Fast read-only workbooks: ``.xls`` (Excel 97-2003), ``.ods`` (OpenDocument) and,
when only values are needed, ``.xlsx``/``.xlsm``, through ``python-calamine``.

``python-calamine`` binds the Rust ``calamine`` reader; it ships wheels for
Windows, macOS and Linux and reads every spreadsheet format a club is likely to
have lying around, without Excel or LibreOffice.  :class:`CalamineBook` offers the
*reading* half of :class:`~monrad.converters.workbook.binding.WorkbookBinding`, so the existing
readers work on old files unchanged (:func:`monrad.converters.load` hands a book in
monrad's own layout to :func:`monrad.converters.book.xlsx.read_book`, any other to
:func:`monrad.converters.club.sheets.read_club_book`).

Values follow the binding's conventions: empty cells are ``None``, whole numbers
stored as floats come back as ``int``, dates as ``date``/``datetime``.  Anything the
library cannot read raises :class:`~monrad.converters.errors.InputError` naming the
file (and sheet).
"""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

from ...engine.i18n import tr
from .. import limits
from ..errors import InputError
from .binding import CellValue

__all__ = ["CalamineBook", "open_legacy_book"]

#: a sheet bigger than this is refused (a club tournament is a few hundred rows)
MAX_ROWS = limits.MAX_ROWS


def _calamine():  # imported lazily: the rest of the package works without it
    try:
        import python_calamine
    except ImportError:  # pragma: no cover - a declared dependency
        raise InputError(
            tr('reading .xls/.ods needs the python-calamine package (pip install '
               'python-calamine)')) from None
    return python_calamine


def _plain(value: object) -> CellValue:
    if value is None or value == "":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if isinstance(value, (int, str, _dt.date)):
        return value
    if isinstance(value, _dt.time):
        return value.isoformat()
    if isinstance(value, _dt.timedelta):
        return str(value)
    return str(value)


class CalamineBook:
    """A workbook read whole into memory; implements the reading methods of
    :class:`~monrad.converters.workbook.binding.WorkbookBinding` (``name``, ``sheet_names``,
    ``used_size``, ``read_range``).  Writing is not offered: convert to ``.xlsx``
    to keep working on the file."""

    def __init__(self, name: str, sheets: dict[str, list[list[CellValue]]]) -> None:
        self.name = name
        self._sheets = sheets

    def sheet_names(self) -> list[str]:
        return list(self._sheets)

    def _rows(self, sheet: str) -> list[list[CellValue]]:
        try:
            return self._sheets[sheet]
        except KeyError:
            raise InputError(tr('there is no sheet {sheet!r}', sheet=sheet), source=self.name) from None

    def used_size(self, sheet: str) -> tuple[int, int]:
        rows = self._rows(sheet)
        last_row = 0
        last_col = 0
        for i, row in enumerate(rows, 1):
            filled = [j for j, v in enumerate(row, 1) if v is not None]
            if filled:
                last_row = i
                last_col = max(last_col, filled[-1])
        return last_row, last_col

    def read_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> list[list[CellValue]]:
        rows = self._rows(sheet)
        out: list[list[CellValue]] = []
        for r in range(first_row, last_row + 1):
            row = rows[r - 1] if 0 < r <= len(rows) else []
            out.append([row[c - 1] if 0 < c <= len(row) else None
                        for c in range(first_col, last_col + 1)])
        return out


def open_legacy_book(path: str | os.PathLike[str], *, name: str | None = None) -> CalamineBook:
    """Read every sheet of ``path`` (``.xls``, ``.ods``, ``.xlsx``, ``.xlsm``, ``.xlsb``)."""
    p = Path(path)
    label = name or str(p)
    limits.check_workbook(p, label)  # sizes and every sheet's extent, before calamine allocates
    pc = _calamine()
    sheets: dict[str, list[list[CellValue]]] = {}
    try:
        wb = pc.CalamineWorkbook.from_path(str(p))
        for sheet_name in wb.sheet_names:
            sh = wb.get_sheet_by_name(sheet_name)
            if sh.total_height > MAX_ROWS:
                raise InputError(tr('sheet has {total_height} rows (limit {max_rows})',
                                    total_height=sh.total_height, max_rows=MAX_ROWS),
                                 source=label, sheet=sheet_name)
            # skip_empty_area=False: row 1 / column A stay where they are
            sheets[sheet_name] = [[_plain(v) for v in raw]
                                  for raw in sh.to_python(skip_empty_area=False)]
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - calamine raises its own error types (and ValueError ...)
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InputError(tr('not a readable spreadsheet ({reason})', reason=reason), source=label) from None
    return CalamineBook(label, sheets)
