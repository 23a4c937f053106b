"""What a conversion lost, by name: the tournament before, compared with the file
written read back (issue 21, case 10: "conversions lose nothing without a word").

Every format keeps what it can hold; what it cannot is named in one warning line,
e.g. ``club.csv: not kept: the point system (win 3, draw 1), the pairing system
'nsf', the city 'Oslo' (TRF 022)``.  The comparison is done on the real output,
read back by the real reader, so the list is never a guess and shrinks by itself
when a format learns to carry more.

Only *losses* are named: a value the source had that the output lacks or holds
differently.  What the output adds (a seed recorded, the tie-breaks written out
where the source relied on the system's default) is not a loss, nor is a line break
written as a space (the writer names those itself: :mod:`~monrad.converters.lines`).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from ..engine.model import Player, Round, Scoring, Tournament
from ..engine.pairing import PairingError, canonical_system
from ..engine.standings import default_tiebreaks
from .lines import one_line_value

__all__ = ["loss_warning", "losses"]

#: info key -> how a warning names it (with its TRF record where it has one)
_INFO_NAMES = {
    "name": "the tournament name (TRF 012)", "city": "the city (TRF 022)",
    "federation": "the federation (TRF 032)", "start_date": "the start date (TRF 042)",
    "end_date": "the end date (TRF 052)", "teams": "the number of teams (TRF 082)",
    "type": "the tournament type (TRF 092)", "arbiter": "the chief arbiter (TRF 102)",
    "deputies": "the deputy arbiters (TRF 112)", "time_control": "the time control (TRF 122)",
    "round_dates": "the round dates (TRF 132)", "rank_method": "the rank method (TRF 172)",
    "pairing_controller": "the pairing controller (TRF 182)",
    "time_control_code": "the time control code (TRF 222)",
}
#: player field -> how a warning names it
_PLAYER_NAMES = {
    "name": "name", "sex": "sex", "title": "title", "rating": "rating",
    "federation": "federation", "fide_id": "FIDE id", "birth": "birth date", "club": "club",
    "national_id": "national id", "national_rating": "national rating",
    "withdrawn_after": "withdrawal", "entered_at": "late entry",
    "acceleration": "acceleration points",
}
#: how many players a field is named for before "and N more"
_SHOWN = 3


def _points(s: Scoring) -> str:
    names = {"win": "win", "draw": "draw", "loss": "loss", "forfeit_win": "forfeit win",
             "forfeit_loss": "forfeit loss", "pairing_bye": "pairing bye",
             "half_bye": "half bye", "full_bye": "full bye", "zero_bye": "zero bye",
             "absent": "absent"}
    plain = Scoring()
    shown = [f"{label} {_num(getattr(s, key))}" for key, label in names.items()
             if getattr(s, key) != getattr(plain, key) or key in ("win", "draw")]
    return ", ".join(shown)


def _num(v: Fraction) -> str:
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


def _system(name: str) -> str:
    try:
        return canonical_system(name)
    except PairingError:
        return name.strip().lower()


def _tiebreaks(t: Tournament) -> tuple[str, ...]:
    if t.settings.tiebreaks:
        return tuple(t.settings.tiebreaks)
    try:
        return tuple(default_tiebreaks(_system(t.settings.system), t.settings.options))
    except PairingError:
        return ()


def _empty(v: object) -> bool:
    return v is None or v == "" or v == () or v == [] or v == {} or v == 0


def _settings(a: Tournament, b: Tournament) -> Iterable[str]:
    sa, sb = a.settings, b.settings
    if _system(sa.system) != _system(sb.system):
        yield f"the pairing system {sa.system!r}"
    if sa.rounds and sa.rounds != sb.rounds:
        yield f"the number of rounds ({sa.rounds})"
    if sa.scoring != sb.scoring:
        yield f"the point system ({_points(sa.scoring)})"
    if _tiebreaks(a) != _tiebreaks(b):
        yield f"the tie-breaks ({', '.join(_tiebreaks(a))})"
    for key, seed in sorted(sa.seeds.items()):
        if sb.seeds.get(key) != seed:
            yield f"the {key} seed ({seed})"
    if sa.initial_colour != sb.initial_colour:
        yield f"the first colour ({sa.initial_colour.name.lower()})"
    if sa.accelerated and not sb.accelerated:
        yield "the acceleration"
    if sa.forbidden and set(sa.forbidden) != set(sb.forbidden):
        yield "the prohibited pairings"
    if sa.bye_discs != sb.bye_discs and _system(sa.system) == "othello-swiss":
        yield f"the bye's discs {sa.bye_discs}"
    if sa.mbq_c is not None and sa.mbq_c != sb.mbq_c:
        yield f"the Othello C ({_num(sa.mbq_c)})"
    for key, value in sorted(sa.options.items()):
        if sb.options.get(key) != value:
            yield f"the option {key} ({value!r})"


def _info(a: Tournament, b: Tournament) -> Iterable[str]:
    for key, value in a.info.items():
        if _empty(value) or b.info.get(key) in (value, one_line_value(value)) or key == "type_code":
            continue
        name = _INFO_NAMES.get(key, f"the {key.replace('_', ' ')}")
        yield f"{name} {value!r}" if isinstance(value, str) and len(value) <= 40 else name


def _players(a: Tournament, b: Tournament) -> Iterable[str]:
    after = {p.start_no: p for p in b.players}
    missing = [p.start_no for p in a.players if p.start_no not in after]
    if missing:
        yield _some("players", missing)
    lost: dict[str, list[int]] = {}
    for p in a.players:
        q = after.get(p.start_no)
        if q is None:
            continue
        for key, label in _PLAYER_NAMES.items():
            mine = getattr(p, key)
            if _empty(mine):
                continue
            theirs = getattr(q, key)
            if key == "name":
                mine, theirs = " ".join(str(mine).split()), " ".join(str(theirs).split())
            if mine != theirs and one_line_value(mine) != theirs:
                lost.setdefault(label, []).append(p.start_no)
        for key, value in _extra(p).items():
            if _extra(q).get(str(one_line_value(key))) not in (value, one_line_value(value)):
                lost.setdefault(f"'{key}'", []).append(p.start_no)
    for what, numbers in lost.items():
        yield f"the {what} of " + _some("player", numbers)


def _extra(p: Player) -> dict[str, str]:
    return {str(k): str(v) for k, v in p.extra.items() if not _empty(v)}


def _some(word: str, numbers: list[int]) -> str:
    word = word if word.endswith("s") or len(numbers) == 1 else word + "s"
    shown = ", ".join(str(n) for n in numbers[:_SHOWN])
    more = f" and {len(numbers) - _SHOWN} more" if len(numbers) > _SHOWN else ""
    return f"{word} {shown}{more}"


def _entries(r: Round) -> dict[tuple, tuple]:
    out: dict[tuple, tuple] = {}
    for g in r.games:
        out[("game", g.white, g.black)] = (g.white_result, g.black_result, g.white_discs,
                                            g.black_discs, g.pending)
    for y in r.byes:
        out[("bye", y.player)] = (y.result,)
    return out


def _rounds(a: Tournament, b: Tournament) -> Iterable[str]:
    after = {r.number: r for r in b.rounds}
    changed: list[int] = []
    for r in sorted(a.rounds, key=lambda r: r.number):
        if not r.games and not r.byes:
            continue
        other = after.get(r.number)
        if other is None or _entries(r) != _entries(other):
            changed.append(r.number)
    if changed:
        yield "the pairings or results of " + _some("round", changed)


def losses(before: Tournament, after: Tournament) -> list[str]:
    """What ``before`` holds that ``after`` (the output read back) does not, each
    named for a reader of the warning."""
    return [*_settings(before, after), *_info(before, after), *_players(before, after),
            *_rounds(before, after)]


def loss_warning(before: Tournament, after: Tournament, output: str) -> str | None:
    """One warning line naming every loss, or ``None`` when nothing is lost."""
    lost = losses(before, after)
    if not lost:
        return None
    return f"{output}: not kept (the format has no place for it): {'; '.join(lost)}"
