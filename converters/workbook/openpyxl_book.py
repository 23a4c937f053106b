"""The openpyxl back end of :class:`~monrad.converters.workbook.binding.WorkbookBinding`:
the workbooks monrad builds new (``monrad new``, ``save`` to ``.xlsx``, the templates).

Used by the command line and the tests, on any OS, without Excel.  An existing file
is opened by :func:`monrad.converters.workbook.package_book.open_book` instead, which
writes only the parts monrad owns.

Safety:

* openpyxl parses XML with ``defusedxml`` when it is importable (it is a dependency
  of monrad); :func:`require_defusedxml` refuses to go on if openpyxl reports it is
  not in use (``openpyxl.DEFUSEDXML`` false), rather than parse untrusted XML with
  the standard library parser;
* :meth:`OpenpyxlBook.save` never writes half a file: it goes through the careful
  writer (:func:`monrad.converters.workbook.writer.write_back`: lock, backup, atomic
  replace; the file keeps its permissions).

A workbook handed in loaded with its formulas (``data_only=False``) keeps them on a
save; a formula cell therefore reads as its formula text.
"""

from __future__ import annotations

import io
import os
from collections.abc import Mapping, Sequence
from copy import copy
from pathlib import Path

import openpyxl
from openpyxl.cell.cell import MergedCell
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from ...engine.i18n import tr
from ..atomic import atomic_write, building
from .binding import CellValue, WorkbookError, a1, a1_range, plain_value
from .cell_text import as_text_cell, cell_text
from .writer import write_back

__all__ = ["OpenpyxlBook", "new_book", "require_defusedxml"]

_THIN = Side(style="thin", color="808080")


def require_defusedxml() -> None:
    if not getattr(openpyxl, "DEFUSEDXML", False):
        raise WorkbookError(
            tr('refusing to read workbooks: openpyxl is not using defusedxml (install it: pip '
               'install defusedxml)')
        )


class OpenpyxlBook:
    """A workbook file opened with openpyxl (see :func:`open_book`)."""

    def __init__(self, workbook: Workbook, path: Path | None = None) -> None:
        self.workbook = workbook
        self.path = path
        self.name = path.name if path is not None else "workbook"
        self.backup: Path | None = None
        #: one-line notes on what the writer changed on its own (control characters)
        self.warnings: list[str] = []

    # --- helpers ------------------------------------------------------------------
    def _ws(self, sheet: str) -> Worksheet:
        try:
            return self.workbook[sheet]
        except KeyError:
            raise WorkbookError(tr('{name}: there is no sheet {sheet!r}',
                                   name=self.name, sheet=sheet)) from None

    # --- reading ------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self.workbook.sheetnames)

    def used_size(self, sheet: str) -> tuple[int, int]:
        ws = self._ws(sheet)
        last_row = last_col = 0
        # Look at the cells that exist: ``iter_rows`` would create an empty cell for
        # every gap in the rectangle, and saving then writes empty ``<row>`` elements
        # into a sheet the tool must leave byte-for-byte as it was.
        for (r, c), cell in ws._cells.items():
            if cell.value is not None and cell.value != "":
                last_row = max(last_row, r)
                last_col = max(last_col, c)
        return last_row, last_col

    def read_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> list[list[CellValue]]:
        ws = self._ws(sheet)
        if last_row < first_row or last_col < first_col:
            return []
        cells = ws._cells  # read without creating cells (see used_size)
        out: list[list[CellValue]] = []
        for r in range(first_row, last_row + 1):
            row: list[CellValue] = []
            for c in range(first_col, last_col + 1):
                cell = cells.get((r, c))
                row.append(plain_value(cell.value) if cell is not None else None)
            out.append(row)
        return out

    # --- writing ------------------------------------------------------------------
    def write_range(
        self, sheet: str, first_row: int, first_col: int, rows: Sequence[Sequence[CellValue]]
    ) -> None:
        ws = self._ws(sheet)
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                if isinstance(value, str):
                    value = cell_text(value, self.name, sheet, a1(first_row + i, first_col + j),
                                      self.warnings)
                cell = ws.cell(first_row + i, first_col + j)
                if isinstance(cell, MergedCell):  # inside a merged block (a title a user merged)
                    cell = _unmerge_at(ws, first_row + i, first_col + j)
                cell.value = value
                as_text_cell(cell)  # text from a file is never a formula

    def clear_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        ws = self._ws(sheet)
        for r in range(first_row, last_row + 1):
            for c in range(first_col, last_col + 1):
                if ws.cell(r, c).value is not None:
                    ws.cell(r, c).value = None

    def add_sheet(self, name: str, after: str | None = None) -> None:
        if name in self.workbook.sheetnames:
            raise WorkbookError(tr('{name}: a sheet called {name2!r} exists already',
                                   name=self.name, name2=name))
        index = None
        if after is not None:
            index = self.workbook.sheetnames.index(self._ws(after).title) + 1
        self.workbook.create_sheet(name, index)

    def delete_sheet(self, name: str) -> None:
        self.workbook.remove(self._ws(name))

    def own(self, sheet: str) -> None:
        """Nothing to declare: this back end writes cells and formats wherever asked."""

    def copy_sheet(self, source: str, name: str, *, keep_rows: int, after: str | None = None) -> None:
        src = self._ws(source)
        self.add_sheet(name, after=after or source)
        ws = self._ws(name)
        for (r, c), cell in sorted(src._cells.items()):
            if r <= keep_rows:
                new = ws.cell(r, c)
                new.value = cell.value
                if cell.has_style:
                    new._style = copy(cell._style)
        for key, dim in src.column_dimensions.items():
            if dim.width is not None and dim.customWidth:
                ws.column_dimensions[key].width = dim.width
        for r in range(1, keep_rows + 1):
            if r in src.row_dimensions and src.row_dimensions[r].height is not None:
                ws.row_dimensions[r].height = src.row_dimensions[r].height
        for merged in src.merged_cells.ranges:
            if merged.max_row <= keep_rows:
                ws.merge_cells(merged.coord)
        if src.freeze_panes:
            ws.freeze_panes = src.freeze_panes

    def copy_row_format(
        self, sheet: str, source_row: int, first_row: int, last_row: int,
        *, source_sheet: str | None = None,
    ) -> None:
        src = self._ws(source_sheet or sheet)
        ws = self._ws(sheet)
        styles = {c: cell._style for (r, c), cell in src._cells.items()
                  if r == source_row and cell.has_style}
        for r in range(first_row, last_row + 1):
            for c, style in styles.items():
                ws.cell(r, c)._style = copy(style)

    # --- formatting ---------------------------------------------------------------
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
        """Style a block of cells.  Each style object is built and registered with
        the workbook once per call; every cell then gets its index (what openpyxl's
        ``cell.border = ...`` does, without hashing the same object per cell)."""
        ws = self._ws(sheet)
        wb = self.workbook
        ids: dict[str, int] = {}
        if fill is not None:
            ids["fillId"] = wb._fills.add(PatternFill("solid", start_color=fill, end_color=fill))
        if align is not None:
            ids["alignmentId"] = wb._alignments.add(Alignment(horizontal=align,
                                                              vertical="center"))
        if border is not None:
            ids["borderId"] = wb._borders.add(Border(_THIN, _THIN, _THIN, _THIN) if border
                                              else Border())
        if number_format is not None:
            probe = ws.cell(first_row, first_col)
            probe.number_format = number_format
            ids["numFmtId"] = probe._style.numFmtId
        fonts: dict[int, int] = {}  # a cell's font index -> that font with ``bold`` set
        for row in ws.iter_rows(min_row=first_row, max_row=last_row, min_col=first_col,
                                max_col=last_col):
            for cell in row:
                style = cell._style
                if style is None:
                    style = cell._style = StyleArray()
                if bold is not None:
                    old = style.fontId
                    if old not in fonts:
                        font = copy(wb._fonts[old])
                        font.bold = bold
                        fonts[old] = wb._fonts.add(font)
                    style.fontId = fonts[old]
                for key, idx in ids.items():
                    setattr(style, key, idx)

    def set_column_widths(self, sheet: str, widths: Mapping[int, float]) -> None:
        ws = self._ws(sheet)
        from .binding import col_letter

        for col, width in widths.items():
            ws.column_dimensions[col_letter(col)].width = width

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
        ws = self._ws(sheet)
        if last_row < first_row:
            return
        ref = a1_range(first_row, col, last_row, col)
        listed = ",".join(choices)
        if len(listed) > 255:
            raise WorkbookError(tr('{name}: result list for {sheet!r} is too long',
                                   name=self.name, sheet=sheet))
        dv = DataValidation(
            type="list",
            formula1=f'"{listed}"',
            allow_blank=True,
            errorStyle="stop" if strict else "warning",
            showErrorMessage=True,
            error=error_message or (
                "Pick a result from the list" if strict else "Not one of the listed results"),
            errorTitle="monrad",
        )
        dv.add(ref)
        ws.add_data_validation(dv)
        ws.conditional_formatting.add(
            ref,
            FormulaRule(
                formula=[f"LEN(TRIM({a1(first_row, col)}))=0"],
                fill=PatternFill("solid", start_color=empty_fill, end_color=empty_fill),
                stopIfTrue=False,
            ),
        )

    def set_print_layout(
        self, sheet: str, title_rows: int, *, landscape: bool = False, fit_width: bool = True
    ) -> None:
        ws = self._ws(sheet)
        ws.freeze_panes = a1(title_rows + 1, 1)
        ws.print_title_rows = f"1:{title_rows}"
        ws.page_setup.paperSize = ws.PAPERSIZE_A4
        ws.page_setup.orientation = "landscape" if landscape else "portrait"
        if fit_width:
            ws.sheet_properties.pageSetUpPr.fitToPage = True
            ws.page_setup.fitToWidth = 1
            ws.page_setup.fitToHeight = 0
        ws.print_options.gridLines = False

    # --- storing ------------------------------------------------------------------
    def save(self) -> str | None:
        """Write the workbook back to its file, under its lock, after a backup
        (:func:`monrad.converters.workbook.writer.write_back`)."""
        if self.path is None:
            raise WorkbookError(tr('workbook has no file to save to'))
        self.backup = write_back(self.path, self.to_bytes())
        return str(self.backup) if self.backup else None

    def save_as(self, path: Path | str) -> None:
        """Write the workbook to ``path`` through a temporary file (no backup)."""
        atomic_write(Path(path), self.to_bytes())

    def to_bytes(self) -> bytes:
        """The workbook file's bytes.

        A workbook without a VBA project saved under a ``.xlsm`` name (``monrad new
        club.xlsm``) becomes a real macro-enabled workbook with the monrad ribbon
        and VBA module (:func:`monrad.converters.xlsm.xlsm_bytes`, ribbon in
        the workbook's language): openpyxl alone would write a ``.xlsx`` package
        under that name, which Excel refuses to open.  A ``.xlsm`` opened from disk
        keeps its own VBA project (``keep_vba``).  Built in memory, so a full disk
        meets only the careful writer, never a half-closed zip file.
        """
        path = self.path or Path("workbook.xlsx")
        with building(path):
            if path.suffix.lower() == ".xlsm" and self.workbook.vba_archive is None:
                from ..layout import detect_layout
                from ..xlsm import xlsm_bytes

                lay = detect_layout(self.workbook.sheetnames)
                return xlsm_bytes(self.workbook, lay.lang if lay else "en")
            buf = io.BytesIO()
            self.workbook.save(buf)
            return buf.getvalue()


def _unmerge_at(ws: Worksheet, row: int, col: int):
    """Split the merged block that covers ``(row, col)`` and return that cell, now
    writable.  Only reached for a cell monrad writes, i.e. one it owns (the Standings
    sheet is the tool's as a whole): a user's merged title there must not stop
    ``pair`` or ``standings`` (issue 21)."""
    for rng in list(ws.merged_cells.ranges):
        if rng.min_row <= row <= rng.max_row and rng.min_col <= col <= rng.max_col:
            ws.unmerge_cells(rng.coord)
    return ws.cell(row, col)


def new_book(path: str | os.PathLike[str]) -> OpenpyxlBook:
    """An empty workbook (no sheets) that :meth:`OpenpyxlBook.save` writes to ``path``."""
    require_defusedxml()
    wb = Workbook()
    wb.remove(wb.active)
    return OpenpyxlBook(wb, Path(path))
