"""The one small interface every pairing system implements, and the registry.

A pairing system is a module ``monrad.engine.systems.<name>`` (``-`` in the name
becomes ``_``) that exposes ``SYSTEM``, an object with a ``name`` and a
``pair(tournament, round_no) -> Round`` method.  Adding a system means adding a
module; nothing else changes.

:func:`pair_round` is what callers use: it works out who is to be paired
(C.04.1 / TRF convention: players already marked absent or with a requested bye for
the round are not paired), refuses to pair a round twice, asks the system for the
boards and merges the pre-entered byes back in.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol, runtime_checkable

from .i18n import LocalizedError, Message, ntr, tr
from .model import Result, Round, Scoring, Tournament

__all__ = [
    "FIDE_SWISS_TIEBREAKS",
    "NoPairingPossible",
    "PairingError",
    "PairingTooLarge",
    "PairingSystem",
    "SystemFacts",
    "available_systems",
    "canonical_system",
    "fixed_rounds",
    "get_system",
    "is_othello",
    "pair_round",
    "players_to_pair",
    "system_facts",
    "system_scoring",
    "total_rounds",
    "with_system_scoring",
]


class PairingError(LocalizedError):
    """The round cannot be paired as asked (already paired, results missing ...)."""


class NoPairingPossible(PairingError):
    """No pairing satisfies the system's absolute rules."""


class PairingTooLarge(PairingError):
    """Pairing the round would take more memory than the limit allows."""


#: C.07 defaults of a FIDE Swiss (the Dutch system, and any Swiss named in a file
#: whose pairing system monrad does not implement: Burstein, Dubov, Lim)
FIDE_SWISS_TIEBREAKS = ("BH/C1", "BH", "DE", "SB", "WIN")


@dataclass(frozen=True)
class SystemFacts:
    """What the rest of monrad needs to know about a pairing system, owned by the
    system's module (``SYSTEM.facts``), so that adding a system touches nothing else.

    >>> system_facts("nsf").tiebreaks
    ('NSF-QP', 'NSF-AB', 'MSB', 'LOT')
    >>> system_facts("Othello").game, canonical_system("Othello")
    ('othello', 'othello-swiss')
    """

    #: ``"chess"`` or ``"othello"`` (Othello: discs, Black named first, OTH-2.1)
    game: Literal["chess", "othello"] = "chess"
    #: the default tie-break list (points always come first)
    tiebreaks: tuple[str, ...] = FIDE_SWISS_TIEBREAKS
    #: tie-breaks when the event is played as a round robin (option ``round_robin``)
    round_robin_tiebreaks: tuple[str, ...] | None = None
    #: quality points (``QP``) lose the ``ssf_strike`` lowest opponents (SSF-10 Decision)
    strikes_quality_points: bool = False
    #: an all-play-all schedule (tie-breaks count every paired game as played)
    round_robin: bool = False
    #: the next round may be paired while a game is postponed (NSF-5, SSF-3, DSU-1)
    postponed_games: bool = False
    #: round 1's colour of no. 1 can be read from a paired round (C.04.3 5.2.5 / TRF)
    infers_initial_colour: bool = False
    #: other names a file or a user may use for the system
    aliases: tuple[str, ...] = ()
    #: two players may meet more than once (the Konrad setting: NSF)
    konrad: bool = False
    #: header languages of a club's sheet titled just "Monrad" that mean this system
    #: (NSF: Norwegian, and English by default; SSF: Swedish; DSU: Danish)
    monrad_languages: tuple[str, ...] = ()
    #: the system's own points per result, used wherever a tournament leaves the
    #: 1 / ½ / 0 default (school Monrad: 3 / 2 / 1, SKOL-6); ``None``: the file's
    scoring: Scoring | None = None


#: facts of a system named in a file but not implemented here (a FIDE Swiss)
_UNKNOWN = SystemFacts()


@runtime_checkable
class PairingSystem(Protocol):
    """What a pairing system provides."""

    name: str
    facts: SystemFacts

    def pair(self, tournament: Tournament, round_no: int, players: tuple[int, ...]) -> Round:
        """Pair ``players`` (start numbers) for round ``round_no``.

        The tournament holds rounds ``1 .. round_no - 1`` (and possibly the pre-entered
        byes of ``round_no``).  Return the new round's boards in board order and the
        pairing-allocated bye, if any.  Raise :class:`NoPairingPossible` when the
        absolute rules cannot be met.
        """
        ...


def _module_name(system: str) -> str:
    return canonical_system(system).replace("-", "_")


def _normal(name: str) -> str:
    return name.strip().lower().replace("_", "-")


@lru_cache(maxsize=1)
def _aliases() -> Mapping[str, str]:
    """Every alias a system module declares -> the system's name."""
    out: dict[str, str] = {}
    for name in available_systems():
        impl = get_system(name)
        for alias in getattr(impl, "facts", _UNKNOWN).aliases:
            out[_normal(alias)] = impl.name
    return out


def canonical_system(name: str) -> str:
    """The system's own name for ``name``: case, ``_``/``-`` and the aliases the
    system modules declare are normalised here, once (``"Othello"`` -> ``othello-swiss``).
    """
    key = _normal(name)
    return _aliases().get(key, key) if key not in available_systems() else key


def system_facts(name: str) -> SystemFacts:
    """The facts of the system called ``name``; a name monrad does not pair with (a
    Burstein or Lim file) gets the facts of a FIDE Swiss."""
    key = canonical_system(name)
    if key not in available_systems():
        return _UNKNOWN
    return get_system(key).facts


def is_othello(settings: object) -> bool:
    """True for an Othello event: its system's game, or the option ``game: othello``
    (an Othello round robin)."""
    system = str(getattr(settings, "system", ""))
    options: Mapping[str, object] = getattr(settings, "options", {}) or {}
    return (system_facts(system).game == "othello"
            or str(options.get("game", "")).lower() == "othello")


def system_scoring(settings: object) -> Scoring:
    """The points per result a tournament is scored with: its own scoring, or the
    system's (``SystemFacts.scoring``) when it was left on the 1 / ½ / 0 default --
    a tournament that names the school system is scored 3 / 2 / 1 everywhere (SKOL-6).

    >>> from monrad.engine.model import Settings
    >>> system_scoring(Settings(system="school")).draw
    Fraction(2, 1)
    """
    scoring: Scoring = getattr(settings, "scoring", None) or Scoring()
    own = system_facts(str(getattr(settings, "system", "") or "")).scoring
    return own if own is not None and scoring == Scoring() else scoring


def with_system_scoring(t: Tournament) -> Tournament:
    """``t`` scored by :func:`system_scoring`: ``t`` itself when that changes nothing,
    else a copy (``t`` stays as it is)."""
    scoring = system_scoring(t.settings)
    if scoring == t.settings.scoring:
        return t
    out = t.copy()
    out.settings = t.settings.replace(scoring=scoring)
    return out


def get_system(name: str) -> PairingSystem:
    """The pairing system called ``name`` (``dutch``, ``nsf`` ...).

    Raises :class:`PairingError` with the list of available systems if unknown.
    """
    key = _normal(name)
    mod_name = key.replace("-", "_") if key in available_systems() else _module_name(name)
    if not mod_name.isidentifier():
        raise PairingError(_unknown_system(name))
    try:
        module = importlib.import_module(f"{__package__}.systems.{mod_name}")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.endswith(f"systems.{mod_name}"):
            raise PairingError(_unknown_system(name, available_systems())) from None
        raise
    return module.SYSTEM


def _unknown_system(name: str, known: tuple[str, ...] | None = None) -> Message:
    """The refusal of an unknown system name, with ``did you mean 'nsf'?`` for a
    mistyped name (a name or an alias) and the systems there are."""
    import difflib

    names = [*available_systems(), *_aliases()]
    close = difflib.get_close_matches(_normal(name), names, n=1, cutoff=0.6)
    if close:
        return tr("unknown pairing system {name!r}; did you mean {close!r}?", name=name,
                  close=canonical_system(close[0]))
    if known is not None:
        return tr("unknown pairing system {name!r} (available: {known})", name=name,
                  known=", ".join(known))
    return tr("unknown pairing system {name!r}", name=name)


@lru_cache(maxsize=1)
def available_systems() -> tuple[str, ...]:
    """Names of the systems that can be paired with."""
    from . import systems

    return tuple(
        sorted(m.name.replace("_", "-") for m in pkgutil.iter_modules(systems.__path__)
               if not m.name.startswith("_"))
    )


def players_to_pair(tournament: Tournament, round_no: int) -> tuple[int, ...]:
    """Start numbers to pair in ``round_no``.

    Everyone on the roster who takes part in that round (not withdrawn, not yet to
    enter) and has no entry in it yet (a requested bye or absence entered before the
    pairing keeps him out).
    """
    existing = tournament.round(round_no)
    taken = existing.players if existing else frozenset()
    return tuple(
        p.start_no for p in tournament.players
        if p.plays_in(round_no) and p.start_no not in taken
    )


def total_rounds(tournament: Tournament, impl: PairingSystem | None = None) -> int | None:
    """How many rounds the tournament has.

    A system whose schedule is fixed by the number of players (round robin) says so
    through a ``rounds(players)`` method; otherwise the setting decides (NSF-1).
    """
    impl = impl or get_system(tournament.settings.system)
    fixed = getattr(impl, "rounds", None)
    if callable(fixed):
        return int(fixed(len(tournament.players)))
    return tournament.settings.rounds


def fixed_rounds(system: str, players: int) -> int | None:
    """The number of rounds ``players`` play in ``system`` when the system fixes it
    (a round robin: ``n - 1`` or ``n`` rounds, twice that double), else ``None``: the
    setting decides (NSF-1).  A round robin never needs ``--rounds`` (issue 26).

    >>> fixed_rounds("round-robin", 23), fixed_rounds("double-round-robin", 8), fixed_rounds("nsf", 23)
    (23, 14, None)
    """
    fixed = getattr(get_system(system), "rounds", None)
    return int(fixed(players)) if callable(fixed) and players else None


def pair_round(tournament: Tournament, system: str | None = None, *, round_no: int | None = None,
               repair: bool = False) -> Round:
    """Pair the next round (or ``round_no``) and return it, without storing it.

    Refuses a round that already holds a pairing unless ``repair`` is true, in which
    case its boards and pairing bye are discarded and paired again.  The new round
    records the earlier games still pending (:attr:`Round.paired_around`) and, for a
    system that pairs from a round list, that list (:attr:`Round.paired_from`, DSU-7,
    as the system returns it).
    """
    n = tournament.next_round if round_no is None else round_no
    impl = get_system(system or tournament.settings.system)
    rounds_total = total_rounds(tournament, impl)
    if rounds_total is not None and n > rounds_total and round_no is None:
        raise PairingError(ntr("the only round is paired already",
                               "all {n} rounds are paired already", rounds_total))
    existing = tournament.round(n)
    work = tournament
    if existing is not None and existing.is_paired:
        if not repair:
            raise PairingError(tr("round {round} is already paired; use --repair to pair it again",
                                  round=n))
        kept = tuple(b for b in existing.byes if b.result is not Result.PAIRING_BYE)
        work = tournament.copy()
        work.set_round(Round(n, (), kept))
        existing = work.round(n)
    players = players_to_pair(work, n)
    history = work.copy()
    history.rounds = [r for r in work.rounds if r.number < n]
    if existing is not None:
        history.rounds.append(existing)
    new = impl.pair(history, n, players)
    pre = existing.byes if existing is not None else ()
    # the games still pending now are part of what the round was paired from (issue 26),
    # and so is the round list the system paired it from, kept as written (DSU-7)
    return Round(n, new.games, tuple(pre) + tuple(b for b in new.byes if b not in pre),
                 paired_around=work.pending_games(n), paired_from=new.paired_from)
