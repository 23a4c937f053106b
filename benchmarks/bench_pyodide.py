"""How long do the Excel buttons take inside Pyodide, the Python of xlwings Lite, and how
many actions does a press send to Excel?  (issue 38)

NSF workbooks of 30, 500 and 1,000 players made by ``monrad new --lite``; inside real
Pyodide (the npm package under Node, the same set-up as
``tests/addin/test_lite_pyodide.py``, whose cache it shares: the workbook's
``requirements.txt`` installed from the package index, no monrad wheel) the first open
is timed (micropip installing the requirements, then the workbook's ``main.py``
executed: unpacking and importing monrad), then *Pair next round*, with round 1's
results typed *Update standings*, and *Pair next round* again are pressed on the Lite
stand-in (``tests/addin/lite_standin.py``: reads as a snapshot, writes queued).  Each
press is timed around the script call alone -- what monrad's Python does; the
stand-in's loading and saving of the file stand for Excel's own work -- and the actions
it queued for Excel are counted (each one a round trip to Excel).  The same three
steps through the command line (``monrad pair`` / ``monrad standings`` on the file,
reading and writing it) are timed on CPython in the same run, and the ratio printed.

    python benchmarks/bench_pyodide.py [--players 30 500 1000] [--pyodide 314.0.7]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests" / "addin"

PRESSES = r"""
import json, random, time
import openpyxl
from lite_season_driver import run_main
from lite_standin import open_lite

def results(path):
    from monrad.converters import layout as L
    wb = openpyxl.load_workbook(path)
    lay = L.detect_layout(wb.sheetnames)
    ws = wb[lay.round_name(1)]
    rng = random.Random(1)
    for row in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
        if ws.cell(row, 7).value is not None:
            ws.cell(row, L.RESULT_COL).value = rng.choice(["1-0", "0-1", "½-½"])
    wb.save(path)

def run(path, unpack=True):
    out = {}
    if unpack:  # the first workbook: main.py in a fresh Python, Lite's xlwings loaded
        from lite_season_driver import workbook_code
        code = workbook_code(path)["main.py"]
        t = time.perf_counter()
        namespace = {}
        exec(compile(code, "main.py", "exec"), namespace)
        out["main.py ready"] = [round(time.perf_counter() - t, 3), None]
    else:
        namespace = run_main(path, unpack=False)
    def press(script, label):
        book, impl = open_lite(path)
        t = time.perf_counter()
        namespace[script](book)
        out[label] = [round(time.perf_counter() - t, 3), len(impl.actions)]
        impl.finish()
    press("pair_next_round", "pair round 1")
    results(path)
    press("update_standings", "standings after round 1")
    press("pair_next_round", "pair round 2")
    return out
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
import json, sys, time
import micropip
sys.path.insert(0, "/tests")
from lite_season_driver import requirements
t = time.perf_counter()
await micropip.install(requirements("/bench/pyodide-%(first)s.xlsx"))
install = round(time.perf_counter() - t, 2)
t = time.perf_counter()
import xlwings  # Lite's own, loaded before it runs main.py
xlwings_s = round(time.perf_counter() - t, 2)
exec(open("/bench/presses.py").read())
first = %(first)s
out = {"install": install, "xlwings": xlwings_s,
       "sizes": {n: run(f"/bench/pyodide-{n}.xlsx", unpack=n == first) for n in %(sizes)s}}
with open("/bench/pyodide.json", "w") as f:
    json.dump(out, f)
`);
let heap = 0;
try { heap = py._module.HEAP8.buffer.byteLength; } catch (e) { heap = 0; }
const fs = await import("fs");
const out = JSON.parse(fs.readFileSync("%(work)s/pyodide.json"));
out.heap_mb = Math.round(heap / 1048576);
fs.writeFileSync("%(work)s/pyodide.json", JSON.stringify(out));
"""


def _cli_times(path: Path, results) -> dict[str, float]:
    """The same three steps through the command line (reading and writing the file)."""
    from monrad.addin.cli import main as cli

    out = {}
    for label, argv, before in (("pair round 1", ["pair", str(path)], None),
                                ("standings after round 1", ["standings", str(path)], results),
                                ("pair round 2", ["pair", str(path)], None)):
        if before is not None:
            before(str(path))
        t = time.perf_counter()
        assert cli(argv) == 0
        out[label] = round(time.perf_counter() - t, 3)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[30, 500, 1000])
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
    namespace: dict = {}
    exec(PRESSES, namespace)  # noqa: S102 -- the results typed the same way on both sides
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        for n in args.players:
            roster = [Player(i, f"Spiller {i:04d}", rating=2600 - i // 2, club=f"SK {i % 40}")
                      for i in range(1, n + 1)]
            book = create_workbook(work / f"cli-{n}.xlsx", "nsf", 7, roster, "no", seed=2025,
                                   lite=True)
            shutil.copy(book, work / f"pyodide-{n}.xlsx")
        (work / "presses.py").write_text(PRESSES, encoding="utf-8")
        start = time.perf_counter()
        done = harness.run_node(RUNNER % {
            "pyodide": package.as_posix(), "module": (package / "pyodide.mjs").as_uri(),
            "work": work.as_posix(), "tests": TESTS.as_posix(), "sizes": repr(args.players),
            "first": args.players[0]}, Path(tmp))
        node = time.perf_counter() - start
        if done.returncode:
            print(done.stderr[-2000:])
            return 1
        inside = json.loads((work / "pyodide.json").read_text())
        outside = {n: _cli_times(work / f"cli-{n}.xlsx", namespace["results"])
                   for n in args.players}
    print(f"Pyodide {args.pyodide} under Node ({node:.0f} s in all, wasm heap "
          f"{inside['heap_mb']} MB at the end); first open: requirements installed in "
          f"{inside['install']:.1f} s, xlwings imported in {inside['xlwings']:.1f} s, "
          f"then main.py (below, the first workbook)")
    print(f"  {'players':>7} {'step':<26} {'Pyodide s':>9} {'actions':>7} {'CLI s':>7} {'ratio':>6}")
    for n in args.players:
        for label, (seconds, actions) in inside["sizes"][str(n)].items():
            cli_s = outside[n].get(label)
            ratio = f"{seconds / cli_s:6.2f}" if cli_s else ""
            print(f"  {n:>7} {label:<26} {seconds:>9.2f} {actions if actions is not None else '':>7} "
                  f"{cli_s if cli_s is not None else '':>7} {ratio:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
