"""What the two in-memory xlwings engines of the tests share (``test_xlwings_engine.py``'s
live workbook, ``lite_standin.py``'s Lite stand-in): where a range stands, and how
``sheet.range(...)`` turns its arguments into corners.  Only openpyxl is imported, so the
Lite stand-in can use it inside Pyodide too."""

from __future__ import annotations

import openpyxl

Corner = tuple[int, int]


class RangeGeometry:
    """A range from cell ``first`` to cell ``last`` (1-based ``(row, col)``)."""

    first: Corner
    last: Corner

    @property
    def row(self) -> int:
        return self.first[0]

    @property
    def column(self) -> int:
        return self.first[1]

    @property
    def shape(self) -> tuple[int, int]:
        return self.last[0] - self.first[0] + 1, self.last[1] - self.first[1] + 1

    def __len__(self) -> int:
        """The number of cells (older xlwings asks the engine, newer the shape)."""
        rows, cols = self.shape
        return rows * cols


def range_corners(arg1, arg2=None) -> tuple[Corner, Corner]:
    """``(first, last)`` of ``sheet.range(arg1[, arg2])``: each argument a range, a
    ``(row, col)`` tuple or an address such as ``"B3"``."""

    def corner(arg) -> Corner:
        if isinstance(arg, RangeGeometry):
            return arg.first
        if isinstance(arg, tuple):
            return arg
        col, row = openpyxl.utils.cell.coordinate_from_string(arg)
        return row, openpyxl.utils.column_index_from_string(col)

    first = corner(arg1)
    if arg2 is not None:
        return first, corner(arg2)
    return first, (arg1.last if isinstance(arg1, RangeGeometry) else first)
