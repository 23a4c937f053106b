"""Speed of the FIDE Dutch pairing (``--system dutch``) on large random tournaments.

For every size (players) and round the script builds a random history (rounds
before it paired greedily by score with random results, seeded: the history only
needs to look like a Swiss tournament) and times the Dutch pairing of that round in
a fresh subprocess, so each row's peak memory is its own.  It prints one row per
(players, round): seconds and peak MB, then the scaling exponent of time against
players for every round (least squares on log-log).

    python benchmarks/bench_dutch.py                       # 100 .. 4000, rounds 1 5 9
    python benchmarks/bench_dutch.py --sizes 100 200 --rounds 1 5 --timeout 60
    python benchmarks/bench_dutch.py --history dutch --sizes 1001 --rounds 2 5 9

``--history dutch`` pairs the earlier rounds with the Dutch engine itself (floats,
colour runs and byes as the rules make them; odd sizes give a bye every round); the
peak memory then covers those pairings too.  A row that exceeds ``--timeout``
seconds is reported as such and left out of the fit.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import time

DEFAULT_SIZES = (100, 500, 1000, 2000, 4000)
DEFAULT_ROUNDS = (1, 5, 9)


def _start(players: int, round_no: int):
    """A Dutch tournament of ``players`` (rated in start order), nothing played."""
    from monrad.engine.model import Colour, Player, Settings, Tournament

    t = Tournament(settings=Settings(system="dutch", rounds=max(9, round_no),
                                     initial_colour=Colour.WHITE))
    for n in range(1, players + 1):
        t.add_player(Player(n, f"Player {n}", rating=2800 - n))
    return t


def _result(rng: random.Random):
    """A random result for White: 40 % wins, 25 % draws, 35 % losses."""
    from monrad.engine.model import Result

    return rng.choices((Result.WIN, Result.DRAW, Result.LOSS), (0.4, 0.25, 0.35))[0]


def build(players: int, round_no: int, seed: int):
    """A tournament of ``players`` with ``round_no - 1`` random rounds played."""
    from monrad.engine.model import Bye, Game, Result, Round

    rng = random.Random(seed)
    t = _start(players, round_no)
    met: dict[int, set[int]] = {n: set() for n in range(1, players + 1)}
    had_bye: set[int] = set()
    whites: dict[int, int] = {n: 0 for n in range(1, players + 1)}
    for r in range(1, round_no):
        scores = t.scores()
        order = sorted(range(1, players + 1), key=lambda n: (-scores[n], n))
        byes = []
        if len(order) % 2:
            pick = next(n for n in reversed(order) if n not in had_bye)
            order.remove(pick)
            had_bye.add(pick)
            byes.append(Bye(pick, Result.PAIRING_BYE))
        games = []
        free = list(order)
        while free:
            a = free.pop(0)
            j = next((i for i, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(j)
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[w] += 1
            games.append(Game(w, bl, _result(rng)))
        t.rounds.append(Round(r, tuple(games), tuple(byes)))
    return t


def build_dutch(players: int, round_no: int, seed: int):
    """Like :func:`build`, but every earlier round is paired by the Dutch engine
    itself (a realistic history: floats, colour runs and byes as the rules make
    them), with random results."""
    from monrad.engine.model import Game, Round
    from monrad.engine.pairing import pair_round

    rng = random.Random(seed)
    t = _start(players, round_no)
    for r in range(1, round_no):
        rnd = pair_round(t, "dutch", round_no=r)
        games = tuple(Game(g.white, g.black, _result(rng)) for g in rnd.games)
        t.rounds.append(Round(r, games, rnd.byes))
    return t


def run_one(players: int, round_no: int, seed: int, history: str = "greedy") -> dict:
    """Time one pairing in this process; returns seconds and peak MB."""
    import resource

    from monrad.engine.pairing import pair_round

    t = (build_dutch if history == "dutch" else build)(players, round_no, seed)
    start = time.perf_counter()
    rnd = pair_round(t, "dutch", round_no=round_no)
    secs = time.perf_counter() - start
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": secs, "peak_mb": peak_kb / 1024, "boards": len(rnd.games)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    ap.add_argument("--rounds", type=int, nargs="+", default=list(DEFAULT_ROUNDS))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per row")
    ap.add_argument("--history", choices=("greedy", "dutch"), default="greedy",
                    help="earlier rounds paired greedily by score (quick to build) or by "
                         "the Dutch engine itself (realistic; building takes longer)")
    ap.add_argument("--one", nargs=2, type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one:
        print(json.dumps(run_one(args.one[0], args.one[1], args.seed, args.history)))
        return 0
    print(f"seed {args.seed}, history {args.history}")
    print(f"{'players':>8} {'round':>5} {'seconds':>10} {'peak MB':>9}")
    times: dict[int, list[tuple[int, float]]] = {r: [] for r in args.rounds}
    for n in args.sizes:
        for r in args.rounds:
            cmd = [sys.executable, __file__, "--one", str(n), str(r), "--seed", str(args.seed),
                   "--history", args.history]
            try:
                out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout,
                                     check=False)
            except subprocess.TimeoutExpired:
                print(f"{n:>8} {r:>5} {'>' + format(args.timeout, '.0f'):>10} {'-':>9}", flush=True)
                continue
            if out.returncode != 0:
                msg = (out.stderr.strip().splitlines() or ["failed"])[-1]
                print(f"{n:>8} {r:>5} {'error':>10} {'-':>9}  {msg}", flush=True)
                continue
            row = json.loads(out.stdout.strip().splitlines()[-1])
            times[r].append((n, row["seconds"]))
            print(f"{n:>8} {r:>5} {row['seconds']:>10.2f} {row['peak_mb']:>9.1f}", flush=True)
    for r, pts in times.items():
        pts = [(n, s) for n, s in pts if s > 0]
        if len(pts) >= 2:
            xs = [math.log(n) for n, _ in pts]
            ys = [math.log(s) for _, s in pts]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            k = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
            print(f"round {r}: time ~ players^{k:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
