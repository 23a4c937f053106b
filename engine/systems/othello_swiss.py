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
   completed.  This is the top-down Monrad procedure of NSF-9D (MON-3,
   :func:`monrad.engine.monrad.procedure.top_down`) with the nearest-first candidate
   order; its perfect-matching test (:mod:`monrad.engine.cardinality`) replaces
   exponential backtracking.
   **Decision** (the source is silent): when no complete pairing without a rematch
   exists (late rounds of a short field: 9 players, 9 rounds), the round is paired
   anyway, allowing pairs that met once (then twice ...), preferring players met
   fewer times.  Setting ``options["othello_rematches"] = "never"`` refuses such a
   round instead (:class:`~monrad.engine.pairing.NoPairingPossible`).  The bye is
   never relaxed: when every player of an odd field has had it, there is no legal
   pairing (:class:`~monrad.engine.monrad.procedure.NoByeCandidate`).
4. **Colours** afterwards: the player with fewer Blacks gets Black; equal: the
   colours alternate from the last game in which they differed; still equal (e.g.
   round 1): the higher-placed player gets Black on odd boards and White on even
   boards.  OTH-5: Black is named first in every Othello listing.
5. **Boards** in the order the pairs were made (highest-placed pair on board 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..cardinality import Matcher
from ..i18n import ptr, tr
from ..model import Bye, Colour, Game, Result, Round, Tournament
from ..monrad.procedure import NoByeCandidate, lowest_first_tiers, no_bye_candidate, top_down
from ..othello.mbq import OthelloDataError, standings
from ..pairing import NoPairingPossible, PairingError, SystemFacts
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
    black: History | None
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
    #: OTH-7: match points, then MBQ, discs, lot
    facts: ClassVar[SystemFacts] = SystemFacts(title=ptr("system name", "Othello Swiss"), game="othello", tiebreaks=("MBQ", "DISCS", "LOT"),
                                               aliases=("othello",))

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        order = pairing_order(tournament, players, round_no - 1)
        hist = histories(tournament, upto=round_no - 1)
        index = {p: i for i, p in enumerate(order)}
        # per list position: how often he met each other position (forfeits count)
        met: list[dict[int, int]] = [{} for _ in order]
        for i, p in enumerate(order):
            for rec in hist[p].records:
                j = index.get(rec.opponent) if rec.opponent is not None else None
                if j is not None:
                    met[i][j] = met[i].get(j, 0) + 1
        forbidden: list[set[int]] = [set() for _ in order]
        for pair in tournament.settings.forbidden_pairs(round_no):
            a, b = (index.get(p) for p in pair)
            if a is not None and b is not None:
                forbidden[a].add(b)
                forbidden[b].add(a)
        mode = str(tournament.settings.options.get("othello_rematches", "when-needed"))
        if mode not in ("when-needed", "never"):
            raise PairingError(tr("option othello_rematches must be 'when-needed' or 'never', "
                                  "not {mode!r}", mode=mode))
        tiers = lowest_first_tiers([hist[p].byes for p in order])
        if len(order) % 2 and not tiers:
            reason = no_bye_candidate(len(order))
            raise NoByeCandidate(reason, tr("round {round}: {reason} (OTH-9)", round=round_no,
                                            reason=reason))
        if mode == "never":  # no rematch
            attempts = [0]
        else:  # pairs met once, then twice ... (the bye stays at most once)
            attempts = list(range(max(len(tournament.rounds), 1) + 1))
        for max_meetings in attempts:
            rnd = self._pair(order, hist, met, forbidden, round_no, max_meetings, tiers)
            if rnd is not None:
                return rnd
        raise NoPairingPossible(tr(
            "round {round}: the {n} players cannot all be paired without a rematch (with the "
            "bye at most once each)", round=round_no, n=len(order)))

    @staticmethod
    def _pair(order: list[int], hist: dict[int, History], met: list[dict[int, int]],
              forbidden: list[set[int]], round_no: int, max_meetings: int,
              tiers: list[list[int]]) -> Round | None:
        """One attempt: pairs may have met ``max_meetings`` times; the bye from ``tiers``.

        Positions are places in ``order``.
        """

        def may_meet(i: int, j: int) -> bool:
            return met[i].get(j, 0) <= max_meetings and j not in forbidden[i]

        def nearest(top: int, m: Matcher) -> list[int]:
            # nearest first, players met fewer times before those met more often (stable)
            return sorted((j for j in m.alive() if j != top), key=lambda j: met[top].get(j, 0))

        try:
            plan = top_down(len(order), may_meet, nearest, bye="before", bye_tiers=tiers)
        except NoPairingPossible:
            return None
        games: list[Game] = []
        for top, other in plan.pairs:
            white, black = choose_colours(hist[order[top]], hist[order[other]], len(games) + 1)
            games.append(Game(white, black))
        byes = (Bye(order[plan.bye], Result.PAIRING_BYE),) if plan.bye is not None else ()
        return Round(round_no, tuple(games), byes)


SYSTEM = OthelloSwiss()
