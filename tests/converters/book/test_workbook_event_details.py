"""Event details in the workbook's Settings (issue 15 item 9 / issue 21 item 10): the
FIDE header fields (TRF 022 city, 032 federation, 042/052 dates, 102 arbiter, 122 time
control) and the WOF header (sender, country) have Settings cells, so TRF -> workbook
-> TRF keeps them and ``monrad convert oth.xlsx -o oth.elo`` works; ``convert --set
KEY=VALUE`` fills what a file lacks."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.tabular.wof import read_wof
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament

WOF = DATA / "wof" / "20260314_Stockholm_Open_2026.ELO"


def _settings(path: Path) -> dict[object, object]:
    ws = openpyxl.load_workbook(path).worksheets[0]
    return {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}


def test_trf_workbook_trf_keeps_city_dates_and_arbiter(tmp_path: Path) -> None:
    t = Tournament(Settings(system="dutch", rounds=3),
                   [Player(i, f"Player {i}", rating=2000 - i) for i in range(1, 5)], [])
    t.set_round(Round(1, (Game(1, 3, Result.WIN, Result.LOSS), Game(4, 2, Result.DRAW, Result.DRAW)), ()))
    t.info.update(name="Oslo Open", city="Oslo", federation="NOR", start_date="2026/03/01",
                  end_date="2026/03/03", arbiter="Berg, Kari", time_control="90'+30\"")
    src = tmp_path / "a.trf"
    save(t, src, "trf2026")
    assert main(["convert", str(src), "-o", str(tmp_path / "a.xlsx")]) == 0
    cells = _settings(tmp_path / "a.xlsx")
    assert cells["City"] == "Oslo" and cells["Chief arbiter"] == "Berg, Kari"
    assert "Sender (WOF)" not in cells and "Othello C" not in cells  # chess: no WOF rows
    assert main(["convert", str(tmp_path / "a.xlsx"), "-o", str(tmp_path / "b.trf")]) == 0
    text = (tmp_path / "b.trf").read_text()
    for record in ("022 Oslo", "032 NOR", "042 2026/03/01", "052 2026/03/03", "102 Berg, Kari",
                   "122 90'+30\""):
        assert record in text.splitlines(), record


def test_wof_from_a_workbook_takes_the_header_from_settings(tmp_path: Path, capsys) -> None:
    book = tmp_path / "oth.xlsx"
    assert main(["convert", str(WOF), "-o", str(book)]) == 0
    cells = _settings(book)
    original = read_wof(WOF)
    assert cells["Sender (WOF)"] == original.info["wof_sender"]
    assert cells["Country (WOF)"] == original.info["country"]
    ws = openpyxl.load_workbook(book).worksheets[1]
    assert "WOF id" in [c.value for c in ws[1]]
    out = tmp_path / "oth.elo"
    assert main(["convert", str(book), "-o", str(out)]) == 0
    head = [ln for ln in out.read_text(encoding="latin-1").splitlines() if ln.startswith("%%")]
    want = [ln for ln in WOF.read_text(encoding="latin-1").splitlines()
            if ln.startswith(("%%Tournament", "%%Country", "%%Sender", "%%Date"))]
    assert [ln for ln in head if ln.startswith(("%%Tournament", "%%Country", "%%Sender",
                                                 "%%Date"))] == want
    back = load(out)
    assert [p.extra["wof_id"] for p in back.players] == [p.extra["wof_id"] for p in original.players]


def test_convert_set_fills_the_wof_header(tmp_path: Path, capsys) -> None:
    players = [Player(i, f"Spiller {i}", extra={"wof_id": str(100 + i)}) for i in range(1, 5)]
    book = create_workbook(tmp_path / "o.xlsx", "othello-swiss", 3, players, "no", seed=2)
    out = tmp_path / "o.elo"
    assert main(["convert", str(book), "-o", str(out)]) == 2  # no sender, no date
    assert "sender" in capsys.readouterr().err.lower()
    assert main(["convert", str(book), "-o", str(out), "--set", "sender=Kari Berg",
                 "--set", "country=Norway", "--set", "start_date=2026/03/01"]) == 0
    text = out.read_text(encoding="latin-1")
    assert "%%Sender: Kari Berg" in text and "%%Country: Norway" in text
    assert main(["convert", str(book), "-o", str(out), "--set", "colour=blue"]) == 2
    assert "sender, country" in capsys.readouterr().err


def test_birth_years_are_numbers(tmp_path: Path) -> None:
    book = create_workbook(tmp_path / "b.xlsx", "nsf", 3, [Player(1, "A", birth="1985"),
                                                          Player(2, "B", birth="1990/04/01")])
    ws = openpyxl.load_workbook(book).worksheets[1]
    col = [c.value for c in ws[1]].index("Birth date") + 1
    assert ws.cell(2, col).value == 1985 and ws.cell(3, col).value == "1990/04/01"
    assert load(book).player(1).birth == "1985"
