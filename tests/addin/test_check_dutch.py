"""``check_tournament``: re-pair every round from its own history and report the
rounds that differ from the rules, board by board."""

from __future__ import annotations

from conftest import DATA

from monrad.converters import trf
from monrad.engine.check import RoundDifference, check_tournament  # noqa: E402
from monrad.engine.model import Game, Round  # noqa: E402

FILE = DATA / "oracle" / "dutch" / "dutch_n0012_r07_s5106.trf"
FORFEITS = DATA / "oracle" / "dutch" / "dutch_n0011_r06_s5105_ff-zb-hb.trf"



def test_check_passes_an_untouched_reference_tournament() -> None:
    assert check_tournament(trf.read_trf(FILE), "dutch") == []


def test_check_passes_forfeits_and_requested_byes() -> None:
    assert check_tournament(trf.read_trf(FORFEITS), "dutch") == []


def test_check_flags_swapped_colours_board_by_board() -> None:
    t = trf.read_trf(FILE)
    r4 = t.round(4)
    g = r4.games[0]
    swapped = Game(g.black, g.white, g.black_result, g.white_result)
    t.set_round(Round(4, (swapped,) + r4.games[1:], r4.byes))
    diffs = check_tournament(t, "dutch")
    assert [d.round for d in diffs][:1] == [4]
    d = diffs[0]
    assert isinstance(d, RoundDifference)
    assert len(d.boards) == 1
    assert d.boards[0].expected == (g.white, g.black)
    assert d.boards[0].actual == (g.black, g.white)
    text = str(d)
    assert text.startswith("round 4: differs from the dutch rules")
    assert f"rules {g.white}-{g.black}, file {g.black}-{g.white}" in text


def test_check_flags_exchanged_opponents() -> None:
    t = trf.read_trf(FILE)
    r6 = t.round(6)
    a, b = r6.games[0], r6.games[1]
    moved = (Game(a.white, b.black, a.white_result), Game(b.white, a.black, b.white_result))
    t.set_round(Round(6, moved + r6.games[2:], r6.byes))
    diffs = check_tournament(t, "dutch")
    assert diffs and diffs[0].round == 6
    assert {x.expected for x in diffs[0].boards} == {(a.white, a.black), (b.white, b.black)}
