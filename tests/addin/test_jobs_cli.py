"""``monrad standings`` on a workbook: the Standings sheet is written first (the
"Update standings" job), then the same table is printed; TRF/CSV files are only read;
``--mapping`` reads a club's own sheet."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.addin.jobs.book import run_pair
from monrad.converters import layout as L
from monrad.converters.workbook.package_book import open_book

EXAMPLE = REPO / "templates" / "example-club.xlsx"


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _enter_results(path: Path, round_no: int, count: int | None = None) -> None:
    book = open_book(path)
    lay = L.detect_layout(book.sheet_names())
    sheet = lay.round_name(round_no)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    boards = [i for i, row in enumerate(rows) if row[6] is not None]
    for k, i in enumerate(boards[:count]):
        book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[("1-0", "0-1", "½-½")[k % 3]]])
    book.save()


def _sheet_title(path: Path) -> str:
    return openpyxl.load_workbook(path)["Tabell"]["A1"].value


def test_standings_writes_the_sheet_then_prints_the_same_round(capsys, tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    shutil.copy(EXAMPLE, path)
    assert run_pair(str(path))[0] == 0
    _enter_results(path, 1)
    assert run_pair(str(path))[0] == 0
    _enter_results(path, 2, count=5)  # round 2: 10 of 15 boards still open
    sheet = openpyxl.load_workbook(path)["Tabell"]
    sheet["A1"] = "stale"
    wb = sheet.parent
    wb.save(path)
    code, out, err = run(capsys, "standings", path)
    assert code == 0, err
    # issue 15 item 8: the round partly in is ranked on what is known, boards named
    assert _sheet_title(path).endswith("Tabell etter runde 2")  # the sheet was rewritten
    first = out.splitlines()[0]
    assert first.startswith("Tabell etter runde 2"), out  # the sheet's round, its language
    assert "er skrevet i arket 'Tabell'" in out
    assert "runde 2: resultat mangler på 10 bord: bord 6 (E8)" in out
    assert out.index("Tabell etter runde 2") < out.index("er skrevet i arket")
    # --round still picks the printed round; --dry-run prints the same and writes nothing
    before = path.read_bytes()
    code, out, _ = run(capsys, "standings", path, "--dry-run")
    assert code == 0 and out.splitlines()[0].startswith("Tabell etter runde 2")
    assert "er skrevet i arket" not in out and path.read_bytes() == before
    code, out, _ = run(capsys, "standings", path, "--dry-run", "--round", "1")
    assert out.splitlines()[0].startswith("Tabell etter runde 1")


def test_standings_of_a_trf_file_only_prints(capsys, tmp_path: Path) -> None:
    trf = tmp_path / "club.trf"
    shutil.copy(REPO / "examples" / "club.trf", trf)
    before = trf.read_bytes()
    code, out, err = run(capsys, "standings", trf)
    assert code == 0, err
    assert out.startswith("Standings after round") and "written to sheet" not in out
    assert trf.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.trf"]


def _their_sheet(tmp_path: Path) -> tuple[Path, Path]:
    """A club's own workbook with German headers, and the mapping file that names them."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Lista"
    for row in [["Schachspieler", "Wertung"], ["Anna Lind", 1700], ["Bo Ek", 1650],
                ["Cai Berg", 1600], ["Dag Ny", 1550]]:
        ws.append(row)
    games = wb.create_sheet("Partien")
    for row in [["Weiss", "Schwarz", "Ergebnis"], ["Bo Ek", "Anna Lind", "0-1"],
                ["Cai Berg", "Dag Ny", "1-0"]]:
        games.append(row)
    path = tmp_path / "their.xlsx"
    wb.save(path)
    mapping = tmp_path / "map.json"
    mapping.write_text(json.dumps({"columns": {
        "Schachspieler": "name", "Wertung": "rating", "Weiss": "white",
        "Schwarz": "black", "Ergebnis": "result"}, "name_order": "keep"}), encoding="utf-8")
    return path, mapping


def test_standings_mapping_reads_a_club_sheet_with_unusual_headers(capsys, tmp_path: Path) -> None:
    path, mapping = _their_sheet(tmp_path)
    before = path.read_bytes()
    code, out, err = run(capsys, "standings", path, "--mapping", mapping, "--format", "csv")
    assert code == 0, err
    rows = out.splitlines()
    assert rows[0].startswith("rank,start_no,name,points")
    assert {r.split(",")[2]: r.split(",")[3] for r in rows[1:]} == {
        "Anna Lind": "1", "Cai Berg": "1", "Bo Ek": "0", "Dag Ny": "0"}
    assert path.read_bytes() == before  # a club's own sheet is only read


def test_convert_and_pair_take_the_mapping_too(capsys, tmp_path: Path) -> None:
    path, mapping = _their_sheet(tmp_path)
    out = tmp_path / "their.trf"
    code, _, err = run(capsys, "convert", path, "-o", out, "--mapping", mapping)
    assert code == 0, err
    from monrad.converters.trf import read_trf

    t = read_trf(out)
    assert [p.name for p in t.players] == ["Anna Lind", "Bo Ek", "Cai Berg", "Dag Ny"]
    assert t.score(1) == 1 and t.score(2) == 0
    code, pairs, err = run(capsys, "pair", path, "--mapping", mapping, "--system", "ssf",
                           "--rounds", "3", "--dry-run", "--format", "pairs")
    assert code == 0, err
    assert len(pairs.split()) == 4


def test_standings_mapping_refuses_a_trf(capsys, tmp_path: Path) -> None:
    mapping = tmp_path / "map.toml"
    mapping.write_text('"Spieler" = "name"\n', encoding="utf-8")
    code, _, err = run(capsys, "standings", REPO / "examples" / "club.trf", "--mapping", mapping)
    assert code != 0 and "--mapping" in err and "Traceback" not in err


@pytest.mark.parametrize("bad", ['"Spieler" = "nom"\n'])
def test_standings_bad_mapping_is_one_line(capsys, tmp_path: Path, bad: str) -> None:
    mapping = tmp_path / "map.toml"
    mapping.write_text(bad, encoding="utf-8")
    path = tmp_path / "club.xlsx"
    shutil.copy(EXAMPLE, path)
    code, out, err = run(capsys, "standings", path, "--mapping", mapping)
    assert code != 0 and out == ""
    assert err.count("\n") == 1 and "ukjent felt 'nom'" in err  # the workbook's language
