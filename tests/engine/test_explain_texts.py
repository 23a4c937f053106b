"""The words of an explanation (issue 18): four languages, the same fields; stable JSON."""

from __future__ import annotations

import json
import string

import pytest

from monrad.engine.explain import explain_round
from monrad.engine.explain.texts import HEADINGS, LANGUAGES, MESSAGES
from monrad.engine.model import Player, Settings, Tournament


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(MESSAGES) + sorted(HEADINGS))
def test_every_message_in_four_languages_with_the_same_fields(key: str) -> None:
    texts = MESSAGES.get(key) or HEADINGS[key]
    assert len(texts) == len(LANGUAGES) == 4
    assert all(t.strip() for t in texts)
    assert len({frozenset(_fields(t)) for t in texts}) == 1, texts


def _t() -> Tournament:
    t = Tournament(settings=Settings(system="nsf", rounds=3))
    for i in range(1, 6):
        t.add_player(Player(i, f"P{i}"))
    return t


def test_json_is_stable_and_documented_shape() -> None:
    """The keys of docs/explain.md; the same input gives the same bytes."""
    a = json.dumps(explain_round(_t()).to_json("da"), ensure_ascii=False)
    b = json.dumps(explain_round(_t()).to_json("da"), ensure_ascii=False)
    assert a == b
    data = json.loads(a)
    assert list(data) == ["round", "system", "general", "order", "boards", "bye", "floats"]
    assert set(data["boards"][0]) == {"board", "white", "black", "reasons"}
    assert set(data["boards"][0]["reasons"][0]) == {"rule", "text"}
    assert set(data["bye"]) == {"player", "reasons"}


@pytest.mark.parametrize("lang,word", [("en", "Board"), ("no", "Bord"), ("sv", "Bord"), ("da", "Bræt")])
def test_text_in_each_language(lang: str, word: str) -> None:
    text = explain_round(_t()).to_text(lang)
    assert f"{word} 1: 2 - 1" in text
    assert "[NSF-4]" in text and "[NSF-12A]" in text


def test_unknown_language_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        explain_round(_t()).to_text("fi")
