"""What the sub-commands share: loading with warnings on stderr, output helpers."""

from __future__ import annotations

import sys
from pathlib import Path

from ...converters import load
from ...engine.model import Result, Tournament

__all__ = ["CommandError", "load_file", "warn", "add_input_format_option", "is_workbook", "BYE_NAMES"]

class CommandError(Exception):
    """A request the command refuses, without a file location (exit status 2)."""


#: how a bye kind is named in listings
BYE_NAMES = {
    Result.PAIRING_BYE: "bye",
    Result.HALF_BYE: "half-point bye",
    Result.FULL_BYE: "full-point bye",
    Result.ZERO_BYE: "zero-point bye",
    Result.ABSENT: "absent",
}


def warn(message: str) -> None:
    """A warning line on stderr (stdout stays clean for the output)."""
    print(f"monrad: warning: {message}", file=sys.stderr)


def load_file(path: str, fmt: str | None = None, mapping: str | None = None) -> Tournament:
    """:func:`monrad.converters.load` with its warnings printed to stderr."""
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
    parser.add_argument("--input-format", dest="input_format", metavar="FORMAT", default=None,
                        help="read FILE as this format (trf, csv, xlsx, wof) "
                             "instead of guessing from its name and content")
    parser.add_argument("--mapping", metavar="FILE", default=None,
                        help="a club's own workbook: mapping file (.toml/.json) naming its "
                             "columns (docs/workbook.md)")
