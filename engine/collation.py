"""Alphabetical order in a language: the Unicode CLDR collation of Swedish, Norwegian
bokmål and Danish, and the root order (by the base letter) for English (issue 37
item 11).  Pure Python, so it runs under Pyodide (xlwings Lite) where ICU does not.

Swedish sorts ``... Z, Å, Ä, Ö`` (``Æ`` with ``Ä``, ``Ø`` with ``Ö``); Danish and
Norwegian ``... Z, Æ, Ø, Å`` (``Ä`` with ``Æ``, ``Ö`` with ``Ø``, and ``aa`` as ``å``:
*Aas* comes after *Zahl*); English by the base letter (*Ångström* with the A's).

The tailorings are CLDR's own rules (``common/collation/sv.xml``, ``da.xml``,
``no.xml``, CLDR 44), written below as CLDR writes them and read by a small reader of
that syntax: a reset ``&X`` (or ``&[before 1]X``), then ``<`` a new letter, ``<<`` an
accent variant, ``<<<`` a case variant, ``/x`` an expansion.  The root order under them
is the Unicode Collation Algorithm's for the Latin letters: the base letter first
(primary), then the accents (secondary, in DUCET's order of the marks), then the case
(tertiary); spaces and punctuation sort before digits, digits before letters (CLDR's
default, "non-ignorable").  Other scripts follow the Latin letters in code-point order.
The tests check the order against CLDR's examples (its index letters and the order
each tailoring states; ``tests/engine/test_collation.py``).
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .i18n import language_code

__all__ = ["RULES", "sort_key"]

#: CLDR's standard tailoring of each language (the root, by the base letter, for ``en``)
RULES: dict[str, str] = {
    "en": "",
    # common/collation/sv.xml, type "standard" (= "reformed": v and w are two letters)
    "sv": ("&D<<đ<<<Đ<<ð<<<Ð &t<<<þ/h &T<<<Þ/H &Y<<ü<<<Ü<<ű<<<Ű "
           "&[before 1]ǀ<å<<<Å<ä<<<Ä<<æ<<<Æ<<ę<<<Ę<ö<<<Ö<<ø<<<Ø<<ő<<<Ő<<œ<<<Œ<<ô<<<Ô"),
    # common/collation/da.xml, type "standard" (caseFirst="upper")
    "da": ("&D<<đ<<<Đ<<ð<<<Ð &t<<<þ/h &T<<<Þ/H &Y<<ü<<<Ü<<ű<<<Ű "
           "&[before 1]ǀ<æ<<<Æ<<ä<<<Ä<ø<<<Ø<<ö<<<Ö<<ő<<<Ő<<œ<<<Œ<å<<<Å<<<aa<<<Aa<<<AA"),
    # common/collation/no.xml (nb.xml imports it), type "standard"
    "nb": ("&D<<đ<<<Đ<<ð<<<Ð &t<<<þ/h &T<<<Þ/H &Y<<ü<<<Ü<<ű<<<Ű "
           "&[before 1]ǀ<æ<<<Æ<<ä<<<Ä<<ę<<<Ę<ø<<<Ø<<ö<<<Ö<<ő<<<Ő<<œ<<<Œ<å<<<Å<<aa<<<Aa<<<AA"),
}
#: CLDR's ``caseFirst="upper"`` (Danish): an upper-case letter before its lower case
_UPPER_FIRST = frozenset({"da"})

#: the combining marks in DUCET's secondary order (acute, grave, breve, circumflex,
#: caron, ring, diaeresis, double acute, tilde, dot above, stroke, cedilla, ogonek,
#: macron); an unlisted mark follows them by code point
_MARKS = "\u0301\u0300\u0306\u0302\u030c\u030a\u0308\u030b\u0303\u0307\u0338\u0327\u0328\u0304"
_COMMON = 32          # the secondary weight of a letter without accents
_MARK_WEIGHT = {m: 40 + i for i, m in enumerate(_MARKS)}
#: root letters that are a base letter with a stroke (a secondary difference, as in
#: DUCET) or an expansion (æ = ae, œ = oe, ß = ss, þ after z as its own letter)
_ROOT_VARIANTS = {"ø": ("o", 0x338), "đ": ("d", 0x338), "ł": ("l", 0x338), "ħ": ("h", 0x338)}
_EXPANSIONS = {"æ": "ae", "œ": "oe", "ß": "ss"}
#: the punctuation and symbols a name holds, in DUCET's order (before the digits)
_PUNCT = " _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$"

Element = tuple[int, int, int, int]  # primary, secondary, tertiary, case (0 lower .. 2 upper)


def _root_primary(ch: str) -> int:
    """The primary weight of one character of the root order (0: ignorable)."""
    if ch in _PUNCT:
        return 100 + _PUNCT.index(ch)
    if ch.isdigit():
        return 200 + unicodedata.digit(ch, 0)
    if "a" <= ch <= "z":
        return 1000 + (ord(ch) - ord("a")) * 100
    if ch == "ð":
        return 1000 + 3 * 100 + 50       # eth after d (DUCET)
    if ch == "þ":
        return 1000 + 26 * 100            # thorn after z (DUCET)
    if unicodedata.category(ch).startswith("M"):
        return 0
    if ch.isspace() or unicodedata.category(ch).startswith(("P", "S", "Z", "C")):
        return 150                        # any other separator or symbol
    return 100_000 + ord(ch)              # other scripts, after the Latin letters


#: where a "[before 1]ǀ" reset puts the new letters: after z and þ, before the rest
_AFTER_LATIN = 1000 + 27 * 100


def _case(ch: str) -> int:
    return 1 if ch != ch.lower() else 0


def _case_rank(text: str) -> int:
    """0 lower case, 1 mixed (``Aa``), 2 upper case: the order of CLDR's caseFirst."""
    if text == text.lower():
        return 0
    return 2 if text == text.upper() else 1


def _root_elements(text: str) -> list[Element]:
    """The collation elements of ``text`` in the root order."""
    out: list[Element] = []
    for ch in unicodedata.normalize("NFD", text):
        low = ch.lower()
        if low in _EXPANSIONS:
            for i, part in enumerate(_EXPANSIONS[low]):
                out.append((_root_primary(part), _COMMON + (3 if i == 0 else 0), _case(ch),
                            2 * _case(ch)))
            continue
        if low in _ROOT_VARIANTS:
            base, mark = _ROOT_VARIANTS[low]
            out.append((_root_primary(base), _COMMON, _case(ch), 2 * _case(ch)))
            out.append((0, _MARK_WEIGHT.get(chr(mark), _COMMON), 0, 0))
            continue
        primary = _root_primary(low)
        if primary == 0:  # a combining mark: a secondary difference of the letter before
            out.append((0, _MARK_WEIGHT.get(ch, 60 + ord(ch) % 100), 0, 0))
        else:
            out.append((primary, _COMMON, _case(ch), 2 * _case(ch)))
    return out


def _parse(rules: str) -> dict[str, list[Element]]:
    """CLDR rules -> the collation elements of every string they tailor (NFD)."""
    table: dict[str, list[Element]] = {}
    primary_next = _AFTER_LATIN
    for chain in rules.split():
        reset, *steps = re.split(r"(<<<|<<|<)", chain.lstrip("&"))
        if reset.startswith("[before 1]"):
            primary_next += 10
            current: Element = (primary_next, _COMMON, 0, 0)
        else:
            current = _elements(reset, table)[-1]
        for op, item in zip(steps[0::2], steps[1::2]):
            text, _, extend = item.partition("/")
            p, s, t, _ = current
            upper = _case_rank(text)
            if op == "<":
                primary_next += 10
                current = (primary_next, _COMMON, 0, upper)
            elif op == "<<":
                current = (p, s + 1, 0, upper)
            else:
                current = (p, s, t + 1, upper)
            table[unicodedata.normalize("NFD", text)] = [current, *_elements(extend, table)]
    return table


def _elements(text: str, table: dict[str, list[Element]]) -> list[Element]:
    """The elements of ``text``: the longest tailored string at each place, else the root."""
    text = unicodedata.normalize("NFD", text)
    longest = max((len(k) for k in table), default=0)
    out: list[Element] = []
    i = 0
    while i < len(text):
        for size in range(min(longest, len(text) - i), 0, -1):
            part = text[i:i + size]
            if part in table:
                out.extend(table[part])  # marks after it stay accents (å + acute)
                i += size
                break
        else:
            out.extend(_root_elements(text[i]))
            i += 1
    return out


@cache
def _table(lang: str) -> dict[str, list[Element]]:
    return _parse(RULES[lang])


def _lang(lang: str | None) -> str:
    code = language_code(lang) if lang else None
    return code if code in RULES else "en"


def sort_key(text: str, lang: str | None = None) -> tuple:
    """The sort key of ``text`` in ``lang``'s alphabetical order (``en``, ``nb``/``no``,
    ``sv``, ``da``; any other: English): letters, then accents, then case, then the
    text itself (two different texts never compare equal).

    >>> names = ["Öberg", "Zorn", "Åkesson", "Ängström", "Aas", "Berg"]
    >>> sorted(names, key=lambda n: sort_key(n, "sv"))
    ['Aas', 'Berg', 'Zorn', 'Åkesson', 'Ängström', 'Öberg']
    >>> sorted(names, key=lambda n: sort_key(n, "da"))
    ['Berg', 'Zorn', 'Ängström', 'Öberg', 'Åkesson', 'Aas']
    >>> sorted(names, key=lambda n: sort_key(n, "en"))
    ['Aas', 'Åkesson', 'Ängström', 'Berg', 'Öberg', 'Zorn']
    """
    code = _lang(lang)
    elements = _elements(text, _table(code))
    primaries = tuple(p for p, _, _, _ in elements if p)
    secondaries = tuple(s for _, s, _, _ in elements)
    if code in _UPPER_FIRST:  # the case first, upper before lower, then the rest
        tertiaries = tuple((2 - case, t) for p, _, t, case in elements if p)
    else:
        tertiaries = tuple((0, t) for p, _, t, _ in elements if p)
    return primaries, secondaries, tertiaries, text
