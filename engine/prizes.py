"""The prize list (issue 41): who takes which prize of an event, and how much.

The Settings announce prizes per place, for the whole field (a prize row without a
name) and per category (:mod:`monrad.engine.categories`): ``3000, 2000, 1000``,
``U1800: 500; 300``, ``Junior: Pokal (300), bok``.  A prize is an amount or a text
(a trophy, a book); a text may carry its worth in brackets, which only serves to
compare it with other prizes (a text without a worth is worth less than any amount).

Three settings decide the rest (docs/prizes.md, where the examples are worked by
hand; each is checked in ``tests/engine/test_prizes.py``):

* **Shared places** (``split``, ``hort``, ``tiebreak``; default ``split``): players
  tied on points in a list share the money of the places they take together --
  equally (``split``), or by the Hort system (each keeps half of the prize of the
  place the tie-breaks give, the other halves are pooled and split equally;
  ``hort``) -- or the tie-breaks give each the prize of their place (``tiebreak``;
  players the tie-breaks cannot part still split).  Only amounts are shared: a text
  prize goes to the player the tie-breaks put on its place.
* **One prize per player** (default yes): each player takes one prize, the most
  valuable one they qualify for; the prize they leave goes to the next player of
  that list.
* **Equal prizes** (``order`` or ``place``; default ``order``): which prize a player
  takes of two equally valuable ones -- the one of the list named first (the whole
  field's list comes first), or the one for the better place.

Which prize a player holds is decided on the prizes as announced and the tie-break
order (:func:`award_prizes`, step 1); the sharing then moves money between the tied
players who hold no prize of another list (step 2).  Shares are paid in whole units
when every amount announced is whole (else in hundredths); what the rounding leaves
goes one unit at a time to the largest remainders, then by the tie-breaks, so the
money paid is the money announced.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING

from .categories import Category, CategoryError, categories_of, parse_categories
from .i18n import LocalizedError, tr
from .model import Tournament

if TYPE_CHECKING:  # annotations only: reading a file's prize settings needs no standings
    from .standings import Row, Standings

__all__ = [
    "EQUAL_PRIZES",
    "OPTION_KEYS",
    "SHARED_PLACES",
    "Award",
    "Prize",
    "PrizeError",
    "PrizeList",
    "PrizeResult",
    "PrizeSettings",
    "award_prizes",
    "option_fault",
    "parse_prize_list",
    "parse_rule",
    "prize_settings",
]

#: the shared-places rules, and the words of the four languages for them
SHARED_PLACES = ("split", "hort", "tiebreak")
#: which of two equal prizes a player takes
EQUAL_PRIZES = ("order", "place")
#: ``Settings.options`` keys of the prize settings (what TRF and CSV carry)
OPTION_KEYS = ("categories", "prizes", "shared_places", "one_prize", "equal_prizes")

_RULE_WORDS: dict[str, dict[str, str]] = {
    "shared_places": {
        **dict.fromkeys(("split", "split equally", "shared", "share", "deles", "del", "deles likt",
                         "delas", "delas lika", "dela", "lige deling", "deling"), "split"),
        **dict.fromkeys(("hort", "hort system", "hortsystemet", "hort-systemet", "horts system"),
                        "hort"),
        **dict.fromkeys(("tiebreak", "tie-break", "tie-breaks", "by tie-break", "korreksjon",
                         "korreksjoner", "särskiljning", "korrektion", "korrektioner"),
                        "tiebreak"),
    },
    "one_prize": {
        **dict.fromkeys(("yes", "ja", "y", "j", "true", "1", "x"), "yes"),
        **dict.fromkeys(("no", "nei", "nej", "n", "false", "0"), "no"),
    },
    "equal_prizes": {
        **dict.fromkeys(("order", "list order", "category order", "first", "rekkefølge",
                         "ordning", "ordningsföljd", "rækkefølge", "først", "först"), "order"),
        **dict.fromkeys(("place", "better place", "plass", "plassering", "placering", "plats",
                         "bedre plass", "bättre placering", "bedre placering"), "place"),
    },
}


class PrizeError(LocalizedError, ValueError):
    """A prize list or a prize setting that cannot be read."""


@dataclass(frozen=True)
class Prize:
    """One announced prize: an ``amount``, or a ``text`` (with an optional ``worth``
    for comparing it with other prizes)."""

    amount: Fraction | None = None
    text: str = ""
    worth: Fraction = Fraction(0)

    @property
    def value(self) -> Fraction:
        """What the prize is worth when prizes are compared."""
        return self.amount if self.amount is not None else self.worth

    def words(self) -> str:
        """The prize as the Settings write it (``500``, ``Pokal (300)``)."""
        if self.amount is not None:
            return _amount_text(self.amount)
        return f"{self.text} ({_amount_text(self.worth)})" if self.worth else self.text


def _amount_text(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}"


@dataclass(frozen=True)
class PrizeList:
    """The prizes of one list, place by place: ``category`` ``""`` is the whole field."""

    category: str
    prizes: tuple[Prize, ...]

    def text(self) -> str:
        sep = "; " if any(p.amount is not None and p.amount.denominator != 1 for p in self.prizes) \
            else ", "
        body = sep.join(p.words() for p in self.prizes)
        return f"{self.category}: {body}" if self.category else body


_CURRENCY = re.compile(r"\s*(?:,-|kr\.?|nok|sek|dkk|eur|€|\$)\s*", re.IGNORECASE)
_AMOUNT = re.compile(r"^\d{1,3}(?:[ \u00a0.,]\d{3})*(?:[.,]\d{1,2})?$|^\d+(?:[.,]\d{1,2})?$")
_WORTH = re.compile(r"^(?P<text>.*?)\s*\((?P<worth>[^()]*)\)$")


def _amount(token: str) -> Fraction | None:
    """``500``, ``1 000``, ``1.000``, ``12,50``, ``500,-``, ``kr 500`` -> the amount;
    ``None`` when ``token`` is no amount."""
    s = _CURRENCY.sub(" ", f" {token} ").strip()
    if not _AMOUNT.match(s):
        return None
    decimals = ""
    m = re.search(r"[.,](\d{1,2})$", s)
    if m:
        decimals, s = m.group(1), s[:m.start()]
    whole = re.sub(r"[ \u00a0.,]", "", s)
    return Fraction(int(whole)) + (Fraction(int(decimals), 10 ** len(decimals)) if decimals
                                   else Fraction(0))


def _prize(token: str, whole: str) -> Prize:
    token = " ".join(token.split())
    amount = _amount(token)
    if amount is not None:
        return Prize(amount)
    m = _WORTH.match(token)
    if m and m.group("text") and (worth := _amount(m.group("worth"))) is not None:
        return Prize(None, m.group("text"), worth)
    if not token:
        raise PrizeError(tr("prizes {prizes!r}: an empty prize between two separators",
                            prizes=whole))
    return Prize(None, token)


def parse_prize_list(text: str, categories: Sequence[Category] = ()) -> PrizeList:
    """``3000, 2000, 1000`` (the whole field), ``U1800: 500; 300``, ``5000-2000-1000``
    -> :class:`PrizeList`.  Places are separated by ``;``, else by ``,``, else (amounts
    only) by ``-``; a decimal comma needs ``;`` between the places.  A name before the
    colon must be one of ``categories``.

    >>> parse_prize_list("3000, 2000, Pokal (300)").text()
    '3000, 2000, Pokal (300)'
    >>> [str(p.amount) for p in parse_prize_list("5000-2000-1000").prizes]
    ['5000', '2000', '1000']
    """
    whole = " ".join(str(text).split())
    name, colon, rest = whole.rpartition(":") if ":" in whole else ("", "", whole)
    name = name.strip()
    if colon and name:
        known = {c.name.casefold(): c.name for c in categories}
        if name.casefold() not in known:
            raise PrizeError(tr("prizes {prizes!r}: {name!r} is not a category ({known})",
                                prizes=whole, name=name,
                                known=", ".join(c.name for c in categories) or "-"))
        name = known[name.casefold()]
    rest = re.sub(r",-(?!\d)", "", rest)  # "1000,-": the Nordic way of writing a sum
    if ";" in rest:
        tokens = rest.split(";")
    elif "," in rest:
        tokens = rest.split(",")
    elif re.fullmatch(r"\s*\d+(?:\s*[-\u2013]\s*\d+)+\s*", rest):
        tokens = re.split(r"[-\u2013]", rest)
    else:
        tokens = [rest]
    if not rest.strip():
        raise PrizeError(tr("prizes {prizes!r}: no prize after the name", prizes=whole))
    return PrizeList(name, tuple(_prize(t, whole) for t in tokens))


def parse_rule(key: str, text: object) -> str:
    """A prize setting's value in any of the four languages -> its English word
    (``deles`` -> ``split``, ``nej`` -> ``no``); raises :class:`PrizeError`."""
    word = " ".join(str(text).casefold().split())
    if isinstance(text, bool):
        word = "yes" if text else "no"
    found = _RULE_WORDS[key].get(word)
    if found is None:
        choices = {"shared_places": SHARED_PLACES, "one_prize": ("yes", "no"),
                   "equal_prizes": EQUAL_PRIZES}[key]
        raise PrizeError(tr("{setting}: {text!r} is not one of {choices}", setting=key,
                            text=str(text), choices=", ".join(choices)))
    return found


@dataclass(frozen=True)
class PrizeSettings:
    """Everything the prize list needs from the Settings."""

    categories: tuple[Category, ...] = ()
    lists: tuple[PrizeList, ...] = ()
    shared_places: str = "split"
    one_prize: bool = True
    equal_prizes: str = "order"

    @property
    def defined(self) -> bool:
        """True when the event has categories or prizes."""
        return bool(self.categories or self.lists)

    def options(self) -> dict[str, object]:
        """The settings as ``Settings.options`` entries (English words; JSON for TRF)."""
        out: dict[str, object] = {}
        if self.categories:
            out["categories"] = [c.text() for c in self.categories]
        if self.lists:
            out["prizes"] = [pl.text() for pl in self.lists]
        if self.shared_places != "split":
            out["shared_places"] = self.shared_places
        if not self.one_prize:
            out["one_prize"] = "no"
        if self.equal_prizes != "order":
            out["equal_prizes"] = self.equal_prizes
        return out


def _texts(value: object) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Iterable):
        return [str(v) for v in value]
    return [str(value)]


def prize_settings(options: Mapping[str, object]) -> PrizeSettings:
    """The prize settings in ``Settings.options`` (raises :class:`PrizeError` or
    :class:`~monrad.engine.categories.CategoryError` for what cannot be read)."""
    categories = parse_categories(_texts(options.get("categories")))
    lists = tuple(parse_prize_list(t, categories) for t in _texts(options.get("prizes"))
                  if str(t).strip())
    seen: set[str] = set()
    for pl in lists:
        if pl.category.casefold() in seen:
            raise PrizeError(tr("the prizes of {name!r} are given twice",
                                name=pl.category or "-"))
        seen.add(pl.category.casefold())
    rules = {k: parse_rule(k, options[k]) for k in ("shared_places", "one_prize", "equal_prizes")
             if options.get(k) not in (None, "")}
    return PrizeSettings(categories, lists, rules.get("shared_places", "split"),
                         rules.get("one_prize", "yes") == "yes",
                         rules.get("equal_prizes", "order"))


def option_fault(options: Mapping[str, object]) -> tuple[str, LocalizedError] | None:
    """The first prize option of ``options`` that cannot be read (the categories, then
    the rules, then the prize lists, which name the categories) and why; ``None`` when
    they all read.  The readers of TRF and CSV name that record's line."""
    taken: dict[str, object] = {}
    for key in ("categories", "shared_places", "one_prize", "equal_prizes", "prizes"):
        if key not in options:
            continue
        taken[key] = options[key]
        try:
            prize_settings(taken)
        except (PrizeError, CategoryError) as exc:
            return key, exc
    return None


@dataclass(frozen=True)
class Award:
    """What one player receives in one list: ``places`` first..last (a range where
    the player shares with others tied on points), the prize whose place the player
    holds (``None``: a share of the pool without holding a place of its own) and the
    money ``paid`` (``None``: a text prize only)."""

    category: str
    places: tuple[int, int]
    start_no: int
    prize: Prize | None
    paid: Fraction | None

    @property
    def shared(self) -> bool:
        return self.places[0] != self.places[1]


@dataclass(frozen=True)
class PrizeResult:
    """The prize list: every award in list order (the whole field's list first, then
    the categories as defined), place by place; the prizes nobody could take; the
    categories' members; the round the standings are after."""

    awards: tuple[Award, ...]
    unclaimed: tuple[tuple[str, int, Prize], ...]
    members: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    upto: int = 0

    def paid(self) -> dict[int, Fraction]:
        """Start number -> all money a player receives."""
        out: dict[int, Fraction] = {}
        for a in self.awards:
            if a.paid:
                out[a.start_no] = out.get(a.start_no, Fraction(0)) + a.paid
        return out


def _eligible_rows(table: Standings, players: frozenset[int] | None,
                   out: set[int]) -> list[Row]:
    return [r for r in table.rows if (players is None or r.start_no in players)
            and r.start_no not in out]


def award_prizes(t: Tournament, table: Standings, settings: PrizeSettings) -> PrizeResult:
    """The prize list of ``t`` after the standings ``table`` (module doc)."""
    cats = categories_of(t, settings.categories)
    excluded = {no for no, names in cats.items() if names is None}
    member_sets: dict[str, frozenset[int] | None] = {"": None}
    for c in settings.categories:
        member_sets[c.name] = frozenset(no for no, names in cats.items() if names and
                                        c.name in names)
    order = {"": 0, **{c.name: i for i, c in enumerate(settings.categories, 1)}}
    lists = sorted(settings.lists, key=lambda pl: order[pl.category])
    lineup = {pl.category: _eligible_rows(table, member_sets[pl.category], excluded)
              for pl in lists}
    holder: dict[tuple[str, int], int] = {}  # (list, place) -> start number
    held: dict[int, tuple[str, int]] = {}     # start number -> its one prize
    unclaimed: list[tuple[str, int, Prize]] = []
    if settings.one_prize:
        _greedy(lists, lineup, order, settings.equal_prizes, holder, held)
    else:
        for pl in lists:
            for k, row in enumerate(lineup[pl.category][:len(pl.prizes)], 1):
                holder[(pl.category, k)] = row.start_no
    awards: list[Award] = []
    unit = Fraction(1) if all(p.amount is None or p.amount.denominator == 1
                              for pl in lists for p in pl.prizes) else Fraction(1, 100)
    for pl in lists:
        others = {no for no, (cat, _) in held.items() if cat != pl.category}
        awards += _share(pl, lineup[pl.category], holder, others, settings.shared_places, unit)
        unclaimed += [(pl.category, k, p) for k, p in enumerate(pl.prizes, 1)
                      if (pl.category, k) not in holder]
    members = {name: tuple(r.start_no for r in table.rows if s is None or r.start_no in s)
               for name, s in member_sets.items() if name}
    return PrizeResult(tuple(awards), tuple(unclaimed), members, table.upto)


def _greedy(lists: Sequence[PrizeList], lineup: Mapping[str, list[Row]], order: Mapping[str, int],
            equal: str, holder: dict[tuple[str, int], int], held: dict[int, tuple[str, int]]
            ) -> None:
    """Step 1, one prize per player: again and again, of every list's next prize
    (its lowest place not given yet) with the best player of that list who holds no
    prize yet, give the most valuable one (equal ones: by ``equal``)."""
    nxt = {pl.category: 1 for pl in lists}
    while True:
        offers = []
        for pl in lists:
            k = nxt[pl.category]
            if k > len(pl.prizes):
                continue
            row = next((r for r in lineup[pl.category] if r.start_no not in held), None)
            if row is None:
                continue
            tie = (order[pl.category], k) if equal == "order" else (k, order[pl.category])
            offers.append((-pl.prizes[k - 1].value, tie, pl.category, k, row.start_no))
        if not offers:
            return
        _, _, cat, k, no = min(offers)
        holder[(cat, k)] = no
        held[no] = (cat, k)
        nxt[cat] = k + 1


def _share(pl: PrizeList, rows: list[Row], holder: Mapping[tuple[str, int], int],
           others: set[int], rule: str, unit: Fraction) -> list[Award]:
    """Step 2 for one list: the players tied on points (``tiebreak``: on rank) among
    those holding a place of it, or no prize of another list, share the money of the
    places they hold."""
    place_of = {no: k for (cat, k), no in holder.items() if cat == pl.category}
    lineup = [r for r in rows if r.start_no not in others]
    out: list[Award] = []
    i = 0

    def key(r: Row) -> object:  # what ties two players
        return r.rank if rule == "tiebreak" else r.points

    while i < len(lineup):
        j = i
        while j < len(lineup) and key(lineup[j]) == key(lineup[i]):
            j += 1
        group = lineup[i:j]
        i = j
        holders = [r for r in group if r.start_no in place_of]
        if not holders:
            continue
        money = {r.start_no: (pl.prizes[place_of[r.start_no] - 1].amount or Fraction(0))
                 for r in holders}
        pool = sum(money.values(), Fraction(0))
        n = len(group)
        if n == 1 or not pool:
            shares = {r.start_no: money.get(r.start_no, Fraction(0)) for r in group}
        elif rule == "hort":
            shares = {r.start_no: money.get(r.start_no, Fraction(0)) / 2 + pool / 2 / n
                      for r in group}
        else:
            shares = {r.start_no: pool / n for r in group}
        paid = _rounded(shares, [r.start_no for r in group], unit)
        first = min(place_of[r.start_no] for r in holders)
        places = (first, first + n - 1) if n > 1 and pool else None
        for r in group:
            prize = pl.prizes[place_of[r.start_no] - 1] if r.start_no in place_of else None
            if prize is None and not paid[r.start_no]:
                continue
            span = places or (place_of[r.start_no],) * 2
            out.append(Award(pl.category, span, r.start_no, prize,
                             paid[r.start_no] if pool or (prize and prize.amount) else None))
    position = {r.start_no: k for k, r in enumerate(rows)}
    out.sort(key=lambda a: (a.places[0], a.places[1], position[a.start_no]))
    return out


def _rounded(shares: Mapping[int, Fraction], order: Sequence[int], unit: Fraction
             ) -> dict[int, Fraction]:
    """The shares in whole ``unit``s, their sum kept: each rounded down, then one unit
    each to the largest remainders (ties: ``order``, the tie-break order)."""
    total = sum(shares.values(), Fraction(0))
    down = {no: floor(v / unit) * unit for no, v in shares.items()}
    left = round((total - sum(down.values(), Fraction(0))) / unit)
    ranked = sorted(order, key=lambda no: (-(shares[no] - down[no]), order.index(no)))
    for no in ranked[:left]:
        down[no] += unit
    return down

