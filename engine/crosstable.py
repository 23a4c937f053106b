"""Crosstables and pairing lists: the tables an arbiter prints, as plain values.

* :func:`crosstable` -- Swiss/Monrad form: one row per player in final order, per
  round the opponent's *rank*, own colour and own result (``12w1``), then points
  and tie-breaks (the :class:`~monrad.engine.standings.Standings` passed in).
* :func:`square_table` -- round robin: the square table, players in final order,
  cell ``[i][j]`` the results of row player ``i`` against column player ``j``
  (two for a double round robin), the diagonal empty; for at most
  :data:`SQUARE_MAX_PLAYERS` players (a larger field gets the crosstable by round,
  whose size grows with the games: issue 40 item 4).
* :func:`board_list` -- a round's pairings by board, Othello with Black named first
  (OTH-2.1, OTH-5); :func:`alphabetical_list` -- the same round by player name
  (name, board, colour, opponent), the list players look for their name in.

Results are marks of the game result, not of the scoring (``1``, ``½``, ``0``;
``+``/``-`` a forfeit; a bye: ``+`` pairing-allocated or full, ``½`` half, ``0``
zero, ``-`` absent; ``*`` pending, empty while unknown).

>>> from monrad.engine.model import *
>>> from monrad.engine.standings import standings
>>> t = Tournament(settings=Settings(system="round-robin", rounds=1))
>>> for n in (1, 2): t.add_player(Player(n, f"P{n}"))
>>> t.rounds.append(Round(1, (Game(2, 1, Result.WIN),)))
>>> [c.text() for c in crosstable(t, standings(t, []))[0].cells]
['2w1']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from .collation import sort_key
from .model import Bye, Colour, Game, Result, Round, Tournament
from .pairing import is_othello
from .standings import Standings
from .tiebreaks import Value

__all__ = [
    "MARKS",
    "SQUARE_MAX_PLAYERS",
    "AlphaLine",
    "BoardLine",
    "CrossCell",
    "CrossRow",
    "alphabetical_list",
    "board_list",
    "crosstable",
    "square_table",
]

#: the mark of each result in a crosstable cell
MARKS: Mapping[Result, str] = {
    Result.WIN: "1", Result.UNRATED_WIN: "1", Result.DRAW: "½", Result.UNRATED_DRAW: "½",
    Result.LOSS: "0", Result.UNRATED_LOSS: "0", Result.FORFEIT_WIN: "+",
    Result.FORFEIT_LOSS: "-", Result.UNKNOWN: "", Result.PENDING: "*",
    Result.PAIRING_BYE: "+", Result.FULL_BYE: "+", Result.HALF_BYE: "½",
    Result.ZERO_BYE: "0", Result.ABSENT: "-",
}


#: the most players a square crosstable holds: it has players x players cells whatever
#: was played (a round robin of 3,000 players and 7 rounds: 9 million cells, 3.6 GB and
#: minutes for the standings; a printed square is legible up to about 30)
SQUARE_MAX_PLAYERS = 100


@dataclass(frozen=True)
class CrossCell:
    """One round of one player: opponent (start number and final rank), colour, result."""

    round: int
    opponent: int | None
    opponent_rank: int | None
    colour: Colour
    result: Result

    @property
    def mark(self) -> str:
        return MARKS[self.result]

    def text(self, letters: Mapping[Colour, str] | None = None) -> str:
        """``12w1`` (rank 12, White, won); a bye or absence is its mark alone.
        ``letters``: the colours' letters in the reader's language (``12h1`` in
        Norwegian, issue 26 item 11); default FIDE's ``w``/``b``."""
        if self.opponent is None:
            return self.mark
        letter = letters[self.colour] if letters is not None else self.colour.value
        return f"{self.opponent_rank}{letter}{self.mark}"


@dataclass(frozen=True)
class CrossRow:
    """One player's row: rank, points and tie-breaks from the standings, and the rounds."""

    rank: int
    shared: bool
    start_no: int
    name: str
    points: Fraction
    values: Mapping[str, Value]
    cells: tuple[CrossCell | None, ...]


def _cell(rnd: int, player: int, entry: Game | Bye | None, rank: Mapping[int, int]) -> CrossCell | None:
    if entry is None:
        return None
    if isinstance(entry, Bye):
        return CrossCell(rnd, None, None, Colour.NONE, entry.result)
    opp = entry.opponent(player)
    return CrossCell(rnd, opp, rank.get(opp), entry.colour_of(player), entry.result_for(player))


def crosstable(t: Tournament, table: Standings) -> tuple[CrossRow, ...]:
    """The Swiss crosstable after round ``table.upto``, rows in the standings' order.

    The opponent is named by his *final position* (his row), as crosstables do; a
    shared rank is the row's position, so every number points at one row."""
    position = {r.start_no: i for i, r in enumerate(table.rows, 1)}
    rounds = [r for r in t.rounds if r.number <= table.upto]
    out = []
    for row in table.rows:
        cells = tuple(_cell(r.number, row.start_no, r.entry(row.start_no), position) for r in rounds)
        out.append(CrossRow(row.rank, row.shared, row.start_no, row.name, row.points,
                            row.values, cells))
    return tuple(out)


def square_table(t: Tournament, table: Standings) -> tuple[tuple[str, ...], ...]:
    """The round-robin square: ``out[i][j]`` the marks of row ``i`` against row ``j``
    in round order (``"1"``, ``"½ 0"`` in a double round robin), ``""`` on the
    diagonal or where they have not met (yet).  At most :data:`SQUARE_MAX_PLAYERS`
    rows (a ``ValueError`` beyond: the caller shows :func:`crosstable` instead)."""
    order = [r.start_no for r in table.rows]
    if len(order) > SQUARE_MAX_PLAYERS:
        raise ValueError(f"{len(order)} players: more than a square crosstable holds "
                         f"({SQUARE_MAX_PLAYERS})")
    index = {p: i for i, p in enumerate(order)}
    marks: list[list[list[str]]] = [[[] for _ in order] for _ in order]
    for rnd in t.rounds:
        if rnd.number > table.upto:
            break
        for g in rnd.games:
            if g.white in index and g.black in index:
                w, b = index[g.white], index[g.black]
                marks[w][b].append(MARKS[g.white_result])
                marks[b][w].append(MARKS[g.black_result])  # type: ignore[index]
    return tuple(tuple(" ".join(m for m in cell if m) for cell in row) for row in marks)


@dataclass(frozen=True)
class BoardLine:
    """One line of a pairing list by board: the first-named player (White in chess,
    Black in Othello, OTH-5) and the second; a bye has no board and no second."""

    board: int | None
    first: int
    first_points: Fraction
    second: int | None
    second_points: Fraction | None
    result: str
    bye: Result | None = None


def _result_text(g: Game, othello: bool) -> str:
    if g.white_result is Result.UNKNOWN:
        return ""
    if othello:
        if g.black_discs is not None and g.white_discs is not None:
            return f"{g.black_discs}-{g.white_discs}"
        return f"{MARKS[g.black_result]}-{MARKS[g.white_result]}"  # type: ignore[index]
    return f"{MARKS[g.white_result]}-{MARKS[g.black_result]}"  # type: ignore[index]


def board_list(t: Tournament, rnd: Round) -> tuple[BoardLine, ...]:
    """Boards in board order (points before the round), then the byes (absent left out)."""
    before = t.scores(rnd.number - 1)
    othello = is_othello(t.settings)
    lines = []
    for board, g in enumerate(rnd.games, 1):
        first, second = (g.black, g.white) if othello else (g.white, g.black)
        lines.append(BoardLine(board, first, before.get(first, Fraction(0)), second,
                               before.get(second, Fraction(0)), _result_text(g, othello)))
    for b in rnd.byes:
        if b.result is not Result.ABSENT:
            lines.append(BoardLine(None, b.player, before.get(b.player, Fraction(0)), None, None,
                                   MARKS[b.result], b.result))
    return tuple(lines)


@dataclass(frozen=True)
class AlphaLine:
    """One player of the alphabetical list: his board, colour and opponent."""

    player: int
    board: int | None
    colour: Colour
    opponent: int | None
    bye: Result | None = None


def alphabetical_list(t: Tournament, rnd: Round, lang: str | None = None) -> tuple[AlphaLine, ...]:
    """Every player with an entry in ``rnd`` (absent ones left out), sorted by name in
    the alphabetical order of ``lang`` (Swedish ... Z, Å, Ä, Ö; Danish and Norwegian ...
    Z, Æ, Ø, Å; English by the base letter: :mod:`monrad.engine.collation`)."""
    names = {p.start_no: p.name for p in t.players}
    lines = []
    for board, g in enumerate(rnd.games, 1):
        for p in g.players:
            lines.append(AlphaLine(p, board, g.colour_of(p), g.opponent(p)))
    for b in rnd.byes:
        if b.result is not Result.ABSENT:
            lines.append(AlphaLine(b.player, None, Colour.NONE, None, b.result))
    return tuple(sorted(lines, key=lambda a: (sort_key(names.get(a.player, ""), lang), a.player)))
