"""The xlwings Lite back end of :class:`~monrad.converters.workbook.binding.WorkbookBinding`.

xlwings Lite runs Python inside Excel (Pyodide in the add-in's task pane, on Windows,
macOS and Excel on the web).  A script gets the workbook as an ``xlwings.Book``, but
that book behaves unlike desktop xlwings:

* **snapshot reads**: every read sees the workbook as it was when the script started;
* **queued writes**: writes are collected and applied by the add-in *after* the script
  returns, so a value written cannot be read back during the same run, and whatever a
  failing script wrote before it failed is applied too;
* ``App.screen_updating`` cannot be read, ``App.status_bar`` is not supported, column
  widths are in points, and formatting calls (borders, validation, conditional
  formats, freeze panes) depend on the add-in's version.

:class:`LiteBook` is written for exactly that: each sheet is read **once**; every write
is recorded in an overlay that later reads of the same run see, so the jobs of
:mod:`monrad.addin.jobs.book` read their own writes from monrad's memory, never from Excel;
and the xlwings calls themselves are held back until :meth:`LiteBook.save`, so a job
that refuses or fails half-way leaves the workbook exactly as it was (all or nothing,
like the file back end's atomic replace).  It never touches ``screen_updating`` or
``status_bar``; a formatting call the book refuses is skipped and named in the report
(:attr:`LiteBook.not_applied`), and the values are written all the same.

**Backup inside the workbook.**  Lite cannot copy files, so before the first change to
a sheet that existed when the script started (the standings, a round sheet paired
again), its values are kept; :meth:`LiteBook.save`
writes them into the hidden sheet :data:`BACKUP_SHEET` (one block per sheet, under a
line naming it), replacing the previous press's backup.  Unhide that sheet to copy the
old values back.

Only open-source xlwings is used (``Book``/``Sheet``/``Range`` and their formatting
objects), never ``xlwings.pro``; Lite provides its own xlwings.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...converters import layout as L
from ...converters.workbook.backup import LITE_BACKUP_SHEET
from ...converters.workbook.binding import CellValue, WorkbookError, col_letter
from ...engine.i18n import tr
from ..ribbon.book import _plain, excel_text

__all__ = ["BACKUP_SHEET", "LiteBook", "backup_heading", "points_width"]

#: The hidden sheet that keeps the values a press replaced (see the module doc); the
#: readers name it where a round sheet is missing (issue 36 item 2).
BACKUP_SHEET = LITE_BACKUP_SHEET


def points_width(characters: float) -> float:
    """A column width in characters (desktop Excel's unit) as points (Lite's unit).

    Excel's default font (Calibri 11) has 7-pixel digits and 5 pixels of padding;
    a point is 4/3 pixel.

    >>> points_width(10)
    56.25
    """
    return round((characters * 7 + 5) * 0.75, 2)


def backup_heading(lang: str) -> str:
    """The first line of the backup sheet, in the workbook's language (issue 37 item 5).

    >>> backup_heading("en")
    'monrad: the sheets as they were before the last press'
    """
    return L.layout_for(lang).text("lite_backup_title")


def _hex(colour: str) -> str:
    return "#" + colour.lstrip("#").upper()


Cells = dict[tuple[int, int], CellValue]
#: A held-back xlwings call and what it does where it may be refused (``None``: a value,
#: which may not).
_Call = tuple[str | None, Callable[[], object]]


class _Grid:
    """A held-back grid of borders (see :meth:`LiteBook._grid`)."""

    def __init__(self, lb: LiteBook, sheet: str, first_row: int, first_col: int,
                 last_row: int, last_col: int) -> None:
        self.lb, self.sheet = lb, sheet
        self.first_row, self.first_col, self.last_row, self.last_col = \
            first_row, first_col, last_row, last_col

    def extends(self, sheet: str, first_row: int, first_col: int, last_col: int) -> bool:
        return (sheet, first_row, first_col, last_col) == (
            self.sheet, self.last_row + 1, self.first_col, self.last_col)

    def __call__(self) -> None:
        rng = self.lb.book.sheets[self.sheet].range((self.first_row, self.first_col),
                                                    (self.last_row, self.last_col))
        rng.borders.set("all", line_style="continuous", color="#808080")


class LiteBook:
    """The workbook of an xlwings Lite script, seen through ``WorkbookBinding``.

    ``book`` is the ``xlwings.Book`` Lite hands the script.  ``tell`` is where
    :meth:`note` lines go besides the report (default: nowhere).
    """

    def __init__(self, book: Any) -> None:
        self.book = book
        self.lang = "en"  # the workbook's language (the backup sheet's heading): run_script sets it
        self.name = str(book.name)
        self._names: list[str] = [str(s.name) for s in book.sheets]
        self._snapshot: dict[str, Cells] = {}  # read once per sheet
        self._written: dict[str, Cells] = {}  # this run's writes, in monrad's memory
        self._new: set[str] = set()  # sheets added by this run (nothing to read)
        self._kept: dict[str, Cells] = {}  # the values a change replaced (the backup)
        self.not_applied: set[str] = set()  # formatting the host refused
        self.backup_sheet: str | None = None
        # the held-back xlwings calls: values (cells, sheets, visibility) and formatting,
        # each in order; ``save`` commits them, ``flush`` hands them to xlwings.  A call
        # named ``what`` may be refused (skipped and reported); an unnamed one may not.
        self._values: list[_Call] = []
        self._formats: list[_Call] = []
        self._committed: tuple[list[_Call], list[_Call]] = ([], [])

    def _queue(self, call: Callable[[], object], what: str | None = None, *,
               value: bool | None = None) -> None:
        """Hold an xlwings call back until :meth:`flush`: a value (``what`` is
        ``None``, or ``value`` is true: a sheet's visibility, named and skipped where
        refused) or a formatting call named ``what`` (skipped where refused)."""
        early = what is None if value is None else value
        if early:
            self._values.append((what, call))
        else:
            self._formats.append((what or "", call))

    # --- the sheet structure, as this run sees it ---------------------------------
    def _find(self, name: str) -> str:
        for n in self._names:
            if n == name:
                return n
        raise WorkbookError(tr('{name}: there is no sheet {name2!r}', name=self.name, name2=name))

    def _sheet(self, name: str) -> Any:
        return self.book.sheets[self._find(name)]

    def _cells(self, name: str) -> Cells:
        """Values of ``name`` as the script started (read once), then this run's writes."""
        name = self._find(name)
        if name not in self._snapshot:
            self._snapshot[name] = {} if name in self._new else self._read_sheet(name)
        merged = dict(self._snapshot[name])
        merged.update(self._written.get(name, {}))
        return merged

    def _read_sheet(self, name: str) -> Cells:
        used = self.book.sheets[name].used_range
        values = used.options(ndim=2).value or []
        out: Cells = {}
        for i, row in enumerate(values):
            for j, value in enumerate(row):
                v = _plain(value)
                if v is not None:
                    out[(used.row + i, used.column + j)] = v
        return out

    def _keep(self, name: str) -> None:
        """Remember the values of a sheet that existed at the start, before it changes."""
        if name in self._new or name in self._kept or name == BACKUP_SHEET:
            return
        self._kept[name] = dict(self._cells(name))

    # --- reading ------------------------------------------------------------------
    def sheet_names(self) -> list[str]:
        return list(self._names)

    def used_size(self, sheet: str) -> tuple[int, int]:
        cells = [k for k, v in self._cells(sheet).items() if v is not None]
        if not cells:
            return 0, 0
        return max(r for r, _ in cells), max(c for _, c in cells)

    def read_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> list[list[CellValue]]:
        cells = self._cells(sheet)
        return [[cells.get((r, c)) for c in range(first_col, last_col + 1)]
                for r in range(first_row, last_row + 1)]

    # --- writing ------------------------------------------------------------------
    def _record(self, sheet: str, first_row: int, first_col: int,
                rows: Sequence[Sequence[CellValue]]) -> None:
        overlay = self._written.setdefault(sheet, {})
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                overlay[(first_row + i, first_col + j)] = None if value == "" else value

    def write_range(
        self, sheet: str, first_row: int, first_col: int, rows: Sequence[Sequence[CellValue]]
    ) -> None:
        sheet = self._find(sheet)
        self._keep(sheet)
        self._put(sheet, first_row, first_col, rows)

    def _put(self, sheet: str, first_row: int, first_col: int,
             rows: Sequence[Sequence[CellValue]]) -> None:
        """Queue the values, one write per run of rows of the same width (one for a
        rectangle: a round trip to Excel each, issue 38 item 1), and record them."""
        blocks: list[tuple[int, list[Sequence[CellValue]]]] = []
        for i, row in enumerate(rows):
            if not len(row):
                continue
            if blocks and blocks[-1][0] + len(blocks[-1][1]) == first_row + i and \
                    len(blocks[-1][1][0]) == len(row):
                blocks[-1][1].append(row)
            else:
                blocks.append((first_row + i, [row]))
        for top, block in blocks:
            data = [[excel_text(v) for v in row] for row in block]

            def put(top: int = top, data: list = data) -> None:
                self.book.sheets[sheet].range((top, first_col)).value = data

            self._queue(put)
        self._record(sheet, first_row, first_col, rows)

    def clear_range(
        self, sheet: str, first_row: int, first_col: int, last_row: int, last_col: int
    ) -> None:
        sheet = self._find(sheet)
        if last_row < first_row or last_col < first_col:
            return
        self._keep(sheet)
        self._queue(lambda: self.book.sheets[sheet].range(
            (first_row, first_col), (last_row, last_col)).clear_contents())
        self._record(sheet, first_row, first_col,
                     [[None] * (last_col - first_col + 1)] * (last_row - first_row + 1))

    def add_sheet(self, name: str, after: str | None = None) -> None:
        if any(n.casefold() == name.casefold() for n in self._names):
            raise WorkbookError(tr('{name}: a sheet called {name2!r} exists already',
                                   name=self.name, name2=name))
        anchor = self._find(after) if after is not None else self._names[-1]
        self._queue(lambda: self.book.sheets.add(name, after=self.book.sheets[anchor]))
        self._names.insert(self._names.index(anchor) + 1, name)
        self._new.add(name)
        self._snapshot[name] = {}
        self._written[name] = {}

    def own(self, sheet: str) -> None:
        """Nothing to declare: this back end writes cells and formats wherever asked."""

    def copy_sheet(self, source: str, name: str, *, keep_rows: int, after: str | None = None) -> None:
        """A new sheet with ``source``'s title and header rows (values), then Excel's
        own copy of the formats where the host applies it (else noted as not applied)."""
        _, last_col = self.used_size(source)
        header = self.read_range(source, 1, 1, keep_rows, max(last_col, 1))
        self.add_sheet(name, after=after or source)
        self.write_range(name, 1, 1, header)
        width = max(last_col, 1)
        self._queue(lambda: self._paste_formats(source, name, 1, keep_rows, 1, width), "formats")

    def copy_row_format(
        self, sheet: str, source_row: int, first_row: int, last_row: int,
        *, source_sheet: str | None = None,
    ) -> None:
        if last_row < first_row:
            return
        src = source_sheet or sheet
        width = max(self.used_size(src)[1], 1)
        self._queue(lambda: self._paste_formats(src, sheet, source_row, source_row, first_row,
                                                width, last_row), "formats")

    def _paste_formats(self, src: str, dst: str, first: int, last: int, to_row: int,
                       width: int, to_last: int | None = None) -> None:
        """Excel's own copy of the formats of rows ``first..last`` of ``src`` onto rows
        ``to_row..to_last`` of ``dst`` (``Range.copy_from``: there is no clipboard in
        Lite, so no ``copy()``/``paste()``).  A single row onto many is copied onto
        the first, then that block onto the next as many rows, doubling: every copy
        has a target of its source's size, a handful of actions for any length."""
        sheets = self.book.sheets
        target_last = to_last if to_last is not None else to_row + (last - first)
        height = last - first + 1
        sheets[dst].range((to_row, 1), (to_row + height - 1, width)).copy_from(
            sheets[src].range((first, 1), (last, width)), copy_type="formats")
        done = height
        total = target_last - to_row + 1
        while done < total:
            step = min(done, total - done)
            sheets[dst].range((to_row + done, 1), (to_row + done + step - 1, width)).copy_from(
                sheets[dst].range((to_row, 1), (to_row + step - 1, width)), copy_type="formats")
            done += step

    def delete_sheet(self, name: str) -> None:
        name = self._find(name)
        self._keep(name)
        self._queue(lambda: self.book.sheets[name].delete())
        self._names.remove(name)
        for store in (self._snapshot, self._written):
            store.pop(name, None)
        self._new.discard(name)

    # --- formatting of owned cells (skipped where the host refuses it) ------------

    def _rng(self, sheet: str, first_row: int, first_col: int, last_row: int,
             last_col: int) -> Callable[[], Any]:
        """The range, looked up when the held-back call runs (the sheet may be new)."""
        sheet = self._find(sheet)
        return lambda: self.book.sheets[sheet].range((first_row, first_col), (last_row, last_col))

    def style_range(
        self,
        sheet: str,
        first_row: int,
        first_col: int,
        last_row: int,
        last_col: int,
        *,
        bold: bool | None = None,
        fill: str | None = None,
        number_format: str | None = None,
        align: str | None = None,
        border: bool | None = None,
    ) -> None:
        if align is not None and align not in ("left", "center", "right"):
            raise ValueError(f"align must be left, center or right, not {align!r}")
        rng = self._rng(sheet, first_row, first_col, last_row, last_col)
        if bold is not None:
            self._queue(lambda: setattr(rng().font, "bold", bold), "bold")
        if fill is not None:
            self._queue(lambda: setattr(rng(), "color", _hex(fill)), "fill colour")
        if number_format is not None:
            self._queue(lambda: setattr(rng(), "number_format", number_format), "number format")
        if align is not None:
            self._queue(lambda: setattr(rng(), "horizontal_alignment", align), "alignment")
        if border is True:
            self._grid(sheet, first_row, first_col, last_row, last_col)
        elif border is False:
            self._queue(lambda: rng().borders.clear("all"), "borders")

    def _grid(self, sheet: str, first_row: int, first_col: int, last_row: int,
              last_col: int) -> None:
        """Thin grey borders on every cell: one ``borders.set`` (an action per side
        and attribute, so the weight is left at Excel's default, thin); a grid right
        under the previous one, over the same columns, joins it (a table's header
        and body are one grid)."""
        last = self._formats[-1] if self._formats else None
        if last is not None and isinstance(last[1], _Grid) and last[1].extends(
                sheet, first_row, first_col, last_col):
            last[1].last_row = max(last[1].last_row, last_row)
            return
        self._formats.append(("borders", _Grid(self, self._find(sheet), first_row, first_col,
                                               last_row, last_col)))

    def set_column_widths(self, sheet: str, widths: Mapping[int, float]) -> None:
        """One call per run of neighbouring columns of the same width."""
        runs: list[list[float]] = []  # [first column, last column, width]
        for col, width in sorted(widths.items()):
            if runs and runs[-1][1] == col - 1 and runs[-1][2] == width:
                runs[-1][1] = col
            else:
                runs.append([col, col, width])
        for first, last, width in runs:
            rng = self._rng(sheet, 1, int(first), 1, int(last))

            def set_width(rng: Callable[[], Any] = rng, points: float = points_width(width)) -> None:
                rng().column_width = points

            self._queue(set_width, "column widths")

    def set_result_cells(
        self,
        sheet: str,
        first_row: int,
        col: int,
        last_row: int,
        choices: Sequence[str],
        *,
        strict: bool = True,
        empty_fill: str = "FFF2CC",
        error_message: str | None = None,
    ) -> None:
        """The result drop-down and "highlight while empty", where the host has them.

        xlwings has no error-alert text for a list rule: Excel's own message is shown,
        and a non-strict list (Othello disc scores such as ``40-24``) gets no
        validation, only the highlight.
        """
        if last_row < first_row:
            return
        rng = self._rng(sheet, first_row, col, last_row, col)
        if strict:
            self._queue(lambda: rng().data_validation.set_list(list(choices)), "result drop-down")
        top = f"{col_letter(col)}{first_row}"
        self._queue(lambda: rng().conditional_formats.add_custom(
            f"=LEN(TRIM({top}))=0", fill_color=_hex(empty_fill)), "highlight of empty results")

    def set_print_layout(
        self, sheet: str, title_rows: int, *, landscape: bool = False, fit_width: bool = True
    ) -> None:
        """Frozen title rows; print titles, A4 and fit-to-width have no xlwings call."""
        sheet = self._find(sheet)
        self._queue(lambda: self.book.sheets[sheet].freeze_panes.freeze_at(f"1:{title_rows}"),
                    "frozen title rows")

    # --- storing ------------------------------------------------------------------
    def save(self) -> str | None:
        """Commit the job's held-back calls (and the backup sheet's values): they
        reach xlwings at :meth:`flush`, after the status cell is written.

        Returns the backup sheet's name when a sheet that existed was changed (the
        file back end returns the backup file's path), else ``None``.
        """
        if self._kept:
            self._write_backup()
        self._kept = {}
        self._committed[0].extend(self._values)
        self._committed[1].extend(self._formats)
        self._values, self._formats = [], []
        return self.backup_sheet

    def flush(self) -> set[str]:
        """Hand the committed calls to xlwings: **every value first** (cells, sheets
        added or deleted, the status cell), then the formatting.  Lite applies the
        queue in order after the script returns and stops at an action it does not
        know, so a formatting call can never cost a value.  A formatting call that
        xlwings refuses is skipped; returns what was refused (also added to
        :attr:`not_applied`)."""
        values, formats = self._committed
        self._committed = ([], [])
        refused: set[str] = set()
        for what, call in [*values, *formats]:
            if what is None:
                call()
                continue
            try:
                call()
            except Exception:  # noqa: BLE001 -- visibility or formatting only
                refused.add(what)
        self.not_applied |= refused
        return refused

    def _write_backup(self) -> None:
        """The backup sheet as **one** rectangle of values, the previous backup's cells
        beyond it emptied in the same write (issue 38 item 1: one round trip, however
        many players); its heading in the workbook's language (issue 37 item 5); a new
        backup sheet is hidden among the values, before any formatting (item 3)."""
        rows: list[list[CellValue]] = [[backup_heading(self.lang)]]
        for name, cells in self._kept.items():
            rows.append([f"[{name}]"])
            if cells:
                height, width = max(r for r, _ in cells), max(c for _, c in cells)
                rows.extend([cells.get((r, c)) for c in range(1, width + 1)]
                            for r in range(1, height + 1))
            rows.append([])
        if BACKUP_SHEET in self._names:
            old_height, old_width = self.used_size(BACKUP_SHEET)
        else:
            old_height = old_width = 0
            self.add_sheet(BACKUP_SHEET)
            self._queue(lambda: setattr(self.book.sheets[BACKUP_SHEET], "visible", False),
                        "hidden backup sheet", value=True)
        height = max(len(rows), old_height)
        width = max(old_width, *(len(row) for row in rows))
        rows += [[]] * (height - len(rows))
        self._put(BACKUP_SHEET, 1, 1, [[*row, *[None] * (width - len(row))] for row in rows])
        self.backup_sheet = BACKUP_SHEET

    def discard(self) -> None:
        """Forget the held-back changes not yet committed by :meth:`save` (a refused
        or failed job changes nothing)."""
        self._values, self._formats = [], []
        self._kept = {}
        self._written = {}
        self._snapshot = {}
        self._new = set()
        self._names = [str(s.name) for s in self.book.sheets]

    # --- the status cell ----------------------------------------------------------
    def write_status(self, sheet: str, row: int, col: int, lines: Sequence[str],
                     *, height: int) -> None:
        """Show ``lines`` in the ``height`` cells from ``(row, col)`` down, nothing else
        (not kept in the backup: the status cell is monrad's own); committed with the
        job's values, before any formatting (see :meth:`flush`)."""
        sheet = self._find(sheet)
        cells: list[list[CellValue]] = [[line] for line in list(lines)[:height]]
        cells += [[None]] * (height - len(cells))
        self._put(sheet, row, col, cells)
        self._committed[0].extend(self._values)
        self._values = []
