"""NSF: the Norwegian Chess Federation's Monrad system (see :mod:`monrad.engine.monrad.nsf`).

See docs/systems/nsf.md for the rules as implemented and the decisions taken.
"""

from __future__ import annotations

from ..monrad.nsf import NsfMonrad

__all__ = ["SYSTEM", "NsfMonrad", "round_list"]

SYSTEM = NsfMonrad()


#: The NSF round list after round ``after_round`` (NSF-5, NSF-10).
round_list = SYSTEM.round_list
