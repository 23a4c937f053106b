"""The workbook jobs: pair next round / update standings, written back safely (issue 7)."""

from __future__ import annotations

import random
import sys
import types
import zipfile
from pathlib import Path

import openpyxl
import pytest

from monrad.addin.jobs.book import JobError, pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.workbook import backup, package_book
from monrad.converters.workbook.backup import backups_of
from monrad.converters.workbook.binding import WorkbookError
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Bye, Game, Player, Result, Round, Tournament


# --- a throwaway pairing system, never committed under engine/systems/ -------------------
class _InOrder:
    """Pairs the players in start-number order, skipping rematches greedily; the last
    unpaired player gets the bye.  Good enough to drive the jobs."""

    name = "toy-in-order"

    def pair(self, t: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        met = {p: set() for p in players}
        for r in t.rounds:
            for g in r.games:
                for p in g.players:
                    if p in met:
                        met[p].add(g.opponent(p))
        free = sorted(players)
        games = []
        while len(free) > 1:
            a = free.pop(0)
            b = next((q for q in free if q not in met[a]), free[0])
            free.remove(b)
            games.append(Game(a, b) if round_no % 2 else Game(b, a))
        return Round(round_no, tuple(games), tuple(Bye(p) for p in free))


TOY = "toy-in-order"


@pytest.fixture(autouse=True)
def toy_system(monkeypatch):
    mod = types.ModuleType("monrad.engine.systems.toy_in_order")
    mod.SYSTEM = _InOrder()
    monkeypatch.setitem(sys.modules, "monrad.engine.systems.toy_in_order", mod)
    monkeypatch.setattr("monrad.converters.book.new_workbook.available_systems", lambda: ())


def _players(n: int) -> list[Player]:
    return [Player(i, f"Spiller {i:02d}", rating=2000 - 10 * i, club="SK") for i in range(1, n + 1)]


def _new(tmp_path: Path, n: int = 7, system: str = TOY, lang: str = "en", rounds: int = 5) -> Path:
    return create_workbook(tmp_path / "club.xlsx", system, rounds, _players(n), lang, seed=7)


def _enter(path: Path, round_no: int, results: list[str | None] | None = None,
           rng: random.Random | None = None) -> None:
    book = open_book(path)
    lay = L.detect_layout(book.sheet_names())
    sheet = lay.round_name(round_no)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    board = 0
    for i, row in enumerate(rows):
        if row[6] is None:
            continue
        value = results[board] if results is not None else (rng or random).choice(
            ["1-0", "½-½", "0-1", "+/-", "-/+"])
        board += 1
        book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[value]])
    book.save()


def test_pair_next_round_adds_round_sheet_with_dropdowns_and_standings(tmp_path: Path):
    path = _new(tmp_path)
    report = pair_next_round(open_book(path))
    assert report.round == 1 and report.message.startswith("round 1 paired: 3 boards")
    assert report.backup is not None and Path(report.backup).exists()
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Settings", "Players", "Round 1", "Standings", "Alphabetical"]
    ws = wb["Round 1"]
    assert [c.value for c in ws[2]] == L.layout_for("en").round_headers()
    assert [ws.cell(r, 2).value for r in range(3, 7)] == [1, 3, 5, 7]
    assert ws.cell(6, 8).value == "Bye"
    dv = ws.data_validations.dataValidation
    assert len(dv) == 1 and str(dv[0].sqref) == "E3:E5"
    assert "½-½" in dv[0].formula1
    assert ws.conditional_formatting, "empty result cells are highlighted"
    assert ws.freeze_panes == "A3" and ws.print_title_rows == "$1:$2"
    t = read_xlsx(path)
    assert t.round(1).games[0] == Game(1, 2)
    assert t.round(1).byes == (Bye(7, Result.PAIRING_BYE),)


def test_second_press_is_refused_cleanly_and_repair_repairs(tmp_path: Path):
    path = _new(tmp_path)
    pair_next_round(open_book(path))
    before = path.read_bytes()
    with pytest.raises(JobError, match=r"round 1 is already paired and has no results yet.*--repair"):
        pair_next_round(open_book(path))
    assert path.read_bytes() == before
    report = pair_next_round(open_book(path), repair=True)
    assert report.round == 1 and "re-paired" in report.message
    assert openpyxl.load_workbook(path).sheetnames == ["Settings", "Players", "Round 1", "Standings", "Alphabetical"]


def test_repair_refused_once_results_are_in(tmp_path: Path):
    path = _new(tmp_path)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", None, None])
    with pytest.raises(JobError, match="round 1 has 1 result"):
        pair_next_round(open_book(path), repair=True)


def test_missing_results_stop_pairing_with_the_boards_listed(tmp_path: Path):
    path = _new(tmp_path)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", None, "½-½"])
    with pytest.raises(JobError) as err:
        pair_next_round(open_book(path))
    assert "round 1 is missing a result on 1 board" in str(err.value)
    assert "board 2 (E4)" in str(err.value)


def test_postponed_game_blocks_a_system_without_postponement(tmp_path: Path):
    path = _new(tmp_path)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "postponed", "½-½"])
    with pytest.raises(JobError, match="does not allow postponed games"):
        pair_next_round(open_book(path))


def test_nsf_5_postponed_game_does_not_block_the_next_round(tmp_path: Path):
    path = create_workbook(tmp_path / "nsf.xlsx", "nsf", 5, _players(8), "no", seed=3)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "utsatt", "½-½", "0-1"])
    report = pair_next_round(open_book(path))
    assert report.round == 2
    t = read_xlsx(path)
    assert sum(1 for g in t.round(1).games if g.white_result is Result.PENDING) == 1


def test_all_rounds_paired_is_refused(tmp_path: Path):
    path = _new(tmp_path, n=4, rounds=1)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "0-1"])
    with pytest.raises(JobError, match="the only round is paired already"):
        pair_next_round(open_book(path))


def _sheet_xml(path: Path) -> dict[str, bytes]:
    """Sheet name -> the bytes of its worksheet XML part."""
    import re

    with zipfile.ZipFile(path) as zf:
        wb = zf.read("xl/workbook.xml").decode()
        rels = zf.read("xl/_rels/workbook.xml.rels").decode()
        targets = dict(re.findall(r'Id="(rId\d+)"[^>]*?Target="/?(?:xl/)?([^"]+)"', rels))
        targets.update({k: v for v, k in
                        re.findall(r'Target="/?(?:xl/)?([^"]+)"[^>]*?Id="(rId\d+)"', rels)})
        out = {}
        for name, rid in re.findall(r'<sheet [^>]*?name="([^"]+)"[^>]*?r:id="(rId\d+)"', wb):
            out[name] = zf.read("xl/" + targets[rid])
        return out


def _cells(path: Path) -> dict[tuple[str, str], tuple]:
    wb = openpyxl.load_workbook(path)
    out = {}
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                out[(ws.title, c.coordinate)] = (
                    c.value, repr(c.font), repr(c.fill), repr(c.border), repr(c.alignment),
                    c.number_format, repr(c.protection))
    return out


def test_only_owned_cells_change_user_cells_styles_and_sheets_stay(tmp_path: Path):
    path = _new(tmp_path, n=7)
    # the user's own touches: formatting, a formula, a note column, an extra sheet
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    ws["C2"].font = openpyxl.styles.Font(italic=True, color="FF0000")
    ws["N1"] = "Paid"
    ws["N2"] = True
    ws["O2"] = "=D2*2"
    notes = wb.create_sheet("Notes")
    notes["A1"] = "Bring clocks"
    notes["B3"] = 3.25
    notes["A1"].fill = openpyxl.styles.PatternFill("solid", start_color="FFFF00")
    wb.save(path)

    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "½-½", "0-1"])
    before_cells = _cells(path)
    before_xml = _sheet_xml(path)
    before_bytes = path.read_bytes()

    report = pair_next_round(open_book(path))
    after_cells = _cells(path)
    after_xml = _sheet_xml(path)
    owned = {"Round 2", "Standings", "Crosstable", "Alphabetical"}  # the tool's sheets
    changed = sorted(k for k in set(before_cells) | set(after_cells)
                     if k[0] not in owned and before_cells.get(k) != after_cells.get(k))
    # the one cell of the user's sheets a pairing fills: the round dates (issue 36 item 7)
    dates_row = next(r for r, c in [(k[1][1:], v) for k, v in after_cells.items()
                                    if k[0] == "Settings" and k[1][0] == "A"]
                     if c[0] == "Round dates")
    assert changed == [("Settings", f"B{dates_row}")]
    for name in ("Players", "Notes", "Round 1"):
        assert after_xml[name] == before_xml[name], f"sheet {name!r} XML changed"
    assert set(after_xml) == set(before_xml) | {"Round 2", "Crosstable"}
    # the backup is the workbook as it was, byte for byte
    assert Path(report.backup).read_bytes() == before_bytes
    # no temporary file left behind
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_update_standings_rewrites_only_the_standings(tmp_path: Path):
    path = _new(tmp_path, n=6)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "1-0", "0-1"])
    before = _cells(path)
    report = update_standings(open_book(path))
    assert report.round == 1
    after = _cells(path)
    owned = {"Standings", "Crosstable", "Alphabetical"}  # the standings and the documents
    assert [k for k in after if k[0] not in owned and after[k] != before.get(k)] == []
    ws = openpyxl.load_workbook(path)["Standings"]
    assert ws["A1"].value == "Standings after round 1"
    pts = {ws.cell(r, 2).value: ws.cell(r, 6).value for r in range(3, 9)}
    assert pts == {1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1}


def test_standings_rank_on_the_results_in_and_name_the_missing_boards(tmp_path: Path):
    """Issue 15 item 8: a round partly in is ranked on what is known (not "no rounds
    played" with everyone on zero) and the missing boards are named with their cells."""
    path = _new(tmp_path, n=4)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", None])
    report = update_standings(open_book(path))
    assert report.round == 1
    assert "round 1: results missing on 1 board: board 2 (E4)" in report.notes
    ws = openpyxl.load_workbook(path)["Standings"]
    assert ws["A1"].value == "Standings after round 1"
    cells = [c for row in ws.iter_rows(values_only=True) for c in row if isinstance(c, str)]
    assert "Round 1: results missing on 1 board: 2 (E4)" in cells
    points = [ws.cell(r, 6).value for r in range(L.STANDINGS_FIRST_ROW, L.STANDINGS_FIRST_ROW + 4)]
    assert sorted(points, reverse=True)[0] == 1


@pytest.mark.parametrize("lang", L.LANGS)
def test_jobs_work_in_every_language(tmp_path: Path, lang: str):
    path = _new(tmp_path, n=5, lang=lang)
    pair_next_round(open_book(path))
    lay = L.layout_for(lang)
    assert lay.round_name(1) in openpyxl.load_workbook(path).sheetnames
    _enter(path, 1, ["1-0", "0-1"])
    pair_next_round(open_book(path))
    t = read_xlsx(path)
    assert len(t.rounds) == 2 and t.round(1).is_finished


def test_unreadable_result_names_sheet_and_cell(tmp_path: Path):
    path = _new(tmp_path, n=4)
    pair_next_round(open_book(path))
    _enter(path, 1, ["1-0", "2-2"])
    with pytest.raises(JobError, match=r"sheet 'Round 1' cell E4: '2-2' is not a chess result"):
        pair_next_round(open_book(path))


def test_sizes_are_refused(tmp_path: Path, monkeypatch):
    path = _new(tmp_path, n=4)
    monkeypatch.setattr(package_book, "MAX_FILE_BYTES", 100)
    with pytest.raises(WorkbookError, match="too large"):
        open_book(path)
    monkeypatch.setattr(package_book, "MAX_FILE_BYTES", 50 * 1024 * 1024)
    monkeypatch.setattr(package_book, "MAX_ROWS", 3)
    with pytest.raises(WorkbookError, match=r"sheet 'Settings' has \d+ rows \(limit 3\)"):
        open_book(path)


def test_not_a_workbook_is_refused(tmp_path: Path):
    bad = tmp_path / "x.xlsx"
    bad.write_text("hello", encoding="utf-8")
    with pytest.raises(WorkbookError, match="not an Excel workbook"):
        open_book(bad)
    with pytest.raises(WorkbookError, match="no such file"):
        open_book(tmp_path / "missing.xlsx")


def test_fails_closed_without_defusedxml(tmp_path: Path, monkeypatch):
    assert openpyxl.DEFUSEDXML is True, "defusedxml must be installed and used by openpyxl"
    path = _new(tmp_path, n=4)
    monkeypatch.setattr(openpyxl, "DEFUSEDXML", False)
    with pytest.raises(WorkbookError, match="defusedxml"):
        open_book(path)


def test_backups_are_kept_and_rotated(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(backup, "KEEP_BACKUPS", 3)
    path = _new(tmp_path, n=4)
    for i in range(5):
        book = open_book(path)
        book.write_range("Players", 1, 20, [[f"note {i}"]])
        assert book.save() is not None
    assert len(backups_of(path)) == 3
    before = path.read_bytes()
    assert open_book(path).save() is None, "nothing changed: no write, no backup"
    assert path.read_bytes() == before and len(backups_of(path)) == 3


def test_a_foreign_workbook_is_not_a_monrad_workbook(tmp_path: Path):
    wb = openpyxl.Workbook()
    wb.save(tmp_path / "x.xlsx")
    with pytest.raises(JobError, match="not a monrad workbook"):
        pair_next_round(open_book(tmp_path / "x.xlsx"))


def test_oth_5_othello_rows_name_black_first_and_read_discs_black_first(tmp_path: Path):
    path = create_workbook(tmp_path / "oth.xlsx", "othello-swiss", 3, _players(6), "en", seed=1)
    pair_next_round(open_book(path))
    t = read_xlsx(path)
    first = t.round(1).games[0]
    ws = openpyxl.load_workbook(path)["Round 1"]
    assert (ws["C2"].value, ws["H2"].value) == ("Black", "White")
    assert (ws["B3"].value, ws["G3"].value) == (first.black, first.white)
    dv = ws.data_validations.dataValidation[0]
    assert dv.errorStyle == "warning", "disc scores such as 40-24 pass the drop-down"
    _enter(path, 1, ["40-24", "32-32", "-/+"])
    g = read_xlsx(path).round(1).games[0]
    assert (g.black, g.black_discs, g.white_discs) == (first.black, 40, 24)
    assert g.black_result is Result.WIN and g.white_result is Result.LOSS
    update_standings(open_book(path))
    ws = openpyxl.load_workbook(path)["Standings"]
    header = [c.value for c in ws[2]]
    assert "MBQ" in header and "DISCS" in header
    # written back unchanged by the next pairing (the round sheet is the user's now)
    pair_next_round(open_book(path))
    assert openpyxl.load_workbook(path)["Round 1"]["E3"].value == "40-24"


def test_empty_roster_is_refused(tmp_path: Path):
    path = create_workbook(tmp_path / "c.xlsx", TOY, 3)
    with pytest.raises(JobError, match="'Players' sheet has no players"):
        pair_next_round(open_book(path))


def test_xml_with_entities_is_refused_in_one_line(tmp_path: Path):
    """defusedxml at work: a DOCTYPE with entities (the 'billion laughs' shape) is refused."""
    src = _new(tmp_path, n=2)
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(bomb, "w") as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "xl/workbook.xml":
                data = data.replace(
                    b"<workbook",
                    b'<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><workbook', 1)
            zout.writestr(info, data)
    with pytest.raises(WorkbookError) as err:
        open_book(bomb)
    assert "entity declarations" in str(err.value) and "\n" not in str(err.value)
