"""Issue 19: FIDE's player list (XML and TXT, plain and zipped) and CSV lists, read
safely and matched to a roster by FIDE ID, else name and birth year."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters.errors import InputError
from monrad.converters.ratings.lists import iter_list
from monrad.converters.ratings.match import (
    compare,
    filled,
    match_list,
    match_roster,
    matches_table,
    name_key,
)
from monrad.engine.model import Player

LISTS = DATA / "ratings"
FIDE_FILES = ("players_list_xml_foa.xml", "players_list_foa.txt", "players_list_xml.zip",
              "players_list.zip")


def roster() -> list[Player]:
    rows = [("Ødegård, Ola", "", ""), ("Ola Hansen", "1990", ""), ("Hansen, Ola", "", ""),
            ("Müller, Jürgen", "", ""), ("Åsa Lindqvist", "", ""), ("Søren Kierkegård", "", ""),
            ("Nilsen, Ingrid", "1987/04/02", "1500008"), ("Per Johansen", "2001", ""),
            ("Ghost, Bo", "", "99999999"), ("Jens Oestergaard", "1979", ""),
            ("Andersson, Erik", "1970", "")]
    return [Player(i, n, birth=b, fide_id=f, rating=1800 if f else 0)
            for i, (n, b, f) in enumerate(rows, 1)]


@pytest.mark.parametrize("name", FIDE_FILES)
def test_fide_list_every_form_reads_the_same_rows(name: str) -> None:
    rows = list(iter_list(LISTS / name, "standard"))
    assert len(rows) == 10
    lind = next(r for r in rows if r.fide_id == "1500005")
    assert (lind.name, lind.federation, lind.sex, lind.title, lind.rating, lind.k,
            lind.birth_year, lind.flag) == ("Lindqvist, Aasa", "SWE", "w", "WIM", 2105, 20,
                                            1995, "w")
    berg = next(r for r in rows if r.fide_id == "1500007")
    assert (berg.rating, berg.k) == (0, 0)  # unrated in the standard list
    assert rows[8].name == "Østergård, Jens"  # ISO-8859-1 XML, UTF-8 TXT


@pytest.mark.parametrize("which, rating, k", [("standard", 1600, 40), ("rapid", 1650, 40),
                                              ("blitz", 1700, 40)])
def test_fide_list_chosen_list_gives_rating_and_k(which: str, rating: int, k: int) -> None:
    for name in FIDE_FILES[:2]:
        row = next(r for r in iter_list(LISTS / name, which) if r.fide_id == "1500006")
        assert (row.rating, row.k) == (rating, k)


def test_name_key_nordic_letters_ascii_and_order() -> None:
    assert name_key("Ødegård, Ola") == name_key("Odegard, Ola") == name_key("Ola Oedegaard")
    assert name_key("Hansen, Ola") == name_key("Ola Hansen")
    assert name_key("Søren Kierkegård") == name_key("Kierkegaard, Soeren")
    assert name_key("Hansen, Ola") != name_key("Hansen, Ole")


@pytest.mark.parametrize("name", FIDE_FILES[:2])
def test_match_by_id_else_name_and_birth_year_never_guessed(name: str) -> None:
    got = {m.player.start_no: m for m in match_list(roster(), LISTS / name)}
    assert (got[1].status, got[1].listed.fide_id) == ("name", "1500001")  # Ødegård/Odegard
    assert (got[2].status, got[2].listed.fide_id) == ("name+year", "1500003")  # born 1990
    assert got[3].status == "ambiguous" and not got[3].found  # two Ola Hansens, no year
    assert {c.fide_id for c in got[3].candidates} == {"1500002", "1500003"}
    assert got[4].listed.fide_id == "1500004"  # Müller, Jürgen / Mueller, Juergen
    assert got[5].listed.fide_id == "1500005"  # Åsa / Aasa
    assert got[6].listed.fide_id == "1500006"  # Søren Kierkegård / Kierkegaard, Soeren
    assert (got[7].status, got[7].listed.fide_id) == ("id", "1500008")
    assert got[8].status == "unmatched"
    assert got[9].status == "unknown id"
    assert got[10].listed.fide_id == "1500009"  # Oestergaard / Østergård, born 1979
    assert got[11].status == "unmatched" and got[11].candidates  # another birth year


def test_filled_takes_the_lists_data_and_keeps_a_full_birth_date() -> None:
    got = {m.player.start_no: m for m in match_list(roster(), LISTS / FIDE_FILES[0])}
    p = filled(got[5])
    assert (p.fide_id, p.rating, p.title, p.federation, p.sex, p.birth, p.extra["K"]) == (
        "1500005", 2105, "WIM", "SWE", "w", "1995", "20")
    assert filled(got[7]).birth == "1987/04/02" and filled(got[7]).rating == 1843
    assert filled(got[3]) == got[3].player  # ambiguous: unchanged
    table = matches_table(list(got.values()))
    assert "7 of 11 players found in the list; 1 ambiguous, 3 not found" in table


def test_compare_lists_what_differs_from_the_list() -> None:
    ps = [Player(1, "Nilsen, Kari", fide_id="1500008", birth="1988", federation="SWE",
                 rating=1800), Player(2, "Ghost, Bo", fide_id="99999999")]
    diffs = [d for m in match_list(ps, LISTS / FIDE_FILES[0], by_name=False) for d in compare(m)]
    assert [(d.player.start_no, d.field) for d in diffs] == [
        (1, "name"), (1, "birth year"), (1, "federation"), (1, "rating"), (2, "FIDE ID")]


def test_match_roster_accepts_any_rows() -> None:
    rows = list(iter_list(LISTS / FIDE_FILES[0]))
    assert [m.status for m in match_roster(roster()[:2], rows)] == ["name", "name+year"]


def test_csv_list_with_a_mapping_fills_national_data() -> None:
    mapping = {"national_id": "Medlemsnr", "name": "Navn", "birth_year": "Født",
               "rating": "LASK"}
    ps = [Player(1, "Johansen, Per"), Player(2, "Kari Berg", national_id="7002")]
    got = match_list(ps, LISTS / "national-list.csv", mapping=mapping)
    assert [m.status for m in got] == ["name", "national id"]
    p = filled(got[0], national=True)
    assert (p.national_id, p.national_rating, p.rating) == ("7001", 1890, 0)


def test_entity_declarations_are_refused() -> None:
    with pytest.raises(InputError, match="bomb.xml:2: refused: the XML has a DTD"):
        list(iter_list(LISTS / "bomb.xml"))


@pytest.mark.parametrize("text, message", [
    (b'<?xml version="1.0"?>\n<players><player/></players>', "root element is <players>"),
    ((b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>12</fideid>\n<name>A</nam>'
     b"</player>\n</playerslist>\n"), r"list.xml:4: not well-formed XML \(mismatched tag\)"),
    ((b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>x1</fideid></player>\n'
     b"</playerslist>\n"), "'x1' is not a number"),
    (b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>1</fideid></player>\n',
     "ends without </playerslist>"),
    (b'<?xml version="1.0" encoding="UTF-7"?>\n<playerslist/>', "encoding 'utf-7'"),
    (b'<?xml version="1.0"?>\n<playerslist>\n<player/>\n</playerslist>\n', "cannot take apart"),
])
def test_bad_xml_is_one_located_error(tmp_path: Path, text: bytes, message: str) -> None:
    f = tmp_path / "list.xml"
    f.write_bytes(text)
    with pytest.raises(InputError, match=message):
        list(iter_list(f))


def test_bad_txt_line_is_located(tmp_path: Path) -> None:
    lines = (LISTS / "players_list_foa.txt").read_bytes().splitlines(keepends=True)
    f = tmp_path / "list.txt"
    f.write_bytes(b"".join(lines[:3]) + b"15000x3" + lines[3][7:])
    with pytest.raises(InputError, match=r"list.txt:4: FIDE ID '15000x3'"):
        list(iter_list(f))


def test_zip_larger_than_the_limit_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "big.zip"
    with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("players_list_foa.txt", b" " * 100_000)
    with pytest.raises(InputError, match="unpacks to 100000 bytes"):
        list(iter_list(f, limit=50_000))


def test_xml_players_of_another_shape_are_read_not_skipped(tmp_path: Path) -> None:
    f = tmp_path / "list.xml"
    f.write_bytes(b'<?xml version="1.0"?>\n<playerslist>\n'
                  b'<player id="1"><fideid>5</fideid><name>A, B</name></player>\n'
                  b"<player><fideid>7</fideid><name>O&apos;Neil, &#216;la</name><!-- c -->"
                  b"<rating>1500</rating><k>20</k></player>\n"
                  b"<!-- <player><fideid>9</fideid><name>Old, One</name></player> -->\n"
                  b"</playerslist>\n")
    rows = list(iter_list(f))
    assert [(r.fide_id, r.name, r.rating, r.k) for r in rows] == [
        ("5", "A, B", 0, 0), ("7", "O'Neil, Øla", 1500, 20)]



def test_fide_single_list_txt_reads_the_month_column(tmp_path: Path) -> None:
    """FIDE's per-list files name the rating column after the month: ``NOV26 Gms K``."""
    head = ("ID Number      Name                                                         Fed Sex "
            "Tit  WTit OTit           FOA NOV26 Gms K  B-day Flag")
    starts = [0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132]
    line = ""
    for start, v in zip(starts, ["1500006", "Kierkegaard, Soeren", "DEN", "M", "", "", "", "",
                                 "1650", "9", "40", "2010", ""]):
        line = line.ljust(start) + v
    f = tmp_path / "rapid_nov26frl.txt"
    f.write_text(head + "\n" + line + "\n", encoding="latin-1")
    (row,) = iter_list(f, "rapid")
    assert (row.fide_id, row.rating, row.games, row.k, row.birth_year) == (
        "1500006", 1650, 9, 40, 2010)


def test_csv_list_common_headers_need_no_mapping(tmp_path: Path) -> None:
    f = tmp_path / "club.csv"
    f.write_text("FIDE ID;Navn;Født;Elo;K\n1500003;Ola Hansen;1990;1725;20\n;Per Uten;2001;;\n",
                 encoding="utf-8")
    rows = list(iter_list(f))
    assert [(r.fide_id, r.name, r.birth_year, r.rating, r.k) for r in rows] == [
        ("1500003", "Ola Hansen", 1990, 1725, 20)]
