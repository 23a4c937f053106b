"""Start-number draws: random (NSF-2A, SSF-1, SKOL-1) and seeded ACDBCABD (NSF-2B).

Every draw is a pure function of its input and a seed; the seed is returned with the
new order so that it can be recorded in ``Settings.seeds`` and the draw reproduced
and audited (the Decision under NSF-2B).  ``random.Random(seed)`` is used, whose
sequence for an integer seed is stable across Python versions.

>>> random_draw([11, 12, 13, 14], seed=7).order
(14, 12, 11, 13)
>>> seeded_draw(list(range(1, 9)), seed=1).order  # A=1,2 B=3,4 C=5,6 D=7,8
(1, 5, 8, 3, 6, 2, 4, 7)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import tr
from .model import ModelError, Player, Tournament

__all__ = [
    "DrawResult",
    "new_seed",
    "random_draw",
    "seeded_draw",
    "strength_order",
    "apply_draw",
    "NSF_CYCLE",
]

#: the order the four rating groups are drawn from in NSF-2B, repeated
NSF_CYCLE = "ACDBCABD"


@dataclass(frozen=True)
class DrawResult:
    """The drawn order (``order[0]`` gets start number 1) and the seed that made it."""

    order: tuple[int, ...]
    seed: int
    #: the key the seed is recorded under in ``Settings.seeds``
    key: str = "start_draw"
    method: str = "random"


def new_seed() -> int:
    """A fresh seed for a draw when the arbiter gives none (it is recorded anyway)."""
    return secrets.randbits(32)


def random_draw(players: Sequence[int], seed: int | None = None) -> DrawResult:
    """NSF-2A / SSF-1 / SKOL-1: start numbers by lot.

    ``players`` are identifiers (usually the current start numbers); the result lists
    them in their new start-number order.
    """
    seed = new_seed() if seed is None else int(seed)
    order = list(players)
    random.Random(seed).shuffle(order)
    return DrawResult(tuple(order), seed, method="random")


def strength_order(players: Sequence[Player]) -> list[int]:
    """NSF-2B ranking: by rating, strongest first; unrated (rating 0) at the bottom.

    The estimated strength of unrated players is the order they are given in (an
    arbiter who knows better lists them so); equal ratings keep the given order.
    """
    rated = [p for p in players if p.rating > 0]
    unrated = [p for p in players if p.rating <= 0]
    rated.sort(key=lambda p: -p.rating)
    return [p.start_no for p in rated + unrated]


def seeded_draw(ranked: Sequence[int], seed: int | None = None) -> DrawResult:
    """NSF-2B: the seeded draw over players ranked strongest first.

    The count is made divisible by 4 by taking off the lowest-ranked players; they get
    the last start numbers by lot.  The others form groups A, B, C, D of equal size in
    ranking order, and one player at a time is drawn by lot from the groups in the
    order A C D B C A B D, repeated, skipping a group that is empty; the first drawn
    gets start number 1.
    """
    seed = new_seed() if seed is None else int(seed)
    rng = random.Random(seed)
    ranked = list(ranked)
    if len(set(ranked)) != len(ranked):
        raise ModelError(tr("seeded draw: a player is listed twice"))
    extra = len(ranked) % 4
    main, tail = ranked[: len(ranked) - extra], ranked[len(ranked) - extra:]
    size = len(main) // 4
    groups = {name: main[i * size:(i + 1) * size] for i, name in enumerate("ABCD")}
    order: list[int] = []
    while any(groups.values()):
        for name in NSF_CYCLE:
            pool = groups[name]
            if pool:
                order.append(pool.pop(rng.randrange(len(pool))))
    rng.shuffle(tail)
    order.extend(tail)
    return DrawResult(tuple(order), seed, method="seeded")


def apply_draw(tournament: Tournament, draw: DrawResult) -> Tournament:
    """A copy of ``tournament`` renumbered by ``draw``, with the seed recorded.

    Only before round 1 (start numbers are fixed once a round is paired); groups of
    players who must not meet (``Settings.forbidden``) are renumbered too.
    """
    if tournament.rounds:
        raise ModelError(tr("start numbers can only be drawn before round 1 is paired"))
    known = {p.start_no: p for p in tournament.players}
    if sorted(draw.order) != sorted(known):
        raise ModelError(tr("the draw does not list every player exactly once"))
    new_no = {old: i for i, old in enumerate(draw.order, 1)}
    out = tournament.copy()
    out.players = [known[old].replace(start_no=new_no[old]) for old in draw.order]
    seeds = dict(tournament.settings.seeds)
    seeds[draw.key] = draw.seed
    forbidden = tuple(
        dataclasses.replace(g, players=tuple(new_no[p] for p in g.players if p in new_no))
        for g in tournament.settings.forbidden
    )
    out.settings = tournament.settings.replace(seeds=seeds, forbidden=forbidden)
    return out
