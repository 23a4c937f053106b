"""Named, composable tie-break functions: FIDE C.07 (2026) and the Nordic systems.

Every tie-break is a *code* (``BH``, ``BH/C1``, ``SB``, ``NSF-QP``, ``MBQ`` ...).  A code
names a base function and its modifiers; :func:`get_tiebreak` turns it into a
:class:`TieBreak` whose ``compute(context)`` returns one value per start number.
:func:`compute` is the short way::

    >>> from monrad.engine.model import *
    >>> t = Tournament(settings=Settings(rounds=2))
    >>> for n in (1, 2, 3, 4): t.add_player(Player(n, f"P{n}"))
    >>> t.rounds.append(Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW))))
    >>> t.rounds.append(Round(2, (Game(1, 3, Result.WIN), Game(4, 2, Result.WIN))))
    >>> compute("BH", t)[1], compute("WIN", t)[4]
    (Fraction(1, 2), 1)

Values are exact (``Fraction`` or ``int``); ``None`` means "no value" (ARO without a
rated opponent).  Every function reads the model only.

FIDE codes (C.07, 2026 rules, as computed by FIDE's reference code gacrux 1.11.65):
``PTS``, ``BH``, ``SB``, ``PS``, ``KS``, ``DE``, ``WIN``, ``WON``, ``BPG``, ``BWG``,
``ARO``, ``TPR``; modifiers ``/C<n>`` (cut the n lowest) and ``/M<n>`` (cut the n lowest
and the n highest) on ``BH``, ``SB``, ``PS`` (``/C`` only), ``ARO`` and ``TPR``;
``KS/L<percent>`` sets Koya's limit (default 50).

Article 16 (unplayed rounds) in a Swiss event:

* a round is *voluntarily unplayed* (VUR) for a requested half/zero bye, an absence and
  a forfeit loss; a forfeit win, a pairing-allocated bye and a full-point bye are not;
* an opponent's *adjusted score* counts his rounds after his last non-VUR round as
  draws, except a round with a paired opponent (a trailing forfeit loss stays 0);
* a player's own unplayed round counts as a dummy opponent worth his own score, capped
  (2026) at the scheduled opponent's adjusted score after a forfeit and at
  draw points x rounds after a bye or absence;
* cuts remove a VUR first, even when it is not the lowest value.

In a round robin (``round-robin``/``double-round-robin`` systems, or the option
``round_robin``) a paired game counts as played and rounds without an opponent are
left out.

Nordic codes:

* ``QP`` (``QP/C<n>``): Monrad quality points (kvalitetspoeng, korrektion): the sum of
  the opponents' scores, a round without an opponent adding 0 (NSF-12B), the n lowest
  struck (SSF-10, DSU "almindelig korrektion" = ``QP/C2``).
* ``NSF-QP``: NSF-13B, ``QP`` striking 1 (6 rounds or fewer) or 2 (7 or more).
* ``NSF-AB``: the NSF-13B add-back procedure (a hidden comparator, not a column): the
  struck scores are added back one at a time, highest first.
* ``MSB``: plain Sonneborn-Berger as Monrad cards compute it (opponents' scores times
  the points scored against them; a bye adds 0), NSF-13B.
* ``MBQ``: OTH-8, discs (a bye counts ``Settings.bye_discs[0]``, a half-point bye 32)
  + C x the match points of the opponents met, C = ``Settings.mbq_c`` or 64 / rounds,
  exact; computed by :mod:`monrad.engine.othello.mbq`, which the othello-swiss pairing
  orders by, so the two never differ.
* ``BQ``: the World Othello Championship's Brightwell quotient (C = ``mbq_c`` or 6; a
  bye or forfeit counts 32 discs + C x own score).
* ``DISCS``: OTH-7, the disc total (a bye counts 40), as in ``MBQ``.

A game still to be played -- postponed or adjourned (``Result.PENDING``), or not yet
entered -- is worth nothing in the standings until its result is in, in every system:
NSF-5, SSF-3 ("for re-placing only") and DSU-1 count it as a draw (SSF-3: an adjourned
one as won by both) for the *round list* the next round is paired from, never for the
points (issue 26).  Its opponent is known, so it counts among the opponents (quality
points, Buchholz); it adds nothing to Sonneborn-Berger, is not a game of the direct
encounter, not a game with Black and not a rated game.

New tie-breaks are added with :func:`register`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import SupportsInt, cast

from .i18n import LocalizedError, tr
from .model import Bye, Colour, Game, Result, Scoring, Tournament
from .othello.mbq import OthelloDataError, disc_records, mbq_constant, mbq_values
from .pairing import system_facts
from .rating import performance_dp, round_half_up

__all__ = [
    "Context",
    "Slot",
    "TieBreak",
    "TieBreakError",
    "Value",
    "compute",
    "get_tiebreak",
    "is_round_robin",
    "known_codes",
    "performance_dp",
    "register",
]

Value = Fraction | int | tuple | None


class TieBreakError(LocalizedError, ValueError):
    """An unknown or malformed tie-break code."""


# --------------------------------------------------------------------------------------
# The per-round facts every tie-break starts from
# --------------------------------------------------------------------------------------

#: results that make a round *voluntarily unplayed* (C.07 article 16.2)
_VUR = frozenset({Result.FORFEIT_LOSS, Result.HALF_BYE, Result.ZERO_BYE, Result.ABSENT})


@dataclass(frozen=True)
class Slot:
    """One player's round, as the tie-breaks see it.

    ``played`` is true for a game over the board (pending and not yet entered results
    included: the opponent is known); ``pending`` marks such a game still without its
    result (it scores nothing yet); ``vur`` marks a voluntarily unplayed round (C.07 16.2).
    """

    round: int
    result: Result
    points: Fraction
    opponent: int | None = None
    colour: Colour = Colour.NONE
    played: bool = False
    vur: bool = False
    discs: int | None = None
    opponent_discs: int | None = None
    pending: bool = False


def is_round_robin(tournament: Tournament) -> bool:
    """True for an all-play-all event (its system, or the option ``round_robin``)."""
    opt = tournament.settings.options.get("round_robin")
    if opt is not None:
        return bool(opt)
    return system_facts(tournament.settings.system).round_robin


def _last_round(tournament: Tournament) -> int:
    """The round the standings are after by default: the last round with its results
    in, or the open round with some of them (:attr:`Tournament.standings_round`);
    a round paired without any result does not count (issue 26)."""
    return tournament.standings_round


class Context:
    """Everything a tie-break function needs, computed once and shared.

    ``upto`` is the last round counted (default: :attr:`Tournament.standings_round`).
    ``groups`` are the sets of players still tied when this tie-break is applied
    (used by ``DE``); by default the groups of equal points.
    """

    def __init__(self, tournament: Tournament, upto: int | None = None, *,
                 groups: Sequence[Sequence[int]] | None = None,
                 round_robin: bool | None = None) -> None:
        self.tournament = tournament
        self.settings = tournament.settings
        self.scoring = tournament.settings.scoring
        self.upto = _last_round(tournament) if upto is None else upto
        self.round_robin = is_round_robin(tournament) if round_robin is None else round_robin
        self.players = tournament.start_numbers
        self.ratings: dict[int, int] = {pl.start_no: pl.rating for pl in tournament.players}
        self.slots: dict[int, list[Slot]] = {p: [] for p in self.players}
        self._fill()
        self.totals: dict[int, Fraction] = {p: sum((s.points for s in sl), Fraction(0))
                                            for p, sl in self.slots.items()}
        for pl in tournament.players:  # TRF-2026 299: bonus and penalty points count
            if pl.adjustments and pl.start_no in self.totals:
                self.totals[pl.start_no] += tournament.adjustment(pl.start_no, self.upto)
        self._groups = [list(g) for g in groups] if groups is not None else None
        self._adjusted: dict[int, Fraction] | None = None
        self.cache: dict[str, object] = {}

    # --- building ---------------------------------------------------------------------
    def _fill(self) -> None:
        scoring = self.scoring
        known = set(self.players)
        by_round = {r.number: r for r in self.tournament.rounds}
        for n in range(1, self.upto + 1):
            rnd = by_round.get(n)
            for p in self.players:
                entry = rnd.entry(p) if rnd is not None else None
                self.slots[p].append(self._slot(n, p, entry, scoring, known))

    @staticmethod
    def _slot(n: int, p: int, entry: Game | Bye | None, scoring: Scoring,
              known: set[int]) -> Slot:
        if entry is None:
            return Slot(n, Result.ABSENT, scoring.points(Result.ABSENT), vur=True)
        if isinstance(entry, Bye):
            res = entry.result
            return Slot(n, res, scoring.points(res), vur=res in _VUR)
        res = entry.result_for(p)
        opp: int | None = entry.opponent(p)
        if opp not in known:
            opp = None
        if not res.is_finished:  # still to be played: worth nothing yet (issue 26)
            return Slot(n, res, Fraction(0), opp, entry.colour_of(p), True, False,
                        pending=True)
        return Slot(n, res, scoring.points(res), opp, entry.colour_of(p), res.is_played,
                    res in _VUR, entry.discs_for(p), entry.discs_for(entry.opponent(p)))

    # --- shared derived values ----------------------------------------------------------
    @property
    def draw(self) -> Fraction:
        return self.scoring.draw

    @property
    def win(self) -> Fraction:
        return self.scoring.win

    @property
    def groups(self) -> list[list[int]]:
        """Players tied when the tie-break is applied (default: equal points)."""
        if self._groups is None:
            by: dict[Fraction, list[int]] = {}
            for p in self.players:
                by.setdefault(self.totals[p], []).append(p)
            self._groups = [by[k] for k in sorted(by, reverse=True)]
        return self._groups

    def set_groups(self, groups: Sequence[Sequence[int]]) -> None:
        """Set the groups of players still tied (before a tie-break like ``DE``)."""
        self._groups = [list(g) for g in groups]

    def adjusted_score(self, player: int) -> Fraction:
        """The score an opponent contributes (C.07 16.3): after his last round that was
        not voluntarily unplayed, rounds without an opponent count as draws (0 in a
        round robin); a round with a paired opponent keeps its points."""
        if self._adjusted is None:
            adj: dict[int, Fraction] = {}
            no_opp = Fraction(0) if self.round_robin else self.draw
            for p, slots in self.slots.items():
                last = max((s.round for s in slots if not s.vur), default=0)
                adj[p] = sum((s.points if (s.round <= last or s.opponent is not None) else no_opp
                              for s in slots), Fraction(0))
            self._adjusted = adj
        return self._adjusted[player]


# --------------------------------------------------------------------------------------
# The registry
# --------------------------------------------------------------------------------------

Compute = Callable[["Context", "Modifiers"], dict[int, Value]]


@dataclass(frozen=True)
class Modifiers:
    """Parsed modifiers of a code: cuts and Koya's limit."""

    cut_low: int = 0
    cut_high: int = 0
    limit_percent: Fraction = Fraction(50)


@dataclass(frozen=True)
class _Base:
    name: str
    func: Compute
    description: str
    higher_is_better: bool = True
    shown: bool = True
    modifiers: str = ""  # letters accepted: C, M, L


@dataclass(frozen=True)
class TieBreak:
    """A tie-break code ready to compute: ``values = tb.compute(context)``.

    ``higher_is_better`` orders the standings; ``shown`` is false for a comparator
    that is a procedure rather than a column (``NSF-AB``).
    """

    code: str
    description: str
    higher_is_better: bool
    shown: bool
    _base: _Base = field(repr=False)
    modifiers: Modifiers = field(default_factory=Modifiers)

    def compute(self, context: Context) -> dict[int, Value]:
        return self._base.func(context, self.modifiers)

    def sort_key(self, value: Value) -> tuple:
        """A key that sorts the better value first (``None`` last)."""
        if value is None:
            return (1,)
        if isinstance(value, tuple):
            return (0, tuple(-v for v in value) if self.higher_is_better else value)
        return (0, -value if self.higher_is_better else value)


_REGISTRY: dict[str, _Base] = {}


def register(name: str, func: Compute, description: str, *, higher_is_better: bool = True,
             shown: bool = True, modifiers: str = "") -> None:
    """Add a tie-break base ``name`` (upper case) computed by ``func(context, modifiers)``."""
    _REGISTRY[name.upper()] = _Base(name.upper(), func, description, higher_is_better, shown,
                                    modifiers)


def known_codes() -> tuple[str, ...]:
    """The base names that can be used in codes."""
    return tuple(_REGISTRY)


_MOD = re.compile(r"^(?:(C|M)(\d+)|L(\d+))$")


def get_tiebreak(code: str) -> TieBreak:
    """The :class:`TieBreak` named by ``code`` (``BH/C1``, ``ks/l60`` ...).

    Raises :class:`TieBreakError` for an unknown base or modifier.
    """
    text = code.strip().upper()
    base_name, *mods = text.split("/")
    base = _REGISTRY.get(base_name)
    if base is None:
        raise TieBreakError(tr("unknown tie-break {code!r} (known: {known})", code=code.strip(),
                                  known=", ".join(("LOT", *known_codes()))))
    low = high = 0
    limit = Fraction(50)
    for m in mods:
        match = _MOD.match(m)
        kind = (match.group(1) or "L") if match else None
        if match is None or kind is None or kind not in base.modifiers:
            raise TieBreakError(tr("tie-break {code!r}: modifier /{modifier} is not allowed on {base}",
                                      code=code.strip(), modifier=m, base=base_name))
        if kind == "C":
            low = int(match.group(2))
        elif kind == "M":
            low = high = int(match.group(2))
        else:
            limit = Fraction(int(match.group(3)))
    return TieBreak(text, base.description, base.higher_is_better, base.shown, base,
                    Modifiers(low, high, limit))


def compute(code: str, tournament: Tournament, upto: int | None = None,
            context: Context | None = None) -> dict[int, Value]:
    """Values of tie-break ``code`` for every start number after round ``upto``."""
    ctx = context if context is not None else Context(tournament, upto)
    return get_tiebreak(code).compute(ctx)


# --------------------------------------------------------------------------------------
# FIDE C.07
# --------------------------------------------------------------------------------------

def _pts(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """PTS: the points (C.07 5)."""
    return dict(ctx.totals)


@dataclass(frozen=True)
class _Part:
    round: int
    vur: bool
    score: Fraction
    value: Fraction


def _opponent_parts(ctx: Context, player: int, sonneborn: bool) -> list[_Part]:
    """One entry per round for BH (value = opponent's adjusted score) or SB (times own
    points), with C.07 article 16 dummy opponents for unplayed rounds."""
    parts: list[_Part] = []
    own = ctx.totals[player]
    bye_cap = ctx.draw * ctx.upto
    for s in ctx.slots[player]:
        vur = s.vur
        if s.opponent is not None and (s.played or ctx.round_robin):
            score = ctx.adjusted_score(s.opponent)
            vur = False
        elif ctx.round_robin:
            continue
        elif s.opponent is not None:  # forfeit: 16.4.1
            score = min(own, ctx.adjusted_score(s.opponent))
        else:  # bye or absence: 16.4.2
            score = min(own, bye_cap)
        parts.append(_Part(s.round, vur, score, score * s.points if sonneborn else score))
    return parts


def _cut(parts: list[_Part], low: int, high: int, rounds: int) -> Fraction:
    """Sum after the C.07 cuts: the lowest first removes a voluntarily unplayed round
    if there is one, then the lowest; the highest removes the highest."""
    low = min(low, rounds)
    high = min(high, rounds - low)
    rest = list(parts)
    for _ in range(low):
        if not rest:
            break
        by_value = sorted(rest, key=lambda p: (p.score, p.value))
        by_vur = sorted(rest, key=lambda p: (not p.vur, p.value, p.score))
        if not by_vur[0].vur or by_value[0].value > by_vur[0].value:
            rest.remove(by_value[0])
        else:
            rest.remove(by_vur[0])
    for _ in range(high):
        if not rest:
            break
        rest.remove(min(rest, key=lambda p: (-p.score, -p.value)))
    return sum((p.value for p in rest), Fraction(0))


def _bh(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """BH: Buchholz, the sum of the opponents' adjusted scores (C.07 8.1, 16)."""
    return {p: _cut(_opponent_parts(ctx, p, False), mod.cut_low, mod.cut_high, ctx.upto)
            for p in ctx.players}


def _sb(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """SB: Sonneborn-Berger, opponents' adjusted scores times the points scored against
    them (C.07 8.2, 16)."""
    return {p: _cut(_opponent_parts(ctx, p, True), mod.cut_low, mod.cut_high, ctx.upto)
            for p in ctx.players}


def _ps(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """PS: progressive scores, the sum of the running totals; /Cn leaves out rounds 1..n."""
    out: dict[int, Value] = {}
    for p in ctx.players:
        run = total = Fraction(0)
        for s in ctx.slots[p]:
            run += s.points
            if s.round > mod.cut_low:
                total += run
        out[p] = total
    return out


def _ks(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """KS: Koya, points scored against opponents with at least limit % of the maximum."""
    games = ctx.upto
    if ctx.round_robin:
        n = len(ctx.players)
        if n and games % n == 0:
            games -= games // n
        games -= sum(1 for p in ctx.players if all(s.opponent is None for s in ctx.slots[p]))
    limit = mod.limit_percent * ctx.win * games / 100
    return {p: sum((s.points for s in ctx.slots[p]
                    if s.opponent is not None and ctx.totals[s.opponent] >= limit), Fraction(0))
            for p in ctx.players}


def _win(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """WIN: rounds scored as a win, played or not (forfeit wins, byes worth a win)."""
    return {p: sum(1 for s in ctx.slots[p] if s.points == ctx.win) for p in ctx.players}


def _won(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """WON: games won over the board."""
    return {p: sum(1 for s in ctx.slots[p]
                   if s.played and s.opponent is not None and s.points == ctx.win)
            for p in ctx.players}


def _bpg(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """BPG: games played over the board with Black."""
    return {p: sum(1 for s in ctx.slots[p]
                   if s.played and not s.pending and s.colour is Colour.BLACK)
            for p in ctx.players}


def _bwg(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """BWG: games won over the board with Black."""
    return {p: sum(1 for s in ctx.slots[p]
                   if s.played and s.colour is Colour.BLACK and s.points == ctx.win)
            for p in ctx.players}


def _rated_games(ctx: Context, player: int, mod: Modifiers) -> list[tuple[int, Fraction]]:
    """(opponent rating, 1/½/0 score) of the rated games over the board, after cuts."""
    unrated = ctx.settings.options.get("unrated_rating")
    games: list[tuple[int, Fraction]] = []
    for s in ctx.slots[player]:
        if not (s.played and s.opponent is not None) or s.pending:
            continue
        rating = ctx.ratings[s.opponent] or (int(cast("str | SupportsInt", unrated)) if unrated else 0)
        if rating <= 0:
            continue
        score = {Result.WIN: Fraction(1), Result.UNRATED_WIN: Fraction(1),
                 Result.DRAW: Fraction(1, 2), Result.UNRATED_DRAW: Fraction(1, 2)}.get(s.result, Fraction(0))
        games.append((rating, score))
    games.sort(key=lambda g: g[0])
    low = min(mod.cut_low, len(games))
    high = min(mod.cut_high, len(games) - low)
    return games[low:len(games) - high]


def _aro(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """ARO: average rating of the opponents met over the board, rounded half up
    (unrated opponents left out unless the option ``unrated_rating`` is set)."""
    out: dict[int, Value] = {}
    for p in ctx.players:
        games = _rated_games(ctx, p, mod)
        out[p] = round_half_up(Fraction(sum(r for r, _ in games), len(games))) if games else None
    return out


def _tpr(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """TPR: ARO + dp(p), p the percentage score on 1/½/0 in those games, rounded half up."""
    out: dict[int, Value] = {}
    for p in ctx.players:
        games = _rated_games(ctx, p, mod)
        if not games:
            out[p] = None
            continue
        aro = round_half_up(Fraction(sum(r for r, _ in games), len(games)))
        pct = round_half_up(sum((s for _, s in games), Fraction(0)) * 100 / len(games))
        out[p] = aro + performance_dp(pct)
    return out


def _de(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """DE: direct encounter (C.07 6) inside each group of tied players.

    The value is the player's place in his group (1 = best) or 0 when the group is a
    single player or is not separated.  Among players who have not all met (Swiss), a
    player is placed above the rest only if his score against them beats what any of
    the rest could still reach; a separated sub-group is examined again on its own.
    """
    out: dict[int, Value] = {}
    for group in ctx.groups:
        if len(group) < 2:
            out.update({p: 0 for p in group})
            continue
        ranks = _de_group(ctx, list(group), 1)
        if len(set(ranks.values())) == 1:
            out.update({p: 0 for p in group})
        else:
            out.update(ranks)
    return out


def _de_group(ctx: Context, members: list[int], top: int) -> dict[int, int]:
    ranks, changed = _de_once(ctx, members, top)
    if not changed:
        return ranks
    out: dict[int, int] = {}
    by_rank: dict[int, list[int]] = {}
    for p, r in ranks.items():
        by_rank.setdefault(r, []).append(p)
    for r, sub in by_rank.items():
        out.update(_de_group(ctx, sub, r) if len(sub) > 1 else {sub[0]: r})
    return out


def _de_once(ctx: Context, members: list[int], top: int) -> tuple[dict[int, int], bool]:
    inside = set(members)
    most = len(members) - 1
    score: dict[int, Fraction] = {}
    best: dict[int, Fraction] = {}
    all_met = True
    for p in members:
        per_opp: dict[int, list[Fraction]] = {}
        for s in ctx.slots[p]:
            if s.opponent in inside and (s.played or ctx.round_robin) and not s.pending:
                per_opp.setdefault(s.opponent, []).append(s.points)
        score[p] = sum((sum(v, Fraction(0)) / len(v) for v in per_opp.values()), Fraction(0))
        if not ctx.round_robin and len(per_opp) < most:
            all_met = False
            best[p] = score[p] + (most - len(per_opp)) * ctx.win
        else:
            best[p] = score[p]
    ranks: dict[int, int] = {}
    changed = False
    if all_met:
        order = sorted(members, key=lambda p: (-score[p], p))
        current = top
        ranks[order[0]] = top
        for i, p in enumerate(order[1:], 1):
            if score[p] != score[order[i - 1]]:
                current = top + i
                changed = True
            ranks[p] = current
        return ranks, changed
    order = sorted(members, key=lambda p: (-score[p], -best[p], p))
    # reach[i]: the most any of order[i:] could still score (suffix maxima, one pass:
    # a group of thousands tied after round 1 stays linear, issue 30)
    reach = [best[p] for p in order]
    for i in range(len(order) - 2, -1, -1):
        reach[i] = max(reach[i], reach[i + 1])
    ranks[order[0]] = top
    current = top
    unique = True
    previous = score[order[0]]
    for i, p in enumerate(order[1:], 1):
        if unique and previous > reach[i]:
            current = top + i
            changed = True
        else:
            unique = False
        ranks[p] = current
        previous = score[p]
    return ranks, changed


# --------------------------------------------------------------------------------------
# Nordic Monrad systems
# --------------------------------------------------------------------------------------

def _opponent_scores(ctx: Context, player: int) -> list[Fraction]:
    """One entry per round: the opponent's score, 0 without an opponent (NSF-12B)."""
    return [ctx.totals[s.opponent] if s.opponent is not None else Fraction(0)
            for s in ctx.slots[player]]


def _qp_struck(ctx: Context, player: int, strike: int) -> tuple[Fraction, list[Fraction]]:
    scores = sorted(_opponent_scores(ctx, player))
    strike = min(strike, len(scores))
    return sum(scores[strike:], Fraction(0)), scores[:strike]


def _qp(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """QP: quality points, the opponents' scores with the n lowest struck (SSF-10, DSU)."""
    return {p: _qp_struck(ctx, p, mod.cut_low)[0] for p in ctx.players}


def nsf_strike(rounds: int) -> int:
    """How many opponents' scores NSF-13B strikes: 1 up to 6 rounds, 2 from 7."""
    return 1 if rounds <= 6 else 2


def _nsf_rounds(ctx: Context) -> int:
    return ctx.settings.rounds if ctx.settings.rounds is not None else ctx.upto


def _nsf_qp(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """NSF-QP: NSF-13B quality points (1 or 2 lowest struck by the number of rounds)."""
    k = nsf_strike(_nsf_rounds(ctx))
    return {p: _qp_struck(ctx, p, k)[0] for p in ctx.players}


def _nsf_ab(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """NSF-AB: NSF-13B add-back, the quality points with the struck scores added back
    one at a time, highest first: a tuple compared left to right."""
    k = nsf_strike(_nsf_rounds(ctx))
    out: dict[int, Value] = {}
    for p in ctx.players:
        qp, struck = _qp_struck(ctx, p, k)
        steps = []
        for s in sorted(struck, reverse=True):
            qp += s
            steps.append(qp)
        out[p] = tuple(steps)
    return out


def _msb(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """MSB: Sonneborn-Berger as on a Monrad card: the opponents' scores times the points
    scored against them, a bye adding nothing (NSF-13B)."""
    return {p: sum((ctx.totals[s.opponent] * s.points for s in ctx.slots[p] if s.opponent is not None),
                   Fraction(0))
            for p in ctx.players}


# --------------------------------------------------------------------------------------
# Othello
# --------------------------------------------------------------------------------------

def _disc_records(ctx: Context) -> dict[int, list[tuple[int, int, int | None]]]:
    """Every player's rounds in discs (OTH-6, OTH-8), as the othello-swiss pairing counts
    them: :func:`monrad.engine.othello.mbq.disc_records`, once per context.  A finished
    game over the board without a disc count is an error naming round and board."""
    cached = ctx.cache.get("othello-discs")
    if cached is None:
        try:
            cached = ctx.cache["othello-discs"] = disc_records(ctx.tournament, ctx.upto)
        except OthelloDataError as exc:
            raise TieBreakError(tr("{problem} (OTH-6)", problem=str(exc))) from None
    return cached  # type: ignore[return-value]


def _discs(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """DISCS: the disc total, a bye counting ``bye_discs[0]`` (OTH-7, OTH-8)."""
    return {p: sum(d for _, d, _ in recs) for p, recs in _disc_records(ctx).items()}


def _mbq(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """MBQ (OTH-8): discs + C x the match points of the opponents met over the board;
    C = ``Settings.mbq_c``, else 64 / rounds (64 / rounds counted if the event's length
    is not set)."""
    c = mbq_constant(ctx.tournament, played=max(ctx.upto, 1))
    return {p: mbq for p, (_, _, mbq) in mbq_values(_disc_records(ctx), ctx.totals, c).items()}


def _bq(ctx: Context, mod: Modifiers) -> dict[int, Value]:
    """BQ: the World Othello Championship's Brightwell quotient: discs + C x opponents'
    points, C = ``mbq_c`` or 6, a bye or forfeit counting 32 discs + C x own score."""
    c = Fraction(ctx.settings.mbq_c) if ctx.settings.mbq_c is not None else Fraction(6)
    out: dict[int, Value] = {}
    for p, recs in _disc_records(ctx).items():
        total = sum((d + c * ctx.totals[o] for _, d, o in recs if o is not None), Fraction(0))
        for s in ctx.slots[p]:
            if s.result in (Result.PAIRING_BYE, Result.FULL_BYE, Result.FORFEIT_WIN, Result.FORFEIT_LOSS):
                total += 32 + c * ctx.totals[p]
        out[p] = total
    return out


for _name, _func, _desc, _hib, _shown, _mods in (
    ("PTS", _pts, "Points", True, True, ""),
    ("BH", _bh, "Buchholz (C.07 8.1)", True, True, "CM"),
    ("SB", _sb, "Sonneborn-Berger (C.07 8.2)", True, True, "CM"),
    ("PS", _ps, "Progressive scores (C.07 7.5)", True, True, "C"),
    ("KS", _ks, "Koya (C.07 9)", True, True, "L"),
    ("DE", _de, "Direct encounter (C.07 6)", False, True, ""),
    ("WIN", _win, "Rounds won, played or not (C.07 7.1)", True, True, ""),
    ("WON", _won, "Games won over the board (C.07 7.2)", True, True, ""),
    ("BPG", _bpg, "Games played with Black (C.07 7.3)", True, True, ""),
    ("BWG", _bwg, "Games won with Black (C.07 7.4)", True, True, ""),
    ("ARO", _aro, "Average rating of opponents (C.07 10.1)", True, True, "CM"),
    ("TPR", _tpr, "Tournament performance rating (C.07 10.2)", True, True, "CM"),
    ("QP", _qp, "Quality points (SSF-10, DSU korrektion)", True, True, "C"),
    ("NSF-QP", _nsf_qp, "NSF quality points (NSF-13B)", True, True, ""),
    ("NSF-AB", _nsf_ab, "NSF add-back of struck scores (NSF-13B)", True, False, ""),
    ("MSB", _msb, "Sonneborn-Berger, Monrad card (NSF-13B)", True, True, ""),
    ("MBQ", _mbq, "Mixed Brightwell quotient (OTH-8)", True, True, ""),
    ("BQ", _bq, "Brightwell quotient, World Championship style", True, True, ""),
    ("DISCS", _discs, "Discs (OTH-7)", True, True, ""),
):
    register(_name, _func, _desc, higher_is_better=_hib, shown=_shown, modifiers=_mods)
