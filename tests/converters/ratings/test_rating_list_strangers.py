"""Issue 30, items 11 and 14-16: rating lists are strangers' files.

* their size is bounded before parsing: a ZIP member's size, compression ratio,
  encryption and method from the index; an element or a line is refused as soon as
  more than ``MAX_LIST_RECORD`` of it has been read (an endless one included), so
  memory stays bounded whatever the file holds (item 14);
* a damaged ZIP, CDATA, a namespace prefix, a rating out of range or written in other
  digits, a FIDE ID too long, a download cut short: one located refusal, never an
  internal error and never a value cut or guessed (item 15);
* a line break inside a field never reaches a line-based file: names are read on one
  line, a code field holding one is refused (item 11);
* one list row fills at most one roster player, and an ID listed twice is reported,
  never "last row wins" (item 16).

The endless streams below stop the test (an ``AssertionError``) after
``_READ_CAP`` bytes, so a reader that does not bound what it reads fails here in a
second, never eating memory.
"""

from __future__ import annotations

import io
import struct
import zipfile
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters.errors import InputError
from monrad.converters.limits import MAX_LIST_RECORD
from monrad.converters.ratings.lists import iter_list, iter_txt, iter_xml, read_csv_list
from monrad.converters.ratings.match import match_list, matches_table
from monrad.engine.model import Player

LISTS = DATA / "ratings"
XML = (LISTS / "players_list_xml_foa.xml").read_bytes()
TXT = (LISTS / "players_list_foa.txt").read_bytes()
#: an endless stream that has yielded this much has not been bounded by the reader
_READ_CAP = 32 * 1024 * 1024


class _Endless(io.RawIOBase):
    """``head`` and then ``fill`` for ever, without a seam between two reads (a stream,
    not a file: nothing on disk)."""

    def __init__(self, head: bytes, fill: bytes) -> None:
        self.head, self.fill, self.count = head, fill, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:  # type: ignore[no-untyped-def]
        assert self.count < _READ_CAP, f"the reader read {self.count} bytes of one record"
        n = len(b)
        data = self.head + self.fill * (n // len(self.fill) + 1)
        self.head = data[n:]  # the rest of this piece comes first next time
        b[:n] = data[:n]
        self.count += n
        return n


def _xml_with(old: bytes, new: bytes) -> bytes:
    assert old in XML
    return XML.replace(old, new, 1)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    f = tmp_path / name
    f.write_bytes(data)
    return f


def _zip(tmp_path: Path, data: bytes, name: str = "players_list_xml_foa.xml",
         method: int = zipfile.ZIP_DEFLATED) -> Path:
    f = tmp_path / "list.zip"
    with zipfile.ZipFile(f, "w", method) as z:
        z.writestr(name, data)
    return f


# ------------------------------------------------------------------ item 14: bounded
def test_issue30_item14_an_endless_xml_element_is_refused_in_bounded_memory() -> None:
    stream = _Endless(b'<?xml version="1.0"?>\n<playerslist>\n<player><fideid>1</fideid>'
                      b"<name>", b"A" * 4096)
    with pytest.raises(InputError, match=r"list.xml:3: an element longer than 64 KiB"):
        list(iter_xml(io.BufferedReader(stream), label="list.xml"))
    assert stream.count <= 4 * 1024 * 1024


def test_issue30_item14_an_endless_txt_line_is_refused_in_bounded_memory() -> None:
    stream = _Endless(TXT.split(b"\n", 1)[0] + b"\n", b"1" * 4096)
    with pytest.raises(InputError, match=r"list.txt:2: a line longer than 64 KiB"):
        list(iter_txt(io.BufferedReader(stream), label="list.txt"))
    assert stream.count <= 2 * 1024 * 1024


def test_issue30_item14_an_endless_csv_line_is_refused_in_bounded_memory() -> None:
    stream = _Endless(b"FIDE ID;Name;Elo\n1;", b"x" * 4096)
    with pytest.raises(InputError, match=r"list.csv:2: a line longer than 64 KiB"):
        list(read_csv_list(io.BufferedReader(stream), label="list.csv"))
    assert stream.count <= 2 * 1024 * 1024


def test_issue30_item14_a_zip_bomb_is_refused_from_its_index(tmp_path: Path) -> None:
    """5 MB of one letter pack into 5 KB: refused by the ratio before unpacking."""
    f = _zip(tmp_path, b'<?xml version="1.0"?>\n<playerslist>\n<player><name>'
             + b"A" * 5_000_000)
    with pytest.raises(InputError, match=r"list.zip: the list 'players_list_xml_foa.xml' is "
                                         r"compressed \d+:1 \(limit 500:1\)"):
        list(iter_list(f))


def test_issue30_item14_an_open_element_in_a_stored_zip_is_refused(tmp_path: Path) -> None:
    """No compression, no ratio to see: the element bound holds inside the ZIP too."""
    f = _zip(tmp_path, b'<?xml version="1.0"?>\n<playerslist>\n<player><name>'
             + b"A" * (MAX_LIST_RECORD * 4), method=zipfile.ZIP_STORED)
    with pytest.raises(InputError, match="xml:3: an element longer than 64 KiB"):
        list(iter_list(f))


# ------------------------------------------------------------------ item 15: located
def test_issue30_item15_a_zip_with_a_bad_crc_is_named_damaged(tmp_path: Path) -> None:
    f = _zip(tmp_path, XML, method=zipfile.ZIP_STORED)
    data = bytearray(f.read_bytes())
    at = data.index(b"<fideid>1500001")
    data[at + 8] = ord("9")
    f.write_bytes(bytes(data))
    with pytest.raises(InputError, match=r"list.zip:players_list_xml_foa.xml: .*damaged "
                                         r"\(bad CRC-32"):
        list(iter_list(f))


def _patch_member(f: Path, *, flag: int | None = None, method: int | None = None) -> None:
    """Set the general-purpose flag or the compression method of the only member, in
    its local header and its central-directory entry."""
    data = bytearray(f.read_bytes())
    for sig, flag_at, method_at in ((b"PK\x03\x04", 6, 8), (b"PK\x01\x02", 8, 10)):
        at = data.index(sig)
        if flag is not None:
            struct.pack_into("<H", data, at + flag_at, flag)
        if method is not None:
            struct.pack_into("<H", data, at + method_at, method)
    f.write_bytes(bytes(data))


@pytest.mark.parametrize("patch, message", [
    ({"flag": 1}, r"the list 'players_list_xml_foa.xml' is encrypted"),
    ({"method": 9}, r"a method monrad cannot unpack \(ZIP method 9\)"),
])
def test_issue30_item15_an_encrypted_or_unsupported_member_is_refused(tmp_path: Path, patch,
                                                                      message) -> None:
    f = _zip(tmp_path, XML)
    _patch_member(f, **patch)
    with pytest.raises(InputError, match=message):
        list(iter_list(f))


def test_issue30_item15_a_corrupt_member_is_refused(tmp_path: Path) -> None:
    f = _zip(tmp_path, XML)
    data = bytearray(f.read_bytes())
    start = data.index(b"players_list_xml_foa.xml") + len("players_list_xml_foa.xml")
    for i in range(start + 10, start + 200):
        data[i] ^= 0x5A
    f.write_bytes(bytes(data))
    with pytest.raises(InputError, match=r"list.zip:players_list_xml_foa.xml: the list in "
                                         r"the ZIP file (cannot be unpacked|is damaged)"):
        list(iter_list(f))


def test_issue30_item15_player_end_inside_cdata_is_text(tmp_path: Path) -> None:
    f = _write(tmp_path, "list.xml", _xml_with(
        b"<name>Odegard, Ola</name>", b"<name><![CDATA[Odegard, Ola</player>]]></name>"))
    rows = {r.fide_id: r for r in iter_list(f)}
    assert rows["1500001"].name == "Odegard, Ola</player>" and len(rows) == 10
    assert rows["1500001"].rating == 2210


@pytest.mark.parametrize("old, new, line", [
    (b"<playerslist>", b'<f:playerslist xmlns:f="urn:x">', 2),
    (b"<fideid>1500001</fideid>", b'<f:fideid xmlns:f="urn:x">1500001</f:fideid>', 4),
])
def test_issue30_item15_a_namespace_prefix_is_a_located_refusal(tmp_path: Path, old, new,
                                                                line) -> None:
    data = _xml_with(old, new)
    if old == b"<playerslist>":
        data = data.replace(b"</playerslist>", b"</f:playerslist>")
    f = _write(tmp_path, "list.xml", data)
    with pytest.raises(InputError, match=rf"list.xml:{line}: refused: <f:\w+> has a "
                                         "namespace prefix"):
        list(iter_list(f))


@pytest.mark.parametrize("field, value, message", [
    (b"rating", b"123456", r"rating 123456 is out of range \(0 to 9999\)"),
    (b"rating", "2²00".encode("latin-1"), r"rating '2²00' is not a number"),
    (b"rating", "٢٢٠٠".encode(), r"rating '.*' is not a number"),
    (b"k", b"500", r"K 500 is out of range"),
    (b"birthday", b"19x8", r"birth year '19x8' is not a year"),
    (b"country", b"NO&#10;R", r"federation 'NO\\nR' is not a three-letter code"),
    (b"title", b"F&#10;M", r"title 'F\\nM' is not 3 letters or fewer"),
])
def test_issue30_item15_every_field_is_checked_for_form_and_range(tmp_path: Path, field, value,
                                                                  message) -> None:
    old = {b"rating": b"<rating>2210</rating>", b"k": b"<k>20</k>",
           b"birthday": b"<birthday>1988</birthday>", b"country": b"<country>NOR</country>",
           b"title": b"<title>FM</title>"}[field]
    f = _write(tmp_path, "list.xml", _xml_with(old, b"<%s>%s</%s>" % (field, value, field)))
    with pytest.raises(InputError, match=rf"list.xml:3: player 1: {message}"):
        list(iter_list(f))


def test_issue30_item15_a_sixty_digit_fide_id_is_refused_not_cut(tmp_path: Path) -> None:
    f = _write(tmp_path, "list.xml", _xml_with(b"<fideid>1500001</fideid>",
                                               b"<fideid>" + b"1" * 60 + b"</fideid>"))
    with pytest.raises(InputError, match=r"FIDE ID of 60 digits is too long \(at most 11"):
        list(iter_list(f))
    txt = TXT.replace(b"1500001        ", b"1" * 15, 1)
    with pytest.raises(InputError, match=r"list.txt:2: FIDE ID of 15 digits is too long"):
        list(iter_list(_write(tmp_path, "list.txt", txt)))


@pytest.mark.parametrize("name, data", [
    ("list.zip", (LISTS / "players_list_xml.zip").read_bytes()[:2000]),
    ("players_list.zip", (LISTS / "players_list.zip").read_bytes()[:-30]),
    ("list.csv", "FIDE ID;Navn;Elo\n1500001;Ødegård, Ola;2210\n".encode()[:-19]),
    ("list.csv", b"FIDE ID;Navn;Elo;K\n1500001;Odegard, Ola;2210;20\n1500002;Hansen, Ola;18"),
    ("list.txt", TXT[:-40]),
    ("list.xml", XML[:len(XML) // 2]),
])
def test_issue30_item15_a_download_cut_short_is_named_so(tmp_path: Path, name: str,
                                                         data: bytes) -> None:
    f = _write(tmp_path, name, data)
    with pytest.raises(InputError, match="cut short") as err:
        list(iter_list(f))
    assert "UTF-8" not in str(err.value)


def test_issue30_item15_a_csv_without_a_last_line_end_but_complete_rows_is_read(
        tmp_path: Path) -> None:
    """Rows that leave out empty last cells: a short last row is no sign of a cut."""
    f = _write(tmp_path, "list.csv", b"FIDE ID;Navn;Elo;Klubb\n1500001;Odegard, Ola;2210\n"
                                     b"1500002;Hansen, Ola;1850")
    assert [r.rating for r in iter_list(f)] == [2210, 1850]


# ------------------------------------------------------------------ item 11: one line
def test_issue30_item11_a_name_on_several_lines_is_read_on_one(tmp_path: Path) -> None:
    xml = _write(tmp_path, "list.xml", _xml_with(b"<name>Odegard, Ola</name>",
                                                 b"<name>Odegard,&#10;&#13;Ola\n</name>"))
    csv = _write(tmp_path, "list.csv", b'FIDE ID;Navn;Elo\n1500001;"Odegard,\r\nOla";2210\n')
    for f in (xml, csv):
        row = next(r for r in iter_list(f) if r.fide_id == "1500001")
        assert row.name == "Odegard, Ola"


# ------------------------------------------------------------------ item 16: one row, one player
def test_issue30_item16_one_list_row_fills_at_most_one_roster_player(tmp_path: Path) -> None:
    f = _write(tmp_path, "list.csv", b"FIDE ID;Navn;Elo\n1500002;Hansen, Ola;1850\n")
    roster = [Player(1, "Hansen, Ola"), Player(2, "Ola Hansen"), Player(3, "Berg, Kari")]
    got = match_list(roster, f)
    assert [m.status for m in got] == ["ambiguous", "ambiguous", "unmatched"]
    assert not any(m.found for m in got)
    assert "one row for 2 roster players (1, 2)" in got[0].note
    assert "0 of 3 players found in the list; 2 ambiguous, 1 not found" in matches_table(got)


def test_issue30_item16_the_firmest_match_keeps_the_row(tmp_path: Path) -> None:
    f = _write(tmp_path, "list.csv", "FIDE ID;Navn;Elo;Født\n1500002;Hansen, Ola;1850;1985\n".encode())
    got = match_list([Player(1, "Hansen, Ola"), Player(2, "Ola Hansen", birth="1985")], f)
    assert [m.status for m in got] == ["ambiguous", "name+year"]
    assert "fits player 2 better" in got[0].note


def test_issue30_item16_a_fide_id_listed_twice_is_reported_not_last_wins(tmp_path: Path) -> None:
    f = _write(tmp_path, "list.csv",
               b"FIDE ID;Navn;Elo\n1500002;Hansen, Ola;1850\n1500002;Hansen, Ola;1900\n")
    (m,) = match_list([Player(1, "Hansen, Ola", fide_id="1500002")], f, by_name=False)
    assert m.status == "ambiguous" and not m.found
    assert "FIDE ID 1500002 is listed 2 times in the list (rows at 2, 3)" in m.note


def test_issue30_item16_a_fide_id_twice_on_the_roster_takes_no_row(tmp_path: Path) -> None:
    got = match_list([Player(1, "Odegard, Ola", fide_id="1500001"),
                      Player(2, "Someone, Else", fide_id="1500001")], LISTS / "players_list_foa.txt")
    assert [m.status for m in got] == ["ambiguous", "ambiguous"]
    assert "FIDE ID 1500001 is on the roster 2 times (players 1, 2)" in got[1].note
