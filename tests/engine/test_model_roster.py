"""The roster: ``Tournament.add_player`` keeps start-number order and refuses a
number used twice; ``Tournament.player`` finds a player in constant time and stays
right when callers change ``players`` themselves (replace an entry, assign a new
list)."""

from __future__ import annotations

import pytest

from monrad.engine.model import ModelError, Player, Tournament


def _roster(numbers: list[int]) -> Tournament:
    t = Tournament()
    for no in numbers:
        t.add_player(Player(no, f"P{no}"))
    return t


@pytest.mark.parametrize("numbers", [[1, 2, 3, 4], [4, 3, 2, 1], [5, 1, 9, 3, 7], [2, 10, 1]])
def test_add_player_keeps_start_number_order(numbers: list[int]) -> None:
    t = _roster(numbers)
    assert [p.start_no for p in t.players] == sorted(numbers)
    assert all(t.player(no).start_no == no for no in numbers)


@pytest.mark.parametrize("numbers", [[1, 2, 3], [3, 2, 1], [2, 9, 1]])
def test_a_start_number_used_twice_is_refused(numbers: list[int]) -> None:
    t = _roster(numbers)
    for no in numbers:
        with pytest.raises(ModelError, match="used twice"):
            t.add_player(Player(no, "again"))
    assert len(t.players) == len(numbers)


def test_player_follows_changes_made_to_the_list() -> None:
    t = _roster([1, 2, 3])
    t.players[1] = t.players[1].replace(name="Renamed")
    assert t.player(2).name == "Renamed"
    t.players = [Player(7, "Seven"), Player(8, "Eight")]
    assert t.player(8).name == "Eight"
    with pytest.raises(ModelError, match="no player"):
        t.player(2)
    t.add_player(Player(9, "Nine"))
    with pytest.raises(ModelError, match="used twice"):
        t.add_player(Player(7, "again"))
    assert [p.start_no for p in t.players] == [7, 8, 9]


def test_copy_has_its_own_roster() -> None:
    t = _roster([1, 2])
    c = t.copy()
    c.add_player(Player(3, "P3"))
    assert [p.start_no for p in t.players] == [1, 2]
    with pytest.raises(ModelError):
        t.player(3)
    assert c.player(3).name == "P3"
