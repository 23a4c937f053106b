"""The pruned top-down search equals the hand procedure's chronological backtracking.

MON-3 / NSF-9D / SSF-5 / DSU-4 / SKOL-4: the round is the first complete pairing in
the top-down candidate order.  These tests compare :func:`top_down` (which never goes
back, thanks to the matching test) with a literal backtracking search on many random
"may meet" graphs and candidate orders, and the matcher with a brute-force test.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from monrad.engine.cardinality import Matcher
from monrad.engine.monrad.procedure import top_down
from monrad.engine.pairing import NoPairingPossible


def random_graph(n: int, p: float, rng: random.Random) -> Callable[[int, int], bool]:
    edges = {(a, b) for a in range(n) for b in range(a + 1, n) if rng.random() < p}
    return lambda u, v: (min(u, v), max(u, v)) in edges


def perfect_exists(vertices: Sequence[int], can: Callable[[int, int], bool]) -> bool:
    if not vertices:
        return True
    top, rest = vertices[0], vertices[1:]
    return any(can(top, v) and perfect_exists([x for x in rest if x != v], can) for v in rest)


class _Alive:
    """Stands in for the matcher in candidate functions: just the players left."""

    def __init__(self, alive: list[int]) -> None:
        self._alive = alive

    def alive(self):
        return iter(self._alive)


def backtracking(n, can, candidates, bye="none", tiers=()):
    """The hand procedure, literally: chronological backtracking, no pruning."""

    def dfs(alive: list[int], bye_ok: set[int] | None, bye_open: bool):
        if not alive:
            return [] if not bye_open else None
        top = alive[0]
        seen = []
        for c in candidates(top, _Alive(alive)):
            if c in seen or c == top:
                continue
            seen.append(c)
        for c in alive[1:]:
            if c not in seen and can(top, c):
                seen.append(c)
        for c in seen:
            if not can(top, c):
                continue
            rest = dfs([x for x in alive if x not in (top, c)], bye_ok, bye_open)
            if rest is not None:
                return [(top, c)] + rest
        if bye_open and bye_ok is not None and top in bye_ok:
            rest = dfs(alive[1:], bye_ok, False)
            if rest is not None:
                return [(top, "bye")] + rest
        return None

    everyone = list(range(n))
    if n % 2 == 0:
        return dfs(everyone, None, False), None
    for tier in tiers:
        if bye == "before":
            for v in tier:
                got = dfs([x for x in everyone if x != v], None, False)
                if got is not None:
                    return got, v
        else:
            got = dfs(everyone, set(tier), True)
            if got is not None:
                pairs = [p for p in got if p[1] != "bye"]
                return pairs, next(p[0] for p in got if p[1] == "bye")
    return None, None


def _order_fn(n: int, rng: random.Random):
    ranks = {v: rng.sample(range(n), n) for v in range(n)}

    def candidates(top, m):
        return sorted((v for v in m.alive() if v != top), key=lambda v: ranks[top][v])

    return candidates


@pytest.mark.parametrize("seed", range(60))
def test_mon_3_matcher_finds_perfect_matching_iff_one_exists(seed: int) -> None:
    """The feasibility test of NSF-9D (MON-3) is exact: a perfect matching exists or not."""
    rng = random.Random(seed)
    n = rng.choice([2, 4, 6, 8, 10])
    can = random_graph(n, rng.choice([0.2, 0.35, 0.5, 0.8]), rng)
    m = Matcher(n, can)
    assert m.initialise() == perfect_exists(list(range(n)), can)


@pytest.mark.parametrize("seed", range(150))
def test_mon_3_top_down_equals_chronological_backtracking(seed: int) -> None:
    """MON-3, NSF-9D, SSF-5, DSU-4, SKOL-4: first complete pairing in candidate order."""
    rng = random.Random(1000 + seed)
    n = rng.choice([4, 6, 8, 10, 12, 5, 7, 9, 11])
    can = random_graph(n, rng.choice([0.3, 0.45, 0.6, 0.9]), rng)
    order = _order_fn(n, rng) if rng.random() < 0.5 else (
        lambda top, m: [v for v in m.alive() if v != top])
    bye = rng.choice(["before", "leftover"])
    tiers = []
    if n % 2:
        tiers = [sorted(rng.sample(range(n), rng.randint(1, n)), reverse=True), list(range(n - 1, -1, -1))]
    expected_pairs, expected_bye = backtracking(n, can, order, bye, tiers)
    if expected_pairs is None:
        with pytest.raises(NoPairingPossible):
            top_down(n, can, order, bye=bye, bye_tiers=tiers)
        return
    plan = top_down(n, can, order, bye=bye, bye_tiers=tiers)
    assert plan.pairs == expected_pairs
    assert plan.bye == expected_bye


def test_mon_3_rematch_trap_breaks_up_many_pairs_without_search() -> None:
    """NSF-9D adversarial: the last player can only meet the top one, so every pair
    the greedy procedure would form must be broken up in turn; the pruned search
    rejects each wrong candidate with one augmenting-path search and never goes
    back (plain backtracking would re-pair the other 398 players for every one of
    the top player's 398 wrong candidates)."""
    n = 400
    # everyone may meet everyone, except that player n-1 may only meet player 0
    def can(u: int, v: int) -> bool:
        if n - 1 in (u, v):
            return {u, v} == {0, n - 1}
        return True

    plan = top_down(n, can, lambda top, m: [v for v in m.alive() if v != top])
    assert plan.pairs[0] == (0, n - 1)
    assert plan.pairs[1:] == [(i, i + 1) for i in range(1, n - 1, 2)]
    assert plan.searches <= 2 * n


@pytest.mark.parametrize("seed", range(60))
def test_mon_3_feasible_partners_is_exact(seed: int) -> None:
    """MON-3: the one-search partner set (Gallai-Edmonds) equals brute force."""
    rng = random.Random(5000 + seed)
    n = rng.choice([4, 6, 8, 10])
    can = random_graph(n, rng.choice([0.35, 0.5, 0.7]), rng)
    m = Matcher(n, can)
    if not m.initialise():
        return
    a = rng.randrange(n)
    expected = {b for b in range(n) if b != a and can(a, b)
                and perfect_exists([x for x in range(n) if x not in (a, b)], can)}
    got = {b for b in m.feasible_partners(a) if can(a, b)}
    assert got == expected
    assert all(m.mate[m.mate[v]] == v and can(v, m.mate[v]) for v in range(n))  # unchanged
