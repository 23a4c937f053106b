"""What users see: the club workbook template and a paired workbook rendered through
LibreOffice headless to PDF, then to images (poppler's pdftoppm).  Skipped when
``soffice`` or ``pdftoppm``/``pdftotext`` are absent.

The checks are what a person looking at the pages would check: every sheet prints,
with its headers, the players and the pairings legible, the result drop-down cells
visible, no page blank; in every language, the tool's words in that language.  Run
as a script to refresh the README's images (``workbook.png``, ``standings.png``)::

    python tests/converters/book/test_render_workbook.py docs/img
"""

from __future__ import annotations

import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
TOOLS = ("soffice", "pdftoppm", "pdftotext")
_missing = [tool for tool in TOOLS if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(_missing), reason=f"needs LibreOffice and poppler-utils ({', '.join(_missing)} not found)"
)

NAMES = [
    "Ola Nordmann", "Kari Hansen", "Per Olsen", "Ingrid Berg", "Lars Johansen", "Anne Larsen",
    "Nils Andersen", "Sigrid Pedersen", "Erik Nilsen", "Marte Kristiansen", "Jon Jensen",
    "Silje Karlsen", "Knut Johnsen", "Hilde Pettersen", "Bjørn Eriksen", "Liv Berg",
    "Arne Haugen", "Tone Hagen", "Geir Johannessen", "Randi Andreassen", "Odd Jacobsen",
    "Berit Dahl", "Svein Jørgensen", "Eva Halvorsen", "Tor Henriksen", "Nina Lund",
    "Rune Sørensen", "Aud Moen", "Leif Gundersen", "Grete Iversen",
]
CLUBS = ["Akademisk SK", "Oslo SK", "SK 1911", "Bergens SK", "Trondheim SF"]


def to_pdf(workbook: Path, outdir: Path) -> Path:
    """Convert with LibreOffice headless, in a private profile (no clash with others)."""
    profile = outdir.resolve() / "lo-profile"
    done = subprocess.run(
        ["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless",
         "--convert-to", "pdf", "--outdir", str(outdir), str(workbook)],
        capture_output=True, text=True, timeout=180,
    )
    pdf = outdir / (workbook.stem + ".pdf")
    assert pdf.exists(), f"LibreOffice did not convert {workbook.name}: {done.stdout} {done.stderr}"
    return pdf


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    return text.split("\f")[:-1] if text.endswith("\f") else text.split("\f")


def ink(pdf: Path, outdir: Path) -> list[float]:
    """Share of non-white pixels on each page (grey images at 20 dpi)."""
    subprocess.run(["pdftoppm", "-gray", "-r", "20", str(pdf), str(outdir / "ink")], check=True)
    shares = []
    for pgm in sorted(outdir.glob("ink-*.pgm")):
        data = pgm.read_bytes()
        # P5 header: magic, width, height, maxval, then one byte per pixel
        parts = data.split(maxsplit=4)
        width, height = int(parts[1]), int(parts[2])
        pixels = parts[4][: width * height]
        shares.append(sum(1 for p in pixels if p < 200) / len(pixels))
    return shares


#: The usual system of each language's club workbook.
SYSTEMS = {"en": "dutch", "no": "nsf", "sv": "ssf", "da": "dsu"}
TOURNAMENT = {"en": "Club championship 2026", "no": "Klubbmesterskapet 2026",
              "sv": "Klubbmästerskapet 2026", "da": "Klubmesterskabet 2026"}


def paired_workbook(folder: Path, lang: str = "no", rounds_paired: int = 2,
                    entered_last: int = 1) -> Path:
    """30 players in ``lang``'s usual system; rounds before ``rounds_paired`` complete,
    round ``rounds_paired`` paired with ``entered_last`` results entered; standings
    updated."""
    from monrad.addin.jobs.book import pair_next_round, update_standings
    from monrad.converters import layout as L
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.converters.workbook.package_book import open_book
    from monrad.engine.model import Player

    rng = random.Random(3)
    players = [Player(i + 1, name, rating=2300 - 30 * i - rng.randrange(20), club=CLUBS[i % 5],
                      federation="NOR") for i, name in enumerate(NAMES)]
    path = create_workbook(folder / f"klubb-{lang}.xlsx", SYSTEMS[lang], 7, players, lang,
                           seed=42, name=TOURNAMENT[lang])
    for rnd in range(1, rounds_paired + 1):
        pair_next_round(open_book(path))
        book = open_book(path)
        sheet = L.detect_layout(book.sheet_names()).round_name(rnd)
        last, _ = book.used_size(sheet)
        rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
        boards = [i for i, row in enumerate(rows) if row[6] is not None]
        entered = boards if rnd < rounds_paired else boards[:entered_last]
        for i in entered:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL,
                             [[rng.choice(["1-0", "½-½", "0-1"])]])
        book.save()
    update_standings(open_book(path))
    return path


@pytest.mark.parametrize("lang", ["en", "no"])
def test_render_xlsm_template(tmp_path: Path, lang: str) -> None:
    from monrad.converters import layout as L

    template = REPO / "templates" / f"club-{lang}.xlsm"
    if not template.exists():
        pytest.fail(f"{template} missing: run python templates/build_xlsm.py")
    work = tmp_path / template.name
    shutil.copy(template, work)
    pdf = to_pdf(work, tmp_path)
    text = "\n".join(pdf_pages(pdf))
    lay = L.layout_for(lang)
    # The template's own sheets print with their headers in the template's language.
    assert lay.settings_headers[0] in text or lay.settings_title in text, text[:500]
    assert all(share < 0.5 for share in ink(pdf, tmp_path)), "a page is mostly black"


def test_render_paired_workbook(tmp_path: Path) -> None:
    path = paired_workbook(tmp_path)
    pdf = to_pdf(path, tmp_path)
    pages = pdf_pages(pdf)
    text = "\n".join(pages)
    for word in ("Turneringsinnstillinger", "Runde 1", "Runde 2", "Bord", "Resultat", "Hvit", "Svart"):
        assert word in text, f"{word!r} is not on any printed page"
    for name in NAMES:  # every player is legible somewhere
        assert name in text, f"{name} is not printed"
    # The round sheets print on one page each, at least 15 boards legible.
    round_pages = [p for p in pages if "Runde 1" in p and "Bord" in p]
    assert round_pages and round_pages[0].count("\n") >= 15
    shares = ink(pdf, tmp_path)
    assert len(shares) == len(pages)
    assert all(0.001 < share < 0.5 for share in shares), f"blank or black page: {shares}"


@pytest.mark.parametrize("lang", ["en", "no", "sv", "da"])
def test_render_every_language_after_three_rounds(tmp_path: Path, lang: str) -> None:
    """Three rounds played, round 4 paired: every printed word of the tool's sheets is
    in the workbook's language, halves print as ``1½`` in Nordic workbooks, and the
    tie-break legend is under the standings."""
    from monrad.converters import layout as L

    lay = L.layout_for(lang)
    pdf = to_pdf(paired_workbook(tmp_path, lang, rounds_paired=4, entered_last=0), tmp_path)
    pages = pdf_pages(pdf)
    text = "\n".join(pages)
    for n in range(1, 5):
        assert f"{TOURNAMENT[lang]} - {lay.round_title.format(n=n)}" in text
    standings = next(p for p in pages if lay.standings_title.format(n=3) in p)
    assert lay.text("results_missing", n=4, k=15) in standings
    assert lay.text("legend") in standings
    for header in L.ROUND_COLUMNS.values():
        assert header[lang] in text
    if lang == "en":
        assert "1.5" in standings and "½" not in standings
    else:
        assert "1½" in standings
        round_pages = [p for p in pages if lay.round_title.format(n=3) in p]
        assert round_pages and "½" in round_pages[0] and ".5" not in round_pages[0]
        for word in ("Standings", "Round", "results missing", "Tie-breaks", "Points", "Rank"):
            assert not re.search(rf"\b{word}\b", text), f"English {word!r} in a {lang} workbook"
    shares = ink(pdf, tmp_path)
    assert all(0.001 < share < 0.5 for share in shares), f"blank or black page: {shares}"


def _crop(pdf: Path, page: int, target: Path, height: int) -> None:
    """Page ``page`` at 100 dpi (A4 portrait is 827 x 1169), the table's part only."""
    subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", str(page), "-l", str(page),
                    "-x", "50", "-y", "80", "-W", "720", "-H", str(height), "-singlefile",
                    str(pdf), str(target.with_suffix(""))], check=True)
    print(f"{target}: {target.stat().st_size} bytes")


def _screenshot(folder_out: Path) -> None:
    """The README images: round 3 of the Norwegian workbook (two rounds played, some
    results of round 3 in, the empty result cells highlighted), and the standings
    after three rounds with the tie-break legend."""
    import tempfile

    from monrad.converters import layout as L

    lay = L.layout_for("no")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pdf = to_pdf(paired_workbook(folder, "no", rounds_paired=3, entered_last=6), folder)
        pages = pdf_pages(pdf)
        rnd = next(i for i, p in enumerate(pages, 1) if lay.round_title.format(n=3) in p)
        _crop(pdf, rnd, folder_out / "workbook.png", 385)
        (folder / "four").mkdir()
        table_pdf = to_pdf(paired_workbook(folder / "four", "no", rounds_paired=4,
                                           entered_last=0), folder / "four")
        pages = pdf_pages(table_pdf)
        table = next(i for i, p in enumerate(pages, 1) if lay.standings_title.format(n=3) in p)
        _crop(table_pdf, table, folder_out / "standings.png", 720)


if __name__ == "__main__":
    _screenshot(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "img")
