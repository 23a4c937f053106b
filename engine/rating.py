"""FIDE rating arithmetic (FIDE Rating Regulations, section 8): expected scores,
rating change and performance, exact (``Fraction``) and pure.

* :func:`expected_score` -- table 8.1(b): the scoring probability PD of the
  higher- or lower-rated player for a rating difference D, with the **400-point
  rule** (8.3.1: a difference of more than 400 points counts as 400).
* :func:`rating_change` -- 8.3.3: ΔR = Σ K·(W − We) over the rated games,
  rounded to the nearest whole number (0.5 up) once, for the whole event.
* :func:`performance_dp` -- table 8.1(a): the rating difference dp for a
  percentage score; :func:`performance` = average opponent rating + dp(p).
* :func:`estimates` -- every player's performance and rating change in an event,
  K from the roster (:func:`k_factor`), else
  :data:`DEFAULT_K` -- 20, the K the regulations give most established players
  (8.3.3); the caller passes the player's own K where the roster has one.

What a document prints from these is an *estimate*: the FIDE rating officer rates
the games with the ratings of the rating period, which the roster may not hold.

>>> expected_score(1800, 1700)
Fraction(16, 25)
>>> expected_score(1300, 2000)      # 700 points apart, counted as 400
Fraction(2, 25)
>>> rating_change(1800, [(1700, Fraction(1)), (1900, Fraction(1, 2))], k=20)
10
>>> performance([1700, 1900], Fraction(3, 2))
1993
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import Game, Result, Tournament

__all__ = [
    "DEFAULT_K",
    "K_KEYS",
    "MAX_DIFFERENCE",
    "Estimate",
    "estimates",
    "expected_score",
    "k_factor",
    "performance",
    "performance_dp",
    "rating_change",
    "round_half_up",
]

#: K when the roster gives none (FIDE 8.3.3: players rated 2400 or less ... K = 20)
DEFAULT_K = 20
#: the 400-point rule (FIDE 8.3.1)
MAX_DIFFERENCE = 400

# Table 8.1(b): the upper end of each rating-difference band, PD of the higher-rated
# player 0.50, 0.51, ... 0.99 (above 735: 1.00).
_PD_BANDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315,
    328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)

# Table 8.1(a): percentage score p (50..100) -> rating difference dp; below 50 %
# dp(p) = -dp(100 - p).
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)


def round_half_up(x: Fraction) -> int:
    """The nearest whole number, halves up (``-2.5`` -> ``-2``), as FIDE rounds."""
    return int((x + Fraction(1, 2)).__floor__())


def expected_score(rating: int, opponent: int, *, cap: int | None = MAX_DIFFERENCE) -> Fraction:
    """The expected score We of ``rating`` against ``opponent`` (table 8.1(b)).

    The difference is capped at ``cap`` points (the 400-point rule, 8.3.1);
    ``cap=None`` uses the whole table.
    """
    diff = abs(rating - opponent)
    if cap is not None:
        diff = min(diff, cap)
    band = bisect_left(_PD_BANDS, diff)  # 0 -> 0.50, 50 (over 735) -> 1.00
    high = Fraction(50 + band, 100)
    return high if rating >= opponent else 1 - high


def rating_change(rating: int, games: Iterable[tuple[int, Fraction]], k: int = DEFAULT_K) -> int:
    """ΔR = Σ K·(W − We) over ``games`` = (opponent rating, own score 1/½/0), rounded
    to the nearest whole number, 0.5 up (8.3.3).  Unrated opponents (rating 0 or
    less) are left out, as they are not rated games."""
    total = Fraction(0)
    for opp, score in games:
        if opp > 0:
            total += k * (Fraction(score) - expected_score(rating, opp))
    return round_half_up(total)


def performance_dp(percent: int) -> int:
    """Rating difference dp for a percentage score (FIDE table 8.1(a))."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage {percent} is outside 0..100")
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
class Estimate:
    """A player's performance and rating change over the rated games of an event."""

    games: int
    performance: int | None
    change: int | None
    k: int


def estimates(t: Tournament, upto: int | None = None) -> dict[int, Estimate]:
    """Every player's :class:`Estimate` after round ``upto``: the games played over the
    board and rated (1/½/0, not the TRF unrated W/D/L, not forfeits) against rated
    opponents; the change only for a rated player (an unrated one gets ``None``)."""
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
        change = rating_change(p.rating, games, k) if p.rating > 0 and games else None
        out[p.start_no] = Estimate(len(games), perf, change, k)
    return out
