"""Round lists and placement numbers (NSF-5, SSF-2, DSU-2, SKOL-1, MON-4).

*NSF-5*: score groups, highest first; inside a group by start number.
*SSF-2, DSU-2, SKOL-1* (MON-4): the previous round's list stably re-sorted by points;
before round 1 (and before the first re-sort) the start-number (draw) order.  A
player's placement number before a round is his position on that round's list.

DSU-7: a list once written is not changed when a postponed result arrives later.
The engine recomputes lists from the results; a caller that has the written lists
(a workbook, say) can put them in ``tournament.info["round_lists"]`` as
``{round_no: [start numbers, top first]}`` and they are used as written.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..model import Tournament
from .facts import Conventions, Facts, running_points

__all__ = ["score_order", "stable_lists", "stored_list"]


def score_order(players: Iterable[int], facts: Mapping[int, Facts]) -> list[int]:
    """NSF-5: by points (highest first), then start number (lowest first)."""
    return sorted(players, key=lambda p: (-facts[p].points, p))


def stored_list(tournament: Tournament, round_no: int) -> list[int] | None:
    """The list written before ``round_no`` if the caller supplied it (DSU-7)."""
    lists = tournament.info.get("round_lists")
    if not isinstance(lists, Mapping):
        return None
    written = lists.get(round_no, lists.get(str(round_no)))
    if written is None:
        return None
    return [int(p) for p in written]


def stable_lists(tournament: Tournament, round_no: int, conv: Conventions) -> list[int]:
    """The full list (every player on the roster) before ``round_no`` (MON-4).

    Withdrawn and not-yet-entered players stay on the list so that the order of the
    others is carried on unchanged; callers filter them out.
    """
    everyone = [p.start_no for p in tournament.players]
    order = list(everyone)
    points = running_points(tournament, max(round_no - 1, 0), conv)
    for k in range(2, round_no + 1):
        written = stored_list(tournament, k)
        if written is not None:
            seen = set(written)
            order = [p for p in written if p in set(everyone)] + [p for p in order if p not in seen]
            continue
        after = points[k - 1]
        key = {p: -float(v) for p, v in after.items()}  # exact for the usual points
        order.sort(key=key.__getitem__)  # list.sort is stable
    first = stored_list(tournament, 1) if round_no == 1 else None
    if first is not None:
        seen = set(first)
        order = [p for p in first if p in set(everyone)] + [p for p in order if p not in seen]
    return order
