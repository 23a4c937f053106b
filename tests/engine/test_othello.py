"""Othello disc results (OTH-6), format advisor (OTH-1), finals and their colours (OTH-3, OTH-4)."""

from __future__ import annotations

import pytest

from monrad.engine.model import Colour, Game, Player, Result, Round, Settings, Tournament
from monrad.engine.othello.advisor import advise_format
from monrad.engine.othello.discs import (
    DiscError,
    complete,
    othello_result,
    resignation,
    time_loss,
    validate,
    with_discs,
)
from monrad.engine.othello.finals import FinalsFormat, Match, plan_finals, swiss_wins


# ---------------------------------------------------------------- OTH-6 discs
@pytest.mark.parametrize(
    ("black", "white", "message"),
    [(65, 0, "Black's disc count 65 is outside 0..64"), (0, -1, "White's disc count -1 is outside"),
     (40, 30, "add up to 70, more than 64"), ("x", 3, "'x' is not a whole number"), (1.5, 3, "not a whole number")],
)
def test_oth_6_disc_counts_validated(black: object, white: object, message: str) -> None:
    with pytest.raises(DiscError, match=message):
        validate(black, white)


def test_oth_6_empty_squares_go_to_the_winner() -> None:
    assert complete(30, 20) == (44, 20)
    assert complete(10, 33) == (10, 54)
    assert complete(64, 0) == (64, 0)
    assert complete(30, 30) == (32, 32)  # Decision: a drawn board with empties is 32-32
    assert validate("40", " 24 ") == (40, 24)


def test_oth_6_result_from_discs_and_entry() -> None:
    assert othello_result(33, 31) == (Result.LOSS, Result.WIN)
    assert othello_result(20, 44) == (Result.WIN, Result.LOSS)
    g = with_discs(Game(5, 9), 30, 20)  # 9 plays Black (first named), 5 White
    assert (g.black_discs, g.white_discs, g.black_result, g.white_result) == (44, 20, Result.WIN, Result.LOSS)
    raw = with_discs(Game(5, 9), 30, 20, fill_empty=False)
    assert (raw.black_discs, raw.white_discs) == (30, 20)


def test_oth_6_resignation_is_64_0() -> None:
    assert resignation(Colour.BLACK) == (0, 64)
    assert resignation(Colour.WHITE) == (64, 0)


def test_oth_6_time_loss_rules() -> None:
    # finished in the 2 extra minutes and lost on the board: the board count stands
    assert time_loss(Colour.BLACK, finished=True, board=(20, 40)) == (20, 44)
    # finished and won or drew on the board: 33-31 to the opponent
    assert time_loss(Colour.BLACK, finished=True, board=(40, 20)) == (31, 33)
    assert time_loss(Colour.WHITE, finished=True, board=(30, 30)) == (33, 31)
    # the extra minutes ran out: 64-0
    assert time_loss(Colour.WHITE, finished=False) == (64, 0)
    # the opponent flagged too and his extra minutes ran out first: 33-31 to the first-flagged
    assert time_loss(Colour.BLACK, finished=False, opponent_flagged_and_expired_first=True) == (33, 31)
    with pytest.raises(DiscError, match="needs the board count"):
        time_loss(Colour.BLACK, finished=True)


def test_oth_6_bye_is_a_40_24_win_in_mbq() -> None:
    from monrad.engine.othello.mbq import standings
    from monrad.engine.pairing import pair_round

    t = Tournament(settings=Settings(system="othello-swiss", rounds=3))
    for i in (1, 2, 3):
        t.add_player(Player(i, f"P{i}"))
    rnd = pair_round(t)
    (bye,) = rnd.byes
    assert bye.player == 3 and bye.result is Result.PAIRING_BYE
    t.set_round(Round(1, tuple(with_discs(g, 33, 31) for g in rnd.games), rnd.byes))
    row = {r.player: r for r in standings(t)}[3]
    assert (row.points, row.discs) == (1, 40)
    t2 = t.copy()
    t2.settings = t.settings.replace(bye_discs=(33, 31))
    assert {r.player: r for r in standings(t2)}[3].discs == 33


# ---------------------------------------------------------------- OTH-1 advisor
@pytest.mark.parametrize(
    ("players", "system", "rounds", "options"),
    [(2, "double-round-robin", 2, (2,)), (4, "double-round-robin", 6, (6,)), (5, "double-round-robin", 10, (10,)),
     (6, "round-robin", 5, (5,)), (7, "round-robin", 7, (7,)), (8, "round-robin", 7, (7,)),
     (9, "othello-swiss", 7, (7, 9)), (20, "othello-swiss", 7, (7, 9)), (21, "othello-swiss", 9, (9, 11)),
     (27, "othello-swiss", 9, (9, 11)), (28, "othello-swiss", 9, (9, 11, 13)), (60, "othello-swiss", 9, (9, 11, 13))],
)
def test_oth_1_format_by_entries(players: int, system: str, rounds: int, options: tuple[int, ...]) -> None:
    a = advise_format(players, "othello")
    assert (a.system, a.rounds, a.round_options) == (system, rounds, options)
    assert str(a.explanation).startswith(f"{players} players")
    s = a.settings()
    assert (s.system, s.rounds) == (system, rounds)


def test_oth_1_organiser_picks_the_exact_count() -> None:
    a = advise_format(12, "othello").with_rounds(9)
    assert a.rounds == 9 and a.options["mbq_c"] == pytest.approx(64 / 9)
    odd = advise_format(12, "othello").with_rounds(8)
    assert odd.rounds == 8 and "organiser chose 8" in str(odd.explanation)
    with pytest.raises(ValueError, match="1..11 rounds"):
        advise_format(12, "othello").with_rounds(12)
    with pytest.raises(ValueError, match="has 5 rounds"):
        advise_format(6, "othello").with_rounds(7)
    with pytest.raises(ValueError, match="Othello"):
        advise_format(10, "chess")
    with pytest.raises(ValueError, match="at least 2"):
        advise_format(1, "othello")


# ---------------------------------------------------------------- OTH-3 / OTH-4 finals
def play(m: Match, black_discs: int, white_discs: int, choice: Colour | None = Colour.BLACK) -> tuple[int, int]:
    black, white = m.next_pairing(choice if m.colour_chooser() is not None else None)
    m.add_game(black, white, black_discs, white_discs)
    return black, white


def test_oth_3_grand_prix_has_no_finals() -> None:
    assert plan_finals("none", [4, 2, 9]).open_matches() == []


def test_oth_3_egp_and_nm_final_and_third_place() -> None:
    f = plan_finals(FinalsFormat.EGP_NM, [7, 3, 5, 1, 2])
    final, third = f.matches["final"], f.matches["third place"]
    assert (final.higher, final.lower, final.best_of) == (7, 3, 3)
    assert (third.higher, third.lower, third.best_of) == (5, 1, 1)
    both_want_three = plan_finals("egp-nm", [7, 3, 5, 1], third_place_best_of=3)
    assert both_want_three.matches["third place"].best_of == 3


def test_oth_3_sm_semi_finals_1v4_2v3_then_final_and_third_place() -> None:
    ranking = [11, 12, 13, 14, 15, 16]
    f = plan_finals("sm", ranking, wins={14: 5, 15: 4})
    assert "play-off" not in f.matches
    s1, s2 = f.matches["semi-final 1"], f.matches["semi-final 2"]
    assert (s1.higher, s1.lower, s1.best_of) == (11, 14, 3)
    assert (s2.higher, s2.lower, s2.best_of) == (12, 13, 3)
    play(s1, 20, 44)  # 11 chooses Black and loses
    play(s1, 10, 54)  # colours swap: 14 Black loses
    play(s1, 40, 24)  # deciding game: 11 won by 44 > 14's 24, 11 chooses Black and wins
    assert s1.winner == 11
    play(s2, 40, 24)
    play(s2, 24, 40)
    assert s2.winner == 12
    final, third = f.match("final"), f.match("third place")
    assert (final.higher, final.lower, final.best_of) == (11, 12, 3)
    assert (third.higher, third.lower, third.best_of) == (13, 14, 1)
    play(final, 40, 24)
    play(final, 24, 40)
    play(third, 30, 34)
    assert f.podium() == (11, 12, 14, 13)
    assert f.games()[:3] == [[11, 14, 20, 44], [14, 11, 10, 54], [11, 14, 40, 24]]
    assert len(f.games()) == 8


def test_oth_3_sm_play_off_between_4th_and_5th_on_equal_wins() -> None:
    f = plan_finals("sm", [1, 2, 3, 4, 5], wins={4: 5, 5: 5})
    assert set(f.matches) == {"play-off", "semi-final 2"}
    po = f.matches["play-off"]
    assert (po.higher, po.lower, po.best_of) == (4, 5, 1)
    play(po, 20, 44)  # 4 has Black and loses
    assert (f.match("semi-final 1").higher, f.match("semi-final 1").lower) == (1, 5)


def test_oth_3_play_off_needs_wins() -> None:
    with pytest.raises(ValueError, match="wins"):
        plan_finals("sm", [1, 2, 3, 4, 5])
    t = Tournament(settings=Settings(rounds=1))
    for i in (1, 2):
        t.add_player(Player(i, f"P{i}"))
    t.rounds.append(Round(1, (Game(1, 2, Result.WIN, Result.LOSS, 40, 24),)))
    assert swiss_wins(t) == {1: 1, 2: 0}


def test_oth_4_higher_placed_chooses_game_1_colours_swap_in_game_2() -> None:
    m = Match("final", higher=8, lower=3)
    assert m.colour_chooser() == 8
    with pytest.raises(ValueError, match="player 8 chooses"):
        m.next_pairing()
    assert play(m, 40, 24, Colour.WHITE) == (3, 8)  # 8 chose White
    assert m.colour_chooser() is None and m.next_pairing() == (8, 3)
    with pytest.raises(ValueError, match="colours swap"):
        m.add_game(3, 8, 30, 34)


def test_oth_4_larger_winning_margin_chooses_in_the_deciding_game() -> None:
    m = Match("semi-final", higher=1, lower=2)
    play(m, 34, 30)  # 1 (Black) wins by 4
    play(m, 10, 54)  # colours swap: 2 (Black) loses, 1 wins again
    assert m.winner == 1 and m.colour_chooser() is None
    m = Match("semi-final", higher=1, lower=2)
    play(m, 34, 30)  # 1 (Black) wins by 4
    play(m, 54, 10)  # 2 (Black) wins by 44
    assert m.colour_chooser() == 2
    assert play(m, 40, 24, Colour.WHITE) == (1, 2)  # 2 chose White


def test_oth_4_equal_margins_the_higher_placed_chooses() -> None:
    m = Match("final", higher=1, lower=2)
    play(m, 40, 24)  # 1 wins by 16
    play(m, 40, 24)  # 2 (Black) wins by 16
    assert m.colour_chooser() == 1


def test_oth_4_level_after_all_games_continues_with_deciding_games() -> None:
    m = Match("third place", higher=5, lower=6, best_of=1)
    play(m, 32, 32)
    assert not m.is_decided and m.colour_chooser() == 5
    play(m, 20, 44)
    assert m.winner == 6
    with pytest.raises(ValueError, match="decided"):
        m.next_pairing(Colour.BLACK)
    with pytest.raises(ValueError, match="odd"):
        Match("x", 1, 2, best_of=2)


# ---------------------------------------------------------------- OTH-5 listings
def test_oth_5_listings_name_black_first() -> None:
    from monrad.engine.model import Bye
    from monrad.engine.othello.listing import is_othello, pairing_lines

    t = Tournament(settings=Settings(system="othello-swiss", rounds=3))
    for i, name in ((1, "Berg, Kari"), (2, "Hansen, Ola"), (3, "Lind, Per")):
        t.add_player(Player(i, name))
    rnd = Round(1, (Game(2, 1),), (Bye(3),))
    assert is_othello(t)
    assert pairing_lines(t, rnd) == ["  1  Berg, Kari (1) - Hansen, Ola (2)", "     Lind, Per (3)  bye 40-24"]
    done = Round(1, (with_discs(Game(2, 1), 30, 20),), (Bye(3),))
    assert pairing_lines(t, done)[0].endswith("44-20")
    assert not is_othello(Tournament(settings=Settings(system="round-robin")))
    assert is_othello(Tournament(settings=Settings(system="round-robin", options={"game": "othello"})))


@pytest.mark.parametrize(
    "module",
    ["monrad.engine.berger", "monrad.engine.othello.discs", "monrad.engine.othello.mbq",
     "monrad.engine.cardinality", "monrad.engine.othello.advisor", "monrad.engine.othello.finals",
     "monrad.engine.othello.listing", "monrad.converters.tabular.wof"],
)
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0
