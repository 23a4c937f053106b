"""What the arbiter prints, posts and projects (issue 17): pairing lists by board and
alphabetically, standings with tie-breaks and rating estimates, the crosstable, the
Monrad cards (NSF-3) and a projector screen, in four languages, as a static web site
(:mod:`.site`) or a PDF (:mod:`.pdf`), every document from one template
(:mod:`.render`, views in :mod:`.views`, words in :mod:`.texts`), and as sheets of
the club workbook (:mod:`.sheets`: Crosstable, Alphabetical, Cards).

May import: the engine, the ground and `workbook/` (the document sheets are written
through the binding).  See ``docs/architecture.md``, "Rooms of the converters".
"""

from __future__ import annotations

import importlib
from typing import Any

#: what the package offers -> the submodule that holds it.  Loaded on first use, so
#: that the workbook's document sheets (:mod:`.views`, :mod:`.texts`) need neither
#: Jinja2 nor ReportLab (xlwings Lite installs neither).
_WHERE = {
    "PdfUnavailable": "pdf", "html_to_pdf": "pdf", "pdf_available": "pdf", "write_pdf": "pdf",
    "DOCUMENTS": "render", "document_html": "render", "finals_html": "render",
    "site_pages": "site", "write_site": "site",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)


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
