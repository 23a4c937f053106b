"""The worked examples in docs/systems/*.md, replayed round by round.

Each system's page holds a fenced block marked ``monrad-example``; this test reads
it, and for every round checks the round list (with points), the pairs (White
first) and the bye against what the engine produces, then enters the results the
block gives.  The documentation cannot drift from the code.

Block syntax::

    system: nsf
    players: 7
    rounds: 4
    round 1
      withdraw: 4              (optional: withdrawn before this round)
      list: 1 2 3 4 5 6 7 (0)  (score groups separated by |, points in brackets)
      pairs: 2-1 4-3 6-5
      bye: 7                   (optional)
      results: 1 = 0           (per board: 1 0 = + - a(djourned) p(ostponed))
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import REPO
from test_monrad_kit import bye_of, finish, make, pairs

from monrad.engine.model import Scoring
from monrad.engine.monrad.facts import collect
from monrad.engine.pairing import get_system, pair_round

DOCS = REPO / "docs" / "systems"
BLOCK = re.compile(r"```monrad-example\n(.*?)```", re.S)


def parse_points(text: str) -> Fraction:
    text = text.strip()
    if text.endswith("½"):
        return Fraction(int(text[:-1] or 0)) + Fraction(1, 2)
    return Fraction(text)


def parse_list(text: str) -> list[tuple[int, Fraction]]:
    out = []
    for part in text.split("|"):
        m = re.fullmatch(r"\s*([\d ]+)\(([\d½/]+)\)\s*", part)
        assert m, f"bad list part {part!r}"
        pts = parse_points(m.group(2))
        out.extend((int(p), pts) for p in m.group(1).split())
    return out


def load(path: Path) -> tuple[dict[str, str], list[dict[str, str]]]:
    found = BLOCK.findall(path.read_text(encoding="utf-8"))
    assert len(found) == 1, f"{path.name}: expected one monrad-example block"
    head: dict[str, str] = {}
    rounds: list[dict[str, str]] = []
    for raw in found[0].splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("round "):
            rounds.append({"number": line.split()[1]})
            continue
        key, _, value = line.partition(":")
        (rounds[-1] if rounds else head)[key.strip()] = value.strip()
    return head, rounds


@pytest.mark.parametrize("name", ["nsf", "ssf", "dsu", "school"])
def test_worked_example_replays(name: str) -> None:
    """The worked example of each system (NSF-9A, SSF-5, DSU-3, SKOL-4 end to end)."""
    head, rounds = load(DOCS / f"{name}.md")
    system = head["system"]
    scoring = Scoring.school() if system == "school" else Scoring()
    t = make(system, int(head["players"]), int(head["rounds"]), scoring=scoring)
    impl = get_system(system)
    for spec in rounds:
        r = int(spec["number"])
        if "withdraw" in spec:
            gone = {int(p) for p in spec["withdraw"].split()}
            t.players = [p.replace(withdrawn_after=r - 1) if p.start_no in gone else p
                         for p in t.players]
        facts = collect(impl.prepare(t), r, conv=impl.conventions)
        listed = parse_list(spec["list"])
        assert [p for p, _ in listed] == list(impl.round_list(t, r - 1)), f"round {r} list"
        for p, pts in listed:
            assert facts[p].points == pts, f"round {r}: points of {p}"
        rnd = pair_round(t)
        t.set_round(rnd)
        expected = [tuple(int(x) for x in pr.split("-")) for pr in spec["pairs"].split()]
        assert pairs(rnd) == expected, f"round {r} pairs"
        assert bye_of(rnd) == (int(spec["bye"]) if "bye" in spec else None), f"round {r} bye"
        finish(t, "".join(spec["results"].split()))
