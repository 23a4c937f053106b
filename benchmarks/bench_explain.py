"""Benchmark: what explaining costs, and that the pairing itself does not pay for it.

For each system it simulates a tournament (fixed seed) and, for every round, times
(a) the ordinary pairing (``pair_round``: the Monrad recorder is off), (b) the same
round paired with the recorder listening (Monrad systems), (c) the whole explanation
(``explain_round``: pairing plus reasons).  The rounds of (a) and (b) must be
identical; the exit status is 1 if they are not.  Figures: docs/explain.md.

    python benchmarks/bench_explain.py                       # 1000 players, 7 rounds
    python benchmarks/bench_explain.py --systems nsf --size 2000 --rounds 9
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from monrad.engine.explain import explain_round, pairing_input
from monrad.engine.model import (
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.monrad.base import MonradSystem
from monrad.engine.monrad.procedure import Recorder
from monrad.engine.pairing import get_system, pair_round


def _results(rnd: Round, rng: random.Random) -> Round:
    games = []
    for g in rnd.games:
        x = rng.random()
        res = Result.WIN if x < 0.4 else Result.DRAW if x < 0.65 else Result.LOSS
        games.append(Game(g.white, g.black, res))
    return Round(rnd.number, tuple(games), rnd.byes)


def run(system: str, n: int, rounds: int, seed: int) -> tuple[list[float], list[float], list[float], bool]:
    rng = random.Random(seed)
    scoring = Scoring.school() if system == "school" else Scoring()
    t = Tournament(settings=Settings(system=system, rounds=rounds, scoring=scoring))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"P{i}", rating=2500 - i))
    impl = get_system(system)
    plain, heard, explained, same = [], [], [], True
    for r in range(1, rounds + 1):
        start = time.perf_counter()
        rnd = pair_round(t)
        plain.append(time.perf_counter() - start)
        if isinstance(impl, MonradSystem):
            history, players = pairing_input(t, r)
            start = time.perf_counter()
            other = impl.pair(history, r, players, recorder=Recorder())
            heard.append(time.perf_counter() - start)
            same = same and other.games == rnd.games and other.byes == rnd.byes
        start = time.perf_counter()
        explain_round(t)
        explained.append(time.perf_counter() - start)
        t.set_round(_results(rnd, rng))
    return plain, heard, explained, same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--systems", default="nsf,ssf,dsu,school,dutch")
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    ok = True
    print(f"{'system':14} {'pair mean':>10} {'recorder':>10} {'explain':>10}  identical")

    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else float("nan")

    for system in args.systems.split(","):
        plain, heard, explained, same = run(system, args.size, args.rounds, args.seed)
        print(f"{system:14} {mean(plain):10.4f} {mean(heard):10.4f} {mean(explained):10.4f}  {same}")
        ok = ok and same
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
