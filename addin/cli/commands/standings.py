"""``monrad standings FILE [--tiebreaks CODES] [--round N] [--format text|csv|json]``.

Ranks the players with :func:`monrad.engine.standings.standings`.  CSV columns are
exactly ``rank,start_no,name,points,<code>...`` (cells guarded against formula
injection, :func:`monrad.converters.tabular.csv_format.guard`).

On a monrad workbook it is also the "Update standings" button: the Standings sheet
(and the Crosstable and Alphabetical sheets; the Cards with ``--cards``) is
rewritten first, through :func:`monrad.addin.jobs.book.update_standings` (backup, owned
cells only; ``--dry-run`` leaves the file as it is), then the table is printed
as for any file, after the same round as the sheet (the last round with every
result in) unless ``--round`` says otherwise.  Other files (TRF, CSV ...) are only
read.  ``--mapping FILE`` reads a club's own workbook with a mapping file
(:func:`monrad.converters.club.sheets.read_club_workbook`); it is only read.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

from ....engine.i18n import current_language, ntr, tr
from ....engine.model import Result, Tournament
from ....engine.pairing import system_facts
from ....engine.standings import Standings
from ._common import CommandError, add_input_format_option, load_file, placeholder, warn

ORDER = 20


def register(sub) -> None:
    p = sub.add_parser(
        "standings", help=str(tr("print the standings")),
        description=str(tr("Rank the players by points and tie-breaks (the file's list, else the "
                           "system's own) and print the table.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.trf, .xlsx/.xlsm, .csv, .elo)")))
    p.add_argument("--tiebreaks", metavar=placeholder("CODES"),
                   help=str(tr("comma-separated tie-break codes, e.g. BH/C1,BH,SB (default: the "
                               "file's, else the system's)")))
    p.add_argument("--system", metavar="S",
                   help=str(tr("read the tournament as this pairing system (its tie-breaks and "
                               "scoring), e.g. a club sheet whose title does not say; default: the "
                               "file's")))
    p.add_argument("--round", type=int, metavar="N", dest="upto",
                   help=str(tr("standings after round N (default: the last round with results)")))
    p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                   help=str(tr("text table, CSV (rank,start_no,name,points,<code>...) or JSON "
                               "(default: text)")))
    p.add_argument("--delimiter", choices=(",", ";"), default=",",
                   help=str(tr("CSV separator; ';' writes decimal commas (default: ',')")))
    p.add_argument("--cards", action="store_true",
                   help=str(tr("a monrad workbook: also write the Monrad cards sheet (kept up to date "
                               "from then on)")))
    p.add_argument("--dry-run", action="store_true",
                   help=str(tr("a monrad workbook: print only, do not rewrite its Standings sheet")))
    p.add_argument("--category", metavar=placeholder("NAME"),
                   help=str(tr("only the standings of this prize category of the Settings "
                               "(rank: the place in the category)")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ....engine.standings import standings

    report = None
    t = load_file(args.file, args.input_format, args.mapping)
    if args.system:
        from ....engine.pairing import canonical_system, get_system, with_system_scoring

        get_system(args.system)  # unknown -> exit 2, "did you mean"
        t.settings = t.settings.replace(system=canonical_system(args.system))
        t = with_system_scoring(t)
    kind = _workbook_kind(args.file)
    if kind == "monrad" and args.mapping is not None:
        kind = None  # a mapping reads a club's sheet: a monrad workbook is only read then
    if kind is not None:  # the button's job, then print
        from contextlib import nullcontext

        from ....converters.workbook.lock import workbook_lock

        # the read-modify-write holds the workbook's lock (a second run is refused)
        with nullcontext() if args.dry_run else workbook_lock(args.file):
            report, t = _standings_sheet(args, kind, t)
    upto = args.upto if args.upto is not None or report is None else report.round
    table = standings(t, args.tiebreaks, upto)
    sections = category_tables(t, table, args.category)
    if args.category is not None:  # that category's table alone, ranked within it
        table = sections[0][1]
        sections = []
    # the rounds up to the table's with missing results, and the first round still
    # open after it (paired, nothing typed in yet): the workbook's notes (issue 26)
    missing = [] if report is not None else missing_boards(
        t, table.upto if args.upto is not None else t.rounds_played)
    later = [m for m in missing if m[0] > table.upto]
    missing = [m for m in missing if m[0] <= table.upto] + later[:1]
    notes = [str(ntr("round {round}: the result is missing on board {boards}; ranked on "
                     "the results in",
                     "round {round}: results are missing on boards {boards}; ranked on the "
                     "results in", len(boards), round=n, boards=tuple(boards)))
             for n, boards in missing]
    if args.format == "text":
        print(table.as_text(), end="")
        for note in notes:
            print(note)
        _print_legend(table)
        for heading, sub in sections:  # the standings of each prize category (issue 41)
            print()
            print(heading)
            print("\n".join(sub.as_text().splitlines()[1:]))
    elif args.format == "csv":
        from ....converters.tabular.csv_format import write_table

        header = ["rank", "start_no", "name", "points", *table.shown]
        rows = [[r[k] for k in header] for r in table.as_rows()]
        print(write_table(header, rows, delimiter=args.delimiter).replace("\r\n", "\n"), end="")
        for note in notes:
            warn(note)
    else:
        doc = {"round": table.upto, "system": table.system, "tiebreaks": list(table.codes),
               "lot_seed": table.lot_seed, "rows": table.as_rows(),
               "missing": [{"round": n, "boards": b} for n, b in missing]}
        if sections:
            doc["categories"] = [{"name": h, "rows": sub.as_rows()} for h, sub in sections]
        print(json.dumps(doc, ensure_ascii=False, indent=2))
    if report is not None and not args.dry_run:
        print(str(report), file=sys.stdout if args.format == "text" else sys.stderr)
    return 0


def category_tables(t: Tournament, table: Standings, only: str | None = None
                    ) -> list[tuple[str, Standings]]:
    """(heading, table) of each prize category of the Settings (issue 41; ``only``:
    that one, else a one-line refusal naming the categories): the event's table of
    its members, each ranked by the place in the category."""
    from ....engine.categories import category_rows, members
    from ....engine.prizes import prize_settings

    cats = prize_settings(t.settings.options).categories
    if only is not None:
        chosen = tuple(c for c in cats if c.name.casefold() == only.strip().casefold())
        if not chosen:
            raise CommandError(tr("{name!r} is not a prize category of this file (categories: "
                                  "{known})", name=only,
                                  known=", ".join(c.name for c in cats) or "-"))
        cats = chosen
    inside = members(t, cats)
    out = []
    for c in cats:
        rows = tuple(dataclasses.replace(cr.row, rank=cr.place, shared=cr.shared)
                     for cr in category_rows(table, inside[c.name]))
        rule = c.rule(current_language())
        out.append((f"{c.name} ({rule})" if rule else c.name,
                    dataclasses.replace(table, rows=rows)))
    return out


def _print_legend(table: Standings) -> None:
    """The tie-breaks' headings in full under the table, each with its code where the
    heading is the federation's own (``KP  Kvalitetspoäng ... [QP]``; the code is what
    ``--tiebreaks`` takes, issue 37)."""
    from ....converters import layout as L

    lang = current_language()
    if table.labels(lang) == list(table.shown):
        return  # English: the codes head the columns already
    lay = L.layout_for(lang)
    legend = lay.tiebreak_legend(table.shown, table.system)
    if not legend:
        return
    width = max(len(label) for label, _ in legend)
    print(f"{lay.text('legend')}:")
    for label, words in legend:
        print(f"  {label.ljust(width)}  {words}")


def missing_boards(t: Tournament, upto: int) -> list[tuple[int, list[int]]]:
    """``(round, boards)`` of the games up to round ``upto`` without a result (a
    postponed game is not missing where the system pairs around it: NSF-5, SSF-3,
    DSU-1); the standings rank on the results in and say which are missing."""
    allow = system_facts(t.settings.system).postponed_games
    out = []
    for rnd in t.rounds:
        if rnd.number > upto:
            break
        boards = [i for i, g in enumerate(rnd.games, 1)
                  if g.white_result is Result.UNKNOWN
                  or (g.white_result is Result.PENDING and not allow)]
        if boards:
            out.append((rnd.number, boards))
    return out


def _standings_sheet(args, kind: str, t):
    """Rewrite the standings sheet of a monrad workbook or a club's own workbook
    (unless ``--dry-run``); returns the job's report and the tournament to print."""
    from ....converters.workbook.package_book import open_book

    if kind == "monrad":
        from ...jobs.book import update_standings

        return update_standings(open_book(args.file), save=not args.dry_run, cards=args.cards), t
    from ....converters.club.sheets import load_mapping
    from ...jobs.club import SystemUnknown, read_club, update_club_standings

    book = open_book(args.file)
    opts = load_mapping(args.mapping) if args.mapping else None
    try:
        report = update_club_standings(book, system=args.system, opts=opts,
                                       save=not args.dry_run)
    except SystemUnknown as exc:  # rank by the file's own defaults, write nothing
        warn(tr('{exc}; the standings sheet is written once the system is known', exc=exc))
        return None, t
    return report, read_club(book, args.system, opts=opts).tournament


def _workbook_kind(path: str) -> str | None:
    """``"monrad"`` (monrad's own layout), ``"club"`` (a club's own sheets) or ``None``
    (not a workbook monrad writes to)."""
    if Path(path).suffix.lower() not in (".xlsx", ".xlsm"):
        return None
    from ....converters import layout as L
    from ....converters.workbook.package_book import open_book

    return "monrad" if L.detect_layout(open_book(path).sheet_names()) is not None else "club"
