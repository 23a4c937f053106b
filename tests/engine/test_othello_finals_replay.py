"""OTH-3 / OTH-4: recorded finals games replayed onto the plan, and the final ranking."""

from __future__ import annotations

import pytest

from monrad.engine.othello.finals import final_ranking, replay_finals


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
    assert final_ranking(finals) == tuple(ranking)  # nothing decided at the top yet
