"""``monrad lite FILE``: the xlwings Lite code and buttons put into any workbook -- a
club's own (on monrad's own sheet ``monrad``, in the club's language) or a monrad
workbook (on Settings) -- through the package-preserving writer; run again, it updates
the code and says from which version to which; ``--show``; ``--from-index``.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest

from monrad.addin.cli import main as cli
from monrad.converters import layout as L
from monrad.converters.book import lite_workbook as LW
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.workbook.package import Package
from monrad.engine.i18n import tr
from monrad.engine.model import Player

REPO = Path(__file__).resolve().parents[2]
CLUB = REPO / "tests/data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
#: the parts monrad changes when it adds a sheet and the Lite parts
INDEX = {"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
         "xl/styles.xml", "docProps/app.xml"}


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def _club(tmp_path: Path, drop: tuple[int, ...] = (4, 5, 6, 7)) -> Path:
    path = tmp_path / "club.xlsx"
    wb = openpyxl.load_workbook(CLUB)
    for n in drop:
        del wb[f"Runde {n}"]
    wb.save(path)
    return path


def _drawing_of_monrad_sheet(path: Path) -> bytes:
    parts = _parts(path)
    pkg = Package(path.read_bytes(), str(path))
    sheet = LW._sheet_part(pkg, "monrad")
    assert b"<drawing r:id=" in parts[sheet]
    drawing = LW._drawing_of(pkg, sheet)
    assert drawing is not None
    return parts[drawing]


def test_a_clubs_workbook_gets_the_buttons_on_monrads_own_sheet(tmp_path: Path, capsys):
    path = _club(tmp_path)
    before = _parts(path)
    assert cli(["lite", str(path)]) == 0
    out = capsys.readouterr().out  # in the club's language (Danish), as its buttons
    said = tr("{file}: the xlwings Lite buttons are on the sheet {sheet!r}, with monrad {version}",
              file=str(path), sheet="monrad", version=LW.monrad_version()).render("da")
    assert said in out and "sikkerhedskopi: " in out
    after = _parts(path)
    # every part of the club's stays byte for byte; monrad adds its sheet and the Lite parts
    for name, data in before.items():
        if name not in INDEX:
            assert after[name] == data, f"{name} changed"
    code = LW.read_lite_code(path.read_bytes())
    assert code == LW.lite_code("da", "monrad")
    assert "[monrad_pair]monrad!E3" in code["main.py"]
    drawing = _drawing_of_monrad_sheet(path).decode()
    for _shape, _func, caption, _top in LW.BUTTONS:  # in the club's language (Danish)
        assert L.layout_for("da").text(caption) in drawing
    ws = openpyxl.load_workbook(path)["monrad"]
    assert ws.cell(LW.STATUS_ROW - 1, LW.STATUS_COL).value == L.layout_for("da").text("lite_status")
    # again: nothing to do, nothing written
    assert cli(["lite", str(path), "--lang", "en"]) == 0
    assert "is monrad" in capsys.readouterr().out and _parts(path) == after
    assert cli(["lite", str(path), "--show", "--lang", "en"]) == 0
    assert capsys.readouterr().out.strip().splitlines() == [
        f"{path}: monrad {LW.monrad_version()}, carried in the workbook",
        f"monrad's part of main.py and requirements.txt is as monrad wrote it; 'monrad lite' "
        f"will write monrad {LW.monrad_version()}'s part (your own code is kept)"]


def test_the_buttons_survive_the_command_line_rewriting_monrads_sheet(tmp_path: Path):
    """The ``monrad`` sheet of a club's workbook is written whole by every press of the
    command line: it keeps its drawing (the buttons) and their relationships."""
    path = _club(tmp_path)
    assert cli(["lite", str(path)]) == 0
    drawing = _drawing_of_monrad_sheet(path)
    web = _parts(path)[LW.WEB_EXTENSION]
    assert cli(["pair", str(path)]) == 0
    assert cli(["standings", str(path)]) == 0
    assert _drawing_of_monrad_sheet(path) == drawing
    assert _parts(path)[LW.WEB_EXTENSION] == web
    wb = openpyxl.load_workbook(path)
    assert "Runde 4" in wb.sheetnames and wb["monrad"]["B6"].value == "4"


def test_a_monrad_workbook_gets_what_monrad_new_lite_writes(tmp_path: Path, capsys):
    roster = [Player(i, f"P{i}") for i in range(1, 7)]
    plain = create_workbook(tmp_path / "plain.xlsx", "ssf", 5, roster, "sv", seed=3)
    lite = create_workbook(tmp_path / "lite.xlsx", "ssf", 5, roster, "sv", seed=3, lite=True)
    assert cli(["lite", str(plain)]) == 0
    assert LW.read_lite_code(plain.read_bytes()) == LW.read_lite_code(lite.read_bytes())
    a, b = openpyxl.load_workbook(plain), openpyxl.load_workbook(lite)
    settings = L.layout_for("sv").settings_sheet
    assert a[settings].cell(LW.STATUS_ROW - 1, LW.STATUS_COL).value == \
        b[settings].cell(LW.STATUS_ROW - 1, LW.STATUS_COL).value
    assert "Inställningar" in capsys.readouterr().out


def test_run_again_it_updates_the_code_and_says_from_which_version(tmp_path: Path, capsys):
    path = tmp_path / "old.xlsx"
    create_workbook(path, "nsf", 5, [Player(i, f"P{i}") for i in range(1, 5)], "no", seed=1)
    old = Package(path.read_bytes(), str(path))
    LW.add_lite(old, "no", LW.lite_code("no", version="0.0.9"))
    path.write_bytes(old.to_bytes())
    assert cli(["lite", str(path), "--show", "--lang", "en"]) == 0
    assert "monrad 0.0.9, carried in the workbook" in capsys.readouterr().out
    assert cli(["lite", str(path), "--lang", "en"]) == 0
    assert f"updated from monrad 0.0.9 to {LW.monrad_version()}" in capsys.readouterr().out
    assert LW.read_lite_code(path.read_bytes()) == LW.lite_code("no")
    assert len([n for n in _parts(path) if n.startswith("xl/drawings/drawing")]) == 1


def test_the_small_form_from_the_index(tmp_path: Path, capsys):
    path = _club(tmp_path)
    assert cli(["lite", str(path), "--from-index"]) == 0
    code = LW.read_lite_code(path.read_bytes())
    assert code["requirements.txt"].splitlines()[-1] == f"monrad=={LW.monrad_version()}"
    capsys.readouterr()
    assert cli(["lite", str(path), "--show", "--lang", "en"]) == 0
    assert "installed from the package index" in capsys.readouterr().out
    assert cli(["lite", str(path)]) == 0  # back to the packed form
    assert LW.carried_version(LW.read_lite_code(path.read_bytes()))[1] == "packed"


@pytest.mark.parametrize("case", ["foreign code", "not a workbook"])
def test_refusals_exit_2_and_change_nothing(tmp_path: Path, capsys, case: str):
    if case == "foreign code":  # a workbook with Lite code of its own
        path = tmp_path / "own.xlsx"
        shutil.copy(_club(tmp_path), path)
        pkg = Package(path.read_bytes(), str(path))
        LW.add_lite(pkg, "en", {"main.py": "print('mine')\n", "requirements.txt": ""}, "Spillere")
        path.write_bytes(pkg.to_bytes())
        said = "Lite code of its own"
    else:
        path = tmp_path / "roster.csv"
        path.write_text("name\nA\n", encoding="utf-8")
        said = "goes into an Excel workbook"
    before = path.read_bytes()
    assert cli(["lite", str(path), "--lang", "en"]) == 2
    assert said in capsys.readouterr().err
    assert path.read_bytes() == before
