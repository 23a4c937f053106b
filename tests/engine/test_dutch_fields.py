"""Crafted FIDE Dutch fields the reference engine pairs and monrad refused or paired
slowly (issue 39 item 1).

``tests/data/dutch-fields`` holds the fields of ``benchmarks/dutch_fields.py`` with
the reference engine's pairs file and exit code (``record.py``).  Every one must be
paired exactly as there -- or found impossible where the reference finds no valid
pairing -- without the weighted matchings whose memory grows with the square of the
field: the small ones run under a memory limit far below what a matching over the
whole field would take (the former code refused them there), the 1,200-player ones
(``slow``) under the default limit, which refused them before.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import networkx as nx
import pytest
from conftest import DATA, REPO

from monrad.addin.cli.bbp import pairs_text
from monrad.converters import trf
from monrad.engine import matching
from monrad.engine.dutch import budget
from monrad.engine.pairing import NoPairingPossible

FIELDS = DATA / "dutch-fields"
#: the fields of 1,200 players and more, paired by the reference in a minute or more
LARGE = 1000


def _players(name: str) -> int:
    return int(name.rsplit("-", 1)[1])


def _cases() -> list:
    """The fields of item 1 (the ``baku-`` ones are item 3's: test_dutch_baku.py;
    ``bbp-random-1699`` is a whole tournament, checked below)."""
    out = []
    for path in sorted(FIELDS.glob("*.trf")):
        if path.stem.startswith(("baku-", "bbp-")):
            continue
        marks = [pytest.mark.slow] if _players(path.stem) > LARGE else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def _limit(players: int) -> int:
    """A memory limit (MB) a weighted matching over the whole field would exceed
    (the small fields), or the default one (the large ones)."""
    if players > LARGE:
        return budget.MEMORY_LIMIT_MB
    return max(1, budget.matching_mb(players) // 4)


@pytest.mark.parametrize("path", _cases())
def test_issue39_item1_crafted_field_paired_as_the_reference(path: Path) -> None:
    t = trf.read_trf(path)
    limit = _limit(len(t.players))
    assert limit < budget.matching_mb(len(t.players))
    t.settings = t.settings.replace(options={**t.settings.options, "dutch_memory_mb": limit})
    code = int((path.with_suffix(".code")).read_text(encoding="ascii"))
    if code == 1:
        with pytest.raises(NoPairingPossible):
            pairs_text(t)
        return
    assert code == 0
    assert pairs_text(t) == path.with_suffix(".pairs").read_text(encoding="ascii")


@pytest.mark.slow
def test_issue39_item1_a_random_1699_player_tournament_of_the_reference_rechecked() -> None:
    """Eleven rounds of 1,699 players (forfeits, retirements, half-point byes), every
    round paired by the reference engine's own generator (``-g``, 2,144 s CPU):
    ``monrad-bbp -c`` re-pairs every round the same (2.5 s CPU)."""
    from monrad.addin.cli.bbp import check_text

    t = trf.read_trf(FIELDS / "bbp-random-1699.trf")
    report = check_text(t, "bbp-random-1699")
    assert report.count("Round #") == 11
    assert "Checker pairings" not in report and "No valid pairing" not in report


def test_issue39_item1_the_crafted_set_is_there() -> None:
    names = {p.stem for p in FIELDS.glob("*.trf")}
    for field in ("xxp-half", "four-down", "random-xxp", "odd-xxp", "pab-draw", "xxp-impossible"):
        assert any(n.startswith(field) for n in names), field
    assert any(_players(n) > LARGE for n in names)


def test_issue39_item1_an_impossible_round_is_found_impossible_without_a_weighted_matching(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One forbidden group of more than half of 600 players: the test that a legal
    pairing exists comes first, and no weighted matching is built."""
    def no_matching(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise AssertionError("a weighted matching ran")

    monkeypatch.setattr(matching, "max_weight_matching", no_matching)
    from monrad.engine.dutch import brackets
    monkeypatch.setattr(brackets, "max_weight_matching", no_matching)
    t = trf.read_trf(FIELDS / "xxp-impossible-600.trf")
    with pytest.raises(NoPairingPossible, match="absolute criteria"):
        pairs_text(t)


def test_issue39_item1_forbidden_groups_are_never_listed_as_pairs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A forbidden group of 1,001 players (``random-xxp-2000``: two ``XXP`` lines
    sharing the top seed) is half a million pairs: the Dutch engine keeps the groups
    (labels of their players, pairs only for small groups), so a group of 5,000 in a
    10,000-player field stays within a few MB (it took 7 GB)."""
    from monrad.engine.model import Settings

    def no_pairs(self, round_no):  # type: ignore[no-untyped-def]
        raise AssertionError("the forbidden groups were listed as pairs")

    monkeypatch.setattr(Settings, "forbidden_pairs", no_pairs)
    for name in ("random-xxp-400", "xxp-half-200", "xxp-impossible-600"):
        path = FIELDS / f"{name}.trf"
        t = trf.read_trf(path)
        if int(path.with_suffix(".code").read_text(encoding="ascii")):
            with pytest.raises(NoPairingPossible):
                pairs_text(t)
        else:
            assert pairs_text(t) == path.with_suffix(".pairs").read_text(encoding="ascii")


@pytest.mark.parametrize("seed", range(3))
def test_issue39_item1_the_memory_guard_counts_the_pairs_that_may_meet(seed: int) -> None:
    """The general procedure's memory grows with the pairs that may meet; the guard
    counts them by groups (:func:`allowed_pairs`) exactly as the criteria allow them
    one by one (C.1, C.3, forbidden groups large and small)."""
    from monrad.engine.dutch.completion import SMALL_GROUP, allowed_pairs
    from monrad.engine.dutch.criteria import compatible
    from monrad.engine.explain.dutch import dutch_setup
    from monrad.engine.model import ForbiddenGroup
    from monrad.engine.pairing import pair_round, players_to_pair

    sys.path.insert(0, str(REPO / "benchmarks"))
    from dutch_fields import random_field

    rng = random.Random(seed)
    t = random_field(60, seed, round_no=4)
    t.settings = t.settings.replace(forbidden=(
        ForbiddenGroup(tuple(rng.sample(range(1, 61), SMALL_GROUP + 5))),
        ForbiddenGroup(tuple(rng.sample(range(1, 61), 3))),
        ForbiddenGroup(tuple(rng.sample(range(1, 61), 2)))))
    pair_round(t, "dutch", round_no=4)  # a legal round
    entrants, ctx = dutch_setup(t, 4, players_to_pair(t, 4))
    who = sorted(entrants.values(), key=lambda e: (-e.score, e.rank))
    one_by_one = sum(1 for i, a in enumerate(who) for b in who[i + 1:] if compatible(a, b, ctx))
    assert allowed_pairs(who, ctx) == one_by_one < len(who) * (len(who) - 1) // 2


def _networkx_complete(n: int, blocked: list[set[int]], labels: list[set[int]],
                       bye_ok: list[bool]) -> bool:
    g = nx.Graph()
    g.add_nodes_from(range(n + n % 2))
    g.add_edges_from((u, v) for u in range(n) for v in range(u + 1, n)
                     if v not in blocked[u] and not labels[u] & labels[v])
    if n % 2:
        g.add_edges_from((v, n) for v in range(n) if bye_ok[v])
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == g.number_of_nodes()


@pytest.mark.parametrize("seed", range(6))
def test_issue39_item1_complete_matching_agrees_with_networkx(seed: int) -> None:
    """:func:`complete_matching` (C.4 completion without listing the pairs) on random
    graphs: blocked pairs one by one and in groups, clash labels (colours, large
    forbidden groups, several a vertex), odd fields whose bye only some may take."""
    from monrad.engine.cardinality import complete_matching

    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randint(1, 40)
        blocked: list[set[int]] = [set() for _ in range(n)]
        for _ in range(rng.randint(0, 2)):
            group = rng.sample(range(n), rng.randint(1, n // 2 + 1))
            for a in group:
                blocked[a].update(b for b in group if b != a)
        p = rng.random() * 0.6
        for u in range(n):
            for v in range(u + 1, n):
                if rng.random() < p:
                    blocked[u].add(v)
                    blocked[v].add(u)
        labels = [{x for x in (1, 2, 3, 4) if rng.random() < 0.2} for _ in range(n)]
        bye_ok = [rng.random() < 0.4 for _ in range(n)]
        found = complete_matching(n, blocked, labels, bye_ok)
        assert (found is not None) == _networkx_complete(n, blocked, labels, bye_ok)
        if found is None:
            continue
        alone = [v for v in range(n) if found[v] == v]
        assert len(alone) == n % 2 and all(bye_ok[v] for v in alone)
        for v in range(n):
            u = found[v]
            assert found[u] == v
            if u != v:
                assert u not in blocked[v] and not labels[u] & labels[v]


@pytest.mark.parametrize("players", [24, 32, 50])
def test_issue39_item1_c8_bracket_sending_players_down_equals_general_procedure(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``four-down-floor``: the top four (who met each other) cannot pair among
    themselves and move down into everyone else's score group, whose bracket must
    send four players down (C.8) to a score group of four who cannot pair among
    themselves either.  The top bracket is empty without a matching, the big one is
    paired by the class shortcut with its window (the four below it as classes of
    their own) -- and the round is the general procedure's, pair for pair."""
    from monrad.engine.dutch import brackets
    from monrad.engine.pairing import pair_round

    sys.path.insert(0, str(REPO / "benchmarks"))
    from dutch_fields import four_down_floor

    t = four_down_floor(players)
    seen = {"windowed": 0, "empty": 0}
    real_shortcut, real_empty = brackets._shortcut, brackets._FieldPass._forced_empty

    def watched_shortcut(*args, **kwargs):  # type: ignore[no-untyped-def]
        plan = real_shortcut(*args, **kwargs)
        outside = kwargs.get("outside", args[8] if len(args) > 8 else None)
        seen["windowed"] += plan is not None and bool(outside)
        return plan

    def watched_empty(self):  # type: ignore[no-untyped-def]
        empty = real_empty(self)
        seen["empty"] += empty
        return empty

    with monkeypatch.context() as m:
        m.setattr(brackets, "_shortcut", watched_shortcut)
        m.setattr(brackets._FieldPass, "_forced_empty", watched_empty)
        fast = pair_round(t, "dutch", round_no=t.next_round)
    assert seen["windowed"] and seen["empty"], seen
    with monkeypatch.context() as m:
        m.setattr(brackets, "SHORTCUT_MIN", 10**9)
        m.setattr(brackets._FieldPass, "_forced_empty", lambda self: False)
        general = pair_round(t, "dutch", round_no=t.next_round)
    assert [(g.white, g.black) for g in fast.games] == [(g.white, g.black) for g in general.games]


def test_issue39_item1_c8_bracket_needs_no_matching_over_the_field(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``four-down-floor-400`` (the reference: 2.3 s) is paired as the reference
    pairs it while no weighted matching sees more than a bracket of a few players
    (the general procedure over the window took 12 s and refused 1,100 players)."""
    from monrad.engine.dutch import brackets

    sizes: list[int] = []
    real = brackets.check_room

    def watched(players, *rest):  # type: ignore[no-untyped-def]
        sizes.append(players)
        return real(players, *rest)

    monkeypatch.setattr(brackets, "check_room", watched)
    path = FIELDS / "four-down-floor-400.trf"
    assert pairs_text(trf.read_trf(path)) == path.with_suffix(".pairs").read_text(encoding="ascii")
    assert max(sizes) < 20, sizes
