"""The monrad engine: tournament model, pairing systems, scoring and tie-breaks.

Pure computation: no file, sheet or network I/O lives here.
"""

from .model import (
    Bye, Colour, Game, ModelError, Pending, Player, Result, Round, Scoring, Settings, Tournament,
)

__all__ = [
    "Bye", "Colour", "Game", "ModelError", "Pending", "Player", "Result", "Round", "Scoring",
    "Settings", "Tournament",
]
