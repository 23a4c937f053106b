"""One huge score group with a history, and the memory limit (issue 31 item 4).

A field of 1,000 players after four rounds of nothing but draws is one score group
whose players have met four opponents each and have colour preferences both ways.
The general procedure pairs such a bracket with weighted matchings over every pair
(``O(n^2)`` memory, ``O(n^3)`` time: 309 s and 771 MB before); the class shortcut
(:mod:`monrad.engine.dutch.shortcut`) must pair it -- exactly as the reference did
(``tests/data/oracle/dutch-draws``) -- without declining.  Whatever the input, the
general procedure is refused before it starts when it would need more memory than
the limit (:mod:`monrad.engine.dutch.budget`), with a one-line message.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from conftest import DATA
from test_dutch_fast_paths import Tally, _counting
from test_dutch_oracle import replay

from monrad.converters import trf
from monrad.engine import matching
from monrad.engine.dutch import brackets, budget, shortcut
from monrad.engine.model import Round
from monrad.engine.pairing import PairingTooLarge, pair_round
from monrad.engine.systems.dutch import infer_initial_colour

DRAWS_1000 = DATA / "oracle" / "dutch-draws" / "draws_n1000_r09_s4108.trf"


@pytest.mark.parametrize("k", [2, 5, 9])
def test_c04_3_4_2_huge_score_group_is_paired_by_classes_as_the_reference(
        k: int, monkeypatch: pytest.MonkeyPatch) -> None:
    t = trf.read_trf(DRAWS_1000)
    tally = Tally()
    with _counting(monkeypatch, tally):
        ours, theirs = replay(t, k)
    assert {(g.white, g.black) for g in ours.games} == {(g.white, g.black) for g in theirs.games}
    assert tally.plans == 1 and tally.declines == 0, tally


def _history(k: int):
    t = trf.read_trf(DRAWS_1000)
    t.settings = t.settings.replace(initial_colour=infer_initial_colour(t))
    t.rounds = [r for r in t.rounds if r.number < k]
    return t


def test_memory_limit_refuses_the_general_procedure_before_it_starts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the shortcut off, round 5 of the 1,000 players needs the general
    procedure: about 760 MB.  Under a 100 MB limit the round is refused with one
    line naming the figures and the setting, before any weighted matching runs."""
    monkeypatch.setattr(brackets, "SHORTCUT_MIN", 10**9)

    def no_matching(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a weighted matching ran")

    monkeypatch.setattr(brackets, "max_weight_matching", no_matching)
    monkeypatch.setattr(matching, "max_weight_matching", no_matching)
    t = _history(5)
    t.settings = t.settings.replace(options={"dutch_memory_mb": 100})
    with pytest.raises(PairingTooLarge) as refused:
        pair_round(t, "dutch", round_no=5)
    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith("round 5: ") and "1000 players" in message
    assert "limit of 100 MB (setting dutch_memory_mb)" in message


def test_memory_limit_refusal_is_one_line_from_monrad_pair_and_keeps_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``monrad pair`` on a TRF whose ``XMN option dutch_memory_mb 100`` the round
    would exceed: exit 2 (bad input), one line naming the file, the figures and the
    setting, and the file as it was (nothing written, no backup needed)."""
    from monrad.addin.cli import main

    monkeypatch.setattr(brackets, "SHORTCUT_MIN", 10**9)  # the general procedure
    t = _history(5)
    t.settings = t.settings.replace(options={"dutch_memory_mb": 100})
    src = tmp_path / "draws.trf"
    src.write_text(trf.write_trf(t), encoding="utf-8", newline="")
    assert "XMN option dutch_memory_mb 100" in src.read_text(encoding="utf-8")
    before = src.read_bytes()
    code = main(["pair", str(src)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "Traceback" not in err and err.count("\n") == 1, err
    assert err.startswith("monrad: ") and "draws.trf" in err
    assert "round 5: " in err and "limit of 100 MB (setting dutch_memory_mb)" in err
    assert src.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["draws.trf"]


def test_memory_limit_is_a_setting_and_the_default_lets_the_reference_rounds_pass() -> None:
    t = _history(3)
    t.settings = t.settings.replace(options={"dutch_memory_mb": "lots"})
    with pytest.raises(Exception, match="dutch_memory_mb must be a whole number"):
        pair_round(t, "dutch", round_no=3)
    assert budget.MEMORY_LIMIT_MB >= budget.matching_mb(1000)
    t.settings = t.settings.replace(options={"dutch_memory_mb": 1})
    # the shortcut pairs the round: no matching, nothing to refuse
    assert isinstance(pair_round(t, "dutch", round_no=3), Round)


@pytest.mark.parametrize("module", [budget, shortcut])
def test_docstring_examples(module) -> None:  # type: ignore[no-untyped-def]
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0
