"""Files <-> the tournament model: one :func:`load` and one :func:`save` for every format.

The format comes from ``fmt`` when given, else from the file name's extension, else
from the first bytes of the file:

============  =====================================  ==============================
format        extensions                             module
============  =====================================  ==============================
``trf``       ``.trf``, ``.trfx``, ``.txt``          :mod:`monrad.converters.trf`
              (``trf16`` / ``trf2026`` pick the version written; ``trf`` keeps the
              version a file came in, see :func:`trf_version`)
``csv``       ``.csv``                               :mod:`monrad.converters.tabular.csv_format`
              (a roster, or a results table; ``csv-roster`` / ``csv-results`` choose
              what is written)
``xlsx``      ``.xlsx``, ``.xlsm``                   monrad's own workbook layout
                                                     (:mod:`~monrad.converters.book.xlsx`),
                                                     else a club's own sheet
                                                     (:mod:`~monrad.converters.club.sheets`)
``wof``       ``.elo``, ``.wof``                     :mod:`monrad.converters.tabular.wof`
============  =====================================  ==============================

Every problem with the input is an :class:`~monrad.converters.errors.InputError`
(one line naming the file, line or cell); a format whose module is not installed
is refused with "format ... is not available", never an ``ImportError``.  Files
larger than :data:`~monrad.converters.errors.MAX_INPUT_BYTES` are refused before
they are parsed.  :func:`save` writes a temporary file in the destination folder
and moves it into place with :func:`os.replace`, so a failed save never leaves a
half-written file.
"""

from __future__ import annotations

import os
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.i18n import tr
from ..engine.model import Colour, ModelError, Tournament
from ..engine.pairing import with_system_scoring
from .atomic import atomic_write, building
from .errors import MAX_INPUT_BYTES, InputError, os_reason
from .source import head_text, read_bytes

if TYPE_CHECKING:
    from .workbook.binding import WorkbookReader

__all__ = [
    "FORMATS",
    "READ_FORMATS",
    "WRITE_FORMATS",
    "atomic_write",
    "detect_format",
    "dumps",
    "dumps_bytes",
    "extension_for",
    "load",
    "save",
    "trf_version",
]

#: extension -> format
_EXTENSIONS = {
    ".trf": "trf",
    ".trfx": "trf",
    ".txt": "trf",
    ".csv": "csv",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".xls": "xlsx",
    ".ods": "xlsx",
    ".xlsb": "xlsx",
    ".elo": "wof",
    ".wof": "wof",
}
#: every format name :func:`load` / :func:`save` accept, with what it is
FORMATS = {
    "trf": "FIDE TRF (reading: either version; writing: TRF-2026, or the version the file had)",
    "trf16": "FIDE TRF-16",
    "trf2026": "FIDE TRF-2026",
    "csv": "CSV (reading: roster or results table; writing: results if any round is paired, else roster)",
    "csv-roster": "CSV roster, one row per player",
    "csv-results": "CSV results, one row per board or bye",
    "xlsx": "Excel workbook (monrad layout; club sheets are read too)",
    "wof": "World Othello Federation rating file",
}
READ_FORMATS = ("trf", "trf16", "trf2026", "csv", "csv-roster", "csv-results", "xlsx", "wof")
WRITE_FORMATS = READ_FORMATS
#: format -> extension for ``convert --to FORMAT``
_DEFAULT_EXTENSION = {
    "trf": ".trf", "trf16": ".trf", "trf2026": ".trf", "csv": ".csv", "csv-roster": ".csv",
    "csv-results": ".csv", "xlsx": ".xlsx", "wof": ".elo",
}
#: CSV format name -> what :mod:`~monrad.converters.tabular.csv_format` reads or writes
_CSV_KIND = {"csv": None, "csv-roster": "roster", "csv-results": "results"}
#: records only TRF-2026 has (C.04 annex: 142-260), and the legacy TRF-16 extensions
_TRF2026_TAGS = frozenset({"142", "152", "162", "192", "202", "212", "222", "240", "250", "260"})
#: TRF-2026 records a TRF-16 file never has (a TRF-16 writer puts 192/202/212/260 in too)
_TRF2026_ONLY = frozenset({"142", "152", "162", "240", "250"})
_TRF16_TAGS = frozenset({"XXR", "XXC", "XXS", "XXA", "XXZ", "BBW", "BBD", "BBL", "BBZ",
                         "BBF", "BBU"})


def extension_for(fmt: str) -> str:
    """The usual file extension of ``fmt`` (``".trf"`` for ``trf16`` ...)."""
    try:
        return _DEFAULT_EXTENSION[_norm_fmt(fmt)]
    except KeyError:
        raise InputError(_unknown_format(fmt)) from None


def _unknown_format(fmt: str) -> str:
    return f"unknown format {fmt!r} (known: {', '.join(FORMATS)})"


def _norm_fmt(fmt: str) -> str:
    f = fmt.strip().lower().replace("_", "-")
    aliases = {"trf-16": "trf16", "trf-2026": "trf2026", "trf26": "trf2026", "excel": "xlsx",
               "xlsm": "xlsx", "elo": "wof", "roster": "csv-roster", "results": "csv-results"}
    return aliases.get(f, f)


def _known_fmt(fmt: str, label: str | None) -> str:
    """``fmt`` as :data:`FORMATS` names it; :class:`InputError` if it is none of them."""
    f = _norm_fmt(fmt)
    if f not in FORMATS:
        raise InputError(_unknown_format(fmt), source=label)
    return f


def _sniff(head: bytes) -> str | None:
    """The format of a file from its first bytes, or ``None``."""
    if head.startswith(b"PK\x03\x04"):
        return "xlsx"
    text = head.decode("utf-8", errors="replace").lstrip("\ufeff")
    lines = [ln for ln in text.replace("\r", "\n").split("\n") if ln.strip()]
    if not lines:
        return None
    if lines[0].startswith("%%") or any(ln.startswith("%_%") for ln in lines):
        return "wof"
    tags = {ln[:3] for ln in lines}
    if "001" in tags or "012" in tags or "XXR" in tags:
        if all(ln[:3].isalnum() and (len(ln) == 3 or ln[3:4] == " ") or ln.startswith("###")
               for ln in lines[:-1]):
            return "trf"
    if any(sep in lines[0] for sep in (",", ";", "\t")):
        return "csv"
    return None


def detect_format(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """The format :func:`load` will use for ``path``.

    Raises :class:`InputError` if neither the extension nor the content says.
    """
    p = Path(path)
    if fmt:
        return _known_fmt(fmt, str(p))
    ext = p.suffix.lower()
    head = b""
    try:
        with open(p, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        pass
    sniffed = _sniff(head) if head else None
    by_ext = _EXTENSIONS.get(ext)
    if by_ext == "trf" and ext == ".txt" and sniffed not in (None, "trf"):
        return sniffed  # a .txt that is really a WOF file or a CSV table
    if by_ext:
        return by_ext
    if sniffed:
        return sniffed
    raise InputError(
        tr('cannot tell the format from the name or the content; give it with --input-format '
           '(one of {formats})',
           formats=', '.join(FORMATS)), source=str(p))


def trf_version(text: str) -> str:
    r"""The TRF version a text is in: ``"16"`` if it has the legacy ``XX?``/``BB?``
    records that carry what TRF-16 has no record for (rounds, colours, scoring),
    else ``"2026"`` (records 142-260, or nothing that tells).

    >>> trf_version("012 Club\nXXR 7\n"), trf_version("012 Club\n142 7\n"), trf_version("012 X\n")
    ('16', '2026', '2026')
    """
    tags = {ln[:3] for ln in text.replace("\r", "\n").split("\n")}
    if tags & _TRF16_TAGS and not tags & _TRF2026_ONLY:
        return "16"
    return "2026"


def _check_file(p: Path) -> int:
    """The size of the file ``p``; :class:`InputError` if it is missing, a folder or too big."""
    label = str(p)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise InputError(tr('no such file'), source=label) from None
    except OSError as exc:
        raise InputError(tr('cannot read file: {value}', value=os_reason(exc)), source=label) from None
    if p.is_dir():
        raise InputError(tr('is a folder, not a file'), source=label)
    if size > MAX_INPUT_BYTES:
        raise InputError(tr('file is {size} bytes, more than the {max_input_bytes} allowed',
                            size=size, max_input_bytes=MAX_INPUT_BYTES),
                         source=label)
    return size


def load(
    path: str | os.PathLike[str],
    *,
    warnings: list[str] | None = None,
    fmt: str | None = None,
    mapping: str | os.PathLike[str] | None = None,
) -> Tournament:
    """Read any supported file into a :class:`Tournament`.

    ``mapping`` names a mapping file (``.toml``/``.json``, see
    :func:`~monrad.converters.club.sheets.load_mapping`) for a club's own workbook with
    unusual headers; it makes the workbook be read as a club sheet.
    Problems that do not stop reading are appended to ``warnings`` (one line each,
    naming the file).  Raises :class:`InputError` (one line, with the location) for
    anything that cannot be read.
    """
    p = Path(path)
    label = str(p)
    _check_file(p)
    f = detect_format(p, fmt)
    if mapping is not None and f != "xlsx":
        raise InputError(tr("a mapping file (--mapping) is only for a club's own workbook "
                            '(.xlsx, .xlsm, .xls, .ods)'),
                         source=label)
    try:
        if f.startswith("trf"):
            from . import trf
            t = trf.read_trf(read_bytes(p, label), warnings=warnings, name=label)
            if not t.players:
                raise InputError(tr('no player records (001 lines): is this a TRF file?'),
                                 source=label)
        elif f == "csv" and (groups := _klubtur_groups(p, label, warnings)) is not None:
            t = groups
        elif f.startswith("csv"):
            from .tabular import csv_format as csvm
            kind = _CSV_KIND[f]
            t = csvm.read_csv(p, warnings=warnings, kind=kind)
        elif f == "xlsx":
            t = _load_workbook(p, label, warnings, mapping)
        elif f == "wof":
            from .tabular import wof
            t = wof.read_wof(p, name=label)
        else:  # pragma: no cover - detect_format only returns known formats
            raise InputError(_unknown_format(f), source=label)
    except InputError:
        raise
    except ModelError as exc:
        raise InputError(str(exc), source=label) from None
    except UnicodeDecodeError as exc:
        raise InputError(tr('cannot decode the file ({reason})', reason=exc.reason), source=label) from None
    except (ValueError, LookupError, TypeError, ArithmeticError, RecursionError, EOFError,
            zipfile.BadZipFile) as exc:  # whatever else a reader meets: still one located line
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise InputError(tr('not a readable {f} file ({name}: {reason})',
                            f=f, name=type(exc).__name__, reason=reason),
                         source=label) from None
    return with_system_scoring(t)  # SKOL-6: a school event is scored 3/2/1 from any file


def _one_group(groups: list, label: str) -> Tournament:
    if len(groups) == 1:
        return groups[0].tournament
    names = ", ".join(str(g.name) for g in groups)
    raise InputError(tr('a klubtur.dk export with {n} groups ({names}); split it first: monrad'
                        ' convert FILE --to trf --out-dir DIR',
                        n=len(groups), names=names), source=label)


def _klubtur_groups(p: Path, label: str, warnings: list[str] | None) -> Tournament | None:
    """A klubtur.dk CSV export (recognised by its content), or ``None``."""
    from .tabular import klubtur as kl

    if not kl.looks_like_klubtur(head_text(p, label)):  # never raises; not even CSV is not klubtur
        return None
    return _one_group(kl.read_klubtur(p, name=label, warnings=warnings), label)


def _load_workbook(p: Path, label: str, warnings: list[str] | None,
                   mapping: str | os.PathLike[str] | None = None) -> Tournament:
    """Our own workbook layout first; anything else through the club-sheet reader
    (directly, with the options of a ``mapping`` file, when one is given).

    ``.xls``/``.ods``/``.xlsb`` are opened by :mod:`~monrad.converters.workbook.calamine_book`
    (when installed); a klubtur.dk workbook is recognised by its content."""
    from . import layout as L
    from .book import xlsx as book_mod
    from .club import sheets as club
    from .tabular import klubtur as kl

    book: WorkbookReader
    if p.suffix.lower() in (".xls", ".ods", ".xlsb"):
        from .workbook.calamine_book import open_legacy_book

        book = open_legacy_book(p)
    else:
        from .workbook.package_book import open_book

        book = open_book(p)
    if mapping is not None:
        return club.read_club_book(book, club.load_mapping(mapping), source=label,
                                   warnings=warnings)
    if L.detect_layout(book.sheet_names()) is not None:
        return book_mod.read_book(book).tournament
    if kl.book_looks_like_klubtur(book):
        return _one_group(kl.read_klubtur_book(book, warnings=warnings), label)
    if warnings is not None and not club.taken_on(book):  # said once (issue 36 item 8)
        warnings.append(str(tr("{file}: not a monrad workbook; read as a club's own sheet",
                               file=label)))
    return club.read_club_book(book, source=label, warnings=warnings)


def dumps(t: Tournament, fmt: str, *, source_text: str | None = None,
          warnings: list[str] | None = None, label: str | None = None) -> str:
    """The tournament as text in a text format (``trf*``, ``csv*``, ``wof``).

    For ``trf`` the version is the one ``source_text`` was in (TRF-2026 without it);
    for every TRF, the ``###`` comments of ``source_text`` (the file being written back)
    stay where they stood (issue 40 item 10).  Every field is one line: a line break in a
    text is written as a space and named in one warning appended to ``warnings``
    (``label`` names the file in it).
    """
    kw = {"warnings": warnings, "label": label or fmt.upper()}
    from .tabular.csv_format import write_csv
    from .tabular.wof import write_wof
    from .trf import write_trf

    f = _norm_fmt(fmt)
    if f in ("trf", "trf16", "trf2026"):
        from .trf.comments import comments

        version = f.removeprefix("trf") or (trf_version(source_text) if source_text is not None
                                            else "2026")
        kept = comments(source_text) if source_text is not None else None
        return write_trf(t, version, kept=kept, **kw)  # type: ignore[arg-type]
    if f.startswith("csv"):
        return write_csv(t, kind=_CSV_KIND[f], **kw)  # type: ignore[arg-type]
    if f == "wof":
        return write_wof(t, **kw)  # type: ignore[arg-type]
    raise InputError(_unknown_format(fmt) if f not in FORMATS
                     else tr("{format} is not a text format", format=f))


def dumps_bytes(t: Tournament, fmt: str, *, source_text: str | None = None,
                warnings: list[str] | None = None, label: str | None = None) -> bytes:
    """:func:`dumps` encoded as :func:`save` writes it: TRF in UTF-8, CSV in UTF-8 with a
    byte-order mark (Excel needs it to read æ, ø, å), WOF in Latin-1."""
    f = _norm_fmt(fmt)
    text = dumps(t, f, source_text=source_text, warnings=warnings, label=label)
    if f == "wof":
        return text.encode("latin-1", errors="replace")
    if f.startswith("csv"):
        return text.encode("utf-8-sig")  # the BOM makes Excel read UTF-8
    return text.encode("utf-8")


def save(
    t: Tournament,
    path: str | os.PathLike[str],
    fmt: str | None = None,
    *,
    trf_version: str | None = None,
    warnings: list[str] | None = None,
    shown: str | None = None,
) -> Path:
    """Write ``t`` to ``path`` atomically, in ``fmt`` or the format its extension names.

    ``trf_version`` (``"16"``/``"2026"``) picks the TRF version for ``fmt="trf"``.
    A workbook's writer appends to ``warnings`` where it removed characters an
    Excel file cannot hold (naming the file as ``shown``, default ``path``).
    """
    p = Path(path)
    label = str(p)
    if fmt:
        f = _known_fmt(fmt, label)
    else:
        f = _EXTENSIONS.get(p.suffix.lower()) or ""
        if not f:
            raise InputError(tr('cannot tell the format from the extension {suffix!r}; give '
                                'one of {formats}',
                                suffix=p.suffix, formats=', '.join(FORMATS)), source=label)
    if not p.parent.exists():
        raise InputError(tr('the folder does not exist'), source=label)
    if f == "xlsx":
        return _save_workbook(t, p, warnings, shown)
    if f == "trf" and trf_version in ("16", "2026"):
        f = f"trf{trf_version}"
    return atomic_write(p, dumps_bytes(t, f, warnings=warnings, label=shown or label))


def _save_workbook(t: Tournament, p: Path, warnings: list[str] | None = None,
                   shown: str | None = None) -> Path:
    """A new monrad workbook holding ``t`` (roster, settings and every round's sheet).

    Deterministic (same tournament, same bytes): a tournament without a seed gets
    one drawn from its content (:func:`~monrad.converters.book.xlsx.workbook_seed`),
    written to the Settings sheet, which records it as every lot's seed in
    ``Settings.seeds``; the document times are the tournament's date or a fixed
    epoch, the zip members carry a fixed time, rounds are written in number order.
    The colour of no. 1 in round 1 and the Othello C (OTH-8) are kept.

    Requested byes and absences of a round are not shown on round sheets (the
    workbook layout lists boards and the pairing-allocated bye only).
    """
    label = str(p)
    from . import layout as L
    from .book import new_workbook as nb
    from .book import xlsx as xl
    from .workbook.binding import WorkbookError

    scoring = {"classic": t.settings.scoring == type(t.settings.scoring).classic(),
               "3-1-0": t.settings.scoring == type(t.settings.scoring).three_one_zero(),
               "school": t.settings.scoring == type(t.settings.scoring).school()}
    name = next((k for k, v in scoring.items() if v), "classic")
    rounds = t.settings.rounds or max(t.rounds_played, 1)
    try:
        # rows the system does not show, written when the file has a value for them
        keep = [k for k, v in (("othello_c", t.settings.mbq_c),
                               ("konrad", t.settings.options.get("konrad")),
                               ("initial_colour", t.settings.initial_colour is not Colour.NONE),
                               *((k, t.info.get(k)) for k in L.WOF_KEYS)) if v]
        book = nb.build_book(p, t.settings.system, rounds, t.players, "en",
                             name=str(t.info.get("name", "") or ""), seed=xl.workbook_seed(t),
                             scoring=name, tiebreaks=t.settings.tiebreaks, keep_settings=keep,
                             repeated=xl.repeated_settings(t))
        lay = L.layout_for("en")
        xl.write_settings_values(book, t, lay)
        after = lay.players_sheet
        for rnd, before in xl.running_scores(t):
            if rnd.is_paired:
                after = xl.write_round(book, t, rnd, lay, after=after, before=before)
        with building(shown or p):  # openpyxl's own temporary files: a full disk is one line
            data = xl.workbook_bytes(book.workbook, xl.workbook_time(t))
        if warnings is not None:  # named as the caller shows the file (not a temporary name)
            shown_name = Path(shown).name if shown else p.name
            warnings.extend(w.replace(p.name, shown_name, 1) for w in book.warnings)
    except WorkbookError as exc:
        raise InputError(str(exc), source=label) from None
    if p.suffix.lower() == ".xlsm":  # a real macro-enabled workbook, as ``monrad new`` makes
        from .xlsm import make_xlsm

        data = make_xlsm(data, lay.lang)
    return atomic_write(p, data)
