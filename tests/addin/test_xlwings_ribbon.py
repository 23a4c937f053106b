"""The Excel side: the ribbon entry points and the xlwings back end.

The same button scenarios run through every available back end:

* ``openpyxl`` -- always (a file on disk, as the command line does);
* ``xlwings`` -- a real ``xlwings.Book`` when xlwings has an engine here.  On Linux
  without Excel it has none in open-source xlwings (its Excel-free engines, the
  remote/JSON "xlwings Server" book and the calamine "xlwings Reader", belong to
  xlwings PRO and need a licence key, which monrad does not use); the parameter is
  then skipped with that reason.
"""

from __future__ import annotations

import random
import re
import re as _re
import sys
from pathlib import Path

import openpyxl
import pytest

from monrad.addin import ribbon
from monrad.addin.ribbon.book import XlwingsBook, com_colour, excel_text, rgb_tuple
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.workbook.package_book import PackageBook, open_book
from monrad.engine.model import Player

#: "round 1 is already paired" in any of the four languages (a refusal is in the workbook's)
ALREADY_PAIRED = _re.compile(r"(round|runde|rond) \d+ (is already paired|er allerede satt opp|"
                             r"är redan lottad|er allerede parret)")


def _xlwings_missing() -> str | None:
    try:
        import xlwings as xw
    except ImportError:
        return "xlwings is not installed (pip install 'monrad[excel]')"
    if not len(xw.engines):
        return (
            f"xlwings {xw.__version__} has no engine on {sys.platform} without Excel: its "
            "Excel-free books (remote/JSON 'xlwings Server', calamine 'xlwings Reader') "
            "are xlwings PRO and need a licence key"
        )
    return None


class _Backend:
    """Opens a workbook file through one back end, the way a button press sees it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._open: list = []

    def open(self, path: Path):
        if self.name == "openpyxl":
            return open_book(path)
        import xlwings as xw

        book = xw.Book(str(path))
        self._open.append(book)
        return XlwingsBook(book)

    def close(self) -> None:
        for book in self._open:
            book.close()


@pytest.fixture(params=["openpyxl", "xlwings"])
def backend(request):
    if request.param == "xlwings":
        reason = _xlwings_missing()
        if reason:
            print(f"SKIP xlwings back end: {reason}")
            pytest.skip(reason)
    b = _Backend(request.param)
    yield b
    b.close()


def _roster(n: int) -> list[Player]:
    rng = random.Random(n)
    return [Player(i, f"Spiller {i:02d}", rating=2200 - 25 * i + rng.randrange(10), club="Akademisk SK")
            for i in range(1, n + 1)]


def _new(tmp_path: Path, lang: str = "no", n: int = 10, system: str = "nsf") -> Path:
    return create_workbook(tmp_path / "klubb.xlsx", system, 5, _roster(n), lang, seed=11)


class _Told:
    def __init__(self) -> None:
        self.messages: list[tuple[str, bool]] = []

    def __call__(self, message: str, error: bool) -> None:
        self.messages.append((message, error))


def _fill_results(path: Path, round_no: int, missing: set[int] = frozenset()) -> None:
    book = open_book(path)
    lay = L.detect_layout(book.sheet_names())
    sheet = lay.round_name(round_no)
    last, _ = book.used_size(sheet)
    rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    board = 0
    for i, row in enumerate(rows):
        if row[6] is None:  # bye row: no black player
            continue
        board += 1
        if board not in missing:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[("1-0", "½-½", "0-1")[board % 3]]])
    book.save()


def test_ribbon_pair_next_round_then_standings(tmp_path: Path, backend) -> None:
    path = _new(tmp_path)
    told = _Told()
    outcome = ribbon.pair_next_round(backend.open(path), told)
    assert not outcome.error, outcome.message
    assert told.messages == [(outcome.message, False)]
    assert "Runde 1" in openpyxl.load_workbook(path).sheetnames
    backend.close()
    _fill_results(path, 1)
    outcome = ribbon.update_standings(backend.open(path), told)
    assert not outcome.error, outcome.message
    assert "Tabell" in outcome.message
    outcome = ribbon.pair_next_round(backend.open(path), told)
    assert not outcome.error and "Runde 2" in openpyxl.load_workbook(path).sheetnames


def test_ribbon_second_press_is_refused_in_a_message_not_a_traceback(tmp_path: Path, backend) -> None:
    path = _new(tmp_path)
    ribbon.pair_next_round(backend.open(path), _Told())
    backend.close()
    before = path.read_bytes()
    told = _Told()
    outcome = ribbon.pair_next_round(backend.open(path), told)
    assert outcome.error
    assert ALREADY_PAIRED.search(outcome.message) and "Traceback" not in outcome.message
    assert told.messages == [(outcome.message, True)]
    assert path.read_bytes() == before  # nothing written
    outcome = ribbon.pair_next_round(backend.open(path), _Told(), repair=True)
    assert not outcome.error and "satt opp på nytt" in outcome.message  # the workbook's language


def test_ribbon_missing_results_list_the_boards(tmp_path: Path, backend) -> None:
    path = _new(tmp_path, system="dutch", lang="en")
    ribbon.pair_next_round(backend.open(path), _Told())
    backend.close()
    _fill_results(path, 1, missing={2, 4})
    outcome = ribbon.pair_next_round(backend.open(path), _Told())
    assert outcome.error
    assert "board 2 (E4)" in outcome.message and "board 4 (E6)" in outcome.message


class _BrokenBook(PackageBook):
    """A workbook whose reading fails in a way nobody planned for."""

    def read_range(self, *args, **kwargs):
        raise RuntimeError("disk on fire")


def test_ribbon_unexpected_error_is_one_line_with_a_log(tmp_path: Path, monkeypatch) -> None:
    log = tmp_path / "error.log"
    monkeypatch.setattr(ribbon, "LOG_FILE", log)
    path = _new(tmp_path)
    broken = _BrokenBook(path, path.read_bytes())
    told = _Told()
    outcome = ribbon.pair_next_round(broken, told)
    assert outcome.error and outcome.message.count("\n") == 0
    assert "RuntimeError: disk on fire" in outcome.message and str(log) in outcome.message
    assert "Traceback" in log.read_text()


def test_ribbon_without_excel_says_so(monkeypatch) -> None:
    if _xlwings_missing() is None:
        pytest.skip("Excel is available here")
    told = _Told()
    outcome = ribbon.pair_next_round(tell=told)
    assert outcome.error
    assert "monrad pair" in outcome.message or "xlwings" in outcome.message


def test_no_xlwings_pro_is_imported() -> None:
    """monrad uses open-source xlwings only (its PRO part is non-commercial)."""
    pytest.importorskip("xlwings")
    ribbon.pair_next_round(tell=_Told()) if _xlwings_missing() else None
    assert "xlwings.pro" not in sys.modules
    root = Path(__file__).resolve().parents[2] / "addin"
    pro_import = re.compile(r"^\s*(from\s+xlwings(\.pro|\s+import\s+pro)|import\s+xlwings\.pro)", re.MULTILINE)
    for source in root.rglob("*.py"):
        assert not pro_import.search(source.read_text(encoding="utf-8")), source


@pytest.mark.parametrize(
    "text, stored",
    [
        ("1-0", "'1-0"), ("0-1", "'0-1"), ("10-6", "'10-6"), ("40-24", "'40-24"),
        ("+/-", "'+/-"), ("-/+", "'-/+"), ("=SUM(A1)", "'=SUM(A1)"), ("TRUE", "'TRUE"),
        ("½-½", "½-½"), ("Ola Nordmann", "Ola Nordmann"), ("Bye", "Bye"), ("", ""),
    ],
)
def test_text_excel_would_reinterpret_gets_the_text_prefix(text: str, stored: str) -> None:
    assert excel_text(text) == stored
    assert excel_text(7) == 7 and excel_text(None) is None


def test_colours() -> None:
    assert rgb_tuple("#FFF2CC") == (255, 242, 204)
    assert com_colour("0000FF") == 0xFF0000  # COM colours are BGR
    with pytest.raises(ValueError):
        rgb_tuple("yellow")
