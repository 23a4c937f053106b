"""The macro-enabled club workbook: a ``.xlsx`` package turned into a ``.xlsm`` one.

Sources, all in this repository:

* the club workbook's ``.xlsx`` bytes (``monrad new``, or ``templates/club-<lang>.xlsx``);
* ``converters/xlsm/src/monrad.bas``: the project's VBA module (the ribbon callbacks, which
  call the Python entry points of :mod:`monrad.addin.ribbon` through xlwings'
  ``RunPython``);
* ``converters/xlsm/src/customUI.xml``: the "monrad" ribbon tab (labels translated here).

No Excel is involved: the VBA project (``xl/vbaProject.bin``) is written by
:mod:`monrad.converters.xlsm.vba` (MS-CFB + MS-OVBA) with source code only and no p-code, so
Excel compiles the module from its text when the workbook is opened.

The ``.xlsx`` package is turned into a ``.xlsm`` one by editing only the package
parts that must change (ECMA-376 Part 2 / MS-OFFMACRO):

* ``[Content_Types].xml``: the workbook part becomes ``sheet.macroEnabled.main+xml``
  and ``.bin`` parts are ``application/vnd.ms-office.vbaProject``;
* ``xl/_rels/workbook.xml.rels``: a ``vbaProject`` relationship to ``vbaProject.bin``;
* ``_rels/.rels``: a ``ui/extensibility`` relationship to ``customUI/customUI.xml``;
* ``xl/workbook.xml`` and each sheet: a ``codeName`` (``ThisWorkbook``, ``Sheet1``...)
  matching the document modules of the VBA project.

The ribbon uses the Office 2007 custom UI part (``customUI/customUI.xml``), not the
2010 one (``customUI14.xml``): openpyxl, which the command line uses to write results
into a ``.xlsm``, keeps the 2007 relationship when it saves and drops the 2010 one.

The shipped templates are built by ``python templates/build_xlsm.py`` (which calls
:func:`make_xlsm`); the output is byte-for-byte reproducible.

May import: the engine and the ground.  See ``docs/architecture.md``, "Rooms of the
converters".
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path
from typing import Any

from ..atomic import atomic_write, building
from .vba.project import (
    WORKBOOK_BASE,
    WORKSHEET_BASE,
    VbaModule,
    build_vba_project,
    document_module,
    project_guid,
)

SRC = Path(__file__).resolve().parent / "src"
LANGS = ("en", "no", "sv", "da")

CUSTOMUI_NS = "http://schemas.microsoft.com/office/2006/01/customui"
CUSTOMUI_PART = "customUI/customUI.xml"
CUSTOMUI_REL = "http://schemas.microsoft.com/office/2006/relationships/ui/extensibility"
VBA_PART = "xl/vbaProject.bin"
VBA_REL = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
VBA_CONTENT_TYPE = "application/vnd.ms-office.vbaProject"
XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
XLSM_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)

#: Ribbon words per language: element id -> (label, supertip); None keeps the source.
RIBBON_WORDS: dict[str, dict[str, tuple[str, str | None]]] = {
    "en": {},
    "no": {
        "monradGroup": ("Turnering", None),
        "monradPair": ("Par neste runde",
                       "Parer neste runde ut fra spillerlisten og resultatene så langt, "
                       "og legger til rundens ark."),
        "monradStandings": ("Oppdater tabell",
                            "Regner ut tabellen på nytt: poeng og korreksjoner."),
        "monradDraw": ("Trekk startnumre",
                       "Før runde 1: trekker startnumrene; spillerne beholder radene sine, "
                       "og frøet lagres."),
        "monradExplain": ("Forklar runde",
                          "Skriver arket Forklaring: hvilken regel som satte hver spiller "
                          "på hvert bord, for alle rundene så langt og den neste."),
    },
    "sv": {
        "monradGroup": ("Turnering", None),
        "monradPair": ("Lotta nästa rond",
                       "Lottar nästa rond utifrån deltagarna och resultaten hittills, "
                       "och lägger till rondens blad."),
        "monradStandings": ("Uppdatera ställning",
                            "Räknar om ställningen: poäng och särskiljning."),
        "monradDraw": ("Lotta startnummer",
                       "Före rond 1: lottar startnumren; deltagarna behåller sina rader, "
                       "och fröet sparas."),
        "monradExplain": ("Förklara rond",
                          "Skriver bladet Förklaring: vilken regel som satte varje spelare "
                          "på varje bord, för alla ronder hittills och nästa."),
    },
    "da": {
        "monradGroup": ("Turnering", None),
        "monradPair": ("Par næste runde",
                       "Parrer næste runde ud fra spillerlisten og resultaterne indtil nu, "
                       "og tilføjer rundens ark."),
        "monradStandings": ("Opdater stilling",
                            "Beregner stillingen igen: point og korrektioner."),
        "monradDraw": ("Træk startnumre",
                       "Før runde 1: trækker startnumrene; spillerne beholder deres rækker, "
                       "og frøet gemmes."),
        "monradExplain": ("Forklar runde",
                          "Skriver arket Forklaring: hvilken regel der satte hver spiller "
                          "på hvert bord, for alle runder indtil nu og den næste."),
    },
}


class TemplateBuildError(ValueError):
    """The source workbook cannot be turned into a macro-enabled one."""


def ribbon_xml(lang: str) -> bytes:
    """``converters/xlsm/src/customUI.xml`` with its labels in ``lang``."""
    ET.register_namespace("", CUSTOMUI_NS)
    root = ET.fromstring((SRC / "customUI.xml").read_bytes())
    words = RIBBON_WORDS[lang]
    for element in root.iter():
        ident = element.get("id")
        if ident in words:
            label, supertip = words[ident]
            element.set("label", label)
            if element.get("screentip") is not None:
                element.set("screentip", label)
            if supertip is not None:
                element.set("supertip", supertip)
    return b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + ET.tostring(
        root, encoding="utf-8"
    )


def vba_source() -> str:
    """The text of ``converters/xlsm/src/monrad.bas`` (its line endings as stored)."""
    return (SRC / "monrad.bas").read_text(encoding="utf-8")


def _add_relationship(rels_xml: str, rel_id: str, rel_type: str, target: str) -> str:
    if f'Type="{rel_type}"' in rels_xml:
        raise TemplateBuildError(f"the workbook already has a {rel_type.rsplit('/', 1)[1]} part")
    taken = set(re.findall(r'Id="([^"]+)"', rels_xml))
    while rel_id in taken:
        rel_id += "x"
    rel = f'<Relationship Id="{rel_id}" Type="{rel_type}" Target="{target}"/>'
    return rels_xml.replace("</Relationships>", rel + "</Relationships>", 1)


def _set_workbook_code_name(workbook_xml: str) -> tuple[str, str]:
    """Give ``<workbookPr>`` a codeName (keep an existing one); return (xml, name)."""
    m = re.search(r"<workbookPr\b[^>]*?/?>", workbook_xml)
    if m:
        found = re.search(r'\bcodeName="([^"]+)"', m.group(0))
        if found:
            return workbook_xml, found.group(1)
        tag = m.group(0)
        new = tag[:-2] + ' codeName="ThisWorkbook"/>' if tag.endswith("/>") else tag[:-1] + ' codeName="ThisWorkbook">'
        return workbook_xml[: m.start()] + new + workbook_xml[m.end():], "ThisWorkbook"
    # CT_Workbook order: fileVersion, fileSharing, workbookPr, workbookProtection, bookViews...
    m = re.search(r"<(workbookProtection|bookViews|sheets)\b", workbook_xml)
    if not m:
        raise TemplateBuildError("xl/workbook.xml has no <sheets> element")
    return (
        workbook_xml[: m.start()] + '<workbookPr codeName="ThisWorkbook"/>' + workbook_xml[m.start():],
        "ThisWorkbook",
    )


def _set_sheet_code_name(sheet_xml: str, code_name: str) -> tuple[str, str]:
    """Give ``<sheetPr>`` a codeName (keep an existing one); return (xml, name)."""
    m = re.search(r"<sheetPr\b[^>]*?/?>", sheet_xml)
    if m:
        found = re.search(r'\bcodeName="([^"]+)"', m.group(0))
        if found:
            return sheet_xml, found.group(1)
        tag = m.group(0)
        new = tag.replace("<sheetPr", f'<sheetPr codeName="{code_name}"', 1)
        return sheet_xml[: m.start()] + new + sheet_xml[m.end():], code_name
    m = re.search(r"<worksheet\b[^>]*>", sheet_xml)
    if not m:
        raise TemplateBuildError("a sheet part has no <worksheet> element")
    return sheet_xml[: m.end()] + f'<sheetPr codeName="{code_name}"/>' + sheet_xml[m.end():], code_name


def _sheet_parts(files: dict[str, bytes]) -> list[str]:
    """The worksheet part names in tab order (from workbook.xml and its rels)."""
    workbook = files["xl/workbook.xml"].decode("utf-8")
    rels = files["xl/_rels/workbook.xml.rels"].decode("utf-8")
    targets = {}
    for rel in re.findall(r"<Relationship\b[^>]*>", rels):
        rid = re.search(r'\bId="([^"]+)"', rel)
        target = re.search(r'\bTarget="([^"]+)"', rel)
        if rid and target and rel.find("/worksheet\"") != -1:
            path = target.group(1)
            targets[rid.group(1)] = path.lstrip("/") if path.startswith("/") else "xl/" + path
    parts = []
    for sheet in re.findall(r"<sheet\b[^>]*>", workbook):
        rid = re.search(r'\br:id="([^"]+)"', sheet) or re.search(r'\b\w+:id="([^"]+)"', sheet)
        if rid and rid.group(1) in targets:
            parts.append(targets[rid.group(1)])
    return parts


def make_xlsm(xlsx: bytes, lang: str) -> bytes:
    """Turn the bytes of a ``.xlsx`` workbook into a ``.xlsm`` with the monrad ribbon
    (labels in ``lang``) and VBA module.  Deterministic: same input, same bytes."""
    if lang not in RIBBON_WORDS:
        raise TemplateBuildError(f"unknown language {lang!r} (choose from {', '.join(LANGS)})")
    with zipfile.ZipFile(io.BytesIO(xlsx)) as zf:
        order = zf.namelist()
        files = {name: zf.read(name) for name in order}
    for needed in ("[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels"):
        if needed not in files:
            raise TemplateBuildError(f"not an Excel workbook: the part {needed} is missing")
    if VBA_PART in files:
        raise TemplateBuildError("the workbook already holds a VBA project")

    types = files["[Content_Types].xml"].decode("utf-8")
    if XLSX_MAIN not in types:
        raise TemplateBuildError("[Content_Types].xml does not declare a .xlsx workbook part")
    types = types.replace(XLSX_MAIN, XLSM_MAIN)
    if 'Extension="bin"' not in types:
        types = re.sub(
            r"(<Types\b[^>]*>)",
            rf'\1<Default Extension="bin" ContentType="{VBA_CONTENT_TYPE}"/>',
            types,
            count=1,
        )
    files["[Content_Types].xml"] = types.encode("utf-8")

    files["_rels/.rels"] = _add_relationship(
        files["_rels/.rels"].decode("utf-8"), "rIdMonradRibbon", CUSTOMUI_REL, CUSTOMUI_PART
    ).encode("utf-8")
    files["xl/_rels/workbook.xml.rels"] = _add_relationship(
        files["xl/_rels/workbook.xml.rels"].decode("utf-8"), "rIdMonradVba", VBA_REL, "vbaProject.bin"
    ).encode("utf-8")

    workbook_xml, workbook_code = _set_workbook_code_name(files["xl/workbook.xml"].decode("utf-8"))
    files["xl/workbook.xml"] = workbook_xml.encode("utf-8")
    modules = [document_module(workbook_code, WORKBOOK_BASE)]
    for index, part in enumerate(_sheet_parts(files), start=1):
        sheet_xml, code = _set_sheet_code_name(files[part].decode("utf-8"), f"Sheet{index}")
        files[part] = sheet_xml.encode("utf-8")
        modules.append(document_module(code, WORKSHEET_BASE))
    modules.append(VbaModule("monrad", vba_source()))

    files[VBA_PART] = build_vba_project(modules, project_id=project_guid(f"club-{lang}"))
    files[CUSTOMUI_PART] = ribbon_xml(lang)
    order += [VBA_PART, CUSTOMUI_PART]

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in order:
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name])
    return out.getvalue()


def xlsm_bytes(workbook: Any, lang: str) -> bytes:
    """An openpyxl ``workbook`` (without VBA) as the bytes of a macro-enabled club
    workbook: saved to memory and passed through :func:`make_xlsm`."""
    buf = io.BytesIO()
    workbook.save(buf)
    return make_xlsm(buf.getvalue(), lang)


def write_xlsm(workbook: Any, path: str | Path, lang: str) -> Path:
    """Save an openpyxl ``workbook`` as a macro-enabled club workbook at ``path``.

    For ``monrad new club.xlsm``: :func:`xlsm_bytes` written with
    :func:`monrad.converters.atomic.atomic_write` (temporary file in the target
    folder, then replace; the file keeps its permissions), so no half-written
    file is ever left.
    """
    with building(path):
        data = xlsm_bytes(workbook, lang)
    return atomic_write(path, data)
