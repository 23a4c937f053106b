"""Issue 40 through the command line: strangers' files, round four.  Each test is one
item of the issue (its number in the name); the files are made here from real ones
(``examples/club.trf`` and the workbook monrad writes from it)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.converters import load, save

CLUB_TRF = REPO / "examples" / "club.trf"


def run(capsys: pytest.CaptureFixture[str], *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if not ln.startswith("monrad: warning:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    return lines[0]


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    out = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), out)
    return out


def _without(path: Path, part: str) -> None:
    tmp = path.with_suffix(".new")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != part:
                dst.writestr(info, src.read(info))
    tmp.replace(path)


# ------------------------------------------------------------------ item 12
@pytest.mark.parametrize("command", [["pair"], ["standings"], ["pair", "--dry-run"]])
def test_issue40_item12_a_package_without_content_types_is_one_line(
        book: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """``pair`` and ``standings`` ended in exit 3 (KeyError) at the save."""
    _without(book, "[Content_Types].xml")
    before = book.read_bytes()
    code, _, err = run(capsys, command[0], book, *command[1:])
    assert code == 2
    assert one_line(err) == (f"monrad: {book}: not a readable Excel workbook: the package has "
                             "no [Content_Types].xml (its list of part types), which Excel "
                             "does not open either")
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]


# ------------------------------------------------------------------ item 3
@pytest.mark.parametrize("command", [["convert", "-o", "open.trf"], ["standings"]])
def test_issue40_item3_a_wof_round_past_the_bound_is_refused_by_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        command: list[str]) -> None:
    """``%Round: 9999`` was converted into a TRF that monrad then refused;
    ``%Round: 99999999`` ran standings past 60 s and 2 GB."""
    wof = (REPO / "tests" / "data" / "wof" / "20260314_Stockholm_Open_2026.ELO")
    f = tmp_path / "open.ELO"
    f.write_text(wof.read_text(encoding="latin-1").replace("%Round: 3", "%Round: 9999"),
                 encoding="latin-1")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, command[0], f.name, *command[1:])
    assert code == 2
    assert one_line(err).endswith("round 9999 is out of range (1 to 999)")
    assert not (tmp_path / "open.trf").exists()
