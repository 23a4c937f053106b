"""Benchmark: fill a 100-player roster from a 1.2-million-player FIDE list (XML and TXT).

Generates FIDE's player list in its exact layouts (``players_list_xml_foa.xml``:
``<playerslist><player><fideid>..``; ``players_list_foa.txt``: the fixed-width
columns with the ``SRtng SGm SK`` heading; also zipped as FIDE ships them) with
invented players, then streams each through
:func:`monrad.converters.ratings.match.match_list` (what ``monrad ratings`` does) in a
fresh process and reports the
wall time, the CPU time and the peak resident memory.  The issue's goal: the whole
list in under 30 s and 300 MB.  The exit status is 1 if a plain list misses it, judged
on CPU time: on a shared machine the wall time measures the neighbours too (the load
average is printed with each run); on an idle one the two agree.

    python benchmarks/bench_ratings.py                 # 1,200,000 players
    python benchmarks/bench_ratings.py --players 200000 --keep /tmp/lists
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

GOAL_SECONDS = 30.0
GOAL_MB = 300.0

TXT_HEAD = ("ID Number      Name                                                         Fed Sex "
            "Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag")
TXT_STARTS = (0, 15, 76, 80, 84, 89, 94, 109, 113, 119, 123, 126, 132, 136, 139, 145, 149, 152,
              158)
XML_TAGS = ("fideid", "name", "country", "sex", "title", "w_title", "o_title", "foa_title",
            "rating", "games", "k", "rapid_rating", "rapid_games", "rapid_k", "blitz_rating",
            "blitz_games", "blitz_k", "birthday", "flag")
SURNAMES = ("Hansen", "Johansen", "Olsen", "Larsen", "Andersson", "Nilsson", "Jensen",
            "Nielsen", "Kumar", "Singh", "Wang", "Li", "Garcia", "Smirnov", "Müller", "Ødegård")
GIVEN = ("Ola", "Kari", "Per", "Anna", "Erik", "Maria", "Jens", "Ingrid", "Wei", "Ivan")
FEDS = ("NOR", "SWE", "DEN", "IND", "CHN", "ESP", "RUS", "GER", "FRA", "USA")


def players(n: int, seed: int = 19):
    """``n`` rows of the 19 FIDE fields (strings), deterministic."""
    rng = random.Random(seed)
    for i in range(n):
        std = rng.choice((0, 0, rng.randint(1000, 2800)))
        rapid = rng.choice((0, rng.randint(1000, 2800)))
        blitz = rng.choice((0, rng.randint(1000, 2800)))
        sex = rng.choice("MMMF")
        yield (str(1_000_000 + i * 7), f"{rng.choice(SURNAMES)}{i % 997}, {rng.choice(GIVEN)}",
               rng.choice(FEDS), sex, rng.choice(("", "", "", "FM", "IM", "GM")),
               "WIM" if sex == "F" and i % 50 == 0 else "", "", "",
               str(std or ""), str(rng.randint(0, 9)) if std else "", "20" if std else "",
               str(rapid or ""), "0" if rapid else "", "20" if rapid else "",
               str(blitz or ""), "0" if blitz else "", "20" if blitz else "",
               str(rng.randint(1930, 2018)), rng.choice(("", "", "i", "w", "wi")))


def write_xml(path: Path, n: int) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n<playerslist>\n')
        for row in players(n):
            f.write("<player>\n" + "".join(
                f"<{t}>{v}</{t}>\n" if v else f"<{t}></{t}>\n" for t, v in zip(XML_TAGS, row))
                + "</player>\n")
        f.write("</playerslist>\n")


def write_txt(path: Path, n: int) -> None:
    with path.open("w", encoding="utf-8", newline="\r\n") as f:
        f.write(TXT_HEAD + "\n")
        for row in players(n):
            line = ""
            for start, v in zip(TXT_STARTS, row):
                line = line.ljust(start) + v
            f.write(line.ljust(162) + "\n")


def zipped(path: Path) -> Path:
    out = path.with_suffix(".zip")
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.write(path, path.name)
    return out


CHILD = r"""
import json, resource, sys, time
from monrad.converters.ratings.match import match_list
from monrad.engine.model import Player
roster = [Player(i + 1, f"{g} {s}{i * 10}", fide_id=str(1_000_000 + i * 70) if i % 2 else "")
          for i, (g, s) in enumerate([("Ola", "Hansen"), ("Kari", "Ødegård")] * 50)]
start = time.perf_counter()
cpu = time.process_time()
m = match_list(roster, sys.argv[1], "standard")
took, cpu = time.perf_counter() - start, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": took, "cpu": cpu, "peak_mb": peak, "found": sum(x.found for x in m)}))
"""


def measure(path: Path) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(path)], check=True,
                         capture_output=True, text=True)
    return json.loads(out.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=1_200_000)
    ap.add_argument("--keep", metavar="DIR", help="keep the generated lists in DIR")
    args = ap.parse_args(argv)
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="monrad-ratings-"))
    work.mkdir(parents=True, exist_ok=True)
    ok = True
    try:
        xml, txt = work / "players_list_xml_foa.xml", work / "players_list_foa.txt"
        write_xml(xml, args.players)
        write_txt(txt, args.players)
        print(f"{args.players:,} players: XML {xml.stat().st_size / 1e6:.0f} MB, "
              f"TXT {txt.stat().st_size / 1e6:.0f} MB")
        for label, path, bound in (("XML", xml, True), ("TXT", txt, True),
                                   ("XML zipped", zipped(xml), False),
                                   ("TXT zipped", zipped(txt), False)):
            r = measure(path)
            within = r["cpu"] < GOAL_SECONDS and r["peak_mb"] < GOAL_MB
            ok = ok and (within or not bound)
            print(f"{label:11s} {r['seconds']:6.1f} s (CPU {r['cpu']:5.1f} s)  peak {r['peak_mb']:6.0f} MB  "
                  f"{r['found']} of 100 found  load {os.getloadavg()[0]:.1f}  "
                  f"{'ok' if within else 'OVER THE GOAL'}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
