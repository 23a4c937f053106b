"""The Danish federation's member list (issue 41 item 2): ``monrad ratings FILE --dsu
LIST`` reads DSU's CSV (``;``, Windows-1252; Danish rating, DSU and FIDE numbers, club,
birth year) with the same limits and checks as FIDE's lists and fills the roster's
national rating and ids; ``monrad export FILE --to dsu`` writes what the Danish rating
needs.  ``tests/data/ratings/dsu-medlemsliste.csv`` is invented, in that layout."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load, save
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament

DSU = DATA / "ratings" / "dsu-medlemsliste.csv"


def _roster() -> Tournament:
    t = Tournament(settings=Settings(system="dsu", rounds=5))
    for p in (Player(1, "Ostergaard, Soren", rating=1900, fide_id="1412345"),
              Player(2, "Jorgensen, Aase", birth="2009"),
              Player(3, "Hansen, Ole", rating=1780, birth="1961"),   # two in the list: by year
              Player(4, "Bæk, Niels", club="Nordkap")):              # the club stays
        t.add_player(p)
    return t


def test_issue41_item2_the_list_is_windows_1252() -> None:
    raw = DSU.read_bytes()
    assert b";" in raw.splitlines()[0] and "Østergård".encode("cp1252") in raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8"])
def test_issue41_item2_dsu_list_fills_a_trf_roster(tmp_path: Path, encoding: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    listed = tmp_path / "medlemmer.csv"
    listed.write_bytes(DSU.read_bytes().decode("cp1252").encode(encoding))
    path = tmp_path / "klub.trf"
    save(_roster(), path)
    assert main(["ratings", str(path), "--dsu", str(listed)]) == 0
    assert "4 of 4 players found" in capsys.readouterr().out
    got = {p.start_no: (p.national_id, p.national_rating, p.fide_id, p.club, p.birth)
           for p in load(path).players}
    assert got == {1: ("12001", 1912, "1412345", "Skakklubben Nordkap", "1979"),
                   2: ("12002", 1544, "", "Brønshøj Skakforening", "2009"),
                   3: ("12003", 1788, "1407771", "Aarhus Skakklub", "1961"),
                   4: ("12006", 2041, "1403000", "Nordkap", "1955")}
    assert [p.rating for p in load(path).players] == [1900, 0, 1780, 0]  # FIDE's untouched
    assert any(line.startswith("DEN    1") for line in path.read_text().splitlines())


def test_issue41_item2_dsu_list_fills_a_danish_workbook(tmp_path: Path) -> None:
    path = tmp_path / "klub.xlsx"
    save(_roster(), path)
    wb = openpyxl.load_workbook(path)
    wb["Players"].cell(1, 14, "DSU rating")  # the club's own column for the Danish rating
    wb.save(path)
    assert main(["ratings", str(path), "--dsu", str(DSU)]) == 0
    ws = openpyxl.load_workbook(path)["Players"]
    head = [c.value for c in ws[1]]
    row = [c.value for c in ws[4]]
    assert row[head.index("National ID")] == "12003" and row[head.index("DSU rating")] == 1788
    assert row[head.index("FIDE ID")] == "1407771" and row[head.index("Club")] == "Aarhus Skakklub"


def test_issue41_item2_a_bad_row_is_named_with_its_line(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.csv"
    lines = DSU.read_bytes().split(b"\r\n")
    lines[3] = lines[3].replace(b";1788;", b";17x8;")
    bad.write_bytes(b"\r\n".join(lines))
    path = tmp_path / "klub.trf"
    save(_roster(), path)
    assert main(["ratings", str(path), "--dsu", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.csv:4" in err and "rating" in err and "Traceback" not in err


def test_issue41_item2_export_for_the_danish_rating(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "klub.trf"
    save(_roster(), path)
    assert main(["ratings", str(path), "--dsu", str(DSU)]) == 0
    t = load(path)
    t.players.append(Player(5, "Nielsen, Åge"))  # no DSU number
    t.rounds = [Round(1, (Game(1, 3, Result.WIN), Game(4, 2, Result.DRAW),
                          Game(5, 6, Result.LOSS))),
                Round(2, (Game(2, 1, Result.FORFEIT_WIN), Game(3, 4, Result.LOSS)))]
    t.add_player(Player(6, "Lærke, Mette", national_id="12005"))
    save(t, path)
    capsys.readouterr()
    assert main(["export", str(path), "--to", "dsu"]) == 0
    out = capsys.readouterr()
    assert "Nielsen, Åge (5)" in out.err
    text = (tmp_path / "klub-dsu.csv").read_bytes().decode("cp1252").splitlines()
    assert text == [
        "Runde;Bord;Hvid DSU-nr;Hvid;Hvid rating;Sort DSU-nr;Sort;Sort rating;Resultat",
        "1;1;12001;Ostergaard, Soren;1912;12003;Hansen, Ole;1788;1-0",
        "1;2;12006;Bæk, Niels;2041;12002;Jorgensen, Aase;1544;½-½",
        "1;3;;Nielsen, Åge;;12005;Lærke, Mette;;0-1",
        "2;2;12003;Hansen, Ole;1788;12006;Bæk, Niels;2041;0-1"]  # the forfeit left out
