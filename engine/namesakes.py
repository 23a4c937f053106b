"""Two roster rows of one name: the same player entered twice, or namesakes (issue 36 item 3).

A player added again as a late entry ("Öberg, Åsa" typed once more, without an id or a
birth year) would be paired on two boards of one round.  Two rows are the **same
player** when their names are the same -- case, blanks and the order ``First Last`` /
``Last, First`` aside -- and nothing tells them apart: no field that *both* rows fill
in differs (:data:`IDENTITY`: FIDE ID, national ID, birth year, rating, national
rating, club, federation, sex).  A field one row leaves empty tells nothing.  Rows
that something tells apart are **namesakes**: two players, worth a note.

The readers refuse the first (naming both rows, or both lines) and note the second;
this module only compares.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .i18n import Message, ptr, tr
from .model import Player

__all__ = ["IDENTITY", "Namesakes", "identity_words", "name_key", "namesakes", "note", "refusal",
           "roster_notes"]

#: the fields that tell two players of one name apart, and their words
IDENTITY: dict[str, Message] = {
    "fide_id": ptr("player field", "FIDE ID"),
    "national_id": ptr("player field", "national ID"),
    "birth": ptr("player field", "birth year"),
    "rating": ptr("player field", "rating"),
    "national_rating": ptr("player field", "national rating"),
    "club": ptr("player field", "club"),
    "federation": ptr("player field", "federation"),
    "sex": ptr("player field", "sex"),
}


@dataclass(frozen=True)
class Namesakes:
    """Two roster rows of one name and the fields that tell them apart (none: the
    same player twice)."""

    first: Player
    second: Player
    told_apart_by: tuple[str, ...]

    @property
    def same_player(self) -> bool:
        return not self.told_apart_by


def name_key(name: str) -> tuple[str, ...]:
    """A name as compared: its words, case-folded, in any order (``Öberg, Åsa`` is
    ``Åsa Öberg``).

    >>> name_key("Öberg, Åsa") == name_key(" åsa  ÖBERG ")
    True
    """
    text = unicodedata.normalize("NFC", name).casefold().replace(",", " ")
    return tuple(sorted(text.split()))


def _value(p: Player, fld: str) -> object:
    """The field as compared: a birth date by its year, text case-folded, 0 as empty."""
    v = getattr(p, fld)
    if fld == "birth":
        year = re.search(r"\d{4}", str(v))
        return year.group(0) if year else str(v).strip()
    if isinstance(v, str):
        return " ".join(v.casefold().split())
    return v


def namesakes(players: Iterable[Player]) -> list[Namesakes]:
    """Every two players of one name, in roster order, each with what tells them apart.

    >>> a = Player(1, "Öberg, Åsa", rating=1650, birth="2011")
    >>> [n.same_player for n in namesakes([a, Player(9, "Åsa Öberg")])]
    [True]
    >>> namesakes([a, Player(9, "Öberg, Åsa", birth="2012")])[0].told_apart_by
    ('birth',)
    """
    by_name: dict[tuple[str, ...], list[Player]] = {}
    for p in players:
        by_name.setdefault(name_key(p.name), []).append(p)
    out = []
    for group in by_name.values():
        for i, first in enumerate(group):
            for second in group[i + 1:]:
                fields = tuple(f for f in IDENTITY
                               if (a := _value(first, f)) not in ("", 0, None)
                               and (b := _value(second, f)) not in ("", 0, None) and a != b)
                out.append(Namesakes(first, second, fields))
    return out


def identity_words(fields: Sequence[str]) -> str:
    """The fields that tell namesakes apart, in words of the language in force
    (``birth year, club``)."""
    return ", ".join(str(IDENTITY[f]) for f in fields)


def refusal(pair: Namesakes, first: int, second: int, *, lines: bool = False) -> Message:
    """Why a roster is refused: rows (or ``lines`` of a text file) ``first`` and
    ``second`` are the same player."""
    if lines:
        return tr("lines {first} and {second} are the same player {name!r}: nothing tells "
                  "them apart (FIDE ID, national ID, birth year, rating, club); delete one "
                  "line, or fill in what tells them apart", first=first, second=second,
                  name=pair.second.name)
    return tr("rows {first} and {second} are the same player {name!r}: nothing tells them "
              "apart (FIDE ID, national ID, birth year, rating, club); delete one row, or fill "
              "in what tells them apart", first=first, second=second, name=pair.second.name)


def roster_notes(players: Iterable[Player]) -> list[Message]:
    """The note on every two namesakes told apart, by start number: said at each
    pairing of a workbook, so that each result goes on the right one's board."""
    return [tr("two players named {name!r} (nos. {first} and {second}), told apart by "
               "{fields}", name=pair.second.name, first=pair.first.start_no,
               second=pair.second.start_no, fields=identity_words(pair.told_apart_by))
            for pair in namesakes(players) if not pair.same_player]


def note(pair: Namesakes, file: str, first: int, second: int, *, lines: bool = False) -> Message:
    """The note on two namesakes told apart, at rows (or ``lines``) ``first`` and ``second``."""
    words = identity_words(pair.told_apart_by)
    if lines:
        return tr("{file}: two players named {name!r} (lines {first} and {second}), told apart "
                  "by {fields}", file=file, name=pair.second.name, first=first, second=second,
                  fields=words)
    return tr("{file}: two players named {name!r} (rows {first} and {second}), told apart by "
              "{fields}", file=file, name=pair.second.name, first=first, second=second,
              fields=words)
