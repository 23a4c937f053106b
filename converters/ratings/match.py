"""Match a roster against a rating list, fill it in, and check it (``monrad ratings``,
the FIDE report's pre-check).

A player is found by FIDE ID; a player without one by name and birth year:

* names compare without regard to order (``Hansen, Ola`` = ``Ola Hansen``), case,
  accents or the Nordic letters' ASCII spellings (``Ødegård`` = ``Odegard`` =
  ``Oedegaard``, ``Müller`` = ``Mueller``): see :func:`name_key`;
* a birth year on the roster must agree; without one, the name must be unique in
  the list;
* two or more candidates are *ambiguous* and no candidate is *unmatched*: both are
  listed with what was found, never guessed;
* one list row fills at most one roster player: a row two roster players would take
  (two ``Hansen, Ola`` on the roster, one in the list; a FIDE ID on the roster twice)
  leaves both *ambiguous*, and a FIDE ID or national ID the list gives twice is
  *ambiguous* too (never the last row silently).

The list is streamed once; only the rows whose ID or name concerns the roster are
kept, so a 1.2-million-player list needs no more memory than a club list.
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.i18n import Message, ntr, ptr, tr
from ...engine.model import Player
from ..errors import InputError
from .lists import ListedPlayer, iter_list

__all__ = [
    "Difference",
    "Match",
    "birth_year",
    "compare",
    "filled",
    "match_list",
    "match_roster",
    "matches_table",
    "name_key",
    "roster_filter",
]

#: letters folded before accents are stripped (their ASCII spellings are folded below)
_FOLD = {"ø": "o", "æ": "ae", "å": "a", "ä": "a", "ö": "o", "ü": "u", "ß": "ss", "ð": "d",
         "þ": "th", "œ": "oe", "ł": "l", "đ": "d", "ı": "i"}
#: ASCII spellings of Nordic and German letters, folded to the plain letter
_DIGRAPHS = (("aa", "a"), ("oe", "o"), ("ae", "a"), ("ue", "u"))
_TOKEN = re.compile(r"[a-z0-9]+")
_YEAR = re.compile(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)")


def _tokens(name: str) -> list[str]:
    s = name.casefold()
    if not s.isascii():
        s = "".join(_FOLD.get(c, c) for c in s)
        s = "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))
    # the ASCII spellings of _DIGRAPHS, inline: this runs for every row of a list
    return _TOKEN.findall(s.replace("aa", "a").replace("oe", "o").replace("ae", "a")
                          .replace("ue", "u"))


def name_key(name: str) -> tuple[str, ...]:
    """The comparable form of a name: folded words in sorted order.

    >>> name_key("Ødegård, Ola") == name_key("Ola Odegard") == name_key("Oedegaard, Ola")
    True
    >>> name_key("Hansen, Ola"), name_key("Müller, Jürgen") == name_key("Mueller, Juergen")
    (('hansen', 'ola'), True)
    """
    return tuple(sorted(_tokens(name)))


def birth_year(text: str) -> int | None:
    """The year in a roster's birth field (``1990``, ``1990/05/01``, ``01.05.1990``).

    >>> birth_year("1990/05/01"), birth_year("01.05.1990"), birth_year(""), birth_year("90")
    (1990, 1990, None, None)
    """
    m = _YEAR.search(text or "")
    return int(m.group()) if m else None


@dataclass(frozen=True)
class Match:
    """What the list says about one roster player.

    ``status``: ``id`` (found by FIDE ID), ``national id`` (by the national ID of a
    national list), ``name`` (by name, unique), ``name+year`` (by
    name and birth year), ``ambiguous`` (several candidates), ``unmatched`` (none),
    ``unknown id`` (the roster's FIDE ID is not in the list).
    """

    player: Player
    status: str
    listed: ListedPlayer | None = None
    candidates: tuple[ListedPlayer, ...] = ()
    note: str = ""

    @property
    def found(self) -> bool:
        return self.listed is not None


@dataclass
class _Wanted:
    ids: dict[str, list[Player]] = field(default_factory=dict)
    national: dict[str, list[Player]] = field(default_factory=dict)
    keys: dict[tuple[str, ...], list[Player]] = field(default_factory=dict)
    tokens: set[str] = field(default_factory=set)


def _wanted(players: Sequence[Player], by_name: bool) -> _Wanted:
    want = _Wanted()
    for p in players:
        if p.fide_id.strip():
            want.ids.setdefault(p.fide_id.strip(), []).append(p)
        elif p.national_id.strip():
            want.national.setdefault(p.national_id.strip(), []).append(p)
        if not p.fide_id.strip() and by_name:
            key = name_key(p.name)
            if key:
                want.keys.setdefault(key, []).append(p)
                want.tokens.update(key)
    return want


def roster_filter(players: Sequence[Player], *, by_name: bool = True) -> Callable[[str, str], bool]:
    """``keep(fide_id, name)`` for :func:`~monrad.converters.ratings.lists.iter_list`: true
    for the rows that may concern ``players`` (their FIDE IDs, a word of their names), so
    the reader skips the rest of a 1.2-million-player list cheaply."""
    want = _wanted(players, by_name)
    ids, tokens = want.ids, want.tokens

    def keep(fide_id: str, name: str) -> bool:
        return fide_id in ids or (bool(tokens) and not tokens.isdisjoint(_tokens(name)))
    return keep


def match_roster(players: Sequence[Player], rows: Iterable[ListedPlayer], *,
                 by_name: bool = True) -> list[Match]:
    """Read ``rows`` once and match every player of ``players`` (in their order).

    ``by_name=False`` matches by FIDE ID only (the FIDE report's pre-check)."""
    want = _wanted(players, by_name)
    by_id: dict[str, list[ListedPlayer]] = {}
    by_nat: dict[str, list[ListedPlayer]] = {}
    cands: dict[tuple[str, ...], list[ListedPlayer]] = {}
    ids, keys, tokens, nat = want.ids, want.keys, want.tokens, want.national
    for row in rows:
        if row.fide_id in ids:
            by_id.setdefault(row.fide_id, []).append(row)
        if row.national_id and row.national_id in nat:
            by_nat.setdefault(row.national_id, []).append(row)
        if tokens:
            toks = _tokens(row.name)
            if not tokens.isdisjoint(toks):
                key = tuple(sorted(toks))
                if key in keys:
                    cands.setdefault(key, []).append(row)
    return _one_row_one_player([_decide(p, by_id, by_nat, cands, by_name) for p in players])


#: how firmly a status ties a roster player to a row (the firmest taker keeps it)
_FIRMNESS = {"id": 3, "national id": 2, "name+year": 1, "name": 0}


def _one_row_one_player(matches: list[Match]) -> list[Match]:
    """A list row found for two or more roster players fills at most one: the one
    matched most firmly (FIDE ID, national ID, name and birth year, name), if only one
    is; every other taker is *ambiguous*, naming the others."""
    takers: dict[tuple[int, str, str], list[int]] = {}
    for i, m in enumerate(matches):
        if m.listed is not None:
            takers.setdefault((m.listed.line, m.listed.fide_id, m.listed.national_id),
                              []).append(i)
    out = list(matches)
    for idx in takers.values():
        if len(idx) < 2:
            continue
        firmest = max(_FIRMNESS[matches[i].status] for i in idx)
        keeper = [i for i in idx if _FIRMNESS[matches[i].status] == firmest]
        keeps = keeper[0] if len(keeper) == 1 else None
        numbers = ", ".join(str(matches[i].player.start_no) for i in idx)
        for i in idx:
            m = matches[i]
            row = m.listed
            assert row is not None
            if i == keeps:
                continue
            if keeps is not None:
                note = tr("the list's only row of that name, {row}, fits player {other} "
                          "better ({how})", row=_who([row]), other=matches[keeps].player.start_no,
                          how=matches[keeps].status)
            elif m.status == "id":
                note = tr("FIDE ID {id} is on the roster {n} times (players {numbers})",
                          id=row.fide_id, n=len(idx), numbers=numbers)
            else:
                note = tr("the list has one row for {n} roster players ({numbers}): {row}; add "
                          "the birth year or the FIDE ID", n=len(idx), numbers=numbers,
                          row=_who([row]))
            out[i] = Match(m.player, "ambiguous", candidates=(row,), note=str(note))
    return out


def match_list(players: Sequence[Player], path: str | os.PathLike[str], which: str = "standard",
               mapping: Mapping[str, str] | None = None, *, by_name: bool = True) -> list[Match]:
    """Stream the rating list at ``path`` once and match ``players`` (``monrad ratings``,
    the FIDE report's pre-check); rows that cannot concern them are skipped early."""
    if not Path(path).is_file():
        raise InputError(tr('no such file'), source=str(path))
    keep = roster_filter(players, by_name=by_name)
    return match_roster(players, iter_list(path, which, mapping=mapping, keep=keep),
                        by_name=by_name)


def _who(rows: Sequence[ListedPlayer]) -> str:
    return ", ".join(f"{r.fide_id} ({r.name}, {r.birth_year or '?'})" for r in rows[:5]) + (
        f" and {len(rows) - 5} more" if len(rows) > 5 else "")


def _twice(what: Message, rows: Sequence[ListedPlayer]) -> str:
    return str(tr("{what} is listed {n} times in the list (rows at {lines})", what=what,
                  n=len(rows), lines=tuple(r.line for r in rows[:5])))


def _decide(p: Player, by_id: dict[str, list[ListedPlayer]],
            by_nat: dict[str, list[ListedPlayer]],
            cands: dict[tuple[str, ...], list[ListedPlayer]], by_name: bool) -> Match:
    fid = p.fide_id.strip()
    if fid:
        rows = by_id.get(fid, [])
        if not rows:
            return Match(p, "unknown id", note=str(tr("FIDE ID {id} is not in the list", id=fid)))
        if len(rows) > 1:
            return Match(p, "ambiguous", candidates=tuple(rows),
                         note=_twice(tr("FIDE ID {id}", id=fid), rows))
        return Match(p, "id", rows[0])
    rows = by_nat.get(p.national_id.strip(), [])
    if len(rows) > 1:
        return Match(p, "ambiguous", candidates=tuple(rows),
                     note=_twice(tr("national ID {id}", id=p.national_id.strip()), rows))
    if rows:
        return Match(p, "national id", rows[0])
    if not by_name:
        return Match(p, "unmatched", note=str(tr("no FIDE ID")))
    found = cands.get(name_key(p.name), [])
    year = birth_year(p.birth)
    if year is not None:
        same = [r for r in found if r.birth_year == year]
        if len(same) == 1:
            return Match(p, "name+year", same[0])
        if len(same) > 1:
            return Match(p, "ambiguous", candidates=tuple(same),
                         note=str(tr("{n} players of that name born {year}: {who}",
                                     n=len(same), year=year, who=_who(same))))
        if found:
            return Match(p, "unmatched", candidates=tuple(found),
                         note=str(tr("born {year} on the roster; the list has {who}",
                                     year=year, who=_who(found))))
        return Match(p, "unmatched", note=str(tr("no player of that name in the list")))
    if len(found) == 1:
        return Match(p, "name", found[0])
    if found:
        return Match(p, "ambiguous", candidates=tuple(found),
                     note=str(tr("{n} players of that name: {who}; add the birth year or the "
                                 "FIDE ID", n=len(found), who=_who(found))))
    return Match(p, "unmatched", note=str(tr("no player of that name in the list")))


def filled(m: Match, national: bool = False) -> Player:
    """The roster player with the list's data: FIDE ID, rating (when the list has one),
    title, federation, sex, birth year (a full birth date of the same year is kept) and
    K (``extra["K"]``).  ``national``: the list is a national one, its rating and ID
    go to ``national_rating`` and ``national_id``, and its club fills an empty club."""
    p, r = m.player, m.listed
    if r is None:
        return p
    changes: dict[str, object] = {}
    if r.fide_id:
        changes["fide_id"] = r.fide_id
    if r.national_id:
        changes["national_id"] = r.national_id
    if r.rating:
        changes["national_rating" if national else "rating"] = r.rating
    for fld, value in (("title", r.title), ("federation", r.federation), ("sex", r.sex)):
        if value:
            changes[fld] = value
    if r.birth_year is not None and birth_year(p.birth) != r.birth_year:
        changes["birth"] = str(r.birth_year)
    if r.k:
        changes["extra"] = {**p.extra, "K": str(r.k)}
    if national and r.club and not p.club.strip():  # a member list's club (DSU), if none
        changes["club"] = r.club
    return p.replace(**changes)


#: how a match's status reads in the table (the codes stay in the model)
_STATUS_WORDS = {"id": ptr("rating list match", "id"), "national id": ptr("rating list match", "national id"),
                 "name": ptr("rating list match", "name"),
                 "name+year": ptr("rating list match", "name+year"),
                 "ambiguous": ptr("rating list match", "ambiguous"),
                 "unmatched": ptr("rating list match", "unmatched"),
                 "unknown id": ptr("rating list match", "unknown id")}
#: the rating lists' names (``--which``)
_LIST_NAMES = {"standard": ptr("rating list", "Standard"), "rapid": ptr("rating list", "Rapid"),
               "blitz": ptr("rating list", "Blitz")}


def matches_table(matches: Sequence[Match], which: str = "standard", *,
                  national: bool = False) -> str:
    """The matches as a plain-text table and a count line."""
    heads = tuple(str(h) for h in (
        ptr("rating list column", "No."), ptr("rating list column", "Name"),
        ptr("rating list column", "match"), ptr("rating list column", "FIDE ID"),
        ptr("rating list column", "National") if national else _LIST_NAMES.get(which, which.title()),
        "K", ptr("rating list column", "Tit"), ptr("rating list column", "Fed"),
        ptr("rating list column", "Sex"), ptr("rating list column", "Born")))
    rows = []
    for m in matches:
        p, r = m.player, m.listed
        new = filled(m, national)
        old_r, new_r = ((p.national_rating, new.national_rating) if national
                        else (p.rating, new.rating))
        rating = f"{old_r or '-'} -> {new_r}" if new_r != old_r else str(old_r or "-")
        rows.append((str(p.start_no), p.name[:30], str(_STATUS_WORDS.get(m.status, m.status)),
                     new.fide_id or "-", rating,
                     str(r.k) if r and r.k else "-", new.title or "-", new.federation or "-",
                     new.sex or "-", str(birth_year(new.birth) or "-")))
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip(),
             "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
    notes = [f"{m.player.start_no} {m.player.name}: {_STATUS_WORDS.get(m.status, m.status)}: "
             f"{m.note}" for m in matches if m.note]
    if notes:
        lines += ["", *notes]
    found = sum(1 for m in matches if m.found)
    amb = sum(1 for m in matches if m.status == "ambiguous")
    lines += ["", str(ntr("{found} of {n} player found in the list; {ambiguous} ambiguous, "
                          "{missing} not found",
                          "{found} of {n} players found in the list; {ambiguous} ambiguous, "
                          "{missing} not found", len(matches), found=found, ambiguous=amb,
                          missing=len(matches) - found - amb))]
    return "\n".join(lines)


# ------------------------------------------------------------------ the FIDE report's pre-check
@dataclass(frozen=True)
class Difference:
    """One disagreement between the roster and the list (``field``: ``FIDE ID``,
    ``name``, ``birth year``, ``federation``, ``rating``)."""

    player: Player
    field: str
    roster: str
    listed: str


def compare(m: Match) -> list[Difference]:
    """Where the roster disagrees with the list: an unknown FIDE ID, another name
    (compared by :func:`name_key`), birth year, federation, or a rating that is not
    the list's (out of date)."""
    p, r = m.player, m.listed
    if m.status == "unknown id":
        return [Difference(p, "FIDE ID", p.fide_id, "not in the list")]
    if m.status == "ambiguous" and p.fide_id.strip():  # listed twice, or on the roster twice
        return [Difference(p, "FIDE ID", p.fide_id, m.note)]
    if r is None:
        return []
    out = []
    if name_key(p.name) != name_key(r.name):
        out.append(Difference(p, "name", p.name, r.name))
    year = birth_year(p.birth)
    if year is not None and r.birth_year is not None and year != r.birth_year:
        out.append(Difference(p, "birth year", str(year), str(r.birth_year)))
    if p.federation and r.federation and p.federation.upper() != r.federation:
        out.append(Difference(p, "federation", p.federation, r.federation))
    if r.rating and p.rating != r.rating:
        out.append(Difference(p, "rating", str(p.rating or "-"), f"{r.rating} (out of date)"))
    return out
