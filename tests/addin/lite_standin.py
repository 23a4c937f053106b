"""A stand-in for xlwings Lite's book, on xlwings' public (BSD) engine interface.

Lite's Python side is real xlwings (``xw.Book``/``Sheet``/``Range``) over xlwings' remote
engine; its JavaScript side applies what the script queued, in order, after the script
has returned.  This file is both halves, written from what they are known to do (the
remote engine's source read, not copied; the action protocol of the public xlwings
Server client):

* **the engine** (:class:`StandinBook` and friends): reads come from a snapshot of the
  values taken when the script starts; every write -- values, sheets, formatting -- is
  an *action* ``{"func", "args", "values", "sheet_position", "start_row", ...}`` in the
  book's queue, shaped as the remote engine shapes it.  A call that the remote engine
  refuses is refused here too (``NotImplementedError``/``XlwingsError``, with the same
  conditions): reading formatting back, ``Range.paste``, ``Range.copy()`` without a
  destination, ``App.status_bar``, reading ``App.screen_updating`` ...;
  ``tests/addin/test_lite_standin_engine.py`` holds the stand-in against the remote
  engine's source, so the next such call is caught here, not in Excel;
* **the client** (:func:`apply_actions`): applies the queue to an openpyxl workbook in
  order and stops at the first action it does not know (as the public client does),
  so whatever a press queued after such an action is lost -- which is why a press
  queues every value before any formatting.

``refuse`` names action functions the engine refuses at call time
(``NotImplementedError``, as an engine without the call would); ``unknown`` names
actions the client does not know (it stops there).  Used by ``test_lite_book.py`` under
CPython and inside Pyodide (``test_lite_pyodide.py`` mounts this folder), so it imports
only xlwings, openpyxl and the standard library.
"""

from __future__ import annotations

import datetime as dt
import re
from copy import copy

import openpyxl
import xlwings as xw
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.worksheet.datavalidation import DataValidation
from xlwings import XlwingsError, base_classes
from xlwings_ranges import RangeGeometry, range_corners

#: The actions the client applies (the public xlwings Server client knows these).
CLIENT_ACTIONS = frozenset({
    "setValues", "rangeClearContents", "addSheet", "sheetDelete", "setSheetVisibility",
    "setRangeColor", "setNumberFormat", "setHorizontalAlignment", "setColumnWidth",
    "setFontProperty", "setBorderProperty", "setDataValidationList", "addConditionalFormat",
    "freezePaneAtRange", "copyFromRange", "copyRange", "setScreenUpdating", "alert",
})
#: Actions that change values or the sheets themselves, their visibility included (the
#: rest is formatting; an alert comes last of all).
VALUE_ACTIONS = frozenset({"setValues", "rangeClearContents", "addSheet", "sheetDelete",
                           "setSheetVisibility"})


#: xlwings' "not given" marker; the lowest xlwings of the workbook's range lacks it
_UNSET = getattr(base_classes, "_UNSET", object())


class Refused(NotImplementedError):
    """What this engine says to a call it does not support."""


def _hex(colour):
    """Colours as the remote engine hands them on: ``#RRGGBB`` text."""
    if colour is None:
        return None
    if isinstance(colour, str):
        return colour if colour.startswith("#") else f"#{colour}"
    if isinstance(colour, int) and not isinstance(colour, bool):
        colour = (colour & 0xFF, (colour >> 8) & 0xFF, (colour >> 16) & 0xFF)
    red, green, blue = colour
    return f"#{int(red):02x}{int(green):02x}{int(blue):02x}"


def _address(first, last):
    a = f"${get_column_letter(first[1])}${first[0]}"
    if first == last:
        return a
    return f"{a}:${get_column_letter(last[1])}${last[0]}"


class _Font:
    def __init__(self, rng):
        self._rng = rng

    @property
    def bold(self):
        raise Refused("reading the font needs 'await myrange.font.get_bold()' in Lite")

    @bold.setter
    def bold(self, value):
        self._rng.action("setFontProperty", ["bold", value])


class _Border:
    def __init__(self, rng, side):
        self._rng, self.side = rng, side

    @property
    def line_style(self):
        raise Refused("reading borders needs the async API in Lite")


class _Borders:
    def __init__(self, rng):
        self._rng = rng

    def __getitem__(self, side):
        return _Border(self._rng, side)

    def set(self, which, *, line_style=_UNSET, weight=_UNSET,
            color=_UNSET):
        if color is not _UNSET:
            color = _hex(color)
        for side in which:  # one action per side and attribute: colour, weight, style
            for attribute, value in (("color", color), ("weight", weight),
                                     ("line_style", line_style)):
                if value is not _UNSET:
                    self._rng.action("setBorderProperty", [side, attribute, value])

    def clear(self, which):
        self.set(which, line_style=None)


class _Validation:
    def __init__(self, rng):
        self._rng = rng

    def set_list(self, source, in_cell_dropdown):
        self._rng.action("setDataValidationList",
                         [{"type": "literal", "values": list(source)}, in_cell_dropdown])


class _Conditional:
    def __init__(self, rng):
        self._rng = rng

    def add_custom(self, spec):
        entry = {"type": "Custom", "stop_if_true": None, "fill_color": None,
                 "font_color": None, "font_bold": None, "font_italic": None, **spec}
        entry["fill_color"] = _hex(entry["fill_color"])
        self._rng.action("addConditionalFormat", [entry])


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
        """The remote engine's range api is its slice of the values; xlwings' value
        pipeline only tests it for truth."""
        return {"address": self.address}

    @property
    def address(self):
        return _address(self.first, self.last)

    def get_address(self, row_absolute, col_absolute, external):
        return self.address.replace("$", "")

    def __call__(self, row, col=None):
        cell = (self.first[0] + row - 1, self.first[1] + (col or 1) - 1)
        return StandinRange(self._sheet, cell, cell)

    def action(self, func, args=None, values=None):
        rows, cols = self.shape
        self._sheet.book.action(func, args, values=values, sheet_position=self._sheet.index - 1,
                                start_row=self.first[0] - 1, start_column=self.first[1] - 1,
                                row_count=rows, column_count=cols)

    # --- values: read from the snapshot, written as actions -------------------------
    @property
    def raw_value(self):
        ws = self._sheet.snapshot()
        (r1, c1), (r2, c2) = self.first, self.last
        rows = [[ws.get((r, c)) for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]
        return rows[0][0] if self.shape == (1, 1) else rows

    @raw_value.setter
    def raw_value(self, data):
        if not isinstance(data, list):
            rows, cols = self.shape
            data = [[data] * cols] * rows
        self.action("setValues", values=data)

    def clear_contents(self):
        self.action("rangeClearContents")

    # --- copying: only with a destination (there is no clipboard) ------------------
    def copy(self, destination=None):
        if destination is None:
            raise XlwingsError("range.copy() requires a destination argument.")
        self.action("copyRange", [destination.sheet.index - 1, destination.address])

    def copy_from(self, source_range, copy_type=None, skip_blanks=None, transpose=None):
        self.action("copyFromRange", [source_range.sheet.index - 1, source_range.address,
                                      copy_type, skip_blanks, transpose])

    def paste(self, paste=None, operation=None, skip_blanks=False, transpose=False):
        raise Refused("Range.paste() needs a clipboard, which Lite has not")

    # --- formatting (written as actions; reading it back is refused, as in Lite) ----
    @property
    def color(self):
        raise Refused("use await get_color() in Lite")

    @color.setter
    def color(self, value):
        self.action("setRangeColor", _hex(value))

    @property
    def number_format(self):
        raise Refused("use await get_number_format() in Lite")

    @number_format.setter
    def number_format(self, value):
        self.action("setNumberFormat", value)

    @property
    def horizontal_alignment(self):
        raise Refused("use await get_horizontal_alignment() in Lite")

    @horizontal_alignment.setter
    def horizontal_alignment(self, value):
        self.action("setHorizontalAlignment", value.capitalize())

    @property
    def column_width(self):
        raise Refused("use await get_column_width() in Lite")

    @column_width.setter
    def column_width(self, points):
        if isinstance(points, bool) or not isinstance(points, (int, float)) or points < 0:
            raise ValueError("column_width must be a number, not negative")
        self.action("setColumnWidth", points)

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
        self._sheet.book.action("freezePaneAtRange", [where],
                                sheet_position=self._sheet.index - 1)


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
        self._book.action("setSheetVisibility", "Visible" if value else "Hidden",
                          sheet_position=self.index - 1)

    def delete(self):
        position = self.index - 1
        self._book.sheet_list.remove(self._name)  # the sheet list follows at once
        self._book.action("sheetDelete", sheet_position=position)


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
        if before is not None:
            position = max(before.index - 1, 1)
        elif after is not None:
            position = after.index + 1
        else:
            position = len(book.sheet_list) + 1
        book.sheet_list.insert(position - 1, name)
        book.action("addSheet", [position - 1, name])
        return StandinSheet(book, name)


class StandinApp:
    """The app object: alerts are remembered; the status bar and reading
    ``screen_updating`` are refused, as by the remote engine."""

    pid = 0

    def __init__(self, book):
        self.engine = StandinEngine()
        self._book = book
        self.touched = []  # properties the script should leave alone
        self.alerts = []
        self.display_alerts = True

    @property
    def screen_updating(self):
        self.touched.append("screen_updating")
        raise Refused("App.screen_updating cannot be read in xlwings Lite")

    @screen_updating.setter
    def screen_updating(self, value):
        self.touched.append("screen_updating=")
        self._book.action("setScreenUpdating", [bool(value)])

    @property
    def status_bar(self):
        self.touched.append("status_bar")
        raise Refused("App.status_bar is not supported in xlwings Lite")

    @status_bar.setter
    def status_bar(self, value):
        self.touched.append("status_bar=")
        raise Refused("App.status_bar is not supported in xlwings Lite")

    def alert(self, prompt, title, buttons, mode, callback):
        """Queued as an action, as by the remote engine (shown after the script)."""
        self.alerts.append((prompt, title, mode))
        self._book.action("alert", [prompt or "", title or "", buttons or "", mode or "",
                                    callback or ""])


class StandinEngine:
    name = "lite-standin"
    type = "remote"
    apps = None

    @staticmethod
    def prepare_xl_data_element(x, options):
        """As the remote engine: ``None`` is an empty string, dates are ISO text."""
        if x is None:
            return ""
        if isinstance(x, dt.datetime):
            return x.date().isoformat() if x.time() == dt.time(0) else \
                x.replace(tzinfo=None).isoformat(sep=" ").split(".")[0]
        if isinstance(x, dt.date):
            return x.isoformat()
        return x

    @staticmethod
    def clean_value_data(data, datetime_builder, empty_as, number_builder, err_to_str):
        def clean(value):
            if value in ("", None):
                return empty_as
            if isinstance(value, bool):
                return value
            if isinstance(value, int):
                return float(value)  # Excel hands every number over as a double
            if isinstance(value, dt.datetime):
                return value
            if number_builder is not None and isinstance(value, float):
                return number_builder(value)
            return value

        return [[clean(c) for c in row] for row in data]


class StandinBook(base_classes.Book):
    """One script run on the workbook at ``path`` (see the module doc)."""

    def __init__(self, path, refuse=(), unknown=()):
        self.path = path
        self.target = openpyxl.load_workbook(path)  # changed only by finish()
        self.sheet_list = list(self.target.sheetnames)
        self.snapshot = {
            ws.title: {(c.row, c.column): c.value for row in ws.iter_rows() for c in row
                       if c.value is not None}
            for ws in self.target.worksheets}
        self.actions = []
        self.refuse = set(refuse)
        self.unknown = set(unknown)
        self.stopped_at = None  # the action the client did not know
        self._app = StandinApp(self)

    def action(self, func, args=None, *, values=None, sheet_position=None, start_row=None,
               start_column=None, row_count=None, column_count=None):
        """Queue one action (refused at once where ``refuse`` says so)."""
        if func in self.refuse:
            raise Refused(f"{func} is not supported by this engine")
        self.actions.append({
            "func": func, "args": args if isinstance(args, list) else [args], "values": values,
            "sheet_position": sheet_position, "start_row": start_row,
            "start_column": start_column, "row_count": row_count, "column_count": column_count,
        })

    @property
    def name(self):
        return str(self.path).replace("\\", "/").rsplit("/", 1)[-1]

    @property
    def app(self):
        return self._app

    @property
    def sheets(self):
        return StandinSheets(self)

    def close(self):
        pass

    def activate(self):
        pass

    def finish(self):
        """The script has returned: the client applies the queue, the file is saved."""
        self.stopped_at = apply_actions(self.target, self.actions, CLIENT_ACTIONS - self.unknown)
        self.actions = []
        self.target.save(self.path)


# --- the client: the queue applied to an openpyxl workbook --------------------------
_ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?")
_SIDES = {"edge_top": "top", "edge_bottom": "bottom", "edge_left": "left",
          "edge_right": "right"}


def _excel_value(value):
    """What Excel makes of a value written through Office.js: ``'`` keeps text as it
    is (and is not part of the cell), ISO dates become dates, "" empties the cell."""
    if isinstance(value, str):
        if value.startswith("'"):
            return value[1:]
        if value == "":
            return None
        if _ISO_DATE.fullmatch(value):
            return dt.datetime.fromisoformat(value)
    return value


def _cells(ws, a):
    r0, c0 = a["start_row"] + 1, a["start_column"] + 1
    return [[ws.cell(r, c) for c in range(c0, c0 + a["column_count"])]
            for r in range(r0, r0 + a["row_count"])]


def _set_border(rows, side, attribute, value):
    """One side of a range's borders: the edges on the outer cells, the inside ones
    between neighbours (each cell keeps a full openpyxl Border)."""
    last_r, last_c = len(rows) - 1, len(rows[0]) - 1
    # a workbook's border ids only grow, so (id, edge, change) -> id holds for its life:
    # openpyxl hashes a whole Border on every assignment, which made the presses slow
    memo = rows[0][0].parent.parent.__dict__.setdefault("_standin_borders", {})

    def change(cell, edge):
        if not cell._style:
            cell._style = StyleArray()
        key = (cell._style.borderId, edge, attribute, value)
        if key in memo:
            cell._style.borderId = memo[key]
            return
        old = getattr(cell.border, edge)
        style = old.style
        colour = old.color
        if attribute == "line_style":
            style = None if value in (None, "none") else "thin"
        elif attribute == "color":
            colour = value.lstrip("#").upper()
        elif attribute == "weight" and style is not None:
            style = {"hairline": "hair", "medium": "medium", "thick": "thick"}.get(value, "thin")
        kwargs = {e: getattr(cell.border, e) for e in ("left", "right", "top", "bottom")}
        kwargs[edge] = Side(style=style, color=colour)
        cell.border = Border(**kwargs)
        memo[key] = cell._style.borderId

    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if side in _SIDES:
                edge = _SIDES[side]
                if (edge == "top" and i == 0) or (edge == "bottom" and i == last_r) or \
                        (edge == "left" and j == 0) or (edge == "right" and j == last_c):
                    change(cell, edge)
            elif side == "inside_horizontal" and i < last_r:
                change(cell, "bottom")
                change(rows[i + 1][j], "top")
            elif side == "inside_vertical" and j < last_c:
                change(cell, "right")
                change(row[j + 1], "left")


def _copy(wb, a, source_sheet, source_address, what):
    """Copy the source range onto the target range; a target that is a multiple of
    the source repeats it (Excel's paste onto a larger selection)."""
    src_ws = wb.worksheets[source_sheet]
    c1, r1, c2, r2 = range_boundaries(source_address.replace("$", ""))
    source = [[src_ws.cell(r, c) for c in range(c1, c2 + 1)] for r in range(r1, r2 + 1)]
    target = _cells(wb.worksheets[a["sheet_position"]], a)
    rows = max(len(target), len(source))
    cols = max(len(target[0]), len(source[0]))
    ws = wb.worksheets[a["sheet_position"]]
    r0, c0 = a["start_row"] + 1, a["start_column"] + 1
    for i in range(rows):
        for j in range(cols):
            s = source[i % len(source)][j % len(source[0])]
            t = ws.cell(r0 + i, c0 + j)
            if what in (None, "all", "formats"):
                t._style = copy(s._style)
            if what in (None, "all", "values"):
                t.value = s.value


def apply_actions(wb, actions, known=CLIENT_ACTIONS):
    """Apply ``actions`` to the openpyxl workbook ``wb`` in order; stop at the first
    action not in ``known`` and return it (``None`` when all were applied)."""
    for a in actions:
        func, args = a["func"], a["args"]
        if func not in known:
            return a
        if func == "addSheet":
            wb.create_sheet(args[1], args[0])
            continue
        ws = wb.worksheets[a["sheet_position"]] if a["sheet_position"] is not None else None
        if func == "setValues":
            r0, c0 = a["start_row"] + 1, a["start_column"] + 1
            for i, row in enumerate(a["values"]):
                for j, value in enumerate(row):
                    ws.cell(r0 + i, c0 + j).value = _excel_value(value)
        elif func == "rangeClearContents":
            for row in _cells(ws, a):
                for c in row:
                    c.value = None
        elif func == "sheetDelete":
            wb.remove(ws)
        elif func == "setSheetVisibility":
            ws.sheet_state = args[0].lower()
        elif func == "setRangeColor":
            fill = PatternFill() if args[0] is None else PatternFill(
                "solid", start_color=args[0].lstrip("#").upper(),
                end_color=args[0].lstrip("#").upper())
            for row in _cells(ws, a):
                for c in row:
                    c.fill = fill
        elif func == "setNumberFormat":
            for row in _cells(ws, a):
                for c in row:
                    c.number_format = args[0]
        elif func == "setHorizontalAlignment":
            for row in _cells(ws, a):
                for c in row:
                    c.alignment = Alignment(horizontal=args[0].lower())
        elif func == "setColumnWidth":
            for c in range(a["start_column"] + 1, a["start_column"] + a["column_count"] + 1):
                ws.column_dimensions[get_column_letter(c)].width = round(
                    (args[0] / 0.75 - 5) / 7, 2)  # points back to characters for the file
        elif func == "setFontProperty":
            for row in _cells(ws, a):
                for c in row:
                    font = copy(c.font)
                    setattr(font, {"bold": "b", "italic": "i"}.get(args[0], args[0]), args[1])
                    c.font = Font(name=font.name, sz=font.sz, b=font.b, i=font.i,
                                  color=font.color)
        elif func == "setBorderProperty":
            _set_border(_cells(ws, a), *args)
        elif func == "setDataValidationList":
            source, _dropdown = args
            dv = DataValidation(type="list", formula1='"' + ",".join(source["values"]) + '"')
            rows = _cells(ws, a)
            dv.add(f"{rows[0][0].coordinate}:{rows[-1][-1].coordinate}")
            ws.add_data_validation(dv)
        elif func == "addConditionalFormat":
            entry = args[0]
            colour = entry["fill_color"].lstrip("#").upper()
            rows = _cells(ws, a)
            ws.conditional_formatting.add(
                f"{rows[0][0].coordinate}:{rows[-1][-1].coordinate}",
                FormulaRule(formula=[entry["formula"].lstrip("=")],
                            fill=PatternFill("solid", start_color=colour, end_color=colour)))
        elif func == "freezePaneAtRange":
            where = str(args[0]).replace("$", "")
            last_row = int(where.split(":")[-1]) if re.fullmatch(r"\d+:\d+", where) else 0
            ws.freeze_panes = f"A{last_row + 1}"
        elif func == "copyFromRange":
            _copy(wb, a, args[0], args[1], args[2])
        elif func == "copyRange":
            # the action is queued on the source; the target is in the arguments
            src = _cells(ws, a)
            target = wb.worksheets[args[0]]
            c1, r1, _c2, _r2 = range_boundaries(args[1].replace("$", ""))
            for i, row in enumerate(src):
                for j, s in enumerate(row):
                    t = target.cell(r1 + i, c1 + j)
                    t.value, t._style = s.value, copy(s._style)
        # setScreenUpdating, alert: nothing to apply to a file
    return None


def open_lite(path, refuse=(), unknown=()):
    """``(xw.Book, engine book)``: what a Lite script's ``book`` argument would be."""
    impl = StandinBook(path, refuse, unknown)
    book = xw.Book(impl=impl)
    return book, impl
