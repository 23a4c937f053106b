"""Issue 30 item 13 and issue 32 item 4: what the command line prints.

* a control character from a file (a player named with ``ESC ] 0 ; ... BEL``, which
  retitles a terminal, ``ESC [ 2 K``, which erases a line, a CSI ``\\x9b``, a
  backspace, a bidirectional override) is shown as its escape, never sent: no command
  writes one to stdout or stderr;
* a console or pipe in Windows-1252 or code page 850 (what Windows gives a redirected
  Python) never fails a run: a player named ``Łukasiewicz`` is written as the nearest
  letters the code page has, exit 0 (before: exit 3 and no output at all).
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO

from monrad.addin.cli import main
from monrad.addin.cli.bbp import main as bbp_main
from monrad.addin.cli.console import Shown, fit, visible
from monrad.converters import load, save

CLUB_TRF = REPO / "examples" / "club.trf"
#: what no byte monrad prints may be: C0 controls but tab and line feed, DEL, C1
#: controls, bidirectional embeddings, overrides and isolates
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
HOSTILE = {1: "Hansen\x1b]0;pwned\x07, Ola", 2: "Berg\x1b[2K, Kari", 3: "Johansen\x9b2J, Per",
           4: "Nilsen\x08\x08\x08, Ingrid", 5: "Larsen\u202e, Erik"}


@pytest.fixture()
def hostile(tmp_path: Path) -> Path:
    t = load(CLUB_TRF)
    for no, name in HOSTILE.items():
        t.players[no - 1] = t.players[no - 1].replace(name=name)
    path = tmp_path / "club.trf"
    save(t, path)
    assert load(path).players[0].name == HOSTILE[1]  # the file holds them raw
    return path


@pytest.mark.parametrize("argv", [
    ["standings", "{f}"], ["standings", "{f}", "--format", "csv"], ["pair", "{f}", "--dry-run"],
    ["pair", "{f}"], ["check", "{f}"], ["explain", "{f}"], ["draw", "{f}", "--dry-run"],
    ["export", "{f}", "--check"], ["convert", "{f}", "-o", "{d}/out.csv"],
    ["ratings", "{f}", "--fide", str(REPO / "tests" / "data" / "ratings" / "players_list_foa.txt"),
     "--dry-run"],
], ids=lambda a: " ".join(a[:1] + [x for x in a[2:] if x.startswith("-")]))
def test_issue30_item13_no_command_sends_a_control_character(hostile, capsys, argv) -> None:
    args = [a.format(f=hostile, d=hostile.parent) for a in argv]
    main(args)
    out, err = capsys.readouterr()
    assert not RAW.search(out + err), repr(RAW.search(out + err))
    if argv[0] in ("standings", "pair"):
        assert "\\x1b]0;pwned\\x07" in out or "\\x1b[2K" in out or "\\x9b" in out, out


def test_issue30_item13_a_file_name_with_control_characters_is_shown(tmp_path, capsys) -> None:
    odd = tmp_path / "club\x1b[2J.trf"  # not there: the message names it
    assert main(["check", str(odd)]) == 2
    err = capsys.readouterr().err
    assert not RAW.search(err) and "club\\x1b[2J.trf" in err


def test_issue30_item13_bbp_shows_control_characters(tmp_path, capsys) -> None:
    odd = tmp_path / "bad\x07.trf"
    odd.write_bytes(b"001 x\n")
    assert bbp_main(["--dutch", str(odd), "-c"]) != 0
    err = capsys.readouterr().err
    assert not RAW.search(err) and "bad\\x07.trf" in err


def test_issue30_item13_visible_keeps_layout_and_shows_the_rest() -> None:
    assert visible("a\tb\nc") == "a\tb\nc"
    assert visible("a\rb\x1bc\x7f\x85\u202e") == "a\\x0db\\x1bc\\x7f\\x85\\u202e"


def test_issue30_item13_a_progress_bar_still_redraws_its_line() -> None:
    from monrad.converters.batch import FileResult, Progress

    raw = io.StringIO()
    raw.isatty = lambda: True  # type: ignore[method-assign]
    bar = Progress(2, Shown(raw))
    bar.update(FileResult("a\x1b[2J.trf", "converted"))
    bar.close()
    text = raw.getvalue()
    assert text.startswith("\r[") and "a\\x1b[2J.trf" in text and "\x1b" not in text


@pytest.mark.parametrize("encoding", ["cp1252", "cp850", "ascii"])
def test_issue32_item4_a_code_page_stream_never_fails(tmp_path, monkeypatch, encoding) -> None:
    t = load(CLUB_TRF)
    t.players[0] = t.players[0].replace(name="Łukasiewicz, Jan")
    t.players[1] = t.players[1].replace(name="Ødegård, Åse")
    path = tmp_path / "club.trf"
    save(t, path)
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, errors="strict", newline="")
    monkeypatch.setattr(sys, "stdout", stream)
    assert main(["standings", str(path)]) == 0
    stream.flush()
    text = raw.getvalue().decode(encoding)
    assert "Lukasiewicz, Jan" in text
    assert ("Ødegård, Åse" if encoding != "ascii" else "Odegard, Ase") in text


@pytest.mark.parametrize("encoding", ["cp1252", "cp850"])
def test_issue32_item4_a_redirected_run_in_a_windows_code_page_exits_0(tmp_path, encoding) -> None:
    """The issue's case in a process of its own, as Windows runs it when the output is
    piped: ``PYTHONIOENCODING`` gives the code page."""
    t = load(CLUB_TRF)
    t.players[0] = t.players[0].replace(name="Łukasiewicz, Jan")
    path = tmp_path / "club.trf"
    save(t, path)
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    proc = subprocess.run([sys.executable, "-m", "monrad.addin.cli", "standings", str(path)],
                          capture_output=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr.decode(encoding, "replace")
    assert "Lukasiewicz, Jan" in proc.stdout.decode(encoding)


def test_issue32_item4_fit_writes_the_nearest_letters() -> None:
    assert fit("Łódź, Świętosław", "cp1252") == "Lódz, Swietoslaw"  # ó is in cp1252
    assert fit("Œuvre ½ – “x”", "ascii") == "OEuvre 1/2 - \"x\""
    assert fit("中", "cp850") == "?"
    assert fit("Ærø", "utf-8") == "Ærø"
