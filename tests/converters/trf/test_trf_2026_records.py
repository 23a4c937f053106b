"""TRF-2026 details (issue 15 item 3): record ``299`` (abnormal points assignment:
bonus or penalty points that count for pairing and standings), the result codes of a
round not played yet, and what the specification does not define stays an error with
its line."""

from __future__ import annotations

from fractions import Fraction

import pytest

from monrad.converters.errors import InputError
from monrad.converters.trf import parse_trf, write_trf
from monrad.engine.model import (
    Adjustment,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)
from monrad.engine.pairing import pair_round
from monrad.engine.standings import standings


def _round_1(**adjustments: tuple[Adjustment, ...]) -> Tournament:
    """Six players, round 1 played: 1, 2 and 3 won (Dutch, three rounds)."""
    players = [Player(i, f"Player {i}", rating=2100 - 100 * i,
                      adjustments=adjustments.get(f"p{i}", ())) for i in range(1, 7)]
    t = Tournament(Settings(system="dutch", rounds=3), players, [])
    t.set_round(Round(1, tuple(Game(i, i + 3, Result.WIN, Result.LOSS) if i % 2 else
                               Game(i + 3, i, Result.LOSS, Result.WIN) for i in (1, 2, 3)), ()))
    return t


def _text(*records: str) -> tuple[str, int]:
    """TRF-2026 text of :func:`_round_1` with ``records`` appended, and the line
    number of the first of them."""
    text = write_trf(_round_1(), "2026", extensions=False, newline="\n")
    return text + "".join(r + "\n" for r in records), text.count("\n") + 1


def test_trf26_299_penalty_counts_in_standings() -> None:
    """A penalty of one point (blank type, all rounds) on player 1."""
    text, _ = _text("299          -1.0  000    1")
    t = parse_trf(text)
    assert t.player(1).adjustments == (Adjustment(0, Fraction(-1)),)
    assert t.score(1) == 0 and t.score(2) == 1
    table = standings(t, upto=1)
    assert {r.start_no: r.points for r in table.rows}[1] == 0
    assert [r.start_no for r in table.rows][:2] == [2, 3]
    # the file's points column without the penalty is a warning naming the player
    warnings: list[str] = []
    parse_trf(text, warnings=warnings)
    assert len(warnings) == 1 and "player 1" in warnings[0]


def test_trf26_299_bonus_counts_for_pairing() -> None:
    """A bonus point for player 6 after round 1 puts him among the 1-pointers: the
    Dutch pairing of round 2 changes (without it 3 floats down to 4; with it the
    four 1-pointers 1, 2, 3, 6 pair among themselves, 6 v 1 on top)."""
    plain = parse_trf(_text()[0])
    bonus = parse_trf(_text("299           1.0  001    6")[0])
    assert bonus.score(6, 1) == 1 and bonus.score(6, 0) == 0
    assert [g.players for g in pair_round(plain, round_no=2).games] == [(2, 1), (4, 3), (6, 5)]
    assert [g.players for g in pair_round(bonus, round_no=2).games] == [(6, 1), (2, 3), (4, 5)]


def test_trf26_299_typed_assignment_replaces_the_result_points() -> None:
    """Type ``W`` in round 1: that win is worth 0.5 (e.g. a sanction), not 1."""
    t = parse_trf(_text("299 W         0.5  001    3")[0])
    assert t.score(3) == Fraction(1, 2) and t.score(1) == 1


def test_trf26_299_written_back_and_read_again() -> None:
    t = parse_trf(_text("299          -1.0  000    1    2", "299 W         0.5  001    3")[0])
    for version in ("2026", "16"):
        warnings: list[str] = []
        again = parse_trf(write_trf(t, version), warnings=warnings)
        assert not warnings, warnings  # the points column written counts the assignments
        assert [p.adjustments for p in again.players] == [p.adjustments for p in t.players]
        assert again.scores() == t.scores()


@pytest.mark.parametrize(("record", "column", "what"), [
    ("299 Q         1.0  001    1", ":5:", "assignment type"),
    ("299          1.0x  001    1", ":14:", "299 points"),
    ("299           1.0  001    9", ":", "player 9"),
    ("299           1.0  001", ":", "truncated"),
])
def test_trf26_299_errors_name_their_line(record: str, column: str, what: str) -> None:
    text, line = _text(record)
    with pytest.raises(InputError) as err:
        parse_trf(text, name="t.trf")
    assert f"t.trf:{line}{column}" in str(err.value) and what in str(err.value)


def test_trf26_round_not_played_yet_has_a_blank_result() -> None:
    """A paired game of a round not played yet: opponent and colour, blank result
    (ITDX); letter codes are case-insensitive; four blanks equal ``0000``."""
    text, _ = _text()
    rounds = {1: "   2 w  ", 2: "   1 b  ", 3: "0000 - h", 4: "   5 b  ", 5: "   4 w  ",
              6: "     - z"}
    lines = [ln.ljust(101) + rounds[int(ln[4:8])] if ln.startswith("001") else ln
             for ln in text.splitlines()]
    t = parse_trf("\n".join(lines) + "\n")
    r2 = t.round(2)
    assert {g.white_result for g in r2.games} == {Result.UNKNOWN}
    assert {b.player: b.result for b in r2.byes} == {3: Result.HALF_BYE, 6: Result.ZERO_BYE}


def test_trf26_star_is_not_a_result_code() -> None:
    """``*`` (accepted by one public reader) is not defined by TRF-2026: an error with
    its line and column that says what to write instead."""
    text, _ = _text()
    lines = text.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("001    1"))
    lines[k] = lines[k][:98] + "*" + lines[k][99:]
    with pytest.raises(InputError) as err:
        parse_trf("\n".join(lines), name="t.trf")
    assert f"t.trf:{k + 1}:99:" in str(err.value) and "blank result" in str(err.value)
