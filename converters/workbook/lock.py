"""One writer at a time: a lock file next to a file monrad reads and writes back.

``monrad pair`` and ``monrad standings`` (or ``pair`` and ``ratings``) on the same
workbook, TRF or CSV file at the same time (two windows, or the Excel button and a
script) must not lose an update.  A run that reads a file in order to write it back
holds :func:`file_lock` from before the read until after the save:

* the lock is the file ``.~monrad-<name>.lock`` beside the file (beside the file a
  symbolic link names: the target is what is locked), created with ``O_CREAT |
  O_EXCL`` (atomic on every local file system); it holds the process id, when that
  process started, the host and the time;
* the lock belongs to the file, not to a name (issue 40 item 8): a file with several
  names (hard links) is locked as ``.~monrad-<device>-<inode>.lock``, the same for all
  of its names in one folder, and on POSIX the file itself is also locked (``flock``)
  for names in other folders; a file with one name is its name.  A write-back gives the
  name it was given a new file: the other names keep the file as it was;
* only a regular file is a lock (issue 40 item 9): a FIFO, a folder, a link or a
  device at the lock's name is never opened or removed but refused in one line, so
  nothing can make a command wait on it;
* while another run holds it, the lock is refused with one line naming the file, the
  holder, and what to do if no monrad is running (delete the lock file)
  (:class:`WorkbookBusy`);
* a lock is stale and taken over when its run is gone: same host and the process is
  not alive (:func:`~monrad.converters.atomic.process_alive`, on Windows too), or the
  process id now belongs to a process that started at another time (the system gave
  the id to someone else); a lock from another host, after :data:`STALE_SECONDS`; an
  empty or unreadable lock (its writer died between creating and filling it, or the
  disk was full), after :data:`EMPTY_GRACE` seconds;
* a lock that cannot be written whole (a full disk) is removed again at once, so it
  never blocks the next run;
* the lock is re-entrant within one process (a job that opens the file twice holds it
  once);
* the file is refused while Excel has it open: Excel keeps the owner file ``~$<name>``
  beside every file it opens (a workbook, a CSV), and its next save would overwrite
  what monrad wrote now; so is one open in LibreOffice (its lock file
  ``.~lock.<name>#``).  An owner file left by a crashed Excel blocks the same way, so
  the message says to delete it when Excel is not running.

The careful writer (:func:`~monrad.converters.workbook.writer.write_back`) takes the
lock around its save too and checks that the file is still the one it read, so a
caller that skips the lock still cannot overwrite another run's round.
"""

from __future__ import annotations

import json
import os
import socket
import stat
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ...engine.i18n import tr
from ..atomic import MAX_PATH, process_alive, process_started, real_target, write_failure
from ..errors import os_reason
from .binding import WorkbookError

__all__ = ["EMPTY_GRACE", "STALE_SECONDS", "WorkbookBusy", "file_lock", "lock_file",
           "office_lock_file", "owner_file", "workbook_lock"]

#: A lock of another host (whose process cannot be probed) is stale after this long.
STALE_SECONDS = 600
#: An empty or unreadable lock is stale after this long (its content is written at once).
EMPTY_GRACE = 5.0

#: the locks this process holds: key -> (depth, lock file, descriptor of a flock or None)
_held: dict[str, tuple[int, Path, int | None]] = {}
_guard = threading.Lock()
#: the most of a lock file read (a lock holds a line of JSON)
_LOCK_BYTES = 4096


class WorkbookBusy(WorkbookError):
    """Another run (or Excel, or LibreOffice) has the file: refused, nothing written."""


def _fit(p: Path, name: str, short: str) -> Path:
    """``name`` beside ``p``, or ``short`` when that path would pass Windows' limit."""
    near = p.with_name(name)
    return near if len(str(near.absolute())) < MAX_PATH else p.with_name(short)


def _identity(p: Path) -> os.stat_result | None:
    """The file's status when it has several names (hard links), else ``None``."""
    try:
        st = os.stat(p)
    except OSError:
        return None
    return st if st.st_nlink > 1 and stat.S_ISREG(st.st_mode) else None


def lock_file(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``.~monrad-club.xlsx.lock`` beside the file it names
    (``.~monrad-<hash>.lock`` where that name would make the path too long for Windows);
    for a file with several names (hard links), ``.~monrad-<device>-<inode>.lock``:
    the file's, whichever name it is reached by."""
    import hashlib

    p = real_target(path)
    st = _identity(p)
    if st is not None:
        return p.with_name(f".~monrad-{st.st_dev:x}-{st.st_ino:x}.lock")
    digest = hashlib.sha1(p.name.encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return _fit(p, f".~monrad-{p.name}.lock", f".~monrad-{digest}.lock")


def owner_file(path: str | os.PathLike[str]) -> Path:
    """Excel's owner file of an open file: ``~$club.xlsx`` beside it."""
    p = real_target(path)
    return p.with_name(f"~${p.name}")


def office_lock_file(path: str | os.PathLike[str]) -> Path:
    """LibreOffice's lock file of an open file: ``.~lock.club.xlsx#`` beside it."""
    p = real_target(path)
    return p.with_name(f".~lock.{p.name}#")


def _holder(lock: Path) -> dict:
    """What a lock file says about its holder (``{}``: nothing readable).  Opened without
    following a link and without waiting, and read only if it is a regular file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(lock, flags | getattr(os, "O_BINARY", 0))
    except OSError:
        return {}
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return {}
        info = json.loads(os.read(fd, _LOCK_BYTES).decode("utf-8"))
    except (OSError, ValueError):
        return {}
    finally:
        os.close(fd)
    return info if isinstance(info, dict) else {}


def _age(lock: Path) -> float:
    try:
        return time.time() - os.lstat(lock).st_mtime
    except OSError:
        return float("inf")


def _refuse_if_not_a_lock(lock: Path, path: Path) -> None:
    """Only a regular file is a lock: anything else at its name (a FIFO, a folder, a
    symbolic link, a device) is refused, never opened or removed (issue 40 item 9)."""
    try:
        mode = os.lstat(lock).st_mode
    except OSError:
        return
    if not stat.S_ISREG(mode):
        kind = (tr("a pipe (FIFO)") if stat.S_ISFIFO(mode) else tr("a folder")
                if stat.S_ISDIR(mode) else tr("a symbolic link") if stat.S_ISLNK(mode)
                else tr("not a regular file"))
        raise WorkbookBusy(str(tr(
            "{file}: {lock} is in the way: {kind}, not a lock file; monrad neither opens nor "
            "removes it. Remove it, and run the command again", file=path, lock=lock.name,
            kind=kind)))


def _stale(info: dict, lock: Path) -> bool:
    if not info:
        return _age(lock) > EMPTY_GRACE
    if info.get("host") != socket.gethostname():
        return _age(lock) > STALE_SECONDS
    pid = info.get("pid")
    if not isinstance(pid, int) or not process_alive(pid):
        return True
    started = info.get("started")
    now = process_started(pid)
    return isinstance(started, int) and now is not None and now != started


def _refuse_if_open_elsewhere(path: Path) -> None:
    owner = owner_file(path)
    if owner.exists():
        raise WorkbookBusy(str(tr(
            "{file}: the file is open in Excel ({owner} exists); close it there first (or use "
            "the monrad buttons inside Excel). If Excel is not running, it was left by a crash: "
            "delete {owner}", file=path, owner=owner.name)))
    office = office_lock_file(path)
    if office.exists():
        raise WorkbookBusy(str(tr(
            "{file}: the file is open in LibreOffice ({lock} exists); save and close it there "
            "first. If LibreOffice is not running, delete {lock}", file=path, lock=office.name)))


def _create(lock: Path) -> bool:
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    except OSError as exc:
        raise WorkbookError(str(tr("{folder}: cannot write the lock file {lock} there ({reason})",
                                   folder=lock.parent, lock=lock.name,
                                   reason=os_reason(exc)))) from None
    info = {"pid": os.getpid(), "started": process_started(os.getpid()),
            "host": socket.gethostname(), "since": time.strftime("%Y-%m-%d %H:%M:%S")}
    try:
        try:
            view = memoryview(json.dumps(info).encode("utf-8"))
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:  # a full disk: no empty lock may stay behind to block others
        lock.unlink(missing_ok=True)
        raise WorkbookError(str(tr("{folder}: cannot write the lock file {lock} there "
                                   "({reason}); nothing written", folder=lock.parent,
                                   lock=lock.name, reason=write_failure(exc, lock, False).reason))
                            ) from None
    return True


def _flock(path: Path) -> int | None:
    """POSIX, a file with several names: an exclusive ``flock`` on the file itself, held
    through the returned descriptor, so that a run through a name in another folder is
    refused too (``None``: one name, not POSIX, or a file system without ``flock``)."""
    if _identity(path) is None:
        return None
    try:
        import fcntl
    except ImportError:  # Windows: the lock file alone
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise WorkbookBusy(str(tr(
            "{file}: another monrad run is writing this file through another of its names "
            "(a hard link); try again when it has finished", file=path))) from None
    except OSError:  # a network share without flock: the lock file alone
        os.close(fd)
        return None
    return fd


def _acquire(path: Path, lock: Path) -> None:
    for _ in range(3):
        _refuse_if_not_a_lock(lock, path)
        if _create(lock):
            return
        info = _holder(lock)
        if not info:  # empty: its holder may be writing it this very moment
            time.sleep(0.05)
            info = _holder(lock)
        if not _stale(info, lock):
            who = (tr("pid {pid} on {host}, since {since}", pid=info.get("pid"),
                      host=info.get("host"), since=info.get("since"))
                   if info else tr("just started"))
            raise WorkbookBusy(str(tr(
                "{file}: another monrad run is writing this file ({who}); try again when it has "
                "finished. If no monrad run is going on, delete the lock file {lock}",
                file=path, who=who, lock=lock.name)))
        lock.unlink(missing_ok=True)  # stale: its run is gone
    raise WorkbookBusy(str(tr("{file}: cannot take the lock file {lock}; try again", file=path,
                              lock=lock.name)))


@contextmanager
def file_lock(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Hold the lock of ``path`` for a read-modify-write (see the module doc).

    Raises :class:`WorkbookBusy` while another run holds it or Excel or LibreOffice
    has the file open; yields the lock file's path."""
    p = real_target(path)
    _refuse_if_open_elsewhere(p)
    st = _identity(p)
    key = f"{st.st_dev}:{st.st_ino}" if st else os.path.normcase(str(p.resolve()))
    with _guard:
        depth, lock, fd = _held.get(key, (0, lock_file(p), None))
        if depth == 0:
            fd = _flock(p)
            try:
                _acquire(p, lock)
            except BaseException:
                if fd is not None:
                    os.close(fd)
                raise
        _held[key] = (depth + 1, lock, fd)
    try:
        yield lock
    finally:
        with _guard:
            depth, lock, fd = _held.pop(key)
            if depth > 1:
                _held[key] = (depth - 1, lock, fd)
            else:
                lock.unlink(missing_ok=True)  # the lock taken, whatever the file is now
                if fd is not None:
                    os.close(fd)


#: the name the workbook jobs know it by
workbook_lock = file_lock
