"""An OOXML package (``.xlsx``/``.xlsm``) as parts in order, and the few edits monrad
makes to its index.

The package writer copies every part it does not own **byte for byte**, under its
own name, in its own order (:meth:`Package.to_bytes`); the parts it owns are listed in
``docs/workbook.md``.  The edits to the index are splices into the original text, so
everything around them stays as the user's program wrote it:

* ``[Content_Types].xml``: one ``<Override>`` per new sheet part, removed with a
  deleted sheet (:func:`add_override`, :func:`remove_override`);
* ``xl/_rels/workbook.xml.rels``: one ``<Relationship>`` per new sheet
  (:func:`add_relationship`, :func:`remove_relationship`);
* ``xl/workbook.xml``: the ``<sheets>`` list, the print titles of monrad's own sheets
  in ``<definedNames>`` (other names only get their ``localSheetId`` moved when a
  sheet is added before them) and the active tab (:mod:`~monrad.converters.workbook.package_book`).

Reading the index uses ``defusedxml``; hostile XML (entity declarations) is refused.
The parts are read through :func:`~monrad.converters.zipped.read_member`, after the
index is checked (:func:`~monrad.converters.limits.check_zip`): no part unpacks to more
than its index declares, whatever its method (issue 40 item 1).
"""

from __future__ import annotations

import html
import io
import posixpath
import re
import zipfile
from dataclasses import dataclass

from defusedxml import ElementTree as SafeET

from ...engine.i18n import tr
from ..errors import InputError
from ..limits import check_zip
from ..zipped import read_member
from .binding import WorkbookError

__all__ = [
    "CONTENT_TYPES",
    "MAIN_NS",
    "REL_NS",
    "WORKSHEET_REL",
    "WORKSHEET_TYPE",
    "ZIP_TIME",
    "Package",
    "SheetEntry",
    "add_override",
    "add_relationship",
    "attrs",
    "esc_attr",
    "esc_text",
    "parse_xml",
    "part_rels_name",
    "relationships",
    "remove_override",
    "remove_relationship",
    "sheet_entries",
]

REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
WORKSHEET_REL = REL_NS + "/worksheet"
OFFICE_DOCUMENT_REL = REL_NS + "/officeDocument"
WORKSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
#: the part that lists every part's content type (OPC); Excel opens no package without it
CONTENT_TYPES = "[Content_Types].xml"
#: The zip time stamp of every part monrad adds (a fixed one: same input, same bytes).
ZIP_TIME = (1980, 1, 1, 0, 0, 0)

_ATTR = re.compile(r"""([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def attrs(element: str) -> dict[str, str]:
    """The attributes of one start tag (values unescaped).

    >>> attrs('<sheet name="A &amp; B" sheetId="2" r:id="rId3"/>')
    {'name': 'A & B', 'sheetId': '2', 'r:id': 'rId3'}
    """
    tag = re.match(r"<[\w:.-]+", element)
    head = element[tag.end() if tag else 0:]
    head = head[:head.index(">")] if ">" in head else head
    return {m.group(1): html.unescape(m.group(2) if m.group(2) is not None else m.group(3))
            for m in _ATTR.finditer(head)}


def esc_text(text: str) -> str:
    """Text content escaped for XML."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def esc_attr(text: str) -> str:
    """An attribute value escaped for a double-quoted XML attribute."""
    return esc_text(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;") \
        .replace("\t", "&#9;")


def parse_xml(data: bytes, where: str):
    """Parse a part with defusedxml; hostile or broken XML -> :class:`WorkbookError`."""
    try:
        return SafeET.fromstring(data)
    except Exception as exc:  # noqa: BLE001 - defusedxml and expat errors alike
        kind = type(exc).__module__
        if kind.startswith("defusedxml"):
            raise WorkbookError(
                tr("{where}: refused: the workbook's XML uses entity declarations or external "
                   'references ({name}), which a real workbook never does',
                   where=where, name=type(exc).__name__)) from None
        raise WorkbookError(tr('{where}: not a readable Excel workbook ({exc})',
                               where=where, exc=exc)) from None


def _text(data: bytes, where: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise WorkbookError(tr('{where}: not UTF-8 XML; monrad cannot write into this workbook',
                               where=where)) \
            from None


class Package:
    """The parts of a zip package, in their original order, as bytes."""

    def __init__(self, data: bytes, source: str) -> None:
        self.source = source
        self.names: list[str] = []
        self.parts: dict[str, bytes] = {}
        self.infos: dict[str, zipfile.ZipInfo] = {}
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as zf:
                check_zip(zf, source)  # what the index declares, then no byte more
                for info in zf.infolist():
                    if info.filename in self.parts:
                        raise WorkbookError(tr('{source}: the package holds {filename!r} twice',
                                               source=source, filename=info.filename))
                    self.names.append(info.filename)
                    self.infos[info.filename] = info
                    self.parts[info.filename] = read_member(zf, info, source)
        except WorkbookError:
            raise
        except InputError as exc:  # a part over the limits (issue 40 item 1)
            raise WorkbookError(str(exc)) from None
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError,
                NotImplementedError) as exc:
            raise WorkbookError(tr('{source}: not a readable Excel workbook ({exc})',
                                   source=source, exc=exc)) from None

    # --- parts ------------------------------------------------------------------------
    def text(self, name: str) -> str:
        """A part as text (:class:`WorkbookError` if the package has no such part)."""
        if name not in self.parts:
            raise WorkbookError(tr("{source}: the package has no part {name!r}; monrad cannot "
                                   "write into this workbook", source=self.source, name=name))
        return _text(self.parts[name], f"{self.source} ({name})")

    def copy(self) -> Package:
        new = Package.__new__(Package)
        new.source, new.names = self.source, list(self.names)
        new.parts, new.infos = dict(self.parts), dict(self.infos)
        return new

    def put(self, name: str, data: bytes, at: int | None = None) -> None:
        """Replace a part's bytes, or add a new part at the end (or at index ``at``)."""
        if name not in self.parts:
            if at is None:
                self.names.append(name)
            else:
                self.names.insert(min(at, len(self.names)), name)
        self.parts[name] = data

    def remove(self, name: str) -> None:
        if name in self.parts:
            self.names.remove(name)
            del self.parts[name]
            self.infos.pop(name, None)

    def same_as(self, other: Package) -> bool:
        return self.names == other.names and all(
            self.parts[n] == other.parts[n] for n in self.names)

    def to_bytes(self) -> bytes:
        """The package as a zip: parts in order, each with its original time stamp,
        compression and attributes (a new part: :data:`ZIP_TIME`, deflated)."""
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
            for name in self.names:
                old = self.infos.get(name)
                info = zipfile.ZipInfo(name, date_time=old.date_time if old else ZIP_TIME)
                info.compress_type = (old.compress_type if old and old.compress_type in
                                      (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)
                                      else zipfile.ZIP_DEFLATED)
                info.external_attr = old.external_attr if old else 0o600 << 16
                info.create_system = old.create_system if old else 0
                zf.writestr(info, self.parts[name])
        return buf.getvalue()

    # --- the workbook part ------------------------------------------------------------
    def workbook_part(self) -> str:
        """The main workbook part (``xl/workbook.xml``), from the package relationships."""
        if "_rels/.rels" in self.parts:
            for _rid, rtype, target, _ in relationships(self.parts["_rels/.rels"],
                                                       f"{self.source} (_rels/.rels)"):
                if rtype == OFFICE_DOCUMENT_REL:
                    return resolve("", target)
        if "xl/workbook.xml" in self.parts:
            return "xl/workbook.xml"
        raise WorkbookError(tr('{source}: no workbook part in the package', source=self.source))


def part_rels_name(part: str) -> str:
    """``xl/workbook.xml`` -> ``xl/_rels/workbook.xml.rels``."""
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def resolve(base_dir: str, target: str) -> str:
    """A relationship target relative to ``base_dir`` (or absolute) as a part name."""
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(base_dir, target))


def relationships(data: bytes, where: str) -> list[tuple[str, str, str, str]]:
    """``(Id, Type, Target, TargetMode)`` of every relationship of a ``.rels`` part."""
    root = parse_xml(data, where)
    out = []
    for rel in root:
        if rel.tag.endswith("Relationship"):
            out.append((rel.get("Id", ""), rel.get("Type", ""), rel.get("Target", ""),
                        rel.get("TargetMode", "")))
    return out


# --- splices into the index parts --------------------------------------------------------
def _insert_before_close(xml: str, tag: str, fragment: str, where: str) -> str:
    """Insert ``fragment`` just before ``</tag>`` (any prefix), or expand ``<tag .../>``."""
    closes = list(re.finditer(rf"</((?:[\w.-]+:)?){tag}\s*>", xml))
    m = closes[-1] if closes else None  # the last one closes the element
    if m is not None:
        prefix = m.group(1)
        return xml[:m.start()] + _prefixed(fragment, prefix) + xml[m.start():]
    empty = re.search(rf"<((?:[\w.-]+:)?){tag}\b([^>]*)/>", xml)
    if empty is None:
        raise WorkbookError(tr('{where}: no <{tag}> element; monrad cannot write into this '
                               'workbook',
                               where=where, tag=tag))
    prefix = empty.group(1)
    return (xml[:empty.start()] + f"<{prefix}{tag}{empty.group(2)}>"
            + _prefixed(fragment, prefix) + f"</{prefix}{tag}>" + xml[empty.end():])


def _prefixed(fragment: str, prefix: str) -> str:
    """Give the elements of ``fragment`` (written without prefix) the container's prefix."""
    if not prefix:
        return fragment
    return re.sub(r"<(/?)(?=[A-Za-z])", lambda m: f"<{m.group(1)}{prefix}", fragment)


def add_override(types_xml: str, part: str, content_type: str, where: str) -> str:
    frag = f'<Override PartName="/{esc_attr(part)}" ContentType="{esc_attr(content_type)}"/>'
    return _insert_before_close(types_xml, "Types", frag, where)


def remove_override(types_xml: str, part: str) -> str:
    pattern = rf'<(?:[\w.-]+:)?Override\b[^>]*PartName\s*=\s*["\']/?{re.escape(part)}["\'][^>]*/>'
    return re.sub(pattern, "", types_xml, flags=re.IGNORECASE)


def add_relationship(rels_xml: str, rid: str, rtype: str, target: str, where: str) -> str:
    frag = (f'<Relationship Id="{esc_attr(rid)}" Type="{esc_attr(rtype)}" '
            f'Target="{esc_attr(target)}"/>')
    return _insert_before_close(rels_xml, "Relationships", frag, where)


def remove_relationship(rels_xml: str, rid: str) -> str:
    for m in re.finditer(r"<(?:[\w.-]+:)?Relationship\b[^>]*?/>", rels_xml):
        if attrs(m.group(0)).get("Id") == rid:
            return rels_xml[:m.start()] + rels_xml[m.end():]
    return rels_xml


@dataclass
class SheetEntry:
    """One ``<sheet>`` of ``xl/workbook.xml``: its element text as found (or made)."""

    name: str
    sheet_id: int
    rid: str
    part: str
    xml: str
    new: bool = False


_SHEET = re.compile(r"<(?:[\w.-]+:)?sheet\b[^>]*?(?:/>|>.*?</(?:[\w.-]+:)?sheet\s*>)", re.DOTALL)
SHEETS_BLOCK = re.compile(r"<((?:[\w.-]+:)?)sheets\b[^>]*>(.*?)</(?:[\w.-]+:)?sheets\s*>", re.DOTALL)


def sheet_entries(workbook_xml: str, targets: dict[str, str], where: str) -> list[SheetEntry]:
    """The sheets of ``workbook.xml`` in tab order (``targets``: relationship id -> part)."""
    block = SHEETS_BLOCK.search(workbook_xml)
    if block is None:
        raise WorkbookError(tr('{where}: the workbook lists no sheets', where=where))
    out = []
    for m in _SHEET.finditer(block.group(2)):
        a = attrs(m.group(0))
        rid = next((v for k, v in a.items() if k.endswith(":id") or k == "id"), "")
        try:
            sid = int(a.get("sheetId", "0"))
        except ValueError:
            sid = 0
        out.append(SheetEntry(a.get("name", ""), sid, rid, targets.get(rid, ""), m.group(0)))
    return out
