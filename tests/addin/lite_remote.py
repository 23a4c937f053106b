"""A Lite press on **xlwings' own remote engine** (the Python half of xlwings Lite), for
the opt-in test only: used when the person running the tests sets
``XLWINGS_LICENSE_KEY`` (the remote engine is part of ``xlwings.pro``, which xlwings
registers only with a licence key).  Nothing here imports ``xlwings.pro``: the book is
made with the public ``xw.Book(json=...)``, from the data Lite's client would send --
every sheet's values from A1, the book's name -- and the actions the engine queued
(``book.json()``) are applied to the file by the stand-in's client
(:func:`lite_standin.apply_actions`), which stops at an action it does not know, as
Lite's does.
"""

from __future__ import annotations

import datetime as dt

import openpyxl
import xlwings as xw
from lite_standin import CLIENT_ACTIONS, apply_actions

_EPOCH = dt.datetime(1899, 12, 30)


def _client_value(value):
    """A cell as Office.js hands it over: numbers, text, booleans; dates as serials."""
    if value is None:
        return ""
    if isinstance(value, dt.datetime):
        return (value - _EPOCH).total_seconds() / 86400
    if isinstance(value, dt.date):
        return (dt.datetime(value.year, value.month, value.day) - _EPOCH).days
    return value


def book_data(path: str) -> dict:
    """The JSON Lite's client sends for the workbook at ``path``."""
    wb = openpyxl.load_workbook(path)
    sheets = []
    for ws in wb.worksheets:
        rows, cols = ws.max_row, ws.max_column
        values = [[_client_value(ws.cell(r, c).value) for c in range(1, cols + 1)]
                  for r in range(1, rows + 1)] if ws.max_row > 1 or ws["A1"].value is not None \
            else [[]]
        sheets.append({"name": ws.title, "values": values, "pictures": [], "tables": [],
                       "charts": [], "shapes": [], "names": [],
                       "visibility": "Visible" if ws.sheet_state == "visible" else "Hidden",
                       "show_gridlines": True})
    return {"client": "Office.js", "version": xw.__version__,
            "book": {"name": path.rsplit("/", 1)[-1], "active_sheet_index": 0,
                     "selection": "A1"},
            "sheets": sheets, "names": []}


class RemoteBook:
    """``open_lite``'s counterpart: ``(xw.Book, self)``; :meth:`finish` applies the
    queued actions to the file."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.book = xw.Book(json=book_data(path))
        self.stopped_at = None

    def finish(self) -> None:
        wb = openpyxl.load_workbook(self.path)
        self.stopped_at = apply_actions(wb, self.book.json()["actions"], CLIENT_ACTIONS)
        wb.save(self.path)


def open_remote(path: str):
    remote = RemoteBook(path)
    return remote.book, remote
