"""A short season pressed through the Lite buttons: the same code under CPython and
inside Pyodide (``test_lite_pyodide.py`` copies this file and ``lite_standin.py`` there).

It runs the ``main.py`` stored in the workbook (as Lite does), on the Lite stand-in:
pair, results typed into the result cells, standings, and so on; then pair once more.
Imports only the standard library, openpyxl, xlwings (through the stand-in) and monrad.
"""

from __future__ import annotations

import random
import time

import openpyxl
from lite_standin import open_lite

from monrad.converters import layout as L
from monrad.converters.book.lite_workbook import STATUS_COL, STATUS_ROW, read_lite_code

RESULTS = ["1-0", "1-0", "0-1", "0-1", "½-½", "+/-", "-/+"]


def _press(namespace: dict, script: str, path: str) -> str:
    book, impl = open_lite(path)
    namespace[script](book)
    assert impl.app.touched == [], impl.app.touched
    impl.finish()
    return openpyxl.load_workbook(path)[_layout(path).settings_sheet].cell(
        STATUS_ROW, STATUS_COL).value


def _layout(path: str) -> L.Layout:
    return L.detect_layout(openpyxl.load_workbook(path, read_only=True).sheetnames)


def _type_results(path: str, n: int) -> None:
    rng = random.Random(n)
    lay = _layout(path)
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.round_name(n)]
    for row in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
        if ws.cell(row, 7).value is not None:  # a board with a black player
            ws.cell(row, L.RESULT_COL).value = rng.choice(RESULTS)
    wb.save(path)


def season(path: str, rounds: int) -> dict:
    """Press "pair", type results, press "standings" for ``rounds`` rounds, then "pair"
    once more; return the status lines and the seconds the presses took."""
    with open(path, "rb") as f:
        code = read_lite_code(f.read())["main.py"]
    namespace: dict = {}
    exec(compile(code, "main.py", "exec"), namespace)  # noqa: S102 -- the workbook's code
    said = []
    start = time.perf_counter()
    for n in range(1, rounds + 1):
        said.append(_press(namespace, "pair_next_round", path))
        _type_results(path, n)
        said.append(_press(namespace, "update_standings", path))
    said.append(_press(namespace, "pair_next_round", path))
    return {"said": said, "seconds": round(time.perf_counter() - start, 2)}
