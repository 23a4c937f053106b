"""The fast paths of the FIDE Dutch engine give the general procedure's pairing.

:func:`monrad.engine.dutch.brackets.pair_field` pairs a round with the cheapest of
three passes that works (see the module docstring of ``brackets``):

* ``bracket``: a bracket paired alone when the next score group can take its
  leftovers, plus the certified class shortcut (:mod:`monrad.engine.dutch.shortcut`)
  for large brackets;
* ``window``: the bracket, the next score group and a buffer below;
* ``full``: every matching sees the whole remaining field (the reference procedure).

C.04.3 fixes one pairing per round (articles 2-4: the criteria C.1-C.21 and then the
rules' order of candidates), so every pass must give exactly the same pairs,
colours and pairing-allocated bye.  These tests play seeded random tournaments
(draws, requested byes, forfeits, a withdrawal, a late entry, Baku acceleration),
pair every round normally and again with the fast paths switched off, and demand
identical rounds; they also check that the shortcut really ran (and really
declined) in those tournaments, and test :func:`~monrad.engine.dutch.shortcut.plan_bracket`
against brute force and :class:`~monrad.engine.dutch.field.Field` on its own.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

import pytest

from monrad.engine.dutch import brackets, shortcut
from monrad.engine.dutch.field import Field
from monrad.engine.dutch.shortcut import BracketPlan, plan_bracket
from monrad.engine.model import (Bye, Colour, Game, Player, Result, Round, Settings,
                                 Tournament)
from monrad.engine.pairing import pair_round
from monrad.engine.systems import dutch as dutch_system

# --------------------------------------------------------------------------------
# simulated tournaments
# --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """What a simulated tournament contains (everything seeded by ``seed``)."""

    players: int
    rounds: int
    seed: int
    #: share of played games drawn
    draws: float = 0.3
    #: requested byes (H/Z/F) entered before pairing rounds 2 ..
    requested_byes: bool = False
    #: share of games ending as a forfeit (+/-)
    forfeits: float = 0.0
    #: one player withdraws after this round
    withdraw_after: int | None = None
    #: one player enters in this round (added to the roster after round 1)
    late_entry: int | None = None
    #: Baku acceleration (C.04.5.1 style virtual points for the top half)
    accelerated: bool = False


@dataclass
class Tally:
    """What the runs saw: shortcut plans and declines, passes that finished."""

    plans: int = 0
    declines: int = 0
    passes: Counter = field(default_factory=Counter)
    rounds: int = 0


def _summary(r: Round) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, str], ...]]:
    """Boards (white, black) in board order and every bye with its kind."""
    return (tuple((g.white, g.black) for g in r.games),
            tuple(sorted((b.player, b.result.value) for b in r.byes)))


@contextmanager
def _general_procedure(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The ``bracket`` pass and the class shortcut switched off: every round is
    paired by the ``window`` pass (or ``full`` when the window is too small)."""
    real = brackets._pair_field

    def no_bracket_pass(players, ctx, mode):  # type: ignore[no-untyped-def]
        if mode == brackets._BRACKET:
            raise brackets._WindowTooSmall
        return real(players, ctx, mode)

    with monkeypatch.context() as m:
        m.setattr(brackets, "SHORTCUT_MIN", 10**9)
        m.setattr(brackets, "_pair_field", no_bracket_pass)
        yield


@contextmanager
def _full_procedure(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every round paired by the ``full`` pass alone (no blank-field answer either)."""
    def full(players, ctx):  # type: ignore[no-untyped-def]
        return brackets._pair_field(players, ctx, brackets._FULL)

    with monkeypatch.context() as m:
        m.setattr(dutch_system, "pair_field", full)
        yield


@contextmanager
def _counting(monkeypatch: pytest.MonkeyPatch, tally: Tally) -> Iterator[None]:
    """Count the shortcut's answers and which pass finished each round."""
    real_shortcut = brackets._shortcut
    real_pass = brackets._pair_field

    def counted_shortcut(*args, **kwargs):  # type: ignore[no-untyped-def]
        plan = real_shortcut(*args, **kwargs)
        if plan is None:
            tally.declines += 1
        else:
            tally.plans += 1
        return plan

    def counted_pass(players, ctx, mode):  # type: ignore[no-untyped-def]
        out = real_pass(players, ctx, mode)
        tally.passes[mode] += 1
        return out

    with monkeypatch.context() as m:
        m.setattr(brackets, "_shortcut", counted_shortcut)
        m.setattr(brackets, "_pair_field", counted_pass)
        yield


def _new_tournament(plan: Plan) -> Tournament:
    t = Tournament(settings=Settings(system="dutch", rounds=plan.rounds,
                                     initial_colour=Colour.WHITE))
    half = plan.players // 2
    for no in range(1, plan.players + 1):
        acc: tuple[Fraction, ...] = ()
        if plan.accelerated and no <= half:
            # Baku: one virtual point in the first rounds, half a point after
            first = max(1, plan.rounds // 4)
            acc = (Fraction(1),) * first + (Fraction(1, 2),) * first
        t.add_player(Player(no, f"Player {no}", rating=2700 - 3 * no, acceleration=acc))
    return t


def _requested_byes(t: Tournament, rnd: int, rng: random.Random) -> tuple[Bye, ...]:
    """A few players who asked for a bye in round ``rnd`` (H, Z or F)."""
    present = [p.start_no for p in t.players if p.plays_in(rnd)]
    kinds = (Result.HALF_BYE, Result.ZERO_BYE, Result.FULL_BYE)
    chosen = rng.sample(present, k=min(len(present) // 20 + 1, 3))
    return tuple(Bye(no, rng.choice(kinds)) for no in sorted(chosen))


def _with_results(r: Round, plan: Plan, rng: random.Random) -> Round:
    games = []
    for g in r.games:
        x = rng.random()
        if x < plan.forfeits:
            res = rng.choice((Result.FORFEIT_WIN, Result.FORFEIT_LOSS))
        elif x < plan.forfeits + plan.draws:
            res = Result.DRAW
        else:
            res = rng.choice((Result.WIN, Result.LOSS))
        games.append(g.with_result(res))
    return Round(r.number, tuple(games), r.byes)


def play(plan: Plan, monkeypatch: pytest.MonkeyPatch, tally: Tally, *,
         full: bool = False) -> None:
    """Play ``plan`` round by round; every round is paired normally and by the
    general procedure (and by the ``full`` pass alone when ``full``), and the three
    must agree exactly."""
    rng = random.Random(plan.seed)
    t = _new_tournament(plan)
    late_no = plan.players + 1
    for rnd in range(1, plan.rounds + 1):
        if plan.late_entry == rnd:
            t.add_player(Player(late_no, "Late entrant", rating=2650, entered_at=rnd))
        pre: tuple[Bye, ...] = ()
        if plan.requested_byes and rnd > 1:
            pre = _requested_byes(t, rnd, rng)
            t.set_round(Round(rnd, (), pre))
        where = f"{plan} round {rnd}"
        with _counting(monkeypatch, tally):
            normal = pair_round(t, "dutch", round_no=rnd)
        with _general_procedure(monkeypatch):
            general = pair_round(t, "dutch", round_no=rnd)
        assert _summary(normal) == _summary(general), where
        if full:
            with _full_procedure(monkeypatch):
                whole = pair_round(t, "dutch", round_no=rnd)
            assert _summary(normal) == _summary(whole), where
        tally.rounds += 1
        t.set_round(_with_results(normal, plan, rng))
        if plan.withdraw_after == rnd:
            gone = rng.choice([p.start_no for p in t.players if p.plays_in(rnd + 1)])
            t.players = [p.replace(withdrawn_after=rnd) if p.start_no == gone else p
                         for p in t.players]


# --------------------------------------------------------------------------------
# 1. the bracket pass (with the shortcut) equals the general procedure
# --------------------------------------------------------------------------------

FAST = [
    pytest.param(Plan(40, 7, seed), id=f"n40-s{seed}") for seed in (1, 2)
] + [
    pytest.param(Plan(100, 9, seed), id=f"n100-s{seed}") for seed in (3,)
]
FAST_ODD = [
    pytest.param(Plan(41, 7, seed), id=f"n41-s{seed}") for seed in (1, 2)
] + [
    pytest.param(Plan(101, 9, seed), id=f"n101-s{seed}") for seed in (3,)
]


@pytest.mark.parametrize("plan", FAST)
def test_bracket_pass_equals_general_procedure_even_field(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    play(plan, monkeypatch, Tally(), full=plan.players <= 60)


@pytest.mark.parametrize("plan", FAST_ODD)
def test_bracket_pass_equals_general_procedure_odd_field(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """Odd fields: the pairing-allocated bye (C.2, C.5, C.9) is the same too."""
    play(plan, monkeypatch, Tally(), full=plan.players <= 60)


@pytest.mark.parametrize("plan", [
    pytest.param(Plan(60, 7, 11, requested_byes=True), id="n60-s11"),
    pytest.param(Plan(61, 7, 12, requested_byes=True, draws=0.5), id="n61-s12-drawish"),
])
def test_bracket_pass_equals_general_procedure_with_requested_byes(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """H/Z/F byes entered before the pairing keep players out of it (C.04.1)
    and count as unplayed rounds afterwards (floats, bye eligibility)."""
    play(plan, monkeypatch, Tally(), full=True)


@pytest.mark.parametrize("plan", [
    pytest.param(Plan(60, 7, 21, forfeits=0.1), id="n60-s21"),
    pytest.param(Plan(59, 7, 22, forfeits=0.1, requested_byes=True), id="n59-s22"),
])
def test_bracket_pass_equals_general_procedure_with_forfeits(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forfeits (+/-) do not count as games for colours or rematches (C.04.3 1.6)."""
    play(plan, monkeypatch, Tally(), full=True)


@pytest.mark.parametrize("plan", [
    pytest.param(Plan(50, 7, 31, withdraw_after=2, late_entry=3), id="n50-s31"),
    pytest.param(Plan(81, 9, 32, withdraw_after=4, late_entry=2, forfeits=0.05,
                      requested_byes=True), id="n81-s32"),
])
def test_bracket_pass_equals_general_procedure_withdrawal_and_late_entry(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """A withdrawn player is not paired any more; a late entrant joins with 0
    points (the field changes parity both times)."""
    play(plan, monkeypatch, Tally(), full=plan.players <= 60)


@pytest.mark.parametrize("plan", [
    pytest.param(Plan(64, 7, 41, accelerated=True), id="n64-s41"),
    pytest.param(Plan(101, 9, 42, accelerated=True), id="n101-s42"),
])
def test_bracket_pass_equals_general_procedure_baku_acceleration(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    """Virtual points (Player.acceleration) change the score groups from round 1 on."""
    play(plan, monkeypatch, Tally(), full=plan.players <= 64)


@pytest.mark.parametrize("plan", [
    pytest.param(Plan(300, 9, 51), id="n300-s51"),
])
def test_bracket_pass_equals_general_procedure_large_field(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    play(plan, monkeypatch, Tally())


SLOW = [
    pytest.param(Plan(n, 9, seed, draws=d, requested_byes=byes, forfeits=ff,
                      withdraw_after=wd, late_entry=late, accelerated=acc),
                 id=f"n{n}-s{seed}", marks=pytest.mark.slow)
    for n, seed, d, byes, ff, wd, late, acc in [
        (120, 101, 0.3, False, 0.0, None, None, False),
        (121, 102, 0.4, True, 0.05, 3, 2, False),
        (150, 103, 0.2, True, 0.0, None, None, True),
        (199, 104, 0.3, False, 0.08, 5, 4, False),
        (200, 105, 0.5, True, 0.02, 2, None, True),
        (251, 106, 0.3, True, 0.03, 4, 3, False),
        (300, 107, 0.35, True, 0.05, 6, 2, True),
        (301, 108, 0.25, False, 0.0, None, None, False),
    ]
]


@pytest.mark.parametrize("plan", SLOW)
def test_bracket_pass_equals_general_procedure_more_seeds(
        plan: Plan, monkeypatch: pytest.MonkeyPatch) -> None:
    play(plan, monkeypatch, Tally(), full=plan.players <= 130)


# --------------------------------------------------------------------------------
# 2. the fast paths are really taken
# --------------------------------------------------------------------------------

def test_shortcut_both_plans_and_declines_in_simulated_tournaments(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparisons above mean something only if the shortcut answered: it must
    have given a plan in many brackets and declined (``None``, general procedure)
    in some, and the ``bracket`` pass must have finished rounds by itself."""
    tally = Tally()
    for plan in (Plan(100, 9, 3), Plan(101, 9, 4, accelerated=True, requested_byes=True)):
        play(plan, monkeypatch, tally)
    assert tally.plans >= 10, tally
    assert tally.declines > 0, tally
    assert tally.passes[brackets._BRACKET] > 0, tally
