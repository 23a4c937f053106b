"""What the secretary types into a result cell (issue 36 items 4 and 9): each
federation's letter for a postponed game, and a result the spreadsheet stored as a date
serial number.  Real workbooks made by ``monrad new``, paired by ``monrad pair``."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load
from monrad.converters.notation import NotationError, parse_result
from monrad.engine.model import Pending, Result

ROSTER = DATA / "season" / "roster.csv"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _paired_book(tmp_path: Path, capsys, system: str, lang: str) -> Path:
    book = tmp_path / f"{system}_{lang}.xlsx"
    assert run(capsys, "new", book, "--system", system, "--rounds", "5", "--lang", lang,
               "--players", ROSTER, "--seed", "7")[0] == 0
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    return book


def _type(book: Path, sheet: str, results: dict[int, object]) -> None:
    """Results by board (row 3 is board 1); every other board 1-0."""
    wb = openpyxl.load_workbook(book)
    ws = wb[sheet]
    for row in range(3, ws.max_row + 1):
        board = ws.cell(row, 1).value
        if isinstance(board, int) and ws.cell(row, 7).value is not None:
            ws.cell(row, 5).value = results.get(board, "1-0")
    wb.save(book)


def test_issue36_item4_dsu_1_u_is_a_postponed_game(tmp_path: Path, capsys) -> None:
    """DSU's course: "For udsatte partier kan der skrives 'u'".  Typed on a Danish DSU
    workbook's round 1, round 2 is paired around the postponed game (DSU-1)."""
    book = _paired_book(tmp_path, capsys, "dsu", "da")
    _type(book, "Runde 1", {4: "u"})
    code, out, err = run(capsys, "pair", book)
    assert code == 0, err
    t = load(book)
    game = t.round(1).games[3]  # type: ignore[union-attr]
    assert (game.white_result, game.pending) == (Result.PENDING, Pending.POSTPONED)
    assert [(g.white, g.black) for g in t.round(2).paired_around] == [  # type: ignore[union-attr]
        (game.white, game.black)]
    # the drop-down offers the letter beside the word, so Excel takes it as typed
    formula = openpyxl.load_workbook(book)["Runde 2"].data_validations.dataValidation[0].formula1
    assert formula.strip('"').split(",")[-2:] == ["udsat", "u"]


@pytest.mark.parametrize(("lang", "words"), [
    ("da", ("u", "udsat")), ("no", ("utsatt",)), ("sv", ("uppskjutet",)), ("en", ("postponed",)),
])
def test_issue36_item4_the_hint_names_the_languages_words_for_postponed(
        tmp_path: Path, capsys, lang: str, words: tuple[str, ...]) -> None:
    """A result monrad cannot read: the refusal says what a postponed game is written as,
    in the workbook's language; each of those words is read back as postponed."""
    system = {"da": "dsu", "no": "nsf", "sv": "ssf", "en": "nsf"}[lang]
    book = _paired_book(tmp_path, capsys, system, lang)
    _type(book, _round_sheet(lang, 1), {2: "x"})
    code, _, err = run(capsys, "pair", book)
    assert code == 2 and "E4" in err
    hint = err.split("'x'", 1)[1]
    assert all(w in hint for w in words), err
    for word in words:
        assert parse_result(word).pending is Pending.POSTPONED  # type: ignore[union-attr]


def _round_sheet(lang: str, n: int) -> str:
    return {"da": "Runde", "no": "Runde", "sv": "Rond", "en": "Round"}[lang] + f" {n}"


def test_issue36_item4_the_letters_of_a_postponed_game() -> None:
    assert parse_result("u").pending is Pending.POSTPONED  # type: ignore[union-attr]
    assert parse_result(" U ").pending is Pending.POSTPONED  # type: ignore[union-attr]
    assert parse_result("udsat parti").pending is Pending.POSTPONED  # type: ignore[union-attr]
    with pytest.raises(NotationError):
        parse_result("uu")


def test_issue36_item9_a_date_serial_number_is_named_as_the_date(tmp_path: Path, capsys) -> None:
    """``1/1`` typed, Excel made it a date, the cell lost its date format: 46023 is
    2026-01-01, said as the date (as a date cell is), in the workbook's language."""
    book = _paired_book(tmp_path, capsys, "nsf", "no")
    _type(book, "Runde 1", {1: 46023})
    code, _, err = run(capsys, "pair", book)
    assert code == 2
    assert "E3" in err and "46023" in err and "2026-01-01" in err and "½-½" in err, err
    code, _, err = run(capsys, "pair", book, "--lang", "en")
    assert "46023 is the date 2026-01-01" in err and "½-½" in err, err
    with pytest.raises(NotationError, match="is a number"):  # a small number is a number
        parse_result(3)


def test_issue36_item8_a_club_workbook_is_called_not_monrads_once(tmp_path: Path, capsys) -> None:
    """A club's own workbook: "not a monrad workbook" while monrad has not taken it on,
    said once by the press that takes it on, never again on standings/explain."""
    club = tmp_path / "club.xlsx"
    wb = openpyxl.load_workbook(DATA / "fixtures" / "club-sheets" / "club_da_n0009_r08_s6067.xlsx")
    del wb["Runde 8"]
    wb.save(club)
    said = "not a monrad workbook"
    code, out, err = run(capsys, "standings", club, "--system", "dsu", "--lang", "en",
                         "--dry-run")
    assert code == 0 and said in err  # only read: not taken on yet
    code, out, err = run(capsys, "pair", club, "--system", "dsu", "--lang", "en")
    assert code == 0, err
    assert (out + err).count(said) == 1 and "'monrad'" in out
    for command in ("standings", "explain", "check"):
        code, out, err = run(capsys, command, club, "--lang", "en")
        assert said not in out + err, (command, err)
