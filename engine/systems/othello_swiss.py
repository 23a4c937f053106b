"""Othello Swiss ("PAPP"-style, OTH-9 and its Decision; OTH-5..8).

Players meet someone at about the same place in the standings:

1. **Order** by match points, then MBQ (OTH-8, exact fractions), then rating, then
   start number (:func:`pairing_order`).
2. **Bye** (odd number to pair): the lowest-placed player who has not had a pairing
   bye and without whom the others can still all be paired; at most once each.
   It scores a win with ``Settings.bye_discs`` (40-24, OTH-6).
3. **Pairs, top-down**: the highest unpaired player meets the nearest player below
   him he has not met (any earlier pairing, forfeits included, counts as a meeting;
   forbidden pairs are respected) such that the rest of the round can still be
   completed.  That guarantee comes from a maximum-matching oracle
   (:mod:`monrad.engine.othello.matching`): no exponential backtracking.
   **Decision** (the source is silent): when no complete pairing without a rematch
   and with byes at most once exists (late rounds of a short field: 9 players, 9
   rounds), the round is paired anyway, relaxing step by step: first a second bye,
   then pairs that met once (then twice ...), preferring players met fewer times.
   Setting ``options["othello_rematches"] = "never"`` refuses such a round instead
   (:class:`~monrad.engine.pairing.NoPairingPossible`).
4. **Colours** afterwards: the player with fewer Blacks gets Black; equal: the
   colours alternate from the last game in which they differed; still equal (e.g.
   round 1): the higher-placed player gets Black on odd boards and White on even
   boards.  OTH-5: Black is named first in every Othello listing.
5. **Boards** in the order the pairs were made (highest-placed pair on board 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Bye, Colour, Game, Result, Round, Tournament
from ..othello.matching import Matcher
from ..othello.mbq import OthelloDataError, standings
from ..pairing import NoPairingPossible, PairingError
from ..state import History, histories

__all__ = ["OthelloSwiss", "SYSTEM", "pairing_order", "choose_colours"]


def pairing_order(tournament: Tournament, players: tuple[int, ...], upto: int | None = None) -> list[int]:
    """``players`` in OTH-9 order after round ``upto``: match points, MBQ, rating, start number."""
    try:
        rows = {r.player: r for r in standings(tournament, upto)}
    except OthelloDataError as exc:
        raise PairingError(str(exc)) from None
    return sorted(players, key=lambda p: (-rows[p].points, -rows[p].mbq, -rows[p].rating, p))


def _blacks(h: History) -> int:
    return h.count(Colour.BLACK)


def choose_colours(higher: History, lower: History, board: int) -> tuple[int, int]:
    """(White, Black) for a pair; ``higher`` is the higher-placed player (OTH-9 Decision)."""
    hb, lb = _blacks(higher), _blacks(lower)
    if hb != lb:
        black = higher if hb < lb else lower
    else:
        hc, lc = higher.colours, lower.colours
        black = None
        for a, b in zip(reversed(hc), reversed(lc)):
            if a != b:
                # alternate: whoever had White last (where they differ) gets Black
                black = higher if a is Colour.WHITE else lower
                break
        if black is None:
            black = higher if board % 2 == 1 else lower
    white = lower if black is higher else higher
    return white.player, black.player


@dataclass(frozen=True)
class OthelloSwiss:
    """The othello-swiss pairing system."""

    name: str = "othello-swiss"

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        order = pairing_order(tournament, players, round_no - 1)
        hist = histories(tournament, upto=round_no - 1)
        forbidden = tournament.settings.forbidden_pairs(round_no)
        meetings: dict[frozenset[int], int] = {}
        for h in hist.values():
            for rec in h.records:
                if rec.opponent is not None and rec.opponent > h.player:
                    key = frozenset((h.player, rec.opponent))
                    meetings[key] = meetings.get(key, 0) + 1
        mode = str(tournament.settings.options.get("othello_rematches", "when-needed"))
        if mode not in ("when-needed", "never"):
            raise PairingError(f"option othello_rematches must be 'when-needed' or 'never', not {mode!r}")
        levels = [(0, False)]
        if mode == "when-needed":
            levels += [(0, True)] + [(k, True) for k in range(1, max(len(tournament.rounds), 1) + 1)]
        for max_meetings, extra_byes in levels:
            rnd = self._pair(order, hist, forbidden, meetings, round_no, max_meetings, extra_byes)
            if rnd is not None:
                return rnd
        raise NoPairingPossible(
            f"round {round_no}: the {len(order)} players cannot all be paired without a rematch "
            "(with the bye at most once each)"
        )

    @staticmethod
    def _pair(order: list[int], hist: dict[int, History], forbidden: frozenset[frozenset[int]],
              meetings: dict[frozenset[int], int], round_no: int, max_meetings: int,
              extra_byes: bool) -> Round | None:
        """One attempt: pairs may have met ``max_meetings`` times; byes beyond one if ``extra_byes``."""

        def met(i: int, j: int) -> int:
            return meetings.get(frozenset((order[i], order[j])), 0)

        def may_meet(i: int, j: int) -> bool:
            return met(i, j) <= max_meetings and frozenset((order[i], order[j])) not in forbidden

        matcher = Matcher(len(order), may_meet)
        byes: list[Bye] = []
        if len(order) % 2 == 1:
            candidates = [i for i in range(len(order) - 1, -1, -1) if extra_byes or not hist[order[i]].byes]
            candidates.sort(key=lambda i: hist[order[i]].byes)  # stable: lowest first within a bye count
            for i in candidates:
                trial = Matcher(len(order), may_meet)
                if trial.remove(i):
                    matcher = trial
                    byes.append(Bye(order[i], Result.PAIRING_BYE))
                    break
            else:
                return None
        if not matcher.perfect():
            return None
        games: list[Game] = []
        left = [i for i in range(len(order)) if i in matcher.alive]
        while left:
            top = left[0]
            # nearest first, players met fewer times before those met more often
            for other in sorted(left[1:], key=lambda j: met(top, j)):
                if matcher.can_pair(top, other):
                    matcher.take(top, other)
                    white, black = choose_colours(hist[order[top]], hist[order[other]], len(games) + 1)
                    games.append(Game(white, black))
                    left.remove(top)
                    left.remove(other)
                    break
            else:  # cannot happen while the matching is perfect
                raise NoPairingPossible(f"round {round_no}: player {order[top]} cannot be paired")
        return Round(round_no, tuple(games), tuple(byes))


SYSTEM = OthelloSwiss()
