"""``monrad prizes FILE [--round N] [--format text|csv|json] [--lang LANG] [-o OUT]``:
the prize list (issue 41).

Who takes which prize of the event, list by list (the whole field first, then each
prize category as the Settings define it), the money paid where places are shared,
the prizes nobody qualifies for and the money per player, after the standings of
``monrad standings`` (:mod:`monrad.engine.prizes`, docs/prizes.md).  Then the
standings of every category.  ``-o OUT.pdf`` (or ``.html``) writes the same as a
document; the file itself is only read (the workbook's *Prizes* sheet is written by
``monrad standings`` and the *Update standings* button).
"""

from __future__ import annotations

import json

from ....engine.i18n import tr
from ._common import (
    CommandError,
    add_input_format_option,
    add_overwrite_option,
    check_output_of,
    load_file,
    placeholder,
)
from ._publishing import add_language_option, check_round, document_language

ORDER = 25


def register(sub) -> None:
    p = sub.add_parser(
        "prizes", help=str(tr("print the prize list and the standings of each category")),
        description=str(tr("Give every prize of the event to its winner: the prizes per place "
                           "and per category of the Settings, shared places and one prize per "
                           "player as the Settings say (docs/prizes.md).")),
        epilog=str(tr("Example: monrad prizes club.xlsx -o prizes.pdf")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.xlsx/.xlsm, .trf, .csv ...)")))
    p.add_argument("--round", type=int, metavar="N", dest="upto",
                   help=str(tr("after round N (default: as 'monrad standings')")))
    p.add_argument("--format", choices=("text", "csv", "json"), default="text",
                   help=str(tr("text tables, CSV (one row per prize) or JSON (default: text)")))
    p.add_argument("-o", "--output", metavar=placeholder("OUT"),
                   help=str(tr("write the prize list as a PDF (.html: the page) instead")))
    add_overwrite_option(p)
    add_language_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    from ....converters.publish.prize_views import categories_view, prizes_view, settings_of
    from ....converters.publish.texts import words_for
    from ....engine.standings import standings

    if args.output:
        check_output_of(args, args.output, args.file, args.mapping)
    t = load_file(args.file, args.input_format, args.mapping)
    check_round(t, args.upto, paired=False)
    settings = settings_of(t)
    if not settings.defined:
        raise CommandError(tr("{file} defines no prizes and no prize categories: add rows "
                              "'Prizes' and 'Prize category' to its Settings (docs/prizes.md)",
                              file=args.file))
    lang = document_language(args.file, args.lang, args.mapping)
    table = standings(t, upto=args.upto)
    if args.output:
        from ....converters.publish import document_html
        from .print_pdf import write_document

        write_document(args, document_html(t, "prizes", lang, args.upto))
        print(tr("the prize list is written to {output}", output=args.output))
        return 0
    w = words_for(lang)
    doc = prizes_view(t, w, table, settings)
    cats = categories_view(t, w, table, settings)
    if args.format == "json":
        print(json.dumps({"round": table.upto, "prizes": doc, "categories": cats["sections"]},
                         ensure_ascii=False, indent=2))
    elif args.format == "csv":
        from ....converters.tabular.csv_format import write_table

        header = ["list", "place", "start_no", "name", "points", "prize", "paid"]
        rows = [[lst["name"], r["place"], r["start_no"], r["name"], r["points_number"],
                 r["prize_number"] if r["prize_number"] is not None else r["prize"],
                 r["paid_number"]] for lst in doc["lists"] for r in lst["rows"]]
        print(write_table(header, rows).replace("\r\n", "\n"), end="")
    else:
        print(prizes_text(doc, cats, w), end="")
    return 0


def prizes_text(doc: dict, cats: dict, w) -> str:
    """The prize list and the category standings as plain-text tables."""
    parts = [doc["title"], ""]
    for lst in doc["lists"]:
        parts += [lst["name"], *_table([w("place"), w("no"), w("name"), w("points"), w("prize"),
                                        w("paid")],
                                       [[r["place"], r["start_no"], r["name"], r["points"],
                                         r["prize"], r["paid"]] for r in lst["rows"]], (2,)), ""]
    if doc["payout"]:
        parts += [w("payout"), *_table([w("name"), w("no"), w("paid"), w("other_prizes")],
                                       [[r["name"], r["start_no"], r["paid"], r["texts"]]
                                        for r in doc["payout"]]
                                       + [[w("total"), "", doc["total"], ""]], (0, 3)), ""]
    parts += [*doc["rules"], ""]
    if cats["sections"]:
        parts += [cats["title"], ""]
        for sec in cats["sections"]:
            parts += [f"{sec['name']} ({sec['rule']})" if sec["rule"] else sec["name"],
                      *_table([w("place"), w("overall"), w("no"), w("name"), w("rating"),
                               w("points")],
                              [[r["place"], r["rank"], r["start_no"], r["name"], r["rating"],
                                r["points"]] for r in sec["rows"]], (3,)), ""]
    return "\n".join(parts).rstrip("\n") + "\n"


def _table(head: list[str], rows: list[list[object]], left: tuple[int, ...]) -> list[str]:
    """Lines of an aligned table: the columns ``left`` to the left, the rest right."""
    cells = [list(head)] + [[str(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(head))]
    out = []
    for k, row in enumerate(cells):
        out.append("  ".join(c.ljust(wd) if i in left else c.rjust(wd)
                             for i, (c, wd) in enumerate(zip(row, widths))).rstrip())
        if k == 0:
            out.append("  ".join("-" * wd for wd in widths))
    return out
