"""The words of an explanation (issue 18): stable JSON, text in four languages; the
language slips of issue 26 item 11 (pronouns, decimal points, the nearest group).

That every message has all four languages with the same fields is proven for the whole
catalog in tests/test_i18n.py."""

from __future__ import annotations

import json

import pytest

from monrad.engine.explain import explain_round
from monrad.engine.explain.texts import HEADINGS, MESSAGES
from monrad.engine.model import Player, Settings, Tournament


@pytest.mark.parametrize("key", sorted(MESSAGES) + sorted(HEADINGS))
def test_every_message_translated_in_each_language(key: str) -> None:
    msg = MESSAGES.get(key) or HEADINGS[key]
    english = msg.template("en")
    for lang in ("nb", "sv", "da"):
        assert msg.template(lang) != english or "{" in english and len(english) < 30, (lang, key)


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


@pytest.mark.parametrize("lang,word", [("en", "Board"), ("no", "Bord"), ("sv", "Bord"), ("da", "Bord")])
def test_text_in_each_language(lang: str, word: str) -> None:
    text = explain_round(_t()).to_text(lang)
    assert f"{word} 1: 2 - 1" in text
    assert "[NSF-4]" in text and "[NSF-12A]" in text


def test_unknown_language_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        explain_round(_t()).to_text("fi")


def test_nsf_6b_a_float_past_a_whole_group_is_not_from_the_nearest_group() -> None:
    """Issue 26 item 11: player 5 (1 point) meets player 1 (0) past player 4 (½)."""
    from test_explain_monrad import random_event

    exp = explain_round(random_event("nsf", 6, 3, 1))
    down = {f.player: f.reasons[0] for f in exp.floats if f.direction == "down"}
    assert down[5].key == "m_group_down_far" and down[6].key == "m_group_down"
    text = exp.to_text("no")
    assert "5 (1 poeng) har ingen mulig motstander igjen i sin poenggruppe eller i gruppene " \
           "mellom og møter 1 (0) fra en lavere poenggruppe." in text
    assert "6 (1 poeng) har ingen mulig motstander igjen i sin poenggruppe og møter 4 (½) " \
           "fra nærmeste gruppe under." in text


@pytest.mark.parametrize("lang", ["no", "sv", "da"])
def test_scores_with_half_signs_and_no_pronouns(lang: str) -> None:
    """Issue 26 item 11: "4.5 poeng" with a decimal point, "han" for women: the Nordic
    texts write ½ and name players by number, never by a pronoun."""
    import re

    from test_explain_monrad import random_event

    for seed in range(6):
        text = explain_round(random_event("nsf", 9, 4, seed)).to_text(lang)
        assert not re.search(r"\d\.5", text), text
        assert not re.search(r"\b(han|hun|hon|hans|hennes|hendes|ham|honom|henne)\b", text,
                             re.IGNORECASE), text
