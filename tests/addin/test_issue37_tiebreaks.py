"""Issue 37 items 4 and 9: the tie-break columns are headed as each federation's own
lists head them in that language (one table, ``engine/tiebreak_labels.py``), with the
code beside the words in the legend; ``--tiebreaks`` takes the codes and the
headings of any language; a direct encounter that does not apply shows nothing.
Read where the user reads them: the command line, the Standings, Crosstable and Cards
sheets, the printed page and the site."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import openpyxl
import pytest

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine import tiebreak_labels
from monrad.engine.model import Player
from monrad.engine.standings import parse_codes

#: (language, system): each federation's season in its own language
SEASONS = [("sv", "ssf"), ("nb", "nsf"), ("da", "dsu")]
LAYOUT = {"nb": "no", "sv": "sv", "da": "da", "en": "en"}
#: the codes the issue found heading the columns
CODES = re.compile(r"(?<![\w\[])(WON|DE|LOT|QP|NSF-QP|MSB|C2)(?![\w\]])")


def _season(tmp_path: Path, lang: str, system: str, capsys) -> Path:
    players = [Player(i, f"Spelare{i}", rating=1400 + 30 * i) for i in range(1, 10)]
    book = create_workbook(tmp_path / "klubb.xlsx", system, 4, players, LAYOUT[lang], seed=5)
    lay = L.layout_for(LAYOUT[lang])
    for rnd in (1, 2):
        assert main(["pair", str(book)]) == 0
        wb = openpyxl.load_workbook(book)
        ws = wb[lay.round_name(rnd)]
        results = ["1-0", "0-1", "½-½", "1-0", "0-1"]
        for i, row in enumerate(range(L.ROUND_FIRST_ROW, ws.max_row + 1)):
            if isinstance(ws.cell(row, 1).value, int) and ws.cell(row, 3).value is not None:
                ws.cell(row, L.RESULT_COL, results[i % len(results)])
        wb.save(book)
    capsys.readouterr()
    return book


def _sheet_texts(book: Path, *names: str) -> list[str]:
    wb = openpyxl.load_workbook(book)
    return [str(c) for n in names if n in wb.sheetnames
            for row in wb[n].iter_rows(values_only=True) for c in row if c is not None]


@pytest.mark.parametrize(("lang", "system"), SEASONS)
def test_issue37_item4_tiebreak_columns_are_headed_as_the_federation_heads_them(
        tmp_path: Path, capsys, lang: str, system: str) -> None:
    book = _season(tmp_path, lang, system, capsys)
    assert main(["standings", str(book), "--cards"]) == 0
    said = capsys.readouterr().out
    head = next(ln for ln in said.splitlines() if ln.startswith(("Plac", "Plass", "Plads")))
    assert not CODES.search(head), head
    legend = said[said.index(L.layout_for(LAYOUT[lang]).text("legend") + ":"):]
    assert re.search(r"\[(QP|NSF-QP|QP/C2)\]", legend), legend  # the code beside the words
    sheets = _sheet_texts(book, *(L.layout_for(LAYOUT[lang]).standings_sheet,
                                  {"sv": "Korstabell", "nb": "Krysstabell", "da": "Krydstabel"}[lang],
                                  "Monradkort"))
    shown = [t for t in sheets if CODES.search(t) and not re.search(r"\[[\w/-]+\]", t)]
    assert not shown, shown
    assert any(re.search(r"\[(QP|NSF-QP|QP/C2)\]", t) for t in sheets)  # the legend's codes
    for what in ("standings", "crosstable", "cards"):
        assert main(["print", str(book), "--what", what, "-o", str(tmp_path / f"{what}.html")]) == 0
        page = (tmp_path / f"{what}.html").read_text(encoding="utf-8")
        cells = re.findall(r"<abbr title=\"[^\"]*\">([^<]*)</abbr>|<dt>([^<]*)</dt>", page)
        assert cells and not any(CODES.search(a + b) for a, b in cells), cells
    assert main(["publish", str(book), "-o", str(tmp_path / "site")]) == 0
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert not CODES.search(re.sub(r"<dd>.*?</dd>|<[^>]+>", " ", index)), index


def test_issue37_item4_english_keeps_fide_codes_and_the_cli_takes_any_languages_headings(
        tmp_path: Path, capsys) -> None:
    book = _season(tmp_path, "en", "ssf", capsys)
    assert main(["standings", str(book), "--dry-run"]) == 0
    head = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("Rank"))
    assert head.split()[-4:] == ["QP", "WON", "DE", "LOT"], head
    assert parse_codes("KP, Vinster, Inb., Lott") == ("QP", "WON", "DE", "LOT")
    assert parse_codes("korr.,Gev.,BH-1,SB") == ("QP", "WON", "BH/C1", "SB")
    assert parse_codes("Seire, Innb., Lodd, bh/c1") == ("WON", "DE", "LOT", "BH/C1")
    for lang in ("en", "sv"):
        assert main(["standings", str(book), "--dry-run", "--lang", lang,
                     "--tiebreaks", "KP,Vinster,DE"]) == 0
        said = capsys.readouterr().out
        assert ("QP  WON  DE" if lang == "en" else "KP  Vinster  Inb.") in said, said
    failed, _ = doctest.testmod(tiebreak_labels)
    assert failed == 0


@pytest.mark.parametrize(("lang", "system"), SEASONS + [("en", "ssf")])
def test_issue37_item9_a_direct_encounter_that_does_not_apply_shows_nothing(
        tmp_path: Path, capsys, lang: str, system: str) -> None:
    book = _season(tmp_path, lang, system, capsys)
    codes = "QP,WON,DE"
    assert main(["standings", str(book), "--tiebreaks", codes]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = next(i for i, ln in enumerate(lines) if ln.startswith(("Plac", "Plass", "Plads", "Rank")))
    de = lines[head].split().index({"sv": "Inb.", "nb": "Innb.", "da": "Indb.", "en": "DE"}[lang])
    rows = [ln.split() for ln in lines[head + 2:head + 11]]
    # a row ends before the DE column where DE does not apply: never a 0 that reads as a loss
    assert all(len(r) <= de or r[de] != "0" for r in rows), rows
    assert any(len(r) == de for r in rows), rows  # ... and some players' is empty
    assert main(["standings", str(book), "--format", "csv", "--tiebreaks", codes]) == 0
    assert ",0\n" in capsys.readouterr().out  # files keep the value itself
    lay = L.layout_for(LAYOUT[lang])
    wb = openpyxl.load_workbook(book)
    settings = wb[lay.settings_sheet]
    row = next(r for r in range(1, settings.max_row + 1)
               if settings.cell(r, 1).value == L.SETTINGS_KEYS["tiebreaks"][lay.lang])
    settings.cell(row, 2, codes)  # the Settings sheet holds codes
    wb.save(book)
    assert main(["standings", str(book)]) == 0
    ws = openpyxl.load_workbook(book)[lay.standings_sheet]
    header = [c.value for c in ws[2]]
    de = header.index({"sv": "Inb.", "nb": "Innb.", "da": "Indb.", "en": "DE"}[lang]) + 1
    column = [ws.cell(r, de).value for r in range(3, 12)]
    assert 0 not in column and "0" not in column and None in column, column
    assert "DE" not in header or lang == "en"
    legend = " ".join(str(c) for row in ws.iter_rows(values_only=True) for c in row if c)
    assert {"en": "empty: does not apply", "nb": "tom: gjelder ikke", "sv": "tom: gäller inte",
            "da": "tom: gælder ikke"}[lang] in legend
