"""Can the rest of a round still be paired?  Maximum matching (Edmonds' blossoms).

The othello-swiss pairing (OTH-9) pairs top-down and must never paint itself into
a corner (the "complete the round by search, as NSF-9D" of the Decision).  Instead
of chronological backtracking, which can take exponential time, it keeps a perfect
matching of the players still to pair in the "may meet" graph: a tentative pair
``(a, b)`` is accepted only if the others still have a perfect matching.  Starting
from the kept matching, taking ``a`` and ``b`` out leaves at most two players
unmatched, so one augmenting-path search (``O(V E)`` with blossom shrinking)
answers the question.  A round of ``n`` players costs polynomial time, never a
search over pairings.

>>> m = Matcher(4, lambda a, b: {a, b} != {0, 1})
>>> m.perfect(), m.can_pair(0, 2), m.can_pair(0, 1)
(True, True, False)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

__all__ = ["Matcher"]


class Matcher:
    """A perfect-matching oracle on vertices ``0 .. n-1`` with an edge predicate.

    ``alive`` vertices are those still to be paired; :meth:`take` removes a pair.
    """

    def __init__(self, n: int, allowed: Callable[[int, int], bool], alive: Iterable[int] | None = None) -> None:
        self.n = n
        self.alive = set(range(n) if alive is None else alive)
        self.adj: list[list[int]] = [
            [b for b in range(n) if b != a and allowed(a, b)] for a in range(n)
        ]
        self.mate: list[int] = [-1] * n
        self._maximise()

    # --- public ----------------------------------------------------------------
    def perfect(self) -> bool:
        """True when every alive vertex is matched."""
        return all(self.mate[v] != -1 for v in self.alive)

    def can_pair(self, a: int, b: int) -> bool:
        """Would the others still have a perfect matching if ``a`` met ``b``?

        Assumes the current matching is perfect; leaves it unchanged.
        """
        if b not in self.adj[a] or a not in self.alive or b not in self.alive:
            return False
        if self.mate[a] == b:
            return True
        saved = list(self.mate)
        ok = self._try_without(a, b)
        self.mate = saved
        return ok

    def take(self, a: int, b: int) -> None:
        """Pair ``a`` with ``b`` for good (call only after :meth:`can_pair`)."""
        if self.mate[a] != b:
            if not self._try_without(a, b):
                raise ValueError(f"{a} and {b} cannot be paired with the rest complete")
        self.alive.discard(a)
        self.alive.discard(b)
        self.mate[a] = self.mate[b] = -1

    def remove(self, v: int) -> bool:
        """Take ``v`` out (a bye); True if the rest still has a perfect matching."""
        partner = self.mate[v]
        self.alive.discard(v)
        self.mate[v] = -1
        if partner != -1:
            self.mate[partner] = -1
            self._augment(partner)
        return self.perfect()

    # --- internals -------------------------------------------------------------
    def _try_without(self, a: int, b: int) -> bool:
        pa, pb = self.mate[a], self.mate[b]
        alive = self.alive
        self.alive = alive - {a, b}
        for v in (a, b, pa, pb):
            if v != -1:
                self.mate[v] = -1
        try:
            for v in (pa, pb):
                if v != -1 and v in self.alive and self.mate[v] == -1:
                    self._augment(v)
            ok = self.perfect()
        finally:
            self.alive = alive
        if ok:
            self.mate[a], self.mate[b] = b, a
        return ok

    def _maximise(self) -> None:
        for v in sorted(self.alive):  # greedy start
            if self.mate[v] == -1:
                for u in self.adj[v]:
                    if u in self.alive and self.mate[u] == -1:
                        self.mate[v], self.mate[u] = u, v
                        break
        for v in sorted(self.alive):
            if self.mate[v] == -1:
                self._augment(v)

    def _augment(self, root: int) -> bool:
        """Search an augmenting path from exposed ``root``; flip it if found."""
        n, mate, alive, adj = self.n, self.mate, self.alive, self.adj
        parent = [-1] * n
        base = list(range(n))
        used = [False] * n
        used[root] = True
        queue = deque([root])

        def lca(a: int, b: int) -> int:
            seen = [False] * n
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == -1:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
            while base[v] != b:
                blossom[base[v]] = blossom[base[mate[v]]] = True
                parent[v] = child
                child = mate[v]
                v = parent[mate[v]]

        while queue:
            v = queue.popleft()
            for to in adj[v]:
                if to not in alive or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    cur = lca(v, to)
                    blossom = [False] * n
                    mark(v, cur, to, blossom)
                    mark(to, cur, v, blossom)
                    for i in range(n):
                        if blossom[base[i]]:
                            base[i] = cur
                            if not used[i]:
                                used[i] = True
                                queue.append(i)
                elif parent[to] == -1:
                    parent[to] = v
                    if mate[to] == -1:
                        u = to
                        while u != -1:
                            pu = parent[u]
                            nxt = mate[pu]
                            mate[u], mate[pu] = pu, u
                            u = nxt
                        return True
                    used[mate[to]] = True
                    queue.append(mate[to])
        return False
