"""Reading TRF-16 and TRF-2026 into a :class:`~monrad.engine.model.Tournament`
(see :mod:`monrad.converters.trf` for what is read where)."""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...engine.i18n import Message, ptr, tr
from ...engine.model import (
    ADJUSTMENT_KINDS,
    Adjustment,
    Bye,
    Colour,
    ForbiddenGroup,
    Game,
    ModelError,
    Pending,
    PendingGame,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from ...engine.namesakes import namesakes, refusal
from ...engine.pairing import system_scoring
from ...engine.prizes import option_fault
from ..errors import InputError
from ..limits import MAX_GAME_POINTS, MAX_ROUNDS, MAX_SEED, PLAYER_NUMBER_LIMITS, bounded, fraction
from ..source import read_text
from .records import (
    BYE_CODES,
    DERIVED,
    EXTENSION,
    HEADER_INFO,
    INT_PLAYER_KEYS,
    LOOSE_BYE_CODES,
    NRS_RE,
    RESULT_CODES,
    STR_PLAYER_KEYS,
    SYSTEM_TYPES,
    board_key,
    fmt_points,
    split_codes,
    type_code_for,
    written_tiebreaks,
)

__all__ = ["parse_trf", "read_trf"]


def read_trf(
    source: str | os.PathLike[str] | bytes,
    *,
    warnings: list[str] | None = None,
    name: str | None = None,
) -> Tournament:
    """Read a TRF file (a path) or TRF text into a :class:`Tournament`.

    A ``str`` holding a line break is taken as the text itself, any other ``str`` or
    path as a file name.  Problems that do not stop reading (a points column that
    disagrees with the results ...) are appended to ``warnings`` if given.

    Raises :class:`InputError` naming the file, line and column of anything wrong.
    """
    text, label = read_text(source, name=name, warnings=warnings)
    return parse_trf(text, name=label, warnings=warnings)


#: a result without an opponent, in words (a loose TRF code read as a bye)
_BYE_WORDS = {Result.PAIRING_BYE: ptr("a bye read from a file", "pairing bye"),
              Result.FULL_BYE: ptr("a bye read from a file", "full bye"),
              Result.HALF_BYE: ptr("a bye read from a file", "half bye"),
              Result.ZERO_BYE: ptr("a bye read from a file", "zero bye")}


#: TRF-2026 record 162: result code -> the scoring fields it sets.  ``A`` (absence:
#: zero-point bye or forfeit loss) is the text's; ``Z`` is what bbpPairings v6 reads
#: for the same (it refuses ``A``, which it writes); ``X`` (unknown result) sets no
#: scoring field
_POINTS_162: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye"), "D": ("draw", "half_bye"), "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss", "absent"), "Z": ("zero_bye", "forfeit_loss", "absent"),
    "P": ("pairing_bye",), "X": (),
}


@dataclass
class _Entry:
    opponent: int
    colour: str
    code: str
    line: int
    column: int


#: the deepest nesting of a JSON value an ``XMN`` record may hold (monrad writes 2)
MAX_JSON_DEPTH = 32


def _json(text: str) -> Any:  # noqa: ANN401 - what json.loads gives
    """The JSON value of an ``XMN`` record, refused (``ValueError``) when nested more
    than :data:`MAX_JSON_DEPTH` deep: Python's parser would run out of stack (a
    ``RecursionError``, not a located error) on ``[[[[...``."""
    depth = 0
    quoted = escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise ValueError(str(tr("a value nested more than {n} deep", n=MAX_JSON_DEPTH)))
        elif ch in "]}":
            depth -= 1
    return json.loads(text)


def _key_and_value(rest: str) -> tuple[str, str]:
    """``key value`` of an ``XMN`` record: the key a word, or a JSON string when it has
    blanks (a workbook's column ``Betalt ja``), as :func:`~monrad.converters.trf.write`
    writes it."""
    if rest.startswith('"'):
        key, end = json.JSONDecoder().raw_decode(rest)
        if not isinstance(key, str):
            raise ValueError("the key is not a text")
        return key, rest[end:].lstrip(" ")
    key, _, value = rest.partition(" ")
    return key, value


class _Parser:
    def __init__(self, name: str, warnings: list[str] | None) -> None:
        self.name = name
        self.warnings = warnings
        self.info: dict[str, object] = {}
        self.players: dict[int, Player] = {}
        self.player_lines: dict[int, int] = {}
        self.points_column: dict[int, tuple[Fraction, int]] = {}
        self.entries: dict[int, dict[int, _Entry]] = {}
        self.byes240: list[tuple[int, int, Result, int]] = []
        self.acceleration: dict[int, dict[int, Fraction]] = {}
        self.adjustments: dict[int, list[tuple[Adjustment, int]]] = {}
        self.forbidden: list[ForbiddenGroup] = []
        self.extra: list[str] = []
        self.settings: dict[str, object] = {}
        self.scoring: dict[str, Fraction] = {}
        self.options: dict[str, object] = {}
        self.option_lines: dict[str, int] = {}
        self.seeds: dict[str, int] = {}
        self.player_extra: dict[int, dict[str, object]] = {}
        self.pending: dict[tuple[int, int], Pending] = {}
        self.paired_around: dict[int, list[PendingGame]] = {}
        self.paired_from: dict[int, tuple[tuple[int, ...], int]] = {}
        self.discs: dict[tuple[int, int], tuple[int, int]] = {}
        self.type_code: str | None = None
        self.xxz: list[tuple[int, int]] = []
        self.boards: dict[int, list[int]] = {}

    # --- helpers -----------------------------------------------------------------
    def error(self, message: Message | str, line: int, column: int | None = None) -> InputError:
        return InputError(message, source=self.name, line=line, column=column)

    def warn(self, message: Message | str, line: int | None = None) -> None:
        if self.warnings is not None:
            where = f"{self.name}:{line}" if line is not None else self.name
            self.warnings.append(f"{where}: {message}")

    def integer(self, text: str, what: Message | str, line: int, column: int) -> int:
        s = text.strip()
        if not s.isdigit():
            raise self.error(tr("{what} {value!r} is not a whole number", what=what, value=s),
                             line, column)
        return int(s)

    def points(self, text: str, what: Message | str, line: int, column: int) -> Fraction:
        s = text.strip().replace(",", ".")
        if not re.fullmatch(r"-?\d+(\.\d+)?|-?\.\d+", s):
            raise self.error(tr("{what} {value!r} is not a number", what=what, value=s), line,
                             column)
        return Fraction(s)

    def game_points(self, text: str, what: Message | str, line: int, column: int) -> Fraction:
        """:meth:`points` a scoring gives for one game: at most
        :data:`~monrad.converters.limits.MAX_GAME_POINTS` either way."""
        value = self.points(text, what, line, column)
        if abs(value) > MAX_GAME_POINTS:
            raise self.error(tr("{what} {value} is out of range (-{most} to {most})", what=what,
                                value=text.strip(), most=MAX_GAME_POINTS), line, column)
        return value

    # --- records -----------------------------------------------------------------
    def parse(self, text: str) -> Tournament:
        for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
            if not line.strip() or line.startswith("###"):
                continue
            tag = line[:3]
            handler: Callable[[str, int], None] | None = getattr(self, f"_r{tag}", None)
            try:
                if handler is not None:
                    handler(line, number)
                elif tag in HEADER_INFO:
                    self.info[HEADER_INFO[tag]] = line[4:].rstrip()
                elif tag in DERIVED:
                    continue
                elif tag == EXTENSION:
                    self._extension(line, number)
                elif NRS_RE.match(line) and not tag.startswith(("XX", "BB")):
                    self._national(line, number)
                else:
                    self.extra.append(line)
            except InputError:
                raise
            except (ValueError, IndexError, KeyError, ZeroDivisionError, ModelError) as exc:
                raise self.error(tr("cannot read {record} record: {detail}", record=tag,
                                    detail=str(exc)), number) from None
        return self.build()

    def _r001(self, line: str, n: int) -> None:
        if len(line) < 8:
            raise self.error(tr("001 line is truncated before the start number ends (column 8)"),
                             n, len(line) + 1)
        sn = self.integer(line[4:8], tr("start number"), n, 5)
        if sn < 1:
            raise self.error(tr("start number must be 1 or more"), n, 5)
        if sn in self.players:
            raise self.error(tr("start number {sn} is used twice (also on line {line})", sn=sn,
                                line=self.player_lines[sn]), n, 5)
        rating_text = line[48:52]
        rating = self.integer(rating_text, tr("rating"), n, 49) if rating_text.strip() else 0
        fide_id = line[57:68].strip()
        if fide_id and not fide_id.isdigit():
            raise self.error(tr("FIDE number {fide_id!r} is not a number", fide_id=fide_id), n, 58)
        pts_text = line[80:84]
        if pts_text.strip():
            self.points_column[sn] = (self.points(pts_text, tr("points"), n, 81), n)
        if line[85:89].strip():  # derived; checked, not kept (write_trf computes it)
            self.integer(line[85:89], tr("rank"), n, 86)
        self.players[sn] = Player(
            sn,
            line[14:47].strip(),
            sex=line[9:10].strip(),
            title=line[10:13].strip(),
            rating=rating,
            federation=line[53:56].strip(),
            fide_id=fide_id,
            birth=line[69:79].strip(),
        )
        self.player_lines[sn] = n
        rounds = self.entries.setdefault(sn, {})
        start = 91
        rnd = 1
        while start < len(line):
            block = line[start:start + 8]
            col = start + 1
            if len(block) < 4 and block.strip():
                raise self.error(tr("round {round} is truncated in the opponent field", round=rnd),
                                 n, col)
            block = block.ljust(8)
            if block.strip():
                if too_many := bounded(rnd, tr("round"), 1, MAX_ROUNDS):  # issue 40 item 3
                    raise self.error(too_many, n, col)
                if block[4] != " " or block[6] != " ":
                    raise self.error(tr("round {round}: expected 'NNNN c r' in columns {first}-{last}",
                                        round=rnd, first=col, last=col + 7), n, col)
                opp_text = block[0:4]
                opp = (self.integer(opp_text, tr("round {round} opponent", round=rnd), n, col)
                       if opp_text.strip() else 0)
                colour = block[5].lower()
                code = block[7].upper()
                if colour not in "wb- ":
                    raise self.error(tr("round {round}: colour {colour!r} is not w, b or -",
                                        round=rnd, colour=block[5]), n, col + 5)
                if code not in RESULT_CODES and code not in BYE_CODES:
                    raise self.error(tr("round {round}: unknown result code {code!r} (TRF-2026 "
                                        "defines 1 = 0 + - W D L H F U Z; a game not played yet "
                                        "has a blank result)", round=rnd, code=block[7]), n, col + 7)
                rounds[rnd] = _Entry(opp, colour, code, n, col)
            tail = line[start + 8:start + 10]
            if tail.strip():
                raise self.error(tr("unexpected text {text!r} between rounds {round} and {next}",
                                    text=tail, round=rnd, next=rnd + 1), n, start + 9)
            start += 10
            rnd += 1

    def _r132(self, line: str, n: int) -> None:
        dates: list[str] = []
        start = 91
        while start < len(line):
            if len(dates) == MAX_ROUNDS:  # issue 40 item 3
                if line[start:].strip():
                    raise self.error(tr("dates of more than {most} rounds", most=MAX_ROUNDS), n,
                                     start + 1)
                break
            dates.append(line[start:start + 8].strip())
            start += 10
        self.info["round_dates"] = dates

    def _r112(self, line: str, n: int) -> None:
        deputies = self.info.setdefault("deputies", [])
        assert isinstance(deputies, list)  # only _r112 stores "deputies"
        deputies.append(line[4:].rstrip())

    def _rounds_record(self, line: str, n: int) -> None:
        value = self.integer(line[3:], tr("number of rounds"), n, 5)
        if value < 1:
            raise self.error(tr("number of rounds must be 1 or more"), n, 5)
        if too_many := bounded(value, tr("number of rounds"), 1, MAX_ROUNDS):
            raise self.error(too_many, n, 5)
        self.settings["rounds"] = value

    _r142 = _rounds_record
    _rXXR = _rounds_record

    def _r152(self, line: str, n: int) -> None:
        c = line[4:].strip().upper()
        if c not in ("W", "B"):
            raise self.error(tr("initial colour {colour!r} is not W or B", colour=c), n, 5)
        self.settings["initial_colour"] = Colour.WHITE if c == "W" else Colour.BLACK

    def _rXXC(self, line: str, n: int) -> None:
        for token in line[3:].split():
            if token == "white1":
                self.settings["initial_colour"] = Colour.WHITE
            elif token == "black1":
                self.settings["initial_colour"] = Colour.BLACK
            elif token == "rank":
                self.options["pair_by_rank"] = True
            else:
                raise self.error(tr("unknown XXC option {token!r}", token=token), n,
                                 line.index(token) + 1)

    def _r162(self, line: str, n: int) -> None:
        """TRF-2026 points per result: ``W`` win (over the board or by forfeit) and
        full-point bye, ``D`` draw and half-point bye, ``L`` loss, ``A`` absence
        (zero-point bye or forfeit loss; ``Z`` as bbpPairings reads it), ``P``
        pairing-allocated bye (else as ``W``), ``X`` unknown result (adjourned:
        read, and a game without its result scores nothing until it is in)."""
        line = line.rstrip()
        start = 5
        while start < len(line):
            code = line[start]
            value = self.game_points(line[start + 1:start + 5],
                                     tr("points for {code!r}", code=code), n, start + 2)
            if code not in _POINTS_162:
                raise self.error(tr("unknown 162 result code {code!r}", code=code), n, start + 1)
            for f in _POINTS_162[code]:
                self.scoring[f] = value
            if code == "W":
                self.scoring.setdefault("pairing_bye", value)
            start += 9
            if line[start - 4:start].strip():
                raise self.error(tr("unexpected text in 162 record"), n, start - 3)

    def _bb_points(self, line: str, n: int, fields: tuple[str, ...]) -> None:
        value = self.points(line[4:12], tr("{record} points", record=line[:3]), n, 5)
        for f in fields:
            self.scoring[f] = value

    def _rBBW(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("win", "forfeit_win", "full_bye"))
        self.scoring.setdefault("pairing_bye", self.scoring["win"])

    def _rBBD(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("draw", "half_bye"))

    def _rBBL(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("loss",))

    def _rBBZ(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("zero_bye", "absent"))

    def _rBBF(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("forfeit_loss",))

    def _rBBU(self, line: str, n: int) -> None:
        self._bb_points(line, n, ("pairing_bye",))

    def _rXXS(self, line: str, n: int) -> None:
        names = {"WW": "win", "BW": "win", "W": "win", "WD": "draw", "BD": "draw", "D": "draw",
                 "WL": "loss", "BL": "loss", "ZPB": "zero_bye", "HPB": "half_bye",
                 "FPB": "full_bye", "PAB": "pairing_bye", "FW": "forfeit_win", "FL": "forfeit_loss"}
        for token in line[3:].split():
            key, _, value = token.partition("=")
            if key.upper() not in names or not value:
                raise self.error(tr("unknown XXS entry {token!r}", token=token), n,
                                 line.index(token) + 1)
            self.scoring[names[key.upper()]] = self.game_points(value, f"XXS {key}", n,
                                                                line.index(token) + 1)

    def _rXXZ(self, line: str, n: int) -> None:
        """JaVaFo's list of players not to be paired in the next round: zero-point byes."""
        self.xxz.extend((self.integer(tok, tr("{record} player", record="XXZ"), n, 5), n)
                        for tok in line[3:].split())

    def _r240(self, line: str, n: int) -> None:
        kind = line[4:5].upper()
        result = {"F": Result.FULL_BYE, "H": Result.HALF_BYE, "Z": Result.ZERO_BYE}.get(kind)
        if result is None:
            raise self.error(tr("240 bye type {kind!r} is not F, H or Z", kind=kind), n, 5)
        rnd = self.integer(line[6:9], tr("{record} round", record="240"), n, 7)
        start = 10
        while start < len(line):
            if line[start:start + 4].strip():
                self.byes240.append((rnd, self.integer(line[start:start + 4],
                                                       tr("{record} player", record="240"), n,
                                                       start + 1), result, n))
            start += 5

    def _r299(self, line: str, n: int) -> None:
        """TRF-2026 abnormal points assignment: type (column 5; blank: bonus or
        penalty), points (columns 14-17, ``[-]11.5``), round (20-22; ``000`` or blank:
        all rounds), then start numbers from column 24, one every five columns.  Match
        points (8-11) are for team events and are not read."""
        kind = line[4:5].strip().upper()
        if kind and kind not in ADJUSTMENT_KINDS:
            raise self.error(tr("299 assignment type {kind!r} is not one of {kinds} or blank",
                                kind=line[4], kinds=" ".join(ADJUSTMENT_KINDS)), n, 5)
        if len(line.rstrip()) < 27:
            raise self.error(tr("299 record is truncated (needs points, round and a player, "
                                "columns 14-27)"), n, len(line.rstrip()) + 1)
        pts = self.points(line[13:17], tr("{record} points", record="299"), n, 14)
        rnd = (self.integer(line[19:22], tr("{record} round", record="299"), n, 20)
               if line[19:22].strip() else 0)
        start = 23
        while start < len(line):
            if line[start:start + 4].strip():
                sn = self.integer(line[start:start + 4], tr("{record} player", record="299"), n,
                                  start + 1)
                self.adjustments.setdefault(sn, []).append((Adjustment(rnd, pts, kind), n))
            if line[start + 4:start + 5].strip():
                raise self.error(tr("299 record: start numbers stand in columns of four, "
                                    "one blank apart"), n, start + 5)
            start += 5

    def _r250(self, line: str, n: int) -> None:
        if len(line) < 31:
            raise self.error(tr("250 record is truncated (needs columns 1-31)"), n, len(line) + 1)
        pts = self.points(line[9:13], tr("{record} points", record="250"), n, 10)
        first_round = self.integer(line[14:17], tr("{record} first round", record="250"), n, 15)
        last_round = self.integer(line[18:21], tr("{record} last round", record="250"), n, 19)
        first = self.integer(line[22:26], tr("{record} first player", record="250"), n, 23)
        last = self.integer(line[27:31], tr("{record} last player", record="250"), n, 28)
        if first_round < 1 or first_round > last_round or first > last:
            raise self.error(tr("250 record: ranges must run from low to high"), n, 15)
        for p in range(first, last + 1):
            acc = self.acceleration.setdefault(p, {})
            for r in range(first_round, last_round + 1):
                acc[r] = pts

    def _rXXA(self, line: str, n: int) -> None:
        sn = self.integer(line[4:8], tr("{record} player", record="XXA"), n, 5)
        acc = self.acceleration.setdefault(sn, {})
        start, rnd = 9, 1
        while start < len(line):
            field = line[start:start + 4]
            if field.strip():
                if too_many := bounded(rnd, tr("round"), 1, MAX_ROUNDS):  # issue 40 item 3
                    raise self.error(too_many, n, start + 1)
                acc[rnd] = self.points(field, tr("{record} round {round}", record="XXA", round=rnd),
                                       n, start + 1)
            start += 5
            rnd += 1

    def _r260(self, line: str, n: int) -> None:
        first = self.integer(line[4:7], tr("{record} first round", record="260"), n, 5)
        last = self.integer(line[8:11], tr("{record} last round", record="260"), n, 9)
        players = []
        start = 12
        while start < len(line):
            if line[start:start + 4].strip():
                players.append(self.integer(line[start:start + 4],
                                            tr("{record} player", record="260"), n, start + 1))
            start += 5
        if len(players) < 2:
            raise self.error(tr("{record} record needs at least two players", record="260"), n, 13)
        self.forbidden.append(ForbiddenGroup(tuple(players), first, last))

    def _rXXP(self, line: str, n: int) -> None:
        players = tuple(self.integer(tok, tr("{record} player", record="XXP"), n, 5)
                        for tok in line[3:].split())
        if len(players) < 2:
            raise self.error(tr("{record} record needs at least two players", record="XXP"), n, 5)
        self.forbidden.append(ForbiddenGroup(players))

    def _r192(self, line: str, n: int) -> None:
        code = line[4:].strip()
        self.type_code = code
        base = code.removesuffix("_BAKU")
        if code.endswith("_BAKU"):
            self.settings["accelerated"] = True
        if base in SYSTEM_TYPES:
            self.settings["system"] = SYSTEM_TYPES[base]

    def _r202(self, line: str, n: int) -> None:
        self.settings["tiebreaks"] = split_codes(line)

    def _r212(self, line: str, n: int) -> None:
        self.info["standings_tiebreaks"] = list(split_codes(line))

    def _national(self, line: str, n: int) -> None:
        sn = self.integer(line[4:8], "national record start number", n, 5)
        self.info["national_federation"] = line[:3]
        extra = self.player_extra.setdefault(sn, {})
        rating = line[48:52]
        if rating.strip():
            extra["national_rating"] = self.integer(rating, "national rating", n, 49)
        if line[57:68].strip():
            extra["national_id"] = line[57:68].strip()
        for key, (a, b) in {"national_sex": (9, 10), "national_class": (10, 13),
                            "national_name": (14, 47), "national_origin": (53, 56),
                            "national_birth": (69, 79)}.items():
            if line[a:b].strip():
                extra.setdefault("nrs", {})[key] = line[a:b].strip()  # type: ignore[index]

    def _extension(self, line: str, n: int) -> None:
        parts = line[4:].split(" ", 2)
        kind = parts[0]
        try:
            if kind == "system":
                self.settings["system"] = parts[1].strip()
            elif kind == "option":
                key, value = _key_and_value(line[4:].split(" ", 1)[1])
                self.options[key] = _json(value)
                self.option_lines[key] = n
            elif kind == "seed":
                self.seeds[parts[1]] = int(parts[2])
                if bad := bounded(self.seeds[parts[1]], tr("seed"), 0, MAX_SEED):
                    raise ValueError(bad)
            elif kind == "setting":
                key, value = parts[1], _json(parts[2])
                if key == "bye_discs":
                    if not (isinstance(value, list) and len(value) == 2 and all(
                            type(v) is int and 0 <= v <= 64 for v in value)):
                        raise ValueError(tr("bye_discs must be two disc counts 0-64"))
                elif key == "mbq_c":
                    if fraction(str(value)) <= 0:
                        raise ValueError(tr("mbq_c must be more than 0"))
                else:  # a setting of a later version: keep the line as it is
                    self.extra.append(line)
                    return
                self.settings[key] = value
            elif kind == "scoring":
                for token in line[4:].split()[1:]:
                    key, _, value = token.partition("=")
                    if key not in {f for f in Scoring.__dataclass_fields__}:
                        raise ValueError(tr("unknown scoring field {key!r}", key=key))
                    self.scoring[key] = fraction(value)
                    if abs(self.scoring[key]) > MAX_GAME_POINTS:
                        raise ValueError(tr("{key} {value} is out of range", key=key, value=value))
            elif kind == "info":
                key, value = _key_and_value(line[4:].split(" ", 1)[1])
                self.info[key] = _json(value)
            elif kind == "player":
                sn = int(parts[1])
                key, value = _key_and_value(line[4:].split(" ", 2)[2])
                decoded = _json(value)
                if key in INT_PLAYER_KEYS and type(decoded) is not int:
                    raise ValueError(tr("player {key} must be a whole number", key=key))
                if key in INT_PLAYER_KEYS and (bad := bounded(decoded, tr("player {key}", key=key), 0,
                                                              PLAYER_NUMBER_LIMITS[key])):
                    raise ValueError(bad)
                if key in STR_PLAYER_KEYS and not isinstance(decoded, str):
                    raise ValueError(tr("player {key} must be text", key=key))
                if key == "nrs" and not (isinstance(decoded, dict) and all(
                        isinstance(v, str) for v in decoded.values())):
                    raise ValueError(tr("player nrs must be a table of texts"))
                self.player_extra.setdefault(sn, {})[key] = decoded
            elif kind == "pending":
                p_rnd, p_white, why = line[4:].split()[1:4]
                self.pending[(int(p_rnd), int(p_white))] = Pending(why)
            elif kind == "paired-around":  # issue 26: pending when the round was paired
                at, p_rnd, p_white, p_black, why = line[4:].split()[1:6]
                if not 0 < int(p_rnd) < int(at):
                    raise ValueError(tr("round {round} is not before round {at}", round=p_rnd, at=at))
                self.paired_around.setdefault(int(at), []).append(
                    PendingGame(int(p_rnd), int(p_white), int(p_black), Pending(why)))
            elif kind == "paired-from":  # DSU-7: the round list as written then
                numbers = [int(x) for x in line[4:].split()[1:]]
                listed = tuple(numbers[1:])
                if len(set(listed)) != len(listed):
                    raise ValueError(tr("round {round}: a player is listed twice",
                                        round=numbers[0]))
                self.paired_from[numbers[0]] = (listed, n)
            elif kind == "boards":
                numbers = [int(x) for x in line[4:].split()[1:]]
                self.boards[numbers[0]] = numbers[1:]
            elif kind == "discs":
                rnd, white, wd, bd = (int(x) for x in line[4:].split()[1:5])
                self.discs[(rnd, white)] = (wd, bd)
            else:
                self.extra.append(line)
        except (ValueError, IndexError, ZeroDivisionError, json.JSONDecodeError) as exc:
            raise self.error(tr("cannot read {record} {kind} record: {detail}", record=EXTENSION,
                                kind=kind, detail=str(exc)), n, 5) from None

    # --- assembling the tournament ---------------------------------------------
    def build(self) -> Tournament:
        if fault := option_fault(self.options):  # the prize settings (issue 41)
            key, exc = fault
            raise self.error(str(exc), self.option_lines[key], 5)
        players = self._players()
        for pair in namesakes(players.values()):  # issue 36 item 3: the same player twice
            if pair.same_player:  # (namesakes told apart: noted where a round is paired)
                first, second = (self.player_lines[p.start_no] for p in (pair.first, pair.second))
                raise self.error(refusal(pair, first, second, lines=True), second)
        known = set(players)
        scoring = self._scoring()
        rounds = self._rounds(known)
        total = self.settings.get("rounds") or (max((r.number for r in rounds), default=0) or None)
        settings = Settings(
            system=str(self.settings.get("system", "dutch")),
            rounds=total,  # type: ignore[arg-type]
            scoring=scoring,
            tiebreaks=self.settings.get("tiebreaks", ()),  # type: ignore[arg-type]
            seeds=self.seeds,
            initial_colour=self.settings.get("initial_colour", Colour.NONE),  # type: ignore[arg-type]
            accelerated=bool(self.settings.get("accelerated", False)),
            forbidden=tuple(self.forbidden),
            bye_discs=tuple(self.settings.get("bye_discs", (40, 24))),  # type: ignore[arg-type]
            mbq_c=(Fraction(str(self.settings["mbq_c"])) if self.settings.get("mbq_c") is not None else None),
            options=self.options,
        )
        if settings.tiebreaks and settings.tiebreaks == written_tiebreaks(settings.replace(tiebreaks=())):
            settings = settings.replace(tiebreaks=())  # the system's own list: kept as "default"
        if self.info.get("standings_tiebreaks") == ["PTS", *written_tiebreaks(settings)]:
            del self.info["standings_tiebreaks"]
        t = Tournament(settings, [players[k] for k in sorted(players)], rounds, self.info, self.extra)
        if self.type_code is not None and self.type_code != type_code_for(t):
            self.info["type_code"] = self.type_code
        for group in settings.forbidden:
            for p in group.players:
                if p not in known:
                    raise InputError(tr('prohibited pairing names player {p}, who is not in '
                                        'the file',
                                        p=p), source=self.name)
        self._check_points(t)
        return t

    def _players(self) -> dict[int, Player]:
        out = dict(self.players)
        for sn, extra in self.player_extra.items():
            if sn not in out:
                raise InputError(tr('national or {extension} record names player {sn}, who has'
                                    ' no 001 line',
                                    extension=EXTENSION, sn=sn),
                                 source=self.name)
            p = out[sn]
            changes: dict[str, object] = {}
            merged = dict(p.extra)
            for key, value in extra.items():
                if key in STR_PLAYER_KEYS:
                    changes[key] = str(value)
                elif key in INT_PLAYER_KEYS:
                    changes[key] = int(value)  # type: ignore[call-overload]
                elif key == "nrs":
                    for k, v in value.items():  # type: ignore[attr-defined]
                        merged[k] = v
                else:
                    merged[key] = value if isinstance(value, str) else json.dumps(value)
            out[sn] = p.replace(**changes, extra=merged)
        for sn, adjustments in self.adjustments.items():
            if sn not in out:
                raise self.error(tr("299 record names player {sn}, who has no 001 line", sn=sn),
                                 adjustments[0][1])
            out[sn] = out[sn].replace(adjustments=tuple(a for a, _ in adjustments))
        for sn, acc in self.acceleration.items():
            if not acc:  # an XXA line without values
                continue
            if sn not in out:
                raise InputError(tr('acceleration record names player {sn}, who has no 001 '
                                    'line',
                                    sn=sn),
                                 source=self.name)
            last = max(acc)
            out[sn] = out[sn].replace(acceleration=tuple(acc.get(r, Fraction(0)) for r in range(1, last + 1)))
        return out

    def _scoring(self) -> Scoring:
        """The file's points per result; left on the default, the system's own (a
        school event is 3/2/1, SKOL-6), so a 3/2/1 points column agrees."""
        fields = {k: v for k, v in self.scoring.items() if k in Scoring.__dataclass_fields__}
        system = str(self.settings.get("system", "dutch"))
        return system_scoring(Settings(system=system, scoring=Scoring(**fields)))

    def _rounds(self, known: set[int]) -> list[Round]:
        if self.xxz:
            paired = [r for e in self.entries.values() for r, x in e.items() if x.opponent or x.code == "U"]
            nxt = max(paired, default=0) + 1
            self.byes240.extend((nxt, sn, Result.ZERO_BYE, line) for sn, line in self.xxz)
        numbers = sorted({r for e in self.entries.values() for r in e} | {b[0] for b in self.byes240})
        scoring = self._scoring()
        # running scores for the default board order, as integers in units of a
        # common denominator of every result's points (the same order as with
        # Fractions, without their arithmetic: large files read in a fraction)
        points = {r: scoring.points(r) for r in Result}
        unit = math.lcm(*(v.denominator for v in points.values()))
        units = {r: v.numerator * (unit // v.denominator) for r, v in points.items()}
        running = dict.fromkeys(known, 0)
        rounds: list[Round] = []
        for rnd in numbers:
            games: list[Game] = []
            byes: dict[int, Bye] = {}
            done: set[int] = set()
            for sn in sorted(self.entries):
                e = self.entries[sn].get(rnd)
                if e is None or sn in done:
                    continue
                if e.opponent == 0:
                    byes[sn] = Bye(sn, self._bye_result(sn, rnd, e))
                    done.add(sn)
                    continue
                games.append(self._game(sn, rnd, e, known))
                done.update((sn, e.opponent))
            for r, sn, result, line in self.byes240:
                if r != rnd:
                    continue
                if sn not in known:
                    raise self.error(tr("240 record names player {sn}, who is not in the file",
                                        sn=sn), line)
                if sn in done and (sn not in byes or byes[sn].result is not result):
                    raise self.error(tr("240 record gives player {sn} a {bye} in round {round}, "
                                        "but the player's 001 line says otherwise", sn=sn,
                                        bye=_BYE_WORDS.get(result, result.name), round=rnd), line)
                byes[sn] = Bye(sn, result)
                done.add(sn)
            order = self.boards.get(rnd)
            if order is not None and sorted(order) == sorted(g.white for g in games):
                place = {w: i for i, w in reversed(list(enumerate(order)))}
                games.sort(key=lambda g: place[g.white])
            else:
                games.sort(key=lambda g: board_key(g, running))
            listed, at = self.paired_from.get(rnd, ((), 0))
            if unknown := [p for p in listed if p not in known]:
                raise self.error(tr("{record} paired-from: round {round} lists player {sn}, "
                                    "who is not in the file", record=EXTENSION, round=rnd,
                                    sn=unknown[0]), at)
            rnd_obj = Round(rnd, tuple(games), tuple(byes[k] for k in sorted(byes)),
                            tuple(self.paired_around.get(rnd, ())), listed)
            for g in games:
                running[g.white] += units[g.white_result]
                running[g.black] += units[g.black_result]  # type: ignore[index]
            for b in rnd_obj.byes:
                running[b.player] += units[b.result]
            rounds.append(rnd_obj)
        return rounds

    def _bye_result(self, sn: int, rnd: int, e: _Entry) -> Result:
        if e.code in BYE_CODES:
            return BYE_CODES[e.code]
        loose = LOOSE_BYE_CODES[e.code]
        self.warn(tr("player {sn}, round {rnd}: result {code!r} without an opponent read as "
                     "{replace}", sn=sn, rnd=rnd, code=e.code, replace=_BYE_WORDS[loose]), e.line)
        return loose

    def _game(self, sn: int, rnd: int, e: _Entry, known: set[int]) -> Game:
        opp = e.opponent
        if opp == sn:
            raise self.error(tr("round {round}: player {sn} is paired against {sn}", round=rnd,
                                sn=sn), e.line, e.column)
        if opp not in known:
            raise self.error(tr("round {round}: opponent {opp} does not exist", round=rnd,
                                opp=opp), e.line, e.column)
        o = self.entries[opp].get(rnd)
        if o is None or o.opponent != sn:
            other = (tr("no entry") if o is None else
                     tr("opponent {opp}", opp=o.opponent) if o.opponent else tr("no opponent"))
            raise self.error(tr("round {round}: player {sn} plays {opp}, but player {opp}'s line "
                                "(line {line}) has {other} in that round", round=rnd, sn=sn,
                                opp=opp, line=self.player_lines[opp], other=other),
                             e.line, e.column)
        if e.code not in RESULT_CODES or o.code not in RESULT_CODES:
            bad = e if e.code not in RESULT_CODES else o
            raise self.error(tr("round {round}: bye code {code!r} given for a paired game",
                                round=rnd, code=bad.code), bad.line, bad.column + 7)
        mine, theirs = RESULT_CODES[e.code], RESULT_CODES[o.code]
        for x, who in ((e, sn), (o, opp)):
            if x.colour == " " and not RESULT_CODES[x.code].is_forfeit:
                raise self.error(tr("round {round}: player {sn} has an opponent but no colour "
                                    "(is the line truncated?)", round=rnd, sn=who),
                                 x.line, x.column + 5)
        if not (theirs is mine.counterpart or (mine is theirs is Result.FORFEIT_LOSS)):
            raise self.error(tr("round {round}: results contradict each other: player {sn} has "
                                "{code!r}, player {opp} has {other!r} (line {line})", round=rnd,
                                sn=sn, code=e.code, opp=opp, other=o.code, line=o.line),
                             e.line, e.column + 7)
        colours = (e.colour, o.colour)
        if colours == ("w", "b"):
            white, black, wr, br = sn, opp, mine, theirs
        elif colours == ("b", "w"):
            white, black, wr, br = opp, sn, theirs, mine
        elif mine.is_forfeit and colours[0] in "- " and colours[1] in "- ":
            self.warn(tr('round {rnd}: forfeit {sn}-{opp} has no colours; {sn} listed as White',
                         rnd=rnd, sn=sn, opp=opp), e.line)
            white, black, wr, br = sn, opp, mine, theirs
        else:
            raise self.error(tr("round {round}: players {sn} and {opp} both have colour "
                                "{colour!r}/{other!r}", round=rnd, sn=sn, opp=opp,
                                colour=e.colour, other=o.colour), e.line, e.column + 5)
        pending = self.pending.get((rnd, white))
        discs = self.discs.get((rnd, white), (None, None))
        if pending is not None and wr is Result.UNKNOWN:  # a result typed in since wins
            return Game(white, black, Result.PENDING, Result.PENDING, pending=pending)
        return Game(white, black, wr, br, discs[0], discs[1])

    def _check_points(self, t: Tournament) -> None:
        if self.warnings is None:
            return
        scores = t.scores()
        played = max((r.number for r in t.rounds if r.is_paired), default=0)
        for sn, (column, line) in self.points_column.items():
            computed = t.score(sn, played)
            acc = sum(t.player(sn).acceleration[:played], Fraction(0))
            if column in (computed, computed + acc, scores[sn], scores[sn] + acc):
                continue
            self.warn(tr('player {sn}: points column says {fmt_points}, the results give '
                         '{fmt_points2}',
                         sn=sn, fmt_points=fmt_points(column),
                         fmt_points2=fmt_points(scores[sn])), line)


def parse_trf(text: str, *, name: str = "<text>", warnings: list[str] | None = None) -> Tournament:
    """Parse TRF ``text`` (see :func:`read_trf`)."""
    return _Parser(name, warnings).parse(text)
