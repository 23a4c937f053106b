"""``monrad finals FILE [--format egp-nm|sm] [--game 3-8:40-24 ...] [-o finals.pdf]``:
the Othello finals after the Swiss (OTH-3) with the colour rules of OTH-4.

Works out the matches from the Swiss standings (EGP/NM: 1st v 2nd best of three,
3rd v 4th; SM: the 4th/5th play-off when their Swiss wins are equal, semi-finals 1v4
and 2v3, final, third place), replays the games played so far (Black first, discs)
and prints every match, the next game's colours or who chooses them, and the final
ranking.

On a monrad workbook the games are the rows of its Finals sheet, which is rewritten
(backup first, ``--dry-run`` leaves the file alone) with the next game of every open
match for the arbiter to fill in; the format is remembered on the sheet.  On other
files the games are the file's (a WOF file's added results) and ``--game``
(``BLACK-WHITE:DISCS-DISCS``, start numbers, Black first), in the order played.
``-o`` writes the finals as a PDF (or HTML); an existing file only with ``--overwrite``.
"""

from __future__ import annotations

import re

from ....engine.i18n import tr
from ....engine.monrad.card import format_points
from ....engine.othello.finals import (
    FinalsFormat,
    event_finals,
    final_places,
    match_name,
    place_note,
    place_text,
)
from ....engine.pairing import is_othello
from ._common import (
    CommandError,
    add_input_format_option,
    add_overwrite_option,
    check_output_of,
    load_file,
    placeholder,
)
from ._publishing import add_language_option, document_language

ORDER = 58

_GAME = re.compile(r"^(\d+)-(\d+):(\d{1,2})-(\d{1,2})$")


def register(sub) -> None:
    p = sub.add_parser(
        "finals", help=str(tr("Othello finals after the Swiss (OTH-3, OTH-4)")),
        description=str(tr("Set up and follow the Othello finals after the Swiss: the matches, "
                           "who plays Black or chooses the colour, the disc results, the final "
                           "ranking.")),
        epilog=str(tr("Example: monrad finals sm2026.xlsx --format sm   (then enter the discs on "
                      "the Finals sheet and run it again)")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("the Othello event (.xlsx, .elo, .trf ...)")))
    p.add_argument("--format", dest="finals_format", choices=[f.value for f in FinalsFormat
                                                              if f is not FinalsFormat.NONE],
                   help=str(tr("egp-nm (Stockholm EGP, Nordic championship) or sm (Swedish "
                               "championship); a workbook remembers it")))
    p.add_argument("--third-place-best-of", type=int, choices=(1, 3), default=None,
                   help=str(tr("EGP/NM: best of 3 when both players want it (default 1)")))
    p.add_argument("--game", action="append", default=[], metavar="B-W:BD-WD",
                   help=str(tr("a finals game played: start numbers Black-White and the discs, "
                               "e.g. 3-8:40-24 (repeat, in the order played)")))
    p.add_argument("-o", "--output", metavar=placeholder("OUT"), help=str(tr("also write the finals as PDF (.html: HTML)")))
    p.add_argument("--dry-run", action="store_true",
                   help=str(tr("a monrad workbook: print only, do not rewrite its Finals sheet")))
    add_overwrite_option(p)
    add_language_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def _games(texts: list[str]) -> list[list[int]]:
    out = []
    for text in texts:
        m = _GAME.match(text.strip())
        if m is None:
            raise CommandError(tr('--game {text!r}: write BLACK-WHITE:DISCS-DISCS, e.g. '
                                  '3-8:40-24',
                                  text=text))
        out.append([int(g) for g in m.groups()])
    return out


def run(args) -> int:
    """A monrad workbook's Finals sheet is a read-modify-write: its lock is held from
    before the read (unless ``--dry-run``)."""
    from contextlib import nullcontext

    from ....converters.workbook.lock import file_lock

    writes = (not args.dry_run and args.mapping is None
              and args.file.lower().endswith((".xlsx", ".xlsm")))
    with file_lock(args.file) if writes else nullcontext():
        return _run(args)


def _run(args) -> int:
    from ....converters import layout as L
    from ....converters.book.finals import finals_sheet, read_finals_sheet, write_finals_sheet
    from ....converters.workbook.package_book import open_book

    if args.output:
        check_output_of(args, args.output, args.file, args.mapping)
    t = load_file(args.file, args.input_format, args.mapping)
    if not is_othello(t.settings):
        raise CommandError(tr("{file}: finals are Othello's (OTH-3); this is a {system} event",
                              file=args.file, system=t.settings.system))
    planned = t.settings.rounds or t.rounds_played
    if t.rounds_played < planned or not all(r.is_finished for r in t.rounds):
        raise CommandError(tr('{file}: the Swiss is not finished (round {rounds_played} of '
                              '{planned} paired, every result needed); finals come after it',
                              file=args.file, rounds_played=t.rounds_played, planned=planned))
    book = lay = None
    fmt, third, games = args.finals_format, args.third_place_best_of, _games(args.game)
    if args.mapping is None and args.file.lower().endswith((".xlsx", ".xlsm")):
        book = open_book(args.file)
        lay = L.detect_layout(book.sheet_names())
    if book is not None and lay is not None:
        sheet_fmt, sheet_third, sheet_games = read_finals_sheet(book, lay)
        fmt = fmt or sheet_fmt
        third = third or sheet_third
        games = sheet_games + games
    else:
        stored = t.info.get("finals_games")
        games = [list(g) for g in (stored if isinstance(stored, list) else [])] + games
    if not fmt:
        raise CommandError(tr('choose the finals with --format egp-nm or --format sm'))
    try:
        finals = event_finals(t, fmt, games, third_place_best_of=third or 1)
    except ValueError as exc:
        raise CommandError(tr("{file}: {message}", file=args.file, message=str(exc))) from None
    names = {p.start_no: p.name for p in t.players}
    for m in finals.matches.values():
        values = {"match": match_name(m.name), "higher": f"{names[m.higher]} ({m.higher})",
                  "lower": f"{names[m.lower]} ({m.lower})", "n": m.best_of,
                  "score": f"{format_points(m.points(m.higher))}-{format_points(m.points(m.lower))}"}
        games_text = ", ".join(f"{g.black}-{g.white} {g.black_discs}-{g.white_discs}" for g in m.games)
        clauses = [tr("{match}: {higher} v {lower}, best of {n}: {score} ({games})",
                      games=games_text, **values) if games_text else
                   tr("{match}: {higher} v {lower}, best of {n}: {score}", **values)]
        if m.is_decided:
            clauses.append(tr("won by {winner}", winner=f"{names[m.winner]} ({m.winner})"))  # type: ignore[index]
        elif m.colour_chooser() is None:
            b, w = m.next_pairing()
            clauses.append(tr("next game: {black} Black, {white} White (colours swap)", black=b,
                              white=w))
        else:
            clauses.append(tr("next game: {player} chooses the colour", player=m.colour_chooser()))
        print("; ".join(str(c) for c in clauses))
    places = final_places(finals)  # only what is decided (issue 26)
    shown = [x for x in places if x.first <= 8]
    parts = []
    for place in shown:
        who = ", ".join(f"{names[p]} ({p})" for p in place.players)
        note = place_note(place)
        parts.append(f"{place_text(place)}. {who}" + (f" ({note})" if note is not None else ""))
    ranking = "; ".join(parts) + (" ..." if len(shown) < len(places) else "")
    print(tr("final ranking: {ranking}", ranking=ranking))
    if book is not None and lay is not None and not args.dry_run:
        write_finals_sheet(book, t, lay, finals)
        backup = book.save()
        print(tr("sheet {sheet!r} written (backup: {backup})", sheet=finals_sheet(lay), backup=backup)
              if backup else tr("sheet {sheet!r} written", sheet=finals_sheet(lay)))
    if args.output:
        _write_document(t, finals, args)
    return 0


def _write_document(t, finals, args) -> None:
    from ....converters.publish import finals_html
    from .print_pdf import write_document

    write_document(args, finals_html(t, finals, document_language(args.file, args.lang,
                                                                  args.mapping)))
    print(tr('finals written to {output}', output=args.output))
