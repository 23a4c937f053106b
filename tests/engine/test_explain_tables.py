"""Explaining round robins (Berger table, C.05 Annex 1, OTH-2) and Othello Swiss (OTH-9)."""

from __future__ import annotations

import random

from monrad.engine.explain import explain_round
from monrad.engine.model import Player, Result, Round, Settings, Tournament
from monrad.engine.othello.discs import with_discs
from monrad.engine.pairing import pair_round


def _event(system: str, n: int, rounds: int | None = None, **options: object) -> Tournament:
    t = Tournament(settings=Settings(system=system, rounds=rounds, options=options))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"P{i}", rating=2000 - i))
    return t


def test_berger_row_for_every_board() -> None:
    """C.05 Annex 1: every board names its table round and pairing numbers; odd: the
    player against the empty place has the bye."""
    t = _event("round-robin", 5)
    for r in range(1, 6):
        exp = explain_round(t, r)
        rnd = pair_round(t, round_no=r)
        assert [(b.white, b.black) for b in exp.boards] == [(g.white, g.black) for g in rnd.games]
        for b in exp.boards:
            row = b.reasons[0]
            assert row.rule == "C.05 Annex 1" and row.args["table_round"] == r
            assert {row.args["a"], row.args["b"]} == {b.white, b.black}
        assert exp.bye == next(b.player for b in rnd.byes)
        assert exp.bye_reasons[0].key == "rr_bye_dummy"
        t.set_round(rnd)


def test_oth_2_double_round_robin_second_cycle_reversed() -> None:
    """OTH-2: the second cycle is the table again with the colours reversed; the first
    cycle's last two rounds are swapped (C.05 Annex 1)."""
    t = _event("double-round-robin", 4)
    exp = explain_round(t, 4)
    assert any(x.key == "rr_second" and x.args["table_round"] == 1 for x in exp.boards[0].reasons)
    first = explain_round(t, 1)
    assert {(b.white, b.black) for b in exp.boards} == {(b.black, b.white) for b in first.boards}
    swapped = explain_round(t, 3)
    assert swapped.boards[0].reasons[0].args["table_round"] == 2
    assert any(x.key == "rr_swapped" for x in swapped.boards[0].reasons)


def test_oth_9_mbq_order_and_pairing() -> None:
    """OTH-9: the order paired from is match points, MBQ, rating; the explanation is
    the pairing; every board names OTH-9 and OTH-5; the bye is OTH-9's."""
    rng = random.Random(5)
    t = _event("othello-swiss", 9, 6)
    for _ in range(4):
        exp = explain_round(t)
        rnd = pair_round(t)
        assert [(b.white, b.black) for b in exp.boards] == [(g.white, g.black) for g in rnd.games]
        assert exp.general[0].key == "o_order"
        for b in exp.boards:
            rules = [x.rule for x in b.reasons]
            assert rules[0] == "OTH-9" and "OTH-5" in rules
        assert exp.bye == next((b.player for b in rnd.byes if b.result is Result.PAIRING_BYE), None)
        games = []
        for g in rnd.games:
            black = rng.randint(0, 64)
            games.append(with_discs(g, black, 64 - black))
        t.set_round(Round(rnd.number, tuple(games), rnd.byes))
    tops = [b.reasons[0].args["top"] for b in exp.boards]
    assert tops == sorted(tops, key=exp.order.index)

