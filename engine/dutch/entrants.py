"""What the Dutch system needs to know about each player before a round.

Built once per round from the tournament history (C.04.1 general handling rules as
the FIDE-endorsed reference engine reads them):

* only games played over the board count for colours and for "have met"
  (forfeits do not, C.04.1 / C.04.3 1.6);
* a player who scored more than a loss without playing (pairing bye, full- or
  half-point bye, forfeit win) got a *downfloat* in that round (C.04.3 1.4.3); a
  played game between different scores gives the higher one a downfloat and the
  lower one an upfloat (1.4.2); a forfeit loss or an absence gives no float;
* a player who already received the pairing-allocated bye, whatever it was worth,
  or who ever scored a win's points without playing (forfeit win, full-point bye)
  may not get the pairing-allocated bye again (C.04.1 / C.04.3 C.2);
* the colour preference (C.04.3 1.6/1.7): absolute when the colour difference is
  above 1 or the last two played games had the same colour, strong when the
  difference is 1, mild otherwise; no preference before the first played game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ..model import Colour, Result, Tournament
from .baku import accelerations

__all__ = ["Entrant", "Float", "build_entrants"]


class Float:
    """Float directions (C.04.3 1.4)."""

    DOWN = "D"
    UP = "U"
    NONE = ""


@dataclass
class RoundFact:
    """One earlier round of a player, as the Dutch rules look at it."""

    opponent: int | None  # None: no opponent (bye, absent)
    colour: Colour  # colour of a game played over the board, else NONE
    played: bool  # played over the board
    paired: bool  # paired, or given the pairing-allocated bye
    points: Fraction
    #: the round has an entry for the player (a game or a bye; else absent)
    entered: bool = True


def _had_pab(f: RoundFact) -> bool:
    """The pairing-allocated bye: paired without an opponent (C.04.1, C.2)."""
    return f.paired and f.opponent is None


@dataclass
class Entrant:
    """A player to be paired, with the facts the criteria use."""

    start_no: int
    #: effective pairing number (0-based) among the players in the pairing
    rank: int
    #: score for pairing purposes (accelerated when Baku acceleration applies)
    score: Fraction
    facts: list[RoundFact]
    colours: list[Colour]  # colours of played games, oldest first
    met: set[int] = field(default_factory=set)
    preference: Colour = Colour.NONE
    imbalance: int = 0
    #: colour played in each of the last two played games, if the same, else NONE
    repeated: Colour = Colour.NONE
    strong: bool = False
    bye_eligible: bool = True
    floats: tuple[str, str] = (Float.NONE, Float.NONE)
    played_games: int = 0
    #: points before the round as :meth:`.Tournament.score` counts them (no
    #: acceleration, nothing for a round without an entry)
    points: Fraction = Fraction(0)

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        return self.imbalance > 1 or self.repeated is not Colour.NONE


def _all_facts(t: Tournament, upto: int) -> dict[int, list[RoundFact]]:
    """The :class:`RoundFact` of every player in rounds ``1 .. upto``, read in one
    pass over the rounds (a round without an entry for a player: absent)."""
    sc = t.settings.scoring
    points = {r: sc.points(r) for r in Result}
    absent = RoundFact(None, Colour.NONE, False, False, points[Result.ABSENT], entered=False)
    out = {p.start_no: [absent] * upto for p in t.players}
    white, black = Colour.WHITE, Colour.BLACK
    for n in range(1, upto + 1):
        rnd = t.round(n)
        if rnd is None:
            continue
        i = n - 1
        for g in rnd.games:
            for no, opp, res, col in ((g.white, g.black, g.white_result, white),
                                      (g.black, g.white, g.black_result, black)):
                if no in out:
                    assert res is not None  # a game's black result is set on creation
                    played = res.is_played
                    out[no][i] = RoundFact(opp, col if played else Colour.NONE, played, True,
                                           points[res])
        for b in rnd.byes:
            if b.player in out:
                out[b.player][i] = RoundFact(None, Colour.NONE, False,
                                             b.result is Result.PAIRING_BYE, points[b.result])
    return out


def _acceleration(acc: tuple[Fraction, ...], round_no: int) -> Fraction:
    """The virtual points of round ``round_no`` (Baku acceleration), 0 if none."""
    return acc[round_no - 1] if 0 < round_no <= len(acc) else Fraction(0)


def build_entrants(t: Tournament, round_no: int, players: tuple[int, ...]) -> list[Entrant]:
    """The :class:`Entrant` of every player in ``players`` for pairing ``round_no``.

    Returned in pairing order (C.04.3 1.2: score, then pairing number).
    """
    k = round_no - 1
    sc = t.settings.scoring
    facts = _all_facts(t, k)
    pairing = set(players)
    adjusted = {p.start_no for p in t.players if p.adjustments}  # TRF-2026 299

    # running[no][r]: points in the rounds before round r + 1, summed as integers in
    # units of 1/unit (a common denominator of every score) and turned into a
    # Fraction once per distinct value (exact, and fast for large fields)
    accel = accelerations(t)
    unit = math.lcm(1, *(f.points.denominator for fs in facts.values() for f in fs))
    as_fraction: dict[int, Fraction] = {}
    running: dict[int, list[Fraction]] = {}
    #: points as :meth:`.Tournament.score` counts them (rounds with an entry)
    entered: dict[int, Fraction] = {}
    for no, fs in facts.items():
        total = real = 0
        sums = [total]
        for f in fs:
            pts = f.points.numerator * (unit // f.points.denominator)
            total += pts
            if f.entered:
                real += pts
            sums.append(total)
        running[no] = [as_fraction.get(s) or as_fraction.setdefault(s, Fraction(s, unit))
                       for s in sums]
        entered[no] = as_fraction.get(real) or as_fraction.setdefault(real, Fraction(real, unit))

    def score_before(no: int, rnd: int) -> Fraction:
        """Score (with acceleration of round ``rnd``) before round ``rnd``."""
        acc = _acceleration(accel[no], rnd)
        score = running[no][rnd - 1] + acc if acc else running[no][rnd - 1]
        return score + t.adjustment(no, rnd - 1) if no in adjusted else score

    # effective pairing numbers: everyone in the pairing, and everyone who was ever
    # paired before (players sitting out the round keep their place)
    rank = 0
    ranks: dict[int, int] = {}
    for p in sorted(t.players, key=lambda p: p.start_no):
        no = p.start_no
        if no in pairing or any(f.paired for f in facts[no]):
            ranks[no] = rank
            rank += 1

    out: list[Entrant] = []
    for no in players:
        fs = facts[no]
        colours = [f.colour for f in fs if f.played]
        e = Entrant(no, ranks[no], score_before(no, round_no), fs, colours)
        e.points = entered[no] + t.adjustment(no, k) if no in adjusted else entered[no]
        e.played_games = len(colours)
        e.met = {f.opponent for f in fs if f.played and f.opponent is not None}
        whites = colours.count(Colour.WHITE)
        blacks = len(colours) - whites
        e.imbalance = abs(whites - blacks)
        lower = Colour.BLACK if whites > blacks else Colour.WHITE
        run = 0
        for c in reversed(colours):
            if c is colours[-1]:
                run += 1
            else:
                break
        last = colours[-1] if colours else Colour.NONE
        if e.imbalance > 1:
            e.preference = lower
        elif run > 1:
            e.preference = last.opposite
        elif e.imbalance > 0:
            e.preference = lower
        elif run:
            e.preference = last.opposite
        e.repeated = last if run > 1 else Colour.NONE
        e.strong = not e.absolute and e.imbalance > 0
        e.bye_eligible = not any(_had_pab(f) or ((not f.played) and f.points >= sc.win)
                                 for f in fs)
        fl = []
        for back in (1, 2):
            r = round_no - back
            if r < 1:
                fl.append(Float.NONE)
                continue
            f = fs[r - 1]
            if not f.played:
                # 1.4.3: scoring more than a loss without playing is a downfloat;
                # a forfeit loss or an absence is no float at all (1.4.2 needs a game)
                fl.append(Float.DOWN if f.points > sc.loss else Float.NONE)
                continue
            mine = score_before(no, r)
            theirs = score_before(f.opponent, r) if f.opponent is not None else mine
            fl.append(Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE)
        e.floats = (fl[0], fl[1])
        out.append(e)
    # by score (each distinct score once: Fractions are slow to compare), then rank
    place = {s: i for i, s in enumerate(sorted({e.score for e in out}, reverse=True))}
    out.sort(key=lambda e: (place[e.score], e.rank))
    return out
