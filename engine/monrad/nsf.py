"""NSF: the Norwegian Chess Federation's Monrad system of 1986 (NSF-1 .. NSF-12).

Round list NSF-5; top-down with breaking up of the last pair (NSF-9A..D, MON-3);
absolute rules NSF-6A (no rematch) and NSF-7A/7B (no 4th same colour in a row; at
most g/2 + 1 games of one colour, i.e. |White - Black| <= 2), which make a player leave
his score group when needed (NSF-7C); preferences NSF-6B (own score group, else as
near as possible) and NSF-8A..D inside the score group the pair is formed in; the last
round NSF-11A..C; the bye NSF-12A/B; forfeits NSF-12C (MON-1).

Candidate order for the top player (the spec's Decision under NSF-8D): his own score
group first, then the next lower groups (NSF-6B, 9B, 9C); inside a group first those
with whom neither player gets a third game in a row with one colour (8A), then those
due the opposite colour (8C), then the nearest on the list.  In the last round 7A/7B
are preferences: inside a group the pairs with the fewest 7A/7B breaches come first
(NSF-11A/B).

Settings (``Settings.options``): ``nsf_colour_fallback`` (default True): when no
pairing of a non-last round respects 7A/7B, pair it as the last round is paired
(7A/7B as preferences) instead of refusing; ``konrad`` (see :mod:`.base`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..cardinality import Matcher
from ..i18n import ptr, tr
from ..model import Colour, Tournament
from ..pairing import NoPairingPossible, PairingError, SystemFacts
from .base import Context, MonradRules, MonradSystem
from .facts import Conventions, Facts, check_results_in
from .procedure import Plan, top_down
from .roundlist import score_order

__all__ = ["ColourState", "NsfMonrad"]

W, B = 1, 2  # colour bits


class ColourState:
    """A player's NSF colour position before the round (byes count as White, NSF-12B)."""

    __slots__ = ("allowed", "breach", "diff", "due", "games", "last", "pref8b", "run", "third")

    def __init__(self, colours: Sequence[Colour]) -> None:
        games = [c for c in colours if c is not Colour.NONE]
        self.games = len(games)
        self.diff = sum(1 if c is Colour.WHITE else -1 for c in games)
        self.last = games[-1] if games else Colour.NONE
        run = 0
        for c in reversed(games):
            if c is self.last:
                run += 1
            else:
                break
        self.run = run
        # breaches of 7A / 7B if he gets White (index W) or Black (index B)
        self.breach = [0, 0, 0]
        self.third = [False, False, False]
        for bit, colour, step in ((W, Colour.WHITE, 1), (B, Colour.BLACK, -1)):
            streak = run + 1 if self.last is colour else 1
            self.breach[bit] = int(streak >= 4) + int(abs(self.diff + step) > 2)  # 7A, 7B
            self.third[bit] = streak >= 3  # 8A
        self.allowed = (W if self.breach[W] == 0 else 0) | (B if self.breach[B] == 0 else 0)
        # 8B: the colour that makes his White/Black counts as equal as possible
        self.pref8b = B if self.diff > 0 else W if self.diff < 0 else 0
        # the due colour (Decision under NSF-8D)
        if self.diff > 0:
            self.due = B
        elif self.diff < 0:
            self.due = W
        elif self.last is Colour.WHITE:
            self.due = B
        elif self.last is Colour.BLACK:
            self.due = W
        else:
            self.due = 0


class NsfMonrad(MonradSystem):
    """NSF Monrad."""

    name = "nsf"
    #: NSF-13A/B quality points, add-back, Sonneborn-Berger, lot; NSF-5 postponed games
    #: count as draws for the round list and the next round may be paired
    facts = SystemFacts(title=ptr("system name", "NSF Monrad"), tiebreaks=("NSF-QP", "NSF-AB", "MSB", "LOT"), postponed_games=True,
                        monrad_languages=("no", "en"), konrad=True)
    rules = MonradRules("NSF-5", "NSF-9A", "NSF-6A", "NSF-9D", "NSF-8B", "NSF-8D", "NSF-4", "NSF-12A")
    conventions = Conventions(
        forfeit_is_meeting=True, forfeit_keeps_colour=True, bye_is_white=True,
        withdrawal_wo_white=False, adjourned_wins_both=False,
    )
    bye_mode = "leftover"

    def check_ready(self, tournament: Tournament, round_no: int) -> None:
        """NSF-1: the number of rounds must be set; NSF-11C: last round only on finished games."""
        total = tournament.settings.rounds
        if total is None:
            raise PairingError(tr("nsf: the number of rounds must be set before pairing (NSF-1; "
                                  "it decides the last round, NSF-11)"))
        last = round_no >= total
        check_results_in(
            tournament, round_no, allow_pending=not last,
            why=tr("NSF-11C: the last round is paired only when every earlier game is finished")
            if last else None,
        )

    def order(self, tournament: Tournament, round_no: int, players: Sequence[int],
              facts: dict[int, Facts]) -> list[int]:
        """NSF-5 (adjourned games as draws); withdrawn players are not passed in (NSF-10)."""
        return score_order(players, facts)

    # --- the pairing --------------------------------------------------------------------
    def plan(self, ctx: Context) -> Plan:
        order = ctx.order
        n = len(order)
        states = [ColourState(ctx.facts[p].colours) for p in order]
        ctx.states = states
        points = [ctx.facts[p].points for p in order]
        group = [0] * n
        for i in range(1, n):
            group[i] = group[i - 1] + (points[i] != points[i - 1])
        tiers = self._bye_tiers(ctx, group) if n % 2 else []
        relaxed = ctx.last_round
        try:
            plan = self._run(ctx, states, group, tiers, relaxed)
        except NoPairingPossible:
            fallback = ctx.tournament.settings.options.get("nsf_colour_fallback", True)
            if relaxed or not fallback:
                raise
            plan = self._run(ctx, states, group, tiers, True)
        return plan

    def _run(self, ctx: Context, states: list[ColourState], group: list[int],
             tiers: list[list[int]], relaxed: bool) -> Plan:
        order = ctx.order
        blocked = ctx.blocked()
        limit = ctx.limit

        def forced(u: int, v: int) -> int:
            """Konrad repeat: u's colour bit, or 0 when free."""
            if limit == 1:
                return 0
            rep = ctx.repeat_colour(order[u], order[v])
            return 0 if rep is None else (W if rep is Colour.WHITE else B)

        # options() and cls() depend on the pair only through the two colour states
        # and the Konrad repeat: memoised by (state kind, state kind, repeat), which
        # keeps a large round linear in practice (a score group of thousands of
        # players has a handful of state kinds)
        kinds: dict[tuple[object, ...], int] = {}
        kind = [kinds.setdefault((st.allowed, st.due, st.third[W], st.third[B], st.breach[W],
                                  st.breach[B]), len(kinds)) for st in states]
        opts_memo: dict[tuple[int, int, int], tuple[int, ...]] = {}
        cls_memo: dict[tuple[int, int, int], int] = {}

        def options(u: int, v: int) -> tuple[int, ...]:
            """u's colour bits in the assignments allowed by 7A/7B (all in relaxed mode)."""
            f = forced(u, v)
            key = (kind[u], kind[v], f)
            got = opts_memo.get(key)
            if got is None:
                bits: tuple[int, ...] = (f,) if f else (W, B)
                if not relaxed:
                    su, sv = states[u], states[v]
                    bits = tuple(c for c in bits if su.allowed & c and sv.allowed & (3 - c))
                got = opts_memo[key] = bits
            return got

        def can_meet(u: int, v: int) -> bool:
            if v in blocked[u]:
                return False
            if relaxed:
                return True
            su, sv = states[u].allowed, states[v].allowed
            if limit == 1:
                return bool((su & W and sv & B) or (su & B and sv & W))
            return bool(options(u, v))

        def cls(u: int, v: int) -> int:
            key = (kind[u], kind[v], forced(u, v))
            got = cls_memo.get(key)
            if got is None:
                got = cls_memo[key] = _cls(u, v)
            return got

        def _cls(u: int, v: int) -> int:
            su, sv = states[u], states[v]
            opts = options(u, v)
            ok8a = any(not su.third[c] and not sv.third[3 - c] for c in opts)
            ok8c = not su.due or not sv.due or su.due != sv.due
            key = (0 if ok8a else 2) + (0 if ok8c else 1)
            if relaxed:
                breaches = min(su.breach[c] + sv.breach[3 - c] for c in opts)
                key += 4 * breaches
            return key

        def candidates(top: int, m: Matcher) -> Iterator[int]:
            buckets: list[list[int]] = []
            current = -1
            for v in m.alive():
                if v == top or not can_meet(top, v):
                    continue
                if group[v] != current:
                    for bucket in buckets:
                        yield from bucket
                    buckets = [[] for _ in range(16)]
                    current = group[v]
                k = cls(top, v)
                if k == 0:
                    yield v
                else:
                    buckets[k].append(v)
            for bucket in buckets:
                yield from bucket

        plan = top_down(len(order), can_meet, candidates, bye="leftover", bye_tiers=tiers,
                        recorder=ctx.recorder)
        ctx.options_fn = options
        ctx.relaxed = relaxed
        return plan

    def _bye_tiers(self, ctx: Context, group: list[int]) -> list[list[int]]:
        """NSF-12A: the lowest score group holding players with neither a bye nor a walkover win.

        If the round cannot be completed with the bye in that group, the next group
        up with such players is added, and so on; if nobody is eligible, everyone may
        take it (fewest byes and walkover wins first).  Documented decisions.
        """
        order = ctx.order
        n = len(order)
        eligible = [i for i in range(n)
                    if ctx.facts[order[i]].byes == 0 and ctx.facts[order[i]].forfeit_wins == 0]
        tiers: list[list[int]] = []
        groups = sorted({group[i] for i in eligible}, reverse=True)
        for k in range(1, len(groups) + 1):
            allowed = set(groups[:k])
            tiers.append([i for i in range(n - 1, -1, -1) if i in eligible and group[i] in allowed])
        if len(eligible) < n:
            tiers.append(sorted(range(n - 1, -1, -1),
                                key=lambda i: ctx.facts[order[i]].byes + ctx.facts[order[i]].forfeit_wins))
        return tiers

    def colours(self, ctx: Context, top: int, other: int) -> tuple[int, int]:
        """NSF-7A/7B, then 8A, 8B, due colours, then 8D (NSF-4 in round 1)."""
        top_bit, _ = self.colour_choice(ctx, top, other)
        return (top, other) if top_bit == W else (other, top)

    def colour_choice(self, ctx: Context, top: int, other: int) -> tuple[int, str]:
        """The colour bit of ``top`` and the rule that decided it.

        Konrad repeat (``MON-KONRAD``) or 7A/7B leaving one way (``NSF-7A``); else the
        first of 11B (last round: fewest breaches), 8A, 8B, the due colour (8C) that
        tells the two ways apart; else 8D (``NSF-4`` in round 1), or the setting
        ``INITIAL-COLOUR`` in round 1.
        """
        states: list[ColourState] = ctx.states  # type: ignore[assignment]
        options = ctx.options_fn(top, other)  # type: ignore[misc]
        relaxed = ctx.relaxed
        su, sv = states[top], states[other]
        initial = ctx.tournament.settings.initial_colour
        if ctx.round_no == 1 and initial is not Colour.NONE and len(options) == 2:
            return (W if initial is Colour.WHITE else B), "INITIAL-COLOUR"

        def key(c: int) -> tuple[int, int, int, int]:
            d = 3 - c
            breaches = su.breach[c] + sv.breach[d] if relaxed else 0
            third = int(su.third[c]) + int(sv.third[d])
            miss8b = int(bool(su.pref8b) and su.pref8b != c) + int(bool(sv.pref8b) and sv.pref8b != d)
            miss_due = int(bool(su.due) and su.due != c) + int(bool(sv.due) and sv.due != d)
            return (breaches, third, miss8b, miss_due)

        ranked = sorted(options, key=key)
        if len(ranked) == 1:
            forced = ctx.limit > 1 and ctx.repeat_colour(ctx.order[top], ctx.order[other]) is not None
            return ranked[0], "MON-KONRAD" if forced else "NSF-7A"
        a, b = key(ranked[0]), key(ranked[1])
        if a == b:
            # NSF-8D: higher-ranked White in even rounds, lower-ranked White in odd rounds
            return (W if ctx.round_no % 2 == 0 else B), "NSF-4" if ctx.round_no == 1 else "NSF-8D"
        rule = next(r for r, x, y in zip(("NSF-11B", "NSF-8A", "NSF-8B", "NSF-8C"), a, b) if x != y)
        return ranked[0], rule
