"""The explanation of a round as values: reasons, boards, the bye, floats (issue 18).

A :class:`Reason` is a rule ID (``NSF-9D``, ``SSF-6``, ``C.04.3 C.12``,
``C.04.3 5.2.2``) with a message key and its arguments; its text is written in the
language asked for only when the explanation is rendered (:mod:`.texts`), so the
same explanation gives the JSON of ``docs/explain.md`` and the text in English,
Norwegian, Swedish or Danish.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..i18n import Message, language_code
from ..pairing import system_title
from .texts import LANGUAGES, heading, message, render

__all__ = ["Arg", "BoardNote", "Explanation", "FileDifference", "FloatNote", "Reason", "points_text"]

Arg = int | str | Fraction | tuple[int, ...]


def points_text(value: Fraction) -> str:
    """``Fraction(5, 2)`` -> ``2.5``; whole numbers without a decimal point."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


@dataclass(frozen=True)
class Reason:
    """One rule that decided something, with what it needs to be said."""

    rule: str
    key: str
    args: Mapping[str, Arg] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        return render(self.key, self.args, lang)

    def message(self) -> Message:
        """The reason's words in no language yet (rendered where it is shown)."""
        return message(self.key, self.args)

    def to_json(self, lang: str = "en") -> dict[str, str]:
        return {"rule": self.rule, "text": self.text(lang)}


@dataclass
class BoardNote:
    """One board of the round and why it is so."""

    board: int
    white: int
    black: int
    reasons: list[Reason] = field(default_factory=list)


@dataclass
class FloatNote:
    """A player paired against a different score (``down``: he had more points)."""

    player: int
    direction: str
    reasons: list[Reason] = field(default_factory=list)


@dataclass
class FileDifference(BoardNote):
    """A board of the file's round that the rules would not pair so, and why (board 0:
    a pairing-allocated bye that differs)."""


@dataclass
class Explanation:
    """Why round ``round`` is paired as it is (JSON schema in docs/explain.md)."""

    round: int
    system: str
    boards: list[BoardNote] = field(default_factory=list)
    bye: int | None = None
    bye_reasons: list[Reason] = field(default_factory=list)
    floats: list[FloatNote] = field(default_factory=list)
    #: reasons about the round as a whole (round list, Berger row, brackets ...)
    general: list[Reason] = field(default_factory=list)
    #: the order the round was paired from (round list / pairing order), top first
    order: list[int] = field(default_factory=list)
    #: Dutch: the score brackets in order, each as a dict of lists (see docs/explain.md)
    brackets: list[dict[str, object]] = field(default_factory=list)
    #: for a round already in the file: does the file's pairing equal the rules' one
    file_matches: bool | None = None
    differences: list[FileDifference] = field(default_factory=list)
    #: the heading of a float: ``float`` (Swiss: floats down/up) or ``group`` (a Monrad
    #: list: meets a lower/higher score group)
    float_words: str = "float"

    def pairs(self) -> set[frozenset[int]]:
        """The pairing the explanation describes, as unordered pairs."""
        return {frozenset((b.white, b.black)) for b in self.boards}

    def to_json(self, lang: str = "en") -> dict[str, object]:
        """The stable JSON form (docs/explain.md)."""
        if language_code(lang) is None:
            raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
        out: dict[str, object] = {
            "round": self.round,
            "system": self.system,
            "general": [r.to_json(lang) for r in self.general],
            "order": list(self.order),
            "boards": [{"board": b.board, "white": b.white, "black": b.black,
                        "reasons": [r.to_json(lang) for r in b.reasons]} for b in self.boards],
            "bye": ({"player": self.bye, "reasons": [r.to_json(lang) for r in self.bye_reasons]}
                    if self.bye is not None else None),
            "floats": [{"player": f.player, "direction": f.direction,
                        "reasons": [r.to_json(lang) for r in f.reasons]} for f in self.floats],
        }
        if self.brackets:
            out["brackets"] = [dict(b) for b in self.brackets]
        if self.file_matches is not None:
            out["file"] = {
                "matches": self.file_matches,
                "differences": [{"board": d.board, "white": d.white, "black": d.black,
                                 "reasons": [r.to_json(lang) for r in d.reasons]}
                                for d in self.differences],
            }
        return out

    def to_text(self, lang: str = "en") -> str:
        """The same content for people, in ``lang`` (en, no, sv, da)."""
        if language_code(lang) is None:
            raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
        lines = [heading("round", lang, round=self.round, system=system_title(self.system, lang))]
        for r in self.general:
            lines.append(f"  [{r.rule}] {r.text(lang)}")
        if self.order:
            lines.append(heading("order", lang) + " " + " ".join(map(str, self.order)))
        for b in self.boards:
            lines.append(heading("board", lang, board=b.board, white=b.white, black=b.black))
            lines.extend(f"  [{r.rule}] {r.text(lang)}" for r in b.reasons)
        if self.bye is not None:
            lines.append(heading("bye", lang, player=self.bye))
            lines.extend(f"  [{r.rule}] {r.text(lang)}" for r in self.bye_reasons)
        for f in self.floats:
            lines.append(heading(f"{self.float_words}_{f.direction}", lang, player=f.player))
            lines.extend(f"  [{r.rule}] {r.text(lang)}" for r in f.reasons)
        if self.file_matches is not None:
            lines.append(heading("file_same" if self.file_matches else "file_differs", lang))
            for d in self.differences:
                lines.append(heading("file_board", lang, board=d.board, white=d.white, black=d.black))
                lines.extend(f"  [{r.rule}] {r.text(lang)}" for r in d.reasons)
        return "\n".join(lines) + "\n"
