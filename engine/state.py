"""Derived state after any round: scores, colour histories, opponents met, byes had.

This is computed in one pass over the rounds, so every pairing system and tie-break
starts from the same facts.  What counts as a *meeting* or as a *colour* for a forfeit
differs between systems (MON-1, C.04.1); :class:`History` keeps the raw facts per
round and lets the caller choose.

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(rounds=2))
>>> for n in (1, 2, 3): t.add_player(Player(n, f"P{n}"))
>>> t.rounds.append(Round(1, (Game(1, 2, Result.WIN),), (Bye(3),)))
>>> h = histories(t)
>>> h[1].score, h[1].colours, h[3].byes
(Fraction(1, 1), (<Colour.WHITE: 'w'>,), 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .model import Bye, Colour, Game, Result, Tournament

__all__ = ["RoundRecord", "History", "histories"]


@dataclass(frozen=True)
class RoundRecord:
    """What happened to one player in one round."""

    round: int
    opponent: int | None
    colour: Colour
    result: Result
    points: Fraction
    #: the player's score before this round
    score_before: Fraction
    #: the opponent's score before this round (None without opponent)
    opponent_score_before: Fraction | None = None
    discs: int | None = None
    opponent_discs: int | None = None


@dataclass
class History:
    """A player's facts after some round (see :func:`histories`)."""

    player: int
    records: list[RoundRecord] = field(default_factory=list)
    score: Fraction = Fraction(0)

    @property
    def colours(self) -> tuple[Colour, ...]:
        """Colours of games played over the board, in order (C.04.1: forfeits excluded)."""
        return tuple(r.colour for r in self.records if r.result.is_played)

    @property
    def opponents(self) -> frozenset[int]:
        """Everyone he was paired with, forfeits included."""
        return frozenset(r.opponent for r in self.records if r.opponent is not None)

    @property
    def byes(self) -> int:
        """Pairing-allocated byes received."""
        return sum(1 for r in self.records if r.result is Result.PAIRING_BYE)

    @property
    def wins(self) -> int:
        """Games won over the board."""
        return sum(1 for r in self.records if r.result in (Result.WIN, Result.UNRATED_WIN))

    def count(self, colour: Colour) -> int:
        """Games played with ``colour``."""
        return sum(1 for c in self.colours if c is colour)


def histories(tournament: Tournament, upto: int | None = None) -> dict[int, History]:
    """Every player's :class:`History` after round ``upto`` (default: all rounds).

    Players with no entry in a round get no record for it.
    """
    scoring = tournament.settings.scoring
    out = {p.start_no: History(p.start_no) for p in tournament.players}
    for rnd in tournament.rounds:
        if upto is not None and rnd.number > upto:
            break
        before = {n: h.score for n, h in out.items()}
        entries: tuple[Game | Bye, ...] = (*rnd.games, *rnd.byes)
        for entry in entries:
            if isinstance(entry, Bye):
                h = out.get(entry.player)
                if h is None:
                    continue
                pts = scoring.points(entry.result)
                h.records.append(
                    RoundRecord(rnd.number, None, Colour.NONE, entry.result, pts, before[entry.player])
                )
                h.score += pts
                continue
            _add_game(out, before, rnd.number, entry, scoring)
    for pl in tournament.players:  # TRF-2026 299: bonus and penalty points count
        if pl.adjustments:
            out[pl.start_no].score += tournament.adjustment(pl.start_no, upto)
    return out


def _add_game(out: dict[int, History], before: dict[int, Fraction], number: int, game: Game, scoring) -> None:
    for me, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
        h = out.get(me)
        if h is None:
            continue
        opp = game.opponent(me)
        res = game.result_for(me)
        pts = scoring.points(res)
        h.records.append(
            RoundRecord(
                number, opp, colour, res, pts, before[me], before.get(opp),
                game.discs_for(me), game.discs_for(opp),
            )
        )
        h.score += pts
