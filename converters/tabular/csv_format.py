"""CSV rosters and results, as spreadsheets and Nordic clubs write them.

Two kinds of table, told apart by their header row:

* a **roster**: one row per player.  Headers as on a club sheet, in any order and
  in Norwegian, Swedish, Danish or English (``Nr``, ``Navn``/``Namn``/``Name``,
  ``Klubb``, ``Elo``/``Rating`` ...; the synonyms of
  :data:`monrad.converters.club.sheets.HEADER_SYNONYMS`, read by the same
  :func:`~monrad.converters.club.sheets.read_roster`).  Unknown columns are kept in
  ``Player.extra``.
* a **results** table: one row per board, with ``Round``, ``White``, ``Black`` and
  ``Result`` columns (``Board``, ``White name`` and ``Black name`` optional).
  Players are start numbers (or names, numbered in order of appearance when no
  roster is given).  Results in every notation
  :func:`monrad.converters.notation.parse_result` reads: ``1-0``, ``0-1``,
  ``½-½``, ``1/2``, ``0,5-0,5``, ``=``, ``remis``, ``+/-``, ``-/+``, ``-/-``,
  ``1-0 WO``, ``utsatt`` ...; Othello disc counts such as ``40-24``.  A row whose
  Black cell is a bye word (``bye``, ``fri``, ``oversidder`` ...) is a bye; its
  Result cell says which kind (:data:`BYE_KINDS`).

Reading accepts ``,``, ``;`` or tab as separator (sniffed from the header row),
decimal point or comma, UTF-8 with or without a byte-order mark, and falls back to
Windows-1252 with a warning.  Every error names the file, the line and the field.

Writing guards every cell against spreadsheet formula injection (:func:`guard`):
a text cell starting with ``=``, ``+``, ``-``, ``@``, tab or CR gets a leading
``'``, except plain numbers (``-5``, ``+3``, ``0,5``) and the forfeit codes
``+/-``, ``-/+``, ``-/-``, which cannot call a function and stay readable.  A cell
that itself starts with ``'`` followed by one of those characters (or another
``'``) gets one more ``'``, so that the reader, which removes one leading ``'``
before such a character (:func:`unguard`), gives back exactly what was written.

The same holds for every piece of a cell that a spreadsheet splitting on another
separator would see as a cell of its own (issue 40 item 11): a Nordic Excel opens a
comma CSV splitting on ``;``, so ``Hansen;=cmd`` in a comma file -- or ``,=HYPERLINK``
in the ``;`` klubtur file -- would start a formula; the piece after a ``,``, ``;`` or
tab gets its ``'`` there.

>>> guard("=HYPERLINK(1)"), guard("-5"), guard("+/-"), guard("Hansen, Ola")
("'=HYPERLINK(1)", '-5', '+/-', 'Hansen, Ola')
>>> guard("Hansen;-2+3+cmd"), guard("Ola,=HYPERLINK(1)"), guard("0,5;-1")
("Hansen;'-2+3+cmd", "Ola,'=HYPERLINK(1)", '0,5;-1')
>>> unguard(guard("@SUM(A1)")) == "@SUM(A1)", unguard(guard("a;'=b")) == "a;'=b"
(True, True)
"""

from __future__ import annotations

import csv
import dataclasses
import io
import os
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction

from ...engine.i18n import Message, ntr, tr
from ...engine.model import (
    Bye,
    Game,
    ModelError,
    Pending,
    PendingGame,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from ...engine.prizes import option_fault, prize_settings
from .. import layout as L
from ..errors import InputError
from ..limits import MAX_PLAYERS, MAX_ROUNDS, bounded, csv_rows, fraction
from ..lines import has_break, one_line, one_line_tournament
from ..notation import BYE_WORDS, NotationError, format_result, parse_result
from ..source import decode, is_text, read_text  # decode: part of this module's API

__all__ = [
    "SETTINGS_TAG",
    "settings_cells",
    "settings_row",
    "guard",
    "unguard",
    "decode",
    "sniff_delimiter",
    "read_csv",
    "read_roster_csv",
    "read_results_csv",
    "write_csv",
    "write_roster_csv",
    "write_results_csv",
    "write_table",
    "BYE_KINDS",
    "ROSTER_FIELDS",
]

#: first characters that make a spreadsheet read a cell as a formula
_DANGER = frozenset("=+-@\t\r")
#: cells written bare although they start with a dangerous character
_SAFE = re.compile(r"[+-]?\d+(?:[.,]\d+)?|\+/-|-/\+|-/-|[+-]")


#: what a spreadsheet may split a CSV line on, whichever this file uses
_SEPARATORS = re.compile(r"([,;\t])")


def _guard_piece(piece: str) -> str:
    """One piece (a whole cell, or what follows a separator in it): a leading ``'``
    where it would start a formula, or starts with ``'`` and such a character."""
    if not piece:
        return piece
    first = piece[0]
    if first in _DANGER and not _SAFE.fullmatch(piece):
        return "'" + piece
    if first == "'" and len(piece) > 1 and (piece[1] in _DANGER or piece[1] == "'"):
        return "'" + piece
    return piece


def _unguard_piece(piece: str) -> str:
    if len(piece) > 1 and piece[0] == "'" and (piece[1] in _DANGER or piece[1] == "'"):
        return piece[1:]
    return piece


def guard(cell: str) -> str:
    """``cell`` made safe to open in a spreadsheet (see the module doc for the rule):
    the cell, and every piece a spreadsheet splitting on ``,``, ``;`` or tab would see."""
    head = _guard_piece(cell)
    if not _SEPARATORS.search(cell):
        return head
    parts = _SEPARATORS.split(head)  # text, separator, text, separator ...
    return "".join(p if i % 2 or i == 0 else _guard_piece(p) for i, p in enumerate(parts))


def unguard(cell: str) -> str:
    """Undo :func:`guard`: drop one ``'`` in front of ``= + - @ ' tab CR``, at the start
    and after each ``,``, ``;`` or tab."""
    if _SEPARATORS.search(cell):
        parts = _SEPARATORS.split(cell)
        cell = "".join(p if i % 2 or i == 0 else _unguard_piece(p) for i, p in enumerate(parts))
    return _unguard_piece(cell)


# ------------------------------------------------------------------------------ reading
def _split_outside_quotes(line: str, sep: str) -> int:
    count, quoted = 0, False
    for ch in line:
        if ch == '"':
            quoted = not quoted
        elif ch == sep and not quoted:
            count += 1
    return count


def sniff_delimiter(text: str) -> str:
    """``;``, tab or ``,``: whichever separates the most cells of the first line.

    >>> sniff_delimiter("Nr;Navn;Klubb\\n1;Ola;OSK\\n"), sniff_delimiter("No,Name\\n")
    (';', ',')
    """
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    counts = {sep: _split_outside_quotes(first, sep) for sep in (";", "\t", ",")}
    best = max(counts.values())
    if best == 0:
        return ","
    return next(sep for sep in (";", "\t", ",") if counts[sep] == best)


class _Table:
    """The rows of a CSV text, each with the line it starts on."""

    def __init__(self, text: str, label: str, delimiter: str | None = None) -> None:
        self.label = label
        self.delimiter = delimiter or sniff_delimiter(text)
        self.rows: list[list[str]] = []
        self.lines: list[int] = []
        for start, row in csv_rows(io.StringIO(text, newline=""), label,
                                   delimiter=self.delimiter, strict=True):
            self.rows.append([unguard(c.strip()) for c in row])
            self.lines.append(start)

    def line_of(self, row_index: int) -> int:
        """Line number of the row at 0-based ``row_index``."""
        return self.lines[row_index] if row_index < len(self.lines) else (self.lines[-1] if self.lines else 1)


def _field_for(header: str) -> str | None:
    from ..club.sheets import HEADER_SYNONYMS, normalise_header

    key = normalise_header(header)
    if not key:
        return None
    return _OWN_HEADERS.get(key) or HEADER_SYNONYMS.get(key)


def _own_headers() -> dict[str, str]:
    from ..club.sheets import normalise_header

    words = {
        "start_no": ("start_no", "start no", "start number"),
        "white_name": ("white name", "white_name", "hvit navn", "vit namn", "hvid navn",
                       "black name (othello)"),
        "black_name": ("black name", "black_name", "svart navn", "svart namn", "sort navn"),
        "points": ("points", "poeng", "poäng", "point", "pts", "score total", "p"),
        "rank": ("rank", "plass", "placering", "plads", "ranking place"),
        "national_rating": ("national rating", "national_rating"),
        "withdrawn_after": ("withdrawn_after",),
        "entered_at": ("entered_at",),
        "fide_id": ("fide_id",),
        "national_id": ("national_id",),
    }
    return {normalise_header(w): f for f, ws in words.items() for w in ws}


_OWN_HEADERS = _own_headers()
#: roster fields written by :func:`write_roster_csv`, in order
ROSTER_FIELDS = ("start_no", "name", "sex", "title", "rating", "federation", "fide_id", "birth",
                 "club", "national_id", "national_rating", "withdrawn_after", "entered_at")
_ROSTER_HEADERS = {
    "start_no": "No.", "name": "Name", "sex": "Sex", "title": "Title", "rating": "Rating",
    "federation": "Federation", "fide_id": "FIDE ID", "birth": "Birth date", "club": "Club",
    "national_id": "National ID", "national_rating": "National rating",
    "withdrawn_after": "Withdrawn after round", "entered_at": "Late entry in round",
}
#: headers of the derived columns a roster may carry (dropped on reading)
_DERIVED = {"points", "rank"}


def _find_header(table: _Table) -> tuple[int, dict[str, int]]:
    """(row index, field -> 0-based column) of the first row naming two known fields."""
    for i, row in enumerate(table.rows[:30]):
        cols: dict[str, int] = {}
        for j, cell in enumerate(row):
            fld = _field_for(cell) if cell else None
            if fld is not None and fld not in cols:
                cols[fld] = j
        if len(cols) >= 2:
            return i, cols
    raise InputError(tr('no header row found (expected e.g. No,Name,Rating or '
                        'Round,White,Black,Result)'), source=table.label, line=1)


def _kind_of(cols: dict[str, int]) -> str | None:
    if {"white", "black", "result"} <= set(cols):
        return "results"
    if {"name", "last_name", "first_name"} & set(cols):
        return "roster"
    return None


def _load_text(source: str | os.PathLike[str] | bytes, label: str | None,
               warnings: list[str] | None) -> tuple[str, str]:
    """:func:`~monrad.converters.source.read_text`; text given as such may start with
    a byte-order mark (pasted from a file), which is dropped too."""
    text, name = read_text(source, name=label, warnings=warnings)
    return (text.lstrip("\ufeff") if is_text(source) else text), name


def read_csv(
    source: str | os.PathLike[str] | bytes,
    *,
    warnings: list[str] | None = None,
    kind: str | None = None,
    name: str | None = None,
    roster: Sequence[Player] | None = None,
    othello: bool | None = None,
) -> Tournament:
    """Read a CSV roster or results table (a path, bytes, or text holding a line break).

    ``kind`` (``"roster"``/``"results"``) insists on one kind; by default the
    header row decides.  ``roster`` gives the players a results table refers to.
    ``othello``: ``True`` reads scores as Othello disc counts (OTH-6), ``False``
    as chess results only; by default a score that is not a chess result is read
    as disc counts when the two add up to 64 (the winner gets the empties).
    """
    text, label = _load_text(source, name, warnings)
    table = _Table(text, label)
    if not any(any(c for c in row) for row in table.rows):
        raise InputError(tr('the file is empty'), source=label)
    head_index, cols = _find_header(table)
    found = _kind_of(cols)
    if kind is not None and found != kind:
        raise InputError(tr("not a results table: the header row has no Round, White, Black "
                            "and Result columns") if kind == "results" else
                         tr("not a roster: the header row has no Name column"),
                         source=label, line=table.line_of(head_index))
    if found == "results":
        t = _read_results(table, head_index, cols, warnings, roster, othello)
        return _with_settings_row(t, table, head_index)
    if found == "roster":
        return Tournament(players=_read_roster(table, head_index, warnings))
    raise InputError(tr('the header row has neither a Name column (roster) nor White, Black '
                        'and Result columns (results)'),
                     source=label, line=table.line_of(head_index))


#: first cell of the settings row
SETTINGS_TAG = "monrad"


def settings_row(rows: list[list[str]], head_index: int) -> dict[str, str]:
    """``key -> value`` of the ``monrad;system=...;rounds=...`` row above the header
    (a key given more than once: its last value; :func:`settings_values` gives all)."""
    return {key: values[-1] for key, values in settings_values(rows, head_index).items()}


def settings_values(rows: list[list[str]], head_index: int) -> dict[str, list[str]]:
    """``key -> every value`` of the settings row, in order (``category=`` and
    ``prizes=`` stand once per category and prize list, issue 41)."""
    for row in rows[:head_index]:
        if row and row[0].strip().casefold() == SETTINGS_TAG:
            out: dict[str, list[str]] = {}
            for cell in row[1:]:
                key, sep, value = cell.partition("=")
                if sep and key.strip():
                    out.setdefault(key.strip().casefold(), []).append(value.strip())
            return out
    return {}


#: settings-row key -> the prize option it fills (a category and a prize list a cell each)
_PRIZE_CELLS = {"category": "categories", "prizes": "prizes", "shared_places": "shared_places",
                "one_prize": "one_prize", "equal_prizes": "equal_prizes"}


_SCORING_FIELDS = tuple(Scoring.__dataclass_fields__)
_AROUND_KEY = re.compile(r"paired_around_(\d+)$")
_AROUND_GAME = re.compile(r"^(\d+):(\d+)-(\d+):(postponed|adjourned)$")
_FROM_KEY = re.compile(r"paired_from_(\d+)$")


def settings_cells(t: Tournament) -> list[str]:
    """The settings row of a results table (without its ``monrad`` tag): the system,
    the rounds, the points of every result that differs from 1 / ½ / 0 (issue 26: a
    3/1/0 event stays 3/1/0 through CSV), and for each round the games still pending
    when it was paired (``paired_around_3=2:15-12:postponed``) and the round list it
    was paired from (``paired_from_3=9 1 4 6``, DSU-7); the round dates
    (``round_dates=2026/01/08, 2026/01/15``).

    >>> from monrad.engine.model import Settings
    >>> settings_cells(Tournament(settings=Settings(system="nsf", rounds=7,
    ...                                             scoring=Scoring.three_one_zero())))
    ['system=nsf', 'rounds=7', 'win=3', 'draw=1', 'forfeit_win=3', 'pairing_bye=3', 'half_bye=1', 'full_bye=3']
    """
    s = t.settings
    cells = [f"system={s.system}"] + ([f"rounds={s.rounds}"] if s.rounds else [])
    default = Scoring()
    for name in _SCORING_FIELDS:
        value = getattr(s.scoring, name)
        if value != getattr(default, name):
            cells.append(f"{name}={_fraction_text(value)}")
    dates = t.info.get("round_dates")
    if isinstance(dates, (list, tuple)) and any(dates):  # TRF 132 (issue 36 item 7)
        cells.append(f"round_dates={L.round_dates_cell(dates)}")
    for rnd in t.rounds:
        if rnd.paired_around:
            cells.append(f"paired_around_{rnd.number}=" + " ".join(
                f"{p.round}:{p.white}-{p.black}:{p.kind.value}" for p in rnd.paired_around))
        if rnd.paired_from:  # the round list as written when it was paired (DSU-7)
            cells.append(f"paired_from_{rnd.number}=" + " ".join(map(str, rnd.paired_from)))
    for cell, key in _PRIZE_CELLS.items():  # categories and prizes (issue 41)
        value = s.options.get(key)
        cells += [f"{cell}={v}" for v in (value if isinstance(value, (list, tuple)) else
                                          [value] if value else [])]
    return cells


def _fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _with_settings_row(t: Tournament, table: _Table, head_index: int) -> Tournament:
    """The ``monrad;system=...;rounds=...`` row above the header (:func:`settings_cells`;
    written by ``monrad convert`` and ``monrad pair``): the settings the table is
    paired with, its points per result and what each round was paired around."""
    every = settings_values(table.rows, head_index)
    values = {key: v[-1] for key, v in every.items()}
    if not values:
        return t

    def bad(what: Message | str) -> InputError:
        return InputError(what, source=table.label, line=table.line_of(0))

    changes: dict[str, object] = {}
    if values.get("system"):
        changes["system"] = values["system"]
    if values.get("rounds"):
        if not values["rounds"].isdigit() or int(values["rounds"]) < 1:
            raise bad(tr('rounds={values!r} is not a whole number of 1 or more',
                         values=values['rounds']))
        if too_many := bounded(int(values["rounds"]), tr("number of rounds"), 1, MAX_ROUNDS):
            raise bad(too_many)
        changes["rounds"] = max(int(values["rounds"]), t.settings.rounds or 0)
    points = {k: v for k, v in values.items() if k in _SCORING_FIELDS}
    if points:
        try:
            changes["scoring"] = dataclasses.replace(
                t.settings.scoring, **{k: fraction(v.replace(",", ".")) for k, v in points.items()})
        except (ValueError, ZeroDivisionError):
            raise bad(tr("points in the settings row are not numbers: {points}", points=points)) from None
    prizes: dict[str, object] = {key: every[cell] if key in ("categories", "prizes")
                                 else every[cell][-1]
                                 for cell, key in _PRIZE_CELLS.items() if cell in every}
    if fault := option_fault(prizes):
        raise bad(str(fault[1]))
    if prizes:
        changes["options"] = {**t.settings.options, **prize_settings(prizes).options()}
    t.settings = t.settings.replace(**changes)
    if values.get("round_dates"):
        t.info["round_dates"] = L.round_dates_from_cell(values["round_dates"])
    around: dict[int, tuple[PendingGame, ...]] = {}
    for key, value in values.items():
        m = _AROUND_KEY.match(key)
        if m is None:
            continue
        games = []
        for token in value.split():
            g = _AROUND_GAME.match(token)
            if g is None or not 0 < int(g.group(1)) < int(m.group(1)):
                raise bad(tr("{key}={value!r}: expected e.g. 2:15-12:postponed", key=key, value=value))
            games.append(PendingGame(int(g.group(1)), int(g.group(2)), int(g.group(3)),
                                     Pending(g.group(4))))
        around[int(m.group(1))] = tuple(games)
    if around:
        t.rounds = [dataclasses.replace(r, paired_around=around[r.number]) if r.number in around
                    else r for r in t.rounds]
    listed: dict[int, tuple[int, ...]] = {}
    known = set(t.start_numbers)
    for key, value in values.items():
        m = _FROM_KEY.match(key)
        if m is None:
            continue
        tokens = value.split()
        if not all(x.isdigit() and int(x) in known for x in tokens) or len(set(tokens)) != len(tokens):
            raise bad(tr("{key}={value!r}: expected the start numbers of the round list, "
                         "e.g. 9 1 4 6", key=key, value=value))
        listed[int(m.group(1))] = tuple(int(x) for x in tokens)
    if listed:
        t.rounds = [dataclasses.replace(r, paired_from=listed[r.number]) if r.number in listed
                    else r for r in t.rounds]
    return t


def read_roster_csv(source: str | os.PathLike[str] | bytes, *,
                    warnings: list[str] | None = None) -> list[Player]:
    """The players of a CSV roster."""
    return read_csv(source, warnings=warnings, kind="roster").players


def read_results_csv(source: str | os.PathLike[str] | bytes, roster: Sequence[Player] | None = None,
                     *, warnings: list[str] | None = None) -> Tournament:
    """A tournament from a CSV results table (players from ``roster`` if given)."""
    return read_csv(source, warnings=warnings, kind="results", roster=roster)


class _Rows:
    """The table as a read-only workbook binding, so the club-sheet roster reader
    (the same header rules as a sheet) reads it."""

    def __init__(self, name: str, rows: list[list[str]]) -> None:
        self.name = name
        self._rows = rows

    def sheet_names(self) -> list[str]:
        return ["csv"]

    def used_size(self, sheet: str) -> tuple[int, int]:
        return len(self._rows), max((len(r) for r in self._rows), default=0)

    def read_range(self, sheet: str, first_row: int, first_col: int, last_row: int,
                   last_col: int) -> list[list[str | None]]:
        out = []
        for r in range(first_row, last_row + 1):
            row = self._rows[r - 1] if 0 < r <= len(self._rows) else []
            out.append([(row[c - 1] or None) if c - 1 < len(row) else None
                        for c in range(first_col, last_col + 1)])
        return out


def _column_index(cell: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"([A-Z]+)(\d+)", cell or "")
    if not m:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + ord(ch) - 64
    return int(m.group(2)), col


def _read_roster(table: _Table, head_index: int, warnings: list[str] | None) -> list[Player]:
    from ..club.sheets import ReadOptions, read_roster

    header = table.rows[head_index]
    rows = table.rows[head_index:]
    # our own headers that the sheet synonyms do not know, renamed to ones they do
    renamed = []
    for cell in header:
        fld = _field_for(cell) if cell else None
        renamed.append(_ROSTER_SYNONYM.get(fld, cell) if fld in _ROSTER_SYNONYM else cell)
    derived = {j for j, cell in enumerate(header) if cell and _field_for(cell) in _DERIVED}
    rows = [renamed] + rows[1:]
    rows = [[c for j, c in enumerate(r) if j not in derived] for r in rows]
    kept_cols = [j for j in range(len(header)) if j not in derived]
    try:
        # names as stored in a roster monrad wrote itself (its settings row above the
        # header); a roster typed by hand: 'First Last' in FIDE order (issue 26)
        own = any(r and r[0].strip().casefold() == SETTINGS_TAG for r in table.rows[:head_index])
        players = read_roster(_Rows(table.label, rows), "csv",  # type: ignore[arg-type]
                              ReadOptions(name_order="keep" if own else "fide"),
                              source=table.label, warnings=warnings,
                              line_of=lambda r: table.line_of(head_index + r - 1))
    except InputError as exc:
        loc = exc.location
        if loc.line is not None:  # named by its lines already (the same player twice)
            raise
        where = _column_index(loc.cell or "")
        if where is None:
            raise InputError(exc.message, source=table.label,
                             line=table.line_of(head_index)) from None
        row, col = where
        orig = kept_cols[col - 1] if col - 1 < len(kept_cols) else col - 1
        field = header[orig] if orig < len(header) else f"column {orig + 1}"
        raise InputError(tr('field {field!r}: {message}', field=field, message=exc.message), source=table.label,
                         line=table.line_of(head_index + row - 1), column=orig + 1) from None
    return players


#: our field names the club-sheet reader knows under another header
_ROSTER_SYNONYM = {"start_no": "No.", "national_rating": "NSF rating", "withdrawn_after":
                   "Withdrawn after round", "entered_at": "Late entry in round",
                   "fide_id": "FIDE ID", "national_id": "National ID"}

#: bye kinds: words in the Result cell of a bye row -> result
BYE_KINDS: dict[str, Result] = {
    "": Result.PAIRING_BYE, "1": Result.PAIRING_BYE, "+": Result.PAIRING_BYE,
    "u": Result.PAIRING_BYE, "bye": Result.PAIRING_BYE, "pab": Result.PAIRING_BYE,
    "1-0": Result.PAIRING_BYE, "+/-": Result.PAIRING_BYE, "fri": Result.PAIRING_BYE,
    "f": Result.FULL_BYE, "full": Result.FULL_BYE, "full bye": Result.FULL_BYE,
    "full-point bye": Result.FULL_BYE, "fpb": Result.FULL_BYE,
    "h": Result.HALF_BYE, "½": Result.HALF_BYE, "0.5": Result.HALF_BYE, "1/2": Result.HALF_BYE,
    "=": Result.HALF_BYE, "half": Result.HALF_BYE, "half bye": Result.HALF_BYE,
    "half-point bye": Result.HALF_BYE, "hpb": Result.HALF_BYE,
    "z": Result.ZERO_BYE, "0": Result.ZERO_BYE, "-": Result.ZERO_BYE, "zero": Result.ZERO_BYE,
    "zero bye": Result.ZERO_BYE, "zero-point bye": Result.ZERO_BYE, "zpb": Result.ZERO_BYE,
    "absent": Result.ABSENT, "a": Result.ABSENT, "fravær": Result.ABSENT,
    "frånvarande": Result.ABSENT, "fraværende": Result.ABSENT,
}
_BYE_WRITE = {
    Result.PAIRING_BYE: "bye", Result.FULL_BYE: "full-point bye", Result.HALF_BYE: "half-point bye",
    Result.ZERO_BYE: "zero-point bye", Result.ABSENT: "absent",
}
_RESULTS_HEADER = ("Round", "Board", "White", "Black", "Result", "White name", "Black name")


def _is_bye_word(cell: str) -> bool:
    s = " ".join(cell.casefold().split())
    return s in BYE_WORDS or s in ("absent", "-") or s in _BYE_WRITE.values()


def _read_results(table: _Table, head_index: int, cols: dict[str, int],
                  warnings: list[str] | None, roster: Sequence[Player] | None,
                  othello: bool | None = None) -> Tournament:
    label = table.label
    header = table.rows[head_index]
    players: dict[int, Player] = {p.start_no: p for p in roster or ()}
    by_name: dict[str, int] = {" ".join(p.name.casefold().split()): p.start_no for p in players.values()}
    assigned: list[str] = []
    games: dict[int, list[tuple[int, int, Game]]] = {}
    byes: dict[int, list[tuple[int, Bye]]] = {}

    def err(message: Message | str, idx: int, fld: str | None = None) -> InputError:
        col = cols.get(fld) if fld else None
        if col is not None:
            message = tr("field {field!r}: {message}", field=header[col], message=message)
        return InputError(message, source=label, line=table.line_of(idx),
                          column=None if col is None else col + 1)

    def cell(row: list[str], fld: str) -> str:
        c = cols.get(fld)
        return row[c] if c is not None and c < len(row) else ""

    def number(text: str, what: Message | str, idx: int, fld: str, high: int) -> int:
        """A whole number of at most ``high`` (issue 40 item 3: round 99999999)."""
        s = text.strip().rstrip(".")
        if not s.isdigit() or not s.isascii():
            raise err(tr("{what} {value!r} is not a whole number", what=what, value=text), idx, fld)
        if len(s) > 12 or int(s) > high:
            raise err(tr("{what} {value} is out of range (1 to {high})", what=what,
                         value=s if len(s) <= 12 else s[:12] + "...", high=high), idx, fld)
        return int(s)

    def player(text: str, name_fld: str, row: list[str], idx: int, fld: str) -> int:
        s = " ".join(text.split())
        name = " ".join(cell(row, name_fld).split())
        if s.rstrip(".").isdigit() and s.isascii():
            sn = number(s, tr("start number"), idx, fld, MAX_PLAYERS)
            if sn < 1:
                raise err(tr("start number {sn} must be 1 or more", sn=sn), idx, fld)
            if sn not in players:
                if roster is not None:
                    raise err(tr("there is no player number {sn} on the roster", sn=sn), idx, fld)
                players[sn] = Player(sn, name or f"Player {sn}")
                by_name.setdefault(name.casefold(), sn)
            elif name and roster is None and players[sn].name != name:
                raise err(tr("start number {sn} is {other!r} elsewhere, here {name!r}", sn=sn,
                             other=players[sn].name, name=name), idx, name_fld)
            return sn
        key = s.casefold()
        if key in by_name:
            return by_name[key]
        if roster is not None:
            raise err(tr("{value!r} is not a player on the roster", value=s), idx, fld)
        sn = max(players, default=0) + 1
        players[sn] = Player(sn, s)
        by_name[key] = sn
        assigned.append(s)
        return sn

    default_round = None if "round" in cols else 1
    seen: dict[tuple[int, int], int] = {}
    for idx in range(head_index + 1, len(table.rows)):
        row = table.rows[idx]
        if not any(c.strip() for c in row):
            continue
        w, b, res = cell(row, "white"), cell(row, "black"), cell(row, "result")
        if not w.strip() and not b.strip():
            continue
        if default_round is None:
            rnd = number(cell(row, "round"), tr("round"), idx, "round", MAX_ROUNDS)
            if rnd < 1:
                raise err(tr("round must be 1 or more"), idx, "round")
        else:
            rnd = default_round
        board_text = cell(row, "board")
        board = (number(board_text, tr("board"), idx, "board", MAX_PLAYERS)
                 if board_text.strip() else None)
        if _is_bye_word(b) or (not b.strip() and w.strip() and not res.strip()):
            if not w.strip():
                raise err(tr("bye without a player"), idx, "white")
            sn = player(w, "white_name", row, idx, "white")
            kind = BYE_KINDS.get(" ".join(res.casefold().replace(",", ".").split()))
            if kind is None:
                raise err(tr("{value!r} is not a kind of bye (bye, half-point bye, zero-point bye, "
                             "full-point bye, absent)", value=res), idx, "result")
            if (rnd, sn) in seen:
                raise err(tr("player {sn} appears twice in round {round} (also on line {line})",
                             sn=sn, round=rnd, line=seen[(rnd, sn)]), idx, "white")
            seen[(rnd, sn)] = table.line_of(idx)
            byes.setdefault(rnd, []).append((idx, Bye(sn, kind)))
            continue
        if not w.strip():
            raise err(tr("White is missing"), idx, "white")
        if not b.strip():
            raise err(tr("Black is missing"), idx, "black")
        ws = player(w, "white_name", row, idx, "white")
        bs = player(b, "black_name", row, idx, "black")
        if ws == bs:
            raise err(tr("player {sn} cannot play against {sn}", sn=ws), idx, "black")
        for sn, fld in ((ws, "white"), (bs, "black")):
            if (rnd, sn) in seen:
                raise err(tr("player {sn} appears twice in round {round} (also on line {line})",
                             sn=sn, round=rnd, line=seen[(rnd, sn)]), idx, fld)
            seen[(rnd, sn)] = table.line_of(idx)
        parsed = _parse_result(res, err, idx, othello)
        try:
            game = Game(ws, bs) if parsed is None else Game(
                ws, bs, parsed.white, parsed.black, parsed.white_discs, parsed.black_discs,
                parsed.pending)
        except ModelError as exc:
            raise err(str(exc), idx, "white") from None
        games.setdefault(rnd, []).append((board if board is not None else 10**6 + idx, idx, game))
    if assigned and warnings is not None:
        warnings.append(str(ntr("{file}: no start numbers; numbered {n} player in order of "
                                "appearance", "{file}: no start numbers; numbered {n} players "
                                "in order of appearance", len(assigned), file=label)))
    t = Tournament(players=[players[k] for k in sorted(players)])
    for rnd in sorted(set(games) | set(byes)):
        gs = sorted(games.get(rnd, []), key=lambda x: (x[0], x[1]))
        boards = [x[0] for x in gs if x[0] < 10**6]
        if len(set(boards)) != len(boards):
            dup = next(x for x in gs if boards.count(x[0]) > 1)
            raise err(tr("board {board} appears twice in round {round}", board=dup[0], round=rnd),
                      dup[1], "board")
        t.rounds.append(Round(rnd, tuple(x[2] for x in gs),
                              tuple(b for _, b in byes.get(rnd, []))))
    t.settings = Settings(rounds=max((r.number for r in t.rounds), default=0) or None)
    return t


def _parse_result(text: str, err, idx: int, othello: bool | None):
    try:
        return parse_result(text, othello=bool(othello))
    except NotationError as chess_error:
        if othello is None:
            try:
                parsed = parse_result(text, othello=True)
            except NotationError:
                parsed = None
            if parsed is not None and (parsed.white_discs or 0) + (parsed.black_discs or 0) == 64:
                return parsed
        raise err(str(chess_error), idx, "result") from None


# ------------------------------------------------------------------------------ writing
def _cell_text(value: object, decimal: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    if isinstance(value, float):
        text = f"{value:.10g}"
        return text.replace(".", decimal)
    return str(value)


def write_table(
    header: Sequence[str],
    rows: Iterable[Sequence[object]],
    *,
    delimiter: str = ",",
    decimal: str | None = None,
    warnings: list[str] | None = None,
    label: str = "CSV",
) -> str:
    """Rows as CSV text (CRLF line ends), every cell guarded (:func:`guard`) and on one
    line (:mod:`~monrad.converters.lines`: a line break is written as a space, the
    cells named in one warning appended to ``warnings``; ``label`` names the file).

    ``decimal`` defaults to ``,`` when the separator is ``;`` (the Nordic
    spreadsheet convention) and ``.`` otherwise.
    """
    if delimiter not in (",", ";", "\t"):
        raise ValueError(f"separator must be ',', ';' or tab, not {delimiter!r}")
    dec = decimal or ("," if delimiter == ";" else ".")
    out = io.StringIO(newline="")
    w = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    broken: list[Message] = []

    def cell(text: str, row: int, col: int) -> str:
        if has_break(text):
            broken.append(tr("row {row} column {column!r}", row=row,
                             column=header[col] if col < len(header) else col + 1))
            text = one_line(text)
        return guard(text)

    w.writerow([cell(str(h), 1, i) for i, h in enumerate(header)])
    for r, row in enumerate(rows, 2):
        w.writerow([cell(_cell_text(v, dec), r, i) for i, v in enumerate(row)])
    if broken and warnings is not None:
        shown = tuple(broken[:5])
        if len(broken) > 5:
            shown += (tr("and {n} more", n=len(broken) - 5),)
        warnings.append(str(tr("{file}: line breaks written as spaces ({format} keeps one "
                               "line per field): {fields}", file=label, format="CSV",
                               fields=shown)))
    return out.getvalue()


def write_roster_csv(t: Tournament | Sequence[Player], *, delimiter: str = ",",
                     warnings: list[str] | None = None, label: str = "CSV") -> str:
    """The roster, one row per player; ``Player.extra`` as further columns; every
    field on one line (a line break named in a warning, see :func:`write_table`)."""
    if not isinstance(t, Tournament):
        t = Tournament(players=list(t))
    t = one_line_tournament(t, label, "CSV", warnings, header=False)
    players = t.players
    extras: list[str] = []
    for p in players:
        for k in p.extra:
            if k not in extras and _field_for(k) is None:
                extras.append(k)
    header = [_ROSTER_HEADERS[f] for f in ROSTER_FIELDS] + extras
    rows = []
    for p in players:
        row: list[object] = []
        for f in ROSTER_FIELDS:
            v = getattr(p, f)
            row.append("" if v in (None, 0, "") and f != "start_no" else v)
        row.extend(p.extra.get(k, "") for k in extras)
        rows.append(row)
    # the settings row marks the file as monrad's own: its names are read as written
    settings = (settings_cells(t) if isinstance(t, Tournament) else []) + ["names=as written"]
    return (write_table([SETTINGS_TAG, *settings], [], delimiter=delimiter)
            + write_table(header, rows, delimiter=delimiter, warnings=warnings, label=label))


def write_results_csv(t: Tournament, *, delimiter: str = ",", warnings: list[str] | None = None,
                      label: str = "CSV") -> str:
    """Every round's boards (board order) and then its byes, in Nordic notation; every
    field on one line (see :func:`write_roster_csv`)."""
    t = one_line_tournament(t, label, "CSV", warnings, header=False)
    rows: list[list[object]] = []
    for rnd in t.rounds:
        for board, g in enumerate(rnd.games, 1):
            if g.pending is not None:
                res = g.pending.value
            elif g.white_result is Result.UNKNOWN:
                res = ""
            else:
                res = format_result(g.white_result, g.black_result, g.white_discs, g.black_discs)
            rows.append([rnd.number, board, g.white, g.black, res,
                         _name(t, g.white), _name(t, g.black)])
        for b in rnd.byes:
            rows.append([rnd.number, "", b.player, "bye", _BYE_WRITE[b.result],
                         _name(t, b.player), ""])
    return (write_table([SETTINGS_TAG, *settings_cells(t)], [], delimiter=delimiter)
            + write_table(_RESULTS_HEADER, rows, delimiter=delimiter, warnings=warnings,
                          label=label))


def _name(t: Tournament, sn: int) -> str:
    try:
        return t.player(sn).name
    except ModelError:
        return ""


def write_csv(t: Tournament, *, kind: str | None = None, delimiter: str = ",",
              warnings: list[str] | None = None, label: str = "CSV") -> str:
    """``kind`` ``"roster"`` or ``"results"``; by default results when a round exists."""
    if kind is None:
        kind = "results" if t.rounds else "roster"
    if kind == "roster":
        return write_roster_csv(t, delimiter=delimiter, warnings=warnings, label=label)
    if kind == "results":
        return write_results_csv(t, delimiter=delimiter, warnings=warnings, label=label)
    raise ValueError(f"kind must be 'roster' or 'results', not {kind!r}")
