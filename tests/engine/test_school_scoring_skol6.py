"""SKOL-6 everywhere in the engine: a tournament that names the school system is
scored 3/2/1 (win 3, draw 2, loss 1) in its standings and quality points, not only
when it is paired (issue 15 item 4)."""

from __future__ import annotations

from fractions import Fraction

from monrad.engine.model import (
    Bye,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.pairing import system_facts, system_scoring, with_system_scoring
from monrad.engine.standings import standings


def _school(scoring: Scoring | None = None) -> Tournament:
    players = [Player(i, f"Elev {i}") for i in range(1, 6)]
    t = Tournament(Settings(system="school", rounds=3, scoring=scoring or Scoring()), players, [])
    t.set_round(Round(1, (Game(2, 1, Result.WIN, Result.LOSS), Game(3, 4, Result.DRAW, Result.DRAW)),
                      (Bye(5, Result.PAIRING_BYE),)))
    return t


def test_skol_6_the_school_system_owns_its_scoring() -> None:
    assert system_facts("school").scoring == Scoring.school()
    assert system_facts("nsf").scoring is None
    assert system_scoring(Settings(system="school")) == Scoring.school()
    # a scoring the file chose is kept
    assert system_scoring(Settings(system="school", scoring=Scoring.three_one_zero())) \
        == Scoring.three_one_zero()
    t = _school()
    assert with_system_scoring(t) is not t and t.settings.scoring == Scoring()


def test_skol_6_standings_count_3_2_1() -> None:
    table = standings(_school(), upto=1)
    points = {r.start_no: r.points for r in table.rows}
    assert points == {2: 3, 5: 3, 3: 2, 4: 2, 1: 1}


def test_skol_6_quality_points_on_3_2_1() -> None:
    """QP (SSF-10 as school uses it) adds the opponents' 3/2/1 points."""
    t = _school()
    t.set_round(Round(2, (Game(5, 2, Result.DRAW, Result.DRAW), Game(1, 3, Result.WIN, Result.LOSS)),
                      (Bye(4, Result.PAIRING_BYE),)))
    table = standings(t, ["QP"], upto=2)
    qp = {r.start_no: r.values["QP"] for r in table.rows}
    points = {r.start_no: r.points for r in table.rows}
    assert points[2] == 3 + 2 and points[5] == 3 + 2 and points[1] == 1 + 3
    # player 1 met 2 (5 points) and 3 (2 + 1); classic scoring would give 1.5 + 0.5
    assert qp[1] == Fraction(8) and qp[2] == Fraction(4 + 5)
