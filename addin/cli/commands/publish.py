"""``monrad publish FILE -o SITE/ [--lang no]``: the event as a static web site.

Writes ``index.html`` (standings), ``round-N.html`` (pairings by board and
alphabetically), ``screen-N.html`` (the projector view), ``crosstable.html``,
``cards.html``, ``player-N.html``, ``style.css`` (and ``finals.html`` for an Othello
workbook with a Finals sheet, see ``monrad finals``) into the folder (see
:mod:`monrad.converters.publish.site`).  Plain HTML and CSS, no JavaScript; the same
file always gives the same bytes.  The tournament file is only read.  Publishing
again into the folder replaces monrad's pages and removes those of the earlier site
that the new one lacks (listed); a folder holding pages monrad did not write is
refused unless ``--overwrite``.
"""

from __future__ import annotations

from ....engine.i18n import ntr, tr
from ._common import (
    CommandError,
    add_input_format_option,
    add_overwrite_option,
    is_workbook,
    load_file,
    placeholder,
)
from ._publishing import add_language_option, document_language

ORDER = 50


def register(sub) -> None:
    p = sub.add_parser(
        "publish", help=str(tr("write the event as a static web site")),
        description=str(tr("Write the standings, every round's pairings (by board, alphabetically, "
                           "and a projector screen), the crosstable, the Monrad cards and a page "
                           "per player as plain HTML and CSS into a folder.")),
        epilog=str(tr("Example: monrad publish club.xlsx -o site/  (then open site/index.html).")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.xlsx/.xlsm, .trf, .csv ...)")))
    p.add_argument("-o", "--output", metavar=placeholder("FOLDER"), required=True,
                   help=str(tr("folder to write the site into (created if missing)")))
    add_overwrite_option(p)
    add_language_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from pathlib import Path

    from ....converters.publish import write_site

    t = load_file(args.file, args.input_format, args.mapping)
    lang = document_language(args.file, args.lang, args.mapping)
    removed: list[str] = []
    files = write_site(t, args.output, lang, _finals(args, t),
                       inputs=[i for i in (args.file, args.mapping) if i],
                       overwrite=args.overwrite, removed=removed)
    print(ntr('{n} file written to {output} (open {index})',
              '{n} files written to {output} (open {index})', len(files),
              output=args.output, index=Path(args.output) / 'index.html'))
    if removed:
        print(ntr("removed {n} page of the earlier site that this one does not have: {pages}",
                  "removed {n} pages of the earlier site that this one does not have: {pages}",
                  len(removed), pages=tuple(removed)))
    return 0


def _finals(args, t):
    """An Othello workbook's finals (its Finals sheet, ``monrad finals``), else ``None``."""
    if args.mapping is not None or not is_workbook(args.file):
        return None
    from ....converters import layout as L
    from ....converters.book.finals import read_finals_sheet
    from ....converters.workbook.package_book import open_book
    from ....engine.othello.finals import event_finals

    book = open_book(args.file)
    lay = L.detect_layout(book.sheet_names())
    if lay is None:
        return None
    fmt, third, games = read_finals_sheet(book, lay)
    if not fmt:
        return None
    try:
        return event_finals(t, fmt, games, third_place_best_of=third)
    except ValueError as exc:
        raise CommandError(f"{args.file}: {exc}") from None
