"""FIDE Dutch system (Handbook C.04.3, rules in force since 1 July 2025) as ``--system dutch``.

The pairing is fully determined by the rules; this implementation reproduces the
FIDE-endorsed reference engine exactly (pairs, colours and pairing-allocated bye).
See ``docs/systems/dutch.md`` for how each criterion maps to code.
"""

from __future__ import annotations

import os

from ..dutch.brackets import NoLegalPairing, pair_field
from ..dutch.budget import MEMORY_LIMIT_MB, TooLarge
from ..dutch.colours import colour_of
from ..dutch.criteria import make_context
from ..dutch.entrants import build_entrants
from ..i18n import ntr, ptr, tr
from ..model import Bye, Colour, Game, Result, Round, Tournament
from ..pairing import (
    FIDE_SWISS_TIEBREAKS,
    NoPairingPossible,
    PairingError,
    PairingTooLarge,
    SystemFacts,
)

__all__ = ["MEMORY_ENV", "SYSTEM", "DutchSystem", "infer_initial_colour", "memory_limit"]


def infer_initial_colour(t: Tournament) -> Colour:
    """The initial colour (5.2.5) as round 1 of ``t`` shows it, or WHITE.

    Used when the tournament does not state it: in round 1 the higher-ranked player
    of a board gets the initial colour when his pairing number is odd.
    """
    if t.settings.initial_colour is not Colour.NONE:
        return t.settings.initial_colour
    r1 = t.round(1)
    if r1 is None or not r1.games:
        return Colour.WHITE
    ranked = sorted(p.start_no for p in t.players
                    if (e := r1.entry(p.start_no)) is not None
                    and not (isinstance(e, Bye) and e.result is not Result.PAIRING_BYE))
    pos = {no: i for i, no in enumerate(ranked)}
    for g in r1.games:
        hi = min(g.white, g.black)
        if hi not in pos:
            continue
        hi_colour = Colour.WHITE if hi == g.white else Colour.BLACK
        return hi_colour if pos[hi] % 2 == 0 else hi_colour.opposite
    return Colour.WHITE


#: the environment variable that holds the user's memory limit for a Dutch round (MB)
MEMORY_ENV = "MONRAD_DUTCH_MEMORY_MB"


def _whole_mb(raw: object, where: object) -> int:
    """``raw`` as a whole number of MB (1 or more), or a one-line :class:`.PairingError`
    naming ``where`` it was set."""
    try:
        value = int(str(raw).strip())
    except ValueError:
        value = 0
    if value < 1:
        raise PairingError(tr("{where} must be a whole number of MB, not {value!r}",
                              where=where, value=raw))
    return value


def memory_limit(t: Tournament) -> tuple[int, bool]:
    """The memory (MB) the round's weighted matchings may take, and whether the
    tournament's own setting lowered it.

    The limit is the user's: the environment variable ``MONRAD_DUTCH_MEMORY_MB``,
    else :data:`.budget.MEMORY_LIMIT_MB`.  A file is anybody's, so its
    ``dutch_memory_mb`` setting (TRF ``XMN option dutch_memory_mb N``) may lower the
    limit, never raise it (issue 40 item 5, docs/decisions.md).
    """
    user = MEMORY_LIMIT_MB
    if (env := os.environ.get(MEMORY_ENV)) is not None:
        user = _whole_mb(env, tr("environment variable {name}", name=MEMORY_ENV))
    raw = t.settings.options.get("dutch_memory_mb")
    if raw is None:
        return user, False
    own = _whole_mb(raw, tr("setting {name}", name="dutch_memory_mb"))
    return min(user, own), own < user


class DutchSystem:
    """The FIDE Dutch pairing system."""

    name = "dutch"
    #: C.07 defaults for a Swiss; round 1's colour of no. 1 is read from the file
    facts = SystemFacts(
        tiebreaks=FIDE_SWISS_TIEBREAKS, infers_initial_colour=True,
        names=(("en", "Swiss (FIDE Dutch)"), ("nb", "Sveitsisk (FIDE Dutch)"),
               ("sv", "Schweizer (FIDE Dutch)"), ("da", "Schweizer (FIDE Dutch)")),
        aliases=("fide-dutch", "swiss", "schweizer", "sveitsisk", "schweizisk", "hollandsk",
                 "holländsk", "holländska", "fide swiss", "schweizersystem",
                 "schweizersystemet"),
        initial_colour_help=ptr("settings", "white or black: the initial colour (C.04.3), "
                                "no. 1's colour in round 1; empty = as round 1 was paired, "
                                "else white"))

    def initial_colour(self, tournament: Tournament) -> Colour:
        """Round 1's colour of no. 1, read from a paired round 1 (:func:`infer_initial_colour`)."""
        return infer_initial_colour(tournament)

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        t = tournament
        entrants = build_entrants(t, round_no, players)
        if not entrants:
            return Round(round_no)
        sc = t.settings.scoring
        ctx = make_context(entrants, round_no, t.settings.rounds,
                           t.settings.forbidden_groups(round_no), max(sc.win, sc.draw))
        ctx.memory_mb, lowered = memory_limit(t)
        if len(entrants) % 2 and not any(e.bye_eligible for e in entrants):
            raise NoPairingPossible(ntr(
                "round {round}: {n} player to pair, who may not get the pairing-allocated bye: "
                "they have had it already or scored a win without playing (C.04.3 C.2)",
                "round {round}: {n} players to pair and none of them may get the "
                "pairing-allocated bye: each has had it already or scored a win without "
                "playing (C.04.3 C.2)", len(entrants), round=round_no))
        try:
            pairs, bye = pair_field(entrants, ctx)
        except TooLarge as big:
            raise PairingTooLarge(tr(
                "round {round}: pairing it needs a weighted matching over {players} players, "
                "about {mb} MB of memory, more than the limit of {limit} MB ({where})",
                round=round_no, players=big.vertices, mb=big.mb, limit=ctx.memory_mb,
                where=tr("setting {name}", name="dutch_memory_mb") if lowered
                else MEMORY_ENV)) from None
        except NoLegalPairing:
            raise NoPairingPossible(tr(
                "round {round}: no Dutch pairing satisfies the absolute criteria (C.04.3 "
                "C.1-C.4: no rematches, no second pairing-allocated bye, no forbidden pairs, "
                "colour limits)", round=round_no)) from None
        initial = infer_initial_colour(t)
        real = {e.start_no: e.points for e in entrants}
        boards = []
        for a, b in pairs:
            p, q = entrants[a], entrants[b]
            if colour_of(p, q, initial) is Colour.WHITE:
                w, bl = p, q
            else:
                w, bl = q, p
            hi, lo = sorted((p, q), key=lambda e: (-real[e.start_no], e.rank))
            key = (-real[hi.start_no], -real[lo.start_no], hi.rank)
            boards.append((key, Game(w.start_no, bl.start_no, Result.UNKNOWN)))
        boards.sort(key=lambda kb: kb[0])
        byes = (Bye(entrants[bye].start_no, Result.PAIRING_BYE),) if bye is not None else ()
        return Round(round_no, tuple(g for _, g in boards), byes)


SYSTEM = DutchSystem()
