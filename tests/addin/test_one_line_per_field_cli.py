"""Issue 30, items 11 and 12, and what it saw besides: every field of a line-based file
(TRF, CSV, WOF, klubtur) is one line, whatever the text came from.

A tournament name typed with Alt+Enter in the Settings sheet, a name with a line feed,
a column header on two lines: each line break is written as a space, and the command
says so in one warning naming the file and the field.  A crafted second line never
adds a player.  Also: ``monrad new`` names the cell it cuts to 32,767 characters, as
every workbook writer does, and ``monrad-bbp`` refuses a deeply nested ``XMN`` value
with one located line.
"""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.addin.cli.bbp import main as bbp_main
from monrad.converters import dumps, load, save
from monrad.converters.lines import LINE_BREAKS
from monrad.converters.trf import read_trf

CLUB_TRF = REPO / "examples" / "club.trf"
#: a second line that is a whole TRF player record
CRAFTED = "001   13      Evil, Player                      2900 NOR"


def _records_ok(text: str) -> None:
    """Every line of a TRF text is one record: a three-character code, then a blank."""
    for line in text.replace("\r\n", "\n").split("\n"):
        assert not line or re.match(r"[0-9A-Z]{3}( |$)", line), repr(line)


def _book_with_a_two_line_name(tmp_path: Path) -> Path:
    book = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), book)
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    cell = next(c for row in ws.iter_rows() for c in row if c.value == "Tournament")
    ws.cell(cell.row, cell.column + 1, "Klubbmesterskap\n" + CRAFTED)
    wb.save(book)
    return book


@pytest.mark.parametrize("command", [["convert", "-o", "out.trf"],
                                     ["export", "--force", "-o", "out.trf"],
                                     ["convert", "-o", "out.csv"]])
def test_issue30_item12_a_settings_name_on_two_lines_never_adds_a_player(tmp_path, capsys,
                                                                         monkeypatch, command):
    book = _book_with_a_two_line_name(tmp_path)
    monkeypatch.chdir(tmp_path)
    code = main([command[0], str(book), *command[1:]])
    out, err = capsys.readouterr()
    assert code == 0, err
    written = tmp_path / command[-1]
    if written.suffix == ".trf":
        _records_ok(written.read_text(encoding="utf-8"))
    t = load(written)
    assert len(t.players) == 12 and 13 not in t.start_numbers
    if written.suffix == ".trf":
        warning = next(ln for ln in err.splitlines() if "line breaks written as spaces" in ln)
        assert "out.trf" in warning and "the tournament name" in warning
        assert t.info["name"] == "Klubbmesterskap " + CRAFTED
        assert "not kept" not in err  # the one warning says it; the loss check does not repeat


def test_issue30_item12_pair_on_a_trf_writes_every_field_on_one_line(tmp_path, capsys) -> None:
    text = CLUB_TRF.read_text(encoding="utf-8").replace("Johansen, Per", "Johansen,\u2028Per")
    text += 'XMN player 3 club "Bergens\\u000bSK"\n'
    path = tmp_path / "club.trf"
    path.write_text(text, encoding="utf-8")
    # a TRF reader splits only at CR/LF: the separators above are inside the record
    assert load(path).players[2].name == "Johansen,\u2028Per"
    assert main(["pair", str(path)]) == 0
    err = capsys.readouterr().err
    assert "the name of player 3" in err and "the club of player 3" in err
    text = path.read_text(encoding="utf-8")
    assert not any(ch in text.replace("\r\n", "") for ch in LINE_BREAKS if ch not in "\r\n")
    assert text.count("\n") == len(text.splitlines())  # splitlines() sees the same lines
    assert load(path).players[2].name == "Johansen, Per"


@pytest.mark.parametrize("fmt", ["trf2026", "trf16", "csv-roster", "csv-results"])
def test_issue30_item12_every_text_field_of_a_line_based_format_is_one_line(fmt) -> None:
    t = load(CLUB_TRF)
    t.info.update(name="A\nB", city="Oslo\r", arbiter="Dahl,\u2029Trond", round_dates=["26/01/08\n"])
    t.players[0] = t.players[0].replace(name="Hansen,\x85Ola", title="F\fM",
                                        extra={"Betalt\nkontingent": "ja\r\nnei", "K": "20"})
    warnings: list[str] = []
    text = dumps(t, fmt, warnings=warnings, label="out")
    lines = text.replace("\r\n", "\n").split("\n")
    assert text.splitlines() == [ln for ln in lines if ln or ln is not lines[-1]][:len(
        text.splitlines())]
    assert not any(ch in ln for ln in lines for ch in LINE_BREAKS)
    assert len(warnings) == 1 and warnings[0].startswith("out: line breaks written as spaces")
    if fmt.startswith("trf"):
        _records_ok(text)
        back = read_trf(text)
        assert back.players[0].name == "Hansen, Ola" and back.info["name"] == "A B"
        assert back.players[0].extra["Betalt kontingent"] == "ja nei"


def test_issue30_also_seen_monrad_new_names_the_cell_it_cuts(tmp_path, capsys) -> None:
    code = main(["new", str(tmp_path / "new.xlsx"), "--system", "dutch", "--rounds", "5",
                 "--name", "A" * 100_000])
    err = capsys.readouterr().err
    assert code == 0, err
    assert ("new.xlsx: sheet 'Settings' cell B3: a text of 100000 characters cut to the 32767 "
            "a cell holds") in err


def test_issue30_also_seen_bbp_refuses_a_deeply_nested_value_in_one_located_line(
        tmp_path, capsys) -> None:
    path = tmp_path / "deep.trf"
    path.write_text(CLUB_TRF.read_text(encoding="utf-8") + "XMN option foo " + "[" * 100_000
                    + "\n", encoding="utf-8")
    number = len(path.read_text(encoding="utf-8").splitlines())
    assert bbp_main(["--dutch", str(path), "-p"]) == 3  # the reference engine's "invalid input"
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "unexpected error" not in err
    assert f"deep.trf:{number}:5: cannot read XMN option record: a value nested more than 32" in err
    assert main(["check", str(path)]) == 2
    assert "a value nested more than 32 deep" in capsys.readouterr().err


def test_issue30_item11_a_form_feed_in_a_csv_cell_never_shifts_the_rows_written_back(
        tmp_path, capsys) -> None:
    """The round written back into a CSV results table counts lines as the CSV reader
    does: a form feed (or U+2028) inside a quoted name is no line end.  Before, ``pair
    --repair`` dropped the last game of round 3."""
    path = tmp_path / "results.csv"
    save(load(CLUB_TRF), path, "csv-results")
    text = path.read_text(encoding="utf-8-sig").replace("Hansen, Ola", "Hansen,\x0cOla", 1)
    path.write_text(text, encoding="utf-8-sig", newline="")
    assert main(["pair", str(path), "--rounds", "7"]) == 0
    games = [len(r.games) for r in load(path).rounds]
    assert main(["pair", str(path), "--rounds", "7", "--repair"]) == 0
    capsys.readouterr()
    assert [len(r.games) for r in load(path).rounds] == games == [6, 6, 6, 6]
