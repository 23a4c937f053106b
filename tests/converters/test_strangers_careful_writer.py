"""Issue 40 items 7-9: the careful writer never touches what is not the file's own.

* item 7: two files in one deep folder whose names begin alike got backups of one
  shortened pattern (``Klubbme~.backup-*``): pruning one's deleted the other's;
* item 8: a file with two names (hard links) was locked by name, so two runs through
  the two names both went ahead;
* item 9: a FIFO at the lock's name made every write command wait for ever.

The other process that holds a lock is a real one (a child Python), as in
``tests/addin/test_workbook_lock_kill.py``."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from monrad.converters.atomic import MAX_PATH
from monrad.converters.workbook.backup import KEEP_BACKUPS, backups_of
from monrad.converters.workbook.binding import WorkbookError
from monrad.converters.workbook.lock import WorkbookBusy, file_lock, lock_file
from monrad.converters.workbook.writer import write_back


# ------------------------------------------------------------------ item 7
def _deep(tmp_path: Path, room: int) -> Path:
    """A folder so deep that a backup's name keeps about ``room`` characters of a stem."""
    folder = tmp_path
    while len(str(folder)) < MAX_PATH - 40 - room:
        folder = folder / "sesong"
    folder.mkdir(parents=True)
    return folder


def test_issue40_item7_pruning_one_files_backups_never_removes_anothers(tmp_path: Path) -> None:
    folder = _deep(tmp_path, 8)
    a = folder / "Klubbmesterskap-A.trf"
    b = folder / "Klubbmesterskap-B.trf"
    for f in (a, b):
        f.write_bytes(b"012 " + f.name.encode() + b"\n")
    write_back(b, b"012 B, once more\n")
    (b_backup,) = backups_of(b)
    for n in range(KEEP_BACKUPS + 2):
        write_back(a, f"012 A, save {n}\n".encode())
    assert b_backup.exists() and backups_of(b) == [b_backup]
    assert len(backups_of(a)) == KEEP_BACKUPS
    assert not set(backups_of(a)) & set(backups_of(b))
    assert all(len(str(p.absolute())) < MAX_PATH for p in folder.iterdir())


def test_issue40_item7_a_shortened_backup_name_tells_its_file(tmp_path: Path) -> None:
    folder = _deep(tmp_path, 8)
    a, b = folder / "Klubbmesterskap-A.trf", folder / "Klubbmesterskap-B.trf"
    for f in (a, b):
        f.write_bytes(b"012 x\n")
        write_back(f, b"012 y\n")
    (backup_a,), (backup_b,) = backups_of(a), backups_of(b)
    stem_a, stem_b = backup_a.name.split(".backup-")[0], backup_b.name.split(".backup-")[0]
    assert "~" in stem_a and stem_a != stem_b


# ------------------------------------------------------------------ item 8
_HOLDER = textwrap.dedent("""
    import sys, time
    from monrad.converters.workbook.lock import file_lock
    with file_lock(sys.argv[1]):
        print("held", flush=True)
        sys.stdin.read()
""")


@pytest.fixture()
def holder() -> Iterator:
    """Start a child that holds the lock of a path until the test ends."""
    children: list[subprocess.Popen[str]] = []

    def hold(path: Path) -> None:
        child = subprocess.Popen([sys.executable, "-c", _HOLDER, str(path)], text=True,
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        children.append(child)
        assert child.stdout is not None and child.stdout.readline().strip() == "held"

    yield hold
    for child in children:
        child.communicate("", timeout=30)


def test_issue40_item8_two_names_of_one_file_share_one_lock(tmp_path: Path, holder) -> None:
    club = tmp_path / "club.trf"
    club.write_bytes(b"012 Club\n")
    copy = tmp_path / "club-copy.trf"
    os.link(club, copy)
    assert lock_file(club) == lock_file(copy)
    holder(club)
    with pytest.raises(WorkbookBusy, match="another monrad run is writing this file"):
        write_back(copy, b"012 Club, round 2\n")
    assert club.read_bytes() == copy.read_bytes() == b"012 Club\n"


@pytest.mark.posix_only("flock")
def test_issue40_item8_a_name_in_another_folder_is_refused_too(tmp_path: Path, holder) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    club = tmp_path / "a" / "club.trf"
    club.write_bytes(b"012 Club\n")
    other = tmp_path / "b" / "club.trf"
    os.link(club, other)
    holder(club)
    with pytest.raises(WorkbookBusy, match="through another of its names"):
        write_back(other, b"012 Club, round 2\n")
    assert other.read_bytes() == b"012 Club\n"


def test_issue40_item8_a_write_back_gives_its_name_a_new_file_and_leaves_the_others(
        tmp_path: Path) -> None:
    """What docs/decisions.md says happens to the other names."""
    club = tmp_path / "club.trf"
    club.write_bytes(b"012 Club\n")
    copy = tmp_path / "club-copy.trf"
    os.link(club, copy)
    write_back(club, b"012 Club, round 2\n")
    assert club.read_bytes() == b"012 Club, round 2\n" and copy.read_bytes() == b"012 Club\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".lock")]
    with file_lock(copy), file_lock(club):  # two files now, two locks
        pass


# ------------------------------------------------------------------ item 9
@pytest.mark.posix_only("os.mkfifo")
def test_issue40_item9_a_fifo_at_the_lock_name_is_refused_at_once(tmp_path: Path) -> None:
    club = tmp_path / "club.trf"
    club.write_bytes(b"012 Club\n")
    os.mkfifo(lock_file(club))
    started = time.monotonic()
    code = ("from monrad.converters.workbook.writer import write_back\n"
            f"write_back({str(club)!r}, b'012 new')")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert time.monotonic() - started < 30
    assert "is in the way: a pipe (FIFO), not a lock file" in proc.stderr, proc.stderr
    assert club.read_bytes() == b"012 Club\n"
    assert stat.S_ISFIFO(os.lstat(lock_file(club)).st_mode)


@pytest.mark.parametrize("kind", ["folder", "symbolic link"])
def test_issue40_item9_only_a_regular_file_is_a_lock(tmp_path: Path, kind: str) -> None:
    club = tmp_path / "club.trf"
    club.write_bytes(b"012 Club\n")
    lock = lock_file(club)
    if kind == "folder":
        lock.mkdir()
    else:
        try:
            lock.symlink_to(tmp_path / "elsewhere.json")
        except (OSError, NotImplementedError):
            pytest.skip("symbolic links are not allowed here")
    with pytest.raises(WorkbookError, match=rf"is in the way: a {kind}, not a lock file"):
        write_back(club, b"012 new\n")
    assert club.read_bytes() == b"012 Club\n" and os.path.lexists(lock)
