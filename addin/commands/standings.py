"""``monrad standings FILE [--tiebreaks CODES] [--round N] [--format text|csv|json]``.

Ranks the players with :func:`monrad.engine.standings.standings`.  CSV columns are
exactly ``rank,start_no,name,points,<code>...`` (cells guarded against formula
injection, :func:`monrad.converters.csv_format.guard`).

On a monrad workbook it is also the "Update standings" button: the Standings sheet
(and the Crosstable and Alphabetical sheets; the Cards with ``--cards``) is
rewritten first, through :func:`monrad.addin.jobs.update_standings` (backup, owned
cells only; ``--dry-run`` leaves the file as it is), then the table is printed
as for any file, after the same round as the sheet (the last round with every
result in) unless ``--round`` says otherwise.  Other files (TRF, CSV ...) are only
read.  ``--mapping FILE`` reads a club's own workbook with a mapping file
(:func:`monrad.converters.club_sheets.read_club_workbook`); it is only read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ._common import add_input_format_option, load_file

ORDER = 20


def register(sub) -> None:
    p = sub.add_parser(
        "standings", help="print the standings",
        description="Rank the players by points and tie-breaks (the file's list, else the "
                    "system's own) and print the table.")
    p.add_argument("file", metavar="FILE", help="tournament file (.trf, .xlsx/.xlsm, .csv, .elo)")
    p.add_argument("--tiebreaks", metavar="CODES",
                   help="comma-separated tie-break codes, e.g. BH/C1,BH,SB (default: the "
                        "file's, else the system's)")
    p.add_argument("--round", type=int, metavar="N", dest="upto",
                   help="standings after round N (default: the last round)")
    p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                   help="text table, CSV (rank,start_no,name,points,<code>...) or JSON "
                        "(default: text)")
    p.add_argument("--delimiter", choices=(",", ";"), default=",",
                   help="CSV separator; ';' writes decimal commas (default: ',')")
    p.add_argument("--cards", action="store_true",
                   help="a monrad workbook: also write the Monrad cards sheet (kept up to date "
                        "from then on)")
    p.add_argument("--dry-run", action="store_true",
                   help="a monrad workbook: print only, do not rewrite its Standings sheet")
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ...engine.standings import standings

    report = None
    t = load_file(args.file, args.input_format, args.mapping)
    if args.mapping is None and _is_monrad_workbook(args.file):  # the button's job, then print
        from ...addin.jobs import update_standings
        from ...converters.openpyxl_book import open_book

        report = update_standings(open_book(args.file), save=not args.dry_run, cards=args.cards)
    upto = args.upto if args.upto is not None or report is None else report.round
    table = standings(t, args.tiebreaks, upto)
    if args.format == "text":
        print(table.as_text(), end="")
    elif args.format == "csv":
        from ...converters.csv_format import write_table

        header = ["rank", "start_no", "name", "points", *table.shown]
        rows = [[r[k] for k in header] for r in table.as_rows()]
        print(write_table(header, rows, delimiter=args.delimiter).replace("\r\n", "\n"), end="")
    else:
        doc = {"round": table.upto, "system": table.system, "tiebreaks": list(table.codes),
               "lot_seed": table.lot_seed, "rows": table.as_rows()}
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    if report is not None and not args.dry_run:
        print(str(report), file=sys.stdout if args.format == "text" else sys.stderr)
    return 0


def _is_monrad_workbook(path: str) -> bool:
    if Path(path).suffix.lower() not in (".xlsx", ".xlsm"):
        return False
    from ...converters import layout as L
    from ...converters.openpyxl_book import open_book

    return L.detect_layout(open_book(path).sheet_names()) is not None
