"""One rule for every output path (issue 30 items 1-5; issue 32 items 5, 7, 8), through the
command line: regular files only, never an input (compared as files), written through
links to their targets, one overwrite rule, no two outputs on one name, a site folder
without an earlier event's pages, helper files of Excel and monrad never read as
tournaments, Windows' pool limit, a ``[`` in a file name.

Each test names the rule it proves; the rule is written in docs/decisions.md ("One
careful writer")."""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

import pytest
from conftest import REPO
from test_strangers_cli import CLUB_TRF, run
from test_strangers_cli import one_clean_line as strangers_line

from monrad.converters import batch, dumps, load, save

ROSTER = REPO / "examples" / "roster.csv"


def one_clean_line(err: str) -> str:
    """The one line of a refusal (:func:`test_strangers_cli.one_clean_line`), naming no
    temporary file of this version (``.~m<pid>-...``) and with no traceback of a
    library's clean-up either."""
    line = strangers_line(err)
    assert "Exception ignored" not in err and not re.search(r"\.~m\d", err), err
    return line


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.trf"
    shutil.copy(CLUB_TRF, path)
    return path


def _symlink(target: Path, link: Path) -> None:
    try:
        link.symlink_to(target)
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not allowed here")


#: every command that writes a new file, with the output in {out}
WRITERS = {
    "print": ["print", "{src}", "--what", "standings", "-o", "{out}"],
    "print html": ["print", "{src}", "--what", "standings", "-o", "{out}"],
    "convert": ["convert", "{src}", "-o", "{out}", "--to", "trf"],
    "export": ["export", "{src}", "-o", "{out}", "--force"],
    "table": ["convert", "{src}", "--to", "{out}"],
}


def _argv(kind: str, src: Path, out: Path) -> list[str]:
    return [a.format(src=src, out=out) for a in WRITERS[kind]]


# ----------------------------------------------------------------- item 1: regular files only
@pytest.mark.posix_only("os.mkfifo")
@pytest.mark.parametrize("kind", ["print", "convert", "export"])
def test_regular_files_only_an_output_on_a_fifo_is_refused(capsys, club: Path, kind: str) -> None:
    fifo = club.parent / "out.pdf"
    os.mkfifo(fifo)
    code, _, err = run(capsys, *_argv(kind, club, fifo), "--overwrite")
    assert code == 2 and "pipe" in one_clean_line(err) and str(fifo) in err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


@pytest.mark.posix_only("os.mknod")
def test_regular_files_only_an_output_on_a_device_node_is_refused(capsys, club: Path) -> None:
    """``-o /dev/null`` as root replaced the system's /dev/null: shown on a copy of it."""
    null = club.parent / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("making a device node needs root")
    for kind in ("print", "convert"):
        code, _, err = run(capsys, *_argv(kind, club, null), "--overwrite")
        assert code == 2 and "device" in one_clean_line(err)
        assert stat.S_ISCHR(null.lstat().st_mode)


def test_regular_files_only_an_output_on_a_folder_is_refused(capsys, club: Path) -> None:
    (club.parent / "wall.pdf").mkdir()
    code, _, err = run(capsys, *_argv("print", club, club.parent / "wall.pdf"), "--overwrite")
    assert code == 2 and "folder" in one_clean_line(err)
    assert (club.parent / "wall.pdf").is_dir()


# ----------------------------------------------------------------- item 2: never the input
@pytest.mark.parametrize("kind", ["print", "print html", "convert", "export", "table"])
def test_no_command_writes_over_its_input(capsys, tmp_path: Path, kind: str) -> None:
    """``monrad print club.xlsx -o club.xlsx`` replaced the workbook with a PDF; every
    command refuses, with --overwrite too, however the input is named (``./``, a
    link)."""
    src = tmp_path / ("games.csv" if kind == "table" else "club.trf")
    if kind == "table":
        src.write_text(dumps(load(CLUB_TRF), "csv-results"), encoding="utf-8-sig")
    else:
        shutil.copy(CLUB_TRF, src)
    before = src.read_bytes()
    for out in (src, tmp_path / "." / src.name):
        code, _, err = run(capsys, *_argv(kind, src, out), "--overwrite")
        assert code == 2 and "input" in one_clean_line(err), err
    link = tmp_path / ("link-games.csv" if kind == "table" else "link-to-input")
    _symlink(src, link)
    code, _, err = run(capsys, *_argv(kind, src, link), "--overwrite")
    assert code == 2 and "input" in one_clean_line(err)
    assert src.read_bytes() == before


def test_no_command_writes_over_its_input_a_workbook_printed_onto_itself(capsys,
                                                                         book: Path) -> None:
    before = book.read_bytes()
    code, _, err = run(capsys, "print", book, "--what", "standings", "-o", book)
    assert code == 2 and "input" in one_clean_line(err)
    assert book.read_bytes() == before and [p.name for p in book.parent.iterdir()] == ["club.xlsx"]


def test_no_command_writes_over_its_input_new_never_replaces_its_roster(capsys,
                                                                        tmp_path: Path) -> None:
    roster = tmp_path / "roster.xlsx"
    code, _, err = run(capsys, "new", roster, "--system", "nsf", "--rounds", "5",
                       "--players", ROSTER)
    assert code == 0, err
    before = roster.read_bytes()
    code, _, err = run(capsys, "new", roster, "--system", "nsf", "--rounds", "5",
                       "--players", roster, "--force")
    assert code == 2 and "input" in one_clean_line(err)
    assert roster.read_bytes() == before


def test_same_file_two_names_of_one_file_are_one_file(capsys, tmp_path: Path) -> None:
    """Issue 32 item 7: ``convert Club.TRF -o club.trf --overwrite`` on a case-insensitive
    disk names one file twice.  Shown with a hard link, which gives a file two names on
    any disk: the names differ, the file is the same, so it is refused."""
    src = tmp_path / "Club.TRF"
    shutil.copy(CLUB_TRF, src)
    os.link(src, tmp_path / "club.trf")
    code, _, err = run(capsys, "convert", src, "-o", tmp_path / "club.trf", "--overwrite")
    assert code == 2 and "input" in one_clean_line(err)
    assert src.read_bytes() == CLUB_TRF.read_bytes()


# ----------------------------------------------------------------- item 3: through links
def test_a_trf_reached_through_a_link_is_written_through_to_its_target(capsys,
                                                                       tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "club.trf"
    shutil.copy(CLUB_TRF, target)
    link = tmp_path / "club.trf"
    _symlink(target, link)
    code, _, err = run(capsys, "pair", link)
    assert code == 0, err
    assert link.is_symlink() and load(target).rounds_played == load(CLUB_TRF).rounds_played + 1
    assert len(list((tmp_path / "real").glob("club.backup-*.trf"))) == 1


def test_a_workbook_reached_through_a_link_is_written_through_and_its_target_locked(
        capsys, tmp_path: Path) -> None:
    from monrad.converters.workbook.lock import file_lock

    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "club.xlsx"
    save(load(CLUB_TRF), target)
    link = tmp_path / "club.xlsx"
    _symlink(target, link)
    code, _, err = run(capsys, "pair", link)
    assert code == 0, err
    assert link.is_symlink() and load(target).rounds_played == load(CLUB_TRF).rounds_played + 1
    assert not (tmp_path / ".~monrad-club.xlsx.lock").exists()
    with file_lock(target) as lock:  # held on the target: the link's run is refused
        assert lock.parent == tmp_path / "real"
        before = target.read_bytes()
        import subprocess
        import sys

        proc = subprocess.run([sys.executable, "-m", "monrad.addin.cli", "standings", str(link)],
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode == 2 and "another monrad run" in proc.stderr
        assert target.read_bytes() == before


# ----------------------------------------------------------------- item 4: batches
def test_a_batch_output_that_is_another_input_is_refused_by_name(capsys, tmp_path: Path) -> None:
    """``convert season/ --to trf --out-dir season/ --overwrite``: club.csv's output is
    club.trf, an input of the same run; it was replaced (header, ratings and clubs lost)."""
    season = tmp_path / "season"
    season.mkdir()
    shutil.copy(CLUB_TRF, season / "club.trf")
    (season / "club.csv").write_text(dumps(load(CLUB_TRF), "csv-results"), encoding="utf-8-sig")
    before = (season / "club.trf").read_bytes()
    code, out, err = run(capsys, "convert", season, "--to", "trf", "--out-dir", season,
                         "--overwrite", "-q")
    assert code == 2
    assert (season / "club.trf").read_bytes() == before
    row = next(line for line in out.splitlines() if line.startswith(str(season / "club.csv")))
    assert "failed" in row and "is the input file" in row and str(season / "club.trf") in row


def test_two_inputs_with_one_output_name_are_refused_by_name(tmp_path: Path) -> None:
    """Names compared without case: ``a.trf`` and ``A.csv`` are one ``a.xlsx`` on a
    case-insensitive disk."""
    shutil.copy(CLUB_TRF, tmp_path / "a.trf")
    (tmp_path / "A.csv").write_text(dumps(load(CLUB_TRF), "csv-results"), encoding="utf-8-sig")
    report = batch.convert_many([str(tmp_path / "a.trf"), str(tmp_path / "A.csv")], "xlsx",
                                tmp_path / "o", show_progress=False)
    status = {Path(r.source).name: (r.status, r.detail) for r in report.results}
    assert status["a.trf"][0] == "converted"
    assert status["A.csv"][0] == "failed" and "also the output of" in status["A.csv"][1]
    assert report.exit_code == 2


# ----------------------------------------------------------------- item 5: one overwrite rule
@pytest.mark.parametrize("kind", ["print", "print html", "convert", "export", "table"])
def test_one_overwrite_rule_an_existing_output_needs_overwrite(capsys, club: Path,
                                                               kind: str) -> None:
    out = club.parent / {"print": "wall.pdf", "print html": "wall.html", "convert": "out.trf",
                         "export": "report.trf", "table": "games.csv"}[kind]
    out.write_bytes(b"the user's own file")
    code, _, err = run(capsys, *_argv(kind, club, out))
    assert code == 2 and "--overwrite" in one_clean_line(err) and str(out) in err
    assert out.read_bytes() == b"the user's own file"
    code, _, err = run(capsys, *_argv(kind, club, out), "--overwrite")
    assert code in (0, 1) and out.read_bytes() != b"the user's own file", err


def test_one_overwrite_rule_finals_document(capsys, tmp_path: Path) -> None:
    from test_publish_cli import _played

    event = _played(tmp_path, "othello-swiss", "en", rounds=3, n=8)
    out = tmp_path / "finals.html"
    out.write_bytes(b"mine")
    code, _, err = run(capsys, "finals", event, "--format", "sm", "--dry-run", "-o", out)
    assert code == 2 and "--overwrite" in one_clean_line(err) and out.read_bytes() == b"mine"
    code, _, err = run(capsys, "finals", event, "--format", "sm", "--dry-run", "-o", event,
                       "--overwrite")
    assert code == 2 and "input" in one_clean_line(err)
    code, _, err = run(capsys, "finals", event, "--format", "sm", "--dry-run", "-o", out,
                       "--overwrite")
    assert code == 0 and out.read_bytes().startswith(b"<!DOCTYPE"), err


def _pages(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_publish_removes_the_pages_of_an_earlier_event(capsys, tmp_path: Path) -> None:
    """A site folder published again for a smaller event keeps no page of the earlier one
    (its extra rounds and players); monrad knows its pages by name and content."""
    big = tmp_path / "big.trf"
    shutil.copy(CLUB_TRF, big)
    assert run(capsys, "pair", big)[0] == 0
    small = tmp_path / "small.trf"
    t = load(CLUB_TRF)
    t.players = t.players[:6]
    t.rounds = []
    small.write_text(dumps(t, "trf"), encoding="utf-8")
    site = tmp_path / "site"
    code, _, err = run(capsys, "publish", big, "-o", site)
    assert code == 0, err
    first = _pages(site)
    assert {"player-8.html", "round-1.html"} <= first
    (site / "notes.txt").write_text("the club's own file")
    code, out, err = run(capsys, "publish", small, "-o", site)
    assert code == 0, err
    now = _pages(site)
    assert "player-8.html" not in now and "round-1.html" not in now
    assert "notes.txt" in now and "removed" in out and "player-8.html" in out
    assert now - {"notes.txt"} < first


def test_publish_refuses_a_folder_of_pages_monrad_did_not_write(capsys, club: Path) -> None:
    site = club.parent / "site"
    site.mkdir()
    (site / "index.html").write_text("the club's home page")
    code, _, err = run(capsys, "publish", club, "-o", site)
    assert code == 2 and "--overwrite" in one_clean_line(err)
    assert (site / "index.html").read_text() == "the club's home page"
    code, _, err = run(capsys, "publish", club, "-o", site, "--overwrite")
    assert code == 0 and "the club's home page" not in (site / "index.html").read_text(), err


# ----------------------------------------------------------------- issue 32 item 5: helper files
def test_owner_and_lock_files_are_not_read_as_tournaments(capsys, book: Path) -> None:
    """Excel's ``~$club.xlsx`` beside an open workbook, LibreOffice's and monrad's locks:
    skipped by folder conversion and ``frames``, never a failure."""
    folder = book.parent / "season"
    folder.mkdir()
    book = book.rename(folder / book.name)
    (folder / "~$club.xlsx").write_bytes(b"\x05Kari Nordmann" + b"\x00" * 40)
    (folder / ".~lock.club.xlsx#").write_text("Kari,host,,01.01.2026 10:00,file:///x;")
    (folder / ".~monrad-club.xlsx.lock").write_text('{"pid": 1}')
    code, out, err = run(capsys, "convert", folder, "--to", "trf", "--out-dir",
                         folder.parent / "out", "-q")
    assert code == 0, out + err
    assert sorted(p.name for p in (folder.parent / "out").iterdir()) == ["club.trf"]
    from monrad.converters.frames import read_tournaments

    failed: list[str] = []
    assert [name for name, _ in read_tournaments(folder, [], failed)] == ["club"]
    assert failed == []


def test_monrads_backups_in_a_folder_are_not_converted(capsys, book: Path) -> None:
    """``club.backup-20261125-120000.xlsx`` is an earlier state of club.xlsx, not another
    tournament: folder conversion leaves it out as ``frames`` does (a backup named on the
    command line is still converted)."""
    folder = book.parent / "season"
    folder.mkdir()
    book = book.rename(folder / book.name)
    backup = folder / "club.backup-20261125-120000.xlsx"
    backup.write_bytes(book.read_bytes())
    (folder / "club.backup-20261125-120000-2.xlsx").write_bytes(book.read_bytes())
    out_dir = folder.parent / "out"
    code, out, err = run(capsys, "convert", folder, "--to", "trf", "--out-dir", out_dir, "-q")
    assert code == 0, out + err
    assert sorted(p.name for p in out_dir.iterdir()) == ["club.trf"]
    code, out, err = run(capsys, "convert", backup, "--to", "trf", "--out-dir", out_dir, "-q")
    assert code == 0 and (out_dir / "club.backup-20261125-120000.trf").exists(), out + err


# ----------------------------------------------------------------- issue 32 item 8
def test_jobs_are_capped_at_61_worker_processes_on_windows(capsys, monkeypatch,
                                                           tmp_path: Path) -> None:
    assert batch.worker_count(62, 100) == 62
    monkeypatch.setattr(batch, "_ON_WINDOWS", True)
    assert batch.worker_count(62, 100) == 61 and batch.worker_count(None, 100) <= 61
    monkeypatch.setattr(batch.os, "cpu_count", lambda: 128)
    assert batch.worker_count(None, 100) == 61
    made: list[int] = []

    class Recording:
        def __init__(self, max_workers):
            made.append(max_workers)
            raise RuntimeError("stop here")

    monkeypatch.setattr(batch, "ProcessPoolExecutor", Recording)
    with pytest.raises(RuntimeError, match="stop here"):
        batch.run_jobs([batch.Job(str(CLUB_TRF), str(tmp_path / f"{i}.csv"), "csv")
                        for i in range(70)], workers=64)
    assert made == [61]
    shutil.copy(CLUB_TRF, tmp_path / "a.trf")
    code, _, err = run(capsys, "convert", tmp_path / "a.trf", "--to", "csv", "--out-dir",
                       tmp_path / "out", "--jobs", "64", "-q")
    assert code == 0 and "Windows runs at most 61" in err


def test_a_file_name_with_brackets_is_a_name_not_a_glob(capsys, tmp_path: Path) -> None:
    src = tmp_path / "club [2025].trf"
    shutil.copy(CLUB_TRF, src)
    code, out, err = run(capsys, "convert", src, "--to", "csv", "--out-dir", tmp_path / "out",
                         "-q")
    assert code == 0, out + err
    assert (tmp_path / "out" / "club [2025].csv").is_file()
