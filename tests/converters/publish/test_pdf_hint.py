"""Issue 32 item 10: where no PDF can be made, the one-line refusal says how to get
the Pango library on the system it runs on -- Windows and macOS too, not only
``apt-get`` (WeasyPrint's installation guide; docs/publish.md)."""

from __future__ import annotations

import sys

import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.converters.publish import pdf


@pytest.mark.parametrize("platform, words", [
    ("win32", ("MSYS2", "pacman -S mingw-w64-ucrt-x86_64-pango",
               "WEASYPRINT_DLL_DIRECTORIES=C:\\msys64\\ucrt64\\bin")),
    ("darwin", ("brew install pango", "DYLD_FALLBACK_LIBRARY_PATH=/opt/homebrew/lib")),
    ("linux", ("apt-get install libpango-1.0-0 libpangoft2-1.0-0",)),
])
def test_issue32_item10_pdf_unavailable_says_how_on_each_system(monkeypatch, capsys, tmp_path,
                                                                 platform, words) -> None:
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import weasyprint -> ImportError
    monkeypatch.setattr(pdf, "PLATFORM", platform)
    reason = pdf.pdf_available()
    assert reason is not None and all(w in reason for w in words), reason
    code = main(["print", str(REPO / "examples" / "club.trf"), "--what", "standings", "-o",
                 str(tmp_path / "s.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert all(w in err for w in words) and not (tmp_path / "s.pdf").exists()
