"""A short season pressed through the Lite buttons: the same code under CPython and
inside Pyodide (``test_lite_pyodide.py`` mounts this folder there).

It runs the ``main.py`` stored in the workbook, as Lite does, on the Lite stand-in:
pair, results typed into the result cells, standings, and so on; then pair once more.
Works for a monrad workbook (status under the buttons on Settings) and a club's own
workbook (status on monrad's own sheet ``monrad``).  Inside Pyodide no monrad is
installed: the workbook is read with the standard library, ``main.py`` unpacks the
monrad it carries, and only then is monrad imported (openpyxl and xlwings too are
imported only once a press needs them: the runner reads ``requirements.txt`` with this
module before anything is installed).
"""

from __future__ import annotations

import json
import random
import re
import time
import zipfile
from xml.etree import ElementTree

RESULTS = ["1-0", "1-0", "0-1", "0-1", "½-½", "+/-", "-/+"]
CLUB_RESULTS = ["1-0", "0-1", "½-½"]
_WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
#: how main.py's packed part begins (``lite_workbook.PACK_MARK``)
PACK_MARK = "# --- monrad, packed: do not edit below this line "
#: the line that ends monrad's part of main.py (``lite_workbook.END_MARK``)
END_MARK = "# <<< monrad: end of monrad's part; your own code goes below this line"
STATUS_ROW, STATUS_COL, STATUS_HEIGHT = 13, 5, 8


def workbook_code(path: str) -> dict[str, str]:
    """``main.py`` and ``requirements.txt`` as the workbook stores them (our own test
    workbook: the standard library's XML reader will do)."""
    with zipfile.ZipFile(path) as z:
        root = ElementTree.fromstring(z.read("xl/webextensions/webextension1.xml"))
    return {p.get("name"): json.loads(p.get("value"))
            for p in root.iter(f"{_WE}property")}


def set_code(path: str, **files: str) -> None:
    """Replace (or add) Lite's code files in the workbook at ``path``, as Lite's editor
    would (CPython only: monrad writes the part)."""
    from monrad.converters.book import lite_workbook as LW

    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    xml = parts[LW.WEB_EXTENSION].decode()
    parts[LW.WEB_EXTENSION] = LW._replace_properties(xml, files).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def requirements(path: str, *, floor: bool = False) -> list[str]:
    """The requirement lines Lite installs for the workbook, comments cut: those of
    ``requirements-pinned.txt`` where the workbook has one (Lite reinstalls its pins on
    every start), else ``requirements.txt``.  ``floor``: every range at its lower end
    (``>=X,<Y`` -> ``==X``), the other end of what the tests install."""
    code = workbook_code(path)
    text = code.get("requirements-pinned.txt") or code["requirements.txt"]
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    if floor:
        lines = [re.sub(r">=([^,\s]+),<\S+", r"==\1", line) for line in lines]
    return [line for line in lines if line]


def run_main(path: str, *, unpack: bool = True) -> dict:
    """Execute the workbook's ``main.py``; its namespace (the scripts).  ``unpack=False``
    (CPython tests, where monrad is installed): the scripts only, importing the
    installed monrad instead of unpacking the packed one over it."""
    code = workbook_code(path)["main.py"]
    if not unpack:  # the pack's lines give way to the import; the club's code stays
        head, mark, rest = code.partition(PACK_MARK)
        assert mark, "main.py carries no packed monrad"
        code = head + "from monrad.addin import lite\n" + rest.partition(END_MARK)[2]
    namespace: dict = {}
    exec(compile(code, "main.py", "exec"), namespace)  # noqa: S102 -- the workbook's code
    return namespace


def status_sheet(path: str) -> str:
    import openpyxl

    from monrad.converters import layout as L

    lay = L.detect_layout(openpyxl.load_workbook(path, read_only=True).sheetnames)
    return lay.settings_sheet if lay is not None else "monrad"


def press(namespace: dict, script: str, path: str, *, remote: bool = False,
          actions: list | None = None) -> str:
    """Press the button ``script`` on the Lite stand-in (or, ``remote``, on xlwings' own
    remote engine: ``lite_remote.py``, opt-in); the status cell's first line.  The
    number of actions the press sent to Excel is added to ``actions``."""
    import openpyxl

    if remote:
        from lite_remote import open_remote

        book, remote_book = open_remote(path)
        namespace[script](book)
        sent = len(remote_book.book.json()["actions"])
        remote_book.finish()
        assert remote_book.stopped_at is None, remote_book.stopped_at
    else:
        from lite_standin import open_lite

        book, impl = open_lite(path)
        namespace[script](book)
        assert impl.app.touched == [], impl.app.touched
        sent = len(impl.actions)
        impl.finish()
    if actions is not None:
        actions.append(sent)
    return openpyxl.load_workbook(path)[status_sheet(path)].cell(STATUS_ROW, STATUS_COL).value


def type_results(path: str, n: int) -> None:
    """Results of round ``n`` typed into its result cells, as a secretary would."""
    import openpyxl
    from lite_standin import open_lite

    from monrad.addin.lite.book import LiteBook
    from monrad.converters import layout as L
    from monrad.converters.club.layout import learn_layout, result_cells
    from monrad.converters.club.sheets import ReadOptions

    rng = random.Random(n)
    wb = openpyxl.load_workbook(path)
    lay = L.detect_layout(wb.sheetnames)
    if lay is not None:
        ws = wb[lay.round_name(n)]
        for row in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
            if ws.cell(row, 7).value is not None:  # a board with a black player
                ws.cell(row, L.RESULT_COL).value = rng.choice(RESULTS)
    else:
        book = LiteBook(open_lite(path)[0])
        for sheet, cell, _ in result_cells(book, learn_layout(book, ReadOptions(name_order="keep")), n):
            wb[sheet][cell].value = rng.choice(CLUB_RESULTS)
    wb.save(path)


def season(path: str, first: int, rounds: int, *, unpack: bool = True,
           remote: bool = False) -> dict:
    """Press "pair", type results, press "standings" for rounds ``first`` ..
    ``first + rounds - 1``, then "pair" once more; the status lines and the seconds."""
    namespace = run_main(path, unpack=unpack)
    said: list = []
    actions: list = []
    start = time.perf_counter()
    for n in range(first, first + rounds):
        said.append(press(namespace, "pair_next_round", path, remote=remote, actions=actions))
        type_results(path, n)
        said.append(press(namespace, "update_standings", path, remote=remote, actions=actions))
    said.append(press(namespace, "pair_next_round", path, remote=remote, actions=actions))
    return {"said": said, "actions": actions, "seconds": round(time.perf_counter() - start, 2)}


def cli_season(path: str, first: int, rounds: int) -> None:
    """The same season through the command line (``monrad pair`` / ``standings``) on
    CPython: the reference the presses must equal."""
    from monrad.addin.cli import main as cli

    for n in range(first, first + rounds):
        assert cli(["pair", path]) == 0
        type_results(path, n)
        assert cli(["standings", path]) == 0
    assert cli(["pair", path]) == 0
