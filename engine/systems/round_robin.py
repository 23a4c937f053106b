"""Round robin (all-play-all) by the FIDE Berger tables (C.05 Annex 1, OTH-1, OTH-2).

Every round is read from the table (:mod:`monrad.engine.berger`); nothing depends on
results, so any round can be paired at any time.  Pairing numbers are the players'
places on the roster in start-number order (the draw fixed the start numbers), so
start numbers ``1 .. n`` are pairing numbers ``1 .. n``.

* Odd number of players: the dummy's opponent has the bye (a pairing bye).
* A player not to be paired this round (withdrawn, late, absent, requested bye):
  his scheduled opponent has no game; he gets a pairing bye too (**Decision**:
  the table is never re-paired, so that every later round stays as published).
* Colours and board order are the table's (OTH-2: "everyone gets Black about as
  often as White" - the Berger table alternates colours).
* Round numbers beyond the table raise :class:`~monrad.engine.pairing.PairingError`.

**Othello (OTH-5):** the player named first in a pairing plays Black.  In an Othello
event (``options["game"] == "othello"``, set by the format advisor) the table's
first-named player therefore plays Black, so the printed table reads the same in
an Othello listing (Black first) as in a chess one (White first).  The model keeps
chess colours.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..berger import berger_round, double_round_robin_round, rounds_in_cycle
from ..i18n import ptr, tr
from ..model import Bye, Game, Round, Tournament
from ..pairing import PairingError, SystemFacts

__all__ = ["RoundRobinSystem", "SYSTEM", "pairing_numbers", "schedule"]


def pairing_numbers(tournament: Tournament) -> dict[int, int]:
    """Start number -> Berger pairing number (place on the roster, 1-based)."""
    return {p.start_no: i for i, p in enumerate(sorted(tournament.players, key=lambda p: p.start_no), 1)}


def schedule(tournament: Tournament, round_no: int, *, double: bool = False) -> tuple[tuple[int, int | None], ...]:
    """The table's boards of ``round_no`` as (White, Black) start numbers.

    ``None`` stands for the dummy (the other player has the bye).
    """
    numbers = pairing_numbers(tournament)
    n = len(numbers)
    if n < 2:
        raise PairingError(tr("a round robin needs at least 2 players, the roster has {n}", n=n))
    by_number = {v: k for k, v in numbers.items()}
    total = rounds_in_cycle(n) * (2 if double else 1)
    if not 1 <= round_no <= total:
        raise PairingError(
            tr("a double round robin of {n} players has rounds 1..{total}; round {round} does "
               "not exist", n=n, total=total, round=round_no) if double else
            tr("a round robin of {n} players has rounds 1..{total}; round {round} does not exist",
               n=n, total=total, round=round_no))
    swap = bool(tournament.settings.options.get("swap_last_two", True))
    boards = (
        double_round_robin_round(n, round_no, swap_last_two=swap) if double else berger_round(n, round_no)
    )
    return tuple((by_number.get(w), by_number.get(b)) for w, b in boards)  # type: ignore[misc]


@dataclass(frozen=True)
class RoundRobinSystem:
    """Single (``double=False``) or double round robin pairing system."""

    name: str = "round-robin"
    double: bool = False

    @property
    def facts(self) -> SystemFacts:
        """C.07 round-robin defaults (direct encounter, Sonneborn-Berger, wins, Koya)."""
        title = (ptr("system name", "double round robin") if self.double
                 else ptr("system name", "round robin"))
        return SystemFacts(title=title, tiebreaks=("DE", "SB", "WIN", "KS"), round_robin=True,
                           aliases=("drr",) if self.double else ("rr", "berger"))

    def rounds(self, players: int) -> int:
        """Number of rounds for ``players`` entrants."""
        return rounds_in_cycle(players) * (2 if self.double else 1)

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        """Read round ``round_no`` off the Berger table for ``players`` (see module doc)."""
        playing = set(players)
        othello = str(tournament.settings.options.get("game", "")).lower() == "othello"
        games: list[Game] = []
        byes: list[Bye] = []
        for white, black in schedule(tournament, round_no, double=self.double):
            w_in = white is not None and white in playing
            b_in = black is not None and black in playing
            if w_in and b_in:
                first, second = white, black
                games.append(Game(second, first) if othello else Game(first, second))  # type: ignore[arg-type]
            elif w_in:
                byes.append(Bye(white))
            elif b_in:
                byes.append(Bye(black))  # type: ignore[arg-type]
        return Round(round_no, tuple(games), tuple(byes))


SYSTEM = RoundRobinSystem()

