"""The Berger tables (FIDE C.05 Annex 1) against the published tables, 3..16 players."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from monrad.engine.berger import (
    berger_round,
    berger_table,
    double_round_robin_table,
    rounds_in_cycle,
    table_size,
)

BERGER = Path(__file__).resolve().parents[1] / "data" / "berger"


def published(size: int) -> list[list[tuple[int, int]]]:
    """The published table for ``size - 1`` or ``size`` players, read from test data."""
    rounds = []
    for line in (BERGER / f"berger_{size:02d}.txt").read_text().splitlines():
        m = re.fullmatch(r"Rd (\d+): (.*)", line.strip())
        assert m, line
        assert int(m.group(1)) == len(rounds) + 1
        rounds.append([tuple(int(x) for x in b.split("-")) for b in m.group(2).split(", ")])
    return rounds


@pytest.mark.parametrize("players", range(3, 17))
def test_berger_tables_match_published_tables(players: int) -> None:
    expected = published(table_size(players))
    assert [list(r) for r in berger_table(players)] == expected


@pytest.mark.parametrize("players", [3, 5, 7, 15, 21, 40, 41, 100])
def test_berger_everyone_meets_everyone_once(players: int) -> None:
    n = table_size(players)
    meetings = Counter(frozenset(b) for r in berger_table(players) for b in r)
    assert set(meetings) == {frozenset(p) for p in combinations(range(1, n + 1), 2)}
    assert set(meetings.values()) == {1}
    for r in berger_table(players):
        assert sorted(x for b in r for x in b) == list(range(1, n + 1))


@pytest.mark.parametrize("players", range(3, 41))
def test_oth_2_round_robin_colours_balanced(players: int) -> None:
    """OTH-2: everyone gets Black about as often as White (difference at most 1)."""
    n = table_size(players)
    whites = Counter(w for r in berger_table(players) for w, _ in r)
    for p in range(1, n + 1):
        assert abs(2 * whites[p] - (n - 1)) <= 1


@pytest.mark.parametrize("players", range(3, 21))
def test_oth_2_double_round_robin_reverses_colours(players: int) -> None:
    """OTH-2: in the second meeting the colours are reversed; every pair meets twice."""
    table = double_round_robin_table(players)
    assert len(table) == 2 * rounds_in_cycle(players)
    seen: dict[frozenset[int], list[tuple[int, int]]] = {}
    for r in table:
        for w, b in r:
            seen.setdefault(frozenset((w, b)), []).append((w, b))
    for games in seen.values():
        assert len(games) == 2
        assert games[0] == games[1][::-1]


@pytest.mark.parametrize("players", range(3, 21))
def test_double_round_robin_no_three_same_colours_at_the_turn(players: int) -> None:
    """FIDE C.05 Annex 1: swapping the last two rounds of cycle 1 avoids three in a row there."""
    n = table_size(players)
    table = double_round_robin_table(players)
    m = rounds_in_cycle(players)
    for p in range(1, n + 1):
        colours = []
        for r in table:
            for w, b in r:
                if p in (w, b):
                    colours.append("w" if p == w else "b")
        turn = colours[m - 3: m + 3] if m >= 3 else colours
        assert "www" not in "".join(turn) and "bbb" not in "".join(turn), (p, colours)


def test_berger_round_out_of_range() -> None:
    with pytest.raises(ValueError, match="rounds 1..3"):
        berger_round(4, 4)
    with pytest.raises(ValueError, match="at least 2"):
        table_size(1)
