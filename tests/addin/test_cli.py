"""The ``monrad`` command line: every command's help, the ``pair --format pairs``
contract, writing back, exit codes and one-line errors (never a traceback)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DATA, REPO

from monrad.addin.cli import main
from monrad.converters import load
from monrad.converters.trf import read_trf, write_trf
from monrad.engine.model import Bye, Game, Player, Result, Round, Settings, Tournament

EXAMPLE = REPO / "examples" / "club.trf"
ORACLE = DATA / "oracle"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str, *parts: str) -> None:
    assert "Traceback" not in err
    lines = [ln for ln in err.splitlines() if not ln.startswith("monrad: warning:")]
    assert len(lines) == 1, err
    assert lines[0].startswith("monrad: "), err
    for p in parts:
        assert p in lines[0], err


def replay_file(src: Path, k: int, dest: Path, version: str = "2026") -> Tournament:
    """Rounds 1..k of an oracle file plus round k+1's announced absences (H, Z, F)."""
    t = read_trf(src)
    nxt = t.round(k + 1)
    cut = t.copy()
    cut.rounds = [r for r in t.rounds if r.number <= k]
    pre = tuple(b for b in nxt.byes if b.result in (Result.HALF_BYE, Result.ZERO_BYE, Result.FULL_BYE))
    if pre:
        cut.rounds.append(Round(k + 1, (), pre))
    dest.write_text(write_trf(cut, version), encoding="utf-8", newline="")
    return t


# ------------------------------------------------------------------------------ help
@pytest.mark.parametrize("command", ["pair", "standings", "check", "convert", "new", "addin"])
def test_every_command_has_help(capsys, command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    assert out.startswith(f"usage: monrad {command}")


def test_no_command_prints_usage_and_exits_2(capsys) -> None:
    code, out, err = run(capsys)
    assert code == 2 and "usage: monrad" in err and out == ""


def test_usage_error_exits_2(capsys) -> None:
    code, _, err = run(capsys, "pair")
    assert code == 2 and "FILE" in err


def test_console_script_is_installed() -> None:
    exe = shutil.which("monrad")
    cmd = [exe] if exe else [sys.executable, "-m", "monrad.addin.cli"]
    done = subprocess.run([*cmd, "pair", str(EXAMPLE), "--dry-run", "--format", "pairs"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() and all(
        len(line.split()) == 2 for line in done.stdout.splitlines())


# ---------------------------------------------------------------------- pair contract
ORACLE_REPLAYS = [  # round k + 1 of each has announced absences (H, Z) but the last
    ("dutch/dutch_n0008_r06_s5111_ff-zb-hb.trf", 3),
    ("dutch/dutch_n0009_r07_s5108_ff-zb-hb.trf", 3),
    ("dutch/dutch_n0011_r05_s5109_ff-zb-hb.trf", 1),
    ("dutch/dutch_n0007_r05_s5101.trf", 0),
]


@pytest.mark.parametrize("version", ["16", "2026"])
@pytest.mark.parametrize("name,k", ORACLE_REPLAYS)
def test_pair_format_pairs_contract(capsys, tmp_path: Path, name: str, k: int, version: str) -> None:
    """One line per board in board order, WHITE BLACK, the bye as 'N 0', nothing else;
    players announced absent (TRF-16: H/Z in the round's column; TRF-2026: record 240)
    are not paired."""
    src = ORACLE / name
    f = tmp_path / "t.trf"
    full = replay_file(src, k, f, version)
    if k and version == "2026":
        assert "\n240 " in f.read_text().replace("\r\n", "\n")
    before = f.read_bytes()
    code, out, err = run(capsys, "pair", f, "--dry-run", "--format", "pairs")
    assert code == 0, err
    assert f.read_bytes() == before  # --dry-run changes nothing
    lines = out.splitlines()
    assert all(len(ln.split()) == 2 and all(x.isdigit() for x in ln.split()) for ln in lines)
    expected = full.round(k + 1)
    got = [tuple(map(int, ln.split())) for ln in lines]
    boards = [pair for pair in got if pair[1] != 0]
    byes = [pair[0] for pair in got if pair[1] == 0]
    assert set(boards) == {(g.white, g.black) for g in expected.games}
    assert byes == [b.player for b in expected.byes if b.result is Result.PAIRING_BYE]
    assert got[len(boards):] == [(b, 0) for b in byes]  # the bye comes last
    absent = {b.player for b in expected.byes if b.result is not Result.PAIRING_BYE}
    assert not absent & {p for pair in got for p in pair}


def test_pair_announced_absence_in_record_240_is_not_paired(capsys, tmp_path: Path) -> None:
    t = read_trf(EXAMPLE)
    t.set_round(Round(4, (), (Bye(3, Result.HALF_BYE), Bye(5, Result.ZERO_BYE))))
    f = tmp_path / "c.trf"
    f.write_text(write_trf(t, "2026"), encoding="utf-8")
    assert "240 H 004" in f.read_text()
    code, out, err = run(capsys, "pair", f, "--dry-run", "--format", "pairs")
    assert code == 0, err
    paired = {int(x) for ln in out.splitlines() for x in ln.split()}
    assert 3 not in paired and 5 not in paired
    assert len(out.splitlines()) == 5  # ten players on five boards


def test_pair_json_has_round_boards_and_bye(capsys, tmp_path: Path) -> None:
    f = tmp_path / "t.trf"
    replay_file(ORACLE / "dutch/dutch_n0009_r07_s5108_ff-zb-hb.trf", 2, f)
    code, out, err = run(capsys, "pair", f, "--dry-run", "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["round"] == 3 and doc["system"] == "dutch"
    assert [b["board"] for b in doc["boards"]] == list(range(1, len(doc["boards"]) + 1))
    assert {"white", "black", "white_name", "black_name"} <= set(doc["boards"][0])
    assert "bye" in doc and "not_paired" in doc


def test_pair_text_lists_boards_and_names(capsys) -> None:
    code, out, err = run(capsys, "pair", EXAMPLE, "--dry-run")
    assert code == 0, err
    assert out.startswith("Round 4 (nsf): 6 boards")
    assert "Berg, Kari" in out


def test_oth_5_text_listing_names_black_first() -> None:
    from monrad.addin.cli.commands.pair import format_text

    t = Tournament(settings=Settings(system="othello-swiss", rounds=3))
    t.add_player(Player(1, "Berg, Kari"))
    t.add_player(Player(2, "Hansen, Ola"))
    text = format_text(t, Round(1, (Game(1, 2),)), "othello-swiss")
    header = text.splitlines()[1]
    assert header.index("Black") < header.index("White")
    board = text.splitlines()[3]
    assert board.index("Hansen") < board.index("Berg")  # game.black (2) first


@pytest.mark.parametrize("version", ["16", "2026"])
def test_pair_writes_round_back_in_the_same_trf_version(capsys, tmp_path: Path, version: str) -> None:
    f = tmp_path / "t.trf"
    replay_file(ORACLE / "dutch/dutch_n0008_r06_s5111_ff-zb-hb.trf", 2, f, version)
    code, out, err = run(capsys, "pair", f, "--format", "pairs")
    assert code == 0, err
    text = f.read_text()
    if version == "16":
        assert "XXR 6" in text and "\n142 " not in text
    else:
        assert "142 6" in text and "XXR" not in text
    t = read_trf(f)
    assert t.rounds_played == 3
    assert [f"{g.white} {g.black}" for g in t.round(3).games] == [
        ln for ln in out.splitlines() if not ln.endswith(" 0")]
    assert not list(tmp_path.glob(".*tmp"))  # the temporary file is gone
    # pressed twice: refused, the file unchanged
    before = f.read_bytes()
    code, _, err = run(capsys, "pair", f)
    assert code == 2
    assert_one_line_error(err, "round 3 is missing results")
    assert f.read_bytes() == before


def test_pair_repair_pairs_the_last_round_again(capsys, tmp_path: Path) -> None:
    f = tmp_path / "t.trf"
    shutil.copy(EXAMPLE, f)
    assert run(capsys, "pair", f, "--format", "pairs")[0] == 0
    first = read_trf(f).round(4)
    code, out, err = run(capsys, "pair", f, "--repair", "--format", "pairs")
    assert code == 0, err
    again = read_trf(f)
    assert again.rounds_played == 4 and again.round(4) == first  # deterministic


def test_pair_all_rounds_paired_is_refused(capsys, tmp_path: Path) -> None:
    f = tmp_path / "t.trf"
    shutil.copy(ORACLE / "dutch/dutch_n0007_r05_s5101.trf", f)
    code, _, err = run(capsys, "pair", f, "--dry-run")
    assert code == 2
    assert_one_line_error(err, "all 5 rounds are paired already")


def test_pair_unknown_system_lists_the_available_ones(capsys) -> None:
    code, _, err = run(capsys, "pair", EXAMPLE, "--dry-run", "--system", "burstein")
    assert code == 2
    assert_one_line_error(err, "burstein", "available:", "dutch", "nsf")


def test_no_legal_pairing_exits_1(capsys, tmp_path: Path) -> None:
    t = Tournament(settings=Settings(system="dutch", rounds=3))
    t.add_player(Player(1, "A"))
    t.add_player(Player(2, "B"))
    t.rounds.append(Round(1, (Game(1, 2, Result.WIN),)))
    f = tmp_path / "two.trf"
    f.write_text(write_trf(t))
    code, out, err = run(capsys, "pair", f, "--format", "pairs")
    assert code == 1 and out == ""
    assert_one_line_error(err, "round 2")


def _club_sheet(path: Path) -> None:
    """A club's own workbook: a title block, a roster, one played round."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = "Spillere"
    ws.append(["Klubbturnering høst, Monrad 5 runder"])
    ws.append([])
    ws.append(["Nr", "Navn", "Klubb", "Elo"])
    for n, name in enumerate(["Ola Hansen", "Kari Berg", "Per Dahl", "Ida Lie", "Nils Moe",
                              "Eva Ruud"], 1):
        ws.append([n, name, "Oslo SK", 2000 - 50 * n])
    r1 = wb.create_sheet("Runde 1")
    r1.append(["Bord", "Hvit", "Svart", "Resultat"])
    for board, (w, b, res) in enumerate([(1, 4, "1-0"), (5, 2, "remis"), (3, 6, "0-1")], 1):
        r1.append([board, w, b, res])
    wb.save(path)


def test_pair_club_sheet_in_place_dry_run_changes_nothing(capsys, tmp_path: Path) -> None:
    """A club's own sheet is paired in place (issue 13); --dry-run only shows the round."""
    f = tmp_path / "club.xlsx"
    _club_sheet(f)
    before = f.read_bytes()
    code, out, err = run(capsys, "pair", f, "--system", "nsf", "--dry-run", "--format", "pairs")
    assert code == 0, err
    assert len(out.splitlines()) == 3
    assert f.read_bytes() == before
    code, out, err = run(capsys, "pair", f, "--system", "nsf", "--format", "pairs")
    assert code == 0, err
    assert len(out.splitlines()) == 3
    from openpyxl import load_workbook

    wb = load_workbook(f)
    assert wb.sheetnames[:3] == ["Spillere", "Runde 1", "Runde 2"]
    assert [c.value for c in wb["Runde 2"][1]] == ["Bord", "Hvit", "Svart", "Resultat"]


def test_load_club_sheet_fixture_equals_its_truth() -> None:
    src = DATA / "fixtures/club-sheets/club_en_n0007_r05_s6034_ff.xlsx"
    truth = read_trf(src.with_name(src.stem + ".truth.trf"))
    t = load(src)
    assert [p.name for p in t.players] == [p.name for p in truth.players]
    for mine, theirs in zip(t.rounds, truth.rounds, strict=True):
        assert set(mine.games) == set(theirs.games) and set(mine.byes) == set(theirs.byes)


# ------------------------------------------------------------------------- workbook
def test_new_then_pair_a_workbook(capsys, tmp_path: Path) -> None:
    book = tmp_path / "klubb.xlsx"
    code, out, err = run(capsys, "new", book, "--system", "nsf", "--rounds", "5",
                         "--players", REPO / "examples/roster.csv", "--lang", "no", "--seed", "7")
    assert code == 0, err
    assert book.exists() and "8 spillere" in out  # --lang: the messages too (docs/i18n.md)
    code, out, err = run(capsys, "pair", book, "--format", "pairs")
    assert code == 0, err
    assert len(out.splitlines()) == 4
    t = load(book)
    assert t.rounds_played == 1
    assert [f"{g.white} {g.black}" for g in t.round(1).games] == out.splitlines()
    code, _, err = run(capsys, "pair", book)
    assert code == 2
    assert_one_line_error(err, "runde 1 er allerede satt opp")  # the workbook's language


def test_new_othello_uses_the_format_advice(capsys, tmp_path: Path) -> None:
    book = tmp_path / "othello.xlsx"
    code, out, err = run(capsys, "new", book, "--game", "othello", "--players-count", "14")
    assert code == 0, err
    assert "OTH-1" in out and "othello-swiss, 7 rounds" in out
    assert load(book).settings.system == "othello-swiss"


@pytest.mark.parametrize("players, rounds", [("5", "double-round-robin"), ("8", "round-robin, 7 rounds"),
                                             ("20", "othello-swiss, 7 rounds"), ("40", "othello-swiss, 9 rounds")])
def test_oth_1_new_game_othello_players_n_proposes_the_format(capsys, tmp_path: Path, players: str,
                                                             rounds: str) -> None:
    """OTH-1 as the issue words it: ``monrad new ... --game othello --players N``."""
    book = tmp_path / "o.xlsx"
    code, out, err = run(capsys, "new", book, "--game", "othello", "--players", players)
    assert code == 0, err
    assert rounds in out


def test_new_players_number_is_for_othello_only(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "new", tmp_path / "c.xlsx", "--system", "nsf", "--rounds", "7",
                       "--players", "30")
    assert code == 2
    assert_one_line_error(err, "no such roster file")


def test_new_refuses_to_overwrite(capsys, tmp_path: Path) -> None:
    book = tmp_path / "b.xlsx"
    book.write_bytes(b"x")
    code, _, err = run(capsys, "new", book, "--system", "nsf", "--rounds", "5")
    assert code == 2
    assert_one_line_error(err, "exists")


# ------------------------------------------------------------------------- standings
def test_standings_csv_columns_and_injection_guard(capsys, tmp_path: Path) -> None:
    t = read_trf(EXAMPLE)
    t.players[0] = t.players[0].replace(name="=HYPERLINK(\"x\")")
    f = tmp_path / "s.trf"
    f.write_text(write_trf(t))
    code, out, err = run(capsys, "standings", f, "--format", "csv", "--tiebreaks", "BH,SB")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "rank,start_no,name,points,BH,SB"
    assert len(lines) == 1 + len(t.players)
    assert any(",\"'=HYPERLINK(\"\"x\"\")\"," in ln or ",'=HYPERLINK" in ln for ln in lines)


def test_standings_text_and_json(capsys) -> None:
    code, out, _ = run(capsys, "standings", EXAMPLE)
    assert code == 0 and out.startswith("Standings after round 3")
    code, out, _ = run(capsys, "standings", EXAMPLE, "--format", "json")
    doc = json.loads(out)
    assert doc["round"] == 3 and len(doc["rows"]) == 12
    assert list(doc["rows"][0])[:4] == ["rank", "start_no", "name", "points"]


def test_standings_unknown_tiebreak_is_bad_input(capsys) -> None:
    code, _, err = run(capsys, "standings", EXAMPLE, "--tiebreaks", "NOPE")
    assert code == 2
    assert_one_line_error(err, "NOPE")


# ----------------------------------------------------------------------------- check
def test_check_reports_agreement_or_differences(capsys, tmp_path: Path) -> None:
    src = ORACLE / "dutch/dutch_n0008_r06_s5111_ff-zb-hb.trf"
    code, out, err = run(capsys, "check", src)
    assert code == 0, out + err
    assert out.strip() == "all 6 rounds agree"
    # swap the colours of one board of round 2: check must name round 2
    t = read_trf(src)
    r2 = t.round(2)
    g = r2.games[0]
    swapped = Game(g.black, g.white, g.black_result, g.white_result)
    t.set_round(Round(2, (swapped, *r2.games[1:]), r2.byes))
    f = tmp_path / "changed.trf"
    f.write_text(write_trf(t))
    code, out, _ = run(capsys, "check", f)
    assert code == 1
    assert "2" in out.splitlines()[0]


# --------------------------------------------------------------------------- convert
def test_convert_one_file_and_several(capsys, tmp_path: Path) -> None:
    out_csv = tmp_path / "club.csv"
    code, out, err = run(capsys, "convert", EXAMPLE, "-o", out_csv)
    assert code == 0, err
    assert load(out_csv, fmt="csv-results").rounds == read_trf(EXAMPLE).rounds
    srcs = [ORACLE / "dutch/dutch_n0007_r05_s5101.trf", ORACLE / "dutch/dutch_n0008_r05_s5102.trf"]
    outdir = tmp_path / "out"
    outdir.mkdir()
    code, out, err = run(capsys, "convert", *srcs, "--to", "trf16", "--out-dir", outdir)
    assert code == 0, err
    for s in srcs:
        written = outdir / s.name
        assert "XXR" in written.read_text()
        assert read_trf(written) == read_trf(s)


def test_convert_o_with_two_sources_is_refused(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "convert", EXAMPLE, EXAMPLE, "-o", tmp_path / "x.trf")
    assert code == 2
    assert_one_line_error(err, "-o takes one source")


# ------------------------------------------------------------------- bad input, exit 2
def _player_lines(text: str) -> list[int]:
    return [i for i, ln in enumerate(text.split("\n")) if ln.startswith("001")]


def _bad(tmp_path: Path, change) -> Path:
    lines = EXAMPLE.read_text().replace("\r\n", "\n").split("\n")
    idx = _player_lines("\n".join(lines))
    change(lines, idx)
    f = tmp_path / "bad.trf"
    f.write_text("\n".join(lines))
    return f


def _set(line: str, col: int, text: str) -> str:
    return line[:col - 1] + text + line[col - 1 + len(text):]


BAD_INPUTS = {
    "truncated 001 line": (lambda L, i: L.__setitem__(i[2], L[i[2]][:6]), ["bad.trf:12:"]),
    "non-numeric rating": (lambda L, i: L.__setitem__(i[1], _set(L[i[1]], 49, "12x4")),
                           ["bad.trf:11:49", "rating"]),
    "opponent that does not exist": (lambda L, i: L.__setitem__(i[0], _set(L[i[0]], 92, "  77")),
                                     ["bad.trf:10:92", "77", "does not exist"]),
    "both players won": (lambda L, i: L.__setitem__(i[0], _set(L[i[0]], 99, "1")),
                         ["bad.trf:", "contradict"]),
    "player id used twice": (lambda L, i: L.insert(i[3], L[i[2]]), ["bad.trf:13:5", "used twice"]),
}


@pytest.mark.parametrize("case", list(BAD_INPUTS))
def test_bad_input_is_one_located_line_and_exit_2(capsys, tmp_path: Path, case: str) -> None:
    change, parts = BAD_INPUTS[case]
    f = _bad(tmp_path, change)
    for argv in (("standings", f), ("pair", f, "--dry-run"), ("convert", f, "-o", tmp_path / "o.csv")):
        code, out, err = run(capsys, *argv)
        assert code == 2, (case, argv, err)
        assert out == ""
        assert_one_line_error(err, *parts)


def test_points_column_disagreeing_is_a_warning_naming_the_player(capsys, tmp_path: Path) -> None:
    f = _bad(tmp_path, lambda L, i: L.__setitem__(i[0], _set(L[i[0]], 81, "9.0")))
    code, out, err = run(capsys, "standings", f)
    assert code == 0
    assert "warning" in err and "bad.trf:10" in err and "player 1" in err and "9.0" in err


def test_unknown_record_is_kept_and_written_back(capsys, tmp_path: Path) -> None:
    f = _bad(tmp_path, lambda L, i: L.insert(i[0], "999 written by another program"))
    out = tmp_path / "copy.trf"
    code, _, err = run(capsys, "convert", f, "-o", out)
    assert code == 0, err
    assert "999 written by another program" in out.read_text()


def test_missing_file_and_unknown_format(capsys, tmp_path: Path) -> None:
    code, _, err = run(capsys, "standings", tmp_path / "nope.trf")
    assert code == 2
    assert_one_line_error(err, "nope.trf", "no such file")
    odd = tmp_path / "notes.bin"
    odd.write_bytes(b"\x00\x01\x02")
    code, _, err = run(capsys, "standings", odd)
    assert code == 2
    assert_one_line_error(err, "notes.bin", "cannot tell the format")


def test_internal_error_is_one_line_and_exit_3(capsys, monkeypatch) -> None:
    import monrad.addin.cli.commands.standings as cmd

    def boom(args):
        raise RuntimeError("something broke")

    monkeypatch.setattr(cmd, "run", boom)
    monkeypatch.delenv("MONRAD_DEBUG", raising=False)
    code, out, err = run(capsys, "standings", EXAMPLE)
    assert code == 3 and out == ""
    assert_one_line_error(err, "internal error", "something broke")


def test_bad_input_in_a_subprocess_has_no_traceback(tmp_path: Path) -> None:
    f = tmp_path / "bad.trf"
    f.write_text("001    1      A                                 12x4\n")
    done = subprocess.run([sys.executable, "-m", "monrad.addin.cli", "pair", str(f)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert "bad.trf:1:49" in done.stderr


def test_standings_on_a_monrad_workbook_updates_its_sheet(capsys, tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "templates" / "example-club.xlsx", book)
    before = book.read_bytes()
    code, out, err = run(capsys, "standings", book, "--format", "csv", "--dry-run")
    assert code == 0, err
    assert out.startswith("rank,start_no,name,points")
    assert book.read_bytes() == before  # --dry-run writes nothing
    code, out, err = run(capsys, "standings", book, "--format", "csv")
    assert code == 0, err
    assert out.startswith("rank,start_no,name,points") and "er skrevet i arket" in err  # the workbook's language (issue 29)
    assert book.read_bytes() != before
    assert list(tmp_path.glob("club.backup-*.xlsx"))  # the job keeps a backup


def test_pair_a_csv_results_table_writes_the_round_back(capsys, tmp_path: Path) -> None:
    f = tmp_path / "results.csv"
    code, _, err = run(capsys, "convert", EXAMPLE, "-o", f)
    assert code == 0, err
    text = f.read_text(encoding="utf-8-sig")
    assert text.startswith("monrad,system=nsf,rounds=7\n")  # the converted file says so
    f.write_text(text.split("\n", 1)[1], encoding="utf-8")  # a table typed by hand does not
    code, out, err = run(capsys, "pair", f, "--system", "nsf", "--format", "pairs")
    assert code == 2  # a results table does not say how many rounds there are
    assert_one_line_error(err, "all 3 rounds are paired already")
    code, out, err = run(capsys, "pair", f, "--system", "nsf", "--rounds", "7", "--format", "pairs")
    assert code == 0, err
    back = load(f)
    assert back.rounds_played == 4
    assert [f"{g.white} {g.black}" for g in back.round(4).games] == out.splitlines()
    assert all(g.white_result is Result.UNKNOWN for g in back.round(4).games)


def test_pair_a_csv_roster_dry_run_only(capsys, tmp_path: Path) -> None:
    roster = REPO / "examples" / "roster.csv"
    code, out, err = run(capsys, "pair", roster, "--system", "nsf", "--rounds", "5", "--dry-run",
                         "--format", "pairs")
    assert code == 0, err
    assert len(out.splitlines()) == 4
    copy = tmp_path / "roster.csv"
    shutil.copy(roster, copy)
    code, out, err = run(capsys, "pair", copy, "--system", "nsf", "--rounds", "5")
    assert code == 2 and out == ""
    assert_one_line_error(err, "roster.csv", "--dry-run")
    assert copy.read_bytes() == roster.read_bytes()


@pytest.mark.parametrize(("lang", "words"), [("nb", "filen finnes ikke"), ("sv", "filen finns inte"),
                                             ("da", "filen findes ikke"),
                                             ("en", "")])
def test_a_missing_file_is_said_in_the_users_language(capsys, tmp_path: Path, lang: str,
                                                      words: str) -> None:
    """Issue 29: the system's own words for the usual file errors ('No such file or
    directory') are English; monrad says them through its catalogs, naming the file."""
    missing = tmp_path / "klubb.trf"
    for argv in (("pair", missing), ("standings", missing), ("convert", missing, "-o",
                                                               tmp_path / "k.csv")):
        code, _, err = run(capsys, "--lang", lang, *argv)
        assert code == 2
        assert_one_line_error(err, str(missing), words)
        assert "No such file or directory" not in err
        assert lang != "en" or "does not exist" in err or "no such file" in err
