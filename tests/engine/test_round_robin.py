"""Round robin and double round robin through the pairing interface (OTH-1, OTH-2)."""

from __future__ import annotations

from collections import Counter

import pytest

from monrad.engine.berger import berger_table, double_round_robin_table
from monrad.engine.model import Bye, Game, Player, Result, Round, Settings, Tournament
from monrad.engine.pairing import PairingError, available_systems, get_system, pair_round


def new(n: int, system: str = "round-robin", **settings: object) -> Tournament:
    t = Tournament(settings=Settings(system=system, **settings))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i}"))
    return t


def finish(rnd: Round) -> Round:
    return Round(rnd.number, tuple(Game(g.white, g.black, Result.DRAW) for g in rnd.games), rnd.byes)


def test_systems_are_registered() -> None:
    assert {"round-robin", "double-round-robin", "othello-swiss"} <= set(available_systems())
    assert get_system("round-robin").name == "round-robin"
    assert get_system("double-round-robin").name == "double-round-robin"


@pytest.mark.parametrize("n", [4, 6, 9, 10, 16])
def test_round_robin_pairs_every_round_from_the_berger_table(n: int) -> None:
    t = new(n)
    table = berger_table(n)
    for _round, boards in enumerate(table, 1):
        rnd = pair_round(t)
        expected = [(w, b) for w, b in boards if w <= n and b <= n]
        assert [(g.white, g.black) for g in rnd.games] == expected
        dummy = [w if b > n else b for w, b in boards if max(w, b) > n]
        assert rnd.byes == tuple(Bye(p, Result.PAIRING_BYE) for p in dummy)
        t.set_round(finish(rnd))
    with pytest.raises(PairingError):
        pair_round(t, round_no=len(table) + 1)


def test_round_robin_pairing_numbers_follow_start_numbers_not_gaps() -> None:
    t = Tournament(settings=Settings(system="round-robin"))
    for sn in (3, 7, 11, 12):
        t.add_player(Player(sn, f"P{sn}"))
    rnd = pair_round(t)
    assert [(g.white, g.black) for g in rnd.games] == [(3, 12), (7, 11)]  # 1-4, 2-3


def test_round_robin_withdrawn_players_opponent_gets_a_bye_and_the_table_stays() -> None:
    t = new(6)
    t.set_round(finish(pair_round(t)))
    t.players[5] = t.players[5].replace(withdrawn_after=1)  # player 6 leaves after round 1
    rnd = pair_round(t)  # round 2 of the table: 6-4, 5-3, 1-2
    assert [(g.white, g.black) for g in rnd.games] == [(5, 3), (1, 2)]
    assert rnd.byes == (Bye(4, Result.PAIRING_BYE),)


def test_oth_2_double_round_robin_pairs_both_cycles() -> None:
    t = new(4, "double-round-robin")
    table = double_round_robin_table(4)
    assert len(table) == 6
    seen: Counter[tuple[int, int]] = Counter()
    for boards in table:
        rnd = pair_round(t)
        assert [(g.white, g.black) for g in rnd.games] == list(boards)
        seen.update((g.white, g.black) for g in rnd.games)
        t.set_round(finish(rnd))
    for (w, b), k in seen.items():  # OTH-2: each pair once with each colour
        assert k == 1 and seen[(b, w)] == 1
    with pytest.raises(PairingError, match="double round robin of 4 players has rounds 1..6"):
        pair_round(t, round_no=7)


def test_oth_2_double_round_robin_without_the_swap_repeats_the_table() -> None:
    t = new(4, "double-round-robin", options={"swap_last_two": False})
    rounds = []
    for _ in range(6):
        rnd = pair_round(t)
        rounds.append([(g.white, g.black) for g in rnd.games])
        t.set_round(finish(rnd))
    assert rounds[:3] == [list(r) for r in berger_table(4)]
    assert rounds[3:] == [[(b, w) for w, b in r] for r in berger_table(4)]


def test_round_robin_three_players_each_sits_out_once() -> None:
    t = new(3)
    byes = []
    for _ in range(3):
        rnd = pair_round(t)
        byes += [b.player for b in rnd.byes]
        t.set_round(finish(rnd))
    assert sorted(byes) == [1, 2, 3]


def test_oth_5_othello_round_robin_first_named_in_the_table_plays_black() -> None:
    from monrad.engine.othello.advisor import advise_format
    from monrad.engine.othello.listing import pairing_lines

    t = new(6)
    t.settings = advise_format(6, "othello").settings(t.settings)
    rnd = pair_round(t)
    assert [(g.black, g.white) for g in rnd.games] == [(1, 6), (2, 5), (3, 4)]  # table: 1-6, 2-5, 3-4
    assert pairing_lines(t, rnd)[0] == "  1  Player 1 (1) - Player 6 (6)"


def test_pair_round_system_override_and_trf_round_trip() -> None:
    from monrad.converters.trf import read_trf, write_trf

    t = new(5, "dutch")
    rnd = pair_round(t, "double-round-robin")  # what `monrad pair --system double-round-robin` asks
    assert [(g.white, g.black) for g in rnd.games] == [(2, 5), (3, 4)] and rnd.byes == (Bye(1, Result.PAIRING_BYE),)
    t.set_round(finish(rnd))
    back = read_trf(write_trf(t))
    assert back.rounds == t.rounds
    r2 = pair_round(back, "double-round-robin", round_no=2)  # table round 2: 6-4, 5-3, 1-2
    assert [(g.white, g.black) for g in r2.games] == [(5, 3), (1, 2)] and r2.byes == (Bye(4, Result.PAIRING_BYE),)
