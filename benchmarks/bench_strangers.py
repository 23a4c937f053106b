"""Benchmark: what strangers' files of issue 40 cost now (time and peak memory).

Each case runs in a fresh process (the peak resident memory is the process's own) and
is refused or done as the issue asks; the figures go to ``docs/scale.md``:

* ``bzip2-list``: a rating-list ZIP whose bzip2 member claims 300 bytes and unpacks to
  ``--bomb`` MB (item 1; before: one call unpacked all of it, 2.4 GB for the issue's file);
* ``deflate-part``: the same in a workbook's sheet part, deflated, read by ``standings``;
* ``csv-record``: a CSV list with one row over ``--lines`` short lines (item 2);
* ``rr-standings``: ``monrad standings`` on the workbook of a round robin of
  ``--players`` players and 7 rounds (item 4: the square crosstable);
* ``rr-publish``: ``monrad publish`` of the same tournament (item 4; item 15's one
  scan of the folder per site instead of one per page).

    python benchmarks/bench_strangers.py                       # every case, 3,000 players
    python benchmarks/bench_strangers.py --case rr-standings --players 6000
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests" / "converters"))
CASES = ("bzip2-list", "deflate-part", "csv-record", "rr-standings", "rr-publish")


def _round_robin(players: int, rounds: int):
    from monrad.engine.berger import berger_round
    from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament

    rng = random.Random(40)
    t = Tournament(settings=Settings(system="round-robin", rounds=rounds))
    for n in range(1, players + 1):
        t.add_player(Player(n, f"Player {n}", rating=1000 + n % 1000))
    for r in range(1, rounds + 1):
        games = []
        for w, b in berger_round(players, r):
            if w <= players and b <= players:
                res = rng.choice((Result.WIN, Result.DRAW, Result.LOSS))
                games.append(Game(w, b, res, res.counterpart))
        t.rounds.append(Round(r, tuple(games)))
    return t


def _make(case: str, folder: Path, args: argparse.Namespace) -> list[str]:
    """Write the case's files into ``folder``; the monrad command to run on them."""
    from zip_lies import bombed  # tests/converters: the bombs of the tests, larger

    from monrad.converters import load, save

    if case.startswith("rr-"):
        out = folder / ("rr.xlsx" if case == "rr-standings" else "rr.trf")
        save(_round_robin(args.players, 7), out)
        return (["standings", str(out)] if case == "rr-standings"
                else ["publish", str(out), "-o", str(folder / "site")])
    roster = folder / "club.trf"
    save(load(REPO / "examples" / "club.trf"), roster)
    if case == "deflate-part":
        book = folder / "club.xlsx"
        save(load(roster), book)
        part = "xl/worksheets/sheet2.xml"
        with zipfile.ZipFile(book) as src:
            data = src.read(part) + b" " * (args.bomb << 20)
        book.write_bytes(bombed(book.read_bytes(), part, data, zipfile.ZIP_DEFLATED))
        return ["standings", str(book)]
    if case == "bzip2-list":
        data = b'<?xml version="1.0"?>\n<playerslist>\n' + b" " * (args.bomb << 20)
        (folder / "list.zip").write_bytes(bombed(b"", "players_list_xml_foa.xml", data,
                                                 zipfile.ZIP_BZIP2))
        return ["ratings", str(roster), "--fide", str(folder / "list.zip"), "--dry-run"]
    rng = random.Random(40)  # csv-record
    body = "".join(f'"{rng.randrange(10**6)}\n",' for _ in range(args.lines))
    (folder / "list.csv").write_text("FIDE ID,Name,Rating\n1503014,Carlsen,2831\n9," + body
                                     + "2000\n", encoding="utf-8")
    return ["ratings", str(roster), "--fide", str(folder / "list.csv"), "--dry-run"]


def _child(argv: list[str]) -> None:
    """Run one monrad command here and print its figures as JSON."""
    import resource

    from monrad.addin.cli import main

    sink = io.StringIO()
    t0, c0 = time.perf_counter(), time.process_time()
    stdout, sys.stdout = sys.stdout, sink
    try:
        code = main(argv)
    finally:
        sys.stdout = stdout
    print(json.dumps({"exit": code, "wall": time.perf_counter() - t0,
                      "cpu": time.process_time() - c0, "peak_mb": _peak_mb(resource)}))


def _peak_mb(resource: Any) -> float:
    """This process's peak resident memory: Linux's ``VmHWM`` (``ru_maxrss`` would carry
    the parent's over ``exec``), else ``ru_maxrss``."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", choices=CASES, action="append")
    ap.add_argument("--players", type=int, default=3000)
    ap.add_argument("--bomb", type=int, default=256, help="MB a bomb unpacks to")
    ap.add_argument("--lines", type=int, default=2_000_000)
    ap.add_argument("--child", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        _child(args.child)
        return
    print(f"load average {os.getloadavg()[0]:.1f} (figures on a loaded machine vary)")
    for case in args.case or CASES:
        with tempfile.TemporaryDirectory() as tmp:
            argv = _make(case, Path(tmp), args)
            size = sum(p.stat().st_size for p in Path(tmp).iterdir() if p.is_file())
            proc = subprocess.run([sys.executable, __file__, "--child", *argv],
                                  capture_output=True, text=True, check=False)
            if proc.returncode != 0 or not proc.stdout.strip():
                print(f"{case:<14} failed: {proc.stderr.strip()[-300:]}")
                continue
            r = json.loads(proc.stdout.strip().splitlines()[-1])
            print(f"{case:<14} input {size / 1e6:7.2f} MB  exit {r['exit']}  {r['wall']:7.2f} s wall "
                  f"{r['cpu']:7.2f} s CPU  peak {r['peak_mb']:7.1f} MB  "
                  f"{proc.stderr.strip().splitlines()[-1][:90] if proc.stderr.strip() else ''}")


if __name__ == "__main__":
    main()
