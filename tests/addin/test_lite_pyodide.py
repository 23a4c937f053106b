"""monrad inside real Pyodide (the Python of xlwings Lite) under Node, as Lite runs a
workbook: install **only** the workbook's ``requirements.txt`` with micropip from the
package index (no monrad wheel anywhere), execute its ``main.py`` (which unpacks the
monrad it carries), then press the buttons on the Lite stand-in.

Two workbooks per Pyodide version, in one Pyodide session per version (a module
fixture, shared by the checks): one made by ``monrad new --lite`` (pair, results,
standings, three rounds, then pair) and a club's own workbook given the buttons by
``monrad lite`` (two rounds, then pair).  The cells must equal what ``monrad pair`` /
``monrad standings`` write on CPython, and the status lines what the same presses say
under CPython.  The same session imports every packed module and checks that monrad's
message catalogs load there.

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
    status_sheet,
)
from pyodide_harness import VERSIONS, prepare, run_node

from monrad.addin.cli import main as cli
from monrad.converters.book import lite_pack as LP
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
CLUB = REPO / "tests/data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
#: (name, first round pressed, rounds) of the two seasons
SEASONS = (("new", 1, 3), ("club", 4, 2))

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
for name, first, rounds in %(seasons)s:
    out["seasons"][name] = season(f"/books/{name}.xlsx", first, rounds)
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
from monrad.engine.i18n import tr, translations
out["nb"] = tr("interrupted").render("nb")
out["catalogs"] = [type(translations(l)) is gettext.GNUTranslations for l in ("en", "nb", "sv", "da")]
out["bye"] = [tr("Bye: {player}", player=3).render(l) for l in ("en", "nb", "sv", "da")]
with open("/books/pyodide.json", "w") as f:
    json.dump(out, f)
`);
"""


def _roster() -> list[Player]:
    return [Player(i, f"Spiller {i:02d}", rating=2300 - 37 * i, club=f"SK {i % 5}")
            for i in range(1, 31)]


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
    for name, _first, _rounds in SEASONS:
        shutil.copy(workbooks / f"{name}.xlsx", work / f"{name}.xlsx")
    start = time.perf_counter()
    done = run_node(RUNNER % {
        "pyodide": local.as_posix(), "module": (local / "pyodide.mjs").as_uri(), "work": work.as_posix(), "here": HERE.as_posix(),
        "seasons": repr(SEASONS), "modules": repr(LP.packed_modules()),
    }, work)
    total = time.perf_counter() - start
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    out = json.loads((work / "pyodide.json").read_text(encoding="utf-8"))
    out.update(version=request.param, work=work, total_s=round(total, 1))
    print(f"\nPyodide {request.param} (Python {out['python']}) under Node: {total:.1f} s in all "
          f"(boot {out['boot_s']:.1f} s, micropip installs from the index "
          f"{out['install_s']:.1f} s, presses "
          + ", ".join(f"{n} {s['seconds']:.1f} s" for n, s in out["seasons"].items()) + ")")
    return out


def test_only_the_workbooks_requirements_are_installed(pyodide: dict, workbooks: Path):
    assert pyodide["platform"] == "Emscripten"
    wanted = {line.split("==")[0].lower().replace("_", "-")
              for name, *_ in SEASONS for line in requirements(str(workbooks / f"{name}.xlsx"))}
    installed = {p.split("==")[0].lower().replace("_", "-") for p in pyodide["installed"]}
    assert wanted <= installed
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
    # the message catalogs travel in the pack and load with Pyodide's standard library (issue 29)
    assert pyodide["catalogs"] == [True] * 4
    assert pyodide["bye"] == ["Bye: 3", "Frirunde: 3", "Frirond: 3", "Oversidder: 3"]
    assert pyodide["nb"] == "avbrutt"


@pytest.mark.skipif(not os.environ.get("XLWINGS_LICENSE_KEY"),
                    reason="opt-in: set XLWINGS_LICENSE_KEY to run on xlwings' own remote engine")
def test_the_presses_on_xlwings_own_remote_engine_inside_pyodide(
        workbooks: Path, cpython: dict, tmp_path: Path):
    """Opt-in (the remote engine is part of ``xlwings.pro``, registered by xlwings only
    with a licence key; monrad never imports it): the same seasons inside Pyodide on the
    engine Lite itself runs, its actions applied by the stand-in's client, which stops at
    an action it does not know.  The cells must equal the command line's."""
    local = prepare(VERSIONS[-1])
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
