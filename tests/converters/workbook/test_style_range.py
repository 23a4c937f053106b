"""``OpenpyxlBook.style_range``: the styles it gives, cell by cell, whatever the
shortcut it takes to give them (one style object per call, indexes per cell)."""

from __future__ import annotations

import pytest

pytest.importorskip("openpyxl")

from openpyxl.styles import Font  # noqa: E402

from monrad.converters.workbook.openpyxl_book import new_book  # noqa: E402


def _book():
    b = new_book("styles.xlsx")
    b.workbook.create_sheet("S")
    b.write_range("S", 1, 1, [[1, 2, 3], [4, 5, 6]])
    return b


def test_style_range_header_block_gets_every_style():
    b = _book()
    b.style_range("S", 1, 1, 1, 3, bold=True, fill="D9E1F2", border=True, align="center")
    ws = b.workbook["S"]
    for c in ws[1][:3]:
        assert c.font.b is True
        assert c.fill.fill_type == "solid" and c.fill.fgColor.rgb == "00D9E1F2"
        assert all(getattr(c.border, side).style == "thin"
                   for side in ("left", "right", "top", "bottom"))
        assert (c.alignment.horizontal, c.alignment.vertical) == ("center", "center")
    # the cell beside the block and the row below are untouched
    assert not ws["D1"].font.b and ws["D1"].border.left.style is None
    assert not ws["A2"].font.b and ws["A2"].fill.fill_type is None


def test_style_range_bold_keeps_the_rest_of_each_cells_font():
    b = _book()
    ws = b.workbook["S"]
    ws["A1"].font = Font(name="Arial", size=14, italic=True)
    ws["B1"].font = Font(name="Calibri", size=9, color="FF0000")
    b.style_range("S", 1, 1, 1, 3, bold=True)
    assert (ws["A1"].font.name, ws["A1"].font.sz, ws["A1"].font.i, ws["A1"].font.b) == (
        "Arial", 14, True, True)
    assert (ws["B1"].font.sz, ws["B1"].font.color.rgb, ws["B1"].font.b) == (9, "00FF0000", True)
    b.style_range("S", 1, 1, 1, 1, bold=False)
    assert (ws["A1"].font.name, ws["A1"].font.i, ws["A1"].font.b) == ("Arial", True, False)


def test_style_range_removes_borders_and_sets_number_format_on_new_cells():
    b = _book()
    b.style_range("S", 1, 1, 4, 4, border=True)
    b.style_range("S", 2, 1, 4, 4, border=False, number_format="0.00", align="left")
    ws = b.workbook["S"]
    assert ws["A1"].border.left.style == "thin"
    for row in ws.iter_rows(min_row=2, max_row=4, max_col=4):
        for c in row:
            assert c.border.left is None or c.border.left.style is None
            assert c.number_format == "0.00"
            assert c.alignment.horizontal == "left"
    # the bottom-right cell never had a value: it is created and styled all the same
    assert ws["D4"].value is None and ws["D4"].number_format == "0.00"


def test_style_range_saves_and_reloads(tmp_path):
    import openpyxl

    b = _book()
    b.style_range("S", 1, 1, 2, 3, bold=True, fill="FFF2CC", border=True, align="center")
    b.save_as(tmp_path / "s.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "s.xlsx")["S"]
    assert ws["C2"].font.b and ws["C2"].fill.fgColor.rgb == "00FFF2CC"
    assert ws["C2"].border.bottom.style == "thin" and ws["C2"].alignment.horizontal == "center"
