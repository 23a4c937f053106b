"""``monrad convert SRC... (-o DEST | --to FORMAT --out-dir DIR) [--recursive]``.

One file: ``monrad convert club.xlsx -o club.trf`` (the destination's extension,
or ``--to``, gives the format); a bad input is one line on stderr, exit 2.

Many files: ``monrad convert archive/ "old/*.xls" --to trf --out-dir out/ -r``.

One table of a whole batch: ``monrad convert season/ --to games.csv`` (also
``players``, ``byes``, ``standings``; ``.parquet`` with pyarrow) writes one row per game
of every tournament in the folders (sub-folders included), with a ``tournament``
column (:mod:`monrad.converters.frames`, needs ``monrad[analysis]``); unreadable
files are skipped with one line each and exit status 2.
Sources are files, globs (quote them to let monrad expand ``**``) and folders
(``--recursive`` walks sub-folders and mirrors them under ``DIR``).  Each output
keeps its input's base name with the new extension; a klubtur.dk export with
several groups gives ``<name>-<group>.<ext>``.  A progress bar runs on stderr
(plain lines when stderr is not a terminal), the summary lists every skipped or
failed file with the reason and ends with the totals; exit 2 if any file failed.
Output files are written whole or not at all (temporary file + replace); existing
outputs are skipped (a single ``-o`` or a table: refused) unless ``--overwrite``; an
input is never replaced, and two inputs with one output name are refused by name.  More than eight files are converted
in several processes (``--jobs`` to choose).  See ``docs/batch.md``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ....converters import batch
from ....converters.errors import InputError
from ....engine.i18n import ntr, tr
from ....engine.model import Tournament
from ._common import CommandError, add_input_format_option, check_output_of, placeholder, warn
from .export import info_settings

ORDER = 40

_EXT_FORMAT = {".trf": "trf", ".trfx": "trf", ".txt": "trf", ".csv": "csv", ".xlsx": "xlsx",
               ".xlsm": "xlsx", ".elo": "wof", ".wof": "wof"}


def register(sub) -> None:
    p = sub.add_parser(
        "convert", help=str(tr("convert tournament files (one, or whole folders) between formats")),
        description=str(tr("Convert tournament files.  Read: TRF-16/TRF-2026, CSV, klubtur.dk CSV, "
                           ".xlsx/.xlsm/.xls/.ods workbooks (monrad layout, club sheets, klubtur "
                           "groups), WOF.  Write (--to): {formats}.",
                           formats=", ".join(batch.OUT_FORMATS))),
        epilog=str(tr("Examples: monrad convert club.xlsx -o club.trf ; "
                      "monrad convert archive/ --recursive --to trf2026 --out-dir out/ ; "
                      "monrad convert 'old/*.xls' --to xlsx --out-dir new/.  "
                      "Exit status: 0 all converted or skipped, 2 a file failed or bad request.")))
    p.add_argument("sources", nargs="+", metavar=placeholder("SRC"), help=str(tr("files, globs or folders")))
    dest = p.add_mutually_exclusive_group()
    dest.add_argument("-o", "--output", metavar=placeholder("DEST"), help=str(tr("the output file (one SRC only)")))
    dest.add_argument("--out-dir", metavar=placeholder("DIR"),
                      help=str(tr("folder for the outputs (created if missing; needs --to)")))
    p.add_argument("--to", metavar=placeholder("FORMAT"),
                   help=str(tr("output format ({formats}); or one table of every tournament: "
                               "games.csv, players.csv, byes.csv, standings.csv (.parquet with "
                               "pyarrow; needs monrad[analysis])",
                               formats=", ".join(batch.OUT_FORMATS))))
    p.add_argument("-r", "--recursive", action="store_true",
                   help=str(tr("walk sub-folders of folder sources (and ** in globs)")))
    p.add_argument("--overwrite", "--force", dest="overwrite", action="store_true",
                   help=str(tr("replace existing output files")))
    p.add_argument("-j", "--jobs", type=int, default=None, metavar="N",
                   help=str(tr("processes to use (default: the cores when there are more than "
                               "{n} files, else 1)", n=batch.PARALLEL_FROM)))
    p.add_argument("--set", dest="settings", action="append", default=[], metavar=placeholder("KEY=VALUE"),
                   help=str(tr("a header field the source lacks, for every output: the FIDE report's "
                               "(name, city, federation, start_date, end_date, arbiter, time_control "
                               "...) or the WOF file's (sender, country); repeatable")))
    p.add_argument("-q", "--quiet", action="store_true", help=str(tr("no progress bar")))
    p.add_argument("-v", "--verbose", action="store_true",
                   help=str(tr("list converted files and every warning in the summary")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def _format(args, dest: Path | None) -> str:
    name = args.to
    if name is None and dest is not None:
        name = _EXT_FORMAT.get(dest.suffix.lower())
        if name is None:
            raise CommandError(tr('cannot tell the format from {name!r}; give --to FORMAT',
                                  name=dest.name))
    if name is None:
        raise CommandError(tr('--out-dir needs --to FORMAT'))
    try:
        return batch.normalise_format(name)
    except ValueError as exc:
        raise CommandError(str(exc)) from None


def run(args) -> int:
    if args.jobs is not None and args.jobs < 1:
        raise CommandError(tr('--jobs must be 1 or more'))
    if args.jobs is not None and batch.worker_count(args.jobs, args.jobs) < args.jobs:
        warn(tr("--jobs {jobs}: Windows runs at most {most} worker processes; using {most}",
                jobs=args.jobs, most=batch.WINDOWS_MAX_WORKERS))
    table = _table_name(args.to)
    if table is not None:
        return _run_table(args, table)
    if not args.output and not args.out_dir:
        raise CommandError(tr('give -o DEST (one file), --to FORMAT --out-dir DIR, or --to '
                              'games.csv (one table of every game)'))
    if args.output:
        return _run_single(args)
    fmt = _format(args, None)
    out_dir = Path(args.out_dir)
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(tr('is not a folder'), source=str(out_dir))
    report = batch.convert_many(
        batch.iter_sources(args.sources), fmt, out_dir, recursive=args.recursive,
        overwrite=args.overwrite, workers=args.jobs, show_progress=not args.quiet,
        input_format=args.input_format, mapping=args.mapping,
        info=tuple(info_settings(args.settings).items()))
    print(batch.summary_table(report, verbose=args.verbose))
    return report.exit_code


def _run_single(args) -> int:
    if len(args.sources) != 1:
        raise CommandError(tr('-o takes one source, not {n}; use --to FORMAT --out-dir DIR for'
                              ' several',
                              n=len(args.sources)))
    src, dest = Path(args.sources[0]), Path(args.output)
    fmt = _format(args, dest)
    if not src.is_file():
        raise InputError(tr('no such file'), source=str(src))
    info = tuple(info_settings(args.settings).items())
    check_output_of(args, dest, src, args.mapping)
    job = batch.Job(str(src), str(dest), fmt, args.overwrite, input_format=args.input_format,
                    mapping=args.mapping, info=info)
    res = batch.convert_one(job)
    for w in res.warnings:
        print(tr('monrad: warning: {w}', w=w), file=sys.stderr)
    if res.status == "failed":
        raise CommandError(res.detail)
    if res.status == "skipped":
        raise CommandError(tr("{detail}; nothing written", detail=res.detail))
    print(f"{src} -> {', '.join(res.outputs)}")
    return 0


def _table_name(to: str | None) -> str | None:
    """``games`` for ``--to games.csv`` / ``season-games.parquet`` (a table file)."""
    from ....converters.frames import TABLES

    if not to or Path(to).suffix.lower() not in (".csv", ".parquet"):
        return None
    last = Path(to).stem.lower().replace("_", "-").rsplit("-", 1)[-1]
    return last if last in TABLES else None


def _run_table(args, table: str) -> int:
    """``monrad convert FOLDER... --to games.csv``: one table of every tournament."""
    from ....converters import frames

    if args.output or args.out_dir:
        raise CommandError(tr('--to {to} names the table file itself; drop -o/--out-dir',
                              to=args.to))
    inputs: list[Path] = []
    for src in args.sources:
        p = Path(src)
        inputs += batch.tournament_files(p) if p.is_dir() else [p]
    check_output_of(args, args.to, *inputs)
    frames.require_pandas()  # say so before reading every file (issue 26)
    total = sum(len(frames.source_files(src)[0]) for src in args.sources)
    found: list[tuple[str, Tournament]] = []
    failed: list[str] = []
    warnings: list[str] = []
    # the folder conversion's progress and words: [2/40] read / failed, then a summary
    bar = batch.Progress(total, enabled=not args.quiet)
    for src in args.sources:
        found += frames.read_tournaments(
            src, warnings, failed,
            progress=lambda path, ok: bar.update(batch.FileResult(str(path), "read" if ok else "failed")))
    bar.close()
    for w in warnings if args.verbose else []:
        print(tr('monrad: warning: {w}', w=w), file=sys.stderr)
    for f in failed:
        print(tr("monrad: {message}", message=tr("failed: {detail}", detail=f)), file=sys.stderr)
    df = frames.table(table, found)
    out = frames.write_table(df, args.to)
    print(str(ntr("{n} file: {read} read, {failed} failed", "{n} files: {read} read, {failed} failed",
                  total, read=total - len(failed), failed=len(failed))))
    print(str(ntr("wrote {file}: {rows} row of {table} from {n} tournament",
                  "wrote {file}: {rows} rows of {table} from {n} tournaments", len(found),
                  file=out, rows=len(df), table=table)))
    return 2 if failed else 0
