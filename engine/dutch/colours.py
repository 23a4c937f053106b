"""Colour allocation for a Dutch pair (C.04.3 article 5).

Applied in order, the first rule that decides wins:

5.2.1 grant both colour preferences when they are compatible;
5.2.2 grant the stronger preference (absolute before strong before mild; between
      two absolute preferences, the larger colour difference);
5.2.3 alternate the colours to the most recent round in which the two players had
      different colours (only games played over the board count);
5.2.4 grant the preference of the higher-ranked player;
5.2.5 with no preference at all: the higher-ranked player gets the initial colour
      (``Settings.initial_colour``) when his pairing number is odd, the other colour
      when it is even.
"""

from __future__ import annotations

from ..model import Colour
from .entrants import Entrant

__all__ = ["colour_of"]


def _compatible(a: Colour, b: Colour) -> bool:
    return a is not b or a is Colour.NONE or b is Colour.NONE


def _neutral(p: Entrant, q: Entrant) -> Colour:
    """Colour for ``p`` against ``q`` by rules 5.2.1-5.2.3, or NONE."""
    if _compatible(p.preference, q.preference):
        if p.preference is not Colour.NONE:
            return p.preference
        if q.preference is not Colour.NONE:
            return q.preference.opposite
        return Colour.NONE
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.preference
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return q.preference.opposite
    if p.strong and not q.strong:
        return p.preference
    if q.strong and not p.strong:
        return q.preference.opposite
    a, b = p.colours[::-1], q.colours[::-1]
    for ca, cb in zip(a, b):
        if ca is not cb:
            return cb
    return Colour.NONE


def colour_of(p: Entrant, q: Entrant, initial: Colour) -> Colour:
    """The colour ``p`` gets against ``q``."""
    c = _neutral(p, q)
    if c is not Colour.NONE:
        return c
    p_higher = (p.score, -p.rank) > (q.score, -q.rank)
    if p.preference is Colour.NONE:
        higher = p if p_higher else q
        top_colour = initial if higher.rank % 2 == 0 else initial.opposite
        return top_colour if p_higher else top_colour.opposite
    return p.preference if p_higher else q.preference.opposite
