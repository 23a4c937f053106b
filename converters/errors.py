"""Errors and warnings about input files, with the place they come from.

Every converter raises :class:`InputError` for input it cannot read; its ``str()``
is the one line the CLI prints (exit status 2):

>>> str(InputError("rating 'abc' is not a number", source="club.trf", line=7, column=49))
"club.trf:7:49: rating 'abc' is not a number"
>>> str(InputError("empty result cell", source="club.xlsx", sheet="Round 3", cell="D7"))
"club.xlsx: sheet 'Round 3' cell D7: empty result cell"
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["InputError", "Location", "MAX_INPUT_BYTES"]

#: files larger than this are refused before parsing (a club tournament is kilobytes)
MAX_INPUT_BYTES = 50 * 1024 * 1024


@dataclass(frozen=True)
class Location:
    """Where in an input something was found."""

    source: str | None = None
    line: int | None = None
    column: int | None = None
    sheet: str | None = None
    cell: str | None = None

    def __str__(self) -> str:
        head = self.source or "<input>"
        if self.line is not None:
            head += f":{self.line}"
            if self.column is not None:
                head += f":{self.column}"
        parts = []
        if self.sheet is not None:
            parts.append(f"sheet {self.sheet!r}")
        if self.cell is not None:
            parts.append(f"cell {self.cell}")
        return f"{head}: {' '.join(parts)}" if parts else head


class InputError(ValueError):
    """Input that cannot be read, with its location."""

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        sheet: str | None = None,
        cell: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.location = Location(source, line, column, sheet, cell)

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"
