"""What the sub-commands share: loading with warnings on stderr, output helpers."""

from __future__ import annotations

import sys
from pathlib import Path

from ....converters import load
from ....engine.i18n import LocalizedError, Message, ptr, tr
from ....engine.model import Result, Tournament

__all__ = ["CommandError", "load_file", "warn", "add_input_format_option", "add_lang_option",
           "is_workbook", "BYE_NAMES", "BYE_WORDS", "LANG_CHOICES", "PLACEHOLDERS", "placeholder", "add_overwrite_option", "check_output_of"]

#: what ``--lang`` takes: the four languages and their other names (docs/i18n.md)
LANG_CHOICES = ("en", "nb", "no", "nn", "sv", "da")


#: the placeholders of the command line's help (``FILE``, ``--lang LANG``), in the
#: reader's language (issue 37 item 7); what is typed in their place stays the same
PLACEHOLDERS = {
    "FILE": ptr("command-line placeholder", "FILE"),
    "COMMAND": ptr("command-line placeholder", "COMMAND"),
    "LANG": ptr("command-line placeholder", "LANG"),
    "CODES": ptr("command-line placeholder", "CODES"),
    "FOLDER": ptr("command-line placeholder", "FOLDER"),
    "DIR": ptr("command-line placeholder", "DIR"),
    "OUT": ptr("command-line placeholder", "OUT"),
    "LIST": ptr("command-line placeholder", "LIST"),
    "FORMAT": ptr("command-line placeholder", "FORMAT"),
    "NAME": ptr("command-line placeholder", "NAME"),
    "SRC": ptr("command-line placeholder", "SRC"),
    "DEST": ptr("command-line placeholder", "DEST"),
    "FED": ptr("command-line placeholder", "FED"),
    "KEY=VALUE": ptr("command-line placeholder", "KEY=VALUE"),
    "FIELD=HEADER": ptr("command-line placeholder", "FIELD=HEADER"),
    "ROSTER|N": ptr("command-line placeholder", "ROSTER|N"),
}


def placeholder(word: str) -> str:
    """``FILE`` as the reader's language writes it in a usage line (``FIL``)."""
    return PLACEHOLDERS[word].render() if word in PLACEHOLDERS else word


class CommandError(LocalizedError):
    """A request the command refuses, without a file location (exit status 2)."""


def add_lang_option(parser, help: str | None = None) -> None:
    """``--lang``: the language of monrad's messages (and of what the command writes,
    where it writes words); default: the workbook's, else the locale's (docs/i18n.md)."""
    parser.add_argument("--lang", choices=LANG_CHOICES, default=None, metavar=placeholder("LANG"),
                        help=help or str(tr("language of the messages: en, nb (no), sv, da "
                                            "(default: the workbook's, else the system's)")))


#: how a bye kind is named in listings
BYE_NAMES = {
    Result.PAIRING_BYE: "bye",
    Result.HALF_BYE: "half-point bye",
    Result.FULL_BYE: "full-point bye",
    Result.ZERO_BYE: "zero-point bye",
    Result.ABSENT: "absent",
}
#: the same in the reader's language, for the text a user reads (the codes above stay in
#: JSON)
BYE_WORDS = {
    Result.PAIRING_BYE: ptr("bye kind", "bye"),
    Result.HALF_BYE: ptr("bye kind", "half-point bye"),
    Result.FULL_BYE: ptr("bye kind", "full-point bye"),
    Result.ZERO_BYE: ptr("bye kind", "zero-point bye"),
    Result.ABSENT: ptr("bye kind", "absent"),
}


def warn(message: object) -> None:
    """A warning line on stderr (stdout stays clean for the output)."""
    print(tr("monrad: warning: {message}", message=message), file=sys.stderr)


def refuse_folder(path: str | Path) -> None:
    """A command on one tournament given a folder says so (issue 26), instead of
    "cannot tell the format"."""
    if Path(path).is_dir():
        raise CommandError(tr(
            "{path} is a folder; this command works on one tournament file (a folder of "
            "files is converted with monrad convert {path} --to FORMAT --out-dir DIR, or "
            "made one table with --to games.csv)", path=str(path)))


def written_to(path: object, backup: object = None) -> Message:
    """``written to club.trf (backup: ...)``: where a command wrote its result."""
    if backup:
        return tr("written to {path} (backup: {backup})", path=path, backup=backup)
    return tr("written to {path}", path=path)


def load_file(path: str, fmt: str | None = None, mapping: str | None = None) -> Tournament:
    """:func:`monrad.converters.load` with its warnings printed to stderr.  A folder is
    refused as such (:func:`refuse_folder`)."""
    refuse_folder(path)
    warnings: list[str] = []
    try:
        return load(path, warnings=warnings, fmt=fmt, mapping=mapping)
    finally:  # a warning may explain the error that follows (an encoding guessed ...)
        for w in warnings:
            warn(w)


def is_workbook(path: str) -> bool:
    return Path(path).suffix.lower() in (".xlsx", ".xlsm")


def add_input_format_option(parser) -> None:
    """The options that say how to read the input: ``--input-format`` and ``--mapping``."""
    parser.add_argument("--input-format", dest="input_format", metavar=placeholder("FORMAT"), default=None,
                        help=str(tr("read FILE as this format (trf, csv, xlsx, wof) "
                                    "instead of guessing from its name and content")))
    parser.add_argument("--mapping", metavar=placeholder("FILE"), default=None,
                        help=str(tr("a club's own workbook: mapping file (.toml/.json) naming its "
                                    "columns (docs/workbook.md)")))


def add_overwrite_option(parser, *names: str) -> None:
    """``--overwrite``: the one rule for an existing output (docs/decisions.md, "One
    careful writer"): refused unless this is given."""
    parser.add_argument(*(names or ("--overwrite",)), dest="overwrite", action="store_true",
                        help=str(tr("replace the output file if it exists (without this an "
                                    "existing output is refused; an input file is never "
                                    "replaced)")))


def check_output_of(args, output: str | Path, *inputs: str | Path | None) -> Path:
    """The output-path rule (:func:`monrad.converters.outputs.check_output`) for a
    command's ``output``, with its input files (``None`` ones left out) and its
    ``--overwrite``."""
    from ....converters.outputs import check_output

    return check_output(output, [i for i in inputs if i], overwrite=bool(getattr(args, "overwrite", False)))
