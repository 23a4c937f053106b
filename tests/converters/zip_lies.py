"""ZIP members that lie about their size, made from code (issue 40 item 1): the kit of
``test_strangers_compression.py`` and ``benchmarks/bench_strangers.py``.  Nothing here is
committed as a file: a bomb is a few bytes of code and a few seconds of compression."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

__all__ = ["bombed", "lie"]


def lie(package: bytes, name: str, size: int, data: bytes) -> bytes:
    """``package`` with member ``name``'s declared size set to ``size`` and its CRC-32
    to that of the first ``size`` bytes of ``data`` (so the lie passes zipfile's own
    check), in its local header and its central-directory entry."""
    out, raw, crc = bytearray(package), name.encode(), zlib.crc32(data[:size])
    # (signature, where the name starts, its length, the CRC-32, the unpacked size)
    for sig, name_at, length_at, crc_at, size_at in ((b"PK\x03\x04", 30, 26, 14, 22),
                                                     (b"PK\x01\x02", 46, 28, 16, 24)):
        at = 0
        while (at := out.find(sig, at)) >= 0:
            n = struct.unpack_from("<H", out, at + length_at)[0]
            if out[at + name_at:at + name_at + n] == raw:
                struct.pack_into("<I", out, at + crc_at, crc)
                struct.pack_into("<I", out, at + size_at, size)
            at += 4
    return bytes(out)


def bombed(source: bytes | Path, name: str, payload: bytes, method: int) -> bytes:
    """A ZIP with every member of ``source`` (a package's bytes, or none) as it was,
    and ``name`` replaced by ``payload`` compressed with ``method``, claiming to
    unpack to 300 bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as dst:
        if source:
            with zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes)
                                 else source) as src:
                for info in src.infolist():
                    if info.filename != name:
                        dst.writestr(info, src.read(info), compress_type=info.compress_type)
        dst.writestr(name, payload, compress_type=method, compresslevel=9)
    return lie(buf.getvalue(), name, 300, payload)
