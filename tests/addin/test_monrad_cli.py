"""``monrad pair FILE --system nsf|ssf|dsu|school --format pairs`` on TRF files.

A whole tournament goes through the command line: the file names the system
(record ``192 CUSTOM_SWISS`` plus the system in the settings), each round is paired
by the CLI and written back, results are entered into the file, and the CLI's pairs
equal what the engine gives for the same tournament.
"""

from __future__ import annotations

import random

import pytest
from test_monrad_kit import CODES, make

from monrad.addin import cli
from monrad.converters import trf
from monrad.engine.model import Game, Round, Scoring
from monrad.engine.pairing import pair_round


@pytest.mark.parametrize("system", ["nsf", "ssf", "dsu", "school"])
def test_cli_pairs_a_whole_monrad_tournament_from_trf(system: str, tmp_path, capsys) -> None:
    """NSF-9A / SSF-5 / DSU-3 / SKOL-4 through the CLI: same pairs as the engine."""
    rng = random.Random(len(system))
    scoring = Scoring.school() if system == "school" else Scoring()
    t = make(system, 9, rounds=4, scoring=scoring)
    path = tmp_path / f"{system}.trf"
    path.write_text(trf.write_trf(t), encoding="utf-8")
    assert "192 CUSTOM_SWISS" in path.read_text(encoding="utf-8")
    for r in range(1, 5):
        model = trf.read_trf(path.read_text(encoding="utf-8"))
        assert model.settings.system == system
        expected = pair_round(model)
        capsys.readouterr()
        assert cli.main(["pair", str(path), "--format", "pairs"]) == 0
        lines = capsys.readouterr().out.split()
        got = [(int(a), int(b)) for a, b in zip(lines[::2], lines[1::2])]
        want = [(g.white, g.black) for g in expected.games] + [(b.player, 0) for b in expected.byes]
        assert got == want, f"round {r}"
        model = trf.read_trf(path.read_text(encoding="utf-8"))
        rnd = model.round(r)
        games = tuple(Game(g.white, g.black, CODES[rng.choice("10=")][0]) for g in rnd.games)
        model.set_round(Round(r, games, rnd.byes))
        path.write_text(trf.write_trf(model), encoding="utf-8")
