"""OTH-3 / OTH-4 from the command line and the workbook: ``monrad finals`` sets up the
finals after the Swiss on a Finals sheet, the arbiter enters the discs, and the
matches, colours and final ranking follow the rules."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from test_publish_cli import _played

from monrad.addin.cli import main
from monrad.converters.book.xlsx import read_xlsx
from monrad.engine.othello.finals import swiss_wins
from monrad.engine.standings import standings


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _open_rows(path: Path) -> list[tuple[int, str, int, int, str]]:
    """(row, match, Black, White, note) of every game still to be played."""
    ws = openpyxl.load_workbook(path)["Finaler"]
    return [(r, ws.cell(r, 1).value, ws.cell(r, 3).value, ws.cell(r, 5).value,
             ws.cell(r, 8).value or "")
            for r in range(3, ws.max_row + 1) if ws.cell(r, 3).value and not ws.cell(r, 7).value]


def _enter(path: Path, row: int, discs: str, swap: bool = False) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Finaler"]
    if swap:
        ws.cell(row, 3).value, ws.cell(row, 5).value = ws.cell(row, 5).value, ws.cell(row, 3).value
    ws.cell(row, 7).value = discs
    wb.save(path)


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return _played(tmp_path, "othello-swiss", "sv", rounds=4, n=9)


def test_oth_3_sm_semis_final_third_place_and_oth_4_colours(capsys, event: Path) -> None:
    t = read_xlsx(event)
    order = [r.start_no for r in standings(t).rows]
    wins = swiss_wins(t)
    code, out, err = run(capsys, "finals", event, "--format", "sm")
    assert code == 0, err
    playoff = wins[order[3]] == wins[order[4]]
    first = _open_rows(event)
    assert [r[1] for r in first] == (["Särspel 4:e/5:e"] if playoff else []) + (
        [] if playoff else ["Semifinal 1"]) + ["Semifinal 2"]
    # OTH-4 game 1: the higher placed (here: 2nd v 3rd, 2nd chooses) is written as Black
    semi2 = next(r for r in first if r[1] == "Semifinal 2")
    assert (semi2[2], semi2[3]) == (order[1], order[2])
    # play the whole finals: Black wins every game 40-24, the chooser always takes White
    for _ in range(20):
        rows = _open_rows(event)
        if not rows:
            break
        for row, _name, _b, _w, note in rows:
            _enter(event, row, "40-24", swap="väljer färg" in note)
        code, out, err = run(capsys, "finals", event)
        assert code == 0, err
    assert not _open_rows(event)
    ws = openpyxl.load_workbook(event)["Finaler"]
    games = [(ws.cell(r, 1).value, ws.cell(r, 2).value, ws.cell(r, 3).value, ws.cell(r, 5).value)
             for r in range(3, ws.max_row + 1) if ws.cell(r, 3).value]
    for name in ("Semifinal 1", "Semifinal 2", "Final"):
        g = [x for x in games if x[0] == name]
        assert len(g) == 3, g  # Black wins each: 1-1 after two games, a deciding game
        assert (g[1][2], g[1][3]) == (g[0][3], g[0][2])  # colours swap in game 2
    assert len([x for x in games if x[0] == "Bronsmatch"]) == 1  # third place: one game
    assert "slutranking: 1. " in out and ws["F1"].value == "sm"  # the workbook's language


def test_oth_4_game_two_must_swap_colours(capsys, event: Path) -> None:
    assert run(capsys, "finals", event, "--format", "egp-nm")[0] == 0
    row, _, black, white, _ = _open_rows(event)[0]
    _enter(event, row, "40-24")
    assert run(capsys, "finals", event)[0] == 0
    row2, _, black2, white2, _ = next(r for r in _open_rows(event) if r[1] == "Final")
    assert (black2, white2) == (white, black)
    _enter(event, row2, "40-24", swap=True)  # game 2 with game 1's colours: refused
    code, _out, err = run(capsys, "finals", event, "--lang", "en")
    assert code == 2 and "colours swap" in err and err.count("\n") == 1


def test_finals_refuse_chess_an_unfinished_swiss_and_a_bad_game(capsys, tmp_path: Path) -> None:
    chess = _played(tmp_path / "c", "nsf", "no", rounds=2) if (tmp_path / "c").mkdir() is None else None
    code, _, err = run(capsys, "finals", chess, "--format", "sm", "--lang", "en")
    assert code == 2 and "finals are Othello's" in err
    (tmp_path / "o").mkdir()
    path = _played(tmp_path / "o", "othello-swiss", "en", rounds=4)
    wb = openpyxl.load_workbook(path)
    wb["Settings"]["B5"] = 5  # one more round planned: the Swiss is not over
    wb.save(path)
    code, _, err = run(capsys, "finals", path, "--format", "sm")
    assert code == 2 and "the Swiss is not finished" in err
    wb["Settings"]["B5"] = 4
    wb.save(path)
    code, _, err = run(capsys, "finals", path, "--format", "egp-nm", "--game", "1-2-40-24")
    assert code == 2 and "BLACK-WHITE:DISCS-DISCS" in err


def test_finals_printable(capsys, event: Path, tmp_path: Path) -> None:
    code, _out, err = run(capsys, "finals", event, "--format", "egp-nm", "-o", tmp_path / "f.html",
                         "--dry-run")
    assert code == 0, err
    page = (tmp_path / "f.html").read_text(encoding="utf-8")
    assert "<h1>Finaler</h1>" in page and "Slutlig placering" in page
    assert "Finaler" not in openpyxl.load_workbook(event).sheetnames  # --dry-run


def test_published_site_shows_the_finals(capsys, event: Path, tmp_path: Path) -> None:
    assert run(capsys, "finals", event, "--format", "egp-nm")[0] == 0
    code, _out, err = run(capsys, "publish", event, "-o", tmp_path / "site")
    assert code == 0, err
    page = (tmp_path / "site" / "finaler.html").read_text(encoding="utf-8")  # Swedish name
    assert "<h2>Final</h2>" in page and "väljer färg" in page
    assert '<a href="finaler.html">Finaler</a>' in (tmp_path / "site" / "index.html").read_text(
        encoding="utf-8")
