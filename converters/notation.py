"""Game results as people write them: ``1-0``, ``½-½``, ``0,5 - 0,5``, ``remis``, ``+/-`` ...

One parser for every reader of hand-kept files (club workbooks, CSV).  A result is
always written from the first-named (White) player's side; Othello disc scores
(``40-24``) give each player's discs (OTH-6) and the result follows from them.

>>> parse_result("½-½").white
<Result.DRAW: '='>
>>> parse_result("1-0 WO").white, parse_result("0 - 1").black
(<Result.FORFEIT_WIN: '+'>, <Result.WIN: '1'>)
>>> r = parse_result("40-24", othello=True); (r.white, r.white_discs, r.black_discs)
(<Result.WIN: '1'>, 40, 24)
>>> parse_result("") is None
True
>>> format_result(Result.FORFEIT_LOSS)
'-/+'
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from ..engine.i18n import LocalizedError, tr
from ..engine.model import Pending, Result
from .limits import fraction

__all__ = [
    "NotationError",
    "ParsedResult",
    "parse_result",
    "excel_date",
    "format_result",
    "DRAW_WORDS",
    "FORFEIT_WORDS",
    "POSTPONED_WORDS",
    "POSTPONED_LETTERS",
    "ADJOURNED_WORDS",
    "BYE_WORDS",
]


class NotationError(LocalizedError, ValueError):
    """A result cell that is not a result in any notation we know."""


@dataclass(frozen=True)
class ParsedResult:
    """One game's result from the first-named (White) player's side."""

    white: Result
    black: Result
    white_discs: int | None = None
    black_discs: int | None = None
    pending: Pending | None = None


#: Words for a draw (no, sv, da, en, de, fr).
DRAW_WORDS = frozenset({"=", "remis", "remi", "draw", "drawn", "uavgjort", "oavgjort",
                        "uafgjort", "half", "½", "1/2", "=-=", "=:="})
#: Markers after a score meaning the game was not played (walk-over, forfeit).
FORFEIT_WORDS = frozenset({"wo", "w.o.", "w.o", "w/o", "ff", "forfeit", "walkover",
                           "walk-over", "uppgivet", "oppgitt", "frafald", "default",
                           "k", "kampfl", "kampflos", "f"})
#: The letters a federation's own cards use for a postponed game, per language (DSU-1:
#: the Danish course, "For udsatte partier kan der skrives 'u'"; the NSF and SSF texts
#: name the game, "hengeparti", "uppskjutet parti", and no letter).  They join the
#: result drop-down of a workbook in that language and its hints.
POSTPONED_LETTERS: dict[str, tuple[str, ...]] = {"da": ("u",)}
#: Postponed (NSF-5, SSF-3, DSU-1), in any language: the words, the "parti" forms and
#: the letters of :data:`POSTPONED_LETTERS` (``u`` means nothing else in a result cell)
POSTPONED_WORDS = frozenset({"postponed", "utsatt", "utsett", "utsatt parti", "uppskjutet",
                             "uppskjuten", "uppskjutet parti", "udsat", "udskudt",
                             "udsat parti", "*",
                             *(letter for letters in POSTPONED_LETTERS.values()
                               for letter in letters)})
#: Adjourned: started, to be finished later (SSF-3).
ADJOURNED_WORDS = frozenset({"adjourned", "hengeparti", "hengende", "avbrutet", "avbruten",
                             "hængeparti", "afbrudt"})
#: Words for "no opponent this round" in the opponent cell.
BYE_WORDS = frozenset({"bye", "fri", "friomgang", "frirunde", "frirond", "walkover-bye",
                       "oversidder", "oversidde", "sidder over", "pab", "spillefri",
                       "spelfri", "(bye)", "-bye-"})

_FORFEIT_PAIRS = {
    ("+", "-"): (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    ("-", "+"): (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    ("-", "-"): (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    ("+", "+"): (Result.FORFEIT_WIN, Result.FORFEIT_WIN),
}
_FORFEIT_OF = {
    Result.WIN: Result.FORFEIT_WIN,
    Result.LOSS: Result.FORFEIT_LOSS,
    Result.DRAW: Result.FORFEIT_LOSS,
}
_NUMBER = r"(\d+(?:\.\d+)?|\d*½|1/2)"
_SCORE_RE = re.compile(rf"^{_NUMBER}\s*[-:/]\s*{_NUMBER}$")


def _normalise(text: str) -> str:
    s = unicodedata.normalize("NFKC", text).strip().casefold()
    # the many dashes people type, and the "1/2" inside "½"
    s = re.sub(r"[\u2010-\u2015\u2212]", "-", s)
    s = s.replace("\u00bd", "½").replace("1⁄2", "1/2")
    s = re.sub(r"(?<=\d),(?=\d)", ".", s)  # 0,5 -> 0.5
    s = re.sub(r"\s+", " ", s)
    return s


def _number(tok: str) -> Fraction:
    if tok == "1/2":
        return Fraction(1, 2)
    if tok.endswith("½"):
        return Fraction(int(tok[:-1] or 0)) + Fraction(1, 2)
    return fraction(tok)


def _chess(a: Fraction, b: Fraction) -> tuple[Result, Result] | None:
    if (a, b) == (1, 0):
        return Result.WIN, Result.LOSS
    if (a, b) == (0, 1):
        return Result.LOSS, Result.WIN
    if a == b == Fraction(1, 2):
        return Result.DRAW, Result.DRAW
    return None


#: Excel's day 0 (its serial numbers count days from here, 1900 leap-year bug included)
_EXCEL_EPOCH = _dt.date(1899, 12, 30)
#: the serial numbers read as dates: 1 January 1950 .. 31 December 2199, far from any
#: number a result cell could hold (a result is 0 .. 64)
_DATE_SERIALS = ((_dt.date(1950, 1, 1) - _EXCEL_EPOCH).days,
                 (_dt.date(2199, 12, 31) - _EXCEL_EPOCH).days)


def excel_date(number: float) -> _dt.date | None:
    """The date a spreadsheet stored as ``number`` (its serial number), when ``number``
    can only be one: a result typed as ``1/2`` that Excel took for a date reaches a
    file without the cell's format as 46024, its serial number.

    >>> excel_date(46023), excel_date(46023.5), excel_date(1), excel_date(40)
    (datetime.date(2026, 1, 1), datetime.date(2026, 1, 1), None, None)
    """
    low, high = _DATE_SERIALS
    if not low <= number <= high:
        return None
    return _EXCEL_EPOCH + _dt.timedelta(days=int(number))


def parse_result(text: object, *, othello: bool = False) -> ParsedResult | None:
    """Parse one result cell; ``None`` for an empty cell.

    Understood (any case, spaces around the dash optional, ``-``, ``:`` or ``/``
    between the two sides): ``1-0``, ``0-1``, ``½-½``, ``1/2-1/2``, ``0,5-0,5``,
    ``0.5:0.5``, ``=``, ``remis``/``draw``/``uavgjort``; forfeits ``+/-``, ``-/+``,
    ``-/-``, ``+-``, ``-+``, ``--`` and a score followed by ``WO``/``w.o.``/``ff``
    (``1-0 WO``); postponed/adjourned words (``utsatt``, ``postponed``, ``*``, DSU's
    ``u`` ...);
    with ``othello=True`` disc scores such as ``40-24`` (and ``32-32``).

    **Decision:** ``1-0`` and ``0-1`` stay chess-style results (winner known, no disc
    count) even with ``othello=True``: a finished Othello game's discs add up to 64
    (OTH-6), so a disc count of 1-0 cannot be meant.

    Raises :class:`NotationError` for anything else.
    """
    if text is None:
        return None
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        date = excel_date(text)
        if date is None:
            # the number as the reader's language writes it (0,5 in a Swedish message)
            raise NotationError(tr('{text} is a number, not a result such as 1-0', text=text))
        # a date that reached us as its serial number: said as the date (issue 36 item 9)
        number, day = format(text, "g"), date.isoformat()
        raise NotationError(tr(
            "{number} is the date {date} as a number: the spreadsheet turned a result such as "
            "1/2 into a date; type ½-½ (or 1-0, 0-1), or format the result column as text",
            number=number, date=day))
    if isinstance(text, (_dt.date, _dt.datetime)):  # Excel read 1/2 as a date (issue 26)
        raise NotationError(tr(
            "{date} is a date: the spreadsheet turned a result such as 1/2 into a date; type "
            "½-½ (or 1-0, 0-1), or format the result column as text",
            date=f"{text:%Y-%m-%d}"))
    raw = str(text)
    s = _normalise(raw)
    if not s:
        return None
    if s in DRAW_WORDS:
        return ParsedResult(Result.DRAW, Result.DRAW)
    if s in POSTPONED_WORDS:
        return ParsedResult(Result.PENDING, Result.PENDING, pending=Pending.POSTPONED)
    if s in ADJOURNED_WORDS:
        return ParsedResult(Result.PENDING, Result.PENDING, pending=Pending.ADJOURNED)
    compact = s.replace(" ", "")
    m = re.fullmatch(r"([+-])[/:]?([+-])", compact)
    if m:
        fw, fb = _FORFEIT_PAIRS[(m.group(1), m.group(2))]
        return ParsedResult(fw, fb)
    # a score, possibly followed (or preceded) by a forfeit marker: "1-0 WO", "wo 0-1"
    forfeit = False
    tokens = s.split(" ")
    for i in (-1, 0):
        if len(tokens) > 1 and tokens[i].strip("()[]") in FORFEIT_WORDS:
            forfeit = True
            del tokens[i]
            break
    compact = "".join(tokens)
    m = _SCORE_RE.match(compact)
    if not m:
        raise NotationError(tr('{strip!r} is not a result (expected e.g. 1-0, ½-½, 0-1, +/-; '
                               'a postponed game: postponed)', strip=raw.strip()))
    a, b = _number(m.group(1)), _number(m.group(2))
    pair = _chess(a, b)
    if pair is not None:
        w, bl = pair
        if forfeit:
            if w is Result.DRAW:
                raise NotationError(tr('{strip!r}: a forfeit cannot be a draw', strip=raw.strip()))
            w, bl = _FORFEIT_OF[w], _FORFEIT_OF[bl]
        return ParsedResult(w, bl)
    if othello and a.denominator == b.denominator == 1 and a + b <= 64:
        da, db = int(a), int(b)
        if forfeit:
            w, bl = (Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if da > db else (
                Result.FORFEIT_LOSS, Result.FORFEIT_WIN)
            return ParsedResult(w, bl, da, db)
        if da > db:
            return ParsedResult(Result.WIN, Result.LOSS, da, db)
        if da < db:
            return ParsedResult(Result.LOSS, Result.WIN, da, db)
        return ParsedResult(Result.DRAW, Result.DRAW, da, db)
    if forfeit and (a, b) == (0, 0):
        return ParsedResult(Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
    if othello and a.denominator == b.denominator == 1:
        raise NotationError(
            tr('{strip!r} is not a disc count: the two counts add up to {a}, at most 64 '
               '(OTH-6)',
               strip=raw.strip(), a=a + b)
        )
    raise NotationError(
        tr('{strip!r} is not a chess result (the two sides must add up to 1)', strip=raw.strip())
    )


_FORMAT = {
    Result.WIN: "1-0",
    Result.DRAW: "½-½",
    Result.LOSS: "0-1",
    Result.UNRATED_WIN: "1-0",
    Result.UNRATED_DRAW: "½-½",
    Result.UNRATED_LOSS: "0-1",
    Result.FORFEIT_WIN: "+/-",
    Result.FORFEIT_LOSS: "-/+",
    Result.UNKNOWN: "",
}


def format_result(
    white: Result,
    black: Result | None = None,
    white_discs: int | None = None,
    black_discs: int | None = None,
    pending_word: str = "*",
) -> str:
    """The usual way to write a result (White's side first); the inverse of
    :func:`parse_result` for the notations it writes.

    >>> format_result(Result.DRAW), format_result(Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)
    ('½-½', '-/-')
    >>> format_result(Result.LOSS, Result.WIN, 24, 40)
    '24-40'
    """
    black = white.counterpart if black is None else black
    if white is Result.FORFEIT_LOSS and black is Result.FORFEIT_LOSS:
        return "-/-"
    if white is Result.PENDING:
        return pending_word
    if white_discs is not None and black_discs is not None and not white.is_forfeit:
        return f"{white_discs}-{black_discs}"
    return _FORMAT[white]
