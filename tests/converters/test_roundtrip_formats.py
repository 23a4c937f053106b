"""A tournament converted A -> B and read back is the same tournament, as far as
both formats carry it (``docs/batch.md``, "What each format carries").

Every pair of the formats ``convert --to`` writes is tried, through the real batch
path (files on disk, :func:`monrad.converters.batch.convert_one`):

* chess (an oracle tournament with forfeits, half- and zero-point byes): TRF-2026,
  TRF-16, CSV, the club workbook and the klubtur.dk layout;
* Othello (disc counts, WOF ids): TRF-2026, TRF-16, CSV, the club workbook and WOF.

Plus a tournament of 1,000 players and 11 rounds through every chess format
(correctness only; ``benchmarks/bench_convert.py`` measures the time).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters import batch
from monrad.converters.trf import read_trf
from monrad.engine.model import (
    Bye,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)

CHESS_SOURCE = DATA / "oracle" / "dutch-random" / "dutch_n0049_r04_s6096_ff-zb-hb.trf"

#: what each format carries (see docs/batch.md)
CARRIES: dict[str, set[str]] = {
    "trf2026": {"roster", "ratings", "games", "pairing_byes", "other_byes", "discs", "rounds",
                "name"},
    "trf16": {"roster", "ratings", "games", "pairing_byes", "other_byes", "discs", "rounds",
              "name"},
    "csv": {"roster", "games", "pairing_byes", "other_byes", "discs"},
    "xlsx": {"roster", "ratings", "games", "pairing_byes", "discs", "rounds", "name"},
    "klubtur": {"roster", "ratings", "games", "pairing_byes", "other_byes"},
    "wof": {"roster", "games", "pairing_byes", "discs"},
}
SUFFIX = {"trf2026": ".trf", "trf16": ".trf", "csv": ".csv", "xlsx": ".xlsx",
          "klubtur": ".csv", "wof": ".elo"}
#: formats that keep what a WOF file needs (WOF ids, sender, country, date)
#: files that carry WOF ids and the WOF header (the workbook: its Settings and WOF id
#: column, issue 15 item 9)
WOF_SOURCES = ("trf2026", "trf16", "wof", "xlsx")
CHESS = ("trf2026", "trf16", "csv", "xlsx", "klubtur")
OTHELLO = ("trf2026", "trf16", "csv", "xlsx", "wof")


def facts(t: Tournament, carried: set[str]) -> dict[str, object]:
    """The parts of ``t`` named in ``carried``, in a comparable form."""
    out: dict[str, object] = {}
    if "roster" in carried:
        out["roster"] = [(p.start_no, p.name) for p in t.players]
    if "ratings" in carried:
        out["ratings"] = [(p.start_no, p.rating) for p in t.players]
    if "rounds" in carried:
        out["rounds"] = t.settings.rounds
    if "name" in carried:
        out["name"] = t.info.get("name")
    for r in t.rounds:
        if "games" in carried:
            out[f"games {r.number}"] = sorted(
                (g.white, g.black, g.white_result, g.black_result) for g in r.games)
        if "discs" in carried:
            out[f"discs {r.number}"] = sorted(
                (g.white, g.white_discs, g.black_discs) for g in r.games)
        if "pairing_byes" in carried:
            out[f"byes {r.number}"] = sorted(
                b.player for b in r.byes if b.result is Result.PAIRING_BYE)
        if "other_byes" in carried:
            out[f"requested {r.number}"] = sorted(
                (b.player, b.result) for b in r.byes
                if b.result in (Result.HALF_BYE, Result.ZERO_BYE))
    return out


def convert(src: Path, fmt: str, out: Path) -> Path:
    res = batch.convert_one(batch.Job(str(src), str(out), fmt, overwrite=True))
    assert res.status == "converted", res.detail
    return Path(res.outputs[0])


def read_back(path: Path) -> Tournament:
    found = batch.read_input(path)
    assert len(found) == 1
    return found[0][1]


def othello_tournament() -> Tournament:
    """Seven players, three rounds of disc results (sums of 64), one bye a round."""
    rng = random.Random(20260314)
    t = Tournament(settings=Settings(system="othello-swiss", rounds=3),
                   info={"name": "Stockholm Othello Open", "start_date": "2026/03/14",
                         "federation": "SWE", "arbiter": "Berg, Kari", "wof_sender": "Berg, Kari",
                         "country": "Sweden"})
    names = ["BERG, Kari", "HANSEN, Ola", "LIND, Anna", "EK, Bo", "DAHL, Per", "NILSSON, Eva",
             "STRAND, Jon"]
    for i, n in enumerate(names, 1):
        t.add_player(Player(i, n, federation="SWE", extra={"wof_id": str(3000 + i)}))
    for rnd in range(1, 4):
        order = list(range(1, 8))
        rng.shuffle(order)
        games = []
        for a, b in zip(order[0:6:2], order[1:6:2]):
            black_discs = rng.choice([20, 32, 33, 40, 45, 64])
            white_discs = 64 - black_discs
            wr = Result.WIN if white_discs > black_discs else (
                Result.LOSS if white_discs < black_discs else Result.DRAW)
            games.append(Game(b, a, wr, None, white_discs, black_discs))
        t.rounds.append(Round(rnd, tuple(games), (Bye(order[6], Result.PAIRING_BYE),)))
    return t


def large_tournament(players: int = 1000, rounds: int = 11, seed: int = 8) -> Tournament:
    """A big tournament: random pairings, draws, forfeits and a bye when odd."""
    rng = random.Random(seed)
    t = Tournament(settings=Settings(system="dutch", rounds=rounds), info={"name": "Big Open"})
    for i in range(1, players + 1):
        t.add_player(Player(i, f"Player{i:04d}, Test", rating=1000 + (7919 * i) % 1800))
    for rnd in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rng.shuffle(order)
        byes = []
        if len(order) % 2:
            byes.append(Bye(order.pop(), Result.PAIRING_BYE))
        games = []
        for a, b in zip(order[0::2], order[1::2]):
            wr = rng.choice([Result.WIN, Result.LOSS, Result.DRAW, Result.WIN, Result.LOSS,
                             Result.FORFEIT_WIN])
            games.append(Game(a, b, wr))
        t.rounds.append(Round(rnd, tuple(games), tuple(byes)))
    return t


@pytest.fixture(scope="module")
def chess_files(tmp_path_factory) -> dict[str, Path]:
    """The chess source written once in every chess format (from the oracle TRF)."""
    d = tmp_path_factory.mktemp("chess")
    out = {}
    for fmt in CHESS:
        out[fmt] = convert(CHESS_SOURCE, fmt, d / f"source-{fmt}{SUFFIX[fmt]}")
    return out


@pytest.fixture(scope="module")
def othello_files(tmp_path_factory) -> dict[str, Path]:
    from monrad.converters.trf import write_trf

    d = tmp_path_factory.mktemp("othello")
    src = d / "othello.trf"
    src.write_text(write_trf(othello_tournament()), encoding="utf-8")
    return {fmt: convert(src, fmt, d / f"source-{fmt}{SUFFIX[fmt]}") for fmt in OTHELLO}


def test_chess_source_has_what_the_pairs_must_carry():
    t = read_trf(CHESS_SOURCE)
    kinds = {b.result for r in t.rounds for b in r.byes}
    assert any(g.white_result.is_forfeit for r in t.rounds for g in r.games)
    assert {Result.ZERO_BYE, Result.HALF_BYE, Result.PAIRING_BYE} <= kinds


@pytest.mark.parametrize("a,b", list(itertools.permutations(CHESS, 2)) + [(f, f) for f in CHESS])
def test_chess_round_trip_every_pair(a: str, b: str, chess_files, tmp_path: Path):
    original = read_trf(CHESS_SOURCE)
    via_a = read_back(chess_files[a])
    out = convert(chess_files[a], b, tmp_path / f"to-{b}{SUFFIX[b]}")
    via_b = read_back(out)
    carried = CARRIES[a] & CARRIES[b]
    assert facts(via_b, carried) == facts(original, carried)
    assert facts(via_a, CARRIES[a]) == facts(original, CARRIES[a])


@pytest.mark.parametrize("a,b", list(itertools.permutations(OTHELLO, 2)) + [(f, f) for f in OTHELLO])
def test_othello_round_trip_every_pair(a: str, b: str, othello_files, tmp_path: Path):
    original = othello_tournament()
    if b == "wof" and a not in WOF_SOURCES:
        # CSV has no WOF ids and no sender: a one-line refusal
        res = batch.convert_one(batch.Job(str(othello_files[a]), str(tmp_path / "x.elo"), b))
        assert res.status == "failed" and "\n" not in res.detail
        assert "WOF" in res.detail and not (tmp_path / "x.elo").exists()
        assert not list(tmp_path.iterdir())  # no partial output
        return
    out = convert(othello_files[a], b, tmp_path / f"to-{b}{SUFFIX[b]}")
    carried = CARRIES[a] & CARRIES[b]
    assert facts(read_back(out), carried) == facts(original, carried)


def test_trf_carries_the_whole_model_both_ways(chess_files, othello_files):
    """TRF (with the project's XMN records) loses nothing, chess or Othello."""
    assert read_back(chess_files["trf2026"]) == read_trf(CHESS_SOURCE)
    t = othello_tournament()
    for fmt in ("trf2026", "trf16"):
        back = read_back(othello_files[fmt])
        assert back.rounds == t.rounds and back.players == t.players


def test_klubtur_cannot_carry_discs_so_wof_refuses_it(othello_files, tmp_path: Path):
    k = convert(othello_files["trf2026"], "klubtur", tmp_path / "k.csv")
    res = batch.convert_one(batch.Job(str(k), str(tmp_path / "k.elo"), "wof"))
    assert res.status == "failed"
    assert "\n" not in res.detail and "WOF" in res.detail


@pytest.mark.parametrize("fmt", ["trf2026", "trf16", "csv", "klubtur",
                                 pytest.param("xlsx", marks=pytest.mark.slow)])
def test_large_tournament_1000_players_11_rounds(fmt: str, tmp_path: Path):
    from monrad.converters.trf import write_trf

    t = large_tournament()
    src = tmp_path / "big.trf"
    src.write_text(write_trf(t), encoding="utf-8")
    out = convert(src, fmt, tmp_path / f"big-out{SUFFIX[fmt]}")
    carried = CARRIES[fmt]
    assert facts(read_back(out), carried) == facts(t, carried)


def test_large_tournament_generator_is_what_it_says():
    t = large_tournament()
    assert len(t.players) == 1000 and len(t.rounds) == 11
    assert all(len(r.games) == 500 for r in t.rounds)
    assert sum(t.scores().values()) == 11 * 500 * Fraction(1) - sum(
        Fraction(0) for _ in ())  # every game hands out exactly one point
    assert Scoring.classic() == t.settings.scoring
