"""The players still to be paired as a graph, without storing every pair.

A pairing of a round is a matching in the graph of allowed pairs (C.1, C.3,
forbidden pairs).  The procedure of :mod:`.brackets` gives the pairs of the bracket
being paired (and of the next score group) their full criteria weight; every other
allowed pair only carries a plain weight that follows from the two players alone
(see :func:`.criteria.pair_weight` without bracket flags).  So the graph stores the
weights that were set and computes the plain ones when asked: memory grows with the
brackets, not with the square of the field (4,000 players would be 8 million pairs).

>>> field = Field(4, lambda u, v: 1 if (u + v) % 2 else 0)
>>> field.weight(0, 1), field.weight(0, 2)
(1, 0)
>>> field.set_weight(0, 2, 7)
>>> field.retire(1, 3)
>>> field.weight(0, 2), field.weight(0, 1), field.fixed_pairs()
(7, 0, [(1, 3), (3, 1)])
"""

from __future__ import annotations

from collections.abc import Callable

from ..matching import max_weight_matching

__all__ = ["Field"]


class Field:
    """Vertices ``0 .. n-1`` with weights set per pair or given by ``plain(u, v)``
    (``u < v``; 0 means the pair is not allowed)."""

    def __init__(self, n: int, plain: Callable[[int, int], int]) -> None:
        self.n = n
        self.plain = plain
        self._set: list[dict[int, int]] = [{} for _ in range(n)]
        self._active = [True] * n
        self._fixed: dict[int, int] = {}

    def active(self, v: int) -> bool:
        return self._active[v]

    def weight(self, u: int, v: int) -> int:
        """The pair's weight, 0 when it is not allowed or a vertex has left."""
        if not (self._active[u] and self._active[v]):
            return 0
        w = self._set[u].get(v)
        if w is None:
            return self.plain(u, v) if u < v else self.plain(v, u)
        return w

    def set_weight(self, u: int, v: int, w: int) -> None:
        """Set the pair's weight (``w <= 0``: not allowed); ignored once a vertex
        has left."""
        if u == v:
            raise ValueError("a vertex cannot be paired with itself")
        if self._active[u] and self._active[v]:
            w = max(w, 0)
            self._set[u][v] = w
            self._set[v][u] = w

    def retire(self, u: int, v: int) -> None:
        """Fix the pair u-v for good: both vertices leave the graph."""
        for x in (u, v):
            for y in self._set[x]:
                self._set[y].pop(x, None)
            self._set[x] = {}
            self._active[x] = False
        self._fixed[u] = v
        self._fixed[v] = u

    def fixed_pairs(self) -> list[tuple[int, int]]:
        """The retired pairs, each in both directions."""
        return list(self._fixed.items())

    def has_edge_beyond(self, v: int, cut: int) -> bool:
        """True when ``v`` has an allowed partner numbered ``cut`` or more."""
        return any(self.weight(v, u) > 0 for u in range(cut, self.n))

    def has_edge_within(self, v: int, lo: int, hi: int) -> bool:
        """True when ``v`` has an allowed partner numbered ``lo .. hi - 1``."""
        return any(u != v and self.weight(v, u) > 0 for u in range(lo, hi))

    def solve(self) -> list[int]:
        """A maximum-weight matching of the vertices still in the graph, as ``mate``
        (``mate[v] == v``: unmatched; retired vertices map to their partners)."""
        edges = [(u, v, w) for v in range(self.n) for u in range(v)
                 if (w := self.weight(u, v)) > 0]
        mate = max_weight_matching(self.n, edges)
        for x, y in self._fixed.items():
            mate[x] = y
        return mate
