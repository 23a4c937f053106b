"""Round lists and placement numbers (NSF-5, SSF-2, DSU-2, SKOL-1, MON-4, DSU-7).

*NSF-5*: score groups, highest first; inside a group by start number.
*SSF-2, DSU-2, SKOL-1* (MON-4): the previous round's list stably re-sorted by points;
before round 1 (and before the first re-sort) the start-number (draw) order.  A
player's placement number before a round is his position on that round's list.

DSU-7: a list once written is not changed when a postponed result arrives later.
Each round monrad pairs keeps the list it was paired from
(:attr:`~monrad.engine.model.Round.paired_from`); a round without one (paired
elsewhere, or before monrad kept them) is re-listed from the results as they stood
when it was paired (:attr:`~monrad.engine.model.Round.paired_around`).  Only the
newest re-sort, for the round being paired, counts every result known today.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..model import Tournament
from .facts import Conventions, Facts, points_known_at, running_points

__all__ = ["as_written", "score_order", "stable_lists"]


def score_order(players: Iterable[int], facts: Mapping[int, Facts]) -> list[int]:
    """NSF-5: by points (highest first), then start number (lowest first)."""
    return sorted(players, key=lambda p: (-facts[p].points, p))


def as_written(written: Sequence[int], order: Sequence[int]) -> list[int]:
    """``order`` (every player on the roster) with the players of a written list in
    its order at the top, the others (withdrawn, not yet entered) after them as they
    stood (DSU-7)."""
    known, listed = set(order), set(written)
    return [p for p in written if p in known] + [p for p in order if p not in listed]


def stable_lists(tournament: Tournament, round_no: int, conv: Conventions) -> list[int]:
    """The full list (every player on the roster) before ``round_no`` (MON-4, DSU-7).

    The list of each round already paired is the one written then, else re-sorted
    by the points known when it was paired; withdrawn and not-yet-entered players
    stay on the list so that the order of the others is carried on unchanged;
    callers filter them out.
    """
    order = [p.start_no for p in tournament.players]
    points = running_points(tournament, max(round_no - 1, 0), conv)
    rounds = {r.number: r for r in tournament.rounds}
    for k in range(1, round_no + 1):
        rnd = rounds.get(k)
        if rnd is not None and rnd.paired_from:  # DSU-7: as written
            order = as_written(rnd.paired_from, order)
        elif k > 1:
            after = points_known_at(tournament, rnd, points[k - 1], conv)
            key = {p: -float(v) for p, v in after.items()}  # exact for the usual points
            order.sort(key=key.__getitem__)  # list.sort is stable
    return order
