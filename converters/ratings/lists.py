"""Rating lists, streamed: FIDE's player list (XML and fixed-width TXT, plain or zipped)
and any club's list as CSV with a column mapping.

FIDE publishes about 1.2 million players every month, hundreds of MB unpacked.  The
readers here never hold the list: :func:`iter_list` yields one :class:`ListedPlayer`
at a time (the XML checked by expat with every DTD and entity declaration refused,
as ``defusedxml`` does, batch by batch: see :func:`iter_xml`), and :func:`~monrad.converters.ratings.match.match_roster`
keeps only the rows that can concern the roster.  A list larger than
:data:`MAX_LIST_BYTES` unpacked is refused.

The FIDE XML layout (``players_list_xml_foa.xml``)::

    <playerslist>
     <player>
      <fideid>1503014</fideid><name>Carlsen, Magnus</name><country>NOR</country>
      <sex>M</sex><title>GM</title><w_title></w_title><o_title></o_title>
      <foa_title></foa_title><rating>2831</rating><games>0</games><k>10</k>
      <rapid_rating>..</rapid_rating><rapid_games>..</rapid_games><rapid_k>..</rapid_k>
      <blitz_rating>..</blitz_rating><blitz_games>..</blitz_games><blitz_k>..</blitz_k>
      <birthday>1990</birthday><flag></flag>
     </player>
     ...

The TXT layout (``players_list_foa.txt``) is fixed-width; its columns are found from
the header line (``ID Number  Name ... Fed Sex Tit WTit OTit FOA SRtng SGm SK RRtng
RGm Rk BRtng BGm BK B-day Flag``; the single-list files name the rating column after
the month, ``SEP26 Gms K``), each column running from its heading to the next one.

A CSV list (a national federation's, a club's) is read with a mapping of its headers
to the fields of :class:`ListedPlayer` (``docs/ratings.md``): see :func:`read_csv_list`.
"""

from __future__ import annotations

import csv
import html
import io
import lzma
import os
import re
import xml.parsers.expat
import zipfile
import zlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ...engine.i18n import Message, ntr, ptr, tr
from ..errors import InputError, os_reason
from ..limits import MAX_LIST_BYTES, MAX_LIST_RECORD, MAX_RATING, check_member, csv_rows
from ..zipped import open_member

__all__ = [
    "LISTS",
    "MAX_LIST_BYTES",
    "ListedPlayer",
    "detect_list_format",
    "iter_list",
    "iter_txt",
    "iter_xml",
    "read_csv_list",
]

#: the rating lists a player list carries
LISTS = ("standard", "rapid", "blitz")

#: XML element per list: (rating, games, K)
_XML_FIELDS = {
    "standard": ("rating", "games", "k"),
    "rapid": ("rapid_rating", "rapid_games", "rapid_k"),
    "blitz": ("blitz_rating", "blitz_games", "blitz_k"),
}

#: TXT headings per list: (rating, games, K); a single-list file has ``<MON><YY> Gms K``
_TXT_FIELDS = {
    "standard": ("SRtng", "SGm", "SK"),
    "rapid": ("RRtng", "RGm", "Rk"),
    "blitz": ("BRtng", "BGm", "BK"),
}

#: the highest games count and K factor a list row may give
MAX_GAMES = 9_999
MAX_K = 100
#: the birth years a list row may give (``0000`` and an empty field are "unknown")
BIRTH_YEARS = (1850, 2100)
#: the longest FIDE ID (TRF's field is 11 columns) and national ID read
MAX_ID_DIGITS = 11
MAX_NATIONAL_ID = 32


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One row of a rating list, for the chosen list (standard, rapid or blitz).

    ``rating`` and ``k`` are ``0`` when the player has no rating in that list;
    ``title`` is the open title, else the women's title; ``flag`` is FIDE's
    ``i``/``w``/``wi`` (inactive, woman); ``line`` locates the row in the file.
    """

    fide_id: str
    name: str
    federation: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    games: int = 0
    k: int = 0
    birth_year: int | None = None
    flag: str = ""
    line: int = 0
    national_id: str = ""
    #: the club a national member list gives (DSU's list names it)
    club: str = ""

    @property
    def inactive(self) -> bool:
        return "i" in self.flag.lower()


class _Bad(ValueError):
    """A field of a list row of the wrong form or out of range (the reader adds where)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))


#: how a message names a field of a list row
_FIELD_NAMES = {
    "rating": ptr("a rating list's field", "rating"),
    "games": ptr("a rating list's field", "games"),
    "k": ptr("a rating list's field", "K"),
    "title": ptr("a rating list's field", "title"),
    "w_title": ptr("a rating list's field", "women's title"),
    "flag": ptr("a rating list's field", "flag"),
}


def _shown(text: str) -> str:
    """A field as a message quotes it: at most 20 characters, on one line."""
    return repr(text if len(text) <= 20 else text[:20] + "...")


_DIGITS = re.compile(r"[0-9]+")  # ASCII digits only: str.isdigit() takes '²' and '٣'
_LETTERS = re.compile(r"[A-Za-z]*")
_YEAR_IN = re.compile(r"(?<![0-9])([0-9]{4})(?![0-9])")
#: characters a one-line field of a list may not hold (C0 and C1 controls, DEL)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def _number(text: str | None, field: str, high: int) -> int:
    """A whole number field: empty is 0; ASCII digits within ``0..high``."""
    s = (text or "").strip()
    if not s:
        return 0
    if s.isascii() and s.isdigit() and len(s) <= 4 and int(s) <= high:  # the common case
        return int(s)
    if not _DIGITS.fullmatch(s):
        raise _Bad(tr("{field} {value} is not a number", field=_FIELD_NAMES[field],
                      value=_shown(s)))
    if len(s) > 12 or int(s) > high:
        raise _Bad(tr("{field} {value} is out of range (0 to {high})", field=_FIELD_NAMES[field],
                      value=s if len(s) <= 12 else _shown(s), high=high))
    return int(s)


def _fide_id(text: str) -> str:
    s = text.strip()
    if not _DIGITS.fullmatch(s):
        raise _Bad(tr("FIDE ID {value} is not a number", value=_shown(s)))
    if len(s) > MAX_ID_DIGITS:
        raise _Bad(tr("FIDE ID of {n} digits is too long (at most {most}, the TRF field)",
                      n=len(s), most=MAX_ID_DIGITS))
    return s


def _name(text: str | None) -> str:
    """The name on one line (line breaks and runs of blanks are one space)."""
    name = " ".join((text or "").split())
    if not name.isprintable() and _CONTROL.search(name):
        raise _Bad(tr("the name {value} holds a control character", value=_shown(name)))
    return name


def _code(text: str | None, field: str, longest: int) -> str:
    """A short code of letters (a title, a flag); empty is none."""
    s = (text or "").strip()
    if s and (len(s) > longest or not _LETTERS.fullmatch(s)):
        raise _Bad(tr("{field} {value} is not {n} letters or fewer", field=_FIELD_NAMES[field],
                      value=_shown(s), n=longest))
    return s


def _federation(text: str | None) -> str:
    s = (text or "").strip().upper()
    if s and not (len(s) == 3 and s.isascii() and s.isalpha()):
        raise _Bad(tr("federation {value} is not a three-letter code", value=_shown(s)))
    return s


def _year(text: str | None) -> int | None:
    """The birth year: ``1990``, a date holding it (``1990-05-01``, ``01.05.1990``), or
    none (empty, ``0``, ``0000``)."""
    s = (text or "").strip()
    if not s or s.strip("0") == "":
        return None
    if len(s) == 4 and s.isascii() and s.isdigit() and \
            BIRTH_YEARS[0] <= int(s) <= BIRTH_YEARS[1]:  # the common case
        return int(s)
    m = _YEAR_IN.search(s)
    if m is None or len(s) > 10 or not re.fullmatch(r"[0-9./ -]+", s):
        raise _Bad(tr("birth year {value} is not a year", value=_shown(s)))
    low, high = BIRTH_YEARS
    if not low <= int(m.group(1)) <= high:
        raise _Bad(tr("birth year {value} is out of range ({low} to {high})",
                      value=m.group(1), low=low, high=high))
    return int(m.group(1))


def _sex(text: str | None) -> str:
    s = (text or "").strip().upper()[:1]
    return {"M": "m", "F": "w", "W": "w", "K": "w"}.get(s, "")


def _national_id(text: str) -> str:
    if not text:
        return ""
    s = " ".join(text.split())
    if len(s) > MAX_NATIONAL_ID or _CONTROL.search(s):
        raise _Bad(tr("national ID {value} is not an ID (at most {most} characters)",
                      value=_shown(s), most=MAX_NATIONAL_ID))
    return s


def _row(fide_id: str, name: str, f: Mapping[str, str], line: int) -> ListedPlayer:
    """A row from its raw fields (``fed``, ``sex``, ``title``, ``w_title``, ``rating``,
    ``games``, ``k``, ``birth``, ``flag``, ``national_id``, ``club``), each checked for its form
    and range (:class:`_Bad` names the field)."""
    get = f.get
    title = _code(get("title"), "title", 3) or _code(get("w_title"), "w_title", 3)
    return ListedPlayer(
        fide_id=_fide_id(fide_id) if fide_id.strip() else "",
        name=_name(name),
        federation=_federation(get("fed")),
        sex=_sex(get("sex")),
        title=title.upper(),
        rating=_number(get("rating"), "rating", MAX_RATING),
        games=_number(get("games"), "games", MAX_GAMES),
        k=_number(get("k"), "k", MAX_K),
        birth_year=_year(get("birth")),
        flag=_code(get("flag"), "flag", 3),
        line=line,
        national_id=_national_id(get("national_id") or ""),
        club=_name(get("club")),
    )


_ZIP_ERRORS = (zipfile.BadZipFile, zlib.error, lzma.LZMAError, EOFError, OSError,
               RuntimeError, NotImplementedError, ValueError)


def _zip_reason(exc: BaseException) -> Message:
    """Why the list in a ZIP file cannot be read, for a user."""
    text = " ".join(str(exc).split())
    if "CRC" in text:
        return tr("the list in the ZIP file is damaged (bad CRC-32 checksum): download it "
                  "again")
    if isinstance(exc, EOFError) or "ended before" in text or "truncated" in text.lower():
        return tr("the list in the ZIP file ends early (a download cut short?): download it "
                  "again")
    return tr("the list in the ZIP file cannot be unpacked ({reason})",
              reason=text or type(exc).__name__)


class _Counted(io.RawIOBase):
    """A byte stream that refuses to yield more than ``limit`` bytes, and turns an
    error of the ZIP member underneath into one located line."""

    def __init__(self, raw: IO[bytes], label: str, limit: int,
                 owner: zipfile.ZipFile | None = None) -> None:
        self.raw, self.label, self.limit, self.count, self.owner = raw, label, limit, 0, owner

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        try:
            data = self.raw.read(len(b))
        except InputError:
            raise
        except _ZIP_ERRORS as exc:
            if self.owner is None:
                raise InputError(tr('cannot read file: {value}',
                                    value=getattr(exc, 'strerror', None) or exc),
                                 source=self.label) from None
            raise InputError(str(_zip_reason(exc)), source=self.label) from None
        n = len(data)
        self.count += n
        if self.count > self.limit:
            raise InputError(tr('the list is larger than {limit} MB unpacked; refused',
                                limit=self.limit // 1024**2), source=self.label)
        b[:n] = data
        return n

    def close(self) -> None:
        try:
            self.raw.close()
            if self.owner is not None:
                self.owner.close()
        finally:
            super().close()


#: how a ZIP file starts (a local header, an empty archive, a spanned archive)
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")


def _open(path: Path, limit: int) -> tuple[io.BufferedReader, str]:
    """The list's bytes (the first ``.xml``/``.txt``/``.csv`` member of a ZIP) and the
    name of what is read, for messages."""
    if not path.is_file():
        raise InputError(tr('no such file'), source=str(path))
    try:
        with path.open("rb") as fh:
            magic = fh.read(4)
    except OSError as exc:
        raise InputError(tr('cannot read file: {value}', value=os_reason(exc)), source=str(path)) from None
    if zipfile.is_zipfile(path):
        try:
            zf = zipfile.ZipFile(path)
        except _ZIP_ERRORS as exc:
            raise InputError(tr('not a readable ZIP file ({split})',
                                split=' '.join(str(exc).split())),
                             source=str(path)) from None
        try:
            members = [i for i in zf.infolist() if not i.is_dir()
                       and i.filename.lower().endswith((".xml", ".txt", ".csv"))]
            if not members:
                raise InputError(tr('the ZIP file holds no .xml, .txt or .csv list'),
                                 source=str(path))
            info = members[0]
            check_member(info, str(path), limit, tr("the list"))
            label = f"{path}:{info.filename}"
            try:  # unpacked in pieces, no byte past the index's size (issue 40 item 1)
                member = open_member(zf, info, label, tr("the list"))
            except _ZIP_ERRORS as exc:
                raise InputError(str(_zip_reason(exc)), source=label) from None
        except BaseException:
            zf.close()
            raise
        return io.BufferedReader(_Counted(member, label, limit, zf), 1 << 20), label
    if magic in _ZIP_MAGIC:
        raise InputError(str(tr("an incomplete ZIP file: its table of contents (at the end) "
                                "is missing, as when a download is cut short; download it "
                                "again")), source=str(path))
    return io.BufferedReader(_Counted(path.open("rb"), str(path), limit), 1 << 20), str(path)


def detect_list_format(head: bytes, name: str = "") -> str:
    """``xml``, ``txt`` or ``csv`` from the first bytes of a list (and its name)."""
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"<"):
        return "xml"
    if text[:9].lower() == b"id number" or re.match(rb"\d+ {2,}\S", text):
        return "txt"
    if name.lower().endswith(".csv") or b";" in text.split(b"\n", 1)[0] or b"," in text[:200]:
        return "csv"
    return "txt"


#: ``keep(fide_id, name)``: whether a row may concern the caller (rows it refuses are
#: skipped before the rest of their fields is read)
Keep = Callable[[str, str], bool]


def iter_list(path: str | os.PathLike[str], which: str = "standard", *,
              mapping: Mapping[str, str] | None = None, keep: Keep | None = None,
              limit: int = MAX_LIST_BYTES) -> Iterator[ListedPlayer]:
    """Every player of the list at ``path`` (XML, TXT or CSV; plain or zipped), with the
    rating, games and K of list ``which`` (``standard``, ``rapid`` or ``blitz``);
    only those ``keep`` accepts, if given.

    Every field of a row that is read is checked for its form and range (a rating
    of 0 to 9,999 in ASCII digits, a FIDE ID of at most 11 digits, a three-letter
    federation, a title of letters, a birth year ...): a row that fails is one
    located :class:`InputError`, never a value cut or guessed."""
    if which not in LISTS:
        raise ValueError(f"unknown list {which!r}; choose one of {', '.join(LISTS)}")
    p = Path(path)
    stream, label = _open(p, limit)
    with stream:
        fmt = detect_list_format(stream.peek(512)[:512], label)
        if fmt == "xml":
            yield from iter_xml(stream, which, label, keep)
        elif fmt == "csv":
            yield from read_csv_list(stream, which, label, mapping)
        else:
            yield from iter_txt(stream, which, label, keep)


#: encodings an XML list may declare (ASCII-compatible, so the prolog check below holds)
_XML_ENCODINGS = frozenset({"utf-8", "utf8", "iso-8859-1", "latin-1", "latin1", "us-ascii",
                            "ascii", "windows-1252", "cp1252"})
#: the players parsed at a time (bytes read per step)
_XML_STEP = 1 << 21


class _Refused(Exception):
    """A DTD or an entity declaration in the list."""


def _expat(label: str) -> xml.parsers.expat.XMLParserType:
    """An expat parser that checks well-formedness and refuses any DTD, entity
    declaration or external reference (what ``defusedxml`` refuses), with no handler
    per element, so the whole list is checked at expat's own speed."""
    parser = xml.parsers.expat.ParserCreate()

    def refuse(*_args: object) -> None:
        raise _Refused

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.UnparsedEntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    return parser


def _check_encoding(head: bytes, label: str) -> str:
    """The declared encoding (``utf-8`` if none); refuses the ones not ASCII-compatible."""
    text = head.removeprefix(b"\xef\xbb\xbf")
    if not text.lstrip().startswith(b"<"):
        raise InputError(tr('not an XML list (UTF-8 or ISO-8859-1 expected)'), source=label)
    m = re.match(rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""", text)
    encoding = m.group(1).decode("ascii").lower() if m else "utf-8"
    if encoding not in _XML_ENCODINGS:
        raise InputError(tr('refused: the list declares the encoding {encoding!r} (UTF-8 or '
                            'ISO-8859-1 expected)',
                            encoding=encoding), source=label, line=1)
    return "latin-1" if encoding not in ("utf-8", "utf8") else "utf-8"


_PLAYER = re.compile(rb"<player(?:\s[^>]*)?>(.*?)</player>", re.DOTALL)
_PLAYER_START = re.compile(rb"<player[\s>/]")
#: the common shape of a player: ID and name first
_PLAYER_FAST = re.compile(rb"<player>\s*<fideid>(\d+)</fideid>\s*<name>([^<&]*)</name>")
#: one child of a player, the common shape: ``<tag>text</tag>`` or ``<tag/>``
_FIELD = re.compile(rb"<([a-z_]+)>([^<]*)</\1>|<([a-z_]+)\s*/>")
#: the same with attributes and any name (a player of another shape)
_ANY_FIELD = re.compile(rb"<([A-Za-z_][\w.-]*)(?:\s[^>]*?)?>([^<]*)</\1\s*>"
                        rb"|<([A-Za-z_][\w.-]*)(?:\s[^>]*?)?/>")
#: what is not character data, left to right: comments and processing instructions
#: (dropped: a commented-out player is not a player) and CDATA sections (their text
#: escaped, so a ``</player>`` inside one is text)
_NOT_DATA = re.compile(rb"<!--.*?-->|<\?.*?\?>|<!\[CDATA\[(.*?)\]\]>", re.DOTALL)
#: an element or attribute name with a namespace prefix (``<f:player>``)
_PREFIXED = re.compile(rb"</?([A-Za-z_][\w.-]*:[\w.-]*)")
#: FIDE's children of ``<player>`` -> the field names of :func:`_row`
_XML_NAMES = {"country": "fed", "sex": "sex", "title": "title", "w_title": "w_title",
              "birthday": "birth", "flag": "flag"}


def _escape_cdata(m: re.Match[bytes]) -> bytes:
    """A comment or processing instruction: its line ends only (lines keep their
    numbers); a CDATA section: its text, escaped."""
    data = m.group(1)
    if data is None:
        return b"\n" * m.group().count(b"\n")
    return data.replace(b"&", b"&amp;").replace(b"<", b"&lt;").replace(b">", b"&gt;")


def _text(raw: bytes, encoding: str) -> str:
    s = raw.decode(encoding, errors="replace")
    return html.unescape(s) if "&" in s else s


def _fields(block: bytes, encoding: str) -> dict[str, str]:
    """tag -> text of one ``<player>`` element's children (a well-formed block, its
    comments dropped and its CDATA escaped); a child holding elements is refused."""
    tags = block.count(b"<")
    for pattern in (_FIELD, _ANY_FIELD):
        found = pattern.findall(block)
        if tags == sum(1 if closed else 2 for _, _, closed in found):
            out: dict[str, str] = {}
            for tag, text, closed in found:
                out.setdefault((tag or closed).decode("ascii", errors="replace"),
                               _text(text, encoding))
            return out
    raise _Bad(tr("a child of <player> holds elements (not FIDE's layout)"))


def _listed(fide_id: str, name: str, f: dict[str, str], which: str, count: int) -> ListedPlayer:
    rating_tag, games_tag, k_tag = _XML_FIELDS[which]
    raw = {field: f.get(tag, "") for tag, field in _XML_NAMES.items()}
    raw.update(rating=f.get(rating_tag, ""), games=f.get(games_tag, ""), k=f.get(k_tag, ""))
    return _row(fide_id, name, raw, count)


def _cut(buf: bytes) -> int:
    """Where a batch may end: after the last ``</player>`` that is not inside a comment or
    a CDATA section (0 if there is none yet)."""
    end = len(buf)
    while True:
        i = buf.rfind(b"</player>", 0, end)
        if i < 0:
            return 0
        cut = i + len(b"</player>")
        inside = max((buf.rfind(o, 0, cut) for o, c in ((b"<!--", b"-->"), (b"<![CDATA[", b"]]>"))
                      if buf.rfind(o, 0, cut) > buf.rfind(c, 0, cut)), default=-1)
        if inside < 0:
            return cut
        end = inside


#: expat's errors that mean the document stopped in the middle
_CUT_SHORT = frozenset(xml.parsers.expat.errors.codes[e] for e in (
    xml.parsers.expat.errors.XML_ERROR_NO_ELEMENTS,
    xml.parsers.expat.errors.XML_ERROR_UNCLOSED_TOKEN,
    xml.parsers.expat.errors.XML_ERROR_PARTIAL_CHAR,
    xml.parsers.expat.errors.XML_ERROR_UNCLOSED_CDATA_SECTION,
))


def iter_xml(stream: IO[bytes], which: str = "standard", label: str = "",
             keep: Keep | None = None) -> Iterator[ListedPlayer]:
    """The players of FIDE's XML list.

    Every byte goes through expat (well-formedness; any DTD, entity declaration or
    external reference refused, so nothing can expand), batch by batch, before a
    player of the batch is read; the players' fields are then taken from the checked
    bytes (``<tag>text</tag>``, character references resolved, CDATA as text,
    comments dropped).  ``keep`` is asked with the FIDE ID and name before the other
    fields are read.  An element (or what stands between two players) longer than
    :data:`~monrad.converters.limits.MAX_LIST_RECORD` is refused as soon as that much
    of it is read, so memory stays bounded whatever the file holds; names with a
    namespace prefix are refused (FIDE's list has none).
    """
    parser = _expat(label)
    encoding = "utf-8"
    count = 0
    first = True
    rest = b""
    root_seen = False
    while True:
        data = stream.read(_XML_STEP)
        if first:
            encoding = _check_encoding(data[:4096], label)
            first = False
        buf = rest + data
        cut = _cut(buf) if data else len(buf)
        line = parser.CurrentLineNumber
        if len(buf) - cut > MAX_LIST_RECORD and data:
            opened = _PLAYER_START.search(buf, cut)
            at = line + buf.count(b"\n", 0, opened.start() if opened else cut)
            raise InputError(str(tr("an element longer than {kib} KiB (a FIDE <player> is "
                                    "under 1 KiB): not FIDE's list layout, or a damaged file; "
                                    "refused", kib=MAX_LIST_RECORD // 1024)),
                             source=label, line=at)
        if not cut and data:
            rest = buf
            continue
        batch, rest = buf[:cut], buf[cut:]
        try:
            parser.Parse(batch, not data)
        except _Refused:
            raise InputError(tr('refused: the XML has a DTD or declares entities'),
                             source=label, line=parser.CurrentLineNumber) from None
        except xml.parsers.expat.ExpatError as exc:
            if not data and exc.code in _CUT_SHORT:
                raise InputError(str(tr("the list ends without </playerslist> (a download "
                                        "cut short?): download it again")), source=label,
                                 line=exc.lineno) from None
            raise InputError(tr('not well-formed XML ({messages})',
                                messages=xml.parsers.expat.errors.messages[exc.code]),
                             source=label, line=exc.lineno) from None
        if b"<!" in batch or b"<?" in batch:  # checked by expat: every "<!" and "<?" is markup
            batch = _NOT_DATA.sub(_escape_cdata, batch)
        if b":" in batch and (m := _PREFIXED.search(batch)) is not None:
            tag = m.group(1).decode("latin-1")
            raise InputError(str(tr("refused: <{tag}> has a namespace prefix (FIDE's list "
                                    "has none)", tag=tag)), source=label,
                             line=line + batch.count(b"\n", 0, m.start())) from None
        if not root_seen:
            m = re.search(rb"<([A-Za-z_][\w.-]*)", batch)
            if m is None:
                raise InputError(tr('the list has no root element'), source=label)
            if m.group(1) != b"playerslist":
                raise InputError(tr('not a FIDE player list: the root element is <{decode}>, '
                                    'not <playerslist>',
                                    decode=m.group(1).decode('latin-1')),
                                 source=label)
            root_seen = True
        fast = list(_PLAYER_FAST.finditer(batch))
        starts = len(_PLAYER_START.findall(batch))
        at = 0  # where the player being read starts in the batch
        try:
            if len(fast) == starts:
                for m in fast:
                    count, at = count + 1, m.start()
                    fide_id = m.group(1).decode("ascii")
                    name = " ".join(m.group(2).decode(encoding, errors="replace").split())
                    if keep is None or keep(fide_id, name):
                        body = batch[m.end():batch.index(b"</player>", m.end())]
                        yield _listed(fide_id, name, _fields(body, encoding), which, count)
            else:
                blocks = list(_PLAYER.finditer(batch))
                if len(blocks) != starts:
                    raise InputError(tr('a <player> element the reader cannot take apart '
                                        '(empty, or nested)'), source=label, line=line)
                for block in blocks:
                    count, at = count + 1, block.start()
                    f = _fields(block.group(1), encoding)
                    fide_id = f.get("fideid", "").strip()
                    if not _DIGITS.fullmatch(fide_id):
                        raise _Bad(tr("FIDE ID {value} is not a number", value=_shown(fide_id)))
                    name = " ".join(f.get("name", "").split())
                    if keep is None or keep(fide_id, name):
                        yield _listed(fide_id, name, f, which, count)
        except _Bad as exc:
            raise InputError(str(tr("player {n}: {problem}", n=count, problem=str(exc))),
                             source=label,
                             line=line + batch.count(b"\n", 0, at)) from None
        if not data:
            return


def _txt_columns(header: str, which: str, label: str) -> dict[str, tuple[int, int | None]]:
    """field -> (start, end) from the heading line of a TXT list."""
    heads = [(m.group(), m.start()) for m in re.finditer(r"ID Number|\S+", header)]
    spans: dict[str, tuple[int, int | None]] = {}
    for i, (h, start) in enumerate(heads):
        end = heads[i + 1][1] if i + 1 < len(heads) else None
        spans[h] = (start, end)
    rating, games, k = _TXT_FIELDS[which]
    if rating not in spans:  # a single-list file: "SEP26 Gms K"
        month = next((h for h, _ in heads if re.fullmatch(r"[A-Z]{3}\d{2}", h)), None)
        if month is None:
            raise InputError(tr('the heading has no {rating} column (nor a month column of a '
                                'single-list file)',
                                rating=rating), source=label, line=1)
        rating, games, k = month, "Gms", "K"
    need = {"id": "ID Number", "name": "Name", "fed": "Fed", "sex": "Sex", "title": "Tit",
            "w_title": "WTit", "rating": rating, "games": games, "k": k, "birth": "B-day",
            "flag": "Flag"}
    out: dict[str, tuple[int, int | None]] = {}
    for fld, h in need.items():
        if h not in spans:
            if fld in ("id", "name", "rating"):
                raise InputError(tr('the heading has no {h!r} column', h=h), source=label, line=1)
            continue
        out[fld] = spans[h]
    return out


#: a line past :data:`~monrad.converters.limits.MAX_LIST_RECORD`
_LONG_LINE = tr("a line longer than {kib} KiB (a list's lines are under 1 KiB): not a rating "
                "list, or a damaged file; refused", kib=MAX_LIST_RECORD // 1024)


def _bounded_lines(stream: IO[bytes], label: str) -> Iterator[tuple[int, bytes, bool]]:
    """``(line number, line, ended)`` of a list (the line without its LF; ``ended``:
    it had one), read in 1 MiB blocks: a line longer than
    :data:`~monrad.converters.limits.MAX_LIST_RECORD` is refused as soon as that much of
    it is read."""
    no = 0
    tail = b""
    while True:
        block = stream.read(1 << 20)
        if not block:
            if tail:
                yield no + 1, tail, False
            return
        lines = (tail + block).split(b"\n")
        tail = lines.pop()
        if len(tail) > MAX_LIST_RECORD or max(map(len, lines), default=0) > MAX_LIST_RECORD:
            long = next((i for i, ln in enumerate(lines) if len(ln) > MAX_LIST_RECORD),
                        len(lines))
            raise InputError(str(_LONG_LINE), source=label, line=no + long + 1)
        for raw in lines:
            no += 1
            yield no, raw, True


def _cut_note() -> str:
    return str(tr("the last line is cut short (a download cut short?): download the list "
                  "again"))


def iter_txt(stream: IO[bytes], which: str = "standard", label: str = "",
             keep: Keep | None = None) -> Iterator[ListedPlayer]:
    """The players of FIDE's fixed-width TXT list (UTF-8, else Latin-1 line by line).

    FIDE pads every row to the same width: in a list whose rows all have one width, a
    last line shorter than that, with no line end, is a download cut short and refused."""
    lines = _bounded_lines(stream, label)
    try:
        _, first, _ = next(lines)
    except StopIteration:
        raise InputError(tr('the list is empty'), source=label) from None
    header = first.decode("utf-8-sig", errors="replace").rstrip("\r\n")
    cols = _txt_columns(header, which, label)
    id_s, id_e = cols["id"]
    name_s, name_e = cols["name"]
    rest = [(fld, s, e) for fld, (s, e) in cols.items() if fld not in ("id", "name")]
    width: int | None = 0  # the rows' width while they all have one (None: they differ)
    for no, raw, ended in lines:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            if not ended and exc.reason == "unexpected end of data":
                raise InputError(_cut_note(), source=label, line=no) from None
            line = raw.decode("latin-1")
        if line.endswith("\r"):
            line = line[:-1]
        if not ended and width and len(line) < width:
            raise InputError(_cut_note(), source=label, line=no)
        if width is not None:
            width = len(line) if width in (0, len(line)) else None
        fide_id = line[id_s:id_e].strip()
        if not fide_id:
            if line.strip():
                raise InputError(tr('no FIDE ID in the ID Number column'), source=label, line=no)
            continue
        if not (fide_id.isascii() and fide_id.isdigit()):
            raise InputError(str(tr("FIDE ID {value} is not a number", value=_shown(fide_id))),
                             source=label, line=no)
        name = " ".join(line[name_s:name_e].split())
        if keep is not None and not keep(fide_id, name):
            continue
        try:
            yield _row(fide_id, name, {fld: line[s:e] for fld, s, e in rest}, no)
        except _Bad as exc:
            raise InputError(str(exc), source=label, line=no) from None


# ------------------------------------------------------------------ CSV lists
#: ListedPlayer field -> headers understood without a mapping (case and blanks ignored)
CSV_HEADERS: dict[str, tuple[str, ...]] = {
    "fide_id": ("fide id", "fideid", "fide_id", "id number", "fide-id", "fide nr", "fide nr.",
                "fide nummer"),
    "name": ("name", "navn", "namn", "player"),
    "last_name": ("last name", "surname", "etternavn", "efternavn", "efternamn"),
    "first_name": ("first name", "given name", "fornavn", "förnamn"),
    "federation": ("federation", "fed", "country", "land", "forbund", "förbund"),
    "sex": ("sex", "gender", "kjønn", "kön", "køn"),
    "title": ("title", "tit", "tittel", "titel"),
    # DSU's member list: the Danish (standard) rating (issue 41 item 2)
    "rating": ("rating", "elo", "rtg", "lpr", "ratingtal", "elotal", "dansk rating",
               "dsu rating", "national rating"),
    "games": ("games", "gms", "partier"),
    "k": ("k", "k-factor", "k factor", "kfaktor", "k-faktor"),
    "birth_year": ("birth year", "born", "b-day", "birthday", "year of birth", "født",
                   "född", "fødselsår", "födelseår", "årgang", "fødselsdato"),
    "national_id": ("national id", "id", "medlemsnr", "member id", "nsf id", "ssf id",
                    "dsu id", "medlemsnummer", "medl. nr.", "medl.nr.", "dsu nr"),
    "club": ("club", "klub", "klubb", "forening", "förening"),
}


def _norm_head(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().casefold())


class _CsvLines:
    """The lines of a CSV list for :mod:`csv`, each at most
    :data:`~monrad.converters.limits.MAX_LIST_RECORD` bytes (a longer one is refused
    before more of it is read); remembers whether the last line had a line end.

    The list is UTF-8 (a BOM is dropped), else Windows-1252, as Excel saves a CSV and as
    DSU's member list comes (issue 41 item 2): the first line with a byte beyond ASCII
    decides, for the whole list; a later line that is not that encoding is refused."""

    def __init__(self, stream: IO[bytes], label: str) -> None:
        self.stream, self.label, self.ended, self.number = stream, label, True, 0
        self.encoding: str | None = None

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        raw = self.stream.readline(MAX_LIST_RECORD + 1)
        if not raw:
            raise StopIteration
        self.number += 1
        if len(raw) > MAX_LIST_RECORD:
            raise InputError(str(_LONG_LINE), source=self.label, line=self.number)
        if self.number == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw, self.encoding = raw[3:], "utf-8"
        if self.encoding is None and not raw.isascii():
            try:
                raw.decode("utf-8")
                self.encoding = "utf-8"
            except UnicodeDecodeError as exc:
                # a character cut at the very end is a download cut short, not cp1252
                cut = exc.reason == "unexpected end of data" and not raw.endswith(b"\n")
                self.encoding = "utf-8" if cut else "cp1252"
        line = raw.decode(self.encoding or "ascii")
        self.ended = line.endswith(("\n", "\r"))
        return line


def read_csv_list(stream: IO[bytes], which: str = "standard", label: str = "",
                  mapping: Mapping[str, str] | None = None) -> Iterator[ListedPlayer]:
    """A list as CSV (``,`` or ``;``): the columns named by ``mapping`` (field -> header,
    e.g. ``{"rating": "LPR", "national_id": "Medlemsnr"}``), else by :data:`CSV_HEADERS`.

    ``which`` is ignored: a CSV list has one rating column.  A row needs a FIDE ID or a
    national ID (``national_id``).  A cell on several lines (quoted) is read on one.
    In a list whose rows all have the heading's cells, a last row with fewer and no
    line end is a download cut short, and refused."""
    lines = _CsvLines(stream, label)
    try:
        head_line = next(lines, "")
    except UnicodeDecodeError:
        raise InputError(tr("the CSV list is not UTF-8 (save it as 'CSV UTF-8')"),
                         source=label) from None
    delim = ";" if head_line.count(";") > head_line.count(",") else ","
    header = next(csv.reader([head_line], delimiter=delim), [])
    wanted = {k: (_norm_head(v),) for k, v in (mapping or {}).items()} or CSV_HEADERS
    unknown = set(wanted) - set(CSV_HEADERS)
    if unknown:
        raise InputError(ntr("unknown mapping field {unknown}; use {csv_headers}",
                             "unknown mapping fields {unknown}; use {csv_headers}", len(unknown),
                             unknown=", ".join(sorted(unknown)),
                            csv_headers=', '.join(CSV_HEADERS)), source=label)
    cols: dict[str, int] = {}
    for i, h in enumerate(header):
        n = _norm_head(h)
        for fld, names in wanted.items():
            if n in {_norm_head(x) for x in names} and fld not in cols:
                cols[fld] = i
    if "name" not in cols and "last_name" not in cols:
        raise InputError(tr('the CSV list has no name column (map one: name=HEADER)'),
                         source=label, line=1)
    if "fide_id" not in cols and "national_id" not in cols:
        raise InputError(tr('the CSV list has no FIDE ID or national ID column'),
                         source=label, line=1)
    no = 1
    full = True  # every row so far had the heading's cells
    try:
        for no, row in csv_rows(lines, label, first=2, delimiter=delim):
            if not any(c.strip() for c in row):
                continue
            if full and not lines.ended and len(row) < len(header):
                raise InputError(_cut_note(), source=label, line=no)
            full = full and len(row) >= len(header)
            cells = dict.fromkeys(CSV_HEADERS, "")
            cells.update((fld, row[i].strip()) for fld, i in cols.items() if i < len(row))
            get = cells.__getitem__
            name = get("name") or ", ".join(x for x in (get("last_name"), get("first_name")) if x)
            ident, nat = get("fide_id"), get("national_id")
            if not ident and not nat:
                continue
            yield _row(ident, name, {"fed": get("federation"), "sex": get("sex"),
                                     "title": get("title"), "rating": get("rating"),
                                     "games": get("games"), "k": get("k"),
                                     "birth": get("birth_year"), "national_id": nat,
                                     "club": get("club")}, no)
    except _Bad as exc:
        raise InputError(str(exc), source=label, line=no) from None
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            raise InputError(str(tr("the list ends in the middle of a character (a download "
                                    "cut short?): download it again")), source=label) from None
        raise InputError(tr("the CSV list is not UTF-8 (save it as 'CSV UTF-8')"),
                         source=label) from None
