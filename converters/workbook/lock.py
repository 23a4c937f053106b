"""One writer at a time: a lock file next to the workbook for a read-modify-write.

``monrad pair`` and ``monrad standings`` on the same workbook at the same time (two
windows, or the Excel button and a script) must not lose an update.  A run that
reads a workbook in order to write it back holds :func:`workbook_lock` from before
the read until after the save:

* the lock is the file ``.~monrad-<name>.lock`` beside the workbook, created with
  ``O_CREAT | O_EXCL`` (atomic on every local file system); it holds the process id,
  the host and the time;
* while another run holds it, the lock is refused with one line naming the file and
  the holder (:class:`WorkbookBusy`);
* a lock left by a run that was killed (same host, process gone) is stale and taken
  over; on Windows, where a process cannot be probed safely, a lock older than
  :data:`STALE_SECONDS` is;
* the lock is re-entrant within one process (a job that opens the workbook twice
  holds it once);
* the workbook is refused while Excel has it open: Excel keeps the owner file
  ``~$<name>`` beside it for as long as the book is open (changes saved there later
  would overwrite the ones written now); so is one open in LibreOffice (its lock file
  ``.~lock.<name>#``).

The package writer (:class:`~monrad.converters.workbook.package_book.PackageBook`) also takes
the lock around its save and checks that the file is still the one it read, so a
caller that skips the lock still cannot overwrite another run's round.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .binding import WorkbookError

__all__ = ["STALE_SECONDS", "WorkbookBusy", "lock_file", "owner_file", "workbook_lock"]

#: Without a way to probe the holder (Windows), a lock this old is stale.
STALE_SECONDS = 600

_held: dict[str, int] = {}
_guard = threading.Lock()


class WorkbookBusy(WorkbookError):
    """Another run (or Excel) has the workbook: refused, nothing written."""


def lock_file(path: str | os.PathLike[str]) -> Path:
    """The lock file of workbook ``path``: ``.~monrad-club.xlsx.lock`` beside it."""
    p = Path(path)
    return p.with_name(f".~monrad-{p.name}.lock")


def owner_file(path: str | os.PathLike[str]) -> Path:
    """Excel's owner file of an open workbook: ``~$club.xlsx`` beside it."""
    p = Path(path)
    return p.with_name(f"~${p.name}")


def office_lock_file(path: str | os.PathLike[str]) -> Path:
    """LibreOffice's lock file of an open workbook: ``.~lock.club.xlsx#`` beside it."""
    p = Path(path)
    return p.with_name(f".~lock.{p.name}#")


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def _holder(lock: Path) -> dict:
    try:
        return json.loads(lock.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _stale(info: dict, lock: Path) -> bool:
    if os.name == "nt" or info.get("host") != socket.gethostname():
        try:
            return time.time() - lock.stat().st_mtime > STALE_SECONDS
        except OSError:
            return True
    pid = info.get("pid")
    return not isinstance(pid, int) or not _alive(pid)


def _refuse_if_open_in_excel(path: Path) -> None:
    owner = owner_file(path)
    if owner.exists():
        raise WorkbookBusy(
            f"{path}: the workbook is open in Excel ({owner.name} exists); close it there "
            "first, or use the monrad buttons inside Excel")
    office = office_lock_file(path)
    if office.exists():
        raise WorkbookBusy(
            f"{path}: the workbook is open in LibreOffice ({office.name} exists); save and "
            "close it there first (or delete that file if LibreOffice is not running)")


def _create(lock: Path) -> bool:
    try:
        fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return False
    except OSError as exc:
        raise WorkbookError(f"{lock.parent}: cannot write the lock file {lock.name} there "
                            f"({exc.strerror or exc})") from None
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump({"pid": os.getpid(), "host": socket.gethostname(),
                   "since": time.strftime("%Y-%m-%d %H:%M:%S")}, fh)
    return True


def _acquire(path: Path) -> None:
    lock = lock_file(path)
    for _ in range(2):
        if _create(lock):
            return
        info = _holder(lock)
        if not info:  # empty: its holder is writing it this very moment
            time.sleep(0.05)
            info = _holder(lock)
        if not _stale(info, lock):
            who = (f"pid {info.get('pid')} on {info.get('host')}, since {info.get('since')}"
                   if info else "just started")
            raise WorkbookBusy(
                f"{path}: another monrad run is writing this workbook ({who}); "
                f"try again when it has finished (lock file {lock.name})")
        lock.unlink(missing_ok=True)  # stale: its run was killed
    raise WorkbookBusy(f"{path}: cannot take the lock file {lock.name}; try again")


@contextmanager
def workbook_lock(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Hold the workbook's lock for a read-modify-write (see the module doc).

    Raises :class:`WorkbookBusy` while another run holds it or Excel has the book
    open; yields the lock file's path."""
    p = Path(path)
    _refuse_if_open_in_excel(p)
    key = str(p.resolve())
    with _guard:
        depth = _held.get(key, 0)
        if depth == 0:
            _acquire(p)
        _held[key] = depth + 1
    try:
        yield lock_file(p)
    finally:
        with _guard:
            _held[key] -= 1
            if _held[key] == 0:
                del _held[key]
                lock_file(p).unlink(missing_ok=True)
