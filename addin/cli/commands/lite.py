"""``monrad lite FILE [--show] [--from-index]``: the xlwings Lite buttons in any workbook.

Puts the Lite code and the three buttons into FILE -- a monrad workbook (the buttons on
its Settings sheet) or a club's own (on monrad's own sheet ``monrad``: the club's
sheets are the club's, monrad draws on none of them) -- through the package-preserving
writer (every other part byte for byte, a backup beside the file).  ``main.py``
carries this monrad's own code (:mod:`monrad.converters.book.lite_pack`), so Lite
needs nothing but the package index; run again with another monrad, it replaces the
code and says from which version to which.  The buttons' captions and the note at the
top of ``main.py`` are in the workbook's language.  ``--show`` prints the version a
workbook carries, whether monrad's part of the code is as that monrad wrote it, and what
``monrad lite`` would do; it changes nothing.  ``--from-index`` writes the small form
for when monrad is on the package index (``monrad==X`` in ``requirements.txt``, the
three short scripts).

The club's own code in ``main.py`` (anything outside monrad's marker lines, or after
monrad's last line in a ``main.py`` written before the markers) is kept as the club
wrote it; edited marker lines are refused with how to go on (issue 38 item 5).  New
requirements leave Lite's stale ``requirements-pinned.txt`` out (issue 38 item 4).
"""

from __future__ import annotations

from pathlib import Path

from ....converters import layout as L
from ....converters.book import lite_workbook as LW
from ....converters.errors import InputError
from ....converters.workbook.package_book import PackageBook, open_book
from ....engine.i18n import Message, document_language, ntr, tr
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
    code = LW.read_lite_code(path.read_bytes(), str(path))
    old, form = LW.carried_version(code)
    lay = L.detect_layout(book.sheet_names())
    lang = lay.lang if lay is not None else club_language(book)
    with document_language(lang):  # the workbook's language unless --lang says otherwise
        sheet = lay.settings_sheet if lay is not None else BLOCK
        if args.show:
            print(_carried(path, old, form))
            if form != "none":
                print(_state(code, lang, sheet))
            return 0
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
    status = book.read_range(sheet, LW.STATUS_ROW, LW.STATUS_COL,
                             LW.STATUS_ROW + LW.STATUS_HEIGHT - 1, LW.STATUS_COL)
    if not any(row[0] not in (None, "") for row in status):  # no answer yet: the first text
        book.write_range(sheet, LW.STATUS_ROW, LW.STATUS_COL,
                         [[line] for line in LW.status_first_text(lang)])
    new = LW.monrad_version()
    lite_code = LW.lite_code(lang, sheet, from_index=from_index, version=new)
    mine = LW.split_main(code.get("main.py", ""), str(path))  # refuses edited marker lines
    lite_code["main.py"] = LW.merge_main(code.get("main.py", ""), lite_code["main.py"])
    book.edit_package(lambda pkg: LW.add_lite(pkg, lang, lite_code, sheet))
    backup = book.save()
    if backup is None:
        print(tr("{file}: the xlwings Lite code is monrad {version} already; nothing changed",
                 file=str(path), version=new))
        _own(mine)
        return 0
    if old is None:
        print(tr("{file}: the xlwings Lite buttons are on the sheet {sheet!r}, with monrad "
                 "{version}", file=str(path), sheet=sheet, version=new))
    elif old == new:  # the same monrad: its part was edited, or written before the markers
        print(tr("{file}: the xlwings Lite code of monrad {version} written again as monrad "
                 "writes it", file=str(path), version=new))
    else:
        print(tr("{file}: the xlwings Lite code updated from monrad {old} to {new}",
                 file=str(path), old=old, new=new))
    _own(mine)
    print(tr("backup: {path}", path=backup))
    return 0


def _own(cut: LW.MainParts | None) -> None:
    """Say how much of the club's own code in ``main.py`` was kept (issue 38 item 5)."""
    if cut is not None and cut.own_lines:
        print(ntr("{k} line of your own code in main.py kept as it was",
                  "{k} lines of your own code in main.py kept as they were",
                  cut.own_lines, k=cut.own_lines))


def _state(code: dict[str, str], lang: str, sheet: str) -> Message:
    """Whether monrad's part of the code is what that monrad wrote, and what ``monrad
    lite`` will do (issue 40 item 13)."""
    try:
        state = LW.code_state(code, lang, sheet)
    except InputError as exc:  # marker lines edited
        return tr("monrad's marker lines in main.py were edited: 'monrad lite' will refuse "
                  "to change the code until they are put back ({detail})", detail=str(exc))
    new = LW.monrad_version()
    if state == "as written":
        return tr("monrad's part of main.py and requirements.txt is as monrad wrote it; "
                  "'monrad lite' will write monrad {new}'s part (your own code is kept)",
                  new=new)
    if state == "differs":
        return tr("monrad's part of main.py or requirements.txt differs from what monrad "
                  "wrote (edited after it was written): 'monrad lite' will write monrad "
                  "{new}'s part again and requirements.txt as monrad writes it (your own "
                  "code outside monrad's lines is kept)", new=new)
    return tr("written before monrad kept a digest of its code, so edits cannot be told: "
              "'monrad lite' will write monrad {new}'s part and requirements.txt (code "
              "after monrad's last line is kept)", new=new)


def _carried(path: Path, version: str | None, form: str) -> Message:
    if form == "packed":
        return tr("{file}: monrad {version}, carried in the workbook", file=str(path),
                  version=version)
    if form == "index":
        return tr("{file}: monrad {version}, installed from the package index",
                  file=str(path), version=version)
    return tr("{file}: no xlwings Lite code from monrad", file=str(path))
