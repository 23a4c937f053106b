"""A workbook with the xlwings Lite code inside (``monrad new --lite``, the templates).

The parts are checked against the form Lite itself writes (``webextension1.xml`` with
``wa200008175``/OMEX and JSON-string properties, ``taskpanes.xml``, relationships,
content types); the file opens in openpyxl and LibreOffice; (``tests/addin/test_lite_scripts.py``: the
embedded ``main.py`` runs, the parts survive ``monrad pair`` and ``monrad standings``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path, PurePosixPath

import openpyxl
import pytest
from defusedxml import ElementTree as SafeET

from monrad.converters import layout as L
from monrad.converters.book import lite_pack as LP
from monrad.converters.book import lite_workbook as LW
from monrad.converters.book.new_workbook import create_workbook

REPO = Path(__file__).resolve().parents[3]

_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _new(tmp_path: Path, lang: str = "no") -> Path:
    return create_workbook(tmp_path / f"club-{lang}.xlsx", "nsf", 5,
                           REPO / "examples" / "roster.csv", lang, seed=7, lite=True)


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_lite_property_values_are_json_strings_that_round_trip():
    code = {"main.py": 'print("a & b < c")\n\tæøå "quoted" \\ back\n',
            "requirements.txt": "monrad==1.0  # x"}
    xml = LW.web_extension_xml(code)
    root = SafeET.fromstring(xml.encode())
    props = {p.get("name"): p.get("value") for p in root.iter(
        "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}property")}
    assert {k: json.loads(v) for k, v in props.items()} == {
        **code, "pyodideVersion": LW.PYODIDE_VERSION, "addinVersion": LW.ADDIN_VERSION}
    assert props["requirements.txt"] == '"monrad==1.0  # x"'  # a JSON string, as Lite writes
    # the properties in the order of the workbooks Lite saved (issue 38 item 4)
    assert list(props) == ["main.py", "pyodideVersion", "addinVersion", "requirements.txt"]
    ref = root.find("{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
                    "reference")
    assert (ref.get("id"), ref.get("storeType")) == ("wa200008175", "OMEX")
    assert LW.web_extension_xml(code) == xml  # same code, same bytes (id from the content)


@pytest.mark.parametrize("lang", L.LANGS)
def test_new_lite_embeds_main_py_and_requirements(tmp_path: Path, lang: str):
    """``main.py`` carries monrad's own code; ``requirements.txt`` names only packages
    of the index: Lite's own lines, then what the packed code imports -- no monrad."""
    path = _new(tmp_path, lang)
    code = LW.read_lite_code(path.read_bytes())
    assert code["main.py"] == LW.main_py(lang)
    lines = code["requirements.txt"].splitlines()
    assert lines[0] == f"xlwings{LW.XLWINGS_RANGE}  # required"
    assert lines[4:] == list(LP.REQUIREMENTS.values())
    assert not any(line.startswith("monrad") for line in lines)
    assert LW.carried_version(code) == (LW.monrad_version(), "packed")
    compile(code["main.py"], "main.py", "exec")
    assert "xlwings.pro" not in code["main.py"]
    # the editor shows the note and the scripts first, the packed code below
    head, mark, _ = code["main.py"].partition(LW.PACK_MARK)
    assert mark and "@script(" in head and "MONRAD_PACK" not in head
    first, note = head.split("\n", 1)
    assert first.startswith(f"# >>> monrad {LW.monrad_version()} (sha256 ")
    assert note.startswith('"""monrad ' + LW.monrad_version())


def test_lite_parts_content_types_and_relationships(tmp_path: Path):
    parts = _parts(_new(tmp_path, "sv"))
    types = SafeET.fromstring(parts["[Content_Types].xml"])
    overrides = {o.get("PartName"): o.get("ContentType") for o in types}
    assert overrides["/xl/webextensions/webextension1.xml"] == \
        "application/vnd.ms-office.webextension+xml"
    assert overrides["/xl/webextensions/taskpanes.xml"] == \
        "application/vnd.ms-office.webextensiontaskpanes+xml"
    for name in overrides:
        if name:
            assert name.lstrip("/") in parts, f"{name} listed but missing"
    # every relationship points at a part that exists (or at a cell: '#Sheet!E3')
    hyperlinks = []
    for name, data in parts.items():
        if not name.endswith(".rels"):
            continue
        folder = PurePosixPath(name).parent.parent
        for rel in SafeET.fromstring(data):
            target = rel.get("Target")
            if rel.get("TargetMode") == "External":
                continue
            if target.startswith("#"):
                hyperlinks.append(target)
                continue
            if target.startswith("/"):
                resolved = target.lstrip("/")
            else:
                resolved = re.sub(r"[^/]+/\.\./", "", str(folder / target))
            assert resolved in parts, f"{name}: {target} -> {resolved} missing"
    root = {r.get("Type").rsplit("/", 1)[-1]: r.get("Target")
            for r in SafeET.fromstring(parts["_rels/.rels"])}
    assert root["webextensiontaskpanes"] == "xl/webextensions/taskpanes.xml"
    pane = SafeET.fromstring(parts["xl/webextensions/taskpanes.xml"])
    assert pane[0].get("visibility") == "1"  # the pane opens with the workbook
    # the buttons: shapes named as main.py says, linked to the cell under each
    lay = L.layout_for("sv")
    drawing = parts["xl/drawings/drawing1.xml"].decode()
    main = LW.main_py("sv")
    for shape, func, caption, top in LW.BUTTONS:
        cell = f"E{top}"
        assert f'name="{shape}"' in drawing and lay.text(caption) in drawing
        assert f"[{shape}]{lay.settings_sheet}!{cell}" in main and f"def {func}(" in main
        assert f"#{lay.settings_sheet}!{cell}" in hyperlinks


def test_lite_workbook_opens_in_openpyxl_with_the_status_label(tmp_path: Path):
    path = _new(tmp_path, "da")
    lay = L.layout_for("da")
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == [lay.settings_sheet, lay.players_sheet, lay.standings_sheet]
    assert wb[lay.settings_sheet].cell(LW.STATUS_ROW - 1, LW.STATUS_COL).value == \
        lay.text("lite_status")


@pytest.mark.skipif(not (shutil.which("soffice") and shutil.which("pdftotext")),
                    reason="LibreOffice (soffice) or pdftotext not found")
def test_lite_workbook_opens_in_libreoffice_with_its_buttons(tmp_path: Path):
    path = _new(tmp_path, "no")
    profile = (tmp_path / "profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless",
                    "--convert-to", "pdf", "--outdir", str(tmp_path), str(path)],
                   check=True, capture_output=True, timeout=300)
    pdf = tmp_path / (path.stem + ".pdf")
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    lay = L.layout_for("no")
    for _shape, _func, caption, _top in LW.BUTTONS:
        assert lay.text(caption) in text, f"button {caption!r} not drawn"


def test_the_small_form_installs_monrad_from_the_index():
    """``--from-index``: ``monrad==X`` in ``requirements.txt``, three short scripts that
    import the installed monrad, nothing packed."""
    code = LW.lite_code("sv", from_index=True, version="1.2.3")
    assert code["requirements.txt"].splitlines()[-1] == "monrad==1.2.3"
    assert LW.PACK_MARK not in code["main.py"] and "MONRAD_PACK" not in code["main.py"]
    assert "from monrad.addin import lite" in code["main.py"]
    assert LW.carried_version(code) == ("1.2.3", "index")
    assert LW.carried_version({"main.py": "print(1)"}) == (None, "none")
    compile(code["main.py"], "main.py", "exec")


@pytest.mark.parametrize("lang", L.LANGS)
def test_templates_carry_the_lite_code(lang: str):
    data = (REPO / "templates" / f"club-{lang}.xlsx").read_bytes()
    code = LW.read_lite_code(data)
    assert code["main.py"] == LW.main_py(lang), \
        "the templates carry other code: run python templates/build_templates.py"
    assert code["requirements.txt"] == LW.requirements_txt()
    assert LW.read_lite_code((REPO / "templates" / f"club-{lang}.xlsm").read_bytes()) == {}


