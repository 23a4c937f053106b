"""Workbook polish (issue 15 item 10): the Othello result drop-down offers disc
scores, the Settings show values in the workbook's language and only the settings that
apply to the system (asked of its facts)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from monrad.addin.jobs.book import pair_next_round
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook, settings_for
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Colour, Player, Scoring


def _players(n: int = 4) -> list[Player]:
    return [Player(i, f"Spiller {i}", rating=1800 - i) for i in range(1, n + 1)]


def _labels(path: Path) -> dict[str, object]:
    ws = openpyxl.load_workbook(path).worksheets[0]
    return {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(L.SETTINGS_FIRST_ROW, ws.max_row + 1)}


def test_oth_6_othello_result_dropdown_offers_disc_scores(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "o.xlsx", "othello-swiss", 3, _players(), "en", seed=1)
    pair_next_round(open_book(path))
    ws = openpyxl.load_workbook(path)["Round 1"]
    formula = ws.data_validations.dataValidation[0].formula1
    assert "40-24" in formula and "32-32" in formula and "+/-" in formula
    assert "1-0" not in formula.split(",") and '"1-0' not in formula


@pytest.mark.parametrize(("system", "has", "lacks"), [
    ("nsf", {"konrad"}, {"othello_c", "wof_sender"}),
    ("ssf", set(), {"konrad", "othello_c", "wof_sender"}),
    ("dutch", set(), {"konrad", "othello_c", "country"}),
    ("othello-swiss", {"othello_c", "wof_sender", "country"}, {"konrad"}),
])
def test_settings_only_those_that_apply_to_the_system(tmp_path: Path, system: str, has: set[str],
                                                      lacks: set[str]) -> None:
    keys = settings_for(system)
    assert has <= set(keys) and not lacks & set(keys)
    path = create_workbook(tmp_path / "w.xlsx", system, 5, _players(), "en", seed=1)
    labels = _labels(path)
    for key in has:
        assert L.SETTINGS_KEYS[key]["en"] in labels
    for key in lacks:
        assert L.SETTINGS_KEYS[key]["en"] not in labels
    assert "City" in labels and "Chief arbiter" in labels


def test_settings_values_in_the_workbooks_language(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "n.xlsx", "nsf", 5, _players(), "no", seed=1)
    labels = _labels(path)
    assert labels["Poengsystem"] == "1-½-0"  # not "classic"
    school = create_workbook(tmp_path / "s.xlsx", "school", 5, _players(), "sv", seed=1)
    assert _labels(school)["Poängsystem"] == "3-2-1"
    assert read_xlsx(school).settings.scoring == Scoring.school()
    assert [L.layout_for(lang).colour_word(Colour.BLACK) for lang in L.LANGS] == [
        "black", "svart", "svart", "sort"]
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Farge for nr. 1 i runde 1")
    ws.cell(row, 2).value = "svart"
    wb.save(path)
    assert read_xlsx(path).settings.initial_colour is Colour.BLACK


def test_results_in_one_notation_per_sheet_after_reading(tmp_path: Path) -> None:
    """A club sheet typed in mixed notations (``1 - 0``, ``0,5 - 0,5``, ``1/2-1/2``,
    ``1-0 WO``) becomes a monrad workbook whose round sheets use one notation, the
    drop-down's (the club's own file is only read)."""
    from conftest import DATA

    from monrad.addin.cli import main

    for name in ("club_en_n0006_r03_s6006_ff.xlsx", "club_sv_n0007_r05_s6060_ff.xlsx",
                 "club_da_n0008_r07_s6120_ff.xlsx"):
        dest = tmp_path / f"{name}.monrad.xlsx"
        assert main(["convert", str(DATA / "fixtures" / "club-sheets" / name), "-o", str(dest)]) == 0
        wb = openpyxl.load_workbook(dest)
        lay = L.detect_layout(wb.sheetnames)
        seen: set[str] = set()
        for ws in wb.worksheets:
            if lay.round_number(ws.title) is None:
                continue
            for r in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
                if ws.cell(r, 7).value is not None:  # a board (the bye row has no Black no.)
                    seen.add(ws.cell(r, L.RESULT_COL).value)
        assert seen and seen <= set(L.CHESS_RESULTS), (name, seen)
