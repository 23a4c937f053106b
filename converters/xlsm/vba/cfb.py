"""A writer for Compound File Binary files (MS-CFB), version 3 (512-byte sectors).

``vbaProject.bin`` is such a file: a little FAT file system with storages (folders) and
streams (files).  This writer builds one from a tree of :class:`Storage` and bytes in a
single pass, deterministically (zero CLSIDs and timestamps), which is all VBA needs:

* header (MS-CFB 2.2), then the sectors: big streams, the mini stream, the mini FAT,
  the directory, and finally the FAT sectors, all chained through the FAT (2.3);
* streams shorter than the 4096-byte cutoff live in the mini stream, in 64-byte mini
  sectors chained through the mini FAT (2.4);
* each storage's children form a red-black tree ordered by name length, then by the
  upper-cased name (2.6.4); the writer builds a balanced tree and colours it so that
  every root-to-leaf path has the same number of black nodes.

Limits: at most 109 FAT sectors (no DIFAT sectors), i.e. files up to about 6.8 MB, far
more than a VBA project needs; names up to 31 UTF-16 characters without ``/ \\ : !``.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SECTOR = 512
MINI_SECTOR = 64
MINI_STREAM_CUTOFF = 4096
MAXREGSECT = 0xFFFFFFFA
FATSECT = 0xFFFFFFFD
ENDOFCHAIN = 0xFFFFFFFE
FREESECT = 0xFFFFFFFF
NOSTREAM = 0xFFFFFFFF
_SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")
_ENTRIES_PER_SECTOR = SECTOR // 128
_MAX_HEADER_DIFAT = 109

_TYPE_STORAGE = 1
_TYPE_STREAM = 2
_TYPE_ROOT = 5
_RED = 0
_BLACK = 1


@dataclass
class Storage:
    """A storage (folder): maps child names to bytes (a stream) or another Storage."""

    children: dict[str, bytes | Storage] = field(default_factory=dict)


def _sort_key(name: str) -> tuple[int, str]:
    """MS-CFB 2.6.4: shorter names sort first, then by upper-cased code points."""
    return (len(name), name.upper())


def _check_name(name: str) -> None:
    if not name or len(name) > 31 or any(c in name for c in "/\\:!"):
        raise ValueError(f"compound file: invalid entry name {name!r}")


@dataclass
class _Entry:
    name: str
    kind: int
    data: bytes = b""
    left: int = NOSTREAM
    right: int = NOSTREAM
    child: int = NOSTREAM
    colour: int = _BLACK
    start: int = ENDOFCHAIN
    size: int = 0

    def pack(self) -> bytes:
        encoded = self.name.encode("utf-16-le") + b"\x00\x00"
        return struct.pack(
            "<64sHBBIII16sIQQIQ",
            encoded,
            len(encoded),
            self.kind,
            self.colour,
            self.left,
            self.right,
            self.child,
            b"\x00" * 16,
            0,
            0,
            0,
            self.start,
            self.size,
        )


_EMPTY_ENTRY = struct.pack(
    "<64sHBBIII16sIQQIQ", b"", 0, 0, 0, NOSTREAM, NOSTREAM, NOSTREAM, b"\x00" * 16, 0, 0, 0, 0, 0
)


def _flatten(root: Storage) -> list[_Entry]:
    """Number the directory entries (root first) and link each storage's child tree."""
    entries = [_Entry("Root Entry", _TYPE_ROOT)]
    pending: list[tuple[int, Storage]] = [(0, root)]
    while pending:
        parent_id, storage = pending.pop(0)
        names = sorted(storage.children, key=_sort_key)
        if len({_sort_key(n) for n in names}) != len(names):
            raise ValueError(f"compound file: two entries differ only in case in {names}")
        ids = []
        for name in names:
            _check_name(name)
            value = storage.children[name]
            if isinstance(value, Storage):
                entries.append(_Entry(name, _TYPE_STORAGE, start=0))
                pending.append((len(entries) - 1, value))
            else:
                entries.append(_Entry(name, _TYPE_STREAM, data=bytes(value)))
            ids.append(len(entries) - 1)
        entries[parent_id].child = _link_balanced(entries, ids)
    return entries


def _link_balanced(entries: list[_Entry], ids: list[int]) -> int:
    """Link the sorted ``ids`` into a balanced binary tree, colour it as a valid
    red-black tree, and return the root id (NOSTREAM when empty).

    A median-split tree has every empty link at depth ``h`` or ``h + 1``; colouring the
    nodes at depth ``h`` (the partly filled last level) red and all others black gives
    every path the same black height ``h`` and never two reds in a row.
    """
    depth: dict[int, int] = {}
    null_depths: list[int] = []

    def build(lo: int, hi: int, level: int) -> int:
        if lo >= hi:
            null_depths.append(level)
            return NOSTREAM
        mid = (lo + hi) // 2
        node = ids[mid]
        depth[node] = level
        entries[node].left = build(lo, mid, level + 1)
        entries[node].right = build(mid + 1, hi, level + 1)
        return node

    root = build(0, len(ids), 0)
    if ids:
        shallowest_null = min(null_depths)
        for node, level in depth.items():
            entries[node].colour = _RED if level >= shallowest_null else _BLACK
        entries[root].colour = _BLACK
    return root


def _sectors_for(size: int, unit: int) -> int:
    return (size + unit - 1) // unit


def write_compound_file(root: Storage) -> bytes:
    """Serialise ``root`` as a version-3 compound file and return its bytes."""
    entries = _flatten(root)

    # Mini stream: the small streams, each padded to 64-byte mini sectors.
    mini_stream = bytearray()
    mini_fat: list[int] = []
    for entry in entries:
        if entry.kind != _TYPE_STREAM:
            continue
        entry.size = len(entry.data)
        if entry.size >= MINI_STREAM_CUTOFF or entry.size == 0:
            continue
        count = _sectors_for(entry.size, MINI_SECTOR)
        entry.start = len(mini_fat)
        mini_fat.extend(range(entry.start + 1, entry.start + count))
        mini_fat.append(ENDOFCHAIN)
        mini_stream += entry.data.ljust(count * MINI_SECTOR, b"\x00")

    # Regular sectors in file order: big streams, mini stream, mini FAT, directory, FAT.
    body: list[bytes] = []
    fat: list[int] = []

    def place(data: bytes, marker: int | None = None) -> int:
        """Append ``data`` as a chain of sectors; return its first sector number."""
        count = _sectors_for(len(data), SECTOR)
        first = len(fat)
        for i in range(count):
            body.append(data[i * SECTOR : (i + 1) * SECTOR].ljust(SECTOR, b"\x00"))
            fat.append(marker if marker is not None else (first + i + 1 if i + 1 < count else ENDOFCHAIN))
        return first

    for entry in entries:
        if entry.kind == _TYPE_STREAM and entry.size >= MINI_STREAM_CUTOFF:
            entry.start = place(entry.data)
    if mini_stream:
        entries[0].start = place(bytes(mini_stream))
        entries[0].size = len(mini_stream)
    mini_fat_bytes = b"".join(struct.pack("<I", v) for v in mini_fat)
    mini_fat_bytes = mini_fat_bytes.ljust(_sectors_for(len(mini_fat_bytes), SECTOR) * SECTOR, b"\xff")
    mini_fat_start = place(mini_fat_bytes) if mini_fat else ENDOFCHAIN
    mini_fat_sectors = _sectors_for(len(mini_fat_bytes), SECTOR) if mini_fat else 0

    directory = b"".join(e.pack() for e in entries)
    padding = (-len(entries)) % _ENTRIES_PER_SECTOR
    directory += _EMPTY_ENTRY * padding
    directory_start = place(directory)

    # The FAT must also describe its own sectors: grow until it fits.
    fat_sectors = 1
    while _sectors_for((len(fat) + fat_sectors) * 4, SECTOR) > fat_sectors:
        fat_sectors += 1
    if fat_sectors > _MAX_HEADER_DIFAT:
        raise ValueError("compound file: too large for a header-only DIFAT (about 6.8 MB)")
    fat_start = len(fat)
    fat.extend([FATSECT] * fat_sectors)
    fat_bytes = b"".join(struct.pack("<I", v) for v in fat)
    fat_bytes = fat_bytes.ljust(fat_sectors * SECTOR, b"\xff")
    for i in range(fat_sectors):
        body.append(fat_bytes[i * SECTOR : (i + 1) * SECTOR])

    difat = [fat_start + i for i in range(fat_sectors)]
    difat += [FREESECT] * (_MAX_HEADER_DIFAT - len(difat))
    header = struct.pack(
        "<8s16sHHHHH6sIIIIIIIII",
        _SIGNATURE,
        b"\x00" * 16,
        0x003E,  # minor version
        0x0003,  # major version 3: 512-byte sectors
        0xFFFE,  # byte order: little-endian
        9,  # sector shift: 2**9 = 512
        6,  # mini sector shift: 2**6 = 64
        b"\x00" * 6,
        0,  # number of directory sectors: always 0 in version 3
        fat_sectors,
        directory_start,
        0,  # transaction signature
        MINI_STREAM_CUTOFF,
        mini_fat_start,
        mini_fat_sectors,
        ENDOFCHAIN,  # first DIFAT sector: none
        0,  # number of DIFAT sectors
    ) + b"".join(struct.pack("<I", v) for v in difat)
    assert len(header) == SECTOR
    return header + b"".join(body)
