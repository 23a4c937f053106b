"""The one small interface between the tournament jobs and a workbook.

The jobs in :mod:`monrad.addin.jobs.book` ("pair next round", "update standings") are
written once, against :class:`WorkbookBinding`.  Two back ends implement it:

* :mod:`monrad.converters.workbook.package_book` -- an existing ``.xlsx``/``.xlsm`` file on disk
  (``open_book``: the CLI, the tests, any OS without Excel), saved part by part so
  that nothing monrad does not own changes; :mod:`monrad.converters.workbook.openpyxl_book`
  builds new workbooks;
* :mod:`monrad.addin.ribbon.book` -- the live workbook in Excel
  (``xw.Book.caller()``), driven by the ribbon buttons.

Conventions shared by every method:

* sheets are named by their visible name (``"Round 3"``, ``"Runde 3"`` ...);
* rows and columns are **1-based** (``A1`` is row 1, column 1) and ranges are
  inclusive: ``(first_row, first_col, last_row, last_col)``;
* a cell value is ``None`` (empty), ``str``, ``int``, ``float``, ``bool`` or a
  ``datetime``/``date``; back ends return whole numbers stored as floats
  (Excel keeps every number as a double) as ``int``;
* a colour is an RGB hex string without ``#`` (``"FFF2CC"``).

A binding writes only what it is told to write: every cell, style and sheet that
the jobs do not address explicitly must stay exactly as it was (see
``docs/workbook.md``, "Owned cells").  Nothing is stored on disk until
:meth:`WorkbookBinding.save`; the file back end then backs the original up and
replaces the file atomically (and writes nothing when nothing changed).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from ..errors import InputError

__all__ = [
    "CellValue",
    "WorkbookBinding",
    "WorkbookReader",
    "WorkbookError",
    "a1",
    "a1_range",
    "col_letter",
    "plain_value",
]

#: What a cell may hold, as seen through a binding.
CellValue = str | int | float | bool | _dt.datetime | _dt.date | None


class WorkbookError(InputError):
    """A workbook cannot be read or written: the message names the file/sheet/cell.

    Raised by the back ends (unreadable or oversized file, missing sheet) and by
    the jobs (results missing, round already paired ...).  It is an
    :class:`~monrad.converters.errors.InputError`, so the CLI prints it on one line,
    never a traceback.
    """

    def __str__(self) -> str:
        loc = self.location
        if loc.source is None and loc.sheet is None and loc.cell is None and loc.line is None:
            return self.message
        return super().__str__()


@runtime_checkable
class WorkbookReader(Protocol):
    """A workbook the tool only reads: the part of :class:`WorkbookBinding` that the
    readers need, and all that a read-only back end (``.xls``/``.ods`` through
    calamine) offers."""

    #: a short name for messages: the file name, or the Excel book's name
    name: str

    def sheet_names(self) -> list[str]:
        """Names of all sheets, in tab order (hidden sheets included)."""
        ...

    def used_size(self, sheet: str) -> tuple[int, int]:
        """``(last_row, last_col)`` of the area that holds values (``(0, 0)`` if empty)."""
        ...

    def read_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> list[list[CellValue]]:
        """The values of a rectangle, row by row (formulas as their cached value if
        the back end has one, else as the formula text).

        Raises :class:`WorkbookError` if the sheet does not exist.
        """
        ...


@runtime_checkable
class WorkbookBinding(WorkbookReader, Protocol):
    """A workbook the tool reads and writes: sheets, values, a little formatting."""

    # --- writing (cells the tool owns only) ---------------------------------------
    def write_range(
        self, sheet: str, first_row: int, first_col: int, rows: Sequence[Sequence[CellValue]]
    ) -> None:
        """Write a block of values whose top-left cell is ``(first_row, first_col)``.

        Only the values change; the cells' formatting is kept.  ``None`` empties a cell.
        """
        ...

    def clear_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        """Empty the values of a rectangle (formatting and validation are kept)."""
        ...

    def add_sheet(self, name: str, after: str | None = None) -> None:
        """Add an empty sheet called ``name`` after sheet ``after`` (default: last).

        Raises :class:`WorkbookError` if a sheet of that name exists already.
        """
        ...

    def delete_sheet(self, name: str) -> None:
        """Remove sheet ``name`` (used only for sheets the tool created itself)."""
        ...

    def own(self, sheet: str) -> None:
        """Declare an existing sheet one of monrad's own (its standings, its block of
        settings in a club's workbook ...): the file back end then writes it whole, as
        it writes the sheets monrad adds; on any other sheet it changes single cells
        only and refuses formatting.  The Excel back ends need no such declaration."""
        ...

    def copy_sheet(self, source: str, name: str, *, keep_rows: int, after: str | None = None) -> None:
        """Add sheet ``name`` after ``after`` (default: after ``source``) laid out like
        ``source``: its column widths, and its first ``keep_rows`` rows (the title and
        header rows) with their values and formatting; nothing below them.

        For continuing a club's own workbook: the next round sheet looks like the last.
        Raises :class:`WorkbookError` if a sheet called ``name`` exists already.
        """
        ...

    def copy_row_format(
        self, sheet: str, source_row: int, first_row: int, last_row: int,
        *, source_sheet: str | None = None,
    ) -> None:
        """Give rows ``first_row..last_row`` of ``sheet`` the cell formatting (not the
        values) of row ``source_row`` of ``source_sheet`` (default: the same sheet)."""
        ...

    # --- formatting of owned cells ------------------------------------------------
    def style_range(
        self,
        sheet: str,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        *,
        bold: bool | None = None,
        fill: str | None = None,
        number_format: str | None = None,
        align: str | None = None,
        border: bool | None = None,
    ) -> None:
        """Set the formatting of a rectangle; arguments left ``None`` are not touched.

        ``align`` is ``"left"``, ``"center"`` or ``"right"``; ``border`` draws thin
        lines around every cell.
        """
        ...

    def set_column_widths(self, sheet: str, widths: Mapping[int, float]) -> None:
        """Column widths in characters, by column number."""
        ...

    def set_result_cells(
        self,
        sheet: str,
        first_row: int,
        col: int,
        last_row: int,
        choices: Sequence[str],
        *,
        strict: bool = True,
        empty_fill: str = "FFF2CC",
        error_message: str | None = None,
    ) -> None:
        """Make ``col`` in rows ``first_row..last_row`` the result cells of a round.

        Adds a drop-down list of ``choices`` (data validation; ``strict=False``
        lets other text through after a warning, for Othello disc scores such as
        ``40-24``) and highlights the cells with ``empty_fill`` while they are
        empty (conditional formatting), so a missing result is seen at a glance.
        ``error_message`` is what Excel says to a value not in the list (in the
        workbook's language; default: English).
        """
        ...

    def set_print_layout(
        self, sheet: str, title_rows: int, *, landscape: bool = False, fit_width: bool = True
    ) -> None:
        """Printable list: freeze panes and repeat the first ``title_rows`` rows on
        every page, A4, fit to page width."""
        ...

    # --- storing ------------------------------------------------------------------
    def save(self) -> str | None:
        """Store every change.

        The file back end copies the original to a backup first and writes through a
        temporary file in the same folder that then replaces the original; it returns
        the backup's path.  The Excel back end saves the open book and returns
        ``None`` (Excel keeps its own backup and undo).
        """
        ...


def col_letter(col: int) -> str:
    """Column number -> letters (1 -> ``A``, 27 -> ``AA``).

    >>> col_letter(1), col_letter(26), col_letter(27), col_letter(703)
    ('A', 'Z', 'AA', 'AAA')
    """
    if col < 1:
        raise ValueError(f"column numbers start at 1, not {col}")
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def a1(row: int, col: int) -> str:
    """``(row, col)`` -> ``A1`` notation.

    >>> a1(3, 2)
    'B3'
    """
    return f"{col_letter(col)}{row}"


def a1_range(first_row: int, first_col: int, last_row: int, last_col: int) -> str:
    """A rectangle in ``A1:B2`` notation.

    >>> a1_range(2, 1, 10, 4)
    'A2:D10'
    """
    return f"{a1(first_row, first_col)}:{a1(last_row, last_col)}"


def plain_value(value: object) -> CellValue:
    """A value as a binding returns it: whole floats as ``int``, a time as its text."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, _dt.time):
        return value.isoformat()
    return value  # type: ignore[return-value]
