"""OTH-3 / OTH-4: recorded finals games replayed onto the plan, and the final ranking."""

from __future__ import annotations

import pytest

from monrad.engine.othello.finals import final_places, final_ranking, place_note, replay_finals


def test_oth_3_egp_nm_final_and_third_place_decide_the_top_four() -> None:
    ranking = [5, 2, 7, 1, 3, 4]
    games = [[5, 2, 40, 24], [2, 5, 40, 24], [3, 1, 10, 54],  # final 1-1, third place: 1 wins
             [5, 2, 34, 30]]                                   # game 3: 5 chose Black, won
    with pytest.raises(ValueError, match="no open match"):
        replay_finals("egp-nm", ranking, None, games)  # 3 is not in the third-place match
    games[2] = [7, 1, 10, 54]
    finals = replay_finals("egp-nm", ranking, None, games)
    assert finals.match("final").winner == 5 and finals.match("third place").winner == 1
    assert final_ranking(finals) == (5, 2, 1, 7, 3, 4)


def test_oth_4_game_two_swaps_colours_or_is_refused() -> None:
    with pytest.raises(ValueError, match=r"colours swap, 2 plays Black \(OTH-4\)"):
        replay_finals("egp-nm", [5, 2, 7, 1], None, [[5, 2, 40, 24], [5, 2, 40, 24]])


def test_oth_3_sm_play_off_when_4th_and_5th_have_equal_wins() -> None:
    ranking = [1, 2, 3, 4, 5, 6]
    finals = replay_finals("sm", ranking, {4: 3, 5: 3}, [[5, 4, 40, 24]])
    assert finals.match("play-off").winner == 5
    assert finals.match("semi-final 1").players == (1, 5)
    # the semi-finals decide places 1-4; the play-off's loser is 5th
    assert [(p.first, p.last, p.players, p.open) for p in final_places(finals)] == [
        (1, 4, (1, 2, 3, 5), "semi-finals"), (5, 5, (4,), None), (6, 6, (6,), None)]


def test_oth_3_ranking_during_the_finals_ranks_only_what_is_decided() -> None:
    """Issue 26: with the SM semi-finals played and the final not, the ranking used to
    list the Swiss order (a semi-final's loser 2nd, a finalist 3rd).  Now the finalists
    share places 1-2 and the semi-final losers 3-4, each with the match still to play;
    a decided final and third-place match give their places."""
    ranking = [1, 2, 3, 4, 5]
    semis = [[1, 4, 40, 24], [4, 1, 44, 20], [4, 1, 40, 24],   # 4 beats the Swiss winner
             [2, 3, 40, 24], [3, 2, 20, 44]]                   # 2 beats 3
    finals = replay_finals("sm", ranking, {4: 3, 5: 2}, semis)
    places = final_places(finals)
    assert [(p.first, p.last, p.players) for p in places] == [
        (1, 2, (2, 4)), (3, 4, (1, 3)), (5, 5, (5,))]
    assert [str(place_note(p)) for p in places[:2]] == [
        "to be decided in the final", "to be decided in the third-place match"]
    done = replay_finals("sm", ranking, {4: 3, 5: 2},
                         [*semis, [2, 4, 24, 40], [4, 2, 30, 34], [2, 4, 20, 44], [1, 3, 40, 24]])
    assert final_ranking(done) == (4, 2, 1, 3, 5)
    assert all(p.open is None for p in final_places(done))
