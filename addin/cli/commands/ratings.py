"""``monrad ratings FILE --fide LIST [--list standard|rapid|blitz] [--dry-run]``.

Fills the roster of a monrad workbook, a TRF file or a CSV roster from a rating list:
FIDE's player list (XML or TXT, plain or zipped as FIDE ships it) or any list as CSV
(``--map rating=LPR --map national_id=Medlemsnr``, ``--national`` when its ratings are
national ones).  Players are found by FIDE ID, else by name and birth year
(:mod:`monrad.converters.ratings.match`); ambiguous and unmatched players are listed and
left as they are.  The table of what was found is printed; ``--dry-run`` changes
nothing.  A workbook gets only its roster cells written; every file is written back
through the careful writer (the file's lock from before the read, refused when it
changed since, a whole backup ``<name>.backup-<time><ext>``, atomic replace).

Exit status: 0 done (unmatched players are listed, not an error), 2 bad input.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from ....converters import detect_format, dumps_bytes, trf_version
from ....converters.errors import InputError
from ....converters.ratings.lists import CSV_HEADERS, LISTS
from ....converters.ratings.match import filled, match_list, matches_table
from ....converters.workbook.lock import file_lock
from ....engine.i18n import ntr, tr
from ._common import CommandError, add_input_format_option, load_file, placeholder, warn

ORDER = 47


def register(sub) -> None:
    p = sub.add_parser(
        "ratings", help=str(tr("fill a roster from FIDE's rating list (or a national list as CSV)")),
        description=str(tr("Fill FIDE ID, rating, K, title, federation, sex and birth year of every "
                           "player of FILE (a monrad workbook, TRF or CSV roster) from a rating list. "
                           "Players are matched by FIDE ID, else by name (any order, Nordic letters "
                           "or their ASCII spellings) and birth year; what is ambiguous or not found "
                           "is listed, never guessed.")),
        epilog=str(tr("Examples: monrad ratings club.xlsx --fide players_list_xml.zip ; "
                      "monrad ratings club.trf --fide players_list_foa.txt --list rapid --dry-run ; "
                      "monrad ratings club.xlsx --fide lask.csv --national --map rating=LASK.  "
                      "Exit status: 0 done, 2 bad input.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("the tournament (.xlsx/.xlsm, .trf, .csv)")))
    lists = p.add_mutually_exclusive_group(required=True)
    lists.add_argument("--dsu", metavar=placeholder("LIST"),
                       help=str(tr("the Danish federation's member list (CSV, ';', Windows-1252): "
                                   "Danish rating, DSU and FIDE numbers, club, birth year; its "
                                   "ratings are national ones (implies --national)")))
    lists.add_argument("--fide", metavar=placeholder("LIST"),
                   help=str(tr("the rating list: FIDE's XML or TXT player list (plain or .zip), or a "
                               "CSV list")))
    p.add_argument("--list", dest="which", choices=LISTS, default="standard",
                   help=str(tr("which of FIDE's lists gives rating and K (default: standard)")))
    p.add_argument("--map", dest="maps", action="append", default=[], metavar=placeholder("FIELD=HEADER"),
                   help=str(tr("a CSV list: the header of a field ({fields})",
                               fields=", ".join(CSV_HEADERS))))
    p.add_argument("--national", action="store_true",
                   help=str(tr("the list's ratings are national ratings (fill the national rating "
                               "and ID, not the FIDE rating)")))
    p.add_argument("--dry-run", action="store_true", help=str(tr("print the table, change nothing")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def _mapping(items: list[str]) -> dict[str, str] | None:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not value.strip() or key not in CSV_HEADERS:
            raise CommandError(tr('--map {item!r}: use FIELD=HEADER with FIELD one of '
                                  '{csv_headers}',
                                  item=item, csv_headers=', '.join(CSV_HEADERS)))
        out[key] = value.strip()
    return out or None


def run(args) -> int:
    path = Path(args.file)
    if not path.is_file():
        raise InputError(tr('no such file'), source=str(path))
    fmt = detect_format(path, args.input_format)
    mapping = _mapping(args.maps)
    if args.dsu:  # DSU's member list: read by its headers, its ratings are Danish ones
        args.fide, args.national = args.dsu, True
    if fmt == "xlsx":
        with nullcontext() if args.dry_run else file_lock(path):
            return _run_workbook(args, path, mapping)
    if not (fmt.startswith(("trf", "csv"))):
        raise InputError(tr('ratings can be filled into a monrad workbook, a TRF file or a CSV'
                            ' roster; convert the file first (monrad convert)'), source=str(path))
    with nullcontext() if args.dry_run else file_lock(path):
        return _run_file(args, path, fmt, mapping)


def _run_file(args, path: Path, fmt: str, mapping: dict[str, str] | None) -> int:
    """A TRF file or CSV roster: read, match, write back through the careful writer
    (the caller holds the file's lock; a file changed since it was read is refused)."""
    from ....converters.workbook.writer import digest, write_back

    before = digest(path)
    t = load_file(args.file, args.input_format, args.mapping)
    if fmt.startswith("csv") and t.rounds:
        raise InputError(tr('a CSV results table has no roster to fill; fill the roster file '
                            '(or convert the tournament to TRF first)'), source=str(path))
    matches = match_list(t.players, args.fide, args.which, mapping)
    print(matches_table(matches, args.which, national=args.national))
    new = {m.player.start_no: filled(m, args.national) for m in matches}
    changed = sum(1 for p in t.players if new[p.start_no] != p)
    if args.dry_run or not changed:
        print(tr("dry run: nothing written") if args.dry_run else tr("nothing to change"))
        return 0
    t.players = [new[p.start_no] for p in t.players]
    if getattr(args, "dsu", None) and not t.info.get("national_federation"):
        t.info["national_federation"] = "DEN"  # TRF-2026's national records carry them
    warnings: list[str] = []
    original: str | None = None  # a TRF's text: its version, and its ### comments stay
    if fmt.startswith("trf"):
        original = path.read_bytes().decode("utf-8-sig", errors="replace")
        out_fmt = "trf" + (fmt.removeprefix("trf") or trf_version(original))
    else:
        out_fmt = "csv-roster"
    backup = write_back(path, dumps_bytes(t, out_fmt, warnings=warnings, label=str(path),
                                          source_text=original), expected=before)
    for w in warnings:
        warn(w)
    print(ntr("{n} player updated in {path} (backup: {backup})",
              "{n} players updated in {path} (backup: {backup})", changed, path=path,
              backup=backup))
    return 0


def _run_workbook(args, path: Path, mapping: dict[str, str] | None) -> int:
    from ....converters import layout as L
    from ....converters.book.xlsx import read_book
    from ....converters.ratings.roster_update import update_roster
    from ....converters.workbook.package_book import open_book

    book = open_book(path)
    lay = L.detect_layout(book.sheet_names())
    if lay is None:
        raise InputError(tr('not a monrad workbook (no Settings/Players sheets); ratings are '
                            'filled into a monrad workbook, a TRF or a CSV roster'), source=str(path))
    t = read_book(book).tournament
    matches = match_list(t.players, args.fide, args.which, mapping)
    print(matches_table(matches, args.which, national=args.national))
    sheet = lay.players_sheet
    done = update_roster(book, sheet, [filled(m, args.national) for m in matches],
                         formulas=book.formula_cells(sheet), layout=lay)
    changes = done.changes
    if done.kept_formulas:
        cells = tuple(f"{c.cell} ({c.field} {c.new})" for c in done.kept_formulas[:10])
        more = len(done.kept_formulas) - len(cells)
        if more:
            cells += (str(tr("and {n} more", n=more)),)
        warn(str(ntr("{file}: sheet {sheet!r}: {n} cell holds a formula and was not updated: "
                     "{cells}", "{file}: sheet {sheet!r}: {n} cells hold a formula and were "
                     "not updated: {cells}", len(done.kept_formulas), file=path, sheet=sheet,
                     cells=cells)))
    if args.dry_run:
        print(ntr("dry run: {n} cell would change; nothing written",
                  "dry run: {n} cells would change; nothing written", len(changes)))
        return 0
    if not changes:
        print(tr('nothing to change'))
        return 0
    backup = book.save()
    values = {"sheet": sheet, "path": path, "backup": backup}
    print(ntr("{n} cell of sheet {sheet!r} updated in {path} (backup: {backup})",
              "{n} cells of sheet {sheet!r} updated in {path} (backup: {backup})",
              len(changes), **values) if backup else
          ntr("{n} cell of sheet {sheet!r} updated in {path}",
              "{n} cells of sheet {sheet!r} updated in {path}", len(changes), **values))
    return 0
