"""Maximum-cardinality matching kept perfect under removals (Edmonds' blossoms).

Holds the feasibility test of the top-down pairing procedures: the Monrad systems'
(MON-3, NSF-9D, SSF-5, DSU-4, SKOL-4) and the othello-swiss pairing's (OTH-9, "complete
the round by search, as NSF-9D").  It sits beside :mod:`monrad.engine.matching` (the
maximum-*weight* matching of the FIDE systems); this one only counts pairs.
:func:`complete_matching` answers the same question once for a whole Swiss field
(FIDE Dutch C.4 completion, :mod:`monrad.engine.dutch.completion`) without listing
the pairs of the graph: the players who may *not* meet are few.

The hand procedure is chronological backtracking: the round is the first complete
pairing in the top-down candidate order.  At every step the first candidate after
which the remaining players *can still all be paired* is exactly the candidate the
backtracking would keep, so the search never has to go back if each candidate is
tested for that.  The test is a perfect matching in the graph of "may meet" edges
between the players still to pair (a general graph, so Edmonds' blossoms are needed).

:class:`Matcher` keeps such a perfect matching of the remaining players.  Fixing a pair
``(a, b)`` that the matching already holds costs nothing; otherwise ``a``'s and ``b``'s
partners become free and one augmenting-path search between them either repairs the
matching (the candidate is feasible) or proves that no completion exists (the
candidate is rejected and the matching is restored unchanged).

An optional *dummy* vertex stands for the bye: it may be matched with the players
allowed to take the bye, so "one player gets the bye and the others are all paired"
is the same test (MON-5, NSF-12A, OTH-9).

>>> m = Matcher(4, lambda a, b: {a, b} != {0, 1})  # 0 and 1 may not meet
>>> m.initialise()
True
>>> m.try_fix(0, 2), list(m.alive())
(True, [1, 3])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterator, Sequence

__all__ = ["Matcher"]

_FREE = -1


class Matcher:
    """A perfect matching of the players still to pair, repaired one path at a time.

    Vertices are ``0 .. n-1`` (positions on the round list) plus, when ``bye_ok`` is
    given, the dummy vertex ``n`` (the bye) adjacent to every ``v`` with ``bye_ok[v]``.
    ``can_meet(u, v)`` must be symmetric.
    """

    def __init__(
        self,
        n: int,
        can_meet: Callable[[int, int], bool],
        bye_ok: Sequence[bool] | None = None,
    ) -> None:
        self.n = n
        self.can_meet = can_meet
        self.dummy = n if bye_ok is not None else _FREE
        self.bye_ok = list(bye_ok) if bye_ok is not None else [False] * n
        size = n + 1 if bye_ok is not None else n
        self.mate = [_FREE] * size
        # circular doubly linked list of the real vertices still present; sentinel S
        self._s = size
        self._next = list(range(1, n + 1)) + [0, 0]
        self._prev = [n + 1] + list(range(0, n - 1)) + [0, 0]
        s = self._s
        if n:
            self._next[n - 1] = s
            self._prev[0] = s
            self._next[s] = 0
            self._prev[s] = n - 1
        else:
            self._next[s] = s
            self._prev[s] = s
        self.dummy_alive = bye_ok is not None
        #: number of augmenting-path searches run (for benchmarks and tests)
        self.searches = 0
        self._last_outer: set[int] = set()

    # --- the vertex set -------------------------------------------------------------
    def alive(self) -> Iterator[int]:
        """The real vertices still present, in list order."""
        nxt, s = self._next, self._s
        v = nxt[s]
        while v != s:
            yield v
            v = nxt[v]

    def _remove(self, v: int) -> None:
        if v == self.dummy:
            self.dummy_alive = False
            return
        nxt, prv = self._next, self._prev
        nxt[prv[v]] = nxt[v]
        prv[nxt[v]] = prv[v]

    def _restore(self, v: int) -> None:
        if v == self.dummy:
            self.dummy_alive = True
            return
        nxt, prv = self._next, self._prev
        nxt[prv[v]] = v
        prv[nxt[v]] = v

    def adjacent(self, u: int, v: int) -> bool:
        """True when ``u`` and ``v`` may be paired (the dummy: ``v`` may take the bye)."""
        if u == v:
            return False
        if u == self.dummy:
            return self.bye_ok[v]
        if v == self.dummy:
            return self.bye_ok[u]
        return self.can_meet(u, v)

    # --- building the first matching ------------------------------------------------
    def initialise(self) -> bool:
        """Find a perfect matching of all vertices; False when none exists.

        A greedy pass in list order (which usually is already close to the round
        the procedure will produce) followed by one augmenting search per free vertex.
        """
        mate = self.mate
        can = self.can_meet
        nxt, s = self._next, self._s
        v = nxt[s]
        while v != s:
            if mate[v] == _FREE:
                u = nxt[v]
                while u != s:
                    if mate[u] == _FREE and can(v, u):
                        mate[v], mate[u] = u, v
                        break
                    u = nxt[u]
            v = nxt[v]
        d = self.dummy
        if d != _FREE:
            for v in reversed(list(self.alive())):
                if mate[v] == _FREE and self.bye_ok[v]:
                    mate[v], mate[d] = d, v
                    break
        free = [v for v in self.alive() if mate[v] == _FREE]
        if d != _FREE and mate[d] == _FREE:
            free.append(d)
        for v in free:
            if mate[v] == _FREE:
                self._augment(v, None)
        return all(mate[v] != _FREE for v in free)

    # --- the step of the procedure ------------------------------------------------
    def try_fix(self, a: int, b: int) -> bool:
        """Pair ``a`` with ``b`` if the others can then still all be paired.

        On success ``a`` and ``b`` leave the graph; on failure nothing changes.
        The caller guarantees ``adjacent(a, b)``.
        """
        mate = self.mate
        if mate[a] == b:
            self._remove(a)
            self._remove(b)
            return True
        a2, b2 = mate[a], mate[b]
        self._remove(a)
        self._remove(b)
        mate[a], mate[b] = b, a
        mate[a2] = _FREE
        mate[b2] = _FREE
        if self._augment(a2, b2):
            return True
        mate[a], mate[a2] = a2, a
        mate[b], mate[b2] = b2, b
        self._restore(b)
        self._restore(a)
        return False

    def feasible_partners(self, a: int) -> set[int]:
        """Every ``b`` such that, ``a`` and ``b`` removed, the others can all be paired.

        With ``a`` removed, its partner is the only free vertex; the vertices an
        Edmonds search from it labels *outer* are exactly those some maximum matching
        leaves free (Gallai-Edmonds), i.e. the partners ``b`` (among ``a``'s
        neighbours) that keep the round completable.  One full search instead of one
        per candidate: used when several candidates in a row have failed.
        """
        mate = self.mate
        a2 = mate[a]
        self._remove(a)
        mate[a2] = _FREE
        found = self._augment(a2, None)
        assert not found, "the matching was not perfect"
        outer = self._last_outer
        mate[a2] = a
        mate[a] = a2
        self._restore(a)
        return outer

    # --- Edmonds' augmenting path from one root ---------------------------------------
    def _neighbours(self, v: int) -> Iterator[int]:
        nxt, s = self._next, self._s
        d = self.dummy
        if v == d:
            ok = self.bye_ok
            u = nxt[s]
            while u != s:
                if ok[u]:
                    yield u
                u = nxt[u]
            return
        can = self.can_meet
        u = nxt[s]
        while u != s:
            if u != v and can(v, u):
                yield u
            u = nxt[u]
        if self.dummy_alive and d != _FREE and self.bye_ok[v]:
            yield d

    def _augment(self, root: int, target: int | None) -> bool:
        """Search an augmenting path from the free vertex ``root``; flip it if found.

        With ``target`` given, it is the only other free vertex, and every vertex that
        becomes outer is first checked for an edge to it: in the dense "may meet"
        graphs of a Monrad round the path is then found after a few steps.
        """
        self.searches += 1
        mate = self.mate
        adjacent = self.adjacent
        parent: dict[int, int] = {}
        base: dict[int, int] = {}
        #: members of every contracted blossom, by its base
        members: dict[int, list[int]] = {}
        outer = {root}
        queue = deque([root])

        def reaches_target(x: int) -> bool:
            if target is None or target in parent or not adjacent(x, target):
                return False
            parent[target] = x
            _flip(mate, target, parent)
            return True

        if reaches_target(root):
            return True
        while queue:
            v = queue.popleft()
            for to in self._neighbours(v):
                bv = base.get(v, v)
                if bv == base.get(to, to) or mate[v] == to:
                    continue
                if to == root or (mate[to] != _FREE and mate[to] in parent):
                    cur = _lca(mate, v, to, parent, base)
                    blossom: set[int] = set()
                    _mark(mate, v, cur, to, parent, base, blossom)
                    _mark(mate, to, cur, v, parent, base, blossom)
                    merged = members.setdefault(cur, [cur])
                    for bb in blossom:
                        if bb == cur:
                            continue
                        for i in members.pop(bb, [bb]):
                            base[i] = cur
                            merged.append(i)
                            if i not in outer:
                                outer.add(i)
                                queue.append(i)
                                if reaches_target(i):
                                    return True
                elif to not in parent:
                    parent[to] = v
                    if mate[to] == _FREE:
                        _flip(mate, to, parent)
                        return True
                    m = mate[to]
                    outer.add(m)
                    queue.append(m)
                    if reaches_target(m):
                        return True
        self._last_outer = outer
        return False


# --- Edmonds' search: the steps both searches share (``mate[v]``: v's partner or
# -1; ``parent``: the tree; ``base``: each contracted vertex's blossom base) --------

def _lca(mate: list[int], a: int, b: int, parent: dict[int, int], base: dict[int, int]) -> int:
    """The base of the blossom the outer vertices ``a`` and ``b`` close."""
    seen: set[int] = set()
    while True:
        a = base.get(a, a)
        seen.add(a)
        if mate[a] == _FREE:
            break
        a = parent[mate[a]]
    while True:
        b = base.get(b, b)
        if b in seen:
            return b
        b = parent[mate[b]]


def _mark(mate: list[int], v: int, b: int, child: int, parent: dict[int, int],
          base: dict[int, int], blossom: set[int]) -> None:
    """Walk from ``v`` up to the base ``b``: the bases passed join ``blossom`` and the
    path is re-hung through ``child`` (the other side of the closing edge)."""
    while base.get(v, v) != b:
        blossom.add(base.get(v, v))
        m = mate[v]
        blossom.add(base.get(m, m))
        parent[v] = child
        child = mate[v]
        v = parent[mate[v]]


def _flip(mate: list[int], v: int, parent: dict[int, int]) -> None:
    """Augment along the tree path from the free vertex ``v`` to the root."""
    while v != _FREE:
        pv = parent[v]
        ppv = mate[pv]
        mate[v] = pv
        mate[pv] = v
        v = ppv


def complete_matching(n: int, blocked: Sequence[Collection[int]],
                      clash: Sequence[Collection[int]] | None = None,
                      bye_ok: Sequence[bool] | None = None) -> list[int] | None:
    """A matching of ``0 .. n-1`` that leaves nobody out (an odd ``n``: exactly one
    vertex ``v`` with ``bye_ok[v]``), in the graph where any two vertices may meet
    unless ``v in blocked[u]`` (symmetric) or their ``clash`` labels share one; or
    ``None`` when there is none.  ``mate[v] == v`` for the one left out.

    The graph of a Swiss round is nearly complete: few pairs are blocked one by one
    (former opponents, forbidden pairs) and the rest by whole groups (two absolute
    colour preferences alike, a large forbidden group: a label each).  So the search
    never lists a vertex's neighbours: a greedy pass takes for each vertex the first
    free one it may meet, and Edmonds' search from each vertex left free
    (:func:`_dense_augment`) takes every unlabelled vertex a scanned one may meet at
    once.  The work grows with the vertices, their blocked pairs and the distinct
    sets of labels, not with the pairs of the graph (10,000 players: a tenth of a
    second where a list of neighbours would hold 50 million pairs).

    >>> complete_matching(4, [{1}, {0}, set(), set()])
    [2, 3, 0, 1]
    >>> complete_matching(3, [set(), set(), set()], bye_ok=[True, False, False])
    [0, 2, 1]
    >>> complete_matching(4, [set()] * 4, clash=[{1}, {1}, {1}, ()]) is None
    True
    """
    none: frozenset[int] = frozenset()
    labels = [frozenset(c) for c in clash] if clash is not None else [none] * n
    never: list[set[int]] = [set(b) for b in blocked]
    dummy = _FREE
    if n % 2:
        if bye_ok is None:
            return None
        # the bye: one more vertex, which only the players allowed the bye may meet
        dummy = n
        labels.append(none)
        never.append({v for v in range(n) if not bye_ok[v]})
        for v in never[n]:
            never[v].add(n)
    size = len(labels)
    mate = [_FREE] * size
    # the greedy pass: a list of the free vertices per set of labels, in order
    by_labels: dict[frozenset[int], list[int]] = {}
    for v in range(size):
        by_labels.setdefault(labels[v], []).append(v)
    heads = dict.fromkeys(by_labels, 0)
    for v in range(size):
        if mate[v] != _FREE:
            continue
        best = _FREE
        for key, members in by_labels.items():
            if not key.isdisjoint(labels[v]):
                continue
            i = heads[key]
            while i < len(members) and mate[members[i]] != _FREE:
                i += 1
            heads[key] = i
            for u in members[i:]:
                if u > v and mate[u] == _FREE and u not in never[v]:
                    if best == _FREE or u < best:
                        best = u
                    break
        if best != _FREE:
            mate[v], mate[best] = best, v
    for v in range(size):
        if mate[v] == _FREE and not _dense_augment(v, mate, never, labels):
            return None
    if dummy != _FREE:
        left = mate[dummy]
        mate.pop()
        mate[left] = left
    return mate


def _dense_augment(root: int, mate: list[int], blocked: list[set[int]],
                   labels: list[frozenset[int]]) -> bool:
    """Edmonds' search for an augmenting path from the free vertex ``root`` in the
    graph of :func:`complete_matching`; flips it and returns True when found.

    The unlabelled vertices are kept in a pool by their set of clash labels:
    scanning an outer vertex takes every pooled vertex it may meet (each becomes
    inner and its mate outer) and leaves the few it may not; it is then joined to
    every outer blossom holding a vertex it may meet (one contraction each), the
    blossoms being indexed by the label sets of their vertices.  Every pair looked
    at is either taken or blocked, so a search costs about the vertices plus their
    blocked pairs.
    """
    parent: dict[int, int] = {}
    base: dict[int, int] = {}
    #: the vertices of every outer blossom by label set, by its base (an outer vertex
    #: alone: itself), and the bases holding vertices of each label set
    groups: dict[int, dict[frozenset[int], list[int]]] = {}
    holding: dict[frozenset[int], set[int]] = {}
    labelled = {root}
    outer: set[int] = set()
    pool: dict[frozenset[int], list[int]] = {}
    for v in range(len(mate)):
        if v != root:
            pool.setdefault(labels[v], []).append(v)
    queue: deque[int] = deque()

    def find(x: int) -> int:
        return base.get(x, x)

    def make_outer(x: int) -> None:
        outer.add(x)
        groups[x] = {labels[x]: [x]}
        holding.setdefault(labels[x], set()).add(x)
        queue.append(x)

    def contract(v: int, w: int) -> None:
        cur = _lca(mate, v, w, parent, base)
        blossom: set[int] = set()
        _mark(mate, v, cur, w, parent, base, blossom)
        _mark(mate, w, cur, v, parent, base, blossom)
        merged = groups[cur]
        for bb in blossom:
            if bb == cur:
                continue
            if bb in groups:  # an outer blossom: its vertices join
                for key, members in groups.pop(bb).items():
                    holding[key].discard(bb)
                    holding[key].add(cur)
                    merged.setdefault(key, []).extend(members)
                    for i in members:
                        base[i] = cur
            else:  # an inner vertex becomes outer
                base[bb] = cur
                outer.add(bb)
                queue.append(bb)
                merged.setdefault(labels[bb], []).append(bb)
                holding.setdefault(labels[bb], set()).add(cur)

    make_outer(root)
    while queue:
        v = queue.popleft()
        lv = labels[v]
        for key in list(pool):
            if not key.isdisjoint(lv):
                continue
            keep = []
            for u in pool[key]:
                if u in labelled:
                    continue
                if u in blocked[v]:
                    keep.append(u)
                    continue
                parent[u] = v
                if mate[u] == _FREE:
                    _flip(mate, u, parent)
                    return True
                labelled.add(u)
                labelled.add(mate[u])
                make_outer(mate[u])
            pool[key] = keep
        near = [b for key, bases in holding.items() if key.isdisjoint(lv) for b in bases]
        for b in near:
            if b not in groups or b == find(v):
                continue
            w = next((w for key, members in groups[b].items() if key.isdisjoint(lv)
                      for w in members if w not in blocked[v]), _FREE)
            if w != _FREE:
                contract(v, w)
    return False
