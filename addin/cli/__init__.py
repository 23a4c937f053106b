"""The ``monrad`` command line: ``monrad pair|standings|check|convert|new|addin ...``.

Each sub-command is a module of :mod:`monrad.addin.cli.commands` with two functions,
``register(subparsers)`` (adds its parser) and ``run(args) -> int`` (does the work);
this file only collects them and turns errors into exit codes, so a command can be
added or changed without touching it.

Exit codes (``docs/decisions.md``):

* ``0`` done;
* ``1`` the job could not be done although the input is fine: no legal pairing
  exists, ``check`` found differences;
* ``2`` bad input or a refused request: unreadable file, unknown system, round
  already paired, results missing ...; one line ``monrad: <message>`` on stderr;
* ``3`` an internal error (a bug): one line on stderr, the traceback only with
  ``MONRAD_DEBUG=1``.

Nothing but the requested output goes to stdout; warnings go to stderr.  Both go
through :mod:`monrad.addin.cli.console`: a control character from a file is shown as its
escape (``\\x1b``), never sent to the terminal, and a character the stream's code page
cannot carry never fails the run.

May import: the engine, the converters, `jobs/` and `ribbon/` (``monrad addin
install``).  The room holds the command line: this module (:func:`main`), its
sub-commands (:mod:`.commands`), what reaches the terminal (:mod:`.console`) and
``monrad-bbp`` (:mod:`.bbp`).  See ``docs/architecture.md``, "Rooms of the add-in".
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from ...converters.errors import os_reason
from ...engine.i18n import chosen_language, document_language, tr
from .commands._common import placeholder
from .console import shown_streams

__all__ = ["main", "build_parser", "EXIT_OK", "EXIT_FAILED", "EXIT_BAD_INPUT", "EXIT_INTERNAL"]

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 3

PROG = "monrad"


def _command_modules() -> list:
    from . import commands

    mods = []
    for info in pkgutil.iter_modules(commands.__path__):
        if info.name.startswith("_"):
            continue
        mod = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(mod, "register") and hasattr(mod, "run"):
            mods.append(mod)
    mods.sort(key=lambda m: (getattr(m, "ORDER", 100), m.__name__))
    return mods


#: argparse's own complaints (Python's English, not in a catalog of ours) -> our messages
_ARGPARSE_ERRORS = (
    (re.compile(r"the following arguments are required: (?P<args>.+)"),
     lambda m: tr("the following arguments are required: {args}", args=m["args"])),
    (re.compile(r"unrecognized arguments: (?P<args>.+)"),
     lambda m: tr("unrecognized arguments: {args}", args=m["args"])),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)"),
     lambda m: tr("argument {arg}: invalid choice: {value} (choose from {choices})",
                  arg=m["arg"], value=m["value"], choices=m["choices"])),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"),
     lambda m: tr("argument {arg}: expected one value", arg=m["arg"])),
    (re.compile(r"argument (?P<arg>\S+): invalid (?P<type>\w+) value: (?P<value>.+)"),
     lambda m: tr("argument {arg}: {value} is not a valid value", arg=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>\S+): not allowed with argument (?P<other>\S+)"),
     lambda m: tr("argument {arg}: not allowed with argument {other}", arg=m["arg"],
                  other=m["other"])),
    (re.compile(r"one of the arguments (?P<args>.+) is required"),
     lambda m: tr("one of the arguments {args} is required", args=m["args"])),
)


class _HelpFormatter(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, prefix if prefix is not None
                          else str(tr("usage: ")))


class ArgumentParser(argparse.ArgumentParser):
    """argparse in the user's language: its headings, ``-h`` and its complaints
    (sub-command parsers are of this class too)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = str(tr("positional arguments"))
        self._optionals.title = str(tr("options"))
        for action in self._actions:
            if "-h" in action.option_strings:
                action.help = str(tr("show this help message and exit"))

    def error(self, message: str):
        for pattern, say in _ARGPARSE_ERRORS:
            found = pattern.fullmatch(message)
            if found:
                message = str(say(found))
                break
        self.print_usage(sys.stderr)
        self.exit(2, str(tr("{prog}: error: {message}", prog=self.prog, message=message)) + "\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every sub-command registered."""
    from ... import converters  # noqa: F401  (fail early if the package is broken)
    from .commands._common import add_lang_option

    parser = ArgumentParser(
        prog=PROG,
        description=str(tr("Pair and score chess and Othello tournaments the Nordic way "
                           "(NSF/SSF/DSU Monrad, FIDE Dutch, round robin, Othello Swiss).")),
        epilog=str(tr("Exit status: 0 done, 1 no legal pairing / differences found, "
                      "2 bad input, 3 internal error.  'monrad COMMAND --help' for each "
                      "command.")),
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}",
                        help=str(tr("show the version and exit")))
    add_lang_option(parser)
    sub = parser.add_subparsers(dest="command", metavar=placeholder("COMMAND"))
    for mod in _command_modules():
        mod.register(sub)
    for command in sub.choices.values():  # --lang on every command (issue 29), except
        # one that hands its whole line on (monrad bbp: monrad --lang xx bbp ...)
        if not any("--lang" in a.option_strings or a.nargs == argparse.REMAINDER
                   for a in command._actions):
            add_lang_option(command)
    return parser


def _lang_in(args: list[str]) -> str | None:
    """The ``--lang`` of a command line, read before the parser is built so that
    ``--help`` and argparse's own complaints are in that language too."""
    for i, a in enumerate(args):
        if a == "--":
            break
        if a == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
    return None


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("monrad")
    except Exception:  # not installed (running from a checkout)
        return "unknown"


def _bad_input_types() -> tuple[type[BaseException], ...]:
    from ...converters.errors import InputError
    from ...engine.model import ModelError
    from ...engine.pairing import PairingError
    from .commands._common import CommandError

    kinds: list[type[BaseException]] = [InputError, ModelError, PairingError, CommandError]
    for mod, name in (("monrad.engine.tiebreaks", "TieBreakError"),
                      ("monrad.engine.othello.mbq", "OthelloDataError"),
                      ("monrad.engine.othello.discs", "DiscError"),
                      ("monrad.converters.notation", "NotationError")):
        kinds.append(getattr(importlib.import_module(mod), name))
    return tuple(kinds)


def _say(message: object) -> None:
    text = " ".join(str(message).split("\n")) if "\n" in str(message) else str(message)
    print(f"{PROG}: {text}", file=sys.stderr)


def _located(exc: BaseException, file: object) -> str:
    """Prefix the command's file to a message that does not name it (the engine's
    errors, e.g. a missing Othello disc count, know rounds and boards, not files); an
    error located in another file (a rating list) names that one alone."""
    message = str(exc)
    location = getattr(exc, "location", None)
    if getattr(location, "source", None):
        return message
    if isinstance(file, str) and file and os.path.basename(file) not in message:
        return str(tr("{file}: {message}", file=file, message=message))
    return message


def _unknown_command(parser: argparse.ArgumentParser, args: list[str]) -> str | None:
    """``unknown command 'pari'; did you mean 'pair'?`` for a mistyped command, else
    ``None`` (argparse's own message lists every command but suggests none)."""
    import difflib

    first = next((a for a in args if not a.startswith("-")), None)
    if first is None or args.index(first) != 0:
        return None
    commands = [name for action in parser._subparsers._group_actions
                for name in getattr(action, "choices", {}) or {}] if parser._subparsers else []
    if first in commands:
        return None
    close = difflib.get_close_matches(first, commands, n=1, cutoff=0.5)
    if close:
        return str(tr("unknown command {command!r}; did you mean {close!r}?",
                      command=first, close=close[0]))
    return str(tr("unknown command {command!r} (commands: {commands})",
                  command=first, commands=", ".join(commands)))


def _file_language(file: object) -> str | None:
    """The language of the workbook a command works on (its layout, else its sheets'
    words; docs/i18n.md), ``None`` for any other file: a command on a Norwegian
    workbook speaks Norwegian unless ``--lang`` says otherwise (issue 29).  A workbook
    that cannot be opened has no language here; the command itself says what is wrong."""
    if not isinstance(file, str) or Path(file).suffix.lower() not in (".xlsx", ".xlsm") \
            or not Path(file).is_file():
        return None
    from ...converters.errors import InputError
    from ...converters.workbook.binding import WorkbookError
    from ...converters.workbook.package_book import open_book
    from ..jobs.book import book_language

    try:
        return book_language(open_book(file))
    except (InputError, WorkbookError, OSError, ValueError):
        return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (see the module doc).

    Messages are in the language of ``--lang``, else in the workbook's language for a
    job on a workbook, else in the user's locale (docs/i18n.md)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_in(args_list)
    from ...engine.i18n import language_code

    with chosen_language(lang if language_code(lang) else None), shown_streams():
        return _main(args_list)


def _main(args_list: list[str]) -> int:
    try:
        parser = build_parser()
    except Exception as exc:  # a broken installation
        _say(tr("internal error while starting: {error}", error=f"{type(exc).__name__}: {exc}"))
        return EXIT_INTERNAL
    unknown = _unknown_command(parser, args_list)
    if unknown:
        _say(unknown)
        return EXIT_BAD_INPUT
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:  # --help, --version, or a usage error (argparse says why)
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        return code
    if not getattr(args, "command", None):
        parser.print_help(sys.stderr)
        return EXIT_BAD_INPUT
    from ...engine.pairing import NoPairingPossible

    try:
        with document_language(_file_language(getattr(args, "file", None))):
            return int(args.run(args) or 0)
    except NoPairingPossible as exc:
        _say(str(exc))
        return EXIT_FAILED
    except _bad_input_types() as exc:
        _say(_located(exc, getattr(args, "file", None)))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        _say(tr("interrupted"))
        return 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the final flush
        except OSError:
            pass
        return EXIT_OK
    except OSError as exc:
        what = os_reason(exc)
        _say(tr("{file}: {message}", file=exc.filename, message=what)
             if getattr(exc, "filename", None) else what)
        return EXIT_BAD_INPUT
    except Exception as exc:
        if os.environ.get("MONRAD_DEBUG"):
            traceback.print_exc()
        _say(tr("internal error: {error} (please report it; MONRAD_DEBUG=1 shows the details)",
                error=f"{type(exc).__name__}: {exc}"))
        return EXIT_INTERNAL
