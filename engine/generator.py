"""FIDE's Random Tournament Generator (C.04.A, issue 41 item 3), as bbpPairings has it.

A pairing program is endorsed by FIDE with a *Free Pairing Checker* (``monrad-bbp
-c``) and a *Random Tournament Generator*: random players, then every round paired by
the program's own Dutch system and given random results, so that the checker (ours
and another program's) can verify thousands of tournaments.  This generator takes
the reference engine's configuration keys (:class:`Configuration`, read by
:mod:`monrad.converters.trf.generated`) and follows its procedure step by step, with
the same random numbers: the seed drives the *minimal standard* generator
(``minstd_rand``: x <- 48271 x mod 2^31 - 1) through the same draws as the C++
standard library turns it into numbers (:class:`Draws`), so the same seed gives the
same tournament -- here, on any machine, and, where monrad's Dutch pairing equals the
reference engine's, the reference's own file (``tests/addin/test_bbp_generator.py``).

The procedure (bbpPairings' ``tournament/generator.cpp``, written anew here):

1. Settings left open are drawn: rounds 5-15, forfeit rate 6-30, retired rate and
   half-point-bye rate 15-3225, draw percentage 10-50, players 15-215, highest rating
   2400-2800, lowest 1400-2300 (in that order); the configuration file then sets any.
2. Ratings: one uniform draw per player between the lowest and the highest, sorted;
   the start numbers go by rating, highest first.
3. White or Black for no. 1 in round 1: a coin.
4. Zero-point byes ("retired" players): n / retired rate players get at least one,
   each a random one of the rounds - 2 a player may have; then half-point byes the same
   way (n / half-point-bye rate players, one more round each).
5. Each round: every player's byes are spread over the rounds left at random; the rest
   are paired (Dutch system, :func:`monrad.engine.pairing.pair_round`); each board is a
   forfeit for a side with probability 1 - sqrt(1 - 1 / forfeit rate), else drawn with
   the draw percentage (at most twice the weaker side's expected score), else won by
   the stronger with the expected score of a normal curve (erfc, 2000 / 7 points per
   standard deviation).  A round without a legal pairing ends the tournament there.

Only the computation is here (no file): the configuration file and the TRF the
reference writes are :mod:`monrad.converters.trf.generated`.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .i18n import LocalizedError, tr
from .model import Bye, Colour, Game, Player, Result, Round, Scoring, Settings, Tournament
from .pairing import NoPairingPossible, pair_round

__all__ = ["KEYS", "Configuration", "Draws", "Generated", "GeneratorError", "MinStd", "generate",
           "random_configuration"]

#: the configuration keys of the reference engine (README.txt, "Random Tournament
#: Generator"; JaVaFo's advanced user manual), in the order of :class:`Configuration`
KEYS = ("PlayersNumber", "RoundsNumber", "DrawPercentage", "ForfeitRate", "RetiredRate",
        "HalfPointByeRate", "HighestRating", "LowestRating", "PointsForWin", "PointsForDraw",
        "PointsForLoss", "PointsForZPB", "PointsForForfeitLoss", "PointsForPAB")

_M = 2147483647  # 2^31 - 1


class GeneratorError(LocalizedError, ValueError):
    """Settings the generator cannot make a tournament of."""


class MinStd:
    """``std::minstd_rand``: x <- 48271 x mod (2^31 - 1), seeded with ``seed mod
    (2^31 - 1)`` (0 becomes 1)."""

    minimum, maximum = 1, _M - 1

    def __init__(self, seed: int) -> None:
        self.x = seed % _M or 1

    def __call__(self) -> int:
        self.x = self.x * 48271 % _M
        return self.x


def _f32(value: float) -> float:
    """``value`` rounded to single precision (the C++ ``float`` the reference computes in)."""
    return struct.unpack("f", struct.pack("f", value))[0]


class Draws:
    """Numbers from a :class:`MinStd` as the GNU C++ library makes them (so a seed
    gives the reference engine's tournament): ``uniform_int_distribution`` scales down
    by rejection, ``uniform_real_distribution<float>`` is ``generate_canonical``, one
    draw divided by 2^31 in single precision."""

    def __init__(self, engine: MinStd) -> None:
        self.engine = engine

    def integer(self, low: int, high: int) -> int:
        """A uniform whole number ``low..high`` (both included)."""
        span = high - low
        urange = MinStd.maximum - MinStd.minimum
        if span == urange:
            return self.engine() - MinStd.minimum + low
        if span < urange:
            scaling = urange // (span + 1)
            past = (span + 1) * scaling
            while True:
                ret = self.engine() - MinStd.minimum
                if ret < past:
                    return ret // scaling + low
        while True:  # up-scaling: more than one draw per number
            tmp = (urange + 1) * self.integer(0, span // (urange + 1))
            ret = tmp + (self.engine() - MinStd.minimum)
            if ret <= span and ret >= tmp:
                return ret + low

    def real(self) -> float:
        """A uniform single-precision number in [0, 1)."""
        value = _f32(_f32(float(self.engine() - MinStd.minimum)) / 2147483648.0)
        return value if value < 1.0 else _f32(1.0 - 2.0 ** -24)


@dataclass
class Configuration:
    """The generator's settings, by the reference engine's keys (:data:`KEYS`).

    Rates are "one in N": a forfeit rate of 10 makes about one game in ten a forfeit,
    a retired rate of 20 gives one player in twenty zero-point byes.  Points are the
    reference's, in tenths written as decimals (``PointsForWin`` 1.0)."""

    players: int = 0
    rounds: int = 0
    draw_percentage: int = 0
    forfeit_rate: float = 0.0
    retired_rate: float = 0.0
    half_point_bye_rate: float = 0.0
    highest_rating: int = 0
    lowest_rating: int = 0
    scoring: Scoring = field(default_factory=Scoring)


def random_configuration(draws: Draws) -> Configuration:
    """Step 1: the settings a configuration file may then override, drawn in the
    reference's order."""
    rounds = draws.integer(5, 15)
    forfeit = float(draws.integer(6, 30))
    retired = float(draws.integer(15, 3225))
    half = float(draws.integer(15, 3225))
    draw = draws.integer(10, 50)
    players = draws.integer(15, 215)
    highest = draws.integer(2400, 2800)
    lowest = draws.integer(1400, 2300)
    return Configuration(players, rounds, draw, forfeit, retired, half, highest, lowest)


@dataclass
class Generated:
    """A generated tournament; ``failed`` names the round that had no legal pairing
    (the tournament holds the rounds before it), else ``None``."""

    tournament: Tournament
    failed: int | None = None
    reason: str = ""


def _apply_rate(n: int, rate: float) -> int:
    """``n / rate`` players, in single precision, cut to a whole number, at most ``n``."""
    if math.isinf(rate):
        return 0
    return min(n, int(_f32(_f32(float(n)) * _f32(1.0 / rate))))


def _spread(counts: list[int], eligible: int, wanted: int, budget: list[int],
            draws: Draws, stop: Callable[[], bool]) -> None:
    """Step 4: give random players byes until ``wanted`` players have one (or no
    round is left to give): each time a random one of the ``eligible`` rounds still
    open, counted player by player (``budget``)."""
    while wanted and not stop() and eligible:
        index = draws.integer(0, eligible - 1)
        player = 0
        for open_rounds in budget:
            if index < open_rounds:
                break
            index -= open_rounds
            player += 1
        eligible -= 1
        budget[player] -= 1
        if counts[player] == 0:
            wanted -= 1
        counts[player] += 1


def generate(config: Configuration, draws: Draws, name: str = "") -> Generated:
    """Steps 2-5: the tournament of ``config`` with the numbers of ``draws``."""
    n, rounds = config.players, config.rounds
    if config.highest_rating < config.lowest_rating:
        raise GeneratorError(tr("the highest rating ({high}) is lower than the lowest "
                                "({low})", high=config.highest_rating, low=config.lowest_rating))
    ratings = sorted((draws.integer(config.lowest_rating, config.highest_rating)
                      for _ in range(n)), reverse=True)
    colour = Colour.BLACK if draws.integer(0, 1) else Colour.WHITE
    t = Tournament(settings=Settings(system="dutch", rounds=rounds, scoring=config.scoring,
                                     initial_colour=colour),
                   info={"name": name} if name else {})
    for i, rating in enumerate(ratings, 1):
        t.add_player(Player(i, f"Test{i:04d} Player{i:04d}", rating=rating))
    zero, half = [0] * n, [0] * n
    first = 0 if rounds < 2 else 1 if rounds < 3 else rounds - 2
    budget = [first] * n
    _spread(zero, first * n, _apply_rate(n, config.retired_rate), budget, draws,
            lambda: first == 0)
    eligible = sum(budget)
    if rounds > 2:
        budget = [b + 1 for b in budget]
        eligible += n
    _spread(half, eligible, _apply_rate(n, config.half_point_bye_rate), budget, draws,
            lambda: False)
    non_forfeit = _f32(math.sqrt(_f32(1.0 - _f32(1.0 / config.forfeit_rate)))) \
        if not math.isinf(config.forfeit_rate) else 1.0
    for played in range(rounds):
        byes = []
        for k in range(n):
            if played < rounds - 1 and draws.integer(0, rounds - played - 2) < half[k]:
                byes.append(Bye(k + 1, Result.HALF_BYE))
                half[k] -= 1
            elif draws.integer(0, rounds - played - half[k] - 1) < zero[k]:
                byes.append(Bye(k + 1, Result.ZERO_BYE))
                zero[k] -= 1
        number = played + 1
        t.set_round(Round(number, byes=tuple(byes)))
        try:
            paired = pair_round(t, "dutch", round_no=number)
        except NoPairingPossible as exc:
            t.rounds = [r for r in t.rounds if r.number < number]
            return Generated(t, number, str(exc))
        t.set_round(_results(t, paired, draws, non_forfeit, config.draw_percentage))
    return Generated(t)


def _results(t: Tournament, rnd: Round, draws: Draws, non_forfeit: float,
             draw_percentage: int) -> Round:
    """Step 5's results, board by board in the reference's order: by score before the
    round (highest first), then start number, each board at its lower start number."""
    score = t.scores(rnd.number - 1)
    boards = {p: g for g in rnd.games for p in (g.white, g.black)}
    results: dict[int, Game] = {}
    for p in sorted(boards, key=lambda p: (-score[p], p)):
        g = boards[p]
        if p == min(g.white, g.black):
            results[g.white] = _game(t, g, draws, non_forfeit, draw_percentage)
    games = tuple(results[g.white] for g in rnd.games)
    return replace(rnd, games=games)


_SCALE = _f32(_f32(-7.0 / _f32(math.sqrt(2.0))) / 2000.0)


def _game(t: Tournament, g: Game, draws: Draws, non_forfeit: float, draw_percentage: int) -> Game:
    white_shows = draws.real() < non_forfeit
    black_shows = draws.real() < non_forfeit
    if not (white_shows and black_shows):
        return Game(g.white, g.black, Result.FORFEIT_WIN if white_shows else Result.FORFEIT_LOSS,
                    Result.FORFEIT_WIN if black_shows else Result.FORFEIT_LOSS)
    rw, rb = t.player(g.white).rating, t.player(g.black).rating
    black_stronger = rb > rw
    expected = _f32(_f32(math.erfc(_f32(float(abs(rw - rb)) * _SCALE))) / 2.0)
    draw = min(_f32(draw_percentage / 100.0), _f32(2.0 - _f32(expected * 2.0)))
    value = draws.real()
    if value < draw:
        return g.with_result(Result.DRAW)
    stronger_wins = value < _f32(expected + _f32(draw / 2.0))
    return g.with_result(Result.WIN if stronger_wins != black_stronger else Result.LOSS)

