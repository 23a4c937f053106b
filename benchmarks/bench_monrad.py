"""Benchmark: pair whole Monrad tournaments of 100 to 4,000 players in every system.

For each system and size it pairs every round of a simulated tournament (results drawn
with a fixed seed, stronger players winning more often, a few forfeits) and reports
the slowest and the mean time per round, plus one adversarial round (the last player
may only meet no. 1, so the hand procedure would break up every pair).  The issue's
bound: a 1,000-player round in under 1 s; the exit status is 1 if it is missed.

    python benchmarks/bench_monrad.py                      # all systems, 100 .. 4000
    python benchmarks/bench_monrad.py --systems nsf --sizes 1000 --rounds 9
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from monrad.engine.model import (
    ForbiddenGroup,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.pairing import pair_round

BOUND_PLAYERS, BOUND_SECONDS = 1000, 1.0


def simulate(system: str, n: int, rounds: int, seed: int,
             cpu: list[float] | None = None) -> list[float]:
    """Seconds spent pairing each round of one simulated tournament (and, into
    ``cpu``, the CPU seconds: the machine may be shared)."""
    rng = random.Random(seed)
    scoring = Scoring.school() if system == "school" else Scoring()
    t = Tournament(settings=Settings(system=system, rounds=rounds, scoring=scoring))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"P{i}", rating=2500 - i))
    times = []
    for r in range(1, rounds + 1):
        start, used = time.perf_counter(), time.process_time()
        rnd = pair_round(t)
        times.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - used)
        games = []
        for g in rnd.games:
            x = rng.random()
            edge = (g.black - g.white) / (4 * n)  # lower start number = stronger
            if x < 0.01:
                res = Result.FORFEIT_WIN
            elif x < 0.42 + edge:
                res = Result.WIN
            elif x < 0.62 + edge:
                res = Result.DRAW
            else:
                res = Result.LOSS
            games.append(Game(g.white, g.black, res))
        t.set_round(Round(r, tuple(games), rnd.byes))
    return times


def trap(system: str, n: int) -> float:
    """Seconds for round 1 when player n may only meet player 1."""
    scoring = Scoring.school() if system == "school" else Scoring()
    groups = tuple(ForbiddenGroup((p, n)) for p in range(2, n))
    t = Tournament(settings=Settings(system=system, rounds=5, scoring=scoring, forbidden=groups))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"P{i}"))
    start = time.perf_counter()
    pair_round(t)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--systems", default="nsf,ssf,dsu,school")
    ap.add_argument("--sizes", default="100,500,1000,2000,4000")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    ok = True
    print(f"{'system':<7} {'players':>7} {'rounds':>6} {'max s':>8} {'mean s':>8} {'max CPU':>8} "
          f"{'trap s':>8}")
    for system in args.systems.split(","):
        for n in (int(x) for x in args.sizes.split(",")):
            cpu: list[float] = []
            times = simulate(system, n, args.rounds, args.seed, cpu)
            worst = max(times)
            trap_s = trap(system, n)
            flag = ""
            if n == BOUND_PLAYERS and max(worst, trap_s) >= BOUND_SECONDS:
                ok = False
                flag = "  <-- over the 1 s bound"
            print(f"{system:<7} {n:>7} {len(times):>6} {worst:>8.3f} "
                  f"{sum(times) / len(times):>8.3f} {max(cpu):>8.3f} {trap_s:>8.3f}{flag}",
                  flush=True)
    print("bound (1,000-player round < 1 s):", "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
