"""``monrad print FILE --what pairings|alphabetical|standings|crosstable|cards|screen|prizes
[--round N] [--lang no] -o OUT.pdf``: one document as a PDF (or as HTML when OUT
ends in ``.html``), from the same template as the web site.

``--round`` is the round of a pairing list (default: the newest paired round) or
the round the standings, crosstable and cards are after (default: as ``monrad
standings``).  The PDF is written through the careful writer; an existing OUT is
replaced only with ``--overwrite``, and never when it is the tournament file, which
is only read.
"""

from __future__ import annotations

from pathlib import Path

from ....engine.i18n import tr
from ._common import (
    add_input_format_option,
    add_overwrite_option,
    check_output_of,
    load_file,
    placeholder,
)
from ._publishing import add_language_option, check_round, document_language

ORDER = 55

_WHAT = ("pairings", "alphabetical", "standings", "crosstable", "cards", "screen", "prizes")
#: the confirmation, naming the document in the reader's language (the ``--what``
#: codes stay the command line's)
_WRITTEN = {
    "pairings": tr("the pairings are written to {output}"),
    "alphabetical": tr("the alphabetical pairings are written to {output}"),
    "standings": tr("the standings are written to {output}"),
    "crosstable": tr("the crosstable is written to {output}"),
    "cards": tr("the Monrad cards are written to {output}"),
    "screen": tr("the projector screen is written to {output}"),
    "prizes": tr("the prize list is written to {output}"),
}


def register(sub) -> None:
    p = sub.add_parser(
        "print", help=str(tr("write a document (pairings, standings, crosstable, cards ...) as PDF")),
        description=str(tr("Write one document of the event as a PDF for the wall: the pairings "
                           "by board or alphabetically, the standings, the crosstable, the Monrad "
                           "cards (several to an A4 page) or the projector screen.")),
        epilog=str(tr("Example: monrad print club.xlsx --what alphabetical -o wall.pdf")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.xlsx/.xlsm, .trf, .csv ...)")))
    p.add_argument("--what", choices=_WHAT, required=True, help=str(tr("the document")))
    p.add_argument("--round", type=int, metavar="N", dest="round_no",
                   help=str(tr("the round (default: the newest paired round; tables: as "
                               "'monrad standings')")))
    p.add_argument("-o", "--output", metavar=placeholder("OUT"), required=True,
                   help=str(tr("the PDF to write (.html: the page instead)")))
    add_overwrite_option(p)
    add_language_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ....converters.publish import document_html

    check_output_of(args, args.output, args.file, args.mapping)
    t = load_file(args.file, args.input_format, args.mapping)
    lang = document_language(args.file, args.lang, args.mapping)
    check_round(t, args.round_no, paired=args.what in ("pairings", "alphabetical", "screen"))
    write_document(args, document_html(t, args.what, lang, args.round_no))
    print(_WRITTEN[args.what].fill(output=args.output))
    return 0


def write_document(args, html: str) -> None:
    """``html`` to ``args.output``: the page itself for ``.html``/``.htm``, else its PDF;
    through the careful writer, under the output-path rule (never an input, an existing
    file only with ``--overwrite``)."""
    from ....converters.outputs import write_output
    from ....converters.publish import html_to_pdf

    page = Path(args.output).suffix.lower() in (".html", ".htm")
    data = html.encode("utf-8") if page else html_to_pdf(html)
    write_output(args.output, data, [i for i in (args.file, args.mapping) if i],
                 overwrite=args.overwrite)
