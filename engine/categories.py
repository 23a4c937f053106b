"""Prize categories (issue 41): who belongs to which class of an open event, and the
standings of each class.

Nordic opens give class prizes -- rating bands ("ratingpremier", "klassepremier"),
age groups by birth year (junior, senior 65+), women, unrated players, the best of a
club -- and arbiters read the classes off the roster.  A category is a name and its
conditions, written as the secretary writes them in the workbook's Settings, in any
of the four languages::

    U1800: rating 1600-1799            Junior: født 2006-
    Senior B: born -1974, rating -1759  Kvinner: kjønn k
    Uratet: uratet                      Klubb: klubb Oslo SK
    Lag A: group A|B                    Nasjonal: nasjonal rating -1499

Conditions (all must hold; ``,`` or ``;`` between them): ``rating`` (the roster's
rating) or ``national rating`` with a range ``1600-1799``, ``-1599``, ``2000-``,
``<1600``, ``<=1599``, ``>1999``, ``>=2000``, ``under 1600``; ``unrated`` (rating 0);
``born`` with a year or a range of years; ``sex`` ``m``/``w`` (``k``, ``f`` read as
``w``) or ``women``; ``club`` and ``group`` with names (``|`` between alternatives;
the roster's free *Group* column).  The words are a file format (docs/i18n.md): every
language's word is read, and :meth:`Category.text` writes the English ones.

Each player's categories follow from the roster; the roster's *Categories* column
overrides them per player (:func:`player_categories`): plain names replace what the
roster gives, ``+Name`` adds one, ``-Name`` takes one away, ``none`` takes the player
out of every prize (the organiser's own, a withdrawal the rules exclude).

The standings of a category are the event's standings of its members, with their
place in the category (:func:`category_rows`): shared where their overall rank is.
No I/O here: the converters read the texts from the Settings sheet, a TRF's ``XMN``
records or a CSV settings row and hand them over.

>>> c = parse_category("U1800: rating 1600-1799, born 2006-")
>>> c.name, c.text()
('U1800', 'U1800: rating 1600-1799, born 2006-')
>>> parse_category("Kvinner: kjønn k").text()
'Kvinner: sex w'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .i18n import LocalizedError, tr
from .model import Player, Tournament

if TYPE_CHECKING:  # annotations only: reading a file's prize settings needs no standings
    from .standings import Row, Standings

__all__ = [
    "CATEGORIES_KEY",
    "EXCLUDED",
    "GROUP_KEY",
    "Category",
    "CategoryError",
    "CategoryRow",
    "Condition",
    "birth_year",
    "categories_of",
    "category_rows",
    "members",
    "parse_categories",
    "parse_category",
    "player_categories",
]

#: ``Player.extra`` keys the roster's *Group* and *Categories* columns fill
GROUP_KEY = "group"
CATEGORIES_KEY = "categories"

#: the override word that takes a player out of every prize, in the four languages
EXCLUDED = frozenset({"none", "ingen", "inga", "ingen premie", "inget", "no prize"})


class CategoryError(LocalizedError, ValueError):
    """A category, or a player's override of them, that cannot be read."""


#: condition keyword (any language, case-folded) -> the condition's kind
_KEYWORDS = {
    "rating": "rating", "elo": "rating", "ratingtal": "rating",
    "national rating": "national", "nasjonal rating": "national",
    "nationell rating": "national", "dansk rating": "national", "dsu rating": "national",
    "born": "born", "født": "born", "född": "born", "fødd": "born", "birth": "born",
    "sex": "sex", "kjønn": "sex", "kön": "sex", "køn": "sex", "gender": "sex",
    "club": "club", "klubb": "club", "klub": "club",
    "group": "group", "gruppe": "group", "grupp": "group",
}
#: conditions written as one word
_SHORTHANDS: dict[str, Condition] = {}
_SEX = {**dict.fromkeys(("w", "k", "f", "woman", "women", "kvinne", "kvinna", "kvinde"), "w"),
        **dict.fromkeys(("m", "man", "men", "mann", "mand"), "m")}
#: the English word of each kind, as :meth:`Category.text` writes it
_WORD = {"rating": "rating", "national": "national rating", "born": "born", "sex": "sex",
         "club": "club", "group": "group", "unrated": "unrated"}
#: the same words in the Nordic languages (read back by :data:`_KEYWORDS`), and the
#: letter for a woman (``m``/``k``, as the rosters write it)
_WORDS = {
    "en": _WORD,
    "nb": {"rating": "rating", "national": "nasjonal rating", "born": "født", "sex": "kjønn",
           "club": "klubb", "group": "gruppe", "unrated": "uratet"},
    "sv": {"rating": "rating", "national": "nationell rating", "born": "född", "sex": "kön",
           "club": "klubb", "group": "grupp", "unrated": "oratad"},
    "da": {"rating": "rating", "national": "dansk rating", "born": "født", "sex": "køn",
           "club": "klub", "group": "gruppe", "unrated": "ratingløs"},
}
_LANG = {"no": "nb", "nn": "nb"}
_NUMBER = r"\d{1,4}"
_RANGE = re.compile(rf"^(?P<lo>{_NUMBER})?\s*[-\u2013]\s*(?P<hi>{_NUMBER})?$")
_COMPARE = re.compile(rf"^(?P<op><=|>=|<|>|under)\s*(?P<n>{_NUMBER})$")


@dataclass(frozen=True)
class Condition:
    """One condition: ``kind`` ``rating``/``national``/``born`` with inclusive bounds
    ``low``..``high`` (``None``: open), ``sex`` with ``values`` ``("w",)``, ``club`` and
    ``group`` with the accepted names (case-folded)."""

    kind: str
    low: int | None = None
    high: int | None = None
    values: tuple[str, ...] = ()

    def holds(self, p: Player) -> bool:
        if self.kind in ("rating", "national", "born"):
            value = {"rating": p.rating, "national": p.national_rating,
                     "born": birth_year(p.birth)}[self.kind]
            if value is None:
                return False
            return (self.low is None or value >= self.low) and (
                self.high is None or value <= self.high)
        if self.kind == "sex":
            return _SEX.get(p.sex.strip().casefold(), p.sex.strip().casefold()) in self.values
        field = p.club if self.kind == "club" else p.extra.get(GROUP_KEY, "")
        return " ".join(field.casefold().split()) in self.values

    def text(self, lang: str = "en") -> str:
        """The condition in the words of ``lang`` (``rating 1600-1799``, ``født 2006-``),
        as the Settings read it back."""
        words = _WORDS.get(_LANG.get(lang, lang), _WORD)
        if self.kind in ("rating", "national", "born"):
            if self.kind == "rating" and self.low == self.high == 0:
                return words["unrated"]
            if self.low is not None and self.low == self.high:
                bounds = str(self.low)
            else:
                bounds = f"{'' if self.low is None else self.low}-" \
                         f"{'' if self.high is None else self.high}"
            return f"{words[self.kind]} {bounds}"
        values = self.values
        if self.kind == "sex" and lang != "en":
            values = tuple("k" if v == "w" else v for v in values)
        return f"{words[self.kind]} {'|'.join(values)}"


@dataclass(frozen=True)
class Category:
    """A prize category: its name and the conditions a player meets to be in it (none:
    everybody)."""

    name: str
    conditions: tuple[Condition, ...] = ()

    def holds(self, p: Player) -> bool:
        """True when the roster puts ``p`` in this category (before any override)."""
        return all(c.holds(p) for c in self.conditions)

    def text(self, lang: str = "en") -> str:
        """The category as the Settings write it, in the words of ``lang`` (English
        where a file carries it: TRF, CSV)."""
        if not self.conditions:
            return f"{self.name}:"
        return f"{self.name}: {', '.join(c.text(lang) for c in self.conditions)}"

    def rule(self, lang: str = "en") -> str:
        """The conditions alone, in the words of ``lang`` (a heading's brackets)."""
        return self.text(lang).partition(":")[2].strip()


_SHORTHANDS.update({
    **dict.fromkeys(("unrated", "uratet", "uratede", "oratad", "oratade", "ratingløs",
                     "ratinglös", "uten rating", "utan rating", "uden rating"),
                    Condition("rating", 0, 0)),
    **dict.fromkeys(("women", "woman", "female", "kvinner", "kvinne", "damer", "dame",
                     "kvinnor", "kvinna", "kvinder", "kvinde"), Condition("sex", values=("w",))),
    **dict.fromkeys(("men", "man", "male", "menn", "mann", "herrer", "herrar", "män",
                     "mænd", "mand"), Condition("sex", values=("m",))),
})


def birth_year(birth: str) -> int | None:
    """The year of a roster's birth cell (``1990``, ``1990/05/01``, ``01.05.1990``),
    ``None`` when it holds none.

    >>> birth_year("01.05.1990"), birth_year("2008"), birth_year("")
    (1990, 2008, None)
    """
    found = re.search(r"(?<!\d)(1[89]\d\d|20\d\d)(?!\d)", birth or "")
    return int(found.group(1)) if found else None


def _bounds(kind: str, text: str, whole: str) -> tuple[int | None, int | None]:
    s = text.strip()
    if s.isdigit():
        return int(s), int(s)
    if (m := _RANGE.match(s)) and (m.group("lo") or m.group("hi")):
        lo = int(m.group("lo")) if m.group("lo") else None
        hi = int(m.group("hi")) if m.group("hi") else None
        if lo is not None and hi is not None and lo > hi:
            raise CategoryError(tr("category {category!r}: {low}-{high} is an empty range",
                                   category=whole, low=lo, high=hi))
        return lo, hi
    if m := _COMPARE.match(s.casefold()):
        n, op = int(m.group("n")), m.group("op")
        return {"<": (None, n - 1), "under": (None, n - 1), "<=": (None, n),
                ">": (n + 1, None), ">=": (n, None)}[op]
    raise CategoryError(tr("category {category!r}: {what} {text!r} is not a number or a "
                           "range such as 1600-1799, -1599, 2000- or <1600",
                           category=whole, what=_WORD[kind], text=text))


def _condition(text: str, whole: str) -> Condition:
    key = " ".join(text.casefold().split())
    if key in _SHORTHANDS:
        return _SHORTHANDS[key]
    for word in sorted(_KEYWORDS, key=len, reverse=True):  # "national rating" before "rating"
        if key == word or key.startswith(word + " "):
            kind = _KEYWORDS[word]
            rest = " ".join(text.split())[len(word):].strip()
            if not rest:
                break
            if kind in ("rating", "national", "born"):
                return Condition(kind, *_bounds(kind, rest, whole))
            if kind == "sex":
                sex = _SEX.get(rest.casefold())
                if sex is None:
                    raise CategoryError(tr("category {category!r}: sex {text!r} is not m or w "
                                           "(k)", category=whole, text=rest))
                return Condition("sex", values=(sex,))
            names = tuple(" ".join(n.casefold().split()) for n in rest.split("|") if n.strip())
            return Condition(kind, values=names)
    raise CategoryError(tr("category {category!r}: cannot read {text!r}; write e.g. rating "
                           "1600-1799, born 2006-, sex w, club NAME, group NAME",
                           category=whole, text=text.strip()))


def parse_category(text: str) -> Category:
    """``Name: condition, condition`` -> :class:`Category` (raises
    :class:`CategoryError` saying what cannot be read)."""
    whole = " ".join(str(text).split())
    name, colon, rest = whole.partition(":")
    name = name.strip()
    if not colon or not name:
        raise CategoryError(tr("category {category!r}: write the name, a colon and the "
                               "conditions, e.g. U1800: rating 1600-1799", category=whole))
    if "," in name or ";" in name or name.casefold() in EXCLUDED or name[:1] in "+-":
        raise CategoryError(tr("category {category!r}: a name cannot hold , or ; nor start "
                               "with + or -, and cannot be {none!r}", category=whole,
                               none="none"))
    parts = [p for p in re.split(r"[;,]", rest) if p.strip()]
    return Category(name, tuple(_condition(p, whole) for p in parts))


def parse_categories(texts: Iterable[str]) -> tuple[Category, ...]:
    """Every category of the Settings, names unique (compared case-folded)."""
    out: list[Category] = []
    seen: set[str] = set()
    for text in texts:
        if not str(text).strip():
            continue
        c = parse_category(text)
        if c.name.casefold() in seen:
            raise CategoryError(tr("category {name!r} is defined twice", name=c.name))
        seen.add(c.name.casefold())
        out.append(c)
    return tuple(out)


def _by_name(categories: Sequence[Category]) -> dict[str, str]:
    return {c.name.casefold(): c.name for c in categories}


def player_categories(p: Player, categories: Sequence[Category]) -> tuple[str, ...] | None:
    """The names of the categories ``p`` is in, in the order they are defined: what
    the roster gives, changed by the player's *Categories* cell (see the module doc);
    ``None`` when that cell takes the player out of every prize."""
    own = [c.name for c in categories if c.holds(p)]
    cell = str(p.extra.get(CATEGORIES_KEY, "") or "").strip()
    if not cell:
        return tuple(own)
    names = _by_name(categories)
    plain: list[str] = []
    add: list[str] = []
    drop: list[str] = []
    for item in (i.strip() for i in re.split(r"[;,]", cell)):
        if not item:
            continue
        if " ".join(item.casefold().split()) in EXCLUDED:
            return None
        sign, word = (item[0], item[1:].strip()) if item[0] in "+-" else ("", item)
        name = names.get(word.casefold())
        if name is None:
            raise CategoryError(tr("player {player} ({name}): {item!r} in the categories "
                                   "column is not a category ({known})", player=p.start_no,
                                   name=p.name, item=item,
                                   known=", ".join(c.name for c in categories) or "-"))
        {"": plain, "+": add, "-": drop}[sign].append(name)
    chosen = set(plain) if plain else set(own)
    chosen = (chosen | set(add)) - set(drop)
    return tuple(c.name for c in categories if c.name in chosen)


def categories_of(t: Tournament, categories: Sequence[Category]
                  ) -> dict[int, tuple[str, ...] | None]:
    """Start number -> :func:`player_categories` of every player of ``t``."""
    return {p.start_no: player_categories(p, categories) for p in t.players}


def members(t: Tournament, categories: Sequence[Category]) -> dict[str, frozenset[int]]:
    """Category name -> the start numbers of its players."""
    out: dict[str, set[int]] = {c.name: set() for c in categories}
    for no, names in categories_of(t, categories).items():
        for name in names or ():
            out[name].add(no)
    return {k: frozenset(v) for k, v in out.items()}


@dataclass(frozen=True)
class CategoryRow:
    """A row of a category's standings: the place in the category (``shared`` where
    the overall rank is shared with another member) and the event's row."""

    place: int
    shared: bool
    row: Row


def category_rows(table: Standings, players: Iterable[int]) -> tuple[CategoryRow, ...]:
    """The standings of the players ``players``, in the event's order, each with the
    place among them: 1 + the number of them ranked better overall.

    >>> from fractions import Fraction
    >>> from monrad.engine.standings import Row, Standings
    >>> rows = tuple(Row(r, s, n, f"P{n}", Fraction(p)) for r, s, n, p in
    ...              [(1, False, 4, 3), (2, True, 1, 2), (2, True, 3, 2), (4, False, 2, 0)])
    >>> [(c.place, c.shared, c.row.start_no) for c in
    ...  category_rows(Standings((), (), rows, 3, "dutch"), {3, 2})]
    [(1, False, 3), (2, False, 2)]
    """
    chosen = set(players)
    rows = [r for r in table.rows if r.start_no in chosen]
    counts: dict[int, int] = {}
    for r in rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    out: list[CategoryRow] = []
    better = 0
    last_rank = None
    place = 0
    for r in rows:
        if r.rank != last_rank:
            place = better + 1
            last_rank = r.rank
        out.append(CategoryRow(place, counts[r.rank] > 1, r))
        better += 1
    return tuple(out)
