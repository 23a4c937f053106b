"""monrad inside real Pyodide (the Python of xlwings Lite) under Node, as Lite runs a
workbook: install **only** the workbook's ``requirements.txt`` with micropip from the
package index (no monrad wheel anywhere), execute its ``main.py`` (which unpacks the
monrad it carries), then press the buttons on the Lite stand-in.

Workbooks pressed in one Pyodide session per version (a module fixture, shared by the
checks): one made by ``monrad new --lite`` (pair, results, standings, three rounds,
then pair), a club's own workbook given the buttons by ``monrad lite`` (two rounds,
then pair), a 300-player one (the actions of a press, issue 38 item 1), one of monrad
0.1.0's form with a script of the club's and Lite's stale pins, updated by ``monrad
lite`` (items 4 and 5), and one whose Settings sheet was renamed (item 6).  The cells
must equal what ``monrad pair`` / ``monrad standings`` write on CPython, and the status
lines what the same presses say under CPython.  The same session times ``main.py`` and
lists what it imported (item 2), imports every packed module and checks that monrad's
message catalogs load there.  A second session per version installs the lowest
versions of the ranges in ``requirements.txt`` (item 4).

Pyodide 0.27.5 (Python 3.12) and 314.x (Python 3.14) -- see ``pyodide_harness.py`` for
how the packages Lite would take from Pyodide's CDN come from the index here.
Skipped, with the reason, where ``node``/``npm`` or the downloads are missing.  An
opt-in test runs the same seasons on xlwings' own remote engine (the Python half of
Lite) when ``XLWINGS_LICENSE_KEY`` is set (``lite_remote.py``).  Not a
timing test: the timings are printed (``pytest -s``) for docs/excel.md.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import openpyxl
import pytest
from lite_season_driver import (
    STATUS_COL,
    STATUS_HEIGHT,
    STATUS_ROW,
    cli_season,
    requirements,
    season,
    set_code,
    status_sheet,
)
from packaging.requirements import Requirement
from pyodide_harness import VERSIONS, prepare, run_node

from monrad.addin.cli import main as cli
from monrad.converters.book import lite_pack as LP
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CLUB = REPO / "tests/data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
#: (name, first round pressed, rounds) of the seasons: a monrad workbook, a club's own,
#: a large monrad workbook (the actions of a press do not grow with the players) and a
#: workbook whose main.py holds the club's own code (kept through ``monrad lite``)
SEASONS = (("new", 1, 3), ("club", 4, 2), ("big", 1, 1), ("own", 1, 1))
#: players of the large workbook
BIG = 300
#: what main.py must not import (issue 38 item 2): a new workbook's writer, the Lite
#: parts' writer and the XML and urllib behind it, ratings, publishing (the standings
#: press imports the document sheets' writer when it writes them)
NOT_AT_START = ("openpyxl", "xml.sax.saxutils", "urllib.request", "defusedxml",
                "monrad.converters.book.new_workbook", "monrad.converters.book.lite_workbook",
                "monrad.converters.ratings", "monrad.converters.publish.sheets",
                "monrad.converters.publish.site")
#: the club's own script in the "own" workbook's main.py
CLUB_SCRIPT = '''
@script
def medlemmer(book: xw.Book):
    book.sheets[0]["H1"].value = "klubbens eget skript"
'''

#: The same, on xlwings' own remote engine (opt-in: XLWINGS_LICENSE_KEY).
REMOTE_RUNNER = r"""
import { loadPyodide } from "%(module)s";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
await py.loadPackage("micropip");
for (const [dir, at] of [["%(work)s", "/books"], ["%(here)s", "/tests"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("license_key", process.env.XLWINGS_LICENSE_KEY);
await py.runPythonAsync(`
import json, os, sys
import micropip
os.environ["XLWINGS_LICENSE_KEY"] = license_key
sys.path.insert(0, "/tests")
from lite_season_driver import requirements, season
for name, first, rounds in %(seasons)s:
    await micropip.install(requirements(f"/books/{name}.xlsx"))
import xlwings
assert xlwings.__pro__, "xlwings did not register its remote engine (the licence key?)"
out = {name: season(f"/books/{name}.xlsx", first, rounds, remote=True)
       for name, first, rounds in %(seasons)s}
with open("/books/remote.json", "w") as f:
    json.dump(out, f)
`);
"""

RUNNER = r"""
import { loadPyodide } from "%(module)s";
const t0 = Date.now();
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
const boot = Date.now() - t0;
await py.loadPackage("micropip");
for (const [dir, at] of [["%(work)s", "/books"], ["%(here)s", "/tests"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("boot_ms", boot);
await py.runPythonAsync(`
import importlib, importlib.util, json, platform, sys, time
import micropip
sys.path.insert(0, "/tests")
from lite_season_driver import requirements, season
out = {"platform": platform.system(), "python": platform.python_version(),
       "boot_s": boot_ms / 1000, "seasons": {}}
assert importlib.util.find_spec("monrad") is None, "a monrad is installed already"
t = time.perf_counter()
for name, first, rounds in %(seasons)s:
    await micropip.install(requirements(f"/books/{name}.xlsx"))
out["install_s"] = round(time.perf_counter() - t, 2)
out["installed"] = sorted(f"{p.name}=={p.version}" for p in micropip.list().values())
out["calamine"] = importlib.util.find_spec("python_calamine") is not None
# main.py ready: executed as Lite does, before anything else imports a module; Lite has
# loaded its xlwings already (its scripts and buttons run on it)
import xlwings
from lite_season_driver import run_main, workbook_code
code = workbook_code("/books/new.xlsx")["main.py"]
t = time.perf_counter()
scripts = {}
exec(compile(code, "main.py", "exec"), scripts)
out["main_s"] = round(time.perf_counter() - t, 3)
out["imported"] = [m for m in %(not_at_start)s if m in sys.modules]
own = run_main("/books/own.xlsx")  # read before the presses (the stand-in saves no Lite parts)
for name, first, rounds in %(seasons)s:
    out["seasons"][name] = season(f"/books/{name}.xlsx", first, rounds)
# the club's own script runs beside monrad's (issue 38 item 5)
import shutil
from lite_standin import open_lite
shutil.copy("/books/own.xlsx", "/books/own-script.xlsx")
book, impl = open_lite("/books/own-script.xlsx")
own["medlemmer"](book)
impl.finish()
import openpyxl
out["own_script"] = openpyxl.load_workbook("/books/own-script.xlsx").worksheets[0]["H1"].value
# a renamed Settings sheet: refused where the secretary looks, nothing added (item 6)
names = openpyxl.load_workbook("/books/renamed.xlsx").sheetnames
book, impl = open_lite("/books/renamed.xlsx")
scripts["pair_next_round"](book)  # renamed by openpyxl, which keeps no Lite parts
out["renamed"] = {"alert": impl.actions[-1]["func"]}
impl.finish()
wb = openpyxl.load_workbook("/books/renamed.xlsx")
out["renamed"].update(same_sheets=wb.sheetnames == names, status=wb["Oppsett"]["E13"].value)
import monrad.addin.lite
out["monrad_from"] = monrad.addin.lite.__file__
failed = {}
for module in %(modules)s:
    try:
        importlib.import_module(module)
    except Exception as exc:
        failed[module] = f"{type(exc).__name__}: {exc}"
out["import_failed"] = failed
import gettext
from monrad.engine.i18n import ntr, tr, translations
out["nb"] = tr("interrupted").render("nb")
out["catalogs"] = [type(translations(l)) is gettext.GNUTranslations for l in ("nb", "sv", "da")]
out["english"] = str(ntr("{n} board", "{n} boards", 2, n=2).render("en"))
out["bye"] = [tr("Bye: {player}", player=3).render(l) for l in ("en", "nb", "sv", "da")]
with open("/books/pyodide.json", "w") as f:
    json.dump(out, f)
`);
"""


def _roster(n: int = 30) -> list[Player]:
    return [Player(i, f"Spiller {i:02d}", rating=3000 - i, club=f"SK {i % 5}")
            for i in range(1, n + 1)]


def _own_code_workbook(path: Path) -> Path:
    """A workbook written before the markers, whose main.py holds a script of the
    club's, with stale pins of Lite's; then ``monrad lite``: the club's script and the
    new requirements stay, the pins go (issue 38 items 4 and 5)."""
    from monrad.converters.book import lite_workbook as LW

    create_workbook(path, "nsf", 7, _roster(), "no", seed=2025, lite=True)
    old = LW.split_main(LW.read_lite_code(path.read_bytes())["main.py"])
    set_code(path, **{"main.py": old.part + CLUB_SCRIPT,
                       "requirements.txt": "xlwings==0.33.15  # required\nopenpyxl==3.0.10\n",
                       LW.PINNED: "# Generated by xlwings Lite\nxlwings==0.33.15\nopenpyxl==3.0.10\n"})
    assert cli(["lite", str(path)]) == 0
    code = LW.read_lite_code(path.read_bytes())
    assert LW.PINNED not in code and code["main.py"].endswith(CLUB_SCRIPT)
    return path


def _club_workbook(path: Path) -> Path:
    """A Danish club's own workbook after three rounds, given the buttons by ``monrad lite``."""
    wb = openpyxl.load_workbook(CLUB)
    for n in (4, 5, 6, 7):
        del wb[f"Runde {n}"]
    wb.save(path)
    assert cli(["lite", str(path)]) == 0
    return path


def _cells(path: Path) -> dict:
    """Every value, but the in-workbook backup and the status cell (a press's answer,
    which the command line prints instead)."""
    sheet = status_sheet(str(path))
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows()
            for c in row if c.value is not None and ws.title != "monrad backup"
            and not (ws.title == sheet and c.column == STATUS_COL
                     and STATUS_ROW <= c.row < STATUS_ROW + STATUS_HEIGHT)}


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory) -> Path:
    """The two workbooks as made on CPython (before any press)."""
    made = tmp_path_factory.mktemp("lite-books")
    create_workbook(made / "new.xlsx", "nsf", 7, _roster(), "no", seed=2025, lite=True)
    _club_workbook(made / "club.xlsx")
    create_workbook(made / "big.xlsx", "nsf", 7, _roster(BIG), "no", seed=2025, lite=True)
    _own_code_workbook(made / "own.xlsx")
    create_workbook(made / "renamed.xlsx", "nsf", 7, _roster(), "no", seed=2025, lite=True)
    wb = openpyxl.load_workbook(made / "renamed.xlsx")
    wb["Innstillinger"].title = "Oppsett"
    wb.save(made / "renamed.xlsx")
    return made


@pytest.fixture(scope="module")
def cpython(workbooks: Path, tmp_path_factory) -> dict:
    """Each season on CPython: through the command line (the cells) and through the
    Lite presses (what the status cell says)."""
    out: dict = {}
    for name, first, rounds in SEASONS:
        work = tmp_path_factory.mktemp(f"cpython-{name}")
        cli_path, lite_path = work / "cli.xlsx", work / "lite.xlsx"
        shutil.copy(workbooks / f"{name}.xlsx", cli_path)
        shutil.copy(workbooks / f"{name}.xlsx", lite_path)
        cli_season(str(cli_path), first, rounds)
        pressed = season(str(lite_path), first, rounds, unpack=False)
        out[name] = {"cells": _cells(cli_path), "lite_cells": _cells(lite_path), **pressed}
    return out


@pytest.fixture(scope="module", params=VERSIONS)
def pyodide(request, workbooks: Path, tmp_path_factory) -> dict:
    """One Pyodide session per version: both seasons and the imports (see the doc)."""
    local = prepare(request.param)
    work = tmp_path_factory.mktemp(f"pyodide-{request.param}")
    for name in [s[0] for s in SEASONS] + ["renamed"]:
        shutil.copy(workbooks / f"{name}.xlsx", work / f"{name}.xlsx")
    start = time.perf_counter()
    done = run_node(RUNNER % {
        "pyodide": local.as_posix(), "module": (local / "pyodide.mjs").as_uri(), "work": work.as_posix(), "here": HERE.as_posix(),
        "seasons": repr(SEASONS), "modules": repr(LP.packed_modules()),
        "not_at_start": repr(NOT_AT_START),
    }, work)
    total = time.perf_counter() - start
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = json.loads((work / "pyodide.json").read_text(encoding="utf-8"))
    out.update(version=request.param, work=work, total_s=round(total, 1))
    print(f"\nPyodide {request.param} (Python {out['python']}) under Node: {total:.1f} s in all "
          f"(boot {out['boot_s']:.1f} s, micropip installs from the index "
          f"{out['install_s']:.1f} s, main.py ready {out['main_s']:.2f} s, presses "
          + ", ".join(f"{n} {s['seconds']:.1f} s" for n, s in out["seasons"].items()) + ")")
    return out


def test_only_the_workbooks_requirements_are_installed(pyodide: dict, workbooks: Path):
    assert pyodide["platform"] == "Emscripten"
    wanted = [Requirement(line) for name, *_ in SEASONS
              for line in requirements(str(workbooks / f"{name}.xlsx"))]
    installed = dict(p.lower().replace("_", "-").split("==") for p in pyodide["installed"])
    for req in wanted:  # each in its range (the newest there: micropip's choice)
        name = req.name.lower().replace("_", "-")
        assert name in installed and req.specifier.contains(installed[name]), (req, installed)
    assert not any(p.startswith("monrad") for p in installed), pyodide["installed"]
    assert not pyodide["calamine"]
    assert "/monrad-" in pyodide["monrad_from"]  # from the folder main.py unpacked


@pytest.mark.parametrize("name", [s[0] for s in SEASONS])
def test_the_presses_in_pyodide_write_what_the_command_line_writes(
        pyodide: dict, cpython: dict, name: str):
    inside = pyodide["seasons"][name]
    assert inside["said"] == cpython[name]["said"]
    got = _cells(pyodide["work"] / f"{name}.xlsx")
    assert got == cpython[name]["lite_cells"]
    assert got == cpython[name]["cells"]


def test_every_packed_module_imports_in_pyodide_and_the_catalogs_load(pyodide: dict):
    assert pyodide["import_failed"] == {}
    # the message catalogs travel in the pack and load with Pyodide's standard library (issue 29);
    # English is its source text, which gettext shows without a catalog (lite_pack.LEFT_OUT)
    assert pyodide["catalogs"] == [True] * 3
    assert pyodide["english"] == "2 boards"
    assert pyodide["bye"] == ["Bye: 3", "Frirunde: 3", "Frirond: 3", "Oversidder: 3"]
    assert pyodide["nb"] == "avbrutt"


@pytest.mark.skipif(not os.environ.get("XLWINGS_LICENSE_KEY"),
                    reason="opt-in: set XLWINGS_LICENSE_KEY to run on xlwings' own remote engine")
@pytest.mark.parametrize("version", VERSIONS)
def test_the_presses_on_xlwings_own_remote_engine_inside_pyodide(
        workbooks: Path, cpython: dict, tmp_path: Path, version: str):
    """Opt-in (the remote engine is part of ``xlwings.pro``, registered by xlwings only
    with a licence key; monrad never imports it): the same seasons inside Pyodide on the
    engine Lite itself runs, its actions applied by the stand-in's client, which stops at
    an action it does not know.  The cells must equal the command line's, in both
    Pyodide versions."""
    local = prepare(version)
    for name, _first, _rounds in SEASONS:
        shutil.copy(workbooks / f"{name}.xlsx", tmp_path / f"{name}.xlsx")
    done = run_node(REMOTE_RUNNER % {
        "pyodide": local.as_posix(), "module": (local / "pyodide.mjs").as_uri(), "work": tmp_path.as_posix(), "here": HERE.as_posix(),
        "seasons": repr(SEASONS)}, tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = json.loads((tmp_path / "remote.json").read_text(encoding="utf-8"))
    for name, _first, _rounds in SEASONS:
        assert out[name]["said"] == cpython[name]["said"]
        assert _cells(tmp_path / f"{name}.xlsx") == cpython[name]["cells"]


def test_issue38_item1_a_press_sends_as_many_actions_at_300_players_as_at_30(pyodide: dict):
    """Every sheet is one rectangle of values: the first three presses of a 300-player
    workbook send no more actions than those of the 30-player one (measured inside
    Pyodide, on xlwings' Book over the stand-in's engine)."""
    small, big = pyodide["seasons"]["new"]["actions"], pyodide["seasons"]["big"]["actions"]
    for s, b in zip(small[:3], big):
        assert b <= s + 5 and b < 300, (small, big)


def test_issue38_item2_main_py_imports_only_what_a_press_needs(pyodide: dict):
    """main.py ready (unpacked and imported) without openpyxl, the urllib behind
    xml.sax.saxutils, ratings or publishing; its seconds are printed (docs/excel.md,
    benchmarks/bench_pyodide.py), not asserted."""
    assert pyodide["imported"] == []


def test_issue38_item5_the_clubs_own_script_runs_beside_monrads(pyodide: dict):
    assert pyodide["own_script"] == "klubbens eget skript"
    assert pyodide["seasons"]["own"]["said"][0].startswith("Runde 1 er satt opp")


def test_issue38_item6_a_renamed_settings_sheet_is_refused_visibly(pyodide: dict):
    from monrad.converters import layout as L

    lay = L.layout_for("no")
    assert pyodide["renamed"] == {
        "alert": "alert", "same_sheets": True,
        "status": lay.text("lite_renamed", sheet="Innstillinger", found="Oppsett")}


FLOOR_RUNNER = RUNNER.replace(
    'await micropip.install(requirements(f"/books/{name}.xlsx"))',
    'await micropip.install(requirements(f"/books/{name}.xlsx", floor=True))')


@pytest.mark.parametrize("version", VERSIONS)
def test_issue38_item4_the_lowest_versions_of_the_ranges_press_the_same(
        version: str, workbooks: Path, cpython: dict, tmp_path: Path):
    """requirements.txt holds ranges; the newest versions in them are what the other
    tests install, the lowest are installed here (``>=X`` as ``==X``) and the presses
    write the same cells, with every formatting call taken."""
    local = prepare(version)
    for name in [s[0] for s in SEASONS] + ["renamed"]:
        shutil.copy(workbooks / f"{name}.xlsx", tmp_path / f"{name}.xlsx")
    done = run_node(FLOOR_RUNNER % {
        "pyodide": local.as_posix(), "module": (local / "pyodide.mjs").as_uri(),
        "work": tmp_path.as_posix(), "here": HERE.as_posix(), "seasons": repr(SEASONS[:1]),
        "modules": "[]", "not_at_start": repr(NOT_AT_START)}, tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = json.loads((tmp_path / "pyodide.json").read_text(encoding="utf-8"))
    floors = {line.split("==")[0].lower() for line in requirements(str(workbooks / "new.xlsx"),
                                                                    floor=True) if "==" in line}
    lowest = {p.split("==")[0].lower().replace("_", "-"): p for p in out["installed"]}
    for line in requirements(str(workbooks / "new.xlsx"), floor=True):
        if "==" in line:
            name = line.split("==")[0].lower().replace("_", "-")
            assert lowest[name].split("==")[1] == line.split("==")[1], (line, lowest[name])
    assert floors
    assert out["seasons"]["new"]["said"] == cpython["new"]["said"]
    assert _cells(tmp_path / "new.xlsx") == cpython["new"]["cells"]
    # every formatting call exists at the lowest xlwings too: none was refused
    from monrad.converters import layout as L

    assert L.layout_for("no").text("lite_not_applied", what="").rstrip(": ") not in done.stdout
