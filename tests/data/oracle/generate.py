"""Make the reference tournaments of ``dutch-baku/``, ``dutch-nobye/`` and ``dutch-draws/``.

    python tests/data/oracle/generate.py /path/to/bbpPairings.exe [baku|nobye|draws ...]

The reference engine, bbpPairings v6.0.0 (commit 16a000f, built from source outside the
repository), pairs every round with its random tournament generator; only its outputs
are committed.  For every file the generator settings are in ``configs/`` and the seed
in the file's name (``_sSEED``; the same seed for both runs of a model-file case):

* ``dutch-baku/`` (Baku acceleration named alone, issue 31 item 1): a tournament is
  generated from ``configs/NAME.cfg`` (``-g CFG -o BASE -s SEED``); it becomes a model
  file (``configs/NAME.model.trf``: the base with ``142 R`` and
  ``192 FIDE_DUTCH_2025_BAKU`` added) from which the generator's model-file mode
  makes the tournament (``MODEL -g -o NAME.trf -s SEED``), every round paired by the
  reference with the virtual points it computes itself.  Where C.04.5.1's group A
  (``2 * ceil(N / 4)`` players) is larger than the reference's (``ceil(N / 2)``:
  ``N`` = 1 or 2 modulo 4; ``_fide250``) the model also lists the rule's virtual
  points as ``250`` lines, so the reference pairs with them; those lines are then
  dropped from the tournament, which names the acceleration alone.
* ``dutch-nobye/`` (a second pairing-allocated bye, item 2): small fields with many
  forfeits (``-g CFG -o NAME.trf -s SEED``) in which the generator stopped with "No
  valid pairing exists for round K" (exit 1); the file holds the rounds before K (and
  any bye already requested for K).  The reference's ``-p`` on the file exits 1 too
  (checked here).
* ``dutch-draws/`` (one huge score group, item 4): every game drawn (all ratings
  equal and a draw rate of 100 %; ``_d90``: ratings 1990-2010 and 90 % draws).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent

#: (players, rounds, draw %, forfeit rate, retired rate, half-point-bye rate, seed)
BAKU = [
    (12, 5, 30, 10**6, 10**6, 10**6, 3101),
    (16, 7, 30, 10**6, 10**6, 10**6, 3102),
    (20, 9, 25, 12, 10**6, 10**6, 3103),
    (23, 7, 30, 10**6, 10**6, 6, 3104),
    (24, 9, 30, 10**6, 10**6, 10**6, 3105),
    (27, 9, 30, 10**6, 8, 8, 3106),
    (31, 11, 35, 10**6, 10**6, 10**6, 3107),
    (32, 9, 30, 15, 10, 8, 3108),
    (36, 7, 40, 10**6, 10**6, 10**6, 3109),
    (40, 9, 30, 10**6, 10**6, 10**6, 3110),
    (47, 11, 25, 20, 10**6, 10**6, 3111),
    (60, 9, 30, 10**6, 10**6, 7, 3112),
    (99, 9, 30, 10**6, 10**6, 10**6, 3113),
    (128, 9, 35, 30, 12, 10, 3114),
    (151, 11, 30, 10**6, 10**6, 10**6, 3115),
    # N = 1 or 2 modulo 4: the rule's group A given to the reference as 250 lines
    (13, 7, 30, 10**6, 10**6, 10**6, 3121),
    (25, 9, 30, 10**6, 10**6, 10**6, 3122),
    (26, 9, 25, 12, 10**6, 10**6, 3123),
    (30, 11, 30, 10**6, 10**6, 6, 3124),
    (41, 9, 30, 10**6, 8, 8, 3125),
    (50, 7, 35, 10**6, 10**6, 10**6, 3126),
    (81, 9, 30, 10**6, 10**6, 10**6, 3127),
    (161, 9, 30, 10**6, 10**6, 10**6, 3128),
]

#: (players, forfeit rate, retired rate, seed): rounds = players + 2, 25 % draws
NOBYE = [
    # nobody present may get the bye (each had it or won by forfeit)
    (5, 3, 10**6, 1), (7, 5, 5, 1), (9, 8, 10**6, 1), (11, 3, 5, 1), (13, 3, 10**6, 1),
    (15, 5, 10**6, 4),
    # some may, but none of them can be left over with the others all paired
    (5, 5, 5, 4), (7, 3, 5, 14), (9, 5, 5, 3), (9, 8, 10**6, 8), (11, 5, 5, 12),
    (13, 8, 10**6, 30),
    # no pairing for another reason (rematches): both engines refuse as well
    (7, 8, 5, 1), (11, 8, 5, 2),
]

#: (players, rounds, draw %, seed)
DRAWS = [
    (16, 7, 100, 4101), (33, 9, 100, 4102), (64, 9, 100, 4103), (101, 9, 100, 4104),
    (200, 9, 100, 4105), (255, 11, 100, 4106), (400, 9, 100, 4107), (1000, 9, 100, 4108),
    (60, 9, 90, 4111), (150, 9, 90, 4112),
]


def _config(players: int, rounds: int, draws: int, forfeit: int, retired: int,
            half: int, low: int = 1500, high: int = 2600) -> str:
    return (f"PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage={draws}\n"
            f"ForfeitRate={forfeit}\nRetiredRate={retired}\nHalfPointByeRate={half}\n"
            f"HighestRating={high}\nLowestRating={low}\n")


def _features(forfeit: int, retired: int, half: int, rates: bool = False) -> str:
    """``_ff-zb-hb`` as in the other oracle sets (``rates``: with the rates, ``_ff3-zb5``)."""
    out = [code + (str(rate) if rates else "")
           for code, rate in (("ff", forfeit), ("zb", retired), ("hb", half)) if rate < 10**6]
    return "_" + "-".join(out) if out else ""


def _lines(path: Path) -> list[str]:
    text = path.read_bytes().decode("latin-1")
    return text.replace("\r\n", "\r").replace("\n", "\r").split("\r")


def _write(path: Path, lines: list[str]) -> None:
    path.write_bytes("\r".join(lines).encode("latin-1"))


def _run(engine: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([engine, "--dutch", *args], cwd=cwd, capture_output=True,
                          text=True, check=False)


def _baku_250(players: int, rounds: int) -> list[str]:
    """C.04.5.1's virtual points as 250 lines: group A = 2 * ceil(N / 4)."""
    last = min(players, 2 * -(-players // 4))
    accelerated = -(-rounds // 2)
    full = -(-accelerated // 2)
    out = [f"250       1.0 001 {full:03d}    1 {last:4d}"]
    if accelerated > full:
        out.append(f"250       0.5 {full + 1:03d} {accelerated:03d}    1 {last:4d}")
    return out


def baku(engine: str) -> None:
    folder = HERE / "dutch-baku"
    (folder / "configs").mkdir(parents=True, exist_ok=True)
    for players, rounds, draws, forfeit, retired, half, seed in BAKU:
        fide = players % 4 in (1, 2)
        name = (f"baku_n{players:04d}_r{rounds:02d}_s{seed}"
                f"{_features(forfeit, retired, half)}{'_fide250' if fide else ''}")
        cfg = folder / "configs" / f"{name}.cfg"
        cfg.write_text(_config(players, rounds, draws, forfeit, retired, half), encoding="ascii")
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            done = _run(engine, "-g", str(cfg), "-o", str(work / "base.trf"), "-s", str(seed),
                        cwd=work)
            if done.returncode:
                raise SystemExit(f"{name}: base: {done.stderr}")
            lines = [ln for ln in _lines(work / "base.trf") if ln and not ln.startswith("092")]
            lines += [f"142 {rounds}", "192 FIDE_DUTCH_2025_BAKU"]
            if fide:
                lines += _baku_250(players, rounds)
            model = folder / "configs" / f"{name}.model.trf"
            _write(model, lines + [""])
            done = _run(engine, str(model), "-g", "-o", str(work / "out.trf"), "-s", str(seed),
                        cwd=work)
            if done.returncode:
                raise SystemExit(f"{name}: model: {done.stderr}")
            out = [ln for ln in _lines(work / "out.trf") if not ln.startswith("250")]
            _write(folder / f"{name}.trf", out)
        print(name, flush=True)


def nobye(engine: str) -> None:
    folder = HERE / "dutch-nobye"
    (folder / "configs").mkdir(parents=True, exist_ok=True)
    for players, forfeit, retired, seed in NOBYE:
        rounds = players + 2
        name = (f"nobye_n{players:04d}_r{rounds:02d}_s{seed}"
                f"{_features(forfeit, retired, 10**6, rates=True)}")
        cfg = folder / "configs" / f"{name}.cfg"
        cfg.write_text(_config(players, rounds, 25, forfeit, retired, 10**6, 1600, 2400),
                       encoding="ascii")
        out = folder / f"{name}.trf"
        done = _run(engine, "-g", str(cfg), "-o", str(out), "-s", str(seed), cwd=folder)
        if done.returncode != 1 or "No valid pairing exists for round" not in done.stderr:
            raise SystemExit(f"{name}: expected no valid pairing, got {done.returncode}: "
                             f"{done.stderr}")
        with tempfile.TemporaryDirectory() as tmp:
            check = _run(engine, str(out), "-p", str(Path(tmp) / "pairs"), cwd=folder)
        if check.returncode != 1:
            raise SystemExit(f"{name}: -p exits {check.returncode}, not 1")
        print(name, done.stderr.strip().split(":")[1], flush=True)


def draws(engine: str, only: int | None = None) -> None:
    folder = HERE / "dutch-draws"
    (folder / "configs").mkdir(parents=True, exist_ok=True)
    for players, rounds, rate, seed in DRAWS:
        if only is not None and players != only:
            continue
        low, high = (2000, 2000) if rate == 100 else (1990, 2010)
        name = f"draws_n{players:04d}_r{rounds:02d}_s{seed}{'' if rate == 100 else f'_d{rate}'}"
        cfg = folder / "configs" / f"{name}.cfg"
        cfg.write_text(_config(players, rounds, rate, 10**6, 10**6, 10**6, low, high),
                       encoding="ascii")
        done = _run(engine, "-g", str(cfg), "-o", str(folder / f"{name}.trf"), "-s", str(seed),
                    cwd=folder)
        if done.returncode:
            raise SystemExit(f"{name}: {done.stderr}")
        print(name, flush=True)


def main(argv: list[str]) -> None:
    engine, *what = argv
    what = what or ["baku", "nobye", "draws"]
    for job in what:
        if job.startswith("draws="):  # one size only: draws=1000
            draws(engine, int(job.split("=")[1]))
        else:
            {"baku": baku, "nobye": nobye, "draws": draws}[job](engine)


if __name__ == "__main__":
    main(sys.argv[1:])
