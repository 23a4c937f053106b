"""Varma restricted drawing of numbers (FIDE C.05 Annex 2) with the Berger tables."""

from __future__ import annotations

import pytest

from monrad.engine.berger import VARMA_GROUPS, berger_table, varma_groups, varma_numbers


@pytest.mark.parametrize("size", sorted(VARMA_GROUPS))
def test_varma_groups_partition_the_numbers(size: int) -> None:
    assert sorted(x for g in VARMA_GROUPS[size] for x in g) == list(range(1, size + 1))


@pytest.mark.parametrize("size", [10, 14, 16, 18, 20])
def test_varma_groups_do_not_meet_in_the_last_three_rounds(size: int) -> None:
    table = berger_table(size)
    groups = VARMA_GROUPS[size]
    for boards in table[-3:]:
        for w, b in boards:
            assert not any(w in g and b in g for g in groups)


def test_varma_published_11_12_row_meets_once_late() -> None:
    """As published, group C (6, 8, 12) has 6-12 in round 11: recorded, not 'corrected'."""
    table = berger_table(12)
    assert (6, 12) in table[10]


def test_varma_draw_keeps_a_federation_in_one_group_and_is_reproducible() -> None:
    players = [(i, fed, f"Name {i:02d}") for i, fed in enumerate(
        ["SWE", "SWE", "SWE", "NOR", "NOR", "DEN", "FIN", "ISL", "EST", "LAT"], 1)]
    numbers = varma_numbers(players, seed=42)
    assert sorted(numbers.values()) == list(range(1, 11))
    assert numbers == varma_numbers(players, seed=42)
    groups = varma_groups(10)
    swe = {numbers[i] for i in (1, 2, 3)}
    assert any(swe <= set(g) for g in groups)
    nor = {numbers[4], numbers[5]}
    assert any(nor <= set(g) for g in groups)


def test_varma_odd_count_leaves_out_the_dummy() -> None:
    assert max(x for g in varma_groups(9) for x in g) == 9
    players = [(i, "SWE" if i < 4 else f"F{i}", f"P{i}") for i in range(1, 10)]
    assert sorted(varma_numbers(players, seed=1).values()) == list(range(1, 10))
    with pytest.raises(ValueError, match="9 to 20"):
        varma_groups(22)
