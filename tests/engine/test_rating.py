"""FIDE rating arithmetic (engine/rating.py): table 8.1(b) with the 400-point rule,
the rating change 8.3.3, the performance, each player's estimate in an event."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest
from conftest import DATA
from monrad.converters import trf
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament
from monrad.engine.rating import (
    DEFAULT_K,
    estimates,
    expected_score,
    k_factor,
    performance,
    performance_dp,
    rating_change,
)


@pytest.mark.parametrize(("diff", "pd_high"), [
    (0, 50), (3, 50), (4, 51), (10, 51), (11, 52), (100, 64), (106, 64), (107, 65),
    (391, 91), (392, 92), (400, 92)])
def test_fide_8_1b_expected_score_by_rating_difference(diff: int, pd_high: int) -> None:
    assert expected_score(2000 + diff, 2000) == Fraction(pd_high, 100)
    assert expected_score(2000, 2000 + diff) == Fraction(100 - pd_high, 100)


def test_fide_8_3_1_400_point_rule_caps_the_difference() -> None:
    assert expected_score(2400, 1600) == expected_score(2000, 1600) == Fraction(92, 100)
    assert expected_score(1600, 2400) == Fraction(8, 100)
    # without the rule the table runs on: 620..735 -> 0.99, above 735 -> 1.00
    assert expected_score(2700, 2000, cap=None) == Fraction(99, 100)
    assert expected_score(2800, 2000, cap=None) == Fraction(1)


def test_fide_8_3_3_rating_change_is_k_times_score_minus_expected_rounded_once() -> None:
    # 1800 v 1700 (We .64) wins, v 1900 (We .36) draws, v 2300 (capped: We .08) loses
    games = [(1700, Fraction(1)), (1900, Fraction(1, 2)), (2300, Fraction(0))]
    exact = 20 * (Fraction(36, 100) + Fraction(14, 100) - Fraction(8, 100))  # 8.4
    assert rating_change(1800, games, 20) == 8 == round(exact)
    assert rating_change(1800, games, 40) == 17  # 16.8
    assert rating_change(1800, [(1800, Fraction(1, 2))], 20) == 0
    assert rating_change(1800, [(0, Fraction(1))], 20) == 0  # an unrated opponent: not rated
    assert rating_change(2000, [(2000, Fraction(1)), (2001, Fraction(0))], 10) == 0  # 5 - 5


def test_fide_8_1a_performance_is_average_plus_dp() -> None:
    assert performance([1700, 1900], Fraction(3, 2)) == 1800 + performance_dp(75) == 1993
    assert performance([2000], Fraction(0)) == 2000 - 800
    assert performance([0, 0], Fraction(1)) is None


def test_k_factor_from_the_roster_else_20() -> None:
    assert k_factor({"K": "40"}) == 40 and k_factor({"K-factor": " 10 "}) == 10
    assert k_factor({}) == DEFAULT_K == 20 and k_factor({"K": "x"}) == 20


def test_estimates_count_only_rated_games_over_the_board() -> None:
    t = Tournament(settings=Settings(rounds=3))
    for n, r in ((1, 1800), (2, 1700), (3, 1900), (4, 0)):
        t.add_player(Player(n, f"P{n}", rating=r, extra={"K": "40"} if n == 1 else {}))
    t.rounds += [Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.WIN))),
                 Round(2, (Game(3, 1, Result.DRAW), Game(2, 4, Result.FORFEIT_WIN))),
                 Round(3, (Game(1, 4, Result.WIN), Game(2, 3, Result.UNRATED_WIN)))]
    e = estimates(t)
    assert (e[1].games, e[1].k, e[1].change) == (2, 40, rating_change(1800, [
        (1700, Fraction(1)), (1900, Fraction(1, 2))], 40))
    assert e[2].games == 1 and e[2].performance == 1800 - 800
    assert e[4].change is None and e[4].games == 2  # unrated: no change, a performance
    assert e[4].performance == performance([1800, 1900], Fraction(0))


ORACLE = sorted((DATA / "oracle" / "tiebreaks").glob("dutch_n00*.csv"))[:12]


@pytest.mark.parametrize("csv_path", ORACLE, ids=[p.stem for p in ORACLE])
def test_performance_agrees_with_fide_tpr_oracle(csv_path) -> None:
    """gacrux (FIDE's tie-break code) TPR = the performance of the rated games."""
    t = trf.read_trf(next(p for folder in ("dutch", "dutch-random")
                          if (p := DATA / "oracle" / folder / (csv_path.stem + ".trf")).exists()))
    if any(g.white_result in (Result.UNRATED_WIN, Result.UNRATED_DRAW, Result.UNRATED_LOSS)
           for r in t.rounds for g in r.games):
        pytest.skip("unrated games count for TPR but not for the rating")
    est = estimates(t)
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            got = est[int(row["start_no"])].performance
            assert (str(got) if got is not None else "") == row["TPR"], row["start_no"]
