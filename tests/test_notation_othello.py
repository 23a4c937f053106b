"""OTH-6 in result cells: disc counts that cannot be a game are refused as disc counts."""

from __future__ import annotations

import pytest

from monrad.converters.notation import NotationError, parse_result


@pytest.mark.parametrize("cell, total", [("40-30", 70), ("65-0", 65), ("33 - 32", 65)])
def test_oth_6_disc_counts_over_64_are_named_as_disc_counts(cell: str, total: int) -> None:
    with pytest.raises(NotationError, match=rf"not a disc count: the two counts add up to {total}, "
                                            r"at most 64 \(OTH-6\)"):
        parse_result(cell, othello=True)


def test_oth_6_chess_cells_keep_the_chess_message() -> None:
    with pytest.raises(NotationError, match="not a chess result"):
        parse_result("40-30")
    assert parse_result("40-24", othello=True).white_discs == 40
