"""The FIDE report's pre-check against a rating list and the rating-change estimate
(``monrad export FILE --to fide --rating-list LIST``).

:func:`list_problems` turns what differs between the roster and the list
(:func:`monrad.converters.ratings.match.compare`) into the report's
:class:`~monrad.converters.ratings.fide_export.Problem` rows: a FIDE ID the list does not know
is an error (FIDE would reject the report), another name, birth year or federation and
a rating that is not the list's (out of date) are warnings.

:func:`estimates` gives each rated player's expected rating change (FIDE Rating
Regulations 8.3.3, :func:`monrad.engine.rating.rating_change`): the games played over
the board against rated opponents (forfeits, byes and games marked unrated left out,
8.2), ratings and K from the list (else the roster's rating and a ``K`` column).
Unrated players get no estimate: their first rating is computed from a whole rating
period (8.2.3), not one event.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ...engine.model import Result, Tournament
from ...engine.rating import expected_score, rating_change
from .fide_export import Problem
from .lists import ListedPlayer
from .match import Match, compare

__all__ = ["Estimate", "estimates", "estimates_table", "list_problems"]

#: results that count for rating (played over the board, not marked unrated) and their score
_RATED = {Result.WIN: Fraction(1), Result.DRAW: Fraction(1, 2), Result.LOSS: Fraction(0)}


def list_problems(matches: Sequence[Match]) -> list[Problem]:
    """The pre-check's findings as report problems (see the module doc)."""
    out = []
    for m in matches:
        who = f"{m.player.start_no} {m.player.name}"
        for d in compare(m):
            if d.field == "FIDE ID" and d.listed == "not in the list":
                out.append(Problem("error", who, "FIDE id", f"{d.roster} is not in the rating list"))
            elif d.field == "FIDE ID":  # listed twice, or on the roster twice: nothing compared
                out.append(Problem("warning", who, "FIDE id", d.listed))
            else:
                out.append(Problem("warning", who, d.field,
                                   f"{d.roster!r} here, {d.listed!r} in the rating list"))
    return out


@dataclass(frozen=True)
class Estimate:
    """One player's expected rating change: ``games`` rated games, ``score`` in them,
    ``expected`` the sum of expected scores, ``change`` = K * (score - expected)."""

    start_no: int
    name: str
    rating: int
    k: int
    games: int
    score: Fraction
    expected: Fraction
    change: Fraction | None
    note: str = ""


def estimates(t: Tournament, listed: Mapping[int, ListedPlayer | None] | None = None) -> list[Estimate]:
    """The estimate for every player of ``t``; ``listed`` maps start numbers to the list's
    row (ratings and K come from there when present)."""
    listed = listed or {}
    rating: dict[int, int] = {}
    k: dict[int, int] = {}
    for p in t.players:
        row = listed.get(p.start_no)
        rating[p.start_no] = row.rating if row is not None and row.rating else p.rating
        raw_k = str(row.k) if row is not None and row.k else p.extra.get("K", "")
        k[p.start_no] = int(raw_k) if raw_k.isdigit() else 0
    out = []
    for p in t.players:
        no, own = p.start_no, rating[p.start_no]
        games = []
        for rnd in t.rounds:
            for g in rnd.games:
                if no in g.players and g.result_for(no) in _RATED:
                    opp = g.opponent(no)
                    if rating[opp]:
                        games.append((rating[opp], _RATED[g.result_for(no)]))
        score = sum((s for _, s in games), Fraction(0))
        expected = sum((expected_score(own - r) for r, _ in games), Fraction(0)) if own else Fraction(0)
        note = ""
        if not own:
            change, note = None, "unrated: no estimate (8.2.3)"
        elif not k[no]:
            change, note = None, "K unknown (give a rating list or a K column)"
        else:
            change = rating_change(k[no], games, own)
        out.append(Estimate(no, p.name, own, k[no], len(games), score, expected, change, note))
    return out


def estimates_table(rows: Sequence[Estimate]) -> str:
    """The estimates as a plain-text table (changes to one decimal, as FIDE shows them)."""
    heads = ("No.", "Name", "Rating", "K", "Games", "Score", "Expected", "Change")
    body = []
    for e in rows:
        change = "-" if e.change is None else f"{float(e.change):+.1f}"
        body.append((str(e.start_no), e.name[:30], str(e.rating or "-"), str(e.k or "-"),
                     str(e.games), f"{float(e.score):g}", f"{float(e.expected):.2f}",
                     change + (f"  {e.note}" if e.note else "")))
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h)
              for i, h in enumerate(heads)]
    lines = ["Rating change estimate (FIDE Rating Regulations 8.3)",
             "  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in body]
    return "\n".join(lines)
