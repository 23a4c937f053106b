"""Baku acceleration (FIDE C.04.5.1) named without its virtual points.

A tournament may ask for Baku acceleration by name alone (TRF-2026
``192 FIDE_DUTCH_2025_BAKU``, :attr:`.Settings.accelerated`) without listing the
virtual points (``250`` / ``XXA`` lines, :attr:`.Player.acceleration`).  The rule
then gives them:

* **GA** (C.04.5.1 "Initial groups division"): the first half of the players, rounded
  up to the nearest even number, ``2 * ceil(N / 4)``, by pairing number.  A late
  entry (:attr:`.Player.entered_at` after round 1) does not count in ``N``; the last
  GA player stays the one chosen before round 1, so a late entry numbered above him
  is in GA ("Late entries").
* **Virtual points**: the accelerated rounds are the first half of the rounds,
  rounded up; GA players get a win's points in the first half of them (rounded up)
  and a draw's points in the rest; GB players and later rounds get nothing.
* The method needs a point system where a draw is half a win and a loss nothing
  (1 / ½ / 0 and its multiples); another is refused.

As soon as any player has virtual points of his own, those are used as given and
nothing is computed (as the reference engine does).

>>> from monrad.engine.model import Player, Settings, Tournament
>>> t = Tournament(Settings(rounds=9, accelerated=True),
...                [Player(n, f"P{n}") for n in range(1, 25)])
>>> acc = accelerations(t)
>>> [str(a) for a in acc[12]], acc[13]
(['1', '1', '1', '1/2', '1/2'], ())
>>> group_a_size(161), group_a_size(24), group_a_size(25)
(82, 12, 14)
"""

from __future__ import annotations

from fractions import Fraction

from ..i18n import tr
from ..model import Tournament
from ..pairing import PairingError

__all__ = ["accelerations", "group_a_size"]


def group_a_size(players: int) -> int:
    """Players in GA: half the players rounded up to an even number, ``2 * ceil(N / 4)``
    (C.04.5.1; 161 players give 82)."""
    return 2 * (-(-players // 4))


def accelerations(t: Tournament) -> dict[int, tuple[Fraction, ...]]:
    """Start number -> virtual points per round (``()``: none), as given by the
    players (``250`` / ``XXA``) or, when the tournament names Baku acceleration
    without any, by C.04.5.1.

    Raises :class:`.PairingError` when the computed method cannot apply (the point
    system, an unknown number of rounds).
    """
    given = {p.start_no: p.acceleration for p in t.players}
    s = t.settings
    if not s.accelerated or any(given.values()):
        return given
    sc = s.scoring
    if sc.loss != 0 or sc.win != 2 * sc.draw or sc.win <= 0:
        raise PairingError(tr(
            "Baku acceleration (C.04.5.1) needs a point system where a draw is half a win "
            "and a loss nothing; this tournament scores {win}/{draw}/{loss}: give the "
            "virtual points (TRF 250 lines) or drop the acceleration",
            win=sc.win, draw=sc.draw, loss=sc.loss))
    if not s.rounds:
        raise PairingError(tr("Baku acceleration (C.04.5.1) needs the number of rounds "
                              "(TRF 142 / XXR)"))
    accelerated = -(-s.rounds // 2)
    full = -(-accelerated // 2)
    points = (sc.win,) * full + (sc.draw,) * (accelerated - full)
    order = sorted(t.players, key=lambda p: p.start_no)
    first = [p for p in order if p.entered_at is None or p.entered_at <= 1]
    if not first:
        return given
    last = first[min(group_a_size(len(first)), len(first)) - 1].start_no
    return {p.start_no: points if p.start_no <= last else () for p in order}
