"""Record the reference engine's outputs for ``tests/addin/test_bbp_dropin.py``.

    python tests/data/bbp/record.py /path/to/bbpPairings

For a spread of rounds of the oracle tournaments (``../oracle``) it writes the
input TRF (the tournament up to the round, with the round's requested byes), runs
the reference engine on it (``--dutch IN -p OUT`` and ``--dutch IN -c``) and keeps
its outputs byte for byte: ``NAME.trf``, ``NAME.pairs``, ``NAME.check`` and
``NAME.code`` (exit codes of ``-p`` and ``-c``).  Files whose round was changed by
hand (``_changed``) show the checker's report of a difference; ``_forbidden`` adds a
forbidden pair (``XXP``: the reference's own first board of the round),
``_accelerated`` virtual points (TRF-2026 ``250``; ``_trf16``: the legacy ``XXA``).
Only the outputs are committed, never the engine.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from pathlib import Path

from monrad.converters import trf
from monrad.engine.model import Bye, ForbiddenGroup, Game, Result, Round, Scoring
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


def _forbidden(path: Path, k: int, engine: str):
    """Round ``k`` with the reference's own first board of that round forbidden
    (``XXP``), so the pairing has to go round it."""
    t = _upto(path, k)
    probe = HERE / "probe.trf"
    probe.write_text(trf.write_trf(t), encoding="utf-8")
    done = subprocess.run([engine, "--dutch", probe.name, "-p"], cwd=HERE, capture_output=True,
                          text=True, check=True)
    probe.unlink()
    a, b = (int(x) for x in done.stdout.splitlines()[1].split())
    t.settings = t.settings.replace(forbidden=(ForbiddenGroup((a, b)),))
    return t


def _accelerated(path: Path, k: int):
    """Round ``k`` with Baku-style virtual points (``XXA``) for the top half: one
    point in the first rounds, half a point after."""
    t = _upto(path, k)
    half = len(t.players) // 2
    acc = (Fraction(1),) * 2 + (Fraction(1, 2),) * 2
    t.players = [p.replace(acceleration=acc) if p.start_no <= half else p for p in t.players]
    t.settings = t.settings.replace(accelerated=True)
    return t


def _scored_310(path: Path, k: int):
    """Round ``k`` of a Baku tournament scored 3/1/0: the reference refuses to
    compute virtual points for it."""
    t = _upto(path, k)
    t.settings = t.settings.replace(scoring=Scoring(win=Fraction(3), draw=Fraction(1),
                                                    forfeit_win=Fraction(3),
                                                    pairing_bye=Fraction(3),
                                                    full_bye=Fraction(3), half_bye=Fraction(1)))
    return t


def _second_bye(path: Path):
    """A tournament stopped because nobody could get the bye, with the round paired
    anyway: the lowest player gets a second bye, the others meet the first player
    below them they have not played, every game drawn."""
    t = trf.read_trf(path)
    k = max(r.number for r in t.rounds if r.games) + 1
    t = _upto(path, k)
    pre = t.round(k).byes if t.round(k) else ()
    absent = {b.player for b in pre}
    free = [p.start_no for p in t.players if p.start_no not in absent]
    bye = free.pop()
    met = {p: {g.opponent(p) for r in t.rounds for g in r.games
               if p in g.players and g.white_result.is_played} for p in free}
    games = []
    while free:
        a = free.pop(0)
        b = next((q for q in free if q not in met[a]), free[0])
        free.remove(b)
        games.append(Game(a, b, Result.DRAW))
    t.set_round(Round(k, tuple(games), pre + (Bye(bye, Result.PAIRING_BYE),)))
    return t


def _run(engine: str, name: str, t, version: str | None = None) -> None:
    src = HERE / f"{name}.trf"
    src.write_text(trf.write_trf(t, version) if version else trf.write_trf(t), encoding="utf-8")
    out = HERE / f"{name}.pairs"
    out.unlink(missing_ok=True)
    p = subprocess.run([engine, "--dutch", src.name, "-p", out.name], cwd=HERE,
                       capture_output=True, check=False)
    c = subprocess.run([engine, "--dutch", src.name, "-c"], cwd=HERE, capture_output=True,
                       check=False)
    (HERE / f"{name}.check").write_bytes(c.stdout)
    (HERE / f"{name}.code").write_text(f"{p.returncode} {c.returncode}\n", encoding="ascii")
    # kept as the reference left it: none when it refused the request, empty when it
    # found no valid pairing (it opens the file before pairing)


def main(engine: str) -> None:
    for rel, rounds in CASES:
        path = ORACLE / rel
        for k in rounds:
            _run(engine, f"{path.stem}_round{k}", _upto(path, k))
    # 3/1/0 points as TRF-16 with the reference's BBW/BBD/... lines
    for rel, k in (("dutch/dutch_n0010_r05_s5110_pts310.trf", 3),
                   ("dutch/dutch_n0045_r07_s5209_ff-hb-pts310.trf", 6),
                   ("dutch-pab/" + next(p.name for p in sorted((ORACLE / "dutch-pab").glob("*.trf"))), 4)):
        path = ORACLE / rel
        _run(engine, f"{path.stem}_round{k}_trf16", _upto(path, k), "16")
    for rel, k in (("dutch/dutch_n0033_r07_s5205_ff-zb-hb.trf", 4),
                   ("dutch/dutch_n0100_r09_s5301.trf", 6)):
        path = ORACLE / rel
        _run(engine, f"{path.stem}_round{k}_forbidden", _forbidden(path, k, engine))
    for rel, k in (("dutch/dutch_n0041_r09_s5208_ff-zb-hb.trf", 2),
                   ("dutch/dutch_n0060_r09_s5214_ff-zb-hb.trf", 3)):
        path = ORACLE / rel
        _run(engine, f"{path.stem}_round{k}_accelerated", _accelerated(path, k))
        # the same as TRF-16 with the legacy extensions (XXA, XXR, XXC, BB?)
        _run(engine, f"{path.stem}_round{k}_accelerated_trf16", _accelerated(path, k), "16")
    for rel in CHECKED:
        path = ORACLE / rel
        _run(engine, f"{path.stem}_all", trf.read_trf(path))
    path = ORACLE / CHECKED[-1]
    _run(engine, f"{path.stem}_changed", _changed(path))
    # issue 31: Baku acceleration named without 250 lines; refused for 3/1/0 points
    for rel, k in (("dutch-baku/baku_n0024_r09_s3105.trf", 4),
                   ("dutch-baku/baku_n0027_r09_s3106_zb-hb.trf", 6),
                   ("dutch-baku/baku_n0099_r09_s3113.trf", 3)):
        path = ORACLE / rel
        _run(engine, f"{path.stem}_round{k}", _upto(path, k))
    path = ORACLE / "dutch-baku/baku_n0032_r09_s3108_ff-zb-hb.trf"
    _run(engine, f"{path.stem}_round5_trf16", _upto(path, 5), "16")
    _run(engine, f"{path.stem}_round2_pts310", _scored_310(path, 2))
    # issue 31: no player left may get the pairing-allocated bye (exit 1, empty pairs
    # file), and the checker's report where a second bye was given anyway
    for rel in ("dutch-nobye/nobye_n0005_r07_s1_ff3.trf",
                "dutch-nobye/nobye_n0009_r11_s3_ff5-zb5.trf",
                "dutch-nobye/nobye_n0013_r15_s30_ff8.trf"):
        path = ORACLE / rel
        k = max(r.number for r in trf.read_trf(path).rounds if r.games) + 1
        _run(engine, f"{path.stem}_round{k}", _upto(path, k))
        _run(engine, f"{path.stem}_secondbye", _second_bye(path))


if __name__ == "__main__":
    main(sys.argv[1])
