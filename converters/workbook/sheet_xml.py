"""Worksheet XML: monrad's own sheets written whole, and single cells of the user's.

:func:`own_sheet_xml` writes a sheet monrad owns (a round sheet, the standings) from
a :class:`OwnSheet`: cells (text always as an inline string, never a formula: no
formula injection), column widths, frozen panes, the result drop-down (a list data
validation), the highlighting of empty result cells (conditional formatting with a
``dxf``), A4 page setup fitted to the width.  The elements follow the order of
``CT_Worksheet`` (ECMA-376 Part 1, 18.3.1.99), so Excel opens it without repair.

:func:`patch_cells` changes the values of single cells in a sheet monrad does not
own (a result typed through the binding, as a user would in Excel): only those
``<c>`` elements (and a ``<row>`` that did not exist) change, every other byte of
the part stays as it was, the cells keep their style index.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from ...engine.i18n import tr
from .binding import CellValue, WorkbookError, a1, col_letter
from .package import MAIN_NS, REL_NS, esc_attr, esc_text
from .styles_xml import CellStyle, StylesEditor

__all__ = [
    "Highlight",
    "OwnSheet",
    "PrintLayout",
    "Validation",
    "cell_xml",
    "col_number",
    "excel_serial",
    "own_sheet_xml",
    "patch_cells",
    "split_ref",
]

_EPOCH_1900 = _dt.datetime(1899, 12, 30)
_EPOCH_1904 = _dt.datetime(1904, 1, 1)


@dataclass
class Validation:
    """A list drop-down on a rectangle (``ref`` in A1 notation)."""

    ref: str
    choices: tuple[str, ...]
    strict: bool
    message: str


@dataclass
class Highlight:
    """Fill ``ref`` with ``fill`` while its cells are empty."""

    ref: str
    first_cell: str
    fill: str


@dataclass
class PrintLayout:
    title_rows: int
    landscape: bool = False
    fit_width: bool = True


@dataclass
class OwnSheet:
    """A sheet monrad writes whole: values and formatting by cell, and the rest."""

    cells: dict[tuple[int, int], CellValue] = field(default_factory=dict)
    styles: dict[tuple[int, int], CellStyle] = field(default_factory=dict)
    #: cell formats taken as they are from another sheet of the same workbook (an
    #: index into ``cellXfs``: styles are only ever appended, so it stays valid)
    raw_styles: dict[tuple[int, int], int] = field(default_factory=dict)
    widths: dict[int, float] = field(default_factory=dict)
    validations: list[Validation] = field(default_factory=list)
    highlights: list[Highlight] = field(default_factory=list)
    layout: PrintLayout | None = None
    #: the sheet's own ``<drawing r:id="..."/>`` and ``<legacyDrawing .../>`` elements,
    #: kept as they were (the shapes on monrad's sheet of a club's workbook: the Lite
    #: buttons; their relationships pass through untouched)
    drawings: tuple[str, ...] = ()

    def used_size(self) -> tuple[int, int]:
        last_row = last_col = 0
        for (r, c), v in self.cells.items():
            if v is not None and v != "":
                last_row, last_col = max(last_row, r), max(last_col, c)
        return last_row, last_col


def excel_serial(value: _dt.date | _dt.datetime, date1904: bool = False) -> float:
    """A date or time as Excel's serial day number."""
    if not isinstance(value, _dt.datetime):
        value = _dt.datetime(value.year, value.month, value.day)
    if value.tzinfo is not None:
        value = value.replace(tzinfo=None)
    days = (value - (_EPOCH_1904 if date1904 else _EPOCH_1900)).total_seconds() / 86400
    return int(days) if days.is_integer() else days


def _number(v: float) -> str:
    if isinstance(v, float) and v.is_integer() and abs(v) < 2**53:
        return str(int(v))
    return repr(v)


def cell_xml(ref: str, value: CellValue, s: int, date1904: bool = False) -> str:
    """One ``<c>``: text as an inline string (never a formula), numbers, booleans,
    dates as serials (``s`` must then carry a date format); ``None`` keeps only the
    style.  The text must already be free of XML-illegal characters."""
    sa = f' s="{s}"' if s else ""
    if value is None:
        return f'<c r="{ref}"{sa}/>'
    if isinstance(value, bool):
        return f'<c r="{ref}"{sa} t="b"><v>{int(value)}</v></c>'
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            value = str(value)
        else:
            return f'<c r="{ref}"{sa}><v>{_number(value)}</v></c>'
    if isinstance(value, (_dt.date, _dt.datetime)):
        return f'<c r="{ref}"{sa}><v>{_number(excel_serial(value, date1904))}</v></c>'
    text = str(value)
    space = ' xml:space="preserve"' if text != text.strip() or "\n" in text else ""
    return f'<c r="{ref}"{sa} t="inlineStr"><is><t{space}>{esc_text(text)}</t></is></c>'


def _date_format(value: CellValue) -> str | None:
    if isinstance(value, _dt.datetime):
        return "m/d/yy h:mm"
    if isinstance(value, _dt.date):
        return "mm-dd-yy"
    return None


def own_sheet_xml(sheet: OwnSheet, styles: StylesEditor, date1904: bool = False) -> bytes:
    """The whole worksheet part of a sheet monrad owns."""
    rows: dict[int, list[int]] = {}
    keys = set(sheet.cells) | set(sheet.styles) | set(sheet.raw_styles)
    for r, c in keys:
        rows.setdefault(r, []).append(c)
    parts = []
    last_row = last_col = 0
    for r in sorted(rows):
        cells = []
        for c in sorted(rows[r]):
            value = sheet.cells.get((r, c))
            raw = sheet.raw_styles.get((r, c))
            if raw is not None and (r, c) not in sheet.styles:
                cells.append(cell_xml(a1(r, c), value, raw, date1904))
                last_row, last_col = max(last_row, r), max(last_col, c)
                continue
            style = sheet.styles.get((r, c), CellStyle())
            fmt = _date_format(value)
            if fmt and not style.number_format:
                style = CellStyle(style.bold, style.fill, fmt, style.align, style.border)
            if value is None and style.plain:
                continue
            cells.append(cell_xml(a1(r, c), value, styles.xf(style), date1904))
            last_row, last_col = max(last_row, r), max(last_col, c)
        if cells:
            parts.append(f'<row r="{r}">' + "".join(cells) + "</row>")
    lay = sheet.layout
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n',
           f'<worksheet xmlns="{MAIN_NS}" xmlns:r="{REL_NS}">']
    if lay is not None and lay.fit_width:
        out.append('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>')
    dim = f"A1:{a1(last_row, last_col)}" if last_row else "A1"
    out.append(f'<dimension ref="{dim}"/>')
    if lay is not None and lay.title_rows:
        top = a1(lay.title_rows + 1, 1)
        out.append(f'<sheetViews><sheetView workbookViewId="0"><pane ySplit="{lay.title_rows}" '
                   f'topLeftCell="{top}" activePane="bottomLeft" state="frozen"/>'
                   f'<selection pane="bottomLeft" activeCell="{top}" sqref="{top}"/>'
                   '</sheetView></sheetViews>')
    else:
        out.append('<sheetViews><sheetView workbookViewId="0"/></sheetViews>')
    out.append('<sheetFormatPr defaultRowHeight="15"/>')
    if sheet.widths:
        out.append("<cols>" + "".join(
            f'<col min="{c}" max="{c}" width="{_number(float(w))}" customWidth="1"/>'
            for c, w in sorted(sheet.widths.items())) + "</cols>")
    out.append("<sheetData>" + "".join(parts) + "</sheetData>" if parts else "<sheetData/>")
    for i, h in enumerate(sheet.highlights, 1):
        dxf = styles.highlight(h.fill)
        out.append(f'<conditionalFormatting sqref="{h.ref}"><cfRule type="expression" '
                   f'dxfId="{dxf}" priority="{i}"><formula>LEN(TRIM({h.first_cell}))=0'
                   '</formula></cfRule></conditionalFormatting>')
    if sheet.validations:
        out.append(f'<dataValidations count="{len(sheet.validations)}">')
        for v in sheet.validations:
            listed = ",".join(v.choices).replace('"', '""')
            out.append(
                f'<dataValidation type="list" errorStyle="{"stop" if v.strict else "warning"}" '
                f'allowBlank="1" showErrorMessage="1" errorTitle="monrad" '
                f'error="{esc_attr(v.message)}" sqref="{v.ref}">'
                f'<formula1>{esc_text(chr(34) + listed + chr(34))}</formula1></dataValidation>')
        out.append("</dataValidations>")
    if lay is not None:
        out.append('<printOptions gridLines="0"/>')
    out.append('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" '
               'footer="0.3"/>')
    if lay is not None:
        fit = ' fitToWidth="1" fitToHeight="0"' if lay.fit_width else ""
        orient = "landscape" if lay.landscape else "portrait"
        out.append(f'<pageSetup paperSize="9" orientation="{orient}"{fit}/>')
    out.extend(sheet.drawings)  # after pageSetup, in schema order: drawing, legacyDrawing
    out.append("</worksheet>")
    return "".join(out).encode("utf-8")


_DRAWINGS = re.compile(r"<(?:[\w.-]+:)?(drawing|legacyDrawing)\b[^>]*?/>")


def sheet_drawings(xml: bytes) -> tuple[str, ...]:
    """The ``<drawing>`` and ``<legacyDrawing>`` elements of a worksheet part, in schema
    order and without prefix, for :attr:`OwnSheet.drawings`."""
    found = {m.group(1): re.sub(r"^<[\w.-]+:", "<", m.group(0))
             for m in _DRAWINGS.finditer(xml.decode("utf-8", "replace"))}
    return tuple(found[k] for k in ("drawing", "legacyDrawing") if k in found)


# --- single cells of a sheet monrad does not own -------------------------------------------
_REF = re.compile(r"([A-Z]{1,3})(\d+)$")


def col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def split_ref(ref: str) -> tuple[int, int]:
    """``E7`` -> ``(7, 5)``."""
    m = _REF.match(ref.replace("$", "").upper())
    if m is None:
        raise ValueError(ref)
    return int(m.group(2)), col_number(m.group(1))


_P = r"(?:[\w.-]+:)?"
_ROW = re.compile(rf"<({_P})row\b([^>]*?)(/>|>(.*?)</{_P}row\s*>)", re.DOTALL)
_CELL = re.compile(rf"<{_P}c\b([^>]*?)(?:/>|>.*?</{_P}c\s*>)", re.DOTALL)


def _attr(head: str, name: str) -> str | None:
    m = re.search(rf'(?:^|\s){name}\s*=\s*["\']([^"\']*)["\']', head)
    return m.group(1) if m else None


def patch_cells(xml: bytes, edits: Mapping[tuple[int, int], CellValue], where: str,
                date1904: bool = False,
                new_styles: Mapping[tuple[int, int], int] | None = None) -> bytes:
    """Set the values of the cells ``edits`` (``(row, col) -> value``) in a worksheet
    part, keeping each cell's style index and every other byte of the part.

    A cell that does not exist yet gets its style index from ``new_styles`` (rows
    added below a club's table, formatted like the row above); ``None`` there makes a
    cell with that style and no value."""
    fresh = dict(new_styles or {})
    try:
        text = xml.decode("utf-8")
    except UnicodeDecodeError:
        raise WorkbookError(tr('{where}: not UTF-8 XML; monrad cannot write into it', where=where)) from None
    data = re.search(rf"<({_P})sheetData\b[^>]*?(/>|>(.*?)</{_P}sheetData\s*>)", text, re.DOTALL)
    if data is None:
        raise WorkbookError(tr('{where}: no sheetData; monrad cannot write into it', where=where))
    prefix = data.group(1)
    by_row: dict[int, dict[int, CellValue]] = {}
    for (r, c), v in edits.items():
        by_row.setdefault(r, {})[c] = v
    inner = data.group(3) or ""
    out: list[str] = []
    pos = 0
    row_no = 0
    for m in _ROW.finditer(inner):
        out.append(inner[pos:m.start()])
        pos = m.end()
        r_attr = _attr(m.group(2), "r")
        row_no = int(r_attr) if r_attr else row_no + 1
        for r in sorted(k for k in by_row if k < row_no):  # rows that did not exist
            out.append(_new_row(prefix, r, by_row.pop(r), date1904, fresh))
        if row_no in by_row:
            out.append(_patch_row(m, row_no, by_row.pop(row_no), prefix, date1904, fresh))
        else:
            out.append(m.group(0))
    out.append(inner[pos:])
    for r in sorted(by_row):
        out.append(_new_row(prefix, r, by_row[r], date1904, fresh))
    new_data = f"<{prefix}sheetData>" + "".join(out) + f"</{prefix}sheetData>"
    return (text[:data.start()] + new_data + text[data.end():]).encode("utf-8")


def _prefixed(xml: str, prefix: str) -> str:
    return re.sub(r"<(/?)(?=[a-z])", lambda m: f"<{m.group(1)}{prefix}", xml) if prefix else xml


def _new_row(prefix: str, r: int, cells: Mapping[int, CellValue], date1904: bool,
             fresh: Mapping[tuple[int, int], int]) -> str:
    body = "".join(cell_xml(a1(r, c), v, fresh.get((r, c), 0), date1904)
                   for c, v in sorted(cells.items()) if v is not None or (r, c) in fresh)
    return _prefixed(f'<row r="{r}">{body}</row>', prefix) if body else ""


def _patch_row(m: re.Match, r: int, cells: dict[int, CellValue], prefix: str,
               date1904: bool, fresh: Mapping[tuple[int, int], int]) -> str:
    head = re.sub(r'\sspans\s*=\s*["\'][^"\']*["\']', "", m.group(2))  # spans may be stale
    inner = m.group(4) or ""
    out = []
    pos = 0
    col = 0
    for cm in _CELL.finditer(inner):
        out.append(inner[pos:cm.start()])
        pos = cm.end()
        ref = _attr(cm.group(1), "r")
        col = split_ref(ref)[1] if ref else col + 1
        for c in sorted(k for k in cells if k < col):
            if cells[c] is not None or (r, c) in fresh:
                out.append(_prefixed(cell_xml(a1(r, c), cells[c], fresh.get((r, c), 0),
                                              date1904), prefix))
            del cells[c]
        if col in cells:
            s = int(_attr(cm.group(1), "s") or 0)
            out.append(_prefixed(cell_xml(a1(r, col), cells.pop(col), s, date1904), prefix))
        else:
            out.append(cm.group(0))
    out.append(inner[pos:])
    for c in sorted(cells):
        if cells[c] is not None or (r, c) in fresh:
            out.append(_prefixed(cell_xml(a1(r, c), cells[c], fresh.get((r, c), 0), date1904),
                                 prefix))
    return f"<{m.group(1)}row{head}>" + "".join(out) + f"</{m.group(1)}row>"


def column_ref(first_row: int, col: int, last_row: int) -> str:
    return f"{col_letter(col)}{first_row}:{col_letter(col)}{last_row}"


_COL = re.compile(rf"<{_P}col\b([^>]*?)/?>")


def cell_style_indexes(xml: bytes, rows: range) -> dict[tuple[int, int], int]:
    """``(row, col) -> s`` of every cell of ``rows`` that has a style index."""
    text = xml.decode("utf-8", errors="replace")
    out: dict[tuple[int, int], int] = {}
    row_no = 0
    for m in _ROW.finditer(text):
        r_attr = _attr(m.group(2), "r")
        row_no = int(r_attr) if r_attr else row_no + 1
        if row_no not in rows:
            continue
        col = 0
        for cm in _CELL.finditer(m.group(4) or ""):
            ref = _attr(cm.group(1), "r")
            col = split_ref(ref)[1] if ref else col + 1
            s = _attr(cm.group(1), "s")
            if s and s != "0":
                out[(row_no, col)] = int(s)
    return out


_FORMULA = re.compile(rf"<{_P}f\b")


def formula_cells(xml: bytes) -> set[tuple[int, int]]:
    """``(row, col)`` of every cell of a worksheet part that holds a formula (``<f>``,
    a shared or an array formula's member included)."""
    text = xml.decode("utf-8", errors="replace")
    out: set[tuple[int, int]] = set()
    row_no = 0
    for m in _ROW.finditer(text):
        r_attr = _attr(m.group(2), "r")
        row_no = int(r_attr) if r_attr else row_no + 1
        col = 0
        for cm in _CELL.finditer(m.group(4) or ""):
            ref = _attr(cm.group(1), "r")
            col = split_ref(ref)[1] if ref else col + 1
            if _FORMULA.search(cm.group(0)):
                out.add((row_no, col))
    return out


def column_widths(xml: bytes, last_col: int = 256) -> dict[int, float]:
    """The custom column widths of a worksheet part (``<cols>``), by column."""
    text = xml.decode("utf-8", errors="replace")
    out: dict[int, float] = {}
    for m in _COL.finditer(text):
        head = m.group(1)
        width = _attr(head, "width")
        lo, hi = _attr(head, "min"), _attr(head, "max")
        if width is None or lo is None or hi is None:
            continue
        for c in range(int(lo), min(int(hi), last_col) + 1):
            out[c] = float(width)
    return out
