"""Every round of the FIDE Dutch reference tournaments, re-paired exactly.

``shared/oracle/dutch`` and ``shared/oracle/dutch-random`` hold tournaments in which
every round was paired by the FIDE-endorsed reference engine (C.04.3, 2026 rules).
For each round k+1 we keep rounds 1..k and the byes requested for round k+1 (H, Z,
F), pair, and demand the same pairs, the same colours and the same
pairing-allocated bye (README of the oracle folder).

Default suite: every round of every file below 100 players; of the bigger files a
sample of rounds (below), the other rounds are ``slow`` (``--runslow`` runs all).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from conftest import SHARED

trf = pytest.importorskip("monrad.converters.trf")

from monrad.engine.model import Result, Round, Tournament  # noqa: E402
from monrad.engine.pairing import pair_round  # noqa: E402
from monrad.engine.systems.dutch import infer_initial_colour  # noqa: E402

ORACLE = SHARED / "oracle"
FILES = sorted((ORACLE / "dutch").glob("*.trf")) + sorted((ORACLE / "dutch-random").glob("*.trf"))
#: files from this many players on are sampled in the default suite
SAMPLED_FROM = 100
#: rounds of a sampled file that run by default (besides its last round)
SAMPLE = {3}
#: these run only with --runslow, every round
HUGE = ("_n0500_", "_n1000_")


def _rounds_in(path: Path) -> int:
    text = path.read_bytes().decode("latin-1").replace("\r\n", "\n").replace("\r", "\n")
    line = next(ln for ln in text.split("\n") if ln.startswith("001"))
    return (len(line.rstrip()) - 89) // 10


def _players_in(path: Path) -> int:
    return int(path.stem.split("_n")[1][:4])


def _cases() -> list:
    out = []
    for path in FILES:
        rounds = _rounds_in(path)
        huge = any(b in path.name for b in HUGE)
        sampled = _players_in(path) >= SAMPLED_FROM
        for k in range(1, rounds + 1):
            slow = huge or (sampled and k not in SAMPLE and k != rounds)
            marks = [pytest.mark.slow] if slow else []
            out.append(pytest.param(path, k, marks=marks, id=f"{path.parent.name}/{path.stem}/r{k}"))
    return out


@lru_cache(maxsize=8)
def _load(path: Path) -> Tournament:
    return trf.read_trf(path)


def replay(t: Tournament, k: int) -> tuple[Round, Round]:
    """(our pairing of round k, the file's round k)."""
    work = t.copy()
    work.settings = t.settings.replace(initial_colour=infer_initial_colour(t))
    actual = t.round(k)
    pre = tuple(b for b in actual.byes if b.result is not Result.PAIRING_BYE)
    work.rounds = [r for r in t.rounds if r.number < k] + [Round(k, (), pre)]
    return pair_round(work, "dutch", round_no=k), actual


def _summary(r: Round) -> tuple[set[tuple[int, int]], set[int]]:
    return ({(g.white, g.black) for g in r.games},
            {b.player for b in r.byes if b.result is Result.PAIRING_BYE})


@pytest.mark.skipif(not FILES, reason="shared oracle data not present")
@pytest.mark.parametrize(("path", "k"), _cases())
def test_c04_3_round_equals_reference(path: Path, k: int) -> None:
    ours, theirs = replay(_load(path), k)
    assert _summary(ours) == _summary(theirs)
