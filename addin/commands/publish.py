"""``monrad publish FILE -o SITE/ [--lang no]``: the event as a static web site.

Writes ``index.html`` (standings), ``round-N.html`` (pairings by board and
alphabetically), ``screen-N.html`` (the projector view), ``crosstable.html``,
``cards.html``, ``player-N.html`` and ``style.css`` into the folder (see
:mod:`monrad.converters.publish.site`).  Plain HTML and CSS, no JavaScript; the same
file always gives the same bytes.  The tournament file is only read.
"""

from __future__ import annotations

from ._common import add_input_format_option, load_file
from ._publishing import add_language_option, document_language

ORDER = 50


def register(sub) -> None:
    p = sub.add_parser(
        "publish", help="write the event as a static web site",
        description="Write the standings, every round's pairings (by board, alphabetically, "
                    "and a projector screen), the crosstable, the Monrad cards and a page "
                    "per player as plain HTML and CSS into a folder.",
        epilog="Example: monrad publish club.xlsx -o site/  (then open site/index.html).")
    p.add_argument("file", metavar="FILE", help="tournament file (.xlsx/.xlsm, .trf, .csv ...)")
    p.add_argument("-o", "--output", metavar="FOLDER", required=True,
                   help="folder to write the site into (created if missing)")
    add_language_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ...converters.publish import write_site

    t = load_file(args.file, args.input_format, args.mapping)
    lang = document_language(args.file, args.lang, args.mapping)
    files = write_site(t, args.output, lang)
    print(f"{len(files)} files written to {args.output} (open {args.output.rstrip('/')}/index.html)")
    return 0
