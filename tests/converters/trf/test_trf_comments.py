"""Issue 40 item 10: the arbiter's ``###`` lines are kept where they stood when a TRF
file is written back (the command-line runs: tests/addin/test_strangers_round_four_cli.py)."""

from __future__ import annotations

import doctest

from conftest import REPO

from monrad.converters import dumps, load
from monrad.converters.trf import comments as C

CLUB_TRF = REPO / "examples" / "club.trf"


def test_issue40_item10_the_examples_in_the_module_hold() -> None:
    assert doctest.testmod(C).failed == 0


def test_issue40_item10_a_comment_whose_record_is_gone_goes_before_the_next_one_kept() -> None:
    old = "012 Club\n### about the 132 line\n132 x\n### about player 2\n001    2\n### last\n"
    assert C.with_comments(["012 Club", "001    1", "001    2"], C.comments(old)) == [
        "012 Club", "001    1", "### about the 132 line", "### about player 2", "001    2",
        "### last"]


def test_issue40_item10_comments_survive_the_writer_and_stay_one_line_each() -> None:
    text = CLUB_TRF.read_text(encoding="utf-8").replace(
        "142 7\n", "### rounds: 7, decided at the\x0bmeeting\n142 7\n")
    warnings: list[str] = []
    out = dumps(load(CLUB_TRF), "trf", source_text=text, warnings=warnings, label="club.trf")
    lines = out.splitlines()
    at = lines.index("### rounds: 7, decided at the meeting")
    assert lines[at + 1] == "142 7"
    assert warnings and "###" in warnings[0]


def test_issue40_item10_a_file_without_comments_is_written_as_before() -> None:
    t = load(CLUB_TRF)
    text = CLUB_TRF.read_text(encoding="utf-8")
    assert dumps(t, "trf", source_text=text) == dumps(t, "trf")
