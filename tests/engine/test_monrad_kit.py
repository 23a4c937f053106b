"""Small builders for the Monrad tests (imported by tests/engine/test_nsf.py and the other Monrad tests).

``make`` builds a tournament, ``pair`` pairs the next round through the public
:func:`monrad.engine.pairing.pair_round`, ``finish`` enters results by board with one
character each: ``1`` White won, ``0`` Black won, ``=`` draw, ``+`` White won by
forfeit, ``-`` Black won by forfeit, ``a`` adjourned, ``p`` postponed, ``?`` no result.
"""

from __future__ import annotations

import dataclasses

from monrad.engine.model import (
    Bye,
    Game,
    Pending,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.pairing import pair_round

CODES = {
    "1": (Result.WIN, None), "0": (Result.LOSS, None), "=": (Result.DRAW, None),
    "+": (Result.FORFEIT_WIN, None), "-": (Result.FORFEIT_LOSS, None),
    "a": (Result.PENDING, Pending.ADJOURNED), "p": (Result.PENDING, Pending.POSTPONED),
    "?": (Result.UNKNOWN, None),
}


def make(system: str, n: int, rounds: int, scoring: Scoring | None = None, **options: object) -> Tournament:
    t = Tournament(settings=Settings(system=system, rounds=rounds,
                                     scoring=scoring or Scoring(), options=options))
    for i in range(1, n + 1):
        t.add_player(Player(i, f"Player {i}", rating=2400 - 10 * i))
    return t


def pairs(rnd: Round) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in rnd.games]


def bye_of(rnd: Round) -> int | None:
    return next((b.player for b in rnd.byes if b.result is Result.PAIRING_BYE), None)


def pair(t: Tournament) -> Round:
    """Pair the next round and store it."""
    rnd = pair_round(t)
    t.set_round(rnd)
    return rnd


def finish(t: Tournament, codes: str, round_no: int | None = None) -> Round:
    """Enter results for the boards of a round (default: the last one)."""
    n = round_no or max(r.number for r in t.rounds)
    rnd = t.round(n)
    assert rnd is not None and len(codes) == len(rnd.games), (codes, rnd)
    games = []
    for g, code in zip(rnd.games, codes):
        res, pending = CODES[code]
        if pending is not None:
            games.append(Game(g.white, g.black, Result.PENDING, Result.PENDING, pending=pending))
        else:
            games.append(Game(g.white, g.black, res))
    out = dataclasses.replace(rnd, games=tuple(games))  # what it was paired from stays
    t.set_round(out)
    return out


def set_round(t: Tournament, number: int, boards: list[tuple[int, int, str]],
              byes: tuple[int, ...] = (), absent: tuple[int, ...] = ()) -> None:
    """Write a round by hand: (white, black, code) boards, pairing byes, absentees."""
    games = []
    for w, b, code in boards:
        res, pending = CODES[code]
        games.append(Game(w, b, res, pending=pending) if pending is None
                     else Game(w, b, Result.PENDING, Result.PENDING, pending=pending))
    entries = tuple(Bye(p, Result.PAIRING_BYE) for p in byes) + tuple(
        Bye(p, Result.ABSENT) for p in absent)
    t.set_round(Round(number, tuple(games), entries))


def late_result(t: Tournament, round_no: int, white: int, black: int, code: str) -> None:
    """Type the result of a game of an earlier round that was pending (played later)."""
    rnd = t.round(round_no)
    assert rnd is not None
    res, _ = CODES[code]
    t.set_round(dataclasses.replace(rnd, games=tuple(
        g.with_result(res) if g.players == (white, black) else g for g in rnd.games)))


def written_then_late(system: str, n: int, first: str, second: str, **options: object,
                      ) -> tuple[Tournament, tuple[int, ...], tuple[int, int]]:
    """A season of ``n`` players: round 1 finished with ``first`` (one game ``p``,
    postponed), round 2 paired and finished with ``second``, then Black wins the
    postponed game.  Returns the tournament, round 2's list as written when it was
    paired, and the postponed game (issue 36 item 1: DSU-7 and its kin)."""
    t = make(system, n, rounds=5, **options)
    pair(t)
    finish(t, first)
    late = t.round(1).games[first.index("p")].players
    written = pair(t).paired_from
    finish(t, second)
    late_result(t, 1, *late, "0")
    return t, written, late


def test_kit_builds_and_pairs_a_round() -> None:
    """The helpers themselves: a 4-player DSU round 1 is 1-2, 3-4 (DSU-0)."""
    t = make("dsu", 4, 3)
    rnd = pair(t)
    assert pairs(rnd) == [(1, 2), (3, 4)]
    finish(t, "1=")
    assert t.score(1) == 1 and t.score(3) == t.score(4)
