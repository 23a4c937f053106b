"""What the Monrad systems need to know about each player before a round.

The four systems read the same results differently (MON-1, MON-2, NSF-5, NSF-12B/C,
SSF-3, SSF-7, DSU-1, DSU-5/6, SKOL-6), so :class:`Conventions` says how, and
:func:`collect` walks the rounds once and returns a :class:`Facts` per player.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ..i18n import Message, ptr, tr
from ..model import Colour, Game, Pending, Result, Round, Tournament
from ..pairing import PairingError

__all__ = ["Conventions", "Facts", "check_results_in", "collect", "points_known_at",
           "running_points"]


@dataclass(frozen=True)
class Conventions:
    """How one system turns results into pairing facts.

    ``forfeit_is_meeting``: a forfeit counts as a meeting (MON-1; not in DSU).
    ``forfeit_keeps_colour``: a forfeit keeps the paired colours in the colour
    history (MON-1, NSF-12C; not in DSU).  ``bye_is_white``: a pairing bye counts as
    a game with White (NSF-12B, SSF-7; not DSU-8, SKOL-6).  ``withdrawal_wo_white``: a
    walkover because the paired opponent withdrew counts as White for the winner
    (SSF-7).  ``adjourned_wins_both``: for the round list an adjourned game counts as
    won by both (SSF-3); otherwise every pending game counts as a draw (NSF-5, DSU-1).
    """

    forfeit_is_meeting: bool = True
    forfeit_keeps_colour: bool = True
    bye_is_white: bool = False
    withdrawal_wo_white: bool = False
    adjourned_wins_both: bool = False


@dataclass
class Facts:
    """One player's facts after the rounds before the one being paired."""

    player: int
    #: points for the round list (pending games per NSF-5 / SSF-3 / DSU-1)
    points: Fraction = Fraction(0)
    #: colour history in order, as the system counts it (byes as White where they count)
    colours: list[Colour] = field(default_factory=list)
    #: opponent -> (meetings, own colour in the latest meeting)
    met: dict[int, tuple[int, Colour]] = field(default_factory=dict)
    #: pairing-allocated byes received
    byes: int = 0
    #: walkover wins (NSF-12A treats them like a bye)
    forfeit_wins: int = 0

    @property
    def whites(self) -> int:
        return sum(1 for c in self.colours if c is Colour.WHITE)

    @property
    def blacks(self) -> int:
        return sum(1 for c in self.colours if c is Colour.BLACK)


class _Units:
    """Points as whole multiples of the scoring's common denominator (fast sums)."""

    def __init__(self, tournament: Tournament, conv: Conventions) -> None:
        scoring = tournament.settings.scoring
        values = [scoring.points(r) for r in Result] + [scoring.win, scoring.draw]
        unit = 1
        for v in values:
            unit = unit * v.denominator // math.gcd(unit, v.denominator)
        self.unit = unit
        self.by_result = {r: int(scoring.points(r) * unit) for r in Result}
        self.win = int(scoring.win * unit)
        self.draw = int(scoring.draw * unit)
        self.conv = conv
        self.withdrawn = {p.start_no: p.withdrawn_after for p in tournament.players}

    def game(self, game: Game, me: int) -> int:
        res = game.result_for(me)
        if res is Result.PENDING or game.pending is not None:
            if self.conv.adjourned_wins_both and game.pending is Pending.ADJOURNED:
                return self.win
            return self.draw
        return self.by_result[res]

    def withdrew_by(self, player: int, round_no: int) -> bool:
        w = self.withdrawn.get(player)
        return w is not None and w <= round_no


def collect(tournament: Tournament, before_round: int,
            conv: Conventions = Conventions()) -> dict[int, Facts]:
    """Facts of every player after the rounds numbered below ``before_round``."""
    out = {p.start_no: Facts(p.start_no) for p in tournament.players}
    units = _Units(tournament, conv)
    total = dict.fromkeys(out, 0)
    for rnd in tournament.rounds:
        if rnd.number >= before_round:
            break
        for b in rnd.byes:
            f = out.get(b.player)
            if f is None:
                continue
            total[b.player] += units.by_result[b.result]
            if b.result is Result.PAIRING_BYE:
                f.byes += 1
                if conv.bye_is_white:
                    f.colours.append(Colour.WHITE)
        for g in rnd.games:
            _add_game(units, rnd.number, g, out, total)
    for p, f in out.items():
        f.points = Fraction(total[p], units.unit)
    for pl in tournament.players:  # TRF-2026 299: bonus and penalty points count
        if pl.adjustments:
            out[pl.start_no].points += tournament.adjustment(pl.start_no, before_round - 1)
    return out


def running_points(tournament: Tournament, upto: int, conv: Conventions) -> list[dict[int, Fraction]]:
    """Round-list points of every player after rounds 0, 1, .. ``upto`` (one pass)."""
    units = _Units(tournament, conv)
    current = {p.start_no: 0 for p in tournament.players}
    by_number = {r.number: r for r in tournament.rounds}
    out = [{p: Fraction(0) for p in current}]
    for k in range(1, upto + 1):
        rnd = by_number.get(k)
        if rnd is not None:
            for g in rnd.games:
                for me in g.players:
                    if me in current:
                        current[me] += units.game(g, me)
            for b in rnd.byes:
                if b.player in current:
                    current[b.player] += units.by_result[b.result]
        out.append({p: Fraction(v, units.unit) for p, v in current.items()})
    for pl in tournament.players:  # TRF-2026 299: bonus and penalty points count
        if pl.adjustments:
            for k, points in enumerate(out):
                points[pl.start_no] += tournament.adjustment(pl.start_no, k)
    return out


def points_known_at(tournament: Tournament, rnd: Round | None, points: dict[int, Fraction],
                    conv: Conventions) -> dict[int, Fraction]:
    """``points`` (round-list points after the rounds before ``rnd``) as they stood when
    ``rnd`` was paired: each game it was paired around counts as pending then (NSF-5,
    SSF-3, DSU-1), whatever result came in since (DSU-7)."""
    if rnd is None or not rnd.paired_around:
        return points
    units = _Units(tournament, conv)
    out = dict(points)
    for pg in rnd.paired_around:
        earlier = tournament.round(pg.round)
        now = next((g for g in earlier.games if (g.white, g.black) == (pg.white, pg.black)),
                   None) if earlier is not None else None
        if now is None:
            continue
        then = Game(pg.white, pg.black, pending=pg.kind)
        for me in now.players:
            if me in out:
                out[me] += Fraction(units.game(then, me) - units.game(now, me), units.unit)
    return out


def _add_game(units: _Units, number: int, game: Game, out: dict[int, Facts],
              total: dict[int, int]) -> None:
    conv = units.conv
    forfeit = game.white_result.is_forfeit or game.black_result.is_forfeit  # type: ignore[union-attr]
    for me, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
        f = out.get(me)
        if f is None:
            continue
        opp = game.black if me == game.white else game.white
        res = game.white_result if me == game.white else game.black_result
        total[me] += units.game(game, me)
        if res is Result.FORFEIT_WIN:
            f.forfeit_wins += 1
        if conv.forfeit_is_meeting or not forfeit:
            count, _ = f.met.get(opp, (0, Colour.NONE))
            f.met[opp] = (count + 1, colour)
        if forfeit:
            if res is Result.FORFEIT_WIN and conv.withdrawal_wo_white and units.withdrew_by(opp, number):
                f.colours.append(Colour.WHITE)
            elif conv.forfeit_keeps_colour:
                f.colours.append(colour)
        else:
            f.colours.append(colour)


#: what a game without a result is, in the refusal to pair past it
_STATES = {"postponed": ptr("a game", "postponed"), "adjourned": ptr("a game", "adjourned"),
           "pending": ptr("a game", "pending")}


def check_results_in(tournament: Tournament, before_round: int, *, allow_pending: bool,
                     why: Message | None = None) -> None:
    """Refuse to pair while an earlier game has no result.

    A game without any result (``UNKNOWN``) is always refused; a pending game
    (adjourned or postponed) only when ``allow_pending`` is false (NSF-11C, SKOL-0).
    """
    for rnd in tournament.rounds:
        if rnd.number >= before_round:
            break
        for board, g in rnd.unfinished_games():
            pending = g.pending is not None or g.white_result is Result.PENDING
            if pending and allow_pending:
                continue
            values = {"round": before_round, "earlier": rnd.number, "board": board,
                      "white": g.white, "black": g.black}
            if g.pending is None and not pending:
                msg = (tr("cannot pair round {round}: round {earlier} board {board} "
                          "({white}-{black}) has no result ({why})", why=why, **values)
                       if why is not None else
                       tr("cannot pair round {round}: round {earlier} board {board} "
                          "({white}-{black}) has no result", **values))
            else:
                state = _STATES[g.pending.value if g.pending is not None else "pending"]
                msg = (tr("cannot pair round {round}: round {earlier} board {board} "
                          "({white}-{black}) is {state} ({why})", why=why, state=state, **values)
                       if why is not None else
                       tr("cannot pair round {round}: round {earlier} board {board} "
                          "({white}-{black}) is {state}", state=state, **values))
            raise PairingError(msg)
