"""The tournament model: plain, typed value classes with no I/O.

Everything the converters read ends up here, every pairing system reads from here
and writes a new :class:`Round` back.  Values are immutable (frozen dataclasses and
tuples); the :class:`Tournament` container is the one mutable object, so that a
pairing can be appended or a result entered.

Colours are always stored as chess colours.  For Othello, *Black* is the player
named first (OTH-5); listings swap the order, the model does not.

>>> t = Tournament(settings=Settings(rounds=3))
>>> t.add_player(Player(1, "Hansen, Ola", rating=1850))
>>> t.add_player(Player(2, "Berg, Kari", rating=1790))
>>> t.rounds.append(Round(1, games=(Game(2, 1, Result.WIN, Result.LOSS),)))
>>> t.score(2), t.score(1)
(Fraction(1, 1), Fraction(0, 1))
"""

from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from .i18n import LocalizedError, tr

__all__ = [
    "ADJUSTMENT_KINDS",
    "Adjustment",
    "Bye",
    "Colour",
    "ForbiddenGroup",
    "Game",
    "ModelError",
    "Pending",
    "PendingGame",
    "Player",
    "Result",
    "Round",
    "Scoring",
    "Settings",
    "Tournament",
]


class ModelError(LocalizedError, ValueError):
    """A tournament that contradicts itself (unknown player, player twice in a round ...)."""


class Colour(str, Enum):
    """A side of the board, with TRF letters as values."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        """The other colour; ``NONE`` stays ``NONE``.

        >>> Colour.WHITE.opposite
        <Colour.BLACK: 'b'>
        """
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class Result(str, Enum):
    """One player's result in one round, seen from that player; values are TRF codes.

    Paired results (``WIN`` .. ``UNKNOWN``) belong to a :class:`Game`; the bye kinds
    and ``ABSENT`` belong to a :class:`Bye`.
    """

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    #: played, but not rated (fewer than one move each, TRF W/D/L)
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    #: paired, result not entered yet
    UNKNOWN = "?"
    #: paired and started or agreed, but the result is pending (see :class:`Pending`)
    PENDING = "*"
    PAIRING_BYE = "U"
    HALF_BYE = "H"
    FULL_BYE = "F"
    ZERO_BYE = "Z"
    #: not paired, no bye requested (withdrawn, late, or simply absent)
    ABSENT = " "

    @property
    def is_bye(self) -> bool:
        """True for the results a player gets without an opponent."""
        return self in _UNPAIRED

    @property
    def is_played(self) -> bool:
        """True when a game was played over the board (rated or not)."""
        return self in _PLAYED

    @property
    def is_forfeit(self) -> bool:
        return self in (Result.FORFEIT_WIN, Result.FORFEIT_LOSS)

    @property
    def is_finished(self) -> bool:
        """False while the result is still to come (``UNKNOWN`` or ``PENDING``)."""
        return self not in (Result.UNKNOWN, Result.PENDING)

    @property
    def counterpart(self) -> Result:
        """The opponent's result that goes with this one (paired results only).

        >>> Result.FORFEIT_WIN.counterpart
        <Result.FORFEIT_LOSS: '-'>
        """
        return _COUNTERPART[self]


_UNPAIRED = frozenset(
    {Result.PAIRING_BYE, Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE, Result.ABSENT}
)
_PLAYED = frozenset(
    {
        Result.WIN,
        Result.DRAW,
        Result.LOSS,
        Result.UNRATED_WIN,
        Result.UNRATED_DRAW,
        Result.UNRATED_LOSS,
    }
)
_COUNTERPART = {
    Result.WIN: Result.LOSS,
    Result.LOSS: Result.WIN,
    Result.DRAW: Result.DRAW,
    Result.FORFEIT_WIN: Result.FORFEIT_LOSS,
    Result.FORFEIT_LOSS: Result.FORFEIT_WIN,
    Result.UNRATED_WIN: Result.UNRATED_LOSS,
    Result.UNRATED_LOSS: Result.UNRATED_WIN,
    Result.UNRATED_DRAW: Result.UNRATED_DRAW,
    Result.UNKNOWN: Result.UNKNOWN,
    Result.PENDING: Result.PENDING,
}


class Pending(str, Enum):
    """Why a paired game has no result yet (NSF-5, SSF-3, DSU-1).

    SSF-3 re-places an *adjourned* game as won by both and a *postponed* one as a draw;
    NSF-5 and DSU-1 count either as a draw.
    """

    ADJOURNED = "adjourned"
    POSTPONED = "postponed"


def _frac(value: object) -> Fraction:
    return value if isinstance(value, Fraction) else Fraction(str(value))


@dataclass(frozen=True)
class Scoring:
    """Points for every kind of result.

    >>> Scoring.school().points(Result.DRAW)
    Fraction(2, 1)
    >>> Scoring.three_one_zero().points(Result.PAIRING_BYE)
    Fraction(3, 1)
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)
    pairing_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    full_bye: Fraction = Fraction(1)
    zero_bye: Fraction = Fraction(0)
    absent: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _frac(getattr(self, f.name)))

    def points(self, result: Result) -> Fraction:
        """Points a player scores with ``result`` (pending and unknown score nothing)."""
        return getattr(self, _SCORING_FIELD[result]) if result in _SCORING_FIELD else Fraction(0)

    @classmethod
    def classic(cls) -> Scoring:
        """1 / ½ / 0, byes as FIDE: pairing bye and full bye 1, half bye ½."""
        return cls()

    @classmethod
    def three_one_zero(cls) -> Scoring:
        """3 / 1 / 0 ("football" scoring, TRF ``162 W 3.0 D 1.0``)."""
        return cls(
            win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
            pairing_bye=Fraction(3), half_bye=Fraction(1), full_bye=Fraction(3),
        )

    @classmethod
    def school(cls) -> Scoring:
        """School Monrad 3 / 2 / 1 (SKOL-6): walkover win 3, walkover loss 0, bye 3 (SKOL-3)."""
        return cls(
            win=Fraction(3), draw=Fraction(2), loss=Fraction(1), forfeit_win=Fraction(3),
            forfeit_loss=Fraction(0), pairing_bye=Fraction(3), half_bye=Fraction(2),
            full_bye=Fraction(3), zero_bye=Fraction(0), absent=Fraction(0),
        )


_SCORING_FIELD = {
    Result.WIN: "win",
    Result.UNRATED_WIN: "win",
    Result.DRAW: "draw",
    Result.UNRATED_DRAW: "draw",
    Result.LOSS: "loss",
    Result.UNRATED_LOSS: "loss",
    Result.FORFEIT_WIN: "forfeit_win",
    Result.FORFEIT_LOSS: "forfeit_loss",
    Result.PAIRING_BYE: "pairing_bye",
    Result.HALF_BYE: "half_bye",
    Result.FULL_BYE: "full_bye",
    Result.ZERO_BYE: "zero_bye",
    Result.ABSENT: "absent",
}


def _freeze(mapping: Mapping[str, object] | None) -> Mapping[str, object]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class ForbiddenGroup:
    """Players no two of whom may meet, in rounds ``first_round .. last_round``.

    TRF-2026 record ``260`` carries a round range; the legacy ``XXP`` line applies to
    every round (``last_round`` ``None``).
    """

    players: tuple[int, ...]
    first_round: int = 1
    last_round: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))

    def applies(self, round_no: int) -> bool:
        return self.first_round <= round_no and (
            self.last_round is None or round_no <= self.last_round
        )


@dataclass(frozen=True)
class Settings:
    """How the tournament is run.  Header data (city, arbiters ...) lives in ``info``.

    ``system`` names a pairing system module (``dutch``, ``nsf``, ``ssf``, ``dsu``,
    ``school``, ``round-robin`` ...).  ``seeds`` records the seed of every lot drawn
    (start-number draw, final tie-break lot ...), so each can be reproduced.
    ``options`` holds system-specific settings by name (e.g. ``konrad``,
    ``ssf_strike``, ``othello_c``); every documented Decision that is a setting lives
    here or in a named field.
    """

    system: str = "dutch"
    rounds: int | None = None
    scoring: Scoring = field(default_factory=Scoring)
    tiebreaks: tuple[str, ...] = ()
    seeds: Mapping[str, int] = field(default_factory=dict)
    #: colour of the top seed in round 1 (TRF ``152`` / ``XXC white1|black1``)
    initial_colour: Colour = Colour.NONE
    #: Baku acceleration requested (TRF ``250`` / ``XXA`` lines hold the virtual points)
    accelerated: bool = False
    #: groups of players who must not meet each other (TRF ``260`` / ``XXP``)
    forbidden: tuple[ForbiddenGroup, ...] = ()
    #: Othello: discs each player gets when one has a bye (OTH-6)
    bye_discs: tuple[int, int] = (40, 24)
    #: Othello: MBQ constant C (OTH-8); ``None`` means 64 / rounds
    mbq_c: Fraction | None = None
    options: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "seeds", _freeze(self.seeds))
        object.__setattr__(self, "options", _freeze(self.options))
        object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))
        object.__setattr__(self, "forbidden", tuple(self.forbidden))
        if self.mbq_c is not None:
            object.__setattr__(self, "mbq_c", _frac(self.mbq_c))

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def forbidden_groups(self, round_no: int) -> tuple[tuple[int, ...], ...]:
        """The groups of players no two of whom may meet in ``round_no``."""
        return tuple(group.players for group in self.forbidden if group.applies(round_no))

    def forbidden_pairs(self, round_no: int) -> frozenset[frozenset[int]]:
        """Every pair of players that must not meet in ``round_no`` (a group of ``g``
        players is ``g * (g - 1) / 2`` pairs: :meth:`forbidden_groups` for large ones)."""
        return frozenset(frozenset((a, b)) for ps in self.forbidden_groups(round_no)
                         for i, a in enumerate(ps) for b in ps[i + 1:])


#: the results each TRF-2026 record 299 assignment type stands for
ADJUSTMENT_KINDS: Mapping[str, frozenset[Result]] = {
    "W": frozenset({Result.WIN, Result.UNRATED_WIN}),
    "D": frozenset({Result.DRAW, Result.UNRATED_DRAW}),
    "L": frozenset({Result.LOSS, Result.UNRATED_LOSS}),
    "F": frozenset({Result.FULL_BYE}),
    "H": frozenset({Result.HALF_BYE}),
    "Z": frozenset({Result.ZERO_BYE, Result.ABSENT}),
    "+": frozenset({Result.FORFEIT_WIN}),
    "-": frozenset({Result.FORFEIT_LOSS}),
}


@dataclass(frozen=True)
class Adjustment:
    """Points assigned out of the ordinary (TRF-2026 record ``299``), counted for
    pairing and standings.

    ``kind`` ``""``: a bonus or penalty of ``points`` (negative for a penalty) added
    after round ``round`` (``0``: the whole event, counted from the start).  ``kind``
    one of ``W D L F H Z + -``: that result of the player in round ``round`` (``0``:
    in every round) is worth ``points`` instead of what the scoring gives.
    """

    round: int
    points: Fraction
    kind: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", _frac(self.points))
        if self.kind not in ("", *ADJUSTMENT_KINDS):
            raise ModelError(tr("unknown kind of assignment {kind!r} (one of {kinds} or blank)",
                                kind=self.kind, kinds=" ".join(ADJUSTMENT_KINDS)))
        if self.round < 0:
            raise ModelError(tr("round {round} of an assignment must be 0 or more",
                                round=self.round))

    def delta(self, round_no: int, result: Result | None, scoring: Scoring) -> Fraction:
        """What this assignment adds to the points of round ``round_no`` (``0``: the
        start) for a player whose result there is ``result``."""
        if not self.kind:
            return self.points if round_no == self.round else Fraction(0)
        if round_no == 0 or self.round not in (0, round_no) or result is None:
            return Fraction(0)
        if result not in ADJUSTMENT_KINDS[self.kind]:
            return Fraction(0)
        return self.points - scoring.points(result)


@dataclass(frozen=True)
class Player:
    """One entrant.  ``start_no`` is fixed by the draw (NSF-2, SSF-1, SKOL-1).

    ``withdrawn_after`` is the last round he took part in before withdrawing
    (NSF-10, SSF-9); ``entered_at`` is the first round of a late entrant.
    ``extra`` keeps anything else a source knew (WOF id, e-mail, notes ...).
    ``acceleration`` holds Baku virtual points per round (TRF ``250`` / ``XXA``).
    ``adjustments`` are points assigned out of the ordinary (TRF-2026 ``299``).
    """

    start_no: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    club: str = ""
    national_id: str = ""
    national_rating: int = 0
    withdrawn_after: int | None = None
    entered_at: int | None = None
    acceleration: tuple[Fraction, ...] = ()
    extra: Mapping[str, str] = field(default_factory=dict)
    adjustments: tuple[Adjustment, ...] = ()

    def __post_init__(self) -> None:
        if self.start_no < 1:
            raise ModelError(tr("start number must be 1 or more, not {start_no}",
                                start_no=self.start_no))
        object.__setattr__(self, "extra", _freeze(self.extra))
        object.__setattr__(self, "acceleration", tuple(_frac(a) for a in self.acceleration))

    def replace(self, **changes: Any) -> Player:
        """A copy with some fields changed."""
        return dataclasses.replace(self, **changes)

    def plays_in(self, round_no: int) -> bool:
        """False before a late entry and after a withdrawal."""
        if self.entered_at is not None and round_no < self.entered_at:
            return False
        return self.withdrawn_after is None or round_no <= self.withdrawn_after


@dataclass(frozen=True)
class Game:
    """One board: two players and each one's result.

    ``white_discs``/``black_discs`` are Othello disc counts (OTH-6), else ``None``.
    ``pending`` says why an unfinished game is unfinished.

    >>> g = Game(3, 7, Result.DRAW, Result.DRAW)
    >>> g.opponent(7), g.colour_of(7), g.result_for(7)
    (3, <Colour.BLACK: 'b'>, <Result.DRAW: '='>)
    """

    white: int
    black: int
    white_result: Result = Result.UNKNOWN
    black_result: Result | None = None
    white_discs: int | None = None
    black_discs: int | None = None
    pending: Pending | None = None

    def __post_init__(self) -> None:
        if self.white == self.black:
            raise ModelError(tr("player {player} cannot play against themselves", player=self.white))
        if self.black_result is None:
            object.__setattr__(self, "black_result", self.white_result.counterpart)
        if self.white_result.is_bye or self.black_result.is_bye:  # type: ignore[union-attr]
            raise ModelError(tr("a bye is not a game result (board {white}-{black})",
                                white=self.white, black=self.black))
        if self.pending is not None and self.white_result is not Result.PENDING:
            object.__setattr__(self, "white_result", Result.PENDING)
            object.__setattr__(self, "black_result", Result.PENDING)

    @property
    def players(self) -> tuple[int, int]:
        return (self.white, self.black)

    def opponent(self, player: int) -> int:
        if player == self.white:
            return self.black
        if player == self.black:
            return self.white
        raise ModelError(tr("player {player} is not on board {white}-{black}",
                            player=player, white=self.white, black=self.black))

    def colour_of(self, player: int) -> Colour:
        if player == self.white:
            return Colour.WHITE
        if player == self.black:
            return Colour.BLACK
        raise ModelError(tr("player {player} is not on board {white}-{black}",
                            player=player, white=self.white, black=self.black))

    def result_for(self, player: int) -> Result:
        return self.white_result if self.colour_of(player) is Colour.WHITE else self.black_result  # type: ignore[return-value]

    def discs_for(self, player: int) -> int | None:
        return self.white_discs if self.colour_of(player) is Colour.WHITE else self.black_discs

    @property
    def is_played(self) -> bool:
        """Played over the board (not a forfeit, finished)."""
        return self.white_result.is_played

    @property
    def is_finished(self) -> bool:
        return self.white_result.is_finished and self.black_result.is_finished  # type: ignore[union-attr]

    def with_result(
        self,
        white_result: Result,
        black_result: Result | None = None,
        white_discs: int | None = None,
        black_discs: int | None = None,
    ) -> Game:
        """The same board with a result entered."""
        return Game(self.white, self.black, white_result, black_result, white_discs, black_discs)


@dataclass(frozen=True)
class Bye:
    """A player without an opponent in a round: a bye of some kind, or absent."""

    player: int
    result: Result = Result.PAIRING_BYE

    def __post_init__(self) -> None:
        if not self.result.is_bye:
            raise ModelError(tr("{result} is not a bye result (player {player})",
                                result=self.result.name, player=self.player))


@dataclass(frozen=True)
class PendingGame:
    """A game of an earlier round that had no result yet when a round was paired:
    round, White, Black and why (NSF-5, SSF-3, DSU-1).  The round paired keeps them
    (:attr:`Round.paired_around`), so a result that comes in later does not change
    what that round was paired from (``monrad check``, ``monrad explain``; issue 26).
    """

    round: int
    white: int
    black: int
    kind: Pending = Pending.POSTPONED


@dataclass(frozen=True)
class Round:
    """One round: boards in board order, then the players without an opponent.

    A round in which no game has a result yet is *paired*; one with every result
    in is *finished*.  ``paired_around`` lists the games of earlier rounds that were
    still pending when this round was paired (:class:`PendingGame`).  ``paired_from``
    is the round list it was paired from, as written then (start numbers, top first:
    a player's placement number is his place on it; NSF-5, SSF-2, DSU-2, SKOL-1), so
    that a result typed in later never rewrites it (DSU-7); empty when the system
    pairs from no list or the round was paired elsewhere.
    """

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[Bye, ...] = ()
    paired_around: tuple[PendingGame, ...] = ()
    paired_from: tuple[int, ...] = ()
    _index: Mapping[int, Game | Bye] = field(
        init=False, repr=False, compare=False, default_factory=dict
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "byes", tuple(self.byes))
        object.__setattr__(self, "paired_around", tuple(self.paired_around))
        object.__setattr__(self, "paired_from", tuple(self.paired_from))
        index: dict[int, Game | Bye] = {}
        for g in self.games:
            for p in g.players:
                if p in index:
                    raise ModelError(tr("round {round}: player {player} appears twice",
                                        round=self.number, player=p))
                index[p] = g
        for b in self.byes:
            if b.player in index:
                raise ModelError(tr("round {round}: player {player} appears twice",
                                    round=self.number, player=b.player))
            index[b.player] = b
        object.__setattr__(self, "_index", index)

    @property
    def players(self) -> frozenset[int]:
        """Everyone with an entry in this round (paired, bye or absent)."""
        return frozenset(self._index)

    def entry(self, player: int) -> Game | Bye | None:
        """The game or bye of ``player`` in this round, or ``None``."""
        return self._index.get(player)

    @property
    def is_paired(self) -> bool:
        """True when the round holds a pairing (a board or a pairing-allocated bye)."""
        return bool(self.games) or any(b.result is Result.PAIRING_BYE for b in self.byes)

    @property
    def is_finished(self) -> bool:
        return all(g.is_finished for g in self.games)

    def unfinished_games(self) -> tuple[tuple[int, Game], ...]:
        """(board number, game) for every game still without a final result."""
        return tuple((i, g) for i, g in enumerate(self.games, 1) if not g.is_finished)


@dataclass
class Tournament:
    """A whole tournament: header information, settings, players and rounds.

    ``info`` holds the header data by name (``name``, ``city``, ``federation``,
    ``start_date``, ``end_date``, ``arbiter``, ``deputies`` (list), ``time_control``,
    ``round_dates`` (list, one per round) ...); ``extra_records`` keeps source lines the converters do not
    understand, so they can be written back unchanged.
    """

    settings: Settings = field(default_factory=Settings)
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    info: dict[str, object] = field(default_factory=dict)
    extra_records: list[str] = field(default_factory=list)

    #: start number -> position in ``players`` (the list object ``_indexed``), rebuilt
    #: when found stale: ``players`` is a public list that callers may replace or
    #: change in place (a player replaced by one with another start number in the
    #: same list, same length, is the one change it cannot see)
    _where: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    _indexed: list[Player] | None = field(default=None, init=False, repr=False, compare=False)

    # --- players -----------------------------------------------------------------
    def _position(self, start_no: int) -> int | None:
        """Where the player is in ``players`` (``None``: not there), in constant time."""
        players = self.players
        i = self._where.get(start_no)
        if i is not None and i < len(players) and players[i].start_no == start_no:
            return i
        if i is None and self._indexed is players and len(self._where) == len(players):
            return None  # the index covers the list: not there
        self._indexed = players
        self._where = {p.start_no: k for k, p in reversed(list(enumerate(players)))}
        return self._where.get(start_no)

    def add_player(self, player: Player) -> None:
        """Add ``player`` in start-number order (the roster stays sorted)."""
        no = player.start_no
        players = self.players
        if self._indexed is players and len(self._where) == len(players):
            taken = self._position(no) is not None
        else:
            # the index is stale (a player was inserted before others): find the
            # place by bisection in the sorted roster instead of rebuilding it
            i = bisect.bisect_left(players, no, key=lambda p: p.start_no)
            taken = i < len(players) and players[i].start_no == no
        if taken:
            raise ModelError(tr("start number {start_no} is used twice", start_no=no))
        if not players or players[-1].start_no < no:
            players.append(player)  # the usual case: start numbers in order
            if self._indexed is players:
                self._where[no] = len(players) - 1
        else:
            bisect.insort(players, player, key=lambda p: p.start_no)
            self._indexed = None

    def player(self, start_no: int) -> Player:
        i = self._position(start_no)
        if i is None:
            raise ModelError(tr("no player with start number {start_no}", start_no=start_no))
        return self.players[i]

    @property
    def start_numbers(self) -> tuple[int, ...]:
        return tuple(p.start_no for p in self.players)

    # --- rounds ------------------------------------------------------------------
    def round(self, number: int) -> Round | None:
        for r in self.rounds:
            if r.number == number:
                return r
        return None

    def set_round(self, rnd: Round) -> None:
        """Add ``rnd``, replacing a round with the same number."""
        self.rounds = [r for r in self.rounds if r.number != rnd.number] + [rnd]
        self.rounds.sort(key=lambda r: r.number)

    @property
    def rounds_played(self) -> int:
        """Number of the last round that holds a pairing (0 before round 1)."""
        paired = [r.number for r in self.rounds if r.is_paired]
        return max(paired, default=0)

    def pending_games(self, before: int) -> tuple[PendingGame, ...]:
        """The games of the rounds before ``before`` still pending (postponed or
        adjourned), in round and board order."""
        return tuple(PendingGame(r.number, g.white, g.black, g.pending or Pending.POSTPONED)
                     for r in sorted(self.rounds, key=lambda r: r.number) if r.number < before
                     for g in r.games if g.white_result is Result.PENDING)

    def rounds_known_at(self, round_no: int) -> list[Round]:
        """The rounds before ``round_no`` as they stood when it was paired: a game
        that round recorded as pending (:attr:`Round.paired_around`) is pending
        again, whatever result came in since (issue 26: ``monrad check`` and
        ``monrad explain`` re-pair a round from what was known then).

        >>> t = Tournament()
        >>> for n in (1, 2, 3, 4): t.add_player(Player(n, f"P{n}"))
        >>> t.rounds = [Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW))),
        ...             Round(2, (Game(1, 3), Game(4, 2)), paired_around=(PendingGame(1, 1, 2),))]
        >>> t.rounds_known_at(2)[0].games[0].pending
        <Pending.POSTPONED: 'postponed'>
        """
        rnd = self.round(round_no)
        then = {(p.round, p.white, p.black): p.kind for p in (rnd.paired_around if rnd else ())}
        out = []
        for r in sorted(self.rounds, key=lambda r: r.number):
            if r.number >= round_no:
                break
            if any(k[0] == r.number for k in then):
                games = tuple(Game(g.white, g.black, pending=then[(r.number, g.white, g.black)])
                              if (r.number, g.white, g.black) in then else g for g in r.games)
                r = dataclasses.replace(r, games=games)
            out.append(r)
        return out

    def lost_pending_games(self) -> list[tuple[int, PendingGame]]:
        """``(round, game)`` for every game a round was paired around
        (:attr:`Round.paired_around`) that its own round no longer holds: that round is
        not the one the later round was paired with (issue 36 item 2).

        >>> t = Tournament(rounds=[Round(1, (Game(1, 2),)),
        ...                        Round(2, (Game(1, 3),), paired_around=(PendingGame(1, 2, 1),))])
        >>> t.lost_pending_games()
        [(2, PendingGame(round=1, white=2, black=1, kind=<Pending.POSTPONED: 'postponed'>))]
        """
        games = {(r.number, g.white, g.black) for r in self.rounds for g in r.games}
        return [(r.number, pg) for r in self.rounds for pg in r.paired_around
                if (pg.round, pg.white, pg.black) not in games]

    @property
    def standings_round(self) -> int:
        """The round the standings are after, by one rule for every file and document
        (issue 26): the last paired round whose every result is in -- or the first
        round still open when some of its results are in (it is ranked on those and
        its missing boards are named).  A round paired with no result yet does not
        count; ``0`` before any result.  A postponed or adjourned game is a result
        typed in (pending, worth nothing yet).

        >>> t = Tournament()
        >>> for n in (1, 2, 3, 4): t.add_player(Player(n, f"P{n}"))
        >>> t.rounds = [Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW))),
        ...             Round(2, (Game(1, 3), Game(4, 2)))]
        >>> t.rounds_played, t.standings_round
        (2, 1)
        """
        upto = 0
        for r in sorted(self.rounds, key=lambda r: r.number):
            if not r.is_paired:
                continue
            missing = sum(1 for g in r.games if g.white_result is Result.UNKNOWN)
            if missing and missing == len(r.games):
                break
            upto = r.number
            if missing:
                break
        return upto

    @property
    def next_round(self) -> int:
        """The first round without pairings (the one ``monrad pair`` pairs)."""
        n = 1
        while (r := self.round(n)) is not None and r.is_paired:
            n += 1
        return n

    def entries(self, player: int, upto: int | None = None) -> Iterator[tuple[int, Game | Bye]]:
        """(round number, game or bye) of a player in rounds 1..upto."""
        for r in self.rounds:
            if upto is not None and r.number > upto:
                break
            e = r.entry(player)
            if e is not None:
                yield r.number, e

    def result(self, player: int, round_no: int) -> Result | None:
        r = self.round(round_no)
        e = r.entry(player) if r else None
        if e is None:
            return None
        return e.result if isinstance(e, Bye) else e.result_for(player)

    def score(self, player: int, upto: int | None = None) -> Fraction:
        """Points after round ``upto`` (default: all rounds), by the settings' scoring
        and the player's :class:`Adjustment` records (TRF-2026 ``299``)."""
        return self._result_points(player, upto) + self.adjustment(player, upto)

    def _result_points(self, player: int, upto: int | None) -> Fraction:
        pts = Fraction(0)
        sc = self.settings.scoring
        for _, e in self.entries(player, upto):
            pts += sc.points(e.result if isinstance(e, Bye) else e.result_for(player))
        return pts

    def adjustment(self, player: int, upto: int | None = None) -> Fraction:
        """What the player's TRF-2026 ``299`` assignments add to his points after
        round ``upto`` (default: all rounds); ``0`` for nearly everyone."""
        i = self._position(player)
        adjustments = self.players[i].adjustments if i is not None else ()
        if not adjustments:
            return Fraction(0)
        last = self.rounds_played if upto is None else upto
        sc = self.settings.scoring
        total = Fraction(0)
        for n in range(last + 1):
            res = self.result(player, n) if n else None
            total += sum((a.delta(n, res, sc) for a in adjustments), Fraction(0))
        return total

    def scores(self, upto: int | None = None) -> dict[int, Fraction]:
        """Points of every player after round ``upto``."""
        return {p.start_no: self._result_points(p.start_no, upto)
                + (self.adjustment(p.start_no, upto) if p.adjustments else Fraction(0))
                for p in self.players}

    def validate(self) -> None:
        """Raise :class:`ModelError` if a round names a player not on the roster."""
        known = set(self.start_numbers)
        for r in self.rounds:
            for p in r.players:
                if p not in known:
                    raise ModelError(tr("round {round}: player {player} is not on the roster",
                                        round=r.number, player=p))
        for group in self.settings.forbidden:
            for p in group.players:
                if p not in known:
                    raise ModelError(tr("forbidden group {group}: player {player} is not on "
                                        "the roster", group=group.players, player=p))

    def copy(self) -> Tournament:
        """A copy that can be changed without touching this one (values are shared)."""
        return Tournament(
            self.settings, list(self.players), list(self.rounds), dict(self.info),
            list(self.extra_records),
        )

