"""Record the reference engine's outputs for ``tests/addin/test_bbp_dropin.py``.

    python tests/data/bbp/record.py /path/to/bbpPairings

For a spread of rounds of the oracle tournaments (``../oracle``) it writes the
input TRF (the tournament up to the round, with the round's requested byes), runs
the reference engine on it (``--dutch IN -p OUT`` and ``--dutch IN -c``) and keeps
its outputs byte for byte: ``NAME.trf``, ``NAME.pairs``, ``NAME.check`` and
``NAME.code`` (exit codes of ``-p`` and ``-c``).  Files whose round was changed by
hand (``_changed``) show the checker's report of a difference.  Only the outputs are
committed, never the engine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from monrad.converters import trf
from monrad.engine.model import Game, Result, Round
from monrad.engine.systems.dutch import infer_initial_colour

HERE = Path(__file__).resolve().parent
ORACLE = HERE.parent / "oracle"

#: (oracle file, rounds whose pairing is asked for)
CASES = [
    ("dutch/dutch_n0007_r05_s5101.trf", (1, 3, 5)),
    ("dutch/dutch_n0008_r06_s5111_ff-zb-hb.trf", (2, 6)),
    ("dutch/dutch_n0009_r07_s5108_ff-zb-hb.trf", (4, 7)),
    ("dutch/dutch_n0010_r05_s5110_pts310.trf", (3, 5)),
    ("dutch/dutch_n0012_r07_s5106.trf", (5,)),
    ("dutch/dutch_n0033_r07_s5205_ff-zb-hb.trf", (1, 4, 7)),
    ("dutch/dutch_n0041_r09_s5208_ff-zb-hb.trf", (2, 9)),
    ("dutch/dutch_n0045_r07_s5209_ff-hb-pts310.trf", (6,)),
    ("dutch/dutch_n0100_r09_s5301.trf", (5, 9)),
    ("dutch/dutch_n0137_r09_s5304_ff-zb-hb.trf", (3, 8)),
    ("dutch/dutch_n0200_r09_s5310_ff-zb-hb.trf", (2, 7)),
]
#: whole tournaments for the checker (one of them changed by hand)
CHECKED = [
    "dutch/dutch_n0011_r06_s5105_ff-zb-hb.trf",
    "dutch/dutch_n0030_r09_s5204.trf",
    "dutch/dutch_n0040_r08_s5207_zb.trf",
]


def _upto(path: Path, k: int):
    """The tournament before round ``k`` is paired (its requested byes kept)."""
    t = trf.read_trf(path)
    t.settings = t.settings.replace(initial_colour=infer_initial_colour(t))
    r = t.round(k)
    pre = tuple(b for b in r.byes if b.result is not Result.PAIRING_BYE) if r else ()
    t.rounds = [x for x in t.rounds if x.number < k] + ([Round(k, (), pre)] if pre else [])
    return t


def _changed(path: Path):
    """The whole tournament with the opponents of two boards of round 3 exchanged
    and the colours of one board of round 5 swapped."""
    t = trf.read_trf(path)
    r3 = t.round(3)
    a, b = r3.games[0], r3.games[1]
    t.set_round(Round(3, (Game(a.white, b.black, a.white_result),
                          Game(b.white, a.black, b.white_result)) + r3.games[2:], r3.byes))
    r5 = t.round(5)
    g = r5.games[2]
    t.set_round(Round(5, (Game(g.black, g.white, g.black_result),) + r5.games[:2]
                      + r5.games[3:], r5.byes))
    return t


def _run(engine: str, name: str, t) -> None:
    src = HERE / f"{name}.trf"
    src.write_text(trf.write_trf(t), encoding="utf-8")
    out = HERE / f"{name}.pairs"
    p = subprocess.run([engine, "--dutch", src.name, "-p", out.name], cwd=HERE,
                       capture_output=True, check=False)
    c = subprocess.run([engine, "--dutch", src.name, "-c"], cwd=HERE, capture_output=True,
                       check=False)
    (HERE / f"{name}.check").write_bytes(c.stdout)
    (HERE / f"{name}.code").write_text(f"{p.returncode} {c.returncode}\n", encoding="ascii")
    if p.returncode:
        out.unlink(missing_ok=True)


def main(engine: str) -> None:
    for rel, rounds in CASES:
        path = ORACLE / rel
        for k in rounds:
            _run(engine, f"{path.stem}_round{k}", _upto(path, k))
    for rel in CHECKED:
        path = ORACLE / rel
        _run(engine, f"{path.stem}_all", trf.read_trf(path))
    path = ORACLE / CHECKED[-1]
    _run(engine, f"{path.stem}_changed", _changed(path))


if __name__ == "__main__":
    main(sys.argv[1])
