"""ZIP members read as bounded streams, whatever their compression (issue 40 item 1).

:mod:`zipfile` trusts a member's index: ``ZipFile.read`` inflates a deflated member in
one call of up to 2 GiB before it cuts what came out to the size the index declares,
and a bzip2 or LZMA member in one call of whatever the compressed bytes read at once
unpack to, so a 3 KB rating list or a 10 KB ``.xlsx`` whose member claims a small size
grew to gigabytes before any check saw it.  Every container monrad reads (rating-list
ZIPs, ``.xlsx``/``.xlsm``/``.ods`` packages, the Lite parts in them) is read here
instead: monrad unpacks each member itself, at most :data:`CHUNK` bytes per call,
counting what comes out, and refuses

* more bytes than the index declares, as soon as one more is seen (a zip bomb: the
  declared size is what :func:`~monrad.converters.limits.check_member` bounded), with
  one line naming the member;
* fewer bytes, or a CRC-32 that differs (a damaged file): :class:`EOFError` and
  :class:`zipfile.BadZipFile`, as :mod:`zipfile` raises them, so each reader keeps its
  own words for a damaged file.

A member read whole here unpacks exactly to its declared size, so a library that reads
the same package afterwards (calamine, in Rust) gets no more than was checked.  Which
methods a container may use is the caller's choice
(:func:`~monrad.converters.limits.check_member`): a workbook only what spreadsheet
programs write (stored, deflate), a rating list also bzip2 and LZMA.
"""

from __future__ import annotations

import bz2
import copy
import io
import struct
import zipfile
import zlib
from typing import IO, Any, Protocol

from ..engine.i18n import Message, tr
from .errors import InputError

__all__ = ["CHUNK", "EVERY_METHOD", "SPREADSHEET_METHODS", "drain", "open_member",
           "read_member"]

#: the most a member yields per call (and the compressed bytes read at a time)
CHUNK = 64 * 1024
#: the methods monrad unpacks (stored, deflate, bzip2, LZMA)
EVERY_METHOD = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2,
                          zipfile.ZIP_LZMA})
#: the methods Excel, LibreOffice and every spreadsheet program write
SPREADSHEET_METHODS = frozenset({zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED})


class _Unpacker(Protocol):
    @property
    def eof(self) -> bool: ...

    @property
    def needs_input(self) -> bool: ...

    def decompress(self, data: bytes, max_length: int = ...) -> bytes: ...


class _Deflate:
    """``zlib`` with the interface of :mod:`bz2`/:mod:`lzma` decompressors: input not
    yet used is kept, ``needs_input`` says when more is wanted."""

    def __init__(self) -> None:
        self._z = zlib.decompressobj(-15)

    @property
    def eof(self) -> bool:
        return self._z.eof

    @property
    def needs_input(self) -> bool:
        return not self._z.unconsumed_tail

    def decompress(self, data: bytes, max_length: int = -1) -> bytes:
        return self._z.decompress(self._z.unconsumed_tail + data, max(max_length, 0))


def _lzma(raw: IO[bytes], size: int) -> _Unpacker:
    """The LZMA decompressor of a member of ``size`` bytes: the ZIP's LZMA header
    (version, size of the properties, the properties: ``lc``/``lp``/``pb`` in one byte,
    the dictionary size) read from ``raw`` (APPNOTE 5.8.8).  The dictionary, which the
    decompressor allocates at once, is never larger than the member (the file says how
    large; no match reaches further back than the member's start).  :mod:`lzma` is
    imported here: Pyodide (xlwings Lite) ships it apart, and a workbook never needs it."""
    import lzma

    head = raw.read(4)
    if len(head) < 4:
        raise EOFError("the LZMA header is cut short")
    length = struct.unpack_from("<H", head, 2)[0]
    props = raw.read(length)
    if length < 5 or len(props) < 5:
        raise zipfile.BadZipFile("the LZMA properties are cut short")
    lc, rest = props[0] % 9, props[0] // 9
    lp, pb = rest % 5, rest // 5
    if pb > 4:
        raise zipfile.BadZipFile("the LZMA properties are not valid")
    dict_size = min(struct.unpack_from("<I", props, 1)[0], max(size, 4096))
    return lzma.LZMADecompressor(lzma.FORMAT_RAW, filters=[
        {"id": lzma.FILTER_LZMA1, "lc": lc, "lp": lp, "pb": pb, "dict_size": dict_size}])


class _Member(io.RawIOBase):
    """One member unpacked in pieces of at most :data:`CHUNK` bytes, its output counted
    against the size its index declares and checked against its CRC-32 at the end."""

    def __init__(self, zf: zipfile.ZipFile, info: zipfile.ZipInfo, label: str,
                 what: Message | str) -> None:
        self.info, self.label, self.what = info, label, what
        packed = copy.copy(info)  # the compressed bytes, as zipfile reads a stored member
        packed.compress_type, packed.file_size = zipfile.ZIP_STORED, info.compress_size
        packed.CRC = None  # type: ignore[assignment] # checked here, on what comes out
        self.raw = zf.open(packed)
        self.count, self.crc, self.done, self.exhausted = 0, 0, False, False
        self.unpacker: _Unpacker | None
        try:
            if info.compress_type == zipfile.ZIP_DEFLATED:
                self.unpacker = _Deflate()
            elif info.compress_type == zipfile.ZIP_BZIP2:
                self.unpacker = bz2.BZ2Decompressor()
            elif info.compress_type == zipfile.ZIP_LZMA:
                self.unpacker = _lzma(self.raw, info.file_size)
            elif info.compress_type == zipfile.ZIP_STORED:
                self.unpacker = None
            else:
                raise NotImplementedError(f"ZIP method {info.compress_type}")
        except BaseException:
            self.raw.close()
            raise

    def readable(self) -> bool:
        return True

    def readinto(self, b: Any) -> int:
        out = self._next(min(len(b), CHUNK))
        n = len(out)
        b[:n] = out
        return n

    def _next(self, n: int) -> bytes:
        """At most ``n`` bytes more; ``b""`` at the end (checked then)."""
        while n and not self.done:
            unpacker = self.unpacker
            if unpacker is None:
                out = self.raw.read(n)
                self.done = not out
            else:
                data = b""
                if unpacker.needs_input and not self.exhausted:
                    data = self.raw.read(CHUNK)
                    self.exhausted = not data
                out = unpacker.decompress(data, n)
                self.done = unpacker.eof or (self.exhausted and not out and unpacker.needs_input)
            if out:
                self._count(out)
                return out
        if self.done:
            self._finish()
        return b""

    def _count(self, out: bytes) -> None:
        self.count += len(out)
        if self.count > self.info.file_size:
            raise InputError(tr("{what} {name!r} unpacks to more than the {size} bytes the "
                                "ZIP index gives it, as zip bombs do; refused", what=self.what,
                                name=self.info.filename, size=self.info.file_size),
                             source=self.label)
        self.crc = zlib.crc32(out, self.crc)

    def _finish(self) -> None:
        if self.count < self.info.file_size:
            raise EOFError(f"{self.info.filename!r} ended before the {self.info.file_size} "
                           "bytes its index gives it (truncated)")
        if self.crc != self.info.CRC:
            raise zipfile.BadZipFile(f"Bad CRC-32 for file {self.info.filename!r}")

    def close(self) -> None:
        try:
            self.raw.close()
        finally:
            super().close()


def open_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, label: str,
                what: Message | str | None = None) -> io.BufferedReader:
    """``info``'s bytes as a stream that never yields more than its index declares
    (:class:`InputError` naming ``label`` and the member, ``what``: ``part`` unless
    said).  Check the index first (:func:`~monrad.converters.limits.check_member`): the
    declared size is the bound."""
    return io.BufferedReader(_Member(zf, info, label, what or tr("part")), CHUNK)


def read_member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, label: str,
                what: Message | str | None = None) -> bytes:
    """``info``'s bytes, read through :func:`open_member`."""
    with open_member(zf, info, label, what) as fh:
        return fh.read()


def drain(zf: zipfile.ZipFile, info: zipfile.ZipInfo, label: str,
          what: Message | str | None = None) -> None:
    """Unpack ``info`` to its end and keep nothing: it unpacks to exactly its declared
    size, with its CRC-32 (else the errors of :func:`open_member`)."""
    with open_member(zf, info, label, what) as fh:
        while fh.read(CHUNK):
            pass
