"""The Monrad / round card of a player (NSF-3, DSU-9).

Per round: opponent, own colour, own result, running total and the placement number
the player had on the round list the round was paired from.  DSU-1/DSU-9: while the
running total includes a pending (postponed or adjourned) game, counted as a draw,
it is shown in brackets; DSU-7: totals are always recomputed from the results.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction

from ..model import Result, Tournament
from ..pairing import get_system
from ..state import RoundRecord, histories

__all__ = ["CardRow", "card", "cards", "format_points"]


@dataclass(frozen=True)
class CardRow(RoundRecord):
    """One round of a card: the player's :class:`~monrad.engine.state.RoundRecord`
    (opponent, colour, result ...) and the card's own columns."""

    #: running total after this round, pending games counted as draws (DSU-1)
    total: Fraction = Fraction(0)
    #: the total includes a pending game (DSU-9: shown in brackets)
    provisional: bool = False
    #: placement number before this round (position on the round list), if paired
    placement: int | None = None

    def total_text(self) -> str:
        """The running total as written on the card: ``2½``, or ``(2½)`` if provisional."""
        text = format_points(self.total)
        return f"({text})" if self.provisional else text


def format_points(value: Fraction) -> str:
    """``Fraction(5, 2)`` -> ``2½``; other fractions as decimals."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    return f"{float(value):g}"


def card(tournament: Tournament, player: int, system: str | None = None) -> list[CardRow]:
    """The card of ``player`` for every round he has an entry in."""
    return cards(tournament, system).get(player, [])


def cards(tournament: Tournament, system: str | None = None) -> dict[int, list[CardRow]]:
    """Every player's card (start number -> rows), in one pass over the rounds: the
    histories once and each round list once, however many players."""
    impl = get_system(system or tournament.settings.system)
    prepare = getattr(impl, "prepare", None)
    t = prepare(tournament) if prepare is not None else tournament
    draw = t.settings.scoring.draw
    round_list = getattr(impl, "round_list", None)
    listed: dict[int, dict[int, int]] = {}

    def placement(rnd: int, player: int) -> int | None:
        if round_list is None:
            return None
        if rnd not in listed:
            listed[rnd] = {p: i for i, p in enumerate(round_list(t, rnd - 1), 1)}
        return listed[rnd].get(player)

    out: dict[int, list[CardRow]] = {}
    for player, history in histories(t).items():
        rows: list[CardRow] = []
        total = Fraction(0)
        provisional = False
        for rec in history.records:
            if rec.result is Result.PENDING:  # postponed or adjourned (DSU-1)
                total += draw
                provisional = True
            else:
                total += rec.points
            own = {f.name: getattr(rec, f.name) for f in fields(RoundRecord)}
            rows.append(CardRow(**own, total=total, provisional=provisional,
                                placement=placement(rec.round, player)))
        out[player] = rows
    return out
