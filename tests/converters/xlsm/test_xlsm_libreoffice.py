"""An independent reader of the VBA project: LibreOffice imports the VBA of a
``.xlsm`` into its Basic IDE (``Basic/VBAProject/*.xml`` of the converted ``.ods``).
The template's project must come through whole: the ``monrad`` module as a normal
module with the text of ``converters/xlsm/src/monrad.bas``, and one document module per
sheet plus ``ThisWorkbook``.  Skipped without LibreOffice."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import openpyxl
import pytest

REPO = Path(__file__).resolve().parents[3]
SCRIPT_NS = "http://openoffice.org/2000/script"

pytestmark = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) not found")


def test_libreoffice_imports_the_vba_project(tmp_path: Path) -> None:
    template = REPO / "templates" / "club-sv.xlsm"
    work = tmp_path / template.name
    shutil.copy(template, work)
    profile = (tmp_path / "lo-profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", "ods",
                    "--outdir", str(tmp_path), str(work)], capture_output=True, timeout=180)
    ods = tmp_path / "club-sv.ods"
    assert ods.exists(), "LibreOffice did not convert the template"
    modules = {}
    with zipfile.ZipFile(ods) as zf:
        for name in zf.namelist():
            if name.startswith("Basic/VBAProject/") and not name.endswith("script-lb.xml"):
                root = ET.fromstring(zf.read(name))
                modules[root.get(f"{{{SCRIPT_NS}}}name")] = (root.get(f"{{{SCRIPT_NS}}}moduleType"), root.text)
    wb = openpyxl.load_workbook(template, keep_vba=True)
    wb.vba_archive.close()
    code_names = [ws.sheet_properties.codeName for ws in wb.worksheets]
    assert set(modules) == {"monrad", "ThisWorkbook", *code_names}
    assert modules["monrad"][0] == "normal"
    assert all(modules[name][0] == "document" for name in ["ThisWorkbook", *code_names])
    # LibreOffice drops the Attribute line and adds its own two header lines.
    source = (REPO / "converters" / "xlsm" / "src" / "monrad.bas").read_text(encoding="utf-8")
    body = source.split("\n", 1)[1]
    imported = modules["monrad"][1].replace("\r\n", "\n")
    assert imported.startswith("Rem Attribute VBA_ModuleType=VBAModule\nOption VBASupport 1\n")
    assert imported.split("\n", 2)[2].rstrip("\n") == body.rstrip("\n")
