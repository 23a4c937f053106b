"""Benchmark: convert a tournament of 1,000 players and 11 rounds to every format.

Writes the tournament as TRF-2026, then times ``convert_one`` (read + write, atomic)
from that file to each output format, and reading each output back.  The issue's
bound: the large file converted in under 5 s; the exit status is 1 if the TRF, CSV
or klubtur conversion misses it (the workbook is reported, see docs/batch.md).
Also times a batch of many small files, in one process and in several.

    python benchmarks/bench_convert.py
    python benchmarks/bench_convert.py --players 2000 --rounds 11 --small 200
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from monrad.converters import batch
from monrad.converters.trf import write_trf
from monrad.engine.model import Bye, Game, Player, Result, Round, Settings, Tournament

BOUND_SECONDS = 5.0
BOUND_FORMATS = ("trf2026", "trf16", "csv", "klubtur")
SUFFIX = {"trf2026": ".trf", "trf16": ".trf", "csv": ".csv", "klubtur": ".csv", "xlsx": ".xlsx"}


def tournament(players: int, rounds: int, seed: int = 8) -> Tournament:
    """Random pairings and results (a few forfeits), a pairing bye when odd."""
    rng = random.Random(seed)
    t = Tournament(settings=Settings(system="dutch", rounds=rounds), info={"name": "Big Open"})
    for i in range(1, players + 1):
        t.add_player(Player(i, f"Player{i:04d}, Test", rating=1000 + (7919 * i) % 1800,
                            federation="NOR", fide_id=str(1_500_000 + i)))
    for rnd in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        byes = [Bye(order.pop(), Result.PAIRING_BYE)] if len(order) % 2 else []
        games = [Game(a, b, rng.choice([Result.WIN, Result.LOSS, Result.DRAW, Result.FORFEIT_WIN]))
                 for a, b in zip(order[0::2], order[1::2])]
        t.rounds.append(Round(rnd, tuple(games), tuple(byes)))
    return t


def timed(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--small", type=int, default=100, help="files in the many-files batch")
    ap.add_argument("--formats", default="trf2026,trf16,csv,klubtur,xlsx")
    args = ap.parse_args(argv)
    work = Path(tempfile.mkdtemp(prefix="bench-convert-"))
    missed = []
    try:
        src = work / "big.trf"
        src.write_text(write_trf(tournament(args.players, args.rounds)), encoding="utf-8")
        print(f"{args.players} players x {args.rounds} rounds "
              f"({src.stat().st_size // 1024} KiB TRF-2026)")
        print(f"{'format':<9} {'convert s':>10} {'read back s':>12}")
        for fmt in args.formats.split(","):
            out = work / f"big-{fmt}{SUFFIX[fmt]}"
            secs, res = timed(lambda: batch.convert_one(batch.Job(str(src), str(out), fmt,
                                                                  overwrite=True)))
            assert res.status == "converted", res.detail  # type: ignore[union-attr]
            back, _ = timed(lambda: batch.read_input(out))
            flag = ""
            if fmt in BOUND_FORMATS and secs > BOUND_SECONDS:
                missed.append(fmt)
                flag = f"  > {BOUND_SECONDS:.0f} s"
            print(f"{fmt:<9} {secs:>10.2f} {back:>12.2f}{flag}")

        small = work / "small"
        small.mkdir()
        little = write_trf(tournament(30, 7))
        for i in range(args.small):
            (small / f"club-{i:04d}.trf").write_text(little, encoding="utf-8")
        for workers in (1, None):
            dest = work / f"out-{workers}"
            secs, rep = timed(lambda: batch.convert_many([str(small)], "csv", dest,
                                                         workers=workers, show_progress=False))
            label = "1 process" if workers == 1 else "processes"
            print(f"{args.small} files of 30 players -> csv, {label}: {secs:.2f} s "
                  f"({rep.count('converted')} converted)")  # type: ignore[union-attr]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if missed:
        print(f"missed the {BOUND_SECONDS:.0f} s bound: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
