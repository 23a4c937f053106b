"""Putting a file on disk safely: the bottom of the one careful writer.

Every file monrad writes (workbooks, TRF, CSV, WOF, FIDE reports, PDF and HTML
documents, web pages, tables, backups, ``xlwings.conf``, the templates) goes through
:func:`atomic_write`; the two doors above it are
:func:`monrad.converters.outputs.write_output` (a new file made from the inputs) and
:func:`monrad.converters.workbook.writer.write_back` (the file that was read, written
back under its lock, after a backup).  ``docs/decisions.md`` ("One careful writer")
states the whole rule.  Here:

1. **Regular files only.**  The path is followed through symbolic links to the file
   they name (the link stays a link and its target is updated); a target that is a
   folder, a FIFO, a device node or a socket is refused (``-o /dev/null`` never
   replaces ``/dev/null``).  A backup is written with ``follow_symlinks=False``: a
   link at its name is never followed.
2. **Never half a file.**  The content goes to a temporary file in the target's own
   folder (so the final replace never crosses a file system), is flushed to disk, gets
   the permissions the result should have (those of the file it replaces, else
   ``0o666 & ~umask``; :func:`tempfile.mkstemp` would leave ``0o600``) and is moved
   over the target with :func:`os.replace`: the target is the old file or the new one.
   On any failure the temporary file is removed and the target is untouched.
3. **One line naming the user's file.**  A failure is a :class:`WriteError` naming the
   file as the user gave it, never a temporary name, and saying that the file is
   unchanged ("the disk is full", "larger than the system allows" ...).
4. **A file another program holds.**  On Windows a file open in Excel, a PDF viewer,
   an antivirus scanner or OneDrive cannot be replaced for a moment
   (``PermissionError``): the replace is tried again for :data:`REPLACE_PATIENCE`
   seconds, then refused naming the file and the likely holders.
5. **Read-only is the user's word**: a file marked read-only (no write permission for
   its owner, the read-only attribute on Windows) is never replaced, even by root
   (:func:`check_writable`).
6. **Many files as one** (:func:`write_files`, a web site): every new content is
   written beside its file and flushed first; only when all of them are on disk are
   they moved over their files, so a full disk changes none of them (issue 40 item 15).
7. **Killed runs leave nothing for long.**  A temporary file is named
   ``.~m<pid>-<random>.tmp`` (short: a path that fits Windows' 260 characters keeps
   fitting); the next write into the folder removes every such file whose process is
   gone (:func:`remove_orphans`; and the longer names older monrad versions used),
   never one another run is still writing.  Whether a process is alive is
   :func:`process_alive`, the one liveness test of monrad (the lock files use it too):
   ``os.kill(pid, 0)`` on POSIX, ``OpenProcess`` and ``WaitForSingleObject`` on
   Windows, where ``os.kill`` would send the process a Ctrl+C instead of testing it.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from ..engine.i18n import tr
from .errors import DISK_REASONS, InputError, os_reason

__all__ = [
    "MAX_PATH",
    "ORPHAN_AGE",
    "REPLACE_PATIENCE",
    "WriteError",
    "atomic_write",
    "building",
    "check_regular",
    "check_writable",
    "copy_file",
    "new_file_mode",
    "process_alive",
    "process_started",
    "real_target",
    "remove_orphans",
    "replace_keeping_mode",
    "temp_path",
    "write_failure",
    "write_files",
]

#: a temporary file without a process id (an older monrad's) is an orphan after this long
ORPHAN_AGE = 3600.0
#: seconds a replace refused by another program's handle (Windows) is tried again
REPLACE_PATIENCE = 2.0
#: Windows' classic limit on a path's length (``MAX_PATH``), the terminating NUL included
MAX_PATH = 260

#: Windows (a module constant, so that a test on Linux can take the Windows branch)
_ON_WINDOWS = os.name == "nt"

#: A function that writes the whole new file to the path it is given.
Writer = Callable[[Path], object]


class WriteError(InputError):
    """A file monrad was asked to write could not be written, or may not be: one line
    naming the user's file (never a temporary one); the file is as it was.  ``reason``
    is the cause alone, in words ("the disk is full"), for a caller's own sentence.  The
    message (a :func:`~monrad.engine.i18n.tr` message) is written when it is raised."""

    def __init__(self, message: object, *, source: str | None = None, reason: object = "") -> None:
        super().__init__(str(message), source=source)  # written now, in the language in force
        self.reason = str(reason or message)


# ------------------------------------------------------------------ processes
def _kernel32():  # pragma: no cover - the Windows boundary (tests replace it on Linux)
    import ctypes

    return getattr(ctypes, "WinDLL")("kernel32", use_last_error=True)  # noqa: B009 - Windows only


def _last_error() -> int:  # pragma: no cover - the Windows boundary
    import ctypes

    return int(getattr(ctypes, "get_last_error")())  # noqa: B009 - Windows only


_SYNCHRONIZE = 0x00100000
_PROCESS_QUERY_LIMITED_INFORMATION = 0x1000
_WAIT_TIMEOUT = 0x102
_ERROR_ACCESS_DENIED = 5
_ERROR_INVALID_PARAMETER = 87


def _windows_alive(pid: int) -> bool:
    """Windows: open the process and ask whether it has ended (``WaitForSingleObject``
    with no wait).  No such process (``ERROR_INVALID_PARAMETER``): dead; a process of
    another user (``ERROR_ACCESS_DENIED``): alive; anything else: alive (leave it)."""
    k32 = _kernel32()
    handle = k32.OpenProcess(_SYNCHRONIZE | _PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        return _last_error() != _ERROR_INVALID_PARAMETER
    try:
        return bool(k32.WaitForSingleObject(handle, 0) == _WAIT_TIMEOUT)
    finally:
        k32.CloseHandle(handle)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` (on this machine) is still running.

    When it cannot be told (another user's process, an odd error) the answer is
    ``True``: a file that might belong to a running process is left alone.

    >>> process_alive(os.getpid())
    True
    """
    if not isinstance(pid, int) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if _ON_WINDOWS:
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True
    return True


def _windows_started(pid: int) -> int | None:
    """Windows: the creation time of process ``pid`` (``GetProcessTimes``, 100 ns since
    1601), or ``None``."""
    import ctypes

    k32 = _kernel32()
    handle = k32.OpenProcess(_PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
    if not handle:
        return None
    try:
        times = [ctypes.c_ulonglong(0) for _ in range(4)]
        if not k32.GetProcessTimes(handle, *(ctypes.byref(t) for t in times)):
            return None
        return int(times[0].value) or None
    finally:
        k32.CloseHandle(handle)


def process_started(pid: int) -> int | None:
    """When process ``pid`` started, as a number that only has to be the same for the
    same process (Linux: clock ticks after boot, from ``/proc``; Windows: its creation
    time), or ``None`` where the system does not tell (macOS) or the process is gone.
    A lock file records it, so that a process id the system has given to another
    process since is not taken for the run that wrote the lock."""
    if not isinstance(pid, int) or pid <= 0:
        return None
    if _ON_WINDOWS:
        return _windows_started(pid)
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = text[text.rfind(")") + 2:].split()  # after "pid (command) "
    try:
        return int(fields[19])  # field 22 of proc(5): starttime
    except (IndexError, ValueError):
        return None


# ------------------------------------------------------------------ paths
def new_file_mode() -> int:
    """The permission bits a newly created file gets: ``0o666 & ~umask``."""
    umask = os.umask(0o022)  # reading the umask means setting it; put it back at once
    os.umask(umask)
    return 0o666 & ~umask


def real_target(path: str | os.PathLike[str]) -> Path:
    """The file a write to ``path`` changes: ``path`` followed through symbolic links
    (a dangling link names the file it would create)."""
    p = Path(path)
    if not os.path.islink(p):
        return p
    return Path(os.path.realpath(p))


def check_regular(target: str | os.PathLike[str], shown: str | os.PathLike[str] | None = None) -> None:
    """Refuse (:class:`WriteError`) when ``target`` exists and is not a regular file:
    a folder, a FIFO, a device node (``/dev/null``), a socket."""
    try:
        st = os.stat(target)
    except OSError:
        return
    if not stat.S_ISREG(st.st_mode):
        if stat.S_ISDIR(st.st_mode):
            msg = tr("this is a folder, not a regular file; monrad writes only regular files "
                     "(choose a file name)")
        elif stat.S_ISFIFO(st.st_mode):
            msg = tr("this is a pipe (FIFO), not a regular file; monrad writes only regular "
                     "files (choose a file name)")
        elif stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
            msg = tr("this is a device, not a regular file; monrad writes only regular files "
                     "(choose a file name)")
        else:
            msg = tr("this is not a regular file; monrad writes only regular files (choose a "
                     "file name)")
        raise WriteError(msg, source=str(shown or target))


def check_writable(target: str | os.PathLike[str], shown: str | os.PathLike[str] | None = None) -> None:
    """Refuse (:class:`WriteError` naming ``shown``) to replace a file marked read-only:
    its owner may not write it (mode ``444``, Windows' read-only attribute).
    ``os.replace`` needs only the folder's permission, and root may write anything:
    the mark is the user's word, so it is asked for itself."""
    p = Path(target)
    try:
        st = p.stat()
    except OSError:
        return  # not there (yet): nothing to protect
    if stat.S_ISREG(st.st_mode) and (not st.st_mode & stat.S_IWUSR or not os.access(p, os.W_OK)):
        raise WriteError(tr("the file is read-only; monrad does not replace it (make it "
                            "writable first)"), source=str(shown or p))


def _give_mode(tmp: Path, target: Path) -> None:
    """Give ``tmp`` the mode of ``target`` if it exists, else the new-file default."""
    try:
        if target.exists():
            shutil.copymode(target, tmp)
        else:
            os.chmod(tmp, new_file_mode())
    except OSError:  # a file system without modes (some network shares): keep going
        pass


# ------------------------------------------------------------------ temporary files
#: ``.~m<pid>-<random>.tmp`` / ``.part<ext>``: this version's temporary files
_TEMP = re.compile(r"\.~m(?P<pid>\d+)-[A-Za-z0-9_]+\.(?:tmp|part(?:\.[A-Za-z0-9]*)?)")
#: older versions: ``.<name>.<pid>.<random>.tmp`` (atomic_write) or ``.<stem>.<pid>.part<ext>``
_OLD_ORPHAN = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.(?:[^.]+\.tmp|part(?P<ext>\.[^.]*)?)")
_OLDEST_TMP = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp")
_BACKUP_OF = re.compile(r"(?P<stem>.+)\.backup-\d{8}-\d{6}(?:-\d+)?(?P<ext>\.[^.]*)?")


def temp_path(target: str | os.PathLike[str], suffix: str = ".tmp") -> Path:
    """A new, empty temporary file beside ``target`` (``.~m<pid>-<random><suffix>``),
    created by this process only: short, whatever the target's name."""
    folder = Path(target).parent
    fd, name = tempfile.mkstemp(prefix=f".~m{os.getpid()}-", suffix=suffix, dir=folder or ".")
    os.close(fd)
    return Path(name)


def _old_owner(name: str, target: Path) -> bool:
    """A name an older monrad gave a temporary file of ``target`` or of its backups."""
    if name in (target.name, target.stem):
        return True
    m = _BACKUP_OF.fullmatch(name)
    return bool(m and m.group("stem") == target.stem)


def remove_orphans(target: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files killed runs left in ``target``'s folder (see the module
    doc) and return them.  Never raises: cleaning up is a courtesy."""
    t = Path(target)
    folder = t.parent if str(t.parent) else Path(".")
    removed: list[Path] = []
    try:
        entries = [q for q in folder.iterdir() if q.name.startswith(".")]
    except OSError:
        return removed
    now = time.time()
    for q in entries:
        dead = False
        m = _TEMP.fullmatch(q.name)
        if m:
            dead = not process_alive(int(m.group("pid")))
        elif (m := _OLD_ORPHAN.fullmatch(q.name)) and _old_owner(m.group("name"), t):
            dead = not process_alive(int(m.group("pid")))
        elif (m := _OLDEST_TMP.fullmatch(q.name)) and m.group("name") == t.name:
            try:
                dead = now - q.stat().st_mtime > ORPHAN_AGE
            except OSError:
                dead = False
        if dead:
            try:
                if q.is_file() and not q.is_symlink():
                    q.unlink()
                    removed.append(q)
            except OSError:
                pass
    return removed


# ------------------------------------------------------------------ failures
#: what the user is told for the usual reasons a write fails
_REASONS: dict[int, object] = {
    **DISK_REASONS,
    errno.EFBIG: tr("the file is larger than this system allows (a full disk or a size limit)"),
    errno.EACCES: tr("no permission to write there"),
    errno.EPERM: tr("no permission to write there"),
    errno.ENOENT: tr("the folder does not exist"),
}
if hasattr(errno, "EDQUOT"):
    _REASONS[errno.EDQUOT] = tr("the disk quota is used up")


def write_failure(exc: OSError, shown: str | os.PathLike[str], existed: bool) -> WriteError:
    """The one line for a write that failed with ``exc``: names ``shown`` (the user's
    file), says why in words, and that the file is as it was."""
    reason: object
    if exc.errno == errno.ENOENT and not exc.filename:  # tempfile: no folder takes a file
        reason = tr("no temporary folder can be written, is the disk full?")
    else:
        reason = os_reason(exc, _REASONS)
    msg = (tr("cannot write ({reason}); the file is unchanged", reason=reason) if existed else
           tr("cannot write ({reason}); nothing was written", reason=reason))
    return WriteError(msg, source=str(shown), reason=reason)


@contextmanager
def building(shown: str | os.PathLike[str]) -> Iterator[None]:
    """Around making a file's content where a library writes temporary files of its own
    (openpyxl writes each sheet to the system's temporary folder): a full disk there is
    the same one line naming the user's file (:func:`write_failure`), never the
    library's temporary name or a traceback."""
    existed = os.path.lexists(shown)
    try:
        yield
    except OSError as exc:
        raise write_failure(exc, shown, existed) from None


def _busy(shown: str | os.PathLike[str]) -> WriteError:
    return WriteError(tr("another program has the file open (Excel, a PDF viewer, an antivirus "
                         "scanner or OneDrive syncing it); close it there, or wait, and run the "
                         "command again; the file is unchanged"), source=str(shown),
                      reason=tr("another program has the file open (Excel, a PDF viewer, an "
                                "antivirus scanner or OneDrive syncing it)"))


def _replace(tmp: Path, target: Path, shown: str | os.PathLike[str]) -> None:
    """``os.replace``; on Windows a ``PermissionError`` (a handle another program
    holds) is tried again for :data:`REPLACE_PATIENCE` seconds, then refused."""
    deadline = time.monotonic() + REPLACE_PATIENCE
    pause = 0.05
    while True:
        try:
            os.replace(tmp, target)
            return
        except PermissionError:
            if not _ON_WINDOWS:
                raise
            if time.monotonic() >= deadline:
                raise _busy(shown) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.4)


def replace_keeping_mode(tmp: str | os.PathLike[str], target: str | os.PathLike[str],
                         shown: str | os.PathLike[str] | None = None) -> None:
    """Move the finished file ``tmp`` over ``target`` (:func:`os.replace`, tried again
    while another program holds the file on Windows), giving it ``target``'s
    permissions first (or the new-file default when there is none).  ``target`` must
    be a regular file or absent, and not read-only."""
    tmp_p, target_p = Path(tmp), Path(target)
    check_regular(target_p, shown)
    check_writable(target_p, shown)
    _give_mode(tmp_p, target_p)
    _replace(tmp_p, target_p, shown or target_p)


def write_all(path: Path, data: bytes) -> None:
    """Write ``data`` to the (new, empty) file ``path`` with ``os.write`` and flush it to
    disk (``os.fsync``): every byte reaches the system through these two calls, where a
    full disk shows itself."""
    fd = os.open(path, os.O_WRONLY | os.O_TRUNC | getattr(os, "O_BINARY", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _sync(path: Path) -> None:
    fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))  # Windows flushes writable handles
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def copy_file(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> Path:
    """Copy ``src`` to ``dst`` (contents and times) through :func:`atomic_write`, never
    following a link at ``dst``: ``dst`` is a whole copy or is not there at all (a
    full disk never leaves half a backup)."""
    return atomic_write(dst, lambda tmp: shutil.copy2(src, tmp), follow_symlinks=False)


def atomic_write(path: str | os.PathLike[str], data: bytes | Writer, *,
                 follow_symlinks: bool = True, shown: str | os.PathLike[str] | None = None) -> Path:
    """Write ``path`` safely and return it (see the module doc).

    ``data`` is the new content, or a *writer*: a function called with the path of the
    temporary file (e.g. ``workbook.save``), which must write the whole file there.
    ``path`` is followed through a symbolic link unless ``follow_symlinks`` is false
    (then a link at ``path`` is replaced, never written through).  A failure of the
    file system is a :class:`WriteError` naming ``shown`` (default ``path``); an
    exception of the writer propagates.  Either way ``path`` is as it was and no
    temporary file is left.
    """
    shown = path if shown is None else shown
    target = real_target(path) if follow_symlinks else Path(path)
    if not follow_symlinks and os.path.islink(target):
        raise WriteError(tr("a symbolic link is in the way; monrad does not write through it "
                            "here"), source=str(shown))
    check_regular(target, shown)
    check_writable(target, shown)
    existed = target.exists()
    remove_orphans(target)
    try:
        tmp = temp_path(target)
    except OSError as exc:
        raise write_failure(exc, shown, existed) from None
    try:
        if callable(data):
            data(tmp)
            _sync(tmp)
        else:
            write_all(tmp, data)
        replace_keeping_mode(tmp, target, shown)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise write_failure(exc, shown, existed) from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return Path(path)


def _names(paths: list[Path]) -> str:
    """``a, b, c`` for a few names; ``a ... z`` (in writing order) for many."""
    names = [p.name for p in paths]
    return ", ".join(names) if len(names) <= 10 else f"{names[0]} ... {names[-1]}"


def write_files(files: Mapping[Path, bytes], shown: str | os.PathLike[str]) -> list[Path]:
    """Write several files as one (a web site's pages) and return their paths.

    Each is written as :func:`atomic_write` writes one (through links, regular files
    only, never one marked read-only), in two steps: every new content goes to a
    temporary file beside its file and is flushed to disk; only when all are there
    are they moved over their files, in order.  A failure of the first step (a full
    disk) removes the temporary files and changes no file: one :class:`WriteError`
    naming ``shown`` (the folder) says so.  A move cannot run out of space; one that
    fails (a page another program holds on Windows) is a :class:`WriteError` naming
    exactly the files replaced before it.  The folders' orphans are removed once, not
    once per file (3,000 pages: 3,000 scans of a folder of 3,000 files before)."""
    plan = []
    for path in files:
        target = real_target(path)
        check_regular(target, path)
        check_writable(target, path)
        plan.append((Path(path), target))
    for target in {target.parent: target for _, target in plan}.values():
        remove_orphans(target)  # once per folder
    staged: list[Path] = []
    try:
        for path, target in plan:
            staged.append(temp_path(target))
            write_all(staged[-1], files[path])
    except OSError as exc:
        for tmp in staged:
            tmp.unlink(missing_ok=True)
        reason = os_reason(exc, _REASONS)
        raise WriteError(tr("cannot write ({reason}); none of its {n} files was changed",
                            reason=reason, n=len(plan)), source=str(shown),
                         reason=reason) from None
    done: list[Path] = []
    for (path, target), tmp in zip(plan, staged):
        try:
            replace_keeping_mode(tmp, target, path)
        except (OSError, WriteError) as exc:
            for rest in staged[len(done):]:
                rest.unlink(missing_ok=True)
            reason = exc.reason if isinstance(exc, WriteError) else os_reason(exc, _REASONS)
            raise WriteError(tr("{file} could not be replaced ({reason}) after {done} of the "
                                "{n} files were: {names}; the others are as they were (run the "
                                "command again)", file=path.name, reason=reason, done=len(done),
                                n=len(plan), names=_names(done) or "-"),
                             source=str(shown), reason=reason) from None
        done.append(path)
    return done
