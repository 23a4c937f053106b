"""FIDE rating arithmetic: expected score, rating change and performance (FIDE Rating
Regulations 8).

Pure functions, no I/O.  The expected score comes from the conversion table of
rating difference ``D`` to scoring probability ``PD`` (Rating Regulations 8.1.2),
with the 400-point rule (8.3.1: a difference of more than 400 points counts as
400); the change is ``K * (score - expected)`` summed over the rated games (8.3.3),
with ``K`` from the rating list.  Values are exact :class:`~fractions.Fraction`
hundredths, rounded only for display.

>>> expected_score(0), expected_score(100), expected_score(-100), expected_score(1000)
(Fraction(1, 2), Fraction(16, 25), Fraction(9, 25), Fraction(23, 25))
>>> rating_change(20, [(1900, 1)], 1800)   # an upset win: 20 * (1 - 0.36)
Fraction(64, 5)

For the documents (issue 17): :func:`performance_dp` (table 8.1.1, percentage score to
rating difference), :func:`performance` (average opponent rating + dp), :func:`k_factor`
(the roster's ``K``, else :data:`DEFAULT_K` = 20) and :func:`event_estimates` (every
player's performance and rounded rating change after a round, as an estimate).

>>> performance([1700, 1900], Fraction(3, 2))
1993
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .i18n import tr
from .model import Game, Result, Tournament

__all__ = [
    "DEFAULT_K",
    "K_KEYS",
    "MAX_DIFFERENCE",
    "PD_UPPER_BOUNDS",
    "PlayerEstimate",
    "event_estimates",
    "expected_score",
    "k_factor",
    "performance",
    "performance_dp",
    "rating_change",
    "round_half_up",
]

#: the 400-point rule (Rating Regulations 8.3.1)
MAX_DIFFERENCE = 400

#: Rating Regulations 8.1.2: the largest ``D`` for each ``PD`` from 0.50 to 0.99 (in
#: steps of 0.01); a difference above the last bound scores 1.00.
PD_UPPER_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)


def expected_score(diff: int) -> Fraction:
    """The expected score of a player rated ``diff`` points above his opponent
    (negative: below), after the 400-point rule (8.3.1), from table 8.1.2.

    >>> expected_score(400), expected_score(-400), expected_score(3), expected_score(4)
    (Fraction(23, 25), Fraction(2, 25), Fraction(1, 2), Fraction(51, 100))
    """
    d = min(abs(int(diff)), MAX_DIFFERENCE)
    pd = Fraction(50 + bisect_left(PD_UPPER_BOUNDS, d), 100)
    return pd if diff >= 0 else 1 - pd


def rating_change(k: int, games: Iterable[tuple[int, Fraction | float | int]], rating: int) -> Fraction:
    """``K * sum(score - expected)`` over ``games`` (8.3.3): each game is
    ``(opponent's rating, score)``; games against unrated opponents are left out by the
    caller (they do not count for a rated player, 8.2).

    >>> rating_change(40, [(1500, 1), (1700, Fraction(1, 2))], 1600)   # 40 * (0.36 + 0.14)
    Fraction(20, 1)
    """
    total = Fraction(0)
    for opp, score in games:
        total += Fraction(score) - expected_score(rating - opp)
    return k * total


#: K when the roster gives none (8.3.3: most established players rated under 2400)
DEFAULT_K = 20

# Table 8.1.1: percentage score p (50..100) -> rating difference dp; below 50 %
# dp(p) = -dp(100 - p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)


def round_half_up(x: Fraction) -> int:
    """The nearest whole number, halves up (``-2.5`` -> ``-2``), as FIDE rounds."""
    return int((x + Fraction(1, 2)).__floor__())


def performance_dp(percent: int) -> int:
    """Rating difference dp for a percentage score (FIDE table 8.1.1)."""
    if not 0 <= percent <= 100:
        raise ValueError(str(tr("percentage {percent} is outside 0..100", percent=percent)))
    return _DP_UPPER[percent - 50] if percent >= 50 else -_DP_UPPER[50 - percent]


def performance(opponents: Sequence[int], score: Fraction) -> int | None:
    """Performance rating: the average rating of ``opponents`` (rounded half up) plus
    dp of the percentage score (rounded half up); ``None`` without rated opponents."""
    rated = [r for r in opponents if r > 0]
    if not rated:
        return None
    average = round_half_up(Fraction(sum(rated), len(rated)))
    return average + performance_dp(round_half_up(Fraction(score) * 100 / len(rated)))


#: roster columns (``Player.extra`` keys, compared case-blind) that hold a player's K
K_KEYS = ("k", "k-factor", "k factor", "k_factor", "kfactor")


def k_factor(extra: Mapping[str, str]) -> int:
    """The player's K from his roster entry (:data:`K_KEYS`), else :data:`DEFAULT_K`."""
    for key, value in extra.items():
        if key.strip().casefold() in K_KEYS and str(value).strip().isdigit():
            return int(str(value).strip())
    return DEFAULT_K


_RATED = {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2), Result.LOSS: Fraction(0)}


@dataclass(frozen=True)
class PlayerEstimate:
    """A player's performance and rating change over the rated games of an event."""

    games: int
    performance: int | None
    change: int | None
    k: int


def event_estimates(t: Tournament, upto: int | None = None) -> dict[int, PlayerEstimate]:
    """Every player's :class:`PlayerEstimate` after round ``upto``: the games played
    over the board and rated (1/½/0, not the TRF unrated W/D/L, not forfeits) against
    rated opponents, with the roster's ratings; the change (8.3.3, rounded half up
    once for the event) only for a rated player."""
    rating = {p.start_no: p.rating for p in t.players}
    out = {}
    for p in t.players:
        games: list[tuple[int, Fraction]] = []
        for _, entry in t.entries(p.start_no, upto):
            if isinstance(entry, Game) and entry.result_for(p.start_no) in _RATED:
                opp = rating.get(entry.opponent(p.start_no), 0)
                if opp > 0:
                    games.append((opp, _RATED[entry.result_for(p.start_no)]))
        k = k_factor(p.extra)
        perf = performance([r for r, _ in games], sum((s for _, s in games), Fraction(0)))
        change = round_half_up(rating_change(k, games, p.rating)) if p.rating > 0 and games else None
        out[p.start_no] = PlayerEstimate(len(games), perf, change, k)
    return out
