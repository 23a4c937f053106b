"""How much memory one Dutch round may take, checked before each large step.

The general procedure (:mod:`.brackets`) pairs a bracket with weighted matchings over
every pair of the players it looks at who may meet: its memory grows with those pairs
(about ``BYTES_PER_PAIR`` bytes a pair: the pair's criteria weight, a big integer,
held by the bracket's weights, the graph and the matching), at most the square of
their number.  Before building such a matching the engine works out what it would
take and refuses the round with :class:`TooLarge` when that is more than the limit
(``MEMORY_LIMIT_MB``, the user's ``MONRAD_DUTCH_MEMORY_MB``, or a lower
``dutch_memory_mb`` of the tournament), instead of exhausting the machine.  The
class shortcut (:mod:`.shortcut`), the completion test (:mod:`.completion`) and the
players' facts grow with the players alone and are not limited.

>>> matching_mb(1000)
762
>>> check_room(1000, 1024)
>>> check_room(2000, 1024)
Traceback (most recent call last):
...
monrad.engine.dutch.budget.TooLarge: (2000, 3050)
>>> check_room(2000, 1024, pairs=600_000)  # most pairs may not meet
"""

from __future__ import annotations

__all__ = ["BYTES_PER_PAIR", "MEMORY_LIMIT_MB", "TooLarge", "check_room", "matching_mb"]

#: the most memory (MB) a round's weighted matchings may take unless the tournament
#: sets ``dutch_memory_mb``
MEMORY_LIMIT_MB = 1024
#: memory per pair of players in the general procedure (measured with
#: ``benchmarks/bench_dutch.py``: 740 bytes at 200 players, 920 at 400, 1,500 at 1,000;
#: the largest is used)
BYTES_PER_PAIR = 1600


class TooLarge(Exception):
    """A matching over ``vertices`` players would need about ``mb`` MB."""

    def __init__(self, vertices: int, mb: int) -> None:
        super().__init__(vertices, mb)
        self.vertices = vertices
        self.mb = mb


def matching_mb(vertices: int, pairs: int | None = None) -> int:
    """MB a weighted matching over ``vertices`` players takes at most, with ``pairs``
    pairs that may meet (default: every pair)."""
    if pairs is None:
        pairs = vertices * (vertices - 1) // 2
    return pairs * BYTES_PER_PAIR // 2**20


def check_room(vertices: int, limit_mb: int, pairs: int | None = None) -> None:
    """Raise :class:`TooLarge` when a matching over ``vertices`` players (``pairs``
    of them may meet; default: every pair) may need more than ``limit_mb`` MB."""
    need = matching_mb(vertices, pairs)
    if need > limit_mb:
        raise TooLarge(vertices, need)
