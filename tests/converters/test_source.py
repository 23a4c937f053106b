"""One way to get an input's text (converters/source.py), shared by the TRF, CSV,
klubtur and WOF readers: the size limit, unreadable files, and the decoding."""

from __future__ import annotations

import pytest

from monrad.converters import source
from monrad.converters.errors import InputError
from monrad.converters.tabular.csv_format import read_csv
from monrad.converters.tabular.klubtur import read_klubtur
from monrad.converters.tabular.wof import read_wof
from monrad.converters.trf import read_trf

READERS = {"trf": read_trf, "csv": read_csv, "klubtur": read_klubtur, "wof": read_wof}


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_every_reader_refuses_a_file_over_the_limit(tmp_path, monkeypatch, reader):
    monkeypatch.setattr(source, "MAX_INPUT_BYTES", 10)
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 11)
    with pytest.raises(InputError, match=r"big.txt: file is 11 bytes, more than the 10 allowed"):
        reader(big)


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_every_reader_names_a_missing_file(tmp_path, reader):
    with pytest.raises(InputError, match=r"gone.txt: cannot read file"):
        reader(tmp_path / "gone.txt")


def test_cp1252_fallback_warns_and_latin1_fallback_does_not():
    data = "Æbeltoft".encode("cp1252")
    warnings: list[str] = []
    assert source.read_text(data, name="f.csv", warnings=warnings) == ("Æbeltoft", "f.csv")
    assert warnings == ["f.csv: not UTF-8, read as Windows-1252"]
    assert source.decode(b"\xe6", "f.elo", None, fallback="latin-1") == "æ"


def test_text_bytes_and_names_get_their_labels(tmp_path):
    assert source.read_text("a\nb") == ("a\nb", "<text>")
    assert source.read_text(b"\xef\xbb\xbfa") == ("a", "<bytes>")  # the BOM is dropped
    f = tmp_path / "x.trf"
    f.write_bytes(b"012 Club\n")
    assert source.read_text(str(f)) == ("012 Club\n", str(f))
    assert source.read_text(f, name="shown.trf") == ("012 Club\n", "shown.trf")
    assert source.head_text(f, size=3) == "012"
