"""``monrad new club.xlsx --system nsf --rounds 7 [--players roster.csv] [--lang no]``.

Creates a club workbook in the layout of :mod:`monrad.converters.layout`: a Settings
sheet, a Players sheet (filled from a roster if one is given) and an empty
Standings sheet.  Round sheets are added by "Pair next round".

The seed for every lot is drawn here when none is given and written to the
Settings sheet, so that each lot can be reproduced later.
"""

from __future__ import annotations

import datetime as _dt
import os
import secrets
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from ...engine.i18n import tr
from ...engine.model import Player, Settings
from ...engine.pairing import (
    available_systems,
    canonical_system,
    system_facts,
    system_name,
    system_names,
    system_scoring,
)
from .. import layout as L
from ..atomic import atomic_write
from ..tabular.csv_format import read_roster_csv
from ..workbook.binding import CellValue, WorkbookError, a1
from ..workbook.cell_text import as_text_cell, cell_text
from ..workbook.openpyxl_book import OpenpyxlBook, new_book

__all__ = ["build_book", "create_workbook"]

#: Every round's result column and the tie-break list accept these scorings.
SCORINGS = ("classic", "3-1-0", "school")

_FIXED_TIME = _dt.datetime(2025, 1, 1, 0, 0, 0)


#: Players columns' widths in characters (widened by :func:`header_width` to fit the
#: header's longest word).
_PLAYER_WIDTHS = {"start_no": 6, "name": 28, "club": 20, "rating": 8, "fide_id": 11,
                  "national_id": 10, "birth": 12, "sex": 6, "title": 6, "federation": 9,
                  "withdrawn_after": 12, "entered_at": 12}


def header_width(header: str, width: float) -> float:
    """``width``, widened so that a bold header wraps between words, never inside one
    (``Federation`` in a 9-character column would break as ``Federatio`` / ``n``)."""
    longest = max((len(word) for word in header.split()), default=0)
    return max(width, round(longest * 1.2 + 2, 1))


def _header_style(ws, row: int, ncols: int) -> None:
    for c in range(1, ncols + 1):
        cell = ws.cell(row, c)
        cell.font = Font(name="Calibri", bold=True)
        cell.fill = PatternFill("solid", start_color="D9E1F2", end_color="D9E1F2")
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)


#: what the Settings sheet shows for each scoring: the points themselves, readable in
#: every language (the reader takes these and the names)
SCORING_CELLS = {"classic": "1-½-0", "3-1-0": "3-1-0", "school": "3-2-1"}


def settings_for(system: str, keep: Iterable[str] = ()) -> list[str]:
    """The Settings rows that apply to ``system``, asked of its facts: the Othello C
    (OTH-8) and the WOF sender and country only for Othello, the Konrad limit only
    where the system meets players again (NSF), the colour of no. 1 in round 1 only
    where the system's colours take it (issue 36 item 6).  ``keep`` names rows written
    anyway (a converted file that has a value for them)."""
    facts = system_facts(system)
    out = []
    for key in L.SETTINGS_KEYS:
        if key in keep:
            pass
        elif key in ("othello_c", *L.WOF_KEYS) and facts.game != "othello":
            continue
        elif key == "initial_colour" and facts.initial_colour_help is None:
            continue
        if key == "konrad" and not facts.konrad:
            continue
        out.append(key)
    return out


def setting_help(key: str, system: str, lang: str) -> str | None:
    """Column C of a Settings row: the help of :data:`~monrad.converters.layout.SETTINGS_HELP`,
    or for the colour of no. 1 in round 1 the words of the system's own round-1 rule
    (NSF-4, SSF-4, DSU-0, SKOL-2, C.04.3; issue 36 item 6)."""
    if key == "initial_colour":
        own = system_facts(system).initial_colour_help
        return own.render(lang) if own is not None else None
    return L.SETTINGS_HELP.get(key, {}).get(lang)


def system_scoring_name(system: str) -> str:
    """The Settings word for the system's own scoring: ``school`` for school Monrad
    (3/2/1, SKOL-6), else ``classic``."""
    from .xlsx import parse_scoring

    own = system_scoring(Settings(system=system))
    return next((n for n in SCORINGS if parse_scoring(n) == own), "classic")


def build_book(
    path: str | Path,
    system: str,
    rounds: int,
    players: Sequence[Player] = (),
    lang: str = "en",
    *,
    name: str = "",
    seed: int | None = None,
    scoring: str | None = None,
    tiebreaks: Iterable[str] = (),
    fixed_time: bool = False,
    draw_seed: bool = True,
    keep_settings: Iterable[str] = (),
    repeated: Mapping[str, Sequence[str]] | None = None,
) -> OpenpyxlBook:
    """The new workbook in memory (see :func:`create_workbook`).

    Without ``seed`` one is drawn and written to the Settings sheet, unless
    ``draw_seed`` is false (templates: the cell is left for the user).  ``repeated``
    gives the values of the rows that may stand more than once (the prize categories
    and prize lists, :data:`~monrad.converters.layout.REPEATED_SETTINGS`): a row each.
    """
    repeated = repeated or {}
    lay = L.layout_for(lang)
    if rounds < 0:
        raise WorkbookError(tr('rounds must be 1 or more, not {rounds}', rounds=rounds))
    if scoring is None:
        scoring = system_scoring_name(system)
    if scoring not in SCORINGS:
        raise WorkbookError(tr('scoring must be one of {scorings}, not {scoring!r}',
                               scorings=', '.join(SCORINGS), scoring=scoring))
    known = available_systems()
    if known and canonical_system(system) not in known:
        raise WorkbookError(tr('unknown system {system!r} (available: {known})',
                               system=system, known=', '.join(known)))
    if seed is None and draw_seed:
        seed = secrets.randbelow(2**31)
    book = new_book(path)
    wb = book.workbook
    if fixed_time:
        wb.properties.created = wb.properties.modified = _FIXED_TIME
    wb.properties.creator = "monrad"
    wb.properties.title = name or lay.settings_title

    # --- Settings ---------------------------------------------------------------------
    ws = wb.create_sheet(lay.settings_sheet)
    ws["A1"] = lay.settings_title
    ws["A1"].font = Font(name="Calibri", bold=True, size=14)
    ws.append(list(lay.settings_headers))
    _header_style(ws, 2, 3)
    values: dict[str, CellValue] = {
        # the system by its name in the workbook's language (issue 37 item 6)
        "name": name or None, "system": system_name(system, lay.lang),
        "rounds": rounds or None,  # 0: by the players
        "scoring": SCORING_CELLS[scoring],
        "tiebreaks": ", ".join(tiebreaks) or None, "seed": seed,
    }
    # a repeated row (a prize category, a prize list) once per value, else once empty
    rows: list[tuple[str, CellValue]] = []
    for key in settings_for(system, keep_settings):
        given: list[CellValue] = list(repeated.get(key, ())) if key in L.REPEATED_SETTINGS else []
        rows += [(key, value) for value in given or [values.get(key)]]
    row_of: dict[str, int] = {}
    for i, (key, value) in enumerate(rows, L.SETTINGS_FIRST_ROW):
        ws.cell(i, 1, lay.setting_label(key)).font = Font(name="Calibri", bold=True)
        ws.cell(i, 2, _text(book, lay.settings_sheet, i, 2, value))
        if key not in row_of:
            ws.cell(i, 3, setting_help(key, system, lay.lang))
            ws.cell(i, 3).font = Font(name="Calibri", italic=True, color="666666")
        ws.cell(i, 2).alignment = Alignment(horizontal="left")
        row_of.setdefault(key, i)
    if known:
        dv = DataValidation(type="list", formula1='"' + ",".join(system_names(lay.lang)) + '"',
                            allow_blank=False)
        dv.add(f"B{row_of['system']}")
        ws.add_data_validation(dv)
    dv = DataValidation(type="list", formula1='"' + ",".join(SCORING_CELLS.values()) + '"',
                        allow_blank=True)
    dv.add(f"B{row_of['scoring']}")
    ws.add_data_validation(dv)
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2="99")
    dv.add(f"B{row_of['rounds']}")
    ws.add_data_validation(dv)
    ws.column_dimensions["A"].width = 30
    ws.column_dimensions["B"].width = 26
    ws.column_dimensions["C"].width = 52
    ws.freeze_panes = "A3"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape"
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0

    # --- Players ----------------------------------------------------------------------
    wp = wb.create_sheet(lay.players_sheet)
    keys = list(L.PLAYER_COLUMNS)
    othello = system_facts(system).game == "othello"
    wof_col = ["WOF id"] if othello else []  # the WOF rating file's player id
    # the group and categories columns (issue 41) where a player has them
    optional = [k for k in L.OPTIONAL_PLAYER_COLUMNS if any(p.extra.get(k) for p in players)]
    wp.append([lay.player_header(k) for k in keys] + wof_col
              + [L.OPTIONAL_PLAYER_COLUMNS[k][lay.lang] for k in optional])
    _header_style(wp, 1, len(keys) + len(wof_col) + len(optional))
    for p in sorted(players, key=lambda p: p.start_no):
        row: list[CellValue] = []
        for k in keys:
            v = getattr(p, k)
            if k == "birth" and isinstance(v, str) and v.isdigit() and len(v) == 4:
                v = int(v)  # a birth year is a number, not text
            elif k == "sex" and v:
                v = lay.sex_cell(v)  # m/k in the Nordic languages (issue 26 item 11)
            row.append(_text(book, lay.players_sheet, wp.max_row + 1, len(row) + 1, v)
                       if v not in ("", 0, None) else None)
        if othello:
            from ..tabular.wof import wof_id

            wid = wof_id(p)
            row.append(int(wid) if wid.isdigit() else (wid or None))
        row += [_text(book, lay.players_sheet, wp.max_row + 1, len(row) + 1 + i, p.extra.get(k))
                or None for i, k in enumerate(optional)]
        wp.append(row)
    from ..workbook.binding import col_letter

    for i, k in enumerate(keys, 1):
        wp.column_dimensions[col_letter(i)].width = header_width(lay.player_header(k),
                                                                 _PLAYER_WIDTHS[k])
    # numbers centred, so the start number does not run into the name beside it
    centred = Alignment(horizontal="center")
    for k in ("start_no", "rating", "sex", "title", "federation", "withdrawn_after",
              "entered_at"):
        letter = col_letter(keys.index(k) + 1)
        wp.column_dimensions[letter].alignment = centred
        for cell in wp[letter][1:]:
            cell.alignment = centred
    wp.row_dimensions[1].height = 30
    wp.freeze_panes = "C2"
    wp.print_title_rows = "1:1"
    wp.page_setup.paperSize = wp.PAPERSIZE_A4
    wp.page_setup.orientation = "landscape"
    wp.sheet_properties.pageSetUpPr.fitToPage = True
    wp.page_setup.fitToWidth = 1
    wp.page_setup.fitToHeight = 0

    # --- Standings (the tool's) -------------------------------------------------------
    wb.create_sheet(lay.standings_sheet)
    from .xlsx import write_standings

    header = [lay.standings_rank, lay.player_header("start_no"), lay.player_header("name"),
              lay.player_header("club"), lay.player_header("rating"), lay.standings_points]
    title = lay.standings_heading(0)
    if name:
        title = f"{name} - {title}"
    write_standings(book, lay, title, header, [])
    wb.active = 1
    for sheet in wb.worksheets:  # text from a roster file is never a formula
        for cell in sheet._cells.values():  # the cells that exist (creates none)
            as_text_cell(cell)
    return book


def _text(book: OpenpyxlBook, sheet: str, row: int, col: int, value: CellValue) -> CellValue:
    """A value for a cell, text without the characters an Excel file cannot hold
    (noted in ``book.warnings``, naming the cell)."""
    if isinstance(value, str):
        value = cell_text(value, book.name, sheet, a1(row, col), book.warnings)
    return value


def create_workbook(
    path: str | os.PathLike[str],
    system: str,
    rounds: int,
    players: str | os.PathLike[str] | Sequence[Player] | None = None,
    lang: str = "en",
    *,
    name: str = "",
    seed: int | None = None,
    scoring: str | None = None,
    tiebreaks: Iterable[str] = (),
    overwrite: bool = False,
    lite: bool = False,
    warnings: list[str] | None = None,
) -> Path:
    """Create a club workbook at ``path`` and return its path.

    ``players`` is a roster file (``.csv``, or a ``.xlsx`` in any club layout) or a
    list of :class:`~monrad.engine.model.Player`.  Refuses to overwrite an existing
    file unless ``overwrite``.  Written through a temporary file and
    :func:`os.replace`, like every save.  A ``.xlsm`` name gives a macro-enabled
    workbook with the monrad ribbon and VBA module (see
    :meth:`~monrad.converters.workbook.openpyxl_book.OpenpyxlBook.save_as`).  Where text from
    the roster lost characters an Excel file cannot hold, a line naming the cell is
    appended to ``warnings``.  ``rounds`` 0 leaves the Settings cell empty: a round
    robin's rounds follow from its players (issue 26).

    ``lite=True`` embeds the xlwings Lite code (``main.py`` carrying this monrad's own
    code, ``requirements.txt`` naming what it imports) and puts the buttons on the
    Settings sheet (:mod:`monrad.converters.book.lite_workbook`); only for ``.xlsx``.
    """
    p = Path(path)
    if p.suffix.lower() not in (".xlsx", ".xlsm"):
        raise WorkbookError(tr('{p}: the workbook name must end in .xlsx or .xlsm', p=p))
    if lite and p.suffix.lower() != ".xlsx":
        raise WorkbookError(tr('{p}: an xlwings Lite workbook is a .xlsx (it needs no macros)',
                               p=p))
    if os.path.lexists(p) and not overwrite:
        raise WorkbookError(tr('{p}: exists already; choose another name', p=p))
    roster: Sequence[Player] = ()
    if players is not None and not isinstance(players, (str, os.PathLike)):
        roster = list(players)
    elif players is not None:
        rp = Path(players)
        if rp.suffix.lower() in (".xlsx", ".xlsm"):
            from ..club.sheets import read_club_workbook

            roster = read_club_workbook(rp, warnings=warnings).players
        else:
            roster = read_roster_csv(rp, warnings=warnings)
    if lite:
        from . import lite_workbook as LW

        version = LW.monrad_version()
    book = build_book(p, system, rounds, roster, lang, name=name, seed=seed, scoring=scoring,
                      tiebreaks=tiebreaks)
    if warnings is not None:  # control characters removed from the roster's text
        warnings.extend(book.warnings)
    if not lite:
        book.save_as(p)
        return p
    LW.add_status_label(book.workbook[L.layout_for(lang).settings_sheet], lang)
    atomic_write(p, LW.embed_lite(book.to_bytes(), lang, version=version))
    return p
