"""The Othello format by number of entries (OTH-1), for ``monrad new --game othello``.

Swedish Grand Prix rules:

=========  ==============================================================
entries    format
=========  ==============================================================
2 - 5      double round robin (each pair meets twice, colours reversed)
6 - 8      round robin
9 - 20     Swiss of 7 or 9 rounds
21 -       Swiss of 9 or 11 rounds
28 -       Swiss of 13 rounds (Nordic championship only)
=========  ==============================================================

"It is up to the organiser to decide the exact number of rounds": the advice names
the system and proposes a number of rounds, with the alternatives; the organiser may
override it (:meth:`FormatAdvice.with_rounds`).  **Decision:** the proposal is the
smaller Swiss count (7 for 9-20 entries, 9 from 21); 13 is offered from 28 entries
as the Nordic championship format.

>>> advise_format(4, "othello").system, advise_format(4, "othello").rounds
('double-round-robin', 6)
>>> advise_format(12, "othello").round_options
(7, 9)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..berger import rounds_in_cycle
from ..model import Scoring, Settings

__all__ = ["FormatAdvice", "advise_format"]


@dataclass(frozen=True)
class FormatAdvice:
    """What OTH-1 proposes for a number of entries."""

    players: int
    system: str
    rounds: int
    #: the round counts the rules allow for this number of entries
    round_options: tuple[int, ...]
    #: settings by name for the tournament (``system``, ``rounds``, ``scoring`` ...)
    options: dict[str, object] = field(default_factory=dict)
    explanation: str = ""

    def with_rounds(self, rounds: int) -> FormatAdvice:
        """The same advice with the organiser's own number of rounds.

        A round robin's round count is fixed by the table; a Swiss may be given any
        count from 1 to ``players - 1`` (the advice's options are the usual ones).
        """
        if self.system != "othello-swiss":
            if rounds != self.rounds:
                raise ValueError(
                    f"a {self.system} of {self.players} players has {self.rounds} rounds, not {rounds}"
                )
            return self
        if not 1 <= rounds < self.players:
            raise ValueError(
                f"a Swiss of {self.players} players can have 1..{self.players - 1} rounds, not {rounds}"
            )
        note = "" if rounds in self.round_options else (
            f" (the organiser chose {rounds}; OTH-1 suggests {' or '.join(map(str, self.round_options))})"
        )
        return FormatAdvice(
            self.players, self.system, rounds, self.round_options,
            {**self.options, "rounds": rounds, "mbq_c": Fraction(64, rounds)}, self.explanation + note,
        )

    def settings(self, base: Settings | None = None) -> Settings:
        """Tournament settings for the advice (1/½/0 match points, OTH-7; ``options["game"]``)."""
        base = base or Settings()
        return base.replace(system=self.system, rounds=self.rounds, scoring=Scoring.classic(),
                            options={**base.options, "game": "othello"})


def advise_format(players: int, game: str = "othello") -> FormatAdvice:
    """The OTH-1 format for ``players`` entries of ``game`` (only ``othello`` is defined)."""
    if game.strip().lower() != "othello":
        raise ValueError(f"format advice is defined for Othello (OTH-1), not for {game!r}")
    if players < 2:
        raise ValueError(f"a tournament needs at least 2 players, not {players}")
    if players <= 5:
        rounds = 2 * rounds_in_cycle(players)
        return _advice(players, "double-round-robin", rounds, (rounds,),
                       f"{players} players: double round robin, everyone meets everyone twice "
                       f"with colours reversed ({rounds} rounds; OTH-1, OTH-2)")
    if players <= 8:
        rounds = rounds_in_cycle(players)
        return _advice(players, "round-robin", rounds, (rounds,),
                       f"{players} players: round robin by the Berger tables ({rounds} rounds; OTH-1)")
    if players <= 20:
        options: tuple[int, ...] = (7, 9)
    elif players < 28:
        options = (9, 11)
    else:
        options = (9, 11, 13)
    extra = "; 13 rounds is the Nordic championship format" if 13 in options else ""
    return _advice(
        players, "othello-swiss", options[0], options,
        f"{players} players: Othello Swiss of {' or '.join(map(str, options))} rounds, "
        f"proposed {options[0]}{extra} (OTH-1); MBQ constant C = 64/rounds (OTH-8)",
    )


def _advice(players: int, system: str, rounds: int, options: tuple[int, ...], text: str) -> FormatAdvice:
    opts: dict[str, object] = {"system": system, "rounds": rounds, "scoring": "classic"}
    if system == "othello-swiss":
        opts["mbq_c"] = Fraction(64, rounds)
    return FormatAdvice(players, system, rounds, options, opts, text)
