"""The Dutch criteria as one integer weight per possible pair.

A pairing of the whole field is a matching; its quality is the sum of its edge
weights.  Every criterion gets a bit field, the more important ones higher, so that
maximising the sum applies the criteria lexicographically in the order of C.04.3
(2026 rules), and each field is wide enough that sums never spill into the next
one.  The layout, from the most significant field down:

=====  ==========================================================  ================
field  criterion                                                   C.04.3
=====  ==========================================================  ================
pairs  1 per pair, +1 per paired player who could not take the     C.1-C.4, C.5
       bye (so the pairing is complete and the bye goes to an
       eligible player with the lowest possible score)
cur    pairs made in the current bracket                           C.6 (max pairs)
curS   the same, counted by score of the higher player             C.7 (min scores
                                                                   of downfloaters)
nxt    pairs made in the next bracket                              C.8 (next bracket)
nxtS   the same, by score                                          C.8
bye    unplayed games of the bye assignee (bye bracket only)       C.9
col1   no pair of absolute colour-imbalance players wanting the    C.10
       same colour (topscorers, last round)
col2   no pair of absolute-preference players with the same        C.11
       preference (topscorers, last round)
col3   colour preferences compatible                               C.12
col4   strong preferences not both the same                        C.13
fl1d   no repeated downfloat from the last round                   C.14
fl1u   no repeated upfloat from the last round                     C.15
fl2d   no repeated downfloat from two rounds before                C.16
fl2u   no repeated upfloat from two rounds before                  C.17
fs1d   scores of repeated downfloaters (last round)                C.18
fs1u   scores of opponents of repeated upfloaters (last round)     C.19
fs2d   as fs1d, two rounds before                                  C.20
fs2u   as fs1u, two rounds before                                  C.21
ord    three small fields and one bit used while choosing among    C.04.3 3.x (S1/
       equally good pairings: exchanges, transpositions             S2 order)
=====  ==========================================================  ================

Count fields are ``size_bits`` wide (bits of the largest score group), score fields
``score_bits`` wide: one sub-field per score group, ``bits(group size)`` wide,
higher scores higher up.  These widths are the ones of the FIDE-endorsed reference
engine (bbpPairings), so that ties are resolved identically.

C.9 (unplayed games of the bye assignee) is only weighed in the bracket the bye
comes from (see :mod:`.brackets`).  The criterion numbers in the table follow the
order of the quality criteria (C.5 onwards); C.1-C.4 and C.9 are the numbers the
reference engine's 2025 tests use, the others are given by position and should be
checked against the handbook text before being quoted.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from ..model import Colour
from .budget import MEMORY_LIMIT_MB
from .entrants import Entrant, Float

__all__ = ["Context", "PairWeights", "compatible", "make_context", "pair_weight"]


@dataclass
class Context:
    """Per-round constants of the weight layout."""

    round_no: int
    played_rounds: int
    last_round: bool
    top_threshold: Fraction
    #: the groups of players who must not meet each other this round (TRF ``260`` /
    #: ``XXP``; a forbidden pair is a group of two), as start numbers
    forbidden: tuple[frozenset[int], ...]
    size_bits: int
    score_bits: int
    shift: dict[Fraction, int]
    top_score: Fraction
    bye_score: Fraction = Fraction(0)
    #: C.9 ranks: number of unplayed games -> rank among the bye-score group
    unplayed_rank: dict[int, int] | None = None
    #: memory the round's weighted matchings may take, MB (:mod:`.budget`)
    memory_mb: int = MEMORY_LIMIT_MB
    #: start number -> the indices of the groups in ``forbidden`` he belongs to
    groups_of: dict[int, frozenset[int]] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        member: dict[int, set[int]] = {}
        for i, group in enumerate(self.forbidden):
            for s in group:
                member.setdefault(s, set()).add(i)
        self.groups_of = {s: frozenset(ids) for s, ids in member.items()}

    def forbids(self, a: int, b: int) -> bool:
        """Players ``a`` and ``b`` (start numbers) share a forbidden group."""
        ga = self.groups_of.get(a)
        return ga is not None and b in self.groups_of and not ga.isdisjoint(self.groups_of[b])


def make_context(entrants: list[Entrant], round_no: int, total_rounds: int | None,
                 forbidden: Iterable[Collection[int]], max_points: Fraction) -> Context:
    """Layout constants for ``entrants`` (in pairing order); ``forbidden``: the groups
    of players who must not meet (:meth:`.Settings.forbidden_groups`)."""
    shift: dict[Fraction, int] = {}
    offset = 0
    biggest = 0
    i = len(entrants)
    while i > 0:  # from the lowest score group up
        j = i
        while j > 0 and entrants[j - 1].score == entrants[i - 1].score:
            j -= 1
        size = i - j
        shift[entrants[i - 1].score] = offset
        offset += size.bit_length()
        biggest = max(biggest, size)
        i = j
    k = round_no - 1
    last = total_rounds is not None and k >= total_rounds - 1
    return Context(
        round_no=round_no,
        played_rounds=k,
        last_round=last,
        top_threshold=Fraction(k) * max_points / 2,
        forbidden=tuple(frozenset(g) for g in forbidden if len(g) > 1),
        size_bits=max(biggest.bit_length(), 1),
        score_bits=offset,
        shift=shift,
        top_score=entrants[0].score if entrants else Fraction(0),
    )


def compatible(a: Entrant, b: Entrant, ctx: Context) -> bool:
    """Absolute criteria C.1 and C.3 (no rematch, no forbidden pair, no two players
    with the same absolute colour preference unless a topscorer is involved in the
    last round)."""
    if b.start_no in a.met or ctx.forbids(a.start_no, b.start_no):
        return False
    return not _colour_clash(a, b, ctx)


def _colour_clash(a: Entrant, b: Entrant, ctx: Context) -> bool:
    """C.3: both have the same absolute colour preference (allowed in the last round
    when a topscorer is involved)."""
    if a.absolute and b.absolute and a.preference is b.preference:
        return not (ctx.last_round and (a.score > ctx.top_threshold
                                        or b.score > ctx.top_threshold))
    return False


def _bye_candidate(e: Entrant, ctx: Context) -> bool:
    return e.bye_eligible and e.score <= ctx.bye_score


def _colour_fields(lo: Entrant, hi: Entrant) -> tuple[int, int, int, int]:
    """C.10-C.13 for the pair, each 1 when the criterion is met."""
    same = lo.preference is hi.preference
    c10 = not (lo.absolute_imbalance and hi.absolute_imbalance and same)
    if not (lo.absolute and hi.absolute and same):
        c11 = True
    elif lo.imbalance == hi.imbalance:
        c11 = lo.repeated is Colour.NONE or lo.repeated is not hi.repeated
    else:
        smaller = hi if lo.imbalance > hi.imbalance else lo
        c11 = smaller.repeated is not lo.preference.opposite
    c12 = (not same) or lo.preference is Colour.NONE
    lo_soft = not lo.strong and not lo.absolute
    hi_soft = not hi.strong and not hi.absolute
    c13 = lo_soft or hi_soft or (lo.absolute and hi.absolute) or not same
    return int(c10), int(c11), int(c12), int(c13)


def pair_weight(hi: Entrant, lo: Entrant, in_current: bool, in_next: bool, ctx: Context,
                c9: bool = False) -> int:
    """Weight of pairing ``hi`` (ranked higher) with ``lo`` while the bracket whose
    residents end just before the next score group is being paired.

    ``in_current``: ``lo`` belongs to the bracket being paired; ``in_next``: ``lo``
    belongs to the next score group; ``c9``: the bye will be given in this bracket,
    so C.9 (fewest played games... see :func:`c9_value`) applies.  0 means the pair
    is not allowed.
    """
    if not compatible(hi, lo, ctx):
        return 0
    return _quality(hi, lo, in_current, in_next, ctx, c9)


class PairWeights:
    """:func:`pair_weight` for many pairs: the quality part depends only on a few
    facts of each player (score, colour preference and its strength, floats, bye
    eligibility, games played), so it is computed once per combination of them.

    Valid while ``ctx.bye_score`` and ``ctx.unplayed_rank`` stay as they were.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._kind: dict[int, int] = {}
        self._kinds: dict[tuple[object, ...], int] = {}
        self._memo: dict[tuple[int, int, bool, bool, bool], int] = {}

    def kind(self, e: Entrant) -> int:
        """A number shared by players whose criteria facts are equal."""
        k = self._kind.get(e.start_no)
        if k is None:
            key = (e.score, e.preference, e.imbalance, e.repeated, e.strong,
                   e.bye_eligible, e.floats, e.played_games)
            k = self._kind[e.start_no] = self._kinds.setdefault(key, len(self._kinds))
        return k

    def __call__(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool,
                 c9: bool = False) -> int:
        ctx = self.ctx
        if lo.start_no in hi.met or ctx.forbids(hi.start_no, lo.start_no):
            return 0
        return self.quality(hi, lo, in_current, in_next, c9)

    def quality(self, hi: Entrant, lo: Entrant, in_current: bool, in_next: bool,
                c9: bool = False) -> int:
        """The weight of the pair as far as it follows from the two players' kinds:
        :func:`pair_weight` of two players who have not met and are not a forbidden
        pair (the colour clash of C.3 is checked: it is a fact of the kinds)."""
        key = (self.kind(hi), self.kind(lo), in_current, in_next, c9)
        w = self._memo.get(key)
        if w is None:
            w = 0 if _colour_clash(hi, lo, self.ctx) else _quality(hi, lo, in_current,
                                                                   in_next, self.ctx, c9)
            self._memo[key] = w
        return w


def _quality(hi: Entrant, lo: Entrant, in_current: bool, in_next: bool, ctx: Context,
             c9: bool) -> int:
    """:func:`pair_weight` of an allowed pair."""
    sb, gb = ctx.size_bits, ctx.score_bits
    sh = ctx.shift
    w = 1 + (not _bye_candidate(hi, ctx)) + (not _bye_candidate(lo, ctx))
    w = (w << sb) + int(in_current)
    w = (w << gb) + ((1 << sh[hi.score]) if in_current else 0)
    w = (w << sb) + int(in_next)
    w = (w << gb) + ((1 << sh[hi.score]) if in_next else 0)
    w = (w << sb) + (c9_value(hi, lo, ctx) if c9 else 0)
    cols = _colour_fields(lo, hi) if in_current else (0, 0, 0, 0)
    for c in cols:
        w = (w << sb) + c
    k = ctx.played_rounds
    backs = [b for b in (1, 2) if k >= b]
    for b in backs:
        fl, fh = lo.floats[b - 1], hi.floats[b - 1]
        down = up = 0
        if in_current:
            down = (fl == Float.DOWN) + (hi.score <= lo.score and fh == Float.DOWN)
            up = int(not (hi.score > lo.score and fl == Float.UP))
        w = (w << sb) + down
        w = (w << sb) + up
    for b in backs:
        fl, fh = lo.floats[b - 1], hi.floats[b - 1]
        down = up = 0
        if in_current:
            down = ((fl == Float.DOWN) << sh[lo.score]) + ((fh == Float.DOWN) << sh[hi.score])
            if not (fl == Float.UP and hi.score > lo.score):
                up = 1 << sh[hi.score]
        w = (w << gb) + down
        w = (w << gb) + up
    return w << (3 * sb + 1)


def c9_value(hi: Entrant, lo: Entrant, ctx: Context) -> int:
    """C.9: minimise the number of unplayed games of the bye assignee.

    Every paired player of the bye assignee's score adds the rank of his number of
    unplayed games (byes, forfeits, absences) among that score group, so the one left
    for the bye has as few unplayed games as possible.
    """
    ranks = ctx.unplayed_rank or {}
    k = ctx.played_rounds
    v = 0
    if hi.score == ctx.bye_score:
        v += ranks.get(k - hi.played_games, 0)
    if lo.score == ctx.bye_score:
        v += ranks.get(k - lo.played_games, 0)
    return v


def field1_shift(ctx: Context) -> int:
    """Bit position of the top field (pairs / bye candidates) in :func:`pair_weight`."""
    sb, gb = ctx.size_bits, ctx.score_bits
    backs = sum(1 for b in (1, 2) if ctx.played_rounds >= b)
    return sb + gb + sb + gb + sb + 4 * sb + backs * 2 * sb + backs * 2 * gb + 3 * sb + 1


def bye_candidate(e: Entrant, ctx: Context) -> bool:
    """May get the bye and has the lowest score that can get it (C.5 field)."""
    return _bye_candidate(e, ctx)
