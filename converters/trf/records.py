"""The tables and small helpers the TRF reader and writer share
(:mod:`monrad.converters.trf.read`, :mod:`monrad.converters.trf.write`): header
records and the ``Tournament.info`` keys they fill, result and bye codes, the
systems a type code names, this project's ``XMN`` extension keys, and the
formatting of points and tie-break lists both sides agree on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction

from ...engine.model import Game, Result, Settings, Tournament

__all__ = [
    "BYE_CODES",
    "DERIVED",
    "EXTENSION",
    "HEADER_INFO",
    "INFO_HEADER",
    "INT_PLAYER_KEYS",
    "LOOSE_BYE_CODES",
    "NRS_RE",
    "RESULT_CODES",
    "STR_PLAYER_KEYS",
    "SYSTEM_TYPES",
    "TRF16",
    "TRF2026",
    "WRITE_CODE",
    "board_key",
    "fmt_points",
    "split_codes",
    "type_code_for",
    "written_tiebreaks",
]

#: the two versions :func:`~monrad.converters.trf.write_trf` writes
TRF16 = "16"
TRF2026 = "2026"

#: header record -> the ``Tournament.info`` key it fills
HEADER_INFO = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "082": "teams",
    "092": "type",
    "102": "arbiter",
    "122": "time_control",
    "172": "rank_method",
    "182": "pairing_controller",
    "222": "time_control_code",
}

#: ``Tournament.info`` key -> its header record
INFO_HEADER = {v: k for k, v in HEADER_INFO.items()}

#: header records derived on writing, ignored on reading
DERIVED = {"062", "072"}

#: a game's result code in a player's round block
RESULT_CODES = {
    "1": Result.WIN,
    "0": Result.LOSS,
    "=": Result.DRAW,
    "+": Result.FORFEIT_WIN,
    "-": Result.FORFEIT_LOSS,
    "W": Result.UNRATED_WIN,
    "D": Result.UNRATED_DRAW,
    "L": Result.UNRATED_LOSS,
    " ": Result.UNKNOWN,
}

#: the code of a round block without an opponent
BYE_CODES = {
    "U": Result.PAIRING_BYE,
    "H": Result.HALF_BYE,
    "F": Result.FULL_BYE,
    "Z": Result.ZERO_BYE,
    " ": Result.ABSENT,
}

#: results some programs write with opponent 0000, read as the nearest bye kind
LOOSE_BYE_CODES = {
    "+": Result.PAIRING_BYE,
    "1": Result.FULL_BYE,
    "W": Result.FULL_BYE,
    "=": Result.HALF_BYE,
    "D": Result.HALF_BYE,
    "-": Result.ZERO_BYE,
    "0": Result.ZERO_BYE,
    "L": Result.ZERO_BYE,
}

#: a result or bye -> the code written for it (a pending game: blank)
WRITE_CODE = {r: c for c, r in RESULT_CODES.items()} | {r: c for c, r in BYE_CODES.items()}
WRITE_CODE[Result.PENDING] = " "

#: record 092 type codes -> the pairing system they name
SYSTEM_TYPES = {
    "FIDE_DUTCH": "dutch",
    "FIDE_DUTCH_2025": "dutch",
    "FIDE_DUTCH_2026": "dutch",
    "FIDE_BURSTEIN": "burstein",
    "FIDE_DUBOV": "dubov",
    "FIDE_LIM": "lim",
}

#: XMN player keys whose values are whole numbers / text (checked on reading)
INT_PLAYER_KEYS = frozenset({"national_rating", "withdrawn_after", "entered_at", "rating"})
STR_PLAYER_KEYS = frozenset({"club", "name", "sex", "title", "federation", "birth", "national_id",
                             "fide_id"})

#: a national-rating record: federation, then a start number
NRS_RE = re.compile(r"^[A-Z]{3} [ 0-9]{3}[0-9]")

#: the tag of this project's own extension records
EXTENSION = "XMN"


def fmt_points(value: Fraction) -> str:
    """Points as TRF writes them: ``2.0``, ``2.5``, ``0.25`` (one decimal when it is exact)."""
    if value.denominator == 1:
        return f"{value.numerator}.0"
    if (value * 10).denominator == 1:
        return f"{float(value):.1f}"
    return f"{float(value):.2f}"


def split_codes(line: str) -> tuple[str, ...]:
    """The comma-separated codes of a record (``202 BH,SB`` -> ``("BH", "SB")``)."""
    return tuple(c.strip() for c in line[4:].split(",") if c.strip())


def written_tiebreaks(s: Settings) -> tuple[str, ...]:
    """The tie-break list a file states: the settings' own, else the system's default."""
    from ...engine.standings import default_tiebreaks

    codes = s.tiebreaks or default_tiebreaks(s.system, s.options)
    return tuple(c for c in codes if c.upper() not in ("LOT", "PTS"))


def type_code_for(t: Tournament) -> str:
    """The record 092 type code written for ``t``: the one read, else from its system."""
    s = t.settings
    if "type_code" in t.info:
        return str(t.info["type_code"])
    if s.system == "dutch":
        return "FIDE_DUTCH_2025" + ("_BAKU" if s.accelerated else "")
    if s.system in ("nsf", "ssf", "dsu", "school", "othello-swiss"):
        return "CUSTOM_SWISS"
    return ""


def board_key(game: Game, running: Mapping[int, Fraction] | Mapping[int, int]
              ) -> tuple[Fraction | int, Fraction | int, int]:
    """Default board order when a file has none: higher scores first (C.04.2 style).
    ``running``: the scores before the round (as Fractions, or as integers in any
    common unit: the order is the same)."""
    w, b = running[game.white], running[game.black]
    return (-max(w, b), -(w + b), min(game.players))
