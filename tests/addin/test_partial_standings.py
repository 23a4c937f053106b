"""Partial standings (issue 15 item 8): while a round's results are partly in, the
standings rank on what is known and say which boards are missing -- never "no rounds
played" with everyone on zero."""

from __future__ import annotations

import json
from pathlib import Path

from monrad.addin.cli import main
from monrad.converters import save
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament


def _partial(tmp_path: Path) -> Path:
    players = [Player(i, f"Spiller {i}", rating=2000 - 10 * i) for i in range(1, 7)]
    t = Tournament(Settings(system="nsf", rounds=5), players, [])
    t.set_round(Round(1, (Game(1, 4, Result.WIN, Result.LOSS), Game(5, 2), Game(3, 6)), ()))
    f = tmp_path / "partial.trf"
    save(t, f, "trf2026")
    return f


def test_partial_round_ranked_on_known_results_and_boards_named(tmp_path: Path, capsys) -> None:
    f = _partial(tmp_path)
    assert main(["standings", str(f)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Standings after round 1")
    assert "round 1: results are missing on boards 2, 3; ranked on the results in" in out
    first = out.splitlines()[3].split()
    assert first[1:3] == ["1", "Spiller"] and first[4] == "1"  # the winner leads on 1 point


def test_partial_round_json_lists_missing_boards(tmp_path: Path, capsys) -> None:
    assert main(["standings", str(_partial(tmp_path)), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["missing"] == [{"round": 1, "boards": [2, 3]}]
    assert doc["rows"][0]["start_no"] == 1


def test_partial_round_csv_warns_on_stderr(tmp_path: Path, capsys) -> None:
    assert main(["standings", str(_partial(tmp_path)), "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert "missing on boards 2, 3" in captured.err and "missing" not in captured.out
