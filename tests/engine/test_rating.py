"""FIDE rating arithmetic for the documents (engine/rating.py): the rating change
rounded once per event, the performance (table 8.1.1), each player's estimate; the
expected-score table itself is tested in test_fide_rating.py."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest
from conftest import DATA

from monrad.converters import trf
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament
from monrad.engine.rating import (
    DEFAULT_K,
    event_estimates,
    expected_score,
    k_factor,
    performance,
    performance_dp,
    rating_change,
    round_half_up,
)


def test_fide_8_3_3_estimate_is_k_times_score_minus_expected_rounded_once() -> None:
    # 1800 v 1700 (We .64) wins, v 1900 (We .36) draws, v 2300 (capped: We .08) loses
    games = [(1700, Fraction(1)), (1900, Fraction(1, 2)), (2300, Fraction(0))]
    assert rating_change(20, games, 1800) == Fraction(42, 5)  # 8.4
    assert round_half_up(rating_change(20, games, 1800)) == 8
    assert round_half_up(rating_change(40, games, 1800)) == 17  # 16.8
    assert round_half_up(Fraction(-5, 2)) == -2 and round_half_up(Fraction(5, 2)) == 3
    assert expected_score(2400 - 1600) == expected_score(400)  # the 400-point rule


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
    e = event_estimates(t)
    assert (e[1].games, e[1].k, e[1].change) == (2, 40, round_half_up(rating_change(40, [
        (1700, Fraction(1)), (1900, Fraction(1, 2))], 1800)))
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
    est = event_estimates(t)
    with csv_path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            got = est[int(row["start_no"])].performance
            assert (str(got) if got is not None else "") == row["TPR"], row["start_no"]
