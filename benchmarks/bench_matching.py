"""Speed of the maximum-weight matching solver (:mod:`monrad.engine.matching`).

The FIDE Dutch engine calls :func:`max_weight_matching` many times per round on dense
graphs whose weights are lexicographic bit fields hundreds of bits wide, and those
calls dominate its run time.  This script times the solver alone.

Generated graphs (default): for every size, a seeded random graph on that many
vertices, each pair an edge with probability ``--density``; a weight packs
``--fields`` small random fields (few distinct values, so many ties, as in the Dutch
criteria) into ``--bits`` bits, most significant field first.  One row per size:
vertices, edges, seconds.

    python benchmarks/bench_matching.py                        # sizes 100 200 400 800
    python benchmarks/bench_matching.py --sizes 100 200 --density 0.9 --repeat 3

Recorded calls: ``--pickle FILE`` times every ``(n, edges, ...)`` tuple of a pickled
list (extra items ignored), one row per call plus the total, e.g. the calls one Dutch
round made (captured by wrapping ``max_weight_matching``).  Only unpickle files you
made yourself: loading a pickle can run code.

    python benchmarks/bench_matching.py --pickle /tmp/solves_600_5.pkl
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time

from monrad.engine.matching import max_weight_matching

DEFAULT_SIZES = (100, 200, 400, 800)


def lexicographic_graph(n: int, density: float, fields: int, bits: int,
                        seed: int) -> list[tuple[int, int, int]]:
    """A random graph on ``0 .. n-1`` with packed lexicographic big-integer weights."""
    rng = random.Random(seed)
    width = max(2, bits // fields)
    spread = [rng.choice((2, 3, 5, 9)) for _ in range(fields)]
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                w = 1  # the top field stays positive: every edge is worth taking
                for f in range(fields):
                    w = (w << width) | rng.randrange(spread[f])
                edges.append((u, v, w))
    return edges


def time_call(n: int, edges: list[tuple[int, int, int]], repeat: int) -> float:
    """Best of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        max_weight_matching(n, edges)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    ap.add_argument("--density", type=float, default=0.5)
    ap.add_argument("--fields", type=int, default=8)
    ap.add_argument("--bits", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--pickle", metavar="FILE",
                    help="time the (n, edges, ...) calls stored in this pickle instead")
    args = ap.parse_args(argv)

    print(f"{'vertices':>8} {'active':>6} {'edges':>8} {'seconds':>9}")
    if args.pickle:
        with open(args.pickle, "rb") as f:
            calls = pickle.load(f)
        total = 0.0
        for call in calls:
            n, edges = call[0], call[1]
            active = len({x for u, v, _ in edges for x in (u, v)})
            s = time_call(n, edges, args.repeat)
            total += s
            print(f"{n:>8} {active:>6} {len(edges):>8} {s:>9.3f}", flush=True)
        print(f"total {len(calls)} calls: {total:.2f} s")
        return 0
    for n in args.sizes:
        edges = lexicographic_graph(n, args.density, args.fields, args.bits, args.seed + n)
        s = time_call(n, edges, args.repeat)
        print(f"{n:>8} {n:>6} {len(edges):>8} {s:>9.3f}", flush=True)
    print(f"(density {args.density}, {args.fields} fields in {args.bits} bits, seed {args.seed})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
