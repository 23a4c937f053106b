"""Baku acceleration named without its virtual points (FIDE C.04.5.1; issue 31 item 1).

``tests/data/oracle/dutch-baku`` holds tournaments that name ``192 FIDE_DUTCH_2025_BAKU``
and list no virtual points (no ``250`` lines), every round paired by the reference
engine with the points it computes itself (see ``oracle/generate.py``).  Every round
must pair exactly as there, and the checker (``monrad check``) must agree with the
pairing.  The ``_fide250`` files have a field of 1 or 2 players modulo 4, where the
reference's group A is one player smaller than C.04.5.1's: they were paired by the
reference with the rule's points given as ``250`` lines.
"""

from __future__ import annotations

import doctest
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import pytest
from conftest import DATA
from test_dutch_oracle import replay

from monrad.converters import trf
from monrad.engine.check import check_tournament
from monrad.engine.dutch import baku
from monrad.engine.dutch.baku import accelerations, group_a_size
from monrad.engine.model import Colour, Player, Result, Scoring, Settings, Tournament
from monrad.engine.pairing import PairingError, pair_round

FILES = sorted((DATA / "oracle" / "dutch-baku").glob("*.trf"))


@lru_cache(maxsize=4)
def _load(path: Path) -> Tournament:
    return trf.read_trf(path)


def _cases() -> list:
    out = []
    for path in FILES:
        t = _load(path)
        out += [pytest.param(path, k, id=f"{path.stem}/r{k}")
                for k in range(1, max(r.number for r in t.rounds) + 1)]
    return out


def test_the_baku_set_names_the_acceleration_alone() -> None:
    assert len(FILES) >= 20
    for path in FILES:
        t = _load(path)
        assert t.settings.accelerated and t.settings.rounds
        assert not any(p.acceleration for p in t.players), path.name
    assert any(len(_load(p).players) % 4 in (1, 2) for p in FILES)
    assert any(len(_load(p).players) % 4 in (0, 3) for p in FILES)


@pytest.mark.parametrize(("path", "k"), _cases())
def test_c04_5_1_virtual_points_computed_when_baku_is_named_alone(path: Path, k: int) -> None:
    ours, theirs = replay(_load(path), k)
    assert {(g.white, g.black) for g in ours.games} == {(g.white, g.black) for g in theirs.games}
    assert ({b.player for b in ours.byes if b.result is Result.PAIRING_BYE}
            == {b.player for b in theirs.byes if b.result is Result.PAIRING_BYE})


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_c04_5_1_checker_agrees_with_the_pairing(path: Path) -> None:
    """``monrad check`` re-pairs every round with the same virtual points."""
    assert check_tournament(_load(path)) == []


def _field(players: int, rounds: int = 9, **kw: object) -> Tournament:
    return Tournament(Settings(rounds=rounds, accelerated=True, **kw),  # type: ignore[arg-type]
                      [Player(n, f"P{n}") for n in range(1, players + 1)])


def test_c04_5_1_group_a_is_half_the_players_rounded_up_to_even() -> None:
    assert [group_a_size(n) for n in (24, 25, 26, 27, 28, 161)] == [12, 14, 14, 14, 14, 82]
    acc = accelerations(_field(25))
    assert [n for n, a in acc.items() if a] == list(range(1, 15))


def test_c04_5_1_nine_rounds_give_a_point_in_three_and_a_half_in_two() -> None:
    """The reference's own example: 24 players, 9 rounds: ``250 1.0 1 3 1 12`` and
    ``250 0.5 4 5 1 12``."""
    acc = accelerations(_field(24))
    half, one = Fraction(1, 2), Fraction(1)
    assert all(acc[n] == (one, one, one, half, half) for n in range(1, 13))
    assert all(acc[n] == () for n in range(13, 25))
    assert accelerations(_field(24, rounds=7))[1] == (one, one, half, half)
    assert accelerations(_field(24, rounds=11))[1] == (one, one, one, half, half, half)


def test_c04_5_1_late_entry_numbered_above_the_last_group_a_player_is_in_group_a() -> None:
    t = _field(24)
    t.players[3] = t.players[3].replace(entered_at=3)  # no. 4 entered in round 3
    acc = accelerations(t)
    # group A was fixed before round 1 among 23 players: 2 * ceil(23 / 4) = 12 of them,
    # the 12th being no. 13; the late no. 4 is numbered above him
    assert [n for n, a in acc.items() if a] == list(range(1, 14))


def test_c04_5_1_virtual_points_given_in_the_file_are_used_as_given() -> None:
    t = _field(24)
    t.players[0] = t.players[0].replace(acceleration=(Fraction(1, 2),))
    acc = accelerations(t)
    assert acc[1] == (Fraction(1, 2),) and acc[2] == ()


def test_c04_5_1_needs_a_draw_worth_half_a_win() -> None:
    t = _field(24, scoring=Scoring(win=Fraction(3), draw=Fraction(1)))
    with pytest.raises(PairingError, match="draw is half a win"):
        pair_round(t, "dutch", round_no=1)
    t = _field(24, scoring=Scoring(win=Fraction(2), draw=Fraction(1)))
    acc = accelerations(t)
    assert acc[1] == (2, 2, 2, 1, 1)


def test_c04_5_1_first_round_pairs_group_a_apart() -> None:
    """Round 1 of 24 players, 9 rounds: group A (1-12, one virtual point) is its
    own score group: 1-7, 2-8 ... and 13-19 ... below."""
    t = _field(24, initial_colour=Colour.WHITE)
    rnd = pair_round(t, "dutch", round_no=1)
    assert {frozenset(g.players) for g in rnd.games} == (
        {frozenset((n, n + 6)) for n in range(1, 7)} | {frozenset((n, n + 6)) for n in range(13, 19)})


@pytest.mark.parametrize("players", [24, 40])
def test_issue39_item3_baku_in_a_2_1_0_tournament_scales_the_virtual_points(
        players: int) -> None:
    """C.04.5.1 is written for 1/1/2/0; in a 2/1/0 tournament the virtual points are a
    win's and a draw's points (2 and 1), as the reference engine gives them: round 5
    pairs as it does (``tests/data/dutch-fields``, recorded), and differently from
    the same round without acceleration."""
    from monrad.addin.cli.bbp import pairs_text

    path = DATA / "dutch-fields" / f"baku-210-{players}.trf"
    t = trf.read_trf(path)
    assert (t.settings.scoring.win, t.settings.scoring.draw) == (2, 1)
    assert accelerations(t)[1] == (2, 2, 2, 1, 1)
    assert pairs_text(t) == path.with_suffix(".pairs").read_text(encoding="ascii")
    t.settings = t.settings.replace(accelerated=False)
    assert pairs_text(t) != path.with_suffix(".pairs").read_text(encoding="ascii")


def test_issue39_item3_the_rule_and_the_difference_from_the_reference_are_written_down() -> None:
    """docs/systems/dutch.md quotes C.04.5.1 on group A and on the point system, and
    says where monrad-bbp's pairing differs from the reference engine's."""
    from conftest import REPO

    text = " ".join((REPO / "docs" / "systems" / "dutch.md").read_text(encoding="utf-8").split())
    assert "rounded up to the nearest even number" in text
    assert "one point for a win, half point for a draw" in text
    assert "`monrad-bbp` differs from the reference" in text


def test_docstring_examples() -> None:
    result = doctest.testmod(baku)
    assert result.failed == 0 and result.attempted > 0
