"""The documents as PDF: the same HTML page the web site shows, laid out by
WeasyPrint for paged media (A4, the style sheet's ``@media print`` rules).

Why WeasyPrint (docs/publish.md): it renders the very HTML and CSS the site uses, so
each document has one layout source; it is a maintained, BSD-licensed PDF engine
from PyPI whose output carries no time stamp (same input, same bytes).  It needs the
Pango text library of the operating system; where Pango is missing,
:class:`PdfUnavailable` says so in one line.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from ...engine.i18n import tr
from ..atomic import atomic_write
from ..errors import InputError

__all__ = ["PdfUnavailable", "html_to_pdf", "install_hint", "pdf_available", "write_pdf"]


class PdfUnavailable(InputError):
    """No PDF can be made on this machine (WeasyPrint or its Pango library missing)."""


#: the system a hint is given for (``sys.platform``)
PLATFORM = sys.platform


def install_hint(platform: str | None = None) -> str:
    """How to get the Pango library WeasyPrint needs on ``platform`` (default:
    :data:`PLATFORM`, this one), as WeasyPrint's installation guide says
    (docs/publish.md)."""
    platform = platform or PLATFORM
    if platform.startswith("win"):
        return str(tr("on Windows install MSYS2 (msys2.org), run 'pacman -S "
                      "mingw-w64-ucrt-x86_64-pango' in its UCRT64 shell, then set "
                      "WEASYPRINT_DLL_DIRECTORIES=C:\\msys64\\ucrt64\\bin"))
    if platform == "darwin":
        return str(tr("on macOS install Homebrew (brew.sh) and run 'brew install pango'; if "
                      "it is still not found, set "
                      "DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib"))
    return str(tr("on Debian/Ubuntu run 'apt-get install libpango-1.0-0 libpangoft2-1.0-0', "
                  "elsewhere install Pango with the system's package manager"))


def _weasyprint():
    try:
        import weasyprint
    except (ImportError, OSError) as exc:  # OSError: Pango missing, cffi cannot load it
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise PdfUnavailable(str(tr(
            "PDF output needs WeasyPrint and the Pango library (pip install weasyprint; "
            "{hint}): {reason}", hint=install_hint(), reason=reason))) from None
    # its CSS warnings are about rules meant for the browser, not for the user
    logging.getLogger("weasyprint").setLevel(logging.ERROR)
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    return weasyprint


def pdf_available() -> str | None:
    """``None`` when PDFs can be made here, else the reason why not."""
    try:
        _weasyprint()
    except PdfUnavailable as exc:
        return str(exc)
    return None


#: The date written into the embedded fonts when the caller has not fixed one
#: (2000-01-01T00:00:00Z, any constant would do).
FONT_DATE_EPOCH = "946684800"

_clock_lock = threading.Lock()


@contextmanager
def _fixed_font_date() -> Iterator[None]:
    """Render with ``SOURCE_DATE_EPOCH`` set, so the embedded fonts carry no clock.

    When WeasyPrint subsets a font with fontTools (always, where the system has no
    HarfBuzz-subset library), fontTools stamps the subset's ``head.modified`` with the
    current time: two renders a second apart then differ in the font bytes.  fontTools
    takes that stamp from ``SOURCE_DATE_EPOCH`` when it is set (the reproducible-builds
    convention), so the render runs with it set; a value the caller set is kept.
    """
    with _clock_lock:
        before = os.environ.get("SOURCE_DATE_EPOCH")
        if before is None:
            os.environ["SOURCE_DATE_EPOCH"] = FONT_DATE_EPOCH
        try:
            yield
        finally:
            if before is None:
                os.environ.pop("SOURCE_DATE_EPOCH", None)


def html_to_pdf(html: str) -> bytes:
    """The PDF of one HTML page (its style sheet inline); the same page gives the same
    bytes, whenever and wherever it is rendered (docs/publish.md)."""
    weasyprint = _weasyprint()
    with _fixed_font_date():
        return weasyprint.HTML(string=html, base_url=os.getcwd()).write_pdf()


def write_pdf(html: str, path: str | os.PathLike[str]) -> None:
    """Render ``html`` and write the PDF atomically (never half a file)."""
    atomic_write(path, html_to_pdf(html))
