"""monrad inside real Pyodide (the Python of xlwings Lite), offline, under Node.

Boots Pyodide from the ``pyodide`` npm package (its runtime and standard library are in
the package; installed once into ``~/.cache/monrad-pyodide``, or ``$MONRAD_PYODIDE_CACHE``),
installs micropip and packaging, then the pure wheels -- monrad as built here with
``pip wheel --no-deps``, openpyxl, et_xmlfile, defusedxml, and xlwings (which Lite
provides) -- from local files with micropip, and runs the Lite buttons of a workbook
made by ``monrad new --lite``: pair, results, standings (three rounds), pair.  The
same presses under CPython must leave the same cells and say the same.

Skipped, with the reason, where ``node``/``npm`` are missing or the npm package or the
wheels cannot be fetched into the cache.  Not a timing test: the timings are printed
(``pytest -s``) for docs/excel.md.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import openpyxl
import pytest
from lite_season_driver import season

from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PYODIDE = "0.27.5"  # the Pyodide xlwings Lite used in the workbooks checked (docs/excel.md)
WHEELS = ["openpyxl==3.1.5", "et_xmlfile==2.0.0", "defusedxml==0.7.1", "xlwings==0.37.8",
          "micropip==0.8.0", "packaging==26.3"]
ROUNDS = 3

RUNNER = r"""
import { loadPyodide } from "%(pyodide)s/pyodide.mjs";
const t0 = Date.now();
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
const boot = Date.now() - t0;
await py.loadPackage(%(micropip)s);
for (const [dir, at] of [["%(wheels)s", "/wheels"], ["%(work)s", "/season"], ["%(here)s", "/tests"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
py.globals.set("boot_ms", boot);
await py.runPythonAsync(`
import json, os, platform, sys, time
import micropip
t = time.perf_counter()
wheels = sorted(os.listdir("/wheels"))
def local(name):
    return ["emfs:/wheels/" + w for w in wheels if w.split("-")[0].lower() == name]
for name in ("et_xmlfile", "openpyxl", "defusedxml"):
    await micropip.install(local(name))
await micropip.install(local("xlwings"), deps=False)  # Lite brings its own xlwings
await micropip.install(local("monrad"))  # its dependencies: installed above; no calamine
installed = round(time.perf_counter() - t, 2)
import importlib.util
assert importlib.util.find_spec("python_calamine") is None
sys.path.insert(0, "/tests")
from lite_season_driver import season
out = season("/season/pyodide.xlsx", %(rounds)d)
out.update(platform=platform.system(), boot_s=boot_ms / 1000, install_s=installed)
import gettext
from monrad.engine.i18n import tr, translations
out.update(catalogs=[type(translations(l)) is gettext.GNUTranslations for l in ("en", "nb", "sv", "da")],
           bye=[tr("Bye: {player}", player=3).render(l) for l in ("en", "nb", "sv", "da")])
with open("/season/pyodide.json", "w") as f:
    json.dump(out, f)
`);
"""


def _cache() -> Path:
    return Path(os.environ.get("MONRAD_PYODIDE_CACHE", Path.home() / ".cache" / "monrad-pyodide"))


def _skip(reason: str) -> None:
    print(f"\nPyodide test skipped: {reason}")
    pytest.skip(reason)


def _prepare() -> tuple[Path, Path]:
    """The npm package and the wheel cache, fetched on first use."""
    if not (shutil.which("node") and shutil.which("npm")):
        _skip("node and npm are needed (the pyodide npm package runs under Node)")
    cache = _cache()
    package = cache / "node_modules" / "pyodide"
    if not (package / "pyodide.mjs").exists():
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(cache),
                               f"pyodide@{PYODIDE}"], check=False, capture_output=True, text=True,
                              timeout=600)
        if done.returncode or not (package / "pyodide.mjs").exists():
            _skip(f"npm could not install pyodide@{PYODIDE}: {done.stderr.strip()[-300:]}")
    wheels = cache / "wheels"
    wanted = {w.split("==")[0].lower().replace("-", "_") for w in WHEELS}
    have = {p.name.split("-")[0].lower() for p in wheels.glob("*.whl")}
    if not wanted <= have:
        wheels.mkdir(parents=True, exist_ok=True)
        done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                               "--only-binary=:all:", "--platform", "any", "--python-version",
                               "3.12", "--implementation", "py", "-d", str(wheels), *WHEELS],
                              check=False, capture_output=True, text=True,
                              timeout=600)
        if done.returncode:
            _skip(f"pip could not download the wheels: {done.stderr.strip()[-300:]}")
    return package, wheels


def _roster() -> list[Player]:
    return [Player(i, f"Spiller {i:02d}", rating=2300 - 37 * i, club=f"SK {i % 5}")
            for i in range(1, 31)]


def _cells(path: Path) -> dict:
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows()
            for c in row if c.value is not None}


def test_lite_buttons_run_in_pyodide_as_in_cpython(tmp_path: Path):
    package, wheels = _prepare()
    work = tmp_path / "work"
    work.mkdir()
    # monrad's own wheel, built from this checkout, beside the others
    built = tmp_path / "built"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "-w", str(built), str(REPO)], check=True, capture_output=True, timeout=600)
    local = tmp_path / "wheels"
    shutil.copytree(wheels, local)
    for wheel in built.glob("monrad-*.whl"):
        assert wheel.name.endswith("-py3-none-any.whl"), "monrad must be a pure wheel"
        shutil.copy(wheel, local)
    cpython = create_workbook(work / "cpython.xlsx", "nsf", 7, _roster(), "no", seed=2025,
                              lite=True)
    shutil.copy(cpython, work / "pyodide.xlsx")
    runner = tmp_path / "run.mjs"
    runner.write_text(RUNNER % {
        "pyodide": package.as_posix(), "wheels": local.as_posix(), "work": work.as_posix(),
        "here": HERE.as_posix(), "rounds": ROUNDS,
        "micropip": json.dumps([str(next(local.glob(f"{n}-*.whl"))) for n in ("packaging",
                                                                              "micropip")]),
    })
    start = time.perf_counter()
    done = subprocess.run(["node", str(runner)], check=False, capture_output=True, text=True,
                          timeout=1200)
    total = time.perf_counter() - start
    assert done.returncode == 0, done.stderr[-3000:]
    inside = json.loads((work / "pyodide.json").read_text())
    outside = season(str(cpython), ROUNDS)
    assert inside["platform"] == "Emscripten"
    # the message catalogs ship in the wheel and load with Pyodide's standard library (issue 29)
    assert inside["catalogs"] == [True] * 4
    assert inside["bye"] == ["Bye: 3", "Frirunde: 3", "Frirond: 3", "Oversidder: 3"]
    assert inside["said"] == outside["said"]
    assert inside["said"][-1].startswith(f"Runde {ROUNDS + 1} er satt opp: 15 bord")
    assert _cells(work / "pyodide.xlsx") == _cells(cpython)
    print(f"\nPyodide {PYODIDE} under Node: {total:.1f} s in all (boot {inside['boot_s']:.1f} s, "
          f"micropip installs {inside['install_s']:.1f} s, {2 * ROUNDS + 1} presses "
          f"{inside['seconds']:.1f} s); the same presses under CPython {outside['seconds']:.1f} s")
