"""Every value of every code in ``oracle/tiebreaks/`` (FIDE's own tie-break code, gacrux
1.11.65, 2026 rules), for every reference tournament, reproduced by
:mod:`monrad.engine.tiebreaks` (C.07 articles 5-10 and 16)."""

from __future__ import annotations

import csv
from fractions import Fraction

import pytest
from conftest import DATA

from monrad.engine.tiebreaks import Context, get_tiebreak

ORACLE = DATA / "oracle"
CSVS = sorted((ORACLE / "tiebreaks").glob("*.csv"))


def _trf_for(csv_path):
    for folder in ("dutch", "dutch-random"):
        p = ORACLE / folder / (csv_path.stem + ".trf")
        if p.exists():
            return p
    raise FileNotFoundError(f"no TRF for {csv_path.name}")


def test_oracle_present():
    assert len(CSVS) >= 150, "the reference tie-break files are missing"


@pytest.mark.parametrize("csv_path", CSVS, ids=[p.stem for p in CSVS])
def test_c07_2026_oracle_values(csv_path):
    from monrad.converters import trf
    t = trf.read_trf(_trf_for(csv_path))
    with csv_path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    codes = [c for c in rows[0] if c not in ("start_no", "points")]
    assert {"BH", "SB", "DE", "TPR"} <= set(codes)
    ctx = Context(t)  # DE as gacrux computes it: right after PTS (groups of equal points)
    values = {c: get_tiebreak(c).compute(ctx) for c in codes}
    wrong = []
    for row in rows:
        p = int(row["start_no"])
        if Fraction(row["points"]) != ctx.totals[p]:
            wrong.append(f"player {p} points: expected {row['points']}, got {ctx.totals[p]}")
        for c in codes:
            expected, got = row[c], values[c][p]
            if expected == "" and got is None:
                continue
            # compare as numbers; ARO/TPR are whole numbers in the CSV, SB has 2 decimals
            if got is None or Fraction(expected) != Fraction(got):
                wrong.append(f"player {p} {c}: expected {expected}, got {got}")
    assert not wrong, f"{csv_path.name}: {len(wrong)} wrong values, e.g. " + "; ".join(wrong[:5])
