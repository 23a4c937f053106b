"""Issue 21: the command line fuzzed over every format it reads (TRF, CSV, klubtur
CSV, WOF, xlsx) and every writer it has, seeded and bounded, in the default suite.

Each example takes a real file, damages it the way strangers' files are damaged
(lines cut, swapped, doubled, absurd numbers, control characters, formula-like
text; for workbooks: cells overwritten, merged, sheets renamed or removed, the
package cut short) and runs one command on it in-process
(``monrad.addin.cli.main``).  Whatever happens, the exit status is 0, 1 or 2 and
stderr holds no traceback and no "internal error"; every call must finish within
:data:`CALL_SECONDS` of CPU time (a hang fails the test instead of the suite).  A few calls
run in their own process, where a native crash would show as a signal."""

from __future__ import annotations

import io
import math
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA, REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monrad.addin.cli import main
from monrad.converters import dumps, load, save

CALL_SECONDS = 30
CLUB_TRF = REPO / "examples" / "club.trf"
def fuzz(examples: int) -> settings:
    """Seeded (``derandomize``: the same examples on every run) and bounded."""
    return settings(max_examples=examples, derandomize=True, database=None, deadline=None,
                    suppress_health_check=list(HealthCheck))


class Hang(BaseException):
    """Raised by the alarm: not an ``Exception``, so ``main`` cannot swallow it."""


@contextmanager
def time_limit(seconds: int):
    """At most ``seconds`` of CPU time (not wall time: the suite may share its cores).

    The CPU-time alarm (``SIGPROF``) is POSIX's: on Windows the calls run without it,
    bounded only by the suite's own time limit (CI's), so the fuzz still runs there."""
    if not hasattr(signal, "SIGPROF"):
        yield
        return

    def ring(signum, frame):
        raise Hang(f"a command used more than {seconds} s of CPU time")
    old = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)


def _seed_texts() -> dict[str, tuple[str, str]]:
    """format -> (file name, text) of a real file of that format."""
    club = load(CLUB_TRF)
    return {
        "trf": ("club.trf", CLUB_TRF.read_text(encoding="utf-8")),
        "trf16": ("club16.trf", dumps(club, "trf16")),
        "csv": ("results.csv", dumps(club, "csv-results")),
        "roster": ("roster.csv", (REPO / "examples" / "roster.csv").read_text(encoding="utf-8")),
        "klubtur": ("klubtur.csv", (DATA / "klubtur" / "klubmesterskab-2025.csv")
                    .read_text(encoding="utf-8-sig")),
        "wof": ("open.elo", (DATA / "wof" / "20260314_Stockholm_Open_2026.ELO")
                .read_bytes().decode("latin-1")),
    }


SEEDS = _seed_texts()
#: what strangers put in a field
NASTY = ["", "0", "-1", "1e99999999", "99999999999999999999999999", "NaN", "inf", "½", "²",
         "=HYPERLINK(\"x\")", "+cmd|' /C calc'!A0", "@SUM(A1)", "\x00", "\x07\x1b", "\t",
         "\"", ";", ",", "'", "ÆØÅ", "\ufeff", "R99999", "H9999", "00", "1-0", "3-1-0", "bogus",
         "9999", "XFD1048576", "\u202e", " " * 300]

COMMANDS = [
    ["pair", "{f}", "--dry-run"],
    ["pair", "{f}", "--dry-run", "--format", "json"],
    ["pair", "{f}"],
    ["standings", "{f}"],
    ["standings", "{f}", "--format", "csv"],
    ["check", "{f}"],
    ["convert", "{f}", "-o", "{d}/out.trf"],
    ["convert", "{f}", "-o", "{d}/out16.trf", "--to", "trf16"],
    ["convert", "{f}", "-o", "{d}/out.csv"],
    ["convert", "{f}", "-o", "{d}/out.xlsx"],
    ["convert", "{f}", "-o", "{d}/out.elo"],
    ["convert", "{f}", "--to", "klubtur", "--out-dir", "{d}/k", "-q"],
    ["export", "{f}", "-o", "{d}/fide.trf"],
]


def run_cli(argv: list[str]) -> tuple[int, str]:
    err = io.StringIO()
    out = io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        with time_limit(CALL_SECONDS):
            code = main(argv)
    finally:
        sys.stdout, sys.stderr = old
    return code, err.getvalue()


def check_run(argv: list[str]) -> None:
    code, err = run_cli(argv)
    assert code in (0, 1, 2), f"exit {code} for {argv}: {err}"
    assert "Traceback" not in err and "internal error" not in err, f"{argv}: {err}"
    assert ".part" not in err, f"{argv}: a temporary file named: {err}"


@st.composite
def damaged_text(draw, text: str) -> str:
    lines = text.replace("\r\n", "\n").split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(len(lines) - 1, 0)))
        op = draw(st.sampled_from(["field", "cut", "swap", "double", "drop", "chars", "insert"]))
        line = lines[i] if lines else ""
        if op == "field" and line:
            sep = draw(st.sampled_from([";", ",", " ", "\t"]))
            parts = line.split(sep)
            k = draw(st.integers(0, len(parts) - 1))
            value = draw(st.sampled_from(NASTY))
            if sep == " " and len(parts[k]) and draw(st.booleans()):
                value = value[:len(parts[k])].rjust(len(parts[k]))  # keep TRF columns
            parts[k] = value
            lines[i] = sep.join(parts)
        elif op == "cut":
            lines[i] = line[:draw(st.integers(0, len(line)))]
        elif op == "swap" and len(lines) > 1:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "double":
            lines.insert(i, line)
        elif op == "drop" and lines:
            del lines[i]
        elif op == "chars" and line:
            pos = draw(st.integers(0, len(line) - 1))
            lines[i] = line[:pos] + draw(st.text(st.characters(codec="utf-8",
                                                               exclude_categories=("Cs",)),
                                                 min_size=1, max_size=4)) + line[pos + 1:]
        elif op == "insert":
            lines.insert(i, draw(st.sampled_from(["001 " + draw(st.sampled_from(NASTY)),
                                                  "142 " + draw(st.sampled_from(NASTY)),
                                                  "XXS W=" + draw(st.sampled_from(NASTY)),
                                                  "XMN system " + draw(st.sampled_from(NASTY)),
                                                  "XMN seed lot " + draw(st.sampled_from(NASTY)),
                                                  "%_%" + draw(st.sampled_from(NASTY)),
                                                  ";".join(draw(st.lists(st.sampled_from(NASTY),
                                                                         max_size=6)))])))
    return draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines)


@pytest.mark.parametrize("fmt", sorted(SEEDS))
@fuzz(30)
@given(data=st.data())
def test_issue21_cli_fuzz_over_text_formats(tmp_path_factory, fmt, data):
    name, text = SEEDS[fmt]
    d = tmp_path_factory.mktemp("fuzz")
    f = d / name
    encoding = data.draw(st.sampled_from(["utf-8", "utf-8", "cp1252", "latin-1"]))
    f.write_bytes(data.draw(damaged_text(text)).encode(encoding, errors="replace"))
    argv = [a.format(f=f, d=d) for a in data.draw(st.sampled_from(COMMANDS))]
    check_run(argv)


@pytest.fixture(scope="module")
def seed_book(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("seed") / "club.xlsx"
    save(load(CLUB_TRF), out)
    return out


@st.composite
def workbook_damage(draw) -> list[tuple]:
    ops = []
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["cell", "cell", "cell", "merge", "rename", "remove", "far"]))
        sheet = draw(st.sampled_from(["Settings", "Players", "Round 1", "Round 2", "Round 3",
                                      "Standings"]))
        row, col = draw(st.integers(1, 14)), draw(st.integers(1, 12))
        value = draw(st.one_of(st.sampled_from(NASTY), st.integers(-10**6, 10**6),
                               st.floats(allow_nan=True, allow_infinity=True),
                               st.sampled_from(["=1/0", "=A1", "=SUM(A1:A3)", True])))
        ops.append((op, sheet, row, col, value))
    return ops


def _damage(path: Path, ops: list[tuple]) -> None:
    wb = openpyxl.load_workbook(path)
    for op, sheet, row, col, value in ops:
        if sheet not in wb.sheetnames:
            continue
        ws = wb[sheet]
        if op == "cell":
            if isinstance(value, str):
                value = "".join(c for c in value if c >= " " or c in "\t\n")  # openpyxl refuses the rest
            if isinstance(value, float) and math.isnan(value):
                value = None
            if isinstance(value, float) and abs(value) == float("inf"):
                value = 1e308
            if not isinstance(ws.cell(row, col), openpyxl.cell.cell.MergedCell):
                ws.cell(row, col).value = value
        elif op == "merge":
            ws.merge_cells(start_row=row, start_column=col, end_row=row + 1, end_column=col + 2)
        elif op == "rename":
            ws.title = f"{sheet} x"
        elif op == "remove" and len(wb.sheetnames) > 1:
            wb.remove(ws)
        elif op == "far":
            ws.cell(90000 + row, 1000 + col).value = "far"
    wb.save(path)


@fuzz(45)
@given(ops=workbook_damage(), command=st.sampled_from(COMMANDS), cut=st.integers(0, 20))
def test_issue21_cli_fuzz_over_workbooks(tmp_path_factory, seed_book, ops, command, cut):
    d = tmp_path_factory.mktemp("fuzzbook")
    f = d / "club.xlsx"
    shutil.copy(seed_book, f)
    _damage(f, ops)
    if cut == 0:  # the package cut short, as a killed copy leaves it
        data = f.read_bytes()
        f.write_bytes(data[: len(data) // 2])
    check_run([a.format(f=f, d=d) for a in command])


@pytest.mark.parametrize("fmt", ["trf", "csv", "wof", "klubtur"])
def test_issue21_cli_fuzz_in_its_own_process(tmp_path, fmt):
    """A damaged file of each format through a separate process: a native crash
    (a signal, exit 134) would show here as a negative return code."""
    name, text = SEEDS[fmt]
    lines = text.splitlines()
    lines[len(lines) // 2] = lines[len(lines) // 2][:17] + "1e99999999;\x00=cmd"
    f = tmp_path / name
    f.write_text("\n".join(lines), encoding="utf-8")
    for argv in (["pair", str(f), "--dry-run"], ["convert", str(f), "-o", str(tmp_path / "o.xlsx")]):
        proc = subprocess.run([sys.executable, "-m", "monrad.addin.cli", *argv],
                              capture_output=True, text=True, timeout=120, check=False)
        assert proc.returncode in (0, 1, 2), proc.stderr
        assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
