"""A stand-in for xlwings Lite's book, on xlwings' public (BSD) engine interface.

Lite's Python side is real xlwings (``xw.Book``/``Sheet``/``Range``) over an engine
that talks to Excel through Office.js.  This engine behaves as that one does, as far as
monrad can tell from outside:

* **snapshot reads**: values are read from a copy of the workbook taken when the
  script starts; nothing the script writes is seen by its own reads;
* **queued writes**: every write (values, clearing, sheets added or deleted,
  formatting) is an action in a queue that :meth:`LiteStandinBook.finish` applies
  *after* the script has returned, then saves the file;
* ``App.screen_updating`` cannot be read and ``App.status_bar`` is refused both ways
  (``NotImplementedError``, as Lite raises); colours must be ``#RRGGBB`` text (Lite
  refuses RGB tuples); column widths are points;
* ``refuse`` names formatting calls this "Excel" does not apply (they raise
  ``NotImplementedError``), to prove the jobs degrade gracefully.

Values are stored with openpyxl; the text prefix ``'`` is dropped as Excel drops it.
Used by ``test_lite_book.py`` under CPython and by ``test_lite_pyodide.py`` inside
Pyodide (this file is copied into Pyodide's file system), so it imports only
xlwings, openpyxl and the standard library.
"""

from __future__ import annotations

import datetime as dt

import openpyxl
import xlwings as xw
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from xlwings import base_classes
from xlwings_ranges import RangeGeometry, range_corners


class Refused(NotImplementedError):
    """What this Excel says to a call it does not support."""


def _hexcolour(colour):
    """xlwings hands colours on as (r, g, b) or '#RRGGBB'; openpyxl takes 'RRGGBB'."""
    if isinstance(colour, (tuple, list)):
        return "".join(f"{int(v):02X}" for v in colour)
    return str(colour).lstrip("#").upper()


def _cell_value(value):
    if isinstance(value, str) and value.startswith("'"):
        return value[1:]
    return None if value == "" else value


class _Font:
    def __init__(self, rng):
        self._rng = rng

    @property
    def bold(self):
        raise Refused("reading formatting back is not supported in Lite")

    @bold.setter
    def bold(self, value):
        self._rng.queue("bold", lambda cells: [setattr(c, "font", Font(b=bool(value)))
                                               for c in cells])


class _Borders:
    def __init__(self, rng):
        self._rng = rng

    def set(self, sides, line_style=None, weight=None, color=None):
        side = Side(style=None if line_style is None else "thin",
                    color=None if line_style is None else _hexcolour(color))
        self._rng.queue("borders", lambda cells: [
            setattr(c, "border", Border(left=side, right=side, top=side, bottom=side))
            for c in cells])


class _Validation:
    def __init__(self, rng):
        self._rng = rng

    def set_list(self, source, in_cell_dropdown=True):
        def apply(cells, ws=None):
            dv = DataValidation(type="list", formula1='"' + ",".join(source) + '"')
            dv.add(self._rng.address)
            self._rng.ws_now().add_data_validation(dv)

        self._rng.queue("validation", apply)


class _Conditional:
    def __init__(self, rng):
        self._rng = rng

    def add_custom(self, spec):
        colour = _hexcolour(spec["fill_color"])
        fill = PatternFill("solid", start_color=colour, end_color=colour)

        def apply(cells):
            self._rng.ws_now().conditional_formatting.add(
                self._rng.address, FormulaRule(formula=[spec["formula"].lstrip("=")], fill=fill))

        self._rng.queue("conditional", apply)


class StandinRange(RangeGeometry, base_classes.Range):
    max_cells_per_read = None
    max_cells_per_write = None

    def __init__(self, sheet, first, last):
        self._sheet = sheet
        self.first, self.last = first, last
        self.options = {}

    # --- where ------------------------------------------------------------------
    @property
    def sheet(self):
        return self._sheet

    @property
    def api(self):
        """Lite's engine hands back its JSON description of the range here; xlwings'
        value pipeline only tests it for truth."""
        return {"address": self.address}

    @property
    def address(self):
        (r1, c1), (r2, c2) = self.first, self.last
        a = f"{get_column_letter(c1)}{r1}"
        return a if (r1, c1) == (r2, c2) else f"{a}:{get_column_letter(c2)}{r2}"

    def __call__(self, row, col=None):
        cell = (self.first[0] + row - 1, self.first[1] + (col or 1) - 1)
        return StandinRange(self._sheet, cell, cell)

    # --- the queue ----------------------------------------------------------------
    def ws_now(self):
        """The sheet in the workbook being changed (when the queue is applied)."""
        return self._sheet.book.target[self._sheet.name]

    def queue(self, what, apply):
        book = self._sheet.book
        if what in book.refuse:
            raise Refused(f"{what} is not supported by this Excel")
        (r1, c1), (r2, c2) = self.first, self.last

        def run():
            ws = self.ws_now()
            apply([ws.cell(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)])

        book.actions.append((what, run))

    # --- values: read from the snapshot, written through the queue --------------------
    @property
    def raw_value(self):
        ws = self._sheet.snapshot()
        (r1, c1), (r2, c2) = self.first, self.last
        rows = [[ws.get((r, c)) for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]
        return rows[0][0] if self.shape == (1, 1) else rows

    @raw_value.setter
    def raw_value(self, data):
        if not isinstance(data, (list, tuple)):
            data = [[data]]
        elif data and not isinstance(data[0], (list, tuple)):
            data = [data]
        r0, c0 = self.first

        def apply(cells):
            ws = self.ws_now()
            for i, row in enumerate(data):
                for j, value in enumerate(row):
                    ws.cell(r0 + i, c0 + j).value = _cell_value(value)

        self.queue("values", apply)

    def clear_contents(self):
        self.queue("values", lambda cells: [setattr(c, "value", None) for c in cells])

    # --- formatting (queued; reading it back is not supported, as in Lite) -----------
    @property
    def color(self):
        raise Refused("use await get_color() in Lite")

    @color.setter
    def color(self, value):
        if not (isinstance(value, str) and value.startswith("#") and len(value) == 7):
            raise ValueError(f"Lite takes colours as '#RRGGBB' text, not {value!r}")
        hexa = value[1:]
        self.queue("fill", lambda cells: [setattr(c, "fill", PatternFill("solid", start_color=hexa,
                                                                         end_color=hexa))
                                          for c in cells])

    @property
    def number_format(self):
        raise Refused("use await get_number_format() in Lite")

    @number_format.setter
    def number_format(self, value):
        self.queue("number_format", lambda cells: [setattr(c, "number_format", value)
                                                   for c in cells])

    @property
    def horizontal_alignment(self):
        raise Refused("use await get_horizontal_alignment() in Lite")

    @horizontal_alignment.setter
    def horizontal_alignment(self, value):
        self.queue("alignment", lambda cells: [setattr(c, "alignment", Alignment(horizontal=value))
                                               for c in cells])

    @property
    def column_width(self):
        raise Refused("use await get_column_width() in Lite")

    @column_width.setter
    def column_width(self, points):
        c1, c2 = self.first[1], self.last[1]

        def apply(cells):
            for c in range(c1, c2 + 1):  # points back to characters for the file
                self.ws_now().column_dimensions[get_column_letter(c)].width = round(
                    (points / 0.75 - 5) / 7, 2)

        self.queue("column_width", apply)

    @property
    def font(self):
        return _Font(self)

    @property
    def borders(self):
        return _Borders(self)

    @property
    def data_validation(self):
        return _Validation(self)

    @property
    def conditional_formats(self):
        return _Conditional(self)


class _FreezePanes:
    def __init__(self, sheet):
        self._sheet = sheet

    def freeze_at(self, where):
        last_row = int(str(where).split(":")[-1])
        rng = StandinRange(self._sheet, (1, 1), (1, 1))
        rng.queue("freeze_panes", lambda cells: setattr(rng.ws_now(), "freeze_panes",
                                                        f"A{last_row + 1}"))


class StandinSheet(base_classes.Sheet):
    def __init__(self, book, name):
        self._book, self._name = book, name

    @property
    def book(self):
        return self._book

    @property
    def name(self):
        return self._name

    @property
    def index(self):
        return self._book.sheet_list.index(self._name) + 1

    def snapshot(self):
        """The sheet's values when the script started ({} for a sheet added since)."""
        return self._book.snapshot.get(self._name, {})

    def range(self, arg1, arg2=None):
        return StandinRange(self, *range_corners(arg1, arg2))

    @property
    def used_range(self):
        cells = self.snapshot()
        if not cells:
            return StandinRange(self, (1, 1), (1, 1))
        return StandinRange(self, (1, 1), (max(r for r, _ in cells), max(c for _, c in cells)))

    @property
    def freeze_panes(self):
        return _FreezePanes(self)

    @property
    def visible(self):
        return True

    @visible.setter
    def visible(self, value):
        name = self._name
        StandinRange(self, (1, 1), (1, 1)).queue(
            "visible", lambda cells: setattr(self._book.target[name], "sheet_state",
                                             "visible" if value else "hidden"))

    def activate(self):
        pass

    def delete(self):
        book, name = self._book, self._name
        book.sheet_list.remove(name)  # as Lite's engine: the sheet list follows at once
        book.actions.append(("sheets", lambda: book.target.remove(book.target[name])))


class StandinSheets(base_classes.Sheets):
    def __init__(self, book):
        self.book = book

    def __call__(self, name_or_index):
        if isinstance(name_or_index, int):
            return StandinSheet(self.book, self.book.sheet_list[name_or_index - 1])
        for name in self.book.sheet_list:
            if name.casefold() == name_or_index.casefold():
                return StandinSheet(self.book, name)
        raise ValueError(f"Sheet '{name_or_index}' doesn't exist!")

    def __len__(self):
        return len(self.book.sheet_list)

    def __iter__(self):
        for name in list(self.book.sheet_list):
            yield StandinSheet(self.book, name)

    @property
    def active(self):
        return StandinSheet(self.book, self.book.sheet_list[0])

    def add(self, before=None, after=None, name=None):
        book = self.book
        index = after.index if after is not None else len(book.sheet_list)
        book.sheet_list.insert(index, name)
        book.actions.append(("sheets", lambda: book.target.create_sheet(name, index)))
        return StandinSheet(book, name)


class StandinApp:
    """The app object: alerts are remembered; the status bar and reading
    ``screen_updating`` are refused, as in Lite."""

    pid = 0

    def __init__(self):
        self.engine = StandinEngine()
        self.touched = []  # unsupported properties the script tried
        self.alerts = []
        self.display_alerts = True

    @property
    def screen_updating(self):
        self.touched.append("screen_updating")
        raise Refused("App.screen_updating cannot be read in xlwings Lite")

    @screen_updating.setter
    def screen_updating(self, value):
        self.touched.append("screen_updating=")

    @property
    def status_bar(self):
        self.touched.append("status_bar")
        raise Refused("App.status_bar is not supported in xlwings Lite")

    @status_bar.setter
    def status_bar(self, value):
        self.touched.append("status_bar=")
        raise Refused("App.status_bar is not supported in xlwings Lite")

    def alert(self, prompt, title, buttons, mode, callback):
        self.alerts.append((prompt, title, mode))
        return "ok"


class StandinEngine:
    name = "lite-standin"
    type = "remote"
    apps = None

    @staticmethod
    def prepare_xl_data_element(x, options):
        if isinstance(x, (dt.date, dt.datetime)):
            return x
        return "" if x is None else x

    @staticmethod
    def clean_value_data(data, datetime_builder, empty_as, number_builder, err_to_str):
        def clean(value):
            if value in ("", None):
                return empty_as
            if isinstance(value, bool):
                return value
            if isinstance(value, int):
                return float(value)  # Excel hands every number over as a double
            if number_builder is not None and isinstance(value, float):
                return number_builder(value)
            return value

        return [[clean(c) for c in row] for row in data]


class LiteStandinBook(base_classes.Book):
    """One script run on the workbook at ``path`` (see the module doc)."""

    def __init__(self, path, refuse=()):
        self.path = path
        self.target = openpyxl.load_workbook(path)  # changed only by finish()
        self.sheet_list = list(self.target.sheetnames)
        self.snapshot = {
            ws.title: {(c.row, c.column): c.value for row in ws.iter_rows() for c in row
                       if c.value is not None}
            for ws in self.target.worksheets}
        self.actions = []
        self.refuse = set(refuse)
        self._app = StandinApp()

    @property
    def name(self):
        return str(self.path).replace("\\", "/").rsplit("/", 1)[-1]

    @property
    def app(self):
        return self._app

    @property
    def sheets(self):
        return StandinSheets(self)

    def save(self, path=None, password=None):
        raise Refused("Book.save() is not supported in xlwings Lite")

    def close(self):
        pass

    def activate(self):
        pass

    def finish(self):
        """The script has returned: apply the queued writes in order and save."""
        for _what, run in self.actions:
            run()
        self.actions = []
        self.target.save(self.path)


def open_lite(path, refuse=()):
    """``(xw.Book, engine book)``: what a Lite script's ``book`` argument would be."""
    impl = LiteStandinBook(path, refuse)
    book = xw.Book(impl=impl)
    return book, impl
