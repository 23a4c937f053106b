"""Issue 37, "done when": a whole season in Swedish, Norwegian and Danish, each with its
federation's system, read end to end -- every command's output, every sheet monrad
writes, every printed document and every page of the site -- shows no English word and
no term the glossary marks wrong, and its alphabetical lists follow the language's
order."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA
from test_glossary import glossary_rules

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.engine.collation import sort_key

ROSTER = DATA / "season" / "roster.csv"
LAYOUT = {"nb": "no", "sv": "sv", "da": "da"}
SYSTEM = {"nb": "nsf", "sv": "ssf", "da": "dsu"}
#: English words of monrad's messages, sheets, pages and the issue's findings (none is a
#: word of the Nordic languages or a name of the roster)
ENGLISH = re.compile(
    r"\b(round|rounds|board|boards|paired|pairings?|standings|written|sheet|backup|missing|"
    r"results?|warning|error|players?|points|the|and|is|of|not|with|already|enter|open|"
    r"crosstable|rank|name|club|bye|after|seed|drawn|was|random|seeded|cannot|re-paired|"
    r"match|National|alphabetical|cards|screen|WON|LOT|QP|C2|FILE|COMMAND|LANG|CODES|"
    r"usage|options|floats?|score|federation)\b")


def _run(said: list[str], tmp: Path, *argv: object) -> int:
    code = main([str(a) for a in argv])
    return code


def _type_results(book: Path, lang: str, rnd: int) -> None:
    lay = L.layout_for(LAYOUT[lang])
    wb = openpyxl.load_workbook(book)
    ws = wb[lay.round_name(rnd)]
    results = ["1-0", "0-1", "½-½", "0-1", "1-0"]
    for i, row in enumerate(range(L.ROUND_FIRST_ROW, ws.max_row + 1)):
        if isinstance(ws.cell(row, 1).value, int) and ws.cell(row, 3).value is not None:
            ws.cell(row, L.RESULT_COL, results[(i + rnd) % len(results)])
    wb.save(book)


def _texts_of_pages(folder: Path) -> list[str]:
    out = []
    for page in sorted(folder.rglob("*.html")):
        html = re.sub(r"<(style|script)\b.*?</\1>", " ", page.read_text(encoding="utf-8"),
                      flags=re.S | re.I)
        out.append(re.sub(r"<[^>]+>", " ", html))
    return out


def _season(tmp: Path, lang: str, capsys) -> tuple[list[str], Path]:
    said: list[str] = []
    book = tmp / "klubb.xlsx"

    def run(*argv: object, ok: tuple[int, ...] = (0,)) -> None:
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        said.append((out + err).replace(str(tmp), "<tmp>"))
        assert code in ok, (argv, out + err)

    run("new", book, "--system", SYSTEM[lang], "--rounds", "4", "--players", ROSTER,
        "--lang", LAYOUT[lang])
    run("draw", book, "--seed", "7")
    for rnd in (1, 2, 3):
        run("pair", book)
        if rnd == 1:
            run("pair", book, ok=(2,))  # refused: no results yet
        _type_results(book, lang, rnd)
        run("standings", book, "--cards")
    run("check", book)
    run("explain", book)
    run("explain", book, "--sheet")
    for what in ("pairings", "alphabetical", "standings", "crosstable", "cards", "screen"):
        run("print", book, "--what", what, "-o", tmp / f"{what}.html")
        run("print", book, "--what", what, "-o", tmp / f"{what}.pdf")
    run("publish", book, "-o", tmp / "site")
    run("ratings", book, "--fide", DATA / "ratings" / "players_list_foa.txt", "--dry-run")
    run("export", book, "--check", ok=(1,))
    return said, book


def _helps(lang: str, capsys) -> list[str]:
    """Every command's ``--help``: the usage line, and the placeholders wherever they are
    (the field names and codes a help lists are what the user types, not words)."""
    out = []
    for argv in (("--help",), *((c, "--help") for c in ("pair", "standings", "draw", "print",
                                                         "publish", "ratings", "export"))):
        assert main(["--lang", LAYOUT[lang], *argv]) == 0
        text = capsys.readouterr().out
        out.append(text.split("\n\n")[0])
        out += re.findall(r"\b(?:FILE|COMMAND|LANG|CODES|FOLDER|OUT|LIST)\b", text)
    return out


def _sheet_texts(book: Path, lang: str) -> list[str]:
    lay = L.layout_for(LAYOUT[lang])
    wb = openpyxl.load_workbook(book)
    return [str(c) for ws in wb.worksheets if ws.title != lay.players_sheet
            for row in ws.iter_rows(values_only=True) for c in row if isinstance(c, str)]


@pytest.mark.parametrize("lang", ["sv", "nb", "da"])
def test_issue37_a_whole_season_reads_in_the_language_with_the_federations_terms(
        tmp_path: Path, capsys, lang: str) -> None:
    said, book = _season(tmp_path, lang, capsys)
    said += _helps(lang, capsys)
    for what in ("pairings", "alphabetical", "standings", "crosstable", "cards", "screen"):
        assert (tmp_path / f"{what}.pdf").stat().st_size > 1000
    pages = [p for p in _texts_of_pages(tmp_path) if p.strip()]
    read = said + _sheet_texts(book, lang) + pages
    # names are not words: a file's name, a backup's, the usage line's options and codes
    read = [re.sub(r"\[[^\]]*\]|<tmp>\S*|\S+\.(xlsx|html|pdf|trf|csv|txt)\b|--[\w-]+|\{[^}]*\}|"
                   r"\b(nsf|ssf|dsu|dutch|school|round-robin|double-round-robin|othello-swiss|"
                   r"pair|standings|check|explain|convert|draw|export|ratings|new|publish|print|"
                   r"finals|lite|addin|bbp|text|csv|json|random|seeded|pairings|alphabetical|"
                   r"crosstable|cards|screen|standard|rapid|blitz|trf|xlsx|wof)\b(?=[\s,}|])",
                   " ", t) for t in read]
    english = sorted({m.group(0) for t in read for m in ENGLISH.finditer(t)})
    assert not english, (english, [t for t in read if ENGLISH.search(t)][:3])
    # the glossary's wrong terms that are wrong whatever the sentence (the others depend
    # on the English of the message: tests/test_glossary.py reads those in the catalogs)
    wrong = [(rule.wrong, t[:120]) for rule in glossary_rules() if lang in rule.langs
             and not rule.has_not for t in read if rule.found(t)]
    assert not wrong, wrong
    if lang == "sv":  # the lot is a "lottdragning" wherever the season names it
        lot = [t for t in said if re.search(r"[Ss]lumpfrö|Lottdragning", t)]
        assert lot and not any(re.search(r"\b[Ll]ottning\b", ln) for t in lot
                               for ln in t.splitlines() if "frö" in ln or "Lott " in ln), lot
    # the alphabetical lists: the sheet and the site's round page in the language's order
    wb = openpyxl.load_workbook(book)
    sheet = wb["Alfabetisk"]
    names = [sheet.cell(r, 1).value for r in range(3, sheet.max_row + 1)
             if isinstance(sheet.cell(r, 2).value, int)]
    assert len(names) == 23 and names == sorted(names, key=lambda n: sort_key(n, lang)), names
    assert names != sorted(names, key=lambda n: sort_key(n, "en"))  # Aas is not first here
