"""Record the reference engine's pairing of the crafted fields of issue 39.

    python tests/data/dutch-fields/record.py /path/to/bbpPairings [NAME ...]

For every case below it builds the field with ``benchmarks/dutch_fields.py``, writes
it as ``NAME.trf``, runs the reference engine on it (``--dutch NAME.trf -p OUT``)
and keeps its pairs file byte for byte (``NAME.pairs``) and its exit code
(``NAME.code``).  ``tests/engine/test_dutch_fields.py`` pairs every file with
``monrad-bbp`` and compares.  Only the outputs are committed, never the engine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "benchmarks"))

from dutch_fields import build, write  # noqa: E402

#: NAME -> (field, players, seed)
CASES = {
    "four-down-200": ("four-down", 200, 0),
    "four-down-400": ("four-down", 400, 0),
    "four-down-600": ("four-down", 600, 0),
    "four-down-floor-200": ("four-down-floor", 200, 0),
    "four-down-floor-400": ("four-down-floor", 400, 0),
    "four-down-floor-1200": ("four-down-floor", 1200, 0),
    "xxp-half-200": ("xxp-half", 200, 0),
    "xxp-half-400": ("xxp-half", 400, 0),
    "xxp-half-two-200": ("xxp-half-two", 200, 0),
    "xxp-half-two-400": ("xxp-half-two", 400, 0),
    "random-xxp-400": ("random-xxp", 400, 0),
    "random-xxp-2000": ("random-xxp", 2000, 0),
    "odd-xxp-201": ("odd-xxp", 201, 0),
    "odd-xxp-1201": ("odd-xxp", 1201, 0),
    "pab-draw-201": ("pab-draw", 201, 0),
    "pab-draw-1201": ("pab-draw", 1201, 0),
    "xxp-impossible-400": ("xxp-impossible", 400, 0),
    "xxp-impossible-600": ("xxp-impossible", 600, 0),
    "baku-210-24": ("baku-210", 24, 3),
    "baku-210-40": ("baku-210", 40, 3),
}


def record(binary: str, name: str) -> None:
    field, players, seed = CASES[name]
    src = HERE / f"{name}.trf"
    write(build(field, players, seed), str(src))
    out = HERE / f"{name}.pairs"
    out.unlink(missing_ok=True)
    done = subprocess.run([binary, "--dutch", str(src), "-p", str(out)], check=False)
    if not out.exists():
        out.write_bytes(b"")
    (HERE / f"{name}.code").write_text(f"{done.returncode}\n", encoding="ascii")


def main(argv: list[str]) -> int:
    binary, names = argv[0], argv[1:] or list(CASES)
    for name in names:
        record(binary, name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
