"""Result notations as clubs write them (converters/notation.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from monrad.converters.notation import NotationError, format_result, parse_result
from monrad.engine.model import Pending, Result

W, D, L_ = Result.WIN, Result.DRAW, Result.LOSS
FW, FL = Result.FORFEIT_WIN, Result.FORFEIT_LOSS


@pytest.mark.parametrize("text,white,black", [
    ("1-0", W, L_), ("0-1", L_, W), ("1 - 0", W, L_), ("1:0", W, L_), ("1–0", W, L_),
    ("½-½", D, D), ("1/2-1/2", D, D), ("0,5 - 0,5", D, D), ("0.5-0.5", D, D), ("=", D, D),
    ("remis", D, D), ("Remis", D, D), ("draw", D, D), ("uavgjort", D, D), ("oavgjort", D, D),
    ("+/-", FW, FL), ("-/+", FL, FW), ("-/-", FL, FL), ("+-", FW, FL), ("-+", FL, FW),
    ("--", FL, FL), ("+:-", FW, FL),
    ("1-0 WO", FW, FL), ("0-1 wo", FL, FW), ("1-0 w.o.", FW, FL), ("0 - 1 (wo)", FL, FW),
    ("0-0 wo", FL, FL), ("1-0 ff", FW, FL),
])
def test_chess_notations(text: str, white: Result, black: Result):
    r = parse_result(text)
    assert (r.white, r.black) == (white, black)
    assert r.white_discs is None and r.pending is None


@pytest.mark.parametrize("text,kind", [
    ("utsatt", Pending.POSTPONED), ("postponed", Pending.POSTPONED), ("uppskjutet", Pending.POSTPONED),
    ("udsat", Pending.POSTPONED), ("*", Pending.POSTPONED), ("hengeparti", Pending.ADJOURNED),
    ("adjourned", Pending.ADJOURNED), ("avbrutet", Pending.ADJOURNED),
])
def test_nsf_5_ssf_3_postponed_and_adjourned_words(text: str, kind: Pending):
    r = parse_result(text)
    assert (r.white, r.pending) == (Result.PENDING, kind)


@pytest.mark.parametrize("text,white,discs", [
    ("40-24", W, (40, 24)), ("24-40", L_, (24, 40)), ("32-32", D, (32, 32)),
    ("64-0", W, (64, 0)), ("33 - 31", W, (33, 31)),
])
def test_oth_6_disc_scores(text: str, white: Result, discs: tuple[int, int]):
    r = parse_result(text, othello=True)
    assert r.white == white and (r.white_discs, r.black_discs) == discs


@pytest.mark.parametrize("text", ["", "   ", None])
def test_empty_cell_is_no_result(text):
    assert parse_result(text) is None


@pytest.mark.parametrize("text,othello", [
    ("2-0", False), ("40-24", False), ("x", False), ("1", False), ("½-½ wo", False),
    ("40-40", True), ("1-0-1", False),
])
def test_unreadable_results_are_refused(text: str, othello: bool):
    with pytest.raises(NotationError):
        parse_result(text, othello=othello)


def test_a_number_is_not_a_result():
    with pytest.raises(NotationError, match="is a number"):
        parse_result(1)


_WRITTEN = [W, D, L_, FW, FL]


@given(st.sampled_from(_WRITTEN))
def test_format_then_parse_is_the_identity(white: Result):
    r = parse_result(format_result(white))
    assert (r.white, r.black) == (white, white.counterpart)


@given(st.integers(0, 64), st.integers(0, 64))
def test_discs_format_then_parse(a: int, b: int):
    """OTH-6 disc counts survive formatting and parsing; 1-0 and 0-1 are chess-style
    results by decision (see parse_result), so they are not disc counts."""
    if a + b > 64 or (a, b) in ((1, 0), (0, 1)):
        return
    white = W if a > b else L_ if a < b else D
    text = format_result(white, None, a, b)
    r = parse_result(text, othello=True)
    assert (r.white, r.white_discs, r.black_discs) == (white, a, b)


def test_oth6_one_nil_is_a_chess_style_result_even_for_othello():
    r = parse_result("1-0", othello=True)
    assert (r.white, r.white_discs, r.black_discs) == (W, None, None)
