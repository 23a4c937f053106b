"""Pairing the field bracket by bracket (C.04.3 articles 2-4).

The brackets are paired from the top score group down.  While a bracket is paired,
one weighted matching over *all* players still unpaired checks the absolute
criteria for everybody (the rest must stay pairable, C.4) and optimises the
bracket's quality criteria (C.5-C.21, see :mod:`.criteria`); nothing below the
next score group carries a quality weight yet.  Among the equally good pairings the
rules' order of candidates is then imposed decision by decision, each decision
being "give a tiny bonus, solve again, see whether the optimum still allows it, fix
it":

1. which moved-down players (MDPs) are paired in the bracket: higher ones first
   (C.04.3 3.3, 4.2 MDP selection);
2. the opponent of each MDP: the highest-ranked resident that still allows an
   optimal pairing (S1/S2 order of the heterogeneous bracket);
3. the remainder: as few exchanges between S1 and S2 as possible (4.3), the
   exchanged S1 players as low and the S2 players as high as possible, then
   each S1 player in order gets the highest S2 player that still allows an optimal
   pairing (transpositions, 4.2).

Whoever is not paired in the bracket moves down to the next one.

How much of the field a bracket's matchings see (:func:`pair_field` tries the
cheapest first and falls back when its assumption fails, so the result is always
the one of the whole field):

* ``bracket``: the bracket alone, every player with a way down getting credit for
  being "paired further down".  C.8 (the next bracket pairs as well as possible) is
  then assumed at its best; the next bracket checks it: all the players moved down
  to it are paired there, and it makes as many pairs as its size allows.  Not used
  where C.9 or the bye can depend on the next score group.  When the check fails,
  the pass runs again with that bracket paired in its window (``_ALONE_RETRIES``).
* ``window``: the bracket, the next score group and ``BUFFER`` players below.
* ``full``: everybody still unpaired.

The order of these decisions, and the small bonuses used, follow the FIDE-endorsed
reference engine so that ties between equally good pairings fall the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from ..matching import max_weight_matching
from .criteria import (
    Context,
    PairWeights,
    bye_candidate,
    field1_shift,
    first_weight,
)
from .entrants import Entrant, Float
from .field import Field
from .shortcut import BracketPlan, plan_bracket

__all__ = ["BUFFER", "NoLegalPairing", "pair_field"]

#: players kept below the next score group when the field is large (see _Solver)
BUFFER = 8
#: tries of the first pass: after each, the bracket whose assumption failed is
#: paired with its window
_ALONE_RETRIES = 6
#: a bracket paired alone goes through :mod:`.shortcut` from this many residents on
SHORTCUT_MIN = 8


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria."""


class _Solver:
    """Solves the matching for one bracket on the part of the field that matters.

    Players far below the bracket carry no quality weight, only the top field
    (completion, bye candidacy).  When many of them remain, only the next
    ``buffer`` of them are kept, each with a stand-in partner ("paired further
    down") worth exactly half a pair, so that the optimum of the bracket is the one
    of the whole field as long as the deeper players can be paired among
    themselves.  Near the bottom everything is kept (exact).
    """

    def __init__(self, g: Field, players: list[Entrant], ctx: Context) -> None:
        self.g = g
        self.ctx = ctx
        self.top = field1_shift(ctx)
        self.half = [(2 * (not bye_candidate(p, ctx)) + 1) << self.top for p in players]
        self.cut = len(players)
        self.below = 0

    def window(self, cut: int, below: int) -> None:
        """Keep the vertices below ``cut``.  A kept vertex from ``below`` on (the
        next score group and the buffer) with an allowed partner beyond ``cut`` gets a
        stand-in partner; so does a bracket player whose only way down is beyond
        ``cut``."""
        self.cut = cut
        self.below = below

    def solve(self, extra: dict[tuple[int, int], int] | None = None, bits: int = 0) -> list[int]:
        g = self.g
        n = g.n
        cut = min(self.cut, n)
        full = cut >= n
        extra = extra or {}
        # the kept vertices, numbered 0.. in pairing order for the solver
        verts = [v for v in range(cut) if g.active(v)]
        # the stand-in partners' weights: a vertex paired with its stand-in
        standing = [0] * len(verts)
        if not full:
            for i, v in enumerate(verts):
                if g.has_edge_beyond(v, cut) and (
                        v >= self.below or not g.has_edge_within(v, self.below, cut)):
                    standing[i] = self.half[v] << bits
        # a bracket alone: instead of stand-in vertices, every edge pays the stand-in
        # weights of its two ends (the same optimum, half the vertices; an unpaired
        # vertex is one paired further down)
        inline = self.below >= cut
        edges = []
        weight = g.weight
        for i, u in enumerate(verts):
            for j in range(i + 1, len(verts)):
                v = verts[j]
                w = weight(u, v)
                if w:
                    w = w << bits if full else (2 * w) << bits
                    w += extra.get((u, v), 0)
                    if inline:
                        w -= standing[i] + standing[j]
                        if w <= 0:
                            continue
                    edges.append((i, j, w))
        size = len(verts)
        if not inline:
            for i, h in enumerate(standing):
                if h:
                    edges.append((i, size, h))
                    size += 1
        found = max_weight_matching(size, edges)
        mate = list(range(n))
        for x, y in g.fixed_pairs():
            mate[x] = y
        for i, v in enumerate(verts):
            m = found[i]
            # a stand-in partner shows as ``n``: paired further down
            mate[v] = n if m >= len(verts) else verts[m]
        return mate


def _plain_weights(players: list[Entrant], weigh: PairWeights) -> Callable[[int, int], int]:
    """Weights of pairs outside the bracket being paired: :func:`.criteria.pair_weight`
    with neither bracket flag (the top field alone)."""
    return lambda u, v: weigh(players[u], players[v], False, False)


def _shortcut(players: list[Entrant], group: list[int], mdp_count: int, bracket_end: int,
              base: dict[tuple[int, int], int], solver: _Solver, weigh: PairWeights,
              cut: int) -> BracketPlan | None:
    """:func:`.shortcut.plan_bracket` for the bracket ``group[:bracket_end]`` paired
    alone, with the weights :meth:`_Solver.solve` would use (stand-in credit
    inline)."""
    g = solver.g
    credit = [solver.half[v] if g.has_edge_beyond(v, cut) else 0 for v in group[:bracket_end]]

    def value(a: int, b: int) -> int:
        w = base.get((a, b), 0)
        return 2 * w - credit[a] - credit[b] if w else 0

    def klass(i: int) -> tuple[int, int]:
        return weigh.kind(players[group[i]]), credit[i]

    return plan_bracket(list(range(mdp_count)), list(range(mdp_count, bracket_end)), value, klass)


def _record(new: list[tuple[int, int]], g: Field, matched: list[bool],
            pairs: list[tuple[int, int]]) -> None:
    """Make the pairs ``new`` final: recorded, matched, out of the graph."""
    for v, u in new:
        matched[v] = matched[u] = True
        pairs.append((v, u))
        g.retire(v, u)


def _apply_plan(plan: BracketPlan, group: list[int], g: Field, matched: list[bool],
                pairs: list[tuple[int, int]]) -> None:
    """Record ``plan`` as the general procedure records its result: the pairs, the
    retired vertices, and no weight between two S2 players who move down (the
    general procedure leaves only S1-S2 pairs allowed before its last step)."""
    made = [plan.mdp_pair] if plan.mdp_pair is not None else []
    _record([(group[x], group[y]) for x, y in made + plan.s1_pairs], g, matched, pairs)
    down = [group[y] for y in plan.rem[len(plan.s1_pairs):] if not matched[group[y]]]
    for i, v in enumerate(down):
        for u in down[i + 1:]:
            g.set_weight(v, u, 0)


def _key(u: int, v: int) -> tuple[int, int]:
    return (u, v) if u < v else (v, u)


def _complete(mate: list[int], active: list[bool]) -> bool:
    alone = sum(1 for v, m in enumerate(mate) if m == v and active[v])
    return alone <= 1


def _quick_bye_score(g: Field, players: list[Entrant]) -> Fraction | None:
    """The bye assignee's score without a whole-field matching, when easy to prove.

    The whole-field matching leaves out an eligible player of the lowest possible
    score (C.5).  If the lowest-scored eligible players include one whose absence
    leaves a field that a simple greedy pass pairs completely, that score is the
    answer; otherwise ``None`` (the caller solves the whole field).
    """
    n = len(players)
    eligible = [v for v in range(n) if players[v].bye_eligible]
    if not eligible:
        return None
    low = min(players[v].score for v in eligible)
    for out in reversed([v for v in eligible if players[v].score == low]):
        free = [v for v in range(n) if v != out]
        taken = [False] * n
        ok = True
        for i, v in enumerate(free):
            if taken[v]:
                continue
            for u in free[i + 1:]:
                if not taken[u] and g.weight(v, u) > 0:
                    taken[u] = taken[v] = True
                    break
            else:
                ok = False
                break
        if ok:
            return low
    return None


class _WindowTooSmall(Exception):
    """The shortened field of :class:`_Solver` could not be completed; ``bracket``:
    the number (0 = top) of the bracket paired alone whose assumption failed."""

    def __init__(self, bracket: int | None = None) -> None:
        super().__init__(bracket)
        self.bracket = bracket


#: how much of the field each bracket's matchings see (see :func:`pair_field`)
_BRACKET, _WINDOW, _FULL = "bracket", "window", "full"


def pair_field(players: list[Entrant], ctx: Context) -> tuple[list[tuple[int, int]], int | None]:
    """Pair ``players`` (in pairing order).

    Returns the pairs as (higher-ranked index, lower-ranked index) into ``players``
    and the index of the player left for the pairing-allocated bye (or ``None``).
    Pairs each bracket alone first, then with a window below it, then on the whole
    field: each pass is given up as soon as its assumption fails (see the module
    docstring), so the result is the whole field's.
    """
    quick = _blank_field(players, ctx)
    if quick is not None:
        return quick
    # a bracket that could not go alone is paired with its window in the next try
    not_alone: set[int] = set()
    for _ in range(_ALONE_RETRIES):
        try:
            return _pair_field(players, ctx, _BRACKET, frozenset(not_alone))
        except _WindowTooSmall as failed:
            if failed.bracket is None or failed.bracket in not_alone:
                break
            not_alone.add(failed.bracket)
    try:
        return _pair_field(players, ctx, _WINDOW)
    except _WindowTooSmall:
        return _pair_field(players, ctx, _FULL)


def _blank_field(players: list[Entrant],
                 ctx: Context) -> tuple[list[tuple[int, int]], int | None] | None:
    """The pairing of a field without any history (a first round without
    acceleration or forbidden pairs), or ``None``.

    With one score group, no colour preferences, no floats and every pair allowed,
    every criterion is met by every pairing, so the rules' order decides alone: the
    lowest player gets the bye (C.5, all equal) and S1 meets S2 in order (3.x, no
    exchanges, no transpositions) -- what the full procedure computes, at once.
    """
    if not players:
        return [], None
    s0 = players[0].score
    for p in players:
        if (p.score != s0 or p.colours or p.met or not p.bye_eligible
                or p.floats != (Float.NONE, Float.NONE)):
            return None
    if ctx.forbidden:
        nos = {p.start_no for p in players}
        if any(pair <= nos for pair in ctx.forbidden):
            return None
    n = len(players)
    bye = n - 1 if n % 2 else None
    half = n // 2
    return [(i, i + half) for i in range(half)], bye


def _pair_field(players: list[Entrant], ctx: Context, mode: str,
                not_alone: frozenset[int] = frozenset()) -> tuple[list[tuple[int, int]], int | None]:
    n = len(players)
    odd = n % 2 == 1
    weigh = PairWeights(ctx)
    g = Field(n, (lambda u, v: first_weight(players[u], players[v], ctx)) if odd
              else _plain_weights(players, weigh))
    # the whole-field matching checks that a legal pairing exists (C.4) and, for an
    # odd field, finds the bye assignee's score; for an even field in the windowed
    # pass the check is left to the brackets (a failure falls back to this pass)
    score = [p.score for p in players]
    quick_bye = _quick_bye_score(g, players) if odd and mode != _FULL else None
    if quick_bye is not None and quick_bye >= score[0]:
        quick_bye = None  # the whole-field matching is needed for C.9 below
    if (odd and quick_bye is None) or mode == _FULL:
        mate = g.solve()
        if not _complete(mate, [True] * n):
            raise NoLegalPairing("the players cannot all be paired within the absolute criteria")
    solver = _Solver(g, players, ctx)
    c9 = False
    if odd:
        if quick_bye is not None:
            ctx.bye_score = quick_bye
        else:
            ctx.bye_score = next(players[v].score for v in range(n) if mate[v] == v)
        # C.9 applies at once when the bye comes from the top score group and nobody
        # of that group has to float down
        top = score[0]
        if ctx.bye_score >= top and quick_bye is None:
            c9 = all(score[mate[v]] >= top for v in range(n) if score[v] >= top)
        k = ctx.played_rounds
        counts = sorted(k - p.played_games for p in players if p.score == ctx.bye_score)
        ctx.unplayed_rank = {c: i for i, c in enumerate(counts)}
        weigh = PairWeights(ctx)  # the bye score is known now
        g.plain = _plain_weights(players, weigh)
    pairs: list[tuple[int, int]] = []
    matched = [False] * n

    # ``group`` holds vertex numbers: moved-down players, then the residents of the
    # bracket, then the next score group.  Vertex numbers are pairing order.
    nxt = 0
    while nxt < n and score[nxt] >= score[0]:
        nxt += 1
    group: list[int] = list(range(nxt))
    mdp_count = 0
    res_start_v = 0  # vertex of the first resident
    # the MDPs of the current bracket were left over by a bracket paired on its own
    # (``alone`` below), which assumed that they can all be paired here
    check_mdps = False
    ordinal = -1  # number of the bracket being paired, 0 = top
    last_alone: int | None = None  # the lowest bracket paired alone so far

    while len(group) > 1 or nxt < n:
        ordinal += 1
        bracket_end = len(group)  # index in group of the first next-group player
        next_start_v = res_start_v + (bracket_end - mdp_count)
        last_bracket = nxt >= n
        next_score = None
        if nxt < n:
            next_score = score[nxt]
            while nxt < n and score[nxt] >= next_score:
                group.append(nxt)
                nxt += 1
        # a bracket is paired on its own (without the next score group) unless
        # C.9 or the bye could depend on the next score group (they cannot when
        # that group is the last: nobody below can take its players)
        alone = (mode == _BRACKET and not last_bracket and not c9
                 and ordinal not in not_alone
                 and not (odd and next_score is not None and next_score <= ctx.bye_score
                          and nxt < n))
        base: dict[tuple[int, int], int] = {}
        for b in range(mdp_count, bracket_end if alone else len(group)):
            for a in range(b):
                w = weigh(players[group[a]], players[group[b]], b < bracket_end,
                          b >= bracket_end, c9)
                base[(a, b)] = w
        # window: the bracket, the next score group, and a buffer below
        cut = n
        if alone:
            cut = next_start_v
        elif mode != _FULL:
            cut = min(n, nxt + BUFFER)
            if n - cut < BUFFER:
                cut = n
        solver.window(cut, next_start_v)
        paired_before = len(pairs)

        def in_bracket(v: int) -> bool:
            return res_start_v <= v < next_start_v

        # a large bracket alone: the class shortcut, when it can prove its result
        shortcut = alone or (last_bracket and mode == _BRACKET)
        plan = _shortcut(players, group, mdp_count, bracket_end, base, solver, weigh, cut) \
            if shortcut and mdp_count <= 1 and bracket_end - mdp_count >= SHORTCUT_MIN else None
        if plan is not None:
            _apply_plan(plan, group, g, matched, pairs)
        else:
            for (a, b), w in base.items():
                g.set_weight(group[a], group[b], w)
            # 1. which MDPs are paired in the bracket: higher ones first, i.e. the
            #    lexicographically best set (one solve, priorities 2^(m-1-x))
            if mdp_count:
                extra: dict[tuple[int, int], int] = {}
                for x in range(mdp_count):
                    for b in range(mdp_count, bracket_end):
                        if base[(x, b)]:
                            extra[_key(group[x], group[b])] = 1 << (mdp_count - 1 - x)
                mate = solver.solve(extra, mdp_count + 1)
                picked = [in_bracket(mate[group[x]]) for x in range(mdp_count)]
                # the reference tries, in order, every MDP whose score group still has
                # room; one that could not be paired keeps a +1 on its edges into the
                # bracket (it matters later, when two MDPs may meet)
                a = 0
                while a < mdp_count:
                    sc = score[group[a]]
                    same = [x for x in range(a, mdp_count) if score[group[x]] == sc]
                    can = sum(1 for x in same if picked[x])
                    left = len(same)
                    for x in same:
                        if can == 0:
                            break
                        if left <= can:
                            continue
                        left -= 1
                        if picked[x]:
                            can -= 1
                        else:
                            for b in range(mdp_count, bracket_end):
                                w = base[(x, b)]
                                if w:
                                    g.set_weight(group[x], group[b], w | 1)
                    a = same[-1] + 1
                # a paired MDP keeps a bonus on its edges into the bracket (larger than
                # the +1 of the failed ones), so it stays in while its opponent is chosen
                for x in range(mdp_count):
                    if picked[x]:
                        matched[group[x]] = True
                        for b in range(mdp_count, bracket_end):
                            w = base[(x, b)]
                            if w:
                                g.set_weight(group[x], group[b], (w | (bracket_end - mdp_count)) + 1)

            # 2. the opponents of the paired MDPs: each, in order, the highest resident
            #    still possible (one lexicographic solve)
            chosen = [x for x in range(mdp_count) if matched[group[x]]]
            if chosen:
                span = bracket_end - mdp_count + 1
                width = span.bit_length()
                extra = {}
                for p, x in enumerate(chosen):
                    scale = 1 << (width * (len(chosen) - 1 - p))
                    for b in range(mdp_count, bracket_end):
                        if base[(x, b)]:
                            extra[_key(group[x], group[b])] = (bracket_end - b) * scale
                mate = solver.solve(extra, width * len(chosen) + 1)
                _record([(group[x], mate[group[x]]) for x in chosen], g, matched, pairs)

            # 3. the remainder
            if mdp_count:
                rem = [b for b in range(mdp_count, bracket_end) if mate[group[b]] >= res_start_v]
                rem_pairs = sum(1 for b in rem if mate[group[b]] < group[b])
            else:
                # a homogeneous bracket: the remainder is the whole bracket; try the
                # usual number of pairs first, and solve again if it was too many
                rem = list(range(mdp_count, bracket_end))
                rem_pairs = len(rem) // 2

            def tuned(x: int, y: int, xi: int) -> int:
                w = base[(x, y)]
                if w:
                    w += (((xi < rem_pairs) << (2 * ctx.size_bits)) - xi) << 1
                return w

            def pairs_down(v: int) -> bool:
                return v < mate[v] < next_start_v

            def solve_remainder() -> list[int]:
                # the tuned weights choose the number of exchanges and how far apart
                # they are; below them, 3a: the S1 players to exchange as low as possible
                # (lexicographic from the bottom of S1, one solve with both)
                for yi, y in enumerate(rem):
                    for xi in range(yi):
                        g.set_weight(group[rem[xi]], group[y], tuned(rem[xi], y, xi))
                extra = {}
                for xi in range(rem_pairs):
                    x = rem[xi]
                    for y in rem[xi + 1:]:
                        if tuned(x, y, xi):
                            extra[_key(group[x], group[y])] = -(1 << xi)
                return solver.solve(extra, rem_pairs + 1)

            mate = solve_remainder()
            if not mdp_count:
                found = sum(1 for b in rem if res_start_v <= mate[group[b]] < group[b])
                if found != rem_pairs:
                    rem_pairs = found
                    mate = solve_remainder()
            exchanges = sum(1 for x in rem[:rem_pairs] if not pairs_down(group[x]))

            # 3a. fix the exchanged S1 players
            if exchanges:
                for xi in range(rem_pairs):
                    x = rem[xi]
                    if not pairs_down(group[x]):
                        for y in rem[xi + 1:]:
                            base[(x, y)] = 0
                            g.set_weight(group[x], group[y], 0)

            # 3b. S2 players to exchange: as high as possible; the last one is left to
            #     the choice of opponents below
            if exchanges > 1:
                s2 = rem[rem_pairs:]
                extra = {}
                for j, y in enumerate(s2):
                    yi = rem_pairs + j
                    for z in rem[yi + 1:]:
                        if tuned(y, z, yi):
                            extra[_key(group[y], group[z])] = 1 << (len(s2) - 1 - j)
                mate = solver.solve(extra, len(s2) + 1)
                fixed = 0
                for j, y in enumerate(s2):
                    if fixed >= exchanges - 1:
                        break
                    v = group[y]
                    if pairs_down(v):
                        fixed += 1
                        for z in rem[:rem_pairs + j]:
                            base[(z, y)] = 0
                            g.set_weight(v, group[z], 0)
                        for b in range(bracket_end, len(group)):
                            base[(y, b)] = 0
                            g.set_weight(v, group[b], 0)

            # fix who is in S1 (pairs downwards) and drop the tuning bonuses
            for xi, x in enumerate(rem):
                v = group[x]
                for y in rem[xi + 1:]:
                    u = group[y]
                    if not pairs_down(v) or pairs_down(u):
                        base[(x, y)] = 0
                    g.set_weight(v, u, base[(x, y)])

            # 3c. each S1 player, in order, gets the highest opponent still possible
            #     (one lexicographic solve)
            s1 = [x for x in rem if pairs_down(group[x])]
            if s1:
                span = len(rem) + 1
                width = span.bit_length()
                extra = {}
                for p, x in enumerate(s1):
                    scale = 1 << (width * (len(s1) - 1 - p))
                    for pos, y in enumerate(rem):
                        if y > x and base[(x, y)]:
                            extra[_key(group[x], group[y])] = (len(rem) - pos) * scale
                mate = solver.solve(extra, width * len(s1) + 1)
                _record([(group[x], mate[group[x]]) for x in s1], g, matched, pairs)

        # the next bracket: the unpaired move down, the next score group is resident.
        # C.9 applies there when it is the bye assignee's score group and none of its
        # players is paired with someone with a lower score in the current optimum.
        # (A bracket paired alone or by the shortcut has no such optimum to look at:
        # it is only used where C.9 cannot depend on it, see ``alone``.)
        floor = score[group[bracket_end]] if bracket_end < len(group) else None
        c9 = odd and floor is not None and floor <= ctx.bye_score
        look = not alone and plan is None
        new_group: list[int] = []
        new_mdps = 0
        for idx, v in enumerate(group):
            if idx < bracket_end and matched[v]:
                continue
            new_group.append(v)
            if idx < bracket_end:
                new_mdps += 1
            if look and floor is not None and (mate[v] >= n or score[mate[v]] < floor):
                c9 = False
        if check_mdps and (any(idx < mdp_count for idx, v in enumerate(group)
                               if idx < bracket_end and not matched[v])
                           or new_mdps > bracket_end % 2):
            # the bracket above assumed its leftovers pair here, all of them and
            # with as many pairs as the bracket allows (C.8 at its best)
            raise _WindowTooSmall(ordinal - 1)
        check_mdps = alone and new_mdps > 0
        if alone:
            last_alone = ordinal
        group = new_group
        mdp_count = new_mdps
        res_start_v = next_start_v
        if last_bracket and len(pairs) == paired_before and len(group) > 1:
            if mode == _FULL:
                raise NoLegalPairing("the last bracket cannot be paired")
            # the lowest bracket paired alone is the first suspect
            raise _WindowTooSmall(last_alone)

    bye = group[0] if group else None
    if mode != _FULL and bye is not None and not (
            players[bye].score == ctx.bye_score and bye_candidate(players[bye], ctx)):
        raise _WindowTooSmall(last_alone)
    return pairs, bye


def describe(players: list[Entrant], pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs as start numbers (debug helper)."""
    return [(players[a].start_no, players[b].start_no) for a, b in pairs]


_ = Fraction, Context
