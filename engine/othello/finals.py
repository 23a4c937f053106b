"""Othello finals after the Swiss (OTH-3) and their colours game by game (OTH-4).

Formats (OTH-3):

* ``none`` - ordinary Grand Prix events: no finals.
* ``egp-nm`` - Stockholm EGP and the Nordic championship (unless 13 rounds are
  played): final 1st v 2nd of the Swiss, best of 3; third place 3rd v 4th, best of 3
  if both players want it, else one game (``third_place_best_of``).
* ``sm`` - Swedish championship: semi-finals 1v4 and 2v3, best of 3; if the 4th and
  5th have the same number of *wins* in the Swiss they first play a play-off for the
  semi-final place; final best of 3; third place one game.

Colours (OTH-4), the same in every semi-final, final and third-place match: the
higher-placed player after the Swiss chooses in game 1; colours swap in game 2; in a
deciding game the player with the larger winning margin chooses, equal margins: the
higher-placed player chooses.

**Decisions** (the source is silent): the 4th/5th play-off is one game; a match still
level after its games (drawn games) continues with deciding games under the game-3
rule; "larger winning margin" compares each player's largest winning margin in the
match so far (a player who has won nothing has margin 0); a drawn game counts ½.

>>> m = Match("final", higher=3, lower=8, best_of=3)
>>> m.colour_chooser()
3
>>> m.next_pairing(choice=Colour.WHITE)
(8, 3)
>>> m.add_game(8, 3, 40, 24); m.next_pairing()
(3, 8)
>>> m.add_game(3, 8, 44, 20); m.colour_chooser()   # 8 won by 16, 3 by 24: game 3
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ..i18n import Message, ptr, tr
from ..model import Colour, Tournament
from ..state import histories
from .discs import complete

__all__ = [
    "Finals",
    "FinalsFormat",
    "FinalsGame",
    "Match",
    "Place",
    "event_finals",
    "final_places",
    "final_ranking",
    "place_note",
    "place_text",
    "match_name",
    "plan_finals",
    "replay_finals",
    "swiss_wins",
]


#: the matches' names in words (the keys stay English: they are stored in files)
_MATCH_NAMES = {"final": ptr("finals match", "final"),
                "third place": ptr("finals match", "third place"),
                "play-off": ptr("finals match", "play-off"),
                "semi-final 1": ptr("finals match", "semi-final 1"),
                "semi-final 2": ptr("finals match", "semi-final 2")}


def match_name(name: str) -> Message | str:
    """A match's name in the reader's language (``semi-final 1`` -> ``semifinale 1``)."""
    return _MATCH_NAMES.get(name, name)


class FinalsFormat(str, Enum):
    """Which finals follow the Swiss (OTH-3)."""

    NONE = "none"
    EGP_NM = "egp-nm"
    SM = "sm"


@dataclass(frozen=True)
class FinalsGame:
    """One finals game, Black first (OTH-5), with its completed disc count."""

    black: int
    white: int
    black_discs: int
    white_discs: int

    @property
    def winner(self) -> int | None:
        if self.black_discs == self.white_discs:
            return None
        return self.black if self.black_discs > self.white_discs else self.white

    @property
    def margin(self) -> int:
        return abs(self.black_discs - self.white_discs)

    def points(self, player: int) -> Fraction:
        w = self.winner
        return Fraction(1, 2) if w is None else Fraction(int(w == player))


@dataclass
class Match:
    """A finals match between the ``higher``- and ``lower``-placed players of the Swiss."""

    name: str
    higher: int
    lower: int
    best_of: int = 3
    games: list[FinalsGame] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.best_of < 1 or self.best_of % 2 == 0:
            raise ValueError(str(tr("{match}: best of {n}; use an odd number of games",
                                    match=self.name, n=self.best_of)))

    @property
    def players(self) -> tuple[int, int]:
        return (self.higher, self.lower)

    def points(self, player: int) -> Fraction:
        return sum((g.points(player) for g in self.games), Fraction(0))

    @property
    def winner(self) -> int | None:
        """The match winner once decided: more than half of ``best_of`` points, or ahead after them."""
        need = Fraction(self.best_of, 2)
        for p in self.players:
            if self.points(p) > need:
                return p
        if len(self.games) >= self.best_of:
            h, lo = self.points(self.higher), self.points(self.lower)
            if h != lo:
                return self.higher if h > lo else self.lower
        return None

    @property
    def loser(self) -> int | None:
        w = self.winner
        return None if w is None else (self.lower if w == self.higher else self.higher)

    @property
    def is_decided(self) -> bool:
        return self.winner is not None

    def _largest_win(self, player: int) -> int:
        return max((g.margin for g in self.games if g.winner == player), default=0)

    def colour_chooser(self) -> int | None:
        """Who chooses the colour of the next game (OTH-4); ``None`` in game 2 (colours swap).

        A game after the last scheduled one (a best-of-1 drawn, a best-of-3 level
        after draws) is a deciding game under the game-3 rule.
        """
        if self.is_decided:
            return None
        k = len(self.games) + 1
        if k == 1:
            return self.higher
        if k == 2 and self.best_of >= 3:
            return None
        h, lo = self._largest_win(self.higher), self._largest_win(self.lower)
        return self.lower if lo > h else self.higher

    def next_pairing(self, choice: Colour | None = None) -> tuple[int, int]:
        """(Black, White) of the next game; ``choice`` is the chooser's colour when one chooses."""
        if self.is_decided:
            raise ValueError(str(tr("{match} is decided: {winner} won", match=match_name(self.name),
                                    winner=self.winner)))
        chooser = self.colour_chooser()
        if chooser is None:
            first = self.games[0]
            return first.white, first.black
        if choice not in (Colour.BLACK, Colour.WHITE):
            raise ValueError(str(tr("{match}: player {player} chooses the colour of game {game}",
                                    match=self.name, player=chooser, game=len(self.games) + 1)))
        other = self.lower if chooser == self.higher else self.higher
        return (chooser, other) if choice is Colour.BLACK else (other, chooser)

    def add_game(self, black: int, white: int, black_discs: int, white_discs: int) -> None:
        """Record the next game; the count is validated and the empties go to the winner."""
        if {black, white} != set(self.players):
            raise ValueError(str(tr("{match} is {higher} v {lower}, not {black} v {white}",
                                    match=self.name, higher=self.higher, lower=self.lower,
                                    black=black, white=white)))
        if self.is_decided:
            raise ValueError(str(tr("{match} is decided already", match=self.name)))
        if self.colour_chooser() is None:
            expected = self.next_pairing()
            if (black, white) != expected:
                raise ValueError(str(tr(
                    "{match} game {game}: colours swap, {player} plays Black (OTH-4)",
                    match=self.name, game=len(self.games) + 1, player=expected[0])))
        b, w = complete(black_discs, white_discs)
        self.games.append(FinalsGame(black, white, b, w))


@dataclass
class Finals:
    """The finals of one event, built from the Swiss ranking (see :func:`plan_finals`)."""

    format: FinalsFormat
    ranking: tuple[int, ...]
    matches: dict[str, Match] = field(default_factory=dict)
    third_place_best_of: int = 1
    playoff_needed: bool = False

    def place(self, player: int) -> int:
        return self.ranking.index(player) + 1

    def _match(self, name: str, a: int, b: int, best_of: int) -> None:
        if name not in self.matches:
            hi, lo = sorted((a, b), key=self.place)
            self.matches[name] = Match(name, hi, lo, best_of)

    def advance(self) -> None:
        """Create every match whose two players are known (idempotent)."""
        r = self.ranking
        if self.format is FinalsFormat.EGP_NM:
            self._match("final", r[0], r[1], 3)
            if len(r) >= 4:
                self._match("third place", r[2], r[3], self.third_place_best_of)
            return
        if self.format is not FinalsFormat.SM:
            return
        fourth: int | None = r[3]
        if self.playoff_needed:
            self._match("play-off", r[3], r[4], 1)
            fourth = self.matches["play-off"].winner
        if fourth is not None:
            self._match("semi-final 1", r[0], fourth, 3)
        self._match("semi-final 2", r[1], r[2], 3)
        s1, s2 = self.matches.get("semi-final 1"), self.matches.get("semi-final 2")
        if s1 and s2 and s1.is_decided and s2.is_decided:
            self._match("final", s1.winner, s2.winner, 3)  # type: ignore[arg-type]
            self._match("third place", s1.loser, s2.loser, self.third_place_best_of)  # type: ignore[arg-type]

    def match(self, name: str) -> Match:
        """The match called ``name`` ("semi-final 1", "final", "third place", "play-off" ...)."""
        self.advance()
        if name not in self.matches:
            known = ", ".join(self.matches) or "none"
            raise KeyError(f"no {name!r} match yet (known: {known})")
        return self.matches[name]

    def open_matches(self) -> list[Match]:
        """Matches that can be played now."""
        self.advance()
        return [m for m in self.matches.values() if not m.is_decided]

    def games(self) -> list[list[int]]:
        """Every finals game played, ``[black, white, black_discs, white_discs]``, match by match.

        This is what ``Tournament.info["finals_games"]`` holds and the WOF file lists
        after ``%%Added results``.
        """
        return [[g.black, g.white, g.black_discs, g.white_discs] for m in self.matches.values() for g in m.games]

    def podium(self) -> tuple[int, ...]:
        """1st, 2nd, 3rd, 4th once the final and the third-place match are decided."""
        self.advance()
        f, t = self.matches.get("final"), self.matches.get("third place")
        if not f or not f.is_decided:
            raise ValueError(str(tr("the final is not decided yet")))
        out = [f.winner, f.loser]
        if t is not None:
            if not t.is_decided:
                raise ValueError(str(tr("the third-place match is not decided yet")))
            out += [t.winner, t.loser]
        return tuple(out)  # type: ignore[arg-type]


def swiss_wins(tournament: Tournament) -> dict[int, int]:
    """Games won over the board in the Swiss, per player (the OTH-3 play-off criterion)."""
    return {p: h.wins for p, h in histories(tournament).items()}


def plan_finals(
    fmt: FinalsFormat | str,
    ranking: Sequence[int],
    wins: Mapping[int, int] | None = None,
    *,
    third_place_best_of: int = 1,
) -> Finals:
    """The finals for the Swiss ``ranking`` (start numbers, 1st first) under ``fmt``.

    ``wins`` (games won in the Swiss) decides the SM play-off between 4th and 5th.
    """
    fmt = FinalsFormat(fmt)
    ranking = tuple(ranking)
    need = {FinalsFormat.NONE: 0, FinalsFormat.EGP_NM: 2, FinalsFormat.SM: 4}[fmt]
    if len(ranking) < need:
        raise ValueError(str(tr("{format} finals need at least {need} players, the ranking has {n}",
                                format=fmt.value, need=need, n=len(ranking))))
    if third_place_best_of not in (1, 3):
        raise ValueError(str(tr("the third-place match is best of 1 or 3")))
    if fmt is FinalsFormat.SM:
        third_place_best_of = 1
    playoff = False
    if fmt is FinalsFormat.SM and len(ranking) >= 5:
        if wins is None:
            raise ValueError(str(tr("SM finals need the players' Swiss wins to decide the 4th/5th "
                                    "play-off")))
        playoff = wins.get(ranking[3], 0) == wins.get(ranking[4], 0)
    finals = Finals(fmt, ranking, third_place_best_of=third_place_best_of, playoff_needed=playoff)
    finals.advance()
    return finals



def replay_finals(
    fmt: FinalsFormat | str,
    ranking: Sequence[int],
    wins: Mapping[int, int] | None,
    games: Sequence[Sequence[int]],
    *,
    third_place_best_of: int = 1,
) -> Finals:
    """The finals of :func:`plan_finals` with the recorded ``games`` (``[black, white,
    black_discs, white_discs]`` in the order played, as ``info["finals_games"]`` holds
    them) entered into their matches; raises ``ValueError`` naming the game that fits
    no open match or breaks the colour rule (OTH-4)."""
    finals = plan_finals(fmt, ranking, wins, third_place_best_of=third_place_best_of)
    for i, game in enumerate(games, 1):
        black, white, bd, wd = (int(x) for x in game)
        finals.advance()
        match = next((m for m in finals.matches.values()
                      if not m.is_decided and {black, white} == set(m.players)), None)
        if match is None:
            raise ValueError(str(tr("finals game {game} ({black} v {white}): no open match between them",
                                    game=i, black=black, white=white)))
        match.add_game(black, white, bd, wd)
    finals.advance()
    return finals


@dataclass(frozen=True)
class Place:
    """Places ``first``..``last`` of the event's final order, held by ``players``
    (Swiss order); ``open`` names the match still to decide them (``"final"``, ``"third
    place"``, ``"semi-finals"``, ``"play-off"``), ``None`` once decided."""

    first: int
    last: int
    players: tuple[int, ...]
    open: str | None = None


def final_places(finals: Finals) -> tuple[Place, ...]:
    """The event's final order as far as the finals have decided it (OTH-3, issue 26):
    a decided match gives its winner and loser their places; the players of a match
    still to be played share the places it decides, with its name; everyone who is not
    in the finals follows in the order of the Swiss.

    >>> f = replay_finals("sm", [1, 2, 3, 4, 5], {4: 3, 5: 2},
    ...                   [[1, 4, 40, 24], [4, 1, 20, 44], [2, 3, 10, 54], [3, 2, 40, 24]])
    >>> [(p.first, p.last, p.players, p.open) for p in final_places(f)]
    [(1, 2, (1, 3), 'final'), (3, 4, (2, 4), 'third place'), (5, 5, (5,), None)]
    """
    finals.advance()
    r = finals.ranking
    m = finals.matches
    out: list[Place] = []

    def pair(name: str, players: Sequence[int] | None = None) -> None:
        at = len([p for x in out for p in x.players]) + 1
        match = m.get(name)
        if match is not None and match.is_decided:
            out.append(Place(at, at, (match.winner,)))  # type: ignore[arg-type]
            out.append(Place(at + 1, at + 1, (match.loser,)))  # type: ignore[arg-type]
        else:
            who = tuple(sorted(players if players is not None else match.players,  # type: ignore[union-attr]
                               key=finals.place))
            out.append(Place(at, at + len(who) - 1, who, name))

    if finals.format is FinalsFormat.EGP_NM:
        pair("final", r[:2])
        if len(r) >= 4:
            pair("third place", r[2:4])
    elif finals.format is FinalsFormat.SM:
        s1, s2 = m.get("semi-final 1"), m.get("semi-final 2")
        if s1 is not None and s2 is not None and s1.is_decided and s2.is_decided:
            pair("final")
            pair("third place")
        else:
            semi = [*r[:3], *(s1.players[1:] if s1 is not None else ())]
            if s1 is None:  # the play-off decides who is 4th
                out.append(Place(1, 3, tuple(r[:3]), "semi-finals"))
                out.append(Place(4, 5, tuple(r[3:5]), "play-off"))
            else:
                out.append(Place(1, 4, tuple(sorted(semi, key=finals.place)), "semi-finals"))
        po = m.get("play-off")
        if po is not None and po.is_decided:
            out.append(Place(5, 5, (po.loser,)))  # type: ignore[arg-type]
    placed = {p for x in out for p in x.players}
    at = len(placed) + 1
    for p in r:
        if p not in placed:
            out.append(Place(at, at, (p,)))
            at += 1
    return tuple(out)


def place_note(place: Place) -> Message | None:
    """What is still to be played for ``place`` (``None`` once decided)."""
    if place.open == "final":
        return tr("to be decided in the final")
    if place.open == "third place":
        return tr("to be decided in the third-place match")
    if place.open == "play-off":
        return tr("to be decided in the play-off")
    if place.open == "semi-finals":
        return tr("in the semi-finals")
    return None


def place_text(place: Place) -> str:
    """``3`` or ``1-2`` (places shared until a match decides them)."""
    return str(place.first) if place.first == place.last else f"{place.first}-{place.last}"


def final_ranking(finals: Finals) -> tuple[int, ...]:
    """Every player in the order of :func:`final_places` (players whose places are
    still open in Swiss order among themselves)."""
    return tuple(p for place in final_places(finals) for p in place.players)


def event_finals(
    tournament: Tournament,
    fmt: FinalsFormat | str,
    games: Sequence[Sequence[int]] | None = None,
    *,
    third_place_best_of: int = 1,
) -> Finals:
    """The finals of an Othello event after its Swiss: the ranking of the standings
    (OTH-7), the Swiss wins for the SM play-off, and the recorded ``games`` (default
    ``tournament.info["finals_games"]``) replayed (:func:`replay_finals`)."""
    from ..standings import standings  # the standings import the Othello tie-breaks

    ranking = [r.start_no for r in standings(tournament).rows]
    if games is None:
        games = tournament.info.get("finals_games") or []  # type: ignore[assignment]
    return replay_finals(fmt, ranking, swiss_wins(tournament), games or [],
                         third_place_best_of=third_place_best_of)
