"""The macro-enabled club workbook, built from source by templates/build_xlsm.py:
openpyxl opens it keeping the VBA, oletools reads back the module (equal to
converters/xlsm/src/monrad.bas), the ribbon part names the module's callbacks, and a save
through the CLI's openpyxl back end keeps VBA and ribbon."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import openpyxl
import pytest

from monrad.converters import xlsm as build_xlsm

olevba = pytest.importorskip("oletools.olevba")

REPO = Path(__file__).resolve().parents[3]
SRC = REPO / "converters" / "xlsm" / "src"
MONRAD_BAS = (SRC / "monrad.bas").read_text(encoding="utf-8")


def _vba_modules(data: bytes) -> dict[str, str]:
    parser = olevba.VBA_Parser("club.xlsm", data=data, relaxed=False)
    try:
        return {name: code.replace("\r\n", "\n") for (_, _, name, code) in parser.extract_macros()}
    finally:
        parser.close()


def _check_xlsm(data: bytes, lang: str) -> None:
    wb = openpyxl.load_workbook(io.BytesIO(data), keep_vba=True)
    assert wb.vba_archive is not None
    assert "xl/vbaProject.bin" in wb.vba_archive.namelist()
    wb.vba_archive.close()
    modules = _vba_modules(data)
    assert modules["monrad.bas"] == MONRAD_BAS
    # One document module per sheet, named by the sheet's codeName.
    code_names = [ws.sheet_properties.codeName for ws in wb.worksheets]
    assert all(code_names)
    assert set(modules) == {"ThisWorkbook.cls", "monrad.bas"} | {f"{c}.cls" for c in code_names}
    assert wb.code_name == "ThisWorkbook"
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        types = zf.read("[Content_Types].xml").decode()
        assert build_xlsm.XLSM_MAIN in types and build_xlsm.XLSX_MAIN not in types
        assert build_xlsm.CUSTOMUI_REL in zf.read("_rels/.rels").decode()
        assert build_xlsm.VBA_REL in zf.read("xl/_rels/workbook.xml.rels").decode()
        ribbon = ET.fromstring(zf.read(build_xlsm.CUSTOMUI_PART))
    actions = {b.get("onAction") for b in ribbon.iter(f"{{{build_xlsm.CUSTOMUI_NS}}}button")}
    assert actions == {"Ribbon_PairNextRound", "Ribbon_UpdateStandings", "Ribbon_DrawStartNumbers",
                       "Ribbon_ExplainRound"}
    for action in actions:  # every callback exists in the module, with the ribbon's signature
        assert re.search(rf"^Public Sub {action}\(control As Object\)$", MONRAD_BAS, re.MULTILINE)
    tab = next(ribbon.iter(f"{{{build_xlsm.CUSTOMUI_NS}}}tab"))
    assert tab.get("label") == "monrad"
    if lang != "en":
        labels = {b.get("label") for b in ribbon.iter(f"{{{build_xlsm.CUSTOMUI_NS}}}button")}
        assert "Pair next round" not in labels


def test_vba_module_calls_python_entry_points_through_runpython() -> None:
    calls = re.findall(r'CallMonrad "([^"]+)"', MONRAD_BAS)
    assert calls == [
        "import monrad.addin.ribbon as r; r.pair_next_round()",
        "import monrad.addin.ribbon as r; r.update_standings()",
        "import monrad.addin.ribbon as r; r.draw_start_numbers()",
        "import monrad.addin.ribbon as r; r.explain_rounds()",
    ]
    assert "RunPython" in MONRAD_BAS
    from monrad.addin import ribbon
    assert callable(ribbon.pair_next_round) and callable(ribbon.update_standings)
    assert callable(ribbon.draw_start_numbers) and callable(ribbon.explain_rounds)


@pytest.mark.parametrize("lang", build_xlsm.LANGS)
def test_build_xlsm_from_source(lang: str) -> None:
    xlsx = (REPO / "templates" / f"club-{lang}.xlsx").read_bytes()
    data = build_xlsm.make_xlsm(xlsx, lang)
    _check_xlsm(data, lang)
    assert build_xlsm.make_xlsm(xlsx, lang) == data  # reproducible
    # The sheets (names and order) are the .xlsx's.
    before = openpyxl.load_workbook(io.BytesIO(xlsx)).sheetnames
    after = openpyxl.load_workbook(io.BytesIO(data), keep_vba=True)
    after.vba_archive.close()
    assert after.sheetnames == before


@pytest.mark.parametrize("lang", build_xlsm.LANGS)
def test_shipped_xlsm_template(lang: str) -> None:
    path = REPO / "templates" / f"club-{lang}.xlsm"
    if not path.exists():
        pytest.fail(f"{path} is missing: run python templates/build_xlsm.py")
    _check_xlsm(path.read_bytes(), lang)


def test_build_xlsm_refuses_a_workbook_with_vba_already() -> None:
    xlsx = (REPO / "templates" / "club-en.xlsx").read_bytes()
    once = build_xlsm.make_xlsm(xlsx, "en")
    with pytest.raises(build_xlsm.TemplateBuildError, match="already holds a VBA project"):
        build_xlsm.make_xlsm(once, "en")
    with pytest.raises(build_xlsm.TemplateBuildError, match="unknown language"):
        build_xlsm.make_xlsm(xlsx, "fi")


def test_openpyxl_save_keeps_vba_and_ribbon(tmp_path: Path) -> None:
    """The CLI writes results into a .xlsm through the openpyxl back end: the VBA
    project and the ribbon must come out of that save unchanged."""
    from monrad.converters.workbook.package_book import open_book
    xlsx = (REPO / "templates" / "club-no.xlsx").read_bytes()
    data = build_xlsm.make_xlsm(xlsx, "no")
    path = tmp_path / "klubb.xlsm"
    path.write_bytes(data)
    book = open_book(path)
    sheet = book.sheet_names()[0]
    book.write_range(sheet, 40, 1, [["written by the test"]])
    book.save()
    saved = path.read_bytes()
    _check_xlsm(saved, "no")
    with zipfile.ZipFile(io.BytesIO(data)) as a, zipfile.ZipFile(io.BytesIO(saved)) as b:
        assert a.read("xl/vbaProject.bin") == b.read("xl/vbaProject.bin")
        assert a.read(build_xlsm.CUSTOMUI_PART) == b.read(build_xlsm.CUSTOMUI_PART)


def test_write_xlsm_for_monrad_new(tmp_path: Path) -> None:
    """``monrad new club.xlsm`` support: a new workbook saved as a real .xlsm."""
    from monrad.converters.book.new_workbook import build_book
    from monrad.engine.model import Player

    target = tmp_path / "klubb.xlsm"
    book = build_book(target, "nsf", 7, [Player(1, "Ola Nordmann"), Player(2, "Kari Hansen")], "no", seed=1)
    assert build_xlsm.write_xlsm(book.workbook, target, "no") == target
    _check_xlsm(target.read_bytes(), "no")
    assert [p.name for p in tmp_path.iterdir()] == ["klubb.xlsm"]  # no temporary file left


def _assert_real_xlsm(path: Path, lang: str) -> None:
    """Opens with keep_vba, olevba reads the monrad module back, the ribbon speaks ``lang``."""
    data = path.read_bytes()
    _check_xlsm(data, lang)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.read(build_xlsm.CUSTOMUI_PART) == build_xlsm.ribbon_xml(lang)


@pytest.mark.parametrize("lang", build_xlsm.LANGS)
def test_create_workbook_xlsm_is_macro_enabled(tmp_path: Path, lang: str) -> None:
    """``create_workbook(..., "club.xlsm")`` writes a real .xlsm (VBA project, ribbon in
    the workbook's language), not an .xlsx package under an .xlsm name."""
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.engine.model import Player

    path = create_workbook(tmp_path / "club.xlsm", "nsf", 7,
                           [Player(1, "Ola Nordmann"), Player(2, "Kari Hansen")], lang, seed=3)
    _assert_real_xlsm(path, lang)
    assert [p.name for p in tmp_path.iterdir()] == ["club.xlsm"]


def test_monrad_new_xlsm_then_pair_keeps_the_vba(tmp_path: Path, capsys) -> None:
    """``monrad new club.xlsm`` then ``monrad pair club.xlsm``: macro-enabled throughout."""
    from monrad.addin.cli import main
    from monrad.addin.jobs.book import run_pair

    roster = tmp_path / "roster.csv"
    roster.write_text("Nr;Navn;Elo\n" + "".join(f"{i};Spiller {i};{2000 - i}\n" for i in range(1, 9)),
                      encoding="utf-8")
    path = tmp_path / "klubb.xlsm"
    assert main(["new", str(path), "--system", "nsf", "--rounds", "5", "--lang", "no",
                 "--players", str(roster), "--seed", "9"]) == 0
    _assert_real_xlsm(path, "no")
    with zipfile.ZipFile(path) as zf:
        vba = zf.read(build_xlsm.VBA_PART)
    status, text = run_pair(str(path))
    assert status == 0, text
    wb = openpyxl.load_workbook(path, keep_vba=True)
    assert "Runde 1" in wb.sheetnames and wb.vba_archive is not None
    with zipfile.ZipFile(path) as zf:  # the project and ribbon come through the save as they were
        assert zf.read(build_xlsm.VBA_PART) == vba
        assert zf.read(build_xlsm.CUSTOMUI_PART) == build_xlsm.ribbon_xml("no")
    assert _vba_modules(path.read_bytes())["monrad.bas"] == MONRAD_BAS


def test_saving_a_tournament_as_xlsm_is_macro_enabled(tmp_path: Path) -> None:
    """``monrad convert x.trf -o club.xlsm`` goes through the same save."""
    from monrad.converters import load, save

    path = save(load(REPO / "examples" / "club.trf"), tmp_path / "club.xlsm")
    _assert_real_xlsm(path, "en")


@pytest.mark.parametrize("lang", build_xlsm.LANGS)
def test_shipped_xlsm_is_the_shipped_xlsx_plus_vba(lang: str) -> None:
    """The committed .xlsm is exactly make_xlsm(the template without its xlwings Lite
    parts, which the classic add-in does not need): never stale."""
    from monrad.templates.build_templates import classic_bytes

    xlsx = classic_bytes(lang)
    assert (REPO / "templates" / f"club-{lang}.xlsm").read_bytes() == build_xlsm.make_xlsm(xlsx, lang)
