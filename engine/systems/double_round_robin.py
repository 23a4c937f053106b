"""Double round robin (OTH-1: up to 5 Othello players; OTH-2).

Everyone meets everyone twice.  The first cycle is the FIDE Berger table with its
last two rounds swapped (FIDE C.05 Annex 1 recommendation; setting
``options["swap_last_two"]``, default true); the second cycle repeats the table with
colours reversed, so whoever had Black in the first meeting has White in the second
(OTH-2).  See :mod:`monrad.engine.systems.round_robin` for byes and pairing numbers.
"""

from __future__ import annotations

from .round_robin import RoundRobinSystem

__all__ = ["SYSTEM"]

SYSTEM = RoundRobinSystem(name="double-round-robin", double=True)
