"""The blossom solver's invariants (``monrad.engine.matching`` module docstring)
hold on every solve: with :data:`~monrad.engine.matching.CHECK` on, each solve ends by
verifying the optimality certificate (duals never negative, every slack >= 0, matched
edges tight, single vertices at dual 0, blossoms with a positive dual full)."""

from __future__ import annotations

import gzip
import json
import random

import pytest
from conftest import DATA

from monrad.engine import matching
from monrad.engine.matching import max_weight_matching


def _cases() -> list[tuple[int, list[tuple[int, int, int]]]]:
    with gzip.open(DATA / "matching" / "identity_cases.json.gz", "rt", encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    out = []
    for c in cases:
        shifts = c["shifts"]
        if shifts is None:
            edges = [(u, v, int(w, 16)) for u, v, w in c["edges"]]
        else:
            edges = [(e[0], e[1], sum(f << s for f, s in zip(e[2:], shifts))) for e in c["edges"]]
        out.append((c["n"], edges))
    return out


def test_certificate_holds_on_the_recorded_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matching, "CHECK", True)
    checked = []
    real = matching._verify_optimum

    def counted(*args):  # type: ignore[no-untyped-def]
        checked.append(True)
        return real(*args)

    monkeypatch.setattr(matching, "_verify_optimum", counted)
    cases = _cases()
    for n, edges in cases:
        max_weight_matching(n, edges)
    assert len(checked) == sum(1 for _, e in cases if e)


def test_certificate_holds_on_random_dense_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dense graphs with many equal weights make many blossoms."""
    monkeypatch.setattr(matching, "CHECK", True)
    rng = random.Random(20)
    for _ in range(40):
        n = rng.randint(3, 30)
        edges = [(u, v, rng.choice((1, 2, 2, 3, 5))) for u in range(n) for v in range(u + 1, n)
                 if rng.random() < 0.6]
        max_weight_matching(n, edges)


def test_a_broken_certificate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a vertex dual made negative, or a matched edge made
    slack, is reported."""
    monkeypatch.setattr(matching, "CHECK", True)
    real = matching._verify_optimum

    def negative_dual(m, eu, ev, ew, endpoint, mate, dualvar, *rest):  # type: ignore[no-untyped-def]
        return real(m, eu, ev, ew, endpoint, mate, [-1] + dualvar[1:], *rest)

    monkeypatch.setattr(matching, "_verify_optimum", negative_dual)
    with pytest.raises(AssertionError, match="negative"):
        max_weight_matching(4, [(0, 1, 6), (2, 3, 6), (1, 2, 11)])

    def heavier(m, eu, ev, ew, *rest):  # type: ignore[no-untyped-def]
        return real(m, eu, ev, [w + 2 for w in ew], *rest)

    monkeypatch.setattr(matching, "_verify_optimum", heavier)
    with pytest.raises(AssertionError):
        max_weight_matching(4, [(0, 1, 6), (2, 3, 6), (1, 2, 11)])
