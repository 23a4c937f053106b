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
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal, Protocol, runtime_checkable

from .i18n import LocalizedError, Message, current_language, language_code, ntr, tr
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
    "suggest_systems",
    "system_facts",
    "system_name",
    "system_names",
    "system_scoring",
    "system_title",
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
    #: other names a file or a user may use for the system, in any language (issue 36
    #: item 5: ``swedish``, ``svensk``, ``alle mot alle`` ...); case, spaces, ``-``, ``_``
    #: and brackets do not count (:func:`canonical_system`)
    aliases: tuple[str, ...] = ()
    #: the system's name as a secretary calls it, per language (``en``, ``nb``, ``sv``,
    #: ``da``): the Settings sheet's drop-down and cell show it and it is read back like
    #: an alias, so a renamed translation never makes a workbook unreadable (issue 37
    #: item 6).  No comma: Excel's list drop-down separates its entries with commas.
    names: tuple[tuple[str, str], ...] = ()
    #: the help of the setting "colour of no. 1 in round 1" in the words of the
    #: system's round-1 rule (what an empty cell means); ``None``: the system's colours
    #: do not take the setting (a Berger table; OTH-9), so the row is not shown
    #: (issue 36 item 6)
    initial_colour_help: Message | None = None
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
    """A system name as a key: case, brackets, ``_`` and spaces do not count
    (``Svensk monrad (SSF)`` -> ``svensk-monrad-ssf``)."""
    words = re.split(r"[\s_\-()\[\],.;:/]+", name.strip().casefold())
    return "-".join(w for w in words if w)


def _own_names(name: str) -> tuple[str, ...]:
    """Every name the system ``name`` declares: its aliases and its names in the
    four languages."""
    facts = getattr(get_system(name), "facts", _UNKNOWN)
    return (*facts.aliases, *(shown for _, shown in facts.names))


@lru_cache(maxsize=1)
def _aliases() -> Mapping[str, str]:
    """Every alias and language name a system module declares -> the system's name."""
    out: dict[str, str] = {}
    for name in available_systems():
        for alias in _own_names(name):
            out[_normal(alias)] = name
    return out


@lru_cache(maxsize=1)
def _words() -> Mapping[str, frozenset[str]]:
    """Every word of a system's code, aliases and names -> the systems it names
    (``svensk`` -> ssf; ``monrad`` -> nsf, ssf, dsu, school)."""
    out: dict[str, set[str]] = {}
    for name in available_systems():
        for alias in (name, *_own_names(name)):
            for word in _normal(alias).split("-"):
                if not word.isdigit():
                    out.setdefault(word, set()).add(name)
    return {w: frozenset(s) for w, s in out.items()}


def suggest_systems(name: str) -> tuple[str, ...]:
    """The systems an unknown name means, by meaning, not by letters (issue 36 item 5):
    each word of it that is a system's name of its own (``swedish``, ``skol``) or a
    word of its names (``berger``; a mistyped word counts as the word it is closest
    to), the systems every such word names, else those any word names.

    >>> suggest_systems("swedish system"), suggest_systems("svenska"), suggest_systems("monrad")
    (('ssf',), ('ssf',), ('dsu', 'nsf', 'school', 'ssf'))
    >>> suggest_systems("nfs"), suggest_systems("zzz")
    (('nsf',), ())
    """
    import difflib

    index = _words()
    meant: list[frozenset[str]] = []
    for word in _normal(name).split("-"):
        if word in _aliases() or word in available_systems():  # a name of its own
            meant.append(frozenset({canonical_system(word)}))
        elif word in index:
            meant.append(index[word])
        elif close := difflib.get_close_matches(word, list(index), n=1, cutoff=0.6):
            meant.append(index[close[0]])
    if not meant:
        return ()
    every = frozenset.intersection(*meant)
    return tuple(sorted(every or frozenset.union(*meant)))


def system_name(name: str, lang: str) -> str:
    """The system's name in ``lang`` as its module gives it (``ssf``, ``sv`` ->
    ``Svensk monrad (SSF)``); its code where it gives none.

    >>> system_name("round-robin", "no"), system_name("ssf", "en")
    ('Alle mot alle (Berger)', 'Swedish Monrad (SSF)')
    """
    code = canonical_system(name)
    if code not in available_systems():
        return name
    names = dict(get_system(code).facts.names)
    return names.get(language_code(lang) or "en", names.get("en", code))


def system_names(lang: str) -> tuple[str, ...]:
    """Every system's name in ``lang``, in alphabetical order (the Settings drop-down,
    issue 37 item 6)."""
    return tuple(sorted((system_name(name, lang) for name in available_systems()),
                        key=str.casefold))


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


def system_title(name: str, lang: str | None = None) -> str:
    """The system's name in the headings a reader of ``lang`` (default: the language in
    force) reads: its name in that language (:func:`system_name`, issue 37 item 7).
    English keeps the system's code (``ssf``), as it keeps the tie-breaks' codes.

    >>> system_title("dsu", "da"), system_title("dsu", "en"), system_title("burstein", "sv")
    ('Dansk monrad (DSU)', 'dsu', 'burstein')
    """
    code = language_code(lang) if lang else current_language()
    return name if code in (None, "en") else system_name(name, code)


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
    """The refusal of an unknown system name, with ``did you mean 'ssf'?`` for the
    systems it means (:func:`suggest_systems`) and else the systems there are."""
    meant = suggest_systems(name)
    if len(meant) == 1:
        return tr("unknown pairing system {name!r}; did you mean {close!r}?", name=name,
                  close=meant[0])
    if meant:
        return tr("unknown pairing system {name!r}; did you mean one of {systems}?",
                  name=name, systems=", ".join(meant))
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
