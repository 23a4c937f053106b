"""Standings: rank (shared where a tie is not broken), points and every tie-break column.

The names other parts of monrad use:

* ``standings(t, codes=None, upto=None, *, seed=None) -> Standings`` ranks the players
  after round ``upto`` (default: :attr:`Tournament.standings_round`, the last round
  with results) by points, then by the tie-break ``codes`` in order (default: ``t.settings.tiebreaks``, else
  :func:`default_tiebreaks` of ``t.settings.system``).
* ``Standings.as_text() -> str``: a clean table for printing.
* ``Standings.as_rows() -> list[dict]``: one dict per row with exactly the keys
  ``rank, start_no, name, points`` and then one per shown code (its code as key,
  e.g. ``"BH/C1"``); values are ``int``, ``float`` or ``None``.  CSV and JSON output
  write these.
* ``default_tiebreaks(system) -> tuple[str, ...]``: each system's list.
* ``trf_tiebreak_records(codes) -> list[str]``: TRF-2026 records 202 (tie-breaks) and
  212 (the whole ranking order, ``PTS`` first).
* ``record_lot_seed(t, standings)``: store the lot's seed in ``t.settings.seeds["lot"]``.

Tie-breaks are applied one after the other to the players still tied (so ``DE`` is
always computed inside the groups tied on everything before it).  ``LOT`` is the seeded
lot: it splits what is still tied, and its column shows the number drawn.  Its seed is
the ``seed`` argument, else ``Settings.seeds["lot"]`` (Othello: or ``"disc_flip"``), else one derived from the
tournament's contents (so the same file always gives the same lot); the seed used is
recorded in :attr:`Standings.lot_seed`.  Without ``LOT`` a tie that is not broken gives
a shared rank, and the tied rows are listed by start number.

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(system="dutch", rounds=1))
>>> for n in (1, 2, 3, 4): t.add_player(Player(n, f"P{n}"))
>>> t.rounds.append(Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.WIN))))
>>> [(r.rank, r.start_no) for r in standings(t, ["BH"]).rows]
[(1, 1), (1, 3), (3, 2), (3, 4)]
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import SupportsInt, cast

from .i18n import Message, current_language, number_text, ptr, tr
from .model import Result, Tournament
from .pairing import system_facts, system_title, with_system_scoring
from .tiebreak_labels import code_for_label, column_label
from .tiebreaks import Context, TieBreak, TieBreakError, Value, get_tiebreak, known_codes

__all__ = [
    "LOT",
    "Row",
    "Standings",
    "default_tiebreaks",
    "format_value",
    "note_heading",
    "parse_codes",
    "pending_legend",
    "record_lot_seed",
    "remark_message",
    "remark_text",
    "shown_value",
    "standings",
    "trf_tiebreak_records",
]

#: the code of the seeded lot
LOT = "LOT"
#: the heading of the remarks column
_NOTE = ptr("standings column", "Note")

def default_tiebreaks(system: str, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """The tie-break list a system prescribes (points always come first).

    ``options`` are the settings' options: ``ssf_strike`` (SSF-10 Decision: how many
    of the lowest opponents' scores SSF and school strike, default 0) and
    ``round_robin`` (DSU: Sonneborn-Berger for a round robin).

    >>> default_tiebreaks("nsf")
    ('NSF-QP', 'NSF-AB', 'MSB', 'LOT')
    >>> default_tiebreaks("ssf", {"ssf_strike": 1})
    ('QP/C1', 'WON', 'DE', 'LOT')
    """
    options = options or {}
    facts = system_facts(system)  # the system owns its list (SystemFacts)
    if facts.round_robin_tiebreaks is not None and options.get("round_robin"):
        return facts.round_robin_tiebreaks
    codes = facts.tiebreaks
    strike = int(cast("str | SupportsInt", options.get("ssf_strike", 0) or 0))
    if facts.strikes_quality_points and strike:
        codes = tuple(f"QP/C{strike}" if c == "QP" else c for c in codes)
    return codes


def parse_codes(text: str | Sequence[str]) -> tuple[str, ...]:
    """Codes from ``"BH/C1,BH,SB"`` (or a list), upper-cased and checked; a heading
    of any language stands for its code (``KP,Vinster,Inb.`` -> ``QP,WON,DE``, issue 37).

    Raises :class:`TieBreakError` naming an unknown code.
    """
    items = text.split(",") if isinstance(text, str) else list(text)
    codes = tuple(_code(c) for c in items if c.strip())
    for c in codes:
        if c != LOT:
            get_tiebreak(c)
    return codes


def _code(text: str) -> str:
    """A tie-break code as given, or the code of a heading (a code means itself)."""
    code = text.strip().upper()
    if code == LOT or code.split("/")[0] in known_codes():
        return code
    return code_for_label(text) or code


def shown_value(code: str, value: Value) -> Value:
    """What a table shows for ``value`` of ``code``: nothing where the tie-break does
    not apply -- a direct encounter (``DE``) of 0 is a player not tied with anyone or
    a tie it does not separate, not a game lost (issue 37 item 9).  Files (CSV, JSON)
    keep the value itself.

    >>> shown_value("DE", 0), shown_value("DE", 2), shown_value("WON", 0)
    (None, 2, 0)
    """
    return None if code.split("/")[0] == "DE" and value == 0 else value


@dataclass(frozen=True)
class Row:
    """One line of the standings; ``values`` maps every code to its value.

    ``pending`` are the rounds (up to the table's) in which the player's game is
    postponed or adjourned: not counted yet.  ``withdrawn_after`` is set for a player
    who withdrew before the event's last round, ``entered_at`` for a late entry (a
    first round after round 1).  :meth:`remarks` lists the three as the documents mark
    them (issue 26)."""

    rank: int
    shared: bool
    start_no: int
    name: str
    points: Fraction
    values: Mapping[str, Value] = field(default_factory=dict)
    pending: tuple[int, ...] = ()
    withdrawn_after: int | None = None
    entered_at: int | None = None

    def remarks(self) -> list[tuple[str, int]]:
        """``("pending", round)`` per pending game, ``("withdrawn", round)``,
        ``("entered", round)``: what a document notes beside the player (empty for
        nearly everyone).

        >>> Row(1, False, 7, "P7", Fraction(2), pending=(3,), entered_at=2).remarks()
        [('entered', 2), ('pending', 3)]
        """
        out = [("entered", self.entered_at)] if self.entered_at is not None else []
        out += [("pending", n) for n in self.pending]
        if self.withdrawn_after is not None:
            out.append(("withdrawn", self.withdrawn_after))
        return out


def remark_message(kind: str, round_no: int) -> Message:
    """One remark of :meth:`Row.remarks` as words (docs/i18n.md)."""
    if kind == "pending":
        return tr("game of round {round} pending: not counted yet", round=round_no)
    if kind == "withdrawn":
        return tr("withdrew after round {round}", round=round_no)
    return tr("entered in round {round}", round=round_no)


def remark_text(remarks: Sequence[tuple[str, int]], lang: str | None = None) -> str:
    """The remarks of a row in one cell, ``; ``-separated, in ``lang`` (default: the
    language in force).

    >>> remark_text([("withdrawn", 4)], "nb")
    'trakk seg etter runde 4'
    """
    return "; ".join(remark_message(kind, n).render(lang) for kind, n in remarks)


def note_heading(lang: str | None = None) -> str:
    """The heading of the column that holds :func:`remark_text`."""
    return _NOTE.render(lang)


def pending_legend(lang: str | None = None) -> str:
    """What the ``*`` of a crosstable cell means (the legend under the table)."""
    return tr("* postponed or adjourned, not played yet: it counts once its result is "
              "in").render(lang)


def format_value(value: Value, decimals: int | None = None) -> str:
    """A value as text: whole numbers bare, fractions as decimals (2 at most unless
    ``decimals`` says otherwise), ``None`` empty.

    >>> format_value(Fraction(63, 4)), format_value(Fraction(7, 2), 1), format_value(None)
    ('15.75', '3.5', '')
    """
    if value is None:
        return ""
    if isinstance(value, tuple):
        return "/".join(format_value(v, decimals) for v in value)
    if decimals is None:
        decimals = _decimals(value)
    if decimals == 0:
        return str(int(round(Fraction(value))))
    q = round(Fraction(value) * 10 ** decimals)
    sign = "-" if q < 0 else ""
    q = abs(q)
    return f"{sign}{q // 10 ** decimals}.{q % 10 ** decimals:0{decimals}d}"


def _decimals(value: Value) -> int:
    """Decimals a value needs, 0..2 (non-terminating fractions get 2)."""
    if value is None or isinstance(value, (int, tuple)):
        return 0
    v = Fraction(value)
    for d in range(3):
        if (v * 10 ** d).denominator == 1:
            return d
    return 2


def _number(value: Value) -> int | float | str | None:
    if value is None or isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return format_value(value)
    if value.denominator == 1:
        return int(value)
    return round(float(value), 4)


@dataclass(frozen=True)
class Standings:
    """The ranked table.  ``codes`` are all tie-breaks applied, in order; ``shown``
    those with a column.  ``lot_seed`` is the seed the lot used (``None`` if no lot
    was part of the list) and ``lot_seed_source`` says where it came from
    (``argument``, ``settings`` or ``derived``)."""

    codes: tuple[str, ...]
    shown: tuple[str, ...]
    rows: tuple[Row, ...]
    upto: int
    system: str
    lot_seed: int | None = None
    lot_seed_source: str = ""

    @property
    def has_remarks(self) -> bool:
        """True when a row has a pending game, a withdrawal or a late entry to note."""
        return any(r.remarks() for r in self.rows)

    def as_rows(self) -> list[dict[str, object]]:
        """Rows for CSV/JSON: ``rank, start_no, name, points`` and one key per code,
        and ``note`` (:meth:`Row.remarks` in English) when any row has one."""
        notes = self.has_remarks
        out = []
        for r in self.rows:
            d: dict[str, object] = {"rank": r.rank, "start_no": r.start_no, "name": r.name,
                                    "points": _number(r.points)}
            for c in self.shown:
                d[c] = _number(r.values.get(c))
            if notes:
                d["note"] = remark_text(r.remarks())
            out.append(d)
        return out

    def labels(self, lang: str | None = None) -> list[str]:
        """The headings of the shown columns in ``lang``, as the system's federation
        prints them (:func:`monrad.engine.tiebreak_labels.column_label`)."""
        return [column_label(c, lang or current_language(), self.system) for c in self.shown]

    @property
    def heading(self) -> str:
        """``Standings after round 3 (nsf)``; before any result ``Standings: no round
        played yet`` (the workbook's words, issue 26)."""
        if not self.upto:
            return str(tr("Standings: no round played yet ({system})",
                          system=system_title(self.system))
                       if self.system else tr("Standings: no round played yet"))
        return str(tr("Standings after round {round} ({system})", round=self.upto,
                      system=system_title(self.system)) if self.system else
                   tr("Standings after round {round}", round=self.upto))

    def as_text(self) -> str:
        """A plain-text table: rank (``=`` marks a shared rank), start number, name,
        points and one column per shown code."""
        notes = self.has_remarks
        lang = current_language()  # a decimal comma in the Nordic languages (issue 29)
        head = [str(ptr("column", "Rank")), str(ptr("column", "No")), str(ptr("column", "Name")),
                str(ptr("column", "Pts")), *self.labels(lang)] + ([str(_NOTE)] if notes else [])
        dec_pts = max((_decimals(r.points) for r in self.rows), default=0)
        decs = {c: max((_decimals(r.values.get(c)) for r in self.rows), default=0) for c in self.shown}
        body = []
        for r in self.rows:
            body.append([f"{r.rank}{'=' if r.shared else ''}", str(r.start_no), r.name,
                         number_text(format_value(r.points, dec_pts), lang),
                         *(number_text(format_value(shown_value(c, r.values.get(c)), decs[c]), lang)
                           for c in self.shown)]
                        + ([remark_text(r.remarks())] if notes else []))
        widths = [max(len(x) for x in col) for col in zip(head, *body)] if body else [len(h) for h in head]
        lines = [self.heading]
        last = len(head) - 1
        for i, line in enumerate([head, *body]):
            cells = []
            for j, (cell, w) in enumerate(zip(line, widths)):
                cells.append(cell.ljust(w) if j == 2 or (notes and j == last) else cell.rjust(w))
            lines.append("  ".join(cells).rstrip())
            if i == 0:
                lines.append("  ".join("-" * w for w in widths))
        if self.lot_seed is not None and any(r.values.get(LOT) is not None for r in self.rows):
            lines.append(str(tr("Lot seed: {seed} ({source})", seed=self.lot_seed,
                                source=_SEED_SOURCES.get(self.lot_seed_source,
                                                         self.lot_seed_source))))
        return "\n".join(lines) + "\n"


#: where a lot's seed came from, in words
_SEED_SOURCES = {"argument": ptr("lot seed from", "argument"),
                 "settings": ptr("lot seed from", "settings"),
                 "derived": ptr("lot seed from", "derived")}


def _derived_seed(t: Tournament, upto: int) -> int:
    """A seed that depends only on the tournament's players and results."""
    h = hashlib.sha256()
    for p in t.players:
        h.update(f"p{p.start_no}:{p.name};".encode())
    for r in t.rounds:
        if r.number > upto:
            break
        for g in r.games:
            h.update(f"r{r.number}:{g.white}-{g.black}:{g.white_result.value}{g.result_for(g.black).value};".encode())
        for b in r.byes:
            h.update(f"r{r.number}:{b.player}:{b.result.value};".encode())
    return int.from_bytes(h.digest()[:4], "big")


def recorded_lot_seed(t: Tournament) -> int | None:
    """The lot's seed ``t`` records (``Settings.seeds["lot"]``; Othello: or
    ``"disc_flip"``, OTH-7's lot as the pairing names it), or ``None``."""
    for key in ("lot", "disc_flip"):
        if key in t.settings.seeds:
            return int(t.settings.seeds[key])
    return None


def lot_seed(t: Tournament, upto: int | None = None) -> int:
    """The seed the lot of :func:`standings` after ``upto`` uses: the recorded one,
    else the one derived from the players and results.  A file format that must
    record a seed (the workbook's Settings sheet) records this one, so that a
    conversion never swaps two tied players (issue 21)."""
    recorded = recorded_lot_seed(t)
    return recorded if recorded is not None else _derived_seed(t, Context(t, upto).upto)


def standings(t: Tournament, codes: Sequence[str] | str | None = None, upto: int | None = None, *,
              seed: int | None = None) -> Standings:
    """Rank the players after round ``upto`` by points and the tie-break ``codes``.

    Raises :class:`~monrad.engine.tiebreaks.TieBreakError` for an unknown code or a
    round outside the tournament.
    """
    t = with_system_scoring(t)  # SKOL-6: a school event ranks on 3/2/1
    if codes is None:
        codes = t.settings.tiebreaks or default_tiebreaks(t.settings.system, t.settings.options)
    # points always rank first and have their own column (a TRF 202/212 list may name PTS)
    todo = tuple(c for c in parse_codes(codes) if c != "PTS")
    last = max((r.number for r in t.rounds if r.players), default=0)  # incl. byes entered ahead
    if upto is not None and not 0 <= upto <= max(last, t.settings.rounds or 0):
        raise TieBreakError(tr("round {round} is outside the tournament (rounds 0..{last})",
                                round=upto, last=max(last, t.settings.rounds or 0)))
    ctx = Context(t, upto)
    totals = ctx.totals
    by_points: dict[Fraction, list[int]] = {}
    for p in ctx.players:
        by_points.setdefault(totals[p], []).append(p)
    groups: list[list[int]] = [sorted(by_points[k]) for k in sorted(by_points, reverse=True)]
    values: dict[str, dict[int, Value]] = {}
    shown: list[str] = []
    lot_seed: int | None = None
    source = ""
    for code in todo:
        if code == LOT:
            if seed is not None:
                lot_seed, source = seed, "argument"
            elif (recorded := recorded_lot_seed(t)) is not None:
                lot_seed, source = recorded, "settings"
            else:
                lot_seed, source = _derived_seed(t, ctx.upto), "derived"
            rng = random.Random(lot_seed)
            drawn: dict[int, Value] = {p: None for p in ctx.players}
            for g in groups:
                if len(g) > 1:
                    order = list(g)
                    rng.shuffle(order)
                    drawn.update({p: i for i, p in enumerate(order, 1)})
            values[LOT] = drawn
            shown.append(LOT)
            groups = _split(groups, drawn, _LOT_BREAK)
            continue
        tb = get_tiebreak(code)
        ctx.set_groups(groups)
        vals = tb.compute(ctx)
        values[code] = vals
        if tb.shown:
            shown.append(code)
        groups = _split(groups, vals, tb)
    names = {pl.start_no: pl.name for pl in t.players}
    status = _status(t)
    rows: list[Row] = []
    position = 1
    for g in groups:
        for p in g:
            pending = tuple(s.round for s in ctx.slots[p] if s.result is Result.PENDING)
            rows.append(Row(position, len(g) > 1, p, names[p], totals[p],
                            {c: v[p] for c, v in values.items()}, pending, *status.get(p, (None, None))))
        position += len(g)
    return Standings(todo, tuple(shown), tuple(rows), ctx.upto, t.settings.system, lot_seed, source)


def _status(t: Tournament) -> dict[int, tuple[int | None, int | None]]:
    """``(withdrawn after, entered at)`` of the players who withdrew before the last
    round or entered after round 1 (SSF-9, NSF-2: they stay on the list)."""
    last = t.settings.rounds
    out: dict[int, tuple[int | None, int | None]] = {}
    for p in t.players:
        gone = p.withdrawn_after
        if gone is not None and last is not None and gone >= last:
            gone = None
        late = p.entered_at if p.entered_at is not None and p.entered_at > 1 else None
        if gone is not None or late is not None:
            out[p.start_no] = (gone, late)
    return out


class _LotKey:
    """Sorts lot numbers ascending (1 = drawn first)."""

    @staticmethod
    def sort_key(value: Value) -> tuple:
        return (0, value) if value is not None else (1,)


_LOT_BREAK = _LotKey()


def _split(groups: list[list[int]], vals: Mapping[int, Value], tb: TieBreak | _LotKey) -> list[list[int]]:
    """Refine every tied group by one tie-break, keeping start-number order inside."""
    out: list[list[int]] = []
    for g in groups:
        if len(g) == 1:
            out.append(g)
            continue
        keyed: dict[tuple, list[int]] = {}
        for p in g:
            keyed.setdefault(tb.sort_key(vals[p]), []).append(p)
        for k in sorted(keyed):
            out.append(sorted(keyed[k]))
    return out


def trf_tiebreak_records(codes: Sequence[str]) -> list[str]:
    """TRF-2026 record 202 (the tie-breaks) and 212 (``PTS`` and the tie-breaks),
    codes comma-separated; the lot is not a TRF code and is left out.

    >>> trf_tiebreak_records(["BH/C1", "BH", "LOT"])
    ['202 BH/C1,BH', '212 PTS,BH/C1,BH']
    """
    tbs = [c.strip().upper() for c in codes if c.strip() and c.strip().upper() not in (LOT, "PTS")]
    return ["202 " + ",".join(tbs), "212 " + ",".join(["PTS", *tbs])]


def record_lot_seed(t: Tournament, table: Standings) -> None:
    """Store the seed the lot used in ``t.settings.seeds["lot"]`` (so it is saved)."""
    if table.lot_seed is None:
        return
    seeds = dict(t.settings.seeds)
    seeds["lot"] = table.lot_seed
    t.settings = t.settings.replace(seeds=seeds)
