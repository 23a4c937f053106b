"""``monrad pair FILE [--system S] [--dry-run] [--format text|pairs|json] [--repair]``.

Pairs the next round (the first round without pairings) of a TRF file, a monrad
workbook, a club sheet or a CSV results table.  Players already marked absent for
that round (TRF ``H``/``Z``/``F`` in its column, record ``240``, ``XXZ``) are not
paired.  Without ``--dry-run`` the round is written back: a TRF file is rewritten
atomically in the TRF version it came in; a monrad workbook gets its new round
sheet through :func:`monrad.addin.jobs.book.pair_next_round` (backup, owned cells only).
Every write back holds the file's lock from before the read and goes through the
careful writer (:func:`monrad.converters.workbook.writer.write_back`): a TRF file or
CSV table gets a backup too, and one that changed since it was read is not
overwritten.

``--format pairs`` is for scripts: one line per board in board order, ``WHITE
BLACK`` as start numbers (the model's White; for Othello that is the second-named
player, OTH-5), a pairing-allocated bye as ``N 0``, nothing else on stdout.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from ....converters import detect_format, dumps_bytes, trf_version
from ....converters.errors import InputError
from ....converters.limits import MAX_ROUNDS, bounded
from ....engine.i18n import current_language, format_value, ntr, ptr, tr
from ....engine.model import ModelError, Result, Round, Tournament
from ....engine.namesakes import roster_notes
from ....engine.pairing import (
    NoPairingPossible,
    PairingError,
    available_systems,
    canonical_system,
    get_system,
    pair_round,
    system_facts,
    system_title,
)
from ._common import (
    BYE_NAMES,
    BYE_WORDS,
    CommandError,
    add_input_format_option,
    load_file,
    placeholder,
    refuse_folder,
    warn,
    written_to,
)
from .explain import add_lang_option

ORDER = 10
#: systems that let a round be paired while games are postponed (NSF-5, SSF-3, DSU-1)
_OTHELLO = frozenset({"othello-swiss", "othello_swiss", "othello"})


def register(sub) -> None:
    p = sub.add_parser(
        "pair", help=str(tr("pair the next round")),
        description=str(tr("Pair the next round (the first one without pairings) and write it "
                           "back into FILE (TRF, monrad workbook, CSV results table), or only show "
                           "it with --dry-run.")),
        epilog=str(tr("Exit status: 0 paired, 1 no legal pairing exists, 2 bad input or refused "
                      "(round already paired, results missing, unknown system).")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("tournament file (.trf, .xlsx/.xlsm, .csv)")))
    p.add_argument("--system", metavar="S",
                   help=str(tr("pairing system (default: the file's); one of {systems}",
                               systems=", ".join(available_systems()))))
    p.add_argument("--dry-run", action="store_true", help=str(tr("show the pairing, change nothing")))
    p.add_argument("--format", choices=("text", "pairs", "json"), default="text",
                   help=str(tr("text: a table; pairs: 'WHITE BLACK' start numbers per board, "
                               "'N 0' for the bye; json: boards, bye and round number (default: text)")))
    p.add_argument("--repair", action="store_true",
                   help=str(tr("pair the last paired round again (only while it has no results)")))
    p.add_argument("--rounds", type=int, metavar="N",
                   help=str(tr("total number of rounds, for files that do not say (a CSV roster or "
                               "results table); written back with the round")))
    p.add_argument("--explain", action="store_true",
                   help=str(tr("also explain each board rule by rule (as monrad explain; text or json)")))
    add_lang_option(p)
    add_input_format_option(p)
    p.set_defaults(run=run)


def _system_name(t: Tournament, requested: str | None) -> str:
    name = (requested or t.settings.system or "").strip()
    if not name:
        raise PairingError(tr('no pairing system given (available: {available_systems})',
                              available_systems=', '.join(available_systems())))
    get_system(name)  # unknown -> PairingError listing the available ones
    return canonical_system(name)


def _set_rounds(t: Tournament, rounds: int | None) -> None:
    if rounds is None:
        return
    if too_many := bounded(rounds, "--rounds", 1, MAX_ROUNDS):
        raise PairingError(too_many)
    if rounds < max(t.rounds_played, 1):
        raise PairingError(tr('--rounds {rounds}: the file has {rounds_played} rounds paired '
                              'already',
                              rounds=rounds, rounds_played=t.rounds_played))
    t.settings = t.settings.replace(rounds=rounds)


def check_previous_results(t: Tournament, n: int, system: str) -> None:
    """Refuse to pair round ``n`` while round ``n - 1`` has games without results
    (postponed games are allowed where the system allows them: NSF-5, SSF-3, DSU-1)."""
    prev = t.round(n - 1)
    if prev is None:
        return
    allow = system_facts(system).postponed_games
    missing = [str(board) for board, g in enumerate(prev.games, 1)
               if g.white_result is Result.UNKNOWN
               or (g.white_result is Result.PENDING and not allow)]
    if missing:
        raise PairingError(
            ntr("round {number} is missing a result on board {missing}; enter it before "
                "pairing round {round}",
                "round {number} is missing results on boards {missing}; enter them before "
                "pairing round {round}", len(missing), number=prev.number,
                missing=", ".join(missing), round=n))


def _pair_model(t: Tournament, system: str, repair: bool) -> Round:
    if not t.players:
        raise PairingError(tr('there are no players to pair'))
    if repair:
        last = t.rounds_played
        if not last:
            raise PairingError(tr('no round is paired yet; nothing to pair again'))
        rnd = t.round(last)
        assert rnd is not None
        if any(g.white_result is not Result.UNKNOWN for g in rnd.games):
            raise PairingError(tr('round {last} has results entered; only a round without '
                                  'results can be paired again',
                                  last=last))
        return pair_round(t, system, round_no=last, repair=True)
    n = t.next_round
    total = t.settings.rounds
    if total is not None and n > total:
        raise PairingError(tr('all {total} rounds are paired already', total=total))
    check_previous_results(t, n, system)
    try:
        return pair_round(t, system)
    except NoPairingPossible as exc:
        if f"round {n}" in str(exc):
            raise
        raise NoPairingPossible(tr('round {n}: {exc}', n=n, exc=exc)) from None


def run(args) -> int:
    path = Path(args.file)
    refuse_folder(path)
    fmt = detect_format(path, args.input_format)
    if getattr(args, "explain", False) and args.format == "pairs":
        raise CommandError(tr('--explain goes with --format text or json, not pairs'))
    if fmt == "xlsx" and path.suffix.lower() in (".xlsx", ".xlsm"):
        return _run_workbook(args, path)
    from contextlib import nullcontext

    from ....converters.workbook.lock import file_lock

    with nullcontext() if args.dry_run else file_lock(path):
        return _run_file(args, path, fmt)


def _run_file(args, path: Path, fmt: str) -> int:
    """A TRF file or CSV results table: read, pair, write back (under the file's lock,
    held by the caller; the careful writer refuses if the file changed meanwhile)."""
    from ....converters.workbook.writer import digest

    before = None if args.dry_run else digest(path)
    t = load_file(args.file, args.input_format, args.mapping)
    _set_rounds(t, args.rounds)
    system = _system_name(t, args.system)
    new = _pair_model(t, system, args.repair)
    explained = _explained(t, new, system, args)
    backup = None
    if not args.dry_run:
        backup = _write_back(t, new, system, path, fmt, args.repair, before)
    _print(t, new, system, args.format, explained)
    for note in roster_notes(t.players):  # namesakes told apart (issue 36 item 3)
        (print if args.format == "text" else warn)(note)
    if not args.dry_run and args.format == "text":
        print(written_to(path, backup))
    return 0


def _write_back(t: Tournament, new: Round, system: str, path: Path, fmt: str,
                repair: bool = False, before: bytes | None = None) -> Path | None:
    """Write the round into the file that was read (its digest ``before``) through the
    careful writer (lock, unchanged check, backup); returns the backup."""
    from ....converters.workbook.writer import write_back

    t.set_round(new)
    if system != t.settings.system:
        t.settings = t.settings.replace(system=system)
    warnings: list[str] = []
    try:
        if fmt.startswith("trf"):
            original = path.read_bytes().decode("utf-8-sig", errors="replace")
            version = fmt.removeprefix("trf") or trf_version(original)
            data = dumps_bytes(t, f"trf{version}", warnings=warnings, label=str(path),
                               source_text=original)  # its ### comments stay
            return write_back(path, data, expected=before)
        elif fmt in ("csv", "csv-results") and _is_results_csv(path):
            from ....converters.tabular.csv_round import write_round_back

            return write_round_back(path, t, new, replace=repair, warnings=warnings,
                                    expected=before)
    finally:
        for w in warnings:
            warn(w)
    raise InputError(
        tr("the pairing can be written back into a TRF file, a monrad workbook or a CSV "
           "results table only; use --dry-run, or convert the file first (monrad convert "
           "FILE -o tournament.trf)"), source=str(path))


def _is_results_csv(path: Path) -> bool:
    from ....converters.tabular.csv_format import read_csv

    try:
        read_csv(path, kind="results")
    except InputError:
        return False
    return True


def _run_workbook(args, path: Path) -> int:
    """A workbook: the read-modify-write holds the workbook's lock (another run at the
    same time is refused, and so is a workbook open in Excel), except a dry run."""
    from contextlib import nullcontext

    from ....converters.workbook.lock import file_lock

    with nullcontext() if args.dry_run else file_lock(path):
        return _pair_workbook(args, path)


def _pair_workbook(args, path: Path) -> int:
    from ....converters import layout as L
    from ....converters.book.xlsx import read_book
    from ....converters.workbook.package_book import open_book
    from ...jobs.book import pair_next_round

    book = open_book(path)
    if L.detect_layout(book.sheet_names()) is None:
        return _run_club_book(args, path, book)
    if args.system:
        get_system(args.system)
    report = pair_next_round(book, repair=args.repair, system=args.system, save=False)
    t = read_book(book).tournament
    new = t.round(report.round) if report.round is not None else None
    if new is None:  # pragma: no cover - the job always reports its round
        raise PairingError(tr('{path}: the paired round could not be read back', path=path))
    return _finish_workbook(args, path, book, t, new, (args.system or t.settings.system).lower(),
                            report.notes)


def _run_club_book(args, path: Path, book) -> int:
    """A club's own workbook: the next round in the club's layout (``jobs.club``)."""
    from ....converters.club.sheets import load_mapping
    from ...jobs.club import pair_club_round, read_club

    opts = load_mapping(args.mapping) if args.mapping else None
    report = pair_club_round(book, system=args.system, rounds=args.rounds, repair=args.repair,
                             opts=opts, save=False)
    t = read_club(book, opts=opts).tournament  # the workbook as it now is
    new = t.round(report.round) if report.round is not None else None
    assert new is not None
    return _finish_workbook(args, path, book, t, new, t.settings.system, report.notes)


def _finish_workbook(args, path: Path, book, t: Tournament, new: Round, system: str,
                     notes: list[str]) -> int:
    """Save the paired workbook (unless ``--dry-run``) and print the round and notes."""
    explained = _explained(t, new, system, args)
    backup = None if args.dry_run else book.save()
    _print(t, new, system, args.format, explained)
    for note in [*notes, *getattr(book, "warnings", [])]:
        (print if args.format == "text" else warn)(note)
    if args.format == "text" and not args.dry_run:
        print(written_to(path, backup))
    return 0


# ------------------------------------------------------------------------------ output
def _explained(t: Tournament, new: Round, system: str, args) -> dict | str | None:
    """``--explain``: the explanation of the new round (JSON dict or text), else None."""
    if not getattr(args, "explain", False):
        return None
    from ....engine.explain import explain_round
    from ....engine.i18n import current_language

    work = t.copy()
    work.set_round(new)
    exp = explain_round(work, new.number, system)
    lang = args.lang or current_language()
    return exp.to_json(lang) if args.format == "json" else exp.to_text(lang)


def _print(t: Tournament, new: Round, system: str, fmt: str,
           explained: dict | str | None = None) -> None:
    if fmt == "pairs":
        print(format_pairs(new), end="")
    elif fmt == "json":
        data = pairing_json(t, new, system)
        if explained is not None:
            data["explanation"] = explained
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(format_text(t, new, system), end="")
        if explained is not None:
            print()
            print(explained, end="")


def format_pairs(rnd: Round) -> str:
    """``WHITE BLACK`` per board, then ``N 0`` for the pairing-allocated bye."""
    lines = [f"{g.white} {g.black}" for g in rnd.games]
    lines += [f"{b.player} 0" for b in rnd.byes if b.result is Result.PAIRING_BYE]
    return "".join(line + "\n" for line in lines)


def pairing_json(t: Tournament, rnd: Round, system: str) -> dict:
    """The pairing as a JSON-ready dict: round, system, boards, bye, other byes."""
    bye = next((b.player for b in rnd.byes if b.result is Result.PAIRING_BYE), None)
    return {
        "round": rnd.number,
        "system": system,
        "boards": [{"board": i, "white": g.white, "black": g.black,
                    "white_name": _name(t, g.white), "black_name": _name(t, g.black)}
                   for i, g in enumerate(rnd.games, 1)],
        "bye": bye,
        "not_paired": [{"player": b.player, "name": _name(t, b.player),
                        "kind": BYE_NAMES[b.result]}
                       for b in rnd.byes if b.result is not Result.PAIRING_BYE],
    }


def _name(t: Tournament, sn: int) -> str:
    try:
        return t.player(sn).name
    except ModelError:  # not on the roster
        return ""


def format_text(t: Tournament, rnd: Round, system: str) -> str:
    """A readable pairing list.  Othello lists Black first (OTH-5)."""
    othello = system in _OTHELLO or t.settings.options.get("game") == "othello"
    scores = t.scores(rnd.number - 1)
    white, black = str(ptr("column", "White")), str(ptr("column", "Black"))
    first, second = (black, white) if othello else (white, black)
    lang = current_language()

    def pts(sn: int) -> str:  # 1½ in the Nordic languages, 1.5 in English
        return format_value(Fraction(scores.get(sn, 0)), lang)

    rows = []
    for i, g in enumerate(rnd.games, 1):
        a, b = (g.black, g.white) if othello else (g.white, g.black)
        rows.append((str(i), str(a), _name(t, a), pts(a), pts(b), str(b), _name(t, b)))
    no, points = str(ptr("column", "No")), str(ptr("column", "Pts"))
    head = (str(ptr("column", "Board")), no, first, points, points, no, second)
    widths = [max(len(r[k]) for r in [head, *rows]) for k in range(7)]
    out = [str(ntr("Round {round} ({system}): {n} board", "Round {round} ({system}): {n} boards",
                   len(rnd.games), round=rnd.number, system=system_title(system)))]
    for k, row in enumerate([head, *rows]):
        cells = [row[j].ljust(widths[j]) if j in (2, 6) else row[j].rjust(widths[j])
                 for j in range(7)]
        out.append(("  ".join(cells[:4]) + "  -  " + "  ".join(cells[4:])).rstrip())
        if k == 0:
            out.append("-" * len(out[-1]))
    for bye in rnd.byes:
        out.append(f"{BYE_WORDS[bye.result]}: {bye.player} {_name(t, bye.player)}".rstrip())
    return "\n".join(out) + "\n"
