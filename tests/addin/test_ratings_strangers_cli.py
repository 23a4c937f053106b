"""Issue 30, items 11 and 14-17, through ``monrad ratings`` and ``monrad export
--rating-list``: a hostile or damaged rating list is one located line and exit 2 (never
exit 3, never a roster half filled), a list's line break never splits a TRF record, one
list row fills one player, and the club's formulas in the roster are kept."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player, Settings, Tournament

XML = (DATA / "ratings" / "players_list_xml_foa.xml").read_bytes()


def _club(tmp_path: Path, names=("Odegard, Ola", "Berg, Kari"), clubs=()) -> Path:
    t = Tournament(settings=Settings(system="nsf", rounds=5), info={"name": "Klubb"})
    for i, n in enumerate(names, 1):
        t.add_player(Player(i, n, club=clubs[i - 1] if clubs else ""))
    path = tmp_path / "club.trf"
    save(t, path)
    return path


def _one_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if not ln.startswith("monrad: warning:")]
    assert len(lines) == 1, err
    assert "internal error" not in err and "Traceback" not in err, err
    return lines[0]


def _crc_zip(tmp_path: Path) -> Path:
    f = tmp_path / "crc.zip"
    with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED) as z:
        z.writestr("players_list_xml_foa.xml", XML)
    data = bytearray(f.read_bytes())
    data[data.index(b"<fideid>1500001") + 8] = ord("9")
    f.write_bytes(bytes(data))
    return f


@pytest.mark.parametrize("command", [["ratings", "--fide"], ["export", "--check", "--rating-list"]])
@pytest.mark.parametrize("make, message", [
    (_crc_zip, "damaged (bad CRC-32"),
    (lambda d: _write(d, "big.xml", XML.replace(b"<rating>2210</rating>",
                                                b"<rating>123456</rating>")),
     "rating 123456 is out of range"),
    (lambda d: _write(d, "digits.xml", XML.replace(b"<rating>2210</rating>",
                                                   "<rating>2²00</rating>".encode("latin-1"))),
     "rating '2²00' is not a number"),
    (lambda d: _write(d, "cdata.xml", XML.replace(b"<title>FM</title>",
                                                  b"<title><![CDATA[</player>]]></title>")),
     "title '</player>' is not 3 letters"),
    (lambda d: _write(d, "bomb.zip", _bomb()), "compressed"),
])
def test_issue30_item15_a_bad_list_is_one_located_line_and_exit_2(tmp_path, capsys, command,
                                                                  make, message) -> None:
    club = _club(tmp_path)
    t = load(club)
    t.players[0] = t.players[0].replace(fide_id="1500001")
    save(t, club)
    before = club.read_bytes()
    lst = make(tmp_path)
    code = main([command[0], str(club), *command[1:], str(lst)])
    err = capsys.readouterr().err
    assert code == 2, err
    line = _one_line(err)
    assert message in line and lst.name in line
    assert club.read_bytes() == before


def _write(d: Path, name: str, data: bytes) -> Path:
    (d / name).write_bytes(data)
    return d / name


def _bomb() -> bytes:
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("players_list_xml_foa.xml", b"<playerslist><player><name>" + b"A" * 5_000_000)
    return buf.getvalue()


def test_issue30_item11_a_line_break_in_a_list_field_never_splits_a_trf_record(tmp_path,
                                                                               capsys) -> None:
    club = _club(tmp_path)
    lst = tmp_path / "list.csv"
    lst.write_bytes(b'FIDE ID;Navn;Elo\n1500001;"Odegard,\n001 9999 Ola";2210\n'
                    b'1500099;"Berg,\r\nKari";1700\n')
    assert main(["ratings", str(club), "--fide", str(lst)]) == 0, capsys.readouterr().err
    capsys.readouterr()
    text = club.read_text(encoding="utf-8")
    assert all(re.match(r"[0-9A-Z]{3}( |$)", ln) for ln in text.splitlines()), text
    assert [p.name for p in load(club).players] == ["Odegard, Ola", "Berg, Kari"]
    assert load(club).player(2).fide_id == "1500099"
    assert main(["pair", str(club), "--dry-run"]) == 0
    capsys.readouterr()
    before = club.read_bytes()
    lst.write_bytes(b'FIDE ID;Navn;Elo;Fed\n1500001;Odegard, Ola;2210;"NO\nR"\n')
    assert main(["ratings", str(club), "--fide", str(lst)]) == 2
    assert "list.csv:2: federation 'NO\\nR' is not a three-letter code" in _one_line(
        capsys.readouterr().err)
    assert club.read_bytes() == before


def test_issue30_item16_two_namesakes_on_the_roster_share_no_row(tmp_path, capsys) -> None:
    # two players, told apart by their clubs (the same player twice is refused, issue 36)
    club = _club(tmp_path, ("Hansen, Ola", "Ola Hansen", "Berg, Kari"),
                 ("Tromsø SK", "Bodø SK", "Tromsø SK"))
    lst = tmp_path / "list.csv"
    lst.write_bytes(b"FIDE ID;Navn;Elo;Tittel\n1500002;Hansen, Ola;1850;FM\n")
    assert main(["ratings", str(club), "--fide", str(lst)]) == 0
    out = capsys.readouterr().out
    assert "0 of 3 players found in the list; 2 ambiguous, 1 not found" in out
    assert "one row for 2 roster players (1, 2)" in out
    assert [(p.fide_id, p.rating, p.title) for p in load(club).players] == [("", 0, "")] * 3


def test_issue30_item17_ratings_keeps_the_clubs_formulas_in_the_roster(tmp_path, capsys) -> None:
    ps = [Player(1, "Odegard, Ola"), Player(2, "Hansen, Ola", birth="1990")]
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 5, ps, lang="en", seed=3)
    lay = L.layout_for("en")
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.players_sheet]
    heads = [c.value for c in ws[1]]
    rating = heads.index(L.PLAYER_COLUMNS["rating"]["en"]) + 1
    fide = heads.index(L.PLAYER_COLUMNS["fide_id"]["en"]) + 1
    elo = wb.create_sheet("Elo")
    elo["A2"], elo["A3"] = 2000, 1500
    ws.cell(2, rating, "=Elo!A2")
    ws.cell(3, rating, "=Elo!A3")
    wb.save(path)
    code = main(["ratings", str(path), "--fide", str(DATA / "ratings" / "players_list_foa.txt")])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert re.search(r"2 cells hold a formula and were not updated: [A-Z]+2 \(rating "
                     r"2210\), [A-Z]+3 \(rating 1720\)", captured.err), captured.err
    after = openpyxl.load_workbook(path)[lay.players_sheet]
    assert after.cell(2, rating).value == "=Elo!A2" and after.cell(3, rating).value == "=Elo!A3"
    assert (after.cell(2, fide).value, after.cell(3, fide).value) == ("1500001", "1500003")


def test_issue30_item15_the_fide_report_refuses_a_fide_id_longer_than_its_field(tmp_path,
                                                                               capsys) -> None:
    club = _club(tmp_path)
    t = load(club)
    t.players[0] = t.players[0].replace(fide_id="1" * 60)
    save(t, club)
    assert load(club).players[0].fide_id == "1" * 60  # monrad's TRF keeps it (XMN), uncut
    assert main(["export", str(club), "--check"]) == 1
    assert "is not a FIDE ID (1 to 11 digits, the TRF field)" in capsys.readouterr().out
