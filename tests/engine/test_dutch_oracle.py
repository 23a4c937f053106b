"""Every round of the FIDE Dutch reference tournaments, re-paired exactly.

``tests/data/oracle`` (``dutch``, ``dutch-random``, ``dutch-pab``, and ``dutch-draws``:
every game drawn, one huge score group) holds tournaments in which every round was
paired by the FIDE-endorsed reference engine (C.04.3, 2026 rules).
For each round k+1 we keep rounds 1..k and the byes requested for round k+1 (H, Z,
F), pair, and demand the same pairs, the same colours and the same
pairing-allocated bye (README of the oracle folder).

Every round of every file runs in the default suite (1,358 rounds, up to 1,000
players; about 90 s on two cores).  The Baku and no-bye sets have their own tests
(``test_dutch_baku.py``, ``test_dutch_no_second_bye.py``).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters import trf
from monrad.engine.model import Result, Round, Tournament  # noqa: E402
from monrad.engine.pairing import pair_round  # noqa: E402
from monrad.engine.systems.dutch import infer_initial_colour  # noqa: E402

ORACLE = DATA / "oracle"
FOLDERS = ("dutch", "dutch-random", "dutch-pab", "dutch-draws")
FILES = [p for folder in FOLDERS for p in sorted((ORACLE / folder).glob("*.trf"))]


def _rounds_in(path: Path) -> int:
    text = path.read_bytes().decode("latin-1").replace("\r\n", "\n").replace("\r", "\n")
    line = next(ln for ln in text.split("\n") if ln.startswith("001"))
    return (len(line.rstrip()) - 89) // 10


def _cases() -> list:
    return [pytest.param(path, k, id=f"{path.parent.name}/{path.stem}/r{k}")
            for path in FILES for k in range(1, _rounds_in(path) + 1)]


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


@pytest.mark.parametrize(("path", "k"), _cases())
def test_c04_3_round_equals_reference(path: Path, k: int) -> None:
    ours, theirs = replay(_load(path), k)
    assert _summary(ours) == _summary(theirs)
