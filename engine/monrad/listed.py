"""The list-order Monrad systems: SSF, DSU and school 3/2/1.

They share one procedure: the round list is the previous list stably re-sorted by
points (MON-4: SSF-2, DSU-2, SKOL-1); the bye is taken out first (MON-5: SSF-8, DSU-8,
SKOL-3); then the top player meets the first player below him he has not met (SSF-5,
DSU-3, SKOL-4) and, when the round cannot be completed, pairs are broken up from the
bottom (SSF-5, DSU-4, SKOL-4; MON-3).  There are no colour restrictions (DSU-5); the
colour of a pair is given afterwards by the player's count of Whites.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Colour, Tournament
from .base import Context, MonradSystem
from .facts import Facts
from .procedure import Plan, in_list_order, lowest_first_tiers
from .roundlist import stable_lists

__all__ = ["ListMonrad"]


class ListMonrad(MonradSystem):
    """SSF / DSU / school.  ``equal_whites_to_higher``: who gets White on equal counts.

    SSF-6 and SKOL-5: the lower-placed player (so in round 1 no. 2 has White, SSF-4,
    SKOL-2); DSU-6: the better-placed one (so no. 1 has White, DSU-0).
    """

    bye_mode = "before"
    #: the bye may go to a player who has had it when nobody else can take it (DSU-8
    #: Decision); False: never twice, no legal pairing then (SSF-8, SKOL-3)
    second_bye = False
    equal_whites_to_higher = False

    def order(self, tournament: Tournament, round_no: int, players: Sequence[int],
              facts: dict[int, Facts]) -> list[int]:
        wanted = set(players)
        return [p for p in stable_lists(tournament, round_no, self.conventions) if p in wanted]

    def plan(self, ctx: Context) -> Plan:
        order = ctx.order
        blocked = ctx.blocked()

        def can_meet(u: int, v: int) -> bool:
            return v not in blocked[u]

        tiers = (lowest_first_tiers([ctx.facts[p].byes for p in order], again=self.second_bye)
                 if len(order) % 2 else [])
        return self.run(ctx, can_meet, in_list_order, tiers)

    def colours(self, ctx: Context, top: int, other: int) -> tuple[int, int]:
        top_white, _ = self.colour_choice(ctx, top, other)
        return (top, other) if top_white else (other, top)

    def colour_choice(self, ctx: Context, top: int, other: int) -> tuple[bool, str]:
        """Whether ``top`` (the higher-placed) has White, and the rule that decided it:
        a Konrad repeat (``MON-KONRAD``), round 1's setting (``INITIAL-COLOUR``), the
        White counts (``rules.colour``), equal counts (``rules.colour_equal``)."""
        a, b = ctx.order[top], ctx.order[other]
        rep = ctx.repeat_colour(a, b) if ctx.limit > 1 else None
        if rep is not None:  # Konrad: colours reverse on a repeat
            return rep is Colour.WHITE, "MON-KONRAD"
        initial = ctx.tournament.settings.initial_colour
        if ctx.round_no == 1 and initial is not Colour.NONE:
            return initial is Colour.WHITE, "INITIAL-COLOUR"
        wa, wb = ctx.facts[a].whites, ctx.facts[b].whites
        if wa != wb:
            return wa < wb, self.rules.colour
        rule = self.rules.first_round if ctx.round_no == 1 else self.rules.colour_equal
        return self.equal_whites_to_higher, rule
