"""Othello listings: Black first (OTH-5), disc counts Black-White (OTH-6).

The model stores chess colours (``Game.white``/``Game.black``); for Othello every
listing names the Black player first, as the arbiter calls the pairing and as a
screen shows it (left-hand player plays Black).  These pure functions give the
lines the CLI and workbooks print.

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(system="othello-swiss", rounds=3))
>>> t.add_player(Player(1, "Berg, Kari")); t.add_player(Player(2, "Hansen, Ola"))
>>> r = Round(1, (Game(1, 2, Result.LOSS, Result.WIN, 20, 44),))
>>> pairing_lines(t, r)
['  1  Hansen, Ola (2) - Berg, Kari (1)  44-20']
"""

from __future__ import annotations

from ..model import Game, Result, Round, Tournament
from ..pairing import is_othello as _is_othello_event

__all__ = ["is_othello", "black_first", "score_text", "pairing_lines"]


def is_othello(tournament: Tournament) -> bool:
    """True for an Othello event: the system's game, or ``options["game"] == "othello"``."""
    return _is_othello_event(tournament.settings)


def black_first(game: Game) -> tuple[int, int]:
    """(first-named, second-named) = (Black, White) (OTH-5)."""
    return game.black, game.white


def score_text(game: Game) -> str:
    """The result Black first: the disc count ``44-20``, else ``1-0``/``½-½``/``+/-`` ..., or empty."""
    if not game.is_finished:
        return ""
    if game.black_discs is not None and game.white_discs is not None:
        return f"{game.black_discs}-{game.white_discs}"
    marks = {Result.WIN: "1", Result.LOSS: "0", Result.DRAW: "½", Result.FORFEIT_WIN: "+",
             Result.FORFEIT_LOSS: "-", Result.UNRATED_WIN: "1", Result.UNRATED_LOSS: "0",
             Result.UNRATED_DRAW: "½"}
    return f"{marks.get(game.black_result, '?')}-{marks.get(game.white_result, '?')}"  # type: ignore[arg-type]


def pairing_lines(tournament: Tournament, rnd: Round) -> list[str]:
    """One line per board, Black named first, then the byes."""
    out = []
    for board, g in enumerate(rnd.games, 1):
        b, w = black_first(g)
        pb, pw = tournament.player(b), tournament.player(w)
        text = f"{board:3d}  {pb.name} ({b}) - {pw.name} ({w})"
        score = score_text(g)
        out.append(f"{text}  {score}" if score else text)
    for bye in rnd.byes:
        p = tournament.player(bye.player)
        discs = tournament.settings.bye_discs
        label = f"bye {discs[0]}-{discs[1]}" if bye.result is Result.PAIRING_BYE else bye.result.name.lower()
        out.append(f"     {p.name} ({bye.player})  {label}")
    return out
