"""``monrad-bbp -g``: FIDE's Random Tournament Generator (C.04.A; issue 41 item 3),
with the reference engine's configuration keys, seed and output.

``tests/data/bbp/generator/`` holds configuration files and what **bbpPairings
v6.0.0** wrote for them (``-g CONFIG -o OUT -s SEED``, with its exit code): monrad's
generator writes the same bytes, so every round of every file is paired by monrad's
Dutch system exactly as by the reference, the random numbers drawn the same way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import DATA

from monrad.addin.cli import bbp
from monrad.converters.trf import read_trf

GEN = DATA / "bbp" / "generator"
#: (configuration, seed, the reference's exit code) of every recorded output
CASES = sorted((p.name.split("_s")[0], int(p.stem.split("_s")[1].split("_")[0]),
                int(p.stem.rsplit("_rc", 1)[1]))
               for p in GEN.glob("*_s*_rc*.trf"))


def _generate(tmp_path: Path, config: str, seed: int) -> tuple[int, bytes]:
    cfg = tmp_path / f"{config}.cfg"
    shutil.copy(GEN / f"{config}.cfg", cfg)
    code = bbp.main(["--dutch", "-g", str(cfg), "-o", "out.trf", "-s", str(seed)])
    return code, (tmp_path / "out.trf").read_bytes()


def test_issue41_item3_recorded_cases_are_there() -> None:
    assert len(CASES) >= 20 and {c for _, _, c in CASES} == {0, 1}


@pytest.mark.parametrize("config, seed, code", CASES)
def test_issue41_item3_generated_tournament_equals_the_reference(
        tmp_path: Path, config: str, seed: int, code: int) -> None:
    got_code, got = _generate(tmp_path, config, seed)
    assert got_code == code
    assert got == (GEN / f"{config}_s{seed}_rc{code}.trf").read_bytes()


@pytest.mark.parametrize("config, seed, code", [c for c in CASES if c[2] == 0][:6])
def test_issue41_item3_generated_tournament_passes_monrads_checker(
        tmp_path: Path, config: str, seed: int, code: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    _generate(tmp_path, config, seed)
    capsys.readouterr()
    assert bbp.main(["--dutch", str(tmp_path / "out.trf"), "-c"]) == bbp.OK
    report = capsys.readouterr().out
    t = read_trf(tmp_path / "out.trf")
    assert report.count("Round #") == t.rounds_played
    assert "Checker pairings" not in report and "No valid pairing" not in report


def test_issue41_item3_reproducible_from_its_seed(tmp_path: Path) -> None:
    config = next(c for c, _, code in CASES if code == 0)
    first = _generate(tmp_path, config, 4242)[1]
    assert _generate(tmp_path, config, 4242)[1] == first
    assert _generate(tmp_path, config, 4243)[1] != first
    assert first.startswith(b"012 AutoTest Tournament 4242\r")


def test_issue41_item3_settings_drawn_when_no_file_names_them(tmp_path: Path) -> None:
    """Without a configuration file every setting is drawn from the seed (15-215
    players, 5-15 rounds), as the reference draws them: seed 11 gives 15 players."""
    code = bbp.main(["--dutch", "-g", "-o", str(tmp_path / "r.trf"), "-s", "11"])
    t = read_trf(tmp_path / "r.trf")
    assert code in (bbp.OK, bbp.NO_VALID_PAIRING)
    assert 15 <= len(t.players) <= 215 and 2400 <= t.players[0].rating <= 2800


@pytest.mark.parametrize("text, words", [
    ("PlayersNumber=12\nColours=7\n", "2: unknown key 'Colours'"),
    ("PlayersNumber=twelve\n", "1: the value of PlayersNumber is not valid"),
    ("# ok\nForfeitRate=0.5\n", "2: the value of ForfeitRate is not valid"),
    ("PlayersNumber\n", "1: cannot read the line"),
    ("PlayersNumber=99999\n", "PlayersNumber"),
])
def test_issue41_item3_a_bad_configuration_is_one_line(
        tmp_path: Path, text: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "bad.cfg"
    cfg.write_text(text, encoding="utf-8")
    assert bbp.main(["--dutch", "-g", str(cfg), "-o", "x.trf", "-s", "1"]) == bbp.INVALID_REQUEST
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.trf").exists()


def test_issue41_item3_refusals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert bbp.main(["--dutch", "model.trf", "-g", "-o", "t.trf"]) == bbp.INVALID_REQUEST
    assert "model files" in capsys.readouterr().err
    assert bbp.main(["--dutch", "-g", "-o", "t.trf", "-s", "x"]) == bbp.LIMIT_EXCEEDED
    assert "The seed must be between 0 and" in capsys.readouterr().err
    assert bbp.main(["--dutch", "-g", str(tmp_path / "none.cfg"), "-o", "t.trf"]) == bbp.FILE_ERROR
