"""Issue 40 items 2 and 3: what one record of a stranger's file may hold.

* item 2: a CSV record is bounded over all its lines (``limits.MAX_RECORD``), in every
  CSV reader (rating lists, rosters and results, klubtur), and the refusal names the
  line the record starts on;
* item 3: one bound on rounds for every reader (``limits.MAX_ROUNDS``), the most the
  writers can write.
"""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

from monrad.converters import load
from monrad.converters.errors import InputError
from monrad.converters.limits import MAX_RECORD
from monrad.converters.ratings.lists import iter_list, read_csv_list

#: an endless stream that has yielded this much has not been bounded by the reader
_READ_CAP = 16 * 1024 * 1024


class _Endless(io.RawIOBase):
    """``head`` and then ``fill`` for ever, without a seam (a stream, not a file:
    nothing on disk)."""

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


def _short_lines(count: int) -> bytes:
    """``count`` quoted cells of one short line each, as varied as a real list's
    (so that a ZIP does not see a bomb's ratio)."""
    rng = random.Random(40)
    return b"".join(b'"%d\n",' % rng.randrange(10**6) for _ in range(count))


# ------------------------------------------------------------------ item 2
def test_issue40_item2_a_csv_list_record_over_endless_short_lines_is_refused() -> None:
    """Every line is a few bytes (under any line bound); the record never ends."""
    stream = _Endless(b"FIDE ID,Name,Rating\n1503014,Carlsen,2831\n7,", b'"a\n",')
    with pytest.raises(InputError, match=rf"^list.csv:3: a record longer than "
                                         rf"{MAX_RECORD // 1024} KiB, from this line on"):
        list(read_csv_list(io.BufferedReader(stream), label="list.csv"))
    assert stream.count <= 2 * 1024 * 1024


def test_issue40_item2_a_zipped_csv_list_names_the_line_the_record_starts_on(
        tmp_path: Path) -> None:
    head = b"FIDE ID;Name;Rating\n1503014;Carlsen, Magnus;2831\n1503015;Someone;2000\n9;"
    f = tmp_path / "list.zip"
    with zipfile.ZipFile(f, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("list.csv", head + _short_lines(30_000).replace(b",", b";") + b"2000\n")
    with pytest.raises(InputError, match=r"list.zip:list.csv:4: a record longer than 64 KiB"):
        list(iter_list(f))


def test_issue40_item2_a_tournament_csv_record_is_bounded_too(tmp_path: Path) -> None:
    f = tmp_path / "roster.csv"
    f.write_bytes(b"No.,Name,Rating\n1,Anna,1500\n2,Bo,1400\n3," + _short_lines(60_000)
                  + b"1300\n")
    with pytest.raises(InputError, match=r"roster.csv:4: a record longer than 64 KiB"):
        load(f)


def test_issue40_item2_a_klubtur_record_is_bounded_too(tmp_path: Path) -> None:
    from monrad.converters.tabular.klubtur import parse_klubtur

    text = ("Gruppe A\r\nNr;Navn;Rating;1;2;Point\r\n1;Anna;1500;;1;1\r\n2;"
            + _short_lines(60_000).decode().replace(",", ";") + "\r\n")
    with pytest.raises(InputError, match=r"k.csv:4: a record longer than 64 KiB"):
        parse_klubtur(text, name="k.csv")


def test_issue40_item2_a_long_record_within_the_bound_is_read(tmp_path: Path) -> None:
    """A quoted name over several lines is still read (on one line)."""
    f = tmp_path / "list.csv"
    f.write_bytes(b'FIDE ID,Name,Rating\n1503014,"Carlsen,\nMagnus",2831\n')
    (player,) = iter_list(f)
    assert (player.name, player.rating, player.line) == ("Carlsen, Magnus", 2831, 2)
