"""Prize categories and the prize list (issue 41 item 1), on the worked examples of
docs/prizes.md: a club's open of 16 players with three rating classes, two age groups
and a women's prize (``tests/data/prizes/club-open.trf``), every award checked by hand.

Standings after round 5 (BH/C1, BH, DE, SB, WIN): 1 (4½), 2 (4), 6 and 3 (3½),
4, 5, 7 (3), 10 (2½), 9, 11, 8, 14 (2), 13, 12 (1½), 15, 16 (1).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from conftest import DATA

from monrad.converters.trf import read_trf
from monrad.engine.categories import (
    CategoryError,
    category_rows,
    members,
    parse_category,
    player_categories,
)
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament
from monrad.engine.prizes import (
    PrizeError,
    award_prizes,
    parse_prize_list,
    parse_rule,
    prize_settings,
)
from monrad.engine.standings import standings

OPEN = DATA / "prizes" / "club-open.trf"


def _open(**changes: object) -> Tournament:
    t = read_trf(OPEN)
    t.settings = t.settings.replace(options={**t.settings.options, **changes})
    return t


def _awards(t: Tournament) -> list[tuple[str, tuple[int, int], int, object]]:
    result = award_prizes(t, standings(t), prize_settings(t.settings.options))
    return [(a.category, a.places, a.start_no, a.paid if a.paid is None else int(a.paid))
            for a in result.awards]


def test_issue41_item1_categories_from_the_roster() -> None:
    t = _open()
    got = {k: sorted(v) for k, v in members(t, prize_settings(t.settings.options).categories).items()}
    assert got == {"Klasse 1": [2, 3, 4, 5, 6], "Klasse 2": [7, 8, 9, 10, 11],
                   "Klasse 3": [12, 13, 14, 15, 16],  # -1599 holds the unrated (0)
                   "Junior": [3, 6, 10, 12, 15], "Senior": [5, 8, 13, 16],
                   "Kvinner": [1, 4, 7, 9, 12, 15]}


def test_issue41_item1_category_standings_places() -> None:
    t = _open()
    table = standings(t)
    junior = category_rows(table, members(t, prize_settings(t.settings.options).categories)["Junior"])
    assert [(c.place, c.row.rank, c.row.start_no) for c in junior] == [
        (1, 3, 6), (2, 4, 3), (3, 8, 10), (4, 14, 12), (5, 15, 15)]


def test_issue41_item1_prize_list_split_by_hand() -> None:
    """Split equally (the default), one prize per player, equal prizes by list order:
    6 and 3 share 3rd-4th (1000 + 600 -> 800 each); in Klasse 2, 11 and 8 share 2nd-3rd
    (400 + 200 -> 300 each) while 9, tied with them, took the women's 500; Klasse 1's
    2nd prize finds nobody (2, 6, 3, 5 took more valuable ones, 4 its 1st)."""
    assert _awards(_open()) == [
        ("", (1, 1), 1, 3000), ("", (2, 2), 2, 2000), ("", (3, 4), 6, 800), ("", (3, 4), 3, 800),
        ("Klasse 1", (1, 1), 4, 600),
        ("Klasse 2", (1, 1), 7, 600), ("Klasse 2", (2, 3), 11, 300), ("Klasse 2", (2, 3), 8, 300),
        ("Klasse 3", (1, 1), 14, 600), ("Klasse 3", (2, 2), 13, 400),
        ("Junior", (1, 1), 10, 500), ("Senior", (1, 1), 5, 500),
        ("Kvinner", (1, 1), 9, 500), ("Kvinner", (2, 2), 12, None)]  # the trophy: no money
    t = _open()
    result = award_prizes(t, standings(t), prize_settings(t.settings.options))
    assert [(c, k) for c, k, _ in result.unclaimed] == [("Klasse 1", 2)]
    assert sum(result.paid().values()) == 10900  # 11300 announced less the 400 nobody takes


def test_issue41_item1_prize_list_hort_by_hand() -> None:
    """Hort: each keeps half the prize of the place the tie-breaks give, the other
    halves are split: 6 500 + 400 = 900, 3 300 + 400 = 700; 11 200 + 150, 8 100 + 150."""
    got = {(c, n): paid for c, _, n, paid in _awards(_open(shared_places="hort"))}
    assert (got[("", 6)], got[("", 3)], got[("Klasse 2", 11)], got[("Klasse 2", 8)]) == (
        900, 700, 350, 250)


def test_issue41_item1_prize_list_by_tiebreak() -> None:
    got = {(c, n): (places, paid) for c, places, n, paid in
           _awards(_open(shared_places="tiebreak"))}
    assert got[("", 6)] == ((3, 3), 1000) and got[("", 3)] == ((4, 4), 600)
    assert got[("Klasse 2", 11)] == ((2, 2), 400) and got[("Klasse 2", 8)] == ((3, 3), 200)


def test_issue41_item1_every_prize_and_a_share_without_a_place() -> None:
    """Without "one prize per player", 3 (tied with 6 on 3½) holds no place of the
    whole field's 3 prizes yet shares 3rd: 1000 / 2 each; the two juniors, tied on 3½,
    share the junior prize too."""
    t = _open(one_prize="no", prizes=["3000, 2000, 1000", "Junior: 500"])
    result = award_prizes(t, standings(t), prize_settings(t.settings.options))
    overall = [(a.places, a.start_no, a.prize is not None, int(a.paid or 0))
               for a in result.awards if a.category == ""]
    assert overall == [((1, 1), 1, True, 3000), ((2, 2), 2, True, 2000),
                       ((3, 4), 6, True, 500), ((3, 4), 3, False, 500)]
    assert [(a.start_no, int(a.paid or 0)) for a in result.awards if a.category == "Junior"] \
        == [(6, 250), (3, 250)]


@pytest.mark.parametrize("rule, expected", [
    ("order", {("", 6): 500, ("Junior", 3): 500}),   # the list named first: 3rd overall
    ("place", {("Junior", 6): 500, ("", 3): 500}),   # the better place: 1st junior
])
def test_issue41_item1_equal_prizes_setting(rule: str, expected: dict) -> None:
    t = _open(prizes=["3000, 2000, 500", "Junior: 500"], equal_prizes=rule)
    got = {(c, n): paid for c, _, n, paid in _awards(t) if (c, n) != ("", 1) and (c, n) != ("", 2)}
    assert got == expected


def test_issue41_item1_split_rounds_to_whole_units_keeping_the_total() -> None:
    """Three players tied on every tie-break share 1,000: 334, 333, 333 (the unit left
    over by rounding goes by the standings' order)."""
    t = Tournament(settings=Settings(system="dutch", rounds=3, tiebreaks=("BH",),
                                     options={"prizes": ["1000"]}))
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    t.rounds.append(Round(1, tuple(Game(w, w + 3, Result.WIN) for w in (1, 2, 3))))
    result = award_prizes(t, standings(t), prize_settings(t.settings.options))
    assert [(a.places, a.start_no, a.paid) for a in result.awards] == [
        ((1, 3), 1, 334), ((1, 3), 2, 333), ((1, 3), 3, 333)]


def test_issue41_item1_hort_shares_in_hundredths_when_amounts_have_cents() -> None:
    t = Tournament(settings=Settings(system="dutch", rounds=3, tiebreaks=("BH",),
                                     options={"prizes": ["100,50; 50"], "shared_places": "hort"}))
    for n in range(1, 7):
        t.add_player(Player(n, f"P{n}"))
    t.rounds.append(Round(1, tuple(Game(w, w + 3, Result.WIN) for w in (1, 2, 3))))
    paid = [a.paid for a in award_prizes(t, standings(t), prize_settings(t.settings.options)).awards]
    # halves 50.25 and 25 kept, the other 75.25 split by three (25.0833...)
    assert paid == [Fraction("75.34"), Fraction("50.08"), Fraction("25.08")]
    assert sum(paid) == Fraction("150.50")


def test_issue41_item1_override_per_player() -> None:
    cats = prize_settings({"categories": ["Junior: born 2008-", "Kvinner: sex w",
                                          "U1600: rating -1599"]}).categories
    p = Player(1, "Aas, Mia", sex="w", rating=1650, birth="2012")
    assert player_categories(p, cats) == ("Junior", "Kvinner")
    assert player_categories(p.replace(extra={"categories": "+U1600"}), cats) == (
        "Junior", "Kvinner", "U1600")
    assert player_categories(p.replace(extra={"categories": "-kvinner"}), cats) == ("Junior",)
    assert player_categories(p.replace(extra={"categories": "U1600"}), cats) == ("U1600",)
    assert player_categories(p.replace(extra={"categories": "ingen"}), cats) is None
    with pytest.raises(CategoryError, match="'Senior' in the categories column"):
        player_categories(p.replace(extra={"categories": "Senior"}), cats)


def test_issue41_item1_excluded_player_takes_no_prize() -> None:
    t = _open()
    t.players = [p.replace(extra={**p.extra, "categories": "none"}) if p.start_no == 1 else p
                 for p in t.players]
    got = _awards(t)
    assert ("", (1, 1), 2, 3000) in got and all(n != 1 for _, _, n, _ in got)


@pytest.mark.parametrize("text, canonical", [
    ("U1800: rating 1600-1799", "U1800: rating 1600-1799"),
    ("Junior: født 2006-", "Junior: born 2006-"),
    ("Senior: född -1961, rating <1800", "Senior: born -1961, rating -1799"),
    ("Damer: køn k", "Damer: sex w"),
    ("Kvinnor: kvinnor", "Kvinnor: sex w"),
    ("Uratet: uratet", "Uratet: unrated"),
    ("Klubb: klubb Oslo SK|Asker SK", "Klubb: club oslo sk|asker sk"),
    ("Lag A: gruppe A", "Lag A: group a"),
    ("Eliten: rating >=2000", "Eliten: rating 2000-"),
    ("DSU: dansk rating under 1500", "DSU: national rating -1499"),
])
def test_issue41_item1_category_words_of_four_languages(text: str, canonical: str) -> None:
    assert parse_category(text).text() == canonical
    assert parse_category(canonical).text() == canonical


@pytest.mark.parametrize("text, message", [
    ("U1800 rating 1600-1799", "write the name, a colon"),
    ("U1800: rating 1800-1600", "empty range"),
    ("U1800: rating high", "not a number or a range"),
    ("Damer: sex x", "not m or w"),
    ("Damer: favourite colour blue", "cannot read"),
])
def test_issue41_item1_category_errors_say_what(text: str, message: str) -> None:
    with pytest.raises(CategoryError, match=message):
        parse_category(text)


def test_issue41_item1_prize_lists_and_rules_in_four_languages() -> None:
    cats = prize_settings({"categories": ["U1800: rating -1799"]}).categories
    assert [str(p.amount) for p in parse_prize_list("3 000, 2.000, 1000,-", cats).prizes] == [
        "3000", "2000", "1000"]
    assert parse_prize_list("u1800: Pokal (300); bok", cats).text() == "U1800: Pokal (300), bok"
    assert [p.value for p in parse_prize_list("5000-2000-1000").prizes] == [5000, 2000, 1000]
    with pytest.raises(PrizeError, match="'Senior' is not a category"):
        parse_prize_list("Senior: 500", cats)
    assert [parse_rule("shared_places", w) for w in ("deles", "delas", "Hort", "korrektion")] \
        == ["split", "split", "hort", "tiebreak"]
    assert [parse_rule("one_prize", w) for w in ("ja", "nei", "nej")] == ["yes", "no", "no"]
    assert parse_rule("equal_prizes", "plassering") == "place"
    with pytest.raises(PrizeError, match="not one of split, hort, tiebreak"):
        parse_rule("shared_places", "lottery")
