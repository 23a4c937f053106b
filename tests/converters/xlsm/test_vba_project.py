"""The VBA project writer: MS-OVBA compression and encryption against the spec's own
examples, the compound file read back by olefile (strict), and whole projects read back
by oletools' olevba in strict mode."""

from __future__ import annotations

import io
import random

import pytest

from monrad.converters.xlsm.vba.cfb import Storage, write_compound_file
from monrad.converters.xlsm.vba.compression import DecompressionError, compress, decompress
from monrad.converters.xlsm.vba.encryption import decrypt, encrypt
from monrad.converters.xlsm.vba.project import (
    WORKBOOK_BASE,
    WORKSHEET_BASE,
    VbaModule,
    build_vba_project,
    document_module,
)

olefile = pytest.importorskip("olefile")
olevba = pytest.importorskip("oletools.olevba")
RED, BLACK = 0, 1  # MS-CFB 2.6.1 colour flag values

# MS-OVBA 3.2.1 - 3.2.3: the three compression examples, byte for byte.
NO_COMPRESSION = b"abcdefghijklmnopqrstuv."
NO_COMPRESSION_PACKED = bytes.fromhex(
    "01 19 B0 00 61 62 63 64 65 66 67 68 00 69 6A 6B 6C 6D 6E 6F 70 00 71 72 73 74 75 76 2E"
)
NORMAL = b"#aaabcdefaaaaghijaaaaaklaaamnopqaaaaaaaaaaaarstuvwxyzaaa"
NORMAL_PACKED = bytes.fromhex(
    "01 2F B0 00 23 61 61 61 62 63 64 65 82 66 00 70 61 67 68 69 6A 01 38 08 61 6B 6C"
    " 00 20 6D 6E 6F 70 06 71 02 70 04 00 72 73 74 75 76 10 77 78 79 7A 00 2C"
)
MAXIMUM = b"a" * 73  # one literal and one copy token of length 72
MAXIMUM_PACKED = bytes.fromhex("01 03 B0 02 61 45 00")


@pytest.mark.parametrize(
    "plain, packed",
    [(NO_COMPRESSION, NO_COMPRESSION_PACKED), (NORMAL, NORMAL_PACKED), (MAXIMUM, MAXIMUM_PACKED)],
    ids=["no-compression", "normal", "maximum"],
)
def test_ovba_2_4_1_spec_examples(plain: bytes, packed: bytes) -> None:
    assert compress(plain) == packed
    assert decompress(packed) == plain


@pytest.mark.parametrize("size", [0, 1, 2, 3, 4095, 4096, 4097, 3 * 4096 + 17])
def test_ovba_2_4_1_round_trip_text_across_chunks(size: int) -> None:
    text = (b'Sub Pair()\r\n    Application.Run "x", 1\r\nEnd Sub\r\n' * 500)[:size]
    packed = compress(text)
    assert decompress(packed) == text
    if size > 200:
        assert len(packed) < len(text) // 2


def test_ovba_2_4_1_incompressible_chunk_is_raw() -> None:
    rng = random.Random(7)
    data = bytes(rng.randrange(256) for _ in range(4096 * 2))
    packed = compress(data)
    assert decompress(packed) == data
    # Two raw chunks: header 0x3FFF (size 4098 - 3, signature 0b011, flag 0).
    assert packed[1:3] == (0x3FFF).to_bytes(2, "little")
    assert len(packed) == 1 + 2 * (2 + 4096)


def test_ovba_decompress_rejects_garbage_with_offset() -> None:
    with pytest.raises(DecompressionError, match="signature"):
        decompress(b"\x02\x00")
    with pytest.raises(DecompressionError, match="reaches before its chunk"):
        decompress(bytes.fromhex("01 03 B0 01 00 00"))


def test_ovba_2_4_3_spec_example_cmg_is_reproduced() -> None:
    # MS-OVBA 3.1.6: ID and CMG of the spec's example PROJECT stream (seed 0x07).
    project_id = "{917DED54-440B-4FD1-A5C1-74ACF261E600}"
    assert encrypt(project_id, bytes(4), 0x07) == "0705D8E3D8EDDBF1DBF1DBF1DBF1"
    assert decrypt("0705D8E3D8EDDBF1DBF1DBF1DBF1") == bytes(4)
    # The spec's DPB and GC use random "ignored" bytes; they still decrypt.
    assert decrypt("0E0CD1ECDFF4E7F5E7F5E7") == b"\x00"
    assert decrypt("1517CAF1D6F9D7F9D706") == b"\xff"


@pytest.mark.parametrize("seed", range(0, 256, 37))
def test_ovba_2_4_3_round_trip(seed: int) -> None:
    assert decrypt(encrypt("{00000000-0000-0000-0000-000000000001}", b"\x01\x02\x03", seed)) == b"\x01\x02\x03"


def _colour_ok(ole: olefile.OleFileIO) -> None:
    """MS-CFB 2.6.4: every storage's child tree is a red-black tree in name order."""
    entries = ole.direntries

    def black_height(sid: int, names: list) -> int:
        if sid == olefile.NOSTREAM:
            return 1
        node = entries[sid]
        left = black_height(node.sid_left, names)
        names.append((len(node.name), node.name.upper()))
        right = black_height(node.sid_right, names)
        assert left == right, f"unequal black height under {node.name}"
        if node.color == RED:
            for child in (node.sid_left, node.sid_right):
                if child != olefile.NOSTREAM:
                    assert entries[child].color == BLACK, "two reds in a row"
        return left + (node.color == BLACK)

    for entry in entries:
        if entry is not None and entry.entry_type in (olefile.STGTY_ROOT, olefile.STGTY_STORAGE):
            names: list = []
            black_height(entry.sid_child, names)
            assert names == sorted(names)
            if entry.sid_child != olefile.NOSTREAM:
                assert entries[entry.sid_child].color == BLACK


@pytest.mark.parametrize("count", [1, 2, 3, 5, 8, 13, 40])
def test_cfb_streams_read_back_strictly(count: int) -> None:
    rng = random.Random(count)
    streams = {f"S{i:02d}" + "x" * (i % 4): bytes(rng.randrange(256) for _ in range(rng.choice([0, 5, 700, 4095, 4096, 9000]))) for i in range(count)}
    root = Storage({"Top": b"top", "Box": Storage(dict(streams))})
    data = write_compound_file(root)
    assert len(data) % 512 == 0
    ole = olefile.OleFileIO(io.BytesIO(data), raise_defects=olefile.DEFECT_POTENTIAL)
    assert ole.openstream("Top").read() == b"top"
    for name, value in streams.items():
        assert ole.get_size(f"Box/{name}") == len(value)
        assert ole.openstream(f"Box/{name}").read() == value
    _colour_ok(ole)
    assert write_compound_file(root) == data  # deterministic


def test_cfb_rejects_bad_names() -> None:
    with pytest.raises(ValueError, match="invalid entry name"):
        write_compound_file(Storage({"a/b": b""}))
    with pytest.raises(ValueError, match="differ only in case"):
        write_compound_file(Storage({"dir": b"", "DIR": b""}))


SOURCE = 'Attribute VB_Name = "Tools"\nOption Explicit\n\nSub Hello()\n    MsgBox "Hej på dig"\nEnd Sub\n'


def test_vba_project_reads_back_with_olevba_strict() -> None:
    modules = [
        document_module("ThisWorkbook", WORKBOOK_BASE),
        document_module("Sheet1", WORKSHEET_BASE),
        VbaModule("Tools", SOURCE),
    ]
    data = build_vba_project(modules)
    parser = olevba.VBA_Parser("vbaProject.bin", data=data, relaxed=False)
    found = {name: code for (_, _, name, code) in parser.extract_macros()}
    assert set(found) == {"ThisWorkbook.cls", "Sheet1.cls", "Tools.bas"}
    assert found["Tools.bas"].replace("\r\n", "\n") == SOURCE
    assert 'VB_Base = "0{00020819' in found["ThisWorkbook.cls"]
    ole = olefile.OleFileIO(io.BytesIO(data), raise_defects=olefile.DEFECT_POTENTIAL)
    assert ole.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000000")
    project = ole.openstream("PROJECT").read().decode("cp1252")
    assert "Document=ThisWorkbook/&H00000000\r\n" in project
    assert "Module=Tools\r\n" in project
    assert build_vba_project(modules) == data  # same source, same bytes


def test_vba_project_rejects_missing_vb_name() -> None:
    with pytest.raises(ValueError, match="Attribute VB_Name"):
        build_vba_project([VbaModule("Tools", "Sub X()\nEnd Sub\n")])
    with pytest.raises(ValueError, match="used twice"):
        build_vba_project([VbaModule("A", 'Attribute VB_Name = "A"\n'), VbaModule("a", 'Attribute VB_Name = "a"\n')])
