"""FIDE rating arithmetic: expected score and rating change (FIDE Rating Regulations 8).

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
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from fractions import Fraction

__all__ = ["MAX_DIFFERENCE", "PD_UPPER_BOUNDS", "expected_score", "rating_change"]

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
