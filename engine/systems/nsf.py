"""NSF: the Norwegian Chess Federation's Monrad system (see :mod:`monrad.engine.monrad.nsf`).

See docs/systems/nsf.md for the rules as implemented and the decisions taken.
"""

from __future__ import annotations

from ..model import Tournament
from ..monrad.nsf import NsfMonrad

__all__ = ["SYSTEM", "NsfMonrad", "round_list"]

SYSTEM = NsfMonrad()


def round_list(tournament: Tournament, after_round: int) -> tuple[int, ...]:
    """The NSF round list after round ``after_round`` (NSF-5, NSF-10)."""
    return SYSTEM.round_list(tournament, after_round)
