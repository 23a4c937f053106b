"""DSU Monrad (Dansk Skak Union arbiter course, lesson 2), rule by rule (DSU-0 .. DSU-9)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from test_monrad_kit import CODES, bye_of, finish, make, pair, pairs, set_round

from monrad.engine.model import Game, Result, Round, Tournament
from monrad.engine.monrad.card import card, cards
from monrad.engine.monrad.facts import collect
from monrad.engine.systems import dsu


def test_dsu_0_round_one_odd_numbers_have_white() -> None:
    """DSU-0 (Decision): 1 v 2, 3 v 4 ... with 1, 3, 5 White."""
    t = make("dsu", 6, rounds=5)
    assert pairs(pair(t)) == [(1, 2), (3, 4), (5, 6)]


def test_dsu_1_postponed_game_counts_as_draw_until_played() -> None:
    """DSU-1: a postponed game ("u") counts as a draw for the next round's list."""
    t = make("dsu", 4, rounds=4)
    set_round(t, 1, [(1, 2, "p"), (3, 4, "1")])
    assert dsu.round_list(t, 1) == (3, 1, 2, 4)
    assert len(pair(t).games) == 2  # pairing goes on with the game pending


def test_dsu_2_placement_numbers_from_the_latest_placement() -> None:
    """DSU-2: sort by points; inside a group by the latest placement number."""
    t = make("dsu", 4, rounds=4)
    set_round(t, 1, [(1, 2, "0"), (3, 4, "0")])  # 2, 4 | 1, 3
    set_round(t, 2, [(2, 4, "0"), (1, 3, "1")])  # 4 (2) | 2, 1 (1) | 3
    assert dsu.SYSTEM.placement_numbers(t, 2) == {4: 1, 2: 2, 1: 3, 3: 4}


def test_dsu_3_best_placed_not_met_regardless_of_points() -> None:
    """DSU-3: no. 1 meets the best-placed player he has not met; only placement counts."""
    t = make("dsu", 6, rounds=5)
    set_round(t, 1, [(1, 2, "1"), (3, 4, "1"), (5, 6, "1")])
    # list 1, 3, 5 (1) | 2, 4, 6 (0): 5 meets 2 from the lower group by placement
    assert pairs(pair(t)) == [(1, 3), (2, 5), (4, 6)]


def test_dsu_4_swap_a_c_with_b_d_when_the_last_two_have_met() -> None:
    """DSU-4: the last two have met: with the second-last pair (a b c d) try a-c, b-d."""
    t = make("dsu", 6, rounds=4)
    set_round(t, 1, [(1, 3, "="), (2, 4, "="), (5, 6, "=")])
    assert {frozenset(p) for p in pairs(pair(t))} == {
        frozenset(x) for x in ((1, 2), (3, 5), (4, 6))}


def test_dsu_4_then_a_d_with_b_c() -> None:
    """DSU-4: if a-c has met too, try a-d with b-c (here 3-6 and 4-5)."""
    t = make("dsu", 6, rounds=4)
    set_round(t, 1, [(1, 3, "="), (2, 4, "="), (5, 6, "=")])
    set_round(t, 2, [(3, 5, "="), (1, 4, "="), (2, 6, "=")])
    assert dsu.round_list(t, 2) == (1, 2, 3, 4, 5, 6)
    assert [tuple(sorted(p)) for p in pairs(pair(t))] == [(1, 2), (3, 6), (4, 5)]


def test_dsu_5_no_colour_restrictions() -> None:
    """DSU-5: only rematches are forbidden: two players with White, White meet and
    the better placed gets a third White (DSU-6)."""
    t = make("dsu", 4, rounds=4)
    set_round(t, 1, [(1, 2, "="), (3, 4, "=")])
    set_round(t, 2, [(1, 4, "="), (3, 2, "=")])
    assert pairs(pair(t)) == [(1, 3), (2, 4)]


def test_dsu_6_fewer_whites_gets_white_then_better_placement() -> None:
    """DSU-6: list 1, 3 | 2, 4 after round 1: 3 and 1 both had White: 1 (better) White;
    2 and 4: 2 had Black, 4 Black: 2 (better placed) White."""
    t = make("dsu", 4, rounds=4)
    set_round(t, 1, [(1, 2, "1"), (3, 4, "1")])
    assert pairs(pair(t)) == [(1, 3), (2, 4)]
    t2 = make("dsu", 4, rounds=4)
    set_round(t2, 1, [(2, 1, "0"), (3, 4, "1")])  # 1 had Black, 3 White: 1 gets White
    assert pairs(pair(t2))[0] == (1, 3)


def test_dsu_7_written_placement_order_not_changed_by_a_late_result() -> None:
    """DSU-7: totals come from the result column; written lists stay as written."""
    t = make("dsu", 4, rounds=4)
    set_round(t, 1, [(1, 2, "p"), (3, 4, "=")])
    written = dsu.round_list(t, 1)
    pair(t)
    assert t.round(2).paired_from == written  # the list round 2 was paired from is kept
    finish(t, "==")
    # the postponed game is now played: 2 won it
    r1 = t.round(1)
    t.set_round(Round(1, (Game(1, 2, Result.LOSS), r1.games[1]), r1.byes))
    assert dsu.round_list(t, 1) == written  # the written list is kept
    assert t.score(2) == Fraction(3, 2)  # the total is recomputed from the results
    # a round paired elsewhere, with no list written: re-listed from what was known
    # when it was paired (the game pending then), not from the late result
    t.set_round(dataclasses.replace(t.round(2), paired_from=()))
    assert dsu.round_list(t, 1) == written
    # nothing recorded at all (another program's file): today's results
    t.set_round(dataclasses.replace(t.round(2), paired_around=()))
    assert dsu.round_list(t, 1) != written


def _danish_season(late: str = "0") -> Tournament:
    """Issue 36's Danish season, 11 players: round 1 board 4 (7-8) postponed (DSU's
    ``u``), round 2 paired and played, then the postponed game's result typed in
    (``late``: ``0`` black won)."""
    t = make("dsu", 11, rounds=7)
    pair(t)
    finish(t, "10=p1")  # 1-2 1-0, 3-4 0-1, 5-6 ½, 7-8 postponed, 9-10 1-0; bye 11
    pair(t)
    finish(t, "=0010")  # 4-1 ½, 11-9 0-1, 5-7 0-1, 6-8 1-0, 2-3 0-1; bye 10
    r1 = t.round(1)
    t.set_round(dataclasses.replace(r1, games=tuple(
        g.with_result(CODES[late][0]) if g.players == (7, 8) else g for g in r1.games)))
    return t


def test_dsu_7_issue36_item1_round_3_is_paired_from_round_2s_written_list() -> None:
    """Issue 36 item 1 (DSU-7, DSU-2): after the postponed game of round 1 is won by
    Black, round 2's list stays as it was written (``1 4 9 11 5 6 7 8 2 3 10``) and
    round 3 is paired from it re-sorted by today's points: inside the 1-point group
    11, 7, 8, 3, 10 as on round 2's list, never 8 before 11 and 7."""
    t = _danish_season()
    assert dsu.round_list(t, 1) == (1, 4, 9, 11, 5, 6, 7, 8, 2, 3, 10)
    assert dsu.round_list(t, 2) == (9, 1, 4, 6, 11, 7, 8, 3, 10, 5, 2)
    r3 = pair(t)
    assert r3.paired_from == (9, 1, 4, 6, 11, 7, 8, 3, 10, 5, 2)
    assert pairs(r3) == [(9, 1), (4, 6), (11, 7), (8, 3), (10, 5)] and bye_of(r3) == 2


def test_dsu_9_issue36_item1_card_placements_of_round_2_do_not_change() -> None:
    """DSU-9 with DSU-7: the placement numbers on the cards for round 2 are those of
    the list round 2 was paired from, before and after the late result."""
    t = _danish_season("p")  # still postponed
    before = {p: [r.placement for r in rows] for p, rows in cards(t).items()}
    t = _danish_season()
    after = {p: [r.placement for r in rows] for p, rows in cards(t).items()}
    assert after == before
    assert after[7][1] == 7 and after[8][1] == 8 and after[11][1] == 4


def test_dsu_8_bye_to_lowest_placed_without_one_not_a_colour() -> None:
    """DSU-8 (Decision): odd count: the lowest-placed player who has not had a bye;
    1 point; the bye does not enter the colour history."""
    t = make("dsu", 5, rounds=4)
    rnd = pair(t)
    assert bye_of(rnd) == 5
    finish(t, "11")
    facts = collect(t, 2, conv=dsu.SYSTEM.conventions)
    assert facts[5].colours == [] and facts[5].points == 1
    rnd = pair(t)
    assert bye_of(rnd) != 5


def test_dsu_9_card_shows_running_total_in_brackets_while_pending() -> None:
    """DSU-9 (and DSU-1): the card's running total is in brackets while it includes
    a postponed game, and carries the placement number of each round."""
    t = make("dsu", 4, rounds=3)
    set_round(t, 1, [(1, 2, "p"), (3, 4, "1")])
    pair(t)
    finish(t, "==")
    rows = card(t, 1)
    assert [r.total_text() for r in rows] == ["(½)", "(1)"]
    assert rows[0].placement == 1 and rows[1].placement == dsu.round_list(t, 1).index(1) + 1
    assert [r.total_text() for r in card(t, 3)] == ["1", "1½"]


def test_dsu_mon_1_forfeit_is_not_a_meeting_nor_a_colour() -> None:
    """MON-1 (DSU exception): a no-show game is not a meeting and not a colour, so
    the two may be paired again (in NSF, SSF and school they may not)."""
    t = make("dsu", 2, rounds=3)
    set_round(t, 1, [(2, 1, "-")])
    facts = collect(t, 2, conv=dsu.SYSTEM.conventions)
    assert facts[1].colours == [] and 2 not in facts[1].met
    assert pairs(pair(t)) == [(1, 2)]  # equal Whites (none): the better placed, 1
