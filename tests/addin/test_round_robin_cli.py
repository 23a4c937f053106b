"""`monrad pair --system round-robin | double-round-robin | othello-swiss` on TRF files."""

from __future__ import annotations

from pathlib import Path

import pytest

from monrad.addin import cli
from monrad.converters.trf import read_trf, write_trf
from monrad.engine.berger import berger_table, double_round_robin_table
from monrad.engine.model import Player, Round, Settings, Tournament
from monrad.engine.othello.discs import with_discs


def trf(tmp_path: Path, n: int, system: str, rounds: int | None) -> Path:
    t = Tournament(settings=Settings(system="dutch", rounds=rounds), info={"name": "Club"})
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i}", rating=2000 - i))
    path = tmp_path / f"{system}.trf"
    path.write_text(write_trf(t))
    return path


def enter_results(path: Path) -> None:
    t = read_trf(path)
    r = t.round(t.rounds_played)
    t.set_round(Round(r.number, tuple(with_discs(g, 40, 24) for g in r.games), r.byes))
    path.write_text(write_trf(t))


def pairs(capsys: pytest.CaptureFixture[str]) -> list[tuple[int, int]]:
    out = capsys.readouterr().out.split()
    return [(int(a), int(b)) for a, b in zip(out[::2], out[1::2])]


@pytest.mark.parametrize(("system", "n", "table"), [
    ("round-robin", 5, berger_table(5)),
    ("double-round-robin", 4, double_round_robin_table(4)),
])
def test_cli_pair_round_robins_follow_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                system: str, n: int, table) -> None:
    path = trf(tmp_path, n, system, len(table))
    for boards in table:
        assert cli.main(["pair", str(path), "--system", system, "--format", "pairs"]) == 0
        got = pairs(capsys)
        expected = [(w, b) for w, b in boards if max(w, b) <= n] + [
            (min(w, b), 0) for w, b in boards if max(w, b) > n]
        assert got == expected
        enter_results(path)
    assert read_trf(path).settings.system == system


def test_cli_pair_othello_swiss_runs_a_nine_player_event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = trf(tmp_path, 9, "othello-swiss", 7)
    for _ in range(7):
        assert cli.main(["pair", str(path), "--system", "othello-swiss", "--format", "pairs"]) == 0
        got = pairs(capsys)
        assert len(got) == 5 and sum(1 for _, b in got if b == 0) == 1
        enter_results(path)
    t = read_trf(path)
    assert len(t.rounds) == 7
    meetings = [frozenset(g.players) for r in t.rounds for g in r.games]
    assert len(meetings) == len(set(meetings))
    assert cli.main(["pair", str(path), "--system", "othello-swiss"]) == 2  # all rounds paired
