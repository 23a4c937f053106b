"""The final order of an Othello tournament (OTH-7): match points, MBQ, discs,
then a disc flip.

It lives apart from :mod:`.mbq` because it is built on the general standings
(:func:`monrad.engine.standings.standings`), which reach the MBQ values through the
tie-breaks: :mod:`.mbq` <- :mod:`..tiebreaks` <- :mod:`..standings` <- this module,
one direction, no cycle.
"""

from __future__ import annotations

from ..model import Tournament
from ..standings import LOT
from ..standings import standings as ranked
from .mbq import StandingRow, standings

__all__ = ["ranking"]


def ranking(tournament: Tournament, upto: int | None = None, *, seed: int | None = None) -> list[StandingRow]:
    """Final order of OTH-7: match points, MBQ, discs, then a disc flip (lot).

    With ``seed`` (default ``settings.seeds["disc_flip"]``) players still equal are
    ordered by a reproducible lot; without one they share the place, listed by start
    number.  The order is the printed standings' (:func:`monrad.engine.standings.standings`
    with ``MBQ``, ``DISCS`` and, with a seed, ``LOT``): one ranking, one lot.
    """
    if seed is None:
        seed = tournament.settings.seeds.get("disc_flip")
    rows = {r.player: r for r in standings(tournament, upto)}
    last = max((r.number for r in tournament.rounds), default=0)
    if upto is not None:
        last = max(0, min(upto, last))
    codes = ("MBQ", "DISCS", LOT) if seed is not None else ("MBQ", "DISCS")
    table = ranked(tournament, codes, last, seed=seed)
    return [_placed(rows[r.start_no], r.rank) for r in table.rows]


def _placed(row: StandingRow, place: int) -> StandingRow:
    return StandingRow(row.player, row.points, row.discs, row.opponents_points, row.mbq, row.rating, place)
