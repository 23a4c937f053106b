"""A club's own sheet keeps its system and rounds from its title (issue 15 item 6):
"Monrad, 7 runder", "Monrad 5 ronder", "Schweizer", "Berger"; the language of the
headers decides NSF/SSF/DSU when only "Monrad" is said; ``--system`` overrides."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.club.sheets import read_club_workbook
from monrad.converters.club.titles import header_language, title_system

SHEETS = DATA / "fixtures" / "club-sheets"


@pytest.mark.parametrize(("name", "system", "rounds"), [
    ("club_da_n0008_r07_s6120_ff.xlsx", "dsu", 7),
    ("club_sv_n0007_r05_s6060_ff.xlsx", "ssf", 5),
    ("club_en_n0009_r08_s6070_ff.xlsx", "nsf", 8),
])
def test_monrad_title_header_language_decides_the_federation(name: str, system: str,
                                                             rounds: int) -> None:
    t = read_club_workbook(SHEETS / name)
    assert (t.settings.system, t.settings.rounds) == (system, rounds)


def _sheet(tmp_path: Path, title: str, headers: list[str], name: str = "club.xlsx") -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Spillere"
    ws.append([title])
    ws.append([])
    ws.append(headers)
    for i in range(1, 7):
        ws.append([i, f"Spiller {i}", "SK", 1900 - 10 * i])
    path = tmp_path / name
    wb.save(path)
    return path


@pytest.mark.parametrize(("title", "headers", "system", "rounds"), [
    ("Monrad, 7 runder", ["Nr.", "Navn", "Klubb", "Rating"], "nsf", 7),
    ("Monrad 5 ronder", ["Nr", "Namn", "Förening", "Rating"], "ssf", 5),
    ("Monrad, 6 runder", ["Nr.", "Navn", "Klub", "Rating"], "dsu", 6),
    ("Schweizer, 5 runder", ["Nr.", "Navn", "Klub", "Rating"], "dutch", 5),
    ("Berger", ["No.", "Name", "Club", "Rating"], "round-robin", None),
    ("Klubbmesterskap", ["Nr.", "Navn", "Klubb", "Rating"], "dutch", None),
])
def test_club_sheet_title_names_system_and_rounds(tmp_path: Path, title: str, headers: list[str],
                                                   system: str, rounds: int | None) -> None:
    t = load(_sheet(tmp_path, title, headers))
    assert (t.settings.system, t.settings.rounds) == (system, rounds)


def test_header_language() -> None:
    assert header_language(["Navn", "Klub", "Bemærkning", "Født"]) == "da"
    assert header_language(["Navn", "Klubb", "Merknad"]) == "no"
    assert header_language(["Namn", "Klubb", "Född"]) == "sv"
    assert header_language(["Name", "Club", "Born"]) == "en"
    assert header_language(["Navn", "Født"]) is None  # Norwegian or Danish: not told
    assert title_system(["Monrad"], None) == "nsf"


def test_pair_and_standings_use_the_sheet_system_or_the_override(tmp_path: Path, capsys) -> None:
    path = _sheet(tmp_path, "Monrad 5 ronder", ["Nr", "Namn", "Förening", "Rating"])
    assert main(["pair", str(path), "--dry-run"]) == 0  # in the sheet's language (issue 29)
    assert capsys.readouterr().out.startswith("Rond 1, Svensk monrad (SSF)")  # issue 37
    assert main(["pair", str(path), "--dry-run", "--system", "dutch", "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith("Round 1 (dutch)")
    import json
    import shutil

    club = tmp_path / "club_sv.xlsx"  # standings are written into a club's workbook
    shutil.copy(SHEETS / "club_sv_n0007_r05_s6060_ff.xlsx", club)
    assert main(["standings", str(club), "--format", "json"]) == 0

    doc = json.loads(capsys.readouterr().out)
    assert doc["system"] == "ssf" and doc["tiebreaks"] == ["QP", "WON", "DE", "LOT"]
    assert main(["standings", str(club), "--format", "json", "--system", "nsf"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["system"] == "nsf" and doc["tiebreaks"][0] == "NSF-QP"


def test_converted_club_sheet_pairs_on_at_once(tmp_path: Path, capsys) -> None:
    """The monrad workbook made from a club sheet keeps its system and rounds, and the
    next round pairs at once."""
    src = SHEETS / "club_da_n0008_r07_s6120_ff.xlsx"
    dest = tmp_path / "klub.xlsx"
    assert main(["convert", str(src), "-o", str(dest)]) == 0
    t = read_xlsx(dest)
    assert (t.settings.system, t.settings.rounds, t.rounds_played) == ("dsu", 7, 7)
    src = _sheet(tmp_path, "Monrad, 6 runder", ["Nr.", "Navn", "Klub", "Rating"], "theirs.xlsx")
    dest = tmp_path / "new.xlsx"
    assert main(["convert", str(src), "-o", str(dest)]) == 0
    capsys.readouterr()
    assert main(["pair", str(dest)]) == 0
    assert capsys.readouterr().out.startswith("Round 1 (dsu)")
    t = read_xlsx(dest)
    assert (t.settings.system, t.settings.rounds, t.rounds_played) == ("dsu", 6, 1)
