"""``monrad-bbp`` is a drop-in for the reference engine's command line
(bbpPairings ``--dutch INPUT -p [OUTPUT]`` and ``-c``): on every input recorded in
``tests/data/bbp`` (see its ``record.py``) the pairs file and the checker's report
are the reference engine's byte for byte, and so are the exit codes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA

from monrad.addin.cli import bbp

RECORDED = DATA / "bbp"
CASES = sorted(p.stem for p in RECORDED.glob("*.trf"))


def _codes(name: str) -> tuple[int, int]:
    p, c = (RECORDED / f"{name}.code").read_text(encoding="ascii").split()
    return int(p), int(c)


def _copy(name: str, tmp_path: Path) -> Path:
    src = tmp_path / f"{name}.trf"
    shutil.copyfile(RECORDED / f"{name}.trf", src)
    return src


def test_the_recorded_set_is_there() -> None:
    assert len(CASES) >= 25
    assert any(_codes(n)[0] == 0 for n in CASES) and any(_codes(n)[0] != 0 for n in CASES)
    assert any(b"Checker pairings" in (RECORDED / f"{n}.check").read_bytes() for n in CASES)


@pytest.mark.parametrize("name", CASES)
def test_c04_3_pairs_file_equals_the_reference_engine(name: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``-p OUTPUT`` (a bare name: written beside the input file) writes the
    reference engine's pairs file: pairs count, ``WHITE BLACK`` in board order, the
    bye as ``N 0``; the same exit code where the reference refuses, and the same
    file: none when it refused the request, an empty one when no valid pairing
    exists (C.04.3 C.1-C.4; the reference opens the file before it pairs)."""
    src = _copy(name, tmp_path)
    code = bbp.main(["--dutch", str(src), "-p", "out.pairs"])
    assert code == _codes(name)[0]
    out = tmp_path / "out.pairs"
    recorded = RECORDED / f"{name}.pairs"
    if recorded.exists():
        assert out.read_bytes() == recorded.read_bytes()
    else:
        assert not out.exists()
    if code:
        assert capsys.readouterr().err.strip()


@pytest.mark.parametrize("name", CASES)
def test_c04_3_checker_report_equals_the_reference_engine(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``-c``: one ``FILE: Round #k`` line per round and, under a round that
    differs, the rules' pairings beside the file's, exactly as the reference."""
    src = _copy(name, tmp_path)
    capsys.readouterr()
    code = bbp.main(["--dutch", str(src), "-c"])
    assert code == _codes(name)[1]
    assert capsys.readouterr().out == (RECORDED / f"{name}.check").read_text(encoding="ascii")


def test_pairs_to_stdout_and_through_monrad_bbp(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Without OUTPUT the pairs go to stdout; ``monrad bbp`` takes the same line."""
    from monrad.addin.cli import main as monrad_main

    name = next(n for n in CASES if _codes(n)[0] == 0)
    src = _copy(name, tmp_path)
    expected = (RECORDED / f"{name}.pairs").read_text(encoding="ascii")
    capsys.readouterr()
    assert bbp.main(["--dutch", str(src), "-p"]) == 0
    assert capsys.readouterr().out == expected
    assert monrad_main(["bbp", "--dutch", str(src), "-p"]) == 0
    assert capsys.readouterr().out == expected


def test_the_program_runs_as_a_command(tmp_path: Path) -> None:
    """The installed program (``python -m monrad.addin.cli.bbp`` is what the
    ``monrad-bbp`` script runs) with the reference's exit codes."""
    name = next(n for n in CASES if _codes(n)[0] == 0)
    src = _copy(name, tmp_path)
    run = [sys.executable, "-m", "monrad.addin.cli.bbp"]
    done = subprocess.run(run + ["--dutch", src.name, "-p", "x.txt"], cwd=tmp_path,
                          capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "x.txt").read_bytes() == (RECORDED / f"{name}.pairs").read_bytes()
    missing = subprocess.run(run + ["--dutch", "nope.trf", "-p"], cwd=tmp_path,
                             capture_output=True, text=True, check=False)
    assert missing.returncode == bbp.FILE_ERROR
    assert "nope.trf" in missing.stderr and "Traceback" not in missing.stderr


@pytest.mark.parametrize("argv", [
    ["--burstein", "x.trf", "-p"],
    ["--dutch", "x.trf", "-c", "-l"],
    ["--dutch", "model.trf", "-g", "-o", "t.trf"],
    ["--dutch", "x.trf"],
    ["--swiss", "x.trf", "-p"],
])
def test_what_is_not_supported_is_refused_with_exit_3(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert bbp.main(argv) == bbp.INVALID_REQUEST
    err = capsys.readouterr().err
    assert err.strip() and "Traceback" not in err


def test_a_bad_file_is_an_invalid_request(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A TRF whose points column disagrees with its results: exit 3 (as the
    reference, which refuses such a file), one message naming the file."""
    name = next(n for n in CASES if _codes(n)[0] == 0 and "round1" not in n)
    text = (RECORDED / f"{name}.trf").read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(text) if line.startswith("001"))
    line = text[i]
    text[i] = line[:80] + " 9.5" + line[84:]
    src = tmp_path / "bad.trf"
    src.write_text("\n".join(text) + "\n", encoding="utf-8")
    assert bbp.main(["--dutch", str(src), "-p"]) == bbp.INVALID_REQUEST
    assert "bad.trf" in capsys.readouterr().err


def test_c04_3_c2_no_valid_pairing_leaves_an_empty_pairs_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exit 1 (no valid pairing: nobody left may get the bye, C.2): the reference
    engine creates or empties the ``-p`` file before it pairs, so a platform never
    reads an old file's pairs as the new round's (issue 31 item 3)."""
    name = next(n for n in CASES if _codes(n)[0] == 1)
    src = _copy(name, tmp_path)
    out = tmp_path / "out.pairs"
    out.write_text("3\n1 2\n3 4\n5 0\n", encoding="ascii")  # an old round's pairs
    assert bbp.main(["--dutch", str(src), "-p", str(out)]) == bbp.NO_VALID_PAIRING
    assert out.read_bytes() == b""
    out.unlink()
    assert bbp.main(["--dutch", str(src), "-p", str(out)]) == bbp.NO_VALID_PAIRING
    assert out.exists() and out.read_bytes() == b""
    assert "No valid pairing exists" in capsys.readouterr().err


def test_round_too_large_for_the_memory_limit_exits_4(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A round whose pairing would need more memory than the limit (issue 31 item 4)
    is refused before the matching starts: the reference engine's exit code for a
    request too large for it (4), one line, and an empty pairs file as for exit 1."""
    from monrad.engine.dutch import brackets
    from monrad.engine.systems import dutch

    monkeypatch.setattr(brackets, "SHORTCUT_MIN", 10**9)  # the general procedure
    monkeypatch.setenv(dutch.MEMORY_ENV, "1")  # the user's limit
    name = next(n for n in CASES if n.startswith("dutch_n0200") and n.endswith("round2"))
    src = _copy(name, tmp_path)
    out = tmp_path / "out.pairs"
    out.write_text("1\n1 2\n", encoding="ascii")
    assert bbp.main(["--dutch", str(src), "-p", str(out)]) == bbp.LIMIT_EXCEEDED
    assert out.read_bytes() == b""
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "limit of 1 MB (MONRAD_DUTCH_MEMORY_MB)" in err
def _with_option(name: str, tmp_path: Path, value: str) -> Path:
    """The recorded input ``name`` with ``XMN option dutch_memory_mb VALUE`` added."""
    src = _copy(name, tmp_path)
    text = src.read_text(encoding="ascii")
    src.write_text(text.rstrip("\n") + f"\nXMN option dutch_memory_mb {value}\n",
                   encoding="ascii")
    return src


def test_issue40_item5_a_file_may_lower_the_memory_limit_never_raise_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The user's limit (``MONRAD_DUTCH_MEMORY_MB``) holds whatever a stranger's TRF
    says: ``XMN option dutch_memory_mb 100000`` does not lift it."""
    from monrad.engine.dutch import brackets
    from monrad.engine.systems import dutch

    monkeypatch.setattr(brackets, "SHORTCUT_MIN", 10**9)  # the general procedure
    monkeypatch.setenv(dutch.MEMORY_ENV, "1")
    name = next(n for n in CASES if n.startswith("dutch_n0200") and n.endswith("round2"))
    src = _with_option(name, tmp_path, "100000")
    assert bbp.main(["--dutch", str(src), "-p", str(tmp_path / "out.pairs")]) == \
        bbp.LIMIT_EXCEEDED
    assert "limit of 1 MB (MONRAD_DUTCH_MEMORY_MB)" in capsys.readouterr().err
    monkeypatch.delenv(dutch.MEMORY_ENV)  # the default, 1,024 MB, pairs it
    assert bbp.main(["--dutch", str(src), "-p", str(tmp_path / "out.pairs")]) == bbp.OK
    src = _with_option(name, tmp_path, "1")  # lowering is the file's right
    assert bbp.main(["--dutch", str(src), "-p", str(tmp_path / "out.pairs")]) == \
        bbp.LIMIT_EXCEEDED
    assert "limit of 1 MB (setting dutch_memory_mb)" in capsys.readouterr().err


@pytest.mark.parametrize("mode", ["-c", "-p"])
def test_issue40_item14_a_bad_memory_setting_is_bad_input_in_one_line(
        mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``XMN option dutch_memory_mb 0``: the reference's code for bad input (3)
    and one line naming the file, for the checker as for pairing (the checker
    answered exit 2, "unexpected error: PairingError")."""
    name = next(n for n in CASES if n.startswith("dutch_n0200") and n.endswith("round2"))
    src = _with_option(name, tmp_path, "0")
    args = ["--dutch", str(src), mode] + ([str(tmp_path / "out.pairs")] if mode == "-p" else [])
    assert bbp.main(args) == bbp.INVALID_REQUEST
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert src.name in err and "dutch_memory_mb must be a whole number of MB" in err
    assert "unexpected" not in err


def test_issue40_item14_check_of_a_round_too_large_exits_4(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The checker re-pairs every round: one too large for the limit is the
    reference's exit 4 and one line, as when pairing."""
    from monrad.converters import trf
    from monrad.engine.dutch import brackets
    from monrad.engine.pairing import pair_round
    from monrad.engine.systems import dutch

    name = next(n for n in CASES if n.startswith("dutch_n0200") and n.endswith("round2"))
    src = _copy(name, tmp_path)
    t = trf.read_trf(src)
    t.set_round(pair_round(t, "dutch"))  # round 2 paired, for the checker to re-pair
    src.write_text(trf.write_trf(t), encoding="utf-8")
    monkeypatch.setattr(brackets, "SHORTCUT_MIN", 10**9)
    monkeypatch.setenv(dutch.MEMORY_ENV, "1")
    assert bbp.main(["--dutch", str(src), "-c"]) == bbp.LIMIT_EXCEEDED
    out, err = capsys.readouterr()
    assert err.count("\n") == 1 and "limit of 1 MB (MONRAD_DUTCH_MEMORY_MB)" in err, err


