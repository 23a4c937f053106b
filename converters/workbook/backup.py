"""The backup next to a file monrad rewrites, whole before the file is replaced.

``club.xlsx`` saved by a job is first copied to ``club.backup-YYYYmmdd-HHMMSS.xlsx``
beside it (``-2``, ``-3`` ... for two saves in one second); the newest
:data:`KEEP_BACKUPS` are kept and older ones (only files named by that pattern) are
removed.  Both workbook back ends save through :func:`replace_with_backup`; a CSV
results table that ``monrad pair`` writes back (:mod:`monrad.converters.tabular.csv_round`)
and the roster ``monrad ratings`` rewrites keep their backups by the same names.
"""

from __future__ import annotations

import datetime as _dt
import glob
import re
from collections.abc import Callable
from pathlib import Path

from ..atomic import check_writable, copy_file
from .binding import WorkbookError

__all__ = ["KEEP_BACKUPS", "backup_name", "backups_of", "replace_with_backup"]

#: How many backups of one file are kept (the oldest beyond this are removed).
KEEP_BACKUPS = 10


def backup_name(path: Path, when: _dt.datetime | None = None) -> Path:
    """The backup file for ``path``: ``club.backup-20250301-193000.xlsx``.

    If that name is taken (two saves in one second) ``-2``, ``-3`` ... is added.
    """
    stamp = (when or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.stem}.backup-{stamp}{path.suffix}")
    n = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.stem}.backup-{stamp}-{n}{path.suffix}")
        n += 1
    return candidate


def backups_of(path: Path) -> list[Path]:
    """The backups of ``path`` (:func:`backup_name`), oldest first."""
    pattern = re.compile(
        re.escape(path.stem) + r"\.backup-(\d{8}-\d{6})(?:-(\d+))?" + re.escape(path.suffix) + "$"
    )
    found = []
    for q in path.parent.glob(f"{glob.escape(path.stem)}.backup-*"):
        m = pattern.fullmatch(q.name)
        if m:
            found.append(((m.group(1), int(m.group(2) or 1)), q))
    return [q for _, q in sorted(found)]


def replace_with_backup(path: Path, write: Callable[[Path], object]) -> Path | None:
    """Replace the workbook at ``path`` by what ``write(path)`` writes, keeping a backup
    of the old one (the newest :data:`KEEP_BACKUPS`); returns the backup (``None`` when
    there was no file).  A read-only workbook is refused before anything is written; the
    backup is whole or not there (a full disk); every failure is one line that says the
    workbook is unchanged."""
    try:
        check_writable(path)
    except OSError as exc:
        raise WorkbookError(f"{path}: {exc.strerror}") from None
    backup = None
    if path.exists():
        backup = backup_name(path)
        try:
            copy_file(path, backup)
        except OSError as exc:
            raise WorkbookError(f"{path}: cannot write the backup {backup.name} "
                                f"({exc.strerror or exc}); the workbook is unchanged") from None
    try:
        write(path)
    except OSError as exc:
        raise WorkbookError(f"{path}: cannot save ({exc.strerror or exc}); the workbook is "
                            f"unchanged" + (f", backup: {backup}" if backup else "")) from None
    for old in backups_of(path)[:-KEEP_BACKUPS]:
        old.unlink(missing_ok=True)
    return backup
