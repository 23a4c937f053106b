"""Issue 15 item 1 for the other systems: a player who has had the pairing-allocated
bye does not get it again, whatever it was worth -- the systems count byes, not the
points they brought (NSF-12A, SSF-8, DSU-8, SKOL-3, MON-5, OTH bye at most once).
NSF-12A also keeps out a player who won by walkover, whatever that scored.  Issue 31:
where the rule says "never twice" (SSF-8, SKOL-3, OTH-9) an odd field in which
everyone has had the bye has no legal pairing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from monrad.engine.model import (
    Bye,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.monrad.procedure import NoByeCandidate
from monrad.engine.pairing import pair_round, system_facts


def _after_round_1(system: str, scoring: Scoring, games, bye: int | None) -> Tournament:
    players = [Player(i, f"Player {i}", rating=2000 - 10 * i) for i in range(1, 6)]
    t = Tournament(Settings(system=system, rounds=4, scoring=scoring), players, [])
    t.set_round(Round(1, tuple(games), (Bye(bye, Result.PAIRING_BYE),) if bye else ()))
    return t


def _draw(w: int, b: int, othello: bool) -> Game:
    if othello:
        return Game(w, b, Result.DRAW, Result.DRAW, 32, 32)
    return Game(w, b, Result.DRAW, Result.DRAW)


def _bye_of(rnd: Round) -> int | None:
    return next((b.player for b in rnd.byes if b.result is Result.PAIRING_BYE), None)


@pytest.mark.parametrize("share", [Fraction(0), Fraction(1, 2)])
@pytest.mark.parametrize("system", ["nsf", "ssf", "dsu", "school", "othello-swiss"])
def test_second_pairing_bye_refused_whatever_it_was_worth(system: str, share: Fraction) -> None:
    """Player 3 had the bye in round 1, worth less than a win: after round 1 he is
    alone at the bottom (everyone else drew), yet the bye of round 2 goes to another."""
    othello = system_facts(system).game == "othello"
    base = Scoring.school() if system == "school" else Scoring()
    scoring = Scoring(**{**base.__dict__, "pairing_bye": base.draw * share})
    t = _after_round_1(system, scoring, [_draw(1, 2, othello), _draw(4, 5, othello)], 3)
    assert all(t.score(3, 1) < t.score(p, 1) for p in (1, 2, 4, 5))
    rnd = pair_round(t, round_no=2)
    assert _bye_of(rnd) not in (None, 3)
    assert any(3 in g.players for g in rnd.games)


def test_nsf_12a_walkover_win_keeps_out_of_the_bye_whatever_it_scored() -> None:
    """NSF-12A/12C: a walkover win counts like a bye, even when it scored nothing."""
    scoring = Scoring(forfeit_win=Fraction(0))
    games = [Game(3, 5, Result.FORFEIT_WIN, Result.FORFEIT_LOSS), Game(1, 2, Result.DRAW, Result.DRAW)]
    t = _after_round_1("nsf", scoring, games, 4)
    assert t.score(3, 1) == t.score(5, 1) == 0
    rnd = pair_round(t, round_no=2)
    assert _bye_of(rnd) == 5  # 3 won by walkover, 4 had the bye: 5 is the one left


def _everyone_left_had_the_bye(system: str) -> Tournament:
    """Five players; the byes of rounds 1-3 went to 5, 4 and 3; 1 and 2 withdraw after
    round 3, so the three left (3, 4, 5: only 3 and 4 have met) have all had it."""
    othello = system_facts(system).game == "othello"
    scoring = Scoring.school() if system == "school" else Scoring()
    players = [Player(i, f"Player {i}", rating=2000 - 10 * i,
                      withdrawn_after=3 if i <= 2 else None) for i in range(1, 6)]
    t = Tournament(Settings(system=system, rounds=5, scoring=scoring), players, [])
    for n, boards, bye in ((1, ((1, 2), (3, 4)), 5), (2, ((1, 5), (2, 3)), 4),
                           (3, ((1, 4), (2, 5)), 3)):
        t.set_round(Round(n, tuple(_draw(w, b, othello) for w, b in boards),
                          (Bye(bye, Result.PAIRING_BYE),)))
    return t


@pytest.mark.parametrize(("system", "rule"), [("ssf", "SSF-8"), ("school", "SKOL-3"),
                                              ("othello-swiss", "OTH-9")])
def test_ssf_8_skol_3_oth_9_never_a_second_bye(system: str, rule: str) -> None:
    """"Never twice" (SSF-8, SKOL-3; OTH-9 "at most once"): when every player left has
    had the bye there is no legal pairing (issue 31), not a second bye."""
    t = _everyone_left_had_the_bye(system)
    with pytest.raises(NoByeCandidate, match=rf"3 players to pair and none of them may get the "
                                             rf"bye.*{rule}"):
        pair_round(t, round_no=4)


@pytest.mark.parametrize("system", ["dsu", "nsf"])
def test_dsu_8_nsf_12a_decision_a_second_bye_when_everyone_had_one(system: str) -> None:
    """DSU-8 and NSF-12A name who gets the bye, not "never twice": when everyone left
    has had it, the lowest-placed with the fewest byes gets it again (documented
    decisions, docs/systems/dsu.md and nsf.md)."""
    t = _everyone_left_had_the_bye(system)
    rnd = pair_round(t, round_no=4)
    assert _bye_of(rnd) in (3, 4) and len(rnd.games) == 1
