"""NSF Monrad (Norges Sjakkforbund 1986), rule by rule (NSF-1 .. NSF-12)."""

from __future__ import annotations

import pytest
from test_monrad_kit import bye_of, finish, make, pair, pairs, set_round, written_then_late

from monrad.engine.model import Colour
from monrad.engine.monrad.facts import collect
from monrad.engine.monrad.nsf import B, ColourState, W
from monrad.engine.pairing import NoPairingPossible, PairingError, pair_round
from monrad.engine.systems import nsf

WH, BL = Colour.WHITE, Colour.BLACK


def test_nsf_1_number_of_rounds_is_required() -> None:
    """NSF-1: the number of rounds is fixed in advance; NSF needs it (NSF-11)."""
    t = make("nsf", 6, rounds=5)
    t.settings = t.settings.replace(rounds=None)
    with pytest.raises(PairingError, match="NSF-1"):
        pair_round(t)


def test_nsf_4_round_one_number_one_has_black() -> None:
    """NSF-4: no. 1 Black v no. 2, no. 3 Black v no. 4 ..."""
    t = make("nsf", 6, rounds=5)
    assert pairs(pair(t)) == [(2, 1), (4, 3), (6, 5)]


def test_nsf_12a_round_one_bye_to_the_highest_start_number() -> None:
    """NSF-12A: odd count, round 1: the bye goes to the highest start number."""
    t = make("nsf", 7, rounds=5)
    rnd = pair(t)
    assert pairs(rnd) == [(2, 1), (4, 3), (6, 5)]
    assert bye_of(rnd) == 7


def test_nsf_5_round_list_groups_by_score_then_start_number_adjourned_as_draw() -> None:
    """NSF-5: score groups highest first, start number inside; adjourned = draw."""
    t = make("nsf", 6, rounds=5)
    set_round(t, 1, [(2, 1, "a"), (4, 3, "0"), (6, 5, "1")])
    assert nsf.round_list(t, 1) == (3, 6, 1, 2, 4, 5)


def test_nsf_3_card_holds_opponent_colour_result_and_running_score() -> None:
    """NSF-3: the card facts the pairing uses: opponents, colours, running score."""
    t = make("nsf", 4, rounds=3)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "=")])
    facts = collect(t, 2, conv=nsf.SYSTEM.conventions)
    assert facts[2].met == {1: (1, WH)}
    assert facts[1].colours == [BL] and facts[2].points == 1 and facts[3].points == 0.5


def test_nsf_6a_nobody_meets_twice_and_9a_top_takes_the_nearest() -> None:
    """NSF-6A and NSF-9A: the top player meets the nearest player he may meet."""
    t = make("nsf", 4, rounds=3)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1")])
    # list: 2, 4 (1 point), 1, 3 (0)
    rnd = pair(t)
    assert {frozenset(p) for p in pairs(rnd)} == {frozenset((2, 4)), frozenset((1, 3))}
    finish(t, "==")
    rnd = pair(t)
    met = {frozenset(p) for r in t.rounds[:2] for p in pairs(r)}
    assert not met & {frozenset(p) for p in pairs(rnd)}


def test_nsf_7a_colour_state_forbids_a_fourth_same_colour() -> None:
    """NSF-7A: never more than three games in a row with one colour."""
    s = ColourState([BL, WH, WH, WH])
    assert s.allowed == B
    assert s.breach[W] >= 1 and s.third[W]


def test_nsf_7b_at_most_half_plus_one_of_one_colour() -> None:
    """NSF-7B (Decision): after the round at most g/2 + 1 games of one colour,
    i.e. |White - Black| <= 2 (2 of 3, 3 of 4, 3 of 5, 4 of 6)."""
    assert ColourState([WH, WH]).allowed == B  # 3 of 3 would break it
    assert ColourState([WH, WH, BL]).allowed == W | B  # 3 of 4 is allowed
    assert ColourState([WH, BL, WH, WH]).allowed == B  # 4 of 5 is not
    assert ColourState([WH, WH, BL, WH, BL]).allowed == W | B  # 4 of 6 is allowed


def _seven_c_tournament(rounds: int):
    t = make("nsf", 6, rounds=rounds)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1"), (6, 5, "1")])
    set_round(t, 2, [(2, 5, "1"), (4, 1, "1"), (3, 6, "=")])
    return t


def test_nsf_7c_colour_rules_make_players_leave_their_score_group() -> None:
    """NSF-7C with NSF-7B, NSF-9B and NSF-9D: 2 and 4 (White, White) may not meet, so
    2 goes down (and counts as the top of that group); 4-3 would leave 1 and 5 (both
    due White) unpairable, so the procedure breaks it up and 4 meets 5."""
    t = _seven_c_tournament(rounds=5)
    rnd = pair(t)
    assert pairs(rnd) == [(6, 2), (5, 4), (1, 3)]


def test_nsf_11a_last_round_colour_rules_do_not_move_players_out_of_their_group() -> None:
    """NSF-11A: in the last round 2 and 4 meet inside their group although one of
    them gets a third White (lower-ranked gets White in the odd round 3, NSF-8D)."""
    t = _seven_c_tournament(rounds=3)
    rnd = pair(t)
    assert pairs(rnd)[0] == (4, 2)


def _eleven_b_tournament(rounds: int):
    t = make("nsf", 8, rounds=rounds)
    set_round(t, 1, [(1, 4, "1"), (2, 5, "1"), (6, 3, "0"), (7, 8, "1")])
    set_round(t, 2, [(6, 1, "0"), (2, 7, "="), (3, 8, "="), (4, 5, "0")])
    set_round(t, 3, [(1, 7, "1"), (8, 2, "="), (5, 3, "="), (4, 6, "=")])
    set_round(t, 4, [(1, 8, "="), (2, 6, "0"), (3, 4, "0"), (5, 7, "=")])
    return t


def test_nsf_11b_last_round_floater_takes_the_fewest_7a_7b_breaches() -> None:
    """NSF-11B: in the last round the top player (W B W W, alone in his group) goes
    down to the group of 2 (W W B W) and 3 (B W B W); with 2 one of them would break
    7B, with 3 nobody does, so he meets 3 although 2 is nearer."""
    t = _eleven_b_tournament(rounds=5)
    assert nsf.round_list(t, 4)[:5] == (1, 2, 3, 5, 7)
    rnd = pair(t)
    assert pairs(rnd)[0] == (3, 1)


def test_nsf_11c_last_round_refused_while_a_game_is_unfinished() -> None:
    """NSF-11C: the last round is paired only when every earlier game is finished."""
    t = make("nsf", 4, rounds=2)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "a")])
    with pytest.raises(PairingError, match=r"NSF-11C.*|board 2"):
        pair_round(t)


def test_nsf_5_adjourned_game_allowed_before_the_last_round() -> None:
    """NSF-5: an adjourned game counts as a draw for the round list; pairing goes on."""
    t = make("nsf", 4, rounds=3)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "a")])
    assert nsf.round_list(t, 1) == (2, 3, 4, 1)
    rnd = pair(t)
    assert len(rnd.games) == 2


def _eight_players_three_rounds():
    t = make("nsf", 8, rounds=6)
    set_round(t, 1, [(4, 1, "0"), (5, 2, "0"), (3, 6, "1"), (8, 7, "=")])
    set_round(t, 2, [(1, 6, "="), (2, 7, "="), (8, 3, "="), (4, 5, "=")])
    set_round(t, 3, [(1, 8, "="), (2, 4, "="), (3, 5, "="), (6, 7, "=")])
    return t


def test_nsf_8a_prefer_an_opponent_with_whom_nobody_gets_a_third_same_colour() -> None:
    """NSF-8A: 1 (B W W) passes 2 (B W W: one of them would get a third White) for
    3 (W B W), who takes White."""
    t = _eight_players_three_rounds()
    assert nsf.round_list(t, 3) == (1, 2, 3, 7, 8, 4, 5, 6)
    assert pairs(pair(t))[0] == (3, 1)


def test_nsf_9b_floater_counts_as_top_of_the_lower_group_and_8d_even_round() -> None:
    """NSF-9B: 2 is left over and meets the nearest in the group below (8, who gets
    White by NSF-8A); NSF-8D: in the even round 4 the higher-ranked of two players
    due the same colour (5 and 6, both due White) gets White."""
    t = _eight_players_three_rounds()
    assert pairs(pair(t)) == [(3, 1), (8, 2), (7, 4), (5, 6)]


def test_nsf_8c_prefer_an_opponent_due_the_opposite_colour() -> None:
    """NSF-8C: 2 (due Black) passes 4 (also due Black) for 5 (due White)."""
    t = make("nsf", 8, rounds=5)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1"), (6, 5, "0"), (8, 7, "0")])
    assert nsf.round_list(t, 1)[:4] == (2, 4, 5, 7)
    assert pairs(pair(t))[:2] == [(5, 2), (7, 4)]


def test_nsf_8b_colour_that_evens_the_counts() -> None:
    """NSF-8B: the player with more Blacks than Whites is due White; with equal
    counts the due colour alternates (Decision under NSF-8D)."""
    s = ColourState([BL, BL, WH])
    assert s.pref8b == W and s.due == W
    s = ColourState([WH, BL])
    assert s.pref8b == 0 and s.due == W


def test_nsf_9c_lone_player_counts_as_top_of_the_next_group() -> None:
    """NSF-9C: a score group of one player counts as the top of the next group."""
    t = make("nsf", 6, rounds=5)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "="), (6, 5, "=")])
    # list: 2 (1) | 3 4 5 6 (1/2) | 1 (0); 2 (due Black) meets 3 (due White)
    assert nsf.round_list(t, 1) == (2, 3, 4, 5, 6, 1)
    assert pairs(pair(t))[0] == (3, 2)


def test_nsf_10_withdrawn_player_leaves_the_round_list() -> None:
    """NSF-10: a withdrawn player is not paired and not on the round list."""
    t = make("nsf", 6, rounds=5)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1"), (6, 5, "1")])
    t.players = [p.replace(withdrawn_after=1) if p.start_no == 4 else p for p in t.players]
    assert 4 not in nsf.round_list(t, 1)
    rnd = pair(t)
    assert 4 not in rnd.players and bye_of(rnd) is not None


def test_nsf_12a_bye_to_the_lowest_group_with_eligible_players_left_over() -> None:
    """NSF-12A: later byes go to the lowest score group holding players with neither
    a bye nor a walkover win, to the one the procedure leaves over; a walkover win
    makes a player ineligible like a bye."""
    t = make("nsf", 5, rounds=4)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "-")], byes=(5,))
    # 3 won by walkover; 5 had the bye; lowest group {1, 4} (0 points) is eligible
    rnd = pair(t)
    assert bye_of(rnd) == 4  # 1 meets someone, 4 is left over


def test_nsf_12b_bye_counts_as_white_and_one_point() -> None:
    """NSF-12B: a bye gives 1 point and always counts as a game with White."""
    t = make("nsf", 5, rounds=4)
    pair(t)
    finish(t, "==")
    facts = collect(t, 2, conv=nsf.SYSTEM.conventions)
    assert facts[5].colours == [WH] and facts[5].points == 1 and facts[5].byes == 1


def test_nsf_12c_walkover_keeps_the_paired_colours_and_is_a_meeting() -> None:
    """NSF-12C / MON-1: a no-show keeps the paired colours; the two have met."""
    t = make("nsf", 4, rounds=4)
    set_round(t, 1, [(2, 1, "+"), (4, 3, "1")])
    facts = collect(t, 2, conv=nsf.SYSTEM.conventions)
    assert facts[1].colours == [BL] and facts[2].colours == [WH]
    assert 1 in facts[2].met
    rnd = pair(t)
    assert frozenset((1, 2)) not in {frozenset(p) for p in pairs(rnd)}


def test_nsf_9d_impossible_round_is_reported_not_looped() -> None:
    """NSF-9D: when no pairing exists at all (4 players, all met), a clear error."""
    t = make("nsf", 4, rounds=5)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1")])
    set_round(t, 2, [(1, 3, "1"), (4, 2, "1")])
    set_round(t, 3, [(1, 4, "1"), (2, 3, "1")])
    with pytest.raises(NoPairingPossible, match="Konrad"):
        pair_round(t)


def test_nsf_7c_colour_fallback_setting() -> None:
    """NSF-7C decision: if no pairing respects 7A/7B before the last round, the round
    is paired with 7A/7B as preferences (``nsf_colour_fallback``, default on), else
    refused.  Two players who both had two byes (White, White, NSF-12B) must meet."""
    t = make("nsf", 2, rounds=5)
    set_round(t, 1, [], byes=(1, 2))
    set_round(t, 2, [], byes=(1, 2))
    assert pairs(pair_round(t)) == [(2, 1)]  # NSF-8D: odd round, lower-ranked White
    t.settings = t.settings.replace(options={"nsf_colour_fallback": False})
    with pytest.raises(NoPairingPossible):
        pair_round(t)


def test_nsf_6b_own_score_group_before_a_better_colour_match_below() -> None:
    """NSF-6B: 2 meets 4 from his own group, although 1 and 3 below are due the
    opposite colour; even round: the higher-ranked of two due Black gets White (8D)."""
    t = make("nsf", 4, rounds=4)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1")])
    assert pairs(pair(t)) == [(2, 4), (1, 3)]


@pytest.mark.parametrize("rounds, strike", [(5, 1), (7, 2)])
def test_nsf_13b_quality_points_of_a_paired_tournament(rounds: int, strike: int) -> None:
    """NSF-13A/13B (tie-break module, on a tournament paired here): the result list
    is by score, then quality points = opponents' scores with the lowest one (6 rounds
    or fewer) or two (7 or more) struck; a bye adds an opponent score of 0 (NSF-12B)."""
    from monrad.engine import standings, tiebreaks
    assert standings.default_tiebreaks("nsf")[0] == "NSF-QP"
    import random

    rng = random.Random(rounds)
    t = make("nsf", 9, rounds=rounds)
    for _ in range(rounds):
        rnd = pair(t)
        finish(t, "".join(rng.choice("10=") for _ in rnd.games))
    scores = t.scores()
    qp = tiebreaks.compute("NSF-QP", t)
    for p in t.start_numbers:
        parts = []
        for r in t.rounds:
            e = r.entry(p)
            parts.append(scores[e.opponent(p)] if hasattr(e, "opponent") else 0)
        assert qp[p] == sum(sorted(parts)[strike:])


def test_nsf_5_issue36_item1_a_late_result_counts_in_the_next_list_only() -> None:
    """NSF-5: each round list is made afresh from the scores and the start numbers, so
    a postponed game's late result counts fully in the next list; the list the round
    in between was paired from (the game counted as a draw) stays as written."""
    t, written, _ = written_then_late("nsf", 8, "1p=0", "1=01")
    assert nsf.round_list(t, 1) == written
    scores = t.scores(2)
    assert nsf.round_list(t, 2) == tuple(sorted(written, key=lambda p: (-scores[p], p)))
