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
from ..i18n import Message, tr
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
    #: why, in words (a :class:`~monrad.engine.i18n.Message`, rendered where it is shown)
    explanation: Message | str = ""

    def with_rounds(self, rounds: int) -> FormatAdvice:
        """The same advice with the organiser's own number of rounds.

        A round robin's round count is fixed by the table; a Swiss may be given any
        count from 1 to ``players - 1`` (the advice's options are the usual ones).
        """
        if self.system != "othello-swiss":
            if rounds != self.rounds:
                raise ValueError(str(tr(
                    "a {system} of {players} players has {rounds} rounds, not {asked}",
                    system=self.system, players=self.players, rounds=self.rounds, asked=rounds)))
            return self
        if not 1 <= rounds < self.players:
            raise ValueError(str(tr(
                "a Swiss of {players} players can have 1..{most} rounds, not {asked}",
                players=self.players, most=self.players - 1, asked=rounds)))
        explanation = self.explanation if rounds in self.round_options else tr(
            "{advice} (the organiser chose {rounds}; OTH-1 suggests {options})",
            advice=self.explanation, rounds=rounds, options=_either(self.round_options))
        return FormatAdvice(
            self.players, self.system, rounds, self.round_options,
            {**self.options, "rounds": rounds, "mbq_c": Fraction(64, rounds)}, explanation,
        )

    def settings(self, base: Settings | None = None) -> Settings:
        """Tournament settings for the advice (1/½/0 match points, OTH-7; ``options["game"]``)."""
        base = base or Settings()
        return base.replace(system=self.system, rounds=self.rounds, scoring=Scoring.classic(),
                            options={**base.options, "game": "othello"})


def advise_format(players: int, game: str = "othello") -> FormatAdvice:
    """The OTH-1 format for ``players`` entries of ``game`` (only ``othello`` is defined)."""
    if game.strip().lower() != "othello":
        raise ValueError(str(tr("format advice is defined for Othello (OTH-1), not for {game!r}",
                                game=game)))
    if players < 2:
        raise ValueError(str(tr("a tournament needs at least 2 players, not {players}",
                                players=players)))
    if players <= 5:
        rounds = 2 * rounds_in_cycle(players)
        return _advice(players, "double-round-robin", rounds, (rounds,),
                       tr("{players} players: double round robin, everyone meets everyone "
                          "twice with colours reversed ({rounds} rounds; OTH-1, OTH-2)",
                          players=players, rounds=rounds))
    if players <= 8:
        rounds = rounds_in_cycle(players)
        return _advice(players, "round-robin", rounds, (rounds,),
                       tr("{players} players: round robin by the Berger tables ({rounds} "
                          "rounds; OTH-1)", players=players, rounds=rounds))
    if players <= 20:
        options: tuple[int, ...] = (7, 9)
    elif players < 28:
        options = (9, 11)
    else:
        options = (9, 11, 13)
    values = {"players": players, "options": _either(options), "proposed": options[0]}
    return _advice(
        players, "othello-swiss", options[0], options,
        tr("{players} players: Othello Swiss of {options} rounds, proposed {proposed}; 13 rounds "
           "is the Nordic championship format (OTH-1); MBQ constant C = 64/rounds (OTH-8)",
           **values) if 13 in options else
        tr("{players} players: Othello Swiss of {options} rounds, proposed {proposed} (OTH-1); "
           "MBQ constant C = 64/rounds (OTH-8)", **values),
    )


def _either(options: tuple[int, ...]) -> Message | str:
    """``7 or 9``, ``9, 11 or 13`` in the reader's language."""
    if len(options) == 1:
        return str(options[0])
    return tr("{some} or {last}", some=", ".join(map(str, options[:-1])), last=options[-1])


def _advice(players: int, system: str, rounds: int, options: tuple[int, ...],
            text: Message) -> FormatAdvice:
    opts: dict[str, object] = {"system": system, "rounds": rounds, "scoring": "classic"}
    if system == "othello-swiss":
        opts["mbq_c"] = Fraction(64, rounds)
    return FormatAdvice(players, system, rounds, options, opts, text)
