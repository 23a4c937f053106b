"""Issue 40 item 1: every compressed member of every container monrad reads is unpacked
as a stream, the limit counted on what comes out, whatever its method.

The bombs are made here, small, from code: a member whose index claims a few hundred
bytes while its bzip2, LZMA or deflate stream unpacks to :data:`BOMB` bytes (a 3 KB
rating list made ``zipfile`` allocate 2.4 GB in one call).  Each test measures the
memory Python allocates while the file is refused (:mod:`tracemalloc`): before the
change the whole bomb was unpacked in one call; now no more than a piece of it is."""

from __future__ import annotations

import bz2
import io
import lzma
import struct
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO
from zip_lies import bombed, lie

from monrad.addin.cli import main
from monrad.converters.book import lite_workbook as LW
from monrad.converters.errors import InputError
from monrad.converters.ratings.lists import iter_list
from monrad.converters.workbook import calamine_book, package_book
from monrad.converters.workbook.package import Package
from monrad.converters.zipped import read_member

#: what a bomb unpacks to (small enough for a test, large enough to see)
BOMB = 48 * 1024 * 1024
#: the most a refusal may allocate (a few of the reader's pieces)
BOUND = 8 * 1024 * 1024
CLUB_TRF = REPO / "examples" / "club.trf"
XML_HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n'


def peak(job: Callable[[], object]) -> int:
    """The most memory Python held while ``job`` ran (it is expected to raise)."""
    tracemalloc.start()
    try:
        job()
    finally:
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return top


@pytest.fixture(scope="module")
def filler() -> bytes:
    return XML_HEAD + b" " * BOMB


# ------------------------------------------------------------------ rating lists
@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA, zipfile.ZIP_DEFLATED],
                         ids=["bzip2", "lzma", "deflate"])
def test_issue40_item1_a_rating_list_member_claiming_a_small_size_is_refused_as_a_stream(
        tmp_path: Path, filler: bytes, method: int) -> None:
    f = tmp_path / "list.zip"
    f.write_bytes(bombed(b"", "players_list_xml_foa.xml", filler, method))
    assert f.stat().st_size < 120_000

    def job() -> None:
        with pytest.raises(InputError, match=r"list.zip:players_list_xml_foa.xml: the list "
                                             r"'players_list_xml_foa.xml' unpacks to more "
                                             r"than the 300 bytes the ZIP index gives it"):
            list(iter_list(f))
    assert peak(job) < BOUND


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA],
                         ids=["bzip2", "lzma"])
def test_issue40_item1_a_rating_list_in_bzip2_or_lzma_is_still_read(tmp_path: Path,
                                                                    method: int) -> None:
    """A list zipped with 7-Zip's other methods: read as before, in pieces."""
    xml = (REPO / "tests" / "data" / "ratings" / "players_list_xml_foa.xml").read_bytes()
    f = tmp_path / "list.zip"
    with zipfile.ZipFile(f, "w", method) as z:
        z.writestr("players_list_xml_foa.xml", xml)
    plain = tmp_path / "players_list_xml_foa.xml"
    plain.write_bytes(xml)
    assert list(iter_list(f)) == list(iter_list(plain))


# ------------------------------------------------------------------ workbooks
@pytest.fixture()
def no_calamine(monkeypatch: pytest.MonkeyPatch) -> None:
    """calamine (Rust, whose memory tracemalloc does not see) must never be reached."""
    def boom(*a: object, **k: object) -> None:
        raise AssertionError("calamine was reached: the members were not checked first")

    pc = calamine_book._calamine()
    monkeypatch.setattr(pc.CalamineWorkbook, "from_path", boom)
    monkeypatch.setattr(pc.CalamineWorkbook, "from_filelike", boom)


def _readers(path: Path) -> list[Callable[[], object]]:
    return [lambda: package_book.open_book(path), lambda: calamine_book.open_legacy_book(path),
            lambda: Package(path.read_bytes(), str(path))]


@pytest.mark.parametrize("part", ["xl/workbook.xml", "xl/worksheets/sheet2.xml",
                                  "docProps/app.xml"])
def test_issue40_item1_a_deflated_part_claiming_a_small_size_is_refused_by_every_reader(
        book: Path, filler: bytes, no_calamine: None, part: str) -> None:
    """The one method Excel writes: a part whose index lies about its size is refused
    at the first byte past it, by the limits, the package reader and calamine's door."""
    book.write_bytes(bombed(book, part, filler, zipfile.ZIP_DEFLATED))
    assert book.stat().st_size < 200_000
    for reader in _readers(book):
        def job(reader: Callable[[], object] = reader) -> None:
            with pytest.raises(InputError, match=rf"club.xlsx: part '{part}' unpacks to more "
                                                 r"than the 300 bytes the ZIP index gives it"):
                reader()
        assert peak(job) < BOUND


@pytest.mark.parametrize("method, name", [(zipfile.ZIP_BZIP2, "bzip2"),
                                          (zipfile.ZIP_LZMA, "LZMA")])
def test_issue40_item1_a_workbook_part_in_bzip2_or_lzma_is_refused_by_its_method(
        book: Path, filler: bytes, no_calamine: None, method: int, name: str) -> None:
    """Excel, LibreOffice and every spreadsheet program write stored or deflated
    parts only: another method is refused from the index, before a byte is unpacked."""
    book.write_bytes(bombed(book, "xl/worksheets/sheet2.xml", filler, method))
    for reader in _readers(book):
        def job(reader: Callable[[], object] = reader) -> None:
            with pytest.raises(InputError, match=rf"part 'xl/worksheets/sheet2.xml' is "
                                                 rf"compressed with {name} \(ZIP method "
                                                 rf"{method}\), which no spreadsheet program "
                                                 r"writes"):
                reader()
        assert peak(job) < BOUND


def test_issue40_item1_standings_on_a_bombed_workbook_is_one_line(
        book: Path, filler: bytes, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's ``monrad standings``: a MemoryError before."""
    book.write_bytes(bombed(book, "xl/worksheets/sheet2.xml", filler, zipfile.ZIP_BZIP2))
    assert main(["standings", str(book)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"monrad: {book}: part 'xl/worksheets/sheet2.xml' is compressed "
                          "with bzip2") and "\n" not in err


def test_issue40_item1_lite_parts_are_read_as_a_stream(book: Path, filler: bytes) -> None:
    """The Lite code's part (``monrad lite`` reads it) claims 300 bytes and holds 48 MB."""
    data = bombed(book, LW.WEB_EXTENSION, filler, zipfile.ZIP_DEFLATED)

    def job() -> None:
        with pytest.raises(InputError, match="unpacks to more than the 300 bytes"):
            LW.read_lite_code(data)
    assert peak(job) < BOUND


# ------------------------------------------------------------------ the reader itself
@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED,
                                    zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_issue40_item1_members_read_whole_and_damage_named_as_zipfile_does(method: int) -> None:
    """Every method reads back exactly; a member shorter than its index says ends
    early (EOFError) and a wrong CRC-32 is damage (BadZipFile), as with zipfile."""
    payload = bz2.compress(b"monrad" * 1000) + b"x" * 200_000 + lzma.compress(b"!")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        z.writestr("a.xml", payload)
    good = buf.getvalue()
    with zipfile.ZipFile(io.BytesIO(good)) as z:
        assert read_member(z, z.getinfo("a.xml"), "t.zip") == payload
    longer = lie(good, "a.xml", len(payload) + 1, payload)
    with zipfile.ZipFile(io.BytesIO(longer)) as z, pytest.raises(EOFError):
        read_member(z, z.getinfo("a.xml"), "t.zip")
    wrong = bytearray(lie(good, "a.xml", len(payload), payload))
    struct.pack_into("<I", wrong, wrong.index(b"PK\x01\x02") + 16, 1234)
    with zipfile.ZipFile(io.BytesIO(bytes(wrong))) as z, \
            pytest.raises(zipfile.BadZipFile, match="Bad CRC-32"):
        read_member(z, z.getinfo("a.xml"), "t.zip")
