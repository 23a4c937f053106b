"""monrad's own small sheet in a club's workbook (``monrad``): what the first press
learned, so the next press -- and every other command reading the file (``monrad
check``, ``explain``, ``standings``, ``convert``) -- knows it too.

Two columns, a key and its value, from row 3 (row 1 is a title in the workbook's
language):

* ``system``, ``rounds``: the pairing system and the number of rounds;
* ``standings sheet``: the sheet monrad writes the standings to;
* ``paired by monrad``: the last round monrad paired (only such a round is re-paired);
* ``paired around 3``: the games of earlier rounds still to be played when round 3 was
  paired, ``2: 15-12 postponed; 2: 7-9 adjourned`` (start numbers, White first), so
  that a result typed in later does not change what round 3 was paired from
  (:attr:`~monrad.engine.model.Round.paired_around`; NSF-5, SSF-3, DSU-1; issue 26).

The keys are English on purpose: the sheet is monrad's notebook, read by monrad.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ...engine.i18n import tr
from ...engine.model import Pending, PendingGame, Round
from .. import layout as L
from ..errors import InputError
from ..workbook.binding import CellValue, WorkbookBinding, WorkbookReader

__all__ = ["BLOCK", "KEYS", "paired_around_value", "read_block", "read_paired_around",
           "write_block"]

#: the sheet's name
BLOCK = "monrad"
#: the keys every block has (``paired around N`` rows follow them)
KEYS = ("system", "rounds", "standings sheet", "paired by monrad")
_AROUND = re.compile(r"paired around (\d+)$")
_GAME = re.compile(r"^\s*(\d+)\s*:\s*(\d+)\s*-\s*(\d+)\s+(postponed|adjourned)\s*$")


def read_block(book: WorkbookReader) -> dict[str, str]:
    """The block's keys and values (lower-case keys; empty when there is no block)."""
    if BLOCK not in book.sheet_names():
        return {}
    last_row, _ = book.used_size(BLOCK)
    out: dict[str, str] = {}
    for key, value, *_ in book.read_range(BLOCK, 3, 1, max(last_row, 3), 2):
        if not isinstance(key, str) or value in (None, ""):
            continue
        k = key.strip().lower()
        if k in KEYS or _AROUND.match(k):
            out[k] = str(value).strip()
    return out


def paired_around_value(rnd: Round) -> str:
    """``2: 15-12 postponed; 2: 7-9 adjourned`` for :attr:`Round.paired_around`."""
    return "; ".join(f"{p.round}: {p.white}-{p.black} {p.kind.value}" for p in rnd.paired_around)


def read_paired_around(block: Mapping[str, str], source: str = "") -> dict[int, tuple[PendingGame, ...]]:
    """Round -> the games pending when it was paired, from the ``paired around N`` rows."""
    out: dict[int, tuple[PendingGame, ...]] = {}
    for key, value in block.items():
        m = _AROUND.match(key)
        if m is None:
            continue
        n = int(m.group(1))
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


def write_block(book: WorkbookBinding, block: Mapping[str, str], lang: str) -> None:
    """Write the block (the sheet is monrad's own and written whole)."""
    if BLOCK not in book.sheet_names():
        book.add_sheet(BLOCK)
    around = sorted((k for k in block if _AROUND.match(k)),
                    key=lambda k: int(k.rsplit(" ", 1)[1]))
    rows: list[list[CellValue]] = [[key, block.get(key)] for key in (*KEYS, *around)]
    last_row, _ = book.used_size(BLOCK)
    if last_row > 2 + len(rows):
        book.clear_range(BLOCK, 3 + len(rows), 1, last_row, 2)
    book.write_range(BLOCK, 1, 1, [[L.layout_for(lang).text("club_block")]])
    book.style_range(BLOCK, 1, 1, 1, 1, bold=True)
    book.write_range(BLOCK, 3, 1, rows)
    book.set_column_widths(BLOCK, {1: 20, 2: 28})
