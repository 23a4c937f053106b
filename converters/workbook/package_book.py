"""The file back end of :class:`~monrad.converters.workbook.binding.WorkbookBinding` for an
existing ``.xlsx``/``.xlsm``: read fast, write only the parts monrad owns.

Reading: the values come from ``python-calamine`` (Rust; its XML reader expands no
entities), one pass per sheet, on first use; a formula reads as its cached value.
The package index (``workbook.xml``, its relationships) is parsed with
``defusedxml``.  No library warning reaches the user: nothing of the workbook is
lost, since nothing of it is written through a library that drops what it does not
model.

Writing (:meth:`PackageBook.save`): the original package is copied part by part,
**byte for byte** and in its order; monrad writes only

* the worksheet parts of the sheets it owns: a sheet added in this run (a round) and
  the layout's Standings sheet, each written whole (:func:`~monrad.converters.workbook.sheet_xml.own_sheet_xml`);
* single cells written through the binding into another sheet (a result typed by a
  script, as a user would in Excel): only those ``<c>`` elements change
  (:func:`~monrad.converters.workbook.sheet_xml.patch_cells`);
* ``xl/styles.xml``, append only (:mod:`~monrad.converters.workbook.styles_xml`);
* the package index: ``[Content_Types].xml``, ``xl/_rels/workbook.xml.rels`` and in
  ``xl/workbook.xml`` the sheet list, the print titles of its own sheets, the
  ``localSheetId`` of names after an added sheet and the active tab
  (:mod:`~monrad.converters.workbook.package`).

Shared strings are never touched (monrad writes inline strings).  The VBA project,
the ribbon (``customUI``), web extensions (``xl/webextensions/*``, where add-ins such
as xlwings Lite keep their code), drawings, images, comments, tables, charts,
sparklines, slicers ... pass through untouched.

Saving holds the workbook's lock (:mod:`~monrad.converters.workbook.lock`), refuses when the
file changed on disk since it was read, makes a backup and replaces the file
atomically; when no part changed it writes nothing and makes no backup.
"""

from __future__ import annotations

import hashlib
import io
import os
import posixpath
import re
import zipfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ...engine.i18n import tr
from .. import limits
from ..atomic import atomic_write
from ..errors import InputError
from ..layout import detect_layout
from .binding import CellValue, WorkbookError, a1, a1_range, plain_value
from .cell_text import cell_text
from .openpyxl_book import require_defusedxml
from .package import (
    CONTENT_TYPES,
    WORKSHEET_REL,
    WORKSHEET_TYPE,
    Package,
    SheetEntry,
    add_override,
    add_relationship,
    attrs,
    esc_attr,
    parse_xml,
    part_rels_name,
    relationships,
    remove_override,
    remove_relationship,
    resolve,
    sheet_entries,
)
from .sheet_xml import (
    Highlight,
    OwnSheet,
    PrintLayout,
    Validation,
    cell_style_indexes,
    col_number,
    column_widths,
    formula_cells,
    own_sheet_xml,
    patch_cells,
    sheet_drawings,
)
from .styles_xml import DEFAULT_STYLES, CellStyle, StylesEditor
from .writer import write_back

__all__ = ["MAX_FILE_BYTES", "MAX_ROWS", "PackageBook", "open_book"]

#: Larger workbooks are refused (a club tournament is a few hundred kilobytes).
MAX_FILE_BYTES = limits.MAX_INPUT_BYTES
#: Sheets with more rows are refused (and more columns: :mod:`~monrad.converters.limits`).
MAX_ROWS = limits.MAX_ROWS

_P = r"(?:[\w.-]+:)?"
#: A sheet whose area from A1 to its farthest cell holds more cells is refused.
MAX_CELLS = 5_000_000
_CELL_REF = re.compile(rb'<(?:[\w.-]+:)?c\b[^>]*?\sr\s*=\s*["\']([A-Z]{1,3})(\d+)["\']')
_STYLES_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"
_STYLES_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"


#: what monrad refuses to do on a sheet it did not make (docs/workbook.md)
_REFUSED_FORMATS = {
    "format cells": tr("{name}: monrad does not format cells on sheet {sheet!r}, which is not "
                       "one of its own sheets"),
    "set column widths": tr("{name}: monrad does not set column widths on sheet {sheet!r}, "
                            "which is not one of its own sheets"),
    "add drop-downs": tr("{name}: monrad does not add drop-downs on sheet {sheet!r}, which is "
                         "not one of its own sheets"),
    "set the print layout": tr("{name}: monrad does not set the print layout on sheet "
                               "{sheet!r}, which is not one of its own sheets"),
}


class PackageBook:
    """An existing workbook file: values read with calamine, writes as parts."""

    def __init__(self, path: Path, data: bytes, *, owned: Sequence[str] = ()) -> None:
        self.path = path
        self.name = path.name
        self.backup: Path | None = None
        #: one-line notes on what the writer changed on its own (control characters)
        self.warnings: list[str] = []
        self._owned_names = set(owned)
        self._load(data)

    # --- the package as read ----------------------------------------------------------
    def _load(self, data: bytes) -> None:
        self._data = data
        self._digest = hashlib.sha256(data).digest()
        where = str(self.path)
        self._pkg = Package(data, where)
        self._wb_part = self._pkg.workbook_part()
        self._wb_rels = part_rels_name(self._wb_part)
        if self._wb_part not in self._pkg.parts or self._wb_rels not in self._pkg.parts:
            raise WorkbookError(tr('{where}: not a readable Excel workbook (no workbook part)',
                                   where=where))
        if CONTENT_TYPES not in self._pkg.parts:  # issue 40 item 12: a KeyError at save
            raise WorkbookError(tr("{where}: not a readable Excel workbook: the package has no "
                                   "{part} (its list of part types), which Excel does not open "
                                   "either", where=where, part=CONTENT_TYPES))
        base = posixpath.dirname(self._wb_part)
        rels = relationships(self._pkg.parts[self._wb_rels], f"{where} ({self._wb_rels})")
        targets = {rid: resolve(base, target) for rid, _, target, mode in rels
                   if mode != "External"}
        self._rel_ids = {rid for rid, *_ in rels}
        self._rel_types = {rid: rtype for rid, rtype, *_ in rels}
        self._styles_part = next((resolve(base, t) for _, rt, t, _m in rels if rt == _STYLES_REL),
                                 None)
        parse_xml(self._pkg.parts[self._wb_part], where)  # refuses hostile XML
        wb_xml = self._pkg.text(self._wb_part)
        self._date1904 = bool(re.search(r'date1904\s*=\s*["\'](1|true)["\']', wb_xml))
        self._sheets: list[SheetEntry] = sheet_entries(wb_xml, targets, where)
        self._original_order = [s.name for s in self._sheets]
        self._own: dict[str, OwnSheet] = {}      # sheets written whole at save
        self._edits: dict[str, dict[tuple[int, int], CellValue]] = {}  # cells of others
        self._new_styles: dict[str, dict[tuple[int, int], int]] = {}  # for cells they lack
        self._deleted: list[SheetEntry] = []
        self._values: dict[str, dict[tuple[int, int], CellValue]] = {}
        self._package_edits: list[Callable[[Package], None]] = []
        self._reader: Any = None  # the calamine workbook, opened on first read

    def _read_sheet(self, name: str) -> dict[tuple[int, int], CellValue]:
        """Every non-empty value of an original sheet, read once (calamine: a formula
        reads as its cached value)."""
        if name in self._values:
            return self._values[name]
        entry = self._entry(name)
        if not entry.new and self._rel_types.get(entry.rid) != WORKSHEET_REL:
            self._values[name] = {}  # a chart sheet or dialog sheet: no cells
            return self._values[name]
        self._check_extent(entry)
        if self._reader is None:
            self._reader = self._open_reader()
        try:
            rows = self._reader.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except Exception as exc:  # noqa: BLE001 - calamine's errors have no common base
            raise WorkbookError(tr('{path}: sheet {name!r} cannot be read ({split})',
                                   path=self.path, name=name, split=' '.join(str(exc).split()))) from None
        if len(rows) > MAX_ROWS:
            raise WorkbookError(tr('{path}: sheet {name!r} has {n} rows (limit {max_rows})',
                                   path=self.path, name=name, n=len(rows), max_rows=MAX_ROWS))
        cells: dict[tuple[int, int], CellValue] = {}
        for r, row in enumerate(rows, 1):
            for c, value in enumerate(row, 1):
                if value is not None and value != "":
                    cells[(r, c)] = plain_value(value)
        self._values[name] = cells
        return cells

    def _check_extent(self, entry: SheetEntry) -> None:
        """Refuse a sheet whose farthest cell makes its rectangle too large to read
        (the reader holds the rectangle from A1 densely), naming that cell."""
        last_row = last_col = 0
        far = ""
        for m in _CELL_REF.finditer(self._pkg.parts.get(entry.part, b"")):
            col = col_number(m.group(1).decode())
            row = int(m.group(2))
            if row > last_row or col > last_col:
                last_row, last_col = max(last_row, row), max(last_col, col)
                far = f"{m.group(1).decode()}{row}"
        if last_row > MAX_ROWS:
            raise WorkbookError(tr('{path}: sheet {name!r} has {last_row} rows (limit '
                                   '{max_rows})',
                                   path=self.path, name=entry.name, last_row=last_row,
                                   max_rows=MAX_ROWS))
        if last_row * last_col > MAX_CELLS:
            raise WorkbookError(tr('{path}: sheet {name!r} reaches cell {far}; its area is too'
                                   ' large to read (limit {max_cells:,} cells)',
                                   path=self.path, name=entry.name, far=far,
                                   max_cells=MAX_CELLS))

    def _open_reader(self):
        from python_calamine import CalamineWorkbook

        try:
            return CalamineWorkbook.from_filelike(io.BytesIO(self._data))
        except Exception as exc:  # noqa: BLE001 - calamine's errors have no common base
            raise WorkbookError(tr('{path}: not a readable Excel workbook ({split})',
                                   path=self.path, split=' '.join(str(exc).split()))) from None

    def formula_cells(self, sheet: str) -> set[tuple[int, int]]:
        """``(row, col)`` of the cells of ``sheet`` that hold a formula in the file (a
        sheet added in this run has none)."""
        entry = self._entry(sheet)
        if entry.new:
            return set()
        return formula_cells(self._pkg.parts.get(entry.part, b""))

    def declared_rows(self) -> dict[str, int]:
        """Sheet name -> the last row its ``<dimension>`` declares (cheap: no parsing)."""
        out = {}
        for s in self._sheets:
            head = self._pkg.parts.get(s.part, b"")[:4096]
            m = re.search(rb'<(?:[\w.-]+:)?dimension\s+ref="[A-Z]*\d*:?[A-Z]*(\d+)"', head)
            if m:
                out[s.name] = int(m.group(1))
        return out

    # --- helpers ------------------------------------------------------------------------
    def _entry(self, sheet: str) -> SheetEntry:
        for s in self._sheets:
            if s.name == sheet:
                return s
        raise WorkbookError(tr('{name}: there is no sheet {sheet!r}', name=self.name, sheet=sheet))

    def _owned(self, sheet: str) -> bool:
        if sheet in self._own:
            return True
        entry = self._entry(sheet)
        return entry.new or sheet in self._owned_names

    def _own_sheet(self, sheet: str) -> OwnSheet:
        """The sheet monrad writes whole (its values as read, the first time)."""
        if sheet not in self._own:
            entry = self._entry(sheet)
            own = OwnSheet()
            if not entry.new:
                own.cells = dict(self._read_sheet(sheet))
                if entry.part in self._pkg.parts:
                    own.drawings = sheet_drawings(self._pkg.parts[entry.part])
            self._own[sheet] = own
        return self._own[sheet]

    def _current(self, sheet: str) -> dict[tuple[int, int], CellValue]:
        if sheet in self._own:
            return self._own[sheet].cells
        base = self._read_sheet(sheet)
        edits = self._edits.get(sheet)
        if not edits:
            return base
        merged = dict(base)
        for key, v in edits.items():
            if v is None or v == "":
                merged.pop(key, None)
            else:
                merged[key] = v
        return merged

    def _clean(self, sheet: str, row: int, col: int, value: CellValue) -> CellValue:
        if isinstance(value, str):
            value = cell_text(value, self.name, sheet, a1(row, col), self.warnings)
        return value

    def own(self, sheet: str) -> None:
        """Make ``sheet`` one of monrad's own: written whole by the next save."""
        self._entry(sheet)
        self._owned_names.add(sheet)

    def _refuse_format(self, sheet: str, what: str) -> None:
        if not self._owned(sheet):
            raise WorkbookError(_REFUSED_FORMATS[what].fill(name=self.name, sheet=sheet))

    # --- reading ------------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return [s.name for s in self._sheets]

    def used_size(self, sheet: str) -> tuple[int, int]:
        self._entry(sheet)
        last_row = last_col = 0
        for (r, c), v in self._current(sheet).items():
            if v is not None and v != "":
                last_row, last_col = max(last_row, r), max(last_col, c)
        return last_row, last_col

    def read_range(self, sheet: str, first_row: int, first_col: int, last_row: int,
                   last_col: int) -> list[list[CellValue]]:
        self._entry(sheet)
        cells = self._current(sheet)
        return [[cells.get((r, c)) for c in range(first_col, last_col + 1)]
                for r in range(first_row, last_row + 1)]

    # --- writing ------------------------------------------------------------------------
    def write_range(self, sheet: str, first_row: int, first_col: int,
                    rows: Sequence[Sequence[CellValue]]) -> None:
        self._entry(sheet)
        owned = self._owned(sheet)
        target = self._own_sheet(sheet).cells if owned else self._edits.setdefault(sheet, {})
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                r, c = first_row + i, first_col + j
                value = self._clean(sheet, r, c, value)
                if owned and (value is None or value == ""):
                    target.pop((r, c), None)
                else:
                    target[(r, c)] = value

    def clear_range(self, sheet: str, first_row: int, first_col: int, last_row: int,
                    last_col: int) -> None:
        current = self._current(sheet)
        empty = [(r, c) for (r, c) in current
                 if first_row <= r <= last_row and first_col <= c <= last_col]
        for r, c in empty:
            self.write_range(sheet, r, c, [[None]])

    def add_sheet(self, name: str, after: str | None = None) -> None:
        if any(s.name.casefold() == name.casefold() for s in self._sheets):  # as Excel sees it
            raise WorkbookError(tr('{name}: a sheet called {name2!r} exists already',
                                   name=self.name, name2=name))
        if len(name) > 31 or re.search(r"[\[\]:*?/\\]", name) or not name.strip():
            raise WorkbookError(tr('{name}: {name2!r} cannot be a sheet name',
                                   name=self.name, name2=name))
        index = len(self._sheets)
        if after is not None:
            index = self._sheets.index(self._entry(after)) + 1
        self._sheets.insert(index, SheetEntry(name, 0, "", "", "", new=True))
        self._own[name] = OwnSheet()

    def delete_sheet(self, name: str) -> None:
        entry = self._entry(name)
        if not entry.new:
            rels = part_rels_name(entry.part)
            if rels in self._pkg.parts:
                raise WorkbookError(tr('{name}: sheet {name2!r} holds drawings or comments; '
                                       'monrad deletes only the sheets it made',
                                       name=self.name, name2=name))
            self._deleted.append(entry)
        self._sheets.remove(entry)
        self._own.pop(name, None)
        self._edits.pop(name, None)

    def _source_xml(self, sheet: str) -> bytes | None:
        entry = self._entry(sheet)
        return None if entry.new else self._pkg.parts.get(entry.part)

    def copy_sheet(self, source: str, name: str, *, keep_rows: int,
                   after: str | None = None) -> None:
        """A new sheet of monrad's with ``source``'s rows up to ``keep_rows`` (values and
        cell formats, the format indexes reused as they are) and its column widths."""
        xml = self._source_xml(source)
        header = {k: v for k, v in self._current(source).items() if k[0] <= keep_rows}
        self.add_sheet(name, after=after or source)
        own = self._own_sheet(name)
        own.cells.update(header)
        if xml is not None:
            own.raw_styles.update(cell_style_indexes(xml, range(1, keep_rows + 1)))
            own.widths.update(column_widths(xml))
        elif source in self._own:  # a sheet monrad made in this run
            src = self._own[source]
            own.styles.update({k: v for k, v in src.styles.items() if k[0] <= keep_rows})
            own.raw_styles.update({k: v for k, v in src.raw_styles.items() if k[0] <= keep_rows})
            own.widths.update(src.widths)

    def copy_row_format(self, sheet: str, source_row: int, first_row: int, last_row: int,
                        *, source_sheet: str | None = None) -> None:
        """Rows ``first_row..last_row`` formatted like ``source_row``: on monrad's own
        sheet every cell; on a club's sheet only cells that do not exist yet (rows
        added below its table), which is all monrad writes there."""
        src = source_sheet or sheet
        xml = self._source_xml(src)
        if xml is not None:
            row_styles = {c: s for (_, c), s in
                          cell_style_indexes(xml, range(source_row, source_row + 1)).items()}
        else:
            row_styles = {c: s for (r, c), s in self._own_sheet(src).raw_styles.items()
                          if r == source_row}
        cells = {(r, c): s for r in range(first_row, last_row + 1) for c, s in row_styles.items()}
        if self._owned(sheet):
            self._own_sheet(sheet).raw_styles.update(cells)
            return
        existing = self._read_sheet(sheet)
        edits = self._edits.setdefault(sheet, {})
        styles = self._new_styles.setdefault(sheet, {})
        for key, s in cells.items():
            if key not in existing:
                styles[key] = s
                edits.setdefault(key, None)

    # --- formatting of owned cells ------------------------------------------------------
    def style_range(self, sheet: str, first_row: int, first_col: int, last_row: int,
                    last_col: int, *, bold: bool | None = None, fill: str | None = None,
                    number_format: str | None = None, align: str | None = None,
                    border: bool | None = None) -> None:
        self._refuse_format(sheet, "format cells")
        own = self._own_sheet(sheet)
        for r in range(first_row, last_row + 1):
            for c in range(first_col, last_col + 1):
                old = own.styles.get((r, c), CellStyle())
                new = CellStyle(
                    old.bold if bold is None else bold,
                    old.fill if fill is None else fill,
                    old.number_format if number_format is None else number_format,
                    old.align if align is None else align,
                    old.border if border is None else border)
                if new.plain:
                    own.styles.pop((r, c), None)
                else:
                    own.styles[(r, c)] = new

    def set_column_widths(self, sheet: str, widths: Mapping[int, float]) -> None:
        self._refuse_format(sheet, "set column widths")
        self._own_sheet(sheet).widths.update(widths)

    def set_result_cells(self, sheet: str, first_row: int, col: int, last_row: int,
                         choices: Sequence[str], *, strict: bool = True,
                         empty_fill: str = "FFF2CC", error_message: str | None = None) -> None:
        self._refuse_format(sheet, "add drop-downs")
        if last_row < first_row:
            return
        if len(",".join(choices)) > 255:
            raise WorkbookError(tr('{name}: result list for {sheet!r} is too long',
                                   name=self.name, sheet=sheet))
        own = self._own_sheet(sheet)
        ref = a1_range(first_row, col, last_row, col)
        message = error_message or ("Pick a result from the list" if strict
                                    else "Not one of the listed results")
        own.validations.append(Validation(ref, tuple(choices), strict, message))
        own.highlights.append(Highlight(ref, a1(first_row, col), empty_fill))

    def set_print_layout(self, sheet: str, title_rows: int, *, landscape: bool = False,
                         fit_width: bool = True) -> None:
        self._refuse_format(sheet, "set the print layout")
        self._own_sheet(sheet).layout = PrintLayout(title_rows, landscape, fit_width)

    def edit_package(self, edit: Callable[[Package], None]) -> None:
        """Have ``edit`` change the new package at the next save, after monrad's own
        sheets are written (``monrad lite``: the Lite code and buttons)."""
        self._package_edits.append(edit)

    # --- storing ------------------------------------------------------------------------
    def package_bytes(self) -> bytes | None:
        """The new package, or ``None`` when no part changes."""
        pkg = self._new_package()
        return None if pkg.same_as(self._pkg) else pkg.to_bytes()

    def save(self) -> str | None:
        """Write the changed parts (see the module doc); returns the backup's path, or
        ``None`` when nothing changed (then nothing is written)."""
        self.backup = None
        data = self.package_bytes()
        if data is None:
            return None
        self.backup = write_back(self.path, data, expected=self._digest)
        self._load(data)
        return str(self.backup)

    def save_as(self, path: Path | str) -> None:
        """Write the workbook to ``path`` through a temporary file (no backup)."""
        atomic_write(Path(path), self._new_package().to_bytes())

    # --- building the new package -------------------------------------------------------
    def _new_package(self) -> Package:
        where = str(self.path)
        pkg = self._pkg.copy()
        if not self._own and not self._edits and not self._deleted and all(
                not s.new for s in self._sheets):
            for edit in self._package_edits:
                edit(pkg)
            return pkg
        styles_part = self._styles_part
        types = pkg.text(CONTENT_TYPES)
        wb_rels = pkg.text(self._wb_rels)
        if styles_part is None or styles_part not in pkg.parts:  # a package without styles
            styles_part = posixpath.join(posixpath.dirname(self._wb_part), "styles.xml")
            styles_xml = DEFAULT_STYLES
            wb_rels = add_relationship(wb_rels, self._new_rid(), _STYLES_REL,
                                       posixpath.relpath(styles_part, posixpath.dirname(
                                           self._wb_part)), where)
            types = add_override(types, styles_part, _STYLES_TYPE, where)
        else:
            styles_xml = pkg.text(styles_part)
        styles = StylesEditor(styles_xml, f"{where} ({styles_part})")
        # removed sheets
        for entry in self._deleted:
            pkg.remove(entry.part)
            types = remove_override(types, entry.part)
            wb_rels = remove_relationship(wb_rels, entry.rid)
        # new sheets get new part names (chosen once); existing parts keep theirs
        used_ids = max([s.sheet_id for s in self._sheets + self._deleted] + [0])
        for entry in self._sheets:
            if entry.new and not entry.part:
                entry.part = self._free_part(pkg, types)
                entry.rid = self._new_rid()
                used_ids += 1
                entry.sheet_id = used_ids
            if entry.new:
                target = posixpath.relpath(entry.part, posixpath.dirname(self._wb_part))
                wb_rels = add_relationship(wb_rels, entry.rid, WORKSHEET_REL, target, where)
                types = add_override(types, entry.part, WORKSHEET_TYPE, where)
        for name, own in self._own.items():
            entry = self._entry(name)
            # a sheet made anew under the name of a deleted one (--repair) keeps its place
            at = self._pkg.names.index(entry.part) if entry.part in self._pkg.parts else None
            pkg.put(entry.part, own_sheet_xml(own, styles, self._date1904), at)
        for name, edits in self._edits.items():
            if edits:
                entry = self._entry(name)
                pkg.put(entry.part, patch_cells(pkg.parts[entry.part], edits,
                                                f"{where} (sheet {name!r})", self._date1904,
                                                self._new_styles.get(name)))
        if styles.changed or styles_part not in pkg.parts:
            pkg.put(styles_part, styles.xml.encode("utf-8"))
        wb_xml = self._workbook_xml(pkg.text(self._wb_part))
        for part, text in ((self._wb_part, wb_xml), (self._wb_rels, wb_rels),
                           (CONTENT_TYPES, types)):
            data = text.encode("utf-8")
            if pkg.parts.get(part) != data:
                pkg.put(part, data)
        for edit in self._package_edits:
            edit(pkg)
        return pkg

    def _free_part(self, pkg: Package, types: str) -> str:
        """The lowest ``sheetN.xml`` that no part and no content-type override names."""
        folder = posixpath.join(posixpath.dirname(self._wb_part), "worksheets")
        listed = re.findall(r'PartName\s*=\s*["\']/?([^"\']+)["\']', types)
        taken = {n.lower() for n in [*pkg.names, *listed]} | {
            s.part.lower() for s in self._sheets if s.part}
        k = 1
        while posixpath.join(folder, f"sheet{k}.xml").lower() in taken:
            k += 1
        return posixpath.join(folder, f"sheet{k}.xml")

    def _new_rid(self) -> str:
        k = 1
        while f"rId{k}" in self._rel_ids:
            k += 1
        self._rel_ids.add(f"rId{k}")
        return f"rId{k}"

    def _workbook_xml(self, xml: str) -> str:
        """The sheet list, the defined names and the active tab after the changes."""
        old_index = {name: i for i, name in enumerate(self._original_order)}
        new_index = {s.name: i for i, s in enumerate(self._sheets)}
        moved = {old_index[n]: new_index.get(n) for n in self._original_order}
        # <sheets>
        block = re.search(rf"<({_P})sheets\b[^>]*>(.*?)</{_P}sheets\s*>", xml, re.DOTALL)
        assert block is not None
        prefix = block.group(1)
        rel_prefix = next((k.split(":")[0] for s in self._sheets if not s.new
                           for k in attrs(s.xml) if k.endswith(":id")), None)
        items = []
        for s in self._sheets:
            if s.new:
                rid = (f'{rel_prefix}:id="{s.rid}"' if rel_prefix else
                       f'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                       f'relationships" r:id="{s.rid}"')
                s.xml = f'<{prefix}sheet name="{esc_attr(s.name)}" sheetId="{s.sheet_id}" {rid}/>'
            items.append(s.xml)
        inner = block.group(2)
        found = list(re.finditer(rf"<{_P}sheet\b[^>]*?(?:/>|>.*?</{_P}sheet\s*>)", inner, re.DOTALL))
        if [m.group(0) for m in found] != items:
            lead = inner[:found[0].start()] if found else ""
            sep = inner[found[0].end():found[1].start()] if len(found) > 1 else ""
            tail = inner[found[-1].end():] if found else ""
            new_inner = lead + sep.join(items) + tail
            xml = xml[:block.start(2)] + new_inner + xml[block.end(2):]
        return self._defined_names(xml, moved, new_index)

    def _defined_names(self, xml: str, moved: dict[int, int | None],
                       new_index: dict[str, int]) -> str:
        own_titles = {new_index[name]: own.layout.title_rows for name, own in self._own.items()
                      if own.layout is not None and own.layout.title_rows}
        rewritten = {new_index[name] for name in self._own}
        block = re.search(rf"<({_P})definedNames\b[^>]*>(.*?)</{_P}definedNames\s*>|"
                          rf"<({_P})definedNames\b[^>]*/>", xml, re.DOTALL)
        names: list[str] = []
        if block is not None:
            inner = block.group(2) or ""
            for m in re.finditer(rf"<{_P}definedName\b[^>]*?(?:/>|>.*?</{_P}definedName\s*>)",
                                 inner, re.DOTALL):
                el = m.group(0)
                a = attrs(el)
                local = a.get("localSheetId")
                if local is None or not local.isdigit():
                    names.append(el)
                    continue
                to = moved.get(int(local), int(local))
                if to is None:  # its sheet was deleted
                    continue
                if to in rewritten and a.get("name") == "_xlnm.Print_Titles":
                    continue  # monrad's own sheet: written anew below
                if to != int(local):
                    el = re.sub(r'localSheetId\s*=\s*["\']\d+["\']', f'localSheetId="{to}"', el,
                                count=1)
                names.append(el)
        prefix = (block.group(1) or block.group(3) or "") if block is not None else \
            (re.search(rf"<({_P})sheets\b", xml).group(1))  # type: ignore[union-attr]
        for index, rows in sorted(own_titles.items()):
            sheet = self._sheets[index].name.replace("'", "''")
            names.append(f'<{prefix}definedName name="_xlnm.Print_Titles" localSheetId="{index}">'
                         f"{esc_attr(chr(39) + sheet + chr(39))}!$1:${rows}</{prefix}definedName>")
        if block is not None:
            old = [m.group(0) for m in re.finditer(
                rf"<{_P}definedName\b[^>]*?(?:/>|>.*?</{_P}definedName\s*>)",
                block.group(2) or "", re.DOTALL)]
            if old == names:
                xml_out = xml
            else:
                new_block = (f"<{prefix}definedNames>" + "".join(names) + f"</{prefix}definedNames>"
                             if names else "")
                xml_out = xml[:block.start()] + new_block + xml[block.end():]
        elif names:
            # after <sheets>, <functionGroups>, <externalReferences>, whichever is last
            anchor = None
            for tag in ("externalReferences", "functionGroups", "sheets"):
                anchor = re.search(rf"</{_P}{tag}\s*>|<{_P}{tag}\b[^>]*/>", xml)
                if anchor is not None:
                    break
            assert anchor is not None
            xml_out = (xml[:anchor.end()] + f"<{prefix}definedNames>" + "".join(names)
                       + f"</{prefix}definedNames>" + xml[anchor.end():])
        else:
            xml_out = xml
        return self._active_tab(xml_out, moved)

    def _active_tab(self, xml: str, moved: dict[int, int | None]) -> str:
        m = re.search(rf"<{_P}workbookView\b[^>]*>", xml)
        if m is None:
            return xml
        view = m.group(0)
        count = len(self._sheets)
        for key in ("activeTab", "firstSheet"):
            found = re.search(rf'\b{key}\s*=\s*["\'](\d+)["\']', view)
            if found is None:
                continue
            old = int(found.group(1))
            new = moved.get(old)
            new = min(old, count - 1) if new is None else new
            if new != old:
                view = view[:found.start(1)] + str(new) + view[found.end(1):]
        return xml[:m.start()] + view + xml[m.end():]


def _why_unreadable(exc: BaseException) -> str:
    """One line on why a workbook could not be loaded (hostile XML named as such)."""
    seen: BaseException | None = exc
    while seen is not None:
        if type(seen).__module__.startswith("defusedxml"):
            return ("refused: the workbook's XML uses entity declarations or external "
                    f"references ({type(seen).__name__}), which a real workbook never does")
        seen = seen.__cause__ or seen.__context__
    text = " ".join(str(exc).split())
    if isinstance(exc, zipfile.BadZipFile):
        return f"not a readable Excel workbook ({text})"
    return f"cannot read workbook ({type(exc).__name__}: {text})"


def open_book(path: str | os.PathLike[str]) -> PackageBook:
    """Open an existing ``.xlsx``/``.xlsm`` file for reading and writing.

    The book is a :class:`PackageBook`: values read with python-calamine, saved by
    writing only the parts monrad owns
    (the sheets it adds, the layout's Standings sheet, cells written through the
    binding; ``docs/workbook.md``).  Raises :class:`WorkbookError` (message naming the
    file or sheet) for a missing, oversized, or unreadable file.
    """
    require_defusedxml()
    p = Path(path)
    if not p.is_file():
        raise WorkbookError(tr('{p}: no such file', p=p))
    size = p.stat().st_size
    if size > MAX_FILE_BYTES:
        raise WorkbookError(
            tr('{p}: {size:.0f} MB is too large for a tournament workbook (limit '
               '{max_file_bytes} MB)',
               p=p, size=size / 1e6, max_file_bytes=MAX_FILE_BYTES // (1024 * 1024))
        )
    if not zipfile.is_zipfile(p):
        raise WorkbookError(tr('{p}: not an Excel workbook (.xlsx/.xlsm)', p=p))
    try:
        limits.check_workbook(p)  # the zip index and every sheet's size, before anything
    except InputError as exc:
        raise WorkbookError(str(exc)) from None
    try:
        book = PackageBook(p, p.read_bytes())
    except WorkbookError:
        raise
    except Exception as exc:  # noqa: BLE001 - zipfile and defusedxml errors alike
        raise WorkbookError(f"{p}: {_why_unreadable(exc)}") from None
    for title, max_row in book.declared_rows().items():
        if max_row > MAX_ROWS:  # (a sheet without <dimension> is checked when read)
            raise WorkbookError(tr('{p}: sheet {title!r} has {max_row} rows (limit {max_rows})',
                                   p=p, title=title, max_row=max_row, max_rows=MAX_ROWS))
    lay = detect_layout(book.sheet_names())
    if lay is not None and lay.standings_sheet in book.sheet_names():
        book.own(lay.standings_sheet)
    return book
