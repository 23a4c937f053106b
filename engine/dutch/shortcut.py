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

The shortcut covers the usual case: moved-down players (MDPs) who can all be
paired in the bracket and not with each other, and a remainder that needs no
exchange between S1 and S2.

1. *Bound.*  Relaxing the forbidden pairs and integrality, the best total weight of
   the bracket is a transportation problem over the classes (the "double cover":
   every player once as a row and once as a column, at most ``n // 2`` pairs);
   its optimum ``UB`` bounds every pairing from above.
2. *The MDPs' opponents* (4.2, MDPs first): each MDP in order takes the first
   resident whose pair with him still allows ``UB`` for the whole bracket (the
   pairs fixed so far, this one's weight and the bound of the rest).
3. *The remainder* split into S1 (its first half) and S2 (the rest), or after one
   exchange (4.3, the splits in the rules' order, :func:`_exchanges`; the first
   whose S1 can be assigned to later S2 players at the bound): the best
   S1 x S2 assignment over the classes is a transportation problem whose optimal
   duals tell which class pairs can appear in an optimal assignment; each S1
   player in order takes the first S2 player such that an optimal assignment of
   the rest remains (the transpositions of 4.2): the lexicographically first
   perfect matching of the graph the duals allow, former opponents left out
   (:class:`_Transpositions`: one matching kept, each choice tested on the class
   network and by an alternating path; exact, no step budget).
4. *Proof.*  If the pairing built this way (real players, forbidden pairs avoided)
   reaches ``UB``, it is optimal; every opponent passed over was impossible (by the
   relaxation or by the search), and so was every split passed over (its classes
   fall short of the bound, or no assignment of its players reaches it), so it is
   also the first optimal candidate in the rules' order.  Otherwise: ``None``.

Weights are the ones the general procedure maximises (``value(a, b)``: twice the
pair's criteria weight less the stand-in credit of its two players, see
:class:`.brackets._Solver`); all arithmetic is exact.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection, Hashable, Iterator, Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = ["EXCHANGES_MAX", "EXCHANGE_CHECKS", "SPLITS_LISTED", "BracketPlan", "plan_bracket"]

#: the most exchanges (4.3) a remainder's split may have here; more: the general
#: procedure pairs the bracket
EXCHANGES_MAX = 3
#: splits of a remainder whose classes allow the bound, checked player by player at
#: most, before the general procedure is left to pair the bracket
EXCHANGE_CHECKS = 64
#: splits of two or more exchanges listed at most for each number of exchanges
SPLITS_LISTED = 200_000


@dataclass(frozen=True)
class BracketPlan:
    """The pairing of a bracket found by :func:`plan_bracket`.

    ``mdp_pairs``: (MDP, opponent) for every MDP, in order; ``rem``: the residents
    left after them, in order; ``s1_pairs``: (S1 player, S2 player) for every S1
    player in order (S1: the first half of ``rem``, or after an exchange, 4.3, that
    half with one player given for one of S2).  Player numbers are the caller's.
    """

    mdp_pairs: list[tuple[int, int]]
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


def _double_cover(sizes: list[int], table: dict[tuple[int, int], int],
                  ) -> tuple[int, _Flow, list[tuple[int, int, int]]]:
    """Twice the best fractional total weight of pairing players of these class
    sizes (at most ``n // 2`` pairs), forbidden pairs relaxed: an upper bound of
    twice any real pairing's weight; with the network that found it and its arcs
    as (class, class, arc)."""
    t = len(sizes)
    net = _Flow(2 * t + 2)
    s, sink = 2 * t, 2 * t + 1
    for c, m in enumerate(sizes):
        net.arc(s, c, m, 0)
        net.arc(t + c, sink, m, 0)
    arcs = []
    for (a, b), w in table.items():
        for x, y in ((a, b), (b, a)) if a != b else ((a, a),):
            if x == y and sizes[x] < 2:
                continue
            arcs.append((x, y, net.arc(x, t + y, min(sizes[x], sizes[y]), -w)))
    total = sum(sizes)
    return -net.run(s, sink, 2 * (total // 2), True), net, arcs


def _bound(sizes: list[int], table: dict[tuple[int, int], int]) -> int:
    """:func:`_double_cover`'s bound alone."""
    return _double_cover(sizes, table)[0]


#: the right-hand class of :class:`_Transpositions` for "elsewhere": a player below
#: the bracket who takes none of its leftovers (pairs further down or stays unpaired)
ELSEWHERE = -2


class _Assignment:
    """The best assignment of S1 classes to S2 classes (every S1 player paired) and
    its optimal duals, which say which class pairs an optimal assignment may use.

    With ``outside`` (the classes, one player each, of the players below the
    bracket in its window, C.8): each of them also takes one S2 player who floats
    down to him, or none (:data:`ELSEWHERE`: he is paired further down, or not at
    all), whichever the weights make best; S1 players never float (the bracket
    makes as many pairs as it can, C.6)."""

    def __init__(self, s1_sizes: list[int], s2_sizes: list[int],
                 table: dict[tuple[int, int], int], outside: Sequence[int] = ()) -> None:
        self.t1, self.t2 = len(s1_sizes), len(s2_sizes)
        self.s2_sizes = s2_sizes
        q = len(outside)
        base = self.t1 + self.t2
        self.net = net = _Flow(base + 2 + q + (q > 0))
        self.s, self.sink = base, base + 1
        self.src_arc = [net.arc(self.s, a, m, 0) for a, m in enumerate(s1_sizes)]
        self.snk_arc = [net.arc(self.t1 + b, self.sink, m, 0) for b, m in enumerate(s2_sizes)]
        self.arc: dict[tuple[int, int], int] = {}
        need = sum(s1_sizes)
        for a in range(self.t1):
            if not s1_sizes[a]:
                continue
            for b in range(self.t2):
                w = table.get(_pair(a, b))
                if w is not None and s2_sizes[b]:
                    self.arc[(a, b)] = net.arc(a, self.t1 + b, need, -w)
        #: outside class -> its node (his dual value: the node's potential over the sink's)
        self.out_node: dict[int, int] = {}
        if q:
            elsewhere = base + 2 + q
            # never full: an outside player can always be paired elsewhere (or not)
            self.else_arc = net.arc(elsewhere, self.sink, q + 1, 0)
            for i, o in enumerate(outside):
                node = self.out_node[o] = base + 2 + i
                net.arc(self.s, node, 1, 0)
                # capacities above one unit, so that the duals are tight on used arcs
                self.arc[(o, ELSEWHERE)] = net.arc(node, elsewhere, 2, 0)
                for b in range(self.t2):
                    w = table.get(_pair(o, b))
                    if w is not None and s2_sizes[b]:
                        self.arc[(o, b)] = net.arc(node, self.t1 + b, 2, -w)
        self.value = -net.run(self.s, self.sink, need + q, False)
        self.complete = all(net.cap[k] == 0 for k in self.src_arc)
        self.table = table

    def optimal_arcs(self) -> tuple[dict[tuple[int, int], int], set[int]] | None:
        """What the optimal assignments may use, by complementary slackness: the class
        pairs (a, b) with zero reduced cost whose S2 class may take S1 players, each
        with the number of pairs this optimum gives it, and the S2 classes whose
        players may be left over; ``None`` in the cases the classes cannot say (a
        class pair every optimum must fill, or two outside players who might be
        paired with each other in an optimum).

        Two outside players ``o``, ``p`` are never paired with each other in an
        optimum when their dual values (each one's potential over the sink's: what
        his part of the assignment is worth) add up to more than the pair: the
        duals stay feasible with the pair as a choice, so complementary slackness
        rules it out of every optimum."""
        net = self.net
        used: dict[tuple[int, int], int] = {}
        for (a, b), k in self.arc.items():
            r = net.reduced(k)
            if r < 0:
                return None
            end = self.else_arc if b == ELSEWHERE else self.snk_arc[b]
            if r == 0 and net.reduced(end) <= 0:
                used[(a, b)] = net.flow(k)
        spare = {b for b, k in enumerate(self.snk_arc)
                 if self.s2_sizes[b] and net.reduced(k) >= 0}
        dual = {o: net.pot[node] - net.pot[self.sink] for o, node in self.out_node.items()}
        for o in dual:
            for p in dual:
                w = self.table.get((o, p)) if o < p else None
                if w is not None and dual[o] + dual[p] <= w:
                    return None
        return used, spare

    def _usable(self, k: int) -> bool:
        return self.net.cap[k] > 0 and self.net.reduced(k) == 0

    def take(self, a: int, b: int) -> bool:
        """Fix one pair of classes (a, b) if an optimal assignment of the rest
        remains (a necessary condition for a pair of players of these classes);
        returns whether it was fixed."""
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
                 blocked: Callable[[int], Collection[int]] | None = None,
                 outside: Sequence[int] = ()) -> BracketPlan | None:
    """Pair a bracket of ``mdps`` and ``residents`` (both in pairing order) as the
    general procedure would, or ``None`` when it cannot be proved.

    ``value(a, b)`` (a ranked above b) is the weight the general procedure
    maximises for the pair, 0 when the pair is not allowed; ``klass(p)`` a key
    such that players of one class have the same weight with everyone (checked:
    a player pair that breaks it gives ``None``).  That check looks at every pair;
    a caller that knows the weights by class gives ``value=None`` and instead
    ``class_value(a, b)``, the weight of a pair of a's and b's classes (a ranked
    above b), and ``blocked(p)``, the players p may not meet whatever the classes
    say (rematches, forbidden pairs): then the work grows with the players and
    their blocked pairs, not with the pairs of the bracket.  Two MDPs never meet
    here (the caller declines a bracket whose MDPs the general procedure could
    pair with each other).

    ``outside``: the players below the bracket that its matchings see (the next
    score group and the players kept below it, when the bracket is paired with its
    window for C.8), ranked below the residents, each a class of his own
    (``klass``), with their weights among themselves and with the bracket in
    ``value`` / ``class_value``.  The bracket then makes as many pairs as the bound
    allows and its leftovers (from S2) float down to them: see
    :class:`_Assignment` and :class:`_Transpositions`.

    >>> w = {(0, 1): 5, (0, 2): 5, (0, 3): 5, (1, 2): 5, (1, 3): 5, (2, 3): 5}
    >>> plan = plan_bracket([], [0, 1, 2, 3], lambda a, b: w[(a, b)], lambda p: 0)
    >>> plan.s1_pairs
    [(0, 2), (1, 3)]
    >>> plan_bracket([], [0, 1, 2, 3], None, lambda p: 0, class_value=lambda a, b: 5,
    ...              blocked=lambda p: {2} if p == 0 else {0} if p == 2 else ()).s1_pairs
    [(0, 3), (1, 2)]
    """
    everyone = mdps + residents
    seen = everyone + list(outside)
    cls_list, sizes = _classes(seen, klass)
    cls = dict(zip(seen, cls_list))
    inner = set(cls_list[:len(everyone)])
    if any(cls[o] in inner or sizes[cls[o]] != 1 for o in outside):
        return None  # an outside player must be a class of his own
    moved = set(mdps)
    if value is None:
        assert class_value is not None and blocked is not None
        given = blocked
        with_mdps = {m: {*given(m), *moved} for m in mdps}

        def blocked(p: int) -> Collection[int]:
            return with_mdps.get(p) or given(p)

        found = _class_table(seen, cls, sizes, class_value, blocked)
        if found is None:
            return None
        table = found

        def value(a: int, b: int) -> int:
            return 0 if b in blocked(a) else table.get(_pair(cls[a], cls[b]), 0)
    else:
        pair_value = value

        def value(a: int, b: int) -> int:
            return 0 if a in moved and b in moved else pair_value(a, b)

        # the class weight table, checked against every allowed pair
        table = {}
        for j, b in enumerate(seen):
            cb = cls[b]
            for a in seen[:j]:
                w = value(a, b)
                if w > 0 and table.setdefault(_pair(cls[a], cb), w) != w:
                    return None
    upper, net, arcs = _double_cover(sizes, table)
    # S1's size: the pairs the bracket makes (C.6), less the MDPs' -- the bound's
    # pairs inside the bracket (every optimum makes as many); alone, as many as can be
    h = (len(residents) - len(mdps)) // 2
    if outside:
        inside = sum(net.flow(k) for x, y, k in arcs if x in inner and y in inner)
        if inside % 2 or not 0 <= inside // 2 - len(mdps) <= h:
            return None
        h = inside // 2 - len(mdps)
    # the MDPs in order, each with the first resident whose pair still allows the
    # bound (4.2); every MDP must be paired (then the general procedure chooses them
    # all, C.04.3 3.3): a later opponent cannot be proved, this one might still be
    # possible with exchanges
    counts = list(sizes)
    rem = list(residents)
    made: list[tuple[int, int]] = []
    left = upper
    for m in mdps:
        counts[cls[m]] -= 1
        bounds: dict[int, int] = {}
        for r in rem:
            w = value(m, r)
            if w <= 0:
                continue
            c = cls[r]
            if c not in bounds:
                counts[c] -= 1
                bounds[c] = 2 * w + _bound(counts, table)
                counts[c] += 1
            if bounds[c] == left:
                break
        else:
            return None
        counts[cls[r]] -= 1
        left -= 2 * w
        rem.remove(r)
        made.append((m, r))
    return _remainder(made, upper - left, rem, h, cls, sizes, table, value, upper,
                      list(outside))


def _exchanges(rem: list[int], h: int, cls: dict[int, int],
               allowed: Collection[tuple[int, int]],
               among: Collection[int] | None = None) -> Iterator[tuple[int, int]]:
    """One exchange of the remainder (4.3) in the rules' order, among those whose
    pair of classes (S1 player's, S2 player's) is ``allowed`` (and whose S1 position
    is ``among`` those given): the positions ``x`` in S1 (the first ``h``) and ``y``
    in S2 that change places, the smallest difference ``y - x`` first and among
    equal differences the lowest S1 player first.

    Per pair of classes the candidates form a grid (that class's S1 players from the
    lowest up, the other's S2 players from the highest down) whose differences grow
    along both axes, so a heap yields them in order without listing them all."""
    lows: dict[int, list[int]] = {}  # class -> its S1 positions, the lowest first
    for x in range(h - 1, -1, -1):
        if among is None or x in among:
            lows.setdefault(cls[rem[x]], []).append(x)
    highs: dict[int, list[int]] = {}  # class -> its S2 positions, the highest first
    for y in range(h, len(rem)):
        highs.setdefault(cls[rem[y]], []).append(y)
    heap = [(highs[b][0] - lows[a][0], -lows[a][0], a, b, 0, 0)
            for a, b in allowed if a in lows and b in highs]
    heapq.heapify(heap)
    seen = {(a, b, 0, 0) for _, _, a, b, _, _ in heap}
    while heap:
        _, _, a, b, i, j = heapq.heappop(heap)
        xs, ys = lows[a], highs[b]
        yield xs[i], ys[j]
        for ni, nj in ((i + 1, j), (i, j + 1)):
            if ni < len(xs) and nj < len(ys) and (a, b, ni, nj) not in seen:
                seen.add((a, b, ni, nj))
                heapq.heappush(heap, (ys[nj] - xs[ni], -xs[ni], a, b, ni, nj))


def _offsets(k: int, total: int, low: int = 0) -> Iterator[tuple[int, ...]]:
    """Every ``k`` increasing whole numbers from ``low`` on whose sum is ``total``,
    in lexicographic order."""
    if k == 1:
        if total >= low:
            yield (total,)
        return
    first = low
    # the other k - 1, each above first, sum to at least (k-1) * first + k(k-1)/2
    while first + (k - 1) * first + k * (k - 1) // 2 <= total:
        for rest in _offsets(k - 1, total - first, first + 1):
            yield (first, *rest)
        first += 1


def _multi_exchanges(size: int, h: int, k: int) -> Iterator[tuple[tuple[int, ...],
                                                                    tuple[int, ...]]]:
    """``k`` exchanges of the remainder (4.3) in the rules' order: the S1 positions
    ``xs`` and S2 positions ``ys`` that change places, the smallest difference of
    their sums first, then the S1 players lowest first (compared from the lowest),
    then the S2 players highest first.  A split is an offset from the border of S1
    and S2 for each player; the difference of the sums grows with the offsets, so
    the splits are listed level by level of the offsets' sum."""
    base = k * (k - 1) // 2
    for level in range(max(0, size - k) * k + 1):
        found = []
        for dx in range(level + 1):
            for ox in _offsets(k, dx + base):
                if ox[-1] >= h:
                    continue
                for oy in _offsets(k, level - dx + base):
                    if oy[-1] < size - h:
                        found.append((ox, oy))
        for ox, oy in sorted(found):
            yield tuple(h - 1 - o for o in ox), tuple(h + o for o in oy)


def _remainder(mdp_pairs: list[tuple[int, int]], realised: int, rem: list[int], h: int,
               cls: dict[int, int], sizes: list[int], table: dict[tuple[int, int], int],
               value: Callable[[int, int], int], upper: int,
               outside: list[int]) -> BracketPlan | None:
    """Pair ``rem`` at the bound: its first split into S1 (``h`` players) and S2
    (the rest, whose players left over float down to ``outside``) (none, then one
    exchange, two ... in the rules' order, :func:`_exchanges`,
    :func:`_multi_exchanges`) whose S1 can be assigned to later S2 players at the
    bound, each S1 player in order with the earliest S2 player that still allows an
    optimal assignment of the rest; or ``None`` when no assignment of the real
    players reaches the bound, or the split is not found within the limits
    (``EXCHANGES_MAX``, ``EXCHANGE_CHECKS``, ``SPLITS_LISTED``)."""
    at = {p: i for i, p in enumerate(rem)}

    def later(a: int, b: int) -> int:
        """``value`` of S1 player ``a`` with S2 player ``b``, who must be ranked
        lower (after an exchange an S2 player may be ranked above an S1 player)."""
        return value(a, b) if at[a] < at[b] else 0

    s1_sizes = [0] * len(sizes)
    for p in rem[:h]:
        s1_sizes[cls[p]] += 1
    all_sizes = [0] * len(sizes)
    for p in rem:
        all_sizes[cls[p]] += 1
    #: classes out of S1 and into it -> whether the classes then reach the bound
    reach: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}

    def classes(out: tuple[int, ...], into: tuple[int, ...]) -> _Assignment | None:
        """The class assignment of S1 to S2 after players of classes ``out`` left S1
        for players of classes ``into``, when it reaches the bound."""
        key = (tuple(sorted(out)), tuple(sorted(into)))
        if reach.get(key) is False:
            return None
        up = list(s1_sizes)
        for c in out:
            up[c] -= 1
        for c in into:
            up[c] += 1
        plan = _Assignment(up, [t - u for t, u in zip(all_sizes, up)], table,
                           [cls[o] for o in outside])
        reach[key] = plan.complete and realised + 2 * plan.value == upper
        return plan if reach[key] else None

    checks = 0

    def split(xs: tuple[int, ...], ys: tuple[int, ...]) -> BracketPlan | None | Literal[False]:
        """The plan after the exchange of S1 positions ``xs`` for S2 positions ``ys``:
        ``False`` when it cannot reach the bound, ``None`` when it cannot be said."""
        nonlocal checks
        plan = classes(tuple(cls[rem[x]] for x in xs), tuple(cls[rem[y]] for y in ys))
        if plan is None:
            return False
        arcs = plan.optimal_arcs()
        if arcs is None or checks >= EXCHANGE_CHECKS:
            return None
        checks += 1
        gone = {rem[x] for x in xs}
        s1 = [p for p in rem[:h] if p not in gone] + [rem[y] for y in ys]
        chosen = set(s1)
        s2 = [p for p in rem if p not in chosen]
        search = _Transpositions(s1, s2, cls, arcs[0], arcs[1], later, plan,
                                 outside, value)
        if not search.start():
            return False
        return BracketPlan(mdp_pairs, rem, [(x, s2[v]) for x, v in zip(s1, search.choose())])

    found = split((), ())
    if found is not False:
        return found
    # the S1 players who may meet no S2 player: staying in S1 each needs one of the
    # players exchanged into S2 (a partner ranked below him), so k exchanges must
    # take all but k of them out of S1 (and more than 2k cannot be helped)
    stuck: list[int] = []
    for x in range(h):
        if not any(value(rem[x], rem[y]) > 0 for y in range(h, len(rem))):
            stuck.append(x)
            if len(stuck) > 2 * EXCHANGES_MAX:
                return None
    out_classes = {cls[p] for p in rem[:h]}
    in_classes = {cls[p] for p in rem[h:]}
    allowed = [(a, b) for a in out_classes for b in in_classes if classes((a,), (b,))]
    if len(stuck) <= 2:
        for x, y in _exchanges(rem, h, cls, allowed, stuck if len(stuck) == 2 else None):
            found = split((x,), (y,))
            if found is not False:
                return found
    for k in range(2, min(EXCHANGES_MAX, h, len(rem) - h) + 1):
        if len(stuck) > 2 * k:
            continue
        for listed, (xs, ys) in enumerate(_multi_exchanges(len(rem), h, k)):
            if listed >= SPLITS_LISTED:
                return None
            if len(set(stuck) - set(xs)) > k:
                continue
            found = split(xs, ys)
            if found is not False:
                return found
    return None


class _Transpositions:
    """The S1 x S2 pairing of 4.2 among the optimal assignments: S1 players in order,
    each with the first S2 player after whom the rest can still be assigned
    optimally.

    An assignment is optimal exactly when it uses only the class pairs the duals
    allow (``arcs``), leaves over only a player of a class ``spare`` allows
    (:meth:`_Assignment.optimal_arcs`) and pairs only players who may meet
    (``value`` > 0).  So the rules' choice is the lexicographically first perfect
    matching of that graph: a left vertex for every S1 player and one more for each
    player left over (an odd remainder, or the leftovers that float down), a right
    vertex for every S2 player.  With players below the bracket in its window
    (``outside``, C.8) each of them is a left vertex too, paired with an S2 player
    who floats down to him or with one of as many right vertices "elsewhere"
    (:data:`ELSEWHERE`, which the left-over vertices may take as well), as the
    duals allow; the S1 players alone choose in order.

    One perfect matching is kept.  An S1 player can take a new partner when the
    class network still allows the pair of classes (:meth:`_Assignment.take`, a
    necessary condition) and an alternating path leads from that partner's mate
    back to his own.  The path is looked for first through the classes (each left
    class reached once, the matched pairs kept in buckets by their two classes),
    then, if that finds none, by a breadth-first search over the players in which an
    expanded vertex takes every still unseen player of its allowed classes at once,
    apart from the few it may not meet.  The search is exact; time grows with the
    players and the pairs they may not meet, not with the pairs of the bracket.
    """

    def __init__(self, s1: list[int], s2: list[int], cls: dict[int, int],
                 arcs: dict[tuple[int, int], int], spare: set[int],
                 value: Callable[[int, int], int], classes: _Assignment,
                 outside: Sequence[int] = (),
                 out_value: Callable[[int, int], int] | None = None) -> None:
        self.s1, self.s2, self.value = s1, s2, value
        self.outside, self.out_value = outside, out_value
        self.classes = classes
        q = len(outside)
        # S1 players, the players below, then the ones left over
        n_left = len(s2) + q
        self.n_left = n_left
        self.left_class = ([cls[x] for x in s1] + [cls[o] for o in outside]
                           + [-1] * (len(s2) - len(s1)))
        self.right_class = [cls[y] for y in s2] + [ELSEWHERE] * q
        #: left class -> the right classes it may be paired with (in class order)
        self.targets: dict[int, list[int]] = {-1: sorted(spare) + [ELSEWHERE] * (q > 0)}
        self.quota: dict[tuple[int, int], int] = {}
        for (a, b), flow in arcs.items():
            self.targets.setdefault(a, []).append(b)
            self.quota[(a, b)] = flow
        for a in self.targets:
            self.targets[a].sort()
        #: right class -> the left classes that may take it
        self.takers: dict[int, list[int]] = {}
        for a, bs in sorted(self.targets.items()):
            for b in bs:
                self.takers.setdefault(b, []).append(a)
        #: right class -> its players, by position in S2
        self.members: dict[int, list[int]] = {}
        for v, b in enumerate(self.right_class):
            self.members.setdefault(b, []).append(v)
        self.mate_left = [-1] * n_left
        self.mate_right = [-1] * n_left
        self.fixed_right = [False] * n_left
        #: (left class, right class) -> the matched, unfixed right vertices of that pair
        self.bucket: dict[tuple[int, int], dict[int, None]] = {}

    def _may(self, u: int, v: int) -> bool:
        """Left ``u`` and right ``v`` may meet as players (their classes are checked
        by the caller)."""
        if v >= len(self.s2):
            return True  # elsewhere
        p = len(self.s1)
        if u < p:
            return self.value(self.s1[u], self.s2[v]) > 0
        if u < p + len(self.outside):
            assert self.out_value is not None
            return self.out_value(self.s2[v], self.outside[u - p]) > 0
        return True

    def _link(self, u: int, v: int) -> None:
        old = self.mate_right[v]
        b = self.right_class[v]
        if old >= 0:
            self.bucket[(self.left_class[old], b)].pop(v, None)
        self.mate_left[u] = v
        self.mate_right[v] = u
        self.bucket.setdefault((self.left_class[u], b), {})[v] = None

    def _flip(self, u: int, path: list[int]) -> None:
        """Give left ``u`` the first right vertex of ``path``, the mate of that one the
        next, and so on (an alternating path)."""
        for v in path:
            nxt = self.mate_right[v]
            self._link(u, v)
            u = nxt

    def start(self) -> bool:
        """A first perfect matching: the classes as the optimum pairs them, then
        augmenting paths for those a pair of players who may not meet left out."""
        quota = dict(self.quota)
        left_over = len(self.s2) - len(self.s1)
        cursor = dict.fromkeys(self.members, 0)
        alone = []
        for u in range(self.n_left):
            a = self.left_class[u]
            placed = False
            for b in self.targets.get(a, ()):
                if (quota.get((a, b), 0) if a >= 0 else left_over) <= 0:
                    continue
                group = self.members[b]
                i = cursor[b]
                while i < len(group) and self.mate_right[group[i]] >= 0:
                    i += 1
                cursor[b] = i
                v = next((v for v in group[i:] if self.mate_right[v] < 0 and self._may(u, v)),
                         None)
                if v is not None:
                    self._link(u, v)
                    if a >= 0:
                        quota[(a, b)] -= 1
                    else:
                        left_over -= 1
                    placed = True
                    break
            if not placed:
                alone.append(u)
        for u in alone:
            path = self._search(u, None, -1)
            if path is None:
                return False
            self._flip(u, path)
        return True

    def _through_classes(self, src: int, goal: int, banned: int) -> list[int] | None:
        """An alternating path from left ``src`` to right ``goal`` that enters every
        left class at most once (through any matched pair of the right classes), or
        ``None`` (which proves nothing)."""
        goal_class = self.right_class[goal]
        came: dict[int, tuple[int, int]] = {src: (-1, -1)}  # left -> (left before, right)
        seen: set[int] = set()  # not src's: he may be the one who cannot meet the goal
        queue = [src]
        for u in queue:
            a = self.left_class[u]
            if goal_class in self.targets.get(a, ()) and self._may(u, goal):
                path = [goal]
                while came[u][0] >= 0:
                    path.append(came[u][1])
                    u = came[u][0]
                return path[::-1]
            for b in self.targets.get(a, ()):
                for a2 in self.takers.get(b, ()):
                    if a2 in seen:
                        continue
                    for v in self.bucket.get((a2, b), ()):
                        w = self.mate_right[v]
                        if w not in came and w != banned and self._may(u, v):
                            seen.add(a2)
                            came[w] = (u, v)
                            queue.append(w)
                            break
        return None

    def _search(self, src: int, goal: int | None, banned: int) -> list[int] | None:
        """Right vertices of an alternating path from left ``src`` to the right vertex
        ``goal`` (``None``: to any unmatched right vertex), never through left
        ``banned`` or a fixed right vertex; ``None`` when there is none."""
        unseen: dict[int, list[int]] = {}
        came: dict[int, int] = {}  # right vertex -> the right vertex before it (-1: src)
        queue = [(src, -1)]
        # src gives up his partner: the path never comes back to him
        own = self.mate_left[src]
        for u, via in queue:
            for b in self.targets.get(self.left_class[u], ()):
                todo = unseen.get(b)
                if todo is None:
                    todo = [v for v in self.members[b] if not self.fixed_right[v] and v != own]
                keep = []
                for v in todo:
                    if v == self.mate_left[u] or not self._may(u, v):
                        keep.append(v)
                        continue
                    came[v] = via
                    nxt = self.mate_right[v]
                    if v == goal or (goal is None and nxt < 0):
                        path = [v]
                        while came[path[-1]] >= 0:
                            path.append(came[path[-1]])
                        return path[::-1]
                    if nxt >= 0 and nxt != banned:
                        queue.append((nxt, v))
                unseen[b] = keep
        return None

    def choose(self) -> list[int]:
        """Each S1 player in order takes the first S2 player (position in S2) after
        whom a perfect matching remains; returns their positions."""
        out = []
        heads = dict.fromkeys(self.members, 0)
        net = self.classes.net
        for u in range(len(self.s1)):
            a = self.left_class[u]
            #: right classes the class network rules out for u
            ruled_out: set[int] = set()
            options = []
            for b in self.targets.get(a, ()):
                group = self.members[b]
                i = heads[b]
                while i < len(group) and self.fixed_right[group[i]]:
                    i += 1
                heads[b] = i
                if i < len(group):
                    options.append((group[i], b, i))
            heapq.heapify(options)
            while True:
                v, b, i = heapq.heappop(options)  # a perfect matching exists: never empty
                group = self.members[b]
                j = i + 1
                while j < len(group) and self.fixed_right[group[j]]:
                    j += 1
                if j < len(group):
                    heapq.heappush(options, (group[j], b, j))
                if b in ruled_out or not self._may(u, v):
                    continue
                before = net.cap[:]
                if not self.classes.take(a, b):
                    ruled_out.add(b)
                    continue
                if self._take(u, v):
                    break
                net.cap[:] = before
            out.append(v)
            self.fixed_right[v] = True
            self.bucket[(a, b)].pop(v, None)
        return out

    def _take(self, u: int, v: int) -> bool:
        """Pair left ``u`` with right ``v`` if a perfect matching with the pair
        remains (and keep one)."""
        own = self.mate_left[u]
        if own != v:
            holder = self.mate_right[v]
            path = (self._through_classes(holder, own, u)
                    or self._search(holder, own, u))
            if path is None:
                return False
            self._flip(holder, path)
            self._link(u, v)
        return True
