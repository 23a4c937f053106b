"""The entry points of the workbook's ribbon buttons.

``converters/xlsm/src/monrad.bas`` calls them through xlwings' ``RunPython``::

    import monrad.addin.ribbon as r; r.pair_next_round()
    import monrad.addin.ribbon as r; r.update_standings()

Each one binds the calling workbook (:func:`monrad.addin.ribbon.book.caller_book`),
runs the job of :mod:`monrad.addin.jobs.book` on it and tells the user the outcome in a
message box and the status bar.  A refusal or bad input (``InputError``: results
missing, round already paired, an unreadable cell ...) is shown as its one-line
message; an unexpected failure is shown as one line too, with the full traceback
kept in a log file whose path the message gives -- never a traceback in Excel.

The functions also take an explicit ``book`` (any
:class:`~monrad.converters.workbook.binding.WorkbookBinding`) and ``tell`` callback, which is how
the tests drive them through the openpyxl back end.

May import: the engine, the converters and `jobs/`.  The room holds the classic
Excel add-in (Python installed, xlwings): these entry points, the live workbook
(:mod:`.book`) and ``monrad addin install`` (:mod:`.install`).  See
``docs/architecture.md``, "Rooms of the add-in".
"""

from __future__ import annotations

import contextlib
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...converters.atomic import atomic_write
from ...converters.errors import InputError
from ...converters.workbook.binding import WorkbookBinding
from ...engine.i18n import tr
from ..jobs import book as jobs
from ..jobs import buttons

__all__ = ["LOG_FILE", "Outcome", "explain_rounds", "pair_next_round", "run_button",
           "update_standings"]

#: Where an unexpected error's traceback goes (the message box names it).
LOG_FILE = Path(tempfile.gettempdir()) / "monrad-excel-error.log"

Tell = Callable[[str, bool], None]


class Outcome:
    """What a button press ended with: the message shown and whether it was an error."""

    def __init__(self, message: str, error: bool) -> None:
        self.message = message
        self.error = error

    def __repr__(self) -> str:
        return f"Outcome({self.message!r}, error={self.error})"


def _default_book() -> Any:
    from .book import caller_book

    return caller_book()


def run_button(
    job: Callable[[WorkbookBinding], object],  # a report; shown as str(report)
    book: WorkbookBinding | None = None,
    tell: Tell | None = None,
) -> Outcome:
    """Run ``job`` on ``book`` (default: the calling Excel workbook), tell the user.

    Never raises for an ``InputError`` or any other ``Exception``: the outcome is
    shown (``tell(message, is_error)``; default: the Excel book's message box) and
    returned.
    """
    try:
        if book is None:
            book = _default_book()
        if tell is None:
            tell = _excel_teller(book)
        batch = getattr(book, "batch", None)
        with batch() if batch is not None else contextlib.nullcontext():
            report = job(book)
        outcome = Outcome(str(report), False)
    except InputError as exc:
        outcome = Outcome(str(exc), True)
    except Exception as exc:  # noqa: BLE001 - the user must never see a traceback
        try:
            atomic_write(LOG_FILE, traceback.format_exc().encode("utf-8"))
        except InputError:  # the log is a courtesy: the message below still goes out
            pass
        outcome = Outcome(
            f"unexpected error: {type(exc).__name__}: {exc} (details in {LOG_FILE})", True
        )
    if tell is None:
        tell = _excel_teller(book)
    tell(outcome.message, outcome.error)
    return outcome


def _excel_teller(book: Any) -> Tell:
    """Tell through the Excel book's message box; print if there is no Excel."""
    show = getattr(book, "tell", None)
    if show is not None:
        return lambda message, error: show(message, error=error)
    return lambda message, error: print(tr("monrad: error: {message}", message=message) if error
                                        else tr("monrad: {message}", message=message))


def pair_next_round(
    book: WorkbookBinding | None = None, tell: Tell | None = None, *, repair: bool = False
) -> Outcome:
    """The "Pair next round" button: pair the next round into a new round sheet."""
    return run_button(lambda b: buttons.pair_next_round(b, repair=repair), book, tell)


def update_standings(book: WorkbookBinding | None = None, tell: Tell | None = None) -> Outcome:
    """The "Update standings" button: rewrite the standings sheet."""
    return run_button(buttons.update_standings, book, tell)


def draw_start_numbers(book: WorkbookBinding | None = None, tell: Tell | None = None, *,
                       method: str = "random", seed: int | None = None) -> Outcome:
    """The "Draw start numbers" action (before round 1): renumber the Players sheet by
    lot (NSF-2A, SSF-1, SKOL-1) or seeded (NSF-2B), record the seed, show the order."""
    from ..jobs.draw import draw_start_numbers as draw

    return run_button(lambda b: draw(b, method, seed), book, tell)
def explain_rounds(book: WorkbookBinding | None = None, tell: Tell | None = None) -> Outcome:
    """The "Explain round" entry: write the Explanation sheet of a monrad workbook
    (every paired round and the next one).  The ribbon button that calls it is a
    documented follow-up (docs/explain.md)."""
    return run_button(jobs.explain_rounds, book, tell)
