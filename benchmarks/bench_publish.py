"""How long do the published documents take for a large event?

Reads a 1,000-player, 9-round FIDE Dutch event (``tests/data/oracle/dutch``, every
round paired by bbpPairings), then times: the standings, the whole web site
(``monrad publish``: standings, 9 round pages, 9 screens, crosstable, cards and
1,000 player pages), and every document ``monrad print`` makes, HTML and PDF together
(issue 26: each within 3 s; the exit status is 1 if one is not, by CPU time).

    python benchmarks/bench_publish.py [--file TRF] [--lang no] [--repeat 1]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from monrad.converters import load
from monrad.converters.publish import (
    DOCUMENTS,
    document_html,
    html_to_pdf,
    pdf_available,
    write_site,
)
from monrad.engine.standings import standings

#: issue 26: every document of a 1,000-player event within this many seconds
BOUND_SECONDS = 3.0
DEFAULT = (Path(__file__).resolve().parent.parent / "tests" / "data" / "oracle" / "dutch"
           / "dutch_n1000_r09_s5008_ff-zb-hb.trf")


def _time(label: str, fn, repeat: int) -> object:
    """Run ``fn`` ``repeat`` times; print the best wall-clock and CPU seconds (on a
    shared machine the CPU time is the steadier figure)."""
    best = cpu = float("inf")
    out = None
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        out = fn()
        best = min(best, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
    print(f"{label:<44} {best:8.2f} s wall {cpu:8.2f} s CPU")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, default=DEFAULT)
    ap.add_argument("--lang", default="no")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    t = load(args.file)
    print(f"{args.file.name}: {len(t.players)} players, {len(t.rounds)} rounds")
    _time("standings", lambda: standings(t), args.repeat)
    with tempfile.TemporaryDirectory() as tmp:
        files = _time("whole site (monrad publish)", lambda: write_site(t, tmp, args.lang),
                      args.repeat)
        size = sum(p.stat().st_size for p in files)  # type: ignore[union-attr]
        print(f"{'':<44} {len(files)} files, {size / 1e6:.1f} MB")
    reason = pdf_available()
    if reason is not None:
        print(f"PDF: skipped ({reason})")
        return
    slow = []
    for what in DOCUMENTS:
        t0, c0 = time.perf_counter(), time.process_time()
        pdf = html_to_pdf(document_html(t, what, args.lang))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(f"{what + ' PDF (HTML and layout)':<44} {wall:8.2f} s wall {cpu:8.2f} s CPU"
              f"   {len(pdf) / 1e6:.2f} MB")
        if cpu > BOUND_SECONDS:
            slow.append(what)
    if slow:
        raise SystemExit(f"over {BOUND_SECONDS} s: {', '.join(slow)}")


if __name__ == "__main__":
    main()
