"""Issue 29: a short season in each language -- a new workbook, pairing, a refusal, a
round with a result missing, a bad result, the standings, the published pages and a
workbook held open by Excel -- and every word the user reads (the command line's
output and errors, the workbook's own sheets, the pages) is in that language; the same
commands with ``--lang en`` speak English."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import layout as L

ROSTER = DATA / "season" / "roster.csv"
#: English words of monrad's messages, sheets and pages (none is a word of the Nordic
#: languages; names in the roster are none of them)
ENGLISH = re.compile(r"\b(round|rounds|board|boards|paired|pairings?|standings|written|sheet|"
                     r"backup|missing|results?|warning|error|players?|points|the|and|is|of|"
                     r"not|with|already|enter|open|crosstable|rank|name|club|bye|after)\b",
                     re.IGNORECASE)
LAYOUT = {"nb": "no", "sv": "sv", "da": "da", "en": "en"}


def _run(tmp: Path, said: list[str], *argv: object, capsys) -> int:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    said.append((out + err).replace(str(tmp), "<tmp>"))
    return code


def _type(path: Path, lang: str, rnd: int, results: dict[int, str | None]) -> None:
    lay = L.layout_for(LAYOUT[lang])
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.round_name(rnd)]
    for board, result in results.items():
        ws.cell(L.ROUND_FIRST_ROW + board - 1, L.RESULT_COL, result)
    wb.save(path)


def _tool_texts(path: Path, lang: str) -> list[str]:
    """The texts of the sheets monrad writes (the user's roster aside)."""
    lay = L.layout_for(LAYOUT[lang])
    wb = openpyxl.load_workbook(path)
    return [str(c) for ws in wb.worksheets if ws.title != lay.players_sheet
            for row in ws.iter_rows(values_only=True) for c in row if isinstance(c, str)]


def _page_texts(folder: Path) -> list[str]:
    texts = []
    for page in sorted(folder.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S | re.I)
        texts.append(re.sub(r"<[^>]+>", " ", html))
    return texts


def _season(tmp: Path, lang: str, capsys, extra: tuple[str, ...] = ()) -> tuple[list[str], Path]:
    """The season's commands; returns what the user read and the workbook."""
    said: list[str] = []
    book = tmp / "klubb.xlsx"
    assert _run(tmp, said, "new", book, "--system", "nsf", "--rounds", "3", "--players", ROSTER,
                "--lang", LAYOUT[lang], capsys=capsys) == 0
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 0
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 2  # no results yet: refused
    ws = openpyxl.load_workbook(book)[L.layout_for(LAYOUT[lang]).round_name(1)]
    boards = sum(1 for r in range(L.ROUND_FIRST_ROW, ws.max_row + 1)
                 if isinstance(ws.cell(r, 1).value, int) and ws.cell(r, 3).value is not None)
    _type(tmp / "klubb.xlsx", lang, 1, {b: "1-0" for b in range(1, boards)})  # the last missing
    assert _run(tmp, said, "standings", book, *extra, capsys=capsys) == 0
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 2  # a result missing
    _type(book, lang, 1, {1: "1-1"})  # a result that is none
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 2
    _type(book, lang, 1, {1: "½-½", boards: "0-1"})
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 0
    assert _run(tmp, said, "standings", book, *extra, capsys=capsys) == 0
    assert _run(tmp, said, "publish", book, "-o", tmp / "site", *extra, capsys=capsys) == 0
    owner = tmp / "~$klubb.xlsx"  # Excel has the workbook open
    owner.write_bytes(b"\x05someone" + b" " * 100)
    assert _run(tmp, said, "pair", book, *extra, capsys=capsys) == 2
    owner.unlink()
    return said, book


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_a_season_speaks_the_workbooks_language(tmp_path: Path, capsys, lang: str) -> None:
    said, book = _season(tmp_path, lang, capsys)
    assert all(s.strip() for s in said[:-1]), said  # every command said something
    pages = _page_texts(tmp_path / "site")
    assert len(pages) >= 4 and all(p.strip() for p in pages)
    read = said + _tool_texts(book, lang) + pages
    # a system's code and a backup's file name are names, not words
    read = [re.sub(r"\b(double-)?round-robin\b|\S*\.backup-\S*", "", t) for t in read]
    english = sorted({m.group(0) for text in read for m in ENGLISH.finditer(text)})
    assert not english, (english, [t for t in read if ENGLISH.search(t)][:5])


def test_the_same_season_with_lang_en_speaks_english(tmp_path: Path, capsys) -> None:
    said, _ = _season(tmp_path, "nb", capsys, ("--lang", "en"))
    refusals = said[2] + said[4] + said[5] + said[-1]
    assert len(ENGLISH.findall(refusals)) >= 8, refusals
    assert not re.search(r"\b(runde|bord|resultat|arket|allerede)\b", refusals), refusals
