"""Maximum-weight matching on a general graph, for pairing systems.

A pairing system that needs a global optimum (FIDE Dutch C.04.3: "the pairing of a
bracket must leave the rest pairable", quality criteria weighed lexicographically)
states its criteria as one integer weight per possible pair and asks for a matching
of maximum total weight.  This module holds that one algorithm, apart from any
system, so other systems can reuse it.

API
---
:class:`WeightedGraph` -- an undirected graph on vertices ``0 .. n-1`` whose edge
weights are Python integers of any size (lexicographic weights are often hundreds
of bits wide; no rounding ever happens).

* ``g.set_weight(u, v, w)``  set (``w > 0``) or delete (``w <= 0``) the edge u-v;
* ``g.weight(u, v)``          current weight, 0 when there is no edge;
* ``g.retire(u, v)``          take the pair u-v out of the graph for good (both
  vertices leave; used when a pair is final);
* ``g.edges()``               the active edges as (u, v, weight), u < v;
* ``g.fixed_pairs()``         the retired pairs;
* ``g.solve()``               a maximum-weight matching of the vertices still in the
  graph, as ``mate`` list: ``mate[v]`` is v's partner, or ``v`` itself when v is
  unmatched (retired vertices map to their retired partner).

The solver is the classic primal-dual blossom algorithm (Edmonds 1965, Galil 1986;
``O(n^3)``) as implemented by ``networkx.max_weight_matching`` (Van Rantwijk's
code), which is exact for integer weights.  It is *not* restricted to maximum
cardinality: systems that need as many pairs as possible put that criterion in the
highest bits of the weight.

>>> g = WeightedGraph(4)
>>> g.set_weight(0, 1, 5); g.set_weight(2, 3, 5); g.set_weight(1, 2, 11)
>>> g.solve()
[1, 0, 3, 2]
"""

from __future__ import annotations

import networkx as nx

__all__ = ["WeightedGraph", "max_weight_matching"]


class WeightedGraph:
    """Undirected graph with big-integer edge weights (see the module docstring)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self._adj: list[dict[int, int]] = [{} for _ in range(n)]
        self._active = [True] * n
        self._fixed: dict[int, int] = {}

    def set_weight(self, u: int, v: int, w: int) -> None:
        if u == v:
            raise ValueError("a vertex cannot be matched with itself")
        if not (self._active[u] and self._active[v]):
            return
        if w > 0:
            self._adj[u][v] = w
            self._adj[v][u] = w
        else:
            self._adj[u].pop(v, None)
            self._adj[v].pop(u, None)

    def weight(self, u: int, v: int) -> int:
        return self._adj[u].get(v, 0)

    def has_edge_beyond(self, v: int, cut: int) -> bool:
        """True when ``v`` has an edge to a vertex numbered ``cut`` or more."""
        return any(u >= cut for u in self._adj[v])

    def has_edge_within(self, v: int, lo: int, hi: int) -> bool:
        """True when ``v`` has an edge to a vertex numbered ``lo .. hi - 1``."""
        return any(lo <= u < hi for u in self._adj[v])

    def active(self, v: int) -> bool:
        return self._active[v]

    def retire(self, u: int, v: int) -> None:
        """Fix the pair u-v: both vertices leave the graph, matched to each other."""
        for x in (u, v):
            for y in list(self._adj[x]):
                self._adj[y].pop(x, None)
            self._adj[x].clear()
            self._active[x] = False
        self._fixed[u] = v
        self._fixed[v] = u

    def fixed_pairs(self) -> list[tuple[int, int]]:
        """The retired pairs, each in both directions."""
        return list(self._fixed.items())

    def edges(self) -> list[tuple[int, int, int]]:
        """(u, v, weight) of every edge between active vertices, u < v."""
        return [
            (u, v, w) for u in range(self.n) if self._active[u]
            for v, w in self._adj[u].items() if v > u
        ]

    def solve(self) -> list[int]:
        """A maximum-weight matching of the active vertices (see module docstring)."""
        mate = max_weight_matching(self.n, self.edges())
        for x, y in self._fixed.items():
            mate[x] = y
        return mate


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """Maximum-weight matching of ``edges`` (u, v, integer weight) on ``0 .. n-1``.

    Returns ``mate`` with ``mate[v] == v`` for unmatched vertices.
    """
    mate = list(range(n))
    if not edges:
        return mate
    g = nx.Graph()
    g.add_weighted_edges_from(edges)
    for u, v in nx.max_weight_matching(g, maxcardinality=False):
        mate[u] = v
        mate[v] = u
    return mate
