"""One careful writer for every file (issue 30 items 6-10; issue 32 items 3 and 6), through
the command line: TRF and CSV files are written back under their lock, after a whole
backup, and never over a change made since they were read; full disks leave no empty
lock and no traceback, name the user's file; a lock or owner file left behind says what
to do; the backup just made stays.

Full disks are a file-size limit (``RLIMIT_FSIZE``) in a child process: the system then
refuses writes past the limit as a full disk does (``EFBIG``)."""

from __future__ import annotations

import datetime as dt
import json
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from test_output_paths import CLUB_TRF, ROSTER, one_clean_line, run

from monrad.converters import dumps, load, save
from monrad.converters.workbook.backup import KEEP_BACKUPS, backup_name, backups_of
from monrad.converters.workbook.lock import lock_file, owner_file

LIST_CSV = "fide_id;name;rating;birth\n{rows}"


def _cli(*argv: object, limit_kib: int | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_kib * 1024, limit_kib * 1024))

    return subprocess.run([sys.executable, "-m", "monrad.addin.cli", *map(str, argv)],
                          capture_output=True, text=True, timeout=timeout, check=False,
                          preexec_fn=limit if limit_kib is not None else None)


@pytest.fixture()
def club(tmp_path: Path) -> Path:
    path = tmp_path / "club.trf"
    shutil.copy(CLUB_TRF, path)
    return path


def _rating_list(path: Path, t) -> Path:
    """A CSV rating list that gives every player of ``t`` a FIDE ID and a new rating."""
    rows = "".join(f"{900000 + p.start_no};{p.name};{1500 + p.start_no};\n" for p in t.players)
    path.write_text(LIST_CSV.format(rows=rows), encoding="utf-8")
    return path


def _results_csv(path: Path) -> Path:
    t = load(CLUB_TRF)
    t.settings = t.settings.replace(rounds=7)
    path.write_text(dumps(t, "csv-results"), encoding="utf-8-sig")
    return path


# ----------------------------------------------------------------- item 6: no lost update
def test_pair_and_ratings_on_one_trf_at_once_lose_no_update(tmp_path: Path, club: Path) -> None:
    """Both run at once, again and again: whatever each run reports done is in the file
    (a run may be refused, exit 2, naming the lock or the change; never a silent loss)."""
    t0 = load(club)
    lst = _rating_list(tmp_path / "list.csv", t0)
    for attempt in range(5):
        shutil.copy(CLUB_TRF, club)
        procs = [subprocess.Popen([sys.executable, "-m", "monrad.addin.cli", *argv],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for argv in (["pair", str(club)],
                              ["ratings", str(club), "--fide", str(lst)])]
        (paired, _, perr), (rated, _, rerr) = [(p.wait(timeout=120), *p.communicate()) for p in procs]
        for code, err in ((paired, perr), (rated, rerr)):
            assert code in (0, 2) and "Traceback" not in err, err
            if code == 2:
                assert "another monrad run" in err or "changed on disk" in err, err
        t = load(club)
        assert t.rounds_played == t0.rounds_played + (paired == 0), (attempt, perr)
        assert all(p.fide_id == str(900000 + p.start_no) for p in t.players) == (rated == 0), (
            attempt, rerr)


def test_a_trf_changed_since_it_was_read_is_not_overwritten(capsys, monkeypatch,
                                                            tmp_path: Path, club: Path) -> None:
    """``ratings`` reads the file; before it writes, another run pairs a round into it:
    ``ratings`` refuses and the round stays."""
    from monrad.addin.cli.commands import ratings

    lst = _rating_list(tmp_path / "list.csv", load(club))
    real = ratings.match_list

    def meanwhile(*args, **kwargs):
        t = load(club)
        from monrad.engine.pairing import pair_round

        t.set_round(pair_round(t, "nsf"))
        club.write_text(dumps(t, "trf"), encoding="utf-8")
        return real(*args, **kwargs)

    monkeypatch.setattr(ratings, "match_list", meanwhile)
    code, _, err = run(capsys, "ratings", club, "--fide", lst)
    assert code == 2 and "changed on disk since monrad read it" in err
    assert load(club).rounds_played == load(CLUB_TRF).rounds_played + 1


def test_a_trf_written_back_holds_the_lock(capsys, club: Path) -> None:
    hold = ("import sys; from monrad.converters.workbook.lock import file_lock\n"
            f"with file_lock({str(club)!r}):\n    print('held', flush=True); sys.stdin.readline()")
    holder = subprocess.Popen([sys.executable, "-c", hold], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, _, err = run(capsys, "pair", club)
        assert code == 2 and "another monrad run is writing this file" in err
        assert "delete the lock file .~monrad-club.trf.lock" in err
    finally:
        holder.communicate("\n", timeout=30)
    assert club.read_bytes() == CLUB_TRF.read_bytes()


# ----------------------------------------------------------------- item 7: whole backups
@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) set in the child (preexec_fn)")
def test_trf_backups_are_whole_or_absent_on_a_full_disk(tmp_path: Path, club: Path) -> None:
    """``ratings`` on a full disk left 0-byte or 4 kB backups: now none, and the file as
    it was."""
    big = load(club)
    for i in range(len(big.players) + 1, 400):  # a TRF of about 40 kB
        big.players.append(type(big.players[0])(i, f"Player {i:03d}, Kari", rating=1500 + i))
    big.rounds = []
    club.write_text(dumps(big, "trf"), encoding="utf-8")
    before = club.read_bytes()
    lst = _rating_list(tmp_path / "list.csv", big)
    proc = _cli("ratings", club, "--fide", lst, limit_kib=len(before) // 2048)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    line = one_clean_line(proc.stderr)
    assert str(club) in line and "backup" in line and "unchanged" in line and "workbook" not in line
    assert club.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.trf", "list.csv"]


def test_a_link_at_the_csv_backup_name_is_never_followed(capsys, tmp_path: Path) -> None:
    """A dangling link planted at the predictable backup name pointed outside the
    folder; ``pair`` of a CSV table and ``ratings`` followed it."""
    res = _results_csv(tmp_path / "res.csv")
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    now = dt.datetime.now()
    for s in range(0, 20):  # the names of the next seconds
        try:
            backup_name(res, now + dt.timedelta(seconds=s)).symlink_to(outside / f"stolen-{s}.csv")
        except (OSError, NotImplementedError):
            pytest.skip("symbolic links are not allowed here")
    code, out, err = run(capsys, "pair", res, "--rounds", "7")
    assert code == 0, err
    assert list(outside.iterdir()) == []
    made = [p for p in backups_of(res)]
    assert len(made) == 1 and made[0].read_bytes() != b"" and not made[0].is_symlink()
    assert str(made[0]) in out


# ----------------------------------------------------------------- item 8: locks left behind
@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) set in the child (preexec_fn)")
def test_a_full_disk_leaves_no_empty_lock_that_blocks_the_next_run(tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), book)
    before = book.read_bytes()
    proc = _cli("pair", book, limit_kib=0)
    assert proc.returncode == 2
    assert str(book.parent) in one_clean_line(proc.stderr)
    assert not lock_file(book).exists() and book.read_bytes() == before
    proc = _cli("pair", book)
    assert proc.returncode == 0, proc.stderr


def test_a_stale_owner_file_says_what_holds_the_file_and_to_delete_it(capsys,
                                                                      tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), book)
    owner_file(book).write_bytes(b"\x05Kari")
    code, _, err = run(capsys, "pair", book)
    assert code == 2 and "open in Excel" in err and "delete ~$club.xlsx" in err


def test_a_lock_of_another_host_says_what_holds_it_and_to_delete_it(capsys, club: Path) -> None:
    lock_file(club).write_text(json.dumps({"pid": 4242, "host": "clubpc-" + socket.gethostname(),
                                           "since": "2026-03-01 19:30:02"}))
    code, _, err = run(capsys, "pair", club)
    assert code == 2
    line = one_clean_line(err)
    assert "pid 4242 on clubpc-" in line and "delete the lock file .~monrad-club.trf.lock" in line


# ----------------------------------------------------------------- issue 32 item 3
@pytest.mark.parametrize("kind", ["csv", "trf"])
def test_a_csv_or_trf_open_in_excel_is_not_written(capsys, tmp_path: Path, kind: str) -> None:
    """On a Mac the replace succeeds and Excel's next save of the open file would undo
    the new round: refused while Excel's owner file is there, as for workbooks."""
    path = _results_csv(tmp_path / "res.csv") if kind == "csv" else tmp_path / "club.trf"
    if kind == "trf":
        shutil.copy(CLUB_TRF, path)
    before = path.read_bytes()
    owner_file(path).write_bytes(b"\x05Kari")
    code, _, err = run(capsys, "pair", path)
    assert code == 2 and f"open in Excel (~${path.name} exists)" in one_clean_line(err)
    assert path.read_bytes() == before and backups_of(path) == []


# ----------------------------------------------------------------- item 9
def test_the_backup_just_made_is_never_pruned(capsys, club: Path) -> None:
    for i in range(KEEP_BACKUPS):
        (club.parent / f"club.backup-2099010{i}-000000.trf").write_text("from the future")
    code, out, err = run(capsys, "pair", club)
    assert code == 0, err
    shown = out.rsplit("(backup: ", 1)[1].split(")")[0]
    assert Path(shown).is_file() and Path(shown).read_bytes() == CLUB_TRF.read_bytes()
    assert len(backups_of(club)) == KEEP_BACKUPS


# ----------------------------------------------------------------- item 10
def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_killed_runs_backup_temporary_file_is_removed_by_the_next_save(capsys,
                                                                         tmp_path: Path) -> None:
    book = tmp_path / "club.xlsx"
    save(load(CLUB_TRF), book)
    left = tmp_path / f".club.backup-20260301-193000.xlsx.{_dead_pid()}.k2j4h5g6.tmp"
    left.write_bytes(b"half a backup")
    code, _, err = run(capsys, "pair", book)
    assert code == 0, err
    assert not left.exists()


@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) set in the child (preexec_fn)")
@pytest.mark.parametrize("kib", [0, 4])
def test_monrad_new_on_a_full_disk_is_one_line_naming_the_file(tmp_path: Path, kib: int) -> None:
    out = tmp_path / "new.xlsx"
    proc = _cli("new", out, "--system", "nsf", "--rounds", "5", "--players", ROSTER,
                limit_kib=kib)
    assert proc.returncode == 2
    line = one_clean_line(proc.stderr)
    assert str(out) in line and "cannot write" in line and "nothing was written" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) set in the child (preexec_fn)")
@pytest.mark.parametrize("argv", [["convert", "{src}", "-o", "{dir}/out.xlsx"],
                                  ["print", "{src}", "--what", "crosstable", "-o", "{dir}/x.pdf"],
                                  ["export", "{src}", "-o", "{dir}/fide.trf", "--force"],
                                  ["publish", "{src}", "-o", "{dir}/site"]])
def test_full_disk_errors_name_the_users_file_never_a_temporary_one(tmp_path: Path, club: Path,
                                                                    argv: list[str]) -> None:
    args = [a.format(src=club, dir=tmp_path) for a in argv]
    proc = _cli(*args, limit_kib=0)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    line = one_clean_line(proc.stderr)
    assert str(tmp_path) in line and "cannot write" in line
    assert sorted(p.name for p in tmp_path.iterdir()) in (["club.trf"], ["club.trf", "site"])
