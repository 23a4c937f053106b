"""What a club's own sheet says about its system: the title block above the header row
("Monrad, 7 runder", "Monrad 5 ronder", "Schweizer", "Berger") and the language of
its headers (issue 15 item 6).

* A title word that names a system or one of its aliases (``SystemFacts.aliases``:
  ``berger`` is the round robin, ``schweizer``/``swiss`` the FIDE Dutch system,
  ``skolemonrad`` the school system, ``nsf``/``ssf``/``dsu`` themselves) decides; a
  country's word for its federation's Monrad (``svensk``, ``danish``) only beside
  "Monrad" ("Svensk Monrad"), since a "Danish Open" is not paired by DSU's rules.
* A title that only says "Monrad" is read with the system whose federation writes in
  the language of the sheet's headers (``SystemFacts.monrad_languages``: Norwegian
  NSF, Swedish SSF, Danish DSU; English headers give NSF).  Headers that do not tell
  Norwegian from Danish (``Navn``, ``Født``, ``Runde`` ...) give NSF too
  (``docs/decisions.md``).
* Nothing said: the reader's default, the FIDE Dutch system.

The number of rounds comes from the same title (:mod:`.sheets`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...engine.pairing import available_systems, canonical_system, system_facts
from ..layout import PLAYER_COLUMNS, ROUND_COLUMNS

__all__ = ["header_language", "title_system"]

#: header words only one language uses (normalised: case-folded, letters only)
_HINTS: dict[str, frozenset[str]] = {
    "no": frozenset({"klubb", "hvit", "merknad", "fødd", "kjønn", "deltaker", "sjakklubb",
                     "etternavn", "tittel", "forbund", "brett"}),
    "sv": frozenset({"namn", "född", "vit", "rond", "spelare", "förening", "anmärkning", "kön",
                     "förnamn", "efternamn", "deltagare", "schackklubb", "utfall", "omgång",
                     "födelseår", "förbund"}),
    "da": frozenset({"klub", "hvid", "sort", "bemærkning", "køn", "deltager", "skakklub",
                     "udfald", "efternavn"}),
    "en": frozenset({"name", "club", "born", "white", "black", "round", "player", "note",
                     "notes", "board", "result", "birth", "surname", "no"}),
}


def _norm(text: object) -> str:
    return re.sub(r"[^\w]+", "", str(text).casefold())


def _unique_layout_words() -> dict[str, str]:
    """Headers of monrad's own layout that only one language uses."""
    seen: dict[str, set[str]] = {}
    for table in (PLAYER_COLUMNS, ROUND_COLUMNS):
        for names in table.values():
            for lang, word in names.items():
                seen.setdefault(_norm(word), set()).add(lang)
    return {w: next(iter(langs)) for w, langs in seen.items() if len(langs) == 1 and w}


def header_language(headers: Iterable[object]) -> str | None:
    """``no``, ``sv``, ``da`` or ``en``: the language most header cells are in, or
    ``None`` when they do not tell (or tie)."""
    layout = _unique_layout_words()
    score = dict.fromkeys(_HINTS, 0)
    for cell in headers:
        word = _norm(cell or "")
        if not word:
            continue
        for lang, words in _HINTS.items():
            if word in words:
                score[lang] += 1
        if word in layout and not any(word in ws for ws in _HINTS.values()):
            score[layout[word]] += 1
    best = max(score.values())
    winners = [lang for lang, v in score.items() if v == best]
    return winners[0] if best and len(winners) == 1 else None


def title_system(lines: Iterable[str], lang: str | None) -> str | None:
    """The system a title block names (see the module doc), or ``None``."""
    words = re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)*", " ".join(lines).casefold())
    known = available_systems()
    for word in words:
        if word == "monrad":
            continue
        name = canonical_system(word)
        # a federation's Monrad named by its country's word ("Svensk", "Danish") only
        # beside "Monrad": a "Danish Open" is not paired by DSU's rules
        national = name != word and bool(system_facts(name).monrad_languages)
        if name in known and (not national or any("monrad" in w for w in words)):
            return name
    if any("monrad" in w for w in words):
        for name in known:
            if (lang or "no") in system_facts(name).monrad_languages:
                return name
    return None
