"""Saving a file safely: the one place where monrad replaces a file on disk.

Every save (workbooks, TRF, CSV, WOF, FIDE reports, the ``.xlsm`` templates) goes
through :func:`atomic_write`:

1. the new content is written to a temporary file in the target's own folder
   (so the final :func:`os.replace` never crosses a file system);
2. the temporary file gets the permissions the result should have: those of the
   file it replaces, or for a new file the default ``0o666 & ~umask`` -- the
   same as ``open(path, "w")`` would give.  (:func:`tempfile.mkstemp` creates
   ``0o600`` files; without this step every save would make a shared workbook
   readable by its owner only);
3. it is flushed to disk and moved over the target with :func:`os.replace`, so
   the target is always the old file or the new one, never half written.  If
   anything fails the temporary file is removed and the target is untouched.

:func:`replace_keeping_mode` is step 2 and 3 alone, for callers that prepare a
group of temporary files first and move them into place together
(:mod:`monrad.converters.batch`).

Strangers' machines (issue 21):

* a file marked read-only (no write permission for its owner, the read-only
  attribute on Windows) is never replaced: :func:`check_writable` refuses, even
  for root, who could;
* a temporary file carries the id of the process writing it
  (``.club.xlsx.<pid>.<random>.tmp``); a run that was killed leaves it behind, and
  the next save to the same folder removes every such file whose process is gone
  (:func:`remove_orphans`), never one another run is still writing;
* :func:`copy_file` makes a backup the same way, so a full disk never leaves a
  truncated "backup" behind.
"""

from __future__ import annotations

import errno
import glob
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

__all__ = [
    "ORPHAN_AGE",
    "atomic_write",
    "check_writable",
    "copy_file",
    "new_file_mode",
    "remove_orphans",
    "replace_keeping_mode",
]

#: a temporary file without a process id (an older monrad's) is an orphan after this long
ORPHAN_AGE = 3600.0

#: A function that writes the whole new file to the path it is given.
Writer = Callable[[Path], object]


def new_file_mode() -> int:
    """The permission bits a newly created file gets: ``0o666 & ~umask``."""
    umask = os.umask(0o022)  # reading the umask means setting it; put it back at once
    os.umask(umask)
    return 0o666 & ~umask


def _give_mode(tmp: Path, target: Path) -> None:
    """Give ``tmp`` the mode of ``target`` if it exists, else the new-file default."""
    try:
        if target.exists():
            shutil.copymode(target, tmp)
        else:
            os.chmod(tmp, new_file_mode())
    except OSError:  # a file system without modes (some network shares): keep going
        pass


def check_writable(target: str | os.PathLike[str]) -> None:
    """Refuse (:class:`PermissionError` naming ``target``) to replace a file marked
    read-only: its owner may not write it (mode ``444``, Windows' read-only
    attribute).  ``os.replace`` needs only the folder's permission, and root may
    write anything: the mark is the user's word, so it is asked for itself."""
    p = Path(target)
    try:
        st = p.stat()
    except OSError:
        return  # not there (yet): nothing to protect
    if stat.S_ISREG(st.st_mode) and (not st.st_mode & stat.S_IWUSR or not os.access(p, os.W_OK)):
        raise PermissionError(errno.EACCES, "the file is read-only; monrad does not replace "
                              "it (make it writable first)", str(p))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # somebody else's process, or we cannot tell: leave its file alone
    return True


#: ``.<name>.<pid>.<anything>.tmp`` (atomic_write) or ``.<stem>.<pid>.part<ext>`` (batch)
_ORPHAN = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.(?:[^.]+\.tmp|part(?P<ext>\.[^.]*)?)")
_OLD_TMP = re.compile(r"\.(?P<name>.+)\.[A-Za-z0-9_]{8}\.tmp")


def remove_orphans(target: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files a killed run left beside ``target`` (see the module
    doc) and return them.  Never raises: cleaning up is a courtesy."""
    t = Path(target)
    folder = t.parent if str(t.parent) else Path(".")
    removed: list[Path] = []
    try:
        entries = list(folder.glob(f".{glob.escape(t.stem)}*"))
    except OSError:
        return removed
    now = time.time()
    for q in entries:
        m = _ORPHAN.fullmatch(q.name)
        if m and m.group("name") in (t.name, t.stem):
            dead = not _alive(int(m.group("pid")))
        else:
            m = _OLD_TMP.fullmatch(q.name)
            try:
                dead = bool(m and m.group("name") == t.name and now - q.stat().st_mtime > ORPHAN_AGE)
            except OSError:
                dead = False
        if dead:
            try:
                q.unlink()
                removed.append(q)
            except OSError:
                pass
    return removed


def copy_file(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> Path:
    """Copy ``src`` to ``dst`` (contents and times) through :func:`atomic_write`: ``dst``
    is a whole copy or is not there at all (a full disk never leaves half a backup)."""
    return atomic_write(dst, lambda tmp: shutil.copy2(src, tmp))


def replace_keeping_mode(tmp: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Move the finished file ``tmp`` over ``target`` (:func:`os.replace`), giving it
    ``target``'s permissions first (or the new-file default when there is none)."""
    tmp_p, target_p = Path(tmp), Path(target)
    check_writable(target_p)
    _give_mode(tmp_p, target_p)
    os.replace(tmp_p, target_p)


def atomic_write(path: str | os.PathLike[str], data: bytes | Writer) -> Path:
    """Write ``path`` safely and return it (see the module doc).

    ``data`` is the new content, or a *writer*: a function called with the path of
    the temporary file (e.g. ``workbook.save``), which must write the whole file
    there.  Exceptions of the writer or of the file system propagate after the
    temporary file is removed; ``path`` is then as it was.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    check_writable(target)
    remove_orphans(target)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp",
                                dir=folder)
    tmp = Path(name)
    try:
        if callable(data):
            os.close(fd)
            fd = -1
            data(tmp)
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        else:
            with os.fdopen(fd, "wb") as fh:
                fd = -1
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
        replace_keeping_mode(tmp, target)
    except BaseException:
        if fd != -1:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    return target
