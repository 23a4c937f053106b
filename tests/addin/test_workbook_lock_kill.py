"""Issue 12: two writers at once never lose a round, and a killed run never leaves
half a workbook.

* the lock file: a second run is refused while the first holds it, a workbook open in
  Excel (its ``~$`` owner file) or LibreOffice (``.~lock.NAME#``) is refused, a lock left by a killed run is taken over;
* a book read before another run saved refuses to save over it;
* ``monrad pair`` and ``monrad standings`` started together, again and again: every
  round a run reports paired is in the workbook;
* ``SIGKILL`` at random moments during ``monrad pair`` on a 1,000-player workbook:
  the file is always the old or the new version, and the next run works.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_book, read_xlsx
from monrad.converters.workbook.binding import WorkbookError
from monrad.converters.workbook.lock import lock_file, office_lock_file, owner_file, workbook_lock
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player

CLI = "import sys; from monrad.addin.cli import main; sys.exit(main(sys.argv[1:]))"


def _workbook(path: Path, n: int) -> Path:
    roster = [Player(i, f"Player {i:04d}", rating=2400 - i // 2, club="SK") for i in range(1, n + 1)]
    return create_workbook(path, "nsf", 7, roster, "en", seed=3)


def _monrad(*argv: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", CLI, *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def _type_results(path: Path, n: int) -> None:
    book = open_book(path)
    sheet = L.layout_for("en").round_name(n)
    last, _ = book.used_size(sheet)
    for r in range(L.ROUND_FIRST_ROW, last + 1):
        if book.read_range(sheet, r, 7, r, 7)[0][0] is not None:
            book.write_range(sheet, r, L.RESULT_COL, [["1-0" if r % 3 else "½-½"]])
    book.save()


def test_a_second_run_is_refused_while_another_holds_the_lock(tmp_path: Path, capsys):
    path = _workbook(tmp_path / "club.xlsx", 8)
    hold = ("import sys; from monrad.converters.workbook.lock import workbook_lock\n"
            f"with workbook_lock({str(path)!r}):\n    print('held', flush=True); sys.stdin.readline()")
    holder = subprocess.Popen([sys.executable, "-c", hold], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        before = path.read_bytes()
        assert main(["pair", str(path)]) == 2
        err = capsys.readouterr().err
        assert "another monrad run is writing this file" in err and err.count("\n") == 1
        assert main(["standings", str(path)]) == 2
        assert path.read_bytes() == before
    finally:
        holder.communicate("\n", timeout=30)
    assert not lock_file(path).exists()
    assert main(["pair", str(path)]) == 0


def test_a_workbook_open_in_excel_or_libreoffice_is_refused(tmp_path: Path, capsys):
    path = _workbook(tmp_path / "club.xlsx", 6)
    owner_file(path).write_bytes(b"\x05Excel user")
    assert main(["pair", str(path)]) == 2
    assert "open in Excel (~$club.xlsx exists)" in capsys.readouterr().err
    assert read_xlsx(path).rounds == []
    owner_file(path).unlink()
    office_lock_file(path).write_text("LibreOffice user,host,,25.11.2026 01:00,file:///x;")
    assert main(["pair", str(path)]) == 2
    assert "open in LibreOffice (.~lock.club.xlsx# exists)" in capsys.readouterr().err
    office_lock_file(path).unlink()
    assert main(["pair", str(path)]) == 0


@pytest.mark.posix_only("a lock is taken over by its dead pid on POSIX; on Windows lock.py "
                        "judges a lock by its age")
def test_a_lock_left_by_a_killed_run_is_taken_over(tmp_path: Path):
    path = _workbook(tmp_path / "club.xlsx", 6)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    import json
    import socket

    lock_file(path).write_text(json.dumps({"pid": dead.pid, "host": socket.gethostname(),
                                           "since": "2025-01-01 00:00:00"}))
    with workbook_lock(path) as lock:
        assert json.loads(lock.read_text())["pid"] == os.getpid()
    assert not lock_file(path).exists()


def test_a_book_read_before_another_save_refuses_to_save_over_it(tmp_path: Path):
    from monrad.addin.jobs.book import pair_next_round, update_standings

    path = _workbook(tmp_path / "club.xlsx", 6)
    early = open_book(path)
    pair_next_round(open_book(path))
    paired = path.read_bytes()
    early.write_range("Players", 1, 20, [["a note"]])
    with pytest.raises(WorkbookError, match="changed on disk since monrad read it"):
        update_standings(early)
    assert path.read_bytes() == paired


def test_pair_and_standings_at_the_same_time_never_lose_a_round(tmp_path: Path):
    path = _workbook(tmp_path / "club.xlsx", 60)
    assert main(["pair", str(path)]) == 0
    for n in range(1, 5):
        _type_results(path, n)
        runs = [_monrad("pair", str(path)), _monrad("standings", str(path))]
        outcomes = [(p.wait(timeout=120), p.stdout.read(), p.stderr.read()) for p in runs]
        for code, _, err in outcomes:
            assert code in (0, 2) and "Traceback" not in err, err
            if code == 2:
                assert "another monrad run" in err or "changed on disk" in err, err
        t = read_xlsx(path)
        paired = outcomes[0][0] == 0
        assert t.rounds_played == (n + 1 if paired else n)
        if not paired:  # refused: pair it now, alone
            assert main(["pair", str(path)]) == 0
        assert read_xlsx(path).rounds_played == n + 1
    assert not lock_file(path).exists()


def _kill_during_pair(tmp_path: Path, tries: int, seed: int) -> None:
    """SIGKILL ``monrad pair`` at random moments: always the old or the new file."""
    (tmp_path / "src").mkdir()
    src = _workbook(tmp_path / "src" / "club.xlsx", 1000)
    old = src.read_bytes()
    ref_dir = tmp_path / "ref"
    ref_dir.mkdir()
    ref = ref_dir / "club.xlsx"
    shutil.copy2(src, ref)
    start = time.perf_counter()
    run = _monrad("pair", str(ref), "--format", "pairs")
    assert run.wait(timeout=600) == 0, run.stderr.read()
    full = time.perf_counter() - start
    new = ref.read_bytes()
    rng = random.Random(seed)
    outcomes = {"old": 0, "new": 0}
    for k in range(tries):
        work = tmp_path / f"try{k}"
        work.mkdir()
        path = work / "club.xlsx"
        shutil.copy2(src, path)
        proc = _monrad("pair", str(path), "--format", "pairs")
        time.sleep(rng.uniform(0.0, full * 1.1))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        data = path.read_bytes()
        assert data in (old, new), f"try {k}: neither the old nor the new workbook"
        outcomes["old" if data == old else "new"] += 1
        cb = read_book(open_book(path))  # opens and reads
        assert cb.tournament.rounds_played == (0 if data == old else 1)
        again = _monrad("pair", str(path), "--format", "pairs")  # a stale lock never blocks
        code = again.wait(timeout=600)
        err = again.stderr.read()
        assert "another monrad run" not in err, err
        assert code == (0 if data == old else 2), err
        assert path.read_bytes() == new or data == new
        shutil.rmtree(work)
    assert sum(outcomes.values()) == tries


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this OS")
def test_sigkill_during_pair_leaves_the_old_or_the_new_workbook(tmp_path: Path):
    _kill_during_pair(tmp_path, tries=5, seed=12)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this OS")
def test_sigkill_during_pair_50_tries(tmp_path: Path):
    _kill_during_pair(tmp_path, tries=50, seed=2026)
