"""Issue 17 from the README's side: a club workbook played to the end with the two
buttons; then the standings job writes the Crosstable, Alphabetical and (asked for)
Cards sheets, ``monrad publish`` writes the site and ``monrad print`` the PDFs, and
every one agrees with ``monrad standings``."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from monrad.addin.cli import main
from monrad.addin.jobs.book import pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.publish import pdf_available
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player

RESULTS = ["1-0", "0-1", "½-½", "1-0", "0-1", "+/-"]


def run(capsys, *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _played(tmp_path: Path, system: str, lang: str, rounds: int = 4, n: int = 9,
            name: str = "Spiller {i}, Kari") -> Path:
    players = [Player(i, name.format(i=i) if i != 3 else "Spiller 3, <b>Kari",
                      rating=2100 - 40 * i, club=f"SK {i % 3}") for i in range(1, n + 1)]
    path = create_workbook(tmp_path / "club.xlsx", system, rounds, players, lang, seed=7)
    lay = L.layout_for(lang)
    rng = random.Random(system)
    for r in range(1, rounds + 1):
        pair_next_round(open_book(path))
        book = open_book(path)
        sheet = lay.round_name(r)
        last, _ = book.used_size(sheet)
        rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
        for i, row in enumerate(rows):
            if row[6] is not None:
                value = f"{rng.choice([40, 24, 36, 28])}" if system == "othello-swiss" else rng.choice(RESULTS)
                if system == "othello-swiss":
                    value = f"{value}-{64 - int(value)}"
                book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[value]])
        book.save()
    return path


def _json_standings(capsys, path: Path) -> list[dict]:
    code, out, err = run(capsys, "standings", path, "--format", "json", "--dry-run")
    assert code == 0, err
    return json.loads(out)["rows"]


@pytest.mark.parametrize(("system", "lang"), [("nsf", "no"), ("ssf", "sv"), ("school", "da"),
                                              ("round-robin", "en"), ("othello-swiss", "sv")])
def test_standings_job_writes_crosstable_alphabetical_and_cards_sheets(
        capsys, tmp_path: Path, system: str, lang: str) -> None:
    path = _played(tmp_path, system, lang)
    code, _, err = run(capsys, "standings", path, "--cards")
    assert code == 0, err
    expected = _json_standings(capsys, path)
    wb = openpyxl.load_workbook(path)
    names = {"en": ("Crosstable", "Alphabetical", "Cards"),
             "no": ("Krysstabell", "Alfabetisk", "Monradkort"),
             "sv": ("Korstabell", "Alfabetisk", "Monradkort"),
             "da": ("Krydstabel", "Alfabetisk", "Monradkort")}[lang]
    assert all(n in wb.sheetnames for n in names)
    cross = wb[names[0]]
    n = len(expected)
    body = [[c.value for c in row] for row in cross.iter_rows(min_row=3, max_row=2 + n)]
    points_col = [c.value for c in cross[2]].index(L.layout_for(lang).standings_points
                                                   if lang != "en" else "Points")
    assert [r[1] for r in body] == [e["start_no"] for e in expected]
    assert [L.points_from_cell(r[points_col]) for r in body] == [
        Fraction(str(e["points"])) for e in expected]
    assert cross.print_title_rows == "$1:$2"
    assert cross.page_setup.orientation == "landscape"
    alpha = wb[names[1]]
    listed = [alpha.cell(r, 1).value for r in range(3, 3 + n)]
    assert sorted(listed, key=str.casefold) == listed and "Spiller 3, <b>Kari" in listed
    # every card's last running score is the player's points
    cards = wb[names[2]]
    finals = {}
    for row in cards.iter_rows():
        for j, c in enumerate(row):
            if isinstance(c.value, str) and c.value.startswith(("Final score", "Sluttresultat",
                                                                 "Slutpoäng", "Point i alt")):
                start_no = next(cards.cell(r, j + 1).value for r in range(c.row - 1, 0, -1)
                                if isinstance(cards.cell(r, j + 1).value, int)
                                and cards.cell(r + 1, j + 1).value is not None
                                and cards.cell(r + 2, j + 1).value == "R")
                total = cards.cell(c.row - 1, j + 5).value
                finals[start_no] = L.points_from_cell(total)
    assert finals == {e["start_no"]: Fraction(str(e["points"])) for e in expected}


def test_publish_site_agrees_with_monrad_standings(capsys, tmp_path: Path) -> None:
    path = _played(tmp_path, "dsu", "da")
    update_standings(open_book(path))
    code, out, err = run(capsys, "publish", path, "-o", tmp_path / "site")
    assert code == 0 and "filer er skrevet til" in out, err  # the workbook's language
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="da">' in index and "Stilling efter runde 4" in index
    for e in _json_standings(capsys, path):
        assert f'<a href="spiller-{e["start_no"]}.html">{e["name"].replace("<", "&lt;").replace(">", "&gt;")}</a>' in index
    first = {p.name: p.read_bytes() for p in (tmp_path / "site").iterdir()}
    assert run(capsys, "publish", path, "-o", tmp_path / "site", "--lang", "da")[0] == 0
    assert {p.name: p.read_bytes() for p in (tmp_path / "site").iterdir()} == first
    assert {f"runde-{n}.html" for n in range(1, 5)} <= set(first)  # Danish names (issue 37)


def test_print_refuses_a_round_not_paired_in_one_line(capsys, tmp_path: Path) -> None:
    path = _played(tmp_path, "nsf", "no", rounds=2)
    code, _out, err = run(capsys, "print", path, "--what", "alphabetical", "--round", "5",
                         "-o", tmp_path / "a.pdf")
    assert code == 2 and err.count("\n") == 1 and "runde 5 er ikke satt opp" in err
    assert not (tmp_path / "a.pdf").exists()
    code, _, err = run(capsys, "print", tmp_path / "missing.xlsx", "--what", "cards", "-o",
                       tmp_path / "c.pdf")
    assert code == 2 and err.count("\n") == 1


def test_print_alphabetical_as_html_page(capsys, tmp_path: Path) -> None:
    path = _played(tmp_path, "nsf", "no", rounds=2)
    code, _out, err = run(capsys, "print", path, "--what", "alphabetical", "-o", tmp_path / "a.html")
    assert code == 0, err
    page = (tmp_path / "a.html").read_text(encoding="utf-8")
    assert "Alfabetisk paringsliste runde 2" in page and "Spiller 3, &lt;b&gt;Kari" in page


@pytest.mark.skipif(pdf_available() is not None, reason=f"no PDF here: {pdf_available()}")
@pytest.mark.parametrize("what", ["pairings", "alphabetical", "standings", "crosstable", "cards"])
def test_print_writes_each_pdf(capsys, tmp_path: Path, what: str) -> None:
    path = _played(tmp_path, "ssf", "sv", rounds=2)
    out_pdf = tmp_path / f"{what}.pdf"
    code, _out, err = run(capsys, "print", path, "--what", what, "--round", "2", "-o", out_pdf)
    assert code == 0, err
    data = out_pdf.read_bytes()
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:]


def test_a_name_like_a_formula_stays_text_in_the_document_sheets(capsys, tmp_path: Path) -> None:
    path = _played(tmp_path, "nsf", "en", rounds=2, name="=1+{i}")
    assert run(capsys, "standings", path, "--cards")[0] == 0
    wb = openpyxl.load_workbook(path)
    for sheet in ("Crosstable", "Alphabetical", "Cards", "Round 1", "Standings"):
        cells = [c for row in wb[sheet].iter_rows() for c in row if c.value == "=1+1"]
        assert cells and all(c.data_type == "s" for c in cells), sheet


def test_cards_on_request_from_the_workbook_an_empty_cards_sheet(tmp_path: Path) -> None:
    """Issue 17 from Excel: a secretary asks for the Monrad cards (NSF-3) by adding an
    empty sheet with their name; the *Update standings* job fills it."""
    import openpyxl

    from monrad.addin.jobs.book import pair_next_round, update_standings
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.converters.workbook.package_book import open_book
    from monrad.engine.model import Player

    path = create_workbook(tmp_path / "k.xlsx", "nsf", 5,
                           [Player(i, f"Spiller {i}", rating=2000 - 10 * i) for i in range(1, 9)],
                           "no", seed=7)
    from monrad.converters import layout as L

    pair_next_round(open_book(path))
    book = open_book(path)  # the results typed as in Excel
    last, _ = book.used_size("Runde 1")
    rows = book.read_range("Runde 1", L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
    for i, row in enumerate(rows):
        if row[6] is not None:
            book.write_range("Runde 1", L.ROUND_FIRST_ROW + i, L.RESULT_COL, [["1-0"]])
    book.save()
    wb = openpyxl.load_workbook(path)
    wb.create_sheet("Monradkort")
    wb.save(path)
    report = update_standings(open_book(path))
    assert "Monradkort" in report.sheets_written
    cards = openpyxl.load_workbook(path)["Monradkort"]
    names = {c.value for row in cards.iter_rows() for c in row if isinstance(c.value, str)}
    assert {f"Spiller {i}" for i in range(1, 9)} <= names
