"""TRF's fixed columns: a field too large for them is refused by name, never written
as lines no reader takes back (issue 21: conversions that lose nothing silently).  The
readers refuse such numbers already (``converters/limits.py``); this guards the engine's
own tournaments (a 10,000-player benchmark field) written through the API."""

from __future__ import annotations

from pathlib import Path

import pytest

from monrad.converters.trf import read_trf
from monrad.converters.trf.write import write_trf
from monrad.engine.model import Player, Settings, Tournament


def _field(n: int, rating: int = 2000) -> Tournament:
    return Tournament(settings=Settings(system="dutch", rounds=5),
                      players=[Player(i, f"Player {i}", rating=rating) for i in range(1, n + 1)])


def test_trf_start_numbers_have_four_digits_a_larger_field_is_refused() -> None:
    with pytest.raises(ValueError, match=r"TRF holds start numbers 1 to 9,999: player 10000"):
        write_trf(_field(10_000))


def test_trf_ratings_have_four_digits() -> None:
    t = _field(4)
    t.players[2] = Player(3, "Player 3", rating=12_345)
    with pytest.raises(ValueError, match=r"rating 12345 of player 3"):
        write_trf(t)


def test_trf_a_field_of_9999_is_written_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "big.trf"
    path.write_text(write_trf(_field(9_999)), encoding="utf-8")
    assert len(read_trf(path).players) == 9_999
