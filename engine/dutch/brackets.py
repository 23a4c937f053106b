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

The order of these decisions, and the small bonuses used, follow the FIDE-endorsed
reference engine so that ties between equally good pairings fall the same way.
"""

from __future__ import annotations

from fractions import Fraction

from ..matching import WeightedGraph
from .criteria import Context, first_weight, pair_weight
from .entrants import Entrant

__all__ = ["NoLegalPairing", "pair_field"]


class NoLegalPairing(Exception):
    """No pairing satisfies the absolute criteria."""


def _complete(mate: list[int], active: list[bool]) -> bool:
    alone = sum(1 for v, m in enumerate(mate) if m == v and active[v])
    return alone <= 1


def pair_field(players: list[Entrant], ctx: Context) -> tuple[list[tuple[int, int]], int | None]:
    """Pair ``players`` (in pairing order).

    Returns the pairs as (higher-ranked index, lower-ranked index) into ``players``
    and the index of the player left for the pairing-allocated bye (or ``None``).
    """
    n = len(players)
    g = WeightedGraph(n)
    odd = n % 2 == 1
    for j in range(n):
        for i in range(j):
            if odd:
                w = first_weight(players[i], players[j], ctx)
            else:
                w = pair_weight(players[i], players[j], False, False, ctx)
            g.set_weight(i, j, w)
    mate = g.solve()
    if not _complete(mate, [True] * n):
        raise NoLegalPairing("the players cannot all be paired within the absolute criteria")
    score = [p.score for p in players]
    c9 = False
    if odd:
        ctx.bye_score = next(players[v].score for v in range(n) if mate[v] == v)
        for j in range(n):
            for i in range(j):
                g.set_weight(i, j, pair_weight(players[i], players[j], False, False, ctx))
        # C.9 applies at once when the bye comes from the top score group and nobody
        # of that group has to float down
        top = score[0]
        if ctx.bye_score >= top:
            c9 = all(score[mate[v]] >= top for v in range(n) if score[v] >= top)
        k = ctx.played_rounds
        counts = sorted(k - p.played_games for p in players if p.score == ctx.bye_score)
        ctx.unplayed_rank = {c: i for i, c in enumerate(counts)}
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

    while len(group) > 1 or nxt < n:
        bracket_end = len(group)  # index in group of the first next-group player
        next_start_v = res_start_v + (bracket_end - mdp_count)
        if nxt < n:
            s = score[nxt]
            while nxt < n and score[nxt] >= s:
                group.append(nxt)
                nxt += 1
        base: dict[tuple[int, int], int] = {}
        for b in range(mdp_count, len(group)):
            for a in range(b):
                w = pair_weight(players[group[a]], players[group[b]], b < bracket_end,
                                b >= bracket_end, ctx, c9)
                base[(a, b)] = w
                g.set_weight(group[a], group[b], w)
        mate = g.solve()

        def in_bracket(v: int) -> bool:
            return res_start_v <= v < next_start_v

        # 1. which MDPs are paired in the bracket, higher ones first
        a = 0
        while a < mdp_count:
            sc = score[group[a]]
            same = [x for x in range(a, mdp_count) if score[group[x]] == sc]
            can = sum(1 for x in same if in_bracket(mate[group[x]]))
            left = len(same)
            for x in same:
                v = group[x]
                if can == 0:
                    break
                if left <= can:
                    matched[v] = True
                    continue
                left -= 1
                if not in_bracket(mate[v]):
                    for b in range(mdp_count, bracket_end):
                        w = base[(x, b)]
                        if w:
                            g.set_weight(v, group[b], w | 1)
                    mate = g.solve()
                if in_bracket(mate[v]):
                    matched[v] = True
                    can -= 1
                    for b in range(mdp_count, bracket_end):
                        w = base[(x, b)]
                        if w:
                            g.set_weight(v, group[b], (w | (bracket_end - mdp_count)) + 1)
            a = same[-1] + 1

        # 2. the opponent of each MDP to be paired: the highest resident possible
        for x in range(mdp_count):
            v = group[x]
            if not matched[v]:
                continue
            bonus = len(group)
            for b in range(bracket_end - 1, mdp_count - 1, -1):
                u = group[b]
                if matched[u]:
                    continue
                w = base[(x, b)]
                if w:
                    g.set_weight(v, u, w + bonus)
                    bonus += 1
            mate = g.solve()
            u = mate[v]
            matched[u] = True
            pairs.append((v, u))
            g.retire(v, u)

        # 3. the remainder
        rem = [b for b in range(mdp_count, bracket_end) if mate[group[b]] >= res_start_v]
        rem_pairs = sum(1 for b in rem if mate[group[b]] < group[b])

        def tuned(x: int, y: int, xi: int) -> int:
            w = base[(x, y)]
            if w:
                w += (((xi < rem_pairs) << (2 * ctx.size_bits)) - xi) << 1
            return w

        def pairs_down(v: int) -> bool:
            return v < mate[v] < next_start_v

        for yi, y in enumerate(rem):
            for xi in range(yi):
                g.set_weight(group[rem[xi]], group[y], tuned(rem[xi], y, xi))
        mate = g.solve()
        exchanges = sum(1 for x in rem[:rem_pairs] if not pairs_down(group[x]))

        # 3a. S1 players to exchange: as low as possible
        left = exchanges
        xi = rem_pairs
        while xi > 0 and left:
            xi -= 1
            x = rem[xi]
            v = group[x]
            if pairs_down(v):
                for y in rem[xi + 1:]:
                    w = tuned(x, y, xi)
                    if w:
                        g.set_weight(v, group[y], w - 1)
                mate = g.solve()
            out = not pairs_down(v)
            left -= out
            for y in rem[xi + 1:]:
                if out:
                    base[(x, y)] = 0
                g.set_weight(v, group[y], tuned(x, y, xi))

        # 3b. S2 players to exchange: as high as possible
        left = exchanges
        yi = rem_pairs
        while yi < len(rem) and left > 1:
            y = rem[yi]
            v = group[y]
            already = pairs_down(v)
            if not already:
                for z in rem[yi + 1:]:
                    w = tuned(y, z, yi)
                    if w:
                        g.set_weight(v, group[z], w + 1)
                mate = g.solve()
            if pairs_down(v):
                left -= 1
                for z in rem[:yi]:
                    base[(z, y)] = 0
                    g.set_weight(v, group[z], 0)
                for b in range(bracket_end, len(group)):
                    base[(y, b)] = 0
                    g.set_weight(v, group[b], 0)
            if not already:
                for z in rem[yi + 1:]:
                    g.set_weight(v, group[z], tuned(y, z, yi))
            yi += 1

        # fix who is in S1 (pairs downwards) and drop the tuning bonuses
        for xi, x in enumerate(rem):
            v = group[x]
            for y in rem[xi + 1:]:
                u = group[y]
                if not pairs_down(v) or pairs_down(u):
                    base[(x, y)] = 0
                g.set_weight(v, u, base[(x, y)])

        # 3c. each S1 player, in order, gets the highest opponent still possible
        for x in rem:
            v = group[x]
            if not pairs_down(v):
                continue
            bonus = 0
            for y in reversed(rem):
                u = group[y]
                if y <= x or matched[u]:
                    continue
                w = base[(x, y)]
                if w:
                    g.set_weight(v, u, w + bonus)
                bonus += 1
            mate = g.solve()
            u = mate[v]
            matched[v] = matched[u] = True
            pairs.append((v, u))
            g.retire(v, u)

        # the next bracket: the unpaired move down, the next score group is resident.
        # C.9 applies there when it is the bye assignee's score group and none of its
        # players is paired with someone with a lower score in the current optimum.
        c9 = odd and bracket_end < len(group) and score[group[bracket_end]] == ctx.bye_score
        new_group: list[int] = []
        new_mdps = 0
        for idx, v in enumerate(group):
            if idx < bracket_end and matched[v]:
                continue
            new_group.append(v)
            if idx < bracket_end:
                new_mdps += 1
            if score[mate[v]] < ctx.bye_score:
                c9 = False
        group = new_group
        mdp_count = new_mdps
        res_start_v = next_start_v

    bye = group[0] if group else None
    return pairs, bye


def describe(players: list[Entrant], pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs as start numbers (debug helper)."""
    return [(players[a].start_no, players[b].start_no) for a, b in pairs]


_ = Fraction, Context
