"""``monrad new --lite`` from the command line, the ``main.py`` a Lite workbook carries
run as Lite runs it, and the Lite parts through ``monrad pair`` / ``monrad standings``.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import openpyxl
from lite_season_driver import STATUS_COL, STATUS_HEIGHT, STATUS_ROW, run_main
from lite_standin import open_lite

from monrad.addin.cli import main as cli
from monrad.converters.book import lite_workbook as LW

REPO = Path(__file__).resolve().parents[2]


def _new(tmp_path: Path, lang: str = "no", *extra: str) -> Path:
    path = tmp_path / f"club-{lang}.xlsx"
    assert cli(["new", str(path), "--system", "nsf", "--rounds", "5", "--lang", lang,
                "--players", str(REPO / "examples" / "club.trf"), "--lite", *extra]) == 0
    return path


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_the_embedded_main_py_runs_the_jobs(tmp_path: Path):
    """``main.py`` as stored in the workbook, run with real xlwings' ``script``
    decorator on the Lite stand-in: its buttons pair and score."""

    path = _new(tmp_path, "en")
    namespace = run_main(str(path), unpack=False)  # the scripts, on the installed monrad
    book, impl = open_lite(path)
    namespace["pair_next_round"](book)
    impl.finish()
    wb = openpyxl.load_workbook(path)
    assert "Round 1" in wb.sheetnames
    assert wb["Settings"].cell(LW.STATUS_ROW, LW.STATUS_COL).value.startswith("Round 1 paired")


def test_new_lite_refusals_exit_2(tmp_path: Path, capsys):
    base = ["new", "--system", "nsf", "--rounds", "5", "--lite"]
    assert cli([*base[:1], str(tmp_path / "c.xlsm"), *base[1:]]) == 2
    assert "needs no macros" in capsys.readouterr().err


def test_lite_parts_survive_monrad_pair_and_standings(tmp_path: Path):
    path = _new(tmp_path, "no")
    keep = [*LW.LITE_PARTS, "xl/drawings/drawing1.xml", "xl/drawings/_rels/drawing1.xml.rels"]
    before = {n: d for n, d in _parts(path).items() if n in keep}
    assert cli(["pair", str(path)]) == 0
    assert cli(["standings", str(path)]) == 0
    after = _parts(path)
    for name, data in before.items():
        assert after.get(name) == data, f"{name} lost or changed"
    assert LW.read_lite_code(io.BytesIO(path.read_bytes()).getvalue())["main.py"] == \
        LW.main_py("no")


def test_lite_buttons_continue_a_clubs_own_workbook(tmp_path: Path):
    """Issue 13 under Lite: the buttons on a club's own workbook write the same cells
    as the file back end (formats Lite does not apply are named, values all there)."""
    import shutil

    from monrad.addin import lite
    from monrad.addin.jobs.club import pair_club_round, update_club_standings
    from monrad.converters.workbook.package_book import open_book

    src = REPO / "tests/data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
    wb = openpyxl.load_workbook(src)
    for name in ("Runde 6", "Runde 7"):
        del wb[name]
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    wb.save(a)
    shutil.copy(a, b)
    book, impl = open_lite(b)
    outcome = lite.pair_next_round(book)
    impl.finish()
    assert not outcome.error, outcome.message
    pair_club_round(open_book(a))
    book, impl = open_lite(b)
    assert not lite.update_standings(book).error
    impl.finish()
    update_club_standings(open_book(a))

    def cells(path: Path) -> dict:
        w = openpyxl.load_workbook(path)
        return {(ws.title, c.coordinate): c.value for ws in w.worksheets
                for row in ws.iter_rows() for c in row if c.value is not None}

    def status(key: tuple[str, str]) -> bool:  # the press's answer on monrad's own sheet
        sheet, ref = key
        cell = openpyxl.utils.cell.coordinate_from_string(ref)
        return sheet == "monrad" and cell[0] == "E" and \
            STATUS_ROW <= cell[1] < STATUS_ROW + STATUS_HEIGHT

    assert STATUS_COL == 5
    assert cells(a) == {k: v for k, v in cells(b).items()
                        if k[0] != "monrad backup" and not status(k)}
    assert "Runde 6" in openpyxl.load_workbook(b).sheetnames


def test_lite_explain_script_writes_the_explanation_sheet(tmp_path: Path):
    """Issue 18 under Lite: the task pane's "Explain round" script of ``main.py``."""
    path = _new(tmp_path, "sv")
    namespace = run_main(str(path), unpack=False)
    for script in ("pair_next_round", "explain_rounds"):
        book, impl = open_lite(path)
        namespace[script](book)
        impl.finish()
    wb = openpyxl.load_workbook(path)
    assert "Förklaring" in wb.sheetnames
    rules = {c.value for c in wb["Förklaring"]["E"] if c.value}
    assert any(str(r).startswith("NSF-") for r in rules)  # the workbook is NSF
