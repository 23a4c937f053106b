"""How long does "Pair next round" take on a club workbook file?

For each size, create a workbook, then for every round: pair it (open, read, pair,
write the round sheet and the standings, back up, save), type random results and
update the standings.  Prints the time per step, split into opening the file, the
job itself and saving, so a slow part stands out.

    python benchmarks/bench_workbook.py [--players 30 100 300] [--rounds 7] [--system nsf]

``--writers`` compares the two ways of writing a workbook back (issue 12) on a
1,000-player workbook with round 1's results typed: "pair round 2" and then "update
standings", each in a fresh process, seconds and peak memory (max RSS), for the
package writer (``open_book``: read-only values, only owned parts written) and for
the former whole-workbook openpyxl load and save ("before"):

    python benchmarks/bench_workbook.py --writers [--players 1000]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from monrad.addin.jobs.book import pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player


def _enter_results(path: Path, n: int, rng: random.Random) -> None:
    book = open_book(path)
    lay = L.detect_layout(book.sheet_names())
    sheet = lay.round_name(n)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    for i, row in enumerate(rows):
        if row[6] is not None:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL,
                             [[rng.choice(["1-0", "½-½", "0-1"])]])
    book.save()


def run(players: int, rounds: int, system: str) -> None:
    rng = random.Random(players)
    roster = [Player(i, f"Player {i:03d}", rating=2400 - i) for i in range(1, players + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        path = create_workbook(Path(tmp) / "club.xlsx", system, rounds, roster, "en", seed=1)
        opened = job = saved = stand = 0.0
        for n in range(1, rounds + 1):
            t0 = time.perf_counter()
            book = open_book(path)
            t1 = time.perf_counter()
            pair_next_round(book, save=False)
            t2 = time.perf_counter()
            book.save()
            t3 = time.perf_counter()
            opened, job, saved = opened + t1 - t0, job + t2 - t1, saved + t3 - t2
            _enter_results(path, n, rng)
            t4 = time.perf_counter()
            update_standings(open_book(path))
            stand += time.perf_counter() - t4
        size = path.stat().st_size
    print(f"{system:6s} {players:4d} players x {rounds} rounds: per round open {opened / rounds:.3f}s, "
          f"pair+write {job / rounds:.3f}s, save {saved / rounds:.3f}s; "
          f"update standings {stand / rounds:.3f}s; file {size / 1024:.0f} KB")


def _open(path: Path, writer: str):
    """The workbook through the package writer, or as before: openpyxl, whole."""
    if writer == "package":
        return open_book(path)
    import warnings

    import openpyxl

    from monrad.converters.workbook.openpyxl_book import OpenpyxlBook

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return OpenpyxlBook(openpyxl.load_workbook(path, data_only=False), path)


def _one(step: str, writer: str, path: Path) -> None:
    """One measured step in this (fresh) process: prints seconds and peak RSS in MB."""
    import resource

    t0 = time.perf_counter()
    book = _open(path, writer)
    if step == "pair":
        pair_next_round(book)
    else:
        update_standings(book)
    seconds = time.perf_counter() - t0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    print(f"{seconds:.3f} {rss:.0f}")


def writers(players: int) -> None:
    rng = random.Random(players)
    roster = [Player(i, f"Player {i:04d}", rating=2400 - i // 2, club="SK")
              for i in range(1, players + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        base = create_workbook(Path(tmp) / "base.xlsx", "nsf", 7, roster, "en", seed=1)
        pair_next_round(open_book(base))
        _enter_results(base, 1, rng)
        print(f"pair round 2 + update standings, {players} players (fresh process each):")
        for writer in ("openpyxl", "package"):
            path = Path(tmp) / writer / "club.xlsx"
            path.parent.mkdir()
            shutil.copy2(base, path)
            cells = []
            for step in ("pair", "standings"):
                out = subprocess.run([sys.executable, __file__, "--one", step, writer, str(path)],
                                     capture_output=True, text=True, check=True).stdout.split()
                cells.append(f"{step} {float(out[0]):.2f}s, {out[1]} MB")
            label = "before (openpyxl load + save)" if writer == "openpyxl" else \
                "after (package writer)"
            print(f"  {label:32s} {'; '.join(cells)}; file {path.stat().st_size / 1024:.0f} KB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=None)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--system", default="nsf")
    ap.add_argument("--writers", action="store_true",
                    help="compare the package writer with the former openpyxl save")
    ap.add_argument("--one", nargs=3, metavar=("STEP", "WRITER", "PATH"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        _one(args.one[0], args.one[1], Path(args.one[2]))
        return
    if args.writers:
        for n in args.players or [1000]:
            writers(n)
        return
    for n in args.players or [30, 100, 300]:
        run(n, args.rounds, args.system)


if __name__ == "__main__":
    main()
