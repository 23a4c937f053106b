"""What users see: the club workbook template and a paired workbook rendered through
LibreOffice headless to PDF, then to images (poppler's pdftoppm).  Skipped when
``soffice`` or ``pdftoppm``/``pdftotext`` are absent.

The checks are what a person looking at the pages would check: every sheet prints,
with its headers, the players and the pairings legible, the result drop-down cells
visible, no page blank; in every language, the tool's words in that language.  The
workbooks are the season ``tools/pictures.py`` renders into ``docs/img`` (one builder).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import REPO, load_tool

pictures = load_tool("pictures")
NAMES, TOURNAMENT, paired_workbook = pictures.NAMES, pictures.TOURNAMENT, pictures.paired_workbook
TOOLS = ("soffice", "pdftoppm", "pdftotext")
_missing = [tool for tool in TOOLS if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(_missing), reason=f"needs LibreOffice and poppler-utils ({', '.join(_missing)} not found)"
)

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
