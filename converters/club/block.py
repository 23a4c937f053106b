"""monrad's own small sheet in a club's workbook (``monrad``): what the first press
learned, so the next press -- and every other command reading the file (``monrad
check``, ``explain``, ``standings``, ``convert``) -- knows it too.

Two columns, a label and its value, from row 3 (row 1 is a title in the workbook's
language).  The block is read as a dict with these keys:

* ``system``, ``rounds``: the pairing system and the number of rounds;
* ``standings sheet``: the sheet monrad writes the standings to;
* ``paired by monrad``: the last round monrad paired (only such a round is re-paired);
* ``round dates``: the date of each round, ``2026/01/08, 2026/01/15`` (filled when a
  round is paired, read by every export: TRF 132, the FIDE report);
* ``paired around 3``: the games of earlier rounds still to be played when round 3 was
  paired, ``2: 15-12 postponed; 2: 7-9 adjourned`` (start numbers, White first), so
  that a result typed in later does not change what round 3 was paired from
  (:attr:`~monrad.engine.model.Round.paired_around`; NSF-5, SSF-3, DSU-1; issue 26);
* ``round list 3``: the round list round 3 was paired from, ``9 1 4 6 11 7``
  (start numbers, placement 1 first; :attr:`~monrad.engine.model.Round.paired_from`,
  DSU-7).

The sheet shows each key in the workbook's language (:data:`LABELS`, issue 37: ``runder``,
``tabellark``, ``rundeliste, runde 3``); a label in any of the four languages is read,
and so are the English ones of the workbooks monrad wrote before.  The values are
monrad's own notation in every language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...engine.i18n import tr
from ...engine.model import Pending, PendingGame, Round
from .. import layout as L
from ..errors import InputError
from ..workbook.binding import CellValue, WorkbookBinding, WorkbookReader

__all__ = ["BLOCK", "KEYS", "LABELS", "paired_around_value", "paired_from_value", "read_block",
           "read_paired_around", "read_paired_from", "write_block"]

#: the sheet's name
BLOCK = "monrad"
#: the keys every block has (``round dates`` and the rows of each round follow them)
KEYS = ("system", "rounds", "standings sheet", "paired by monrad")
#: the label of each key on the sheet, per language (``{n}``: a round number).  Words of
#: a file format, like the sheet names of :mod:`monrad.converters.layout`: a label once
#: written must stay readable, so they are kept here, not in the catalogs.
LABELS: dict[str, dict[str, str]] = {
    "system": {"en": "system", "no": "system", "sv": "system", "da": "system"},
    "rounds": {"en": "rounds", "no": "runder", "sv": "ronder", "da": "runder"},
    "standings sheet": {"en": "standings sheet", "no": "tabellark", "sv": "ställningsblad",
                        "da": "stillingsark"},
    "paired by monrad": {"en": "paired by monrad", "no": "runde satt opp av monrad",
                         "sv": "rond lottad av monrad", "da": "runde parret af monrad"},
    "round dates": {"en": "round dates", "no": "rundedatoer", "sv": "ronddatum",
                    "da": "rundedatoer"},
    "paired around {n}": {"en": "paired around {n}", "no": "uferdig ved oppsett av runde {n}",
                          "sv": "ej färdigspelat vid lottning av rond {n}",
                          "da": "ikke færdigspillet ved parring af runde {n}"},
    "round list {n}": {"en": "round list {n}", "no": "rundeliste, runde {n}",
                       "sv": "placeringslista, rond {n}", "da": "placeringsliste, runde {n}"},
}
#: the rows of one round, in this order after the keys
_PER_ROUND = ("paired around {n}", "round list {n}")
_GAME = re.compile(r"^\s*(\d+)\s*:\s*(\d+)\s*-\s*(\d+)\s+(postponed|adjourned)\s*$")


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def _label_patterns() -> list[tuple[re.Pattern[str], str]]:
    """(a label in any language as a pattern, its key) for every label."""
    out = []
    for key, labels in LABELS.items():
        for label in set(labels.values()):
            pattern = re.escape(_norm(label)).replace(re.escape("{n}"), r"(\d+)")
            out.append((re.compile(pattern + "$"), key))
    return out


_PATTERNS = _label_patterns()


def _key(label: str) -> str | None:
    """The key of a label in any language (``rundeliste, runde 3`` -> ``round list 3``)."""
    text = _norm(label)
    for pattern, key in _PATTERNS:
        m = pattern.match(text)
        if m is not None:
            return key.format(n=int(m.group(1))) if m.groups() else key
    return None


def read_block(book: WorkbookReader) -> dict[str, str]:
    """The block's keys and values (empty when there is no block)."""
    if BLOCK not in book.sheet_names():
        return {}
    last_row, _ = book.used_size(BLOCK)
    out: dict[str, str] = {}
    for label, value, *_ in book.read_range(BLOCK, 3, 1, max(last_row, 3), 2):
        if not isinstance(label, str) or value in (None, ""):
            continue
        key = _key(label)
        if key is not None:
            out[key] = str(value).strip()
    return out


def paired_around_value(rnd: Round) -> str:
    """``2: 15-12 postponed; 2: 7-9 adjourned`` for :attr:`Round.paired_around`."""
    return "; ".join(f"{p.round}: {p.white}-{p.black} {p.kind.value}" for p in rnd.paired_around)


def paired_from_value(rnd: Round) -> str:
    """``9 1 4 6 11 7`` for :attr:`Round.paired_from`."""
    return " ".join(map(str, rnd.paired_from))


def _rows_of(block: Mapping[str, str], key: str) -> dict[int, tuple[str, str]]:
    """Round -> (label, value) of the ``{key} N`` rows."""
    head = key.replace(" {n}", " ")
    return {int(k[len(head):]): (k, v) for k, v in block.items()
            if k.startswith(head) and k[len(head):].isdigit()}


def read_paired_around(block: Mapping[str, str], source: str = "") -> dict[int, tuple[PendingGame, ...]]:
    """Round -> the games pending when it was paired, from the ``paired around N`` rows."""
    out: dict[int, tuple[PendingGame, ...]] = {}
    for n, (key, value) in _rows_of(block, "paired around {n}").items():
        games = []
        for part in value.split(";"):
            g = _GAME.match(part)
            if g is None or not 0 < int(g.group(1)) < n:
                raise InputError(tr("the {key!r} row of sheet {sheet!r} says {value!r}; expected "
                                    "e.g. '2: 15-12 postponed'", key=key, sheet=BLOCK, value=value),
                                 source=source, sheet=BLOCK)
            games.append(PendingGame(int(g.group(1)), int(g.group(2)), int(g.group(3)),
                                     Pending(g.group(4))))
        out[n] = tuple(games)
    return out


def read_paired_from(block: Mapping[str, str], known: set[int], source: str = "",
                     ) -> dict[int, tuple[int, ...]]:
    """Round -> the round list it was paired from, from the ``round list N`` rows."""
    out: dict[int, tuple[int, ...]] = {}
    for n, (key, value) in _rows_of(block, "round list {n}").items():
        tokens = value.split()
        listed = tuple(int(x) for x in tokens if x.isdigit())
        if len(listed) != len(tokens) or len(set(listed)) != len(listed) \
                or not set(listed) <= known:
            raise InputError(tr("the {key!r} row of sheet {sheet!r} says {value!r}; expected "
                                "the start numbers of the round list, e.g. '9 1 4 6'",
                                key=key, sheet=BLOCK, value=value), source=source, sheet=BLOCK)
        out[n] = listed
    return out


def write_block(book: WorkbookBinding, block: Mapping[str, str], lang: str) -> None:
    """Write the block (the sheet is monrad's own and written whole), each key under
    its label in ``lang``."""
    if BLOCK not in book.sheet_names():
        book.add_sheet(BLOCK)
    lay = L.layout_for(lang)
    labels = {key: names[lay.lang] for key, names in LABELS.items()}
    rows: list[list[CellValue]] = [[labels[key], block.get(key)] for key in KEYS]
    if block.get("round dates"):
        rows.append([labels["round dates"], block["round dates"]])
    per_round = {key: _rows_of(block, key) for key in _PER_ROUND}
    for n in sorted({n for rows_ in per_round.values() for n in rows_}):
        rows += [[labels[key].format(n=n), per_round[key][n][1]] for key in _PER_ROUND
                 if n in per_round[key]]
    last_row, _ = book.used_size(BLOCK)
    if last_row > 2 + len(rows):
        book.clear_range(BLOCK, 3 + len(rows), 1, last_row, 2)
    book.write_range(BLOCK, 1, 1, [[lay.text("club_block")]])
    book.style_range(BLOCK, 1, 1, 1, 1, bold=True)
    book.write_range(BLOCK, 3, 1, rows)
    book.set_column_widths(BLOCK, {1: 36, 2: 28})
