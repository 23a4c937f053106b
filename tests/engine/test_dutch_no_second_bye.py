"""No second pairing-allocated bye (FIDE C.04.3 C.2 with C.04.1; issue 31 item 2).

A player who already had the pairing-allocated bye, or scored a win without playing
(forfeit win, full-point bye), may not get it again.  In an odd field the player left
over must be one who may; when none can be (nobody may, or none of those who may can
be left out with the others all paired) there is no legal pairing.

``tests/data/oracle/dutch-nobye`` holds tournaments in which the reference engine's
generator stopped with "No valid pairing exists for round K" (see
``oracle/generate.py``): every round before K pairs as the reference paired it, and
round K has no legal pairing.  The checker says so for a file that gave a second bye.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from conftest import DATA
from test_dutch_oracle import replay

from monrad.converters import trf
from monrad.engine.check import check_tournament
from monrad.engine.model import Tournament
from monrad.engine.pairing import NoPairingPossible, pair_round
from monrad.engine.systems.dutch import infer_initial_colour

FILES = sorted((DATA / "oracle" / "dutch-nobye").glob("*.trf"))


@lru_cache(maxsize=4)
def _load(path: Path) -> Tournament:
    return trf.read_trf(path)


def _stuck(t: Tournament) -> int:
    """The round the reference could not pair: the first without games."""
    return max(r.number for r in t.rounds if r.games) + 1


def _before(t: Tournament) -> Tournament:
    """The tournament as it stood when round ``_stuck`` was to be paired."""
    work = t.copy()
    work.settings = t.settings.replace(initial_colour=infer_initial_colour(t))
    return work


def test_the_nobye_set_is_there() -> None:
    assert len(FILES) >= 12
    assert all(len(_load(p).players) % 2 for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_c04_3_c2_rounds_before_equal_the_reference(path: Path) -> None:
    t = _load(path)
    for k in range(1, _stuck(t)):
        ours, theirs = replay(t, k)
        assert {(g.white, g.black) for g in ours.games} == {
            (g.white, g.black) for g in theirs.games}, f"round {k}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_c04_3_c2_no_legal_pairing_without_a_player_who_may_get_the_bye(path: Path) -> None:
    t = _before(_load(path))
    with pytest.raises(NoPairingPossible, match=r"round \d+: "):
        pair_round(t, "dutch", round_no=_stuck(t))


def test_c04_3_c2_says_why_when_nobody_may_get_the_bye() -> None:
    t = _before(_load(DATA / "oracle" / "dutch-nobye" / "nobye_n0005_r07_s1_ff3.trf"))
    with pytest.raises(NoPairingPossible, match="none of them may get the pairing-allocated "
                                                "bye.*C.04.3 C.2"):
        pair_round(t, "dutch", round_no=5)


#: the no-bye tournaments with their stuck round paired anyway, a second bye given
#: (``tests/data/bbp/record.py``): the reference checker says "No valid pairing exists"
SECOND_BYE = sorted((DATA / "bbp").glob("nobye_*_secondbye.trf"))


@pytest.mark.parametrize("path", SECOND_BYE, ids=[p.stem for p in SECOND_BYE])
def test_c04_3_c2_checker_reports_no_valid_pairing(path: Path) -> None:
    t = trf.read_trf(path)
    k = max(r.number for r in t.rounds)
    report = (path.with_suffix(".check")).read_text(encoding="ascii")
    assert f"No valid pairing exists for round {k}." in report
    diffs = check_tournament(t)
    assert [d.round for d in diffs] == [k]
    assert diffs[0].error is not None and diffs[0].error.startswith("no valid pairing exists")
