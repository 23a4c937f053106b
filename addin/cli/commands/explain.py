"""``monrad explain FILE [--round N] [--system S] [--format text|json] [--lang no|sv|da|en]``.

Says why each board of a round is paired as it is, in the words of the rules
(:func:`monrad.engine.explain.explain_round`; JSON documented in docs/explain.md).
Without ``--round`` the next round is explained (it is paired, not written); a round
already in the file is explained as the rules pair it, and every board where the
file's pairing differs gets the rule it breaks or fulfils worse.

``--sheet`` (a monrad workbook): write the explanation into the workbook's own
*Explanation* sheet instead, in the workbook's language (:func:`monrad.addin.jobs.book.explain_rounds`:
every paired round and the next one, or ``--round N``; backup kept).

Exit status: 0 explained (and the file's round, if any, is the rules' one), 1 no
legal pairing exists or the file's round differs from the rules, 2 bad input.
"""

from __future__ import annotations

import json

from ....engine.explain import Explanation, explain_round
from ....engine.i18n import current_language, tr
from ....engine.pairing import get_system
from ._common import CommandError, add_input_format_option, is_workbook, load_file, placeholder
from ._common import add_lang_option as _add_lang_option

ORDER = 35


def add_lang_option(parser) -> None:
    """``--lang``: the language of the text (and of the JSON's texts) and the messages."""
    _add_lang_option(parser, help=str(tr("language of the explanation and the messages: en, nb (no), "
                                         "sv, da (default: the system's)")))


def register(sub) -> None:
    p = sub.add_parser(
        "explain", help=str(tr("explain why each board of a round is paired as it is")),
        description=str(tr("Explain the pairing of round N (default: the next round) rule by rule: "
                           "the order paired from, each board's reasons (players passed over and why, "
                           "break-ups, colours), floats and the bye. For a round already in FILE, "
                           "also where the file's pairing differs from the rules and why.")),
        epilog=str(tr("Exit status: 0 explained, 1 no legal pairing or the file's round differs "
                      "from the rules, 2 bad input.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.trf, .xlsx/.xlsm, .csv)")))
    p.add_argument("--round", type=int, metavar="N", dest="round_no",
                   help=str(tr("the round to explain (default: the next one)")))
    p.add_argument("--system", metavar="S", help=str(tr("pairing system (default: the file's)")))
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help=str(tr("text for people (default) or json for programs (docs/explain.md)")))
    add_lang_option(p)
    p.add_argument("--sheet", action="store_true",
                   help=str(tr("monrad workbook: write the Explanation sheet (every paired round and "
                               "the next one, or --round N) in the workbook's language")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def explanation_for(t, round_no: int | None, system: str | None) -> Explanation:
    """Check the round number against the file, then explain."""
    if system:
        get_system(system)
    if round_no is not None and not 1 <= round_no <= t.next_round:
        raise CommandError(tr('--round {round_no}: the file has rounds 1..{rounds_played} (and'
                              ' the next round is {next_round})',
                              round_no=round_no, rounds_played=t.rounds_played,
                              next_round=t.next_round))
    return explain_round(t, round_no, system)


def render(exp: Explanation, fmt: str, lang: str) -> str:
    if fmt == "json":
        return json.dumps(exp.to_json(lang), ensure_ascii=False, indent=2) + "\n"
    return exp.to_text(lang)


def _run_sheet(args) -> int:
    from ....converters import layout as L
    from ....converters.workbook.package_book import open_book
    from ...jobs.book import explain_rounds

    if not is_workbook(args.file):
        raise CommandError(tr('--sheet needs a monrad workbook (.xlsx/.xlsm)'))
    book = open_book(args.file)
    if L.detect_layout(book.sheet_names()) is None:
        raise CommandError(tr('{file}: --sheet needs a monrad workbook (monrad new), not a '
                              "club's own sheet",
                              file=args.file))
    if args.system:
        raise CommandError(tr("--sheet explains the workbook's own system; leave out --system"))
    rounds = [args.round_no] if args.round_no is not None else None
    if args.round_no is not None:
        explanation_for(load_file(args.file, args.input_format, args.mapping), args.round_no, None)
    report = explain_rounds(book, rounds)
    print(report)
    return 0


def run(args) -> int:
    if args.sheet:
        return _run_sheet(args)
    t = load_file(args.file, args.input_format, args.mapping)
    exp = explanation_for(t, args.round_no, args.system)
    print(render(exp, args.format, args.lang or current_language()), end="")
    return 1 if exp.file_matches is False else 0
