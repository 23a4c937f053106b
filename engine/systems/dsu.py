"""DSU: the Danish Chess Union's Monrad system (DSU-0 .. DSU-9).

Placement numbers DSU-2 (stable re-sort by points, postponed games as draws, DSU-1,
DSU-7); round 1: 1 v 2 with no. 1 White (DSU-0); no. 1 meets the best-placed player he
has not met (DSU-3), swaps from the bottom (DSU-4 = MON-3 backtracking); no colour
restrictions (DSU-5); fewer Whites gets White, equal: the better placement (DSU-6); a
forfeit is neither a meeting nor a colour (MON-1); bye to the lowest-placed without
one, not a colour (DSU-8).  See docs/systems/dsu.md.
"""

from __future__ import annotations

from ..i18n import ptr
from ..monrad.base import MonradRules
from ..monrad.facts import Conventions
from ..monrad.listed import ListMonrad
from ..pairing import SystemFacts

__all__ = ["SYSTEM", "DsuMonrad", "round_list"]


class DsuMonrad(ListMonrad):
    """DSU Monrad.  Equal White counts: the better placement has White (DSU-6)."""

    name = "dsu"
    #: DSU "almindelig korrektion" (two lowest struck), Sonneborn-Berger in a round
    #: robin; DSU-1 a postponed game counts a draw and the next round may be paired
    facts = SystemFacts(title=ptr("system name", "DSU Monrad"), tiebreaks=("QP/C2",), round_robin_tiebreaks=("SB",),
                        postponed_games=True, monrad_languages=("da",))
    rules = MonradRules("DSU-2", "DSU-3", "DSU-5", "DSU-4", "DSU-6", "DSU-6", "DSU-0", "DSU-8")
    conventions = Conventions(
        forfeit_is_meeting=False, forfeit_keeps_colour=False, bye_is_white=False,
        withdrawal_wo_white=False, adjourned_wins_both=False,
    )
    equal_whites_to_higher = True
    #: DSU-8 (Decision): when every player has had the bye, the lowest-placed with the
    #: fewest byes gets it again (the lesson is silent)
    second_bye = True


SYSTEM = DsuMonrad()


#: The DSU placement list after round ``after_round`` (DSU-2).
round_list = SYSTEM.round_list
