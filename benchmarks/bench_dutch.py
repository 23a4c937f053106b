"""Speed of the FIDE Dutch pairing (``--system dutch``) on large random tournaments.

For every size (players) and round the script builds a random history (rounds
before it paired greedily by score with random results, seeded: the history only
needs to look like a Swiss tournament) and times the Dutch pairing of that round in
a fresh subprocess, so each row's peak memory is its own.  It prints one row per
(players, round): seconds and peak MB, then the scaling exponent of time against
players for every round (least squares on log-log).

    python benchmarks/bench_dutch.py                       # 100 .. 4000, rounds 1 5 9
    python benchmarks/bench_dutch.py --sizes 100 200 --rounds 1 5 --timeout 60
    python benchmarks/bench_dutch.py --history dutch --sizes 1001 --rounds 2 5 9

``--history dutch`` pairs the earlier rounds with the Dutch engine itself (floats,
colour runs and byes as the rules make them; odd sizes give a bye every round); the
peak memory then covers those pairings too.  ``--history draws`` does the same with
every game drawn: one huge score group every round (round 2 after an all-draw
round 1 is the hardest shape for memory).  A row that exceeds ``--timeout``
seconds is reported as such and left out of the fit.

Besides the wall-clock seconds each row shows the CPU seconds of the pairing (the
machine may be shared: CPU time is what the pairing itself costs).  With
``--reference PATH`` (a bbpPairings binary) the same tournament is written as TRF
and paired by the reference engine (``--dutch FILE -p OUT``) in the same run: its
seconds, and whether its pairs file equals monrad's byte for byte; beside it the
seconds of ``monrad-bbp`` doing the same job end to end (a new process reading the
TRF), the figure to compare with the reference's.

    python benchmarks/bench_dutch.py --history dutch --sizes 100 200 --rounds 2 5 \
        --reference /path/to/bbpPairings

``--fields`` times the crafted fields of issue 39 instead (``dutch_fields.py``: a name
and sizes each, ``xxp-half:200,400``; without values the issue's table): the pairing
alone in a fresh process (CPU seconds, peak MB), and with ``--reference`` the same
field as TRF paired end to end by ``monrad-bbp`` and by the reference engine, each a
program of its own whose CPU seconds and peak memory the operating system reports
(``os.wait4``), with whether the two pairs files (or exit codes) agree.  A field
above 9,999 players (more than TRF can number) is paired by monrad only.

    python benchmarks/bench_dutch.py --fields --reference /path/to/bbpPairings
    python benchmarks/bench_dutch.py --fields random-xxp:10000 xxp-half:10000
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import threading
import time

DEFAULT_SIZES = (100, 500, 1000, 2000, 4000)
DEFAULT_ROUNDS = (1, 5, 9)
#: the fields of issue 39's table (``dutch_fields.py``), with their sizes
DEFAULT_FIELDS = ("xxp-half:200,400", "four-down:200,400,600", "odd-xxp:1201",
                  "pab-draw:1201", "random:1699", "random-xxp:2000", "xxp-impossible:400,600")
#: the most players a TRF can number
TRF_PLAYERS = 9999


def _start(players: int, round_no: int):
    """A Dutch tournament of ``players`` (rated in start order), nothing played."""
    from monrad.engine.model import Colour, Player, Settings, Tournament

    t = Tournament(settings=Settings(system="dutch", rounds=max(9, round_no),
                                     initial_colour=Colour.WHITE))
    for n in range(1, players + 1):
        # ratings fall with the start number from 2800 to 1000 (a valid TRF rating
        # however large the field; the pairing order is the start order anyway)
        t.add_player(Player(n, f"Player {n}", rating=2800 - (n - 1) * 1800 // players))
    return t


def _result(rng: random.Random):
    """A random result for White: 40 % wins, 25 % draws, 35 % losses."""
    from monrad.engine.model import Result

    return rng.choices((Result.WIN, Result.DRAW, Result.LOSS), (0.4, 0.25, 0.35))[0]


def build(players: int, round_no: int, seed: int):
    """A tournament of ``players`` with ``round_no - 1`` random rounds played."""
    from monrad.engine.model import Bye, Game, Result, Round

    rng = random.Random(seed)
    t = _start(players, round_no)
    met: dict[int, set[int]] = {n: set() for n in range(1, players + 1)}
    had_bye: set[int] = set()
    whites: dict[int, int] = {n: 0 for n in range(1, players + 1)}
    for r in range(1, round_no):
        scores = t.scores()
        order = sorted(range(1, players + 1), key=lambda n: (-scores[n], n))
        byes = []
        if len(order) % 2:
            pick = next(n for n in reversed(order) if n not in had_bye)
            order.remove(pick)
            had_bye.add(pick)
            byes.append(Bye(pick, Result.PAIRING_BYE))
        games = []
        free = list(order)
        while free:
            a = free.pop(0)
            j = next((i for i, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(j)
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[w] += 1
            games.append(Game(w, bl, _result(rng)))
        t.rounds.append(Round(r, tuple(games), tuple(byes)))
    return t


def build_dutch(players: int, round_no: int, seed: int):
    """Like :func:`build`, but every earlier round is paired by the Dutch engine
    itself (a realistic history: floats, colour runs and byes as the rules make
    them), with random results."""
    from monrad.engine.model import Game, Round
    from monrad.engine.pairing import pair_round

    rng = random.Random(seed)
    t = _start(players, round_no)
    for r in range(1, round_no):
        rnd = pair_round(t, "dutch", round_no=r)
        games = tuple(Game(g.white, g.black, _result(rng)) for g in rnd.games)
        t.rounds.append(Round(r, games, rnd.byes))
    return t


def build_draws(players: int, round_no: int, seed: int):
    """Every earlier round paired by the Dutch engine, every game drawn: the whole
    field stays one score group."""
    from monrad.engine.model import Game, Result, Round
    from monrad.engine.pairing import pair_round

    t = _start(players, round_no)
    for r in range(1, round_no):
        rnd = pair_round(t, "dutch", round_no=r)
        games = tuple(Game(g.white, g.black, Result.DRAW) for g in rnd.games)
        t.rounds.append(Round(r, games, rnd.byes))
    return t


HISTORIES = {"greedy": build, "dutch": build_dutch, "draws": build_draws}


def run_one(players: int, round_no: int, seed: int, history: str = "greedy",
            trf_out: str | None = None) -> dict:
    """Time one pairing in this process; returns seconds, CPU seconds and peak MB
    (and, with ``trf_out``, writes the tournament there and monrad's pairs file
    beside it as ``.monrad``)."""
    import resource

    from monrad.engine.pairing import pair_round

    t = HISTORIES[history](players, round_no, seed)
    start, cpu = time.perf_counter(), time.process_time()
    rnd = pair_round(t, "dutch", round_no=round_no)
    secs, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trf_out:
        from monrad.addin.cli.bbp import pairs_text
        from monrad.converters.trf import write_trf

        with open(trf_out, "w", encoding="utf-8") as f:
            f.write(write_trf(t))
        with open(trf_out + ".monrad", "w", encoding="ascii") as f:
            f.write(pairs_text(t))
    return {"seconds": secs, "cpu": cpu, "peak_mb": peak_kb / 1024, "boards": len(rnd.games)}


def run_reference(binary: str, trf_path: str, timeout: float) -> tuple[float | None, str]:
    """Seconds the reference engine takes to pair ``trf_path`` (``None``: timed
    out or failed) and whether its pairs file equals monrad's."""
    import os

    out = trf_path + ".ref"
    start = time.perf_counter()
    try:
        done = subprocess.run([binary, "--dutch", trf_path, "-p", out], capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None, "-"
    secs = time.perf_counter() - start
    if done.returncode != 0 or not os.path.exists(out):
        return None, f"exit {done.returncode}"
    with open(out, "rb") as a, open(trf_path + ".monrad", "rb") as b:
        return secs, "yes" if a.read() == b.read() else "NO"


def run_dropin(trf_path: str, timeout: float) -> float | None:
    """Seconds ``monrad-bbp --dutch FILE -p OUT`` takes end to end (a new process:
    start-up, reading the TRF, pairing, writing), as a platform would call it."""
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "monrad.addin.cli.bbp", "--dutch", trf_path,
                               "-p", trf_path + ".dropin"], capture_output=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return None
    return time.perf_counter() - start if done.returncode == 0 else None


def run_field(name: str, players: int, seed: int, trf_out: str | None = None) -> dict:
    """Build the crafted field ``name`` and time its pairing in this process: CPU
    and wall seconds, peak MB, and what came of it (and, with ``trf_out``, write it
    as TRF there)."""
    import resource

    from dutch_fields import build, write

    from monrad.engine.pairing import NoPairingPossible, PairingError, pair_round

    t = build(name, players, seed)
    if trf_out:
        write(t, trf_out)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        outcome = f"{len(pair_round(t, 'dutch', round_no=t.next_round).games)} boards"
    except NoPairingPossible:
        outcome = "no pairing"
    except PairingError as exc:
        outcome = type(exc).__name__
    secs, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"seconds": secs, "cpu": cpu, "peak_mb": peak_kb / 1024, "outcome": outcome}


def child_row(cmd: list[str], timeout: float) -> dict | str:
    """Run ``cmd`` (this script measuring one row in a fresh process): the row it
    printed as JSON, or what to show instead (timed out, or its last error line)."""
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return f">{timeout:.0f} s"
    if out.returncode != 0:
        return "error  " + (out.stderr.strip().splitlines() or ["failed"])[-1]
    return json.loads(out.stdout.strip().splitlines()[-1])


def measured(cmd: list[str], timeout: float) -> tuple[int | None, float, float]:
    """Run the program ``cmd``: its exit code (``None``: killed after ``timeout``
    seconds), CPU seconds (user and system) and peak memory in MB, as the operating
    system accounts them for that process."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = code = os.waitstatus_to_exitcode(status)
    return (None if code < 0 else code), usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _same_output(a: str, b: str) -> str:
    try:
        with open(a, "rb") as fa, open(b, "rb") as fb:
            return "yes" if fa.read() == fb.read() else "NO"
    except OSError:
        return "-"


def bench_fields(specs: list[str], seed: int, reference: str | None, timeout: float) -> None:
    """One row per crafted field and size (see the module docstring)."""
    import tempfile

    work = tempfile.mkdtemp(prefix="bench_fields_")
    head = f"{'field':<15} {'players':>7} {'outcome':>11} {'CPU s':>7} {'peak MB':>8}"
    if reference:
        head += f" {'bbp CPU s':>9} {'MB':>5} {'ref CPU s':>9} {'MB':>5} {'same':>5}"
    print(head)
    for spec in specs:
        name, _, sizes = spec.partition(":")
        for n in (int(x) for x in sizes.split(",")):
            trf_path = f"{work}/{name}-{n}.trf"
            as_trf = reference is not None and n <= TRF_PLAYERS
            cmd = [sys.executable, __file__, "--one-field", name, str(n), "--seed", str(seed)]
            if as_trf:
                cmd += ["--trf-out", trf_path]
            row = child_row(cmd, timeout)
            if isinstance(row, str):
                print(f"{name:<15} {n:>7} {row:>11}", flush=True)
                continue
            line = (f"{name:<15} {n:>7} {row['outcome']:>11} {row['cpu']:>7.2f} "
                    f"{row['peak_mb']:>8.1f}")
            if as_trf:
                assert reference is not None
                mine, theirs = trf_path + ".monrad", trf_path + ".ref"
                code, cpu, mb = measured([sys.executable, "-m", "monrad.addin.cli.bbp",
                                          "--dutch", trf_path, "-p", mine], timeout)
                rcode, rcpu, rmb = measured([reference, "--dutch", trf_path, "-p", theirs],
                                            timeout)
                same = ("-" if code is None or rcode is None
                        else _same_output(mine, theirs) if code == rcode == 0
                        else "yes" if code == rcode else f"{code}/{rcode}")
                shown = f"{rcpu:>9.2f}" if rcode is not None else f"{'>' + format(timeout, '.0f'):>9}"
                line += f" {cpu:>9.2f} {mb:>5.0f} {shown} {rmb:>5.0f} {same:>5}"
            print(line, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=list(DEFAULT_SIZES))
    ap.add_argument("--rounds", type=int, nargs="+", default=list(DEFAULT_ROUNDS))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per row")
    ap.add_argument("--history", choices=tuple(HISTORIES), default="greedy",
                    help="earlier rounds paired greedily by score (quick to build), by "
                         "the Dutch engine itself (realistic; building takes longer), or by "
                         "the Dutch engine with every game drawn (one huge score group)")
    ap.add_argument("--reference", metavar="PATH",
                    help="a bbpPairings binary: time it on the same tournaments")
    ap.add_argument("--fields", nargs="*", metavar="NAME:SIZES",
                    help="the crafted fields of issue 39 (dutch_fields.py) instead; "
                         "without values the issue's table")
    ap.add_argument("--one", nargs=2, type=int, help=argparse.SUPPRESS)
    ap.add_argument("--one-field", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--trf-out", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.one_field:
        print(json.dumps(run_field(args.one_field[0], int(args.one_field[1]), args.seed,
                                   args.trf_out)))
        return 0
    if args.fields is not None:
        bench_fields(args.fields or list(DEFAULT_FIELDS), args.seed if args.seed != 2026 else 0,
                     args.reference, args.timeout)
        return 0
    if args.one:
        print(json.dumps(run_one(args.one[0], args.one[1], args.seed, args.history,
                                 args.trf_out)))
        return 0
    import tempfile

    work = tempfile.mkdtemp(prefix="bench_dutch_")
    print(f"seed {args.seed}, history {args.history}")
    ref_head = (f" {'monrad-bbp s':>12} {'reference s':>12} {'same':>5}" if args.reference
                else "")
    print(f"{'players':>8} {'round':>5} {'seconds':>10} {'CPU s':>8} {'peak MB':>9}{ref_head}")
    times: dict[int, list[tuple[int, float]]] = {r: [] for r in args.rounds}
    for n in args.sizes:
        for r in args.rounds:
            trf_path = f"{work}/n{n}_r{r}.trf"
            cmd = [sys.executable, __file__, "--one", str(n), str(r), "--seed", str(args.seed),
                   "--history", args.history]
            if args.reference:
                cmd += ["--trf-out", trf_path]
            row = child_row(cmd, args.timeout)
            if isinstance(row, str):
                print(f"{n:>8} {r:>5} {row:>10} {'-':>9}", flush=True)
                continue
            times[r].append((n, row["seconds"]))
            ref = ""
            if args.reference:
                drop = run_dropin(trf_path, args.timeout)
                secs, same = run_reference(args.reference, trf_path, args.timeout)
                shown = f"{secs:.2f}" if secs is not None else f">{args.timeout:.0f}"
                dshown = f"{drop:.2f}" if drop is not None else "-"
                ref = f" {dshown:>12} {shown:>12} {same:>5}"
            print(f"{n:>8} {r:>5} {row['seconds']:>10.2f} {row['cpu']:>8.2f} "
                  f"{row['peak_mb']:>9.1f}{ref}", flush=True)
    for r, pts in times.items():
        pts = [(n, s) for n, s in pts if s > 0]
        if len(pts) >= 2:
            xs = [math.log(n) for n, _ in pts]
            ys = [math.log(s) for _, s in pts]
            mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
            k = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
            print(f"round {r}: time ~ players^{k:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
