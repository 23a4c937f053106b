"""Prize categories and prizes in the workbook (issue 41 item 1): the Settings rows in
the workbook's language, a cell that cannot be read named, the Categories and Prizes
sheets the *Update standings* button writes, the category standings of ``monrad
standings`` and the prize page of the published site."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.addin.jobs.book import update_standings
from monrad.converters import load, save
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.errors import InputError
from monrad.converters.publish import site_pages
from monrad.converters.trf import read_trf
from monrad.converters.workbook.package_book import open_book

OPEN = DATA / "prizes" / "club-open.trf"


def _norwegian_book(tmp_path: Path, rows: list[tuple[str, str]]) -> Path:
    """The club open as a Norwegian workbook whose Settings sheet holds ``rows`` (label,
    value) from row 30 on, as a secretary types them."""
    t = read_trf(OPEN)
    t.settings = t.settings.replace(options={})
    path = tmp_path / "klubb.xlsx"
    save(t, path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    ws.title = "Innstillinger"
    wb["Players"].title = "Spillere"
    for i, (label, value) in enumerate(rows, 30):
        ws.cell(i, 1, label)
        ws.cell(i, 2, value)
    wb.save(path)
    return path


def test_issue41_item1_settings_rows_in_norwegian(tmp_path: Path) -> None:
    path = _norwegian_book(tmp_path, [
        ("Premiekategori", "Klasse 1: rating 1800-1999"), ("Premiekategori", "Junior: født 2008-"),
        ("Premiekategori", "Kvinner: kjønn k"), ("Premier", "3000, 2000, 1000"),
        ("Premier", "Kvinner: 500, pokal"), ("Delt plass", "hort"), ("Én premie per spiller", "ja"),
        ("Like premier", "plassering")])
    options = read_xlsx(path).settings.options
    assert options == {"categories": ["Klasse 1: rating 1800-1999", "Junior: born 2008-",
                                      "Kvinner: sex w"],
                       "prizes": ["3000, 2000, 1000", "Kvinner: 500, pokal"],
                       "shared_places": "hort", "equal_prizes": "place"}


@pytest.mark.parametrize("rows, cell, words", [
    ([("Premiekategori", "Junior født 2008-")], "B30", "write the name, a colon"),
    ([("Premiekategori", "Junior: født 2008-"), ("Premier", "Senior: 500")], "B31",
     "'Senior' is not a category"),
    ([("Delt plass", "loddtrekning")], "B30", "is not one of split, hort, tiebreak"),
])
def test_issue41_item1_a_bad_settings_cell_is_named(tmp_path: Path, rows, cell: str,
                                                    words: str) -> None:
    path = _norwegian_book(tmp_path, rows)
    with pytest.raises(InputError) as err:
        read_xlsx(path)
    assert f"sheet 'Innstillinger' cell {cell}" in str(err.value) and words in str(err.value)


def test_issue41_item1_trf_prize_record_error_names_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    text = OPEN.read_text(encoding="utf-8").replace('"Junior: 500"', '"Juniors: 500"')
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as err:
        read_trf(bad)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if x.startswith("XMN option prizes"))
    assert f"bad.trf:{line}:" in str(err.value) and "'Juniors' is not a category" in str(err.value)


@pytest.mark.parametrize("suffix", [".trf", ".csv", ".xlsx"])
def test_issue41_item1_settings_survive_every_format(tmp_path: Path, suffix: str) -> None:
    t = read_trf(OPEN)
    save(t, tmp_path / f"open{suffix}")
    assert load(tmp_path / f"open{suffix}").settings.options == t.settings.options


def test_issue41_item1_update_standings_writes_categories_and_prizes_sheets(tmp_path: Path) -> None:
    path = tmp_path / "open.xlsx"
    save(read_trf(OPEN), path)
    report = update_standings(open_book(path))
    assert {"Categories", "Prizes"} <= set(report.sheets_written)
    wb = openpyxl.load_workbook(path)
    prizes = [list(r) for r in wb["Prizes"].iter_rows(values_only=True)]
    assert ["3-4", 6, "Vik, Tor", "3.5", 1000, 800] in prizes
    assert ["2-3", 8, "Holm, Jon", 2, 200, 300] in prizes
    assert ["Total", None, 10900, None] in [r[:4] for r in prizes]
    cats = [list(r) for r in wb["Categories"].iter_rows(values_only=True)]
    assert any(r[0] == "Junior (born 2008-)" for r in cats)
    assert [1, 3, 6, "Vik, Tor", "Bergen SK", 1820, "3.5"] in cats


def test_issue41_item1_standings_per_category_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    local = tmp_path / "open.trf"
    shutil.copy(OPEN, local)
    assert main(["standings", str(local), "--lang", "nb"]) == 0
    out = capsys.readouterr().out
    assert "Junior (født 2008-)" in out and "Kvinner (kjønn k)" in out
    assert main(["standings", str(local), "--category", "senior", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [x.split(",")[:2] for x in lines[1:]] == [["1", "5"], ["2", "8"], ["3", "13"],
                                                     ["4", "16"]]


def test_issue41_item1_site_has_the_prize_page() -> None:
    pages = site_pages(read_trf(OPEN), "sv")
    assert "Prislista efter rond 5" in pages["priser.html"]
    assert "Ställning per kategori efter rond 5" in pages["index.html"]
