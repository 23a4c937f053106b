"""Issue 12, the pieces of the package writer: append-only styles, single-cell patches
that leave every other byte, and index edits in a workbook whose XML uses a namespace
prefix (as the Open XML SDK writes it)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest

from monrad.converters.workbook.package_book import open_book
from monrad.converters.workbook.sheet_xml import patch_cells
from monrad.converters.workbook.styles_xml import DEFAULT_STYLES, CellStyle, StylesEditor

HEADER = CellStyle(bold=True, fill="D9E1F2", align="center", border=True)


def test_styles_are_appended_never_renumbered_and_found_again():
    first = StylesEditor(DEFAULT_STYLES, "styles.xml")
    plain = first.xf(CellStyle())
    header = first.xf(HEADER)
    dxf = first.highlight("FFF2CC")
    assert (plain, header, dxf) == (0, 1, 0)
    assert first.xf(CellStyle(border=True)) == 2
    assert first.xml.startswith(DEFAULT_STYLES[:DEFAULT_STYLES.index("<fonts")])
    again = StylesEditor(first.xml, "styles.xml")  # the next run
    assert again.xf(HEADER) == 1 and again.xf(CellStyle(border=True)) == 2
    assert again.highlight("FFF2CC") == 0
    assert not again.changed and again.xml == first.xml
    assert 'count="3"' in re.search(r"<cellXfs[^>]*>", again.xml).group(0)


def test_a_custom_number_format_gets_a_new_id_from_164():
    ed = StylesEditor(DEFAULT_STYLES, "styles.xml")
    ed.xf(CellStyle(number_format="0.000"))
    assert '<numFmt numFmtId="164" formatCode="0.000"/>' in ed.xml
    assert ed.xml.index("<numFmts") < ed.xml.index("<fonts")


SHEET = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
         b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
         b'<sheetData><row r="1" spans="1:3"><c r="A1" s="3" t="s"><v>0</v></c>'
         b'<c r="C1"><f>A1&amp;"x"</f><v>7</v></c></row>'
         b'<row r="4"><c r="B4" s="5"/></row></sheetData>'
         b'<mergeCells count="1"><mergeCell ref="A9:B9"/></mergeCells></worksheet>')


def test_a_patch_changes_only_the_cells_written():
    out = patch_cells(SHEET, {(4, 2): "1-0", (2, 1): 5, (1, 2): "=HYPERLINK(1)"}, "sheet")
    text = out.decode()
    assert '<c r="B4" s="5" t="inlineStr"><is><t>1-0</t></is></c>' in text, "style kept"
    assert '<row r="2"><c r="A2"><v>5</v></c></row>' in text, "a new row, in order"
    assert text.index('r="2"') < text.index('r="4"')
    assert '<c r="B1" t="inlineStr"><is><t>=HYPERLINK(1)</t></is></c>' in text
    assert text.index('r="A1"') < text.index('r="B1"') < text.index('r="C1"')
    assert '<c r="C1"><f>A1&amp;"x"</f><v>7</v></c>' in text, "the user's formula stays"
    assert text.endswith('<mergeCells count="1"><mergeCell ref="A9:B9"/></mergeCells></worksheet>')
    assert patch_cells(SHEET, {}, "sheet") == SHEET, "no edit, not a byte changed"


def _prefixed(path: Path) -> Path:
    """The package with ``x:``-prefixed SpreadsheetML in workbook, styles and sheets."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    out = path.with_name("prefixed.xlsx")
    main = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in items:
            if info.filename == "xl/workbook.xml" or info.filename == "xl/styles.xml" or \
                    info.filename.startswith("xl/worksheets/sheet"):
                data = re.sub(rb"<(/?)(?![?!])([A-Za-z]+)(?=[\s>/])",
                              lambda m: b"<" + m.group(1) + b"x:" + m.group(2), data)
                data = data.replace(b'xmlns="' + main + b'"', b'xmlns:x="' + main + b'"')
            z.writestr(info, data)
    return out


def test_a_workbook_with_prefixed_xml_gets_prefixed_edits(tmp_path: Path):
    wb = openpyxl.Workbook()
    wb.active.title = "Notes"
    wb.active["A1"] = "kept"
    wb.save(tmp_path / "plain.xlsx")
    path = _prefixed(tmp_path / "plain.xlsx")
    book = open_book(path)
    assert book.read_range("Notes", 1, 1, 1, 1) == [["kept"]]
    book.add_sheet("Round 1")
    book.write_range("Round 1", 1, 1, [["Board", 1]])
    book.style_range("Round 1", 1, 1, 1, 2, bold=True, border=True)
    book.set_print_layout("Round 1", 1)
    book.save()
    with zipfile.ZipFile(path) as z:
        wbxml = z.read("xl/workbook.xml").decode()
        styles = z.read("xl/styles.xml").decode()
    assert '<x:sheet name="Round 1"' in wbxml and "<x:definedName " in wbxml
    assert "<sheet " not in wbxml and "<xf " not in styles.split("<x:cellXfs")[1]
    again = openpyxl.load_workbook(path)
    assert again.sheetnames == ["Notes", "Round 1"]
    assert again["Round 1"]["A1"].value == "Board" and again["Round 1"]["A1"].font.b
    assert again["Notes"]["A1"].value == "kept"


def test_a_sheet_reaching_a_far_cell_is_refused_naming_it(tmp_path: Path):
    """The reader holds a sheet's area from A1 densely: a lone far cell (XFD90000) would
    make it billions of cells, so the sheet is refused, the cell named, before reading."""
    from monrad.converters.workbook.binding import WorkbookError

    wb = openpyxl.Workbook()
    wb.active.title = "S"
    wb.active["A1"] = "x"
    wb.active["XFD90000"] = "far"
    wb.save(tmp_path / "far.xlsx")
    # refused when the file is opened (converters/limits.py reads the declared size and
    # scans the cell references before anything is read, issue 21)
    with pytest.raises(WorkbookError, match=r"sheet 'S': the sheet declares 16384 columns"):
        open_book(tmp_path / "far.xlsx")
