"""The top-down Monrad procedure with its backtracking (NSF-9A..D, SSF-5, DSU-3/4, SKOL-4, OTH-9).

Every system supplies the round list, a "may meet" test and, for the top player, his
candidates in the order the written procedure tries them.  The hand procedure takes
the first candidate, goes on with the new top and, when someone cannot be paired,
breaks up the most recent pair and tries its next candidate (MON-3).  Its result is
the first complete pairing in that order, which is what :func:`top_down` returns: it
takes, at every step, the first candidate after which the others can still all be
paired (:class:`~monrad.engine.cardinality.Matcher`), so it never goes back.

The othello-swiss pairing (OTH-9: "nearest player not met, complete by search, as
NSF-9D") is the same procedure with its own round list and candidate order.

Byes: with ``bye="before"`` (MON-5: SSF-8, DSU-8, SKOL-3) the bye is chosen first,
from the first tier's players in the tier's order, the first after whom the others
can all be paired; with ``bye="leftover"`` (NSF-12A) the bye is the last candidate of
every eligible player, so it goes to the eligible player the procedure leaves over.
A tier whose players cannot take the bye without making the round impossible is
skipped for the next (wider) tier.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from ..cardinality import Matcher
from ..i18n import Message, ntr, tr
from ..pairing import NoPairingPossible

__all__ = ["NoByeCandidate", "Plan", "Recorder", "in_list_order", "lowest_first_tiers",
           "no_bye_candidate", "top_down"]


class NoByeCandidate(NoPairingPossible):
    """An odd number of players to pair and none of them may get the bye (each has
    had it already: it is given at most once).  ``reason`` is the message without
    the round."""

    def __init__(self, reason: Message, message: Message | str | None = None) -> None:
        super().__init__(reason if message is None else message)
        self.reason = reason


def no_bye_candidate(n: int) -> Message:
    """Why ``n`` players (an odd number) cannot be paired: none may get the bye."""
    return ntr("{n} player to pair, who has had the bye already (it is given at most once)",
               "{n} players to pair and none of them may get the bye (each has had it "
               "already; it is given at most once)", n)


@dataclass
class Plan:
    """A paired round in list positions: pairs in the order formed (top first), bye."""

    pairs: list[tuple[int, int]] = field(default_factory=list)
    bye: int | None = None
    #: how many tiers of bye candidates had to be widened (0 = the first tier)
    bye_tier: int = 0
    #: augmenting-path searches run (a measure of work, for tests and benchmarks)
    searches: int = 0


CandidateFn = Callable[[int, Matcher], Iterable[int]]


@dataclass
class Recorder:
    """What :func:`top_down` tried, step by step, for explaining a round (issue 18).

    Off unless a recorder is passed; it only listens, so the pairing is the same with
    or without it.  Positions are places on the round list (0 = top).  ``tried``
    holds, per top player in the order he came up, his candidates in the order they
    were tried with the outcome: ``"blocked"`` (may not meet: met, forbidden or a
    colour rule), ``"rest"`` (the others could then not all be paired: the break-up of
    NSF-9D / SSF-5 / DSU-4 / SKOL-4, MON-3), ``"paired"`` or ``"bye"`` (NSF-12A: the
    player left over takes the bye).  ``bye_tried`` holds the bye candidates of
    MON-5 in the order tried, with whether the others could then all be paired.
    """

    #: bye tiers that had to be widened because nobody in them could take the bye
    tiers_skipped: int = 0
    bye_tried: list[tuple[int, bool]] = field(default_factory=list)
    tops: list[int] = field(default_factory=list)
    tried: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    #: the system's working data of the round (set by the caller, e.g. the Monrad Context)
    context: object = None

    def start(self, tier_no: int) -> None:
        """A new attempt (a wider bye tier, or a system's second run): forget the last."""
        self.tiers_skipped = tier_no
        self.bye_tried.clear()
        self.tops.clear()
        self.tried.clear()

    def step(self, top: int, candidate: int, outcome: str) -> None:
        if top not in self.tried:
            self.tops.append(top)
            self.tried[top] = []
        self.tried[top].append((candidate, outcome))

#: candidates tried with one targeted search each before the exact partner set is computed
_CHEAP_TRIES = 3


def in_list_order(top: int, m: Matcher) -> Iterator[int]:
    """Everyone below ``top`` he may meet, in list order: the first player below him
    he has not met, then the next ... (SSF-5, DSU-3, SKOL-4); every system's last resort."""
    for v in m.alive():
        if v != top and m.adjacent(top, v):
            yield v


def lowest_first_tiers(byes: Sequence[int], *, again: bool = False) -> list[list[int]]:
    """Bye candidates in tiers, given each list position's count of byes had.

    MON-5 (SSF-8, DSU-8, SKOL-3) and OTH-9: the lowest-placed player without a bye, so
    the first tier is those players from the bottom up.  Where a player may never get
    the bye twice (SSF-8, SKOL-3, OTH-9) that is the only tier: when every player has
    had it, there is no tier and no legal pairing of an odd field.  With ``again``
    (DSU-8, whose source is silent) a second tier follows: a player's second bye,
    fewest byes first, from the bottom, only when no player without a bye can take
    it; a documented decision.

    >>> lowest_first_tiers([0, 1, 0, 2])
    [[2, 0]]
    >>> lowest_first_tiers([0, 1, 0, 2], again=True)
    [[2, 0], [2, 0, 1, 3]]
    >>> lowest_first_tiers([1, 1, 1])
    []
    """
    n = len(byes)
    first = [i for i in range(n - 1, -1, -1) if byes[i] == 0]
    tiers = [first] if first else []
    if again and len(first) < n:
        tiers.append(sorted(range(n - 1, -1, -1), key=lambda i: byes[i]))
    return tiers


def top_down(
    n: int,
    can_meet: Callable[[int, int], bool],
    candidates: CandidateFn,
    *,
    bye: str = "none",
    bye_tiers: Sequence[Sequence[int]] = (),
    recorder: Recorder | None = None,
) -> Plan:
    """Pair positions ``0 .. n-1`` (0 = top of the round list).

    ``candidates(top, matcher)`` yields the top player's possible opponents in the
    order of the written procedure; every other player he may meet must come
    somewhere (missing ones are tried last, in list order).  Raises
    :class:`NoPairingPossible` when no complete pairing exists.  ``recorder``, if
    given, is told every step (:class:`Recorder`); it does not change the result.
    """
    if bye not in ("none", "before", "leftover"):
        raise ValueError(f"unknown bye mode {bye!r}")
    needs_bye = n % 2 == 1
    tiers: Sequence[Sequence[int] | None] = bye_tiers if needs_bye else (None,)
    if needs_bye and not tiers:
        raise NoByeCandidate(no_bye_candidate(n))
    searches = 0
    for tier_no, tier in enumerate(tiers):
        bye_ok = None
        if tier is not None:
            bye_ok = [False] * n
            for v in tier:
                bye_ok[v] = True
        m = Matcher(n, can_meet, bye_ok)
        if not m.initialise():
            searches += m.searches
            continue
        plan = Plan(bye_tier=tier_no)
        if recorder is not None:
            recorder.start(tier_no)
        d = m.dummy
        if tier is not None and bye == "before":
            failures = 0
            partners: set[int] | None = None
            for v in tier:
                if partners is not None and v not in partners:
                    if recorder is not None:
                        recorder.bye_tried.append((v, False))
                    continue
                if m.try_fix(d, v):
                    plan.bye = v
                    if recorder is not None:
                        recorder.bye_tried.append((v, True))
                    break
                if recorder is not None:
                    recorder.bye_tried.append((v, False))
                failures += 1
                if failures == _CHEAP_TRIES:
                    partners = m.feasible_partners(d)
            else:  # pragma: no cover - impossible once initialise() succeeded
                raise AssertionError("bye tier feasible but no player could take the bye")
        while True:
            top = next(m.alive(), None)
            if top is None:
                break
            tried: set[int] = set()
            done = False
            failures = 0
            partners = None  # exact test, once cheap tries keep failing

            def attempt(c: int, top: int = top, m: Matcher = m) -> bool:
                nonlocal failures, partners
                if partners is not None and c not in partners:
                    return False
                if m.try_fix(top, c):
                    return True
                failures += 1
                if failures == _CHEAP_TRIES and partners is None:
                    partners = m.feasible_partners(top)
                return False

            for c in candidates(top, m):
                if c in tried or c == top:
                    continue
                tried.add(c)
                if m.adjacent(top, c) and attempt(c):
                    plan.pairs.append((top, c))
                    done = True
                    if recorder is not None:
                        recorder.step(top, c, "paired")
                    break
                if recorder is not None:
                    recorder.step(top, c, "rest" if m.adjacent(top, c) else "blocked")
            if not done:
                for c in in_list_order(top, m):
                    if c not in tried and attempt(c):
                        plan.pairs.append((top, c))
                        done = True
                        if recorder is not None:
                            recorder.step(top, c, "paired")
                        break
                    if c not in tried and recorder is not None:
                        recorder.step(top, c, "rest")
            if not done and m.dummy_alive and m.bye_ok[top] and attempt(d):
                plan.bye = top
                done = True
                if recorder is not None:
                    recorder.step(top, -1, "bye")
            if not done:  # pragma: no cover - the matching guarantees a feasible candidate
                raise AssertionError(f"no feasible candidate for list position {top + 1}")
        plan.searches = searches + m.searches
        return plan
    raise NoPairingPossible(tr("no pairing of the round satisfies the absolute rules"))
