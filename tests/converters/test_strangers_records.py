"""Issue 40 items 2 and 3: what one record of a stranger's file may hold.

* item 2: a CSV record is bounded over all its lines (``limits.MAX_RECORD``), in every
  CSV reader (rating lists, rosters and results, klubtur), and the refusal names the
  line the record starts on;
* item 3: one bound on rounds for every reader (``limits.MAX_ROUNDS``), the most the
  writers can write.
"""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest
from conftest import REPO
from test_club_sheets import _sheet as _club_book
from test_rating_list_strangers import _Endless

from monrad.converters import load
from monrad.converters.errors import InputError
from monrad.converters.limits import MAX_RECORD, MAX_ROUNDS
from monrad.converters.ratings.lists import iter_list, read_csv_list


def _short_lines(count: int) -> bytes:
    """``count`` quoted cells of one short line each, as varied as a real list's
    (so that a ZIP does not see a bomb's ratio)."""
    rng = random.Random(40)
    return b"".join(b'"%d\n",' % rng.randrange(10**6) for _ in range(count))


# ------------------------------------------------------------------ item 2
def test_issue40_item2_a_csv_list_record_over_endless_short_lines_is_refused() -> None:
    """Every line is a few bytes (under any line bound); the record never ends."""
    stream = _Endless(b"FIDE ID,Name,Rating\n1503014,Carlsen,2831\n7,", b'"a\n",')
    with pytest.raises(InputError, match=rf"^list.csv:3: a record longer than "
                                         rf"{MAX_RECORD // 1024} KiB, from this line on"):
        list(read_csv_list(io.BufferedReader(stream), label="list.csv"))
    assert stream.count <= 2 * 1024 * 1024


def test_issue40_item2_a_zipped_csv_list_names_the_line_the_record_starts_on(
        tmp_path: Path) -> None:
    head = b"FIDE ID;Name;Rating\n1503014;Carlsen, Magnus;2831\n1503015;Someone;2000\n9;"
    f = tmp_path / "list.zip"
    with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("list.csv", head + _short_lines(30_000).replace(b",", b";") + b"2000\n")
    with pytest.raises(InputError, match=r"list.zip:list.csv:4: a record longer than 64 KiB"):
        list(iter_list(f))


def test_issue40_item2_a_tournament_csv_record_is_bounded_too(tmp_path: Path) -> None:
    f = tmp_path / "roster.csv"
    f.write_bytes(b"No.,Name,Rating\n1,Anna,1500\n2,Bo,1400\n3," + _short_lines(60_000)
                  + b"1300\n")
    with pytest.raises(InputError, match=r"roster.csv:4: a record longer than 64 KiB"):
        load(f)


def test_issue40_item2_a_klubtur_record_is_bounded_too(tmp_path: Path) -> None:
    from monrad.converters.tabular.klubtur import parse_klubtur

    text = ("Gruppe A\r\nNr;Navn;Rating;1;2;Point\r\n1;Anna;1500;;1;1\r\n2;"
            + _short_lines(60_000).decode().replace(",", ";") + "\r\n")
    with pytest.raises(InputError, match=r"k.csv:4: a record longer than 64 KiB"):
        parse_klubtur(text, name="k.csv")


def test_issue40_item2_a_long_record_within_the_bound_is_read(tmp_path: Path) -> None:
    """A quoted name over several lines is still read (on one line)."""
    f = tmp_path / "list.csv"
    f.write_bytes(b'FIDE ID,Name,Rating\n1503014,"Carlsen,\nMagnus",2831\n')
    (player,) = iter_list(f)
    assert (player.name, player.rating, player.line) == ("Carlsen, Magnus", 2831, 2)


# ------------------------------------------------------------------ item 3
#: a round past every writer (TRF's round fields have three digits)
HUGE = 99_999_999
WOF = REPO / "tests" / "data" / "wof" / "20260314_Stockholm_Open_2026.ELO"
CLUB_TRF = REPO / "examples" / "club.trf"


def _out_of_range(value: int = HUGE, what: str = "round") -> str:
    return rf"{what} {value} is out of range \(1 to {MAX_ROUNDS}\)"


@pytest.mark.parametrize("number", [HUGE, MAX_ROUNDS + 1])
def test_issue40_item3_a_wof_round_past_the_bound_is_refused_at_its_line(
        tmp_path: Path, number: int) -> None:
    """The issue's 303-byte WOF file ran out of memory at 2 GB; ``%Round: 9999`` was
    converted into a TRF that monrad then refused."""
    f = tmp_path / "open.ELO"
    f.write_text(WOF.read_text(encoding="latin-1").replace("%Round: 3", f"%Round: {number}"),
                 encoding="latin-1")
    line = f.read_text(encoding="latin-1").splitlines().index(f"%Round: {number}") + 1
    with pytest.raises(InputError, match=rf"open.ELO:{line}: {_out_of_range(number)}"):
        load(f)


def test_issue40_item3_a_csv_results_round_past_the_bound_is_refused_at_its_cell(
        tmp_path: Path) -> None:
    f = tmp_path / "results.csv"
    f.write_text(f"Round,White,Black,Result\n1,1,2,1-0\n{HUGE},2,1,0-1\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"results.csv:3:1: field 'Round': {_out_of_range()}"):
        load(f)


def test_issue40_item3_a_csv_settings_row_past_the_bound_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "results.csv"
    f.write_text(f"monrad;system=nsf;rounds={HUGE}\nRound;White;Black;Result\n1;1;2;1-0\n",
                 encoding="utf-8")
    with pytest.raises(InputError, match=_out_of_range(what="number of rounds")):
        load(f)


def test_issue40_item3_a_round_sheet_renamed_past_the_bound_is_refused(tmp_path: Path) -> None:
    import openpyxl

    from monrad.converters import save

    book = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), book)
    wb = openpyxl.load_workbook(book)
    wb["Round 3"].title = f"Round {HUGE}"
    wb.save(book)
    with pytest.raises(InputError, match=rf"club.xlsx: sheet 'Round {HUGE}': {_out_of_range()}"):
        load(book)


_ROSTER = [["Navn", "Elo"], ["Ola Nordmann", 1600], ["Kari Berg", 1500]]


def test_issue40_item3_a_club_sheet_named_past_the_bound_is_refused(tmp_path: Path) -> None:
    path = _club_book(tmp_path, {"Deltakere": _ROSTER, f"Runde {HUGE}": [
        ["Bord", "Hvit", "Svart", "Resultat"], [1, "Ola Nordmann", "Kari Berg", "1-0"]]})
    with pytest.raises(InputError, match=rf"club.xlsx: sheet 'Runde {HUGE}': {_out_of_range()}"):
        load(path)


def test_issue40_item3_a_club_round_column_past_the_bound_is_refused_at_its_cell(
        tmp_path: Path) -> None:
    path = _club_book(tmp_path, {"Deltakere": _ROSTER, "Resultater": [
        ["Runde", "Hvit", "Svart", "Resultat"], [1, "Ola Nordmann", "Kari Berg", "1-0"],
        [HUGE, "Kari Berg", "Ola Nordmann", "1-0"]]})
    with pytest.raises(InputError, match=rf"sheet 'Resultater' cell A3: {_out_of_range()}"):
        load(path)


def test_issue40_item3_a_year_in_a_club_title_is_not_a_count_of_rounds(tmp_path: Path) -> None:
    path = _club_book(tmp_path, {"Deltakere": [["Klubbmesterskap 2025 runde 1-7"], [], *_ROSTER],
                                 "Runde 1": [["Bord", "Hvit", "Svart", "Resultat"],
                                             [1, "Ola Nordmann", "Kari Berg", "1-0"]]})
    assert load(path).settings.rounds == 1


def test_issue40_item3_a_trf_round_past_the_bound_is_refused_at_its_column(
        tmp_path: Path) -> None:
    """A 001 line with a game in round 1000 (columns past 10,000)."""
    lines = CLUB_TRF.read_text(encoding="utf-8").splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith("001"))
    lines[at] = lines[at].ljust(91 + 10 * MAX_ROUNDS) + "   2 w 1"
    f = tmp_path / "club.trf"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"club.trf:{at + 1}:{92 + 10 * MAX_ROUNDS}: "
                                         rf"{_out_of_range(MAX_ROUNDS + 1)}"):
        load(f)
