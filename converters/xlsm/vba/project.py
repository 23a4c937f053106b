"""Build a ``vbaProject.bin`` (MS-OVBA 2.2/2.3) from VBA source text, without Office.

The project holds, in a compound file (:mod:`.cfb`):

* ``PROJECT``: the text properties (2.3.1): ``ID=``, one ``Document=`` line per document
  module (ThisWorkbook, one per sheet), one ``Module=`` line per standard module, the
  project name and the obfuscated ``CMG``/``DPB``/``GC`` values (:mod:`.encryption`);
* ``PROJECTwm``: the module names again, in MBCS and UTF-16 (2.3.3);
* ``VBA/_VBA_PROJECT``: the seven version-independent bytes only, version ``0xFFFF`` and
  no performance cache (2.3.4.1): VBA then has no p-code to trust and compiles the
  project from its source when the workbook is opened;
* ``VBA/dir``: the compressed binary project information, references and module
  records (2.3.4.2);
* one stream per module: its source, compressed (:mod:`.compression`), at text offset 0.

Everything is deterministic: the project GUID, the encryption seed and the order of the
modules all come from the arguments.
"""

from __future__ import annotations

import struct
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .cfb import Storage, write_compound_file
from .compression import compress
from .encryption import encrypt

ModuleKind = Literal["standard", "document"]

#: VB_Base class ids of Excel's document modules (the workbook, a worksheet).
WORKBOOK_BASE = "0{00020819-0000-0000-C000-000000000046}"
WORKSHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"

#: The OLE Automation type library every VBA project references.
STDOLE_LIBID = (
    r"*\G{00020430-0000-0000-C000-000000000046}#2.0#0#"
    r"C:\Windows\System32\stdole2.tlb#OLE Automation"
)
_HOST_EXTENDER = "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000"


@dataclass(frozen=True)
class VbaModule:
    """One module: its name, its full source text (``Attribute`` lines included, as the
    VBA editor exports a ``.bas``), and whether it is a standard or a document module."""

    name: str
    source: str
    kind: ModuleKind = "standard"


def document_module(name: str, base: str) -> VbaModule:
    """The empty code-behind module Excel keeps for the workbook or a sheet.

    ``base`` is :data:`WORKBOOK_BASE` or :data:`WORKSHEET_BASE`; ``name`` must equal the
    ``codeName`` the workbook XML gives that workbook or sheet.
    """
    lines = [
        f'Attribute VB_Name = "{name}"',
        f'Attribute VB_Base = "{base}"',
        "Attribute VB_GlobalNameSpace = False",
        "Attribute VB_Creatable = False",
        "Attribute VB_PredeclaredId = True",
        "Attribute VB_Exposed = True",
        "Attribute VB_TemplateDerived = False",
        "Attribute VB_Customizable = True",
    ]
    return VbaModule(name, "\r\n".join(lines) + "\r\n", "document")


def normalise_source(source: str) -> str:
    """VBA keeps source lines ended by CR LF; accept any line ending on input."""
    text = source.replace("\r\n", "\n").replace("\r", "\n")
    if text and not text.endswith("\n"):
        text += "\n"
    return text.replace("\n", "\r\n")


def _record(record_id: int, payload: bytes) -> bytes:
    """A dir-stream record: u16 id, u32 size, payload (MS-OVBA 2.3.4.2)."""
    return struct.pack("<HI", record_id, len(payload)) + payload


def _text_pair(record_id: int, reserved_id: int, text: str, codepage: str) -> bytes:
    """A record holding an MBCS string followed by its UTF-16 twin (DOCSTRING style)."""
    return _record(record_id, text.encode(codepage)) + _record(reserved_id, text.encode("utf-16-le"))


def _dir_stream(project_name: str, modules: Sequence[VbaModule], codepage: int) -> bytes:
    """The decompressed ``dir`` stream (MS-OVBA 2.3.4.2)."""
    cp = f"cp{codepage}"
    out = bytearray()
    # 2.3.4.2.1 PROJECTINFORMATION
    out += _record(0x0001, struct.pack("<I", 1))  # PROJECTSYSKIND: 32-bit Windows
    out += _record(0x0002, struct.pack("<I", 0x0409))  # PROJECTLCID
    out += _record(0x0014, struct.pack("<I", 0x0409))  # PROJECTLCIDINVOKE
    out += _record(0x0003, struct.pack("<H", codepage))  # PROJECTCODEPAGE
    out += _record(0x0004, project_name.encode(cp))  # PROJECTNAME
    out += _text_pair(0x0005, 0x0040, "", cp)  # PROJECTDOCSTRING
    out += _text_pair(0x0006, 0x003D, "", cp)  # PROJECTHELPFILEPATH (twice, same)
    out += _record(0x0007, struct.pack("<I", 0))  # PROJECTHELPCONTEXT
    out += _record(0x0008, struct.pack("<I", 0))  # PROJECTLIBFLAGS
    # PROJECTVERSION: its "size" field is the constant 4, yet 6 bytes follow.
    out += struct.pack("<HIIH", 0x0009, 4, 1, 0)
    out += _text_pair(0x000C, 0x003C, "", cp)  # PROJECTCONSTANTS
    # 2.3.4.2.2 PROJECTREFERENCES: stdole only.
    out += _text_pair(0x0016, 0x003E, "stdole", cp)  # REFERENCENAME
    libid = STDOLE_LIBID.encode(cp)
    out += _record(0x000D, struct.pack("<I", len(libid)) + libid + struct.pack("<IH", 0, 0))
    # 2.3.4.2.3 PROJECTMODULES
    out += _record(0x000F, struct.pack("<H", len(modules)))
    out += _record(0x0013, struct.pack("<H", 0xFFFF))  # PROJECTCOOKIE
    for module in modules:
        out += _record(0x0019, module.name.encode(cp))  # MODULENAME
        out += _record(0x0047, module.name.encode("utf-16-le"))  # MODULENAMEUNICODE
        out += _text_pair(0x001A, 0x0032, module.name, cp)  # MODULESTREAMNAME
        out += _text_pair(0x001C, 0x0048, "", cp)  # MODULEDOCSTRING
        out += _record(0x0031, struct.pack("<I", 0))  # MODULEOFFSET: source at byte 0
        out += _record(0x001E, struct.pack("<I", 0))  # MODULEHELPCONTEXT
        out += _record(0x002C, struct.pack("<H", 0xFFFF))  # MODULECOOKIE
        type_id = 0x0021 if module.kind == "standard" else 0x0022
        out += _record(type_id, b"")  # MODULETYPE (its 4-byte "size" is the reserved 0)
        out += _record(0x002B, b"")  # module terminator
    out += _record(0x0010, b"")  # dir terminator
    return bytes(out)


def _project_stream(
    project_id: str, project_name: str, modules: Sequence[VbaModule], codepage: int
) -> bytes:
    """The ``PROJECT`` stream text (MS-OVBA 2.3.1), CR LF separated, MBCS encoded."""
    lines = [f'ID="{project_id}"']
    for module in modules:
        if module.kind == "document":
            lines.append(f"Document={module.name}/&H00000000")
        else:
            lines.append(f"Module={module.name}")
    seed = sum(project_id.encode("ascii")) & 0xFF
    lines += [
        f'Name="{project_name}"',
        'HelpContextID="0"',
        'VersionCompatible32="393222000"',
        f'CMG="{encrypt(project_id, bytes(4), seed)}"',  # not protected
        f'DPB="{encrypt(project_id, bytes(1), (seed + 1) & 0xFF)}"',  # no password
        f'GC="{encrypt(project_id, bytes([0xFF]), (seed + 2) & 0xFF)}"',  # visible
        "",
        "[Host Extender Info]",
        _HOST_EXTENDER,
        "",
        "[Workspace]",
    ]
    lines += [f"{module.name}=0, 0, 0, 0, C" for module in modules]
    return ("\r\n".join(lines) + "\r\n").encode(f"cp{codepage}")


def _projectwm_stream(modules: Sequence[VbaModule], codepage: int) -> bytes:
    """``PROJECTwm`` (MS-OVBA 2.3.3): each name in MBCS and UTF-16, NUL-terminated."""
    out = bytearray()
    for module in modules:
        out += module.name.encode(f"cp{codepage}") + b"\x00"
        out += module.name.encode("utf-16-le") + b"\x00\x00"
    out += b"\x00\x00"
    return bytes(out)


def project_guid(label: str) -> str:
    """A stable project GUID for ``label`` (so rebuilding gives identical bytes)."""
    return "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, f"monrad:vba:{label}")).upper() + "}"


def build_vba_project(
    modules: Sequence[VbaModule],
    *,
    project_name: str = "VBAProject",
    project_id: str | None = None,
    codepage: int = 1252,
) -> bytes:
    """Return the bytes of a ``vbaProject.bin`` holding ``modules`` (source only).

    Module names must be unique (case-insensitively) valid VBA identifiers; each
    module's source must start with its ``Attribute VB_Name`` line.
    """
    seen: set[str] = set()
    for module in modules:
        if not module.name.isidentifier() or len(module.name) > 31:
            raise ValueError(f"VBA module name {module.name!r} is not a valid identifier")
        if module.name.upper() in seen:
            raise ValueError(f"VBA module name {module.name!r} is used twice")
        seen.add(module.name.upper())
        first = normalise_source(module.source).split("\r\n", 1)[0]
        if first != f'Attribute VB_Name = "{module.name}"':
            raise ValueError(
                f"VBA module {module.name!r}: source must start with "
                f'Attribute VB_Name = "{module.name}", found {first!r}'
            )
    project_id = project_id or project_guid(project_name)
    cp = f"cp{codepage}"
    vba = Storage(
        {
            "_VBA_PROJECT": struct.pack("<HHBH", 0x61CC, 0xFFFF, 0x00, 0x0000),
            "dir": compress(_dir_stream(project_name, modules, codepage)),
        }
    )
    for module in modules:
        vba.children[module.name] = compress(normalise_source(module.source).encode(cp))
    root = Storage(
        {
            "PROJECT": _project_stream(project_id, project_name, modules, codepage),
            "PROJECTwm": _projectwm_stream(modules, codepage),
            "VBA": vba,
        }
    )
    return write_compound_file(root)
