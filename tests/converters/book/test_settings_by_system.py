"""The Settings sheet speaks of the chosen system in its own words (issue 36 items 5 and
6, issue 37 item 6): systems known by the names people use in four languages and
suggested by meaning, the system's name (not its code) in the workbook's language, and
only the settings that apply, each helped in its rule's words."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from monrad.addin.cli import main
from monrad.addin.jobs.book import pair_next_round
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook, settings_for
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.club.titles import title_system
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player
from monrad.engine.pairing import PairingError, available_systems, canonical_system, get_system


def _players(n: int = 6) -> list[Player]:
    return [Player(i, f"Spiller {i}", rating=1800 - i) for i in range(1, n + 1)]


def _rows(path: Path) -> dict[str, tuple[object, object]]:
    """Settings rows by key: (value, help)."""
    ws = openpyxl.load_workbook(path).worksheets[0]
    keys = {label: key for key, labels in L.SETTINGS_KEYS.items() for label in labels.values()}
    return {keys[ws.cell(r, 1).value]: (ws.cell(r, 2).value, ws.cell(r, 3).value)
            for r in range(L.SETTINGS_FIRST_ROW, ws.max_row + 1) if ws.cell(r, 1).value in keys}


def _set_system(path: Path, value: str) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[0]
    row = next(r for r in range(1, ws.max_row + 1)
               if ws.cell(r, 1).value in L.SETTINGS_KEYS["system"].values())
    ws.cell(row, 2).value = value
    wb.save(path)


@pytest.mark.parametrize(("typed", "system"), [
    ("swedish", "ssf"), ("svensk monrad", "ssf"), ("Svensk Monrad (SSF)", "ssf"), ("SSF", "ssf"),
    ("norsk", "nsf"), ("Norwegian Monrad", "nsf"), ("dansk monrad", "dsu"), ("danish", "dsu"),
    ("skolemonrad", "school"), ("skol", "school"), ("Skolmonrad 3-2-1", "school"),
    ("Berger", "round-robin"), ("alle-mot-alle", "round-robin"), ("alla mot alla", "round-robin"),
    ("Alle mod alle", "round-robin"), ("round robin", "round-robin"),
    ("dobbel alle mot alle", "double-round-robin"), ("schweizer", "dutch"),
    ("Othello", "othello-swiss"),
])
def test_issue36_item5_systems_known_by_the_names_people_use(typed: str, system: str) -> None:
    assert canonical_system(typed) == system
    assert get_system(typed).name == system


@pytest.mark.parametrize(("typed", "meant"), [
    ("svenska", "ssf"), ("swedish system", "ssf"), ("swedsh", "ssf"), ("sveitsisk system", "dutch"),
    ("skolschack monrad", "school"), ("dansk system", "dsu"), ("norska monrad", "nsf"),
])
def test_issue36_item5_suggestions_by_meaning_not_by_letters(typed: str, meant: str) -> None:
    with pytest.raises(PairingError, match=f"did you mean {meant!r}") as info:
        get_system(typed)
    assert "dutch" not in str(info.value) or meant == "dutch"


def test_issue36_item5_monrad_alone_names_the_four_monrad_systems() -> None:
    with pytest.raises(PairingError, match="did you mean one of dsu, nsf, school, ssf"):
        get_system("monrad")


def test_issue36_item5_system_swedish_on_the_command_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "s.xlsx"
    assert main(["new", str(path), "--system", "swedish", "--rounds", "5", "--lang", "sv"]) == 0
    assert read_xlsx(path).settings.system == "ssf"


def test_issue36_item5_svensk_monrad_typed_in_settings_pairs_by_ssf(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "s.xlsx", "nsf", 5, _players(), "sv", seed=1)
    _set_system(path, "svensk monrad")
    assert read_xlsx(path).settings.system == "ssf"
    pair_next_round(open_book(path))
    # SSF-4: the even number has White against the next lower odd number
    ws = openpyxl.load_workbook(path)["Rond 1"]
    assert (ws["B3"].value, ws["G3"].value) == (2, 1)


def test_issue36_item5_a_national_word_in_a_title_needs_monrad_beside_it() -> None:
    assert title_system(["Danish Open 2026, 7 rounds"], "en") is None
    assert title_system(["Svensk Monrad, 7 ronder"], "sv") == "ssf"


@pytest.mark.parametrize(("system", "rule", "lang", "drawn"), [
    ("ssf", "SSF-4", "sv", "lottas"), ("dsu", "DSU-0", "da", "lodtrækning"),
    ("nsf", "NSF-4", "no", "loddes"), ("school", "SKOL-2", "sv", "lottas"),
    ("dutch", "C.04.3", "en", "drawn"),
])
def test_issue36_item6_colour_of_no_1_helped_in_the_rules_words(
        tmp_path: Path, system: str, rule: str, lang: str, drawn: str) -> None:
    path = create_workbook(tmp_path / "w.xlsx", system, 5, _players(), lang, seed=1)
    _, help_text = _rows(path)["initial_colour"]
    assert rule in str(help_text) and drawn not in str(help_text), help_text


@pytest.mark.parametrize("system", ["round-robin", "double-round-robin", "othello-swiss"])
def test_issue36_item6_no_colour_of_no_1_where_the_system_fixes_every_colour(
        tmp_path: Path, system: str) -> None:
    """A Berger table (and OTH-9's colour balance) takes no colour setting: the row that
    would not change anything is not shown."""
    assert "initial_colour" not in settings_for(system)
    path = create_workbook(tmp_path / "w.xlsx", system, 0, _players(), "no", seed=1)
    assert "initial_colour" not in _rows(path)


@pytest.mark.parametrize(("lang", "system", "name"), [
    ("sv", "ssf", "Svensk monrad (SSF)"), ("da", "dsu", "Dansk monrad (DSU)"),
    ("no", "round-robin", "Alle mot alle (Berger)"), ("en", "school", "School Monrad 3-2-1"),
    ("no", "dutch", "Sveitsisk (FIDE Dutch)"), ("da", "othello-swiss", "Othello schweizer"),
])
def test_issue37_item6_settings_name_the_system_in_the_workbooks_language(
        tmp_path: Path, lang: str, system: str, name: str) -> None:
    path = create_workbook(tmp_path / "w.xlsx", system, 0, _players(), lang, seed=1)
    value, help_text = _rows(path)["system"]
    assert value == name
    formula = openpyxl.load_workbook(path).worksheets[0].data_validations.dataValidation[0].formula1
    entries = formula.strip('"').split(",")
    assert name in entries and len(entries) == len(available_systems())
    assert not set(entries) & set(available_systems())  # no code in the list
    for shown in (*entries, help_text):
        assert not any(code in str(shown).split() for code in available_systems())
    assert read_xlsx(path).settings.system == system  # read back


@pytest.mark.parametrize("typed", ["ssf", "Svensk monrad (SSF)", "Swedish Monrad (SSF)",
                                   "svensk monrad"])
def test_issue37_item6_codes_and_every_languages_name_still_read(tmp_path: Path,
                                                                   typed: str) -> None:
    path = create_workbook(tmp_path / "w.xlsx", "dsu", 5, _players(), "da", seed=1)
    _set_system(path, typed)
    assert read_xlsx(path).settings.system == "ssf"
