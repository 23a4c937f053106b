"""Standings ranks on every reference tournament, checked against ranks derived from the
oracle's values (FIDE gacrux 1.11.65): points, then DE (computed right after the points,
as in the oracle), BH/C1, BH, SB, WIN, ARO; equal on all of them = shared rank."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest
from test_tiebreaks_oracle import CSVS, _trf_for

from monrad.engine.standings import standings

LIST = ["DE", "BH/C1", "BH", "SB", "WIN", "ARO"]


def _expected_ranks(rows: list[dict[str, str]]) -> dict[int, int]:
    def key(row):
        return (-Fraction(row["points"]), int(row["DE"]),
                *(-Fraction(row[c] or "0") for c in LIST[1:]))
    ordered = sorted(rows, key=key)
    ranks: dict[int, int] = {}
    for i, row in enumerate(ordered):
        same = i > 0 and key(ordered[i - 1]) == key(row)
        ranks[int(row["start_no"])] = ranks[int(ordered[i - 1]["start_no"])] if same else i + 1
    return ranks


@pytest.mark.parametrize("csv_path", CSVS, ids=[p.stem for p in CSVS])
def test_c07_standings_ranks_match_oracle(csv_path):
    from monrad.converters import trf
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    table = standings(trf.read_trf(_trf_for(csv_path)), LIST)
    assert {r.start_no: r.rank for r in table.rows} == _expected_ranks(rows)
    # shared ranks are marked, and ranks never skip backwards
    ranks = [r.rank for r in table.rows]
    assert ranks == sorted(ranks)
    assert all(r.shared == (ranks.count(r.rank) > 1) for r in table.rows)
