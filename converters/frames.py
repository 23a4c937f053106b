"""Tournaments as pandas DataFrames: ``players``, ``games``, ``byes`` and ``standings``
for one tournament, a file, or a whole folder of them (``pip install "monrad[analysis]"``).
The issue's ``monrad.frames`` is this module, ``monrad.converters.frames``: it reads
files, so it belongs to the converters layer (``docs/frames.md``).

Every frame starts with a ``tournament`` column (the file's name without its
extension, ``name-group`` for each group of a klubtur.dk export), so a season of
events is one table::

    from monrad.converters import frames
    games = frames.games("season-2026/")          # every game of every file
    games.groupby("white_name", observed=True)["white_points"].mean()

Columns are typed: numbers as nullable integers (``Int64``) or floats, text as
``string``, and the categorical ``result`` (``1-0``, ``½-½``, ``0-1``, ``+/-``, ``-/+``,
``-/-``, ``*`` pending, ``?`` not entered; the same ordered categories in every frame, so
frames of several folders concatenate without losing the type).  Points are floats
(``0.5``), computed by the tournament's own scoring.

The core of monrad does not need pandas: it is imported when a frame is asked for,
and its absence is one clear line (``pip install "monrad[analysis]"``).
:func:`write_table` writes a frame as CSV (UTF-8 with BOM, CRLF, every cell guarded
against formula injection, as every CSV monrad writes) or Parquet (with pyarrow),
atomically; ``monrad convert FOLDER --to games.csv`` is :func:`write_table` of
:func:`games`.
"""

from __future__ import annotations

import io
import math
import os
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ..engine.i18n import tr
from ..engine.model import Result, Tournament
from ..engine.standings import standings as rank
from .atomic import atomic_write
from .errors import InputError
from .tabular.csv_format import write_table as csv_table

if TYPE_CHECKING:  # pragma: no cover
    import pandas as pd

__all__ = ["RESULTS", "TABLES", "PandasMissing", "byes", "games", "players", "read_tournaments", "standings",
           "table", "write_table"]

#: the categories of ``result`` (White's side first), in this order
RESULTS = ("1-0", "½-½", "0-1", "+/-", "-/+", "-/-", "*", "?")
#: the tables ``monrad convert FOLDER --to NAME.csv`` can write
TABLES = ("games", "players", "byes", "standings")

_RESULT_TEXT = {
    Result.WIN: "1-0", Result.UNRATED_WIN: "1-0", Result.DRAW: "½-½",
    Result.UNRATED_DRAW: "½-½", Result.LOSS: "0-1", Result.UNRATED_LOSS: "0-1",
    Result.FORFEIT_WIN: "+/-", Result.FORFEIT_LOSS: "-/+", Result.PENDING: "*",
    Result.UNKNOWN: "?",
}


class PandasMissing(InputError):
    """pandas is not installed: one line naming the extra to install (exit status 2)."""

    def __str__(self) -> str:
        return self.message


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise PandasMissing(tr('tables need pandas: pip install "monrad[analysis]"')) from None
    return pandas


#: a tournament, a file or folder, or several of these (or ``(name, tournament)`` pairs)
Source: TypeAlias = (
    "Tournament | str | os.PathLike[str] | Iterable[tuple[str, Tournament] | Tournament | str"
    " | os.PathLike[str]]")


def source_files(source: str | os.PathLike[str]) -> tuple[list[Path], Path]:
    """The tournament files of a file or a folder (its sub-folders too, in name order,
    monrad's backups and helper files left out), and the folder their names are taken
    relative to."""
    from .batch import IN_SUFFIXES, is_helper_file, tournament_files

    p = Path(source)
    if p.is_dir():
        return [f for f in tournament_files(p) if f.suffix.lower() in IN_SUFFIXES], p
    if p.is_file() and is_helper_file(p):
        return [], p.parent
    if p.is_file():
        return [p], p.parent
    raise InputError(tr("no such file or folder"), source=str(p))


def require_pandas() -> None:
    """Raise :class:`PandasMissing` at once when pandas is not installed (before a
    folder of files is read for nothing, issue 26)."""
    _pandas()


def read_tournaments(source: Source, warnings: list[str] | None = None,
                     failed: list[str] | None = None, *,
                     progress: Callable[[Path, bool], object] | None = None
                     ) -> list[tuple[str, Tournament]]:
    """``(name, tournament)`` for a tournament, a file, a folder (every tournament file
    in it and its sub-folders, in name order, monrad's backups, hidden files and the
    owner and lock files of Excel, LibreOffice and monrad left out), pairs
    already made, or a list of any of these.  A file that cannot be read raises its :class:`InputError`, or, with
    ``failed`` given, is left out and its one-line message appended there.  ``progress``
    is called after each file with its path and whether it was read."""
    from .batch import read_input

    if isinstance(source, Tournament):
        return [(str(source.info.get("name") or "tournament"), source)]
    if not isinstance(source, (str, os.PathLike)):
        out: list[tuple[str, Tournament]] = []
        for item in source:
            if isinstance(item, tuple):
                out.append(item)
            else:
                out += read_tournaments(item, warnings, failed, progress=progress)
        return out
    files, base = source_files(source)
    out = []
    for f in files:
        stem = f.relative_to(base).with_suffix("").as_posix()
        try:
            found = read_input(f, warnings)
        except InputError as exc:
            if failed is None:
                raise
            failed.append(str(exc))
            if progress is not None:
                progress(f, False)
            continue
        if progress is not None:
            progress(f, True)
        out.extend((f"{stem}-{group}" if group else stem, t) for group, t in found)
    return out


def _points(t: Tournament, r: Result) -> float:
    return float(t.settings.scoring.points(r))


def _frame(rows: list[dict[str, object]], types: dict[str, str]) -> pd.DataFrame:
    pd = _pandas()
    df = pd.DataFrame(rows, columns=list(types))
    for col, kind in types.items():
        if kind == "result":
            df[col] = pd.Categorical(df[col], categories=RESULTS, ordered=False)
        elif kind == "category":
            df[col] = df[col].astype("category")
        else:
            df[col] = df[col].astype(kind)
    return df


def _each(source: Source) -> Iterator[tuple[str, Tournament]]:
    yield from read_tournaments(source)


_PLAYER_TYPES = {
    "tournament": "category", "start_no": "Int64", "name": "string", "club": "string",
    "rating": "Int64", "fide_id": "string", "federation": "string", "sex": "string",
    "title": "string", "birth": "string", "national_id": "string", "national_rating": "Int64",
}


def players(source: Source) -> pd.DataFrame:
    """One row per player of every tournament (ratings ``<NA>`` when not given)."""
    rows = []
    for name, t in _each(source):
        for p in t.players:
            rows.append({"tournament": name, "start_no": p.start_no, "name": p.name,
                         "club": p.club, "rating": p.rating or None, "fide_id": p.fide_id,
                         "federation": p.federation, "sex": p.sex, "title": p.title,
                         "birth": p.birth, "national_id": p.national_id,
                         "national_rating": p.national_rating or None})
    return _frame(rows, _PLAYER_TYPES)


_GAME_TYPES = {
    "tournament": "category", "round": "Int64", "board": "Int64", "white": "Int64",
    "white_name": "string", "white_rating": "Int64", "black": "Int64", "black_name": "string",
    "black_rating": "Int64", "result": "result", "white_points": "float64",
    "black_points": "float64", "rated": "boolean",
}


def games(source: Source) -> pd.DataFrame:
    """One row per board of every round: players (start number, name, rating), the
    result, each side's points by the tournament's scoring, and ``rated`` (played over
    the board and not marked unrated).  Byes are in :func:`byes`."""
    rows = []
    for name, t in _each(source):
        who = {p.start_no: p for p in t.players}
        for rnd in t.rounds:
            for board, g in enumerate(rnd.games, 1):
                w, b = who[g.white], who[g.black]
                wr, br = g.white_result, g.black_result
                assert br is not None
                text = "-/-" if wr is br is Result.FORFEIT_LOSS else _RESULT_TEXT[wr]
                rows.append({
                    "tournament": name, "round": rnd.number, "board": board,
                    "white": w.start_no, "white_name": w.name, "white_rating": w.rating or None,
                    "black": b.start_no, "black_name": b.name, "black_rating": b.rating or None,
                    "result": text, "white_points": _points(t, wr), "black_points": _points(t, br),
                    "rated": wr in (Result.WIN, Result.DRAW, Result.LOSS)})
    return _frame(rows, _GAME_TYPES)


_BYE_TYPES = {"tournament": "category", "round": "Int64", "player": "Int64", "name": "string",
              "kind": "category", "points": "float64"}


def byes(source: Source) -> pd.DataFrame:
    """One row per bye or absence of every round (``kind``: ``pairing``, ``half``,
    ``full``, ``zero``, ``absent``) with the points it is worth."""
    kinds = {Result.PAIRING_BYE: "pairing", Result.HALF_BYE: "half", Result.FULL_BYE: "full",
             Result.ZERO_BYE: "zero", Result.ABSENT: "absent"}
    rows = []
    for name, t in _each(source):
        who = {p.start_no: p.name for p in t.players}
        for rnd in t.rounds:
            for bye in rnd.byes:
                rows.append({"tournament": name, "round": rnd.number, "player": bye.player,
                             "name": who[bye.player], "kind": kinds[bye.result],
                             "points": _points(t, bye.result)})
    return _frame(rows, _BYE_TYPES)


def standings(source: Source) -> pd.DataFrame:
    """The final standings of every tournament (its own tie-breaks, else the system's):
    ``tournament, rank, shared, start_no, name, points`` and one float column per
    tie-break code (``<NA>`` where a tournament does not use it)."""
    pd = _pandas()
    rows = []
    codes: list[str] = []
    for name, t in _each(source):
        table = rank(t, list(t.settings.tiebreaks) or None)
        for c in table.shown:
            if c not in codes:
                codes.append(c)
        for r in table.rows:
            row: dict[str, object] = {"tournament": name, "rank": r.rank, "shared": r.shared,
                                      "start_no": r.start_no, "name": r.name,
                                      "points": float(r.points)}
            for c in table.shown:
                v = r.values.get(c)
                row[c] = float(v) if isinstance(v, (int, float, Fraction)) else None
            rows.append(row)
    types = {"tournament": "category", "rank": "Int64", "shared": "boolean", "start_no": "Int64",
             "name": "string", "points": "float64", **dict.fromkeys(codes, "Float64")}
    df = _frame(rows, types)
    return df if rows else pd.DataFrame(columns=list(types))


def table(name: str, source: Source) -> pd.DataFrame:
    """The frame called ``name`` (one of :data:`TABLES`) of ``source``."""
    makers = {"games": games, "players": players, "byes": byes, "standings": standings}
    if name not in makers:
        raise InputError(tr('unknown table {name!r}; choose one of {tables}',
                            name=name, tables=', '.join(TABLES)))
    return makers[name](source)


def _cell(v: object) -> object:
    pd = _pandas()
    if v is None or v is pd.NA or (isinstance(v, float) and math.isnan(v)):
        return ""
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return v


def write_table(df: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Write ``df`` to ``path`` atomically: ``.csv`` (UTF-8 with BOM, CRLF, cells guarded
    against formula injection) or ``.parquet`` (needs pyarrow)."""
    p = Path(path)
    if p.suffix.lower() == ".parquet":
        try:
            import pyarrow  # noqa: F401 - only to give a clear message when it is missing
        except ImportError:
            raise InputError(tr('Parquet needs pyarrow: pip install pyarrow'), source=str(p)) from None
        buf = io.BytesIO()
        df.to_parquet(buf, index=False)
        data = buf.getvalue()
    elif p.suffix.lower() == ".csv":
        rows = ([_cell(v) for v in row] for row in df.itertuples(index=False, name=None))
        data = csv_table([str(c) for c in df.columns], rows).encode("utf-8-sig")
    else:
        raise InputError(tr('a table is written as .csv or .parquet'), source=str(p))
    return atomic_write(p, data)
