"""How long do the Excel buttons take inside Pyodide, the Python of xlwings Lite?

A 1,000-player NSF workbook made by ``monrad new --lite``; inside real Pyodide (the
npm package under Node, the same set-up as ``tests/addin/test_lite_pyodide.py``, whose
cache it shares: the workbook's ``requirements.txt`` installed from the package index,
no monrad wheel) the workbook's own ``main.py`` presses *Pair next round*, then,
with round 1's results typed, *Update standings* and *Pair next round* again, on the
Lite stand-in (``tests/addin/lite_standin.py``: reads as a snapshot, writes queued).
Each press is timed around the script call alone -- what monrad's Python does; the
stand-in's loading and saving of the file stand for Excel's own work.  The same presses
under CPython are timed beside it.

    python benchmarks/bench_pyodide.py [--players 1000]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests" / "addin"

PRESSES = r"""
import json, random, time
import openpyxl
from lite_season_driver import run_main
from lite_standin import open_lite

def run(path, unpack=True):
    namespace = run_main(path, unpack=unpack)
    from monrad.converters import layout as L
    lay = L.detect_layout(openpyxl.load_workbook(path, read_only=True).sheetnames)
    times = {}
    def press(script, label):
        book, impl = open_lite(path)
        t = time.perf_counter()
        namespace[script](book)
        times[label] = round(time.perf_counter() - t, 3)
        impl.finish()
    press("pair_next_round", "pair round 1")
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.round_name(1)]
    rng = random.Random(1)
    for row in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
        if ws.cell(row, 7).value is not None:
            ws.cell(row, L.RESULT_COL).value = rng.choice(["1-0", "0-1", "½-½"])
    wb.save(path)
    press("update_standings", "standings after round 1")
    press("pair_next_round", "pair round 2")
    return times
"""

RUNNER = r"""
import { loadPyodide } from "%(module)s";
const py = await loadPyodide({ indexURL: "%(pyodide)s/" });
await py.loadPackage("micropip");
for (const [dir, at] of [["%(work)s", "/bench"], ["%(tests)s", "/tests"]]) {
  py.FS.mkdirTree(at);
  py.FS.mount(py.FS.filesystems.NODEFS, { root: dir }, at);
}
await py.runPythonAsync(`
import json, sys
import micropip
sys.path.insert(0, "/tests")
from lite_season_driver import requirements
await micropip.install(requirements("/bench/pyodide.xlsx"))
exec(open("/bench/presses.py").read())
with open("/bench/pyodide.json", "w") as f:
    json.dump(run("/bench/pyodide.xlsx"), f)
`);
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--pyodide", default="314.0.7", help="the Pyodide version")
    args = ap.parse_args()
    sys.path.insert(0, str(TESTS))
    import pyodide_harness as harness  # the test's cache: npm package, rewritten lock file

    from monrad.converters.book.new_workbook import create_workbook
    from monrad.engine.model import Player

    try:
        package = harness.prepare(args.pyodide)
    except BaseException as exc:  # pytest's skip: node/npm or the downloads are missing
        print(f"Pyodide benchmark not run: {exc}")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        roster = [Player(i, f"Spiller {i:04d}", rating=2600 - i // 2, club=f"SK {i % 40}")
                  for i in range(1, args.players + 1)]
        book = create_workbook(work / "cpython.xlsx", "nsf", 7, roster, "no", seed=2025, lite=True)
        shutil.copy(book, work / "pyodide.xlsx")
        (work / "presses.py").write_text(PRESSES, encoding="utf-8")
        done = harness.run_node(RUNNER % {
            "pyodide": package.as_posix(), "module": (package / "pyodide.mjs").as_uri(), "work": work.as_posix(),
            "tests": TESTS.as_posix()}, Path(tmp))
        if done.returncode:
            print(done.stderr[-2000:])
            return 1
        inside = json.loads((work / "pyodide.json").read_text())
        namespace: dict = {}
        exec(PRESSES, namespace)  # noqa: S102 -- the same presses under CPython
        outside = namespace["run"](str(book), unpack=False)
    print(f"{args.players} players, NSF, seconds per press (the script call alone):")
    print(f"  {'press':<26} {'Pyodide':>8} {'CPython':>8}")
    for label, seconds in inside.items():
        print(f"  {label:<26} {seconds:>8.2f} {outside[label]:>8.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
