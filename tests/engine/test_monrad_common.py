"""Decisions common to the Monrad systems (MON-1 .. MON-5), Konrad, whole tournaments."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_monrad_kit import bye_of, finish, late_result, make, pair, pairs, set_round

from monrad.engine.check import check_tournament
from monrad.engine.explain import explain_round
from monrad.engine.model import Bye, Colour, ForbiddenGroup, Game, Result, Round, Scoring
from monrad.engine.monrad.facts import collect
from monrad.engine.monrad.nsf import ColourState
from monrad.engine.pairing import NoPairingPossible, get_system, pair_round

SYSTEMS = ("nsf", "ssf", "dsu", "school")


def _scoring(system: str) -> Scoring:
    return Scoring.school() if system == "school" else Scoring()


@pytest.mark.parametrize("system", ["nsf", "ssf", "school"])
def test_mon_1_forfeit_is_a_meeting_and_keeps_colours(system: str) -> None:
    """MON-1: in NSF, SSF and school a walkover is a meeting and keeps the colours."""
    t = make(system, 2, rounds=3, scoring=_scoring(system))
    set_round(t, 1, [(2, 1, "+")])
    facts = collect(t, 2, conv=get_system(system).conventions)
    assert 1 in facts[2].met and facts[2].colours == [Colour.WHITE]
    with pytest.raises(NoPairingPossible):
        pair_round(t)


def test_mon_2_round_not_taken_part_in_is_not_a_colour() -> None:
    """MON-2: an absent round or a requested bye does not enter the colour history."""
    t = make("nsf", 4, rounds=4)
    t.set_round(Round(1, (Game(2, 1, Result.WIN),), (Bye(3, Result.HALF_BYE), Bye(4, Result.ABSENT))))
    facts = collect(t, 2, conv=get_system("nsf").conventions)
    assert facts[3].colours == [] and facts[4].colours == []
    assert facts[3].points == Scoring().half_bye and facts[4].points == 0


def _mon_5_tournament():
    t = make("ssf", 5, rounds=5)
    set_round(t, 1, [(2, 1, "="), (4, 3, "=")], absent=(5,))
    set_round(t, 2, [(3, 1, "="), (5, 2, "=")], absent=(4,))
    set_round(t, 3, [(4, 1, "="), (5, 3, "=")], absent=(2,))
    return t


def test_mon_5_bye_moves_up_when_the_others_cannot_all_be_paired() -> None:
    """MON-5: the lowest-placed (5) would leave 1, who has met 2, 3 and 4, without an
    opponent; the bye goes to the next player up (4)."""
    t = _mon_5_tournament()
    assert get_system("ssf").round_list(t, 3) == (1, 3, 2, 4, 5)
    rnd = pair(t)
    assert bye_of(rnd) == 4
    assert [tuple(sorted(p)) for p in pairs(rnd)] == [(1, 5), (2, 3)]


def test_mon_4_lists_are_stable_re_sorts_in_dsu_and_school() -> None:
    """MON-4: DSU-2 and SKOL-1 lists are the previous list stably re-sorted by score."""
    for system in ("dsu", "school"):
        rng = random.Random(8)
        t = make(system, 9, rounds=5, scoring=_scoring(system))
        impl = get_system(system)
        previous = list(impl.round_list(t, 0))
        for r in range(1, 5):
            pair(t)
            finish(t, "".join(rng.choice("10=") for _ in t.round(r).games))
            scores = t.scores(r)
            previous = sorted(previous, key=lambda p: -scores[p])
            assert list(impl.round_list(t, r)) == previous


@pytest.mark.parametrize("system", SYSTEMS)
def test_konrad_players_meet_again_with_reversed_colours(system: str) -> None:
    """Konrad (setting ``konrad``): two players may meet up to N times; on a repeat
    the colours of their latest game are reversed."""
    t = make(system, 2, rounds=3, scoring=_scoring(system), konrad=3)
    first = pairs(pair(t))
    finish(t, "=")
    second = pairs(pair(t))
    finish(t, "1")
    third = pairs(pair(t))
    assert second == [first[0][::-1]] and third == first
    finish(t, "0")
    t.settings = t.settings.replace(rounds=4)
    with pytest.raises(NoPairingPossible):
        pair_round(t)  # a fourth meeting is over the limit


@pytest.mark.parametrize("system", SYSTEMS)
def test_konrad_limit_two_over_a_long_tournament(system: str) -> None:
    """Konrad N = 2 over 8 rounds with 6 players: nobody meets anyone three times."""
    rng = random.Random(4)
    t = make(system, 6, rounds=8, scoring=_scoring(system), konrad=2)
    for _round in range(1, 9):
        rnd = pair(t)
        finish(t, "".join(rng.choice("10=") for _ in rnd.games))
    meetings = Counter(frozenset(g.players) for r in t.rounds for g in r.games)
    assert max(meetings.values()) <= 2
    last: dict[frozenset[int], int] = {}
    for r in t.rounds:
        for g in r.games:
            key = frozenset(g.players)
            if key in last:
                assert g.white == last[key], "colours reverse on a repeat"
            last[key] = g.black


@pytest.mark.parametrize("system", SYSTEMS)
def test_mon_3_rematch_trap_forces_breaking_up_every_pair(system: str) -> None:
    """MON-3 / NSF-9D adversarial: the last of 300 players may only meet no. 1, so the
    hand procedure would break up all 149 pairs; the pruned search answers at once."""
    n = 300
    t = make(system, n, rounds=5, scoring=_scoring(system))
    groups = tuple(ForbiddenGroup((p, n)) for p in range(2, n))
    t.settings = t.settings.replace(forbidden=groups)
    rnd = pair_round(t)
    got = [tuple(sorted(p)) for p in pairs(rnd)]
    assert got[0] == (1, n)
    assert got[1:] == [(i, i + 1) for i in range(2, n - 1, 2)]


@pytest.mark.parametrize("system", SYSTEMS)
def test_mon_3_large_score_group_that_cannot_meet(system: str) -> None:
    """NSF-9C adversarial: a group of 100 players none of whom may meet each other
    (one forbidden group) must all be paired with the other 100, in list order."""
    t = make(system, 200, rounds=5, scoring=_scoring(system))
    t.settings = t.settings.replace(forbidden=(ForbiddenGroup(tuple(range(1, 101))),))
    got = [tuple(sorted(p)) for p in pairs(pair_round(t))]
    assert got == [(i, 100 + i) for i in range(1, 101)]


def _perfect_exists(players: list[int], can) -> bool:
    if not players:
        return True
    top, rest = players[0], players[1:]
    return any(can(top, v) and _perfect_exists([x for x in rest if x != v], can) for v in rest)


@pytest.mark.parametrize("system", SYSTEMS)
def test_mon_3_rounds_about_players_stops_only_when_truly_impossible(system: str) -> None:
    """Rounds ~ players (10 players, 9 rounds): every round is paired without a
    rematch, and the procedure gives up only when no pairing exists at all."""
    for seed in range(6):
        rng = random.Random(seed)
        t = make(system, 10, rounds=9, scoring=_scoring(system))
        conv = get_system(system).conventions
        for r in range(1, 10):
            try:
                rnd = pair(t)
            except NoPairingPossible:
                facts = collect(t, r, conv=conv)
                assert not _perfect_exists(list(range(1, 11)), lambda a, b: b not in facts[a].met)
                break
            finish(t, "".join(rng.choice("10=") for _ in rnd.games))
        meetings = Counter(frozenset(g.players) for x in t.rounds for g in x.games)
        assert max(meetings.values()) == 1


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", range(4))
def test_whole_tournament_with_withdrawals_byes_and_forfeits(system: str, seed: int) -> None:
    """All four systems pair a tournament from round 1 to the end with a withdrawal,
    a late forfeit, absences and byes; the absolute rules hold in every round."""
    rng = random.Random(100 + seed)
    n, rounds = 23, 7
    t = make(system, n, rounds=rounds, scoring=_scoring(system))
    impl = get_system(system)
    for r in range(1, rounds + 1):
        if r == 3:
            t.players = [p.replace(withdrawn_after=2) if p.start_no == 7 else p for p in t.players]
        if r == 4:
            t.set_round(Round(4, (), (Bye(11, Result.HALF_BYE),)))
        facts = collect(t, r, conv=impl.conventions)
        rnd = pair_round(t)
        t.set_round(rnd)
        players = [p for g in rnd.games for p in g.players]
        assert len(players) == len(set(players))
        assert 7 not in rnd.players or r <= 2
        for g in rnd.games:
            assert g.black not in facts[g.white].met, "no rematch"
        if system == "nsf" and r < rounds:
            for g in rnd.games:
                for p, c in ((g.white, Colour.WHITE), (g.black, Colour.BLACK)):
                    s = ColourState(facts[p].colours)
                    assert s.allowed & (1 if c is Colour.WHITE else 2), "NSF-7A/7B"
        b = bye_of(rnd)
        if b is not None:
            assert facts[b].byes == 0
        codes = "".join(rng.choice("10=10=+") for _ in rnd.games)
        finish(t, codes)
    assert all(t.round(r) is not None for r in range(1, rounds + 1))


@pytest.mark.parametrize("system", SYSTEMS)
def test_mon_5_bye_trap_with_many_players(system: str) -> None:
    """MON-5 / NSF-12A adversarial: of 301 players, no. 1 may only meet no. 301, so
    the bye cannot go to the lowest-placed; it goes to no. 300 and 1 meets 301."""
    n = 301
    t = make(system, n, rounds=5, scoring=_scoring(system))
    t.settings = t.settings.replace(forbidden=tuple(ForbiddenGroup((1, p)) for p in range(2, n)))
    rnd = pair_round(t)
    assert bye_of(rnd) == 300
    got = [tuple(sorted(p)) for p in pairs(rnd)]
    assert got[0] == (1, n) and got[1:] == [(i, i + 1) for i in range(2, 299, 2)]


@pytest.mark.parametrize("system", ["ssf", "dsu", "school"])
def test_mon_4_dsu_7_check_and_explain_re_pair_a_round_from_the_list_it_was_paired_from(
        system: str) -> None:
    """MON-4 with DSU-7 (issue 36 item 1): a result of round 1 corrected after round 2
    was paired does not make round 2 "differ from the rules": ``check`` and ``explain``
    re-pair it from the list it was paired from, as written then.  (NSF-5 makes each
    list afresh from the points: there the corrected result counts.)"""
    t = make(system, 6, rounds=5, scoring=_scoring(system))
    pair(t)
    finish(t, "10=")
    written = pair(t).paired_from
    finish(t, "1=0")
    late_result(t, 1, *t.round(1).games[0].players, "0")  # 1-0 typed, 0-1 meant
    assert check_tournament(t) == []
    assert explain_round(t, 2).order == list(written)
