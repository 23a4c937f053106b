"""History is what was written (issue 36 items 1, 2, 3 and 7; issue 37 item 5): the two
seasons of the issue replayed as a secretary plays them, with the command line on a
monrad workbook and on a club's own workbook.

* the Danish DSU season of 11 players (``tests/data/season/dsu-spillere.csv``): round 1
  board 4 ``udsat``, round 2 paired and played, then Black wins the postponed game:
  round 3 is paired from round 2's written list (DSU-7, DSU-2);
* the Swedish SSF season of 22 players and 7 rounds (``ssf-deltagare.csv``): a
  postponed game, a late entry, a withdrawal, a forfeit and a bye, then the usual
  mistakes: a round sheet deleted or renamed, the same player added twice.

Each test is named after the rule or the item it proves."""

from __future__ import annotations

import csv
import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load, save
from monrad.converters.workbook.backup import backups_of
from monrad.engine.model import Result
from monrad.engine.monrad.card import cards

SEASON = DATA / "season"
DSU_ROSTER = SEASON / "dsu-spillere.csv"
SSF_ROSTER = SEASON / "ssf-deltagare.csv"
#: round 2's list as written when it was paired, and round 3's from it (issue 36 item 1)
ROUND_2_LIST = (1, 4, 9, 11, 5, 6, 7, 8, 2, 3, 10)
ROUND_3_LIST = (9, 1, 4, 6, 11, 7, 8, 3, 10, 5, 2)
TODAY = dt.date.today().strftime("%Y/%m/%d")


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def type_results(path: Path, sheet: str, results: Sequence[str | None]) -> None:
    """Type results board by board on a round sheet (monrad's or a club's: the column
    headed *Resultat*), as the secretary does; ``None`` leaves a cell as it is."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    header = next(r for r in ws.iter_rows() if any(c.value in ("Resultat", "Result") for c in r))
    col = next(c.column for c in header if c.value in ("Resultat", "Result"))
    boards = [row for row in ws.iter_rows(min_row=header[0].row + 1) if isinstance(row[0].value, int)]
    for row, result in zip(boards, results):
        if result is not None:
            ws.cell(row[0].row, col, result)
    wb.save(path)


def pair(capsys, path: Path, *options: object) -> str:
    code, out, err = run(capsys, "pair", path, *options)
    assert code == 0, out + err
    return out


def club_workbook(path: Path, roster: Path, title: str) -> Path:
    """A club's own workbook: its roster sheet (a title row above the header), as the
    CSV roster has it; monrad writes the rounds the club's way."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Spillere" if "dsu" in roster.name else "Deltagare"
    ws.append([title])
    with roster.open(encoding="utf-8-sig") as fh:
        for row in csv.reader(fh, delimiter=";"):
            ws.append([int(x) if x.isdigit() else x for x in row])
    wb.save(path)
    return path


def monrad_workbook(capsys, path: Path, system: str, roster: Path, lang: str) -> Path:
    code, _, err = run(capsys, "new", path, "--system", system, "--rounds", "7", "--lang", lang,
                       "--players", roster)
    assert code == 0, err
    return path


# --- the Danish season (issue 36 item 1) ---------------------------------------------
@pytest.fixture(params=["monrad", "club"])
def danish(request, tmp_path: Path, capsys) -> Path:
    """The Danish season up to round 3's pairing: round 1 with board 4 postponed
    (``udsat``), round 2 paired and played, then Black wins the postponed game."""
    if request.param == "monrad":
        path = monrad_workbook(capsys, tmp_path / "bog.xlsx", "dsu", DSU_ROSTER, "da")
        pair(capsys, path)
    else:
        path = club_workbook(tmp_path / "klub.xlsx", DSU_ROSTER, "Klubturnering 2026")
        pair(capsys, path, "--system", "dsu", "--rounds", "7")
    type_results(path, "Runde 1", ["1-0", "0-1", "½-½", "udsat", "1-0"])
    pair(capsys, path)
    type_results(path, "Runde 2", ["½-½", "0-1", "0-1", "1-0", "0-1"])
    type_results(path, "Runde 1", [None, None, None, "0-1", None])  # played a week later
    return path


def test_dsu_7_issue36_item1_round_3_is_paired_from_round_2s_written_list(danish: Path,
                                                                          capsys) -> None:
    """DSU-7 and DSU-2: after the late result, round 3 is paired from round 2's list as
    written (``1 4 9 11 5 6 7 8 2 3 10``) re-sorted by today's points -- inside the
    1-point group 11, 7, 8, 3, 10 -- never from a list recomputed with the late result
    (``9 1 4 6 8 11 3 7 10 5 2``); ``explain`` still shows round 2's list, ``check``
    finds every round right."""
    pair(capsys, danish)
    t = load(danish)
    assert t.round(2).paired_from == ROUND_2_LIST
    assert t.round(3).paired_from == ROUND_3_LIST
    assert [(g.white, g.black) for g in t.round(3).games] == [(9, 1), (4, 6), (11, 7), (8, 3),
                                                               (10, 5)]
    code, out, _ = run(capsys, "explain", danish, "--round", "2")
    assert code == 0 and "1 4 9 11 5 6 7 8 2 3 10" in out
    code, out, _ = run(capsys, "explain", danish, "--round", "3", "--format", "json")
    assert code == 0 and json.loads(out)["file"]["differences"] == []
    code, out, err = run(capsys, "check", danish, "--lang", "en")
    assert (code, out.strip()) == (0, "all 3 rounds agree"), out + err


def test_dsu_9_issue36_item1_placements_on_the_cards_for_round_2_stay(danish: Path) -> None:
    """DSU-9 with DSU-7: the placement numbers on the cards for round 2 are round 2's
    written list, also after the late result (8 stays no. 8, 11 no. 4)."""
    rows = cards(load(danish))
    assert {p: r[1].placement for p, r in rows.items()} == {p: i for i, p in
                                                             enumerate(ROUND_2_LIST, 1)}


def test_issue36_item1_the_written_list_is_kept_in_every_file(danish: Path, capsys) -> None:
    """The list each round was paired from is kept in every format that can hold it:
    the round sheet of a monrad workbook (a note below the boards), the ``monrad``
    sheet of a club's workbook, TRF (``XMN paired-from``) and CSV (``paired_from_2=``);
    each pairs the same round 3 after the late result."""
    t = load(danish)
    if danish.name == "klub.xlsx":  # the club's monrad sheet, in Danish (issue 37 item 5)
        block = {r[0]: r[1] for r in openpyxl.load_workbook(danish)["monrad"].iter_rows(
            values_only=True)}
        assert block["placeringsliste, runde 2"] == "1 4 9 11 5 6 7 8 2 3 10"
    else:
        sheet = [r[0] for r in openpyxl.load_workbook(danish)["Runde 2"].iter_rows(values_only=True)]
        assert "1 4 9 11 5 6 7 8 2 3 10" in sheet
    for suffix in (".trf", ".csv", ".xlsx"):
        other = danish.with_name("copy" + suffix)
        save(t, other)
        assert load(other).round(2).paired_from == ROUND_2_LIST, suffix
        pair(capsys, other)
        assert load(other).round(3).paired_from == ROUND_3_LIST, suffix


# --- the Swedish season (issue 36 items 2, 3) -------------------------------------------
#: the results typed in each round: board by board, in turn (a forfeit on board 5)
_PATTERN = ("1-0", "½-½", "0-1", "1-0", "+/-", "0-1", "½-½", "1-0", "0-1", "½-½", "1-0", "0-1")


def _results(n: int, boards: int = 11) -> list[str]:
    """Round ``n``'s results, board by board."""
    return [_PATTERN[(n + b) % len(_PATTERN)] for b in range(boards)]


def _play(capsys, path: Path, rounds: int) -> None:
    """Pair and play ``rounds`` rounds (the last one paired is played too)."""
    for n in range(1, rounds + 1):
        pair(capsys, path)
        type_results(path, f"Rond {n}", _results(n, len(load(path).round(n).games)))


@pytest.fixture
def swedish(tmp_path: Path, capsys) -> Path:
    """The Swedish monrad workbook after four rounds played."""
    path = monrad_workbook(capsys, tmp_path / "klubb.xlsx", "ssf", SSF_ROSTER, "sv")
    _play(capsys, path, 4)
    return path


def _delete_sheet(path: Path, sheet: str) -> bytes:
    wb = openpyxl.load_workbook(path)
    del wb[sheet]
    wb.save(path)
    return path.read_bytes()


def test_issue36_item2_a_deleted_round_sheet_is_refused_naming_it_and_the_backup(
        swedish: Path, capsys) -> None:
    """'Rond 3' deleted while 'Rond 4' holds results: ``pair`` would pair a new round 3
    from rounds 1-2; it refuses, naming the missing sheet and the backup beside the
    workbook that still has it, and changes nothing."""
    before = _delete_sheet(swedish, "Rond 3")
    backup = backups_of(swedish)[-1].name  # the newest: the workbook as monrad last saved it
    for command in ("pair", "standings", "check"):
        code, _, err = run(capsys, command, swedish, "--lang", "en")
        assert code == 2 and err.count("\n") == 1, err
        assert "sheet 'Rond 3' is missing, but round 4 (sheet 'Rond 4')" in err
        assert f"the backup {backup} beside the workbook has it" in err
    code, _, err = run(capsys, "pair", swedish)  # the workbook's own language
    assert "bladet 'Rond 3' saknas" in err and backup in err
    assert swedish.read_bytes() == before


def test_issue36_item2_standings_refuse_a_gap_instead_of_after_round_4(swedish: Path,
                                                                          capsys) -> None:
    """'Rond 2' deleted: ``standings`` no longer prints "after round 4" without round
    2's points; the hidden backup sheet of xlwings Lite is named where the workbook
    has one and no backup file is beside it."""
    for old in backups_of(swedish):
        old.unlink()
    wb = openpyxl.load_workbook(swedish)
    del wb["Rond 2"]
    wb.create_sheet("monrad backup").sheet_state = "hidden"
    wb.save(swedish)
    code, out, err = run(capsys, "standings", swedish, "--lang", "en")
    assert code == 2 and "after round 4" not in out
    assert "sheet 'Rond 2' is missing" in err and "the hidden sheet 'monrad backup'" in err


@pytest.mark.parametrize("renamed", ["Rond 3 gammal", "R4"])
def test_issue36_item2_a_round_sheet_renamed_out_of_the_pattern_is_refused(
        swedish: Path, capsys, renamed: str) -> None:
    """A round sheet renamed out of the pattern was ignored and its round paired again;
    it is refused, naming the sheet and its right name (a gap, or the last round)."""
    old = "Rond 3" if "3" in renamed else "Rond 4"
    wb = openpyxl.load_workbook(swedish)
    wb[old].title = renamed
    wb.save(swedish)
    code, _, err = run(capsys, "pair", swedish, "--lang", "en")
    assert code == 2
    assert f"sheet '{renamed}' holds round {old[-1]}" in err and f"rename it back to '{old}'" in err


def test_issue36_item2_a_round_sheet_that_is_not_the_one_a_later_round_was_paired_with(
        tmp_path: Path, capsys) -> None:
    """A round sheet whose games disagree with what a later round was paired around
    (round 3 paired while round 2's board 2 was postponed; round 2's sheet put back
    from another workbook without that game) is refused."""
    path = monrad_workbook(capsys, tmp_path / "klubb.xlsx", "ssf", SSF_ROSTER, "sv")
    _play(capsys, path, 1)
    pair(capsys, path)
    type_results(path, "Rond 2", ["1-0", "uppskjutet"] + ["½-½"] * 9)
    pair(capsys, path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Rond 2"]
    ws["B4"], ws["G4"] = ws["G4"].value, ws["B4"].value  # the colours of board 2 swapped
    wb.save(path)
    code, _, err = run(capsys, "standings", path, "--lang", "en")
    assert code == 2 and "round 3 was paired while the game" in err and "'Rond 2'" in err


def test_issue36_item2_a_club_workbook_with_a_round_sheet_deleted_is_refused(
        tmp_path: Path, capsys) -> None:
    """The same in a club's own workbook: its 'Rond 3' deleted while 'Rond 4' holds
    results is refused, naming the sheet as the club names its round sheets."""
    path = club_workbook(tmp_path / "klubb.xlsx", SSF_ROSTER, "Klubbmästerskap 2026")
    pair(capsys, path, "--system", "ssf", "--rounds", "7")
    type_results(path, "Rond 1", _results(1))
    for n in (2, 3, 4):
        pair(capsys, path)
        type_results(path, f"Rond {n}", _results(n))
    _delete_sheet(path, "Rond 3")
    code, _, err = run(capsys, "pair", path, "--lang", "en")
    assert code == 2 and "sheet 'Rond 3' is missing, but round 4 (sheet 'Rond 4')" in err
    assert "beside the workbook has it" in err


def _add_player(path: Path, sheet: str, row: list[object]) -> int:
    wb = openpyxl.load_workbook(path)
    wb[sheet].append(row)
    wb.save(path)
    return wb[sheet].max_row


def test_issue36_item3_the_same_player_twice_is_refused_naming_both_rows(
        swedish: Path, capsys) -> None:
    """'Öberg, Åsa' added again as a late entry, without id or birth year, was paired on
    two boards of one round; the roster is refused, naming both rows."""
    header = [c.value for c in openpyxl.load_workbook(swedish)["Deltagare"][1]]
    late = [None] * len(header)
    late[header.index("Nr")], late[header.index("Namn")] = 23, "Åsa Öberg"
    late[header.index("Sen start i rond")] = 5
    row = _add_player(swedish, "Deltagare", late)
    code, _, err = run(capsys, "pair", swedish, "--lang", "en")
    assert code == 2
    assert f"rows 3 and {row} are the same player 'Öberg, Åsa'" in err
    assert f"sheet 'Deltagare' cell B{row}" in err


def test_issue36_item3_namesakes_told_apart_get_a_note(swedish: Path, capsys) -> None:
    """A second 'Öberg, Åsa' born another year is another player: paired, with a note."""
    header = [c.value for c in openpyxl.load_workbook(swedish)["Deltagare"][1]]
    late = [None] * len(header)
    late[header.index("Nr")], late[header.index("Namn")] = 23, "Öberg, Åsa"
    late[header.index("Födelsedatum")] = 2013
    _add_player(swedish, "Deltagare", late)
    out = pair(capsys, swedish, "--lang", "en")
    assert "two players named 'Öberg, Åsa' (nos. 2 and 23), told apart by birth year" in out


@pytest.mark.parametrize("roster", ["csv", "trf", "club"])
def test_issue36_item3_every_roster_reader_refuses_the_same_player_twice(
        tmp_path: Path, capsys, roster: str) -> None:
    """A CSV roster, a TRF file and a club's roster sheet name both lines or rows."""
    text = SSF_ROSTER.read_text(encoding="utf-8-sig") + "23;Åsa Öberg;;;;\n"
    csv_path = tmp_path / "deltagare.csv"
    csv_path.write_text(text, encoding="utf-8")
    if roster == "csv":
        code, _, err = run(capsys, "new", tmp_path / "x.xlsx", "--system", "ssf", "--rounds", "7",
                           "--players", csv_path)
        assert code == 2 and "lines 3 and 24 are the same player 'Öberg, Åsa'" in err
    elif roster == "trf":
        t = load(SSF_ROSTER)
        trf = tmp_path / "x.trf"
        save(t, trf)
        lines = trf.read_text(encoding="utf-8").splitlines()
        two = next(i for i, line in enumerate(lines, 1) if line.startswith("001    2"))
        lines.append("001   23      Oberg, Asa".replace("Oberg, Asa", "Öberg, Åsa"))
        trf.write_text("\n".join(lines) + "\n", encoding="utf-8")
        code, _, err = run(capsys, "standings", trf)
        assert code == 2 and f"lines {two} and {len(lines)} are the same player" in err
    else:
        path = club_workbook(tmp_path / "klubb.xlsx", csv_path, "Klubbmästerskap 2026")
        code, _, err = run(capsys, "pair", path, "--system", "ssf", "--rounds", "7", "--lang", "en")
        assert code == 2 and "rows 4 and 25 are the same player 'Öberg, Åsa'" in err


# --- round dates (issue 36 item 7) -------------------------------------------------------
def test_issue36_item7_round_dates_are_filled_when_paired_and_used_by_the_fide_export(
        tmp_path: Path, capsys) -> None:
    """The Settings sheet's round dates: a round is dated when it is paired, a date typed
    in before is kept, and the FIDE report (TRF 132) needs no ``--set round_dates``."""
    path = monrad_workbook(capsys, tmp_path / "klubb.xlsx", "ssf", SSF_ROSTER, "sv")
    wb = openpyxl.load_workbook(path)
    ws = wb["Inställningar"]
    row = next(c.row for c in ws["A"] if c.value == "Ronddatum")
    ws.cell(row, 2, "08.01.2026")  # round 1's date typed in, the Nordic way
    wb.save(path)
    _play(capsys, path, 2)
    dates = openpyxl.load_workbook(path)["Inställningar"].cell(row, 2).value
    assert dates == f"2026/01/08, {TODAY}"
    assert load(path).info["round_dates"] == ["2026/01/08", TODAY]
    report = tmp_path / "fide.trf"
    code, out, err = run(capsys, "export", path, "--set", "city=Lund", "--set", "federation=SWE",
                         "--set", "start_date=2026/01/08", "--set", f"end_date={TODAY}",
                         "--set", "arbiter=Ek, Linnea", "--set", "time_control=90+30",
                         "-o", report, "--force")
    assert code == 0, out + err
    assert "132 round dates" not in out
    line = next(x for x in report.read_text(encoding="utf-8").splitlines() if x.startswith("132"))
    assert line.split()[1:] == ["26/01/08", dt.date.today().strftime("%y/%m/%d")]


def test_issue36_item7_a_workbook_without_the_row_gets_one(tmp_path: Path, capsys) -> None:
    """A workbook made before Settings had the row gets it below the others when a
    round is paired."""
    path = monrad_workbook(capsys, tmp_path / "klubb.xlsx", "ssf", SSF_ROSTER, "sv")
    wb = openpyxl.load_workbook(path)
    ws = wb["Inställningar"]
    row = next(c.row for c in ws["A"] if c.value == "Ronddatum")
    ws.delete_rows(row)
    wb.save(path)
    pair(capsys, path)
    labels = {c.value: c.row for c in openpyxl.load_workbook(path)["Inställningar"]["A"]}
    assert "Ronddatum" in labels and load(path).info["round_dates"] == [TODAY]


def test_issue36_item7_issue37_item5_a_club_workbook_keeps_its_dates_on_the_monrad_sheet(
        tmp_path: Path, capsys) -> None:
    """A club's workbook keeps the round dates on its ``monrad`` sheet, under labels in
    the workbook's language (issue 37 item 5), read back by every export."""
    path = club_workbook(tmp_path / "klubb.xlsx", SSF_ROSTER, "Klubbmästerskap 2026")
    pair(capsys, path, "--system", "ssf", "--rounds", "7")
    block = {r[0]: r[1] for r in openpyxl.load_workbook(path)["monrad"].iter_rows(values_only=True)}
    assert block["ronddatum"] == TODAY
    assert {"system", "ronder", "ställningsblad", "rond lottad av monrad",
            "placeringslista, rond 1"} <= set(block)
    assert load(path).info["round_dates"] == [TODAY]


def test_issue37_item5_the_english_labels_of_earlier_workbooks_are_still_read(
        tmp_path: Path, capsys) -> None:
    """A club's workbook whose ``monrad`` sheet monrad wrote before, in English, is read
    as before and written again in the workbook's language."""
    path = club_workbook(tmp_path / "klubb.xlsx", SSF_ROSTER, "Klubbmästerskap 2026")
    wb = openpyxl.load_workbook(path)
    block = wb.create_sheet("monrad")
    for row in (["monrad: what this workbook is paired with"], [], ["system", "dsu"],
                ["rounds", 5], ["standings sheet", "Ställning"], ["paired by monrad", None]):
        block.append(row)
    wb.save(path)
    pair(capsys, path)
    t = load(path)
    assert (t.settings.system, t.settings.rounds) == ("dsu", 5)
    rows = {r[0]: r[1] for r in openpyxl.load_workbook(path)["monrad"].iter_rows(values_only=True)}
    assert rows["system"] == "dsu" and rows["ronder"] == "5" and "rounds" not in rows
    assert rows["rond lottad av monrad"] == "1"


def test_ssf_issue36_the_swedish_season_of_seven_rounds(tmp_path: Path, capsys) -> None:
    """The whole Swedish season: 22 players, a postponed game played later, a late entry
    in round 3 (23 players: a bye), a withdrawal after round 5 and forfeits, paired to
    the end; ``check`` finds every round right and the round dates are all there."""
    path = monrad_workbook(capsys, tmp_path / "klubb.xlsx", "ssf", SSF_ROSTER, "sv")
    header = [c.value for c in openpyxl.load_workbook(path)["Deltagare"][1]]
    late = [None] * len(header)
    late[header.index("Nr")], late[header.index("Namn")] = 23, "Holmberg, Lova"
    late[header.index("Sen start i rond")] = 3
    _add_player(path, "Deltagare", late)
    for n in range(1, 8):
        pair(capsys, path)
        results = _results(n, len(load(path).round(n).games))
        if n == 2:
            results[3] = "uppskjutet"
        type_results(path, f"Rond {n}", results)
        if n == 4:
            type_results(path, "Rond 2", [None, None, None, "0-1"])  # played late
        if n == 5:
            wb = openpyxl.load_workbook(path)
            ws = wb["Deltagare"]
            ws.cell(8, header.index("Utgått efter rond") + 1, 5)  # no. 7 withdraws
            wb.save(path)
    t = load(path)
    assert len(t.rounds) == 7 and all(r.paired_from for r in t.rounds)
    assert all(7 not in r.players for r in t.rounds[5:])  # withdrew after round 5
    assert [n for n in range(1, 8) if any(b.result is Result.PAIRING_BYE for b in
                                          t.round(n).byes)] == [3, 4, 5]  # 23 players
    assert t.round(2).games[3].white_result is not Result.PENDING  # played late
    assert len(t.info["round_dates"]) == 7
    code, out, err = run(capsys, "check", path, "--lang", "en")
    assert (code, out.strip()) == (0, "all 7 rounds agree"), out + err
