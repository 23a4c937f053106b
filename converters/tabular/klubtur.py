"""The Danish klubtur.dk export: one table per group, ``XYY`` cells -> model.

The layout as implemented (see ``docs/formats/klubtur.md`` for what was looked
up, what was not found and every decision taken here)::

    Turnering;Klubmesterskab 2025
    Gruppe;Mester
    Nr;Navn;Klub;Rating;R1;Res1;R2;Res2;R3;Res3;Point
    1;Ole Hansen;Nordre;1850;H02;1;S03;0.5;H04;-1;1.5
    2;Kim Berg;Nordre;1790;S01;0;H04;1;S03;1;2
    ...

    Gruppe;A
    Nr;Navn;...

* one table per group: in a CSV file each group starts with a ``Gruppe;<name>``
  line; in a workbook (``.xlsx``/``.xls``/``.ods``) each sheet is a group, named by
  the sheet (or by a ``Gruppe`` line above its header);
* a header row whose first cell is ``Nr``; ``Navn`` is required, ``Klub``,
  ``Rating``, ``FIDE-id``, ``Født`` and ``Point`` are optional;
* every round has two columns: the *pairing* column (header ``R<n>``, ``Rd <n>``
  or ``Runde <n>``) holding an ``XYY`` cell -- ``X`` the colour (``H`` hvid /
  ``S`` sort; ``W``/``B`` accepted), ``YY`` the opponent's number in the group --
  and right after it the *result* column: ``1``, ``0``, ``0.5`` (also ``0,5``
  and ``½``) or ``-1`` for a game that was not played (yet);
* an empty pairing cell (or ``-1``) is a round without a game; ``00`` (any colour
  letter) is a bye whose result cell says which: ``1`` pairing bye, ``0.5``
  half-point bye, ``0`` zero-point bye.

Both players' cells of a game must agree (opposite colours, each other's number,
results adding up to one point, or both ``-1``); anything else raises
:class:`~monrad.converters.errors.InputError` naming the file, line (CSV) or sheet
and cell (workbook), and the group.  A ``Point`` column that disagrees with the
results is a warning, not an error.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ...engine.i18n import tr
from ...engine.model import (
    Bye,
    Game,
    ModelError,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from ..errors import InputError
from ..limits import MAX_PLAYERS, MAX_RATING, csv_rows, fraction
from ..lines import one_line, one_line_tournament
from ..source import read_text
from .csv_format import guard, unguard

__all__ = [
    "KlubturGroup",
    "book_looks_like_klubtur",
    "looks_like_klubtur",
    "parse_klubtur",
    "read_klubtur",
    "read_klubtur_book",
    "write_klubtur",
]

_GROUP_WORDS = {"gruppe", "group", "grupp", "klasse", "række"}
_NAME_WORDS = {"turnering", "tournament", "turnering navn"}
_ROUND_HEAD = re.compile(r"^\s*(?:r|rd|rnd|runde|round)\s*\.?\s*(\d{1,2})\s*$", re.IGNORECASE)
_CELL = re.compile(r"^\s*([HSWBhswb])?\s*(\d{1,4})\s*$")
_COLOURS = {"h": "w", "w": "w", "s": "b", "b": "b"}
_FIXED = {
    "nr": "start_no", "nr.": "start_no", "no": "start_no",
    "navn": "name", "name": "name", "spiller": "name",
    "klub": "club", "club": "club", "klubb": "club",
    "rating": "rating", "elo": "rating", "ratingtal": "rating",
    "fide-id": "fide_id", "fideid": "fide_id", "fide id": "fide_id",
    "født": "birth", "fødselsår": "birth", "birth": "birth",
    "point": "points", "points": "points", "p": "points", "pts": "points", "ialt": "points",
}
_RESULTS = {"1": Fraction(1), "0": Fraction(0), "0.5": Fraction(1, 2), "0,5": Fraction(1, 2),
            ".5": Fraction(1, 2), ",5": Fraction(1, 2), "½": Fraction(1, 2), "1/2": Fraction(1, 2),
            "-1": None}


@dataclass(frozen=True)
class KlubturGroup:
    """One group of a klubtur.dk export: its name and its tournament."""

    name: str
    tournament: Tournament


# ------------------------------------------------------------------ cells and locations
def _text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(value)
    return unguard(str(value).strip())  # what write_klubtur guarded against formulas


#: ASCII digits only (``str.isdigit`` accepts ``²``, which ``int`` refuses)
_DIGITS = re.compile(r"[0-9]{1,9}")

Where = Callable[[int, int], dict]
"""(row index, column index), both 0-based in the group's rows -> InputError kwargs."""


def _is_header(row: Sequence[object]) -> bool:
    cells = [_text(c).casefold() for c in row]
    return bool(cells) and cells[0] in ("nr", "nr.", "no") and any(c in ("navn", "name") for c in cells)


def _group_word(row: Sequence[object]) -> str | None:
    """The group name if ``row`` is a ``Gruppe;<name>`` line."""
    cells = [_text(c) for c in row]
    if cells and cells[0].casefold().rstrip(":") in _GROUP_WORDS:
        rest = [c for c in cells[1:] if c]
        return rest[0] if rest else ""
    return None


def _read_group(
    rows: list[list[object]], header_at: int, name: str, source: str, where: Where,
    warnings: list[str] | None, title: str | None,
) -> Tournament:
    """Read one group's table; ``rows[header_at]`` is its header row."""
    head = [_text(c) for c in rows[header_at]]
    fixed: dict[str, int] = {}
    rounds: list[tuple[int, int, int]] = []  # (round, pairing col, result col)
    for j, h in enumerate(head):
        m = _ROUND_HEAD.match(h)
        if m:
            rounds.append((int(m.group(1)), j, j + 1))
        elif h.casefold() in _FIXED and _FIXED[h.casefold()] not in fixed:
            fixed[_FIXED[h.casefold()]] = j
    if "name" not in fixed:
        raise InputError(tr('group {name!r}: the header has no Navn column', name=name), **where(header_at, 0))
    if not rounds:
        raise InputError(tr('group {name!r}: the header has no round columns (R1, R2 ...)',
                            name=name),
                         **where(header_at, 0))
    numbers = [r for r, _, _ in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        raise InputError(tr('group {name!r}: round columns must be R1, R2 ... in order, not '
                            '{items}',
                            name=name, items=', '.join(f'R{n}' for n in numbers)), **where(header_at, rounds[0][1]))

    players: dict[int, Player] = {}
    row_of: dict[int, int] = {}
    cells: dict[tuple[int, int], tuple[str, int, Fraction | None, int, bool]] = {}
    listed: dict[int, tuple[Fraction, int]] = {}
    i = header_at + 1
    while i < len(rows):
        row = rows[i]
        vals = [_text(c) for c in row]
        if not any(vals) or _group_word(row) is not None or _is_header(row):
            break

        def cell(key: str, vals: list[str] = vals) -> str:
            j = fixed.get(key)
            return vals[j] if j is not None and j < len(vals) else ""

        sn_text = cell("start_no") if "start_no" in fixed else str(len(players) + 1)
        if not _DIGITS.fullmatch(sn_text) or not 1 <= int(sn_text) <= MAX_PLAYERS:
            raise InputError(tr('group {name!r}: player number {sn_text!r} is not a whole '
                                'number from 1 to {max_players}',
                                name=name, sn_text=sn_text, max_players=MAX_PLAYERS), **where(i, fixed.get("start_no", 0)))
        sn = int(sn_text)
        if sn in players:
            raise InputError(tr('group {name!r}: player number {sn} is used twice (also row '
                                '{row_of})',
                                name=name, sn=sn, row_of=row_of[sn] + 1), **where(i, fixed.get("start_no", 0)))
        rating_text = cell("rating")
        if rating_text and (not _DIGITS.fullmatch(rating_text) or int(rating_text) > MAX_RATING):
            raise InputError(tr('group {name!r}: rating {rating_text!r} is not a whole number '
                                'from 0 to {max_rating}',
                                name=name, rating_text=rating_text, max_rating=MAX_RATING), **where(i, fixed["rating"]))
        pname = cell("name")
        if not pname:
            raise InputError(tr('group {name!r}: player {sn} has no name', name=name, sn=sn), **where(i, fixed["name"]))
        fide_id = cell("fide_id")
        players[sn] = Player(sn, pname, rating=int(rating_text or 0), club=cell("club"),
                             fide_id=fide_id if fide_id.isdigit() else "", birth=cell("birth"))
        row_of[sn] = i
        pts = cell("points").replace(",", ".").replace("½", ".5")
        if pts:
            try:
                listed[sn] = (fraction(pts), i)
            except ValueError:
                raise InputError(tr('group {name!r}: points {cell!r} is not a number',
                                    name=name, cell=cell('points')),
                                 **where(i, fixed["points"])) from None
        for rnd, pc, rc in rounds:
            pair = vals[pc] if pc < len(vals) else ""
            res = vals[rc] if rc < len(vals) else ""
            if pair in ("", "-1", "-"):
                if res not in ("", "-1", "0"):
                    raise InputError(tr('group {name!r}: player {sn} has result {res!r} in '
                                        'round {rnd} but no opponent',
                                        name=name, sn=sn, res=res, rnd=rnd), **where(i, rc))
                continue
            m = _CELL.match(pair)
            if not m:
                raise InputError(tr('group {name!r}: round {rnd} cell {pair!r} is not colour '
                                    'and opponent (XYY, e.g. H03 or S12)',
                                    name=name, rnd=rnd, pair=pair), **where(i, pc))
            opp = int(m.group(2))
            colour = _COLOURS[m.group(1).casefold()] if m.group(1) else "-"
            if res.replace(" ", "") not in _RESULTS and res not in ("+", "-"):
                raise InputError(tr('group {name!r}: round {rnd} result {res!r} is not 1, 0, '
                                    '0.5 or -1',
                                    name=name, rnd=rnd, res=res), **where(i, rc))
            if opp and colour == "-":
                raise InputError(tr('group {name!r}: round {rnd} cell {pair!r} has no colour '
                                    'letter (H or S)',
                                    name=name, rnd=rnd, pair=pair), **where(i, pc))
            if res in ("+", "-"):  # forfeits: an extension, see the docs
                cells[(sn, rnd)] = (colour, opp, Fraction(1 if res == "+" else 0), i, True)
            else:
                cells[(sn, rnd)] = (colour, opp, _RESULTS[res.replace(" ", "")], i, False)
        i += 1
    if not players:
        raise InputError(tr('group {name!r} has no players', name=name), **where(header_at, 0))

    t = Tournament(settings=Settings(rounds=len(rounds)), players=[players[k] for k in sorted(players)])
    t.info["name"] = f"{title} - {name}" if title and name else (title or name or "")
    if name:
        t.info["group"] = name
    pcol = {rnd: pc for rnd, pc, _ in rounds}
    for rnd, _, _ in rounds:
        games: list[Game] = []
        byes: list[Bye] = []
        done: set[int] = set()
        for sn in sorted(players):
            entry = cells.get((sn, rnd))
            if entry is None or sn in done:
                continue
            colour, opp, value, i, _ = entry
            if opp == 0:
                kind = {Fraction(1): Result.PAIRING_BYE, Fraction(1, 2): Result.HALF_BYE,
                        Fraction(0): Result.ZERO_BYE}.get(value)  # type: ignore[arg-type]
                if kind is None:
                    raise InputError(tr("group {name!r}: player {sn}'s bye in round {rnd} "
                                        'needs result 1, 0.5 or 0',
                                        name=name, sn=sn, rnd=rnd), **where(i, pcol[rnd] + 1))
                byes.append(Bye(sn, kind))
                done.add(sn)
                continue
            games.append(_game(name, sn, rnd, entry, cells.get((opp, rnd)), players, where, pcol[rnd]))
            done.update((sn, opp))
        games.sort(key=lambda g: min(g.players))
        try:
            t.rounds.append(Round(rnd, tuple(games), tuple(byes)))
        except ModelError as exc:
            raise InputError(tr('group {name!r}: {exc}', name=name, exc=exc), **where(header_at, pcol[rnd])) from None
    t.rounds = [r for r in t.rounds if r.games or r.byes]
    if warnings is not None:
        for sn, (value, i) in listed.items():
            got = t.score(sn)
            if got != value:
                loc = InputError("", **where(i, fixed["points"])).location
                warnings.append(str(tr("{where}: group {name!r}: player {sn}'s points column says "
                                       "{listed}, the results give {got}", where=loc, name=name,
                                       sn=sn, listed=_fmt(value), got=_fmt(got))))
    return t


def _fmt(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


def _game(name: str, sn: int, rnd: int, mine: tuple, theirs: tuple | None,
          players: dict[int, Player], where: Where, pc: int) -> Game:
    colour, opp, value, i, forfeit = mine
    if opp == sn:
        raise InputError(tr('group {name!r}: player {sn} plays against themselves in round {rnd}',
                            name=name, sn=sn, rnd=rnd), **where(i, pc))
    if opp not in players:
        raise InputError(tr('group {name!r}: round {rnd}: opponent {opp} is not in the group',
                            name=name, rnd=rnd, opp=opp),
                         **where(i, pc))
    if theirs is None or theirs[1] != sn:
        other = "no opponent" if theirs is None else f"opponent {theirs[1]}"
        raise InputError(tr('group {name!r}: round {rnd}: player {sn} plays {opp}, but player '
                            "{opp}'s row has {other}",
                            name=name, rnd=rnd, sn=sn, opp=opp, other=other), **where(i, pc))
    ocolour, _, ovalue, _, oforfeit = theirs
    if {colour, ocolour} != {"w", "b"}:
        raise InputError(tr('group {name!r}: round {rnd}: players {sn} and {opp} do not have '
                            'opposite colours',
                            name=name, rnd=rnd, sn=sn, opp=opp), **where(i, pc))
    if (value is None) != (ovalue is None) or (value is not None and value + ovalue != 1):
        raise InputError(tr('group {name!r}: round {rnd}: the results of {sn} and {opp} do not'
                            ' add up to one point',
                            name=name, rnd=rnd, sn=sn, opp=opp), **where(i, pc + 1))
    white, black = (sn, opp) if colour == "w" else (opp, sn)
    if value is None:
        return Game(white, black, Result.UNKNOWN)
    wvalue = value if white == sn else ovalue
    if forfeit or oforfeit:
        return Game(white, black, Result.FORFEIT_WIN if wvalue == 1 else Result.FORFEIT_LOSS)
    return Game(white, black, {Fraction(1): Result.WIN, Fraction(0): Result.LOSS}.get(wvalue, Result.DRAW))


# ------------------------------------------------------------------ front ends
def _split_groups(
    rows: list[list[object]], default_name: str,
) -> tuple[str | None, list[tuple[str, int]]]:
    """(tournament title, [(group name, header row index)]) of a list of rows."""
    title: str | None = None
    groups: list[tuple[str, int]] = []
    pending: str | None = None
    for i, row in enumerate(rows):
        cells = [_text(c) for c in row]
        if not any(cells):
            continue
        g = _group_word(row)
        if g is not None:
            pending = g
        elif cells[0].casefold().rstrip(":") in _NAME_WORDS and not groups and pending is None:
            title = next((c for c in cells[1:] if c), None)
        elif _is_header(row):
            groups.append((pending if pending is not None else default_name, i))
            pending = None
    return title, groups


def _csv_rows(text: str, label: str = "<text>") -> list[list[object]]:
    """The CSV rows of ``text``; :class:`InputError` naming the line for a row the
    csv module cannot read or one past the bounds of
    :func:`~monrad.converters.limits.csv_rows`."""
    sample = text[:4096]
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=";,\t")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ";" if sample.count(";") >= sample.count(",") else ","
    return [list(r) for _, r in csv_rows(io.StringIO(text), label, delimiter=delimiter)]


def looks_like_klubtur(text: str) -> bool:
    """True if CSV ``text`` has a klubtur header (``Nr``, ``Navn``, ``R1`` ...) whose
    first data row holds an ``XYY`` cell or is empty in the round columns.

    Never raises: text that is not even CSV (random bytes, a stray carriage return
    in a field) is not a klubtur export, and the reader chosen instead says where
    it goes wrong."""
    try:
        rows = _csv_rows(text[:20000])
    except (csv.Error, ValueError):
        return False
    return _rows_look_like_klubtur(rows)


def _rows_look_like_klubtur(rows: list[list[object]]) -> bool:
    for i, row in enumerate(rows[:60]):
        if _is_header(row):
            heads = [_text(c) for c in row]
            rcols = [j for j, h in enumerate(heads) if _ROUND_HEAD.match(h)]
            if not rcols:
                return False
            for data in rows[i + 1:i + 4]:
                vals = [_text(c) for c in data]
                for j in rcols:
                    v = vals[j] if j < len(vals) else ""
                    if v and v != "-1":
                        return bool(_CELL.match(v)) and not v.strip().isdigit() or v.strip() == "00"
            return True
    return False


def parse_klubtur(text: str, *, name: str = "<text>",
                  warnings: list[str] | None = None) -> list[KlubturGroup]:
    """Every group of a klubtur CSV export (see the module doc)."""
    rows = _csv_rows(text, name)
    stem = Path(name).stem if name and not name.startswith("<") else ""
    title, groups = _split_groups(rows, stem)
    if not groups:
        raise InputError(tr('no klubtur table (a header row starting Nr;Navn;... with R1, R2 '
                            '... round columns)'), source=name)
    out = []

    def where(i: int, j: int) -> dict:
        return {"source": name, "line": i + 1, "column": j + 1}

    for gname, at in groups:
        out.append(KlubturGroup(gname, _read_group(rows, at, gname, name, where, warnings, title)))
    _check_unique(out, name)
    return out


def _check_unique(groups: list[KlubturGroup], source: str) -> None:
    seen: set[str] = set()
    for g in groups:
        if g.name in seen:
            raise InputError(tr('group {name!r} appears twice', name=g.name), source=source)
        seen.add(g.name)


def read_klubtur(source: str | os.PathLike[str], *, name: str | None = None,
                 warnings: list[str] | None = None) -> list[KlubturGroup]:
    """Read a klubtur CSV export (a path, or the text itself) into its groups."""
    text, label = read_text(source, name=name, warnings=warnings)
    return parse_klubtur(text, name=label, warnings=warnings)


def book_looks_like_klubtur(book) -> bool:
    """True if some sheet of a workbook binding holds a klubtur table."""
    for sheet in book.sheet_names():
        last_row, last_col = book.used_size(sheet)
        if last_row and _rows_look_like_klubtur(
                book.read_range(sheet, 1, 1, min(last_row, 60), max(last_col, 1))):
            return True
    return False


def read_klubtur_book(book, *, warnings: list[str] | None = None) -> list[KlubturGroup]:
    """Every group of a klubtur workbook (one sheet per group) behind a binding
    (:class:`~monrad.converters.workbook.calamine_book.CalamineBook` or openpyxl's)."""
    from ..workbook.binding import a1

    out: list[KlubturGroup] = []
    for sheet in book.sheet_names():
        last_row, last_col = book.used_size(sheet)
        if not last_row:
            continue
        rows = book.read_range(sheet, 1, 1, last_row, max(last_col, 1))
        title, groups = _split_groups(rows, sheet)

        def where(i: int, j: int, _sheet: str = sheet) -> dict:
            return {"source": book.name, "sheet": _sheet, "cell": a1(i + 1, j + 1)}

        for gname, at in groups:
            out.append(KlubturGroup(gname, _read_group(rows, at, gname, book.name, where,
                                                       warnings, title)))
    if not out:
        raise InputError(tr('no sheet holds a klubtur table'), source=book.name)
    _check_unique(out, book.name)
    return out


# ------------------------------------------------------------------ writing
_WRITE_RESULT = {Fraction(1): "1", Fraction(0): "0", Fraction(1, 2): "0.5"}
_CLASSIC = Scoring.classic()


def write_klubtur(groups: Sequence[KlubturGroup] | Tournament, *, title: str | None = None,
                  delimiter: str = ";", warnings: list[str] | None = None,
                  label: str = "klubtur") -> str:
    """A klubtur CSV export of one tournament or several groups.

    Only what the layout carries is written: players (number, name, club, rating),
    colours, opponents, results 1/0/0.5/-1, byes as ``00``.  A forfeit is written
    as ``+``/``-`` (the one extension this reader accepts).  Opponent numbers are
    zero-padded to two digits, or to the width of the largest number in bigger
    groups; raises ``ValueError`` past 9999 players.  Every field is one line (a line
    break is written as a space and named in a warning appended to ``warnings``).
    """
    if isinstance(groups, Tournament):
        groups = [KlubturGroup(str(groups.info.get("group", "")) or "1", groups)]
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delimiter, lineterminator="\r\n")
    if title:
        w.writerow(["Turnering", guard(one_line(title))])
    for g in groups:
        t = one_line_tournament(g.tournament, label, "CSV", warnings)
        if max(t.start_numbers, default=0) > 9999:
            raise ValueError(f"group {g.name!r}: klubtur numbers have at most four digits")
        nrounds = max([r.number for r in t.rounds] + [t.settings.rounds or 0])
        w.writerow(["Gruppe", guard(one_line(g.name))])
        head = ["Nr", "Navn", "Klub", "Rating"]
        for n in range(1, nrounds + 1):
            head += [f"R{n}", f"Res{n}"]
        w.writerow(head + ["Point"])
        width = max(2, len(str(max(t.start_numbers, default=1))))
        for p in t.players:
            # names and clubs are text from strangers: guarded against formula injection
            row: list[str] = [str(p.start_no), guard(p.name), guard(p.club),
                              str(p.rating) if p.rating else ""]
            for n in range(1, nrounds + 1):
                r = t.round(n)
                e = r.entry(p.start_no) if r else None
                if e is None:
                    row += ["", ""]
                elif isinstance(e, Bye):
                    pts = {Result.PAIRING_BYE: "1", Result.FULL_BYE: "1", Result.HALF_BYE: "0.5",
                           Result.ZERO_BYE: "0"}.get(e.result)
                    row += ["00", pts] if pts is not None else ["", ""]
                else:
                    letter = "H" if e.colour_of(p.start_no).value == "w" else "S"
                    res = e.result_for(p.start_no)
                    if res.is_forfeit:
                        text = "+" if res is Result.FORFEIT_WIN else "-"
                    elif not res.is_finished:
                        text = "-1"
                    else:
                        text = _WRITE_RESULT[_CLASSIC.points(res)]  # 1 / 0.5 / 0 whatever the scoring
                    row += [f"{letter}{e.opponent(p.start_no):0{width}d}", text]
            row.append(_fmt(t.score(p.start_no)))
            w.writerow(row)
        w.writerow([])
    return buf.getvalue()
