"""``monrad export FILE --to fide|dsu [--version 2026|16] [--ascii-names] [-o OUT]``.

``--to dsu`` writes the games the Danish rating counts as DSU's CSV
(:mod:`monrad.converters.tabular.dsu_report`, issue 41 item 2).

Writes the FIDE rating report (TRF with the header records a rating officer needs,
see :mod:`monrad.converters.ratings.fide_export`) after checking it: every missing or
suspicious field is listed as a table (severity, player, field, problem) on
stdout.  Errors stop the export (exit 1) unless ``--force``; warnings do not.
Header fields missing from the file can be given here: ``--set city=Oslo
--set arbiter="Berg, Kari" --set round_dates=2026/03/01,2026/03/02``.

``--rating-list LIST`` checks the roster against a rating list (FIDE ID unknown:
error; name, birth year, federation or rating differ: warnings) and prints each
player's rating-change estimate (:mod:`monrad.converters.ratings.precheck`).

An existing report is replaced only with ``--overwrite``, never the tournament file.

Exit status: 0 written (or ``--check`` found no error), 1 the check found errors,
2 bad input.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ....converters import batch
from ....converters.errors import InputError
from ....converters.ratings import fide_export
from ....engine.i18n import ntr, tr
from ._common import (
    CommandError,
    add_input_format_option,
    add_overwrite_option,
    check_output_of,
    placeholder,
    warn,
)

ORDER = 45

#: ``--set`` keys: info names and TRF tags
_SET_KEYS = {key: key for key in fide_export.HEADER_FIELDS}
_SET_KEYS.update({tag: key for key, (tag, _) in fide_export.HEADER_FIELDS.items()})
#: the WOF header's fields (``%%Sender:``, ``%%Country:``)
_WOF_KEYS = {"sender": "wof_sender", "wof_sender": "wof_sender", "country": "country"}
_SET_KEYS.update(_WOF_KEYS)


def register(sub) -> None:
    p = sub.add_parser(
        "export", help=str(tr("write the FIDE rating report (TRF), checked first")),
        description=str(tr("Write the FIDE rating report of a tournament: TRF-2026 (or TRF-16) with "
                           "header records 012 name, 022 city, 032 federation, 042/052 dates, "
                           "102 arbiter, 112 deputies, 122 time control, 132 round dates.  The "
                           "report is checked first and every problem listed as a table.")),
        epilog=str(tr("Example: monrad export club.trf --to fide --set city=Oslo --ascii-names "
                      "-o club-fide.trf ; monrad export club.trf --rating-list players_list_xml.zip --check.  "
                      "Exit status: 0 written, 1 errors found (nothing written "
                      "without --force), 2 bad input.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("the tournament (any format convert reads)")))
    p.add_argument("--to", default="fide", choices=["fide", "dsu"],
                   help=str(tr("report kind: fide (the FIDE rating report), dsu (the games for "
                               "the Danish rating, CSV)")))
    p.add_argument("--version", dest="trf_version", choices=["2026", "16"], default="2026",
                   help=str(tr("TRF version of the report (default 2026)")))
    p.add_argument("--ascii-names", action="store_true",
                   help=str(tr("fold æ ø å ä ö ü é ... to ASCII (ae oe aa ae oe ue e), as the Swedish "
                               "federation asks")))
    p.add_argument("-o", "--output", metavar=placeholder("OUT"),
                   help=str(tr("the report file (default: FILE's name with -fide.trf)")))
    p.add_argument("--set", dest="settings", action="append", default=[], metavar=placeholder("KEY=VALUE"),
                   help=str(tr("fill a header field: name, city, federation, start_date, end_date, "
                               "arbiter, deputies (';'-separated), time_control, round_dates "
                               "(','-separated); TRF tags (022=...) work too")))
    p.add_argument("--national-federation", metavar=placeholder("FED"),
                   help=str(tr("federation of the national-rating records (default: the file's, "
                               "else the event's federation)")))
    p.add_argument("--group", metavar=placeholder("NAME"), help=str(tr("the group of a klubtur.dk export")))
    p.add_argument("--rating-list", metavar=placeholder("LIST"),
                   help=str(tr("check the roster against a rating list (FIDE's XML/TXT, plain or "
                               "zipped, or a CSV list): unknown FIDE IDs, names, birth years, "
                               "federations, out-of-date ratings; and print each player's rating-"
                               "change estimate (ratings and K from the list)")))
    p.add_argument("--list", dest="which", choices=("standard", "rapid", "blitz"),
                   default="standard", help=str(tr("which list of --rating-list (default: standard)")))
    p.add_argument("--check", action="store_true", help=str(tr("only check; write nothing")))
    p.add_argument("--force", action="store_true", help=str(tr("write the report despite errors")))
    add_overwrite_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def info_settings(items: list[str]) -> dict[str, object]:
    """``KEY=VALUE`` items (``--set`` of ``export`` and ``convert``) as ``Tournament.info``
    fields: the FIDE header fields by name or TRF tag, and the WOF file's ``sender``
    and ``country``."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, value = item.partition("=")
        field = _SET_KEYS.get(key.strip().lower())
        if not sep or field is None:
            raise CommandError(tr('--set {item!r}: use KEY=VALUE with KEY one of {value}',
                                  item=item,
                                  value=', '.join([*fide_export.HEADER_FIELDS, *_WOF_KEYS])))
        value = value.strip()
        if field == "round_dates":
            out[field] = [d.strip() for d in value.split(",") if d.strip()]
        elif field == "deputies":
            out[field] = [d.strip() for d in value.split(";") if d.strip()]
        elif field == "federation":
            out[field] = value.upper()
        else:
            out[field] = value
    return out


def apply_settings(t, items: list[str]) -> None:
    """``KEY=VALUE`` items into ``t.info`` (see ``--set``)."""
    t.info.update(info_settings(items))


def _load(args):
    warnings: list[str] = []
    found = batch.read_input(args.file, warnings, args.input_format, args.mapping)
    if len(found) > 1:
        names = [g for g, _ in found]
        if args.group is None:
            raise CommandError(tr('{file} holds {n} groups ({names}); choose one with --group',
                                  file=args.file, n=len(found), names=', '.join(names)))
        found = [(g, t) for g, t in found if g == args.group]
        if not found:
            raise CommandError(tr('{file} has no group {group!r} (groups: {names})',
                                  file=args.file, group=args.group, names=', '.join(names)))
    return found[0][1], warnings


def _output(args) -> Path:
    """The report's path: ``-o``, else FILE's name with ``-fide.trf`` (``-dsu.csv``)."""
    tail = "-dsu.csv" if args.to == "dsu" else "-fide.trf"
    return Path(args.output) if args.output else Path(args.file).with_name(
        Path(args.file).stem + tail)


def _dsu(args, out: Path) -> int:
    """``--to dsu``: the games the Danish rating counts (:mod:`~monrad.converters.tabular.dsu_report`)."""
    from ....converters.outputs import write_output
    from ....converters.tabular.dsu_report import dsu_report

    t, warnings = _load(args)
    data = dsu_report(t, str(out), warnings)
    for w in warnings:
        warn(w)
    if args.check:
        return 0
    write_output(out, data, [i for i in (args.file, args.mapping) if i], overwrite=args.overwrite)
    print(tr("wrote {out} ({n} games for the Danish rating)", out=out,
             n=data.count(b"\r\n") - 1))
    return 0


def run(args) -> int:
    if not Path(args.file).is_file():
        raise InputError(tr('no such file'), source=args.file)
    out = _output(args)
    if not args.check:
        check_output_of(args, out, args.file, args.mapping, args.rating_list)
    if args.to == "dsu":
        return _dsu(args, out)
    t, warnings = _load(args)
    apply_settings(t, args.settings)
    if args.national_federation:
        t.info["national_federation"] = args.national_federation.upper()
    t, defaulted = fide_export.with_event_federation(t)
    if defaulted:  # said once, not a "federation missing" per player (issue 37 item 10)
        print(ntr("{n} player without a federation is reported with the event's, {fed}",
                  "{n} players without a federation are reported with the event's, {fed}",
                  defaulted, fed=str(t.info["federation"]).upper()))
    checked = fide_export.normalise_header_dates(t)
    if args.ascii_names:
        checked = fide_export.with_ascii_names(checked)
    problems = fide_export.validate(checked, warnings)
    estimate = None
    if args.rating_list:
        from ....converters.ratings import precheck
        from ....converters.ratings.match import match_list

        matches = match_list(t.players, args.rating_list, args.which, by_name=False)
        problems += precheck.list_problems(matches)
        estimate = precheck.estimates_table(precheck.estimates(
            t, {m.player.start_no: m.listed for m in matches}))
    print(fide_export.problems_table(problems))
    if estimate:
        print()
        print(estimate)
    errors = sum(1 for p in problems if p.is_error)
    if args.check:
        return 1 if errors else 0
    if errors and not args.force:
        print(ntr("monrad: the FIDE report was not written: {n} error above (fix it, --set "
                  "header fields, or --force)",
                  "monrad: the FIDE report was not written: {n} errors above (fix them, --set "
                  "header fields, or --force)", errors), file=sys.stderr)
        return 1
    written: list[str] = []
    text = fide_export.fide_report(t, args.trf_version, ascii_names=args.ascii_names,
                                   warnings=written, label=str(out))
    for w in written:
        warn(w)
    fide_export.write_fide_report(text, out)
    print(tr('wrote {out} (TRF-{trf_version}, {n} players, {sum} rounds)',
             out=out, trf_version=args.trf_version, n=len(t.players),
             sum=sum(1 for r in t.rounds if r.is_paired)))
    return 0
