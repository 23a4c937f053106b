"""Match points, discs and the Mixed Brightwell Quotient (OTH-6, OTH-7, OTH-8), exactly.

MBQ after a round = the player's total discs (a bye counts ``Settings.bye_discs[0]``,
40) + C x the sum of his opponents' match points (a bye adds no opponent).  C is
``Settings.mbq_c``, by default 64 / rounds, and kept as a :class:`~fractions.Fraction`.

This module is the one place that says what a round is worth in discs: the
othello-swiss pairing orders by it (OTH-9) and the tie-break codes ``MBQ`` and
``DISCS`` of :mod:`monrad.engine.tiebreaks` are computed by it (``BQ`` reads its disc
counts too), so the pairing order and the printed standings always agree.

**Decisions** (the source is silent):

* a forfeit counts as a bye for the winner (40 discs, no opponent points; OTH-6
  treats a game not played because the opponent withdrew as a bye) unless a disc
  count was entered; the forfeit loser gets 0 discs and no opponent points;
* a half-point bye counts 32 discs: half a win, as a drawn board is 32-32 (OTH-6's
  Decision) and a full bye a win of 40 (OTH-8); a zero-point bye or absence 0;
* a played game without a disc count is an error (:class:`OthelloDataError`) naming
  round and board, so that MBQ is never silently wrong; unfinished games count
  nothing yet; an opponent not on the roster adds no match points.

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(system="othello-swiss", rounds=4))
>>> for n in (1, 2, 3): t.add_player(Player(n, f"P{n}"))
>>> t.rounds.append(Round(1, (Game(2, 1, Result.LOSS, Result.WIN, 20, 44),), (Bye(3),)))
>>> [(r.player, r.points, r.discs, r.mbq) for r in standings(t)]
[(1, Fraction(1, 1), 44, Fraction(44, 1)), (3, Fraction(1, 1), 40, Fraction(40, 1)), (2, Fraction(0, 1), 20, Fraction(36, 1))]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from ..i18n import LocalizedError, tr
from ..model import Bye, Game, Result, Tournament

__all__ = [
    "OthelloDataError",
    "StandingRow",
    "disc_records",
    "mbq_constant",
    "mbq_values",
    "standings",
]


class OthelloDataError(LocalizedError, ValueError):
    """Tournament data that Othello scoring cannot use (one line, names round and board)."""


@dataclass(frozen=True)
class StandingRow:
    """One player's Othello standing after some round."""

    player: int
    points: Fraction
    discs: int
    opponents_points: Fraction
    mbq: Fraction
    rating: int = 0
    #: final place (1-based); equal for players a lot has not separated
    place: int = 0


def mbq_constant(tournament: Tournament, played: int | None = None) -> Fraction:
    """C of OTH-8: ``Settings.mbq_c``, else 64 / rounds.

    Without a number of rounds, ``played`` (the rounds counted, for standings of an
    event whose length was never set) stands in for it; with neither it is an error.
    """
    s = tournament.settings
    if s.mbq_c is not None:
        return Fraction(s.mbq_c)
    if s.rounds:
        return Fraction(64, s.rounds)
    if played:
        return Fraction(64, played)
    raise OthelloDataError(tr("MBQ needs the number of rounds or the setting Othello C"))


def disc_records(tournament: Tournament, upto: int | None = None) -> dict[int, list[tuple[int, int, int | None]]]:
    """Per player: (round, discs, opponent or None) for every round that counts for MBQ.

    The opponent is given when his match points count (a finished game over the
    board against a player on the roster, OTH-8).
    """
    win_discs = tournament.settings.bye_discs[0]
    out: dict[int, list[tuple[int, int, int | None]]] = {p.start_no: [] for p in tournament.players}
    for rnd in tournament.rounds:
        if upto is not None and rnd.number > upto:
            break
        for board, g in enumerate(rnd.games, 1):
            _game_records(out, rnd.number, board, g, win_discs)
        for b in rnd.byes:
            if b.player in out:
                out[b.player].append((rnd.number, _bye_discs(b, win_discs), None))
    return out


def mbq_values(records: Mapping[int, list[tuple[int, int, int | None]]], points: Mapping[int, Fraction],
               c: Fraction) -> dict[int, tuple[int, Fraction, Fraction]]:
    """Per player: (discs, the opponents' match points, MBQ) from :func:`disc_records`.

    ``points`` are the match points the opponents are credited with (OTH-8).
    """
    out: dict[int, tuple[int, Fraction, Fraction]] = {}
    for player, recs in records.items():
        discs = sum(d for _, d, _ in recs)
        opp = sum((points[o] for _, _, o in recs if o is not None), Fraction(0))
        out[player] = (discs, opp, discs + c * opp)
    return out


def _bye_discs(bye: Bye, win_discs: int) -> int:
    if bye.result in (Result.PAIRING_BYE, Result.FULL_BYE):
        return win_discs
    if bye.result is Result.HALF_BYE:
        return 32
    return 0


def _game_records(out: dict, number: int, board: int, g: Game, win_discs: int) -> None:
    if not g.is_finished:
        return
    has_discs = g.white_discs is not None and g.black_discs is not None
    for me in g.players:
        if me not in out:
            continue
        res = g.result_for(me)
        if res.is_forfeit:
            if has_discs:
                out[me].append((number, g.discs_for(me), None))
            else:
                out[me].append((number, win_discs if res is Result.FORFEIT_WIN else 0, None))
            continue
        if not has_discs:
            raise OthelloDataError(tr(
                "round {round} board {board} ({black}-{white}): no disc count entered",
                round=number, board=board, black=g.black, white=g.white))
        opp = g.opponent(me)
        out[me].append((number, g.discs_for(me), opp if opp in out else None))


def standings(tournament: Tournament, upto: int | None = None) -> list[StandingRow]:
    """Every player's row, ordered by match points, MBQ, discs (OTH-7), rating, start number.

    (The othello-swiss pairing orders by match points, MBQ, rating: OTH-9.)
    """
    c = mbq_constant(tournament)
    points = tournament.scores(upto)
    values = mbq_values(disc_records(tournament, upto), points, c)
    rows = [StandingRow(p.start_no, points[p.start_no], *values[p.start_no], p.rating) for p in tournament.players]
    rows.sort(key=lambda r: (-r.points, -r.mbq, -r.discs, -r.rating, r.player))
    return rows
