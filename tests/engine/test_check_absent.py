"""``monrad check`` leaves out a player the round does not name (MON-2: a round a
player did not take part in does not enter his pairing; in TRF a blank round block
means "not paired this round", as the reference engine's checker reads it)."""

from __future__ import annotations

from pathlib import Path

from conftest import DATA

from monrad.converters import trf
from monrad.engine.check import _history_for, check_tournament
from monrad.engine.model import Player, Result

FILE = DATA / "oracle" / "dutch" / "dutch_n0012_r07_s5106.trf"


def _with_absentee(tmp_path: Path) -> Path:
    """The reference tournament with a 13th player on the roster who never played:
    his round blocks are blank in the file (written and read back as TRF)."""
    t = trf.read_trf(FILE)
    t.add_player(Player(13, "Absent, Always", rating=1400))
    out = tmp_path / "absentee.trf"
    out.write_text(trf.write_trf(t), encoding="utf-8")
    return out


def test_mon_2_check_leaves_out_a_player_absent_in_every_round(tmp_path: Path) -> None:
    """Without the absentee the reference pairs every round exactly; with him on the
    roster but blank in every round, the check must find the same (before, round 1
    was re-paired with 13 players and someone got the bye)."""
    path = _with_absentee(tmp_path)
    t = trf.read_trf(path)
    assert all(t.round(r).entry(13) is None for r in range(1, 8))
    assert check_tournament(t, "dutch") == []


def test_mon_2_the_absentee_is_out_of_the_re_paired_round(tmp_path: Path) -> None:
    t = trf.read_trf(_with_absentee(tmp_path))
    work = _history_for(t, 1)
    entry = work.round(1).entry(13)
    assert entry is not None and entry.result is Result.ABSENT
    # a player named in the round stays in the pairing
    assert work.round(1).entry(1) is None

