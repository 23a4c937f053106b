"""Issue 21 through the command line: strangers' files give exit 2 and one located
line, never a hang, a crash, a traceback or a temporary file's name; read-only
workbooks and full disks are handled; conversions keep what they can and name
what they cannot.  Each test is one case of the issue (the case number in its name).

Most runs are in-process (``monrad.addin.cli.main``); the ones that need their own
process (a native crash, a file-size limit) use a subprocess."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.converters import load, save
from monrad.converters.trf import read_trf

CLUB_TRF = REPO / "examples" / "club.trf"


def run(capsys, *argv: str | Path) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def one_clean_line(err: str) -> str:
    lines = [ln for ln in err.splitlines() if not ln.startswith("monrad: warning:")]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err and ".part" not in err, err
    assert not re.search(r"\.tmp\b", err), err
    return lines[0]


def _far_cell(path: Path, dimension: bool = True) -> None:
    """One cell at XFD99000 on the Players sheet, as the issue's 13 KB workbook."""
    wb = openpyxl.load_workbook(path)
    wb["Players"]["XFD99000"] = "x"
    wb.save(path)
    if not dimension:
        tmp = path.with_suffix(".new")
        with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
            for info in src.infolist():
                data = src.read(info)
                if info.filename.startswith("xl/worksheets/"):
                    data = re.sub(rb"<dimension [^>]*/>", b"", data)
                dst.writestr(info, data)
        tmp.replace(path)


@pytest.mark.parametrize("dimension", [True, False], ids=["declared", "scanned"])
@pytest.mark.parametrize("command", [["pair", "--dry-run"], ["pair"], ["standings"], ["check"],
                                     ["convert", "-o", "out.trf"], ["export", "-o", "out.trf"]])
def test_issue21_case1_far_cell_is_refused_by_every_command(book, capsys, monkeypatch, command,
                                                            dimension):
    _far_cell(book, dimension)
    monkeypatch.chdir(book.parent)
    before = book.read_bytes()
    code, _, err = run(capsys, command[0], book.name, *command[1:])
    assert code == 2
    line = one_clean_line(err)
    assert "club.xlsx" in line and "Players" in line and "1024" in line
    assert book.read_bytes() == before


def test_issue21_case2_calamine_never_asked_for_51_gb(book, tmp_path):
    """``convert`` reads workbooks with calamine: a native abort (exit 134) before."""
    _far_cell(book)
    proc = subprocess.run([sys.executable, "-m", "monrad.addin.cli", "convert", str(book), "-o",
                           str(tmp_path / "out.trf")], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2, proc.stderr
    one_clean_line(proc.stderr)
    assert "panicked" not in proc.stderr and not (tmp_path / "out.trf").exists()


def test_issue21_case4_merged_title_on_standings_does_not_break_pair(book, capsys):
    wb = openpyxl.load_workbook(book)
    wb["Standings"].merge_cells("A1:F2")
    wb["Standings"].merge_cells("A5:F6")
    wb.save(book)
    code, out, err = run(capsys, "pair", book, "--dry-run")
    assert code == 0, err
    assert "Round 4" in out
    code, _, err = run(capsys, "standings", book)
    assert code == 0, err
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    assert load(book).round(4) is not None


def test_issue21_case6_a_write_error_names_the_input_line_not_a_temporary_file(tmp_path, capsys):
    src = tmp_path / "bogus.trf"
    src.write_text(CLUB_TRF.read_text(encoding="utf-8") + "XMN system bogus\n", encoding="utf-8")
    number = len(src.read_text(encoding="utf-8").splitlines())
    for argv in (["-o", tmp_path / "out.xlsx"], ["--to", "xlsx", "--out-dir", tmp_path / "dir"]):
        code, out, err = run(capsys, "convert", src, *argv)
        assert code == 2
        text = err + out
        assert f"bogus.trf:{number}: unknown system 'bogus'" in text, text
        assert ".part" not in text and "out.xlsx" in text or "dir" in text
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


@pytest.mark.parametrize("record, where", [
    ("142 1000000000000000000000000000000", r"big\.trf:\d+:5: number of rounds 1{1}0{30} is out of range"),
    ("XXS W=1000000", r"big\.trf:\d+:\d+: XXS W 1000000 is out of range"),
    ("XMN scoring win=1e99999999", r"big\.trf:\d+:5: .*'1e99999999' is not a plain number"),
    ("XMN seed lot 100000000000000000000000", r"big\.trf:\d+:5: .*seed .* is out of range"),
])
def test_issue21_case7_absurd_numbers_in_a_trf_are_refused_at_their_line(tmp_path, capsys, record,
                                                                        where):
    text = CLUB_TRF.read_text(encoding="utf-8").replace("142 7", record)
    src = tmp_path / "big.trf"
    src.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "convert", src, "-o", tmp_path / "big.xlsx")
    assert code == 2
    assert re.search(where, one_clean_line(err)), err
    assert not (tmp_path / "big.xlsx").exists()


def test_issue21_case7_absurd_rounds_in_a_workbook_are_refused_at_the_cell(book, capsys):
    wb = openpyxl.load_workbook(book)
    ws = wb["Settings"]
    cell = next(row[1] for row in ws.iter_rows() if str(row[0].value).lower() == "rounds")
    cell.value = 1e30
    wb.save(book)
    code, _, err = run(capsys, "pair", book, "--dry-run")
    assert code == 2
    assert f"sheet 'Settings' cell {cell.coordinate}: number of rounds" in one_clean_line(err)
    cell.value = "1e400"  # float('1e400') is inf: int() raised OverflowError
    wb.save(book)
    code, _, err = run(capsys, "standings", book)
    assert code == 2 and f"cell {cell.coordinate}" in one_clean_line(err)


@pytest.mark.parametrize("argv", [
    ["new", "n.xlsx", "--system", "nsf", "--rounds", "1000000000000000000000000000000"],
    ["new", "n.xlsx", "--system", "nsf", "--rounds", "5", "--seed", "-1"],
    ["pair", "club.trf", "--dry-run", "--rounds", "1000000000000000000000000000000"],
])
def test_issue21_case7_absurd_numbers_on_the_command_line(tmp_path, capsys, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    shutil.copy(CLUB_TRF, tmp_path / "club.trf")
    code, _, err = run(capsys, *argv)
    assert code == 2 and "out of range" in one_clean_line(err)
    assert not (tmp_path / "n.xlsx").exists()


def test_issue21_case8_a_read_only_workbook_is_refused(book, capsys):
    before = book.read_bytes()
    book.chmod(0o444)
    try:
        for argv in (["pair", book], ["standings", book]):
            code, _, err = run(capsys, *argv)
            assert code == 2
            assert "read-only" in one_clean_line(err) and "club.xlsx" in err
        assert book.read_bytes() == before
        assert [p.name for p in book.parent.iterdir()] == ["club.xlsx"]  # no backup either
    finally:
        book.chmod(0o644)


def test_issue21_case8_a_read_only_trf_is_refused(tmp_path, capsys):
    src = tmp_path / "club.trf"
    shutil.copy(CLUB_TRF, src)
    src.chmod(0o444)
    try:
        code, _, err = run(capsys, "pair", src)
        assert code == 2 and "read-only" in one_clean_line(err)
        assert src.read_bytes() == CLUB_TRF.read_bytes()
    finally:
        src.chmod(0o644)


def _limit_file_size(kib: int):
    def limit() -> None:
        import resource  # POSIX only: the tests using it are marked posix_only

        resource.setrlimit(resource.RLIMIT_FSIZE, (kib * 1024, kib * 1024))
    return limit


@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) set in the child (preexec_fn)")
def test_issue21_case9_full_disk_leaves_no_truncated_backup(book):
    before = book.read_bytes()
    assert len(before) > 8 * 1024
    proc = subprocess.run([sys.executable, "-m", "monrad.addin.cli", "standings", str(book)],
                          capture_output=True, text=True, timeout=120, check=False,
                          preexec_fn=_limit_file_size(8))
    assert proc.returncode == 2, proc.stderr
    line = one_clean_line(proc.stderr)
    assert str(book) in line and "backup" in line and "unchanged" in line
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]
    assert book.read_bytes() == before


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_issue21_case9_orphan_temporary_files_of_killed_runs_are_removed(book, tmp_path, capsys):
    dead, alive = _dead_pid(), os.getppid()
    orphans = [tmp_path / f".club.xlsx.{dead}.k2j4h5g6.tmp", tmp_path / f".out.{dead}.part.trf"]
    busy = tmp_path / f".club.xlsx.{alive}.a1b2c3d4.tmp"  # another run, still writing
    for f in [*orphans, busy]:
        f.write_bytes(b"half a file")
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    code, _, err = run(capsys, "convert", book, "-o", tmp_path / "out.trf")
    assert code == 0, err
    assert not any(f.exists() for f in orphans)
    assert busy.exists()


def test_issue21_case10_trf_workbook_trf_keeps_tied_players_in_order(tmp_path, capsys):
    direct, via = tmp_path / "direct.trf", tmp_path / "via.trf"
    assert run(capsys, "convert", CLUB_TRF, "-o", direct)[0] == 0
    assert run(capsys, "convert", CLUB_TRF, "-o", tmp_path / "club.xlsx")[0] == 0
    assert run(capsys, "convert", tmp_path / "club.xlsx", "-o", via)[0] == 0

    def ranks(path: Path) -> list[str]:
        return [ln[:4] + ln[80:89] for ln in path.read_text(encoding="utf-8").splitlines()
                if ln.startswith("001")]
    assert ranks(via) == ranks(direct)


def test_issue21_case10_what_a_format_cannot_hold_is_named(tmp_path, capsys):
    src = tmp_path / "three.trf"
    text = CLUB_TRF.read_text(encoding="utf-8").replace(
        "192 CUSTOM_SWISS", "192 CUSTOM_SWISS\nXXS WW=3 BW=3 WD=1 BD=1 WL=0 BL=0 PAB=3 FW=3 FL=0")
    src.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "convert", src, "-o", tmp_path / "three.csv")
    assert code == 0
    warning = next(ln for ln in err.splitlines() if "not kept" in ln)
    assert "three.csv" in warning
    before, after = read_trf(src), load(tmp_path / "three.csv")
    if before.settings.scoring != after.settings.scoring:
        assert "the point system (win 3, draw 1" in warning
    if after.settings.system != "nsf":
        assert "the pairing system 'nsf'" in warning
    if after.info.get("city") != "Oslo":
        assert "the city (TRF 022) 'Oslo'" in warning
    # a format that holds everything: no warning at all
    code, _, err = run(capsys, "convert", src, "-o", tmp_path / "same.trf")
    assert code == 0 and "not kept" not in err


def test_issue21_case11_klubtur_export_escapes_formula_like_names(tmp_path, capsys):
    t = load(CLUB_TRF)
    t.players[0] = t.players[0].replace(name='=HYPERLINK("http://x","y")', club="+cmd|' /C calc'!A0")
    src = tmp_path / "evil.trf"
    save(t, src)
    code, _, err = run(capsys, "convert", src, "--to", "klubtur", "--out-dir", tmp_path / "k", "-q")
    assert code == 0, err
    text = (tmp_path / "k" / "evil.csv").read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and "'+cmd" in text
    assert not re.search(r"(^|;)[=+@]", text, re.MULTILINE)
    back = load(tmp_path / "k" / "evil.csv")
    assert back.player(1).name == t.players[0].name and back.player(1).club == t.players[0].club
