"""Read the tournament workbooks clubs already keep: roster and results -> model.

Written against the conventions such sheets follow, not against particular files:

* **Title rows**: the header row need not be row 1; the first row (among the first
  :data:`HEADER_SCAN_ROWS`) in which at least two cells are known headers is the
  header row.  Text above it is the title block: its first line becomes the
  tournament name, and "Monrad, 7 runder"-style lines give the number of rounds.
* **Headers** in Norwegian, Swedish, Danish and English, with synonyms
  (:data:`HEADER_SYNONYMS`: ``Navn/Namn/Name``, ``Klubb/Klub/Club``,
  ``Elo/Rating/LPR`` ...), in any column order; unknown columns are kept in
  ``Player.extra``.  A *mapping file* (:func:`load_mapping`) names anything unusual.
* **Roster**: the sheet whose header has a name column and no White/Black columns;
  start numbers come from a number column, else from the row order.  ``First Last``
  names are stored FIDE-style as ``Last, First`` (``name_order="keep"`` to keep
  them; a name with a comma is kept as it is).
* **Results**: either one sheet per round (the round number from the sheet name,
  ``Runde 3``/``Rond 3``/``Round 3``) or one long table with a Round column.  Each
  row: White, Black, Result; players given by start number or by name; a bye is a
  row whose opponent cell holds a bye word (``Fri``, ``Frirond``, ``Oversidder``,
  ``Bye`` ...).  Results in every notation :mod:`monrad.converters.notation` reads.

Anything that cannot be understood raises :class:`~monrad.converters.errors.InputError`
naming the file, sheet and cell.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import re
import tomllib
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ...engine.categories import CATEGORIES_KEY, GROUP_KEY
from ...engine.i18n import Message, ntr, ptr, tr
from ...engine.model import Bye, Game, ModelError, Player, Result, Round, Settings, Tournament
from ...engine.namesakes import namesakes, note, refusal
from ...engine.pairing import available_systems, canonical_system
from ..errors import InputError, all_problems
from ..layout import PLAYER_COLUMNS, ROUND_COLUMNS, round_dates_from_cell, sex_from_cell
from ..limits import MAX_ROUNDS, PLAYER_NUMBER_LIMITS, bounded
from ..notation import BYE_WORDS, NotationError, parse_result
from ..workbook.binding import CellValue, WorkbookReader, a1
from ..workbook.lost import get_it_back, missing_sheet, not_paired_with
from .block import BLOCK, read_block, read_paired_around, read_paired_from
from .titles import header_language, title_system

__all__ = [
    "EXTRA_FIELDS",
    "HEADER_SYNONYMS",
    "HEADER_SCAN_ROWS",
    "ReadOptions",
    "load_mapping",
    "normalise_header",
    "find_header",
    "read_roster",
    "read_club_book",
    "taken_on",
    "ClubSheets",
    "find_sheets",
    "named_system",
    "read_club_workbook",
    "fide_name",
]

#: How far down a sheet the header row is looked for.
HEADER_SCAN_ROWS = 30

# Field names a header can map to.  Player fields are Player attributes; "round",
# "board", "white", "black", "result" belong to results tables; "first_name" and
# "last_name" are joined into ``name``; "ignore" drops a column.
_SYN: dict[str, tuple[str, ...]] = {
    "start_no": ("nr", "no", "nummer", "startnr", "startnummer", "startno", "snr", "#",
                 "startnumber", "number", "num", "stnr", "lnr", "lopenr", "løpenr"),
    "name": ("navn", "namn", "name", "spiller", "spelare", "spiller navn", "spillernavn",
             "player", "deltager", "deltagare", "deltaker", "fullt navn", "fullständigt namn",
             "full name", "fulde navn"),
    "first_name": ("fornavn", "förnamn", "first name", "firstname", "given name"),
    "last_name": ("etternavn", "efternavn", "efternamn", "last name", "lastname", "surname",
                  "family name"),
    "club": ("klubb", "klub", "club", "forening", "förening", "skakklub", "sjakklubb",
             "schackklubb", "team", "lag", "hold"),
    "rating": ("elo", "rating", "lpr", "ratingtal", "elotal", "rtg", "ratings", "fide elo",
               "fide rating", "elo fide", "ranking"),
    "national_rating": ("nsf rating", "ssf rating", "dsu rating", "national rating",
                        "nasjonal rating", "nationell rating", "national elo", "lask",
                        "dansk rating"),
    "fide_id": ("fide id", "fideid", "fide nr", "fidenr", "fide no", "id fide", "fide kode"),
    "national_id": ("national id", "nsf id", "ssf id", "dsu id", "medlemsnr", "medlemsnummer",
                    "medlems id", "member id", "member no", "id", "lpr id", "ssf nr"),
    "birth": ("født", "född", "fødselsdato", "födelsedatum", "fødselsår", "födelseår",
              "birth", "birth date", "birthdate", "date of birth", "born", "year of birth",
              "birth year", "fødd", "årgang", "årgång", "f år"),
    "sex": ("kjønn", "kön", "køn", "sex", "gender", "k m", "m k"),
    "title": ("tittel", "titel", "title", "tit"),
    "federation": ("forbund", "förbund", "federation", "fed", "land", "country", "nation"),
    "withdrawn_after": ("trukket etter runde", "utgått efter rond", "udgået efter runde",
                        "withdrawn after round", "withdrawn", "trukket", "utgått", "udgået"),
    "entered_at": ("sen start i runde", "sen start i rond", "late entry in round",
                   "late entry", "late", "sen start"),
    # the free group column and the per-player categories (issue 41, engine/categories.py)
    "group": ("group", "gruppe", "grupp", "gruppa"),
    "categories": ("categories", "category", "kategorier", "kategori", "premiekategori",
                   "premiekategorier", "priskategori", "priskategorier", "præmiekategori",
                   "præmiekategorier", "prize category", "prize categories"),
    "round": ("runde", "rond", "round", "rd", "omgang", "omgång", "rnd"),
    "board": ("bord", "board", "bd", "brett"),
    "white": ("hvit", "vit", "hvid", "white", "hvit spiller", "vit spelare", "hvid spiller",
              "white player"),
    "black": ("svart", "sort", "black", "svart spiller", "svart spelare", "sort spiller",
              "black player"),
    "result": ("resultat", "result", "res", "utfall", "score", "udfald"),
    "ignore": ("note", "notes", "anm", "anmärkning", "bemærkning", "merknad", "kommentar",
               "comment", "comments", "notat"),
}


def normalise_header(text: object) -> str:
    """The comparable form of a header: case-folded, letters, digits and ``#`` only.

    >>> normalise_header(" FIDE-ID "), normalise_header("Nr."), normalise_header("Født:")
    ('fideid', 'nr', 'født')
    """
    s = unicodedata.normalize("NFC", str(text)).casefold()
    return re.sub(r"[^\w#]+", "", s)


def _build_synonyms() -> dict[str, str]:
    table: dict[str, str] = {}
    for fld, words in _SYN.items():
        for w in words:
            table.setdefault(normalise_header(w), fld)
    # the monrad template's own headers, in every language
    for fld, names in PLAYER_COLUMNS.items():
        for n in names.values():
            table[normalise_header(n)] = fld
    for fld in ("board", "white", "black", "result"):
        for n in ROUND_COLUMNS[fld].values():
            table.setdefault(normalise_header(n), fld)
    return table


#: normalised header -> field name
HEADER_SYNONYMS: dict[str, str] = _build_synonyms()

_ROUND_FIELDS = {"white", "black", "result"}
_INT_FIELDS = {"start_no", "rating", "national_rating", "withdrawn_after", "entered_at"}
#: the whole-number fields in words (a bad cell names the field and the player)
_FIELD_WORDS = {"start_no": ptr("player field", "start number"),
                "rating": ptr("player field", "rating"),
                "national_rating": ptr("player field", "national rating"),
                "withdrawn_after": ptr("player field", "withdrawn after round"),
                "entered_at": ptr("player field", "late entry in round")}
_MODEL_FIELDS = {"start_no", "name", "club", "rating", "national_rating", "fide_id",
                 "national_id", "birth", "sex", "title", "federation", "withdrawn_after",
                 "entered_at"}


@dataclass
class ReadOptions:
    """What a mapping file can say (see :func:`load_mapping`)."""

    #: extra header -> field entries (normalised header keys)
    columns: dict[str, str] = field(default_factory=dict)
    #: extra bye words
    bye_words: frozenset[str] = frozenset()
    #: ``"fide"``: store ``First Last`` as ``Last, First``; ``"keep"``: as written
    name_order: str = "fide"
    #: sheet names, if the guesses are wrong
    roster_sheet: str | None = None
    othello: bool = False

    def field_for(self, header: object) -> str | None:
        key = normalise_header(header)
        if not key:
            return None
        return self.columns.get(key) or HEADER_SYNONYMS.get(key)

    def is_bye(self, value: CellValue) -> bool:
        if not isinstance(value, str):
            return False
        s = " ".join(value.casefold().split())
        return s in BYE_WORDS or s in self.bye_words


#: roster columns kept in ``Player.extra`` under their field's name (issue 41): the
#: free group and the player's prize categories (``engine/categories.py``)
EXTRA_FIELDS = (GROUP_KEY, CATEGORIES_KEY)

_KNOWN_FIELDS = set(_SYN) | _MODEL_FIELDS


def load_mapping(path: str | os.PathLike[str]) -> ReadOptions:
    """Read a mapping file (``.toml`` or ``.json``) for sheets with unusual headers.

    Either a flat table of header -> field (``{"Spelare": "name", "Poäng": "ignore"}``)
    or a table with ``columns`` (that flat table) and the optional keys ``bye``
    (list of extra bye words), ``name_order`` (``"fide"`` or ``"keep"``),
    ``roster_sheet`` and ``othello`` (true for disc scores).  Fields: ``start_no``,
    ``name``, ``first_name``, ``last_name``, ``club``, ``rating``, ``national_rating``,
    ``fide_id``, ``national_id``, ``birth``, ``sex``, ``title``, ``federation``,
    ``withdrawn_after``, ``entered_at``, ``group``, ``categories``, ``round``, ``board``,
    ``white``, ``black``, ``result``, ``ignore``.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
        data = tomllib.loads(text) if p.suffix.lower() == ".toml" else json.loads(text)
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(tr('cannot read mapping file ({exc})', exc=exc), source=str(p)) from None
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise InputError(tr('not a valid mapping file ({exc})', exc=exc), source=str(p)) from None
    if not isinstance(data, dict):
        raise InputError(tr('a mapping file holds a table of header = field'), source=str(p))
    structured = "columns" in data
    columns = data.get("columns", {}) if structured else data
    if not isinstance(columns, dict):
        raise InputError(tr("'columns' must be a table of header = field"), source=str(p))
    opts = ReadOptions()
    for header, fld in columns.items():
        if fld not in _KNOWN_FIELDS:
            raise InputError(
                tr('column {header!r}: unknown field {fld!r} (known: {known_fields})',
                   header=header, fld=fld, known_fields=', '.join(sorted(_KNOWN_FIELDS))), source=str(p))
        opts.columns[normalise_header(header)] = fld
    if structured:
        opts.bye_words = frozenset(" ".join(str(w).casefold().split()) for w in data.get("bye", ()))
        opts.name_order = str(data.get("name_order", "fide"))
        if opts.name_order not in ("fide", "keep"):
            raise InputError(tr("name_order must be 'fide' or 'keep', not {name_order!r}",
                                name_order=opts.name_order),
                             source=str(p))
        opts.roster_sheet = data.get("roster_sheet")
        opts.othello = bool(data.get("othello", False))
    return opts


#: a word of a person's name: a letter, then letters, ``-``, ``'`` or ``.``
_NAME_WORD = re.compile(r"^[^\W\d_][^\W\d_'’.\-]*(?:[-'’.][^\W\d_]*)*\.?$")


def fide_name(name: str) -> str:
    """``First Last`` -> ``Last, First`` (a name with a comma, one word, or words that
    are not all names -- a digit, a sign -- is kept).

    >>> fide_name("Håkan  Eriksson"), fide_name("Berg, Kari"), fide_name("Magnus")
    ('Eriksson, Håkan', 'Berg, Kari', 'Magnus')
    >>> fide_name("Anne-Lise O'Neil"), fide_name("=cmd|' /C calc'!A0"), fide_name("Team 2")
    ("O'Neil, Anne-Lise", "=cmd|' /C calc'!A0", 'Team 2')
    """
    s = " ".join(name.split())
    if "," in s or " " not in s or not all(_NAME_WORD.match(w) for w in s.split(" ")):
        return s
    first, last = s.rsplit(" ", 1)
    return f"{last}, {first}"


@dataclass
class Header:
    """A header row: its row number and field -> column number."""

    row: int
    columns: dict[str, int]
    extra: dict[str, int]


def find_header(
    book: WorkbookReader, sheet: str, opts: ReadOptions, *, need: set[str] | None = None
) -> Header | None:
    """The first row among the first :data:`HEADER_SCAN_ROWS` where at least two cells
    are known headers (and all of ``need`` are present); ``None`` if there is none."""
    last_row, last_col = book.used_size(sheet)
    if last_row == 0:
        return None
    rows = book.read_range(sheet, 1, 1, min(last_row, HEADER_SCAN_ROWS), last_col)
    for i, row in enumerate(rows, 1):
        cols: dict[str, int] = {}
        extra: dict[str, int] = {}
        for j, value in enumerate(row, 1):
            if value is None or str(value).strip() == "":
                continue
            fld = opts.field_for(value)
            if fld is None or fld in cols:
                extra[str(value).strip()] = j
            elif fld != "ignore":
                cols[fld] = j
            else:
                extra[str(value).strip()] = j
        known = len(cols) + sum(1 for h in extra if opts.field_for(h) == "ignore")
        if known >= 2 and (need is None or need <= set(cols)):
            return Header(i, cols, extra)
    return None


def _is_blank(v: CellValue) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def _int_cell(v: CellValue, what: Message | str, where: dict) -> int | None:
    if _is_blank(v):
        return None
    if isinstance(v, bool):
        raise InputError(tr('{what}: {v!r} is not a number', what=what, v=v), **where)
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    s = str(v).strip().rstrip(".")
    if re.fullmatch(r"\d+", s):
        return int(s)
    raise InputError(tr('{what}: {v!r} is not a whole number', what=what, v=v), **where)


def _text(v: CellValue) -> str:
    if _is_blank(v):
        return ""
    if hasattr(v, "isoformat"):
        return v.isoformat()[:10]  # type: ignore[union-attr]
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return " ".join(str(v).split())


def read_roster(
    book: WorkbookReader, sheet: str, opts: ReadOptions | None = None, *, source: str = "",
    allow_empty: bool = False, warnings: list[str] | None = None,
    line_of: Callable[[int], int] | None = None,
) -> list[Player]:
    """The players of a roster sheet (see the module doc for the conventions).

    A name written ``First Last`` is stored ``Last, First`` (FIDE order), on every path
    a roster comes in by (a club's sheet, a CSV roster, monrad's Players sheet; issue
    26), unless the options say ``name_order = "keep"``; ``warnings`` gets one line
    saying how many names were turned, with an example.  An empty roster is an error
    unless ``allow_empty`` (a fresh template).  Two rows of one player are refused,
    naming both; namesakes told apart get a line in ``warnings``
    (:func:`_check_namesakes`; ``line_of`` turns a row into the line of a text file)."""
    opts = opts or ReadOptions()
    src = source or book.name
    turned: list[tuple[str, str]] = []
    head = find_header(book, sheet, opts)
    if head is None or not ({"name", "last_name"} & set(head.columns)):
        raise InputError(tr('no header row with a Name column found'), source=src, sheet=sheet)
    last_row, last_col = book.used_size(sheet)
    rows = book.read_range(sheet, head.row + 1, 1, last_row, last_col)
    players: list[Player] = []
    used: set[int] = set()
    rows_of: dict[int, int] = {}
    problems: list[InputError] = []
    for offset, row in enumerate(rows):
        r = head.row + 1 + offset

        def cell(fld: str) -> CellValue:
            c = head.columns.get(fld)
            return row[c - 1] if c is not None and c <= len(row) else None

        def where(fld: str) -> dict:
            return {"source": src, "sheet": sheet, "cell": a1(r, head.columns[fld])}

        try:  # every problem of the roster at once, not only the first (issue 26 item 10)
            if "name" in head.columns:
                name = _text(cell("name"))
                if name and opts.name_order == "fide":
                    typed, name = name, fide_name(name)
                    if name != " ".join(typed.split()):
                        turned.append((typed, name))
            else:
                first, last = _text(cell("first_name")), _text(cell("last_name"))
                name = f"{last}, {first}" if first and last else (last or first)
            if not name:
                if all(_is_blank(v) for v in row):
                    continue
                if all(_is_blank(cell(f)) for f in head.columns if f not in ("start_no",)):
                    continue  # a lone number (e.g. a pre-numbered empty row)
                fld = "name" if "name" in head.columns else "last_name"
                raise InputError(tr('player without a name'), **where(fld))
            values: dict[str, object] = {"name": name}
            for fld in head.columns:
                if fld not in _MODEL_FIELDS or fld == "name":
                    continue
                v = cell(fld)
                if fld in _INT_FIELDS:
                    what = tr("{field} of {name}", field=_FIELD_WORDS[fld], name=name)
                    n = _int_cell(v, what, where(fld))
                    if n is not None:
                        if too_big := bounded(n, what, 0, PLAYER_NUMBER_LIMITS[fld]):
                            raise InputError(too_big, **where(fld))
                        values[fld] = n
                else:
                    t = _text(v)
                    if t:  # k/K/F/kvinne: FIDE's w (issue 26 item 11)
                        values[fld] = sex_from_cell(t) if fld == "sex" else t
            extra = {h: _text(row[c - 1]) for h, c in head.extra.items()
                     if c <= len(row) and not _is_blank(row[c - 1])}
            extra.update({fld: _text(cell(fld)) for fld in EXTRA_FIELDS
                          if fld in head.columns and not _is_blank(cell(fld))})
            no = values.pop("start_no", None)
            if no is None:
                no = len(players) + 1
                while no in used:
                    no += 1
            if no in used:
                raise InputError(tr('start number {no} is used twice', no=no), **where("start_no"))
            used.add(no)  # type: ignore[arg-type]
            rows_of[no] = r  # type: ignore[index]
            try:
                players.append(Player(no, extra=extra, **values))  # type: ignore[arg-type]
            except (ModelError, TypeError) as exc:
                raise InputError(str(exc), source=src, sheet=sheet, cell=a1(r, 1)) from None
        except InputError as exc:
            problems.append(exc)
    if problems:
        raise all_problems(problems, src, sheet)
    if not players and not allow_empty:
        raise InputError(tr('the roster has no players'), source=src, sheet=sheet)
    name_col = head.columns.get("name", head.columns.get("last_name", 1))
    if line_of is None:
        _check_namesakes(players, rows_of, src, warnings,
                        lambda r: {"sheet": sheet, "cell": a1(r, name_col)})
    else:
        _check_namesakes(players, {p: line_of(r) for p, r in rows_of.items()}, src, warnings)
    if turned and warnings is not None:
        typed, stored = turned[0]
        warnings.append(str(ntr(
            "{file}: {n} name written First Last is stored Last, First (FIDE order): "
            "{typed!r} -> {stored!r}; write Last, First in the roster, or keep names as "
            "typed with name_order = \"keep\" in a mapping file",
            "{file}: {n} names written First Last are stored Last, First (FIDE order), "
            "e.g. {typed!r} -> {stored!r}; write Last, First in the roster, or keep names "
            "as typed with name_order = \"keep\" in a mapping file",
            len(turned), file=src, typed=typed, stored=stored)))
    players.sort(key=lambda p: p.start_no)
    return players


def _check_namesakes(players: list[Player], places: dict[int, int], source: str,
                    warnings: list[str] | None,
                    cell_of: Callable[[int], dict] | None = None) -> None:
    """Refuse a roster with the same player twice, naming both rows (``cell_of``: a
    sheet's row -> its cell) or both lines (``places``: start number -> row or line);
    note namesakes that something tells apart (issue 36 item 3, :mod:`~monrad.engine.namesakes`)."""
    lines = cell_of is None
    for pair in namesakes(players):
        first, second = places[pair.first.start_no], places[pair.second.start_no]
        if pair.same_player:
            raise InputError(refusal(pair, first, second, lines=lines), source=source,
                             **({"line": second} if cell_of is None else cell_of(second)))
        if warnings is not None:
            warnings.append(str(note(pair, source, first, second, lines=lines)))


class _Names:
    """Find a player by a cell that holds a start number or a name."""

    def __init__(self, players: list[Player]) -> None:
        self.numbers = {p.start_no for p in players}
        self.names = {p.start_no: p.name for p in players}
        self.by_name: dict[str, int | None] = {}
        for p in players:
            keys = {self._key(p.name), self._key(p.name.replace(",", " "))}
            if "," in p.name:
                last, first = (s.strip() for s in p.name.split(",", 1))
                keys.add(self._key(f"{first} {last}"))
            for k in keys:
                self.by_name[k] = None if k in self.by_name and self.by_name[k] != p.start_no \
                    else p.start_no

    @staticmethod
    def _key(s: str) -> str:
        return " ".join(unicodedata.normalize("NFC", s).casefold().split())

    def find(self, value: CellValue, where: dict) -> int:
        if isinstance(value, (int, float)) and not isinstance(value, bool) or (
            isinstance(value, str) and re.fullmatch(r"\s*\d+\.?\s*", value)
        ):
            n = _int_cell(value, tr("player number"), where)
            if n not in self.numbers:
                raise InputError(tr('there is no player number {n} on the roster', n=n), **where)
            return n
        key = self._key(str(value))
        if key not in self.by_name:
            near = difflib.get_close_matches(key, list(self.by_name), n=1, cutoff=0.75)
            if near:  # a typo: name the player meant (issue 26)
                meant = self.names.get(self.by_name[near[0]] or 0, near[0])
                raise InputError(tr("{value!r} is not a player on the roster; did you mean "
                                    "{name!r}?", value=value, name=meant), **where)
            raise InputError(tr('{value!r} is not a player on the roster', value=value), **where)
        n = self.by_name[key]
        if n is None:
            raise InputError(tr('{value!r} names two players; use start numbers', value=value), **where)
        return n


def _bye_result(value: CellValue) -> Result:
    """The kind of bye from the points written next to it (1: pairing bye)."""
    s = _text(value).replace(",", ".").replace("½", "0.5").strip()
    if s in ("", "1", "1.0", "+", "1-0", "+/-"):
        return Result.PAIRING_BYE
    if s in ("0.5", "1/2", "="):
        return Result.HALF_BYE
    if s in ("0", "-", "0-1"):
        return Result.ZERO_BYE
    return Result.PAIRING_BYE


def _round_from_name(sheet: str) -> int | None:
    """The round number in a sheet name: ``Runde 3``, ``R3``, ``3. runde``, ``Rond3``."""
    m = re.search(r"\d+", sheet)
    return int(m.group(0)) if m else None


#: Sheet names that hold a ranking, not the roster (skipped when another sheet has names).
_STANDINGS_SHEETS = re.compile(
    r"tabell|ställning|stilling|standing|ranking|resultatliste|slutställning|crosstable|"
    r"krysstabell|korstabell|tabel", re.IGNORECASE)


def _read_results(
    book: WorkbookReader,
    sheet: str,
    head: Header,
    names: _Names,
    opts: ReadOptions,
    src: str,
    default_round: int | None,
) -> dict[int, tuple[list[tuple[int, Game]], list[Bye]]]:
    last_row, last_col = book.used_size(sheet)
    rows = book.read_range(sheet, head.row + 1, 1, last_row, last_col)
    out: dict[int, tuple[list[tuple[int, Game]], list[Bye]]] = {}
    problems: list[InputError] = []
    cw, cb, cr = head.columns["white"], head.columns["black"], head.columns["result"]
    cround, cboard = head.columns.get("round"), head.columns.get("board")
    for offset, row in enumerate(rows):
        r = head.row + 1 + offset
        row = list(row) + [None] * (last_col - len(row))
        white, black, res = row[cw - 1], row[cb - 1], row[cr - 1]
        if _is_blank(white) and _is_blank(black):
            continue

        def at(c: int) -> dict:
            return {"source": src, "sheet": sheet, "cell": a1(r, c)}

        if cround is None and default_round is None:  # the sheet's, not a row's
            raise InputError(tr('cannot tell which round this sheet holds'), source=src, sheet=sheet)
        try:  # every problem of the sheet at once, not only the first (issue 26 item 10)
            if cround is not None:
                rnd = _int_cell(row[cround - 1], "round number", at(cround))
                if rnd is None:
                    raise InputError(tr('round number missing'), **at(cround))
                if too_many := bounded(rnd, tr("round"), 1, MAX_ROUNDS):  # issue 40 item 3
                    raise InputError(too_many, **at(cround))
            else:
                assert default_round is not None  # the sheet's own check above
                rnd = default_round
            games, byes = out.setdefault(rnd, ([], []))
            board = _int_cell(row[cboard - 1], "board number", at(cboard)) if cboard else None
            if opts.is_bye(black) or opts.is_bye(white):
                pc, pv = (cw, white) if opts.is_bye(black) else (cb, black)
                if _is_blank(pv):
                    raise InputError(tr('bye without a player'), **at(pc))
                byes.append(Bye(names.find(pv, at(pc)), _bye_result(res)))
                continue
            if _is_blank(white):
                raise InputError(tr('White is missing'), **at(cw))
            if _is_blank(black):
                raise InputError(tr('Black is missing'), **at(cb))
            w, b = names.find(white, at(cw)), names.find(black, at(cb))
            try:
                parsed = parse_result(res, othello=opts.othello)
            except NotationError as exc:
                raise InputError(str(exc), **at(cr)) from None
            try:
                if parsed is None:
                    game = Game(w, b)
                else:
                    game = Game(w, b, parsed.white, parsed.black, parsed.white_discs,
                                parsed.black_discs, parsed.pending)
            except ModelError as exc:
                raise InputError(str(exc), **at(cw)) from None
            games.append((board if board is not None else 10_000 + len(games), game))
        except InputError as exc:
            problems.append(exc)
    if problems:
        raise all_problems(problems, src, sheet)
    return out


_TITLE_ROUNDS = re.compile(r"(\d+)\s*(?:-\s*)?(?:runder|runde|ronder|rond|rounds|round|rd)\b",
                           re.IGNORECASE)


@dataclass
class ClubSheets:
    """Which sheets of a club's workbook hold what: the roster and its header row, and
    every sheet whose header has White, Black and Result (round sheets or one table)."""

    roster: str
    roster_header: Header | None
    rounds: list[tuple[str, Header]]


def find_sheets(book: WorkbookReader, opts: ReadOptions, src: str) -> ClubSheets:
    """The roster sheet (the mapping's, else the first with a Name column that is not a
    ranking) and the results sheets, in tab order."""
    roster_sheet = opts.roster_sheet
    round_sheets: list[tuple[str, Header]] = []
    rosters: list[str] = []
    for sheet in book.sheet_names():
        head = find_header(book, sheet, opts)
        if head is None:
            continue
        if _ROUND_FIELDS <= set(head.columns):
            round_sheets.append((sheet, head))
        elif {"name", "last_name"} & set(head.columns):
            rosters.append(sheet)
    if roster_sheet is None and rosters:
        plain = [s for s in rosters if not _STANDINGS_SHEETS.search(s)]
        roster_sheet = (plain or rosters)[0]
    if roster_sheet is None:
        raise InputError(tr('no sheet with a roster (a header row with a Name column)'), source=src)
    if roster_sheet not in book.sheet_names():
        raise InputError(tr('there is no sheet {roster_sheet!r}', roster_sheet=roster_sheet), source=src)
    return ClubSheets(roster_sheet, find_header(book, roster_sheet, opts), round_sheets)


def _title_lines(book: WorkbookReader, sheets: ClubSheets) -> list[str]:
    """The text above the roster's header row, one line per row."""
    head = sheets.roster_header
    lines: list[str] = []
    if head is not None and head.row > 1:
        _, last_col = book.used_size(sheets.roster)
        for row in book.read_range(sheets.roster, 1, 1, head.row - 1, max(last_col, 1)):
            line = " ".join(_text(v) for v in row if not _is_blank(v))
            if line:
                lines.append(line)
    return lines


def _named_system(book: WorkbookReader, sheets: ClubSheets, title: list[str]) -> str | None:
    """The system the title names ("Monrad": the headers' language decides), issue 15."""
    headers = [v for sheet, h in [(sheets.roster, sheets.roster_header), *sheets.rounds]
               if h is not None
               for v in book.read_range(sheet, h.row, 1, h.row, book.used_size(sheet)[1])[0]]
    return title_system(title, header_language(headers))


def named_system(book: WorkbookReader, opts: ReadOptions | None = None) -> str | None:
    """The pairing system a club's workbook names in its own words, or ``None`` when it
    names none (then :func:`read_club_book` reads it as the FIDE Dutch system)."""
    sheets = find_sheets(book, opts or ReadOptions(), book.name)
    return _named_system(book, sheets, _title_lines(book, sheets))


def taken_on(book: WorkbookReader) -> bool:
    """True once monrad keeps its own sheet (``monrad``) in a club's workbook: it has
    paired or ranked it before, so what it says on first taking a workbook on ("not a
    monrad workbook", names put in FIDE order) is not said again (issue 36 item 8)."""
    return BLOCK in book.sheet_names()


def read_club_book(
    book: WorkbookReader, opts: ReadOptions | None = None, *, source: str = "",
    warnings: list[str] | None = None,
) -> Tournament:
    """A tournament from a club's own workbook (see the module doc)."""
    opts = opts or ReadOptions()
    src = source or book.name
    sheets = find_sheets(book, opts, src)
    roster_sheet, round_sheets = sheets.roster, sheets.rounds
    # the note on names turned into FIDE order is said once: not again once monrad
    # keeps its own sheet in the workbook (it has paired or ranked it before)
    told = taken_on(book)
    players = read_roster(book, roster_sheet, opts, source=src,
                          warnings=None if told else warnings)
    names = _Names(players)

    rounds: dict[int, tuple[list[tuple[int, Game]], list[Bye]]] = {}
    sheet_of: dict[int, str] = {}  # round -> its own sheet (one sheet per round)
    for index, (sheet, head) in enumerate(round_sheets, 1):
        default = None if "round" in head.columns else (_round_from_name(sheet) or index)
        if default is not None and (too_many := bounded(default, tr("round"), 1, MAX_ROUNDS)):
            raise InputError(too_many, source=src, sheet=sheet)  # issue 40 item 3
        if default is not None and default in sheet_of:  # e.g. 'Rond 3' renamed 'Gammal'
            raise InputError(tr("sheets {first!r} and {second!r} both hold round {n}: name "
                                "each round's sheet with its own round number",
                                first=sheet_of[default], second=sheet, n=default), source=src)
        if default is not None:
            sheet_of[default] = sheet
        for n, (games, byes) in _read_results(book, sheet, head, names, opts, src, default).items():
            g0, b0 = rounds.setdefault(n, ([], []))
            g0.extend(games)
            b0.extend(byes)
    _refuse_gaps(book, rounds, sheet_of, round_sheets, src)

    t = Tournament(players=players)
    for n in sorted(rounds):
        games, byes = rounds[n]
        games.sort(key=lambda bg: bg[0])
        try:
            t.rounds.append(Round(n, tuple(g for _, g in games), tuple(byes)))
        except ModelError as exc:
            raise InputError(str(exc), source=src) from None

    # the title block: tournament name, number of rounds, system
    title_lines = _title_lines(book, sheets)
    if title_lines:
        t.info["name"] = title_lines[0]
    planned = max((int(m.group(1)) for line in title_lines  # a year is not a count of rounds
                   for m in _TITLE_ROUNDS.finditer(line) if int(m.group(1)) <= MAX_ROUNDS),
                  default=None)
    played = max(rounds, default=0)
    # monrad's own sheet, where a press recorded what it learned (club/block.py): its
    # system and rounds beat the title's, and each round it paired keeps the games
    # still pending then (issue 26), for every command that reads the file
    block = read_block(book)
    recorded = _whole(block.get("rounds"))
    if recorded and (too_many := bounded(recorded, tr("number of rounds"), 1, MAX_ROUNDS)):
        raise InputError(too_many, source=src, sheet=BLOCK)  # issue 40 item 3
    settings = Settings(rounds=recorded or max(planned or 0, played) or None)
    system = block.get("system") or _named_system(book, sheets, title_lines)
    if system and canonical_system(system) in available_systems():  # a name, any language
        system = canonical_system(system)
    t.settings = settings.replace(system=system) if system else settings
    around = read_paired_around(block, src)
    listed = read_paired_from(block, set(t.start_numbers), src)
    t.rounds = [dataclasses.replace(r, paired_around=around.get(r.number, r.paired_around),
                                    paired_from=listed.get(r.number, r.paired_from))
                for r in t.rounds]
    if block.get("round dates"):
        t.info["round_dates"] = round_dates_from_cell(block["round dates"])
    for n, pg in t.lost_pending_games():  # a round's sheet put back from elsewhere
        sheet = sheet_of.get(pg.round, round_sheets[0][0] if round_sheets else BLOCK)
        raise InputError(not_paired_with(book, n, pg, sheet), source=src, sheet=sheet)
    return t


def _refuse_gaps(book: WorkbookReader, rounds: dict, sheet_of: dict[int, str],
                 round_sheets: list[tuple[str, Header]], src: str) -> None:
    """Refuse rounds with a gap (issue 36 item 2): a round sheet deleted while a later
    round holds results, or a round gone from a results table."""
    for n in range(1, max(rounds, default=1)):
        if n in rounds:
            continue
        later = min(k for k in rounds if k > n)
        if later in sheet_of:  # one sheet per round: name the missing one as the others are
            missing = re.sub(r"\d+", str(n), sheet_of[later], count=1)
            raise InputError(missing_sheet(book, missing, later, sheet_of[later]), source=src)
        table = round_sheets[0][0]
        raise InputError(tr("round {n} has no rows in sheet {sheet!r}, but round {later} has: "
                            "without them monrad would pair round {n} again and rank without "
                            "its games; {back}", n=n, sheet=table, later=later,
                            back=get_it_back(book)), source=src, sheet=table)


def _whole(text: str | None) -> int | None:
    try:
        return int(float(text)) if text else None
    except (ValueError, OverflowError):  # "1e400" is no count
        return None


def read_club_workbook(
    path: str | os.PathLike[str], mapping: str | os.PathLike[str] | ReadOptions | None = None,
    *, warnings: list[str] | None = None,
) -> Tournament:
    """Open ``path`` (``.xlsx``/``.xlsm``) and read it with :func:`read_club_book`.

    ``mapping`` is a mapping file (see :func:`load_mapping`) or ready options.
    """
    from ..workbook.package_book import open_book

    opts = mapping if isinstance(mapping, ReadOptions) else (
        load_mapping(mapping) if mapping is not None else None)
    book = open_book(path)
    return read_club_book(book, opts, source=str(path), warnings=warnings)

