"""SKOL-6 in the files: a school tournament's 3/2/1 points column is read without a
warning and written back as 3/2/1; ``monrad new --system school`` writes the school
scoring; the workbook's Standings count 3/2/1 (issue 15 item 4)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import openpyxl

from monrad.addin.cli import main
from monrad.addin.jobs.book import pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.trf import parse_trf, write_trf
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Game, Player, Result, Round, Scoring, Settings, Tournament


def _school_after_round_1() -> Tournament:
    players = [Player(i, f"Elev {i}", rating=1000 - i) for i in range(1, 5)]
    t = Tournament(Settings(system="school", rounds=3, scoring=Scoring.school()), players, [])
    t.set_round(Round(1, (Game(2, 1, Result.WIN, Result.LOSS), Game(3, 4, Result.DRAW, Result.DRAW)), ()))
    return t


def test_skol_6_trf_points_column_3_2_1_is_read_without_warning() -> None:
    text = write_trf(_school_after_round_1())
    # a file that names the school system but carries no scoring record of its own
    plain = "\n".join(line for line in text.splitlines()
                      if not line.startswith(("162", "XXS", "### monrad scoring")))
    warnings: list[str] = []
    t = parse_trf(plain, warnings=warnings)
    assert t.settings.system == "school"
    assert not [w for w in warnings if "points column" in w], warnings
    assert t.scores() == {1: 1, 2: 3, 3: 2, 4: 2}


def test_skol_6_trf_written_back_with_3_2_1_points(tmp_path: Path) -> None:
    t = _school_after_round_1()
    t.settings = t.settings.replace(scoring=Scoring())  # left on the default
    f = tmp_path / "school.trf"
    save(t, f, "trf16")
    lines = {line[4:8].strip(): line for line in f.read_text().splitlines() if line.startswith("001")}
    assert float(lines["2"][80:84]) == 3.0 and float(lines["1"][80:84]) == 1.0
    assert load(f).scores()[2] == Fraction(3)


def test_skol_6_new_workbook_says_school_scoring(tmp_path: Path, capsys) -> None:
    path = tmp_path / "skole.xlsx"
    assert main(["new", str(path), "--system", "school", "--rounds", "3"]) == 0
    ws = openpyxl.load_workbook(path)["Settings"]
    values = {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}
    assert values["Scoring"] == "3-2-1"  # the points, readable in every language


def test_skol_6_workbook_standings_count_3_2_1(tmp_path: Path) -> None:
    t = _school_after_round_1()
    path = create_workbook(tmp_path / "skole.xlsx", "school", 3, t.players, "en", seed=3,
                           scoring="classic")
    pair_next_round(open_book(path))
    book = open_book(path)
    lay = L.layout_for("en")
    book.write_range(lay.round_name(1), L.ROUND_FIRST_ROW, L.RESULT_COL, [["1-0"], ["½-½"]])
    book.save()
    assert read_xlsx(path).settings.scoring == Scoring.school()
    update_standings(open_book(path))
    ws = openpyxl.load_workbook(path)[lay.standings_sheet]
    points = sorted(ws.cell(r, 6).value for r in range(L.STANDINGS_FIRST_ROW, L.STANDINGS_FIRST_ROW + 4))
    assert points == [1, 2, 2, 3]
