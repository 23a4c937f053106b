"""Start-number draws (NSF-2A, NSF-2B, SSF-1, SKOL-1): reproducible from a recorded seed."""

from __future__ import annotations

import pytest

from monrad.engine.draw import (
    NSF_CYCLE,
    apply_draw,
    random_draw,
    seeded_draw,
    strength_order,
)
from monrad.engine.model import ModelError, Player, Round, Settings, Tournament


def test_nsf_2a_random_draw_is_a_permutation_reproducible_from_its_seed() -> None:
    """NSF-2A / SSF-1: a lot; the same seed gives the same start numbers."""
    players = list(range(1, 31))
    a = random_draw(players, seed=2024)
    b = random_draw(players, seed=2024)
    c = random_draw(players, seed=2025)
    assert sorted(a.order) == players
    assert a == b
    assert a.order != c.order
    assert a.seed == 2024 and a.key == "start_draw"


def test_ssf_1_draw_without_seed_records_the_seed_it_used() -> None:
    """SSF-1: the lot gets a fresh seed when none is given, and reports it."""
    d = random_draw(range(1, 11))
    assert random_draw(range(1, 11), seed=d.seed).order == d.order


def test_nsf_2b_seeded_draw_follows_acdbcabd() -> None:
    """NSF-2B: groups A..D in rating order, drawn from in the cycle A C D B C A B D."""
    ranked = list(range(1, 17))  # A = 1-4, B = 5-8, C = 9-12, D = 13-16
    group = {p: "ABCD"[(p - 1) // 4] for p in ranked}
    for seed in range(20):
        d = seeded_draw(ranked, seed=seed)
        assert sorted(d.order) == ranked
        assert "".join(group[p] for p in d.order) == NSF_CYCLE * 2
        assert seeded_draw(ranked, seed=seed) == d


def test_nsf_2b_lowest_ranked_remainder_gets_the_last_numbers() -> None:
    """NSF-2B: make the count divisible by 4 by taking off the lowest-ranked; they
    get the last start numbers by lot.  Odd group size: the cycle skips empty groups."""
    ranked = list(range(1, 15))  # 14 players: 12 in groups of 3, players 13 and 14 last
    d = seeded_draw(ranked, seed=5)
    assert set(d.order[-2:]) == {13, 14}
    group = {p: "ABCD"[(p - 1) // 3] for p in range(1, 13)}
    assert "".join(group[p] for p in d.order[:12]) == "ACDBCABD" + "ACDB"


def test_nsf_2b_strength_order_puts_unrated_at_the_bottom() -> None:
    """NSF-2B: rank by rating; unrated by estimated strength (given order), else at the bottom."""
    players = [Player(1, "a", rating=0), Player(2, "b", rating=1500),
               Player(3, "c", rating=2100), Player(4, "d", rating=0), Player(5, "e", rating=1500)]
    assert strength_order(players) == [3, 2, 5, 1, 4]


def test_nsf_2a_apply_draw_renumbers_and_records_the_seed() -> None:
    """NSF-2A: the draw gives start numbers; the seed is kept in Settings.seeds."""
    t = Tournament(settings=Settings(system="nsf", rounds=5))
    for n, name in enumerate("ABCDEF", 1):
        t.add_player(Player(n, name))
    d = random_draw(t.start_numbers, seed=99)
    out = apply_draw(t, d)
    assert out.settings.seeds["start_draw"] == 99
    assert [out.player(i).name for i in range(1, 7)] == ["ABCDEF"[old - 1] for old in d.order]
    assert t.player(1).name == "A"  # the original is untouched
    t.rounds.append(Round(1))
    with pytest.raises(ModelError):
        apply_draw(t, d)
