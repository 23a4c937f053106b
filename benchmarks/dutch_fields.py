"""Crafted FIDE Dutch fields that were refused or slow (issue 39), as tournaments.

Each field is the round to pair of a tournament built here from its size (and a
seed for the random ones); ``write`` saves it as a TRF that both monrad
(``monrad-bbp``) and the reference engine (bbpPairings ``--dutch FILE -p``) read.
``bench_dutch.py      --fields`` times both on them; the 1,200-player ones, paired by
the reference, are kept as slow tests (``tests/data/dutch-fields``).

====================  =============================================================
field                 what it is
====================  =============================================================
``xxp-half``          round 1, player 1 forbidden (``XXP``) with every lower-half
                      player: he must be exchanged into S2
``xxp-half-two``      the same for players 1 and 2: two exchanges
``four-down``         round 5 after four rounds of draws; four players who met each
                      other (rounds 1-3) and won round 4 by forfeit (their opponents
                      withdrew) move down into the one score group of everyone else
``four-down-floor``   the same, over a score group of four who met each other
                      (rounds 1-3) and were absent in round 4: the big bracket must
                      send four players down to them (C.8)
``odd-xxp``           round 1 of an odd field, one forbidden pair (1 and the first
                      S2 player)
``pab-draw``          round 2 of an odd field after an all-draw round 1 whose
                      pairing-allocated bye was worth a draw (``162 P 0.5``)
``random``            a random tournament (forfeits, withdrawals, late entries, byes
                      requested), every earlier round paired by monrad's Dutch
                      engine; the round given is paired
``random-xxp``        round 1 with two ``XXP`` lines, each the top seed and a random
                      half of the lower half: he must be exchanged into S2
``xxp-impossible``    round 1, one ``XXP`` group of more than half the field: no
                      legal pairing
``baku-210``          round 5 of a 2/1/0 tournament that names Baku acceleration
                      alone (issue 39 item 3: the virtual points scale)
====================  =============================================================

    python benchmarks/dutch_fields.py xxp-half 200 /tmp/xxp-half-200.trf
    python benchmarks/dutch_fields.py random 1699 /tmp/random-1699.trf --round 10
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from fractions import Fraction

from monrad.engine.model import (
    Bye,
    Colour,
    ForbiddenGroup,
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)

__all__ = ["FIELDS", "build", "write"]


def _start(players: int, rounds: int = 9, **settings: object) -> Tournament:
    """``players`` rated in start order (2800 down to 1000), nothing played."""
    t = Tournament(settings=Settings(system="dutch", rounds=rounds,  # type: ignore[arg-type]
                                     initial_colour=Colour.WHITE, **settings))
    for n in range(1, players + 1):
        t.add_player(Player(n, f"Player {n}", rating=2800 - (n - 1) * 1800 // players))
    return t


def _with_forbidden(t: Tournament, *groups: tuple[int, ...]) -> Tournament:
    t.settings = t.settings.replace(forbidden=tuple(ForbiddenGroup(g) for g in groups))
    return t


def xxp_half(n: int, seed: int = 0, top: int = 1) -> Tournament:
    """Round 1; players ``1 .. top`` may not meet any player of the lower half."""
    t = _start(n)
    return _with_forbidden(t, *((a, p) for a in range(1, top + 1)
                                for p in range(n - n // 2 + 1, n + 1)))


def xxp_half_two(n: int, seed: int = 0) -> Tournament:
    """Round 1; players 1 and 2 may not meet any player of the lower half."""
    return xxp_half(n, seed, top=2)


def _circle(players: list[int], r: int) -> list[tuple[int, int]]:
    """Round ``r`` (0-based) of the circle method over an even list: pairs, the
    first of each White in even rounds."""
    k = len(players)
    fixed, rest = players[0], players[1:]
    rest = rest[r % (k - 1):] + rest[:r % (k - 1)]
    pairs = [(fixed, rest[0])] + [(rest[i], rest[k - 1 - i]) for i in range(1, k // 2)]
    return [(a, b) if (r + i) % 2 == 0 else (b, a) for i, (a, b) in enumerate(pairs)]


def four_down(n: int, seed: int = 0) -> Tournament:
    """Round 5: players 1-4 drew each other in rounds 1-3 and won round 4 by
    forfeit against four players who then withdrew; everyone else drew every game.
    The four (2.5 points, no opponent left among them) move down into the one score
    group of everyone else (2.0)."""
    if n % 2 or n < 16:
        raise ValueError("four-down needs an even field of 16 or more")
    t = _start(n)
    top = [1, 2, 3, 4]
    rest = list(range(5, n + 1))
    gone = rest[:4]
    # rounds 1-3: the four play each other, the rest by the circle method
    four_rounds = [[(1, 2), (3, 4)], [(3, 1), (4, 2)], [(1, 4), (2, 3)]]
    for r in range(3):
        games = [Game(w, b, Result.DRAW) for w, b in four_rounds[r] + _circle(rest, r)]
        t.rounds.append(Round(r + 1, tuple(games)))
    # round 4: the four win by forfeit against the four who withdraw, the rest draw
    games = [Game(w, b, Result.FORFEIT_WIN) for w, b in zip(top, gone)]
    games += [Game(w, b, Result.DRAW) for w, b in _circle(rest[4:], 3)]
    t.rounds.append(Round(4, tuple(games)))
    # the four who withdrew are absent from round 5 (a zero-point bye, as TRF says it)
    t.rounds.append(Round(5, (), tuple(Bye(p, Result.ZERO_BYE) for p in gone)))
    return t


def four_down_floor(n: int, seed: int = 0) -> Tournament:
    """Round 5 as :func:`four_down`, but the last four players drew each other in
    rounds 1-3 and were absent in round 4: below the group of everyone else (2.0),
    into which the four (2.5) move down, a score group of four (1.5) who cannot pair
    among themselves, so that group's bracket must send four players down (C.8)."""
    if n % 2 or n < 24:
        raise ValueError("four-down-floor needs an even field of 24 or more")
    t = _start(n)
    top, floor = [1, 2, 3, 4], [n - 3, n - 2, n - 1, n]
    rest = list(range(5, n - 3))
    gone = rest[:4]
    four_rounds = [[(1, 2), (3, 4)], [(3, 1), (4, 2)], [(1, 4), (2, 3)]]
    low = {1: floor[0], 2: floor[1], 3: floor[2], 4: floor[3]}
    for r in range(3):
        games = [Game(w, b, Result.DRAW) for w, b in four_rounds[r] + _circle(rest, r)]
        games += [Game(low[w], low[b], Result.DRAW) for w, b in four_rounds[r]]
        t.rounds.append(Round(r + 1, tuple(games)))
    games = [Game(w, b, Result.FORFEIT_WIN) for w, b in zip(top, gone)]
    games += [Game(w, b, Result.DRAW) for w, b in _circle(rest[4:], 3)]
    t.rounds.append(Round(4, tuple(games), tuple(Bye(p, Result.ZERO_BYE) for p in floor)))
    t.rounds.append(Round(5, (), tuple(Bye(p, Result.ZERO_BYE) for p in gone)))
    return t


def odd_xxp(n: int, seed: int = 0) -> Tournament:
    """Round 1 of an odd field; 1 may not meet the first S2 player."""
    t = _start(n)
    return _with_forbidden(t, (1, n // 2 + 1))


def pab_draw(n: int, seed: int = 0) -> Tournament:
    """Round 2 of an odd field: round 1 all draws (S1 meets S2), the last player's
    pairing-allocated bye worth a draw."""
    if n % 2 == 0:
        raise ValueError("pab-draw needs an odd field")
    t = _start(n, scoring=Scoring(pairing_bye=Fraction(1, 2)))
    half = n // 2
    games = [Game(i, i + half, Result.DRAW) if i % 2 else Game(i + half, i, Result.DRAW)
             for i in range(1, half + 1)]
    t.rounds.append(Round(1, tuple(games), (Bye(n, Result.PAIRING_BYE),)))
    return t


def _random_result(rng: random.Random) -> Result:
    """White's result: mostly played, now and then a forfeit."""
    return rng.choices((Result.WIN, Result.DRAW, Result.LOSS, Result.FORFEIT_WIN,
                        Result.FORFEIT_LOSS), (0.38, 0.24, 0.34, 0.02, 0.02))[0]


def random_field(n: int, seed: int = 0, round_no: int = 10) -> Tournament:
    """Rounds ``1 .. round_no - 1`` paired by monrad's Dutch engine with random
    results; about 3 % enter late (round 2-4), 2 % withdraw, and a few ask for a
    half-point or zero-point bye in a round; round ``round_no`` is to be paired."""
    from monrad.engine.pairing import pair_round

    rng = random.Random(seed)
    t = _start(n, rounds=max(11, round_no))
    late = {p: rng.randint(2, min(4, round_no)) for p in rng.sample(range(1, n + 1), n * 3 // 100)}
    gone = {p: rng.randint(2, max(2, round_no - 2))
            for p in rng.sample([p for p in range(1, n + 1) if p not in late], n // 50)}
    t.players = [p.replace(entered_at=late.get(p.start_no),
                           withdrawn_after=gone.get(p.start_no)) for p in t.players]
    for r in range(1, round_no + 1):
        asked = [p.start_no for p in t.players if p.plays_in(r) and rng.random() < 0.01]
        requested = tuple(Bye(p, rng.choice((Result.HALF_BYE, Result.ZERO_BYE))) for p in asked)
        if r == round_no:
            # who has not entered yet or has withdrawn is absent, as a TRF says it
            away = tuple(Bye(p.start_no, Result.ZERO_BYE) for p in t.players
                         if not p.plays_in(r))
            t.players = [p.replace(entered_at=None, withdrawn_after=None) for p in t.players]
            t.rounds.append(Round(r, (), requested + away))
            break
        t.rounds.append(Round(r, (), requested))
        rnd = pair_round(t, "dutch", round_no=r)
        games = tuple(Game(g.white, g.black, _random_result(rng)) for g in rnd.games)
        t.rounds[-1] = Round(r, games, rnd.byes)
    return t


def random_xxp(n: int, seed: int = 0) -> Tournament:
    """Round 1 of ``n`` players with two ``XXP`` lines, each the top seed and a
    random half of the lower half of the field (two clubs that share him): he may
    meet nobody of the lower half, which must be paired across the two lines."""
    rng = random.Random(seed)
    t = _start(n)
    lower = list(range(n - n // 2 + 1, n + 1))
    rng.shuffle(lower)
    half = len(lower) // 2
    return _with_forbidden(t, (1, *sorted(lower[:half])), (1, *sorted(lower[half:])))


def xxp_impossible(n: int, seed: int = 0) -> Tournament:
    """Round 1; one ``XXP`` group holds more than half of the players (spread over
    the field), so they cannot all be paired: no legal pairing."""
    t = _start(n)
    group = tuple(range(1, n + 1, 2)) + (2,)
    return _with_forbidden(t, group)


def baku_two_one(n: int, seed: int = 0, round_no: int = 5) -> Tournament:
    """Baku acceleration named alone (``192 FIDE_DUTCH_2025_BAKU``) in a tournament
    scored 2/1/0 (C.04.5.1 is written for 1/1/2/0): rounds ``1 .. round_no - 1``
    paired by monrad with random results; round ``round_no`` to be paired."""
    from monrad.engine.pairing import pair_round

    rng = random.Random(seed)
    two = Scoring(win=Fraction(2), draw=Fraction(1), forfeit_win=Fraction(2),
                  pairing_bye=Fraction(2), half_bye=Fraction(1), full_bye=Fraction(2))
    t = _start(n, scoring=two, accelerated=True)
    for r in range(1, round_no):
        rnd = pair_round(t, "dutch", round_no=r)
        games = tuple(Game(g.white, g.black, _random_result(rng)) for g in rnd.games)
        t.rounds.append(Round(r, games, rnd.byes))
    return t


#: field name -> builder(players, seed)
FIELDS: dict[str, Callable[..., Tournament]] = {
    "xxp-half": xxp_half, "xxp-half-two": xxp_half_two, "four-down": four_down,
    "four-down-floor": four_down_floor, "odd-xxp": odd_xxp, "pab-draw": pab_draw,
    "random": random_field, "random-xxp": random_xxp, "xxp-impossible": xxp_impossible,
    "baku-210": baku_two_one,
}


def build(name: str, players: int, seed: int = 0, round_no: int | None = None) -> Tournament:
    """The tournament of field ``name`` with ``players`` (round ``round_no`` for
    ``random``)."""
    if name == "random" and round_no is not None:
        return random_field(players, seed, round_no)
    return FIELDS[name](players, seed)


def write(t: Tournament, path: str) -> None:
    """Save ``t`` as TRF (the next round to pair is the one after its last round
    with a game, the requested byes of that round included)."""
    from monrad.converters.trf import write_trf

    with open(path, "w", encoding="utf-8") as f:
        f.write(write_trf(t))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("field", choices=tuple(FIELDS))
    ap.add_argument("players", type=int)
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--round", type=int, default=None, help="the round to pair (random)")
    args = ap.parse_args(argv)
    write(build(args.field, args.players, args.seed, args.round), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
