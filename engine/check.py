"""Check a finished (or running) tournament against its pairing rules.

``check_tournament`` re-pairs every paired round from the tournament's own history
-- the results of the rounds before it and the byes requested for it (``H``,
``Z``, ``F``, absences), exactly what the arbiter had when he paired -- with the
tournament's system (or the one named), and compares board by board with what was
actually played.  This is what arbiters and rating officers use to verify a
tournament paired by hand or by another program.

Colours count: a board with the right players but swapped colours is a difference.
The order of the boards does not (board order is presentation, C.04.2).

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(system="dutch", rounds=1, initial_colour=Colour.WHITE))
>>> for n in (1, 2, 3, 4): t.add_player(Player(n, f"P{n}"))
>>> t.rounds.append(Round(1, (Game(1, 3, Result.WIN), Game(4, 2, Result.DRAW))))
>>> check_tournament(t)
[]
>>> t.rounds[0] = Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW)))
>>> print(check_tournament(t)[0])
round 1: differs from the dutch rules
  board 1: rules 1-3, file 1-2
  board 2: rules 4-2, file 3-4
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .i18n import Message, tr
from .model import Bye, Colour, Result, Round, Tournament
from .pairing import (
    NoPairingPossible,
    PairingError,
    canonical_system,
    get_system,
    pair_round,
    system_facts,
)

__all__ = ["BoardDifference", "RoundDifference", "check_tournament", "repair_rounds"]


@dataclass(frozen=True)
class BoardDifference:
    """One board of the rules' pairing that the file does not have.

    ``expected`` is (white, black) by the rules, or ``(player, 0)`` for a
    pairing-allocated bye; ``actual`` is what the file has for the same white player
    (or bye player): (white, black), ``(player, 0)`` for a bye, ``None`` when he was
    not paired at all.
    """

    board: int
    expected: tuple[int, int]
    actual: tuple[int, int] | None

    def __str__(self) -> str:
        def fmt(pair: tuple[int, int] | None) -> Message | str:
            if pair is None:
                return tr("not paired")
            return tr("{player} bye", player=pair[0]) if pair[1] == 0 else f"{pair[0]}-{pair[1]}"

        if self.expected[1] == 0:
            return str(tr("bye: rules {rules}, file {file}", rules=fmt(self.expected),
                          file=fmt(self.actual)))
        return str(tr("board {board}: rules {rules}, file {file}", board=self.board,
                      rules=fmt(self.expected), file=fmt(self.actual)))


@dataclass(frozen=True)
class RoundDifference:
    """A round whose pairing differs from the rules (or that the rules cannot pair)."""

    round: int
    system: str
    boards: tuple[BoardDifference, ...] = ()
    #: set when the rules find no legal pairing, or the round cannot be re-paired
    error: str | None = None

    def __str__(self) -> str:
        if self.error is not None:
            return str(tr("round {round}: {problem}", round=self.round, problem=self.error))
        lines = [str(tr("round {round}: differs from the {system} rules", round=self.round,
                        system=self.system))]
        lines += [f"  {b}" for b in self.boards]
        return "\n".join(lines)


def _history_for(t: Tournament, round_no: int) -> Tournament:
    """``t`` as it stood when ``round_no`` was paired.

    A game that was pending then is pending again (the result came in later, so the
    pairing could not know it: NSF-5, SSF-3, DSU-1), and the round list it was paired
    from is the one written then (DSU-7).  The requested byes of the round stay, and so does every absence: a player the
    round does not name at all (a blank round in TRF) was not paired in it, so the
    rules leave him out too (as the reference engine's checker does).
    """
    work = t.copy()
    kept = t.rounds_known_at(round_no)  # a late result as it stood then (issue 26)
    rnd = t.round(round_no)
    pre = tuple(b for b in rnd.byes if b.result is not Result.PAIRING_BYE) if rnd else ()
    if rnd is not None:
        named = rnd.players
        pre += tuple(Bye(p.start_no, Result.ABSENT) for p in t.players
                     if p.start_no not in named and p.plays_in(round_no))
    work.rounds = kept + [Round(round_no, (), pre, paired_from=rnd.paired_from if rnd else ())]
    return work


def _first_round_colour(t: Tournament, system: str) -> Colour:
    if t.settings.initial_colour is not Colour.NONE:
        return t.settings.initial_colour
    if system_facts(system).infers_initial_colour:
        return get_system(system).initial_colour(t)  # type: ignore[attr-defined]
    return Colour.NONE


def _compare(number: int, system: str, rules: Round, actual: Round) -> RoundDifference | None:
    played = {g.white: (g.white, g.black) for g in actual.games}
    played.update({g.black: (g.white, g.black) for g in actual.games})
    for b in actual.byes:
        if b.result is Result.PAIRING_BYE:
            played[b.player] = (b.player, 0)
    diffs: list[BoardDifference] = []
    for i, g in enumerate(rules.games, 1):
        if played.get(g.white) != (g.white, g.black):
            diffs.append(BoardDifference(i, (g.white, g.black), played.get(g.white)))
    for b in rules.byes:
        if b.result is Result.PAIRING_BYE and played.get(b.player) != (b.player, 0):
            diffs.append(BoardDifference(0, (b.player, 0), played.get(b.player)))
    rules_byes = {b.player for b in rules.byes if b.result is Result.PAIRING_BYE}
    for b in actual.byes:
        if b.result is Result.PAIRING_BYE and b.player not in rules_byes:
            where = next(((g.white, g.black) for g in rules.games if b.player in g.players), None)
            if where is not None:
                board = 1 + [g.players for g in rules.games].index(where)
                if not any(d.expected == where for d in diffs):
                    diffs.append(BoardDifference(board, where, (b.player, 0)))
    if not diffs:
        return None
    return RoundDifference(number, system, tuple(diffs))


def repair_rounds(t: Tournament, system: str | None = None, *, every_round: bool = False
                  ) -> Iterator[tuple[Round, Round | PairingError]]:
    """Re-pair every paired round of ``t`` from its own history, in round order:
    (the round as played, the rules' round or the :class:`.PairingError` that
    stopped it).  With ``every_round`` also a round that holds only requested byes
    (the reference engine's checker looks at every round the file has).
    :func:`check_tournament` and the reference checker's report (``monrad-bbp -c``)
    are both built on it."""
    name = canonical_system(system or t.settings.system)
    base = t.copy()
    base.settings = t.settings.replace(initial_colour=_first_round_colour(t, name))
    for rnd in sorted(t.rounds, key=lambda r: r.number):
        if not (rnd.is_paired or (every_round and rnd.players)):
            continue
        work = _history_for(base, rnd.number)
        try:
            yield rnd, pair_round(work, name, round_no=rnd.number)
        except PairingError as exc:
            yield rnd, exc


def check_tournament(t: Tournament, system: str | None = None) -> list[RoundDifference]:
    """Re-pair every paired round of ``t`` from its own history and list the rounds
    whose pairing differs from the rules (empty list: the tournament is correct).
    """
    name = canonical_system(system or t.settings.system)
    out: list[RoundDifference] = []
    for rnd, rules in repair_rounds(t, name):
        if isinstance(rules, PairingError):
            # the refusal names the round already: "round 4: " is said once (any language)
            reason = str(rules).removeprefix(str(tr("round {round}: {problem}",
                                                    round=rnd.number, problem="")))
            error = (tr("no valid pairing exists: {reason}", reason=reason)
                     if isinstance(rules, NoPairingPossible)
                     else tr("cannot be paired again: {reason}", reason=reason))
            out.append(RoundDifference(rnd.number, name, error=str(error)))
            continue
        diff = _compare(rnd.number, name, rules, rnd)
        if diff is not None:
            out.append(diff)
    return out
