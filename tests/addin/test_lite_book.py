"""The xlwings Lite buttons (``monrad.addin.lite`` over ``LiteBook``) against a stand-in
that behaves as Lite's book does (``lite_standin.py``: snapshot reads, writes applied
after the script returns, ``screen_updating``/``status_bar`` refused).

The season scenario of ``test_jobs_season.py`` runs twice, side by side: through the
openpyxl back end (the command line) and through the Lite scripts; after every press
both workbooks hold the same cells, except what only Lite has (the status cell under
the buttons and the hidden backup sheet).  What this cannot show: what Excel's own
Office.js does with the queued calls (see docs/excel.md, "What has been tried").
"""

from __future__ import annotations

import random
import re as _re
from pathlib import Path

import openpyxl
import pytest
from lite_standin import CLIENT_ACTIONS, VALUE_ACTIONS, open_lite

from monrad.addin import lite
from monrad.addin.jobs.book import JobError, pair_next_round, update_standings
from monrad.addin.lite.book import BACKUP_SHEET, LiteBook, points_width
from monrad.converters import layout as L
from monrad.converters.book.lite_workbook import STATUS_COL, STATUS_HEIGHT, STATUS_ROW
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.workbook.package_book import open_book
from monrad.engine.i18n import tr
from monrad.engine.model import Player

#: "round 1 is already paired" in any of the four languages (a refusal is in the workbook's)
ALREADY_PAIRED = _re.compile(r"(round|runde|rond) \d+ (is already paired|er allerede satt opp|"
                             r"är redan lottad|er allerede parret)")

CHESS = ["1-0", "1-0", "0-1", "0-1", "½-½", "+/-", "-/+"]
OTHELLO = ["40-24", "24-40", "32-32", "64-0", "10-54", "33-31"]


def _roster(n: int = 30) -> list[Player]:
    rng = random.Random(30)
    ratings = sorted((rng.randrange(1000, 2400) for _ in range(n)), reverse=True)
    return [Player(i, f"Spiller {i:02d}, Ola", rating=r, club=f"SK {i % 4}")
            for i, r in enumerate(ratings, 1)]


def _status_cells(lay: L.Layout) -> set[tuple[str, str]]:
    col = openpyxl.utils.get_column_letter(STATUS_COL)
    return {(lay.settings_sheet, f"{col}{r}") for r in range(STATUS_ROW, STATUS_ROW + STATUS_HEIGHT)}


def _same_float(v: object) -> object:
    """A float as a file holds it: openpyxl writes 16 significant digits, the package
    writer 17 (``repr``); compared to 12 digits (Excel shows 15)."""
    return float(f"{v:.12g}") if isinstance(v, float) else v


def _cells(path: Path, skip: set[tuple[str, str]] = frozenset()) -> dict:
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): _same_float(c.value) for ws in wb.worksheets
            if ws.title != BACKUP_SHEET for row in ws.iter_rows() for c in row
            if c.value is not None and (ws.title, c.coordinate) not in skip}


def _status(path: Path, lay: L.Layout) -> list[str]:
    ws = openpyxl.load_workbook(path)[lay.settings_sheet]
    return [ws.cell(r, STATUS_COL).value for r in range(STATUS_ROW, STATUS_ROW + STATUS_HEIGHT)
            if ws.cell(r, STATUS_COL).value]


def values_before_formatting(actions: list[dict]) -> None:
    """A press queues every value (cells, sheets, the status cell) before any
    formatting, and nothing the client does not know."""
    funcs = [a["func"] for a in actions]
    assert set(funcs) <= CLIENT_ACTIONS, set(funcs) - CLIENT_ACTIONS
    first_format = next((i for i, f in enumerate(funcs) if f not in VALUE_ACTIONS), len(funcs))
    late = [f for f in funcs[first_format:] if f in VALUE_ACTIONS]
    assert not late, f"values after formatting: {late}"


def _press(button, path: Path, refuse=(), unknown=()):
    """One press of a Lite button: the script runs, then Lite applies its writes."""
    book, impl = open_lite(path, refuse, unknown)
    outcome = button(book)
    assert impl.app.touched == [], "screen_updating / status_bar touched"
    if not refuse:
        values_before_formatting(impl.actions)
    impl.finish()
    return outcome


def _type_results(path: Path, lay: L.Layout, n: int, results: list[str], seed: str) -> None:
    """The user types results into the result cells of round ``n`` (as in Excel)."""
    rng = random.Random(seed)
    book = open_book(path)
    sheet = lay.round_name(n)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    for i, row in enumerate(rows):
        if row[6] is not None:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[rng.choice(results)]])
    book.save()


SEASONS = [("nsf", "no"), ("ssf", "sv"), ("dsu", "da"), ("dutch", "en"), ("school", "no"),
           ("round-robin", "sv"), ("double-round-robin", "da"), ("othello-swiss", "en")]


@pytest.mark.parametrize("system,lang", SEASONS)
def test_lite_season_matches_the_openpyxl_back_end_cell_for_cell(tmp_path: Path, system, lang):
    """30 players, 7 rounds: pair, a second press refused, results, standings."""
    lay = L.layout_for(lang)
    a = create_workbook(tmp_path / "cli.xlsx", system, 7, _roster(), lang, seed=2025)
    b = create_workbook(tmp_path / "lite.xlsx", system, 7, _roster(), lang, seed=2025)
    skip = _status_cells(lay)
    results = OTHELLO if system == "othello-swiss" else CHESS
    for n in range(1, 8):
        pair_next_round(open_book(a))
        outcome = _press(lite.pair_next_round, b)
        assert not outcome.error, outcome.message
        assert _cells(a) == _cells(b, skip)
        assert _status(b, lay)[0] == lay.text("lite_paired", n=n, k=15, bye="")
        # a second press is refused and changes nothing but the status cell
        before = _cells(b, skip)
        with pytest.raises(JobError):
            pair_next_round(open_book(a))
        outcome = _press(lite.pair_next_round, b)
        assert outcome.error and ALREADY_PAIRED.search(outcome.message)  # the book's language
        assert _cells(b, skip) == before
        assert _status(b, lay) == [lay.text("lite_already_paired", n=n, sheet=lay.round_name(n),
                                            repair=lay.text("lite_repair_button"))]
        for path in (a, b):
            _type_results(path, lay, n, results, f"{system}{n}")
        update_standings(open_book(a))
        outcome = _press(lite.update_standings, b)
        assert not outcome.error, outcome.message
        assert _cells(a) == _cells(b, skip)
    # the in-workbook backup holds the standings as they were before the last press
    backup = openpyxl.load_workbook(b)[BACKUP_SHEET]
    assert backup.sheet_state == "hidden"
    column = [c.value for c in backup["A"]]
    assert f"[{lay.standings_sheet}]" in column


def test_lite_missing_results_are_listed_in_the_workbooks_language(tmp_path: Path):
    lay = L.layout_for("sv")
    b = create_workbook(tmp_path / "k.xlsx", "ssf", 5, _roster(10), "sv", seed=4)
    _press(lite.pair_next_round, b)
    wb = openpyxl.load_workbook(b)
    ws = wb[lay.round_name(1)]
    for r in range(L.ROUND_FIRST_ROW, L.ROUND_FIRST_ROW + 3):  # three of five boards
        ws.cell(r, L.RESULT_COL).value = "1-0"
    wb.save(b)
    before = _cells(b, _status_cells(lay))
    outcome = _press(lite.pair_next_round, b)
    assert outcome.error
    assert _status(b, lay) == [lay.text("lite_missing", n=1, k=2, sheet=lay.round_name(1),
                                        boards=", ".join(
                                            tr("board {board} ({cell})", board=b, cell=c)
                                            .render(lay.lang) for b, c in ((4, "E6"), (5, "E7"))))]
    assert _cells(b, _status_cells(lay)) == before
    assert not _press(lite.update_standings, b).error  # the standings say what is missing
    assert _status(b, lay)[1] == lay.text("results_missing", n=1, k=2)


def test_lite_pair_round_again_keeps_the_replaced_round_in_the_backup(tmp_path: Path):
    lay = L.layout_for("no")
    b = create_workbook(tmp_path / "k.xlsx", "nsf", 5, _roster(8), "no", seed=9)
    _press(lite.pair_next_round, b)
    first = {k: v for k, v in _cells(b).items() if k[0] == lay.round_name(1)}
    outcome = _press(lite.pair_round_again, b)
    assert not outcome.error, outcome.message
    assert _status(b, lay)[0].startswith(lay.text("lite_repaired", n=1, k=4, bye="")[:20])
    wb = openpyxl.load_workbook(b)
    assert wb.sheetnames[:4] == [lay.settings_sheet, lay.players_sheet, lay.round_name(1),
                                 lay.standings_sheet]
    column = [c.value for c in wb[BACKUP_SHEET]["A"]]
    assert f"[{lay.round_name(1)}]" in column  # the round sheet paired again, kept
    kept = {c.value for row in wb[BACKUP_SHEET].iter_rows() for c in row if c.value is not None}
    assert {v for v in first.values() if isinstance(v, str)} <= kept
    # a round with results cannot be paired again
    _type_results(b, lay, 1, CHESS, "x")
    assert _press(lite.pair_round_again, b).error
    assert "har 4 resultat" in _status(b, lay)[0]


def test_lite_degrades_when_excel_refuses_the_formatting(tmp_path: Path):
    """A host without borders, validation, conditional formats, frozen panes, widths,
    colours ...: the same values, and the status names what was not applied."""
    lay = L.layout_for("da")
    a = create_workbook(tmp_path / "a.xlsx", "dsu", 5, _roster(9), "da", seed=1)
    b = create_workbook(tmp_path / "b.xlsx", "dsu", 5, _roster(9), "da", seed=1)
    refuse = CLIENT_ACTIONS - VALUE_ACTIONS
    pair_next_round(open_book(a))
    outcome = _press(lite.pair_next_round, b, refuse)
    assert not outcome.error, outcome.message
    assert _cells(a) == _cells(b, _status_cells(lay))
    said = _status(b, lay)[-1]
    assert said.startswith(lay.text("lite_not_applied", what="")) and "borders" in said


@pytest.mark.parametrize("unknown", ["setBorderProperty", "setFontProperty", "setColumnWidth"])
def test_an_action_lite_cannot_apply_costs_no_value(tmp_path: Path, unknown):
    """Lite's client stops at the first action it does not know: every value and the
    status cell are queued before any formatting, so only formatting is lost."""
    lay = L.layout_for("no")
    a = create_workbook(tmp_path / "a.xlsx", "nsf", 5, _roster(9), "no", seed=1)
    b = create_workbook(tmp_path / "b.xlsx", "nsf", 5, _roster(9), "no", seed=1)
    pair_next_round(open_book(a))
    book, impl = open_lite(b, unknown={unknown})
    assert not lite.pair_next_round(book).error
    impl.finish()
    assert impl.stopped_at is not None and impl.stopped_at["func"] == unknown
    assert _cells(a) == _cells(b, _status_cells(lay))
    assert _status(b, lay)[0].startswith(lay.text("lite_paired", n=1, k=4, bye=""))


def test_lite_book_reads_its_own_writes_from_memory_not_from_excel(tmp_path: Path):
    path = create_workbook(tmp_path / "k.xlsx", "nsf", 5, _roster(4), "en", seed=1)
    book, impl = open_lite(path)
    lb = LiteBook(book)
    lb.add_sheet("Notes", after="Players")
    lb.write_range("Notes", 2, 2, [["1-0", 3]])
    assert lb.read_range("Notes", 2, 2, 2, 3) == [["1-0", 3]]
    assert lb.used_size("Notes") == (2, 3)
    assert impl.actions == [], "nothing reaches Excel before save()"
    assert book.sheets["Settings"].range("B4").value == "Norwegian Monrad (NSF)"  # the snapshot
    lb.save()
    assert impl.actions == [], "nothing reaches Excel before flush()"
    lb.flush()
    assert [a["func"] for a in impl.actions] == ["addSheet", "setValues"]
    impl.finish()
    ws = openpyxl.load_workbook(path)["Notes"]
    assert (ws["B2"].value, ws["C2"].value) == ("1-0", 3)  # "'1-0" stays text


def test_column_widths_are_points_in_lite():
    assert points_width(28) == 150.75 and points_width(0) == 3.75
