"""Issue 21, cases 1-3: hard limits checked on a workbook's zip index and its sheets'
declared and scanned size before any cell is read, the same for every reader
(openpyxl, calamine for .xlsx/.xls/.ods), and on text files (TRF, CSV, WOF).

Each hostile file is made here from a real one (a monrad workbook written by
``monrad.converters.save``, the LibreOffice ``.xls``/``.ods`` in ``tests/data/batch``)
by changing the one thing the case is about; the readers behind the check are
replaced by a tripwire so that a test fails if the file gets past the limits."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA, REPO

from monrad.converters import limits, load
from monrad.converters.errors import InputError
from monrad.converters.trf import read_trf
from monrad.converters.workbook import calamine_book, openpyxl_book, package_book

CLUB_TRF = REPO / "examples" / "club.trf"


@pytest.fixture()
def tripwire(monkeypatch):
    """openpyxl and calamine must never be reached for a refused file."""
    def boom(*a, **k):
        raise AssertionError("the reader was reached: the limits were not checked first")

    monkeypatch.setattr(openpyxl_book.openpyxl, "load_workbook", boom)
    pc = calamine_book._calamine()
    monkeypatch.setattr(pc.CalamineWorkbook, "from_path", boom)


def _rewrite(path: Path, part: str, change) -> None:
    """Rewrite one part of a zip package (the others copied as they are)."""
    tmp = path.with_suffix(".new")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename == part:
                data = change(data)
            dst.writestr(info, data, compress_type=zipfile.ZIP_STORED
                         if info.filename == "mimetype" else zipfile.ZIP_DEFLATED)
    tmp.replace(path)


def _players_part(path: Path) -> str:
    """The part of the Players sheet (workbook.xml -> relationship -> part)."""
    with zipfile.ZipFile(path) as zf:
        book = zf.read("xl/workbook.xml").decode()
        rels = zf.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(r'<sheet [^>]*name="Players"[^>]*r:id="(\w+)"', book).group(1)
    target = re.search(rf'<Relationship [^>]*Id="{rid}"[^>]*Target="([^"]+)"', rels) or \
        re.search(rf'<Relationship [^>]*Target="([^"]+)"[^>]*Id="{rid}"', rels)
    return "xl/" + target.group(1).removeprefix("/xl/")


def _far_cell(path: Path, *, dimension: str | None) -> None:
    """One cell at XFD99000 on the Players sheet; the ``<dimension>`` set to
    ``dimension`` (``None``: removed)."""
    def change(xml: bytes) -> bytes:
        xml = re.sub(rb"<dimension [^>]*/>", b"" if dimension is None else
                     f'<dimension ref="{dimension}"/>'.encode(), xml)
        return xml.replace(b"</sheetData>", b'<row r="99000"><c r="XFD99000" t="inlineStr">'
                           b"<is><t>x</t></is></c></row></sheetData>")
    _rewrite(path, _players_part(path), change)


def _both_readers_refuse(path: Path, pattern: str) -> None:
    with pytest.raises(InputError, match=pattern) as a:
        package_book.open_book(path)
    with pytest.raises(InputError, match=pattern) as b:
        calamine_book.open_legacy_book(path)
    for exc in (a.value, b.value):
        assert "\n" not in str(exc) and "Players" in str(exc)


def test_issue21_case1_far_cell_declared_dimension_refused_before_reading(book, tripwire):
    _far_cell(book, dimension="A1:XFD99000")
    _both_readers_refuse(book, r"sheet 'Players'.*declares 16384 columns \(limit 1024\)")


def test_issue21_case1_far_cell_without_dimension_found_by_the_scan(book, tripwire):
    _far_cell(book, dimension=None)
    _both_readers_refuse(book, r"sheet 'Players' cell XFD99000: .*16384 .*limit 1024")


def test_issue21_case1_a_dimension_that_lies_does_not_hide_the_cell(book, tripwire):
    _far_cell(book, dimension="A1:C3")
    _both_readers_refuse(book, r"cell XFD99000")


def test_issue21_case1_rows_without_r_attributes_are_counted(book, tripwire):
    rows = "".join(f"<row><c><v>{i}</v></c></row>" for i in range(limits.MAX_ROWS + 1)).encode()
    _rewrite(book, _players_part(book), lambda xml: re.sub(
        rb"<dimension [^>]*/>", b"", xml).replace(b"</sheetData>", rows + b"</sheetData>"))
    _both_readers_refuse(book, rf"{limits.MAX_ROWS + 1}.* rows")


def test_issue21_case3_a_huge_part_is_refused_by_its_unpacked_size(book, tripwire):
    filler = b"<!--" + b" " * (limits.MAX_PART_BYTES + 1) + b"-->"
    _rewrite(book, _players_part(book), lambda xml: xml.replace(b"<sheetData>", filler + b"<sheetData>"))
    assert book.stat().st_size < 1024 * 1024  # a small file ...
    with pytest.raises(InputError, match=r"unpacks to \d+ bytes \(limit 67108864\)"):
        package_book.open_book(book)  # ... refused from the zip index alone


def test_issue21_case3_a_zip_bomb_ratio_is_refused(book, tripwire):
    filler = b"<!--" + b" " * (8 * 1024 * 1024) + b"-->"
    _rewrite(book, _players_part(book), lambda xml: xml.replace(b"<sheetData>", filler + b"<sheetData>"))
    with pytest.raises(InputError, match=r"compressed \d+:1 \(limit 500:1\)"):
        calamine_book.open_legacy_book(book)


def test_issue21_case3_too_many_parts_are_refused(book, tripwire):
    with zipfile.ZipFile(book, "a") as zf:
        for i in range(limits.MAX_PARTS):
            zf.writestr(f"customXml/item{i}.xml", b"<a/>")
    with pytest.raises(InputError, match=rf"\d+ parts \(limit {limits.MAX_PARTS}\)"):
        package_book.open_book(book)


def test_issue21_case2_ods_repeated_cells_refused_before_calamine(tmp_path, tripwire):
    ods = tmp_path / "club.ods"
    shutil.copy(DATA / "batch" / "monrad-layout.ods", ods)

    def change(xml: bytes) -> bytes:  # the first cell with a value, repeated 5000 times
        return re.sub(rb"<table:table-cell ([^>]*office:value-type)",
                      rb'<table:table-cell table:number-columns-repeated="5000" \1', xml, count=1)
    _rewrite(ods, "content.xml", change)
    with pytest.raises(InputError, match=r"club\.ods: sheet '.*': .*columns \(limit 1024\)"):
        calamine_book.open_legacy_book(ods)


def test_issue21_ods_empty_repeats_up_to_the_last_row_are_fine(tmp_path):
    """LibreOffice writes empty rows repeated to row 1,048,576: not content."""
    ods = tmp_path / "club.ods"
    shutil.copy(DATA / "batch" / "monrad-layout.ods", ods)
    content = zipfile.ZipFile(ods).read("content.xml")
    assert b'number-rows-repeated="10' in content or b"number-rows-repeated" in content
    limits.check_workbook(ods)
    assert calamine_book.open_legacy_book(ods).sheet_names()


def test_issue21_case2_xls_cell_far_away_refused_before_calamine(tmp_path, tripwire):
    import olefile

    xls = tmp_path / "club.xls"
    shutil.copy(DATA / "batch" / "monrad-layout.xls", xls)
    with olefile.OleFileIO(str(xls), write_mode=True) as ole:
        data = bytearray(ole.openstream("Workbook").read())
        pos, bofs = 0, 0
        while pos + 4 <= len(data):  # the first LABELSST of the first sheet
            kind, size = int.from_bytes(data[pos:pos + 2], "little"), int.from_bytes(data[pos + 2:pos + 4], "little")
            bofs += kind == 0x0809
            if kind == 0x00FD and bofs >= 2:
                data[pos + 4:pos + 8] = (60000).to_bytes(2, "little") + (40000).to_bytes(2, "little")
                break
            pos += 4 + size
        else:  # pragma: no cover - the fixture has text cells
            pytest.fail("no LABELSST record found")
        ole.write_stream("Workbook", bytes(data))
    with pytest.raises(InputError, match=r"club\.xls: sheet '.+': .*40001 columns \(limit 1024\)"):
        calamine_book.open_legacy_book(xls)


def test_every_real_workbook_passes_the_limits():
    books = [*sorted((DATA / "fixtures" / "club-sheets").glob("*.xlsx")),
             *sorted((DATA / "batch").glob("*.xls")), *sorted((DATA / "batch").glob("*.ods")),
             *sorted((REPO / "templates").glob("*.xls*"))]
    assert len(books) > 15
    for p in books:
        limits.check_workbook(p)


def test_a_full_size_sheet_is_accepted(tmp_path):
    """100,000 rows by 20 columns is the most a sheet may have: it passes."""
    path = tmp_path / "big.xlsx"
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Players")
    for r in range(limits.MAX_ROWS // 100):
        ws.append([r] * 20)
    wb.save(path)
    limits.check_workbook(path)


def test_issue21_text_with_too_many_lines_is_refused_naming_the_line(tmp_path):
    text = CLUB_TRF.read_text(encoding="utf-8") + "### filler\n" * limits.MAX_LINES
    f = tmp_path / "long.trf"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=rf"long\.trf:{limits.MAX_LINES + 1}: more than"):
        read_trf(f)


def test_issue21_csv_row_with_too_many_fields_is_refused_naming_the_line(tmp_path):
    f = tmp_path / "wide.csv"
    f.write_text("No.;Name\n1;" + ";x" * (limits.MAX_FIELDS + 1) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"wide\.csv:2: 1027 fields in one row \(limit 1024\)"):
        load(f)


def test_issue21_rows_and_columns_within_their_limits_but_too_many_cells(book, tripwire):
    """99,000 rows by 1,000 columns: each within its limit, but a reader would read
    a rectangle of 99 million cells (a fuzzed workbook ran for minutes)."""
    _far_cell(book, dimension=None)
    _rewrite(book, _players_part(book), lambda xml: xml.replace(b"XFD99000", b"ALL99000"))
    _both_readers_refuse(book, r"cell ALL99000: the sheet spans 99000 rows by 1000 columns, "
                               r"more than 2000000 cells")


@pytest.mark.parametrize("kind", [IndexError, KeyError, TypeError, ZeroDivisionError,
                                  OverflowError, RecursionError, zipfile.BadZipFile])
def test_issue21_any_exception_a_reader_raises_is_one_line_naming_the_file(tmp_path, monkeypatch,
                                                                           kind):
    from monrad.converters import trf

    def broken(*a, **k):
        raise kind("something\nunexpected")
    monkeypatch.setattr(trf, "read_trf", broken)
    f = tmp_path / "club.trf"
    shutil.copy(CLUB_TRF, f)
    with pytest.raises(InputError) as exc:
        load(f)
    message = str(exc.value)
    assert message.startswith(f"{f}: not a readable trf file ({kind.__name__}: ")
    assert "something" in message and "\n" not in message
