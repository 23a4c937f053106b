"""What the four Monrad systems share: the pairing flow, Konrad, forbidden pairs, byes.

A system is a :class:`MonradSystem` subclass that says how it orders the round list,
who may meet, in which order the top player's candidates are tried, who may take the
bye and how a pair's colours are given.  :meth:`MonradSystem.pair` does the rest.

Settings read here (``Settings.options``):

* ``konrad`` (int, default 1): the Norwegian club "Konrad" variant: two players may
  meet up to this many times; on a repeat the colours of their latest game are
  reversed.  1 is the ordinary rule NSF-6A / SSF-5 / DSU-5 / SKOL-4.
* ``Settings.forbidden``: groups of players who must not meet in a round (as if met).
* ``Settings.initial_colour``: if set, the colour of the higher-placed player of
  every round-1 pair, instead of the system's own round-1 rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import SupportsInt, cast

from ..i18n import tr
from ..model import Bye, Colour, Game, Result, Round, Settings, Tournament
from ..pairing import NoPairingPossible, PairingError
from .facts import Conventions, Facts, check_results_in, collect
from .procedure import CandidateFn, NoByeCandidate, Plan, Recorder, top_down

__all__ = ["Context", "MonradRules", "MonradSystem", "konrad_limit"]


@dataclass(frozen=True)
class MonradRules:
    """The rule IDs (``SYSTEMS.md``) a system's explanation cites for each step."""

    #: how the round list is made (NSF-5, SSF-2, DSU-2, SKOL-1)
    round_list: str
    #: the top player meets the nearest he may meet (NSF-9A, SSF-5, DSU-3, SKOL-4)
    pairing: str
    #: no rematch (NSF-6A, SSF-5, DSU-5, SKOL-4)
    no_rematch: str
    #: breaking up the last pair (NSF-9D, SSF-5, DSU-4, SKOL-4; MON-3)
    break_up: str
    #: colour by the count of Whites, and on equal counts (SSF-6, DSU-6, SKOL-5)
    colour: str
    colour_equal: str
    #: the colours of round 1 (NSF-4, SSF-4, DSU-0, SKOL-2)
    first_round: str
    #: who gets the bye (NSF-12A, SSF-8, DSU-8, SKOL-3)
    bye: str


def konrad_limit(settings: Settings) -> int:
    """How many times two players may meet (``options["konrad"]``, default 1)."""
    raw = settings.options.get("konrad", 1)
    if raw is True:
        raw = 2
    if raw in (None, False, "", 0, "0"):
        raw = 1
    try:
        limit = int(cast("str | SupportsInt", raw))
    except (TypeError, ValueError):
        raise PairingError(tr("setting konrad must be a whole number of meetings, not {value!r}",
                                 value=raw)) from None
    if limit < 1:
        raise PairingError(tr("setting konrad must be 1 or more, not {value}", value=limit))
    return limit


@dataclass
class Context:
    """Everything one round's pairing needs, positions being places on the round list."""

    tournament: Tournament
    round_no: int
    order: list[int]
    facts: dict[int, Facts]
    limit: int
    forbidden: frozenset[tuple[int, int]]
    last_round: bool = False
    #: system-specific working data of the round (NSF: colour states, relaxed mode)
    states: Sequence[object] = field(default_factory=list)
    options_fn: Callable[[int, int], tuple[int, ...]] | None = None
    relaxed: bool = False
    #: listens to the procedure when the round is being explained (off by default)
    recorder: Recorder | None = None

    def meetings(self, a: int, b: int) -> int:
        return self.facts[a].met.get(b, (0, Colour.NONE))[0]

    def repeat_colour(self, a: int, b: int) -> Colour | None:
        """Konrad: ``a``'s colour against ``b`` on a repeat (the reverse of last time)."""
        count, last = self.facts[a].met.get(b, (0, Colour.NONE))
        if count == 0 or last is Colour.NONE:
            return None
        return last.opposite

    def blocked(self) -> list[set[int]]:
        """For each list position, the positions he may not meet (met up to the limit,
        or forbidden): the fast form of :meth:`may_meet_again`."""
        index = {p: i for i, p in enumerate(self.order)}
        out: list[set[int]] = [set() for _ in self.order]
        for i, p in enumerate(self.order):
            for opp, (count, _) in self.facts[p].met.items():
                j = index.get(opp)
                if j is not None and count >= self.limit:
                    out[i].add(j)
        for a, b in self.forbidden:
            fi, fj = index.get(a), index.get(b)
            if fi is not None and fj is not None:
                out[fi].add(fj)
        return out

    def may_meet_again(self, a: int, b: int) -> bool:
        """NSF-6A, SSF-5, DSU-5, SKOL-4 (and Konrad): not met, or met fewer than the limit."""
        if (a, b) in self.forbidden:
            return False
        return self.meetings(a, b) < self.limit


class MonradSystem:
    """The common flow; subclasses fill in the system's rules."""

    name = "monrad"
    conventions = Conventions()
    rules = MonradRules("MON-4", "MON-3", "MON-1", "MON-3", "MON-3", "MON-3", "MON-3", "MON-5")
    #: MON-5 ("before") or NSF-12A ("leftover")
    bye_mode = "before"

    # --- hooks ----------------------------------------------------------------------
    def prepare(self, tournament: Tournament) -> Tournament:
        """The tournament as the system reads it (school: 3/2/1 scoring by default)."""
        return tournament

    def check_ready(self, tournament: Tournament, round_no: int) -> None:
        """Refuse a round that cannot be paired yet (missing results)."""
        check_results_in(tournament, round_no, allow_pending=True)

    def order(self, tournament: Tournament, round_no: int, players: Sequence[int],
              facts: dict[int, Facts]) -> list[int]:
        raise NotImplementedError

    def full_list(self, tournament: Tournament, round_no: int) -> list[int]:
        """The round list before ``round_no`` of everyone still in the tournament.

        For a round already paired it is the list it was paired from: as written then
        (:attr:`Round.paired_from`), else from the results as they stood then
        (:meth:`Tournament.rounds_known_at`): a result typed in later changes the
        lists of the rounds after it, never its own (DSU-7)."""
        rnd = tournament.round(round_no)
        if rnd is not None and rnd.paired_from:
            return list(rnd.paired_from)
        if rnd is not None and rnd.is_paired:
            tournament = tournament.copy()
            tournament.rounds = tournament.rounds_known_at(round_no)
        tournament = self.prepare(tournament)
        facts = collect(tournament, round_no, conv=self.conventions)
        players = [p.start_no for p in tournament.players if p.plays_in(round_no)]
        return self.order(tournament, round_no, players, facts)

    def plan(self, ctx: Context) -> Plan:
        raise NotImplementedError

    def colours(self, ctx: Context, top: int, other: int) -> tuple[int, int]:
        """(white, black) for the pair of list positions ``top`` (higher) and ``other``."""
        raise NotImplementedError

    # --- public ---------------------------------------------------------------------
    def round_list(self, tournament: Tournament, after_round: int) -> tuple[int, ...]:
        """The round list (placement order, top first) after round ``after_round``.

        It is the list the next round is paired from: NSF-5, SSF-2, DSU-2, SKOL-1.
        Withdrawn players are not on it (NSF-10, SSF-9).
        """
        return tuple(self.full_list(tournament, after_round + 1))

    def placement_numbers(self, tournament: Tournament, after_round: int) -> dict[int, int]:
        """Start number -> placement number after round ``after_round`` (DSU-2, SKOL-1)."""
        return {p: i for i, p in enumerate(self.round_list(tournament, after_round), 1)}

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...],
             recorder: Recorder | None = None) -> Round:
        """Pair ``players`` for round ``round_no`` (see :mod:`monrad.engine.pairing`);
        the round keeps the list it was paired from (:attr:`Round.paired_from`, DSU-7).

        ``recorder`` (off by default) is told every step of the procedure and gets the
        round's :class:`Context`, for :mod:`monrad.engine.explain`; the pairing is the
        same with or without it.
        """
        tournament = self.prepare(tournament)
        settings = tournament.settings
        self.check_ready(tournament, round_no)
        facts = collect(tournament, round_no, conv=self.conventions)
        missing = [p for p in players if p not in facts]
        if missing:
            raise PairingError(tr("round {round}: players {players} are not on the roster",
                                  round=round_no, players=tuple(missing)))
        # the round list of everyone in the round (absent ones too), kept with the round
        # as written (DSU-7), and the order of those to pair on it
        wanted = set(players)
        listed = self.order(tournament, round_no, [p.start_no for p in tournament.players
                                                   if p.plays_in(round_no) or p.start_no in wanted],
                            facts)
        order = [p for p in listed if p in wanted]
        forbidden = set()
        for pair in settings.forbidden_pairs(round_no):
            for a in pair:
                for b in pair:
                    if a != b:
                        forbidden.add((a, b))
        ctx = Context(tournament, round_no, order, facts, konrad_limit(settings),
                      frozenset(forbidden),
                      last_round=settings.rounds is not None and round_no >= settings.rounds,
                      recorder=recorder)
        if recorder is not None:
            recorder.context = ctx
        try:
            plan = self.plan(ctx)
        except NoByeCandidate as exc:
            raise NoByeCandidate(exc.reason, tr(
                "{system}: round {round} cannot be paired: {reason} ({rule})",
                system=self.name, round=round_no, reason=exc.reason,
                rule=self.rules.bye)) from None
        except NoPairingPossible as exc:
            raise NoPairingPossible(
                tr("{system}: round {round} cannot be paired: {problem}", system=self.name,
                   round=round_no, problem=str(exc)) if ctx.limit > 1 else
                tr("{system}: round {round} cannot be paired: {problem}; the Konrad setting "
                   "allows repeat meetings", system=self.name, round=round_no, problem=str(exc))
            ) from None
        games = []
        for top, other in plan.pairs:
            w, b = self.colours(ctx, top, other)
            games.append(Game(order[w], order[b], Result.UNKNOWN))
        byes = (Bye(order[plan.bye], Result.PAIRING_BYE),) if plan.bye is not None else ()
        return Round(round_no, tuple(games), byes, paired_from=tuple(listed))

    # --- shared helpers -----------------------------------------------------------------
    def run(self, ctx: Context, can_meet: Callable[[int, int], bool], candidates: CandidateFn,
            tiers: Sequence[Sequence[int]]) -> Plan:
        """The top-down procedure (MON-3) over ``ctx.order`` with this system's bye mode."""
        return top_down(len(ctx.order), can_meet, candidates, bye=self.bye_mode,
                        bye_tiers=tiers, recorder=ctx.recorder)
