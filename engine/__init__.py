"""The monrad engine: tournament model, pairing systems, scoring and tie-breaks.

Pure computation: no file, sheet or network I/O lives here.  Each module cites the
rules it implements by their IDs in ``SYSTEMS.md`` (``NSF-9D``, ``SSF-5``, ``DSU-4``,
``SKOL-4``, ``MON-3``, ``OTH-8``, FIDE ``C.04``/``C.05``/``C.07`` ...); this package
itself only re-exports the model's value classes.
"""

from .model import (
    Bye,
    Colour,
    Game,
    ModelError,
    Pending,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)

__all__ = [
    "Bye", "Colour", "Game", "ModelError", "Pending", "Player", "Result", "Round", "Scoring",
    "Settings", "Tournament",
]
