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
import os
import re
import xml.etree.ElementTree as ET  # only for a player already checked by expat below
import xml.parsers.expat
import zipfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..errors import InputError

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

#: the largest unpacked list read (FIDE's XML is about 700 MB unpacked in 2026)
MAX_LIST_BYTES = 3 * 1024**3

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

    @property
    def inactive(self) -> bool:
        return "i" in self.flag.lower()


def _int(text: str | None) -> int:
    s = (text or "").strip()
    return int(s) if s.isdigit() else 0


def _year(text: str | None) -> int | None:
    s = (text or "").strip()[:4]
    return int(s) if len(s) == 4 and s.isdigit() and s != "0000" else None


def _sex(text: str | None) -> str:
    s = (text or "").strip().upper()[:1]
    return {"M": "m", "F": "w", "W": "w"}.get(s, "")


class _Counted(io.RawIOBase):
    """A byte stream that refuses to yield more than :data:`MAX_LIST_BYTES`."""

    def __init__(self, raw: IO[bytes], label: str, limit: int) -> None:
        self.raw, self.label, self.limit, self.count = raw, label, limit, 0

    def readable(self) -> bool:
        return True

    def readinto(self, b) -> int:
        data = self.raw.read(len(b))
        n = len(data)
        self.count += n
        if self.count > self.limit:
            raise InputError(f"the list is larger than {self.limit // 1024**2} MB unpacked; "
                             "refused", source=self.label)
        b[:n] = data
        return n


def _open(path: Path, limit: int) -> tuple[io.BufferedReader, str]:
    """The list's bytes (the first ``.xml``/``.txt``/``.csv`` member of a ZIP) and the
    name of what is read, for messages."""
    if not path.is_file():
        raise InputError("no such file", source=str(path))
    if zipfile.is_zipfile(path):
        try:
            zf = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError) as exc:
            raise InputError(f"not a readable ZIP file ({exc})", source=str(path)) from None
        members = [i for i in zf.infolist() if not i.is_dir()
                   and i.filename.lower().endswith((".xml", ".txt", ".csv"))]
        if not members:
            raise InputError("the ZIP file holds no .xml, .txt or .csv list", source=str(path))
        info = members[0]
        if info.file_size > limit:
            raise InputError(f"{info.filename} is {info.file_size // 1024**2} MB unpacked, "
                             f"more than {limit // 1024**2} MB; refused", source=str(path))
        label = f"{path}:{info.filename}"
        return io.BufferedReader(_Counted(zf.open(info), label, limit), 1 << 20), label
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
    only those ``keep`` accepts, if given."""
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
        raise InputError("not an XML list (UTF-8 or ISO-8859-1 expected)", source=label)
    m = re.match(rb"""<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""", text)
    encoding = m.group(1).decode("ascii").lower() if m else "utf-8"
    if encoding not in _XML_ENCODINGS:
        raise InputError(f"refused: the list declares the encoding {encoding!r}"
                         " (UTF-8 or ISO-8859-1 expected)", source=label, line=1)
    return "latin-1" if encoding not in ("utf-8", "utf8") else "utf-8"


_PLAYER = re.compile(rb"<player(?:\s[^>]*)?>(.*?)</player>", re.DOTALL)
_PLAYER_START = re.compile(rb"<player[\s>/]")
#: the common shape of a player: ID and name first
_PLAYER_FAST = re.compile(rb"<player>\s*<fideid>(\d+)</fideid>\s*<name>([^<&]*)</name>")
_FIELD = re.compile(rb"<([a-z_]+)>([^<]*)</\1>|<([a-z_]+)\s*/>")
#: comments and processing instructions (a commented-out player is not a player)
_NOT_DATA = re.compile(rb"<!--.*?-->|<\?.*?\?>", re.DOTALL)


def _text(raw: bytes, encoding: str) -> str:
    s = raw.decode(encoding, errors="replace")
    return html.unescape(s) if "&" in s else s


def _fields(block: bytes, encoding: str) -> dict[str, str]:
    """tag -> text of one ``<player>`` element's children (a well-formed block)."""
    if b"<!" in block or b"<?" in block or b"=" in block.replace(b"&", b""):
        # comments, CDATA or attributes: the real parser (the block is well-formed)
        elem = ET.fromstring(b"<player>" + block + b"</player>")
        return {c.tag: (c.text or "") for c in elem}
    return {m[0].decode("ascii") or m[2].decode("ascii"): _text(m[1], encoding)
            for m in _FIELD.findall(block)}


def _listed(fide_id: str, name: str, f: dict[str, str], which: str, count: int) -> ListedPlayer:
    rating_tag, games_tag, k_tag = _XML_FIELDS[which]
    return ListedPlayer(
        fide_id=fide_id,
        name=name,
        federation=f.get("country", "").strip().upper(),
        sex=_sex(f.get("sex")),
        title=f.get("title", "").strip() or f.get("w_title", "").strip(),
        rating=_int(f.get(rating_tag)),
        games=_int(f.get(games_tag)),
        k=_int(f.get(k_tag)),
        birth_year=_year(f.get("birthday")),
        flag=f.get("flag", "").strip(),
        line=count,
    )


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


def iter_xml(stream: IO[bytes], which: str = "standard", label: str = "",
             keep: Keep | None = None) -> Iterator[ListedPlayer]:
    """The players of FIDE's XML list.

    Every byte goes through expat (well-formedness; any DTD, entity declaration or
    external reference refused, so nothing can expand), batch by batch, before a
    player of the batch is read; the players' fields are then taken from the checked
    bytes (``<tag>text</tag>``, character references resolved; a player with comments,
    CDATA or attributes through ElementTree).  ``keep`` is asked with the FIDE ID and
    name before the other fields are read.
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
        if not cut and data:
            rest = buf
            continue
        batch, rest = buf[:cut], buf[cut:]
        line = parser.CurrentLineNumber
        try:
            parser.Parse(batch, not data)
        except _Refused:
            raise InputError("refused: the XML has a DTD or declares entities",
                             source=label, line=parser.CurrentLineNumber) from None
        except xml.parsers.expat.ExpatError as exc:
            if not data and exc.code == xml.parsers.expat.errors.codes[
                    xml.parsers.expat.errors.XML_ERROR_NO_ELEMENTS]:
                raise InputError("the list ends without </playerslist> (cut short?)",
                                 source=label, line=exc.lineno) from None
            raise InputError(f"not well-formed XML ({xml.parsers.expat.errors.messages[exc.code]})",
                             source=label, line=exc.lineno) from None
        if not root_seen:
            m = re.search(rb"<([A-Za-z_][\w.-]*)", re.sub(rb"<[?!][^>]*>", b"", batch))
            if m is None:
                raise InputError("the list has no root element", source=label)
            if m.group(1) != b"playerslist":
                raise InputError(f"not a FIDE player list: the root element is "
                                 f"<{m.group(1).decode('latin-1')}>, not <playerslist>",
                                 source=label)
            root_seen = True
        if b"<!--" in batch or b"<?" in batch:  # checked by expat: no "--" inside a comment
            batch = _NOT_DATA.sub(b"", batch)
        fast = list(_PLAYER_FAST.finditer(batch))
        starts = len(_PLAYER_START.findall(batch))
        if len(fast) == starts:
            for m in fast:
                count += 1
                fide_id = m.group(1).decode("ascii")
                name = " ".join(m.group(2).decode(encoding, errors="replace").split())
                if keep is None or keep(fide_id, name):
                    body = batch[m.end():batch.index(b"</player>", m.end())]
                    yield _listed(fide_id, name, _fields(body, encoding), which, count)
        else:
            blocks = list(_PLAYER.finditer(batch))
            if len(blocks) != starts:
                raise InputError("a <player> element the reader cannot take apart (empty, or "
                                 "nested)", source=label, line=line)
            for block in blocks:
                count += 1
                f = _fields(block.group(1), encoding)
                fide_id = f.get("fideid", "").strip()
                if not fide_id.isdigit():
                    raise InputError(f"player {count}: <fideid> {fide_id!r} is not a number",
                                     source=label)
                name = " ".join(f.get("name", "").split())
                if keep is None or keep(fide_id, name):
                    yield _listed(fide_id, name, f, which, count)
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
            raise InputError(f"the heading has no {rating} column (nor a month column "
                             "of a single-list file)", source=label, line=1)
        rating, games, k = month, "Gms", "K"
    need = {"id": "ID Number", "name": "Name", "fed": "Fed", "sex": "Sex", "title": "Tit",
            "w_title": "WTit", "rating": rating, "games": games, "k": k, "birth": "B-day",
            "flag": "Flag"}
    out: dict[str, tuple[int, int | None]] = {}
    for fld, h in need.items():
        if h not in spans:
            if fld in ("id", "name", "rating"):
                raise InputError(f"the heading has no {h!r} column", source=label, line=1)
            continue
        out[fld] = spans[h]
    return out


def iter_txt(stream: IO[bytes], which: str = "standard", label: str = "",
             keep: Keep | None = None) -> Iterator[ListedPlayer]:
    """The players of FIDE's fixed-width TXT list (UTF-8, else Latin-1 line by line)."""
    lines = iter(stream)
    try:
        first = next(lines)
    except StopIteration:
        raise InputError("the list is empty", source=label) from None
    header = first.decode("utf-8-sig", errors="replace").rstrip("\r\n")
    cols = _txt_columns(header, which, label)
    id_s, id_e = cols["id"]
    name_s, name_e = cols["name"]
    rest = [(fld, s, e) for fld, (s, e) in cols.items() if fld not in ("id", "name")]
    for no, raw in enumerate(lines, 2):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("latin-1")
        fide_id = line[id_s:id_e].strip()
        if not fide_id:
            if line.strip():
                raise InputError("no FIDE ID in the ID Number column", source=label, line=no)
            continue
        if not fide_id.isdigit():
            raise InputError(f"FIDE ID {fide_id!r} is not a number", source=label, line=no)
        name = " ".join(line[name_s:name_e].split())
        if keep is not None and not keep(fide_id, name):
            continue
        f = {fld: line[s:e].strip() for fld, s, e in rest}
        yield ListedPlayer(
            fide_id=fide_id,
            name=name,
            federation=f.get("fed", "").upper(),
            sex=_sex(f.get("sex")),
            title=f.get("title", "") or f.get("w_title", ""),
            rating=_int(f.get("rating")),
            games=_int(f.get("games")),
            k=_int(f.get("k")),
            birth_year=_year(f.get("birth")),
            flag=f.get("flag", ""),
            line=no,
        )


# ------------------------------------------------------------------ CSV lists
#: ListedPlayer field -> headers understood without a mapping (case and blanks ignored)
CSV_HEADERS: dict[str, tuple[str, ...]] = {
    "fide_id": ("fide id", "fideid", "fide_id", "id number", "fide-id", "fide nr"),
    "name": ("name", "navn", "namn", "player"),
    "last_name": ("last name", "surname", "etternavn", "efternavn", "efternamn"),
    "first_name": ("first name", "given name", "fornavn", "förnamn"),
    "federation": ("federation", "fed", "country", "land", "forbund", "förbund"),
    "sex": ("sex", "gender", "kjønn", "kön", "køn"),
    "title": ("title", "tit", "tittel", "titel"),
    "rating": ("rating", "elo", "rtg", "lpr", "ratingtal", "elotal"),
    "games": ("games", "gms", "partier"),
    "k": ("k", "k-factor", "k factor", "kfaktor", "k-faktor"),
    "birth_year": ("birth year", "born", "b-day", "birthday", "year of birth", "født",
                   "född", "fødselsår", "födelseår", "årgang"),
    "national_id": ("national id", "id", "medlemsnr", "member id", "nsf id", "ssf id",
                    "dsu id"),
}


def _norm_head(text: str) -> str:
    return re.sub(r"[\s_\-]+", " ", text.strip().casefold())


def read_csv_list(stream: IO[bytes], which: str = "standard", label: str = "",
                  mapping: Mapping[str, str] | None = None) -> Iterator[ListedPlayer]:
    """A list as CSV (``,`` or ``;``): the columns named by ``mapping`` (field -> header,
    e.g. ``{"rating": "LPR", "national_id": "Medlemsnr"}``), else by :data:`CSV_HEADERS`.

    ``which`` is ignored: a CSV list has one rating column.  A row needs a FIDE ID or a
    national ID (``national_id``)."""
    text = io.TextIOWrapper(stream, encoding="utf-8-sig", errors="strict", newline="")
    try:
        head_line = text.readline()
    except UnicodeDecodeError:
        raise InputError("the CSV list is not UTF-8 (save it as 'CSV UTF-8')",
                         source=label) from None
    delim = ";" if head_line.count(";") > head_line.count(",") else ","
    header = next(csv.reader([head_line], delimiter=delim), [])
    wanted = {k: (_norm_head(v),) for k, v in (mapping or {}).items()} or CSV_HEADERS
    unknown = set(wanted) - set(CSV_HEADERS)
    if unknown:
        raise InputError(f"unknown mapping field(s) {', '.join(sorted(unknown))}; use "
                         f"{', '.join(CSV_HEADERS)}", source=label)
    cols: dict[str, int] = {}
    for i, h in enumerate(header):
        n = _norm_head(h)
        for fld, names in wanted.items():
            if n in {_norm_head(x) for x in names} and fld not in cols:
                cols[fld] = i
    if "name" not in cols and "last_name" not in cols:
        raise InputError("the CSV list has no name column (map one: name=HEADER)",
                         source=label, line=1)
    if "fide_id" not in cols and "national_id" not in cols:
        raise InputError("the CSV list has no FIDE ID or national ID column",
                         source=label, line=1)
    reader = csv.reader(text, delimiter=delim)
    try:
        for no, row in enumerate(reader, 2):
            if not any(c.strip() for c in row):
                continue
            cells = dict.fromkeys(CSV_HEADERS, "")
            cells.update((fld, row[i].strip()) for fld, i in cols.items() if i < len(row))
            get = cells.__getitem__
            name = get("name") or ", ".join(x for x in (get("last_name"), get("first_name")) if x)
            ident, nat = get("fide_id"), get("national_id")
            if ident and not ident.isdigit():
                raise InputError(f"FIDE ID {ident!r} is not a number", source=label, line=no)
            if not ident and not nat:
                continue
            yield ListedPlayer(ident, " ".join(name.split()), get("federation").upper(),
                               _sex(get("sex")), get("title"), _int(get("rating")),
                               _int(get("games")), _int(get("k")), _year(get("birth_year")),
                               "", no, nat)
    except UnicodeDecodeError:
        raise InputError("the CSV list is not UTF-8 (save it as 'CSV UTF-8')",
                         source=label) from None
    except csv.Error as exc:
        raise InputError(f"unreadable CSV: {exc}", source=label, line=reader.line_num) from None

