"""Errors and warnings about input files, with the place they come from.

Every converter raises :class:`InputError` for input it cannot read; its ``str()``
is the one line the CLI prints (exit status 2):

>>> str(InputError("rating 'abc' is not a number", source="club.trf", line=7, column=49))
"club.trf:7:49: rating 'abc' is not a number"
>>> str(InputError("empty result cell", source="club.xlsx", sheet="Round 3", cell="D7"))
"club.xlsx: sheet 'Round 3' cell D7: empty result cell"
"""

from __future__ import annotations

import errno
from dataclasses import dataclass

from ..engine.i18n import LocalizedError, Message, current_language, tr

__all__ = ["InputError", "Location", "MAX_INPUT_BYTES", "MAX_PROBLEMS", "DISK_REASONS", "all_problems", "os_reason"]

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
        return self.render()

    def render(self, lang: str | None = None) -> str:
        """The place in ``lang`` (default: the current language): ``club.trf:7:49``,
        ``club.xlsx: sheet 'Round 3' cell D7`` (``ark 'Runde 3' celle D7``)."""
        head = self.source or "<input>"
        if self.line is not None:
            head += f":{self.line}"
            if self.column is not None:
                head += f":{self.column}"
        if self.sheet is not None and self.cell is not None:
            where = tr("sheet {sheet!r} cell {cell}", sheet=self.sheet, cell=self.cell)
        elif self.sheet is not None:
            where = tr("sheet {sheet!r}", sheet=self.sheet)
        elif self.cell is not None:
            where = tr("cell {cell}", cell=self.cell)
        else:
            return head
        return f"{head}: {where.render(lang)}"


class InputError(LocalizedError, ValueError):
    """Input that cannot be read, with its location.

    ``message`` is a message of the catalogs (``tr(...)``, docs/i18n.md), written in
    the language in force where the error is raised; so is the location's wording."""

    def __init__(
        self,
        message: Message | str,
        *,
        source: str | None = None,
        line: int | None = None,
        column: int | None = None,
        sheet: str | None = None,
        cell: str | None = None,
    ) -> None:
        super().__init__(message)
        self.lang = current_language()
        self.location = Location(source, line, column, sheet, cell)

    def __str__(self) -> str:
        return f"{self.location.render(self.lang)}: {self.message}"


#: how many problems of one sheet are listed before "and N more"
MAX_PROBLEMS = 10


def all_problems(problems: list[InputError], source: str | None, sheet: str) -> InputError:
    """One error for every problem of a sheet (issue 26 item 10): the problem itself when
    it is the only one, else each cell with its message, up to :data:`MAX_PROBLEMS`.

    >>> one = InputError("2-0 is not a result", source="c.xlsx", sheet="R1", cell="D2")
    >>> two = InputError("'E F' is not a player", source="c.xlsx", sheet="R1", cell="C3")
    >>> str(all_problems([one, two], "c.xlsx", "R1"))
    "c.xlsx: sheet 'R1': 2 problems: D2: 2-0 is not a result; C3: 'E F' is not a player"
    """
    if len(problems) == 1:
        return problems[0]
    shown = "; ".join(f"{e.location.cell}: {e.message}" for e in problems[:MAX_PROBLEMS])
    more = len(problems) - MAX_PROBLEMS
    if more > 0:
        text = tr("{n} problems: {problems}; and {more} more", n=len(problems),
                  problems=shown, more=more)
    else:
        text = tr("{n} problems: {problems}", n=len(problems), problems=shown)
    return InputError(text, source=source, sheet=sheet)


#: reasons a file operation fails whatever it was (the disk, the name)
DISK_REASONS = {
    errno.ENOSPC: tr("the disk is full"),
    errno.EROFS: tr("the disk is read-only"),
    errno.ENAMETOOLONG: tr("the name or the path is too long"),
}

#: the usual reasons a file cannot be read or opened, in the user's language (the
#: system's own text, ``strerror``, is English on most systems)
_OS_REASONS = {
    **DISK_REASONS,
    errno.ENOENT: tr("the file does not exist"),
    errno.EACCES: tr("no permission to open it"),
    errno.EPERM: tr("no permission to open it"),
    errno.EISDIR: tr("it is a folder"),
    errno.ENOTDIR: tr("a part of the path is not a folder"),
}


def os_reason(exc: OSError, reasons: dict[int, object] | None = None) -> object:
    """Why an operating-system call on a file failed, for a message: the usual reasons
    (``reasons``, default: those of reading or opening a file) through the catalogs,
    else the system's own words.

    >>> str(os_reason(FileNotFoundError(errno.ENOENT, "No such file or directory", "x.trf")))
    'the file does not exist'
    """
    table = _OS_REASONS if reasons is None else reasons
    return table.get(exc.errno or 0) or exc.strerror or str(exc) or type(exc).__name__
