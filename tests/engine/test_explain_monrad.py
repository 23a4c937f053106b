"""Explaining Monrad rounds (issue 18): NSF, SSF, DSU, school and Konrad.

The explanation comes from a recorder listening to the procedure; these tests show
that the recorder changes nothing (MON-3), that the pairing described is the pairing
produced, that every reason it gives is true (the players passed over as already met
did meet; a break-up really leaves the rest unpairable), and hand-made cases for the
rules it names.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from test_monrad_kit import finish, make, set_round

from monrad.engine.explain import explain_round
from monrad.engine.model import ForbiddenGroup, Result, Scoring
from monrad.engine.monrad.procedure import Recorder
from monrad.engine.pairing import get_system, pair_round, players_to_pair

SYSTEMS = ("nsf", "ssf", "dsu", "school")
RULE = re.compile(r"^(NSF-\d+[A-D]?|SSF-\d+|DSU-\d+|SKOL-\d+|MON-\d+|MON-KONRAD|FORBIDDEN|INITIAL-COLOUR)$")


def random_event(system: str, n: int, rounds: int, seed: int, **options: object):
    """A tournament paired round by round by the engine, random results (rounds-1 done)."""
    rng = random.Random(seed)
    scoring = Scoring.school() if system == "school" else None
    t = make(system, n, rounds, scoring, **options)
    for _ in range(rounds - 1):
        rnd = pair_round(t)
        t.set_round(rnd)
        finish(t, "".join(rng.choice("110==0+") for _ in rnd.games))
    return t


def events():
    for system in SYSTEMS:
        for seed in range(6):
            yield system, seed, {}
    yield "nsf", 7, {"konrad": 2}
    yield "ssf", 8, {"konrad": 2}


@pytest.mark.parametrize("system,seed,options", list(events()))
def test_mon_3_recorder_changes_nothing(system, seed, options) -> None:
    """A round paired with the recorder listening is the round paired without it."""
    t = random_event(system, 9 + seed % 4, 7, seed, **options)
    impl = get_system(system)
    for r in range(1, t.next_round + 1):
        history = t.copy()
        history.rounds = [x for x in t.rounds if x.number < r]
        players = players_to_pair(history, r)
        plain = impl.pair(history, r, players)
        rec = Recorder()
        heard = impl.pair(history, r, players, recorder=rec)
        assert heard == plain
        assert rec.tops, "the recorder heard the procedure"


def _scores(t, r):
    impl = get_system(t.settings.system)
    return impl.prepare(t).scores(r - 1)


@pytest.mark.parametrize("system,seed,options", list(events()))
def test_explanation_is_the_pairing_produced(system, seed, options) -> None:
    """Boards and bye described = the engine's; every board has a reason with a rule
    ID; the floats are exactly the players paired against a different score."""
    t = random_event(system, 9 + seed % 4, 7, seed, **options)
    for r in range(1, t.next_round + 1):
        exp = explain_round(t, r)
        history = t.copy()
        history.rounds = [x for x in t.rounds if x.number < r]
        rnd = pair_round(history, round_no=r)
        assert [(b.white, b.black) for b in exp.boards] == [(g.white, g.black) for g in rnd.games]
        assert exp.bye == next((b.player for b in rnd.byes if b.result is Result.PAIRING_BYE), None)
        for b in exp.boards:
            assert b.reasons and all(RULE.match(x.rule) for x in b.reasons), b
        if exp.bye is not None:
            assert exp.bye_reasons and all(RULE.match(x.rule) for x in exp.bye_reasons)
        pts = _scores(t, r)
        expected = set()
        for g in rnd.games:
            if pts[g.white] != pts[g.black]:
                hi, lo = (g.white, g.black) if pts[g.white] > pts[g.black] else (g.black, g.white)
                expected |= {(hi, "down"), (lo, "up")}
        assert {(f.player, f.direction) for f in exp.floats} == expected
        if r < t.next_round:
            assert exp.file_matches is True and exp.differences == []


def _perfect(players: list[int], may: set[frozenset[int]]) -> bool:
    if not players:
        return True
    a = players[0]
    return any(frozenset((a, b)) in may and _perfect([x for x in players[1:] if x != b], may)
               for b in players[1:])


@pytest.mark.parametrize("system", ("ssf", "dsu", "school"))
def test_mon_3_every_break_up_is_true(system) -> None:
    """SSF-5, DSU-4, SKOL-4 (MON-3): a player passed over by a break-up really leaves
    the players after him unpairable (checked by brute force); one passed over as
    already met really did meet the top player."""
    seen = 0
    for seed in range(30):
        t = random_event(system, 8, 5, 100 + seed)
        r = t.next_round
        exp = explain_round(t, r)
        met = {p: set() for p in exp.order}
        for rnd in t.rounds:
            for g in rnd.games:
                if system != "dsu" or g.white_result.is_played:
                    met[g.white].add(g.black)
                    met[g.black].add(g.white)
        may = {frozenset(p) for p in itertools.combinations(exp.order, 2) if p[1] not in met[p[0]]}
        left = [p for p in exp.order if p != exp.bye]
        for b in exp.boards:
            top = next(x.args["top"] for x in b.reasons if x.key == "m_top")
            for x in b.reasons:
                if x.key == "m_breakup":
                    seen += 1
                    rest = [p for p in left if p not in (top, x.args["p"])]
                    assert not _perfect(rest, may), (seed, b)
                if x.key == "m_met":
                    assert x.args["p"] in met[top]
            left = [p for p in left if p not in (b.white, b.black)]
    assert seen, "some break-up was explained"


def test_nsf_6a_and_7a_players_passed_over() -> None:
    """Round 4: no. 1 and no. 2 have had White three times in a row, so 2 is passed
    over by NSF-7A; 3, 4 and 5 have met 1 (NSF-6A); 6 is due the same colour as 1
    (NSF-8C); 1 meets 7 with Black, the only colour NSF-7A leaves him."""
    t = make("nsf", 8, 6)
    set_round(t, 1, [(1, 3, "="), (2, 4, "="), (5, 7, "="), (6, 8, "=")])
    set_round(t, 2, [(1, 4, "="), (2, 3, "="), (5, 8, "="), (6, 7, "=")])
    set_round(t, 3, [(1, 5, "="), (2, 6, "="), (3, 7, "="), (4, 8, "=")])
    exp = explain_round(t)
    b1 = exp.boards[0]
    assert (b1.white, b1.black) == (7, 1)
    why = {x.args.get("p"): x.rule for x in b1.reasons if x.key.startswith("m_") and "p" in x.args}
    assert why == {2: "NSF-7A", 3: "NSF-6A", 4: "NSF-6A", 5: "NSF-6A", 6: "NSF-8C"}
    assert b1.reasons[-1].rule == "NSF-7A"  # 1 cannot have a 4th White


def test_nsf_4_and_12a_round_one() -> None:
    """Round 1: no. 1 has Black against no. 2 (NSF-4); odd count: the bye to the player
    left over, the highest start number (NSF-12A)."""
    t = make("nsf", 5, 4)
    exp = explain_round(t)
    assert [(b.white, b.black) for b in exp.boards] == [(2, 1), (4, 3)]
    assert exp.boards[0].reasons[-1].rule == "NSF-4"
    assert exp.bye == 5 and [x.key for x in exp.bye_reasons] == ["b_round1", "b_leftover"]
    assert {x.rule for x in exp.bye_reasons} == {"NSF-12A"}


def test_nsf_6b_9b_float_down_and_up() -> None:
    """After two rounds 1 has 2 points alone: he meets the nearest lower group (NSF-6B),
    4 floats up (NSF-9B); 3 is left alone in his group and meets 2 (0 points)."""
    t = make("nsf", 4, 3)
    set_round(t, 1, [(1, 2, "1"), (3, 4, "=")])
    set_round(t, 2, [(2, 1, "1"), (4, 3, "=")])
    exp = explain_round(t)
    kinds = {(f.player, f.direction): [x.rule for x in f.reasons] for f in exp.floats}
    assert set(kinds) == set()  # 1 and 2 have 1 point, 3 and 4 have 1 point: one group
    set_round(t, 2, [(2, 1, "0"), (4, 3, "=")])  # 1 has 2 points, 2 has 0
    exp = explain_round(t)
    kinds = {(f.player, f.direction): [x.rule for x in f.reasons] for f in exp.floats}
    assert kinds == {(1, "down"): ["NSF-6B"], (4, "up"): ["NSF-9B"],
                     (3, "down"): ["NSF-6B"], (2, "up"): ["NSF-9B"]}


def test_ssf_8_bye_and_ssf_6_colours() -> None:
    """SSF-8: the lowest-placed player without a bye takes it; SSF-6: the colours."""
    t = make("ssf", 5, 4)
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1")], byes=(5,))
    exp = explain_round(t)
    assert exp.bye == 3  # the lowest placed; 5 (above him with the bye's point) had one
    assert {x.rule for x in exp.bye_reasons} == {"SSF-8"}
    colour = [b.reasons[-1] for b in exp.boards]
    assert all(x.rule == "SSF-6" for x in colour)


def test_dsu_0_and_dsu_6_colours() -> None:
    """DSU-0: round 1, no. 1 White v no. 2; DSU-6: fewer Whites gets White."""
    t = make("dsu", 4, 3)
    exp = explain_round(t)
    assert [(b.white, b.black) for b in exp.boards] == [(1, 2), (3, 4)]
    assert {b.reasons[-1].rule for b in exp.boards} == {"DSU-0"}
    set_round(t, 1, [(1, 2, "1"), (3, 4, "1")])
    exp = explain_round(t)
    assert {b.reasons[-1].rule for b in exp.boards} == {"DSU-6"}
    assert {b.reasons[-1].key for b in exp.boards} == {"c_equal_higher"}
    set_round(t, 2, [(1, 3, "1"), (4, 2, "1")])
    exp = explain_round(t)
    b1 = exp.boards[0]
    assert (b1.white, b1.black) == (4, 1)
    assert (b1.reasons[-1].rule, b1.reasons[-1].key) == ("DSU-6", "c_fewer_white")


def test_skol_2_and_skol_5_colours() -> None:
    """SKOL-2: round 1, the higher number White; SKOL-5 afterwards."""
    t = make("school", 4, 3, Scoring.school())
    exp = explain_round(t)
    assert [(b.white, b.black) for b in exp.boards] == [(2, 1), (4, 3)]
    assert {b.reasons[-1].rule for b in exp.boards} == {"SKOL-2"}
    set_round(t, 1, [(2, 1, "1"), (4, 3, "1")])
    exp = explain_round(t)
    assert {b.reasons[-1].rule for b in exp.boards} == {"SKOL-5"}


def test_konrad_repeat_reverses_colours() -> None:
    """Konrad (two meetings allowed): a repeat reverses the latest colours (MON-KONRAD)."""
    t = make("ssf", 2, 3, konrad=2)
    set_round(t, 1, [(2, 1, "=")])
    exp = explain_round(t)
    b = exp.boards[0]
    assert (b.white, b.black) == (1, 2)
    assert b.reasons[-1].rule == "MON-KONRAD"


def test_forbidden_pair_is_named() -> None:
    """A forbidden pair (settings) is passed over and named as such."""
    t = make("dsu", 4, 3)
    t.settings = t.settings.replace(forbidden=(ForbiddenGroup((1, 2)),))
    exp = explain_round(t)
    b1 = exp.boards[0]
    assert (b1.white, b1.black) == (1, 3)
    assert any(x.rule == "FORBIDDEN" and x.args["p"] == 2 for x in b1.reasons)


def test_round_list_is_the_order_paired_from() -> None:
    """NSF-5 / SSF-2: the order given is the system's round list."""
    t = random_event("ssf", 9, 5, 3)
    exp = explain_round(t)
    assert tuple(exp.order) == get_system("ssf").round_list(t, t.rounds_played)
    assert exp.general[0].rule == "SSF-2"


def test_nsf_9d_break_ups_are_true_and_the_rules_named() -> None:
    """NSF-9D: a player passed over by a break-up really leaves the rest unpairable
    under NSF-6A and 7A/7B (brute force on the engine's colour states; even fields,
    so the bye tiers of NSF-12A play no part); over many
    rounds the explanation names the NSF rules of the procedure."""
    from monrad.engine.monrad.facts import collect
    from monrad.engine.monrad.nsf import B, ColourState, W

    named: set[str] = set()
    breakups = 0
    for seed in range(40):
        t = random_event("nsf", 8 + seed % 3, 5 + seed % 2, 500 + seed)
        for r in range(2, t.next_round + 1):
            history = t.copy()
            history.rounds = [x for x in t.rounds if x.number < r]
            exp = explain_round(t, r)
            named |= {x.rule for b in exp.boards for x in b.reasons}
            named |= {x.rule for f in exp.floats for x in f.reasons}
            named |= {x.rule for x in exp.general + exp.bye_reasons}
            impl = get_system("nsf")
            facts = collect(history, r, conv=impl.conventions)
            relaxed = any(x.rule in ("NSF-11A", "NSF-11B") for x in exp.general)
            state = {p: ColourState(facts[p].colours) for p in exp.order}

            allowed = {p: state[p].allowed for p in exp.order}
            pairs = {frozenset((a, b)) for a, b in itertools.combinations(exp.order, 2)
                     if b not in facts[a].met and (relaxed or bool(
                         (allowed[a] & W and allowed[b] & B) or (allowed[a] & B and allowed[b] & W)))}
            left = list(exp.order)
            for b in exp.boards:
                top = next(x.args["top"] for x in b.reasons if x.key == "m_top")
                for x in b.reasons:
                    if x.key == "m_breakup" and exp.bye is None:  # (bye tiers: not modelled here)
                        breakups += 1
                        rest = [p for p in left if p not in (top, x.args["p"])]
                        assert not _perfect(rest, pairs), (seed, r, b)
                left = [p for p in left if p not in (b.white, b.black)]
    assert breakups
    assert {"NSF-9A", "NSF-9D", "NSF-6A", "NSF-6B", "NSF-9B", "NSF-8A", "NSF-8B", "NSF-8C",
            "NSF-8D", "NSF-11A", "NSF-12A", "NSF-5"} <= named, named
