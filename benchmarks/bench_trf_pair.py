"""``monrad pair FILE.trf`` on large fields: the pairing written back against the dry run.

Writing a pairing into a TRF file also writes the rank column, so it computes the
standings with every tie-break of the system; issue 30 found that on 9,999 players
this took 29 s against 1.3 s for the dry run (the direct encounter, ``DE``, was
quadratic in the size of a score group).  For every size and number of rounds
already played the script writes a TRF (Swiss-like pairings by score with random results,
seeded, a bye when the count is odd), then runs the real command in a fresh process twice: with
``--dry-run`` and without.  It prints wall and CPU seconds (the child's user + system
time: on a shared machine the steadier figure) and peak memory, then the growth
exponent of the CPU time against players for each (rounds, mode).

    python benchmarks/bench_trf_pair.py                         # 1,000 4,000 9,999; after 1 and 5
    python benchmarks/bench_trf_pair.py --sizes 9999 --rounds 1 --system nsf
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from monrad.converters.trf import write_trf
from monrad.engine.model import Bye, Colour, Game, Player, Result, Round, Settings, Tournament

DEFAULT_SIZES = (1000, 4000, 9999)
DEFAULT_ROUNDS = (1, 5)


def tournament(players: int, rounds: int, system: str, seed: int = 30) -> Tournament:
    """``rounds`` rounds of random pairings and results (a bye when odd)."""
    rng = random.Random(seed)
    t = Tournament(settings=Settings(system=system, rounds=9, initial_colour=Colour.WHITE),
                   info={"name": "Big Open"})
    for i in range(1, players + 1):
        t.add_player(Player(i, f"Player{i:05d}, Test", rating=2800 - (i - 1) * 1800 // players))
    score = dict.fromkeys(range(1, players + 1), 0)  # half points
    met: set[tuple[int, int]] = set()
    whites = dict.fromkeys(score, 0)
    for n in range(1, rounds + 1):
        # Swiss-like: by score (ties at random), each with the next one not met
        order = sorted(score, key=lambda p: (-score[p], rng.random()))
        byes = [Bye(order.pop(), Result.PAIRING_BYE)] if len(order) % 2 else []
        games = []
        while order:
            a = order.pop(0)
            i = next((k for k, b in enumerate(order) if (min(a, b), max(a, b)) not in met), 0)
            b = order.pop(i)
            met.add((min(a, b), max(a, b)))
            res = rng.choice([Result.WIN, Result.LOSS, Result.DRAW])
            # the one with fewer Whites has White (so colours stay balanced)
            if whites[a] <= whites[b]:
                games.append(Game(a, b, res))
                whites[a] += 1
            else:
                games.append(Game(b, a, res.counterpart))
                whites[b] += 1
            score[a] += {Result.WIN: 2, Result.DRAW: 1}.get(res, 0)
            score[b] += {Result.LOSS: 2, Result.DRAW: 1}.get(res, 0)
        for bye in byes:
            score[bye.player] += 2
        t.rounds.append(Round(n, tuple(games), tuple(byes)))
    return t


def run_command(args: list[str]) -> tuple[float, float, float]:
    """(wall s, CPU s, peak MB) of ``monrad ARGS`` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "monrad.addin.cli", *args],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"monrad {' '.join(args)} failed: {done.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss / 1024


def exponent(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(seconds) against log(players)."""
    pts = [(math.log(n), math.log(s)) for n, s in points if s > 0]
    if len(pts) < 2:
        return None
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    den = sum((x - mx) ** 2 for x, _ in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / den if den else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    ap.add_argument("--rounds", type=int, nargs="+", default=list(DEFAULT_ROUNDS),
                    help="rounds already played in the file")
    ap.add_argument("--system", default="dutch")
    args = ap.parse_args()
    print(f"{'players':>8} {'played':>6} {'mode':<8} {'wall s':>7} {'CPU s':>7} {'peak MB':>8}")
    growth: dict[tuple[int, str], list[tuple[int, float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rounds in args.rounds:
            for n in args.sizes:
                src = Path(tmp) / f"n{n}-r{rounds}.trf"
                src.write_text(write_trf(tournament(n, rounds, args.system)), encoding="utf-8")
                for mode in ("dry-run", "write"):
                    work = Path(tmp) / f"work-{mode}.trf"
                    shutil.copyfile(src, work)
                    extra = ["--dry-run"] if mode == "dry-run" else []
                    wall, cpu, peak = run_command(["pair", str(work), "--format", "pairs", *extra])
                    growth.setdefault((rounds, mode), []).append((n, cpu))
                    print(f"{n:>8} {rounds:>6} {mode:<8} {wall:>7.2f} {cpu:>7.2f} {peak:>8.0f}",
                          flush=True)
    print()
    for (rounds, mode), pts in sorted(growth.items()):
        k = exponent(pts)
        if k is not None:
            print(f"after {rounds} round(s), {mode}: CPU time grows as n^{k:.2f}")


if __name__ == "__main__":
    main()
