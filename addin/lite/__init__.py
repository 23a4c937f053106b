"""The workbook's buttons under xlwings Lite (Excel without Python installed).

A Lite workbook's ``main.py`` (written by :func:`monrad.converters.book.lite_workbook.main_py`)
holds one ``@script`` per button, each a one-line call into this module::

    @script(name="Pair next round", button="[monrad_pair]Settings!E3")
    def pair_next_round(book: xw.Book):
        lite.pair_next_round(book)

Each function binds Lite's book (:class:`~monrad.addin.lite.book.LiteBook`), runs the
job of :mod:`monrad.addin.jobs.book` -- the same refusals and missing-result lists as
``monrad pair`` / ``monrad standings`` -- and tells the outcome in the workbook's
language in the status cell under the buttons on the Settings sheet, and in English
and the workbook's language on the Output pane (``print``).  A refused or failed job
changes nothing but the status cell (the binding holds every write back until the job
has finished); a job that changes a sheet keeps its old values in the hidden sheet
``monrad backup`` (the in-workbook backup).

The functions take any ``xlwings.Book``; the tests hand them a stand-in that behaves
as Lite's book does.

May import: the engine, the converters, `jobs/` and `ribbon/` (:class:`Outcome` and
the cell values as Excel takes them).  The room holds xlwings Lite at run time: these
entry points and Lite's book (:mod:`.book`); the Lite workbook as a file is written by
:mod:`monrad.converters.book.lite_workbook`.  See ``docs/architecture.md``, "Rooms of
the add-in".
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from ...converters import layout as L
from ...converters.errors import InputError
from ...engine.i18n import tr
from ..jobs import book as jobs
from ..jobs import buttons
from ..jobs import club as club_jobs
from ..ribbon import Outcome
from .book import LiteBook

__all__ = ["pair_next_round", "pair_round_again", "run_script", "update_standings"]

#: The status cell (the workbook's parts are written by converters/book/lite_workbook.py,
#: which a press does not import: issue 38 item 2)
STATUS_ROW, STATUS_COL, STATUS_HEIGHT = L.LITE_STATUS_ROW, L.LITE_STATUS_COL, L.LITE_STATUS_HEIGHT


def _where(book: LiteBook) -> tuple[L.Layout, str]:
    """The workbook's language and the sheet with the buttons and the status cell: the
    Settings sheet of a monrad workbook; monrad's own sheet of a club's workbook (where
    ``monrad lite`` puts the buttons), in the club's language."""
    lay = L.detect_layout(book.sheet_names())
    if lay is not None:
        return lay, lay.settings_sheet
    return L.layout_for(club_jobs.club_language(book)), club_jobs.BLOCK


def _renamed(book: LiteBook) -> tuple[L.Layout, str, list[str]] | None:
    """monrad's sheets renamed (issue 38 item 6): the sheet with the buttons found by
    its content (the label over the status cell), its layout and what to say; ``None``
    where monrad's sheets have their names.

    A monrad workbook whose Settings or Players sheet lost its name would otherwise be
    taken for a club's workbook (a ``monrad`` sheet added, a second standings sheet);
    a club's ``monrad`` sheet renamed would be made anew.  The press is refused instead,
    naming the sheet to rename."""
    names = book.sheet_names()
    if L.detect_layout(names) is not None or club_jobs.BLOCK in names:
        return None
    labels = {lay.text("lite_status"): lay for lay in L.LAYOUTS.values()}
    for sheet in names:
        label = book.read_range(sheet, STATUS_ROW - 1, STATUS_COL, STATUS_ROW - 1, STATUS_COL)
        lay = labels.get(label[0][0]) if isinstance(label[0][0], str) else None
        if lay is None:
            continue
        folded = {n.strip().casefold() for n in names}
        if book.read_range(sheet, 1, 1, 1, 1)[0][0] != lay.settings_title:
            return lay, sheet, [lay.text("lite_renamed", sheet=club_jobs.BLOCK, found=sheet)]
        lines = [lay.text("lite_renamed", sheet=lay.settings_sheet, found=sheet)] \
            if sheet.strip().casefold() != lay.settings_sheet.casefold() else []
        if lay.players_sheet.casefold() not in folded:
            lines.append(lay.text("lite_sheet_missing", sheet=lay.players_sheet))
        return lay, sheet, lines
    return None


def _refuse_renamed(lb: LiteBook, lay: L.Layout, sheet: str, lines: list[str]) -> Outcome:
    """Say it where the secretary looks: the status cell of the sheet with the buttons,
    an alert, the Output pane; nothing else is changed."""
    lines = [*lines, lay.text("lite_rename_back")]
    print("\n".join(lines))
    _tell(lb, sheet, lines)
    lb.flush()
    try:
        lb.book.app.alert(" ".join(lines), title="monrad", mode="critical")
    except Exception:  # noqa: BLE001 -- an Excel without alerts: the status cell says it
        print(traceback.format_exc())
    return Outcome(lines[0], True)


def _localised(lay: L.Layout, text: tuple[str, dict] | None, english: str) -> str:
    if text is None:
        return english
    key, values = text
    return lay.text(key, **{"repair": lay.text("lite_repair_button"), **values})


def run_script(job: Callable[[LiteBook], jobs.JobReport], book: Any) -> Outcome:
    """Run ``job`` on Lite's ``book``; show the outcome in the status cell and print it.

    Never raises for a refusal, bad input or an unexpected error: a traceback is
    printed on the Output pane only, and the status cell says what happened.
    """
    lb = LiteBook(book)
    renamed = _renamed(lb)
    if renamed is not None:
        return _refuse_renamed(lb, *renamed)
    lay, sheet = _where(lb)
    lb.lang = lay.lang
    try:
        report = job(lb)
    except InputError as exc:
        lb.discard()
        detail = _localised(lay, getattr(exc, "text", None), "")
        lines = [detail or lay.text("lite_refused", detail=str(exc))]
        outcome = Outcome(str(exc), True)
    except Exception as exc:  # noqa: BLE001 -- the user sees one line, the Output pane the rest
        lb.discard()
        print(traceback.format_exc())
        lines = [lay.text("lite_unexpected", detail=f"{type(exc).__name__}: {exc}")]
        outcome = Outcome(f"unexpected error: {type(exc).__name__}: {exc}", True)
    else:
        notes = ([lay.text(key, **values) for key, values in report.notes_text]
                 if report.notes_text else report.notes)
        lines = [_localised(lay, report.text, report.message), *notes]
        if report.backup:
            lines.append(lay.text("lite_backup", sheet=report.backup))
        outcome = Outcome(str(report), False)
    print(tr("monrad: error: {message}", message=outcome.message) if outcome.error
          else tr("monrad: {message}", message=outcome.message))
    if lay.lang != "en":
        print("\n".join(lines))
    _tell(lb, sheet, lines)
    refused = lb.flush()  # every value (the status cell's too), then the formatting
    if refused:  # formatting only: the answer above stands, a line is added after it
        lines.append(lay.text("lite_not_applied", what=", ".join(sorted(refused))))
        print(lines[-1])
        _tell(lb, sheet, lines)
        lb.flush()
    return outcome


def _tell(lb: LiteBook, sheet: str, lines: list[str]) -> None:
    """The status cell under the buttons, where the workbook has that sheet."""
    if sheet not in lb.sheet_names():
        return
    try:
        lb.write_status(sheet, STATUS_ROW, STATUS_COL, lines, height=STATUS_HEIGHT)
    except Exception:  # noqa: BLE001 -- the Output pane has the message already
        print(traceback.format_exc())


def pair_next_round(book: Any) -> Outcome:
    """The "Pair next round" button (``monrad pair``)."""
    return run_script(buttons.pair_next_round, book)


def update_standings(book: Any) -> Outcome:
    """The "Update standings" button (``monrad standings``)."""
    return run_script(buttons.update_standings, book)


def pair_round_again(book: Any) -> Outcome:
    """The "New round sheet again" button (``monrad pair --repair``): the last round,
    still without results, is paired again on a new sheet."""
    return run_script(lambda b: buttons.pair_next_round(b, repair=True), book)


def explain_rounds(book: Any) -> Outcome:
    """The "Explain round" script of the task pane: the Explanation sheet (issue 18)."""
    return run_script(jobs.explain_rounds, book)
