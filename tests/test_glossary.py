"""Issue 37 item 12: the glossary in docs/i18n.md marks the terms each federation does
not use; no translation may use one.  The test reads the glossary's table "Terms a
catalog must not use" and every message of the nb, sv and da catalogs, and the word
tables of ``converters/layout.py`` (legend names, Settings labels and help), and fails
on a wrong term where the English says what the row is about; and on a decimal point in
a Nordic number that is not a code copied from the English."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from babel.messages.pofile import read_po
from conftest import REPO

from monrad.converters import layout as L

LANGS = ("nb", "sv", "da")
LAYOUT_LANG = {"nb": "no", "sv": "sv", "da": "da"}


@dataclass(frozen=True)
class Rule:
    langs: tuple[str, ...]
    wrong: tuple[str, ...]
    has: tuple[str, ...]
    has_not: tuple[str, ...]

    def applies(self, english: str) -> bool:
        low = english.casefold()
        return (any(re.search(rf"\b{re.escape(w)}\b", low) for w in self.has)
                and not any(re.search(rf"\b{re.escape(w)}", low) for w in self.has_not))

    def found(self, translation: str) -> list[str]:
        low = translation.casefold()
        return [w for w in self.wrong if re.search(rf"\b{re.escape(w)}", low)]


def _ticked(cell: str) -> tuple[str, ...]:
    return tuple(t.casefold() for t in re.findall(r"`([^`]+)`", cell))


def glossary_rules() -> list[Rule]:
    text = (REPO / "docs" / "i18n.md").read_text(encoding="utf-8")
    section = text.split("### Terms a catalog must not use", 1)[1].split("\n#", 1)[0]
    rules = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not cells[1].startswith("`"):
            continue
        langs = tuple(x.strip() for x in cells[0].split(","))
        rules.append(Rule(langs, _ticked(cells[1]), _ticked(cells[3]), _ticked(cells[4])))
    return rules


def _catalog(lang: str) -> list[tuple[str, str]]:
    """(English, translation) of every message, plural forms each."""
    with (REPO / "engine" / "locale" / lang / "LC_MESSAGES" / "monrad.po").open("rb") as fh:
        cat = read_po(fh, locale=lang)
    out = []
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings)]
    return out


def _tables(lang: str) -> list[tuple[str, str]]:
    """(English, translation) of the word tables a workbook and a legend show."""
    code = LAYOUT_LANG[lang]
    tables = (L.TIEBREAK_NAMES, L.TIEBREAK_MODIFIERS, L.SETTINGS_KEYS, L.SETTINGS_HELP)
    return [(words["en"], words[code]) for table in tables for words in table.values()]


def test_issue37_item12_the_glossary_has_rules_for_every_nordic_language() -> None:
    rules = glossary_rules()
    assert len(rules) >= 7
    assert {lang for r in rules for lang in r.langs} == set(LANGS)
    sv_lot = next(r for r in rules if "lottning" in r.wrong)
    assert sv_lot.applies("Lot seed: {seed} ({source})")
    assert not sv_lot.applies("the pairing of round {round}")
    assert sv_lot.found("Frö för lottning: 8") and not sv_lot.found("lottdragning")


@pytest.mark.parametrize("lang", LANGS)
def test_issue37_item12_no_catalog_uses_a_term_the_glossary_marks_wrong(lang: str) -> None:
    wrong = []
    for english, translation in _catalog(lang) + _tables(lang):
        for rule in glossary_rules():
            if lang in rule.langs and rule.applies(english) and rule.found(translation):
                wrong.append((english, translation, rule.found(translation)))
    assert not wrong, wrong


@pytest.mark.parametrize("lang", LANGS)
def test_issue37_item12_nordic_numbers_have_a_decimal_comma(lang: str) -> None:
    """A number with a decimal point in a Nordic translation is a file's code copied
    from the English (``1, 0.5 or 0``), never a number written for the reader."""
    wrong = [(english, translation) for english, translation in _catalog(lang) + _tables(lang)
             for number in re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", translation)
             if number not in english]
    assert not wrong, wrong
