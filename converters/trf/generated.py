"""The random tournament generator's files (issue 41 item 3): the configuration file
the reference engine reads (``KEY=VALUE`` lines; ``#`` comments) and the TRF it writes
for a generated tournament (:mod:`monrad.engine.generator` makes the tournament).

The configuration keys (bbpPairings' README, after JaVaFo's manual): ``PlayersNumber``,
``RoundsNumber``, ``DrawPercentage`` (0-100), ``ForfeitRate`` (one game in N, at least
1), ``RetiredRate`` (one player in N gets zero-point byes, at least 2),
``HalfPointByeRate`` (at least 1; ``HalfPointByteRate`` too), ``HighestRating``,
``LowestRating``, ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``,
``PointsForZPB``, ``PointsForForfeitLoss`` (also the zero-point bye's) and
``PointsForPAB`` (the pairing-allocated bye; ``PointsForWin`` resets it to the win's).
The file is a stranger's: its size is bounded before it is read, every line and value
is checked, and a bad one is named with its line.

The output is the reference's, byte for byte: ``012 AutoTest Tournament SEED``, the
players as ``Test0001 Player0001`` with their rating, points, rank and rounds, a
blank line, ``092 FIDE_DUTCH_2025``, and ``162`` when the points differ from 1 / ½ /
0; lines end in CR, as the reference writes them.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from ...engine.generator import Configuration
from ...engine.i18n import tr
from ...engine.model import Bye, Scoring, Tournament
from ..errors import InputError
from ..limits import MAX_PLAYERS, MAX_RATING, MAX_ROUNDS, bounded
from .records import fmt_points

__all__ = ["read_configuration", "generated_trf"]

_WHOLE = {"PlayersNumber": ("players", 0, MAX_PLAYERS), "RoundsNumber": ("rounds", 0, MAX_ROUNDS),
          "DrawPercentage": ("draw_percentage", 0, 100),
          "HighestRating": ("highest_rating", 0, MAX_RATING),
          "LowestRating": ("lowest_rating", 0, MAX_RATING)}
_RATES = {"ForfeitRate": ("forfeit_rate", 1), "RetiredRate": ("retired_rate", 2),
          "HalfPointByeRate": ("half_point_bye_rate", 1),
          "HalfPointByteRate": ("half_point_bye_rate", 1)}
_POINTS = ("PointsForWin", "PointsForDraw", "PointsForLoss", "PointsForZPB",
           "PointsForForfeitLoss", "PointsForPAB")


def _points(text: str) -> Fraction:
    """``1.0``, ``0.5``, ``3``: the reference's points, one decimal at most."""
    whole, dot, tenth = text.strip().partition(".")
    if not whole.isdigit() or (dot and not (len(tenth) == 1 and tenth.isdigit())):
        raise ValueError(text)
    return Fraction(int(whole)) + (Fraction(int(tenth), 10) if dot else Fraction(0))


def read_configuration(text: str, config: Configuration, label: str) -> Configuration:
    """``config`` (the settings drawn at random), the file's keys set in it; one
    :class:`~monrad.converters.errors.InputError` naming the line of a key or value
    that cannot be read."""
    scoring = config.scoring
    for n, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            raise InputError(tr("cannot read the line {line!r} (KEY=VALUE)", line=line),
                             source=label, line=n)
        if key not in _WHOLE and key not in _RATES and key not in _POINTS:
            raise InputError(tr("unknown key {key!r} (known: {keys})", key=key,
                                keys=", ".join([*_WHOLE, *_RATES, *_POINTS])),
                             source=label, line=n)
        try:
            if key in _WHOLE:
                attr, low, high = _WHOLE[key]
                if not value.strip().isdigit():
                    raise ValueError(value)
                if bad := bounded(int(value), key, low, high):
                    raise InputError(bad, source=label, line=n)  # not a ValueError below
                setattr(config, attr, int(value))
            elif key in _RATES:
                attr, least = _RATES[key]
                rate = float(value)
                if not rate >= least:
                    raise ValueError(value)
                setattr(config, attr, rate)
            else:
                scoring = _scoring(scoring, key, _points(value))
        except InputError:
            raise
        except ValueError:
            raise InputError(tr("the value of {key} is not valid: {value!r}", key=key,
                                value=value), source=label, line=n) from None
    config.scoring = scoring
    return config


def _scoring(s: Scoring, key: str, value: Fraction) -> Scoring:
    if key == "PointsForWin":  # the reference sets the pairing-allocated bye with it
        return replace(s, win=value, forfeit_win=value, full_bye=value, pairing_bye=value)
    if key == "PointsForDraw":
        return replace(s, draw=value, half_bye=value)
    if key == "PointsForLoss":
        return replace(s, loss=value)
    if key == "PointsForZPB":
        return replace(s, zero_bye=value, absent=value)
    if key == "PointsForForfeitLoss":
        return replace(s, forfeit_loss=value, zero_bye=value, absent=value)
    return replace(s, pairing_bye=value)


def _ranks(t: Tournament) -> dict[int, int]:
    """The reference's rank column: by points, then start number."""
    scores = t.scores()
    order = sorted(scores, key=lambda p: (-scores[p], p))
    return {p: i for i, p in enumerate(order, 1)}


_BYE_CODE = {"U": "U", "H": "H", "F": "F", "Z": "Z", " ": "Z"}


def generated_trf(t: Tournament, seed: int, failed: bool = False) -> str:
    """The generated tournament ``t`` as the reference engine writes it (see the
    module doc); ``failed``: a round had no legal pairing (``142`` then names the
    rounds planned, as the reference does)."""
    s = t.settings
    out = [f"012 AutoTest Tournament {seed}"]
    if failed and s.rounds:
        out.append(f"142 {s.rounds}")
    ranks = _ranks(t)
    scores = t.scores()
    for p in t.players:
        line = (f"001 {p.start_no:4d}      Test{p.start_no:04d} Player{p.start_no:04d}"
                f"{p.rating:19d}{'':28}{fmt_points(scores[p.start_no]):>4}"
                f"{ranks[p.start_no]:5d}")
        for _, e in t.entries(p.start_no):
            if isinstance(e, Bye):
                line += f"  0000 - {_BYE_CODE[e.result.value]}"
            else:
                code = {"1": "1", "=": "=", "0": "0", "+": "+", "-": "-"}[
                    e.result_for(p.start_no).value]
                line += f"  {e.opponent(p.start_no):4d} {e.colour_of(p.start_no).value} {code}"
        out.append(line)
    out += ["", "092 FIDE_DUTCH_2025"]
    out += _points_record(s.scoring)
    return "".join(line + "\r" for line in out)


def _points_record(sc: Scoring) -> list[str]:
    """Record ``162`` as the reference writes it: the values that differ from W 1.0,
    D 0.5, L 0.0, forfeit 0.0 and the bye as a win."""
    d = Scoring()
    items = [(c, v) for c, v, default in (("W", sc.win, d.win), ("D", sc.draw, d.draw),
                                           ("L", sc.loss, d.loss),
                                           ("A", sc.forfeit_loss, d.forfeit_loss))
             if v != default]
    if sc.pairing_bye != sc.win:
        items.append(("P", sc.pairing_bye))
    if not items and sc.pairing_bye == d.pairing_bye:
        return []
    text = "162  "
    width = 1
    for code, value in items:
        text += f"{code:>{width}}{fmt_points(value):>4}"
        width = 5
    return [text]
