"""The FIDE rating report: a TRF file a rating officer can send on, checked first.

:func:`validate` lists every missing or suspicious field as :class:`Problem` rows
(player / field / problem, with a severity), :func:`problems_table` prints them as
a table; :func:`fide_report` writes the TRF-2026 (default) or TRF-16 text with the
header records a rating officer needs:

====  ==============================  ====================================
tag   what                            from
====  ==============================  ====================================
012   tournament name                 ``info["name"]``
022   city                            ``info["city"]``
032   federation (FIDE code)          ``info["federation"]``
042   first day, ``YYYY/MM/DD``       ``info["start_date"]``
052   last day, ``YYYY/MM/DD``        ``info["end_date"]``
102   chief arbiter                   ``info["arbiter"]``
112   deputy arbiters (one a line)    ``info["deputies"]``
122   time control                    ``info["time_control"]``
132   round dates, ``YY/MM/DD``       ``info["round_dates"]``
====  ==============================  ====================================

What is checked (``error`` stops the export unless forced, ``warning`` does not):

* header: each record above except 112 present (error); federation a FIDE code;
  dates readable, the last day not before the first, one round date per round
  played (errors); round dates in order and inside the event (warnings);
* players: a FIDE id (warning: the federation registers new players), no FIDE id
  used twice (error), a birth date (warning), a federation that FIDE knows (error
  if unknown, warning if missing), ``Last, First`` names no longer than the 33
  columns of the ``001`` line (warnings);
* results: every game finished (error), both sides' results belonging together
  (asymmetric game: error), and a points column in the source that disagrees with
  the results (the reader's warnings, passed in: error).

Dates are written the way TRF wants them (``2026/03/14``, round dates
``26/03/14``) when they can be read (``2026-03-14``, ``14.03.2026`` ...).

``ascii_names=True`` folds letters for federations that want plain ASCII names
(the Swedish federation's rule): see :data:`ASCII_FOLD` and ``docs/batch.md``.
National rating data (``Player.national_rating``, ``national_id``) travels in the
TRF-2026 national-rating records, under ``info["national_federation"]`` (default:
the event's federation).  The project's own ``XMN`` records are left out: the
report holds only what FIDE defines.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...engine.i18n import ntr, ptr, said, tr
from ...engine.model import Result, Tournament
from .. import layout as L
from ..atomic import atomic_write
from ..trf import TRF16, TRF2026, write_trf
from .federations import is_fide_federation

__all__ = [
    "Problem",
    "ASCII_FOLD",
    "HEADER_FIELDS",
    "fold_ascii",
    "with_ascii_names",
    "with_event_federation",
    "normalise_header_dates",
    "validate",
    "problems_table",
    "fide_report",
    "write_fide_report",
]

#: letters folded by ``--ascii-names`` before accents are stripped
ASCII_FOLD: dict[str, str] = {
    "æ": "ae", "Æ": "Ae", "ø": "oe", "Ø": "Oe", "å": "aa", "Å": "Aa",
    "ä": "ae", "Ä": "Ae", "ö": "oe", "Ö": "Oe", "ü": "ue", "Ü": "Ue",
    "ß": "ss", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "œ": "oe", "Œ": "Oe",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i",
}

#: info key -> (TRF tag, label); all but deputies are required
HEADER_FIELDS: dict[str, tuple[str, str]] = {
    "name": ("012", "tournament name"),
    "city": ("022", "city"),
    "federation": ("032", "federation"),
    "start_date": ("042", "start date"),
    "end_date": ("052", "end date"),
    "arbiter": ("102", "chief arbiter"),
    "deputies": ("112", "deputy arbiters"),
    "time_control": ("122", "time control"),
    "round_dates": ("132", "round dates"),
}
_OPTIONAL = {"deputies"}


@dataclass(frozen=True)
class Problem:
    """One finding: ``player`` is ``""`` for the tournament header."""

    severity: str  # "error" | "warning"
    player: str
    field: str
    problem: str

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


# ------------------------------------------------------------------ names
def fold_ascii(text: str) -> str:
    """``text`` in plain ASCII: :data:`ASCII_FOLD` first, then accents dropped.

    >>> fold_ascii("Ærø, Søren Åge"), fold_ascii("Müller, Jürgen"), fold_ascii("Désirée Čapek")
    ('Aeroe, Soeren Aage', 'Mueller, Juergen', 'Desiree Capek')
    """
    s = "".join(ASCII_FOLD.get(c, c) for c in text)
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return s.encode("ascii", "replace").decode("ascii")


def with_ascii_names(t: Tournament) -> Tournament:
    """A copy with player names and the header's text fields folded to ASCII."""
    out = t.copy()
    out.players = [p.replace(name=fold_ascii(p.name), club=fold_ascii(p.club)) for p in t.players]
    for key in ("name", "city", "arbiter", "time_control"):
        value = out.info.get(key)
        if isinstance(value, str):
            out.info[key] = fold_ascii(value)
    deputies = out.info.get("deputies")
    if isinstance(deputies, list):
        out.info["deputies"] = [fold_ascii(str(d)) for d in deputies]
    return out


def with_event_federation(t: Tournament) -> tuple[Tournament, int]:
    """A copy in which every player whose file names no federation has the event's
    (TRF 032, the Settings sheet's federation), and how many did (issue 37 item 10): a
    Swedish club's roster rarely says SWE beside each name.  An event without a FIDE
    federation code changes nothing."""
    fed = str(t.info.get("federation") or "").strip().upper()
    missing = sum(1 for p in t.players if not p.federation)
    if not missing or not is_fide_federation(fed):
        return t, 0
    out = t.copy()
    out.players = [p if p.federation else p.replace(federation=fed) for p in t.players]
    return out, missing


# ------------------------------------------------------------------ dates
def normalise_header_dates(t: Tournament) -> Tournament:
    """A copy whose 042/052 dates read ``YYYY/MM/DD`` and 132 dates ``YY/MM/DD``
    wherever they can be read (unreadable ones are left for :func:`validate`)."""
    out = t.copy()
    for key in ("start_date", "end_date"):
        d = L.date_from_cell(out.info.get(key))
        if d is not None:
            out.info[key] = d.strftime("%Y/%m/%d")
    dates = out.info.get("round_dates")
    if isinstance(dates, list):
        fixed = []
        for x in dates:
            d = L.date_from_cell(x, L.ROUND_DATE_FORMATS)
            fixed.append(d.strftime("%y/%m/%d") if d is not None else x)
        out.info["round_dates"] = fixed
    return out


# ------------------------------------------------------------------ validation
def _who(p) -> str:
    return f"{p.start_no} {p.name}"


#: the readers' warnings that a points column disagrees with the results (TRF, klubtur,
#: WOF), recognised in any language (an error row of the report)
_POINTS_WARNINGS = (
    "player {sn}: points column says {fmt_points}, the results give {fmt_points2}",
    "{where}: group {name!r}: player {sn}'s points column says {listed}, the results give {got}",
    "{where}: player {wid} is listed with score {listed}, the results give {got}",
)


def validate(t: Tournament, reading_warnings: Iterable[str] = ()) -> list[Problem]:
    """Every missing or suspicious field of the FIDE report of ``t``.

    ``reading_warnings`` are the reader's warnings (a points column that disagrees
    with the results becomes an error row here).
    """
    out: list[Problem] = []

    def add(sev: str, player: str, fld: str, text: str) -> None:
        out.append(Problem(sev, player, fld, text))

    info = t.info
    for key, (tag, label) in HEADER_FIELDS.items():
        value = info.get(key)
        empty = value is None or (isinstance(value, str) and not value.strip()) or (
            isinstance(value, list) and not value)
        if empty and key not in _OPTIONAL:
            add("error", "", f"{tag} {label}", str(tr("missing")))
    fed = str(info.get("federation", "") or "").strip()
    if fed and not is_fide_federation(fed):
        add("error", "", "032 federation", str(tr("{fed!r} is not a FIDE federation code", fed=fed)))
    start = L.date_from_cell(info.get("start_date")) if info.get("start_date") else None
    end = L.date_from_cell(info.get("end_date")) if info.get("end_date") else None
    for key, d in (("start_date", start), ("end_date", end)):
        if info.get(key) and d is None:
            tag, label = HEADER_FIELDS[key]
            add("error", "", f"{tag} {label}", str(tr("{value!r} is not a date (YYYY/MM/DD)",
                                                       value=info[key])))
    if start and end and end < start:
        add("error", "", "052 end date", str(tr("{end} is before the start date {start}",
                                                 end=f"{end:%Y/%m/%d}", start=f"{start:%Y/%m/%d}")))
    played = max((r.number for r in t.rounds if r.is_paired), default=0)
    dates = info.get("round_dates")
    if isinstance(dates, list) and dates:
        parsed = [L.date_from_cell(x, L.ROUND_DATE_FORMATS) for x in dates]
        for i, (raw, d) in enumerate(zip(dates, parsed), 1):
            if d is None:
                add("error", "", "132 round dates", str(tr("round {round}: {value!r} is not a date "
                                                           "(YY/MM/DD)", round=i, value=raw)))
            elif (start and d < start) or (end and d > end):
                add("warning", "", "132 round dates", str(tr("round {round}: {date} is outside the "
                                                             "event", round=i, date=f"{d:%Y/%m/%d}")))
        known = [d for d in parsed if d is not None]
        if known != sorted(known):
            add("warning", "", "132 round dates", str(tr("the round dates are not in order")))
        if len(dates) < played:
            add("error", "", "132 round dates",
                str(ntr("{n} date for {played} rounds played", "{n} dates for {played} rounds played",
                        len(dates), played=played)))

    ids: dict[str, str] = {}
    active = {p for r in t.rounds for g in r.games for p in g.players}
    for p in t.players:
        who = _who(p)
        if not p.fide_id:
            add("warning", who, "FIDE id", str(tr("missing (the federation must register the player)")))
        elif not re.fullmatch(r"[0-9]{1,11}", p.fide_id):
            add("error", who, "FIDE id", str(tr("{id!r} is not a FIDE ID (1 to 11 digits, the "
                                                "TRF field)", id=p.fide_id[:20])))
        elif p.fide_id in ids:
            add("error", who, "FIDE id", str(tr("{id} is also player {other}'s", id=p.fide_id,
                                                other=ids[p.fide_id])))
        else:
            ids[p.fide_id] = who
        if not p.birth:
            add("warning", who, "birth date", str(tr("missing")))
        elif not re.fullmatch(r"\d{4}(/\d{2}/\d{2})?", p.birth):
            add("warning", who, "birth date", str(tr("{value!r} is not YYYY/MM/DD or YYYY",
                                                     value=p.birth)))
        if not p.federation:
            add("warning", who, "federation", str(tr("missing")))
        elif not is_fide_federation(p.federation):
            add("error", who, "federation", str(tr("{fed!r} is not a FIDE federation code",
                                                   fed=p.federation)))
        if "," not in p.name:
            add("warning", who, "name", str(tr("not written 'Last, First'")))
        if len(p.name) > 33:
            add("warning", who, "name", str(tr("{n} characters: cut to the 33 of the 001 line",
                                               n=len(p.name))))
        if p.start_no not in active and any(r.entry(p.start_no) for r in t.rounds):
            add("warning", who, "games", str(tr("played no game over the board")))

    for r in t.rounds:
        for board, g in enumerate(r.games, 1):
            where = f"round {r.number} board {board}"
            wr, br = g.white_result, g.black_result
            if not g.is_finished:
                add("error", f"{g.white}-{g.black}", f"result {where}", str(tr("no result yet")))
            elif not (br is wr.counterpart or (wr is br is Result.FORFEIT_LOSS)):
                add("error", f"{g.white}-{g.black}", f"result {where}",
                    str(tr("asymmetric: White {white}, Black {black}", white=wr.name.lower(),
                           black=br.name.lower())))  # type: ignore[union-attr]
    for w in reading_warnings:
        if any(said(w, m) for m in _POINTS_WARNINGS):
            add("error", "", "points", w)
        else:
            add("warning", "", "input", w)
    return out


#: a finding's field in words (the codes stay in :class:`Problem`; a header record's
#: number stays in front of its name)
_FIELD_WORDS = {
    "tournament name": ptr("FIDE report field", "tournament name"),
    "city": ptr("FIDE report field", "city"),
    "federation": ptr("FIDE report field", "federation"),
    "start date": ptr("FIDE report field", "start date"),
    "end date": ptr("FIDE report field", "end date"),
    "chief arbiter": ptr("FIDE report field", "chief arbiter"),
    "deputy arbiters": ptr("FIDE report field", "deputy arbiters"),
    "time control": ptr("FIDE report field", "time control"),
    "round dates": ptr("FIDE report field", "round dates"),
    "FIDE id": ptr("FIDE report field", "FIDE id"),
    "birth date": ptr("FIDE report field", "birth date"),
    "name": ptr("FIDE report field", "name"),
    "games": ptr("FIDE report field", "games"),
    "points": ptr("FIDE report field", "points"),
    "input": ptr("FIDE report field", "input"),
}


def _field_text(field: str) -> str:
    """A :class:`Problem`'s field in the reader's language: ``032 federation`` ->
    ``032 forbund``, ``result round 2 board 3`` -> ``resultat runde 2 bord 3``."""
    if m := re.fullmatch(r"(\d{3}) (.+)", field):
        return f"{m.group(1)} {_FIELD_WORDS.get(m.group(2), m.group(2))}"
    if m := re.fullmatch(r"result round (\d+) board (\d+)", field):
        return str(tr("result round {round} board {board}", round=int(m.group(1)),
                      board=int(m.group(2))))
    return str(_FIELD_WORDS.get(field, field))


#: a finding's severity in words (the codes stay in :class:`Problem`)
_SEVERITY = {"error": ptr("FIDE report check", "error"), "warning": ptr("FIDE report check", "warning")}


def problems_table(problems: Sequence[Problem]) -> str:
    """The problems as a plain-text table (severity, player, field, problem) and a
    count line; ``"no problems"`` when there are none."""
    if not problems:
        return str(tr("FIDE report check: no problems"))
    heads = tuple(str(h) for h in (
        ptr("FIDE report check column", "severity"), ptr("FIDE report check column", "player"),
        ptr("FIDE report check column", "field"), ptr("FIDE report check column", "problem")))
    rows = [(str(_SEVERITY.get(p.severity, p.severity)), p.player or "-", _field_text(p.field),
             p.problem) for p in problems]
    widths = [min(max(len(h), *(len(r[i]) for r in rows)), 40) for i, h in enumerate(heads[:3])]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads[:3], widths)) + "  " + heads[3],
             "  ".join("-" * w for w in widths) + "  " + "-" * 7]
    for r in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(r[:3], widths)) + "  " + r[3])
    errors = sum(1 for p in problems if p.is_error)
    lines.append("")
    lines.append(str(tr("FIDE report check: {errors}, {warnings}",
                        errors=ntr("{n} error", "{n} errors", errors),
                        warnings=ntr("{n} warning", "{n} warnings", len(problems) - errors))))
    return "\n".join(lines)


# ------------------------------------------------------------------ writing
def fide_report(
    t: Tournament,
    version: str = TRF2026,
    *,
    ascii_names: bool = False,
    national_federation: str | None = None,
    ranks: dict[int, int] | None = None,
    warnings: list[str] | None = None,
    label: str = "TRF",
) -> str:
    """The FIDE rating report of ``t`` as TRF text (no validation: see :func:`validate`);
    every field on one line (a line break named in a warning appended to ``warnings``)."""
    out = normalise_header_dates(t)
    if ascii_names:
        out = with_ascii_names(out)
    has_national = any(p.national_rating or p.national_id for p in out.players)
    if version == TRF2026 and has_national:
        nat = national_federation or out.info.get("national_federation") or out.info.get("federation")
        if nat:
            out.info["national_federation"] = str(nat).upper()[:3]
    elif version == TRF16:
        out.info.pop("national_federation", None)
    # the rank column: the standings with the system's tie-breaks unless ``ranks`` is given
    return write_trf(out, version, ranks=ranks, extensions=False, warnings=warnings,
                     label=label)


def write_fide_report(text: str, path: str | os.PathLike[str]) -> Path:
    """Write the report atomically (temporary file in the same folder, then replace)."""
    return atomic_write(path, text.encode("utf-8"))
