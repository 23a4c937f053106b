"""School Monrad 3/2/1 ("Att lotta monrad"), rule by rule (SKOL-0 .. SKOL-6)."""

from __future__ import annotations

import pytest
from test_monrad_kit import bye_of, finish, make, pair, pairs, set_round, written_then_late

from monrad.engine.model import Scoring
from monrad.engine.monrad.facts import collect
from monrad.engine.pairing import PairingError, pair_round, with_system_scoring
from monrad.engine.systems import school


def test_skol_1_draw_number_is_the_first_position_then_piles_keep_their_order() -> None:
    """SKOL-1: the draw number is the round-1 position; inside a points pile the cards
    keep the previous order."""
    t = make("school", 6, rounds=4, scoring=Scoring.school())
    assert school.round_list(t, 0) == (1, 2, 3, 4, 5, 6)
    pair(t)
    finish(t, "0=1")  # 1 beats 2; 3-4 draw; 6 beats 5
    assert school.round_list(t, 1) == (1, 6, 3, 4, 2, 5)


def test_skol_2_round_one_higher_number_has_white() -> None:
    """SKOL-2: 1 meets 2, 3 meets 4 ...; the higher number (2, 4) has White."""
    t = make("school", 4, rounds=3, scoring=Scoring.school())
    assert pairs(pair(t)) == [(2, 1), (4, 3)]


def test_skol_0_pair_only_when_every_result_is_in() -> None:
    """SKOL-0: count the cards: every result must be in before pairing."""
    t = make("school", 4, rounds=3, scoring=Scoring.school())
    set_round(t, 1, [(2, 1, "1"), (4, 3, "p")])
    with pytest.raises(PairingError, match="SKOL-0"):
        pair_round(t)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "?")])
    with pytest.raises(PairingError, match="no result"):
        pair_round(t)


def test_skol_3_bye_to_the_worst_placed_never_twice_worth_a_win() -> None:
    """SKOL-3: odd count: the worst-placed gets the bye (3 points), once only."""
    t = make("school", 5, rounds=4, scoring=Scoring.school())
    rnd = pair(t)
    assert bye_of(rnd) == 5
    finish(t, "11")
    assert t.score(5) == 3
    second = pair(t)
    assert bye_of(second) != 5 and bye_of(second) == school.round_list(t, 1)[-1]


def test_skol_4_top_meets_the_first_not_met_break_from_the_bottom() -> None:
    """SKOL-4: from position 1, the first player not met; if the last pair has met,
    break the pairing from the bottom one pair at a time."""
    t = make("school", 6, rounds=4, scoring=Scoring.school())
    set_round(t, 1, [(3, 1, "="), (4, 2, "="), (6, 5, "=")])
    assert [tuple(sorted(p)) for p in pairs(pair(t))] == [(1, 2), (3, 5), (4, 6)]


def test_skol_5_fewest_whites_gets_white_equal_the_lower_positioned() -> None:
    """SKOL-5: fewest Whites gets White; equal: the lower-positioned (higher number)."""
    t = make("school", 4, rounds=3, scoring=Scoring.school())
    set_round(t, 1, [(2, 1, "1"), (4, 3, "0")])  # list 2, 3 | 1, 4
    # 2 had White, 3 none: 3 White; 1 none, 4 had White: 1 White
    assert pairs(pair(t)) == [(3, 2), (1, 4)]
    t2 = make("school", 4, rounds=3, scoring=Scoring.school())
    set_round(t2, 1, [(1, 2, "1"), (4, 3, "1")])  # 1, 4 both had White: 4 (lower) White
    assert pairs(pair(t2))[0] == (4, 1)


def test_skol_6_scoring_three_two_one_and_bye_not_a_white() -> None:
    """SKOL-6: win 3, draw 2, loss 1; walkover 3 / 0; a bye is not a White.  A
    tournament left on the default 1/½/0 scoring is read as 3/2/1."""
    t = make("school", 5, rounds=3)  # default scoring
    pair(t)
    finish(t, "1=")
    facts = collect(school.SYSTEM.prepare(t), 2, conv=school.SYSTEM.conventions)
    assert [facts[p].points for p in (2, 1, 4, 3, 5)] == [3, 1, 2, 2, 3]
    assert facts[5].colours == []
    t2 = make("school", 4, rounds=3, scoring=Scoring.school())
    set_round(t2, 1, [(2, 1, "+"), (4, 3, "0")])
    assert (t2.score(2), t2.score(1), t2.score(4), t2.score(3)) == (3, 0, 1, 3)


def test_skol_1_issue36_item1_a_late_result_never_rewrites_a_written_list() -> None:
    """SKOL-1 (MON-4, as DSU-7): the positions written on the cards for a round stay
    when a result of an earlier round comes in late (only with the setting
    ``school_allow_pending``: SKOL-0 pairs only when every card is in); the next
    positions keep the written order inside each points pile."""
    t, written, _ = written_then_late("school", 8, "1p=0", "1=01", school_allow_pending=True)
    assert school.round_list(t, 1) == written
    scores = with_system_scoring(t).scores(2)
    assert school.round_list(t, 2) == tuple(sorted(written, key=lambda p: -scores[p]))
