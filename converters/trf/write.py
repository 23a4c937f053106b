"""Writing a :class:`~monrad.engine.model.Tournament` as TRF-16 or TRF-2026 text
(see :mod:`monrad.converters.trf` for what goes into which record)."""

from __future__ import annotations

import json
from fractions import Fraction

from ...engine.i18n import tr
from ...engine.model import Bye, Colour, Player, Result, Scoring, Tournament
from ...engine.pairing import with_system_scoring
from .. import layout as L
from ..limits import MAX_PLAYERS, MAX_RATING
from ..lines import has_break, one_line, one_line_tournament
from .comments import Comments, with_comments
from .records import (
    EXTENSION,
    HEADER_INFO,
    INFO_HEADER,
    SYSTEM_TYPES,
    TRF16,
    TRF2026,
    WRITE_CODE,
    board_key,
    fmt_points,
    type_code_for,
    written_tiebreaks,
)

__all__ = ["write_trf"]


def _fmt_fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def write_trf(
    tournament: Tournament,
    version: str = TRF2026,
    *,
    ranks: dict[int, int] | None = None,
    extensions: bool = True,
    newline: str = "\r\n",
    warnings: list[str] | None = None,
    label: str = "TRF",
    kept: Comments | None = None,
) -> str:
    """The tournament as TRF text (``version`` ``"2026"`` or ``"16"``).

    ``ranks`` fills the rank column (default: the standings with the tournament's
    tie-breaks); records 202/212 state the tie-break list (the system's default if unset).
    With ``extensions`` the project's own ``XMN`` records carry what TRF has no field for.

    Every field is one line (:mod:`~monrad.converters.lines`): a line break in a name,
    the tournament name (Alt+Enter in a workbook) or any other text is written as a
    space and named in one warning appended to ``warnings`` (``label`` names the file),
    so no text can end a record or start one of its own.

    ``kept``: the ``###`` comments of the file this one replaces (:func:`~.comments.
    comments`), each written where it stood (issue 40 item 10).
    """
    if version not in (TRF16, TRF2026):
        raise ValueError(f"unknown TRF version {version!r} (use '16' or '2026')")
    _check_fits(tournament)
    # SKOL-6: a school event's points are 3/2/1
    t = one_line_tournament(with_system_scoring(tournament), label, "TRF", warnings)
    s = t.settings
    info = t.info
    lines: list[str] = []
    for tag in ("012", "022", "032", "042", "052"):
        if info.get(HEADER_INFO[tag]):
            lines.append(f"{tag} {info[HEADER_INFO[tag]]}")
    lines.append(f"062 {len(t.players)}")
    lines.append(f"072 {sum(1 for p in t.players if p.rating)}")
    for tag in ("082", "092", "102"):
        if info.get(HEADER_INFO[tag]):
            lines.append(f"{tag} {info[HEADER_INFO[tag]]}")
    deputies = info.get("deputies")
    for deputy in deputies if isinstance(deputies, (list, tuple)) else []:
        lines.append(f"112 {deputy}")
    if info.get("time_control"):
        lines.append(f"122 {info['time_control']}")
    dates = list(info.get("round_dates", []) or [])  # type: ignore[call-overload]
    if dates:
        lines.append(("132" + " " * 88 + "".join(f"{_round_date(d):<8}  " for d in dates)).rstrip())
    if version == TRF2026:
        if s.rounds:
            lines.append(f"142 {s.rounds}")
        if s.initial_colour is not Colour.NONE:
            lines.append(f"152 {'W' if s.initial_colour is Colour.WHITE else 'B'}")
        lines.extend(_scoring_2026(s.scoring))
        for tag in ("172", "182"):
            if info.get(HEADER_INFO[tag]):
                lines.append(f"{tag} {info[HEADER_INFO[tag]]}")
        code = type_code_for(t)
        if code:
            lines.append(f"192 {code}")
        lines.extend(_tiebreak_records(t))
        if info.get("time_control_code"):
            lines.append(f"222 {info['time_control_code']}")
    else:
        for tag in ("172", "182"):
            if info.get(HEADER_INFO[tag]):
                lines.append(f"{tag} {info[HEADER_INFO[tag]]}")
    rank_of = ranks or _default_ranks(t)
    nat = str(info.get("national_federation", "") or "")
    for p in t.players:
        lines.append(_player_line(t, p, rank_of.get(p.start_no)))
        if nat and (p.national_rating or p.national_id or any(k.startswith("national_") for k in p.extra)):
            lines.append(_national_line(nat, p))
    if version == TRF2026:
        lines.extend(_byes_240(t))
        lines.extend(_acceleration_250(t))
        for g in s.forbidden:
            if g.last_round is None:
                lines.append("XXP " + " ".join(str(p) for p in g.players))
            else:
                lines.append(f"260 {g.first_round:03d} {g.last_round:03d} "
                             + " ".join(f"{p:4d}" for p in g.players))
    else:
        if s.rounds:
            lines.append(f"XXR {s.rounds}")
        if s.initial_colour is not Colour.NONE or s.options.get("pair_by_rank"):
            words = []
            if s.initial_colour is not Colour.NONE:
                words.append("white1" if s.initial_colour is Colour.WHITE else "black1")
            if s.options.get("pair_by_rank"):
                words.append("rank")
            lines.append("XXC " + " ".join(words))
        lines.extend(_scoring_bb(s.scoring))
        for p in t.players:
            if any(p.acceleration):
                lines.append(f"XXA {p.start_no:4d}" + "".join(f" {fmt_points(a):>4}" for a in p.acceleration))
        for g in s.forbidden:
            if g.last_round is not None:
                lines.append(f"260 {g.first_round:03d} {g.last_round:03d} "
                             + " ".join(f"{p:4d}" for p in g.players))
            else:
                lines.append("XXP " + " ".join(str(p) for p in g.players))
        if code := type_code_for(t):
            lines.append(f"192 {code}")
        lines.extend(_tiebreak_records(t))
    lines.extend(_abnormal_299(t))  # TRF-2026; kept in a TRF-16 file too (points count)
    lines.extend(t.extra_records)
    if extensions:
        lines.extend(_extension_lines(t))
    if kept is not None:
        lines = with_comments(lines, kept)
    return newline.join(_one_line_each(lines, label, warnings)) + newline


def _one_line_each(lines: list[str], label: str, warnings: list[str] | None) -> list[str]:
    """The records, each on one line whatever put a line break into it (the fields are
    made one line before; this holds for every record, a system name or a tie-break
    code included)."""
    broken = [line[:3] for line in lines if has_break(line)]
    if not broken:
        return lines
    if warnings is not None:
        warnings.append(str(tr("{file}: line breaks written as spaces in TRF records "
                               "{records}", file=label, records=tuple(dict.fromkeys(broken)))))
    return [one_line(line) for line in lines]


def _check_fits(t: Tournament) -> None:
    """TRF's fixed columns hold four digits for a start number and a rating: a larger
    field or a negative rating cannot be written as a line any reader takes back
    (raises :class:`ValueError` naming the first player that does not fit)."""
    for p in t.players:
        if not 1 <= p.start_no <= MAX_PLAYERS:
            raise ValueError(f"TRF holds start numbers 1 to {MAX_PLAYERS:,}: player "
                             f"{p.start_no} ({p.name}) does not fit; choose another format")
        for what, value in (("rating", p.rating), ("national rating", p.national_rating)):
            if value and not 0 <= value <= MAX_RATING:
                raise ValueError(f"TRF holds ratings 0 to {MAX_RATING:,}: {what} {value} of "
                                 f"player {p.start_no} ({p.name}) does not fit")


def _abnormal_299(t: Tournament) -> list[str]:
    """Record ``299`` per assignment: type (column 5), points (14-17), round (20-22),
    the players with the same assignment from column 24."""
    groups: dict[tuple[str, Fraction, int], list[int]] = {}
    for p in t.players:
        for a in p.adjustments:
            groups.setdefault((a.kind, a.points, a.round), []).append(p.start_no)
    return [f"299 {kind or ' '}        {fmt_points(pts):>4}  {rnd:03d} "
            + " ".join(f"{sn:4d}" for sn in players)
            for (kind, pts, rnd), players in groups.items()]


def _tiebreak_records(t: Tournament) -> list[str]:
    """Records 202 (tie-breaks) and 212 (``PTS`` then the tie-breaks, unless stated)."""
    codes = written_tiebreaks(t.settings)
    if not codes:
        return []
    standing = t.info.get("standings_tiebreaks") or ["PTS", *codes]
    return [f"202 {','.join(codes)}", f"212 {','.join(standing)}"]  # type: ignore[arg-type]


def _scoring_2026(sc: Scoring) -> list[str]:
    d = Scoring()
    items = []
    if sc.win != d.win:
        items.append(("W", sc.win))
    if sc.draw != d.draw:
        items.append(("D", sc.draw))
    if sc.loss != d.loss:
        items.append(("L", sc.loss))
    if sc.forfeit_loss != d.forfeit_loss:
        items.append(("A", sc.forfeit_loss))
    if sc.pairing_bye != sc.win:
        items.append(("P", sc.pairing_bye))
    if not items:
        return []
    return ["162  " + "    ".join(f"{c}{fmt_points(v):>4}" for c, v in items)]


def _scoring_bb(sc: Scoring) -> list[str]:
    d = Scoring()
    out = []
    for tag, f in (("BBW", "win"), ("BBD", "draw"), ("BBL", "loss"), ("BBZ", "zero_bye"),
                   ("BBF", "forfeit_loss"), ("BBU", "pairing_bye")):
        # a reader takes BBU as BBW's value when it is missing, so BBU is written whenever
        # the pairing-allocated bye is worth anything other than a win (C.04.1 / C.2)
        differs = (sc.pairing_bye != sc.win if f == "pairing_bye"
                   else getattr(sc, f) != getattr(d, f))
        if differs:
            out.append(f"{tag} {fmt_points(getattr(sc, f)):>4}")
    return out


def _scoring_expressible(sc: Scoring) -> bool:
    """True if 162 / BB? lines carry ``sc`` exactly (the rest follows TRF's groupings)."""
    return (sc.forfeit_win == sc.win == sc.full_bye and sc.half_bye == sc.draw
            and sc.zero_bye == sc.forfeit_loss == sc.absent)


def _default_ranks(t: Tournament) -> dict[int, int]:
    """Ranks from the standings with the tournament's tie-breaks (shared where unbroken);
    by points alone if the file names a tie-break this project does not know."""
    from ...engine.standings import standings
    from ...engine.tiebreaks import TieBreakError

    try:
        return {row.start_no: row.rank for row in standings(t).rows}
    except TieBreakError:
        pass
    scores = t.scores()
    order = sorted(t.players, key=lambda p: (-scores[p.start_no], p.start_no))
    ranks: dict[int, int] = {}
    for i, p in enumerate(order):
        prev = order[i - 1] if i else None
        ranks[p.start_no] = ranks[prev.start_no] if prev and scores[prev.start_no] == scores[p.start_no] else i + 1
    return ranks


def _player_line(t: Tournament, p: Player, rank: int | None) -> str:
    name = p.name[:33]
    head = (f"001 {p.start_no:4d} {p.sex[:1]:1}{p.title[:3]:>3} {name:<33} "
            f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
            f"{p.birth[:10]:<10} {fmt_points(t.score(p.start_no)):>4} {(str(rank) if rank else ''):>4}")
    last = max((r.number for r in t.rounds if r.entry(p.start_no) is not None), default=0)
    blocks = []
    for n in range(1, last + 1):
        r = t.round(n)
        e = r.entry(p.start_no) if r else None
        if e is None:
            blocks.append("          ")
        elif isinstance(e, Bye):
            blocks.append(f"  0000 - {WRITE_CODE[e.result]}")
        else:
            blocks.append(f"  {e.opponent(p.start_no):4d} {e.colour_of(p.start_no).value} "
                          f"{WRITE_CODE[e.result_for(p.start_no)]}")
    return (head + "".join(blocks)).rstrip()


def _national_line(fed: str, p: Player) -> str:
    x = p.extra
    return (f"{fed[:3]:<3} {p.start_no:4d} {str(x.get('national_sex', ''))[:1]:1}"
            f"{str(x.get('national_class', ''))[:3]:>3} {str(x.get('national_name', ''))[:33]:<33} "
            f"{(str(p.national_rating) if p.national_rating else ''):>4} "
            f"{str(x.get('national_origin', ''))[:3]:<3} {p.national_id[:11]:>11} "
            f"{str(x.get('national_birth', ''))[:10]:<10}").rstrip()


def _byes_240(t: Tournament) -> list[str]:
    """240 records for requested byes of rounds that are not paired yet."""
    out = []
    for r in t.rounds:
        if r.is_paired:
            continue
        for code, result in (("F", Result.FULL_BYE), ("H", Result.HALF_BYE), ("Z", Result.ZERO_BYE)):
            ps = [b.player for b in r.byes if b.result is result]
            if ps:
                out.append(f"240 {code} {r.number:03d} " + " ".join(f"{p:4d}" for p in ps))
    return out


def _acceleration_250(t: Tournament) -> list[str]:
    """250 records: runs of rounds with one value, merged over consecutive players."""
    runs: dict[int, list[tuple[int, int, Fraction]]] = {}
    for p in t.players:
        items: list[tuple[int, int, Fraction]] = []
        for i, v in enumerate(p.acceleration, 1):
            if v and items and items[-1][1] == i - 1 and items[-1][2] == v:
                items[-1] = (items[-1][0], i, v)
            elif v:
                items.append((i, i, v))
        if items:
            runs[p.start_no] = items
    out = []
    players = sorted(runs)
    i = 0
    while i < len(players):
        j = i
        while j + 1 < len(players) and players[j + 1] == players[j] + 1 and runs[players[j + 1]] == runs[players[i]]:
            j += 1
        for first, last, v in runs[players[i]]:
            out.append(f"250      {fmt_points(v):>4} {first:03d} {last:03d} {players[i]:4d} {players[j]:4d}")
        i = j + 1
    return out


_PLAYER_FIELDS_IN_001 = {"name": 33, "sex": 1, "title": 3, "federation": 3, "fide_id": 11, "birth": 10}


def _extension_lines(t: Tournament) -> list[str]:
    s = t.settings
    out: list[str] = []
    implied = SYSTEM_TYPES.get(type_code_for(t).removesuffix("_BAKU"), "dutch")
    if s.system != implied:
        out.append(f"{EXTENSION} system {s.system}")
    if not _scoring_expressible(s.scoring):
        out.append(f"{EXTENSION} scoring " + " ".join(
            f"{f}={_fmt_fraction(getattr(s.scoring, f))}" for f in Scoring.__dataclass_fields__))
    for key in sorted(s.seeds):
        out.append(f"{EXTENSION} seed {key} {s.seeds[key]}")
    for key in sorted(s.options):
        if key == "pair_by_rank":
            continue
        out.append(f"{EXTENSION} option {_xmn_key(key)} "
                   f"{json.dumps(s.options[key], ensure_ascii=False, sort_keys=True)}")
    if s.bye_discs != (40, 24):
        out.append(f"{EXTENSION} setting bye_discs {json.dumps(list(s.bye_discs))}")
    if s.mbq_c is not None:
        out.append(f"{EXTENSION} setting mbq_c {json.dumps(_fmt_fraction(s.mbq_c))}")
    for key in sorted(t.info):
        if key in INFO_HEADER or key in ("deputies", "round_dates", "standings_tiebreaks",
                                          "type_code", "national_federation"):
            continue
        out.append(f"{EXTENSION} info {_xmn_key(key)} "
                   f"{json.dumps(t.info[key], ensure_ascii=False, sort_keys=True)}")
    for p in t.players:
        out.extend(_player_extensions(p))
    running = {p.start_no: Fraction(0) for p in t.players}
    for r in t.rounds:
        if list(r.games) != sorted(r.games, key=lambda g: board_key(g, running)):
            out.append(f"{EXTENSION} boards {r.number} " + " ".join(str(g.white) for g in r.games))
        for sn in running:
            e = r.entry(sn)
            if e is not None:
                running[sn] += s.scoring.points(e.result if isinstance(e, Bye) else e.result_for(sn))
        for pg in r.paired_around:
            out.append(f"{EXTENSION} paired-around {r.number} {pg.round} {pg.white} "
                       f"{pg.black} {pg.kind.value}")
        if r.paired_from:  # the round list as written when it was paired (DSU-7)
            out.append(f"{EXTENSION} paired-from {r.number} " + " ".join(map(str, r.paired_from)))
        for g in r.games:
            if g.pending is not None:
                out.append(f"{EXTENSION} pending {r.number} {g.white} {g.pending.value}")
            if g.white_discs is not None or g.black_discs is not None:
                out.append(f"{EXTENSION} discs {r.number} {g.white} {g.white_discs} {g.black_discs}")
    return out


def _round_date(value: object) -> str:
    """A round's date as TRF 132 writes it, ``YY/MM/DD`` (``2026/01/08`` from a workbook
    too); text that is no date as it is."""
    day = L.date_from_cell(value, L.ROUND_DATE_FORMATS)
    return day.strftime("%y/%m/%d") if day is not None else str(value or "")


def _xmn_key(key: str) -> str:
    """A key of an ``XMN`` record: the word itself, or a JSON string when it holds a
    blank or starts with a quote (the reader takes either)."""
    return key if key and not key.startswith('"') and key.split() == [key] else json.dumps(
        key, ensure_ascii=False)


def _player_extensions(p: Player) -> list[str]:
    out = []

    def add(key: str, value: object) -> None:
        out.append(f"{EXTENSION} player {p.start_no} {_xmn_key(key)} "
                   f"{json.dumps(value, ensure_ascii=False)}")

    for key, width in _PLAYER_FIELDS_IN_001.items():
        value = getattr(p, key)
        if len(value) > width or value != value.strip():
            add(key, value)
    if p.rating > 9999:
        add("rating", p.rating)
    if p.club:
        add("club", p.club)
    if p.withdrawn_after is not None:
        add("withdrawn_after", p.withdrawn_after)
    if p.entered_at is not None:
        add("entered_at", p.entered_at)
    for key in sorted(p.extra):
        if key.startswith("national_"):
            continue
        add(key, p.extra[key])
    return out
