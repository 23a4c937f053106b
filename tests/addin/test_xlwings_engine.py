"""The xlwings back end driven through xlwings' own ``Book``/``Sheet``/``Range``
objects on Linux, without Excel.

Open-source xlwings has no Excel-free engine (see ``test_xlwings_ribbon.py``), but
its object model is built on a public engine interface (``xlwings.base_classes``,
an ``Engine`` whose ``impl`` provides apps, books, sheets and ranges).  This file
plugs a small in-memory engine into that interface, storing cells in an openpyxl
workbook that is loaded from and saved to the file on disk.  Everything above the
engine is real xlwings: ``xw.Book``, ``Sheets``, ``Range``, ``options(ndim=2)``,
the value conversion pipeline (``clean_value_data`` /
``prepare_xl_data_element``), fonts and colours.

So these tests prove that :class:`monrad.addin.ribbon.book.XlwingsBook` uses the
xlwings API correctly and that the button scenarios give the same workbook as the
openpyxl back end.  They do not prove what Excel itself does with the values: the
engine stores what it is given, except that it drops Excel's text prefix ``'`` as
Excel does.  The Windows-only COM formatting (``Range.api``) is not exercised here.
"""

from __future__ import annotations

import copy
import datetime as dt
import re as _re
from pathlib import Path

import openpyxl
import pytest

xw = pytest.importorskip("xlwings")

from xlwings import base_classes  # noqa: E402
from xlwings_ranges import RangeGeometry, range_corners  # noqa: E402

from monrad.addin import ribbon  # noqa: E402
from monrad.addin.ribbon.book import XlwingsBook  # noqa: E402
from monrad.converters import layout as L  # noqa: E402
from monrad.converters.book.new_workbook import create_workbook  # noqa: E402
from monrad.converters.workbook.binding import WorkbookError  # noqa: E402
from monrad.converters.workbook.package_book import open_book  # noqa: E402
from monrad.engine.model import Player  # noqa: E402

#: "round 1 is already paired" in any of the four languages (a refusal is in the workbook's)
ALREADY_PAIRED = _re.compile(r"(round|runde|rond) \d+ (is already paired|er allerede satt opp|"
                             r"är redan lottad|er allerede parret)")


# --- an in-memory engine behind xlwings' engine interface ----------------------------
class _NoCom:
    """Stands where Excel's COM object would be; this engine has none."""


_NO_COM = _NoCom()


class _Font:
    def __init__(self, cells):
        self._cells = cells

    @property
    def bold(self):
        return bool(self._cells[0].font.b)

    @bold.setter
    def bold(self, value):
        for cell in self._cells:
            cell.font = openpyxl.styles.Font(name=cell.font.name, sz=cell.font.sz, b=bool(value))


class MemRange(RangeGeometry, base_classes.Range):
    max_cells_per_read = None
    max_cells_per_write = None

    def __init__(self, sheet, first, last):
        self._sheet = sheet
        self.first, self.last = first, last
        self.options = {}

    @property
    def ws(self):
        return self._sheet.ws

    def __call__(self, row, col=None):
        """The cell at 1-based ``(row, col)`` relative to this range's top-left."""
        if col is None:
            rows, cols = self.shape
            row, col = (row - 1) // cols + 1, (row - 1) % cols + 1
        cell = (self.first[0] + row - 1, self.first[1] + col - 1)
        return MemRange(self._sheet, cell, cell)

    def _cells(self):
        (r1, c1), (r2, c2) = self.first, self.last
        return [self.ws.cell(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]

    @property
    def sheet(self):
        return self._sheet

    @property
    def api(self):
        """Excel's own object in a real engine; xlwings only tests it for truth here."""
        return _NO_COM

    @property
    def raw_value(self):
        (r1, c1), (r2, c2) = self.first, self.last
        rows = [[self.ws.cell(r, c).value for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]
        return rows[0][0] if self.shape == (1, 1) else rows

    @raw_value.setter
    def raw_value(self, data):
        if not isinstance(data, (list, tuple)):
            data = [[data]]
        elif data and not isinstance(data[0], (list, tuple)):
            data = [data]
        r0, c0 = self.first
        for i, row in enumerate(data):
            for j, value in enumerate(row):
                if isinstance(value, str) and value.startswith("'"):
                    value = value[1:]  # Excel's text prefix: stored as plain text
                self.ws.cell(r0 + i, c0 + j).value = None if value == "" else value

    def clear_contents(self):
        for cell in self._cells():
            cell.value = None

    def clear(self):
        for cell in self._cells():
            cell.value = None
            cell.style = "Normal"

    def copy(self, destination=None):
        assert destination is None, "monrad copies formats through the clipboard only"
        self._sheet.book.app.clipboard = self

    def paste(self, paste=None, operation=None, skip_blanks=False, transpose=False):
        """Excel's paste of the clipboard; only ``formats`` is used by monrad (tiled
        over the target as Excel does when the target is a multiple of the source)."""
        assert paste == "formats" and operation is None and not transpose
        src = self._sheet.book.app.clipboard
        rows, cols = src.shape
        (r1, c1), (r2, c2) = self.first, self.last
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                cell = src.ws.cell(src.first[0] + (r - r1) % rows, src.first[1] + (c - c1) % cols)
                self.ws.cell(r, c)._style = copy.copy(cell._style)

    @property
    def column_width(self):
        return self.ws.column_dimensions[openpyxl.utils.get_column_letter(self.column)].width

    @column_width.setter
    def column_width(self, value):
        for col in range(self.first[1], self.last[1] + 1):
            self.ws.column_dimensions[openpyxl.utils.get_column_letter(col)].width = value

    @property
    def color(self):
        return None

    @color.setter
    def color(self, rgb):
        hex_colour = "{:02X}{:02X}{:02X}".format(*rgb)
        for cell in self._cells():
            cell.fill = openpyxl.styles.PatternFill("solid", start_color=hex_colour, end_color=hex_colour)

    @property
    def number_format(self):
        return self._cells()[0].number_format

    @number_format.setter
    def number_format(self, value):
        for cell in self._cells():
            cell.number_format = value

    @property
    def font(self):
        return _Font(self._cells())

    @property
    def horizontal_alignment(self):
        return self._cells()[0].alignment.horizontal

    @horizontal_alignment.setter
    def horizontal_alignment(self, value):
        for cell in self._cells():
            cell.alignment = openpyxl.styles.Alignment(horizontal=value)


class MemSheet(base_classes.Sheet):
    def __init__(self, book, ws):
        self._book, self.ws = book, ws

    @property
    def book(self):
        return self._book

    @property
    def name(self):
        return self.ws.title

    @name.setter
    def name(self, value):
        self.ws.title = value

    @property
    def index(self):
        return self._book.wb.worksheets.index(self.ws) + 1

    def range(self, arg1, arg2=None):
        return MemRange(self, *range_corners(arg1, arg2))

    @property
    def used_range(self):
        return MemRange(self, (1, 1), (max(self.ws.max_row, 1), max(self.ws.max_column, 1)))

    def activate(self):
        self._book.wb.active = self.ws

    def delete(self):
        assert self._book.app.display_alerts is False, "Excel would ask 'are you sure?'"
        self._book.wb.remove(self.ws)

    def copy(self, before=None, after=None):
        """Excel's Sheet.Copy within the book: the copy gets the name ``<name> (2)``."""
        wb = self._book.wb
        ws = wb.copy_worksheet(self.ws)
        ws.title = f"{self.ws.title} (2)"
        wb._sheets.remove(ws)
        index = after.index if after is not None else before.index - 1
        wb._sheets.insert(index, ws)


class MemSheets(base_classes.Sheets):
    def __init__(self, book):
        self.book = book

    def __call__(self, name_or_index):
        if isinstance(name_or_index, int):
            return MemSheet(self.book, self.book.wb.worksheets[name_or_index - 1])
        return MemSheet(self.book, self.book.wb[name_or_index])

    def __len__(self):
        return len(self.book.wb.worksheets)

    def __iter__(self):
        for ws in self.book.wb.worksheets:
            yield MemSheet(self.book, ws)

    @property
    def active(self):
        return MemSheet(self.book, self.book.wb.active)

    def add(self, before=None, after=None, name=None):
        index = len(self.book.wb.worksheets)
        if after is not None:
            index = after.index
        elif before is not None:
            index = before.index - 1
        ws = self.book.wb.create_sheet(name, index)
        return MemSheet(self.book, ws)


class MemApp:
    pid = 4242

    def __init__(self):
        self.engine = MemEngine()
        self.screen_updating = True
        self.display_alerts = True
        self.status_bar = False
        self.alerts = []
        self.clipboard = None

    def alert(self, prompt, title, buttons, mode, callback):
        self.alerts.append((prompt, title, mode))
        return "ok"


class MemBook(base_classes.Book):
    def __init__(self, path: Path, app: MemApp):
        self.path = path
        self.wb = openpyxl.load_workbook(path)
        self._app = app

    @property
    def name(self):
        return self.path.name

    @property
    def app(self):
        return self._app

    @property
    def sheets(self):
        return MemSheets(self)

    def save(self, path=None, password=None):
        self.wb.save(path or self.path)

    def close(self):
        pass

    def activate(self):
        pass


class MemEngine:
    """The engine object (``xw.Engine(impl=...)``) of the in-memory engine."""

    name = "memory"
    type = "desktop"
    apps = None

    @staticmethod
    def prepare_xl_data_element(x, options):
        return "" if x is None else x

    @staticmethod
    def clean_value_data(data, datetime_builder, empty_as, number_builder, err_to_str):
        def clean(value):
            if value in ("", None):
                return empty_as
            if isinstance(value, dt.datetime) and datetime_builder is not dt.datetime:
                return datetime_builder(value.year, value.month, value.day)
            if number_builder is not None and isinstance(value, float):
                return number_builder(value)
            if isinstance(value, int) and not isinstance(value, bool):
                return float(value)  # Excel hands every number over as a double
            return value

        return [[clean(c) for c in row] for row in data]


def _open(path: Path, app: MemApp | None = None) -> tuple[XlwingsBook, MemApp]:
    app = app or MemApp()
    book = xw.Book(impl=MemBook(path, app))
    assert type(book) is xw.Book and type(book.sheets[0]) is xw.Sheet
    return XlwingsBook(book), app


def _roster(n: int) -> list[Player]:
    return [Player(i, f"Spelare {i:02d}", rating=2100 - 20 * i, club="Lunds ASK") for i in range(1, n + 1)]


# --- the binding contract through xlwings' objects ------------------------------------
def test_xlwings_book_reads_and_writes_through_xlwings_objects(tmp_path: Path) -> None:
    path = tmp_path / "b.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Data"
    wb["Data"]["A1"] = "Namn"
    wb["Data"]["B2"] = 2.0
    wb["Data"]["C3"] = dt.datetime(2026, 3, 1)
    wb.save(path)
    book, app = _open(path)
    assert book.sheet_names() == ["Data"]
    assert book.used_size("Data") == (3, 3)
    assert book.read_range("Data", 1, 1, 3, 3) == [
        ["Namn", None, None], [None, 2, None], [None, None, dt.datetime(2026, 3, 1)]]
    assert isinstance(book.read_range("Data", 2, 2, 2, 2)[0][0], int)
    book.write_range("Data", 5, 1, [["1-0", "½-½", "+/-", 3, None], ["Ola", "10-6"]])
    assert book.read_range("Data", 5, 1, 6, 5) == [
        ["1-0", "½-½", "+/-", 3, None], ["Ola", "10-6", None, None, None]]
    book.clear_range("Data", 5, 1, 5, 2)
    assert book.read_range("Data", 5, 1, 5, 3) == [[None, None, "+/-"]]
    book.add_sheet("Runde 1", after="Data")
    book.add_sheet("Först")
    assert book.sheet_names() == ["Data", "Runde 1", "Först"]
    with pytest.raises(WorkbookError, match="exists already"):
        book.add_sheet("runde 1")
    with pytest.raises(WorkbookError, match="no sheet 'Nope'"):
        book.read_range("Nope", 1, 1, 1, 1)
    book.delete_sheet("Först")
    assert app.display_alerts is True  # restored after the quiet delete
    book.style_range("Data", 1, 1, 1, 2, bold=True, fill="DDE4F2", number_format="0.0", align="center")
    book.set_column_widths("Data", {1: 22.5})
    assert book.save() is None
    saved = openpyxl.load_workbook(path)
    cell = saved["Data"]["A1"]
    assert cell.font.b and cell.fill.start_color.rgb.endswith("DDE4F2")
    assert cell.number_format == "0.0" and cell.alignment.horizontal == "center"
    assert saved["Data"].column_dimensions["A"].width == 22.5
    assert saved.sheetnames == ["Data", "Runde 1"]


def test_tell_uses_xlwings_alert_and_status_bar(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "k.xlsx", "ssf", 5, _roster(6), "sv", seed=5)
    book, app = _open(path)
    book.tell("rond 1 lottad\nbackup: x", error=False)
    assert app.alerts == [("rond 1 lottad\nbackup: x", "monrad", "info")]
    assert app.status_bar == "monrad: rond 1 lottad"


# --- the same button scenarios as the openpyxl back end --------------------------------
def _cells(path: Path) -> dict:
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
            if c.value is not None}


@pytest.mark.parametrize("system, lang", [("ssf", "sv"), ("dutch", "en"), ("dsu", "da")])
def test_button_scenarios_give_the_same_workbook_as_openpyxl(tmp_path: Path, system, lang) -> None:
    a = create_workbook(tmp_path / "a.xlsx", system, 5, _roster(9), lang, seed=13)
    b = create_workbook(tmp_path / "b.xlsx", system, 5, _roster(9), lang, seed=13)
    lay = L.layout_for(lang)
    told = []
    for rnd in (1, 2):
        app = MemApp()
        book, _ = _open(b, app)
        outcome = ribbon.pair_next_round(book)  # default tell: the Excel message box
        assert not outcome.error, outcome.message
        assert app.alerts and app.alerts[-1][2] == "info"
        assert app.screen_updating is True  # restored after the batch
        reference = ribbon.pair_next_round(open_book(a), lambda m, e: told.append(m))
        assert not reference.error
        # both back ends wrote the same cells
        assert _cells(a) == _cells(b)
        # enter the same results through each back end
        results = ["1-0", "0-1", "½-½", "1-0"]
        for path, opener in ((a, open_book), (b, lambda p: _open(p)[0])):
            book = opener(path)
            sheet = lay.round_name(rnd)
            last, _ = book.used_size(sheet)
            rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
            boards = [i for i, row in enumerate(rows) if row[6] is not None]
            for k, i in enumerate(boards):
                book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[results[k % 4]]])
            book.save()
        assert _cells(a) == _cells(b)
    app = MemApp()
    outcome = ribbon.update_standings(_open(b, app)[0])
    assert not outcome.error and app.alerts[-1][2] == "info"
    ribbon.update_standings(open_book(a), lambda m, e: None)
    assert _cells(a) == _cells(b)


def test_second_press_refused_in_the_message_box(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "k.xlsx", "nsf", 5, _roster(8), "no", seed=3)
    ribbon.pair_next_round(_open(path)[0])
    app = MemApp()
    outcome = ribbon.pair_next_round(_open(path, app)[0])
    assert outcome.error and ALREADY_PAIRED.search(outcome.message)  # the book's language
    assert app.alerts == [(outcome.message, "monrad", "critical")]
    assert openpyxl.load_workbook(path).sheetnames.count("Runde 1") == 1


def test_club_workbook_buttons_give_the_same_workbook_as_openpyxl(tmp_path: Path) -> None:
    """Issue 13 through the classic add-in: a club's own workbook continued by the
    buttons on xlwings' objects equals the same presses on the file back end."""
    from monrad.addin.jobs.club import BLOCK

    src = Path(__file__).resolve().parents[1] / "data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
    wb = openpyxl.load_workbook(src)
    for name in ("Runde 5", "Runde 6", "Runde 7"):
        del wb[name]
    block = wb.create_sheet(BLOCK)  # the system the user picked in the drop-down
    block["A3"], block["B3"], block["A4"], block["B4"] = "system", "dsu", "rounds", 7
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    wb.save(a)
    wb.save(b)
    for rnd in (5, 6):
        assert not ribbon.pair_next_round(_open(b)[0]).error
        assert not ribbon.pair_next_round(open_book(a), lambda m, e: None).error
        assert _cells(a) == _cells(b)
        for path, opener in ((a, open_book), (b, lambda p: _open(p)[0])):
            book = opener(path)
            last, _ = book.used_size(f"Runde {rnd}")
            rows = book.read_range(f"Runde {rnd}", 2, 1, last, 4)
            book.write_range(f"Runde {rnd}", 2, 4, [["1-0" if r[0] else r[3]] for r in rows])
            book.save()
        assert not ribbon.update_standings(_open(b)[0]).error
        assert not ribbon.update_standings(open_book(a), lambda m, e: None).error
        assert _cells(a) == _cells(b)
    assert openpyxl.load_workbook(b).sheetnames[5:7] == ["Runde 5", "Runde 6"]
