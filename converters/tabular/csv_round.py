"""A new round written back into a CSV results table in the file's own dialect
(issue 15 item 7): ``monrad pair res.csv``.

The user's rows are kept byte for byte (their separator, decimal comma, header
names, result notation, extra columns, line ends); the new round's boards and byes
are appended as rows in the same columns, the file is written in the encoding it was
read in (UTF-8 with or without a byte-order mark, Windows-1252), through the careful
writer as a workbook is (:func:`~monrad.converters.workbook.writer.write_back`: the
file's lock, refused while Excel has it open or when it changed since it was read, a
backup ``res.backup-YYYYmmdd-HHMMSS.csv`` next to it, the newest ten kept, atomic
replace).

The settings the table was paired with (system, rounds) go into one row above the
header, ``monrad;system=nsf;rounds=7`` (in the file's separator), which the reader
takes back (:func:`~monrad.converters.tabular.csv_format.settings_row`), so the next ``pair`` continues.  Spreadsheets
show it as a line above the table; the header row is still found below it.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ...engine.i18n import tr
from ...engine.model import Bye, Round, Tournament
from ..errors import InputError
from ..lines import one_line, one_line_tournament
from ..workbook.writer import digest, write_back
from .csv_format import _BYE_WRITE, SETTINGS_TAG, _find_header, _Table, guard, settings_cells

__all__ = ["write_round_back"]

def _encoding(raw: bytes) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _newline(text: str) -> str:
    if "\r\n" in text:
        return "\r\n"
    return "\r" if "\r" in text and "\n" not in text else "\n"


def write_round_back(path: Path, t: Tournament, rnd: Round, *, replace: bool = False,
                     warnings: list[str] | None = None,
                     expected: bytes | None = None) -> Path | None:
    """Append round ``rnd`` of ``t`` to the CSV results table at ``path`` (replacing
    that round's rows when ``replace``: ``pair --repair``) and record the settings,
    through the careful writer (lock, backup; refused when the file is no longer the
    one read, whose :func:`~monrad.converters.workbook.writer.digest` is ``expected``);
    returns the backup's path.  Every cell written is one line (a line break in a name
    is written as a space and named in a warning appended to ``warnings``)."""
    label = str(path)
    t = one_line_tournament(t, label, "CSV", warnings, header=False)
    raw = path.read_bytes()
    if expected is None:
        expected = digest(raw)
    enc = _encoding(raw)
    text = raw.decode(enc)
    nl = _newline(text)
    table = _Table(text, label)
    head_index, cols = _find_header(table)
    # the lines as the csv reader counts them (CR, LF, CR LF), not str.splitlines, which
    # also splits at a form feed or U+2028 inside a quoted cell and shifts every row after
    lines = io.StringIO(text, newline="").readlines()
    starts = [*table.lines, len(lines) + 1]
    spans = [(starts[i] - 1, starts[i + 1] - 1) for i in range(len(table.rows))]
    if spans and spans[-1][1] < len(lines):  # trailing lines the reader saw no row in
        spans[-1] = (spans[-1][0], len(lines))

    def cell(row: list[str], fld: str) -> str:
        c = cols.get(fld)
        return row[c] if c is not None and c < len(row) else ""

    keep: list[str] = []
    settings_at: int | None = None
    for i, (a, b) in enumerate(spans):
        row = table.rows[i]
        if i < head_index and row and row[0].strip().casefold() == SETTINGS_TAG:
            settings_at = len(keep)
            keep.append("")  # replaced below
            continue
        if replace and i > head_index and cell(row, "round").strip() == str(rnd.number):
            continue
        keep.extend(lines[a:b])
    sep = table.delimiter
    values = [SETTINGS_TAG, *settings_cells(t)]
    setting_line = _csv_line(values, sep, nl)
    if settings_at is None:
        keep.insert(0, setting_line)
    else:
        keep[settings_at] = setting_line
    if keep and not keep[-1].endswith(("\n", "\r")):
        keep[-1] += nl
    width = max(len(table.rows[head_index]), max(cols.values()) + 1)
    for row in _round_rows(t, rnd, cols, width):
        keep.append(_csv_line(row, sep, nl))
    try:
        data = "".join(keep).encode(enc)
    except UnicodeEncodeError as exc:
        raise InputError(tr("the new round cannot be written in the file's encoding ({enc}): "
                            '{object!r}',
                            enc=enc, object=exc.object[exc.start:exc.end]), source=label) from None
    return write_back(path, data, expected=expected)


def _round_rows(t: Tournament, rnd: Round, cols: dict[str, int], width: int) -> list[list[str]]:
    names = {p.start_no: p.name for p in t.players}
    out: list[list[str]] = []

    def row(**cells: object) -> list[str]:
        r = [""] * width
        for fld, v in cells.items():
            if fld in cols:
                r[cols[fld]] = "" if v is None else str(v)
        return r

    for board, g in enumerate(rnd.games, 1):
        out.append(row(round=rnd.number, board=board, white=g.white, black=g.black,
                       white_name=names.get(g.white, ""), black_name=names.get(g.black, "")))
    for b in rnd.byes:
        out.append(row(round=rnd.number, white=b.player, black="bye", result=_bye_cell(b),
                       white_name=names.get(b.player, "")))
    return out


def _bye_cell(b: Bye) -> str:
    return _BYE_WRITE[b.result]


def _csv_line(cells: list[str], sep: str, nl: str) -> str:
    out = io.StringIO(newline="")
    csv.writer(out, delimiter=sep, lineterminator=nl).writerow([guard(one_line(c)) for c in cells])
    return out.getvalue()
