"""Othello disc results (OTH-6).

A game's result is a disc count summing to 64: the squares left empty go to the
winner (rule 2.6).  A resignation is 64-0 (1.5), a bye a 40-24 win (2.7).  A time
loss (3.3) is decided by :func:`time_loss`.  **Decisions:** a draw with empty
squares is 32-32; any other double-flag order is entered by the arbiter as an
ordinary result.

Counts are always given Black first (OTH-5: the first-named player plays Black).

>>> complete(30, 20)
(44, 20)
>>> othello_result(33, 31)
(<Result.LOSS: '0'>, <Result.WIN: '1'>)
"""

from __future__ import annotations

from ..i18n import LocalizedError, tr
from ..model import Colour, Game, Result

__all__ = [
    "DiscError",
    "TOTAL",
    "validate",
    "complete",
    "othello_result",
    "with_discs",
    "resignation",
    "time_loss",
]

#: squares on the board
TOTAL = 64


class DiscError(LocalizedError, ValueError):
    """A disc count that cannot be (one line, says what is wrong)."""


def validate(black: object, white: object) -> tuple[int, int]:
    """Check an entered count: two whole numbers 0..64 each, together at most 64.

    >>> validate(40, 24)
    (40, 24)
    >>> validate(40, 30)
    Traceback (most recent call last):
    ...
    monrad.engine.othello.discs.DiscError: disc counts 40-30 add up to 70, more than 64 squares
    """
    out = []
    for side, value in (("Black", black), ("White", white)):
        if isinstance(value, bool) or not isinstance(value, int):
            try:
                value = int(str(value).strip())
            except ValueError:
                raise DiscError(tr("Black's disc count {value!r} is not a whole number", value=value)
                               if side == "Black" else
                               tr("White's disc count {value!r} is not a whole number", value=value)
                               ) from None
        if not 0 <= value <= TOTAL:
            raise DiscError(tr("Black's disc count {value} is outside 0..64", value=value)
                           if side == "Black" else
                           tr("White's disc count {value} is outside 0..64", value=value))
        out.append(value)
    if out[0] + out[1] > TOTAL:
        raise DiscError(tr("disc counts {black}-{white} add up to {total}, more than 64 squares",
                           black=out[0], white=out[1], total=out[0] + out[1]))
    return out[0], out[1]


def complete(black: int, white: int) -> tuple[int, int]:
    """Give the empty squares to the winner (2.6); a drawn board with empties is 32-32."""
    black, white = validate(black, white)
    empty = TOTAL - black - white
    if black > white:
        return black + empty, white
    if white > black:
        return black, white + empty
    return TOTAL // 2, TOTAL // 2


def othello_result(black: int, white: int) -> tuple[Result, Result]:
    """(White's result, Black's result) from a disc count, chess-colour order as in :class:`Game`."""
    black, white = validate(black, white)
    if black > white:
        return Result.LOSS, Result.WIN
    if white > black:
        return Result.WIN, Result.LOSS
    return Result.DRAW, Result.DRAW


def with_discs(game: Game, black: int, white: int, *, fill_empty: bool = True) -> Game:
    """``game`` with the disc count entered (validated, empties to the winner) and its result."""
    if fill_empty:
        black, white = complete(black, white)
    else:
        black, white = validate(black, white)
    w_res, b_res = othello_result(black, white)
    return Game(game.white, game.black, w_res, b_res, white_discs=white, black_discs=black)


def resignation(loser: Colour) -> tuple[int, int]:
    """(Black, White) discs after ``loser`` resigned: 64-0 to the opponent (1.5)."""
    if loser is Colour.BLACK:
        return 0, TOTAL
    if loser is Colour.WHITE:
        return TOTAL, 0
    raise DiscError(tr("a resignation needs the colour of the player who resigned"))


def time_loss(
    flagged: Colour,
    *,
    finished: bool,
    board: tuple[int, int] | None = None,
    opponent_flagged_and_expired_first: bool = False,
) -> tuple[int, int]:
    """(Black, White) discs after ``flagged`` ran out of time (3.3).

    The flagged player loses whatever the position and gets two extra minutes.

    * ``finished`` in them with fewer discs on the ``board`` (Black, White): the board
      score stands (empties to the winner);
    * ``finished`` and won or drew on the board: 33-31 to the opponent;
    * not finished (the extra minutes ran out): 64-0 to the opponent;
    * ``opponent_flagged_and_expired_first``: the opponent flagged too, before the two
      minutes ended, and his own extra minutes ran out first: the first-flagged player
      wins 33-31 whatever the board.

    >>> time_loss(Colour.BLACK, finished=True, board=(40, 20))
    (31, 33)
    >>> time_loss(Colour.WHITE, finished=True, board=(38, 20))
    (44, 20)
    """
    if flagged not in (Colour.BLACK, Colour.WHITE):
        raise DiscError(tr("a time loss needs the colour of the player whose flag fell"))

    def to(winner: Colour, win: int, lose: int) -> tuple[int, int]:
        return (win, lose) if winner is Colour.BLACK else (lose, win)

    if opponent_flagged_and_expired_first:
        return to(flagged, 33, 31)
    winner = flagged.opposite
    if not finished:
        return to(winner, TOTAL, 0)
    if board is None:
        raise DiscError(tr("a time loss finished in the extra minutes needs the board count"))
    black, white = validate(*board)
    mine, theirs = (black, white) if flagged is Colour.BLACK else (white, black)
    if mine < theirs:
        return complete(black, white)
    return to(winner, 33, 31)
