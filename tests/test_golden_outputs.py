"""Golden outputs: what the command line prints and writes for a fixed set of reference
files, kept as SHA-256 digests in ``tests/data/golden/digests.json``.

A refactor must not change a single pairing, standing or written file (issue 16): this
test fails on any difference and names the command.  A change that is *meant* to
change an output regenerates the digests on purpose and says so in its commit:

    MONRAD_GOLDEN_UPDATE=1 python3 -m pytest tests/test_golden_outputs.py
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA, REPO

from monrad.addin.cli import main

GOLDEN = DATA / "golden" / "digests.json"

#: (name, input file) -- small files of every kind monrad reads
INPUTS = {
    "example-trf": REPO / "examples" / "club.trf",
    "dutch-12": DATA / "oracle" / "dutch" / "dutch_n0012_r07_s5106.trf",
    "dutch-random": DATA / "oracle" / "dutch-random" / "dutch_n0020_r11_s6048_ff-zb.trf",
    "club-sheet-da": DATA / "fixtures" / "club-sheets" / "club_da_n0008_r07_s6120_ff.xlsx",
    "club-sheet-sv-table": DATA / "fixtures" / "club-sheets" / "club_sv_n0010_r03_s6138.xlsx",
}

#: (name, arguments after the file; ``{out}`` is a file in a fresh folder)
COMMANDS = {
    "standings-csv": ["standings", "--format", "csv", "--dry-run"],
    "standings-nsf": ["standings", "--format", "json", "--dry-run", "--system", "nsf"],
    "check": ["check"],
    "explain-last": ["explain", "--format", "json"],
    "convert-trf16": ["convert", "-o", "{out}.trf", "--to", "trf16"],
    "convert-trf2026": ["convert", "-o", "{out}.trf", "--to", "trf2026"],
    "convert-csv": ["convert", "-o", "{out}.csv"],
    "convert-xlsx": ["convert", "-o", "{out}.xlsx"],
}

#: pairing the next round of a tournament cut after round 3, with every system
PAIR_SYSTEMS = ("dutch", "nsf", "ssf", "dsu", "school")


def _digest_file(path: Path) -> str:
    if path.suffix == ".xlsx":  # the values, sheet by sheet (zip metadata aside)
        wb = openpyxl.load_workbook(path)
        text = json.dumps([[ws.title, [[str(v) for v in row] for row in ws.iter_rows(values_only=True)]]
                           for ws in wb.worksheets], ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(args: list[str], capsys: pytest.CaptureFixture[str], tmp: Path) -> str:
    out = tmp / "out"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()
    args = [a.replace("{out}", str(out / "result")) for a in args]
    code = main(args)
    printed = capsys.readouterr().out.replace(str(tmp), "<tmp>")
    files = {p.name: _digest_file(p) for p in sorted(out.iterdir())}
    return hashlib.sha256(json.dumps([code, printed, files]).encode()).hexdigest()


def _cut_after(src: Path, dst: Path, rounds: int) -> None:
    from monrad.converters import load, save

    t = load(src)
    t.rounds = t.rounds[:rounds]
    t.settings = t.settings.replace(rounds=max(rounds + 2, t.settings.rounds or 0))
    save(t, dst)


def _outputs(capsys: pytest.CaptureFixture[str], tmp: Path) -> dict[str, str]:
    got: dict[str, str] = {}
    for name, src in INPUTS.items():
        local = tmp / src.name  # commands may write beside the input: work on a copy
        for cmd, args in COMMANDS.items():
            shutil.copy(src, local)
            got[f"{name} {cmd}"] = _run([args[0], str(local), *args[1:]], capsys, tmp)
    cut = tmp / "cut.trf"
    _cut_after(INPUTS["dutch-random"], cut, 3)
    for system in PAIR_SYSTEMS:
        got[f"cut pair {system}"] = _run(["pair", str(cut), "--dry-run", "--format", "json",
                                          "--system", system], capsys, tmp)
    return got


def test_cli_outputs_equal_their_golden_digests(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    got = _outputs(capsys, tmp_path)
    if os.environ.get("MONRAD_GOLDEN_UPDATE"):
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    want = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))
    assert not changed, f"outputs changed: {', '.join(changed)}"
