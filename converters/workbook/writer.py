"""Writing back the file that was read: the careful writer's door for a
read-modify-write (``pair``, ``standings``, ``ratings``, ``draw``, ``finals``, the
Excel buttons on a saved file), for a workbook, a TRF file or a CSV table alike.

:func:`write_back` does, in this order (``docs/decisions.md``, "One careful writer"):

1. follow a symbolic link to the file it names: the target is locked, backed up and
   replaced, the link stays a link;
2. take the file's lock (:func:`~monrad.converters.workbook.lock.file_lock`: refused
   while another monrad run holds it, or while Excel or LibreOffice has the file open);
3. check that the file is still the one that was read (``expected``, the
   :func:`digest` taken before reading): another program or run that wrote it since
   is never overwritten -- refused, nothing written, "run the command again";
4. copy it to its backup and replace it atomically
   (:func:`~monrad.converters.workbook.backup.replace_with_backup`, through
   :func:`~monrad.converters.atomic.atomic_write`), pruning old backups but never the
   one just made.

A command holds :func:`~monrad.converters.workbook.lock.file_lock` itself from before
its read, so that a second run is refused at once rather than after its work; the
lock is re-entrant, so :func:`write_back` takes it again for nothing.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from ...engine.i18n import tr
from ..atomic import Writer, atomic_write, real_target
from ..errors import os_reason
from .backup import replace_with_backup
from .binding import WorkbookError
from .lock import file_lock

__all__ = ["digest", "write_back"]


def digest(data_or_path: bytes | str | os.PathLike[str]) -> bytes:
    """The SHA-256 of a file's bytes (or of ``bytes``), what :func:`write_back`
    compares to tell whether the file changed since it was read."""
    if isinstance(data_or_path, bytes):
        data = data_or_path
    else:
        try:
            data = Path(data_or_path).read_bytes()
        except OSError as exc:
            raise WorkbookError(str(tr("{file}: cannot read ({reason})", file=data_or_path,
                                       reason=os_reason(exc)))) from None
    return hashlib.sha256(data).digest()


def write_back(path: str | os.PathLike[str], data: bytes | Writer, *,
               expected: bytes | None = None) -> Path | None:
    """Replace the file ``path`` that was read (its :func:`digest` ``expected``) by
    ``data`` (bytes, or a writer called with the temporary path), under its lock, after
    a backup (see the module doc); returns the backup (``None`` when the file did not
    exist).  Every refusal or failure is one :class:`WorkbookError` line naming
    ``path``; the file is then as it was."""
    shown = Path(path)
    target = real_target(shown)
    with file_lock(target):
        if expected is not None and target.exists() and digest(target) != expected:
            raise WorkbookError(str(tr(
                "{file}: the file changed on disk since monrad read it (another run, or a "
                "program saved it); nothing written, run the command again", file=shown)))
        return replace_with_backup(target, lambda p: atomic_write(p, data, shown=shown),
                                   shown=shown)
