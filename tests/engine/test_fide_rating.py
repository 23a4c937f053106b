"""FIDE Rating Regulations 8: the expected score table (8.1.2), the 400-point rule
(8.3.1) and the rating change ``K * (score - expected)`` (8.3.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from monrad.engine.rating import PD_UPPER_BOUNDS, expected_score, rating_change


@pytest.mark.parametrize("diff, pd", [
    (0, "0.50"), (3, "0.50"), (4, "0.51"), (10, "0.51"), (11, "0.52"), (61, "0.58"),
    (62, "0.59"), (245, "0.80"), (246, "0.81"), (391, "0.91"), (392, "0.92"), (400, "0.92"),
])
def test_fide_8_1_2_expected_score_table(diff: int, pd: str) -> None:
    assert expected_score(diff) == Fraction(pd)
    assert expected_score(-diff) == 1 - Fraction(pd)


def test_fide_8_3_1_differences_over_400_count_as_400() -> None:
    assert expected_score(401) == expected_score(735) == expected_score(2000) == Fraction("0.92")
    assert expected_score(-1000) == Fraction("0.08")


def test_fide_8_1_2_table_is_increasing_and_complete() -> None:
    assert len(PD_UPPER_BOUNDS) == 50  # 0.50 .. 0.99
    assert list(PD_UPPER_BOUNDS) == sorted(set(PD_UPPER_BOUNDS))


def test_fide_8_3_3_rating_change_sums_games() -> None:
    # 1800 with K 20 beats a 1900 (expected 0.36) and draws a 1700 (expected 0.64)
    change = rating_change(20, [(1900, 1), (1700, Fraction(1, 2))], 1800)
    assert change == 20 * (Fraction("0.64") + Fraction("-0.14"))
    assert rating_change(40, [], 1500) == 0
