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

from ..matching import WeightedGraph

__all__ = ["Field"]


class Field(WeightedGraph):
    """Vertices ``0 .. n-1`` with weights set per pair or given by ``plain(u, v)``
    (``u < v``; 0 means the pair is not allowed).  Retiring pairs, the fixed pairs and
    :meth:`solve` are :class:`.matching.WeightedGraph`'s."""

    def __init__(self, n: int, plain: Callable[[int, int], int]) -> None:
        super().__init__(n)
        self.plain = plain

    def weight(self, u: int, v: int) -> int:
        """The pair's weight, 0 when it is not allowed or a vertex has left."""
        if not (self._active[u] and self._active[v]):
            return 0
        w = self._adj[u].get(v)
        if w is None:
            return self.plain(u, v) if u < v else self.plain(v, u)
        return w

    def set_weight(self, u: int, v: int, w: int) -> None:
        """Set the pair's weight (``w <= 0``: not allowed, which overrides the plain
        weight); ignored once a vertex has left."""
        if u == v:
            raise ValueError("a vertex cannot be paired with itself")
        if self._active[u] and self._active[v]:
            w = max(w, 0)
            self._adj[u][v] = w
            self._adj[v][u] = w

    def edges(self) -> list[tuple[int, int, int]]:
        """(u, v, weight) of every allowed pair of active vertices, u < v."""
        return [(u, v, w) for v in range(self.n) for u in range(v)
                if (w := self.weight(u, v)) > 0]

    def has_edge_beyond(self, v: int, cut: int) -> bool:
        """True when ``v`` has an allowed partner numbered ``cut`` or more."""
        return any(self.weight(v, u) > 0 for u in range(cut, self.n))

    def has_edge_within(self, v: int, lo: int, hi: int) -> bool:
        """True when ``v`` has an allowed partner numbered ``lo .. hi - 1``."""
        return any(u != v and self.weight(v, u) > 0 for u in range(lo, hi))
