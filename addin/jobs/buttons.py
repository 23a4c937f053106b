"""The buttons' jobs for any workbook: monrad's own layout or a club's own sheets.

The Excel buttons (classic add-in and xlwings Lite) call these two functions; they
pick :mod:`monrad.addin.jobs.book` for a monrad workbook and :mod:`monrad.addin.jobs.club`
for a club's own workbook.  A club workbook that does not say its pairing system gets
a ``monrad`` sheet whose *system* cell offers the systems as a drop-down, and the
press is refused with a message saying where to choose (Excel has no prompt that
works the same in every Excel; the CLI takes ``--system``).
"""

from __future__ import annotations

from ...converters.workbook.binding import WorkbookBinding
from ...engine.i18n import tr
from . import book as jobs
from . import club as club_jobs
from .book import in_book_language

__all__ = ["pair_next_round", "update_standings"]


@in_book_language
def pair_next_round(book: WorkbookBinding, *, repair: bool = False) -> jobs.JobReport:
    """The *Pair next round* button (``repair``: *New round sheet again*)."""
    if not club_jobs.is_club_book(book):
        return jobs.pair_next_round(book, repair=repair)
    try:
        return club_jobs.pair_club_round(book, repair=repair)
    except club_jobs.SystemUnknown:
        cell = club_jobs.ask_system(book)
        book.save()
        raise club_jobs.SystemUnknown(
            tr('{name}: choose the pairing system in sheet {block!r}, cell {cell}, then press '
               'the button again',
               name=book.name, block=club_jobs.BLOCK, cell=cell)) from None


@in_book_language
def update_standings(book: WorkbookBinding) -> jobs.JobReport:
    """The *Update standings* button."""
    if not club_jobs.is_club_book(book):
        return jobs.update_standings(book)
    return club_jobs.update_club_standings(book)
