"""How long does "Pair next round" take on a club workbook file?

For each size, create a workbook, then for every round: pair it (open, read, pair,
write the round sheet and the standings, back up, save), type random results and
update the standings.  Prints the time per step, split into opening the file, the
job itself and saving, so a slow part stands out.

    python benchmarks/bench_workbook.py [--players 30 100 300] [--rounds 7] [--system nsf]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from monrad.converters import layout as L
from monrad.addin.jobs import pair_next_round, update_standings
from monrad.converters.new_workbook import create_workbook
from monrad.converters.openpyxl_book import open_book
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[30, 100, 300])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--system", default="nsf")
    args = ap.parse_args()
    for n in args.players:
        run(n, args.rounds, args.system)


if __name__ == "__main__":
    main()
