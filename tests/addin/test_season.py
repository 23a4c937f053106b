"""A whole season as a new user runs it (issue 26): a Norwegian club's own workbook of
23 players (``tests/data/season/klubb.xlsx``: a title row above each header, round 1
typed by the club), paired round by round with ``monrad pair`` and ranked with
``monrad standings``, with a postponed game played late, a withdrawal and a late entry.
Each test is named after the rule it proves."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import load, save
from monrad.converters.publish import document_html
from monrad.engine.model import Pending, Result

SEASON = DATA / "season"
KLUBB = SEASON / "klubb.xlsx"


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def type_results(path: Path, sheet: str, results: dict[int, str] | None = None) -> None:
    """Type a result on every board of a club's round sheet, as the secretary does:
    ``results`` by board number, the rest 1-0 / 0-1 / ½-½ in turn."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    header = next(r for r in ws.iter_rows() if any(c.value == "Resultat" for c in r))
    col = next(c.column for c in header if c.value == "Resultat")
    for row in ws.iter_rows(min_row=header[0].row + 1):
        board = row[0].value
        if isinstance(board, int):
            ws.cell(row[0].row, col, (results or {}).get(board, ("1-0", "0-1", "½-½")[board % 3]))
    wb.save(path)


def board_of(path: Path, sheet: str, board: int) -> tuple[int, int]:
    ws = openpyxl.load_workbook(path)[sheet]
    for row in ws.iter_rows(values_only=True):
        if row[0] == board:
            return int(row[1]), int(row[2])
    raise AssertionError(f"no board {board} on {sheet}")


@pytest.fixture
def season(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The club's workbook after round 2 is paired (round 1 as the club typed it)."""
    path = tmp_path / "klubb.xlsx"
    shutil.copy(KLUBB, path)
    code, _, err = run(capsys, "pair", path, "--system", "nsf", "--rounds", "7")
    assert code == 0, err
    return path


# --- item 1: a title row above the club's header ------------------------------------
def test_copied_title_names_the_new_round(season: Path, capsys) -> None:
    """The title row above the header of 'Runde 1' is carried over with the new round's
    number ('Runde 2' on the sheet of round 2, never 'Runde 1')."""
    wb = openpyxl.load_workbook(season)
    assert wb["Runde 2"]["A1"].value == "Klubbmesterskapet 2026 - Runde 2"
    assert wb["Runde 1"]["A1"].value == "Klubbmesterskapet 2026 - Runde 1"  # the club's own
    type_results(season, "Runde 2")
    assert run(capsys, "pair", season)[0] == 0
    assert openpyxl.load_workbook(season)["Runde 3"]["A1"].value == "Klubbmesterskapet 2026 - Runde 3"


# --- items 2 and 3: a postponed game -----------------------------------------------
def _postpone_board_3(season: Path, capsys) -> tuple[int, int]:
    type_results(season, "Runde 2", {3: "utsatt"})
    code, _, err = run(capsys, "pair", season)
    assert code == 0, err
    return board_of(season, "Runde 2", 3)


def test_nsf_5_check_and_explain_use_what_was_known_when_the_round_was_paired(
        season: Path, capsys) -> None:
    """NSF-5: round 3 was paired while round 2's board 3 was postponed (counted as a
    draw on the round list).  When the game is played later and its result typed in,
    ``check`` and ``explain`` re-pair round 3 from what was known then, not from the
    late result, and find monrad's own pairing right."""
    white, black = _postpone_board_3(season, capsys)
    type_results(season, "Runde 3")
    type_results(season, "Runde 2", {3: "1-0"})  # played a week later
    code, out, err = run(capsys, "check", season)  # the club's workbook is Norwegian
    assert (code, out.strip()) == (0, "alle 3 runder stemmer"), out + err
    code, out, err = run(capsys, "explain", season, "--round", "3", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["file"]["differences"] == []
    # what was known is kept in the file: the monrad sheet names the game (in Norwegian)
    block = {r[0]: r[1] for r in openpyxl.load_workbook(season)["monrad"].iter_rows(values_only=True)}
    assert block["uferdig ved oppsett av runde 3"] == f"2: {white}-{black} postponed"


@pytest.mark.parametrize("suffix", [".trf", ".xlsx"])
def test_nsf_5_a_late_result_keeps_check_right_in_a_trf_and_a_monrad_workbook(
        season: Path, capsys, suffix: str) -> None:
    """The same in a TRF file (``XMN paired-around``) and in a monrad workbook (a note
    below the round's boards), each written by ``monrad pair``."""
    type_results(season, "Runde 2", {3: "utsatt"})
    t = load(season)
    t.rounds = t.rounds[:2]
    path = season.with_name("club" + suffix)
    save(t, path)
    assert run(capsys, "pair", path)[0] == 0
    late = load(path)
    assert late.round(3).paired_around[0].round == 2
    rnd2 = late.round(2)
    g = rnd2.games[2]
    assert g.pending is Pending.POSTPONED
    late.set_round(type(rnd2)(2, tuple(x.with_result(Result.WIN) if x is g else x
                                       for x in rnd2.games), rnd2.byes))
    r3 = late.round(3)
    late.set_round(type(r3)(3, tuple(x.with_result(Result.DRAW) for x in r3.games), r3.byes,
                            r3.paired_around))
    save(late, path)
    again = load(path)
    assert again.round(2).games[2].white_result is Result.WIN
    code, out, err = run(capsys, "check", path)
    assert (code, out.strip()) == (0, "all 3 rounds agree"), out + err


def test_pending_game_is_worth_nothing_until_played_in_every_document(season: Path, capsys) -> None:
    """NSF-5 counts a postponed game as a draw for the round list only: the standings,
    the crosstable, the cards and the tie-breaks count it as nothing until its result is
    in, mark it, and say so; the next round's sheet shows the same points."""
    white, black = _postpone_board_3(season, capsys)
    wb = openpyxl.load_workbook(season)
    table = [r for r in wb["Tabell"].iter_rows(values_only=True)]
    header = table[1]
    rows = {r[1]: r for r in table[2:] if isinstance(r[1], int)}
    note = header.index("Merknad")
    points = header.index("Poeng")
    for p in (white, black):
        assert "runde 2" in rows[p][note] and "utsatt" in rows[p][note]
    # the points: round 1 only (the bye of round 2 and the other games count)
    t = load(season)
    for p in (white, black):
        assert str(rows[p][points]) == str(t.score(p, 1)).replace("1/2", "½")
    # round 3's sheet shows the same points as the standings (P beside each name)
    r3 = {row[1]: row for row in wb["Runde 3"].iter_rows(values_only=True) if isinstance(row[1], int)}
    assert white in r3 or black in r3
    # the command line says so too
    code, out, _ = run(capsys, "standings", season, "--dry-run")
    line = next(x for x in out.splitlines() if f" {white}  " in x)
    assert "partiet i runde 2 er utsatt: ikke medregnet ennå" in line
    code, out, _ = run(capsys, "standings", season, "--dry-run", "--lang", "en")
    line = next(x for x in out.splitlines() if f" {white}  " in x)
    assert "game of round 2 pending: not counted yet" in line
    # the documents: the crosstable marks the game with * and its legend says what * is;
    # the standings and the cards note it
    t = load(season)
    for doc in ("crosstable", "standings", "cards"):
        html = document_html(t, doc, "no")
        assert "partiet i runde 2 er utsatt" in html, doc
    cross = document_html(t, "crosstable", "no")
    assert "h*" in cross or "s*" in cross  # hvit/svart in Norwegian (issue 26 item 11)
    assert "* utsatt parti eller hengeparti, ikke spilt ennå" in cross


# --- item 5: the standings note after monrad pair ----------------------------------
def test_standings_note_after_pair_names_the_result_cells(tmp_path: Path, capsys) -> None:
    """After ``monrad pair`` the Standings sheet's note on the new round names each
    missing result's cell ('1 (E3)'), as ``monrad standings`` does, never '1 (?)'."""
    path = tmp_path / "club.xlsx"
    assert run(capsys, "new", path, "--system", "nsf", "--rounds", "7", "--lang", "no",
               "--players", SEASON / "roster.csv")[0] == 0
    assert run(capsys, "pair", path)[0] == 0
    wb = openpyxl.load_workbook(path)
    for row in wb["Runde 1"].iter_rows(min_row=3):
        if isinstance(row[0].value, int):
            row[4].value = "1-0"
    wb.save(path)
    assert run(capsys, "pair", path)[0] == 0
    notes = [r[0] for r in openpyxl.load_workbook(path)["Tabell"].iter_rows(values_only=True)
             if isinstance(r[0], str) and r[0].startswith("Runde 2")]
    assert notes == ["Runde 2: resultat mangler på 11 bord: " + ", ".join(
        f"{b} (E{b + 2})" for b in range(1, 12))]
    assert run(capsys, "standings", path)[0] == 0
    again = [r[0] for r in openpyxl.load_workbook(path)["Tabell"].iter_rows(values_only=True)
             if isinstance(r[0], str) and r[0].startswith("Runde 2")]
    assert again == notes


# --- item 8: the round the standings are after -------------------------------------
def test_standings_before_any_result_say_no_round_is_played(capsys) -> None:
    """Before any result the standings say that no round has been played (as the
    workbook does), never 'after round 0'."""
    code, out, err = run(capsys, "standings", SEASON / "roster.csv", "--system", "nsf")
    assert code == 0, err
    assert out.splitlines()[0] == "Standings: no round played yet (nsf)"
    assert "round 0" not in out


def test_standings_of_a_workbook_before_any_result_never_say_round_0(tmp_path: Path, capsys) -> None:
    """The button's report and the command line say so too (issue 26 item 8, issue 29)."""
    book = tmp_path / "klubb.xlsx"
    assert run(capsys, "new", book, "--system", "nsf", "--rounds", "5", "--players",
               SEASON / "roster.csv", "--lang", "no")[0] == 0
    code, out, err = run(capsys, "standings", book)
    assert code == 0, err
    assert "ingen runder spilt ennå" in out and "runde 0" not in out
    code, out, err = run(capsys, "standings", book, "--lang", "en")
    assert "no round played yet" in out and "round 0" not in out


def test_standings_are_after_the_last_round_with_results_in_every_file(
        season: Path, tmp_path: Path, capsys) -> None:
    """One rule everywhere: a round paired with no result typed in yet does not count.
    A TRF whose round 3 has no results is 'after round 2' in the table, the documents
    and the workbook alike, and the open round is named."""
    type_results(season, "Runde 2")
    assert run(capsys, "pair", season)[0] == 0  # round 3 paired, nothing typed in
    trf = tmp_path / "club.trf"
    save(load(season), trf)
    code, out, err = run(capsys, "standings", trf)
    assert code == 0, err
    assert out.splitlines()[0] == "Standings after round 2 (nsf)"
    assert "round 3: results are missing on boards 1, 2, 3" in out
    t = load(trf)
    assert "Krysstabell etter runde 2" in document_html(t, "crosstable", "no")
    assert "Tabell etter runde 2" in document_html(t, "standings", "no")
    assert "Tabell etter runde 2" in openpyxl.load_workbook(season)["Tabell"]["A1"].value


# --- item 9: withdrawn and late-entry players ---------------------------------------
def test_withdrawn_and_late_entry_players_are_marked_in_standings_crosstable_and_cards(
        tmp_path: Path, capsys) -> None:
    """SSF-9 / NSF: a withdrawn player keeps his results and stays on the list, a late
    entry joins with what he has: both are marked, in the standings (sheet, command
    line, document), the crosstable and the cards, in the workbook's language."""
    path = tmp_path / "klubb.xlsx"
    shutil.copy(KLUBB, path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Spillere"]
    ws["F3"], ws["G3"] = "Trukket etter runde", "Sen start i runde"
    ws["F7"] = 1  # no. 4 withdraws after round 1
    ws.append([24, "Vilde Nygård", 1250, "Alta SK", 2010, None, 2])  # joins in round 2
    wb.save(path)
    assert run(capsys, "pair", path, "--system", "nsf", "--rounds", "7")[0] == 0
    type_results(path, "Runde 2")
    assert run(capsys, "standings", path)[0] == 0
    table = list(openpyxl.load_workbook(path)["Tabell"].iter_rows(values_only=True))
    note = table[1].index("Merknad")
    rows = {r[1]: r for r in table[2:] if isinstance(r[1], int)}
    assert rows[4][note] == "trakk seg etter runde 1"
    assert rows[24][note] == "med fra runde 2"
    assert rows[1][note] is None
    code, out, _ = run(capsys, "standings", path, "--dry-run", "--lang", "en")
    assert "withdrew after round 1" in out and "entered in round 2" in out
    t = load(path)
    for doc in ("standings", "crosstable", "cards"):
        html = document_html(t, doc, "no")
        assert "trakk seg etter runde 1" in html and "med fra runde 2" in html, doc
    # a monrad workbook's own Crosstable and Cards sheets say the same (in English here)
    book = tmp_path / "monrad.xlsx"
    save(t, book)
    assert run(capsys, "standings", book, "--cards")[0] == 0
    wb = openpyxl.load_workbook(book)
    for sheet in ("Crosstable", "Cards"):
        cells = {c for row in wb[sheet].iter_rows(values_only=True) for c in row}
        assert "withdrew after round 1" in cells and "entered in round 2" in cells, sheet


# --- item 6: a round robin's rounds follow from its players -------------------------
def test_round_robin_rounds_follow_from_the_players(tmp_path: Path, capsys) -> None:
    """A round robin of 23 players has 23 rounds (22 with an even 22, twice that
    double): neither ``monrad new`` nor a club's workbook asks for ``--rounds``."""
    book = tmp_path / "rr.xlsx"
    code, out, err = run(capsys, "new", book, "--system", "round-robin", "--lang", "no",
                         "--players", SEASON / "roster.csv")
    assert code == 0, err
    assert "23 runder, 23 spillere" in out  # --lang no: the messages too (issue 29)
    assert run(capsys, "pair", book)[0] == 0
    empty = tmp_path / "empty.xlsx"
    code, out, err = run(capsys, "new", empty, "--system", "double-round-robin")
    assert code == 0, err
    assert "the rounds follow from the players" in out
    club = tmp_path / "klubb.xlsx"
    wb = openpyxl.load_workbook(KLUBB)
    del wb["Runde 1"]
    wb.save(club)
    code, _, err = run(capsys, "pair", club, "--system", "round-robin")
    assert code == 0, err
    block = {r[0]: r[1] for r in openpyxl.load_workbook(club)["monrad"].iter_rows(values_only=True)}
    assert block["runder"] == "23"


# --- item 7: one rule for names ------------------------------------------------------
def test_names_first_last_are_stored_last_first_on_every_path(tmp_path: Path, capsys) -> None:
    """A name typed 'Ola Hansen' is 'Hansen, Ola' whichever way the roster comes in (a
    CSV roster, a club's sheet, monrad's Players sheet), so alphabetical lists sort by
    surname and the FIDE report has nothing to warn about; the user is told once."""
    book = tmp_path / "club.xlsx"
    code, out, err = run(capsys, "new", book, "--system", "nsf", "--rounds", "7",
                         "--players", SEASON / "roster.csv")
    assert code == 0, err
    assert "23 names written First Last are stored Last, First" in err
    assert "'Ola Hansen' -> 'Hansen, Ola'" in err
    from_csv = [p.name for p in load(book).players]
    from_club = [p.name for p in load(KLUBB).players]
    assert from_csv == from_club and from_csv[0] == "Hansen, Ola"
    csv_copy = tmp_path / "roster.csv"
    save(load(SEASON / "roster.csv"), csv_copy)
    assert [p.name for p in load(csv_copy).players] == from_csv
    # the club's own sheets keep their own spelling where monrad writes a player by name
    club = tmp_path / "klubb.xlsx"
    shutil.copy(KLUBB, club)
    assert run(capsys, "pair", club, "--system", "nsf", "--rounds", "7")[0] == 0
    names = {r[2] for r in openpyxl.load_workbook(club)["Tabell"].iter_rows(values_only=True)}
    assert "Hansen, Ola" in names
    # the FIDE report of the event has no name to complain about
    code, _, err = run(capsys, "export", book, "-o", tmp_path / "report.trf")
    assert "name" not in err.lower(), err


# --- item 12: one table of a folder ----------------------------------------------------
def _season_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    folder.mkdir()
    shutil.copy(KLUBB, folder / "a-klubb.xlsx")
    shutil.copy(SEASON.parent.parent.parent / "examples" / "club.trf", folder / "b-club.trf")
    (folder / "c-broken.trf").write_text("not a tournament\n", encoding="utf-8")
    return folder


def test_table_of_a_folder_shows_progress_in_the_folder_conversions_words(
        tmp_path: Path, capsys) -> None:
    """``convert FOLDER --to games.csv`` shows each file as the folder conversion does
    ([1/3] read / failed), calls an unreadable file 'failed' as that conversion does,
    and sums up the same way; exit 2 as there."""
    pytest.importorskip("pandas")
    folder = _season_folder(tmp_path)
    code, out, err = run(capsys, "convert", folder, "--to", tmp_path / "games.csv")
    assert code == 2
    assert "[1/3] read      " in err and "[3/3] failed    " in err and "c-broken.trf" in err
    assert "skipped" not in err + out
    assert "3 files: 2 read, 1 failed" in out
    code, _, err = run(capsys, "convert", folder, "--to", "trf", "--out-dir", tmp_path / "out")
    assert code == 2 and "[3/3] failed    " in err


def test_table_of_a_folder_without_pandas_says_so_before_reading(
        tmp_path: Path, capsys, monkeypatch) -> None:
    """Without pandas the table command says so at once, not after reading every file."""
    from monrad.converters import batch

    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    read: list[object] = []
    monkeypatch.setattr(batch, "read_input", lambda *a, **k: read.append(a) or [])
    code, _, err = run(capsys, "convert", _season_folder(tmp_path), "--to", tmp_path / "games.csv")
    assert code == 2 and "pandas" in err and read == []


def test_pair_on_a_folder_says_it_is_a_folder(tmp_path: Path, capsys) -> None:
    folder = _season_folder(tmp_path)
    for command in ("pair", "standings", "check"):
        code, _, err = run(capsys, command, folder)
        assert code == 2 and "is a folder" in err and "format" not in err.split(";")[0], command


# --- item 10: messages that help -----------------------------------------------------
def _monrad_book(tmp_path: Path, capsys) -> Path:
    book = tmp_path / "club.xlsx"
    assert run(capsys, "new", book, "--system", "nsf", "--rounds", "7", "--lang", "no",
               "--players", SEASON / "roster.csv")[0] == 0
    assert run(capsys, "pair", book)[0] == 0
    return book


def test_a_result_the_spreadsheet_turned_into_a_date_is_named_as_such(tmp_path, capsys) -> None:
    import datetime

    book = _monrad_book(tmp_path, capsys)
    wb = openpyxl.load_workbook(book)
    wb["Runde 1"]["E3"] = datetime.datetime(2026, 1, 2)  # 1/2 typed, Excel made it a date
    wb.save(book)
    code, _, err = run(capsys, "pair", book)
    assert code == 2  # a Norwegian workbook's refusal in Norwegian (issue 29)
    assert "E3" in err and "2026-01-02 er en dato" in err and "½-½" in err
    code, _, err = run(capsys, "pair", book, "--lang", "en")
    assert code == 2
    assert "E3" in err and "2026-01-02 is a date" in err and "½-½" in err


def test_every_problem_of_a_sheet_is_listed_at_once(tmp_path, capsys) -> None:
    """All problems of a round sheet in one message (up to ten), each with its cell."""
    book = _monrad_book(tmp_path, capsys)
    wb = openpyxl.load_workbook(book)
    ws = wb["Runde 1"]
    ws["E3"], ws["E5"], ws["E8"] = "1-1", "seier", "2-0"
    wb.save(book)
    code, _, err = run(capsys, "pair", book)
    assert code == 2 and err.count("\n") == 1
    assert "3 feil" in err and "E3:" in err and "E5:" in err and "E8:" in err
    code, _, err = run(capsys, "pair", book, "--lang", "en")
    assert code == 2 and err.count("\n") == 1
    assert "3 problems" in err and "E3:" in err and "E5:" in err and "E8:" in err


def test_a_result_in_the_points_column_is_named_as_such(tmp_path, capsys) -> None:
    book = _monrad_book(tmp_path, capsys)
    wb = openpyxl.load_workbook(book)
    wb["Runde 1"]["F4"] = "1-0"  # one cell too far right of Result
    wb.save(book)
    code, _, err = run(capsys, "pair", book)
    assert code == 2
    assert "F4" in err and "står i poengkolonnen" in err and "(E4)" in err
    code, _, err = run(capsys, "pair", book, "--lang", "en")
    assert code == 2
    assert "F4" in err and "typed in the points column" in err and "(E4)" in err


def test_a_misspelled_name_gets_did_you_mean(tmp_path, capsys) -> None:
    club = tmp_path / "klubb.xlsx"
    shutil.copy(KLUBB, club)
    wb = openpyxl.load_workbook(club)
    wb["Runde 1"]["B4"] = "Kari Bergg"  # board 1's White by name, one letter off
    wb.save(club)
    code, _, err = run(capsys, "pair", club, "--system", "nsf", "--rounds", "7")
    assert code == 2
    assert "'Kari Bergg' er ikke en spiller på spillerlisten; mente du 'Berg, Kari'?" in err
    code, _, err = run(capsys, "pair", club, "--system", "nsf", "--rounds", "7", "--lang", "en")
    assert "'Kari Bergg' is not a player on the roster; did you mean 'Berg, Kari'?" in err
