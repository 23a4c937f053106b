"""The careful writer's ground rules (issue 30 items 1, 3, 7-10; issue 32 items 2, 3, 6, 7,
10), shown on the functions themselves: ``converters/atomic.py`` (regular files only,
through links, one line naming the user's file, a file another program holds, process
liveness on Windows, short temporary names), ``converters/outputs.py`` (the output-path
rule) and ``converters/workbook/{lock,backup,writer}.py`` (lock, backup, write back).

Failures of the system are injected only where monrad meets the operating system: a
replaced ``os.replace``/``os.write``, ``RLIMIT_FSIZE`` in a child process, a fake
``kernel32`` for the Windows branch.
"""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from monrad.converters import atomic
from monrad.converters.atomic import (
    MAX_PATH,
    WriteError,
    atomic_write,
    process_alive,
    remove_orphans,
)
from monrad.converters.outputs import OutputRefused, check_output, output_key, same_file
from monrad.converters.workbook import lock as lockmod
from monrad.converters.workbook.backup import KEEP_BACKUPS, backup_name, backups_of
from monrad.converters.workbook.binding import WorkbookError
from monrad.converters.workbook.lock import file_lock, lock_file, owner_file
from monrad.converters.workbook.writer import digest, write_back


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def _symlink(target: Path, link: Path) -> None:
    try:
        link.symlink_to(target)
    except (OSError, NotImplementedError):
        pytest.skip("symbolic links are not allowed here")


# ----------------------------------------------------------------- regular files only
@pytest.mark.posix_only("os.mkfifo")
def test_regular_files_only_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "wall.pdf"
    os.mkfifo(fifo)
    with pytest.raises(WriteError, match="pipe"):
        atomic_write(fifo, b"%PDF")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["wall.pdf"]


def test_regular_files_only_a_folder_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "out.trf").mkdir()
    with pytest.raises(WriteError, match="folder"):
        atomic_write(tmp_path / "out.trf", b"012 x\n")
    assert (tmp_path / "out.trf").is_dir()


@pytest.mark.posix_only("os.mknod")
def test_regular_files_only_a_device_node_is_never_replaced(tmp_path: Path) -> None:
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, OSError):
        pytest.skip("making a device node needs root")
    with pytest.raises(WriteError, match="device"):
        atomic_write(dev, b"x")
    assert stat.S_ISCHR(dev.lstat().st_mode)


def test_a_link_is_written_through_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "club.trf"
    target.write_bytes(b"old")
    link = tmp_path / "club.trf"
    _symlink(target, link)
    atomic_write(link, b"new")
    assert link.is_symlink() and target.read_bytes() == b"new"


def test_a_backup_never_follows_a_link_at_its_name(tmp_path: Path) -> None:
    """A dangling link planted at the predictable backup name is never followed outside
    the folder: the backup takes the next free name (issue 30 item 7)."""
    src = tmp_path / "club.trf"
    src.write_bytes(b"012 club\n")
    outside = tmp_path / "outside.trf"
    name = backup_name(src)
    _symlink(outside, name)
    made = backup_name(src)
    assert made != name
    atomic.copy_file(src, made)
    assert not outside.exists() and made.read_bytes() == b"012 club\n"
    with pytest.raises(WriteError):  # and never written through, even when asked to
        atomic.copy_file(src, name)
    assert not outside.exists()


# ----------------------------------------------------------------- one line naming the file
def test_a_failed_write_names_the_users_file_never_a_temporary_one(tmp_path: Path,
                                                                     monkeypatch) -> None:
    target = tmp_path / "club.trf"
    target.write_bytes(b"old")

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(WriteError) as caught:
        atomic_write(target, b"new" * 10_000)
    monkeypatch.undo()
    text = str(caught.value)
    assert text.startswith(str(target)) and "the disk is full" in text and "unchanged" in text
    assert ".tmp" not in text and ".~m" not in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.trf"]
    assert target.read_bytes() == b"old"


# ----------------------------------------------------------------- Windows: held files, liveness
def test_a_file_another_program_holds_is_retried_then_replaced(tmp_path: Path,
                                                                monkeypatch) -> None:
    """Windows refuses ``os.replace`` while a viewer, Excel, antivirus or OneDrive holds
    the file: tried again, and a short hold is waited out (issue 32 item 3)."""
    real = os.replace
    refusals = [PermissionError(errno.EACCES, "Access is denied")] * 3

    def held(src, dst):
        if refusals:
            raise refusals.pop()
        real(src, dst)

    monkeypatch.setattr(atomic, "_ON_WINDOWS", True)
    monkeypatch.setattr(os, "replace", held)
    atomic_write(tmp_path / "wall.pdf", b"%PDF new")
    assert (tmp_path / "wall.pdf").read_bytes() == b"%PDF new" and not refusals


def test_a_file_another_program_keeps_holding_is_refused_naming_it(tmp_path: Path,
                                                                   monkeypatch) -> None:
    target = tmp_path / "res.csv"
    target.write_bytes(b"old")

    def held(src, dst):
        raise PermissionError(errno.EACCES, "Access is denied")

    monkeypatch.setattr(atomic, "_ON_WINDOWS", True)
    monkeypatch.setattr(atomic, "REPLACE_PATIENCE", 0.2)
    monkeypatch.setattr(os, "replace", held)
    with pytest.raises(WriteError) as caught:
        atomic_write(target, b"new")
    monkeypatch.undo()
    text = str(caught.value)
    assert text.startswith(str(target)) and "another program" in text and "Excel" in text
    assert ".tmp" not in text and sorted(p.name for p in tmp_path.iterdir()) == ["res.csv"]


class FakeKernel32:
    """Windows' process calls as they behave, answered from this machine's processes:
    ``OpenProcess`` fails with ``ERROR_INVALID_PARAMETER`` for a process that does not
    exist (and ``ERROR_ACCESS_DENIED`` for the pids in ``denied``); ``WaitForSingleObject``
    with no wait says ``WAIT_TIMEOUT`` while the process runs."""

    def __init__(self, denied: set[int] = frozenset()) -> None:
        self.denied = set(denied)
        self.error = 0
        self.open_handles: set[int] = set()

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:  # noqa: N802
        assert access & 0x1000, "PROCESS_QUERY_LIMITED_INFORMATION is enough and always granted"
        if pid in self.denied:
            self.error = 5
            return 0
        if not Path(f"/proc/{pid}").exists():
            self.error = 87
            return 0
        self.open_handles.add(pid)
        return pid

    def WaitForSingleObject(self, handle: int, ms: int) -> int:  # noqa: N802
        assert ms == 0 and handle in self.open_handles
        state = Path(f"/proc/{handle}/stat").read_text().rsplit(")", 1)[1].split()[0]
        return 0 if state == "Z" else 0x102

    def GetProcessTimes(self, handle, created, exited, kernel, user) -> int:  # noqa: N802
        assert handle in self.open_handles
        created._obj.value = int(Path(f"/proc/{handle}/stat").read_text().rsplit(")", 1)[1]
                                 .split()[19])
        return 1

    def CloseHandle(self, handle: int) -> int:  # noqa: N802
        self.open_handles.discard(handle)
        return 1


@pytest.fixture()
def windows(monkeypatch):
    """The Windows branch of the liveness test, with ``kernel32`` answered by
    :class:`FakeKernel32`; ``os.kill`` must not be called (on Windows it would send
    the process a Ctrl+C)."""
    if not Path("/proc/self/stat").exists():
        pytest.skip("the fake kernel32 reads /proc")
    fake = FakeKernel32()

    def no_kill(pid, sig):
        raise AssertionError("os.kill is not a liveness test on Windows")

    monkeypatch.setattr(atomic, "_ON_WINDOWS", True)
    monkeypatch.setattr(atomic, "_kernel32", lambda: fake)
    monkeypatch.setattr(atomic, "_last_error", lambda: fake.error)
    monkeypatch.setattr(os, "kill", no_kill)
    return fake


def test_process_liveness_on_windows_opens_the_process_never_kills(windows) -> None:
    """Issue 32 item 2: a dead pid is dead on Windows too, a live one alive, another
    user's process (access denied) alive; every handle is closed."""
    dead = _dead_pid()
    assert process_alive(dead) is False
    child = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                             stdin=subprocess.PIPE)
    try:
        assert process_alive(child.pid) is True
    finally:
        child.communicate(b"", timeout=30)  # it ends by itself: os.kill is not ours here
    assert process_alive(child.pid) is False
    windows.denied.add(dead)
    assert process_alive(dead) is True
    assert windows.open_handles == set()


def test_temporary_files_of_killed_runs_are_removed_on_windows_too(windows,
                                                                    tmp_path: Path) -> None:
    dead, alive = _dead_pid(), os.getppid()
    orphan = tmp_path / f".~m{dead}-k2j4h5g6.tmp"
    busy = tmp_path / f".~m{alive}-a1b2c3d4.tmp"
    for f in (orphan, busy):
        f.write_bytes(b"half")
    atomic_write(tmp_path / "club.trf", b"012 x\n")
    assert not orphan.exists() and busy.exists()


def test_a_lock_of_a_killed_run_is_taken_over_at_once_on_windows(windows,
                                                                  tmp_path: Path) -> None:
    """Issue 32 item 6: no ten-minute wait for a lock whose run is gone."""
    path = tmp_path / "club.xlsx"
    path.write_bytes(b"PK")
    lock_file(path).write_text(json.dumps({"pid": _dead_pid(), "host": socket.gethostname(),
                                           "since": "2025-01-01 00:00:00"}))
    with file_lock(path) as lock:
        assert json.loads(lock.read_text())["pid"] == os.getpid()


# ----------------------------------------------------------------- locks
def test_a_lock_that_cannot_be_written_whole_is_not_left_behind(tmp_path: Path,
                                                                 monkeypatch) -> None:
    """Issue 30 item 8: a full disk while the lock is filled leaves no empty lock file
    that would refuse every run for ten minutes."""
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 x\n")
    real_write = os.write

    def full(fd, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", full)
    with pytest.raises(WorkbookError, match="disk is full"):
        with file_lock(path):
            pass
    monkeypatch.setattr(os, "write", real_write)
    assert not lock_file(path).exists()
    with file_lock(path):
        pass


def test_an_empty_lock_file_is_stale_after_a_moment(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 x\n")
    lock = lock_file(path)
    lock.write_bytes(b"")
    with pytest.raises(WorkbookError, match="just started"):
        with file_lock(path):
            pass
    old = lock.stat().st_mtime - 2 * lockmod.EMPTY_GRACE
    os.utime(lock, (old, old))
    with file_lock(path):
        pass


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="start times from /proc")
def test_a_lock_whose_pid_was_given_to_another_process_is_stale(tmp_path: Path) -> None:
    """Issue 30 item 8: the pid in the lock is alive, but it is another process now
    (it started at another time than the run that wrote the lock)."""
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 x\n")
    alive = os.getppid()
    started = atomic.process_started(alive)
    assert started is not None
    lock_file(path).write_text(json.dumps({"pid": alive, "started": started + 1,
                                           "host": socket.gethostname(), "since": "earlier"}))
    with file_lock(path) as lock:
        assert json.loads(lock.read_text())["pid"] == os.getpid()
    lock_file(path).write_text(json.dumps({"pid": alive, "started": started,
                                           "host": socket.gethostname(), "since": "earlier"}))
    with pytest.raises(WorkbookError) as caught:
        with file_lock(path):
            pass
    assert "delete the lock file .~monrad-club.trf.lock" in str(caught.value)


def test_a_leftover_excel_owner_file_says_to_delete_it(tmp_path: Path) -> None:
    path = tmp_path / "res.csv"
    path.write_bytes(b"a;b\n")
    owner_file(path).write_bytes(b"\x05Kari")
    with pytest.raises(WorkbookError) as caught:
        with file_lock(path):
            pass
    text = str(caught.value)
    assert "open in Excel" in text and "delete ~$res.csv" in text


def test_the_lock_of_a_linked_file_is_its_targets(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "club.trf"
    target.write_bytes(b"012 x\n")
    link = tmp_path / "club.trf"
    _symlink(target, link)
    assert lock_file(link) == tmp_path / "real" / ".~monrad-club.trf.lock"
    with file_lock(target):
        with file_lock(link):  # the same lock: re-entrant in one process
            pass


# ----------------------------------------------------------------- backups and write back
def test_the_backup_just_made_is_never_pruned(tmp_path: Path) -> None:
    """Issue 30 item 9: ten backups dated later than now (a clock set back) do not make
    the new backup the oldest to go."""
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 v1\n")
    for i in range(KEEP_BACKUPS):
        (tmp_path / f"club.backup-2099010{i}-000000.trf").write_bytes(b"future")
    backup = write_back(path, b"012 v2\n")
    assert backup is not None and backup.read_bytes() == b"012 v1\n"
    assert len(backups_of(path)) == KEEP_BACKUPS and backup in backups_of(path)


def test_write_back_refuses_a_file_changed_since_it_was_read(tmp_path: Path) -> None:
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 read\n")
    seen = digest(path)
    path.write_bytes(b"012 another run wrote this\n")
    with pytest.raises(WorkbookError, match="changed on disk since monrad read it"):
        write_back(path, b"012 mine\n", expected=seen)
    assert path.read_bytes() == b"012 another run wrote this\n" and backups_of(path) == []


def test_write_back_messages_name_the_file_not_a_workbook(tmp_path: Path, monkeypatch) -> None:
    """The workbook writer's backup now serves TRF and CSV: its messages say "the file"."""
    path = tmp_path / "club.trf"
    path.write_bytes(b"012 x\n")
    real = os.replace

    def full(src, dst):
        if ".backup-" in str(dst):
            raise OSError(errno.ENOSPC, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(WorkbookError) as caught:
        write_back(path, b"012 y\n")
    text = str(caught.value)
    assert "workbook" not in text and "backup" in text and "disk is full" in text
    assert text.startswith(str(path)) and "unchanged" in text


def test_a_killed_runs_backup_temporary_file_is_removed_by_the_next_save(tmp_path: Path) -> None:
    """Issue 30 item 10: the README's promise, for the names older versions gave a
    backup's temporary file as well as today's."""
    dead = _dead_pid()
    path = tmp_path / "club.xlsx"
    path.write_bytes(b"PK old")
    left = [tmp_path / f".club.backup-20250301-193000.xlsx.{dead}.k2j4h5g6.tmp",
            tmp_path / f".club.xlsx.{dead}.a1b2c3d4.tmp",
            tmp_path / f".~m{dead}-x1y2z3w4.tmp"]
    for f in left:
        f.write_bytes(b"half a backup")
    write_back(path, b"PK new")
    assert not any(f.exists() for f in left)


def test_remove_orphans_leaves_a_users_own_dot_files(tmp_path: Path) -> None:
    dead = _dead_pid()
    mine = [tmp_path / f".notes.{dead}.k2j4h5g6.tmp", tmp_path / ".profile"]
    for f in mine:
        f.write_bytes(b"the user's")
    remove_orphans(tmp_path / "club.trf")
    assert all(f.exists() for f in mine)


# ----------------------------------------------------------------- Windows' 260 characters
def test_temporary_backup_and_lock_names_fit_windows_path_limit(tmp_path: Path,
                                                                monkeypatch) -> None:
    """Issue 32 item 10: a file whose path fits in 260 characters is saved without any
    temporary, backup or lock file passing that length."""
    folder = tmp_path
    while len(str(folder)) < 200:
        folder = folder / "nested-folder"
    folder.mkdir(parents=True)
    path = folder / ("c" * (MAX_PATH - 2 - len(str(folder)) - len(".xlsx")) + ".xlsx")
    assert len(str(path)) == MAX_PATH - 1
    path.write_bytes(b"PK old")
    seen: list[str] = []
    real_replace, real_open = os.replace, os.open

    def replace(src, dst):
        seen.extend([str(src), str(dst)])
        real_replace(src, dst)

    def open_(name, *args, **kwargs):
        seen.append(os.fspath(name))
        return real_open(name, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(os, "open", open_)
    backup = write_back(path, b"PK new")
    monkeypatch.undo()
    assert backup is not None and backup.read_bytes() == b"PK old"
    assert backup in backups_of(path)
    assert seen and max(len(os.path.abspath(s)) for s in seen) < MAX_PATH, max(seen, key=len)


# ----------------------------------------------------------------- the output-path rule
def test_same_file_compares_files_not_names(tmp_path: Path) -> None:
    """Issue 32 item 7: two names of one file (here a hard link, as ``Club.TRF`` and
    ``club.trf`` are on a case-insensitive disk) are one file."""
    a = tmp_path / "Club.TRF"
    a.write_bytes(b"012 x\n")
    b = tmp_path / "club.trf"
    os.link(a, b)
    assert same_file(a, b) and same_file(a, tmp_path / "." / "Club.TRF")
    assert not same_file(a, tmp_path / "other.trf")
    assert output_key(tmp_path / "NEW.trf") == output_key(tmp_path / "new.trf")
    with pytest.raises(OutputRefused, match="input file"):
        check_output(b, [a], overwrite=True)


def test_an_existing_output_is_refused_without_overwrite(tmp_path: Path) -> None:
    out = tmp_path / "wall.pdf"
    out.write_bytes(b"%PDF old")
    with pytest.raises(OutputRefused, match="--overwrite"):
        check_output(out, [])
    assert check_output(out, [], overwrite=True) == out
    with pytest.raises(OutputRefused, match="folder does not exist"):
        check_output(tmp_path / "no" / "wall.pdf", [])


@pytest.mark.posix_only("a file-size limit (RLIMIT_FSIZE) in the child")
def test_a_full_disk_in_another_process_leaves_the_file_and_no_temporary(tmp_path: Path) -> None:
    """``RLIMIT_FSIZE`` in a child: the write fails as on a full disk (``EFBIG``)."""
    target = tmp_path / "club.trf"
    target.write_bytes(b"old")
    code = ("import resource, sys\n"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))\n"
            "from monrad.converters.atomic import atomic_write, WriteError\n"
            "try:\n"
            f"    atomic_write({str(target)!r}, b'x' * 100_000)\n"
            "except WriteError as exc:\n"
            "    print(exc); sys.exit(2)\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout.startswith(str(target)) and "larger than this system allows" in proc.stdout
    assert target.read_bytes() == b"old" and sorted(p.name for p in tmp_path.iterdir()) == ["club.trf"]
