"""SSF: the Swedish Chess Federation's Monrad system (SSF-1 .. SSF-10).

Round list SSF-2 (stable re-sort, adjourned games won by both and postponed games
drawn, SSF-3); round 1 even number White v next lower odd (SSF-4); top-down with
break-up from the bottom (SSF-5); colour SSF-6 with byes and withdrawal walkovers
counting as White (SSF-7); bye to the lowest-placed, never twice (SSF-8); a withdrawn
player keeps his results and is not paired again (SSF-9).  See docs/systems/ssf.md.
"""

from __future__ import annotations

from ..i18n import ptr
from ..monrad.base import MonradRules
from ..monrad.facts import Conventions
from ..monrad.listed import ListMonrad
from ..pairing import SystemFacts

__all__ = ["SYSTEM", "SsfMonrad", "round_list"]


class SsfMonrad(ListMonrad):
    """SSF Monrad.  Equal White counts: the lower-placed player has White (SSF-6)."""

    name = "ssf"
    #: SSF-10 quality points (lowest struck per ``ssf_strike``), most wins, the game
    #: between them, lot; SSF-3: the next round may be paired around a pending game
    facts = SystemFacts(title=ptr("system name", "SSF Monrad"), tiebreaks=("QP", "WON", "DE", "LOT"), strikes_quality_points=True,
                        postponed_games=True,
                        monrad_languages=("sv",))
    rules = MonradRules("SSF-2", "SSF-5", "SSF-5", "SSF-5", "SSF-6", "SSF-6", "SSF-4", "SSF-8")
    conventions = Conventions(
        forfeit_is_meeting=True, forfeit_keeps_colour=True, bye_is_white=True,
        withdrawal_wo_white=True, adjourned_wins_both=True,
    )
    equal_whites_to_higher = False


SYSTEM = SsfMonrad()


#: The SSF round list after round ``after_round`` (SSF-2).
round_list = SYSTEM.round_list
