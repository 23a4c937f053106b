"""One line per field in the line-based formats monrad writes (TRF, CSV, WOF, klubtur).

A line break inside a field would end the record it stands in: a tournament name typed
with Alt+Enter in the Settings sheet would put its second line into a TRF file as a
record of its own (``001 ...`` there adds a player), a name with a line feed would split
a player's ``001`` record, a CSV cell on two lines breaks the round written back
(issue 30, items 11 and 12).  So every text field such a file gets is one line: each
line break in it is written as one space, and the writer says so in one warning naming
the file and the fields (``club.trf: line breaks written as spaces (TRF keeps one line per
field): the tournament name; the name of player 3``).

A line break is whatever a reader may take for one: line feed, carriage return, vertical
tab, form feed, the information separators ``\\x1c``-``\\x1e``, next line (``\\x85``),
and the Unicode line and paragraph separators (what :meth:`str.splitlines` splits on).

>>> one_line("Klubbmesterskap\\r\\n001 9999 Evil")
'Klubbmesterskap 001 9999 Evil'
>>> has_break("Ola Nordmann"), has_break("Ola\\u2028Nordmann")
(False, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from ..engine.i18n import Message, ptr, tr
from ..engine.model import Player, Tournament

__all__ = ["LINE_BREAKS", "has_break", "one_line", "one_line_tournament", "one_line_value"]

#: every character a reader may take for the end of a line
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_BREAK = re.compile("\r\n|[" + LINE_BREAKS + "]")
#: how many fields a warning names before "and N more"
_SHOWN = 5

#: a tournament header field -> how a warning names it
INFO_FIELDS: Mapping[str, Message] = {
    "name": ptr("a header field", "the tournament name"),
    "city": ptr("a header field", "the city"),
    "federation": ptr("a header field", "the federation"),
    "start_date": ptr("a header field", "the start date"),
    "end_date": ptr("a header field", "the end date"),
    "type": ptr("a header field", "the tournament type"),
    "arbiter": ptr("a header field", "the chief arbiter"),
    "deputies": ptr("a header field", "the deputy arbiters"),
    "time_control": ptr("a header field", "the time control"),
    "round_dates": ptr("a header field", "the round dates"),
}
#: a player field -> how a warning names it
PLAYER_FIELDS: Mapping[str, Message] = {
    "name": ptr("a player field", "name"), "sex": ptr("a player field", "sex"),
    "title": ptr("a player field", "title"), "federation": ptr("a player field", "federation"),
    "fide_id": ptr("a player field", "FIDE ID"), "birth": ptr("a player field", "birth date"),
    "club": ptr("a player field", "club"), "national_id": ptr("a player field", "national ID"),
}


def has_break(text: str) -> bool:
    """Whether ``text`` holds a line break."""
    return _BREAK.search(text) is not None


def one_line(text: str) -> str:
    """``text`` with each line break (CR LF counts as one) written as a space."""
    return _BREAK.sub(" ", text) if _BREAK.search(text) else text


def one_line_value(value: object) -> object:
    """``value`` with every text in it on one line (texts in lists, tuples and the keys
    and values of mappings too); anything else as it is."""
    if isinstance(value, str):
        return one_line(value)
    if isinstance(value, (list, tuple)):
        return type(value)(one_line_value(v) for v in value)
    if isinstance(value, Mapping):
        return {one_line_value(k): one_line_value(v) for k, v in value.items()}
    return value


def _player(p: Player, found: list[Message]) -> Player:
    changes: dict[str, object] = {}
    for fld, label in PLAYER_FIELDS.items():
        value = getattr(p, fld)
        if has_break(value):
            changes[fld] = one_line(value)
            found.append(tr("the {field} of player {no}", field=label, no=p.start_no))
    extra = {}
    for key, value in p.extra.items():
        if has_break(str(key)) or has_break(str(value)):
            found.append(tr("the column {column!r} of player {no}", column=one_line(str(key)),
                            no=p.start_no))
        extra[one_line(str(key))] = one_line_value(value)
    if extra != dict(p.extra):
        changes["extra"] = extra
    return p.replace(**changes) if changes else p


def one_line_tournament(t: Tournament, label: str, fmt: str,
                        warnings: list[str] | None = None, *, header: bool = True) -> Tournament:
    """``t`` with every text field on one line (a copy when something changed, else
    ``t`` itself); the fields that held a line break are named in one warning appended
    to ``warnings``: ``label`` names the file, ``fmt`` the format (``TRF``, ``CSV`` ...).
    ``header=False``: the format writes no header fields (a CSV table), so they are
    neither changed nor named."""
    found: list[Message] = []
    info: dict[str, object] = dict(t.info)
    for key, value in t.info.items() if header else ():
        clean = one_line_value(value)
        if clean != value or has_break(key):
            found.append(INFO_FIELDS.get(key) or tr("the header field {key!r}",
                                                    key=one_line(key)))
            del info[key]
        info[one_line(key)] = clean
    players = [_player(p, found) for p in t.players]
    options = one_line_value(dict(t.settings.options))
    if options != dict(t.settings.options):
        found.append(tr("a setting's value"))
    if not found:
        return t
    out = replace(t, settings=t.settings.replace(options=options), players=players,
                  info=info, rounds=list(t.rounds), extra_records=list(t.extra_records))
    if warnings is not None:
        shown = tuple(found[:_SHOWN])
        if len(found) > _SHOWN:
            shown += (tr("and {n} more", n=len(found) - _SHOWN),)
        warnings.append(str(tr("{file}: line breaks written as spaces ({format} keeps one "
                               "line per field): {fields}", file=label, format=fmt,
                               fields=shown)))
    return out
