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

from ..i18n import LocalizedError, tr
from ..matching import max_weight_matching
from .budget import check_room
from .completion import Opening, allowed_pairs, blocked_pairs, group_labels, open_round
from .criteria import (
    Context,
    PairWeights,
    bye_candidate,
    field1_shift,
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
#: a bracket goes through :mod:`.shortcut` from this many residents on
SHORTCUT_MIN = 8
#: a bracket paired with its window goes through :mod:`.shortcut` when the window
#: holds at most this many players below it (each is a class of his own there)
OUTSIDE_MAX = 32


class NoLegalPairing(LocalizedError):
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
              solver: _Solver, weigh: PairWeights, cut: int, c9: bool,
              outside: list[int] | None = None) -> BracketPlan | None:
    """:func:`.shortcut.plan_bracket` for the bracket ``group[:bracket_end]`` with the
    weights :meth:`_Solver.solve` would use: paired alone (stand-in credit inline),
    or with its window (``outside``: the vertices below the bracket that its
    matchings see, the next score group ``group[bracket_end:]`` first, each a class
    of his own; stand-in credit as :meth:`_Solver.solve` gives it).

    The weights are never listed pair by pair: a pair's criteria weight follows
    from the two players' classes (:meth:`.criteria.PairWeights.kind`, the stand-in
    credit and the large forbidden groups they belong to) apart from the pairs the
    absolute criteria forbid one by one (rematches, small forbidden groups, C.1 and
    C.3), so the class table is built from one representative per class and the
    forbidden pairs found from each player's opponents: time and memory grow with
    the bracket, not with its square.
    """
    g = solver.g
    size = bracket_end
    if any(g.weight(group[x], group[y]) for y in range(mdp_count) for x in range(y)):
        return None  # the general procedure could pair two MDPs with each other
    below = outside or []
    vertices = group[:size] + below
    top = size + len(group) - bracket_end  # the next score group ends here
    if cut >= g.n:
        credit = [0] * len(vertices)  # the whole field: nobody is paired further down
    else:
        # a stand-in partner as in _Solver.solve: for a bracket player only when his
        # only way down is beyond the window
        credit = [solver.half[v] if g.has_edge_beyond(v, cut) and (
            i >= size or not g.has_edge_within(v, solver.below, cut)) else 0
            for i, v in enumerate(vertices)]
    who = [players[v] for v in vertices]
    # a large forbidden group is part of its players' class, a small one pairs
    labels = group_labels(who, weigh.ctx)
    klass = [(weigh.kind(p), credit[i], labels[i]) if i < size else (-1, i)
             for i, p in enumerate(who)]
    blocked = blocked_pairs(who, weigh.ctx)

    def class_value(a: int, b: int) -> int:
        """``value`` of a pair of these classes when it is not forbidden one by one
        (``a`` ranked above ``b``): in the bracket, with the next score group (C.8),
        or plain below it."""
        if not labels[a].isdisjoint(labels[b]):
            return 0
        w = weigh.quality(who[a], who[b], b < size, size <= b < top, c9 and b < top)
        return 2 * w - credit[a] - credit[b] if w else 0

    return plan_bracket(list(range(mdp_count)), list(range(mdp_count, size)),
                        None, klass.__getitem__, class_value=class_value,
                        blocked=blocked.__getitem__, outside=range(size, len(vertices)))


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
    _record([(group[x], group[y]) for x, y in plan.mdp_pairs + plan.s1_pairs], g, matched,
            pairs)
    down = [group[y] for y in plan.rem if not matched[group[y]]]
    for i, v in enumerate(down):
        for u in down[i + 1:]:
            g.set_weight(v, u, 0)


def _key(u: int, v: int) -> tuple[int, int]:
    return (u, v) if u < v else (v, u)


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
    opening = _open(players, ctx)
    # a bracket that could not go alone is paired with its window in the next try
    not_alone: set[int] = set()
    for _ in range(_ALONE_RETRIES):
        try:
            return _pair_field(players, ctx, _BRACKET, frozenset(not_alone), opening)
        except _WindowTooSmall as failed:
            if failed.bracket is None or failed.bracket in not_alone:
                break
            not_alone.add(failed.bracket)
    try:
        return _pair_field(players, ctx, _WINDOW, frozenset(), opening)
    except _WindowTooSmall:
        return _pair_field(players, ctx, _FULL, frozenset(), opening)


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
        if any(sum(1 for s in group if s in nos) > 1 for group in ctx.forbidden):
            return None
    n = len(players)
    bye = n - 1 if n % 2 else None
    half = n // 2
    return [(i, i + half) for i in range(half)], bye


def _open(players: list[Entrant], ctx: Context) -> Opening:
    """The facts of the whole field (:func:`.completion.open_round`: a legal pairing
    exists, the bye assignee's score, C.9 in the top bracket), the bye's score and
    the C.9 ranks of unplayed games kept in ``ctx``."""
    opening = open_round(players, ctx)
    if opening is None:
        raise NoLegalPairing(tr("the players cannot all be paired within the absolute criteria"))
    if opening.bye_score is not None:
        ctx.bye_score = opening.bye_score
        k = ctx.played_rounds
        counts = sorted(k - p.played_games for p in players if p.score == ctx.bye_score)
        ctx.unplayed_rank = {c: i for i, c in enumerate(counts)}
    return opening


def _pair_field(players: list[Entrant], ctx: Context, mode: str,
                not_alone: frozenset[int] = frozenset(), opening: Opening | None = None,
                ) -> tuple[list[tuple[int, int]], int | None]:
    """One pass over the field in ``mode`` (see :class:`_FieldPass`), after the
    facts of the whole field (:func:`_open`, unless given)."""
    if opening is None:
        opening = _open(players, ctx)
    return _FieldPass(players, ctx, mode, not_alone, opening.c9).run()


class _FieldPass:
    """One pass of the bracket-by-bracket procedure (C.04.3 articles 2-4) in one
    ``mode`` (how much of the field a bracket's matchings see, see the module
    docstring).  One method per stage:

    * (before the pass, :func:`_pair_field`: C.4 completion, the C.5 bye score and
      C.9 in the top bracket, :mod:`.completion`);
    * :meth:`_open_bracket`: the next bracket (its MDPs, residents and the next
      score group) and its window;
    * :meth:`_pair_by_plan` (a large bracket alone: :mod:`.shortcut`) or the
      general procedure: :meth:`_choose_mdps` (3.3 MDP selection),
      :meth:`_mdp_opponents` (4.2 for the MDPs), :meth:`_pair_remainder` (4.3
      exchanges: :meth:`_fix_s1_exchanges`, :meth:`_fix_s2_exchanges`; 4.2
      transpositions: :meth:`_transpositions`);
    * :meth:`_close_bracket`: the unpaired move down, C.9 for the next bracket,
      the checks of the ``bracket`` mode's assumptions (``_WindowTooSmall``).

    Vertex numbers are pairing order; ``group`` holds the vertices of the bracket
    being paired (moved-down players, then residents) followed by the next score
    group, and most per-bracket indices (``base`` keys, ``rem``) index ``group``.
    """

    def __init__(self, players: list[Entrant], ctx: Context, mode: str,
                 not_alone: frozenset[int], c9: bool) -> None:
        self.players = players
        self.ctx = ctx
        self.mode = mode
        self.not_alone = not_alone
        self.n = n = len(players)
        self.odd = n % 2 == 1
        self.weigh = PairWeights(ctx)
        self.g = Field(n, _plain_weights(players, self.weigh))
        self.solver = _Solver(self.g, players, ctx)
        self.score = [p.score for p in players]
        self.pairs: list[tuple[int, int]] = []
        self.matched = [False] * n
        self.mate: list[int] = list(range(n))
        #: C.9 applies in the bracket being paired (in the top one: :mod:`.completion`)
        self.c9 = c9

    # --- the field -----------------------------------------------------------------

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        n, score = self.n, self.score
        nxt = 0
        while nxt < n and score[nxt] >= score[0]:
            nxt += 1
        #: the first vertex not yet in ``group``
        self.nxt = nxt
        self.group: list[int] = list(range(nxt))
        self.mdp_count = 0
        self.res_start_v = 0  # vertex of the first resident
        # the MDPs of the current bracket were left over by a bracket paired on its
        # own (``alone``), which assumed that they can all be paired here
        self.check_mdps = False
        self.ordinal = -1  # number of the bracket being paired, 0 = top
        self.last_alone: int | None = None  # the lowest bracket paired alone so far
        while len(self.group) > 1 or self.nxt < n:
            self._open_bracket()
            paired_before = len(self.pairs)
            plan = self._pair_by_plan()
            general = plan is None and not self._forced_empty()
            if general:
                self._general_procedure()
            self._close_bracket(general)
            if self.last_bracket and len(self.pairs) == paired_before and len(self.group) > 1:
                if self.mode == _FULL:
                    raise NoLegalPairing(tr("the last bracket cannot be paired"))
                # the lowest bracket paired alone is the first suspect
                raise _WindowTooSmall(self.last_alone)
        bye = self.group[0] if self.group else None
        if self.mode != _FULL and bye is not None and not (
                self.players[bye].score == self.ctx.bye_score
                and bye_candidate(self.players[bye], self.ctx)):
            raise _WindowTooSmall(self.last_alone)
        return self.pairs, bye

    # --- one bracket ---------------------------------------------------------------

    def _open_bracket(self) -> None:
        """Take in the next score group; decide whether the bracket is paired alone
        and how far down its matchings see."""
        n, score, group = self.n, self.score, self.group
        self.ordinal += 1
        self.bracket_end = len(group)  # index in group of the first next-group player
        self.next_start_v = self.res_start_v + (self.bracket_end - self.mdp_count)
        self.last_bracket = self.nxt >= n
        next_score = None
        if self.nxt < n:
            next_score = score[self.nxt]
            while self.nxt < n and score[self.nxt] >= next_score:
                group.append(self.nxt)
                self.nxt += 1
        nxt = self.nxt
        #: C.9 may apply in the next bracket (the bye may come from its score group)
        self.bye_near = (self.odd and next_score is not None
                         and next_score <= self.ctx.bye_score)
        # a bracket is paired on its own (without the next score group) unless
        # C.9 or the bye could depend on the next score group (they cannot when
        # that group is the last: nobody below can take its players)
        self.alone = (self.mode == _BRACKET and not self.last_bracket and not self.c9
                      and self.ordinal not in self.not_alone
                      and not (self.bye_near and nxt < n))
        # window: the bracket, the next score group, and a buffer below
        cut = n
        if self.alone:
            cut = self.next_start_v
        elif self.mode != _FULL:
            cut = min(n, nxt + BUFFER)
            if n - cut < BUFFER:
                cut = n
        self.cut = cut
        self.solver.window(cut, self.next_start_v)

    def _weights(self) -> dict[tuple[int, int], int]:
        """The criteria weight of every pair of the bracket (and, unless alone, of
        the bracket with the next score group), keyed by ``group`` indices."""
        players, group, be, weigh, c9 = (self.players, self.group, self.bracket_end,
                                          self.weigh, self.c9)
        base: dict[tuple[int, int], int] = {}
        for b in range(self.mdp_count, be if self.alone else len(group)):
            pb = players[group[b]]
            for a in range(b):
                base[(a, b)] = weigh(players[group[a]], pb, b < be, b >= be, c9)
        return base

    def _pair_by_plan(self) -> BracketPlan | None:
        """A large bracket: the class shortcut, when it can prove its result; the
        plan applied, or ``None``.  Alone (or the last bracket of the first pass),
        or with its window (C.8: the next score group and the players kept below
        it, at most ``OUTSIDE_MAX``) when C.9 and the bye cannot depend on that
        window (the general procedure reads them from its optimum there)."""
        if self.bracket_end - self.mdp_count < SHORTCUT_MIN:
            return None
        outside = None
        if not (self.alone or (self.last_bracket and self.mode == _BRACKET)):
            if self.c9 or self.bye_near:
                return None
            outside = self.group[self.bracket_end:] + [
                v for v in range(self.nxt, self.cut) if self.g.active(v)]
            if len(outside) > OUTSIDE_MAX:
                return None
        plan = _shortcut(self.players, self.group, self.mdp_count, self.bracket_end,
                         self.solver, self.weigh, self.cut, self.c9, outside)
        if plan is not None:
            _apply_plan(plan, self.group, self.g, self.matched, self.pairs)
        return plan

    def _forced_empty(self) -> bool:
        """The bracket has no pair at all: no two of its players may meet (C.1, C.3,
        forbidden pairs), so all of them move down whatever its window holds (C.6:
        no pair to make; its MDPs are chosen in the next bracket).  Taken only where
        the general procedure's optimum could say nothing else either: not the last
        bracket, and neither C.9 here nor the bye near (:meth:`_close_bracket` reads
        C.9 for the next bracket from that optimum)."""
        if self.last_bracket or self.c9 or self.bye_near:
            return False
        g, members = self.g, self.group[:self.bracket_end]
        return not any(g.weight(u, v) for i, v in enumerate(members) for u in members[:i])

    def _in_bracket(self, v: int) -> bool:
        return self.res_start_v <= v < self.next_start_v

    def _pairs_down(self, v: int) -> bool:
        """``v`` is in S1: paired with a lower player of the bracket."""
        return v < self.mate[v] < self.next_start_v

    def _set(self, a: int, b: int, w: int) -> None:
        """Set the weight of the pair of ``group`` indices ``a``, ``b``."""
        self.g.set_weight(self.group[a], self.group[b], w)

    def _general_procedure(self) -> None:
        """Pair the bracket by the general procedure (weighted matchings)."""
        seen = [self.players[v] for v in range(self.cut) if self.g.active(v)]
        check_room(len(seen), self.ctx.memory_mb, allowed_pairs(seen, self.ctx))
        self.base = self._weights()
        for (a, b), w in self.base.items():
            self._set(a, b, w)
        if self.mdp_count:
            self._choose_mdps()
        self._mdp_opponents()
        self._pair_remainder()

    def _choose_mdps(self) -> None:
        """1. Which MDPs are paired in the bracket: higher ones first, i.e. the
        lexicographically best set (C.04.3 3.3; one solve, priorities 2^(m-1-x))."""
        group, base, m, be, score = (self.group, self.base, self.mdp_count,
                                     self.bracket_end, self.score)
        extra: dict[tuple[int, int], int] = {}
        for x in range(m):
            for b in range(m, be):
                if base[(x, b)]:
                    extra[_key(group[x], group[b])] = 1 << (m - 1 - x)
        self.mate = mate = self.solver.solve(extra, m + 1)
        picked = [self._in_bracket(mate[group[x]]) for x in range(m)]
        # the reference tries, in order, every MDP whose score group still has
        # room; one that could not be paired keeps a +1 on its edges into the
        # bracket (it matters later, when two MDPs may meet)
        a = 0
        while a < m:
            sc = score[group[a]]
            same = [x for x in range(a, m) if score[group[x]] == sc]
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
                    for b in range(m, be):
                        w = base[(x, b)]
                        if w:
                            self._set(x, b, w | 1)
            a = same[-1] + 1
        # a paired MDP keeps a bonus on its edges into the bracket (larger than
        # the +1 of the failed ones), so it stays in while its opponent is chosen
        for x in range(m):
            if picked[x]:
                self.matched[group[x]] = True
                for b in range(m, be):
                    w = base[(x, b)]
                    if w:
                        self._set(x, b, (w | (be - m)) + 1)

    def _mdp_opponents(self) -> None:
        """2. The opponents of the paired MDPs (4.2): each, in order, the highest
        resident still possible (one lexicographic solve)."""
        group, base, m, be = self.group, self.base, self.mdp_count, self.bracket_end
        chosen = [x for x in range(m) if self.matched[group[x]]]
        if not chosen:
            return
        width = (be - m + 1).bit_length()
        extra = {}
        for p, x in enumerate(chosen):
            scale = 1 << (width * (len(chosen) - 1 - p))
            for b in range(m, be):
                if base[(x, b)]:
                    extra[_key(group[x], group[b])] = (be - b) * scale
        self.mate = mate = self.solver.solve(extra, width * len(chosen) + 1)
        _record([(group[x], mate[group[x]]) for x in chosen], self.g, self.matched, self.pairs)

    def _pair_remainder(self) -> None:
        """3. The remainder: as few exchanges as possible (4.3), then the
        transpositions (4.2)."""
        group, m, be = self.group, self.mdp_count, self.bracket_end
        if m:
            self.rem = [b for b in range(m, be) if self.mate[group[b]] >= self.res_start_v]
            self.rem_pairs = sum(1 for b in self.rem if self.mate[group[b]] < group[b])
        else:
            # a homogeneous bracket: the remainder is the whole bracket; try the
            # usual number of pairs first, and solve again if it was too many
            self.rem = list(range(m, be))
            self.rem_pairs = len(self.rem) // 2
        self._solve_remainder()
        if not m:
            found = sum(1 for b in self.rem
                        if self.res_start_v <= self.mate[group[b]] < group[b])
            if found != self.rem_pairs:
                self.rem_pairs = found
                self._solve_remainder()
        exchanges = sum(1 for x in self.rem[:self.rem_pairs] if not self._pairs_down(group[x]))
        if exchanges:
            self._fix_s1_exchanges()
        if exchanges > 1:
            self._fix_s2_exchanges(exchanges)
        self._transpositions()

    def _tuned(self, x: int, y: int, xi: int) -> int:
        """The weight of the pair (x, y) with the exchange bonuses of 4.3: S1 players
        (the first ``rem_pairs`` of the remainder) pairing downwards, and S1 players
        as high as possible."""
        w = self.base[(x, y)]
        if w:
            w += (((xi < self.rem_pairs) << (2 * self.ctx.size_bits)) - xi) << 1
        return w

    def _solve_remainder(self) -> None:
        """The tuned weights choose the number of exchanges and how far apart they
        are; below them, 3a: the S1 players to exchange as low as possible
        (lexicographic from the bottom of S1, one solve with both)."""
        group, rem, rem_pairs = self.group, self.rem, self.rem_pairs
        for yi, y in enumerate(rem):
            for xi in range(yi):
                self._set(rem[xi], y, self._tuned(rem[xi], y, xi))
        extra = {}
        for xi in range(rem_pairs):
            x = rem[xi]
            for y in rem[xi + 1:]:
                if self._tuned(x, y, xi):
                    extra[_key(group[x], group[y])] = -(1 << xi)
        self.mate = self.solver.solve(extra, rem_pairs + 1)

    def _fix_s1_exchanges(self) -> None:
        """3a. Fix the exchanged S1 players: they no longer pair downwards."""
        rem = self.rem
        for xi in range(self.rem_pairs):
            x = rem[xi]
            if not self._pairs_down(self.group[x]):
                for y in rem[xi + 1:]:
                    self.base[(x, y)] = 0
                    self._set(x, y, 0)

    def _fix_s2_exchanges(self, exchanges: int) -> None:
        """3b. S2 players to exchange: as high as possible; the last one is left to
        the choice of opponents in :meth:`_transpositions`."""
        group, rem, rem_pairs, base = self.group, self.rem, self.rem_pairs, self.base
        s2 = rem[rem_pairs:]
        extra = {}
        for j, y in enumerate(s2):
            yi = rem_pairs + j
            for z in rem[yi + 1:]:
                if self._tuned(y, z, yi):
                    extra[_key(group[y], group[z])] = 1 << (len(s2) - 1 - j)
        self.mate = self.solver.solve(extra, len(s2) + 1)
        fixed = 0
        for j, y in enumerate(s2):
            if fixed >= exchanges - 1:
                break
            if self._pairs_down(group[y]):
                fixed += 1
                for z in rem[:rem_pairs + j]:
                    base[(z, y)] = 0
                    self._set(z, y, 0)
                for b in range(self.bracket_end, len(group)):
                    base[(y, b)] = 0
                    self._set(y, b, 0)

    def _transpositions(self) -> None:
        """Fix who is in S1 (pairs downwards) and drop the tuning bonuses; then 3c:
        each S1 player, in order, gets the highest opponent still possible (4.2, one
        lexicographic solve)."""
        group, rem, base = self.group, self.rem, self.base
        down = [self._pairs_down(group[x]) for x in rem]
        for xi, x in enumerate(rem):
            for yi in range(xi + 1, len(rem)):
                y = rem[yi]
                if not down[xi] or down[yi]:
                    base[(x, y)] = 0
                self._set(x, y, base[(x, y)])
        s1 = [x for xi, x in enumerate(rem) if down[xi]]
        if not s1:
            return
        width = (len(rem) + 1).bit_length()
        extra = {}
        for p, x in enumerate(s1):
            scale = 1 << (width * (len(s1) - 1 - p))
            for pos, y in enumerate(rem):
                if y > x and base[(x, y)]:
                    extra[_key(group[x], group[y])] = (len(rem) - pos) * scale
        self.mate = mate = self.solver.solve(extra, width * len(s1) + 1)
        _record([(group[x], mate[group[x]]) for x in s1], self.g, self.matched, self.pairs)

    def _close_bracket(self, general: bool) -> None:
        """The next bracket: the unpaired move down, the next score group is
        resident.  C.9 applies there when it is the bye assignee's score group and
        none of its players is paired with someone with a lower score in the
        current optimum.  (A bracket paired alone or by the shortcut has no such
        optimum to look at: it is only used where C.9 cannot depend on it, see
        ``alone``.)"""
        group, be, n, score, matched = (self.group, self.bracket_end, self.n, self.score,
                                        self.matched)
        mate = self.mate
        floor = score[group[be]] if be < len(group) else None
        c9 = self.odd and floor is not None and floor <= self.ctx.bye_score
        look = not self.alone and general
        new_group: list[int] = []
        new_mdps = 0
        for idx, v in enumerate(group):
            if idx < be and matched[v]:
                continue
            new_group.append(v)
            if idx < be:
                new_mdps += 1
            if look and floor is not None and (mate[v] >= n or score[mate[v]] < floor):
                c9 = False
        if self.check_mdps and (any(idx < self.mdp_count for idx, v in enumerate(group)
                                    if idx < be and not matched[v])
                                or new_mdps > be % 2):
            # the bracket above assumed its leftovers pair here, all of them and
            # with as many pairs as the bracket allows (C.8 at its best)
            raise _WindowTooSmall(self.ordinal - 1)
        self.check_mdps = self.alone and new_mdps > 0
        if self.alone:
            self.last_alone = self.ordinal
        self.c9 = c9
        self.group = new_group
        self.mdp_count = new_mdps
        self.res_start_v = self.next_start_v
