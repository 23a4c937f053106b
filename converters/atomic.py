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
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["atomic_write", "replace_keeping_mode", "new_file_mode"]

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


def replace_keeping_mode(tmp: str | os.PathLike[str], target: str | os.PathLike[str]) -> None:
    """Move the finished file ``tmp`` over ``target`` (:func:`os.replace`), giving it
    ``target``'s permissions first (or the new-file default when there is none)."""
    tmp_p, target_p = Path(tmp), Path(target)
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
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
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
