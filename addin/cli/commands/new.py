"""``monrad new FILE --system S --rounds N [--players roster.csv] [--lang no|sv|da|en]``.

Creates a club workbook with :func:`monrad.converters.book.new_workbook.create_workbook`.
For Othello (``--game othello``) the format comes from the OTH-1 advisor
(:func:`monrad.engine.othello.advisor.advise_format`) when ``--system`` or
``--rounds`` is not given: from the roster's size, or the expected number of players
(``--players N``, or ``--players-count N``).
"""

from __future__ import annotations

from pathlib import Path

from ....converters.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_SEED, bounded
from ....engine.i18n import current_language, tr
from ....engine.pairing import system_title
from ._common import CommandError, add_lang_option, load_file, placeholder, warn

ORDER = 50


def register(sub) -> None:
    p = sub.add_parser(
        "new", help=str(tr("create a club workbook")),
        description=str(tr("Create a new club workbook (Settings, Players and Standings sheets); "
                           "round sheets are added by 'monrad pair'.")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("the workbook to create (.xlsx or .xlsm)")))
    p.add_argument("--system", metavar="S", help=str(tr("pairing system (nsf, ssf, dsu, dutch, school, "
                          "round-robin, othello-swiss ...)")))
    p.add_argument("--rounds", type=int, metavar="N", help=str(tr("number of rounds")))
    p.add_argument("--players", metavar=placeholder("ROSTER|N"),
                   help=str(tr("roster to fill in (.csv, .xlsx, .trf); with --game othello a number "
                               "N is the expected number of players, for the format advice")))
    add_lang_option(p, help=str(tr("language of sheet names, headers and messages: en, nb (no), sv, "
                                   "da (default: the system's)")))
    p.add_argument("--game", choices=("chess", "othello"), default="chess",
                   help=str(tr("chess or othello (Othello: format advice by OTH-1)")))
    p.add_argument("--players-count", type=int, metavar="N",
                   help=str(tr("Othello: expected number of players, for the format advice")))
    p.add_argument("--name", default="", help=str(tr("tournament name")))
    p.add_argument("--seed", type=int, help=str(tr("seed for every lot (default: drawn and recorded)")))
    p.add_argument("--scoring", choices=("classic", "3-1-0", "school"), default=None,
                   help=str(tr("points per result (default: the system's, school 3-2-1 for the "
                               "school system (SKOL-6), else classic 1-½-0)")))
    p.add_argument("--tiebreaks", metavar=placeholder("CODES"), default="",
                   help=str(tr("comma-separated tie-break codes (default: the system's)")))
    p.add_argument("--lite", action="store_true",
                   help=str(tr("put the buttons' Python code inside the workbook, for xlwings Lite "
                               "(Excel without Python: Windows, macOS, Excel on the web)")))
    p.add_argument("--force", "--overwrite", dest="force", action="store_true",
                   help=str(tr("replace FILE if it exists (never the roster it is made "
                               "from)")))
    p.set_defaults(run=run)


def run(args) -> int:
    from ....converters.book.new_workbook import create_workbook

    players = None
    count = args.players_count
    for option, value, low, high in (("--rounds", args.rounds, 1, MAX_ROUNDS),
                                     ("--seed", args.seed, 0, MAX_SEED),
                                     ("--players-count", count, 1, MAX_PLAYERS)):
        if value is not None and (wrong := bounded(value, option, low, high)):
            raise CommandError(wrong)
    if args.players and args.players.isdigit() and not Path(args.players).exists():
        if args.game != "othello":
            raise CommandError(tr('--players {players}: no such roster file (a number of '
                                  "players is for --game othello's format advice)",
                                  players=args.players))
        count = int(args.players)
        if wrong := bounded(count, "--players", 1, MAX_PLAYERS):
            raise CommandError(wrong)
    elif args.players:
        players = load_file(args.players).players
    system, rounds = args.system, args.rounds
    if args.game == "othello" and (system is None or rounds is None):
        from ....engine.othello.advisor import advise_format

        count = count or (len(players) if players else None)
        if count is None:
            raise CommandError(tr('Othello: give --players ROSTER or --players-count N for the'
                                  ' format advice, or --system and --rounds'))
        try:
            advice = advise_format(count, "othello")
            if rounds is not None:
                advice = advice.with_rounds(rounds)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        print(advice.explanation)
        system = system or advice.system
        rounds = rounds or advice.rounds
    if system is not None and rounds is None:
        from ....engine.pairing import PairingError, fixed_rounds

        try:  # a round robin's rounds follow from its players (issue 26)
            rounds = fixed_rounds(system, len(players or ()))
            fixed = rounds is not None or fixed_rounds(system, 2) is not None
        except PairingError as exc:
            raise CommandError(str(exc)) from None
        if fixed and rounds is None:
            rounds = 0  # no players yet: the rounds follow from them when pairing
    if system is None or rounds is None:
        raise CommandError(tr('give --system and --rounds (or --game othello for the format '
                              'advice)'))
    from ....converters.outputs import check_output

    check_output(args.file, [args.players] if players is not None else [], overwrite=args.force,
                 option="--force")
    codes = [c.strip() for c in args.tiebreaks.split(",") if c.strip()]
    notes: list[str] = []
    path = create_workbook(args.file, system, rounds, players, args.lang or current_language(), name=args.name,
                           seed=args.seed, scoring=args.scoring, tiebreaks=codes,
                           overwrite=args.force, lite=args.lite,
                           warnings=notes)
    for note in notes:
        warn(note)
    n = len(players) if players else 0
    values = {"path": path, "system": system_title(system), "rounds": rounds, "players": n}
    if rounds and args.lite:
        print(tr("created {path}: {system}, {rounds} rounds, {players} players, with the xlwings "
                 "Lite buttons", **values))
    elif rounds:
        print(tr("created {path}: {system}, {rounds} rounds, {players} players", **values))
    elif args.lite:
        print(tr("created {path}: {system}, the rounds follow from the players, {players} players, "
                 "with the xlwings Lite buttons", **values))
    else:
        print(tr("created {path}: {system}, the rounds follow from the players, {players} players",
                 **values))
    return 0
