"""Tie-break functions on small hand-built tournaments, each value worked out by hand
in the comments (C.07 articles 6-10 and 16, NSF-12B, NSF-13B, SSF-10, DSU, OTH-8)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from monrad.engine.model import (
    Bye,
    Game,
    Pending,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.tiebreaks import (
    Context,
    TieBreakError,
    compute,
    get_tiebreak,
    known_codes,
    performance_dp,
    register,
)

W, D, L = Result.WIN, Result.DRAW, Result.LOSS


def make(n: int, played: list[list[object]], **settings) -> Tournament:
    """``played``: per round, games as (white, black, white_result[, discs_w, discs_b])
    and byes as (player, Result)."""
    settings.setdefault("rounds", len(played))
    t = Tournament(settings=Settings(**settings))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i}", rating=2000 + 100 * (n - i)))
    for number, items in enumerate(played, 1):
        games, byes = [], []
        for it in items:
            if isinstance(it[1], Result):
                byes.append(Bye(it[0], it[1]))
            elif len(it) == 5:
                games.append(Game(it[0], it[1], it[2], None, it[3], it[4]))
            else:
                games.append(Game(*it))
        t.rounds.append(Round(number, tuple(games), tuple(byes)))
    return t


# --- a Swiss with every kind of unplayed round ------------------------------------------
#   round 1: 1-2 1-0, 3-4 +/- (4 does not show up), 5 pairing bye
#   round 2: 1-3 ½,  2-5 0-1, 4 half-point bye (requested)
#   round 3: 1-5 1-0, 2-3 ½, 4 absent (withdrew after his bye)
# scores: 1: 2.5, 2: 0.5, 3: 2.0, 4: 0.5, 5: 2.0
SWISS = [
    [(1, 2, W), (3, 4, Result.FORFEIT_WIN), (5, Result.PAIRING_BYE)],
    [(1, 3, D), (2, 5, L), (4, Result.HALF_BYE)],
    [(1, 5, W), (2, 3, D)],
]


@pytest.fixture
def swiss() -> Tournament:
    return make(5, SWISS)


def test_pts(swiss):
    assert compute("PTS", swiss) == {1: F(5, 2), 2: F(1, 2), 3: F(2), 4: F(1, 2), 5: F(2)}


def test_c07_16_3_adjusted_score_after_last_non_vur_round_counts_draws(swiss):
    ctx = Context(swiss)
    # player 4: round 1 forfeit loss (paired: stays 0), round 2 H (½), round 3 absent:
    # his last non-VUR round is none, so the absent round counts a draw and the
    # forfeit loss (a paired round) keeps 0: 0 + ½ + ½
    assert ctx.adjusted_score(4) == F(1)
    # everyone else's rounds are not voluntarily unplayed: the real score
    assert ctx.adjusted_score(5) == F(2)


def test_c07_16_4_dummy_opponents_with_2026_caps(swiss):
    bh = compute("BH", swiss)
    # player 3: r1 forfeit win vs 4 -> dummy = own 2.0 capped at 4's adjusted 1.0;
    # r2 vs 1 (2.5), r3 vs 2 (0.5): 1 + 2.5 + 0.5
    assert bh[3] == F(4)
    # player 5: r1 pairing bye -> own 2.0, cap ½ x 3 rounds = 1.5; r2 vs 2 (0.5),
    # r3 vs 1 (2.5): 1.5 + 0.5 + 2.5
    assert bh[5] == F(9, 2)
    # player 4: r1 forfeit loss vs 3 -> min(0.5, 2.0); r2 H -> min(0.5, 1.5);
    # r3 absent -> 0.5
    assert bh[4] == F(3, 2)


def test_c07_14_cut_removes_voluntarily_unplayed_round_first():
    # player 1: r1 forfeit loss vs 2 (VUR), r2 beats 3, r3 beats 4
    t = make(4, [[(1, 2, Result.FORFEIT_LOSS), (3, 4, D)],
                 [(1, 3, W), (2, 4, L)],
                 [(1, 4, W), (2, 3, D)]])
    # scores: 1: 2, 2: 1.5, 3: 1, 4: 1.5
    # player 1's parts: r1 dummy min(2, adj(2)=1.5) = 1.5 (VUR), r2 3 -> 1, r3 4 -> 1.5
    assert compute("BH", t)[1] == F(4)
    # the cut takes the VUR (1.5), not the lowest value (1.0)
    assert compute("BH/C1", t)[1] == F(5, 2)
    # median: VUR cut low, then the highest (1.5) -> 1.0
    assert compute("BH/M1", t)[1] == F(1)
    assert compute("BH/C2", t)[1] == F(3, 2)
    assert compute("BH/M2", t)[1] == F(0)


def test_c07_8_2_sonneborn_berger_uses_adjusted_scores(swiss):
    sb = compute("SB", swiss)
    # player 1: r1 beat 2 (0.5 x 1), r2 drew 3 (2 x ½), r3 beat 5 (2 x 1) = 3.5
    assert sb[1] == F(7, 2)
    # player 5: r1 bye (1.5 x 1 point), r2 beat 2 (0.5), r3 lost to 1 (0) = 2.0
    assert sb[5] == F(2)


def test_c07_7_win_won_bpg_bwg(swiss):
    assert compute("WIN", swiss) == {1: 2, 2: 0, 3: 1, 4: 0, 5: 2}  # forfeit win, bye count
    assert compute("WON", swiss) == {1: 2, 2: 0, 3: 0, 4: 0, 5: 1}
    assert compute("BPG", swiss) == {1: 0, 2: 1, 3: 2, 4: 0, 5: 2}  # forfeits do not count
    assert compute("BWG", swiss) == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1}


def test_c07_7_5_progressive_scores_and_cut(swiss):
    # player 1: running 1, 1.5, 2.5 -> 5; /C1 leaves out round 1 -> 4
    assert compute("PS", swiss)[1] == F(5)
    assert compute("PS/C1", swiss)[1] == F(4)


def test_c07_10_aro_tpr_played_games_only(swiss):
    # ratings: 1: 2400, 2: 2300, 3: 2200, 4: 2100, 5: 2000
    aro, tpr = compute("ARO", swiss), compute("TPR", swiss)
    # player 3 played 1 and 2 (the forfeit win does not count): (2400 + 2300) / 2
    assert aro[3] == 2350
    # 1/2 points of 2 = 50 % -> dp 0
    assert tpr[3] == 2350
    # player 1: 2300, 2200, 2000 -> 6500 / 3 = 2166.67 -> 2167; 2.5/3 = 83 % -> dp 273
    assert aro[1] == 2167 and tpr[1] == 2167 + 273
    # player 4 played nobody: no value
    assert aro[4] is None and tpr[4] is None
    # ARO/C1 cuts the lowest-rated opponent: (2300 + 2200) / 2
    assert compute("ARO/C1", swiss)[1] == 2250


def test_c07_10_tpr_scores_1_half_0_even_with_3_1_0():
    t = make(2, [[(1, 2, W)], [(2, 1, D)]], scoring=Scoring.three_one_zero())
    # player 1: 1.5 of 2 = 75 % -> dp 193 on ARO 2000
    assert compute("TPR", t)[1] == 2000 + 193
    assert compute("PTS", t)[1] == F(4)


def test_performance_dp_table_is_antisymmetric():
    assert performance_dp(50) == 0 and performance_dp(100) == 800 and performance_dp(0) == -800
    assert all(performance_dp(p) == -performance_dp(100 - p) for p in range(101))
    assert [performance_dp(p) for p in (51, 75, 99)] == [7, 193, 677]
    with pytest.raises(ValueError):
        performance_dp(101)


def test_c07_9_koya():
    # 3 rounds, limit 50 % of 3 = 1.5
    t = make(4, [[(1, 2, W), (3, 4, D)], [(1, 3, W), (2, 4, W)], [(1, 4, D), (2, 3, W)]])
    # scores: 1: 2.5, 2: 2.0, 3: 0.5, 4: 1.0 -> only 1 and 2 reach 1.5
    ks = compute("KS", t)
    assert ks[1] == F(1)        # beat 2
    assert ks[2] == F(0)        # lost to 1
    assert ks[4] == F(1, 2)     # drew 1, lost to 2
    # limit 30 % of 3 = 0.9: now 4 (1.0) counts too; 3 drew 4, lost to 1 and 2
    assert compute("KS/L30", t)[3] == F(1, 2)


def test_c07_6_direct_encounter_two_tied_who_met():
    # scores: 1: 1, 2: 1, 3: 2, 4: 0; 1 beat 2
    t = make(4, [[(1, 2, W), (3, 4, W)], [(3, 1, W), (2, 4, W)]])
    assert compute("DE", t) == {1: 1, 2: 2, 3: 0, 4: 0}


def test_c07_6_direct_encounter_swiss_not_separated_while_others_can_reach():
    # all four on 1 point; each met two of the other three with one win each:
    # scores against the group 1 each, each could still reach 2: no separation
    t = make(4, [[(1, 2, W), (3, 4, W)], [(2, 3, W), (4, 1, W)]])
    assert compute("DE", t) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_c07_6_direct_encounter_in_given_groups():
    t = make(4, [[(1, 2, W), (3, 4, W)], [(2, 3, W), (4, 1, W)]])
    ctx = Context(t, groups=[[1, 2], [3, 4]])
    assert get_tiebreak("DE").compute(ctx) == {1: 1, 2: 2, 3: 1, 4: 2}


def test_c07_round_robin_forfeit_counts_as_played_and_bye_left_out():
    t = make(3, [[(1, 2, Result.FORFEIT_WIN), (3, Result.PAIRING_BYE)],
                 [(3, 1, W), (2, Result.PAIRING_BYE)],
                 [(2, 3, D), (1, Result.PAIRING_BYE)]], system="round-robin")
    # scores: 1: 2, 2: 1.5, 3: 2.5; player 1: opponents 2 (1.5) and 3 (2.5); bye left out
    assert compute("BH", t)[1] == F(4)


# --- Nordic --------------------------------------------------------------------------
# 6 players, 3 rounds (NSF strikes one):
#   r1: 1-2 ½, 3-4 ½, 5-6 1-0;  r2: 1-3 ½, 2-5 1-0, 4-6 ½;  r3: 1-5 ½, 2-4 ½, 6-3 ½
# scores: 1: 1.5, 2: 2, 3: 1.5, 4: 1.5, 5: 1.5, 6: 1
NSF_ROUNDS = [
    [(1, 2, D), (3, 4, D), (5, 6, W)],
    [(1, 3, D), (2, 5, W), (4, 6, D)],
    [(1, 5, D), (2, 4, D), (6, 3, D)],
]


def test_nsf_13b_quality_points_strike_lowest_up_to_six_rounds():
    t = make(6, NSF_ROUNDS, system="nsf")
    # 1: opponents 2 (2), 3 (1.5), 5 (1.5) -> strike 1.5 -> 3.5
    # 2: 1 (1.5), 5 (1.5), 4 (1.5) -> strike 1.5 -> 3
    # 3: 4 (1.5), 1 (1.5), 6 (1) -> strike 1 -> 3
    assert compute("NSF-QP", t) == {1: F(7, 2), 2: F(3), 3: F(3), 4: F(7, 2), 5: F(7, 2), 6: F(3)}


def test_nsf_13b_strikes_two_from_seven_rounds():
    t = make(6, NSF_ROUNDS, system="nsf", rounds=7)
    # 1: 2 + 1.5 + 1.5, two lowest struck -> 2
    assert compute("NSF-QP", t)[1] == F(2)


def test_nsf_13b_add_back_highest_struck_first():
    t = make(6, NSF_ROUNDS, system="nsf")
    ab = compute("NSF-AB", t)
    # 1 struck 1.5 -> 5; 4 struck 1 (player 6) -> 4.5; 5 struck 1 -> 4.5
    assert ab[1] == (F(5),) and ab[4] == (F(9, 2),) and ab[5] == (F(9, 2),)
    assert not get_tiebreak("NSF-AB").shown


def test_nsf_13b_monrad_sonneborn_berger():
    t = make(6, NSF_ROUNDS, system="nsf")
    msb = compute("MSB", t)
    # 4: drew 3 (1.5 x ½), drew 6 (1 x ½), drew 2 (2 x ½) = 2.25
    # 5: beat 6 (1 x 1), lost to 2 (0), drew 1 (1.5 x ½) = 1.75
    assert msb[4] == F(9, 4) and msb[5] == F(7, 4)


def test_nsf_12b_bye_adds_zero_quality_points():
    t = make(3, [[(1, 2, W), (3, Result.PAIRING_BYE)]], system="nsf")
    # 3 had the bye: one round, opponent score 0, struck -> 0 (NSF-12B)
    assert compute("QP", t)[3] == F(0)
    assert compute("NSF-QP", t)[3] == F(0)
    # 2's opponent 1 has 1 point; striking one leaves 0, add-back gives 1
    assert compute("NSF-AB", t)[2] == (F(1),)


def test_dsu_almindelig_korrektion_strikes_two_lowest():
    t = make(6, NSF_ROUNDS, system="dsu")
    # 1: 2 + 1.5 + 1.5 -> two lowest struck -> 2
    assert compute("QP/C2", t)[1] == F(2)
    assert compute("QP", t)[1] == F(5)


def test_ssf_10_quality_points_sum_of_opponents():
    t = make(6, NSF_ROUNDS, system="ssf")
    assert compute("QP", t)[3] == F(4)   # 1.5 + 1.5 + 1


def test_skol_6_quality_points_on_3_2_1():
    t = make(4, [[(1, 2, W), (3, 4, D)]], system="school", scoring=Scoring.school())
    # scores 3 / 1 / 2 / 2; 1's opponent 2 has 1
    assert compute("PTS", t) == {1: F(3), 2: F(1), 3: F(2), 4: F(2)}
    assert compute("QP", t) == {1: F(1), 2: F(3), 3: F(2), 4: F(2)}


@pytest.mark.parametrize("system", ["nsf", "ssf", "dsu", "school", "dutch"])
def test_pending_game_is_worth_nothing_in_the_standings_until_played(system):
    """NSF-5, SSF-3 ("for re-placing only"), DSU-1: a pending game counts as a draw
    (SSF-3: adjourned as won by both) for the round list only; in the points and the
    tie-breaks it is worth nothing until its result is in (issue 26)."""
    t = make(4, [[(1, 2, W), (3, 4, W)], [(1, 3, W), (2, 4, W)]], system=system)
    t.rounds[1] = Round(2, (Game(1, 3, pending=Pending.ADJOURNED),
                            Game(2, 4, pending=Pending.POSTPONED)))
    pts = {1: F(1), 2: F(0), 3: F(1), 4: F(0)}
    assert compute("PTS", t) == pts
    # the opponent is known: quality points count him; SB adds nothing for it
    assert compute("QP", t)[1] == pts[2] + pts[3]
    assert compute("SB", t)[1] == compute("SB", t, upto=1)[1]
    assert compute("BPG", t)[3] == 0 and compute("WON", t)[1] == 1


def test_pending_game_is_not_a_direct_encounter_nor_a_rated_game():
    """C.07 6 and 10: a game without its result is neither a lost encounter nor a
    rated game (it used to count 0 for both players)."""
    t = make(2, [[]], system="dutch")
    t.rounds[0] = Round(1, (Game(1, 2, pending=Pending.POSTPONED),))
    assert compute("DE", t) == {1: 0, 2: 0}
    assert compute("ARO", t) == {1: None, 2: None}


# --- Othello --------------------------------------------------------------------------
#   r1: 1-2 40-24, 3 bye;  r2: 3 beats 1 33-31, 2 bye;  r3: 2-3 32-32, 1 bye
# match points 1: 2, 2: 1.5, 3: 2.5; discs 1: 40+31+40, 2: 24+40+32, 3: 40+33+32
OTHELLO = [
    [(1, 2, W, 40, 24), (3, Result.PAIRING_BYE)],
    [(3, 1, W, 33, 31), (2, Result.PAIRING_BYE)],
    [(2, 3, D, 32, 32), (1, Result.PAIRING_BYE)],
]


def test_oth_8_discs_bye_counts_40():
    t = make(3, OTHELLO, system="othello-swiss")
    assert compute("DISCS", t) == {1: 111, 2: 96, 3: 105}


def test_oth_8_mbq_exact_with_c_64_over_rounds():
    t = make(3, OTHELLO, system="othello-swiss")
    # C = 64/3; 1: 111 + C x (1.5 + 2.5) = 589/3; 2: 96 + C x 4.5 = 192;
    # 3: 105 + C x 3.5 = 539/3 (a bye adds no opponent points)
    assert compute("MBQ", t) == {1: F(589, 3), 2: F(192), 3: F(539, 3)}


def test_oth_8_mbq_constant_and_bye_discs_are_settings():
    t = make(3, OTHELLO, system="othello-swiss", mbq_c=F(8), bye_discs=(42, 22))
    # 1: discs 40 + 31 + 42 = 113, + 8 x 4
    assert compute("MBQ", t)[1] == F(113 + 32)


def test_oth_8_world_championship_brightwell_quotient():
    t = make(3, OTHELLO, system="othello-swiss")
    # C = 6: 1: (40 + 6 x 1.5) + (31 + 6 x 2.5) + bye (32 + 6 x 2) = 49 + 46 + 44
    assert compute("BQ", t)[1] == F(139)


def test_oth_6_half_bye_32_discs_unfinished_game_counts_nothing():
    t = make(3, [[(1, 2, W, 40, 24), (3, Result.HALF_BYE)]], system="othello-swiss", rounds=2)
    t.rounds.append(Round(2, (Game(3, 1),), (Bye(2, Result.PAIRING_BYE),)))
    # 3: half-point bye 32, unfinished game 0; 1: 40 + 0; 2: 24 + bye 40 (after round
    # 2 asked for: by default round 2, without a result yet, is not counted)
    assert compute("DISCS", t, upto=2) == {1: 40, 2: 64, 3: 32}
    assert compute("DISCS", t) == {1: 40, 2: 24, 3: 32}
    # C = 64 / 2 rounds; 1's only finished game was against 2 (1 point after his bye)
    assert compute("MBQ", t, upto=2)[1] == F(40 + 32)


def test_oth_6_game_without_disc_count_is_an_error():
    t = make(2, [[(1, 2, W)]], system="othello-swiss")
    with pytest.raises(TieBreakError, match=r"round 1 board 1 \(2-1\): no disc count entered \(OTH-6\)"):
        compute("MBQ", t)


def test_oth_8_same_numbers_as_the_othello_pairing():
    from monrad.engine.othello import mbq
    t = make(3, OTHELLO, system="othello-swiss")
    theirs = {r.player: (r.mbq, r.discs) for r in mbq.standings(t)}
    mine_mbq, mine_discs = compute("MBQ", t), compute("DISCS", t)
    assert theirs == {p: (mine_mbq[p], mine_discs[p]) for p in theirs}


# --- codes ----------------------------------------------------------------------------
def test_unknown_code_names_it():
    with pytest.raises(TieBreakError, match="XYZ"):
        get_tiebreak("XYZ")
    with pytest.raises(TieBreakError, match="modifier"):
        get_tiebreak("WIN/C1")
    with pytest.raises(TieBreakError, match="modifier"):
        get_tiebreak("BH/Q7")


def test_codes_are_case_insensitive_and_parameterised():
    tb = get_tiebreak(" bh/m2 ")
    assert tb.code == "BH/M2" and tb.modifiers.cut_low == 2 and tb.modifiers.cut_high == 2


def test_register_adds_a_composable_code(swiss, monkeypatch):
    import monrad.engine.tiebreaks as tiebreaks

    monkeypatch.setattr(tiebreaks, "_REGISTRY", dict(tiebreaks._REGISTRY))
    register("TESTDOUBLE", lambda ctx, mod: {p: 2 * v for p, v in ctx.totals.items()}, "twice the points")
    assert "TESTDOUBLE" in known_codes()
    assert compute("TESTDOUBLE", swiss)[1] == F(5)


def test_upto_counts_only_earlier_rounds(swiss):
    assert compute("PTS", swiss, upto=1) == {1: F(1), 2: F(0), 3: F(1), 4: F(0), 5: F(1)}
    # after round 1, 5's bye is capped at ½ x 1 round
    assert compute("BH", swiss, upto=1)[5] == F(1, 2)


def test_c07_round_robin_forfeits_played_zero_byes_left_out_koya_limit():
    # 5 players, 5 rounds, each sits out once with a zero bye:
    #   r1: 2-5 ½, 3-4 ½, 1 bye;  r2: 1-5 ½, 3-2 -/+, 4 bye;  r3: 1-4 ½, 5-3 ½, 2 bye;
    #   r4: 1-3 ½, 4-2 1-0, 5 bye;  r5: 1-2 +/-, 5-4 0-1, 3 bye
    # scores 1: 2.5, 2: 1.5, 3: 1.5, 4: 3, 5: 1.5 (values agree with gacrux 1.11.65 -p)
    Z, FW, FL = Result.ZERO_BYE, Result.FORFEIT_WIN, Result.FORFEIT_LOSS
    t = make(5, [[(2, 5, D), (3, 4, D), (1, Z)], [(1, 5, D), (3, 2, FL), (4, Z)],
                 [(1, 4, D), (5, 3, D), (2, Z)], [(1, 3, D), (4, 2, W), (5, Z)],
                 [(1, 2, FW), (5, 4, L), (3, Z)]], system="round-robin")
    # BH 1: 5 + 4 + 3 + 2 = 1.5 + 3 + 1.5 + 1.5; the bye round is left out
    assert compute("BH", t) == {1: F(15, 2), 2: F(17, 2), 3: F(17, 2), 4: F(7), 5: F(17, 2)}
    # SB 1: ½ x 1.5 + ½ x 3 + ½ x 1.5 + 1 x 1.5 (the forfeit win counts as played)
    assert compute("SB", t)[1] == F(9, 2)
    # BH/C1 2: nothing is voluntarily unplayed in a round robin: the lowest (1.5) goes
    assert compute("BH/C1", t)[2] == F(7)
    # Koya: 4 games each (5 rounds, one bye) -> limit 2: only 1 and 4 reach it
    assert compute("KS", t) == {1: F(1, 2), 2: F(0), 3: F(1), 4: F(1, 2), 5: F(1, 2)}
    # DE among 2, 3, 5 (all met): 2 scored 1.5 (forfeit win over 3), 5 1, 3 0.5
    assert compute("DE", t) == {1: 0, 2: 1, 3: 3, 4: 0, 5: 2}
