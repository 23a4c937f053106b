"""Issue 19: ``monrad ratings FILE --fide LIST`` fills a roster (workbook, TRF, CSV);
only roster cells change, a dry run changes nothing, bad input is one line (exit 2)."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Bye, Game, Player, Result, Round, Settings, Tournament

XML = DATA / "ratings" / "players_list_xml.zip"
TXT = DATA / "ratings" / "players_list_foa.txt"
ROSTER = [("Ødegård, Ola", "", ""), ("Ola Hansen", "1990", ""), ("Hansen, Ola", "", ""),
          ("Nilsen, Ingrid", "", "1500008"), ("Per Johansen", "2001", "")]


def players() -> list[Player]:
    # the two Ola Hansen are namesakes told apart by their clubs (the same player twice
    # is refused, issue 36 item 3); no. 3's birth year is unknown: ambiguous in the list
    return [Player(i, n, birth=b, fide_id=f, rating=1800 if f else 0,
                   club="Bergen SK" if i == 3 else "Oslo SK")
            for i, (n, b, f) in enumerate(ROSTER, 1)]


def tournament() -> Tournament:
    t = Tournament(settings=Settings(system="nsf", rounds=5), info={"name": "Klubbturnering"})
    for p in players():
        t.add_player(p)
    return t


@pytest.mark.parametrize("suffix", [".trf", ".csv"])
def test_ratings_fill_a_trf_or_csv_roster(tmp_path: Path, suffix: str, capsys) -> None:
    path = tmp_path / f"club{suffix}"
    save(tournament(), path)
    assert main(["ratings", str(path), "--fide", str(TXT)]) == 0
    out = capsys.readouterr().out
    assert "3 of 5 players found in the list; 1 ambiguous, 1 not found" in out
    t = load(path)
    by_no = {p.start_no: p for p in t.players}
    assert (by_no[1].fide_id, by_no[1].rating, by_no[1].title, by_no[1].federation) == (
        "1500001", 2210, "FM", "NOR")
    assert (by_no[2].fide_id, by_no[2].rating) == ("1500003", 1720)
    assert by_no[3].fide_id == "" and by_no[3].rating == 0  # ambiguous: untouched
    assert by_no[4].rating == 1843 and by_no[4].club == "Oslo SK"
    assert len(list(tmp_path.glob("club.backup-*"))) == 1


def test_ratings_dry_run_changes_nothing(tmp_path: Path, capsys) -> None:
    trf = tmp_path / "club.trf"
    save(tournament(), trf)
    book = create_workbook(tmp_path / "club.xlsx", "nsf", 5, players(), lang="no", seed=3)
    before = {p: p.read_bytes() for p in (trf, book)}
    for path in (trf, book):
        assert main(["ratings", str(path), "--fide", str(XML), "--dry-run"]) == 0
        out = capsys.readouterr().out
        assert "1500001" in out and ("dry run" in out or "prøvekjøring" in out)
    assert {p: p.read_bytes() for p in before} == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["club.trf", "club.xlsx"]


def _parts(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as z:
        return {n: hashlib.sha256(z.read(n)).hexdigest() for n in z.namelist()}


def test_ratings_workbook_only_roster_cells_change(tmp_path: Path, capsys) -> None:
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 5, players(), lang="no", seed=3)
    lay = L.layout_for("no")
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.players_sheet]
    ws.cell(1, 13, "K")  # the user's own K column
    ws.cell(1, 14, "Betalt")
    ws.cell(2, 14, "ja")
    notes = wb.create_sheet("Notater")
    notes["A1"] = "Kafeteria"
    notes["C5"] = "=1+1"
    wb.save(path)
    before_parts = _parts(path)
    before = {(c.row, c.column): c.value for row in openpyxl.load_workbook(path)[
        lay.players_sheet].iter_rows() for c in row}
    assert main(["ratings", str(path), "--fide", str(XML)]) == 0
    assert "i arket 'Spillere' oppdatert" in capsys.readouterr().out  # the workbook's language
    after_book = openpyxl.load_workbook(path)
    after = {(c.row, c.column): c.value for row in after_book[lay.players_sheet].iter_rows()
             for c in row}
    head = [after[(1, c)] for c in range(1, 15)]
    owned = {head.index(L.PLAYER_COLUMNS[f]["no"]) + 1 for f in
             ("fide_id", "rating", "title", "federation", "sex", "birth")} | {13}
    changed = {k for k in set(before) | set(after) if before.get(k) != after.get(k)}
    assert changed and all(col in owned for _, col in changed)
    assert after[(2, 13)] == 20 and after[(2, 14)] == "ja"  # K filled, user's column kept
    assert after[(4, 2)] == "Hansen, Ola" and after[(4, 5)] is None  # ambiguous: untouched
    after_parts = _parts(path)
    sheets = {n for n in before_parts if n.startswith("xl/worksheets/sheet")}
    changed_parts = {n for n in sheets if before_parts[n] != after_parts.get(n)}
    assert len(changed_parts) == 1  # only the Players sheet's part
    assert after_book["Notater"]["C5"].value == "=1+1"
    assert list(tmp_path.glob("club.backup-*"))


@pytest.mark.parametrize("args, message", [
    (["--fide", "missing.xml"], "missing.xml: no such file"),
    (["--fide", str(DATA / "ratings" / "bomb.xml")], "refused"),
    (["--fide", str(TXT), "--map", "colour=Farge"], "--map 'colour=Farge'"),
])
def test_ratings_bad_input_is_one_line_exit_2(tmp_path: Path, capsys, args, message) -> None:
    path = tmp_path / "club.trf"
    save(tournament(), path)
    assert main(["ratings", str(path), *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_ratings_national_csv_list_with_mapping(tmp_path: Path, capsys) -> None:
    path = tmp_path / "club.csv"
    save(tournament(), path)
    assert main(["ratings", str(path), "--fide", str(DATA / "ratings" / "national-list.csv"),
                 "--national", "--map", "national_id=Medlemsnr", "--map", "name=Navn",
                 "--map", "birth_year=Født", "--map", "rating=LASK"]) == 0
    by_no = {p.start_no: p for p in load(path).players}
    assert (by_no[5].national_id, by_no[5].national_rating) == ("7001", 1890)
    assert (by_no[2].national_id, by_no[2].national_rating, by_no[2].rating) == ("7003", 1745, 0)


def test_ratings_refuses_a_csv_results_table(tmp_path: Path, capsys) -> None:
    t = tournament()
    t.rounds.append(Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW)),
                          (Bye(5, Result.PAIRING_BYE),)))
    path = tmp_path / "results.csv"
    save(t, path, "csv-results")
    before = path.read_bytes()
    assert main(["ratings", str(path), "--fide", str(TXT)]) == 2
    assert "has no roster to fill" in capsys.readouterr().err
    assert path.read_bytes() == before
