"""A mistyped command or system name gets "did you mean" (issue 15 item 10), one line
on stderr, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from monrad.addin.cli import main
from monrad.engine.pairing import PairingError, get_system

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "club.trf"


@pytest.mark.parametrize(("typed", "meant"), [("pari", "pair"), ("standing", "standings"),
                                               ("covnert", "convert")])
def test_mistyped_command_did_you_mean(capsys, typed: str, meant: str) -> None:
    assert main([typed, str(EXAMPLE)]) == 2
    err = capsys.readouterr().err
    assert err == f"monrad: unknown command {typed!r}; did you mean {meant!r}?\n"


def test_unknown_command_lists_the_commands(capsys) -> None:
    assert main(["zzzz"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pair, standings" in err


@pytest.mark.parametrize(("typed", "meant"), [("nfs", "nsf"), ("othelo", "othello-swiss"),
                                               ("skool", "school"), ("duth", "dutch")])
def test_mistyped_system_did_you_mean(typed: str, meant: str) -> None:
    with pytest.raises(PairingError, match=f"did you mean {meant!r}"):
        get_system(typed)


def test_mistyped_system_on_the_command_line(capsys) -> None:
    assert main(["pair", str(EXAMPLE), "--system", "nfs", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean 'nsf'?" in err
