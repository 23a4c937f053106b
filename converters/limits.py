"""Hard limits for strangers' files, checked before anything is parsed.

A club tournament is a few kilobytes: a roster of a few hundred players, a few
dozen rounds, a sheet of a few hundred rows.  Whatever a file claims, monrad refuses
it with one located line (:class:`~monrad.converters.errors.InputError`, exit
status 2) *before* a reader builds anything from it, when it goes past one of these
limits (the README lists them):

==========================  =================  ========================================
limit                       value              checked on
==========================  =================  ========================================
:data:`MAX_INPUT_BYTES`     50 MiB             the file on disk (every format)
:data:`MAX_PARTS`           2,000              the zip index of a workbook (parts)
:data:`MAX_PART_BYTES`      64 MiB             one part, unpacked (zip index)
:data:`MAX_UNPACKED_BYTES`  128 MiB            all parts together, unpacked
:data:`MAX_RATIO`           500                unpacked / packed size of a part over
                                               :data:`RATIO_FROM_BYTES` (zip bombs)
:data:`MAX_ROWS`            100,000            a sheet's declared dimension, then a
                                               streaming scan of its cells (``.xlsx``,
                                               ``.xlsm``, ``.ods``, ``.xls``)
:data:`MAX_COLUMNS`         1,024              the same, for columns
:data:`MAX_CELLS`           2,000,000          the same, rows x columns spanned
:data:`MAX_LINES`           100,000            a text file (TRF, CSV, WOF, klubtur)
:data:`MAX_FIELDS`          1,024              one CSV row
:data:`MAX_RECORD`          64 KiB             one CSV row over all its lines (every CSV
                                               reader: :func:`csv_rows`)
:data:`MAX_PLAYERS`         9,999              start numbers (TRF: four digits)
:data:`MAX_ROUNDS`          999                rounds of a tournament
:data:`MAX_RATING`          9,999              a rating (TRF: four digits)
:data:`MAX_GAME_POINTS`     100                points a scoring gives for one game
:data:`MAX_SEED`            2**53 - 1          a lot's recorded seed (a cell holds it exactly)
:data:`MAX_LIST_BYTES`      3 GiB              a rating list, unpacked (ZIP index, then
                                               the bytes read)
:data:`MAX_LIST_RECORD`     64 KiB             one ``<player>`` element, one line of a
                                               TXT or CSV rating list
==========================  =================  ========================================

A rating list (FIDE's is about 700 MB unpacked) is streamed, never held: its ZIP
member is checked by :func:`check_member` (size, ratio, encryption, compression
method) before a byte is unpacked, and its readers refuse an element or a line
longer than :data:`MAX_LIST_RECORD` as soon as they have read that much of it.
Every ZIP member, a list's or a workbook's part, is unpacked by
:mod:`~monrad.converters.zipped`: in pieces, never a byte past the size its index
declares, whatever its method (issue 40 item 1).

Workbooks are checked by :func:`check_workbook` (by the file's own kind: a ZIP
package, an OLE ``.xls``), which both readers call first: the openpyxl back end
(:func:`~monrad.converters.workbook.package_book.open_book`) and the calamine one
(:func:`~monrad.converters.workbook.calamine_book.open_legacy_book`), so that neither ever
allocates for a cell at ``XFD1048576`` (issue 21: a 13 KB workbook made openpyxl
grow past 1.7 GB and calamine ask for 51 GB).  The scans read the compressed
stream in pieces and stop at the first cell past a limit; nothing is kept.
"""

from __future__ import annotations

import csv
import os
import re
import struct
import zipfile
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..engine.i18n import Message, tr
from .errors import MAX_INPUT_BYTES, InputError, os_reason
from .zipped import EVERY_METHOD, SPREADSHEET_METHODS, drain, open_member, read_member

__all__ = [
    "MAX_COLUMNS",
    "MAX_FIELDS",
    "MAX_GAME_POINTS",
    "MAX_INPUT_BYTES",
    "MAX_LINES",
    "MAX_LIST_BYTES",
    "MAX_LIST_RECORD",
    "MAX_PARTS",
    "MAX_PART_BYTES",
    "MAX_PLAYERS",
    "MAX_RATING",
    "MAX_RECORD",
    "MAX_RATIO",
    "MAX_ROUNDS",
    "MAX_ROWS",
    "MAX_UNPACKED_BYTES",
    "RATIO_FROM_BYTES",
    "bounded",
    "check_fields",
    "check_lines",
    "check_member",
    "check_workbook",
    "check_zip",
    "column_number",
    "csv_rows",
]

MAX_PARTS = 2_000
MAX_PART_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 128 * 1024 * 1024
MAX_RATIO = 500
#: parts smaller than this unpacked are never refused for their ratio
RATIO_FROM_BYTES = 1024 * 1024
MAX_ROWS = 100_000
MAX_COLUMNS = 1_024
#: rows x columns a sheet's cells may span (a reader reads the rectangle)
MAX_CELLS = 2_000_000
MAX_LINES = 100_000
MAX_FIELDS = 1_024
MAX_PLAYERS = 9_999
MAX_ROUNDS = 999
MAX_RATING = 9_999
MAX_GAME_POINTS = 100
#: a lot's seed: what a spreadsheet cell holds exactly (2**53 - 1)
MAX_SEED = 2**53 - 1
#: the largest rating list read, unpacked (FIDE's XML is about 700 MB unpacked in 2026)
MAX_LIST_BYTES = 3 * 1024**3
#: the longest ``<player>`` element or line of a rating list (FIDE's are under 1 KB)
MAX_LIST_RECORD = 64 * 1024
#: the longest record of a CSV table, over all its lines (a roster row is under 1 KB)
MAX_RECORD = 64 * 1024

#: the highest value of each whole-number player field a reader accepts
PLAYER_NUMBER_LIMITS = {"start_no": MAX_PLAYERS, "rating": MAX_RATING,
                        "national_rating": MAX_RATING, "withdrawn_after": MAX_ROUNDS,
                        "entered_at": MAX_ROUNDS}

#: the longest number text :func:`fraction` reads
MAX_NUMBER_TEXT = 30

_CHUNK = 1024 * 1024


def bounded(value: int, what: Message | str, low: int, high: int) -> Message | None:
    """``None`` if ``low <= value <= high``, else the message saying why not
    (the caller raises it with its location).

    >>> bounded(7, "rounds", 1, MAX_ROUNDS) is None
    True
    >>> bounded(10**30, "number of rounds", 1, MAX_ROUNDS).render("en")
    'number of rounds 1000000000000000000000000000000 is out of range (1 to 999)'
    """
    if low <= value <= high:
        return None
    return tr("{what} {value} is out of range ({low} to {high})", what=what, value=value,
              low=low, high=high)


def fraction(text: str) -> Fraction:
    """``Fraction(text)`` for a number written in a file, refusing (``ValueError``)
    what no file means but would make :class:`~fractions.Fraction` work for minutes:
    an exponent (``1e99999999`` is a hundred-million-digit integer) or more than
    :data:`MAX_NUMBER_TEXT` characters.

    >>> fraction("0.5"), fraction("-3")
    (Fraction(1, 2), Fraction(-3, 1))
    >>> fraction("1e99999999")
    Traceback (most recent call last):
    ValueError: '1e99999999' is not a plain number
    """
    s = str(text).strip()
    if len(s) > MAX_NUMBER_TEXT or "e" in s.lower() or "_" in s:
        raise ValueError(f"{s[:MAX_NUMBER_TEXT]!r} is not a plain number")
    return Fraction(s)


def column_number(letters: str) -> int:
    """``A`` -> 1, ``XFD`` -> 16384 (0 for no letters).

    >>> column_number("XFD"), column_number("")
    (16384, 0)
    """
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def check_lines(text: str, label: str) -> None:
    """Refuse a text with more than :data:`MAX_LINES` lines, naming the first line too many."""
    if text.count("\n") + text.count("\r") <= MAX_LINES:
        return
    count = len(re.split(r"\r\n|\r|\n", text))
    if count > MAX_LINES:
        raise InputError(tr('more than {max_lines} lines: not a tournament file',
                            max_lines=MAX_LINES),
                         source=label, line=MAX_LINES + 1)


def check_fields(count: int, label: str, line: int) -> None:
    """Refuse a CSV row of more than :data:`MAX_FIELDS` fields."""
    if count > MAX_FIELDS:
        raise InputError(tr('{count} fields in one row (limit {max_fields})',
                            count=count, max_fields=MAX_FIELDS), source=label, line=line)


class _RecordLines:
    """Lines for :func:`csv.reader`, numbered, and the characters of the record being
    read counted over all its lines."""

    def __init__(self, lines: Iterator[str], label: str, first: int) -> None:
        self.lines, self.label = lines, label
        self.number = first - 1  # the last line read
        self.start, self.size = first, 0  # the record being read

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self.lines)
        self.number += 1
        self.size += len(line)
        if self.size > MAX_RECORD:
            raise InputError(tr("a record longer than {kib} KiB, from this line on (a quote "
                                "left open?): not a table; refused", kib=MAX_RECORD // 1024),
                             source=self.label, line=self.start)
        return line

    def next_record(self) -> None:
        self.start, self.size = self.number + 1, 0


def csv_rows(lines: Iterable[str], label: str, *, first: int = 1,
             **dialect: Any) -> Iterator[tuple[int, list[str]]]:
    """``(line it starts on, fields)`` of every row of a CSV text given as lines (the
    text's first line is line ``first``), read by :func:`csv.reader` with ``dialect``.

    A row is refused, naming the line it starts on, past :data:`MAX_RECORD` characters
    over all its lines (issue 40 item 2: a quoted cell running over millions of short
    lines, each within every line bound, made one row of 2.4 GB) or past
    :data:`MAX_FIELDS` fields; a row the csv module cannot read names its line."""
    counted = _RecordLines(iter(lines), label, first)
    reader = csv.reader(counted, **dialect)
    while True:
        counted.next_record()
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            raise InputError(tr('not a readable CSV row ({exc})', exc=exc), source=label,
                             line=counted.number) from None
        check_fields(len(row), label, counted.start)
        yield counted.start, row


# ------------------------------------------------------------------ workbooks
def check_workbook(path: str | os.PathLike[str], label: str | None = None) -> None:
    """Every limit of a workbook file, from its index and its sheets' declared and
    scanned size, before any cell is read: a ZIP package (``.xlsx``, ``.xlsm``,
    ``.xlsb``, ``.ods``) or an OLE ``.xls``.  Anything else is left to the reader
    (which refuses it as unreadable)."""
    p = Path(path)
    label = label or str(p)
    try:
        size = p.stat().st_size
        with open(p, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        raise InputError(tr('cannot read file: {value}', value=os_reason(exc)), source=label) from None
    if size > MAX_INPUT_BYTES:
        raise InputError(tr('file is {size} bytes, more than the {max_input_bytes} allowed',
                            size=size, max_input_bytes=MAX_INPUT_BYTES),
                         source=label)
    if head.startswith(b"PK"):
        _check_package(p, label)
    elif head == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        _check_xls(p, label)


#: the names of the compression methods monrad unpacks, for messages
_METHOD_NAMES = {zipfile.ZIP_BZIP2: "bzip2", zipfile.ZIP_LZMA: "LZMA"}


def check_member(info: zipfile.ZipInfo, label: str, limit: int,
                 what: object = None, methods: frozenset[int] = EVERY_METHOD) -> None:
    """One ZIP member before a byte of it is unpacked: not encrypted, compressed by one
    of ``methods``, at most ``limit`` bytes unpacked and, over
    :data:`RATIO_FROM_BYTES`, compressed at most :data:`MAX_RATIO`:1 (zip bombs).
    ``what`` names the member in messages (``part``, a workbook's; a message).

    The size the index declares is what :func:`~monrad.converters.zipped.open_member`
    yields at most (issue 40 item 1: one byte more is refused, whatever the method),
    so checking it bounds what is read."""
    name = info.filename
    what = what or tr("part")
    if info.flag_bits & 0x1:
        raise InputError(str(tr("{what} {name!r} is encrypted (password-protected); refused",
                                what=what, name=name)), source=label)
    if info.compress_type in EVERY_METHOD and info.compress_type not in methods:
        raise InputError(str(tr("{what} {name!r} is compressed with {method} (ZIP method "
                                "{number}), which no spreadsheet program writes; refused",
                                what=what, name=name, number=info.compress_type,
                                method=_METHOD_NAMES.get(info.compress_type, "?"))),
                         source=label)
    if info.compress_type not in methods:
        raise InputError(str(tr("{what} {name!r} is compressed with a method monrad cannot "
                                "unpack (ZIP method {method}); refused", what=what, name=name,
                                method=info.compress_type)), source=label)
    if info.file_size > limit:
        raise InputError(str(tr("{what} {name!r} unpacks to {size} bytes (limit {limit}); "
                                "refused before unpacking", what=what, name=name,
                                size=info.file_size, limit=limit)), source=label)
    if info.file_size > RATIO_FROM_BYTES and \
            info.file_size > MAX_RATIO * max(info.compress_size, 1):
        ratio = info.file_size // max(info.compress_size, 1)
        raise InputError(str(tr("{what} {name!r} is compressed {ratio}:1 (limit {most}:1), "
                                "as zip bombs are; refused before unpacking", what=what,
                                name=name, ratio=ratio, most=MAX_RATIO)), source=label)


def check_zip(zf: zipfile.ZipFile, label: str) -> None:
    """The package index: number of parts, unpacked sizes, compression ratios and
    methods (those spreadsheet programs write)."""
    infos = zf.infolist()
    if len(infos) > MAX_PARTS:
        raise InputError(tr('the workbook has {n} parts (limit {max_parts}); refused before '
                            'unpacking',
                            n=len(infos), max_parts=MAX_PARTS), source=label)
    total = 0
    for info in infos:
        check_member(info, label, MAX_PART_BYTES, methods=SPREADSHEET_METHODS)
        total += info.file_size
    if total > MAX_UNPACKED_BYTES:
        raise InputError(tr('the workbook unpacks to {total} bytes (limit '
                            '{max_unpacked_bytes}); refused before unpacking',
                            total=total, max_unpacked_bytes=MAX_UNPACKED_BYTES), source=label)


def _check_package(p: Path, label: str) -> None:
    try:
        with zipfile.ZipFile(p) as zf:
            check_zip(zf, label)
            names = set(zf.namelist())
            scanned: set[str] = set()
            if "content.xml" in names and "xl/workbook.xml" not in names:
                _check_ods(zf, label)
                scanned.add("content.xml")
            else:
                for sheet, part in _xlsx_sheets(zf, label):
                    _check_sheet_part(zf, part, sheet, label)
                    scanned.add(part)
            for info in zf.infolist():  # every other part unpacks to its declared size
                if info.filename not in scanned:
                    drain(zf, info, label)
    except InputError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError,
            ValueError, OSError, RuntimeError) as exc:  # a damaged or encrypted package
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError(tr('not a readable workbook ({reason})', reason=reason), source=label) from None


def _limit_message(rows: int, cols: int, how: str) -> str | None:
    if rows > MAX_ROWS:
        return f"the sheet {how} {rows} rows (limit {MAX_ROWS}); refused before reading it"
    if cols > MAX_COLUMNS:
        return f"the sheet {how} {cols} columns (limit {MAX_COLUMNS}); refused before reading it"
    if rows * cols > MAX_CELLS:
        return (f"the sheet {how} {rows} rows by {cols} columns, more than {MAX_CELLS} cells; "
                "refused before reading it")
    return None


def _refuse(sheet: str, rows: int, cols: int, how: str, label: str, cell: str | None = None) -> None:
    message = _limit_message(rows, cols, how)
    if message is not None:
        raise InputError(message, source=label, sheet=sheet, cell=cell)


class _Extent:
    """The rows and columns a sheet's cells span so far, refused past a limit."""

    def __init__(self, sheet: str, label: str) -> None:
        self.sheet, self.label = sheet, label
        self.rows = self.cols = 0

    def see(self, row: int, col: int, cell: str | None = None) -> None:
        if row <= self.rows and col <= self.cols:
            return
        self.rows, self.cols = max(self.rows, row), max(self.cols, col)
        if self.rows > MAX_ROWS or self.cols > MAX_COLUMNS:
            _refuse(self.sheet, row, col, "reaches", self.label, cell)
        _refuse(self.sheet, self.rows, self.cols, "spans", self.label, cell)


# --- .xlsx / .xlsm / .xlsb
def _xlsx_sheets(zf: zipfile.ZipFile, label: str) -> list[tuple[str, str]]:
    """``(sheet name, part name)`` of every worksheet; the part name stands for the
    sheet where the workbook part does not say."""
    names = zf.namelist()
    parts = [n for n in names if re.fullmatch(r"xl/(worksheets|chartsheets|dialogsheets|macrosheets)/[^/]+\.(xml|bin)", n)]
    titles: dict[str, str] = {}
    try:
        from defusedxml import ElementTree as DET

        book = next((n for n in ("xl/workbook.xml", "xl/workbook.bin") if n in names), None)
        rels = "xl/_rels/workbook.xml.rels"
        if book == "xl/workbook.xml" and rels in names:
            targets = {}
            for el in DET.fromstring(read_member(zf, zf.getinfo(rels), label)).iter():
                if el.tag.endswith("Relationship"):
                    target = el.get("Target", "").lstrip("/")
                    targets[el.get("Id")] = target if target.startswith("xl/") else f"xl/{target}"
            for el in DET.fromstring(read_member(zf, zf.getinfo(book), label)).iter():
                if el.tag.endswith("}sheet") or el.tag == "sheet":
                    rid = next((v for k, v in el.attrib.items() if k.endswith("}id")), None)
                    if rid in targets:
                        titles[os.path.normpath(targets[rid]).replace(os.sep, "/")] = el.get("name", "")
    except InputError:
        raise
    except Exception:  # noqa: BLE001 - a damaged workbook part: the reader says so; the parts are still scanned
        titles = {}
    return [(titles.get(part) or part, part) for part in parts]


_DIMENSION = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*?\bref\s*=\s*[\"']([^\"']*)[\"']")
_TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?(row|c|sheetData)\b([^>]*)>")
_R = re.compile(rb"(?:^|\s)r\s*=\s*[\"']\s*([A-Za-z]*)(\d*)\s*[\"']")
_REF = re.compile(r"\$?([A-Za-z]{0,3})\$?(\d{0,7})")


def _chunks(zf: zipfile.ZipFile, part: str, label: str) -> Iterator[bytes]:
    with open_member(zf, zf.getinfo(part), label) as fh:
        while True:
            block = fh.read(_CHUNK)
            if not block:
                return
            yield block


def _declared(ref: str) -> tuple[int, int]:
    """Rows and columns of a ``<dimension ref="A1:XFD99000">``."""
    last = ref.split(":")[-1].strip()
    m = _REF.fullmatch(last)
    if not m:
        return 0, 0
    return int(m.group(2) or 0), column_number(m.group(1))


def _check_sheet_part(zf: zipfile.ZipFile, part: str, sheet: str, label: str) -> None:
    """The declared dimension, then every row and cell reference, of one sheet part."""
    if part.endswith(".bin"):
        _check_xlsb_part(zf, part, sheet, label)
        return
    tail = b""
    row = col = 0
    first = True
    extent = _Extent(sheet, label)
    for block in _chunks(zf, part, label):
        data = tail + block
        if first:
            first = False
            m = _DIMENSION.search(data[:65536])
            if m:
                rows, cols = _declared(m.group(1).decode("ascii", "replace"))
                _refuse(sheet, rows, cols, "declares", label)
        cut = data.rfind(b"<")
        if cut == -1 or data.find(b">", cut) != -1:
            cut = len(data)
        text, tail = data[:cut], data[cut:]
        if len(tail) > _CHUNK:
            raise InputError(tr('a tag longer than 1 MiB: not a workbook sheet'), source=label,
                             sheet=sheet)
        for m in _TAG.finditer(text):
            kind, attrs = m.group(1), m.group(2)
            if kind == b"sheetData":
                continue
            r = _R.search(attrs)
            if kind == b"row":
                row = int(r.group(2)) if r and r.group(2) else row + 1
                col = 0
                extent.see(row, 0)
            else:
                if r and r.group(1):
                    col = column_number(r.group(1).decode("ascii"))
                    if r.group(2):
                        row = max(row, int(r.group(2)))
                else:
                    col += 1
                if row > extent.rows or col > extent.cols:
                    cell = (r.group(1) + r.group(2)).decode("ascii").upper() if r else None
                    extent.see(row, col, cell)


def _varint(data: bytes, pos: int, width: int) -> tuple[int, int]:
    value = shift = 0
    for _ in range(width):
        if pos >= len(data):
            raise ValueError("record cut short")
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    return value, pos


def _check_xlsb_part(zf: zipfile.ZipFile, part: str, sheet: str, label: str) -> None:
    """An ``.xlsb`` sheet: BrtWsDim (148) declares the size, BrtRowHdr (0) gives each
    row, the cell records (1-13) their column ([MS-XLSB] 2.1.4, 2.4)."""
    data = read_member(zf, zf.getinfo(part), label)  # bounded by MAX_PART_BYTES (check_zip)
    pos = row = 0
    extent = _Extent(sheet, label)
    while pos < len(data):
        kind, pos = _varint(data, pos, 2)
        size, pos = _varint(data, pos, 4)
        body = data[pos:pos + size]
        pos += size
        if kind == 148 and len(body) >= 16:
            _r0, r1, _c0, c1 = struct.unpack_from("<IIII", body)
            _refuse(sheet, r1 + 1, c1 + 1, "declares", label)
        elif kind == 0 and len(body) >= 4:
            row = struct.unpack_from("<I", body)[0] + 1
            extent.see(row, 0)
        elif 1 <= kind <= 13 and len(body) >= 4:
            extent.see(row, struct.unpack_from("<I", body)[0] + 1)


# --- .ods
_ODS_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_ODS_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"


def _check_ods(zf: zipfile.ZipFile, label: str) -> None:
    """``content.xml``, streamed: the rows and cells that hold something, with their
    ``number-rows-repeated`` / ``number-columns-repeated`` counts (what calamine
    would expand), never the empty repeats LibreOffice writes up to row 1,048,576."""
    from defusedxml.ElementTree import iterparse

    table_tag, row_tag = f"{{{_ODS_TABLE}}}table", f"{{{_ODS_TABLE}}}table-row"
    cells = {f"{{{_ODS_TABLE}}}table-cell", f"{{{_ODS_TABLE}}}covered-table-cell"}
    rows_rep, cols_rep = f"{{{_ODS_TABLE}}}number-rows-repeated", f"{{{_ODS_TABLE}}}number-columns-repeated"
    value_type = f"{{{_ODS_OFFICE}}}value-type"
    sheet, row, col, row_filled, last_col = "", 0, 0, False, 0
    extent = _Extent(sheet, label)
    with open_member(zf, zf.getinfo("content.xml"), label) as fh:
        for event, el in iterparse(fh, events=("start", "end")):
            tag = el.tag
            if event == "start":
                if tag == table_tag:
                    sheet, row = el.get(f"{{{_ODS_TABLE}}}name", ""), 0
                    extent = _Extent(sheet, label)
                elif tag == row_tag:
                    col, row_filled = 0, False
                continue
            if tag in cells:
                rep = _count(el.get(cols_rep))
                if el.get(value_type) is not None or len(el) or (el.text or "").strip():
                    row_filled = True
                    last_col = col + rep
                    extent.see(row + 1, last_col)
                col += rep
                el.clear()
            elif tag == row_tag:
                rep = _count(el.get(rows_rep))
                if row_filled:
                    extent.see(row + rep, last_col)
                row += rep
                el.clear()


def _count(text: str | None) -> int:
    try:
        return max(1, int(text)) if text else 1
    except ValueError:
        return 1


# --- .xls
#: BIFF8 records that hold one cell (row u16, column u16 first) or a run of them
_XLS_CELLS = {0x0006, 0x00FD, 0x0201, 0x0203, 0x0204, 0x0205, 0x027E, 0x00D6}
_XLS_RUNS = {0x00BD, 0x00BE}  # MULRK, MULBLANK: row, first column, ..., last column


def _check_xls(p: Path, label: str) -> None:
    """An Excel 97-2003 file ([MS-XLS]): the sheet names (BOUNDSHEET), each sheet's
    DIMENSIONS record and every cell record's row and column."""
    import olefile

    try:
        with olefile.OleFileIO(str(p)) as ole:
            stream = next((s for s in ("Workbook", "Book") if ole.exists(s)), None)
            if stream is None:
                return  # not a workbook: calamine refuses it
            data = ole.openstream(stream).read()
    except InputError:
        raise
    except Exception as exc:  # noqa: BLE001 - olefile's own error types
        reason = " ".join(str(exc).split()) or type(exc).__name__
        raise InputError(tr('not a readable workbook ({reason})', reason=reason), source=label) from None
    offsets: dict[int, str] = {}
    pos, sheet = 0, "?"
    extent = _Extent(sheet, label)
    while pos + 4 <= len(data):
        kind, size = struct.unpack_from("<HH", data, pos)
        body = data[pos + 4:pos + 4 + size]
        if kind == 0x0085 and len(body) >= 8:  # BOUNDSHEET8: stream offset, name
            offset = struct.unpack_from("<I", body)[0]
            offsets[offset] = _xls_name(body[6:])
        elif kind == 0x0809:  # BOF: a sheet starts here
            sheet = offsets.get(pos, sheet)
            extent = _Extent(sheet, label)
        elif kind == 0x0200 and len(body) >= 12:  # DIMENSIONS: rwMac (u32), colMac (u16)
            last_row, last_col = struct.unpack_from("<I", body, 4)[0], struct.unpack_from("<H", body, 10)[0]
            _refuse(sheet, last_row, last_col, "declares", label)
        elif kind in _XLS_CELLS and len(body) >= 4:
            r, c = struct.unpack_from("<HH", body)
            extent.see(r + 1, c + 1)
        elif kind in _XLS_RUNS and len(body) >= 6:
            r = struct.unpack_from("<H", body)[0]
            c = struct.unpack_from("<H", body, len(body) - 2)[0]
            extent.see(r + 1, c + 1)
        pos += 4 + size


def _xls_name(raw: bytes) -> str:
    """A BOUNDSHEET name: length byte, flags byte (1 = UTF-16), characters."""
    if len(raw) < 2:
        return "?"
    n, wide = raw[0], raw[1] & 1
    try:
        return raw[2:2 + 2 * n].decode("utf-16-le") if wide else raw[2:2 + n].decode("latin-1")
    except UnicodeDecodeError:
        return "?"
