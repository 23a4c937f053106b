"""A round sheet that is gone: why the workbook is refused and where to get the sheet
back (issue 36 item 2).

A round sheet deleted, renamed or put back from elsewhere while a later round was
paired after it would make monrad pair that round again, or rank without its games, in
silence; the readers of monrad's workbook and of a club's own refuse it with these
messages, which name the way back: the newest backup beside the workbook that still has
the sheet (:mod:`~monrad.converters.workbook.backup`), else xlwings Lite's hidden backup
sheet, else where monrad keeps its backups.
"""

from __future__ import annotations

from pathlib import Path

from ...engine.i18n import Message, tr
from ...engine.model import PendingGame
from ..errors import InputError
from .backup import LITE_BACKUP_SHEET, backups_of
from .binding import WorkbookError, WorkbookReader

__all__ = ["get_it_back", "missing_sheet", "not_paired_with"]


def get_it_back(book: WorkbookReader, sheet: str | None = None) -> Message:
    """How to get ``sheet`` of ``book`` back (``None``: rows of a sheet that is still
    there, got back from the newest backup): the newest backup beside the workbook that
    still has a sheet of that name, else xlwings Lite's hidden backup sheet when the
    workbook has one, else where monrad keeps its backups."""
    from .package_book import open_book  # a backup file: never under Lite (issue 38 item 2)

    path = getattr(book, "path", None)
    for backup in reversed(backups_of(Path(path))) if path is not None else ():
        if sheet is None:
            return tr("the backup {backup} beside the workbook is the workbook as it was "
                      "before monrad last saved it", backup=backup.name)
        try:
            if sheet in open_book(backup).sheet_names():
                return tr("the backup {backup} beside the workbook has it: copy the sheet "
                          "back from there", backup=backup.name)
        except (InputError, WorkbookError, OSError):
            continue
    if LITE_BACKUP_SHEET in book.sheet_names():
        return tr("the hidden sheet {backup!r} holds the sheets as they were before the "
                  "last press (right-click a sheet tab, Unhide)", backup=LITE_BACKUP_SHEET)
    return tr("get it back from a copy of the workbook (monrad keeps one beside it, named "
              "NAME.backup-DATE.xlsx, before each save)")


def missing_sheet(book: WorkbookReader, sheet: str, later: int, later_sheet: str) -> Message:
    """Why a workbook is refused whose round sheet ``sheet`` is gone while round
    ``later`` (on ``later_sheet``) was paired after it, and how to get it back."""
    return tr("sheet {sheet!r} is missing, but round {later} (sheet {later_sheet!r}) was "
              "paired after it: without it monrad would pair its round again and rank "
              "without its games; {back}", sheet=sheet, later=later, later_sheet=later_sheet,
              back=get_it_back(book, sheet))


def not_paired_with(book: WorkbookReader, round_no: int, game: PendingGame,
                    sheet: str) -> Message:
    """Why a workbook is refused whose round sheet ``sheet`` lacks ``game``, which round
    ``round_no`` was paired around: it is not the sheet that round was paired with."""
    return tr("round {round} was paired while the game {white}-{black} of round {earlier} was "
              "still to be played, but sheet {sheet!r} has no such game: it is not the round "
              "{round} was paired with; {back}", round=round_no, white=game.white,
              black=game.black, earlier=game.round, sheet=sheet, back=get_it_back(book, sheet))
