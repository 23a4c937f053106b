"""School Monrad 3/2/1 ("Att lotta monrad", SKOL-0 .. SKOL-6).

Scoring win 3 / draw 2 / loss 1 (``Scoring.school()``, SKOL-6); positions SKOL-1
(stable re-sort); round 1: 1 v 2 with the higher number White (SKOL-2); every result
in before pairing and the bye taken out first (SKOL-0); bye to the worst-placed,
never twice, worth a win (SKOL-3); top-down, break up from the bottom (SKOL-4); fewest
Whites gets White, equal: the lower-positioned (SKOL-5); a bye is not a White.
See docs/systems/school.md.
"""

from __future__ import annotations

from ..i18n import ptr, tr
from ..model import Scoring, Tournament
from ..monrad.base import MonradRules
from ..monrad.facts import Conventions, check_results_in
from ..monrad.listed import ListMonrad
from ..pairing import SystemFacts, with_system_scoring

__all__ = ["SYSTEM", "SchoolMonrad", "round_list"]


class SchoolMonrad(ListMonrad):
    """School Monrad.  Equal White counts: the lower-positioned player has White."""

    name = "school"
    #: as SSF on 3/2/1 points (SKOL-6); SKOL-0 pairs only when every card is in
    facts = SystemFacts(title=ptr("system name", "School Monrad"), tiebreaks=("QP", "WON", "DE", "LOT"), strikes_quality_points=True,
                        scoring=Scoring.school(),
                        aliases=("skolemonrad", "skolmonrad", "school-monrad"))
    rules = MonradRules("SKOL-1", "SKOL-4", "SKOL-4", "SKOL-4", "SKOL-5", "SKOL-5", "SKOL-2", "SKOL-3")
    conventions = Conventions(
        forfeit_is_meeting=True, forfeit_keeps_colour=True, bye_is_white=False,
        withdrawal_wo_white=False, adjourned_wins_both=False,
    )
    equal_whites_to_higher = False

    def prepare(self, tournament: Tournament) -> Tournament:
        """SKOL-6: a tournament left on the 1 / ½ / 0 default scoring is scored 3/2/1."""
        return with_system_scoring(tournament)

    def check_ready(self, tournament: Tournament, round_no: int) -> None:
        """SKOL-0: pair only when every card is in (``options["school_allow_pending"]``)."""
        allow = bool(tournament.settings.options.get("school_allow_pending", False))
        check_results_in(tournament, round_no, allow_pending=allow,
                         why=tr("SKOL-0: every result must be in before pairing"))


SYSTEM = SchoolMonrad()


#: The school position list after round ``after_round`` (SKOL-1).
round_list = SYSTEM.round_list
