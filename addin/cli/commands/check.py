"""``monrad check FILE [--system S]``: re-pair every round and compare with the file.

Uses :func:`monrad.engine.check.check_tournament`.  Prints each difference (one
line each) and exits 1 if there is any; otherwise prints "all N rounds agree".
"""

from __future__ import annotations

import importlib

from ....engine.i18n import tr
from ._common import CommandError, add_input_format_option, load_file, placeholder

ORDER = 30


def register(sub) -> None:
    p = sub.add_parser(
        "check", help=str(tr("re-pair every round and compare with the file")),
        description=str(tr("Pair every round again from the rounds before it and report each round "
                           "whose pairing differs from the file.")),
        epilog=str(tr("Exit status: 0 all rounds agree, 1 differences found, 2 bad input.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.trf, .xlsx/.xlsm, .csv)")))
    p.add_argument("--system", metavar="S", help=str(tr("pairing system (default: the file's)")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    try:
        check = importlib.import_module("monrad.engine.check")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("monrad"):
            raise CommandError(tr('the check command is not available in this installation '
                                  '(monrad.engine.check is missing)')) from None
        raise
    t = load_file(args.file, args.input_format, args.mapping)
    if args.system:
        from ....engine.pairing import get_system

        get_system(args.system)
    diffs = check.check_tournament(t, system=args.system)
    for d in diffs:
        print(str(d))
    if diffs:
        return 1
    n = sum(1 for r in t.rounds if r.is_paired)
    print(tr('all {n} rounds agree', n=n))
    return 0
