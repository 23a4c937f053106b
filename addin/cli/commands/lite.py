"""``monrad lite FILE [--show] [--from-index]``: the xlwings Lite buttons in any workbook.

Puts the Lite code and the three buttons into FILE -- a monrad workbook (the buttons on
its Settings sheet) or a club's own (on monrad's own sheet ``monrad``: the club's
sheets are the club's, monrad draws on none of them) -- through the package-preserving
writer (every other part byte for byte, a backup beside the file).  ``main.py``
carries this monrad's own code (:mod:`monrad.converters.book.lite_pack`), so Lite
needs nothing but the package index; run again with another monrad, it replaces the
code and says from which version to which.  The buttons' captions and the note at the
top of ``main.py`` are in the workbook's language.  ``--show`` prints the version a
workbook carries and changes nothing; ``--from-index`` writes the small form for when
monrad is on the package index (``monrad==X`` in ``requirements.txt``, the three short
scripts).
"""

from __future__ import annotations

from pathlib import Path

from ....converters import layout as L
from ....converters.book import lite_workbook as LW
from ....converters.errors import InputError
from ....converters.workbook.package_book import PackageBook, open_book
from ....engine.i18n import Message, document_language, tr
from ...jobs.club import BLOCK, club_language, ensure_block_sheet
from ._common import placeholder

ORDER = 65


def register(sub) -> None:
    p = sub.add_parser(
        "lite", help=str(tr("put the xlwings Lite buttons and monrad's code into a workbook")),
        description=str(tr(
            "Put the xlwings Lite code and the three buttons into FILE (a monrad workbook "
            "or a club's own); run again, it updates the code to this monrad.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("the workbook (.xlsx or .xlsm)")))
    p.add_argument("--show", action="store_true",
                   help=str(tr("print the monrad version the workbook carries; change nothing")))
    p.add_argument("--from-index", action="store_true",
                   help=str(tr("the small form, once monrad is on the package index: "
                               "requirements.txt names monrad==VERSION")))
    p.set_defaults(run=run)


def run(args) -> int:
    path = Path(args.file)
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(str(tr("xlwings Lite code goes into an Excel workbook (.xlsx or .xlsm)")),
                         source=str(path))
    book = open_book(path)
    code = LW.read_lite_code(path.read_bytes())
    old, form = LW.carried_version(code)
    lay = L.detect_layout(book.sheet_names())
    lang = lay.lang if lay is not None else club_language(book)
    with document_language(lang):  # the workbook's language unless --lang says otherwise
        if args.show:
            print(_carried(path, old, form))
            return 0
        sheet = lay.settings_sheet if lay is not None else BLOCK
        return _put(path, book, lang, sheet, old, form, code, args.from_index)


def _put(path: Path, book: PackageBook, lang: str, sheet: str, old: str | None, form: str,
         code: dict[str, str], from_index: bool) -> int:
    """The code and the buttons into ``book`` (see the module's doc)."""
    if form == "none" and code.get("main.py", "").strip():
        raise InputError(str(tr("the workbook holds xlwings Lite code of its own (main.py); "
                                "monrad does not replace it")), source=str(path))
    if sheet == BLOCK:
        ensure_block_sheet(book, lang)
    label = L.layout_for(lang).text("lite_status")
    if book.read_range(sheet, LW.STATUS_ROW - 1, LW.STATUS_COL, LW.STATUS_ROW - 1,
                       LW.STATUS_COL) != [[label]]:
        book.write_range(sheet, LW.STATUS_ROW - 1, LW.STATUS_COL, [[label]])
    new = LW.monrad_version()
    lite_code = LW.lite_code(lang, sheet, from_index=from_index, version=new)
    book.edit_package(lambda pkg: LW.add_lite(pkg, lang, lite_code, sheet))
    backup = book.save()
    if backup is None:
        print(tr("{file}: the xlwings Lite code is monrad {version} already; nothing changed",
                 file=str(path), version=new))
        return 0
    if old is None:
        print(tr("{file}: the xlwings Lite buttons are on the sheet {sheet!r}, with monrad "
                 "{version}", file=str(path), sheet=sheet, version=new))
    else:
        print(tr("{file}: the xlwings Lite code updated from monrad {old} to {new}",
                 file=str(path), old=old, new=new))
    print(tr("backup: {path}", path=backup))
    return 0


def _carried(path: Path, version: str | None, form: str) -> Message:
    if form == "packed":
        return tr("{file}: monrad {version}, carried in the workbook", file=str(path),
                  version=version)
    if form == "index":
        return tr("{file}: monrad {version}, installed from the package index",
                  file=str(path), version=version)
    return tr("{file}: no xlwings Lite code from monrad", file=str(path))
