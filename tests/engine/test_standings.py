"""The standings table: order, shared ranks, the seeded lot, per-system defaults and the
text / row output the CLI and the TRF writer use (NSF-13A/B, SSF-10, DSU, SKOL, OTH-7)."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from test_tiebreaks import NSF_ROUNDS, OTHELLO, D, L, W, make

from monrad.engine.model import Result, Scoring
from monrad.engine.standings import (
    LOT,
    default_tiebreaks,
    format_value,
    parse_codes,
    record_lot_seed,
    standings,
    trf_tiebreak_records,
)
from monrad.engine.tiebreaks import TieBreakError

# SSF example, 6 players 3 rounds:
#   r1: 1-2 1-0, 3-4 0-1, 5-6 1-0;  r2: 1-3 0-1, 5-2 0-1, 4-6 0-1;  r3: 1-5 1-0, 2-4 1-0, 6-3 1-0
# scores 1: 2, 2: 2, 6: 2, 3: 1, 4: 1, 5: 1
# QP 1: 2+1+1 = 4, 2: 2+1+1 = 4, 6: 1+1+1 = 3, 5: 2+2+2 = 6, 4: 1+2+2 = 5, 3: 1+2+2 = 5
SSF_ROUNDS = [
    [(1, 2, W), (3, 4, L), (5, 6, W)],
    [(1, 3, L), (5, 2, L), (4, 6, L)],
    [(1, 5, W), (2, 4, W), (6, 3, W)],
]


def order(table):
    return [(r.rank, r.start_no) for r in table.rows]


def test_nsf_13a_13b_result_list_qp_add_back_then_sonneborn_berger():
    t = make(6, NSF_ROUNDS, system="nsf")
    table = standings(t)
    assert table.codes == ("NSF-QP", "NSF-AB", "MSB", LOT)
    # 2 has 2 points; 1, 4, 5 tie on 1.5 and 3.5 QP; add-back puts 1 (5) before 4 and
    # 5 (4.5 each); Sonneborn-Berger puts 4 (2.25) before 5 (1.75); 3 has QP 3; 6 1 point
    assert order(table) == [(1, 2), (2, 1), (3, 4), (4, 5), (5, 3), (6, 6)]
    # the add-back is a procedure, not a column
    assert "NSF-AB" not in table.shown
    assert all(r.values[LOT] is None for r in table.rows)  # no lot was needed


def test_ssf_10_quality_points_most_wins_then_the_game_between_them():
    t = make(6, SSF_ROUNDS, system="ssf")
    table = standings(t)
    # 1 and 2 tie on points, QP and wins: 1 beat 2; 5 has the best QP of the 1-pointers;
    # 4 and 3 tie on QP and wins: 4 beat 3
    assert order(table) == [(1, 1), (2, 2), (3, 6), (4, 5), (5, 4), (6, 3)]
    assert [r.values["DE"] for r in table.rows] == [1, 2, 0, 0, 1, 2]


def test_ssf_10_most_wins_before_direct_encounter():
    # 1: win, loss; 3: draw, draw; both 1 point and QP 2 -> 1 has more wins
    t = make(4, [[(1, 2, W), (3, 4, D)], [(4, 1, W), (2, 3, D)]], system="ssf")
    assert order(standings(t)) == [(1, 4), (2, 1), (3, 3), (4, 2)]


def test_skol_6_school_uses_ssf_tie_breaks_on_3_2_1_points():
    t = make(6, SSF_ROUNDS, system="school", scoring=Scoring.school())
    table = standings(t)
    assert table.codes == ("QP", "WON", "DE", LOT)
    # 3/2/1: winners of two games 3+3+1 = 7, the rest 3+1+1 = 5; same order as SSF
    assert order(table) == [(1, 1), (2, 2), (3, 6), (4, 5), (5, 4), (6, 3)]
    assert table.rows[0].points == F(7)


def test_dsu_default_is_almindelig_korrektion_and_sb_in_a_round_robin():
    assert default_tiebreaks("dsu") == ("QP/C2",)
    assert default_tiebreaks("dsu", {"round_robin": True}) == ("SB",)
    t = make(6, NSF_ROUNDS, system="dsu")
    assert standings(t).shown == ("QP/C2",)


def test_oth_7_match_points_mbq_discs_lot():
    t = make(3, OTHELLO, system="othello-swiss")
    table = standings(t)
    assert table.shown == ("MBQ", "DISCS", LOT)
    assert order(table) == [(1, 3), (2, 1), (3, 2)]
    assert table.rows[1].values["MBQ"] == F(589, 3)
    assert "196.33" in table.as_text()


def test_default_lists_for_every_system():
    assert default_tiebreaks("nsf") == ("NSF-QP", "NSF-AB", "MSB", LOT)
    assert default_tiebreaks("ssf") == ("QP", "WON", "DE", LOT)
    assert default_tiebreaks("ssf", {"ssf_strike": 2}) == ("QP/C2", "WON", "DE", LOT)
    assert default_tiebreaks("school") == ("QP", "WON", "DE", LOT)
    assert default_tiebreaks("dutch") == ("BH/C1", "BH", "DE", "SB", "WIN")
    assert default_tiebreaks("round-robin") == ("DE", "SB", "WIN", "KS")
    assert default_tiebreaks("double-round-robin") == ("DE", "SB", "WIN", "KS")
    assert default_tiebreaks("othello-swiss") == ("MBQ", "DISCS", LOT)
    for system in ("nsf", "ssf", "school", "dsu", "dutch", "round-robin", "othello-swiss"):
        parse_codes(default_tiebreaks(system))  # every default code exists


def test_settings_tiebreaks_override_the_system_default():
    t = make(6, NSF_ROUNDS, system="nsf", tiebreaks=("BH", "SB"))
    assert standings(t).shown == ("BH", "SB")
    # a TRF 212-style list naming PTS: points are the points column already
    t = make(6, NSF_ROUNDS, system="nsf", tiebreaks=("PTS", "BH"))
    assert standings(t).shown == ("BH",)


def test_shared_rank_where_the_tie_is_not_broken():
    t = make(4, [[(1, 2, W), (3, 4, W)]], system="dutch")
    table = standings(t, ["BH"])
    assert order(table) == [(1, 1), (1, 3), (3, 2), (3, 4)]
    assert [r.shared for r in table.rows] == [True] * 4
    assert "1=" in table.as_text()


def test_lot_is_seeded_recorded_and_reproducible():
    t = make(4, [[(1, 2, W), (3, 4, W)]], system="dutch")
    first = standings(t, ["BH", "LOT"], seed=7)
    assert first.lot_seed == 7 and first.lot_seed_source == "argument"
    assert order(first) == order(standings(t, ["BH", "LOT"], seed=7))
    assert [r.rank for r in first.rows] == [1, 2, 3, 4]  # the lot splits the ties
    assert sorted(r.values[LOT] for r in first.rows[:2]) == [1, 2]
    # different seeds give both possible orders of the top two
    tops = {standings(t, ["BH", "LOT"], seed=s).rows[0].start_no for s in range(20)}
    assert tops == {1, 3}


def test_lot_seed_from_settings_or_derived_from_the_tournament():
    t = make(4, [[(1, 2, W), (3, 4, W)]], system="dutch", seeds={"lot": 11})
    table = standings(t, ["LOT"])
    assert table.lot_seed == 11 and table.lot_seed_source == "settings"
    u = make(4, [[(1, 2, W), (3, 4, W)]], system="dutch")
    derived = standings(u, ["LOT"])
    assert derived.lot_seed_source == "derived"
    assert derived.lot_seed == standings(u, ["LOT"]).lot_seed
    record_lot_seed(u, derived)
    assert u.settings.seeds["lot"] == derived.lot_seed
    assert standings(u, ["LOT"]).lot_seed_source == "settings"
    assert "Lot seed" in derived.as_text()


def test_de_later_in_the_list_is_computed_inside_the_groups_still_tied(monkeypatch):
    import monrad.engine.tiebreaks as tiebreaks

    monkeypatch.setattr(tiebreaks, "_REGISTRY", dict(tiebreaks._REGISTRY))
    tiebreaks.register("TESTSPLIT", lambda ctx, mod: {p: int(p <= 2) for p in ctx.players}, "split")
    # everyone on 1 point; 1 beat 2 and 3 beat 4; over four players DE cannot separate
    t = make(4, [[(1, 2, W), (3, 4, W)], [(2, 3, W), (4, 1, W)]], system="dutch")
    assert order(standings(t, ["DE"])) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    table = standings(t, ["TESTSPLIT", "DE"])
    assert order(table) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert [r.values["DE"] for r in table.rows] == [1, 2, 1, 2]


def test_as_rows_has_exactly_the_csv_columns():
    t = make(6, NSF_ROUNDS, system="nsf")
    rows = standings(t, ["BH/C1", "NSF-QP", "NSF-AB", "SB"]).as_rows()
    assert list(rows[0]) == ["rank", "start_no", "name", "points", "BH/C1", "NSF-QP", "SB"]
    assert rows[0]["start_no"] == 2 and rows[0]["points"] == 2
    assert rows[1]["points"] == 1.5
    json.dumps(rows)  # plain JSON values


def test_as_text_is_a_clean_table():
    t = make(6, NSF_ROUNDS, system="nsf")
    text = standings(t).as_text()
    lines = text.splitlines()
    assert lines[0] == "Standings after round 3 (nsf)"
    assert lines[1].split() == ["Rank", "No", "Name", "Pts", "NSF-QP", "MSB", "LOT"]
    assert set(lines[2]) <= {"-", " "}
    assert len(lines) == 3 + 6
    assert "Player 2" in lines[3] and "2.0" in lines[3]


def test_upto_gives_the_standings_after_an_earlier_round():
    t = make(6, NSF_ROUNDS, system="nsf")
    table = standings(t, upto=1)
    assert table.upto == 1
    assert {r.start_no: r.points for r in table.rows}[5] == F(1)
    with pytest.raises(TieBreakError, match="round 9"):
        standings(t, upto=9)


def test_unknown_code_is_a_clear_error():
    t = make(2, [[(1, 2, W)]])
    with pytest.raises(TieBreakError, match="NOPE"):
        standings(t, "BH,NOPE")


def test_withdrawn_player_keeps_his_place_nsf_10():
    # 4 withdrew after round 1 (no entry in round 2), 2 was absent in round 2
    t = make(4, [[(1, 2, W), (3, 4, W)], [(1, 3, W), (2, Result.ABSENT)]], system="nsf")
    # 2 and 4 have 0 points; NSF-QP 2: opponent 1 (2) + 0, one struck -> 2;
    # 4: opponent 3 (1) + 0 -> 1
    assert order(standings(t)) == [(1, 1), (2, 3), (3, 2), (4, 4)]


def test_trf_records_202_and_212():
    assert trf_tiebreak_records(["BH/C1", "BH", "DE"]) == ["202 BH/C1,BH,DE", "212 PTS,BH/C1,BH,DE"]
    assert trf_tiebreak_records(["PTS", "MBQ", "LOT"]) == ["202 MBQ", "212 PTS,MBQ"]


def test_format_value():
    assert format_value(F(1, 3)) == "0.33"
    assert format_value(F(5), 1) == "5.0"
    assert format_value(-F(1, 2)) == "-0.5"
    assert format_value((F(9, 2), F(5))) == "4.5/5"
    assert format_value(7) == "7"


def test_byes_entered_ahead_do_not_make_a_round_of_the_standings():
    t = make(4, [[(1, 2, W), (3, 4, W)], [(1, Result.HALF_BYE)]], system="dutch")
    table = standings(t, ["BH"])
    assert table.upto == 1
    assert {r.start_no: r.points for r in table.rows}[1] == F(1)
    assert standings(t, ["BH"], upto=2).upto == 2
