"""Issue 37 item 11: alphabetical order is the language's -- the Unicode CLDR collation
of Swedish, Danish and Norwegian, English by the base letter -- in pure Python
(:mod:`monrad.engine.collation`), checked against CLDR's own data: the rules are CLDR's
word for word, every relation they state holds at the level they state it, and CLDR's
index letters come in CLDR's order (tests/data/cldr, see its origin in
tests/data/README.md)."""

from __future__ import annotations

import doctest
import re

import pytest
from conftest import DATA

from monrad.engine import collation
from monrad.engine.collation import RULES, sort_key


def _cldr() -> dict[str, str]:
    lines = (DATA / "cldr" / "collation-rules.txt").read_text(encoding="utf-8").splitlines()
    return dict(ln.split("\t", 1) for ln in lines if ln and not ln.startswith("#"))


def _level(a: str, b: str, lang: str) -> int:
    """1, 2 or 3: the first level at which ``a`` sorts before ``b`` (0: not before)."""
    ka, kb = sort_key(a, lang), sort_key(b, lang)
    for level in range(3):
        if ka[level] != kb[level]:
            return level + 1 if ka[level] < kb[level] else 0
    return 0


@pytest.mark.parametrize("lang", ["sv", "da", "nb"])
def test_issue37_item11_the_rules_are_cldrs_and_every_relation_they_state_holds(lang: str) -> None:
    assert RULES[lang] == _cldr()[lang]
    levels = {"<": 1, "<<": 2, "<<<": 3}
    for chain in RULES[lang].split():
        reset, *steps = re.split(r"(<<<|<<|<)", chain.lstrip("&"))
        before = None if reset.startswith("[before 1]") else reset
        if before is None:  # the new letters come after z (and after þ's place)
            assert _level("z", steps[1].split("/")[0], lang) == 1
        for op, step in zip(steps[0::2], steps[1::2]):
            item, _, extension = step.partition("/")  # þ/h: þ is t + h, a tertiary after "th"
            # Danish puts an upper-case letter before its lower case (caseFirst="upper")
            case_only = lang == "da" and before is not None and before.lower() == item.lower()
            if before is not None and not case_only:
                assert _level(before + extension, item, lang) == levels[op], (lang, before, op, item)
            elif case_only:
                assert _level(item, before, lang) == 3, (lang, item, before)
            before = item


@pytest.mark.parametrize("lang", ["sv", "da", "nb"])
def test_issue37_item11_cldrs_index_letters_come_in_cldrs_order(lang: str) -> None:
    letters = _cldr()[f"index-{lang}"].split()
    assert sorted(letters, key=lambda x: sort_key(x, lang)) == letters
    words = [f"{x.lower()}ber" for x in letters]
    assert sorted(reversed(words), key=lambda x: sort_key(x, lang)) == words


def test_issue37_item11_the_issues_lists_in_each_language() -> None:
    names = ["Ängström", "Öberg", "Öhrn", "Åkesson", "Åström", "Zetterberg", "Aas"]
    order = {lang: sorted(names, key=lambda n, lang=lang: sort_key(n, lang))
             for lang in ("sv", "da", "nb", "en")}
    assert order["sv"] == ["Aas", "Zetterberg", "Åkesson", "Åström", "Ängström", "Öberg", "Öhrn"]
    # Danish and Norwegian: Ä with Æ, Ö with Ø, then Å; "aa" is å (Aas after Åkesson)
    assert order["da"] == ["Zetterberg", "Ängström", "Öberg", "Öhrn", "Åkesson", "Aas", "Åström"]
    assert order["nb"] == order["da"]
    assert order["en"] == ["Aas", "Åkesson", "Ängström", "Åström", "Öberg", "Öhrn", "Zetterberg"]
    # the accents and the case only decide between names that are otherwise the same
    assert sorted(["Ose", "Öse", "ose"], key=lambda n: sort_key(n, "en")) == ["ose", "Ose", "Öse"]
    assert sorted(["ose", "Ose"], key=lambda n: sort_key(n, "da")) == ["Ose", "ose"]  # upper first
    assert sort_key("Berg, Ola", "sv") < sort_key("Bergh, Ola", "sv")  # the comma comes first
    failed, _ = doctest.testmod(collation)
    assert failed == 0
