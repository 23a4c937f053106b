"""FIDE Berger tables (Handbook C.05, Annex 1) for any number of players.

The published tables cover 3 to 16 players; they all follow one rule, which this
module implements for any size (``tests/test_berger.py`` checks it against the
published tables, kept as data in ``tests/data/berger/``).

With ``N`` the even table size (the number of players, plus a dummy when it is odd)
and ``M = N - 1``, round ``r`` (1-based) is built around the *pivot*
``p = ((r - 1) * N / 2) mod M + 1``:

* board 1: ``p`` has White against ``N`` in odd rounds, ``N`` has White against
  ``p`` in even rounds;
* board ``j`` (2 .. N/2): ``p + (j - 1)`` has White against ``p - (j - 1)``,
  both counted round the circle ``1 .. M``.

A pairing number that is the dummy (``N`` when the number of players is odd)
means the other player has the bye ("the highest number counts as a bye").

For a double round robin FIDE recommends swapping the last two rounds of the first
cycle, so that nobody gets three games in a row with the same colour at the turn;
the second cycle repeats the original table with colours reversed (OTH-2).

The Varma tables (FIDE C.05 Annex 2, restricted drawing of numbers by federation)
are at the end of the module.

>>> berger_round(4, 1)
((1, 4), (2, 3))
>>> berger_round(5, 2)
((6, 4), (5, 3), (1, 2))
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .i18n import tr

__all__ = [
    "table_size",
    "rounds_in_cycle",
    "berger_round",
    "berger_table",
    "double_round_robin_round",
    "double_round_robin_table",
    "VARMA_GROUPS",
    "varma_groups",
    "varma_numbers",
]

Pair = tuple[int, int]


def table_size(players: int) -> int:
    """The even size of the table for ``players`` (odd counts get a dummy).

    >>> table_size(7), table_size(8)
    (8, 8)
    """
    if players < 2:
        raise ValueError(str(tr("a round robin needs at least 2 players, not {players}",
                                players=players)))
    return players + (players % 2)


def rounds_in_cycle(players: int) -> int:
    """Rounds of a single round robin: ``N - 1`` for the even table size ``N``."""
    return table_size(players) - 1


def berger_round(players: int, round_no: int) -> tuple[Pair, ...]:
    """Boards of round ``round_no`` as (White, Black) pairing numbers, board order.

    The dummy's board (odd ``players``) is included with the dummy number
    ``players + 1``; callers turn it into a bye.
    """
    n = table_size(players)
    m = n - 1
    if not 1 <= round_no <= m:
        raise ValueError(str(tr("a round robin of {players} players has rounds 1..{last}, not "
                                "{round}", players=players, last=m, round=round_no)))

    def wrap(x: int) -> int:
        return (x - 1) % m + 1

    pivot = ((round_no - 1) * (n // 2)) % m + 1
    boards: list[Pair] = [(pivot, n) if round_no % 2 == 1 else (n, pivot)]
    for j in range(2, n // 2 + 1):
        boards.append((wrap(pivot + j - 1), wrap(pivot - j + 1)))
    return tuple(boards)


def berger_table(players: int) -> tuple[tuple[Pair, ...], ...]:
    """The whole single round robin table, round 1 first."""
    return tuple(berger_round(players, r) for r in range(1, rounds_in_cycle(players) + 1))


def double_round_robin_round(players: int, round_no: int, *, swap_last_two: bool = True) -> tuple[Pair, ...]:
    """Round ``round_no`` of a double round robin (OTH-2).

    Rounds ``1 .. M`` are the first cycle (with its last two rounds swapped when
    ``swap_last_two``, the FIDE recommendation, and when the cycle has at least
    three rounds); rounds ``M+1 .. 2M`` repeat the original table with colours
    reversed, so every pair meets once with each colour.
    """
    m = rounds_in_cycle(players)
    if not 1 <= round_no <= 2 * m:
        raise ValueError(
            f"a double round robin of {players} players has rounds 1..{2 * m}, not {round_no}"
        )
    if round_no > m:
        return tuple((b, w) for w, b in berger_round(players, round_no - m))
    if swap_last_two and m >= 3 and round_no >= m - 1:
        round_no = (2 * m - 1) - round_no  # m-1 <-> m
    return berger_round(players, round_no)


def double_round_robin_table(players: int, *, swap_last_two: bool = True) -> tuple[tuple[Pair, ...], ...]:
    """All ``2 (N - 1)`` rounds of a double round robin."""
    m = rounds_in_cycle(players)
    return tuple(
        double_round_robin_round(players, r, swap_last_two=swap_last_two) for r in range(1, 2 * m + 1)
    )

# --------------------------------------------------------------------------------------
# Varma tables: restricted drawing of round-robin numbers by federation (FIDE C.05 Annex 2).
#
# Players of one federation draw their numbers from one group (A, B, C or D) of the
# table, so that (as far as the table allows) they meet early rather than in the last
# three rounds.  Procedure, as published:
#
# * federations draw in order of contingent size (largest first), equal sizes by the
#   alphabetical order of the federation code; inside a federation, players in
#   alphabetical order of name;
# * the first player of a contingent chooses an envelope (group) still holding at least
#   as many numbers as his contingent has players, and every player of the contingent
#   draws from it; the numbers left are available to later contingents.
#
# Choices and draws are lots: here one seeded :class:`random.Random`, so the draw is
# reproducible from its seed (record it in ``Settings.seeds["varma"]``).
#
# **Decisions:** with an odd number of players the table of the next even size is used
# and its highest number (the dummy of the Berger table) is left out; a contingent
# larger than every remaining group takes the largest group and continues in the next
# largest (the published procedure does not cover it); tables exist for 9 to 20
# players (the rows for 21-24 were not available to this project).
# --------------------------------------------------------------------------------------

#: Published groups A, B, C, D by even table size (FIDE C.05 Annex 2).
VARMA_GROUPS: dict[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
}


def varma_groups(players: int) -> tuple[tuple[int, ...], ...]:
    """Groups A..D for ``players`` entrants (an odd count drops the dummy number)."""
    size = players + players % 2
    if size not in VARMA_GROUPS:
        raise ValueError(str(tr("Varma tables cover 9 to 20 players here, not {players}",
                                players=players)))
    return tuple(tuple(x for x in g if x <= players) for g in VARMA_GROUPS[size])


def varma_numbers(players: Sequence[tuple[int, str, str]], seed: int) -> dict[int, int]:
    """Draw round-robin numbers for ``(key, federation, name)`` entrants; key -> number."""
    groups = [list(g) for g in varma_groups(len(players))]
    rng = random.Random(seed)
    by_fed: dict[str, list[tuple[int, str, str]]] = {}
    for p in players:
        by_fed.setdefault(p[1].strip().upper(), []).append(p)
    order = sorted(by_fed, key=lambda f: (-len(by_fed[f]), f))
    out: dict[int, int] = {}
    for fed in order:
        contingent = sorted(by_fed[fed], key=lambda p: (p[2].casefold(), p[0]))
        fits = [g for g in groups if len(g) >= len(contingent)]
        if fits:
            envelopes = [rng.choice(fits)]
        else:  # Decision: spill over, largest groups first
            envelopes = sorted((g for g in groups if g), key=len, reverse=True)
        for key, _, _ in contingent:
            while not envelopes[0]:
                envelopes.pop(0)
            number = rng.choice(envelopes[0])
            envelopes[0].remove(number)
            out[key] = number
    return out
