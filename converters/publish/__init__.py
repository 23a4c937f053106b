"""What the arbiter prints, posts and projects (issue 17): pairing lists by board and
alphabetically, standings with tie-breaks and rating estimates, the crosstable, the
Monrad cards (NSF-3) and a projector screen, in four languages, as a static web site
(:mod:`.site`) or a PDF (:mod:`.pdf`), every document from one template
(:mod:`.render`, views in :mod:`.views`, words in :mod:`.texts`)."""

from __future__ import annotations

from .pdf import PdfUnavailable, html_to_pdf, pdf_available, write_pdf
from .render import DOCUMENTS, document_html, finals_html
from .site import site_pages, write_site

__all__ = [
    "DOCUMENTS",
    "PdfUnavailable",
    "document_html",
    "finals_html",
    "html_to_pdf",
    "pdf_available",
    "site_pages",
    "write_pdf",
    "write_site",
]
