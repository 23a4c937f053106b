"""What the Danish rating needs of an event (issue 41 item 2): ``monrad export FILE
--to dsu`` writes every game that counts for DSU's rating as one row of a CSV file in
DSU's own way of writing one (``;``, Windows-1252, Danish headers):

``Runde;Bord;Hvid DSU-nr;Hvid;Hvid rating;Sort DSU-nr;Sort;Sort rating;Resultat``

Only games played over the board count (DSU's rating regulations, section 2: results
against rated opponents); forfeits, byes and games marked unrated (TRF ``W``/``D``/``L``)
are left out.  A player without a DSU number is named in a warning: the rating officer
needs the number to find the member.  DSU takes results in through its own tournament
system, not as a file; the CSV is what is typed in (or imported where DSU allows it),
read by a person (docs/ratings.md, "National lists").
"""

from __future__ import annotations

from ...engine.i18n import ntr
from ...engine.model import Result, Tournament
from .csv_format import write_table

__all__ = ["HEADER", "dsu_report"]

HEADER = ("Runde", "Bord", "Hvid DSU-nr", "Hvid", "Hvid rating", "Sort DSU-nr", "Sort",
          "Sort rating", "Resultat")
_RESULTS = {Result.WIN: "1-0", Result.DRAW: "½-½", Result.LOSS: "0-1"}


def dsu_report(t: Tournament, label: str = "DSU", warnings: list[str] | None = None) -> bytes:
    """The rows above as Windows-1252 bytes (a character Windows-1252 lacks is written
    ``?`` and named in a warning)."""
    players = {p.start_no: p for p in t.players}
    rows = []
    missing: set[int] = set()
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        for board, g in enumerate(rnd.games, 1):
            if g.white_result not in _RESULTS:
                continue
            w, b = players[g.white], players[g.black]
            missing |= {p.start_no for p in (w, b) if not p.national_id}
            rows.append([rnd.number, board, w.national_id, w.name, w.national_rating or "",
                         b.national_id, b.name, b.national_rating or "",
                         _RESULTS[g.white_result]])
    if missing and warnings is not None:
        names = tuple(f"{players[n].name} ({n})" for n in sorted(missing))
        warnings.append(str(ntr("{file}: {n} player has no DSU number: {names}",
                                "{file}: {n} players have no DSU number: {names}",
                                len(names), file=label, names=names)))
    text = write_table(HEADER, rows, delimiter=";", warnings=warnings, label=label)
    data = text.encode("cp1252", errors="replace")
    if data.count(b"?") != text.count("?") and warnings is not None:
        lost = sorted({c for c in text if c.encode("cp1252", errors="replace") == b"?" and c != "?"})
        warnings.append(str(ntr("{file}: {n} character Windows-1252 cannot hold is written ?: "
                                "{chars}", "{file}: {n} characters Windows-1252 cannot hold are "
                                "written ?: {chars}", len(lost), file=label, chars=tuple(lost))))
    return data
