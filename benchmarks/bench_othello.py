"""Time whole Othello Swiss events: pairing every round plus MBQ standings.

Usage: python benchmarks/bench_othello.py [players rounds] ...
(default: 9 7, 20 9, 40 13, 100 13, 300 13).  Results are random disc counts from a
fixed seed, so runs are comparable.
"""

from __future__ import annotations

import random
import sys
import time

from monrad.engine.model import Player, Round, Settings, Tournament
from monrad.engine.othello.discs import with_discs
from monrad.engine.othello.mbq import standings
from monrad.engine.pairing import pair_round


def run(players: int, rounds: int, seed: int = 1) -> float:
    t = Tournament(settings=Settings(system="othello-swiss", rounds=rounds))
    for i in range(1, players + 1):
        t.add_player(Player(i, f"Player {i}", rating=2400 - i))
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(rounds):
        rnd = pair_round(t)
        games = []
        for g in rnd.games:
            b = rng.randint(0, 64)
            games.append(with_discs(g, b, rng.randint(0, 64 - b)))
        t.set_round(Round(rnd.number, tuple(games), rnd.byes))
    standings(t)
    return time.perf_counter() - start


def main(argv: list[str]) -> None:
    sizes = [(int(a), int(b)) for a, b in zip(argv[::2], argv[1::2])] or [
        (9, 7), (20, 9), (40, 13), (100, 13), (300, 13)]
    for players, rounds in sizes:
        print(f"{players:4d} players {rounds:2d} rounds: {run(players, rounds):7.3f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
