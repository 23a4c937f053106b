"""A workbook with monrad's xlwings Lite code inside (``monrad new --lite``, ``monrad
lite FILE``, the templates).

xlwings Lite (the free add-in ``WA200008175`` from the Office add-in store) keeps a
workbook's Python code as document settings of its web extension.  This module writes
those parts into a ``.xlsx`` package, in the form Lite itself writes them (checked
against workbooks saved by Lite, see ``docs/excel.md``):

* ``xl/webextensions/webextension1.xml``: ``<we:webextension>`` with a reference to
  ``wa200008175`` (store type ``OMEX``) and two ``<we:property>`` elements whose
  ``value`` is a JSON string: ``main.py`` (:func:`main_py`: a short note, the scripts,
  then monrad's own code packed by :mod:`~monrad.converters.book.lite_pack`) and
  ``requirements.txt`` (:func:`requirements_txt`: Lite's own lines and the packages the
  packed code imports, all on the package index);
* ``xl/webextensions/taskpanes.xml`` (the task pane, docked right, open on start) and
  its relationship to the extension;
* the package relationship ``webextensiontaskpanes`` and two content-type overrides.

And the buttons: three rounded rectangles named :data:`BUTTONS` on one sheet (the
Settings sheet of a monrad workbook, monrad's own ``monrad`` sheet of a club's),
whose hyperlink points at the cell under each (Lite runs the script whose
``@script(button="[name]Sheet!Cell")`` matches), with the status cell below them
(:data:`STATUS_ROW`).  A workbook that holds Lite code already keeps its web
extension and Lite's own properties; only ``main.py`` and ``requirements.txt`` are
replaced (:func:`add_lite`).

Nothing here imports xlwings: ``main.py`` is text, run by Lite.  Reading the parts
back (:func:`read_lite_code`) uses defusedxml.
"""

from __future__ import annotations

import hashlib
import io
import json
import posixpath
import re
import zipfile

from ...engine.i18n import tr
from .. import layout as L
from ..errors import InputError
from ..limits import check_member
from ..workbook.binding import a1
from ..workbook.package import (
    Package,
    add_override,
    add_relationship,
    attrs,
    part_rels_name,
    relationships,
    resolve,
)
from ..zipped import SPREADSHEET_METHODS, read_member
from . import lite_pack

__all__ = [
    "ADDIN_ID",
    "BUTTONS",
    "LITE_PARTS",
    "STATUS_COL",
    "STATUS_HEIGHT",
    "STATUS_ROW",
    "XLWINGS_RANGE",
    "add_lite",
    "add_status_label",
    "status_first_text",
    "carried_version",
    "embed_lite",
    "lite_code",
    "main_py",
    "monrad_version",
    "read_lite_code",
    "requirements_txt",
]

#: xlwings Lite's id in the Office add-in store.
ADDIN_ID = "wa200008175"
#: The xlwings versions Lite may install with the workbook (Lite's own line, "# required"):
#: 0.37.5 is the first with every call the Lite binding makes (borders, list validation,
#: conditional formats; after the 0.35 rename of ``Book.sync`` to ``Book.flush`` and the
#: fix for newer Pyodide); both ends are tested inside Pyodide
#: (``tests/addin/test_lite_pyodide.py``).  Lite records what it installed in
#: ``requirements-pinned.txt`` and advises ranges, not pins.
XLWINGS_RANGE = ">=0.37.5,<0.38"
#: The Pyodide and add-in versions a workbook saved by current Lite names (its
#: ``pyodideVersion``/``addinVersion`` properties): the Pyodide the tests run, and the
#: newest Lite in its public changelog when this was written.  Lite keeps its own
#: values in a workbook it saved; ``monrad lite`` does not touch them there.
PYODIDE_VERSION = "314.0.7"
ADDIN_VERSION = "1.0.0.0-28"
LITE_SETTINGS = {"pyodideVersion": PYODIDE_VERSION, "addinVersion": ADDIN_VERSION}
#: The file Lite (Pyodide 314+) writes with the exact versions it installed and
#: reinstalls on every start; stale once ``requirements.txt`` changes.
PINNED = "requirements-pinned.txt"

#: The buttons: (shape name, script, caption key, top row).
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
STATUS_ROW, STATUS_COL, STATUS_HEIGHT = L.LITE_STATUS_ROW, L.LITE_STATUS_COL, L.LITE_STATUS_HEIGHT

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


def status_first_text(lang: str) -> list[str]:
    """What the status cell says before the first press (issue 38 item 7): press a
    button; without internet Lite cannot start, and the command line is the way."""
    lay = L.layout_for(lang)
    return [lay.text("lite_first_text"), lay.text("lite_offline"),
            lay.text("lite_offline_fallback")]


def add_status_label(ws, lang: str) -> None:
    """The label above the status cell and its first text, on the openpyxl Settings
    sheet ``ws``."""
    from openpyxl.styles import Font

    cell = ws.cell(STATUS_ROW - 1, STATUS_COL, L.layout_for(lang).text("lite_status"))
    cell.font = Font(name="Calibri", bold=True, color="2F5597")
    for i, line in enumerate(status_first_text(lang)):
        ws.cell(STATUS_ROW + i, STATUS_COL, line)


def requirements_txt(*, from_index: bool = False, version: str | None = None) -> str:
    """``requirements.txt`` of the workbook: Lite's own lines, then the packages the
    packed code imports (:data:`~monrad.converters.book.lite_pack.REQUIREMENTS`, all on
    the package index); with ``from_index``, ``monrad==VERSION`` instead (once monrad
    is on the package index)."""
    lines = [
        f"xlwings{XLWINGS_RANGE}  # required",
        "python-dotenv>=1.0.1,<1.3  # required",
        "pyodide-http  # required",
        "black  # required",
    ]
    if from_index:
        lines.append(f"monrad=={version or monrad_version()}")
    else:
        lines += list(lite_pack.REQUIREMENTS.values())
    return "\n".join(lines) + "\n"


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


def _scripts(lay: L.Layout, sheet: str) -> list[str]:
    """The three buttons' scripts and the task pane's, each one call into ``lite``."""
    lines: list[str] = []
    for shape, func, caption, top in BUTTONS:
        button = f"[{shape}]{_sheet_ref(sheet, button_cell(top))}"
        lines += ["", f"@script(name={_py_str(lay.text(caption))}, button={_py_str(button)})"]
        lines += _script_body(lay, func, caption)
    for func, caption in PANE_SCRIPTS:
        lines += ["", f"@script(name={_py_str(lay.text(caption))})"]
        lines += _script_body(lay, func, caption)
    return lines


def _script_body(lay: L.Layout, func: str, caption: str) -> list[str]:
    return [f"def {func}(book: xw.Book):", f"    {_py_str(lay.text(caption))}",
            f"    lite.{func}(book)", ""]


def _note(lang: str, sheet: str, version: str, packed: bool) -> list[str]:
    """The note at the top of ``main.py``, in the workbook's language (``--lang``, the
    language of the command's messages, does not change what the workbook holds)."""
    if packed:
        text = tr(
            "monrad {version}: the buttons on the sheet {sheet!r} run the scripts below "
            "and answer under the buttons. monrad's own code is packed at the end of this "
            "file; to update it, run 'monrad lite' on the workbook with a newer monrad.",
            version=version, sheet=sheet).render(lang)
    else:
        text = tr(
            "monrad {version}: the buttons on the sheet {sheet!r} run the scripts below "
            "and answer under the buttons. Lite installs monrad from the package index "
            "(requirements.txt).", version=version, sheet=sheet).render(lang)
    return ['"""' + _wrap(text.replace('"""', "'''")), '"""']


def _wrap(text: str, width: int = 84) -> str:
    out: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*out, line])


#: The line that opens the packed code in ``main.py``.
PACK_MARK = "# --- monrad, packed: do not edit below this line "
#: How ``main.py`` unpacks the code: once per version and pack, into a folder of the
#: temporary directory, put first on ``sys.path`` (monrad modules loaded from another
#: folder by an earlier run of ``main.py`` are forgotten first).
_UNPACK = '''

def _unpack(version, pack):
    import base64, hashlib, io, os, shutil, sys, tempfile, zipfile

    data = base64.b64decode(pack)
    folder = os.path.join(tempfile.gettempdir(),
                          f"monrad-{version}-{hashlib.sha256(data).hexdigest()[:12]}")
    if not os.path.isdir(folder):
        work = f"{folder}.{os.getpid()}.part"
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            for name in z.namelist():
                if name.startswith(("/", "\\\\")) or ".." in name.split("/"):
                    raise ValueError(f"monrad's pack holds a strange name: {name!r}")
            z.extractall(work)
        try:
            os.replace(work, folder)
        except OSError:  # unpacked meanwhile by another run
            shutil.rmtree(work, ignore_errors=True)
    old = sys.modules.get("monrad")
    if old is not None and not any(p.startswith(folder) for p in getattr(old, "__path__", [])):
        for name in [n for n in sys.modules if n == "monrad" or n.startswith("monrad.")]:
            del sys.modules[name]
    if folder in sys.path:
        sys.path.remove(folder)
    sys.path.insert(0, folder)


_unpack(MONRAD_VERSION, MONRAD_PACK)
from monrad.addin import lite  # noqa: E402
'''


#: The lines around monrad's part of ``main.py`` (issue 38 item 5): what stands between
#: them is monrad's, written again by every ``monrad lite``; everything else in the file
#: is the club's own and stays as the club wrote it.  The first line names the version
#: and a digest of monrad's part and ``requirements.txt`` (issue 40 item 13).
BEGIN_MARK = ("# >>> monrad {version} (sha256 {digest}): monrad's part, written by "
              "'monrad lite'; do not edit down to the end line")
END_MARK = "# <<< monrad: end of monrad's part; your own code goes below this line"
_BEGIN = re.compile(r"# >>> monrad (\S+) \(sha256 ([0-9a-f]{16})\): monrad's part, written "
                    r"by 'monrad lite'; do not edit down to the end line")
_ANY_MARK = re.compile(r"\s*#\s*(>>>|<<<)\s*monrad\b")
#: The last line of monrad's part in a ``main.py`` written before the markers (0.1.0):
#: the import after the pack, or (the index form) the last script's call.
_OLD_END = re.compile(r"from monrad\.addin import lite(  # noqa: E402)?|    lite\.\w+\(book\)")


def code_digest(part: str, requirements: str) -> str:
    """The digest of monrad's part of ``main.py`` and of ``requirements.txt`` (16 hex
    digits of SHA-256): kept in the begin line, so ``monrad lite --show`` can tell an
    edited part from the one monrad wrote.  It catches edits, not a forger who writes
    the digest again: Lite's trust prompt is what guards a workbook from a stranger."""
    text = part + "\n--- requirements.txt ---\n" + requirements
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def main_py(lang: str, sheet: str | None = None, *, from_index: bool = False,
            version: str | None = None) -> str:
    """The workbook's ``main.py``, all of it monrad's part between :data:`BEGIN_MARK` and
    :data:`END_MARK`: a short note and one ``@script`` per button (a call into
    :mod:`monrad.addin.lite`), then -- unless ``from_index`` (monrad installed from the
    package index by ``requirements.txt``) -- monrad's own code packed
    (:mod:`~monrad.converters.book.lite_pack`), unpacked when Lite runs the file.

    ``sheet`` is the sheet with the buttons (default: the Settings sheet)."""
    lay = L.layout_for(lang)
    sheet = sheet or lay.settings_sheet
    version = version or monrad_version()
    lines = [*_note(lang, sheet, version, not from_index), "", "import xlwings as xw",
             "from xlwings import script", ""]
    if from_index:
        lines += ["from monrad.addin import lite", ""]
    lines += _scripts(lay, sheet)
    if not from_index:
        lines += ["", PACK_MARK + "-" * max(3, 96 - len(PACK_MARK)),
                  f"MONRAD_VERSION = {_py_str(version)}",
                  'MONRAD_PACK = """',
                  lite_pack.pack_text(lite_pack.pack_bytes()),
                  '"""', *_UNPACK.splitlines()]
    part = "\n".join(lines).strip("\n") + "\n"
    digest = code_digest(part, requirements_txt(from_index=from_index, version=version))
    return f"{BEGIN_MARK.format(version=version, digest=digest)}\n{part}{END_MARK}\n"


def lite_code(lang: str, sheet: str | None = None, *, from_index: bool = False,
              version: str | None = None) -> dict[str, str]:
    """``{"main.py": ..., "requirements.txt": ...}``: the code a workbook carries."""
    version = version or monrad_version()
    return {"main.py": main_py(lang, sheet, from_index=from_index, version=version),
            "requirements.txt": requirements_txt(from_index=from_index, version=version)}


class MainParts:
    """A ``main.py`` cut at monrad's lines: ``before`` + monrad's ``part`` + ``after``;
    ``version``/``digest`` from the begin line (``None`` in a ``main.py`` written before
    the markers, whose part runs from the top to its last monrad line)."""

    def __init__(self, before: str, part: str, after: str, version: str | None,
                 digest: str | None) -> None:
        self.before, self.part, self.after = before, part, after
        self.version, self.digest = version, digest

    @property
    def own_lines(self) -> int:
        """How many lines of the club's own code the file holds besides monrad's part."""
        return sum(1 for line in (self.before + self.after).splitlines() if line.strip())


def split_main(text: str, source: str | None = None) -> MainParts | None:
    """``text`` (a workbook's ``main.py``) cut at monrad's lines; ``None`` where it holds
    no part of monrad's.  Marker lines that were edited, doubled or lost are refused
    (:class:`InputError`, saying how to go on): what is monrad's and what the club's
    cannot be told then, and neither is overwritten."""
    lines = text.splitlines(keepends=True)
    marks = [i for i, line in enumerate(lines) if _ANY_MARK.match(line)]
    begins = [i for i in marks if _BEGIN.fullmatch(lines[i].rstrip("\r\n"))]
    ends = [i for i in marks if lines[i].rstrip("\r\n") == END_MARK]
    if marks:
        if len(marks) != 2 or len(begins) != 1 or len(ends) != 1 or begins[0] > ends[0]:
            raise InputError(tr(
                "main.py: the lines that mark monrad's part were edited, so monrad cannot "
                "tell its code from yours; put back the line starting '# >>> monrad' above "
                "monrad's part and the line {end!r} under it (Lite's editor, or an earlier "
                "copy of the workbook), or copy your own code out and empty main.py, then "
                "run 'monrad lite' again", end=END_MARK), source=source)
        b, e = begins[0], ends[0]
        m = _BEGIN.fullmatch(lines[b].rstrip("\r\n"))
        assert m is not None
        return MainParts("".join(lines[:b]), "".join(lines[b + 1:e]), "".join(lines[e + 1:]),
                         m.group(1), m.group(2))
    if not re.search(r'^MONRAD_VERSION = "|^from monrad\.addin import lite$', text, re.M):
        return None
    last = max((i for i, line in enumerate(lines) if _OLD_END.fullmatch(line.rstrip("\r\n"))),
               default=len(lines) - 1)
    return MainParts("", "".join(lines[:last + 1]), "".join(lines[last + 1:]), None, None)


def merge_main(old: str, new: str) -> str:
    """``new`` (this monrad's ``main.py``) with the club's own code of ``old`` kept where
    it stood: before and after monrad's part (issue 38 item 5)."""
    cut = split_main(old)
    return new if cut is None else cut.before + new + cut.after


def code_state(code: dict[str, str], lang: str, sheet: str) -> str:
    """What monrad can say of the Lite code a workbook carries (``--show``): ``"as
    written"`` (monrad's part and ``requirements.txt`` are what that monrad wrote),
    ``"differs"``, ``"no digest"`` (written before the digest was kept) or ``"none"``."""
    cut = split_main(code.get("main.py", ""))
    if cut is None:
        return "none"
    if cut.digest is None:
        return "no digest"
    requirements = code.get("requirements.txt", "")
    if code_digest(cut.part, requirements) != cut.digest:
        return "differs"
    from_index = "MONRAD_PACK" not in cut.part
    if cut.version == monrad_version():  # this monrad can write it again: compare all
        again = lite_code(lang, sheet, from_index=from_index, version=cut.version)
        mine = split_main(again["main.py"])
        assert mine is not None
        if (mine.part, again["requirements.txt"]) != (cut.part, requirements):
            return "differs"
    return "as written"


def carried_version(code: dict[str, str]) -> tuple[str | None, str]:
    """The monrad a workbook's Lite code carries: ``(version, form)``, form
    ``"packed"`` (the code in ``main.py``), ``"index"`` (``monrad==X`` in
    ``requirements.txt``) or ``"none"``."""
    m = re.search(r'^MONRAD_VERSION = "([^"]+)"$', code.get("main.py", ""), re.M)
    if m:
        return m.group(1), "packed"
    m = re.search(r"^\s*monrad\s*==\s*([^\s#]+)", code.get("requirements.txt", ""), re.M)
    if m:
        return m.group(1), "index"
    return None, "none"


def _attr(text: str) -> str:
    """An attribute value in double quotes, ``"`` as ``&quot;`` (as Lite writes it)."""
    from xml.sax.saxutils import escape  # imports urllib.request: not for a press

    return '"' + escape(text, {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}) + '"'


def _property(name: str, value: str) -> str:
    return f"<we:property name={_attr(name)} value={_attr(json.dumps(value))}/>"


def web_extension_xml(code: dict[str, str]) -> str:
    """``webextension1.xml`` holding ``code`` (file name -> text) as Lite stores it, with
    Lite's own ``pyodideVersion`` and ``addinVersion`` after ``main.py`` (the order of
    the workbooks Lite saved)."""
    import uuid

    digest = uuid.uuid5(uuid.NAMESPACE_URL, "monrad-lite:" + json.dumps(code, sort_keys=True))
    props = {**{k: v for k, v in code.items() if k == "main.py"}, **LITE_SETTINGS,
             **{k: v for k, v in code.items() if k != "main.py"}}
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<we:webextension xmlns:we="{_WE}" id="{{{str(digest).upper()}}}">'
        f'<we:reference id="{ADDIN_ID}" version="1.0.0.0" store="en-US" storeType="OMEX"/>'
        f'<we:alternateReferences><we:reference id="{ADDIN_ID.upper()}" version="1.0.0.0" '
        f'store="{ADDIN_ID.upper()}" storeType="OMEX"/></we:alternateReferences>'
        f"<we:properties>{''.join(_property(k, v) for k, v in props.items())}</we:properties>"
        f'<we:bindings/><we:snapshot xmlns:r="{_REL}"/></we:webextension>'
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
    from xml.sax.saxutils import escape

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


def _drawing_rels(sheet: str) -> str:
    from xml.sax.saxutils import quoteattr

    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{_REL}/hyperlink" '
        f"Target={quoteattr('#' + _sheet_ref(sheet, button_cell(top)))}/>"
        for i, (_s, _f, _c, top) in enumerate(BUTTONS, 1))
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<Relationships xmlns="{_PKG_REL}">{rels}</Relationships>')


def _sheet_part(pkg: Package, sheet: str) -> str:
    """The package path of the worksheet called ``sheet``."""
    wb_part = pkg.workbook_part()
    from defusedxml import ElementTree as SafeET

    wb = SafeET.fromstring(pkg.parts[wb_part])
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    rid = next((s.get(f"{{{_REL}}}id") for s in wb.iterfind("m:sheets/m:sheet", ns)
                if s.get("name") == sheet), None)
    base = posixpath.dirname(wb_part)
    for r_id, _type, target, _mode in relationships(pkg.parts[part_rels_name(wb_part)],
                                                     f"{pkg.source} ({part_rels_name(wb_part)})"):
        if rid is not None and r_id == rid:
            return resolve(base, target)
    raise InputError(str(tr("no sheet {sheet!r} in the workbook", sheet=sheet)),
                     source=pkg.source)


def _free_id(xml: str | None, stem: str = "rId") -> str:
    used = set(re.findall(r'Id="([^"]+)"', xml or ""))
    n = 1
    while f"{stem}{n}" in used:
        n += 1
    return f"{stem}{n}"


_AFTER_DRAWING = ("<legacyDrawing", "<legacyDrawingHF", "<drawingHF", "<picture", "<oleObjects",
                  "<controls", "<webPublishItems", "<tableParts", "<extLst", "</worksheet>")
_EMPTY_RELS = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               f'<Relationships xmlns="{_PKG_REL}"></Relationships>')
_DRAWING_TYPE = "application/vnd.openxmlformats-officedocument.drawing+xml"


def _drawing_of(pkg: Package, sheet_part: str) -> str | None:
    """The drawing part of a sheet, if it has one."""
    rels = part_rels_name(sheet_part)
    if rels not in pkg.parts:
        return None
    base = posixpath.dirname(sheet_part)
    for _rid, rtype, target, _mode in relationships(pkg.parts[rels], f"{pkg.source} ({rels})"):
        if rtype == f"{_REL}/drawing":
            return resolve(base, target)
    return None


def _add_buttons(pkg: Package, lang: str, sheet: str, types: str) -> str:
    """monrad's three buttons on ``sheet`` (a new drawing part), or renewed in the
    drawing that holds them already; returns the content types."""
    where = pkg.source
    sheet_part = _sheet_part(pkg, sheet)
    drawing = _drawing_of(pkg, sheet_part)
    if drawing is not None and drawing in pkg.parts:
        if b'name="monrad_pair"' not in pkg.parts[drawing]:
            raise InputError(str(tr("the sheet {sheet!r} has drawings of its own; monrad puts "
                                    "its buttons only on a sheet without", sheet=sheet)),
                             source=where)
        pkg.put(drawing, _drawing_xml(lang).encode("utf-8"))  # captions in this language
        pkg.put(part_rels_name(drawing), _drawing_rels(sheet).encode("utf-8"))
        return types
    sheet_xml = pkg.text(sheet_part)
    n = 1
    while f"xl/drawings/drawing{n}.xml" in pkg.parts:
        n += 1
    drawing = f"xl/drawings/drawing{n}.xml"
    pkg.put(drawing, _drawing_xml(lang).encode("utf-8"))
    pkg.put(part_rels_name(drawing), _drawing_rels(sheet).encode("utf-8"))
    rels_part = part_rels_name(sheet_part)
    sheet_rels = pkg.text(rels_part) if rels_part in pkg.parts else _EMPTY_RELS
    rid = _free_id(sheet_rels)
    pkg.put(rels_part, add_relationship(
        sheet_rels, rid, f"{_REL}/drawing",
        posixpath.relpath(drawing, posixpath.dirname(sheet_part)), where).encode("utf-8"))
    head_end = sheet_xml.find(">", sheet_xml.find("<worksheet"))
    if f'xmlns:r="{_REL}"' not in sheet_xml[:head_end]:
        sheet_xml = sheet_xml.replace("<worksheet ", f'<worksheet xmlns:r="{_REL}" ', 1)
    at = min(i for i in (sheet_xml.find(tag) for tag in _AFTER_DRAWING) if i >= 0)
    pkg.put(sheet_part, (sheet_xml[:at] + f'<drawing r:id="{rid}"/>' + sheet_xml[at:])
            .encode("utf-8"))
    return add_override(types, drawing, _DRAWING_TYPE, where)


_PROPERTY = re.compile(r"""<(?:[\w.-]+:)?property\b(?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*/>""")


def _replace_properties(xml: str, code: dict[str, str], drop: tuple[str, ...] = ()) -> str:
    """Lite's web-extension part with ``code``'s files replaced (or added) and the
    properties named in ``drop`` left out; Lite's own properties stay as they are."""
    for gone in [m for m in _PROPERTY.finditer(xml) if attrs(m.group(0)).get("name") in drop][::-1]:
        xml = xml[:gone.start()] + xml[gone.end():]
    for name, text in code.items():
        prop = _property(name, text)
        found = next((m for m in _PROPERTY.finditer(xml) if attrs(m.group(0)).get("name") == name),
                     None)
        if found is not None:
            xml = xml[:found.start()] + prop + xml[found.end():]
        elif "</we:properties>" in xml:
            xml = xml.replace("</we:properties>", prop + "</we:properties>", 1)
        else:
            xml = xml.replace("<we:properties/>", f"<we:properties>{prop}</we:properties>", 1)
    return xml


def add_lite(pkg: Package, lang: str, code: dict[str, str], sheet: str | None = None) -> None:
    """Put ``code`` (``main.py``, ``requirements.txt``) into the package ``pkg`` --
    replacing the Lite code it holds -- and monrad's buttons on ``sheet`` (default: the
    Settings sheet).  Every other part stays as it is."""
    where = pkg.source
    sheet = sheet or L.layout_for(lang).settings_sheet
    types = pkg.text("[Content_Types].xml")
    if WEB_EXTENSION in pkg.parts:
        xml = pkg.text(WEB_EXTENSION)
        if ADDIN_ID not in xml.lower():
            raise InputError(str(tr("the workbook holds another add-in's web extension; "
                                    "monrad does not replace it")), source=where)
        # new requirements make Lite's recorded pins stale: left out, Lite pins again
        # what it installs from the new requirements.txt (issue 38 item 4)
        stale = read_lite_code(pkg.parts[WEB_EXTENSION], where, part=True).get(
            "requirements.txt") != code.get("requirements.txt")
        # Lite's own settings stay as Lite wrote them; a part without them (written by
        # monrad 0.1.0, never saved by Lite) gets those of a new workbook
        lite_own = {k: v for k, v in LITE_SETTINGS.items()
                    if not any(attrs(m.group(0)).get("name") == k for m in _PROPERTY.finditer(xml))}
        pkg.put(WEB_EXTENSION, _replace_properties(xml, {**code, **lite_own},
                                                   (PINNED,) if stale else ()).encode("utf-8"))
    else:
        pkg.put(WEB_EXTENSION, web_extension_xml(code).encode("utf-8"))
        pkg.put(TASKPANES, _TASKPANES_XML.encode("utf-8"))
        pkg.put(TASKPANES_RELS, _TASKPANES_RELS.encode("utf-8"))
        root = pkg.text("_rels/.rels")
        pkg.put("_rels/.rels", add_relationship(
            root, _free_id(root), "http://schemas.microsoft.com/office/2011/relationships/"
            "webextensiontaskpanes", TASKPANES, where).encode("utf-8"))
        types = add_override(types, TASKPANES,
                             "application/vnd.ms-office.webextensiontaskpanes+xml", where)
        types = add_override(types, WEB_EXTENSION, "application/vnd.ms-office.webextension+xml",
                             where)
    types = _add_buttons(pkg, lang, sheet, types)
    pkg.put("[Content_Types].xml", types.encode("utf-8"))


def embed_lite(package: bytes, lang: str, *, sheet: str | None = None, from_index: bool = False,
               version: str | None = None) -> bytes:
    """``package`` (a workbook's bytes) with the Lite code of this monrad and the buttons
    (``monrad new --lite``, the templates)."""
    pkg = Package(package, "workbook")
    add_lite(pkg, lang, lite_code(lang, sheet, from_index=from_index, version=version), sheet)
    return pkg.to_bytes()


#: The most a web-extension part may hold (Office keeps up to 2 MB of an add-in's
#: document settings).
MAX_WEB_EXTENSION_BYTES = 8 * 1024 * 1024


def read_lite_code(package: bytes, source: str | None = None, *,
                   part: bool = False) -> dict[str, str]:
    """The code files a workbook holds for xlwings Lite (file name -> text: ``main.py``,
    ``requirements.txt``, ``requirements-pinned.txt``); ``{}`` if it has none.  The
    property values are JSON strings (Lite's format); ``package`` is the web-extension
    part itself where ``part`` is true.

    A stranger's part is read with care (issue 40 item 13): size first, no DTD or
    entities (defusedxml), a code file's value must be a JSON string (nothing nested is
    parsed); anything else is one :class:`InputError` naming the part."""
    from defusedxml import DefusedXmlException
    from defusedxml import ElementTree as SafeET

    if part:
        data = package
    else:
        with zipfile.ZipFile(io.BytesIO(package)) as z:
            if WEB_EXTENSION not in z.namelist():
                return {}
            info = z.getinfo(WEB_EXTENSION)  # no byte more than its index says (issue 40 item 1)
            check_member(info, "workbook", MAX_WEB_EXTENSION_BYTES, methods=SPREADSHEET_METHODS)
            data = read_member(z, info, "workbook")
    if len(data) > MAX_WEB_EXTENSION_BYTES:
        raise InputError(tr("{part}: larger than {n} MB; Lite's code is never that large",
                            part=WEB_EXTENSION, n=MAX_WEB_EXTENSION_BYTES // 2**20),
                         source=source)
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException:
        raise InputError(tr("{part}: holds a DTD or entities, which monrad does not read",
                            part=WEB_EXTENSION), source=source) from None
    except SafeET.ParseError as exc:
        raise InputError(tr("{part}: not well-formed XML ({detail})", part=WEB_EXTENSION,
                            detail=str(exc)), source=source) from None
    out = {}
    for prop in root.iterfind(f"{{{_WE}}}properties/{{{_WE}}}property"):
        name, value = prop.get("name"), prop.get("value")
        if name is None or value is None or not name.endswith((".py", ".txt")):
            continue  # Lite's own settings (pyodideVersion ...): not read
        try:
            if not value.lstrip().startswith('"'):
                raise ValueError(value)
            decoded = json.loads(value)
        except ValueError:
            raise InputError(tr("{part}: property {name!r} is not a JSON string",
                                part=WEB_EXTENSION, name=name), source=source) from None
        out[name] = decoded
    return out
