"""``monrad.converters.load`` / ``save``: the format from the name or the content,
size limits, atomic writes and "format not available" instead of an ImportError."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import DATA, REPO

import monrad.converters as conv
from monrad.converters import detect_format, load, save, trf_version
from monrad.converters.errors import InputError
from monrad.converters.trf import read_trf, write_trf

EXAMPLE = REPO / "examples" / "club.trf"
ORACLE = DATA / "oracle" / "dutch" / "dutch_n0008_r06_s5111_ff-zb-hb.trf"


def test_format_from_extension_and_content(tmp_path: Path) -> None:
    assert detect_format(EXAMPLE) == "trf"
    assert detect_format(REPO / "examples/roster.csv") == "csv"
    unnamed = tmp_path / "tournament"
    unnamed.write_bytes(EXAMPLE.read_bytes())
    assert detect_format(unnamed) == "trf"
    assert load(unnamed) == read_trf(EXAMPLE)
    as_txt = tmp_path / "roster.txt"
    as_txt.write_bytes((REPO / "examples/roster.csv").read_bytes())
    assert detect_format(as_txt) == "csv"  # a .txt that is really a CSV table
    assert detect_format(EXAMPLE, "TRF-16") == "trf16"
    with pytest.raises(InputError, match="unknown format 'docx'"):
        detect_format(EXAMPLE, "docx")


def test_trf_version_detection() -> None:
    assert trf_version(write_trf(read_trf(EXAMPLE), "16")) == "16"
    assert trf_version(write_trf(read_trf(EXAMPLE), "2026")) == "2026"
    assert trf_version(ORACLE.read_text()) == "2026"  # nothing tells: the current version


def test_oracle_file_loads_like_read_trf() -> None:
    warnings: list[str] = []
    assert load(ORACLE, warnings=warnings) == read_trf(ORACLE)
    assert warnings == []


@pytest.mark.parametrize("fmt,suffix", [("trf", ".trf"), ("trf16", ".trf"), ("csv-roster", ".csv"),
                                        ("csv-results", ".csv"), ("xlsx", ".xlsx")])
def test_save_then_load(tmp_path: Path, fmt: str, suffix: str) -> None:
    t = read_trf(EXAMPLE)
    dest = save(t, tmp_path / f"out{suffix}", fmt)
    back = load(dest, fmt=fmt if fmt.startswith("csv") else None)
    if fmt.startswith("trf"):
        assert back == t
    elif fmt == "csv-roster":
        assert back.players == t.players
    elif fmt == "csv-results":
        assert back.rounds == t.rounds
    else:
        assert [p.name for p in back.players] == [p.name for p in t.players]
        assert back.settings.system == "nsf" and back.settings.rounds == 7
        for mine, theirs in zip(back.rounds, t.rounds, strict=True):
            assert set(mine.games) == set(theirs.games)
    assert [p.name for p in tmp_path.iterdir()] == [dest.name]  # no temporary file left


def test_save_csv_has_bom_and_picks_results_when_rounds_exist(tmp_path: Path) -> None:
    t = read_trf(EXAMPLE)
    data = save(t, tmp_path / "x.csv").read_bytes()
    # the settings row first (issue 26), then the header
    assert data.startswith(b"\xef\xbb\xbfmonrad,system=nsf,rounds=7\r\nRound,Board,White,Black,Result")


def test_failed_save_leaves_the_old_file(tmp_path: Path, monkeypatch) -> None:
    dest = tmp_path / "club.trf"
    dest.write_text("old contents")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(InputError, match="the disk is full"):
        save(read_trf(EXAMPLE), dest)
    assert dest.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["club.trf"]


def test_save_into_a_missing_folder_or_unknown_extension(tmp_path: Path) -> None:
    t = read_trf(EXAMPLE)
    with pytest.raises(InputError, match="folder does not exist"):
        save(t, tmp_path / "nope" / "x.trf")
    with pytest.raises(InputError, match="cannot tell the format"):
        save(t, tmp_path / "x.docx")


def test_size_limit_is_checked_before_reading(tmp_path: Path, monkeypatch) -> None:
    big = tmp_path / "big.trf"
    big.write_bytes(EXAMPLE.read_bytes())
    monkeypatch.setattr(conv, "MAX_INPUT_BYTES", 100)
    with pytest.raises(InputError, match=r"big\.trf: file is \d+ bytes, more than the 100 allowed"):
        load(big)


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such file"):
        load(tmp_path / "missing.trf")
    with pytest.raises(InputError, match="is a folder"):
        load(tmp_path)


def test_workbook_our_layout_first_else_club_sheet(tmp_path: Path) -> None:
    from monrad.converters.book.new_workbook import create_workbook

    ours = create_workbook(tmp_path / "ours.xlsx", "nsf", 5, REPO / "examples/roster.csv")
    warnings: list[str] = []
    t = load(ours, warnings=warnings)
    assert warnings == [] and t.settings.system == "nsf" and len(t.players) == 8
    fixtures = sorted((DATA / "fixtures/club-sheets").glob("*.xlsx"))
    assert fixtures, "tests/data/fixtures/club-sheets is missing"
    club = load(fixtures[0], warnings=warnings)
    assert warnings and "club" in warnings[0]
    assert club.players


def test_not_a_workbook(tmp_path: Path) -> None:
    fake = tmp_path / "fake.xlsx"
    fake.write_text("not a zip")
    with pytest.raises(InputError, match="fake.xlsx"):
        load(fake)


@pytest.mark.parametrize("name,data", [
    ("empty.trf", b""),
    ("noise.trf", bytes(range(256)) * 8),
    ("noise.csv", bytes(range(256)) * 8),
    ("empty.csv", b""),
    ("noise.xlsx", b"PK\x03\x04" + bytes(range(256))),
    ("noise.elo", bytes(range(256)) * 4),
])
def test_garbage_files_are_located_input_errors(tmp_path: Path, name: str, data: bytes) -> None:
    f = tmp_path / name
    f.write_bytes(data)
    with pytest.raises(InputError) as info:
        load(f)
    assert name in str(info.value) and "\n" not in str(info.value)
