"""Whether the round can be paired, the bye assignee's score and C.9 of the top
bracket, by counting pairs (C.04.3 C.1-C.5, C.9).

Before the brackets are paired the procedure needs three facts of the whole field
(:mod:`.brackets`):

* **completion** (C.4): all players can be paired within the absolute criteria
  (C.1 no rematch, C.3 no two absolute colour preferences alike, forbidden pairs),
  one player of an odd field left for the pairing-allocated bye, who may take it
  (C.2);
* **the bye assignee's score** (C.5): the lowest score of a player who can be left
  for the bye with everybody else paired;
* **C.9 in the top bracket**: when that score is the top score, whether the top
  score group can be paired within itself apart from the bye assignee, the rest
  of the field among themselves.

The reference engine reads all three from one maximum-weight matching of the whole
field (completion, then the bye's score as low as possible, then as many pairs
inside the top score group as possible).  Each is a question whether a matching
leaving nobody out exists, which :func:`.cardinality.complete_matching` answers
in time that grows with the players and the pairs they may not meet, not with the
pairs of the field: an impossible round of 600 players is found impossible in
milliseconds, a 1,201-player round needs no matching of 720,000 pairs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..cardinality import complete_matching
from ..model import Colour
from .criteria import Context
from .entrants import Entrant

__all__ = ["SMALL_GROUP", "Opening", "allowed_pairs", "blocked_pairs", "clash_labels",
           "group_labels", "open_round"]


@dataclass(frozen=True)
class Opening:
    """What :func:`open_round` found: the bye assignee's score (``None`` in an even
    field) and whether C.9 applies in the top bracket."""

    bye_score: Fraction | None
    c9: bool


#: a forbidden group of more players than this is a label its players share (two
#: players with a label in common may not meet), not a list of pairs
SMALL_GROUP = 8


def _present_groups(players: Sequence[Entrant], ctx: Context) -> list[list[int]]:
    """The forbidden groups as indices into ``players`` (those present)."""
    at = {p.start_no: i for i, p in enumerate(players)}
    return [[at[s] for s in group if s in at] for group in ctx.forbidden]


def blocked_pairs(players: Sequence[Entrant], ctx: Context) -> list[set[int]]:
    """For each player (index in ``players``), the players he may not meet one by
    one: former opponents (C.1) and the members of his small forbidden groups (the
    large ones are :func:`group_labels`)."""
    at = {p.start_no: i for i, p in enumerate(players)}
    out = [{at[s] for s in p.met if s in at} for p in players]
    for members in _present_groups(players, ctx):
        if len(members) <= SMALL_GROUP:
            for a in members:
                out[a].update(b for b in members if b != a)
    return out


def group_labels(players: Sequence[Entrant], ctx: Context) -> list[frozenset[int]]:
    """For each player, the large forbidden groups he belongs to (by number): two
    players who share one may not meet.  A group of a thousand players is a
    thousand labels, not half a million pairs."""
    out: list[set[int]] = [set() for _ in players]
    for g, members in enumerate(_present_groups(players, ctx)):
        if len(members) > SMALL_GROUP:
            for a in members:
                out[a].add(g)
    return [frozenset(x) for x in out]


def clash_labels(players: Sequence[Entrant], ctx: Context) -> list[frozenset[int]]:
    """Every reason by groups why two players may not meet, as labels: the large
    forbidden groups (:func:`group_labels`) and C.3, two absolute preferences for
    the same colour, neither a topscorer in the last round (labels -1 and -2; see
    :func:`.criteria.compatible`)."""
    def colour(p: Entrant) -> frozenset[int]:
        if not p.absolute or (ctx.last_round and p.score > ctx.top_threshold):
            return frozenset()
        return frozenset((-1 if p.preference is Colour.WHITE else -2,))
    return [g | colour(p) for g, p in zip(group_labels(players, ctx), players)]


def allowed_pairs(players: Sequence[Entrant], ctx: Context) -> int:
    """How many pairs of ``players`` may meet (C.1, C.3, forbidden pairs): the edges a
    weighted matching over them holds.  Counted by the sets of clash labels the
    players have (pairs of sets without a label in common), less the pairs blocked
    one by one, never pair by pair."""
    labels = clash_labels(players, ctx)
    sizes = Counter(labels)
    keys = list(sizes)
    total = sizes[frozenset()] * (sizes[frozenset()] - 1) // 2
    for i, a in enumerate(keys):
        total += sum(sizes[a] * sizes[b] for b in keys[i + 1:] if a.isdisjoint(b))
    blocked = blocked_pairs(players, ctx)
    total -= sum(1 for u, out in enumerate(blocked) for v in out
                 if u < v and labels[u].isdisjoint(labels[v]))
    return total


def open_round(players: Sequence[Entrant], ctx: Context) -> Opening | None:
    """Completion, the bye assignee's score and C.9 of the top bracket for
    ``players`` (in pairing order), or ``None`` when no legal pairing exists."""
    blocked = blocked_pairs(players, ctx)
    labels = clash_labels(players, ctx)

    def complete(vertices: list[int], bye_ok: Sequence[bool] | None) -> bool:
        """The players ``vertices`` can all be paired among themselves (an odd
        number: but one, for whom ``bye_ok`` holds)."""
        local = {v: i for i, v in enumerate(vertices)}
        sub = [{local[u] for u in blocked[v] if u in local} for v in vertices]
        ok = [bye_ok[v] for v in vertices] if bye_ok is not None else None
        return complete_matching(len(vertices), sub, [labels[v] for v in vertices],
                                 ok) is not None

    n = len(players)
    everyone = list(range(n))
    eligible = [p.bye_eligible for p in players]
    found = complete_matching(n, blocked, labels, eligible)
    if found is None:
        return None
    if n % 2 == 0:
        return Opening(None, False)
    # C.5: the lowest score a player left for the bye can have
    bye_score = next(players[v].score for v in everyone if found[v] == v)
    for s in sorted({p.score for p in players if p.bye_eligible and p.score < bye_score}):
        if complete(everyone, [e and p.score <= s for e, p in zip(eligible, players)]):
            bye_score = s
            break
    top = players[0].score
    c9 = False
    if bye_score >= top:
        group = [v for v in everyone if players[v].score >= top]
        c9 = (len(group) % 2 == 1 and complete(group, eligible)
              and complete(everyone[len(group):], None))
    return Opening(bye_score, c9)
