"""A monrad workbook with its xlwings Lite code inside (``monrad new club.xlsx --lite``).

xlwings Lite (the free add-in ``WA200008175`` from the Office add-in store) keeps a
workbook's Python code as document settings of its web extension.  This module writes
those parts into a saved ``.xlsx`` package, in the form Lite itself writes them (checked
against workbooks saved by Lite, see ``docs/excel.md``):

* ``xl/webextensions/webextension1.xml``: ``<we:webextension>`` with a reference to
  ``wa200008175`` (store type ``OMEX``) and two ``<we:property>`` elements whose
  ``value`` is a JSON string: ``main.py`` (:func:`main_py`) and ``requirements.txt``
  (:func:`requirements_txt`);
* ``xl/webextensions/taskpanes.xml`` (the task pane, docked right, open on start) and
  its relationship to the extension;
* the package relationship ``webextensiontaskpanes`` and two content-type overrides.

And on the Settings sheet, the buttons: three rounded rectangles named
:data:`BUTTONS` whose hyperlink points at the cell under each (Lite runs the script
whose ``@script(button="[name]Sheet!Cell")`` matches), with the status cell below them
(:data:`STATUS_ROW`).

Nothing here imports xlwings: ``main.py`` is text, run by Lite.  Reading the parts
back (:func:`read_lite_code`) uses defusedxml.
"""

from __future__ import annotations

import io
import json
import re
import uuid
import zipfile
from xml.sax.saxutils import escape, quoteattr

from defusedxml import ElementTree as SafeET

from ...engine.i18n import tr
from .. import layout as L
from ..errors import InputError
from ..workbook.binding import a1

__all__ = [
    "ADDIN_ID",
    "BUTTONS",
    "LITE_PARTS",
    "STATUS_COL",
    "STATUS_HEIGHT",
    "STATUS_ROW",
    "XLWINGS_PIN",
    "add_status_label",
    "embed_lite",
    "main_py",
    "monrad_requirement",
    "monrad_version",
    "read_lite_code",
    "requirements_txt",
]

#: xlwings Lite's id in the Office add-in store.
ADDIN_ID = "wa200008175"
#: The xlwings version Lite installs with the workbook (Lite's own lines, "# required").
XLWINGS_PIN = "0.37.8"

#: The buttons on the Settings sheet: (shape name, script, caption key, top row).
BUTTONS = (
    ("monrad_pair", "pair_next_round", "lite_pair_button", 3),
    ("monrad_standings", "update_standings", "lite_standings_button", 6),
    ("monrad_repair", "pair_round_again", "lite_repair_button", 9),
)
#: Scripts without a button on the sheet (Lite lists every script in its task pane):
#: (script, caption key).
PANE_SCRIPTS = (("explain_rounds", "lite_explain_script"),)
#: The buttons' column (E) and size in cells.
BUTTON_COL, BUTTON_ROWS, BUTTON_COLS = 5, 2, 3
#: The status cell (label above it) and how many lines of it monrad owns.
STATUS_ROW, STATUS_COL, STATUS_HEIGHT = 13, 5, 8

WEB_EXTENSION = "xl/webextensions/webextension1.xml"
TASKPANES = "xl/webextensions/taskpanes.xml"
TASKPANES_RELS = "xl/webextensions/_rels/taskpanes.xml.rels"
#: The parts this module adds (the package-preserving writer keeps them byte-identical).
LITE_PARTS = (WEB_EXTENSION, TASKPANES, TASKPANES_RELS)

_WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"


def monrad_version() -> str:
    """The installed monrad's version (the one writing the workbook)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("monrad")
    except PackageNotFoundError:
        raise InputError(tr('monrad is not installed (pip install -e .): the Lite workbook '
                            "pins monrad's version and cannot tell it")) from None


def add_status_label(ws, lang: str) -> None:
    """The label above the status cell, on the openpyxl Settings sheet ``ws``."""
    from openpyxl.styles import Font

    cell = ws.cell(STATUS_ROW - 1, STATUS_COL, L.layout_for(lang).text("lite_status"))
    cell.font = Font(name="Calibri", bold=True, color="2F5597")


def monrad_requirement(version: str, wheel_url: str | None = None) -> str:
    """The requirement line that installs monrad in Lite, pinned to ``version``.

    ``monrad==VERSION`` from the package index; until a release is there, the URL of
    the wheel (``monrad-VERSION-py3-none-any.whl``), which must be that version.
    """
    if wheel_url is None:
        return f"monrad=={version}"
    name = wheel_url.rsplit("/", 1)[-1].split("?", 1)[0]
    if not re.fullmatch(rf"monrad-{re.escape(version)}-py3-none-any\.whl", name):
        raise InputError(tr('--lite-wheel {wheel_url}: not the wheel of monrad {version} '
                            '(expected monrad-{version}-py3-none-any.whl)',
                            wheel_url=wheel_url, version=version))
    if not wheel_url.startswith("https://"):
        raise InputError(tr('--lite-wheel {wheel_url}: Excel fetches it, so it must be an '
                            'https URL',
                            wheel_url=wheel_url))
    return wheel_url


def requirements_txt(monrad_line: str) -> str:
    """``requirements.txt`` of the workbook: Lite's own lines and monrad."""
    return "\n".join([
        f"xlwings=={XLWINGS_PIN}  # required",
        "python-dotenv==1.0.1  # required",
        "pyodide-http  # required",
        "black  # required",
        f"{monrad_line}  # the tournament tool (pure Python; openpyxl, defusedxml)",
    ])


def _sheet_ref(sheet: str, cell: str) -> str:
    """``Sheet!E3``, quoted where Excel quotes it (``'Round 1'!E3``)."""
    if re.fullmatch(r"[A-Za-z_\u00c0-\u024f][\w\u00c0-\u024f]*", sheet):
        return f"{sheet}!{cell}"
    return "'" + sheet.replace("'", "''") + f"'!{cell}"


def button_cell(top_row: int) -> str:
    return a1(top_row, BUTTON_COL)


def _py_str(text: str) -> str:
    """A Python string literal of ``text``, in double quotes as ``black`` writes it."""
    return json.dumps(text, ensure_ascii=False)


def main_py(lang: str) -> str:
    """The workbook's ``main.py``: one ``@script`` per button, each a call into
    :mod:`monrad.addin.lite` (the code stays in the monrad package, pinned by
    ``requirements.txt``; this file only names the buttons)."""
    lay = L.layout_for(lang)
    lines = [
        '"""monrad: pair and score the club tournament in this workbook (xlwings Lite).',
        "",
        "The buttons on the sheet " + repr(lay.settings_sheet) + " run these scripts; the",
        "answer appears under the buttons and in the Output pane.  The code is the monrad",
        "package, installed by Lite from requirements.txt (monrad's docs/excel.md says more).",
        '"""',
        "",
        "import xlwings as xw",
        "from xlwings import script",
        "",
        "from monrad.addin import lite",
        "",
    ]
    for shape, func, caption, top in BUTTONS:
        button = f"[{shape}]{_sheet_ref(lay.settings_sheet, button_cell(top))}"
        lines += [
            "",
            f"@script(name={_py_str(lay.text(caption))}, button={_py_str(button)})",
            f"def {func}(book: xw.Book):",
            f"    {_py_str(lay.text(caption))}",
            f"    lite.{func}(book)",
            "",
        ]
    for func, caption in PANE_SCRIPTS:
        lines += [
            "",
            f"@script(name={_py_str(lay.text(caption))})",
            f"def {func}(book: xw.Book):",
            f"    {_py_str(lay.text(caption))}",
            f"    lite.{func}(book)",
            "",
        ]
    return "\n".join(lines).rstrip("\n") + "\n"


def _property(name: str, value: str) -> str:
    return f"<we:property name={quoteattr(name)} value={quoteattr(json.dumps(value))}/>"


def web_extension_xml(code: dict[str, str]) -> str:
    """``webextension1.xml`` holding ``code`` (file name -> text) as Lite stores it."""
    digest = uuid.uuid5(uuid.NAMESPACE_URL, "monrad-lite:" + json.dumps(code, sort_keys=True))
    props = "".join(_property(k, v) for k, v in code.items())
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<we:webextension xmlns:we="{_WE}" id="{{{str(digest).upper()}}}">'
        f'<we:reference id="{ADDIN_ID}" version="1.0.0.0" store="en-US" storeType="OMEX"/>'
        f'<we:alternateReferences><we:reference id="{ADDIN_ID.upper()}" version="1.0.0.0" '
        f'store="{ADDIN_ID.upper()}" storeType="OMEX"/></we:alternateReferences>'
        f"<we:properties>{props}</we:properties><we:bindings/>"
        f'<we:snapshot xmlns:r="{_REL}"/></we:webextension>'
    )


_TASKPANES_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11">'
    '<wetp:taskpane dockstate="right" visibility="1" width="400" row="1">'
    f'<wetp:webextensionref xmlns:r="{_REL}" r:id="rId1"/>'
    "</wetp:taskpane></wetp:taskpanes>"
)
_TASKPANES_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
    'Type="http://schemas.microsoft.com/office/2011/relationships/webextension" '
    'Target="webextension1.xml"/></Relationships>'
)


def _drawing_xml(lang: str) -> str:
    """Three rounded buttons with a hyperlink each (rId1.. in order of :data:`BUTTONS`)."""
    lay = L.layout_for(lang)
    shapes = []
    for i, (shape, _func, caption, top) in enumerate(BUTTONS, 1):
        r0, c0 = top - 1, BUTTON_COL - 1
        text = escape(lay.text(caption))
        shapes.append(
            f'<xdr:twoCellAnchor editAs="absolute">'
            f"<xdr:from><xdr:col>{c0}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>{r0}</xdr:row>"
            f"<xdr:rowOff>0</xdr:rowOff></xdr:from>"
            f"<xdr:to><xdr:col>{c0 + BUTTON_COLS}</xdr:col><xdr:colOff>0</xdr:colOff>"
            f"<xdr:row>{r0 + BUTTON_ROWS}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>"
            f'<xdr:sp macro="" textlink=""><xdr:nvSpPr><xdr:cNvPr id="{i + 1}" name="{shape}">'
            f'<a:hlinkClick xmlns:r="{_REL}" r:id="rId{i}"/></xdr:cNvPr><xdr:cNvSpPr/>'
            f"</xdr:nvSpPr><xdr:spPr>"
            f'<a:prstGeom prst="roundRect"><a:avLst/></a:prstGeom>'
            f'<a:solidFill><a:srgbClr val="2F5597"/></a:solidFill>'
            f'<a:ln><a:solidFill><a:srgbClr val="1F3864"/></a:solidFill></a:ln></xdr:spPr>'
            f'<xdr:txBody><a:bodyPr vertOverflow="clip" rtlCol="0" anchor="ctr"/><a:lstStyle/>'
            f'<a:p><a:pPr algn="ctr"/><a:r><a:rPr lang="en-US" sz="1200" b="1">'
            f'<a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill></a:rPr><a:t>{text}</a:t></a:r>'
            f"</a:p></xdr:txBody></xdr:sp><xdr:clientData/></xdr:twoCellAnchor>"
        )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" '
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
        + "".join(shapes) + "</xdr:wsDr>"
    )


def _drawing_rels(lang: str) -> str:
    lay = L.layout_for(lang)
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{_REL}/hyperlink" '
        f"Target={quoteattr('#' + _sheet_ref(lay.settings_sheet, button_cell(top)))}/>"
        for i, (_s, _f, _c, top) in enumerate(BUTTONS, 1))
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{_PKG_REL}">{rels}</Relationships>')


def _settings_part(parts: dict[str, bytes], sheet: str) -> str:
    """The package path of the worksheet called ``sheet``."""
    wb = SafeET.fromstring(parts["xl/workbook.xml"])
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    rid = None
    for s in wb.iterfind("m:sheets/m:sheet", ns):
        if s.get("name") == sheet:
            rid = s.get(f"{{{_REL}}}id")
    rels = SafeET.fromstring(parts["xl/_rels/workbook.xml.rels"])
    for r in rels:
        if r.get("Id") == rid:
            target = r.get("Target", "")
            return target.lstrip("/") if target.startswith("/") else "xl/" + target
    raise InputError(tr('no sheet {sheet!r} in the workbook', sheet=sheet))


def _add_relationship(xml: str | None, rid: str, rtype: str, target: str) -> str:
    rel = f'<Relationship Id="{rid}" Type="{rtype}" Target="{target}"/>'
    if xml is None:
        return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                f'<Relationships xmlns="{_PKG_REL}">{rel}</Relationships>')
    return xml.replace("</Relationships>", rel + "</Relationships>")


def _free_id(xml: str | None, stem: str = "rId") -> str:
    used = set(re.findall(r'Id="([^"]+)"', xml or ""))
    n = 1
    while f"{stem}{n}" in used:
        n += 1
    return f"{stem}{n}"


_AFTER_DRAWING = ("<legacyDrawing", "<legacyDrawingHF", "<drawingHF", "<picture", "<oleObjects",
                  "<controls", "<webPublishItems", "<tableParts", "<extLst", "</worksheet>")


def embed_lite(package: bytes, lang: str, requirements: str) -> bytes:
    """``package`` (a monrad ``.xlsx`` just written, no web extension yet) with the
    Lite code, the task pane and the Settings sheet's buttons added."""
    src = zipfile.ZipFile(io.BytesIO(package))
    parts = {info.filename: src.read(info.filename) for info in src.infolist()}
    if WEB_EXTENSION in parts:
        raise InputError(tr('the workbook holds a web extension already'))
    lay = L.layout_for(lang)
    text = {k: v.decode("utf-8") for k, v in parts.items()
            if k.endswith((".xml", ".rels"))}
    # the code and the task pane
    new: dict[str, str] = {
        WEB_EXTENSION: web_extension_xml({"main.py": main_py(lang),
                                          "requirements.txt": requirements}),
        TASKPANES: _TASKPANES_XML,
        TASKPANES_RELS: _TASKPANES_RELS,
    }
    root = text["_rels/.rels"]
    new["_rels/.rels"] = _add_relationship(
        root, _free_id(root), "http://schemas.microsoft.com/office/2011/relationships/"
        "webextensiontaskpanes", TASKPANES)
    # the buttons: a drawing on the Settings sheet
    sheet_part = _settings_part(parts, lay.settings_sheet)
    folder, base = sheet_part.rsplit("/", 1)
    rels_part = f"{folder}/_rels/{base}.rels"
    n = 1
    while f"xl/drawings/drawing{n}.xml" in parts:
        n += 1
    drawing = f"xl/drawings/drawing{n}.xml"
    new[drawing] = _drawing_xml(lang)
    new[f"xl/drawings/_rels/drawing{n}.xml.rels"] = _drawing_rels(lang)
    sheet_rels = text.get(rels_part)
    rid = _free_id(sheet_rels)
    new[rels_part] = _add_relationship(sheet_rels, rid, f"{_REL}/drawing",
                                       f"../drawings/drawing{n}.xml")
    sheet_xml = text[sheet_part]
    if "<drawing " in sheet_xml:
        raise InputError(tr('the sheet {settings_sheet!r} has a drawing already',
                            settings_sheet=lay.settings_sheet))
    at = min(i for i in (sheet_xml.find(tag) for tag in _AFTER_DRAWING) if i >= 0)
    if 'xmlns:r="' not in sheet_xml[:sheet_xml.find(">", sheet_xml.find("<worksheet"))]:
        sheet_xml = sheet_xml.replace("<worksheet ", f'<worksheet xmlns:r="{_REL}" ', 1)
        at = min(i for i in (sheet_xml.find(tag) for tag in _AFTER_DRAWING) if i >= 0)
    new[sheet_part] = sheet_xml[:at] + f'<drawing r:id="{rid}"/>' + sheet_xml[at:]
    # content types
    types = text["[Content_Types].xml"]
    overrides = (
        (f"/{TASKPANES}", "application/vnd.ms-office.webextensiontaskpanes+xml"),
        (f"/{WEB_EXTENSION}", "application/vnd.ms-office.webextension+xml"),
        (f"/{drawing}", "application/vnd.openxmlformats-officedocument.drawing+xml"),
    )
    adds = "".join(f'<Override PartName="{p}" ContentType="{t}"/>' for p, t in overrides)
    new["[Content_Types].xml"] = types.replace("</Types>", adds + "</Types>")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = new.pop(info.filename).encode("utf-8") if info.filename in new \
                else parts[info.filename]
            dst.writestr(info, data)
        for name in sorted(new):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            dst.writestr(info, new[name].encode("utf-8"))
    return out.getvalue()


def read_lite_code(package: bytes) -> dict[str, str]:
    """The code files a workbook holds for xlwings Lite (file name -> text); ``{}`` if
    it has none.  The property values are JSON strings (Lite's format)."""
    with zipfile.ZipFile(io.BytesIO(package)) as z:
        if WEB_EXTENSION not in z.namelist():
            return {}
        root = SafeET.fromstring(z.read(WEB_EXTENSION))
    out = {}
    for prop in root.iterfind(f"{{{_WE}}}properties/{{{_WE}}}property"):
        name, value = prop.get("name"), prop.get("value")
        if name is None or value is None:
            continue
        try:
            decoded = json.loads(value)
        except ValueError:
            raise InputError(tr('{web_extension}: property {name!r} is not a JSON value',
                                web_extension=WEB_EXTENSION, name=name)) from None
        if isinstance(decoded, str):
            out[name] = decoded
    return out
