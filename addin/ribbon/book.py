"""The Excel back end of :class:`~monrad.converters.workbook.binding.WorkbookBinding`: xlwings.

This binds the workbook that is open in Excel -- normally the one whose ribbon button
was pressed, ``xw.Book.caller()`` -- so the jobs of :mod:`monrad.addin.jobs.book` run on
it exactly as they run on a file through :mod:`monrad.converters.workbook.package_book`.

Only open-source xlwings is used (``Book``/``Sheet``/``Range``, values, fonts,
colours, number formats, column widths, ``App.alert``/``status_bar``), never
``xlwings.pro``.  A few formatting details have no portable xlwings call and go
through Excel's own object model (``Range.api``); they are done on Windows, where
``api`` is Excel's COM object, and skipped on macOS, where ``api`` is an AppleScript
bridge with another vocabulary:

* the result drop-down (data validation) and its "highlight while empty" format,
* cell borders, print titles / A4 / fit-to-width and freeze panes.

Values are written the way a user would type them, with one guard: text that Excel
would turn into a number, date or formula (``1-0``, ``10-6``, ``=...``) is written
with Excel's text prefix ``'`` so that it stays exactly the text we wrote.

xlwings is imported lazily: the module imports without it (``pip install
"monrad[excel]"`` brings it), and :func:`caller_book` says what is missing.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from ...converters.workbook.binding import CellValue, WorkbookError
from ...engine.i18n import tr

__all__ = ["XlwingsBook", "caller_book", "excel_text", "rgb_tuple", "com_colour"]

_WINDOWS = sys.platform.startswith("win")

# Excel constants (from Excel's type library) used through the COM object model.
_XL_VALIDATE_LIST = 3
_XL_VALID_ALERT_STOP = 1
_XL_VALID_ALERT_WARNING = 2
_XL_BETWEEN = 1
_XL_BLANKS_CONDITION = 10
_XL_LIST_SEPARATOR = 5
_XL_CONTINUOUS = 1
_XL_THIN = 2
_XL_EDGES = (7, 8, 9, 10, 11, 12)  # left, top, bottom, right, inside vertical, inside horizontal
_XL_PORTRAIT, _XL_LANDSCAPE = 1, 2
_XL_PAPER_A4 = 9
_XL_ALIGN = {"left": -4131, "center": -4108, "right": -4152}

#: Text Excel would read as something else when typed: numbers, dates, times,
#: fractions, formulas, booleans, error values.
_LOOKS_TYPED = re.compile(
    r"""^\s*(
        [=+\-@]                                 # formula or sign
      | [\d.,]                                  # starts like a number / date / time
      | (true|false|sann|usann|sant|falskt|falsk)\s*$   # booleans (en/no/sv/da)
      | \#                                      # error values (#N/A ...)
    )""",
    re.IGNORECASE | re.VERBOSE,
)


def excel_text(value: CellValue) -> Any:
    """The value to hand Excel so that it stores exactly ``value``.

    >>> excel_text("1-0"), excel_text("½-½"), excel_text("Ola Nordmann"), excel_text(3)
    ("'1-0", '½-½', 'Ola Nordmann', 3)
    """
    if isinstance(value, str) and _LOOKS_TYPED.match(value):
        return "'" + value
    return value


def rgb_tuple(colour: str) -> tuple[int, int, int]:
    """``"FFF2CC"`` -> ``(255, 242, 204)``; raises ValueError for anything else.

    >>> rgb_tuple("FFF2CC")
    (255, 242, 204)
    """
    text = colour.lstrip("#")
    if not re.fullmatch(r"[0-9A-Fa-f]{6}", text):
        raise ValueError(f"colour {colour!r} is not RRGGBB hex")
    return int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16)


def com_colour(colour: str) -> int:
    """Excel's COM colour number (``R + 256 G + 65536 B``) of an RRGGBB string.

    >>> hex(com_colour("FFF2CC"))
    '0xccf2ff'
    """
    r, g, b = rgb_tuple(colour)
    return r + (g << 8) + (b << 16)


def _plain(value: Any) -> CellValue:
    """What Excel hands back, in the binding's terms (whole floats are ints)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, _dt.time):
        return value.isoformat()
    if value == "":
        return None
    return value


def _import_xlwings() -> Any:
    try:
        import xlwings
    except ImportError:
        raise WorkbookError(
            tr('the Excel buttons need xlwings: pip install "monrad[excel]"')
        ) from None
    return xlwings


class XlwingsBook:
    """A workbook open in Excel, seen through :class:`WorkbookBinding`.

    ``book`` is an ``xlwings.Book``; use :func:`caller_book` from a ribbon button.
    """

    def __init__(self, book: Any) -> None:
        self.book = book
        self.name = str(book.name)

    # --- helpers ------------------------------------------------------------------
    def _sheet(self, name: str) -> Any:
        for sheet in self.book.sheets:
            if sheet.name == name:
                return sheet
        raise WorkbookError(tr('{name}: there is no sheet {name2!r}', name=self.name, name2=name))

    def _range(self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int) -> Any:
        return self._sheet(sheet).range((first_row, first_col), (last_row, last_col))

    @property
    def app(self) -> Any:
        return self.book.app

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Run many small writes without repainting Excel or asking questions."""
        app = self.app
        updating, alerts = app.screen_updating, app.display_alerts
        app.screen_updating = False
        app.display_alerts = False
        try:
            yield
        finally:
            app.screen_updating = updating
            app.display_alerts = alerts

    # --- reading ------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def used_size(self, sheet: str) -> tuple[int, int]:
        used = self._sheet(sheet).used_range
        values = used.options(ndim=2).value or []
        last_row = last_col = 0
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                if value is not None and value != "":
                    last_row = max(last_row, used.row + i)
                    last_col = max(last_col, used.column + j)
        return last_row, last_col

    def read_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> list[list[CellValue]]:
        if last_row < first_row or last_col < first_col:
            self._sheet(sheet)
            return []
        values = self._range(sheet, first_row, first_col, last_row, last_col).options(ndim=2).value
        return [[_plain(v) for v in row] for row in values]

    # --- writing ------------------------------------------------------------------
    def write_range(
        self, sheet: str, first_row: int, first_col: int, rows: Sequence[Sequence[CellValue]]
    ) -> None:
        sht = self._sheet(sheet)
        for i, row in enumerate(rows):
            if len(row):
                sht.range((first_row + i, first_col)).value = [[excel_text(v) for v in row]]

    def clear_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        if last_row >= first_row and last_col >= first_col:
            self._range(sheet, first_row, first_col, last_row, last_col).clear_contents()

    def add_sheet(self, name: str, after: str | None = None) -> None:
        if any(n.casefold() == name.casefold() for n in self.sheet_names()):
            raise WorkbookError(tr('{name}: a sheet called {name2!r} exists already',
                                   name=self.name, name2=name))
        anchor = self._sheet(after) if after is not None else self.book.sheets[-1]
        self.book.sheets.add(name, after=anchor)

    def delete_sheet(self, name: str) -> None:
        sheet = self._sheet(name)
        with self.batch():  # no "are you sure?" dialog
            sheet.delete()

    def own(self, sheet: str) -> None:
        """Nothing to declare: this back end writes cells and formats wherever asked."""

    def copy_sheet(self, source: str, name: str, *, keep_rows: int, after: str | None = None) -> None:
        if any(n.casefold() == name.casefold() for n in self.sheet_names()):
            raise WorkbookError(tr('{name}: a sheet called {name2!r} exists already',
                                   name=self.name, name2=name))
        src = self._sheet(source)
        copied = src.copy(after=self._sheet(after or source), name=name)
        last_row, last_col = self.used_size(name)
        if last_row > keep_rows:  # Excel copies the whole sheet: keep the header only
            copied.range((keep_rows + 1, 1), (last_row, max(last_col, 1))).clear()

    def copy_row_format(
        self, sheet: str, source_row: int, first_row: int, last_row: int,
        *, source_sheet: str | None = None,
    ) -> None:
        if last_row < first_row:
            return
        _, last_col = self.used_size(source_sheet or sheet)
        src = self._range(source_sheet or sheet, source_row, 1, source_row, max(last_col, 1))
        src.copy()
        self._range(sheet, first_row, 1, last_row, max(last_col, 1)).paste(paste="formats")

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
        rng = self._range(sheet, first_row, first_col, last_row, last_col)
        if bold is not None:
            rng.font.bold = bold
        if fill is not None:
            rng.color = rgb_tuple(fill)
        if number_format is not None:
            rng.number_format = number_format
        if align is not None:
            if align not in _XL_ALIGN:
                raise ValueError(f"align must be left, center or right, not {align!r}")
            if hasattr(type(rng), "horizontal_alignment"):
                rng.horizontal_alignment = align
            elif _WINDOWS:
                rng.api.HorizontalAlignment = _XL_ALIGN[align]
        if border is not None and _WINDOWS:
            for edge in _XL_EDGES:
                line = rng.api.Borders(edge)
                if border:
                    line.LineStyle = _XL_CONTINUOUS
                    line.Weight = _XL_THIN
                    line.Color = com_colour("808080")
                else:
                    line.LineStyle = -4142  # xlNone

    def set_column_widths(self, sheet: str, widths: Mapping[int, float]) -> None:
        sht = self._sheet(sheet)
        for col, width in widths.items():
            sht.range((1, col)).column_width = width

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
        """Drop-down and "highlight while empty" (Windows; see the module doc).

        Excel reads a list validation's items with the user's list separator (``;``
        in the Nordic locales), so the list is joined with that separator.
        """
        if last_row < first_row:
            return
        rng = self._range(sheet, first_row, col, last_row, col)
        if not _WINDOWS:
            return
        separator = str(self.app.api.International(_XL_LIST_SEPARATOR) or ",")
        listed = separator.join(choices)
        if len(listed) > 255:
            raise WorkbookError(tr('{name}: result list for {sheet!r} is too long',
                                   name=self.name, sheet=sheet))
        validation = rng.api.Validation
        validation.Delete()
        validation.Add(
            _XL_VALIDATE_LIST,
            _XL_VALID_ALERT_STOP if strict else _XL_VALID_ALERT_WARNING,
            _XL_BETWEEN,
            listed,
        )
        validation.IgnoreBlank = True
        validation.InCellDropdown = True
        validation.ShowError = True
        validation.ErrorTitle = "monrad"
        validation.ErrorMessage = error_message or (
            "Pick a result from the list" if strict else "Not one of the listed results"
        )
        condition = rng.api.FormatConditions.Add(_XL_BLANKS_CONDITION)
        condition.Interior.Color = com_colour(empty_fill)

    def set_print_layout(
        self, sheet: str, title_rows: int, *, landscape: bool = False, fit_width: bool = True
    ) -> None:
        """Print titles, A4, fit to width and frozen title rows (Windows)."""
        sht = self._sheet(sheet)
        if not _WINDOWS:
            return
        app = self.app.api
        app.PrintCommunication = False  # page setup is slow while Excel talks to the printer
        try:
            setup = sht.api.PageSetup
            setup.PrintTitleRows = f"$1:${title_rows}"
            setup.Orientation = _XL_LANDSCAPE if landscape else _XL_PORTRAIT
            setup.PaperSize = _XL_PAPER_A4
            setup.PrintGridlines = False
            if fit_width:
                setup.Zoom = False
                setup.FitToPagesWide = 1
                setup.FitToPagesTall = False
        finally:
            app.PrintCommunication = True
        active = self.book.sheets.active
        sht.activate()
        window = app.ActiveWindow
        window.FreezePanes = False
        window.SplitColumn = 0
        window.SplitRow = title_rows
        window.FreezePanes = True
        active.activate()

    # --- storing ------------------------------------------------------------------
    def save(self) -> str | None:
        """Save the open workbook in Excel (Excel keeps its own undo and backup)."""
        self.book.save()
        return None

    # --- telling the user ---------------------------------------------------------
    def tell(self, message: str, *, error: bool = False) -> None:
        """Show ``message`` in a message box and its first line in the status bar."""
        first = message.splitlines()[0] if message else ""
        try:
            self.app.status_bar = f"monrad: {first}"
        except Exception:  # status bar is a nicety; never fail the job over it
            pass
        self.app.alert(message, title="monrad", mode="critical" if error else "info")


def caller_book() -> XlwingsBook:
    """The workbook whose button called Python (``xw.Book.caller()``)."""
    xw = _import_xlwings()
    if not len(xw.engines):
        raise WorkbookError(
            tr('xlwings finds no Excel on this computer; without Excel use the command line: '
               'monrad pair FILE / monrad standings FILE')
        )
    try:
        return XlwingsBook(xw.Book.caller())
    except Exception as exc:
        raise WorkbookError(
            tr("no calling workbook: run this from Excel's monrad ribbon ({exc})", exc=exc)
        ) from None
