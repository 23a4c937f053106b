"""The backup next to a file monrad rewrites, whole, before the file is replaced.

``club.xlsx`` (or ``club.trf``, ``res.csv``) written back by a command is first copied
to ``club.backup-YYYYmmdd-HHMMSS.xlsx`` beside it (``-2``, ``-3`` ... for two saves in
one second); the newest :data:`KEEP_BACKUPS` are kept and older ones (only files named
by that pattern) are removed -- never the one just made, whatever the dates of the
others.  Every file written back goes through :func:`replace_with_backup` (under its
lock: :func:`monrad.converters.workbook.writer.write_back`): workbooks of both back
ends, a TRF file paired or given ratings, a CSV results table or roster.

* The backup is written through :func:`~monrad.converters.atomic.copy_file`: whole
  or not at all (a full disk never leaves a truncated backup), and a name taken by
  anything -- a file, a folder, a symbolic link even if it points nowhere -- is never
  used, so a link planted at the predictable name is never followed.
* Where ``<name>.backup-<time><ext>`` would make the path longer than Windows allows
  (260 characters, in a deeply nested folder), the name part is shortened and ends in
  ``~`` and eight letters of a hash of the whole name
  (``Klubbme~3f2a9c1d.backup-...``), so that two files whose names begin alike have
  backups of two names and pruning one's never removes the other's (issue 40 item 7:
  ``Klubbme~.backup-*`` was both files' pattern).  :func:`backups_of` finds a file's
  backups of both forms, and only those.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path

from ...engine.i18n import tr
from ..atomic import MAX_PATH, WriteError, check_writable, copy_file
from .binding import WorkbookError

__all__ = ["KEEP_BACKUPS", "LITE_BACKUP_SHEET", "backup_name", "backups_of", "prune_backups",
           "replace_with_backup"]

#: How many backups of one file are kept (the oldest beyond this are removed).
KEEP_BACKUPS = 10
#: The hidden sheet in which an xlwings Lite press keeps the sheets as they were before
#: it (a workbook in Excel for the web has no file beside it; addin/lite).
LITE_BACKUP_SHEET = "monrad backup"

_STAMP = "YYYYmmdd-HHMMSS-NN"


def _stem(path: Path) -> str:
    """The name part of ``path``'s backups: its stem, or, when the backup's path would
    pass Windows' limit, as much of it as fits followed by ``~`` and eight hexadecimal
    digits of the SHA-256 of the file's whole name (which file a backup belongs to is
    in its name, however short)."""
    room = MAX_PATH - 1 - len(str(path.absolute().parent)) - 1 - len(f".backup-{_STAMP}{path.suffix}")
    stem = path.stem
    if len(stem) <= room:
        return stem
    tag = "~" + hashlib.sha256(path.name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return stem[:max(room - len(tag), 1)] + tag


def backup_name(path: Path, when: _dt.datetime | None = None) -> Path:
    """The backup file for ``path``: ``club.backup-20250301-193000.xlsx``.

    If that name is taken by anything (two saves in one second, a link) ``-2``,
    ``-3`` ... is added.
    """
    stamp = (when or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    stem = _stem(path)
    candidate = path.with_name(f"{stem}.backup-{stamp}{path.suffix}")
    n = 2
    while os.path.lexists(candidate):
        candidate = path.with_name(f"{stem}.backup-{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


#: what :func:`backup_name` adds to a stem: the time stamp and, for a second backup in
#: the same second, its number
_BACKUP_TAIL = r"\.backup-(\d{8}-\d{6})(?:-(\d+))?"
_BACKUP_STEM = re.compile(_BACKUP_TAIL + "$")


def is_backup(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is named as one of monrad's backups (``club.backup-20250301-193000.xlsx``,
    ``-2`` for a second one in the same second): folder conversion and ``frames`` leave
    them out, an earlier state of a tournament is not another tournament.

    >>> is_backup("club.backup-20250301-193000.xlsx"), is_backup("club.backup.xlsx")
    (True, False)
    """
    return bool(_BACKUP_STEM.search(Path(path).stem))


def backups_of(path: Path) -> list[Path]:
    """The backups of ``path`` (:func:`backup_name`), oldest first."""
    stems = {re.escape(path.stem), re.escape(_stem(path))}
    pattern = re.compile(
        "(?:" + "|".join(sorted(stems)) + ")" + _BACKUP_TAIL + re.escape(path.suffix))
    found = []
    try:
        entries = list(path.parent.iterdir())
    except OSError:
        return []
    for q in entries:
        m = pattern.fullmatch(q.name)
        if m and not q.is_symlink() and q.is_file():
            found.append(((m.group(1), int(m.group(2) or 1)), q))
    return [q for _, q in sorted(found)]


def prune_backups(path: Path, keep: Path | None = None) -> None:
    """Remove the oldest backups of ``path`` beyond :data:`KEEP_BACKUPS`, never ``keep``
    (the backup just made, even when later-dated backups are there)."""
    others = [q for q in backups_of(path) if keep is None or q.name != keep.name]
    room = KEEP_BACKUPS - (1 if keep is not None else 0)
    for old in others[:max(len(others) - room, 0)]:
        try:
            old.unlink()
        except OSError:
            pass


def replace_with_backup(path: Path, write: Callable[[Path], object],
                        shown: str | os.PathLike[str] | None = None) -> Path | None:
    """Replace the file at ``path`` by what ``write(path)`` writes, keeping a backup of
    the old one (the newest :data:`KEEP_BACKUPS`); returns the backup (``None`` when
    there was no file).  A read-only file is refused before anything is written; the
    backup is whole or not there (a full disk); every failure is one line naming
    ``shown`` (default ``path``) that says the file is unchanged."""
    shown = path if shown is None else shown
    try:
        check_writable(path, shown)
    except WriteError as exc:
        raise WorkbookError(str(exc)) from None
    backup = None
    if path.exists():
        backup = backup_name(path)
        try:
            copy_file(path, backup)
        except WriteError as exc:
            raise WorkbookError(str(tr("{file}: cannot write the backup {backup} ({reason}); "
                                       "the file is unchanged", file=shown, backup=backup.name,
                                       reason=exc.reason))) from None
    try:
        write(path)
    except WriteError as exc:
        raise WorkbookError(str(
            tr("{file}: cannot save ({reason}); the file is unchanged, backup: {backup}",
               file=shown, reason=exc.reason, backup=backup) if backup else
            tr("{file}: cannot save ({reason}); nothing was written", file=shown,
               reason=exc.reason))) from None
    prune_backups(path, backup)
    return backup

