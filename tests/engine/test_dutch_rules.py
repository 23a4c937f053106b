"""The FIDE Dutch rules (C.04.3, 2026) on small hand-made tournaments."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from monrad.engine.dutch.criteria import compatible, make_context
from monrad.engine.dutch.entrants import Float, build_entrants
from monrad.engine.matching import WeightedGraph, max_weight_matching
from monrad.engine.model import (
    Bye,
    Colour,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.pairing import NoPairingPossible, pair_round, players_to_pair


def field(n: int, rounds: int = 5) -> Tournament:
    t = Tournament(settings=Settings(system="dutch", rounds=rounds, initial_colour=Colour.WHITE))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"P{i}", rating=2500 - i))
    return t


def pairs(r: Round) -> set[tuple[int, int]]:
    return {(g.white, g.black) for g in r.games}


def test_c04_3_round1_top_half_meets_bottom_half() -> None:
    r = pair_round(field(8), "dutch")
    # S1 = 1..4 meets S2 = 5..8; odd pairing numbers of S1 get the initial colour
    assert pairs(r) == {(1, 5), (6, 2), (3, 7), (8, 4)}
    assert [g.players for g in r.games] == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_c04_3_5_2_5_initial_colour_black() -> None:
    t = field(4)
    t.settings = t.settings.replace(initial_colour=Colour.BLACK)
    assert pairs(pair_round(t, "dutch")) == {(3, 1), (2, 4)}


def test_c04_1_odd_field_lowest_gets_the_bye() -> None:
    r = pair_round(field(5), "dutch")
    assert [b.player for b in r.byes if b.result is Result.PAIRING_BYE] == [5]
    assert len(r.games) == 2


def test_c04_1_no_second_pairing_bye() -> None:
    t = field(5)
    t.rounds.append(pair_round(t, "dutch"))
    t.rounds[0] = Round(1, tuple(g.with_result(Result.WIN) for g in t.rounds[0].games),
                        t.rounds[0].byes)
    r2 = pair_round(t, "dutch")
    bye2 = [b.player for b in r2.byes if b.result is Result.PAIRING_BYE]
    assert bye2 and bye2 != [5]


@pytest.mark.parametrize("bye_worth", [Fraction(0), Fraction(1, 2)])
def test_c04_1_no_second_pairing_bye_whatever_it_was_worth(bye_worth: Fraction) -> None:
    """C.04.1 / C.2: a player who had the pairing-allocated bye never gets it again, even
    when it scored less than a win (here 0 or 1/2 point, so player 5 is alone at the
    bottom and would be the natural bye again)."""
    t = field(5)
    t.settings = t.settings.replace(scoring=Scoring(pairing_bye=bye_worth))
    t.rounds.append(Round(1, (Game(1, 2, Result.DRAW), Game(3, 4, Result.DRAW)),
                          (Bye(5, Result.PAIRING_BYE),)))
    r2 = pair_round(t, "dutch")
    bye2 = [b.player for b in r2.byes if b.result is Result.PAIRING_BYE]
    assert len(bye2) == 1 and bye2 != [5]
    assert any(5 in g.players for g in r2.games)


def test_c04_3_c1_no_rematch_over_a_tournament() -> None:
    t = field(10, rounds=5)
    rng = random.Random(7)
    met: set[frozenset[int]] = set()
    for n in range(1, 6):
        r = pair_round(t, "dutch")
        for g in r.games:
            key = frozenset(g.players)
            assert key not in met
            met.add(key)
        res = [g.with_result(rng.choice((Result.WIN, Result.DRAW, Result.LOSS))) for g in r.games]
        t.rounds.append(Round(n, tuple(res), r.byes))


def test_c04_1_forfeited_game_is_no_meeting() -> None:
    t = field(4)
    t.rounds.append(Round(1, (Game(1, 3, Result.FORFEIT_WIN), Game(4, 2, Result.WIN))))
    ents = {e.start_no: e for e in build_entrants(t, 2, players_to_pair(t, 2))}
    ctx = make_context(sorted(ents.values(), key=lambda e: (-e.score, e.rank)), 2, 5,
                       frozenset(), Fraction(1))
    assert compatible(ents[1], ents[3], ctx)  # forfeit: may meet again
    assert not compatible(ents[4], ents[2], ctx)  # played: may not
    assert ents[1].colours == []  # a forfeit gives no colour


def test_c04_3_1_4_3_scoring_without_playing_is_a_downfloat() -> None:
    t = field(5)
    t.rounds.append(Round(1, (Game(1, 3, Result.WIN), Game(4, 2, Result.DRAW)),
                          (Bye(5, Result.PAIRING_BYE),)))
    ents = {e.start_no: e for e in build_entrants(t, 2, players_to_pair(t, 2))}
    assert ents[5].floats[0] == Float.DOWN
    assert ents[5].bye_eligible is False
    assert ents[1].floats[0] == Float.NONE  # equal scores before round 1


def test_c04_3_absolute_colour_preference_after_two_whites() -> None:
    t = field(6)
    t.rounds.append(Round(1, (Game(1, 4, Result.DRAW), Game(2, 5, Result.DRAW),
                              Game(3, 6, Result.DRAW))))
    t.rounds.append(Round(2, (Game(1, 6, Result.DRAW), Game(2, 4, Result.DRAW),
                              Game(5, 3, Result.DRAW))))
    ents = {e.start_no: e for e in build_entrants(t, 3, players_to_pair(t, 3))}
    assert ents[1].preference is Colour.BLACK and ents[1].absolute
    assert ents[2].preference is Colour.BLACK and ents[2].absolute
    r3 = pair_round(t, "dutch")
    blacks = {g.black for g in r3.games}
    assert {1, 2} <= blacks  # both absolute preferences granted; they do not meet


def test_c04_3_c3_two_absolute_same_colour_cannot_meet() -> None:
    t = field(4)
    t.rounds.append(Round(1, (Game(1, 3, Result.DRAW), Game(2, 4, Result.DRAW))))
    t.rounds.append(Round(2, (Game(1, 4, Result.DRAW), Game(2, 3, Result.DRAW))))
    # only 1-2 and 3-4 are left, and 1 and 2 both must have black (not last round)
    with pytest.raises(NoPairingPossible, match="round 3"):
        pair_round(t, "dutch")


def test_no_legal_pairing_names_the_round() -> None:
    t = field(2)
    t.rounds.append(Round(1, (Game(1, 2, Result.WIN),)))
    with pytest.raises(NoPairingPossible, match="round 2"):
        pair_round(t, "dutch")


def test_c04_1_requested_byes_are_not_paired() -> None:
    t = field(6)
    t.rounds.append(Round(1, (), (Bye(2, Result.HALF_BYE), Bye(6, Result.ZERO_BYE))))
    r = pair_round(t, "dutch")
    assert all(2 not in g.players and 6 not in g.players for g in r.games)
    assert {b.player: b.result for b in r.byes} == {2: Result.HALF_BYE, 6: Result.ZERO_BYE}


def test_c04_3_board_order_by_scores() -> None:
    t = field(6)
    t.rounds.append(Round(1, (Game(1, 4, Result.LOSS), Game(5, 2, Result.WIN),
                              Game(3, 6, Result.DRAW))))
    r = pair_round(t, "dutch")
    sc = t.scores()
    keys = [max(sc[g.white], sc[g.black]) for g in r.games]
    assert keys == sorted(keys, reverse=True)


def _brute(n: int, edges: list[tuple[int, int, int]]) -> int:
    w = {(u, v): x for u, v, x in edges}
    best = 0

    def rec(free: list[int], total: int) -> None:
        nonlocal best
        best = max(best, total)
        if len(free) < 2:
            return
        a, rest = free[0], free[1:]
        rec(rest, total)
        for i, b in enumerate(rest):
            x = w.get((min(a, b), max(a, b)))
            if x:
                rec(rest[:i] + rest[i + 1:], total + x)

    rec(list(range(n)), 0)
    return best


@pytest.mark.parametrize("seed", range(25))
def test_matching_is_maximum_weight_with_huge_integer_weights(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    edges = [(u, v, rng.randint(1, 5) << 300 | rng.randint(0, 1 << 40))
             for u, v in itertools.combinations(range(n), 2) if rng.random() < 0.6]
    mate = max_weight_matching(n, edges)
    w = {(u, v): x for u, v, x in edges}
    got = sum(w[(v, m)] for v, m in enumerate(mate) if m > v)
    assert got == _brute(n, edges)
    g = WeightedGraph(n)
    for u, v, x in edges:
        g.set_weight(u, v, x)
    assert g.solve() == mate


@pytest.mark.parametrize("seed", range(10))
def test_matching_agrees_with_networkx(seed: int) -> None:
    nx = pytest.importorskip("networkx")
    rng = random.Random(1000 + seed)
    n = rng.randint(10, 40)
    edges = [(u, v, rng.randint(1, 1 << 200)) for u, v in itertools.combinations(range(n), 2)
             if rng.random() < 0.3]
    g = nx.Graph()
    g.add_weighted_edges_from(edges)
    ref = sum(g[u][v]["weight"] for u, v in nx.max_weight_matching(g))
    mate = max_weight_matching(n, edges)
    w = {(u, v): x for u, v, x in edges}
    assert sum(w[(v, m)] for v, m in enumerate(mate) if m > v) == ref


def test_c04_5_baku_acceleration_splits_the_first_round() -> None:
    t = field(8)
    t.players = [p.replace(acceleration=(Fraction(1),)) if p.start_no <= 4 else p
                 for p in t.players]
    r = pair_round(t, "dutch")
    assert pairs(r) == {(1, 3), (4, 2), (5, 7), (8, 6)}


def test_c04_3_c1_forbidden_pair_is_avoided_by_transposition() -> None:
    from monrad.engine.model import ForbiddenGroup

    t = field(8)
    t.settings = t.settings.replace(forbidden=(ForbiddenGroup((1, 5)),))
    r = pair_round(t, "dutch")
    assert pairs(r) == {(1, 6), (5, 2), (3, 7), (8, 4)}
