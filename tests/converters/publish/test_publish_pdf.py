"""monrad's PDFs (the site's own HTML laid out with ReportLab): every document of a
finished event renders, its text agrees with the standings, the same event gives
the same bytes, and pdftoppm turns each page into a picture that is not blank."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from publish_events import finished_event

from monrad.converters.publish import (
    DOCUMENTS,
    document_html,
    html_to_pdf,
    pdf_available,
)
from monrad.engine.standings import standings

REASON = pdf_available()
pytestmark = pytest.mark.skipif(REASON is not None, reason=f"no PDF here: {REASON}")


def _pdftotext(pdf: bytes, tmp_path: Path) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    src = tmp_path / "doc.pdf"
    src.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(src), "-"], capture_output=True,
                          text=True, check=True, timeout=60).stdout


def test_standings_pdf_lists_the_players_in_standings_order(tmp_path: Path) -> None:
    t = finished_event("nsf")
    text = _pdftotext(html_to_pdf(document_html(t, "standings", "no")), tmp_path)
    names = [r.name for r in standings(t).rows if "<" not in r.name]
    where = [text.index(n) for n in names]
    assert where == sorted(where)
    assert "Tabell etter runde 5" in text and '<script>alert("x")</script> & Co' in text


@pytest.mark.parametrize("what", DOCUMENTS)
def test_every_document_renders_same_bytes_and_a_picture(
    what: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = finished_event("othello-swiss" if what == "screen" else "dsu")
    a = html_to_pdf(document_html(t, what, "da"))
    assert a.startswith(b"%PDF-")
    # a day later by the clock: nothing in the PDF (the embedded fonts included) may
    # carry the time of rendering
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    now = time.time()
    monkeypatch.setattr(time, "time", lambda: now + 86_400.5)
    assert a == html_to_pdf(document_html(t, what, "da")), f"{what}: not the same bytes"
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    (tmp_path / "doc.pdf").write_bytes(a)
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-f", "1", "-l", "1", str(tmp_path / "doc.pdf"),
                    str(tmp_path / "page")], check=True, timeout=60)
    from PIL import Image

    page = Image.open(next(tmp_path.glob("page*.png"))).convert("L")
    dark = sum(page.histogram()[:128])
    assert dark > 500, f"{what}: the page is (nearly) blank"


def test_cards_go_several_to_an_a4_page(tmp_path: Path) -> None:
    t = finished_event("nsf")  # 11 players
    text = _pdftotext(html_to_pdf(document_html(t, "cards", "en")), tmp_path)
    pages = text.split("\f")
    assert 1 <= len([p for p in pages if p.strip()]) <= 2


_RENDER_IN_A_NEW_PROCESS = """
import sys
sys.path.insert(0, sys.argv[1])
from publish_events import finished_event
from monrad.converters.publish import document_html, html_to_pdf
sys.stdout.buffer.write(html_to_pdf(document_html(finished_event("nsf"), "crosstable", "no")))
"""


def test_pdf_is_the_same_in_another_process_with_another_hash_seed() -> None:
    """Same bytes across processes: no set or dict order, no clock, no address leaks in."""
    here = str(Path(__file__).parent)
    mine = html_to_pdf(document_html(finished_event("nsf"), "crosstable", "no"))
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    env["PYTHONHASHSEED"] = "12345"
    other = subprocess.run([sys.executable, "-c", _RENDER_IN_A_NEW_PROCESS, here],
                           capture_output=True, check=True, timeout=120, env=env).stdout
    assert other == mine


def test_pdf_needs_no_system_library_and_is_drawn_from_the_page(tmp_path: Path, monkeypatch) -> None:
    """Issue 26 item 14: the PDF is laid out from the site's own page by monrad with
    ReportLab -- no CSS engine and no system library (WeasyPrint needed Pango and took
    22 s for a 1,000-player crosstable; bench_publish.py measures every document)."""
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # not installed
    assert pdf_available() is None
    t = finished_event("nsf")
    text = _pdftotext(html_to_pdf(document_html(t, "crosstable", "no")), tmp_path)
    assert "Krysstabell etter runde 5" in text
