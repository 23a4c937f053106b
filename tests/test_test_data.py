"""The tests carry their data: every set named in ``tests/data/README.md`` is present, and no
test reads a path outside the repository (a fresh clone runs its whole suite)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import DATA

TESTS = Path(__file__).resolve().parent

#: set -> (glob, least number of files the tests rely on)
SETS = {
    "oracle/dutch": ("*.trf", 38),
    "oracle/dutch-random": ("*.trf", 146),
    "oracle/dutch-pab": ("*.trf", 8),
    "oracle/dutch-baku": ("*.trf", 23),
    "oracle/dutch-nobye": ("*.trf", 14),
    "oracle/dutch-draws": ("*.trf", 10),
    "oracle/tiebreaks": ("*.csv", 150),
    "fixtures/club-sheets": ("*.xlsx", 12),
    "batch": ("*.*", 4),
    "berger": ("berger_*.txt", 7),
    "klubtur": ("*.csv", 1),
    "matching": ("*.json.gz", 1),
    "dutch-fields": ("*.trf", 6),
    "wof": ("*.ELO", 2),
}


def test_every_data_set_is_present_and_documented() -> None:
    readme = (DATA / "README.md").read_text(encoding="utf-8")
    for name, (pattern, least) in SETS.items():
        found = list((DATA / name).glob(pattern))
        assert len(found) >= least, f"tests/data/{name}: {len(found)} files, expected {least}+"
        assert f"`{name}/`" in readme, f"tests/data/README.md does not describe {name}"


def test_no_test_reads_outside_the_repository() -> None:
    outside = re.compile(r"""\.\./shared|/work/|parent\s*/\s*["']shared""")
    for path in sorted(TESTS.rglob("*.py")):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        assert not outside.search(text), f"{path.name} refers to data outside the repository"
