"""The klubtur.dk layout (docs/formats/klubtur.md): one table per group, XYY cells,
1/0/0.5 results, -1 unplayed; the fixture is written from that description."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.converters import batch
from monrad.converters.errors import InputError
from monrad.converters.tabular.klubtur import (
    book_looks_like_klubtur,
    looks_like_klubtur,
    parse_klubtur,
    read_klubtur,
    read_klubtur_book,
    write_klubtur,
)
from monrad.converters.workbook.calamine_book import open_legacy_book
from monrad.engine.model import Bye, Game, Result

FIXTURE = DATA / "klubtur" / "klubmesterskab-2025.csv"

HEAD = "Nr;Navn;Klub;Rating;R1;Res1;R2;Res2;Point"


def group(rows: list[str], name: str = "G") -> str:
    return "\r\n".join([f"Gruppe;{name}", HEAD, *rows]) + "\r\n"


def test_fixture_groups_players_and_scores():
    groups = read_klubtur(FIXTURE)
    assert [g.name for g in groups] == ["Mester", "A"]
    mester, a = (g.tournament for g in groups)
    assert mester.info["name"] == "Klubmesterskab 2025 - Mester"
    assert [(p.start_no, p.name, p.club, p.rating) for p in mester.players][:2] == [
        (1, "Søren Ærø", "Nordre", 2105), (2, "Åse Bødker", "Evans", 1987)]
    assert mester.scores() == {1: 4, 2: 3, 3: 1, 4: Fraction(5, 2), 5: Fraction(7, 2), 6: 0}
    assert a.scores() == {1: Fraction(3, 2), 2: Fraction(1, 2), 3: 1, 4: Fraction(3, 2), 5: 3}
    assert mester.settings.rounds == 5 and a.settings.rounds == 3


def test_xyy_cell_is_colour_and_opponent():
    mester = read_klubtur(FIXTURE)[0].tournament
    # player 1: H06 (white against 6) won; player 6: S01 lost
    assert Game(1, 6, Result.WIN) in mester.round(1).games
    # player 4: S06 in round 2, won with Black
    assert Game(6, 4, Result.LOSS) in mester.round(2).games


def test_minus_one_is_an_unplayed_game():
    mester = read_klubtur(FIXTURE)[0].tournament
    g = next(g for g in mester.round(4).games if set(g.players) == {2, 3})
    assert (g.white, g.black) == (2, 3) and g.white_result is Result.UNKNOWN


def test_byes_00_and_empty_rounds():
    a = read_klubtur(FIXTURE)[1].tournament
    assert a.round(1).byes == (Bye(5, Result.PAIRING_BYE),)
    assert a.round(2).byes == (Bye(3, Result.HALF_BYE),)
    assert a.round(3).entry(4) is None  # empty cell: no game that round
    assert a.round(2).games[0] == Game(4, 1, Result.DRAW)  # 0,5 with a decimal comma


def test_detection_by_content():
    assert looks_like_klubtur(FIXTURE.read_text(encoding="utf-8-sig"))
    assert not looks_like_klubtur("Round,Board,White,Black,Result\n1,1,1,2,1-0\n")
    assert not looks_like_klubtur("Nr;Navn;Klub\n1;Ole;Nordre\n")


@pytest.mark.parametrize("text", [
    "Nr;Navn\x00;R1\n1;Ole;2W1\n",  # a NUL byte: csv.Error "line contains NUL"
    "\"Nr;Navn\r;R1\n",  # a bare carriage return inside a quoted field
    bytes(range(256)).decode("cp1252", errors="replace") * 8,  # any bytes at all
], ids=["nul", "bare-cr", "all-bytes"])
def test_detection_never_raises_on_what_is_not_csv(text):
    assert looks_like_klubtur(text) is False


def test_batch_reads_random_bytes_named_csv_as_a_one_line_error(tmp_path: Path):
    """``read_input`` asks ``looks_like_klubtur`` first; random bytes must end in the
    CSV reader's located error, not in ``csv.Error``."""
    import random

    rng = random.Random(1)
    src = tmp_path / "noise.csv"
    src.write_bytes(bytes(rng.randrange(256) for _ in range(3000)))
    with pytest.raises(InputError, match="noise.csv"):
        batch.read_input(src)


def test_one_sheet_per_group_workbook_reads_like_the_csv(tmp_path: Path):
    """The workbook form: every sheet a group, named by the sheet."""
    groups = read_klubtur(FIXTURE)
    wb = openpyxl.Workbook()
    wb.remove(wb.active)
    text = write_klubtur(groups).split("\r\n")
    blocks: list[list[str]] = []
    for line in text:
        if line.startswith("Gruppe;"):
            blocks.append([])
        elif line and blocks:
            blocks[-1].append(line)
    for g, rows in zip(groups, blocks):
        ws = wb.create_sheet(g.name)
        for row in rows:
            ws.append([int(c) if c.isdigit() else (float(c) if c in ("0.5",) else (c or None))
                       for c in row.split(";")])
    path = tmp_path / "klubtur.xlsx"
    wb.save(path)
    book = open_legacy_book(path)
    assert book_looks_like_klubtur(book)
    got = read_klubtur_book(book)
    assert [g.name for g in got] == ["Mester", "A"]
    for mine, theirs in zip(got, groups):
        assert mine.tournament.rounds == theirs.tournament.rounds
        assert mine.tournament.players == theirs.tournament.players
    # and the batch engine picks the klubtur reader for the workbook
    assert [g for g, _ in batch.read_input(path)] == ["Mester", "A"]


def test_write_then_read_gives_the_same_groups():
    groups = read_klubtur(FIXTURE)
    again = parse_klubtur(write_klubtur(groups, title="Klubmesterskab 2025"), name="x.csv")
    for a, b in zip(groups, again):
        assert a.name == b.name
        assert a.tournament.rounds == b.tournament.rounds
        assert a.tournament.players == b.tournament.players


def test_forfeit_signs_are_read_as_forfeits():
    t = parse_klubtur(group(["1;A;;;H02;+;;;1", "2;B;;;S01;-;;;0"]))[0].tournament
    assert t.round(1).games == (Game(1, 2, Result.FORFEIT_WIN),)


def test_points_column_that_disagrees_is_a_warning():
    warnings: list[str] = []
    parse_klubtur(group(["1;A;;;H02;1;;;0.5", "2;B;;;S01;0;;;0"]), name="k.csv",
                  warnings=warnings)
    assert len(warnings) == 1
    assert warnings[0].startswith("k.csv:3:9:") and "says 0.5, the results give 1" in warnings[0]


@pytest.mark.parametrize("rows,where,words", [
    (["1;A;;;H02;1;;;", "2;B;;;S01;1;;;"], "k.csv:3:6", "do not add up"),
    (["1;A;;;H02;1;;;", "2;B;;;H01;0;;;"], "k.csv:3:5", "opposite colours"),
    (["1;A;;;H02;1;;;", "2;B;;;S03;0;;;", "3;C;;;;;;;"], "k.csv:3:5", "player 2's row has opponent 3"),
    (["1;A;;;X02;1;;;", "2;B;;;S01;0;;;"], "k.csv:3:5", "is not colour and opponent"),
    (["1;A;;;H02;2;;;", "2;B;;;S01;0;;;"], "k.csv:3:6", "is not 1, 0, 0.5 or -1"),
    (["1;A;;;H07;1;;;", "2;B;;;S01;0;;;"], "k.csv:3:5", "opponent 7 is not in the group"),
    (["1;A;;;H02;1;;;", "1;B;;;S01;0;;;"], "k.csv:4:1", "used twice"),
    (["1;A;;abc;H02;1;;;", "2;B;;;S01;0;;;"], "k.csv:3:4", "rating 'abc'"),
    (["1;A;;;00;0.7;;;"], "k.csv:3:6", "is not 1, 0, 0.5 or -1"),
])
def test_bad_cells_are_one_line_errors_with_line_and_column(rows, where, words):
    with pytest.raises(InputError) as exc:
        parse_klubtur(group(rows), name="k.csv")
    msg = str(exc.value)
    assert msg.startswith(where + ":"), msg
    assert words in msg and "group 'G'" in msg and "\n" not in msg


def test_sheet_errors_name_sheet_and_cell(tmp_path: Path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Gruppe B"
    ws.append(["Nr", "Navn", "R1", "Res1"])
    ws.append([1, "A", "H02", 1])
    ws.append([2, "B", "S01", 1])
    path = tmp_path / "k.xlsx"
    wb.save(path)
    with pytest.raises(InputError) as exc:
        read_klubtur_book(open_legacy_book(path))
    assert str(exc.value).startswith(f"{path}: sheet 'Gruppe B' cell D2:")


def test_not_a_klubtur_file_says_so():
    with pytest.raises(InputError, match="no klubtur table"):
        parse_klubtur("Navn;Klub\nOle;Nordre\n", name="x.csv")
