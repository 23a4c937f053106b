"""Reading the workbooks clubs already keep (issue 7: "Existing club sheets")."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.converters.club.sheets import (
    ReadOptions,
    fide_name,
    find_header,
    load_mapping,
    read_club_book,
    read_club_workbook,
)
from monrad.converters.errors import InputError
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Bye, Game, Result, Tournament

FIXTURES = DATA / "fixtures" / "club-sheets"
WORKBOOKS = sorted(FIXTURES.glob("*.xlsx"))


def _round_facts(t: Tournament) -> dict[int, set[tuple]]:
    """Every round as a set of (white, black, white result, black result) and byes."""
    out: dict[int, set[tuple]] = {}
    for r in t.rounds:
        facts: set[tuple] = set()
        for g in r.games:
            facts.add((g.white, g.black, g.white_result, g.black_result))
        for b in r.byes:
            facts.add((b.player, b.result))
        out[r.number] = facts
    return out


def test_fixtures_are_there():
    assert len(WORKBOOKS) >= 10, f"expected the club-sheet fixtures in {FIXTURES}"


@pytest.mark.parametrize("path", WORKBOOKS, ids=[p.stem for p in WORKBOOKS])
def test_club_sheet_reads_as_its_truth_trf(path: Path):
    from monrad.converters import trf
    truth = trf.read_trf(path.with_name(path.stem + ".truth.trf"))
    got = read_club_workbook(path)
    assert [(p.start_no, p.name, p.rating) for p in got.players] == [
        (p.start_no, p.name, p.rating) for p in truth.players
    ]
    assert _round_facts(got) == _round_facts(truth)
    assert got.settings.rounds == len(truth.rounds)


def _sheet(tmp_path: Path, rows_by_sheet: dict[str, list[list]]) -> Path:
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    for name, rows in rows_by_sheet.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(row)
    path = tmp_path / "club.xlsx"
    wb.save(path)
    return path


def test_norwegian_headers_odd_order_title_block_and_names(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Deltakere": [
            ["Klubbturnering høst"], ["Monrad, 5 runder"], [],
            ["Merknad", "Elo", "Klubb", "Navn", "Startnr"],
            [None, 1500, "OSS", "Kari Berg", 2],
            ["junior", 1600, "SK 1911", "Ola Nordmann", 1],
            [None, None, "OSS", "Per Hansen", 3],
        ],
        "Runde 1": [
            ["Bord", "Hvit", "Svart", "Resultat"],
            [1, "Ola Nordmann", "Kari Berg", "1/2-1/2"],
            [None, "Per Hansen", "Fri", "1"],
        ],
        "Runde 2": [
            ["Bord", "Hvit", "Svart", "Resultat"],
            [1, 3, 1, "0-1 wo"],
            [None, 2, "fri", 1],
        ],
    })
    t = read_club_workbook(path)
    assert [(p.start_no, p.name, p.rating, p.club) for p in t.players] == [
        (1, "Nordmann, Ola", 1600, "SK 1911"), (2, "Berg, Kari", 1500, "OSS"),
        (3, "Hansen, Per", 0, "OSS"),
    ]
    assert t.player(1).extra["Merknad"] == "junior"
    assert t.info["name"] == "Klubbturnering høst"
    assert t.settings.rounds == 5
    assert t.round(1).games == (Game(1, 2, Result.DRAW),)
    assert t.round(1).byes == (Bye(3, Result.PAIRING_BYE),)
    assert t.round(2).games == (Game(3, 1, Result.FORFEIT_LOSS),)


def test_long_results_table_with_first_and_last_name_columns(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Spelare": [["Förnamn", "Efternamn", "LPR"], ["Anna", "Lind", 1700], ["Bo", "Ek", 1650]],
        "Resultat": [["Rond", "Vit", "Svart", "Resultat"], [1, "Lind, Anna", "Bo Ek", "remis"],
                     [2, 2, 1, "1-0"]],
    })
    t = read_club_workbook(path)
    assert [p.name for p in t.players] == ["Lind, Anna", "Ek, Bo"]
    assert t.round(1).games == (Game(1, 2, Result.DRAW),)
    assert t.round(2).games == (Game(2, 1, Result.WIN),)


def test_unreadable_result_names_sheet_and_cell(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Players": [["Name", "Rating"], ["A B", 1], ["C D", 2]],
        "Round 1": [["Board", "White", "Black", "Result"], [1, 1, 2, "2-0"]],
    })
    with pytest.raises(InputError) as err:
        read_club_workbook(path)
    assert "sheet 'Round 1' cell D2" in str(err.value)
    assert "2-0" in str(err.value)


def test_unknown_opponent_names_sheet_and_cell(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Players": [["Name", "Club"], ["A B", "x"], ["C D", "y"]],
        "Round 1": [["Board", "White", "Black", "Result"], [1, "A B", "E F", "1-0"]],
    })
    with pytest.raises(InputError, match=r"sheet 'Round 1' cell C2: 'E F' is not a player"):
        read_club_workbook(path)


def test_mapping_file_names_unusual_headers(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Lista": [["Schachspieler", "Wertung"], ["Anna Lind", 1700], ["Bo Ek", 1650]],
        "Partien": [["Weiss", "Schwarz", "Ergebnis"], ["Bo Ek", "Anna Lind", "0-1"]],
    })
    with pytest.raises(InputError, match="no sheet with a roster"):
        read_club_workbook(path)
    mapping = tmp_path / "map.json"
    mapping.write_text(json.dumps({"columns": {
        "Schachspieler": "name", "Wertung": "rating", "Weiss": "white",
        "Schwarz": "black", "Ergebnis": "result"}, "name_order": "keep"}), encoding="utf-8")
    t = read_club_workbook(path, mapping)
    assert [(p.name, p.rating) for p in t.players] == [("Anna Lind", 1700), ("Bo Ek", 1650)]
    assert t.round(1).games == (Game(2, 1, Result.LOSS),)  # sheet "Partien" is round 1


def test_mapping_file_toml_flat_and_bad_field(tmp_path: Path):
    good = tmp_path / "map.toml"
    good.write_text('"Spieler" = "name"\n', encoding="utf-8")
    assert load_mapping(good).field_for("Spieler") == "name"
    bad = tmp_path / "bad.toml"
    bad.write_text('"Spieler" = "nom"\n', encoding="utf-8")
    with pytest.raises(InputError, match="unknown field 'nom'"):
        load_mapping(bad)


def test_header_below_title_rows_is_found(tmp_path: Path):
    path = _sheet(tmp_path, {"S": [["Title"], [], ["x"], ["Nr", "Navn", "Klubb"], [1, "A", "B"]]})
    head = find_header(open_book(path), "S", ReadOptions())
    assert head is not None and head.row == 4
    assert head.columns == {"start_no": 1, "name": 2, "club": 3}


def test_fide_name_keeps_commas_and_single_words():
    assert fide_name("Anna Maria Lind") == "Lind, Anna Maria"
    assert fide_name("Lind, Anna") == "Lind, Anna"


def test_same_name_twice_is_refused_when_used_by_name(tmp_path: Path):
    # two namesakes told apart by their birth years (the same player twice is refused
    # on the roster already, issue 36 item 3)
    path = _sheet(tmp_path, {
        "Players": [["No", "Name", "Born"], [1, "A B", 1970], [2, "A B", 2010], [3, "C", 1990]],
        "Round 1": [["White", "Black", "Result"], ["A B", "C", "1-0"]],
    })
    with pytest.raises(InputError, match="names two players"):
        read_club_book(open_book(path))


def test_standings_sheet_first_is_not_taken_for_the_roster(tmp_path: Path):
    path = _sheet(tmp_path, {
        "Tabell": [["Plass", "Navn", "Poeng"], [1, "Bo Ek", 1], [2, "Anna Lind", 0]],
        "Spillere": [["Navn", "Elo"], ["Anna Lind", 1700], ["Bo Ek", 1650]],
        "1. runde": [["Hvit", "Svart", "Res."], ["Bo Ek", "Anna Lind", "1-0"]],
    })
    t = read_club_workbook(path)
    assert [(p.start_no, p.name) for p in t.players] == [(1, "Lind, Anna"), (2, "Ek, Bo")]
    assert t.round(1).games == (Game(2, 1, Result.WIN),)


def test_issue26_item10_every_problem_of_a_club_results_sheet_at_once(tmp_path: Path):
    """A club's round sheet with three bad rows names all three cells in one message,
    the rows after the first problem included."""
    path = _sheet(tmp_path, {
        "Players": [["Name", "Rating"], ["A B", 1], ["C D", 2], ["E F", 3], ["G H", 4]],
        "Round 1": [["Board", "White", "Black", "Result"], [1, "A B", "X Y", "1-0"],
                    [2, "C D", "E F", "2-0"], [3, "G H", None, "1-0"]],
    })
    with pytest.raises(InputError) as err:
        read_club_workbook(path)
    text = str(err.value)
    assert "club.xlsx: sheet 'Round 1': 3 problems: C2: 'X Y' is not a player" in text
    assert "D3: " in text and "2-0" in text and "C4: Black is missing" in text


def test_issue26_item10_every_problem_of_a_club_roster_at_once(tmp_path: Path):
    """The roster's problems are listed together too; one problem stays as it was."""
    path = _sheet(tmp_path, {
        "Players": [["Nr", "Name", "Rating"], [1, "A B", "x"], [2, None, 1500], [3, "E F", 3],
                    [3, "G H", 4]],
        "Round 1": [["Board", "White", "Black", "Result"]],
    })
    with pytest.raises(InputError) as err:
        read_club_workbook(path)
    text = str(err.value)
    assert "3 problems: C2: " in text and "B3: player without a name" in text
    assert "A5: start number 3 is used twice" in text
    path = _sheet(tmp_path, {
        "Players": [["Name", "Rating"], ["A B", "x"], ["C D", 1500]],
        "Round 1": [["Board", "White", "Black", "Result"]],
    })
    with pytest.raises(InputError, match=r"sheet 'Players' cell B2: rating of B, A: 'x' is not"):
        read_club_workbook(path)
