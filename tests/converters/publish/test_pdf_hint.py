"""Issue 32 item 10, as it stands since issue 26 item 14: where no PDF can be made, the
one-line refusal says how to get what is missing, on every system.  The PDF needs no
system library any more (ReportLab draws the page; docs/publish.md), so the one thing
that can be missing is ReportLab itself, which pip installs everywhere."""

from __future__ import annotations

import sys

import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.converters.publish import pdf


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_issue32_item10_pdf_unavailable_says_how_on_each_system(monkeypatch, capsys, tmp_path,
                                                                 platform) -> None:
    monkeypatch.setitem(sys.modules, "reportlab", None)  # import reportlab -> ImportError
    monkeypatch.setattr(sys, "platform", platform)
    reason = pdf.pdf_available()
    assert reason is not None and "pip install reportlab" in reason, reason
    code = main(["print", str(REPO / "examples" / "club.trf"), "--what", "standings", "-o",
                 str(tmp_path / "s.pdf")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "pip install reportlab" in err and not (tmp_path / "s.pdf").exists()
