"""``monrad-bbp``: the command line of the reference Dutch engine, bbpPairings.

A platform that runs bbpPairings as a program (TRF in, pairs file out) swaps the
program name and nothing else::

    monrad-bbp --dutch INPUT -p [OUTPUT]     pair the next round (pairs file)
    monrad-bbp --dutch INPUT -c              check every round of the file
    monrad-bbp --dutch -g [CONFIG] -o OUTPUT [-s SEED]
                                             generate a random tournament (issue 41)
    monrad-bbp -r ...                        print the program information first

(``monrad bbp ...`` takes the same arguments.)  The pairs file is the reference
engine's: the number of pairs, then one ``WHITE BLACK`` line per board in board
order, the pairing-allocated bye last as ``N 0``.  A bare OUTPUT name is written
beside the input file, as the reference engine does.  ``-c`` prints the reference
checker's report: a ``FILE: Round #k`` line per round and, under a round whose
pairing differs, the rules' pairings beside the file's.

The TRF is read by monrad's reader, which reads the extensions the reference
engine reads (``XXR``, ``XXC``, ``XXS``, ``BBW``/``BBD``/``BBL``/``BBZ``/``BBF``/
``BBU``, ``XXA``, ``XXP``), checks the points column, and takes the next round's
``H``/``Z``/``F`` entries as requested byes.

Exit codes are the reference engine's: 0 done, 1 no valid pairing exists, 2 an
unexpected error, 3 an invalid request (command line or input file), 4 the round
would need more memory than the limit (``MONRAD_DUTCH_MEMORY_MB``), 5 the file cannot be
read or written.  When the round cannot be paired (1, 4) the pairs file is left
empty, as the reference leaves it.

``-g`` is FIDE's Random Tournament Generator (C.04.A) with the reference's
configuration keys, seed and output (:mod:`monrad.engine.generator`,
:mod:`monrad.converters.trf.generated`): the same seed gives the same file, the
reference's own where monrad's pairing equals it.  A bare OUTPUT name goes beside the
configuration file.  Not supported (exit 3 with a message): the Burstein system
(``--burstein``), a model file before ``-g`` and checklist files (``-l``).
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from ...engine.i18n import said, tr

__all__ = ["check_text", "main", "pairs_text"]

OK, NO_VALID_PAIRING, UNEXPECTED, INVALID_REQUEST, LIMIT_EXCEEDED, FILE_ERROR = 0, 1, 2, 3, 4, 5

PROG = "monrad-bbp"

_SYNTAX = """\
Command line argument syntax:
{prog} [-r]
{prog} [-r] --dutch input-file -c
{prog} [-r] --dutch input-file -p [output-file]
{prog} [-r] --dutch -g [config-file] -o trf_file [-s random_seed]
"""


class _Refused(Exception):
    """A request the program refuses: the message and the exit code."""

    def __init__(self, message: str, code: int = INVALID_REQUEST) -> None:
        super().__init__(message)
        self.code = code


def _info() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        v = version("monrad")
    except PackageNotFoundError:  # running from a checkout
        v = "unknown"
    return (f"{PROG} (monrad {v}): the FIDE Dutch system (C.04.3) behind the command line "
            "of bbpPairings")


def _parse(args: list[str]) -> tuple[str, str, str | None]:
    """(mode ``p``, ``c`` or ``g``, input (``g``: the configuration file, or ``""``),
    output) from the arguments after ``[-r]``."""
    if "-l" in args:
        raise _Refused("checklist files (-l) are not supported")
    if args[:1] == ["--burstein"]:
        raise _Refused("the Burstein system is not supported (only --dutch)")
    if args[:1] != ["--dutch"]:
        raise _Refused("", INVALID_REQUEST)
    rest = args[1:]
    if "-g" in rest:
        if rest[0] != "-g":
            raise _Refused("model files for the generator (MODEL -g) are not supported; "
                           "give a configuration file (-g CONFIG)")
        config = rest[1] if len(rest) > 1 and rest[1] != "-o" else ""
        tail = rest[2 if config else 1:]
        if len(tail) in (2, 4) and tail[0] == "-o" and (len(tail) == 2 or tail[2] == "-s"):
            return "g", config, tail[1]
        raise _Refused("", INVALID_REQUEST)
    if len(rest) == 2 and rest[1] == "-c":
        return "c", rest[0], None
    if len(rest) in (2, 3) and rest[1] == "-p":
        return "p", rest[0], rest[2] if len(rest) == 3 else None
    raise _Refused("", INVALID_REQUEST)


def _read(path: str):
    """The tournament in ``path`` (the reference engine's messages and codes)."""
    from ...converters import trf
    from ...converters.errors import InputError
    from ...engine.dutch.baku import accelerations
    from ...engine.model import ModelError
    from ...engine.pairing import PairingError
    from ...engine.systems.dutch import memory_limit

    if not os.path.isfile(path) or not os.access(path, os.R_OK):
        raise _Refused(f"Error reading file {path}: The file could not be loaded.", FILE_ERROR)
    warnings: list[str] = []
    try:
        t = trf.read_trf(path, warnings=warnings)
    except (InputError, ModelError) as exc:
        raise _Refused(f"Error parsing file {path}: {exc}") from None
    except OSError as exc:
        raise _Refused(f"Error reading file {path}: {exc.strerror or exc}", FILE_ERROR) from None
    for w in warnings:
        # the reference engine refuses a file whose points disagree with its results
        if said(w, "player {sn}: points column says {fmt_points}, the results give "
                   "{fmt_points2}"):
            raise _Refused(f"Error parsing file {path}: {w}")
        print(f"{PROG}: {w}", file=sys.stderr)
    try:  # Baku acceleration named alone: the reference refuses an unfit point system;
        accelerations(t)  # a memory limit that is not a number of MB is bad input too
        memory_limit(t)
    except PairingError as exc:
        raise _Refused(f"Error parsing file {path}: {exc}") from None
    return t


def _initial_colour_known(t) -> bool:
    from ...engine.model import Colour

    if t.settings.initial_colour is not Colour.NONE:
        return True
    return any(r.games for r in t.rounds)


def pairs_text(t) -> str:
    """The pairing of ``t``'s next round in the reference engine's pairs format."""
    from ...engine.model import Result
    from ...engine.pairing import pair_round

    rnd = pair_round(t, "dutch", round_no=t.next_round)
    lines = [f"{g.white} {g.black}" for g in rnd.games]
    lines += [f"{b.player} 0" for b in rnd.byes if b.result is Result.PAIRING_BYE]
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


def _pair(path: str, output: str | None) -> int:
    from ...converters.atomic import WriteError
    from ...converters.outputs import write_output
    from ...engine.pairing import NoPairingPossible, PairingError, PairingTooLarge

    t = _read(path)
    if not _initial_colour_known(t):
        raise _Refused(f"Error while parsing {path}: Please configure the initial piece colors.")
    if t.settings.rounds is not None and t.next_round > t.settings.rounds:
        raise _Refused(f"Error parsing file {path}: The number of rounds is larger than the "
                       "reported number of rounds.")
    target = None
    if output is not None:
        target = Path(output)
        if target.parent == Path("."):  # a bare name: beside the input file
            target = Path(path).with_name(output)

    def write(text: str) -> None:
        if target is None:
            sys.stdout.write(text)
            return
        try:  # the reference engine replaces its output; never the input, never /dev/null
            write_output(target, text.encode("ascii"), [path], overwrite=True)
        except WriteError:
            raise _Refused(f"The output file ({target}) could not be opened.",
                           FILE_ERROR) from None

    try:
        text = pairs_text(t)
    except PairingError as exc:
        # the reference engine opens (creates or empties) the pairs file before it
        # pairs: a round it cannot pair leaves an empty file, never an old one
        write("")
        if isinstance(exc, NoPairingPossible):
            raise _Refused(f"Error while pairing {path}: No valid pairing exists: {exc}",
                           NO_VALID_PAIRING) from None
        if isinstance(exc, PairingTooLarge):
            raise _Refused(f"Error processing file {path}: {exc}", LIMIT_EXCEEDED) from None
        raise _Refused(f"Error while pairing {path}: {exc}") from None
    write(text)
    return OK


def _sort_key(white: int, black: int, score: dict[int, Fraction]) -> tuple:
    """The reference engine's order of pairs (``sortResults``): pairs before the
    bye, then by the higher player's score, the lower player's score (before the
    round, without acceleration), then the higher player's number."""
    hi, lo = sorted((white, black), key=lambda p: (-score.get(p, Fraction(0)), p))
    return (white == black, -score.get(hi, Fraction(0)), -score.get(lo, Fraction(0)), hi)


def _match(actual, p: int):
    """The player's opponent in the round as played (himself when he has none) and
    his colour (``Colour.NONE`` then)."""
    from ...engine.model import Colour, Game

    e = actual.entry(p)
    if isinstance(e, Game):
        return e.opponent(p), e.colour_of(p)
    return p, Colour.NONE


def _side(p: int) -> str:
    return f"{p:>3}" if p else "  0"


def check_text(t, name: str) -> str:
    """The reference checker's report for every paired round of ``t`` (``name``:
    the file's stem, which starts each round's line)."""
    from ...engine.check import repair_rounds
    from ...engine.model import Bye, Colour, Result
    from ...engine.pairing import NoPairingPossible, PairingError

    out = io.StringIO()
    for actual, rules in repair_rounds(t, "dutch", every_round=True):
        k = actual.number
        out.write(f"{name}: Round #{k}\n")
        if isinstance(rules, NoPairingPossible):
            out.write(f"No valid pairing exists for round {k}.\n\n")
            continue
        if isinstance(rules, PairingError):
            raise rules
        score = t.scores(k - 1)

        correct = [(g.white, g.black) for g in rules.games]
        correct += [(b.player, b.player) for b in rules.byes
                    if isinstance(b, Bye) and b.result is Result.PAIRING_BYE]
        wrong: list[tuple[int, int]] = []
        provided: list[tuple[int, int]] = []
        for w, b in correct:
            opp, col = _match(actual, w)
            if opp == b and col is not Colour.BLACK:
                continue
            wrong.append((w, b))
            if w <= opp:
                provided.append((w, opp) if col is Colour.WHITE else (opp, w))
            if b != w:
                opp_b, col_b = _match(actual, b)
                if b <= opp_b:
                    provided.append((b, opp_b) if col_b is Colour.WHITE else (opp_b, b))
        if not wrong:
            continue
        provided.sort(key=lambda pr: _sort_key(pr[0], pr[1], score))
        wrong.sort(key=lambda pr: _sort_key(pr[0], pr[1], score))
        out.write("  Checker pairings" + " " * 8 + "Tournament pairings \n")
        for i, (pw, pb) in enumerate(provided):
            if i < len(wrong):
                cw, cb = wrong[i]
                left = f"{cw:>3} - {_side(0 if cb == cw else cb)}"
            else:
                left = " " * 9
            right = f"{pw:>3} - {_side(0 if pb == pw else pb)}"
            out.write(f"    {left}{' ' * 16}{right}\n")
        out.write("\n")
    out.write("\n")
    return out.getvalue()


def _check(path: str) -> int:
    from ...engine.pairing import PairingError, PairingTooLarge

    t = _read(path)
    try:
        report = check_text(t, Path(path).stem)
    except PairingTooLarge as exc:
        raise _Refused(f"Error processing file {path}: {exc}", LIMIT_EXCEEDED) from None
    except PairingError as exc:
        raise _Refused(f"Error while checking {path}: {exc}") from None
    sys.stdout.write(report)
    return OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``monrad-bbp``; returns the reference engine's exit code.  What it prints
    goes through :mod:`monrad.addin.cli.console` (control characters shown, any code page)."""
    from .console import shown_streams

    with shown_streams():
        return _main(list(sys.argv[1:] if argv is None else argv))


def _seed(args: list[str]) -> int:
    """``-s SEED`` (0 to 2^64 - 1, the reference's range), else a random one."""
    if "-s" not in args:
        import secrets

        return secrets.randbelow(2**32)
    text = args[args.index("-s") + 1]
    if not text.isdigit() or int(text) > 2**64 - 1:
        raise _Refused(f"The seed must be between 0 and {2**64 - 1}.", LIMIT_EXCEEDED)
    return int(text)


def _generate(config_path: str, output: str, seed: int) -> int:
    """``-g [CONFIG] -o OUTPUT [-s SEED]``: a random tournament, paired by monrad's
    Dutch system, written as the reference engine writes it (module doc)."""
    from ...converters.atomic import WriteError
    from ...converters.errors import InputError
    from ...converters.outputs import write_output
    from ...converters.source import read_text
    from ...converters.trf.generated import generated_trf, read_configuration
    from ...engine.generator import Draws, MinStd, generate, random_configuration

    draws = Draws(MinStd(seed))
    config = random_configuration(draws)
    target = Path(output)
    if config_path:
        if not os.path.isfile(config_path) or not os.access(config_path, os.R_OK):
            raise _Refused(f"Error while reading configuration file {config_path}: The file "
                           "could not be loaded.", FILE_ERROR)
        try:
            text, label = read_text(Path(config_path), name=config_path)
            config = read_configuration(text, config, label)
        except InputError as exc:
            raise _Refused(f"Error parsing configuration file {exc}") from None
        if target.parent == Path("."):  # a bare name: beside the configuration file
            target = Path(config_path).with_name(output)
    try:
        made = generate(config, draws)
    except ValueError as exc:
        raise _Refused(f"Error while processing configuration file {config_path}: {exc}") \
            from None
    text = generated_trf(made.tournament, seed, failed=made.failed is not None)
    try:
        write_output(target, text.encode("ascii"), [config_path] if config_path else [],
                     overwrite=True)
    except WriteError:
        raise _Refused(f"The output file ({target}) could not be opened.", FILE_ERROR) from None
    if made.failed is not None:
        raise _Refused(f"Error generating {target}: No valid pairing exists for round "
                       f"{made.failed} of the generated tournament: {made.reason}",
                       NO_VALID_PAIRING)
    return OK


def _main(args: list[str]) -> int:
    info = not args or args[0] == "-r"
    if args[:1] == ["-r"]:
        args = args[1:]
    try:
        if not args:
            print(_info())
            return OK
        mode, path, output = _parse(args)
        seed = _seed(args) if mode == "g" else 0
        if info:
            print(_info())
            print()
        if mode == "g":
            return _generate(path, output or "", seed)
        return _pair(path, output) if mode == "p" else _check(path)
    except _Refused as exc:
        if str(exc):
            print(f"{PROG}: {exc}" if exc.code == INVALID_REQUEST and not str(exc).startswith(
                ("Error", "Pairing", "The ")) else str(exc), file=sys.stderr)
        else:
            print(_info(), file=sys.stderr)
            print(file=sys.stderr)
            print(_SYNTAX.format(prog=PROG), end="", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return UNEXPECTED
    except Exception as exc:  # a bug: the reference engine's "unexpected error"
        if os.environ.get("MONRAD_DEBUG"):
            raise
        print(tr('{prog}: unexpected error: {name}: {exc}',
                 prog=PROG, name=type(exc).__name__, exc=exc), file=sys.stderr)
        return UNEXPECTED


if __name__ == "__main__":  # python -m monrad.addin.cli.bbp
    raise SystemExit(main())
