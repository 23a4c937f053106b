"""World Othello Federation rating file (``YYYYMMDD_NAME.ELO``) <-> :class:`Tournament`.

The format (see ``docs/formats/wof.md`` for the sources and every decision)::

    %%Tournament: Stockholm Open 2026
    %%Country: Sweden
    %%Date: 14/03/2026
    %%Sender: Kari Berg

    %        ID, NAME, Firstname, COUNTRY, score, disc-count
    %_%    3752, BERG, Kari, SWE, 2, 104

    %Round: 1

      3752 (42)>(22)   1024 B

* four header lines, then blank lines, comments (first character ``%``) and results;
* players are comment lines ``%_% ID, NAME, Firstname, COUNTRY, score, disc-count``
  (the WOF id is ``Player.extra["wof_id"]``);
* one result line per game: ``ID (DISCS)>(DISCS) ID C`` with ``>``, ``<`` or ``=``
  seen from the first player and ``C`` the first player's colour (``B``/``W``).
  This writer names Black first (OTH-5), so ``C`` is always ``B``;
* ``%Round: N`` comments separate rounds; ``%%Added results`` (PAPP) or ``%Finals``
  starts the finals' games.

Byes and forfeits are not rated games and have no result line; so that a file this
project wrote reads back into the same tournament they are written as comments
(``%Bye: ID``, ``%Forfeit: ID + ID B``), which the rating program ignores.

>>> from monrad.engine.model import *
>>> t = Tournament(settings=Settings(system="othello-swiss", rounds=1),
...                info={"name": "Club night", "start_date": "2026/03/14"})
>>> t.add_player(Player(1, "BERG, Kari", federation="SWE", extra={"wof_id": "3752"}))
>>> t.add_player(Player(2, "HANSEN, Ola", federation="NOR", extra={"wof_id": "1024"}))
>>> t.rounds.append(Round(1, (Game(2, 1, Result.LOSS, Result.WIN, 22, 42),)))
>>> text = write_wof(t, sender="Kari Berg", country="Sweden")
>>> print(text.splitlines()[-1])
  3752 (42)>(22)   1024 B
>>> read_wof(text).rounds == t.rounds
True
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import cast

from ...engine.i18n import Message, ntr, tr
from ...engine.model import (
    Bye,
    Game,
    ModelError,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from ...engine.othello.discs import TOTAL
from ...engine.othello.mbq import OthelloDataError, disc_records
from .. import layout as L
from ..atomic import atomic_write
from ..errors import InputError
from ..limits import MAX_ROUNDS, bounded, fraction
from ..lines import one_line, one_line_tournament
from ..source import read_text

__all__ = ["WofError", "read_wof", "parse_wof", "write_wof", "save_wof", "wof_filename", "PLAYER_HEADER"]

PLAYER_HEADER = "%        ID, NAME, Firstname, COUNTRY, score, disc-count"
_HEADER = ("Tournament", "Country", "Date", "Sender")
_DATE = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
_RESULT = re.compile(r"\s*(\d+)\s*\(\s*(\d+)\s*\)\s*([<>=])\s*\(\s*(\d+)\s*\)\s*(\d+)\s*([BWbw])?\s*")
_ROUND = re.compile(r"%\s*Round\s*:?\s*(\d+)\b.*", re.IGNORECASE)
_FINALS = re.compile(r"%(%\s*Added results.*|\s*Finals?\s*:?\s*)", re.IGNORECASE)
_BYE = re.compile(r"%Bye:\s*(\d+)\s*")
_FORFEIT = re.compile(r"%Forfeit:\s*(\d+)\s*([+-])\s*(\d+)\s*([BW])\s*")
_PAPP_PLAYER = re.compile(r"\s*(\d+)\s+([^,]+?)\s*,\s*([^{]*?)\s*\{([^}]*)\}\s*")


class WofError(ModelError):
    """The tournament lacks something the WOF file needs (a WOF id, a disc count, the sender ...)."""


# --------------------------------------------------------------------------- reading
def read_wof(
    source: str | os.PathLike[str], *, name: str | None = None, warnings: list[str] | None = None
) -> Tournament:
    """Read a WOF rating file (a path) or its text into a :class:`Tournament`.

    A ``str`` holding a line break is taken as the text itself.  Raises
    :class:`InputError` naming the file and line of anything wrong; a player's
    listed score that disagrees with his results is appended to ``warnings``.
    """
    # WOF files are UTF-8 or Latin-1 (every byte is a Latin-1 character): no warning
    text, label = read_text(source, name=name, warnings=None, fallback="latin-1")
    return parse_wof(text, name=label, warnings=warnings)


def parse_wof(text: str, *, name: str = "<text>", warnings: list[str] | None = None) -> Tournament:
    """Parse WOF rating-file text (see the module doc)."""
    reader = _Reader(text, name)
    tournament = reader.read()
    if warnings is not None:
        scores = tournament.scores()
        for no, start_no, listed in reader.listed_scores:
            if listed != scores[start_no]:
                warnings.append(str(tr(
                    "{where}: player {wid} is listed with score {listed}, the results give {got}",
                    where=f"{name}:{no}", wid=tournament.player(start_no).extra["wof_id"],
                    listed=_fmt_score(listed), got=_fmt_score(scores[start_no]))))
    return tournament


class _Reader:
    def __init__(self, text: str, name: str) -> None:
        self.lines = text.splitlines()
        self.name = name
        self.info: dict[str, object] = {}
        self.players: list[Player] = []
        self.by_id: dict[str, int] = {}
        self.rounds: dict[int, list[Game]] = {}
        self.byes: dict[int, list[Bye]] = {}
        self.added: list[list[int]] = []
        self.unmarked: list[tuple[int, Game]] = []
        self.listed_scores: list[tuple[int, int, Fraction]] = []
        self.players_listed = any(line.startswith("%_%") for line in self.lines)

    def error(self, message: Message | str, line: int) -> InputError:
        return InputError(message, source=self.name, line=line)

    def read(self) -> Tournament:
        self._header()
        current: int | None = None
        in_finals = False
        for no, raw in enumerate(self.lines[4:], 5):
            line = raw.rstrip()
            if not line.strip():
                continue
            if line.startswith("%"):
                if m := _ROUND.fullmatch(line):
                    current, in_finals = int(m.group(1)), False
                    if current < 1:
                        raise self.error(tr("round numbers start at 1"), no)
                    if too_many := bounded(current, tr("round"), 1, MAX_ROUNDS):  # issue 40
                        raise self.error(too_many, no)
                elif _FINALS.fullmatch(line):
                    in_finals = True
                elif line.startswith("%_%"):
                    self._player(line[3:], no)
                elif m := _BYE.fullmatch(line):
                    self._need_round(current, no)
                    self.byes.setdefault(current, []).append(Bye(self._pid(m.group(1), no)))  # type: ignore[arg-type]
                elif m := _FORFEIT.fullmatch(line):
                    self._need_round(current, no)
                    a, b = self._pid(m.group(1), no), self._pid(m.group(3), no)
                    res = Result.FORFEIT_WIN if m.group(2) == "+" else Result.FORFEIT_LOSS
                    g = Game(b, a, res.counterpart, res) if m.group(4) == "B" else Game(a, b, res, res.counterpart)
                    self.rounds.setdefault(current, []).append(g)  # type: ignore[arg-type]
                continue  # any other comment is discarded, as the rating program does
            self._result(line, no, current, in_finals)
        return self._tournament()

    def _header(self) -> None:
        for i, key in enumerate(_HEADER):
            if i >= len(self.lines):
                raise self.error(tr("the file must begin with the four header lines; {line} is missing",
                                    line=f"%%{key}:"), i + 1)
            line = self.lines[i].strip()
            prefix = f"%%{key}:"
            if not line.lower().startswith(prefix.lower()):
                raise self.error(tr("header line {n} must start with {prefix!r}, found {found!r}",
                                    n=i + 1, prefix=prefix, found=line[:40]), i + 1)
            value = line[len(prefix):].strip()
            if key == "Date":
                dates = _DATE.findall(value)
                if not dates or not _DATE.match(value):
                    raise self.error(tr("%%Date: must be DD/MM/YYYY, found {value!r}", value=value),
                                     i + 1)
                iso = []
                for d, m, y in dates:
                    if not (1 <= int(d) <= 31 and 1 <= int(m) <= 12):
                        raise self.error(tr("%%Date: {date} is not a date", date=f"{d}/{m}/{y}"),
                                         i + 1)
                    iso.append(f"{y}/{int(m):02d}/{int(d):02d}")
                self.info["start_date"] = iso[0]
                if len(iso) > 1:
                    self.info["end_date"] = iso[-1]
            elif key == "Tournament":
                self.info["name"] = value
            elif key == "Country":
                self.info["country"] = value
            else:
                self.info["wof_sender"] = value

    def _player(self, body: str, no: int) -> None:
        body = body.strip()
        if body.startswith("+"):
            body = body[1:].strip()
        if m := _PAPP_PLAYER.fullmatch(body):
            wid, family, first, country = m.groups()
        else:
            fields = [f.strip() for f in body.split(",")]
            if len(fields) < 4 or not fields[0].isdigit():
                raise self.error(tr("player line must be 'ID, NAME, Firstname, COUNTRY[, score, "
                                    "disc-count]', found {body!r}", body=body), no)
            wid, family, first, country = fields[:4]
        wid = str(int(wid))
        if not m:
            fields = [f.strip() for f in body.split(",")]
            if len(fields) >= 5 and fields[4]:
                try:
                    self.listed_scores.append((no, len(self.players) + 1, fraction(fields[4])))
                except (ValueError, ZeroDivisionError):
                    raise self.error(tr("score {score!r} is not a number", score=fields[4]),
                                     no) from None
        if wid in self.by_id:
            raise self.error(tr("WOF id {wid} is listed twice", wid=wid), no)
        start_no = len(self.players) + 1
        full = f"{family}, {first}" if first else family
        self.players.append(Player(start_no, full, federation=country, extra={"wof_id": wid}))
        self.by_id[wid] = start_no

    def _pid(self, wid: str, no: int, create: bool = False) -> int:
        key = str(int(wid))
        if key not in self.by_id:
            if not create:
                raise self.error(tr("player {wid} is not in the player list (%_% lines)", wid=key),
                                 no)
            start_no = len(self.players) + 1
            self.players.append(Player(start_no, f"WOF {key}", extra={"wof_id": key}))
            self.by_id[key] = start_no
        return self.by_id[key]

    def _need_round(self, current: int | None, no: int) -> None:
        if current is None:
            raise self.error(tr("a bye or forfeit comment before any %Round: line"), no)

    def _result(self, line: str, no: int, current: int | None, in_finals: bool) -> None:
        m = _RESULT.fullmatch(line)
        if not m:
            raise self.error(tr("not a result line 'ID (DISCS)>(DISCS) ID B': {line!r}",
                                line=line.strip()[:60]), no)
        a_id, a_d, sym, b_d, b_id, colour = m.groups()
        da, db = int(a_d), int(b_d)
        for d in (da, db):
            if d > TOTAL:
                raise self.error(tr("disc count {discs} is outside 0..64", discs=d), no)
        if da + db > TOTAL:
            raise self.error(tr("disc counts {first}-{second} add up to {total}, more than 64 "
                                "squares", first=da, second=db, total=da + db), no)
        expected = ">" if da > db else "<" if da < db else "="
        if sym != expected:
            raise self.error(tr("result sign {sign!r} does not match the disc count {first}-{second} "
                                "(expected {expected!r})", sign=sym, first=da, second=db,
                                expected=expected), no)
        create = not self.players_listed  # without a player list, ids make the players
        a, b = self._pid(a_id, no, create), self._pid(b_id, no, create)
        if a == b:
            raise self.error(tr("player {wid} cannot play against {wid}", wid=a_id), no)
        first_black = (colour or "B").upper() == "B"
        black, white, bd, wd = (a, b, da, db) if first_black else (b, a, db, da)
        if in_finals:
            self.added.append([black, white, bd, wd])
            return
        w_res = Result.WIN if wd > bd else Result.LOSS if wd < bd else Result.DRAW
        game = Game(white, black, w_res, w_res.counterpart, white_discs=wd, black_discs=bd)
        if current is None:
            self.unmarked.append((no, game))
        else:
            self.rounds.setdefault(current, []).append(game)

    def _tournament(self) -> Tournament:
        if self.unmarked:  # no %Round: lines: a new round starts when a player repeats
            number = max(self.rounds, default=0) + 1
            seen: set[int] = set()
            for _, g in self.unmarked:
                if seen & set(g.players):
                    number, seen = number + 1, set()
                self.rounds.setdefault(number, []).append(g)
                seen |= set(g.players)
        rounds = []
        for n in sorted(set(self.rounds) | set(self.byes)):
            try:
                rounds.append(Round(n, tuple(self.rounds.get(n, ())), tuple(self.byes.get(n, ()))))
            except ModelError as exc:
                raise InputError(str(exc), source=self.name) from None
        info = dict(self.info)
        if self.added:
            info["finals_games"] = self.added
        settings = Settings(system="othello-swiss", rounds=max((r.number for r in rounds), default=0) or None,
                            scoring=Scoring.classic())
        return Tournament(settings=settings, players=list(self.players), rounds=rounds, info=info)


# --------------------------------------------------------------------------- writing
def _ascii(text: object) -> str:
    """WOF files are pure ASCII without accents: fold what can be folded."""
    folded = unicodedata.normalize("NFKD", str(text))
    folded = folded.replace("\u00f8", "o").replace("\u00d8", "O").replace("\u00e6", "ae").replace("\u00c6", "AE")
    folded = folded.replace("\u00df", "ss").replace("\u0111", "d").replace("\u0142", "l").replace("\u0141", "L")
    return one_line(folded.encode("ascii", "ignore").decode("ascii")).strip()


def _wof_date(value: object) -> str:
    text = str(value).strip()
    if m := re.fullmatch(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})", text):
        y, mo, d = m.groups()
    elif m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", text):
        d, mo, y = m.groups()
    else:
        raise WofError(tr('tournament date {text!r} is not YYYY/MM/DD or DD/MM/YYYY', text=text))
    if not (1 <= int(d) <= 31 and 1 <= int(mo) <= 12):
        raise WofError(tr('tournament date {text!r} is not a date', text=text))
    return f"{int(d):02d}/{int(mo):02d}/{y}"


def _fmt_score(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.1f}"


def _split_name(name: str) -> tuple[str, str]:
    family, _, first = name.partition(",")
    return family.strip(), first.strip()


def wof_id(p: Player) -> str:
    """The player's WOF id: ``extra["wof_id"]``, or a roster column headed ``WOF id``
    (``WOF``, ``WOF nr`` ...) as a workbook's Players sheet keeps it."""
    for key, value in (("wof_id", p.extra.get("wof_id")), *p.extra.items()):
        if value is not None and re.sub(r"[^a-z]", "", str(key).casefold()) in _WOF_ID_KEYS:
            text = str(value).strip()
            return text[:-2] if text.endswith(".0") else text
    return ""


_WOF_ID_KEYS = frozenset({"wofid", "wof", "wofnr", "wofno", "wofnumber", "wofnummer"})


def _first_round_date(t: Tournament) -> str | None:
    """Round 1's date, ``YYYY/MM/DD``, when the tournament has one."""
    dates = t.info.get("round_dates")
    first = dates[0] if isinstance(dates, (list, tuple)) and dates else None
    day = L.date_from_cell(first, L.ROUND_DATE_FORMATS) if first else None
    return day.strftime("%Y/%m/%d") if day is not None else None


def write_wof(
    tournament: Tournament,
    *,
    sender: str | None = None,
    country: str | None = None,
    date: str | None = None,
    finals_games: Sequence[Sequence[int]] | None = None,
    warnings: list[str] | None = None,
    label: str = "WOF",
) -> str:
    """The WOF rating file of ``tournament`` as text (ASCII, ``\\n`` line ends).

    ``sender``, ``country`` and ``date`` default to ``info["wof_sender"]`` (else the
    chief arbiter, ``info["arbiter"]``), ``info["country"]`` (else
    ``info["federation"]``) and ``info["start_date"]`` (else round 1's date, filled
    when it was paired: issue 36 item 7).
    ``finals_games`` (default ``info["finals_games"]``) are ``[black, white,
    black_discs, white_discs]`` by start number, written after ``%%Added results``.

    Raises :class:`WofError` (one line) when something the format needs is missing:
    a WOF id, a disc count, a result.  Every field is one line (a line break is
    written as a space and named in a warning appended to ``warnings``).
    """
    t = one_line_tournament(tournament, label, "WOF", warnings)
    sender = sender if sender is not None else t.info.get("wof_sender") or t.info.get("arbiter")  # type: ignore[assignment]
    country = country if country is not None else t.info.get("country") or t.info.get("federation")  # type: ignore[assignment]
    date = date if date is not None else t.info.get("start_date") or _first_round_date(t)  # type: ignore[assignment]
    if not sender:
        raise WofError(tr('the WOF file needs a sender (%%Sender:): enter the chief arbiter '
                          '(TRF 102) or pass sender=...'))
    if not country:
        raise WofError(tr('the WOF file needs the country (%%Country:): enter the federation '
                          '(TRF 032) or pass country=...'))
    if not date:
        raise WofError(tr('the WOF file needs the tournament date (%%Date:): enter the start '
                          'date (TRF 042) or pass date=...'))
    ids: dict[int, str] = {}
    missing = []
    for p in t.players:
        wid = wof_id(p)
        if not wid.isdigit():
            missing.append(f"{p.start_no} {p.name}")
        else:
            ids[p.start_no] = str(int(wid))
    if missing:
        raise WofError(
            ntr("no WOF id (Player.extra['wof_id']) for player {missing}; the WOF rating "
                "officer gives new players their id",
                "no WOF id (Player.extra['wof_id']) for players {missing}; the WOF rating "
                "officer gives new players their id", len(missing), missing=", ".join(missing))
        )
    if len(set(ids.values())) != len(ids):
        raise WofError(tr('two players have the same WOF id'))
    try:
        records = disc_records(t)
    except OthelloDataError as exc:
        raise WofError(tr('{exc}; the WOF file needs a disc count for every game', exc=exc)) from None
    scores = t.scores()

    out = [
        f"%%Tournament: {_ascii(t.info.get('name', ''))}".rstrip(),
        f"%%Country: {_ascii(country)}",
        f"%%Date: {_wof_date(date)}",
        f"%%Sender: {_ascii(sender)}",
        "",
        PLAYER_HEADER,
    ]
    for p in t.players:
        family, first = _split_name(_ascii(p.name))
        discs = sum(d for _, d, _ in records[p.start_no])
        out.append(
            f"%_% {ids[p.start_no]:>6}, {family}, {first}, {_ascii(p.federation)}, "
            f"{_fmt_score(scores[p.start_no])}, {discs}"
        )
    for rnd in t.rounds:
        out += ["", f"%Round: {rnd.number}", ""]
        for board, g in enumerate(rnd.games, 1):
            out.append(_game_line(g, ids, rnd.number, board))
        for b in rnd.byes:
            if b.result in (Result.PAIRING_BYE, Result.FULL_BYE):
                out.append(f"%Bye: {ids[b.player]}")
    added = finals_games
    if added is None:
        # info["finals_games"] as read_wof stored it: [black, white, black discs, white discs]
        added = cast("Sequence[Sequence[int]] | None", t.info.get("finals_games"))
    if added:
        out += ["", "%%Added results", ""]
        for black, white, bd, wd in added:
            out.append(_line(ids[black], bd, wd, ids[white]))
    return "\n".join(out) + "\n"


def _line(first: str, fd: int, sd: int, second: str) -> str:
    sym = ">" if fd > sd else "<" if fd < sd else "="
    return f"{first:>6} ({fd:02d}){sym}({sd:02d}) {second:>6} B"


def _game_line(g: Game, ids: dict[int, str], number: int, board: int) -> str:
    if not g.is_finished:
        raise WofError(tr('round {number} board {board} ({black}-{white}) has no result yet',
                          number=number, board=board, black=g.black, white=g.white))
    if g.white_result.is_forfeit and (g.white_discs is None or g.black_discs is None):
        sign = "+" if g.black_result is Result.FORFEIT_WIN else "-"
        return f"%Forfeit: {ids[g.black]} {sign} {ids[g.white]} B"
    if g.black_discs is None or g.white_discs is None:
        raise WofError(tr('round {number} board {board} ({black}-{white}) has no disc count',
                          number=number, board=board, black=g.black, white=g.white))
    return _line(ids[g.black], g.black_discs, g.white_discs, ids[g.white])


def wof_filename(tournament: Tournament, date: str | None = None) -> str:
    """``YYYYMMDD_NAME.ELO``: first day, name in letters, digits and ``_`` (at most 30)."""
    d, m, y = _wof_date(date or tournament.info.get("start_date", "")).split("/")
    name = re.sub(r"[^A-Za-z0-9]+", "_", _ascii(tournament.info.get("name", "") or "tournament")).strip("_")
    return f"{y}{m}{d}_{name[:30] or 'tournament'}.ELO"


def save_wof(tournament: Tournament, path: str | os.PathLike[str], **kwargs: object) -> Path:
    """Write the WOF file to ``path`` safely (temporary file, then replace)."""
    text = write_wof(tournament, **kwargs)  # type: ignore[arg-type]
    return atomic_write(path, text.encode("ascii"))
