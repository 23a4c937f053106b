"""The documents as PDF: the same HTML page the web site shows, laid out for A4 by
:mod:`.pdf_layout` with ReportLab (issue 26, item 14).

Why ReportLab (docs/publish.md): the documents are tables; drawing them directly
is linear in their size (every document of a 1,000-player event in a few seconds,
where WeasyPrint's general CSS layout took 20 s for the crosstable and two minutes
for the cards), it is a maintained BSD-licensed library from PyPI with C
accelerators (``rl_accel``), needs no system library (no Pango: PDFs on every OS),
and its ``invariant`` mode leaves no clock in the file (same page, same bytes).  The
HTML page stays the one layout source: the renderer reads the page monrad's
templates wrote.
"""

from __future__ import annotations

import os

from ...engine.i18n import tr
from ..atomic import atomic_write
from ..errors import InputError
from . import pdf_layout

__all__ = ["PdfUnavailable", "html_to_pdf", "pdf_available", "write_pdf"]


class PdfUnavailable(InputError):
    """No PDF can be made on this machine (ReportLab missing)."""


def _layout():
    try:
        import reportlab  # noqa: F401  (a third-party library: may be missing)
    except ImportError as exc:
        raise PdfUnavailable(str(tr("PDF output needs ReportLab (pip install reportlab): "
                                    "{reason}", reason=exc))) from None
    return pdf_layout


def pdf_available() -> str | None:
    """``None`` when PDFs can be made here, else the reason why not."""
    try:
        _layout()
    except PdfUnavailable as exc:
        return str(exc)
    return None


def html_to_pdf(html: str) -> bytes:
    """The PDF of one of monrad's HTML pages; the same page gives the same bytes,
    whenever and wherever it is rendered (docs/publish.md)."""
    return _layout().render_pdf(html)


def write_pdf(html: str, path: str | os.PathLike[str]) -> None:
    """Render ``html`` and write the PDF atomically (never half a file)."""
    atomic_write(path, html_to_pdf(html))
