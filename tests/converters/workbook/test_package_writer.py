"""Issue 12: nothing lost from the user's workbook -- monrad writes only the parts it owns.

A club's workbook as Excel writes it (logo, text box, comment, validation, conditional
formatting, hyperlink, print titles on Players; a sheet of the user's own with a table,
a formula, a chart, sparklines and defined names), and the same with xlwings Lite's
web-extension parts, go through a season: ``monrad pair``, results typed, ``monrad
standings``, ``monrad pair`` ...  After every step every part outside the owned list
is byte-identical, every user cell keeps its value, and the round and standings
sheets read back exactly.
"""

from __future__ import annotations

import random
import re
import shutil
import warnings
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA
from python_calamine import CalamineWorkbook
from workbook_builders import (
    LITE_PARTS,
    add_lite_parts,
    club_workbook,
    parts,
    sheet_parts,
)

from monrad.addin.cli import main
from monrad.addin.jobs.book import standings_table
from monrad.converters import layout as L
from monrad.converters.book.xlsx import read_book, read_xlsx, round_rows
from monrad.converters.workbook.backup import backups_of
from monrad.converters.workbook.package_book import open_book

INDEX = {"[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"}
USER_SHEETS = ("Settings", "Players", "Budget")


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    """``monrad ARGV`` in this process; no Python warning may escape to the user."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        code = main(list(argv))
    out, err = capsys.readouterr()
    assert not caught, [str(w.message) for w in caught]
    assert "site-packages" not in err and "Warning" not in err, err
    return code, out, err


def _load(path: Path) -> openpyxl.Workbook:
    """openpyxl's view of a file, for the checks (its own warnings about the user's
    sparklines are not the user's concern here)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return openpyxl.load_workbook(path)


def _values(path: Path, sheets=USER_SHEETS) -> dict[str, dict[str, object]]:
    """Every non-empty cell of the user's sheets (formulas as their text)."""
    wb = _load(path)
    return {name: {c.coordinate: c.value for row in wb[name].iter_rows() for c in row
                   if c.value is not None} for name in sheets}


def _xfs(styles: bytes) -> list[str]:
    block = re.search(rb"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.DOTALL).group(1).decode()
    return re.findall(r"<xf\b[^>]*?/>|<xf\b[^>]*?>.*?</xf>", block, re.DOTALL)


def _assert_only_owned_changed(before: dict[str, bytes], path: Path, owned_sheets: set[str]):
    """Every part but the index, styles and the sheets monrad owns is byte-identical,
    in the same order; styles.xml only grows at the end of its lists.  The printable
    document sheets the standings job keeps (Crosstable, Alphabetical, Cards) are
    monrad's too."""
    from monrad.converters.publish.sheets import DOCUMENT_SHEETS

    owned_sheets = owned_sheets | {name for names in DOCUMENT_SHEETS.values()
                                   for name in names.values()}
    after = parts(path)
    where = sheet_parts(path)
    allowed = INDEX | {"xl/styles.xml"} | {where[s] for s in owned_sheets if s in where}
    for name, data in before.items():
        if name not in allowed:
            assert after.get(name) == data, f"{name} changed"
    kept = [n for n in after if n in before]
    assert kept == [n for n in before if n in after], "the parts keep their order"
    assert set(before) - set(after) <= allowed, "only owned parts may go"
    new = set(after) - set(before)
    assert new <= {where[s] for s in owned_sheets if s in where}, new
    old_xfs, new_xfs = _xfs(before["xl/styles.xml"]), _xfs(after["xl/styles.xml"])
    assert new_xfs[:len(old_xfs)] == old_xfs, "existing cell formats are never renumbered"


def _type_results(path: Path, n: int, rng: random.Random) -> None:
    """A user types the round's results (through the binding, as in Excel)."""
    book = open_book(path)
    sheet = L.detect_layout(book.sheet_names()).round_name(n)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    for i, row in enumerate(rows):
        if row[6] is not None:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL,
                             [[rng.choice(["1-0", "½-½", "0-1"])]])
    book.save()


def _check_round_sheet(path: Path, n: int) -> None:
    book = open_book(path)
    cb = read_book(book)
    t, lay = cb.tournament, cb.layout
    expected = round_rows(t, t.round(n), lay)
    ws = _load(path)[lay.round_name(n)]
    got = [[c.value for c in row] for row in ws.iter_rows(min_row=L.ROUND_FIRST_ROW,
                                                          max_col=len(L.ROUND_COLUMNS))]
    assert got[:len(expected)] == [[None if v == "" else v for v in r] for r in expected]
    # below the boards: the round list it was paired from (DSU-7, issue 36 item 1)
    assert got[len(expected) + 2][0] == " ".join(map(str, t.round(n).paired_from))
    assert ws.freeze_panes == "A3" and ws.print_title_rows == "$1:$2"
    dv = ws.data_validations.dataValidation[0]
    assert dv.type == "list" and "1-0" in dv.formula1 and str(dv.sqref).startswith("E3")
    rules = [r for cf in ws.conditional_formatting for r in cf.rules]
    assert rules and rules[0].formula == ["LEN(TRIM(E3))=0"]
    assert ws.column_dimensions["C"].width == 28
    assert ws["C2"].font.b and ws["A3"].border.left.style == "thin"


def _dated(user: dict[str, dict[str, object]], path: Path) -> dict[str, dict[str, object]]:
    """The user's cells after a pairing: the same, but for the Settings sheet's round
    dates, filled when a round is paired (issue 36 item 7): that one cell changes."""
    now = _values(path)
    settings = now["Settings"]
    row = next(k[1:] for k, v in settings.items() if k[0] == "A" and v == "Round dates")
    changed = {k for k in settings.keys() | user["Settings"].keys()
               if settings.get(k) != user["Settings"].get(k)}
    assert changed <= {f"A{row}", f"B{row}", f"C{row}"}, changed
    assert settings[f"B{row}"].count("/") == 2 * len(read_xlsx(path).rounds)
    return {**user, "Settings": settings}


def _check_standings(path: Path) -> None:
    cb = read_book(open_book(path))
    t, lay = cb.tournament, cb.layout
    upto = max((r.number for r in t.rounds
                if all(g.white_result.name != "UNKNOWN" for g in r.games)), default=0)
    ws = _load(path)[lay.standings_sheet]
    if upto:
        header, rows, _ = standings_table(t, upto, lay)
        assert [c.value for c in ws[2]][:len(header)] == header
        got = [[c.value for c in row][:len(header)] for row in
               ws.iter_rows(min_row=L.STANDINGS_FIRST_ROW,
                            max_row=L.STANDINGS_FIRST_ROW + len(rows) - 1)]
        assert got == [[None if v == "" else v for v in r] for r in rows]
    # another reader agrees (calamine, as xlwings Reader and .xls reading use)
    cal = CalamineWorkbook.from_path(str(path)).get_sheet_by_name(lay.standings_sheet)
    assert cal.to_python()[1][0] == lay.standings_rank


@pytest.mark.parametrize("kind", ["club", "xlwings-lite", "libreoffice"])
def test_a_season_keeps_every_part_monrad_does_not_own(tmp_path: Path, capsys, kind: str):
    """XlsxWriter's XML (as Excel writes it), with xlwings Lite's parts, and the same
    workbook as LibreOffice Calc saves it (tests/data/workbooks)."""
    path = tmp_path / "club.xlsx"
    if kind == "libreoffice":
        shutil.copy2(DATA / "workbooks" / "club-libreoffice.xlsx", path)
    else:
        club_workbook(path, players=13)
    lite = kind == "xlwings-lite"
    if lite:
        add_lite_parts(path)
    user = _values(path)
    rng = random.Random(5)
    lay = L.layout_for("en")
    for n in (1, 2, 3):
        before = parts(path)
        code, out, _ = _run(capsys, "pair", str(path))
        assert code == 0, out
        # Settings: only the round dates cell (see _dated)
        _assert_only_owned_changed(before, path, {lay.round_name(n), lay.standings_sheet,
                                                  lay.settings_sheet})
        user = _dated(user, path)
        _check_round_sheet(path, n)
        # the results a user types change only that round sheet
        before = parts(path)
        _type_results(path, n, rng)
        after = parts(path)
        round_part = sheet_parts(path)[lay.round_name(n)]
        assert {k for k in after if after[k] != before.get(k)} == {round_part}
        # standings: only the standings sheet (and the index/styles at most) change
        before = parts(path)
        code, out, _ = _run(capsys, "standings", str(path))
        assert code == 0, out
        _assert_only_owned_changed(before, path, {lay.standings_sheet})
        _check_standings(path)
        assert _values(path) == user, "every user cell keeps its value"
    if lite:
        final = parts(path)
        for name in LITE_PARTS:
            assert name in final
        assert b"webextensiontaskpanes" in final["_rels/.rels"]
    # the earlier rounds still read back as played, the user's sheet still has its parts
    t = read_xlsx(path)
    assert [r.number for r in t.rounds] == [1, 2, 3]
    names = set(parts(path))
    for part in ("xl/media/image1.png", "xl/drawings/drawing1.xml", "xl/charts/chart1.xml",
                 "xl/tables/table1.xml", "xl/drawings/vmlDrawing1.vml"):
        assert part in names, part
    assert any(re.fullmatch(r"xl/comments\d+\.xml", n) for n in names)
    wb = _load(path)
    assert wb["Players"].print_title_rows == "$1:$1" and wb["Budget"].print_title_rows == "$1:$1"
    assert wb.defined_names["TotalBudget"].attr_text == "Budget!$E$1"
    assert "LocalNote" in wb["Budget"].defined_names


def test_standings_twice_gives_the_same_bytes_and_no_new_backup(tmp_path: Path, capsys):
    path = club_workbook(tmp_path / "club.xlsx", players=9)
    assert _run(capsys, "pair", str(path))[0] == 0
    _type_results(path, 1, random.Random(1))
    assert _run(capsys, "standings", str(path))[0] == 0
    first, backups = path.read_bytes(), backups_of(path)
    code, out, _ = _run(capsys, "standings", str(path))
    assert code == 0 and "backup" not in out
    assert path.read_bytes() == first and backups_of(path) == backups


def test_repair_rewrites_only_the_round_without_results(tmp_path: Path, capsys):
    path = club_workbook(tmp_path / "club.xlsx", players=10)
    assert _run(capsys, "pair", str(path))[0] == 0
    first = parts(path)
    code, out, _ = _run(capsys, "pair", str(path), "--repair")
    assert code == 0, out
    _assert_only_owned_changed(first, path, {"Round 1", "Standings"})
    wb = _load(path)
    assert wb.sheetnames == ["Settings", "Players", "Round 1", "Budget", "Standings",
                             "Alphabetical"]
    assert wb["Round 1"].print_title_rows == "$1:$2"
    with zipfile.ZipFile(path) as z:
        titles = re.findall(rb'_xlnm.Print_Titles" localSheetId="(\d)"', z.read("xl/workbook.xml"))
    assert sorted(titles) == [b"1", b"2", b"3", b"4", b"5"], \
        "one each: Players, Round 1, Budget, Standings, Alphabetical"


def test_openpyxl_warnings_never_reach_the_user(tmp_path: Path, capsys):
    """The sparklines make openpyxl warn ("Sparkline Group extension is not supported");
    nothing of it is lost, and nothing of it is printed."""
    path = club_workbook(tmp_path / "club.xlsx", players=6)
    code, _, err = _run(capsys, "pair", str(path))
    assert code == 0 and "warning" not in err.lower()
    assert b"x14:sparklineGroups" in parts(path)[sheet_parts(path)["Budget"]]


def test_formula_injection_a_player_named_like_a_formula_is_a_string(tmp_path: Path, capsys):
    """Issue 12 / 21: a TRF player ``=HYPERLINK(...)`` converted to .xlsx and paired is
    text in every cell monrad writes, never a formula; control characters are removed
    with a warning naming the cell."""
    from monrad.converters import dumps
    from monrad.engine.model import Player, Settings, Tournament

    evil = '=HYPERLINK("http://x","click")'
    t = Tournament(settings=Settings(system="dutch", rounds=3),
                   players=[Player(1, evil, rating=2000), Player(2, "Bell\x07 Ringer", rating=1900),
                            Player(3, "+SUM(A1:A9)", rating=1800), Player(4, "@cmd", rating=1700)],
                   info={"name": "=1+1"})
    trf = tmp_path / "t.trf"
    trf.write_text(dumps(t, "trf16"), encoding="utf-8")
    xlsx = tmp_path / "t.xlsx"
    code, _, err = _run(capsys, "convert", str(trf), "-o", str(xlsx))
    assert code == 0 and "t.xlsx: sheet 'Players' cell B3: removed 1 control character" in err
    assert _run(capsys, "pair", str(xlsx))[0] == 0
    assert _run(capsys, "standings", str(xlsx))[0] == 0
    for name, data in parts(xlsx).items():
        if name.startswith("xl/worksheets/"):
            assert b"<f>" not in data and b"<f " not in data, name
    wb = _load(xlsx)
    found = [(ws.title, c.coordinate) for ws in wb for row in ws.iter_rows() for c in row
             if c.value == evil]
    # (no Crosstable yet: no result is in)
    assert {s for s, _ in found} == {"Players", "Round 1", "Standings", "Alphabetical"}
    for ws in wb:
        for row in ws.iter_rows():
            for c in row:
                assert c.data_type != "f", (ws.title, c.coordinate)


def test_control_characters_in_a_workbook_write_are_removed_with_a_note(tmp_path: Path):
    path = club_workbook(tmp_path / "club.xlsx", players=4)
    book = open_book(path)
    book.add_sheet("Round 1")
    book.write_range("Round 1", 1, 1, [["bad\x01text", "=cmd|' /C calc'!A0"]])
    book.save()
    note = ("club.xlsx: sheet 'Round 1' cell A1: removed 1 control character(s) that an "
            "Excel file cannot hold")
    assert book.warnings == [note]
    ws = _load(path)["Round 1"]
    assert ws["A1"].value == "badtext" and ws["B1"].data_type == "s"


def test_an_xlsm_keeps_its_vba_project_and_ribbon(tmp_path: Path, capsys):
    """The shipped macro-enabled template: roster typed, paired, results, standings;
    ``xl/vbaProject.bin`` and ``customUI/customUI.xml`` never change."""
    from conftest import REPO

    path = tmp_path / "club.xlsm"
    shutil.copy2(REPO / "templates" / "club-en.xlsm", path)
    book = open_book(path)
    labels = [r[0] for r in book.read_range("Settings", 1, 1, 40, 1)]
    book.write_range("Settings", labels.index(L.layout_for("en").setting_label("seed")) + 1, 2,
                     [[5]])  # only the settings that apply to the system are listed
    book.write_range("Players", 2, 1, [[i, f"Player {i}", None, 2000 - i] for i in range(1, 9)])
    book.save()
    original = parts(path)
    assert _run(capsys, "pair", str(path))[0] == 0
    _type_results(path, 1, random.Random(3))
    assert _run(capsys, "standings", str(path))[0] == 0
    assert _run(capsys, "pair", str(path))[0] == 0
    final = parts(path)
    for name in ("xl/vbaProject.bin", "customUI/customUI.xml", "_rels/.rels",
                 "docProps/app.xml", "docProps/core.xml", "xl/theme/theme1.xml"):
        assert final[name] == original[name], name
    assert read_xlsx(path).rounds_played == 2
