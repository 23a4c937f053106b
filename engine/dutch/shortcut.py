"""A certified shortcut for a large bracket paired on its own (C.04.3 3.x, 4.2).

The general procedure (:mod:`.brackets`) finds each decision of a bracket with a
weighted matching of the whole bracket, ``O(n^3)`` each.  In a large bracket most
players are interchangeable: the weight of a pair depends only on a handful of
facts about its two players (colour preference and its strength, floats, score,
bye candidacy) -- their *class* -- apart from pairs the absolute criteria forbid
(rematches, forbidden pairs).  This module pairs such a bracket with small
network-flow problems over the classes and proves the result optimal; whenever the
proof does not go through it answers ``None`` and the caller runs the general
procedure, so the pairing is always the one of the general procedure.

The shortcut covers the usual case: at most one moved-down player (MDP), and a
remainder that needs no exchange between S1 and S2.

1. *Bound.*  Relaxing the forbidden pairs and integrality, the best total weight of
   the bracket is a transportation problem over the classes (the "double cover":
   every player once as a row and once as a column, at most ``n // 2`` pairs);
   its optimum ``UB`` bounds every pairing from above.
2. *The MDP's opponent* (4.2, MDP first): the first resident, in order, whose pair
   with the MDP still allows ``UB`` for the whole bracket (its pair weight plus the
   bound of the remainder without him).
3. *The remainder without exchanges* (S1 = its first half, S2 = the rest): the best
   S1 x S2 assignment over the classes is a transportation problem whose optimal
   duals tell which class pairs can appear in an optimal assignment; each S1
   player in order takes the first S2 player such that an optimal assignment of
   the rest remains (the transpositions of 4.2), checked on the class network.  A
   choice after which some S1 player finds nobody (all left are former opponents)
   is undone and the next opponent tried: a depth-first search in the rules' order,
   with a step budget.
4. *Proof.*  If the pairing built this way (real players, forbidden pairs avoided)
   reaches ``UB``, it is optimal; every opponent passed over was impossible (by the
   relaxation or by the search), so it is also the first optimal candidate in the
   rules' order.  Otherwise: ``None``.

Weights are the ones the general procedure maximises (``value(a, b)``: twice the
pair's criteria weight less the stand-in credit of its two players, see
:class:`.brackets._Solver`); all arithmetic is exact.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass

__all__ = ["BracketPlan", "plan_bracket"]


@dataclass(frozen=True)
class BracketPlan:
    """The pairing of a bracket found by :func:`plan_bracket`.

    ``mdp_pair``: (MDP, opponent) or ``None``; ``rem``: the residents left after
    it, in order; ``s1_pairs``: (S1 player, S2 player) for S1 = ``rem[:len(s1_pairs)]``
    in order.  Player numbers are the caller's.
    """

    mdp_pair: tuple[int, int] | None
    rem: list[int]
    s1_pairs: list[tuple[int, int]]


class _Flow:
    """Min-cost flow on a small network (successive shortest paths with
    potentials), exact for integer costs of any size."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.adj: list[list[int]] = [[] for _ in range(n)]
        self.to: list[int] = []
        self.cap: list[int] = []
        self.cost: list[int] = []
        self.pot = [0] * n

    def arc(self, u: int, v: int, cap: int, cost: int) -> int:
        """Add arc u->v; returns its id (the reverse arc is ``id ^ 1``)."""
        k = len(self.to)
        self.adj[u].append(k)
        self.to += (v, u)
        self.cap += (cap, 0)
        self.cost += (cost, -cost)
        self.adj[v].append(k + 1)
        return k

    def flow(self, k: int) -> int:
        return self.cap[k ^ 1]

    def reduced(self, k: int) -> int:
        return self.cost[k] + self.pot[self.to[k ^ 1]] - self.pot[self.to[k]]

    def run(self, s: int, t: int, limit: int, profitable_only: bool) -> int:
        """Send up to ``limit`` units from ``s`` to ``t`` at least cost (only while a
        unit lowers the cost, if ``profitable_only``); returns the total cost."""
        n, to, cap, cost, adj = self.n, self.to, self.cap, self.cost, self.adj
        # potentials: shortest distances from s (Bellman-Ford; costs may be negative)
        pot: list[int | None] = [None] * n
        pot[s] = 0
        for _ in range(n):
            changed = False
            for u in range(n):
                pu = pot[u]
                if pu is None:
                    continue
                for k in adj[u]:
                    if cap[k] > 0:
                        v = to[k]
                        d = pu + cost[k]
                        if pot[v] is None or d < pot[v]:  # type: ignore[operator]
                            pot[v] = d
                            changed = True
            if not changed:
                break
        top = max((p for p in pot if p is not None), default=0)
        self.pot = [top if p is None else p for p in pot]
        total = sent = 0
        while sent < limit:
            dist: list[int | None] = [None] * n
            prev = [-1] * n
            dist[s] = 0
            heap = [(0, s)]
            done = [False] * n
            while heap:
                d, u = heapq.heappop(heap)
                if done[u]:
                    continue
                done[u] = True
                for k in adj[u]:
                    if cap[k] > 0:
                        v = to[k]
                        nd = d + self.reduced(k)
                        if dist[v] is None or nd < dist[v]:  # type: ignore[operator]
                            dist[v] = nd
                            prev[v] = k
                            heapq.heappush(heap, (nd, v))
            if dist[t] is None:
                break
            far = max(x for x in dist if x is not None)
            self.pot = [p + (far if d is None else d) for p, d in zip(self.pot, dist)]
            path_cost = self.pot[t] - self.pot[s]
            if profitable_only and path_cost >= 0:
                break
            path = self.path(prev, s, t)
            push = min(limit - sent, *(cap[k] for k in path))
            self.push(path, push)
            total += push * path_cost
            sent += push
        return total

    def path(self, prev: Sequence[int] | dict[int, int], s: int, t: int) -> list[int]:
        """The arcs from ``s`` to ``t`` along ``prev`` (the arc into each node)."""
        out = []
        while t != s:
            k = prev[t]
            out.append(k)
            t = self.to[k ^ 1]
        return out

    def push(self, arcs: list[int], amount: int) -> None:
        """Send ``amount`` more units along ``arcs``."""
        for k in arcs:
            self.cap[k] -= amount
            self.cap[k ^ 1] += amount


def _classes(players: Sequence[int], klass: Callable[[int], Hashable]) -> tuple[list[int], list[int]]:
    """Class number of each player (first appearance order) and class sizes."""
    index: dict[Hashable, int] = {}
    of = []
    for p in players:
        of.append(index.setdefault(klass(p), len(index)))
    sizes = [0] * len(index)
    for c in of:
        sizes[c] += 1
    return of, sizes


def _bound(sizes: list[int], table: dict[tuple[int, int], int]) -> int:
    """Twice the best fractional total weight of pairing players of these class
    sizes (at most ``n // 2`` pairs), forbidden pairs relaxed: an upper bound of
    twice any real pairing's weight."""
    t = len(sizes)
    net = _Flow(2 * t + 2)
    s, sink = 2 * t, 2 * t + 1
    for c, m in enumerate(sizes):
        net.arc(s, c, m, 0)
        net.arc(t + c, sink, m, 0)
    for (a, b), w in table.items():
        for x, y in ((a, b), (b, a)) if a != b else ((a, a),):
            if x == y and sizes[x] < 2:
                continue
            net.arc(x, t + y, min(sizes[x], sizes[y]), -w)
    total = sum(sizes)
    return -net.run(s, sink, 2 * (total // 2), True)


class _Assignment:
    """The best assignment of S1 classes to S2 classes (every S1 player paired),
    kept optimal while pairs are fixed one by one."""

    def __init__(self, s1_sizes: list[int], s2_sizes: list[int],
                 table: dict[tuple[int, int], int]) -> None:
        self.t1, self.t2 = len(s1_sizes), len(s2_sizes)
        self.net = _Flow(self.t1 + self.t2 + 2)
        self.s, self.sink = self.t1 + self.t2, self.t1 + self.t2 + 1
        self.src_arc = [self.net.arc(self.s, a, m, 0) for a, m in enumerate(s1_sizes)]
        self.snk_arc = [self.net.arc(self.t1 + b, self.sink, m, 0) for b, m in enumerate(s2_sizes)]
        self.arc: dict[tuple[int, int], int] = {}
        need = sum(s1_sizes)
        for a in range(self.t1):
            for b in range(self.t2):
                w = table.get(_pair(a, b))
                if w is not None:
                    self.arc[(a, b)] = self.net.arc(a, self.t1 + b, need, -w)
        self.value = -self.net.run(self.s, self.sink, need, False)
        self.complete = all(self.net.cap[k] == 0 for k in self.src_arc)

    def _usable(self, k: int) -> bool:
        return self.net.cap[k] > 0 and self.net.reduced(k) == 0

    def take(self, a: int, b: int) -> bool:
        """Fix one pair of classes (a, b) if an optimal assignment of the rest
        remains; returns whether it was fixed."""
        k = self.arc.get((a, b))
        net = self.net
        if k is None or net.reduced(k) != 0:
            return False
        if net.flow(k) == 0 and not self._reroute(k):
            return False
        # the unit s -> a -> b -> sink leaves the problem with the pair
        for arc in (self.src_arc[a], k, self.snk_arc[b]):
            net.cap[arc ^ 1] -= 1
        return True

    def _reroute(self, k: int) -> bool:
        """Push one unit around a cycle of zero-reduced-cost residual arcs through
        arc ``k`` (so that it carries flow in another optimal assignment)."""
        net = self.net
        start, goal = net.to[k], net.to[k ^ 1]  # from b back to a
        prev = {start: -1}
        queue = [start]
        for u in queue:
            if u == goal:
                break
            for e in net.adj[u]:
                v = net.to[e]
                if v not in prev and self._usable(e):
                    prev[v] = e
                    queue.append(v)
        if goal not in prev:
            return False
        net.push([k, *net.path(prev, start, goal)], 1)
        return True


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a <= b else (b, a)


def _class_table(everyone: list[int], cls: dict[int, int], sizes: list[int],
                 class_value: Callable[[int, int], int],
                 blocked: Callable[[int], Collection[int]]) -> dict[tuple[int, int], int] | None:
    """The class weight table of :func:`plan_bracket` from one representative pair
    per pair of classes: the pairs of classes with a positive weight and at least
    one pair of players not blocked; ``None`` when the weight of two classes
    depends on which of them is ranked higher and both orders occur."""
    members: list[list[int]] = [[] for _ in sizes]
    for p in everyone:  # in ranking order
        members[cls[p]].append(p)
    rank = {p: i for i, p in enumerate(everyone)}
    shut: dict[tuple[int, int], int] = {}
    for p in everyone:
        for q in blocked(p):
            if q in rank and rank[q] > rank[p]:
                key = _pair(cls[p], cls[q])
                shut[key] = shut.get(key, 0) + 1
    table: dict[tuple[int, int], int] = {}
    for a, ma in enumerate(members):
        for b in range(a, len(members)):
            mb = members[b]
            if a == b:
                if len(ma) < 2:
                    continue
                w = class_value(ma[0], ma[1])
                total = len(ma) * (len(ma) - 1) // 2
            else:
                ab = rank[ma[0]] < rank[mb[-1]]  # some a above some b
                ba = rank[mb[0]] < rank[ma[-1]]
                w = class_value(ma[0], mb[0]) if ab else class_value(mb[0], ma[0])
                if ab and ba and class_value(mb[0], ma[0]) != w:
                    return None
                total = len(ma) * len(mb)
            if w > 0 and shut.get((a, b), 0) < total:
                table[(a, b)] = w
    return table


def plan_bracket(mdps: list[int], residents: list[int],
                 value: Callable[[int, int], int] | None,
                 klass: Callable[[int], Hashable], *,
                 class_value: Callable[[int, int], int] | None = None,
                 blocked: Callable[[int], Collection[int]] | None = None) -> BracketPlan | None:
    """Pair a bracket of ``mdps`` (at most one) and ``residents`` (both in pairing
    order) as the general procedure would, or ``None`` when it cannot be proved.

    ``value(a, b)`` (a ranked above b) is the weight the general procedure
    maximises for the pair, 0 when the pair is not allowed; ``klass(p)`` a key
    such that players of one class have the same weight with everyone (checked:
    a player pair that breaks it gives ``None``).  That check looks at every pair;
    a caller that knows the weights by class gives ``value=None`` and instead
    ``class_value(a, b)``, the weight of a pair of a's and b's classes (a ranked
    above b), and ``blocked(p)``, the players p may not meet whatever the classes
    say (rematches, forbidden pairs): then the work grows with the players and
    their blocked pairs, not with the pairs of the bracket.

    >>> w = {(0, 1): 5, (0, 2): 5, (0, 3): 5, (1, 2): 5, (1, 3): 5, (2, 3): 5}
    >>> plan = plan_bracket([], [0, 1, 2, 3], lambda a, b: w[(a, b)], lambda p: 0)
    >>> plan.s1_pairs
    [(0, 2), (1, 3)]
    >>> plan_bracket([], [0, 1, 2, 3], None, lambda p: 0, class_value=lambda a, b: 5,
    ...              blocked=lambda p: {2} if p == 0 else {0} if p == 2 else ()).s1_pairs
    [(0, 3), (1, 2)]
    """
    if len(mdps) > 1:
        return None
    everyone = mdps + residents
    cls_list, sizes = _classes(everyone, klass)
    cls = dict(zip(everyone, cls_list))
    if value is None:
        assert class_value is not None and blocked is not None
        found = _class_table(everyone, cls, sizes, class_value, blocked)
        if found is None:
            return None
        table = found

        def value(a: int, b: int) -> int:
            return 0 if b in blocked(a) else table.get(_pair(cls[a], cls[b]), 0)
    else:
        # the class weight table, checked against every allowed pair
        table = {}
        for j, b in enumerate(everyone):
            cb = cls[b]
            for a in everyone[:j]:
                w = value(a, b)
                if w > 0 and table.setdefault(_pair(cls[a], cb), w) != w:
                    return None
    upper = _bound(sizes, table)
    if not mdps:
        return _remainder(None, 0, residents, cls, sizes, table, value, upper)
    m = mdps[0]
    bounds: dict[int, int] = {}
    for r in residents:
        w = value(m, r)
        if w <= 0:
            continue
        c = cls[r]
        if c not in bounds:
            counts = list(sizes)
            counts[cls[m]] -= 1
            counts[c] -= 1
            bounds[c] = 2 * w + _bound(counts, table)
        if bounds[c] == upper:
            # the first opponent the bound allows; he is the rules' choice if the
            # remainder can be paired at the bound (a later one cannot be proved:
            # this one might still be possible with exchanges)
            rem = [p for p in residents if p != r]
            return _remainder((m, r), w, rem, cls, sizes, table, value, upper)
    return None


#: choices (with undoing) the S1 search may make per S1 player before giving up
_STEPS_PER_PLAYER = 40


def _remainder(mdp_pair: tuple[int, int] | None, realised: int, rem: list[int],
               cls: dict[int, int], sizes: list[int], table: dict[tuple[int, int], int],
               value: Callable[[int, int], int], upper: int) -> BracketPlan | None:
    """Pair ``rem`` without exchanges at the bound, each S1 player in order with the
    earliest S2 player that still allows it (depth-first, undoing a choice when the
    players after it cannot all be paired), or ``None``."""
    h = len(rem) // 2
    s1, s2 = rem[:h], rem[h:]
    s1_sizes = [0] * len(sizes)
    s2_sizes = [0] * len(sizes)
    for p in s1:
        s1_sizes[cls[p]] += 1
    for p in s2:
        s2_sizes[cls[p]] += 1
    plan = _Assignment(s1_sizes, s2_sizes, table)
    if not plan.complete or 2 * (realised + plan.value) != upper:
        return None
    free = list(s2)
    # chosen[i]: S1[i]'s opponent, his position in ``free`` before removal, and
    # the class network before the choice
    chosen: list[tuple[int, int, list[int]]] = []
    start = 0
    budget = _STEPS_PER_PLAYER * (len(s1) + 1)
    while len(chosen) < len(s1):
        budget -= 1
        if budget < 0:
            return None
        x = s1[len(chosen)]
        tried: set[int] = set()
        for pos in range(start, len(free)):
            y = free[pos]
            if cls[y] in tried or value(x, y) <= 0:
                continue
            before = plan.net.cap[:]
            if plan.take(cls[x], cls[y]):
                chosen.append((y, pos, before))
                del free[pos]
                start = 0
                break
            tried.add(cls[y])
        else:
            # nobody left for x: undo the previous choice and try its next opponent
            if not chosen:
                return None
            y, pos, before = chosen.pop()
            plan.net.cap[:] = before
            free.insert(pos, y)
            start = pos + 1
    return BracketPlan(mdp_pair, rem, [(x, c[0]) for x, c in zip(s1, chosen)])
