"""Where monrad may write: the output-path rule of every command that writes a new file.

A command that makes a file from its inputs (``convert``, ``export``, ``print``,
``publish``, ``finals -o``, ``convert --to games.csv``, ``new``, ``monrad-bbp -p``)
asks :func:`check_output` before it writes and writes through :func:`write_output`
(:func:`~monrad.converters.atomic.atomic_write` below it).  The rule
(``docs/decisions.md``, "One careful writer"):

* **regular files only**: an output that is a folder, a FIFO, a device node or a
  socket (after following symbolic links) is refused;
* **never an input**: an output that is one of the command's input files is refused
  by name, whatever the spelling -- the files are compared, not the path strings
  (:func:`same_file`: device and inode where both exist, so ``Club.TRF`` and
  ``club.trf`` on a case-insensitive disk, a symbolic link and its target, ``./a``
  and ``a`` are one file);
* **an existing output is replaced only when asked**: ``--overwrite`` (``monrad new
  --force``); without it the command refuses and writes nothing;
* **the folder must exist** (``--out-dir`` and ``publish`` create theirs).

Two outputs of one run that would be one file (``club.csv`` and ``Club.xlsx`` both
to ``club.trf``) are found with :func:`output_key`, which folds case: on a
case-insensitive disk (macOS, Windows, a USB stick) they are one file.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from ..engine.i18n import tr
from .atomic import WriteError, Writer, atomic_write, check_regular, real_target

__all__ = ["OutputRefused", "check_output", "output_key", "same_file", "write_output"]


class OutputRefused(WriteError):
    """An output path the rule refuses (see the module doc): nothing was written."""


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether ``a`` and ``b`` are one file: compared as files (device and inode,
    :func:`os.path.samefile`) where both exist, else by :func:`output_key`."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        pass
    if os.path.exists(a) != os.path.exists(b):
        return False  # one is there and the other not: two files
    return output_key(a) == output_key(b)


def output_key(path: str | os.PathLike[str]) -> str:
    """A key two names of one file share, even on a case-insensitive disk and when
    the file does not exist yet: the absolute path through its links, Unicode-normalised
    (NFC; macOS stores NFD) and case-folded."""
    p = os.path.realpath(os.path.abspath(os.fspath(path)))
    return unicodedata.normalize("NFC", os.path.normcase(p)).casefold()


def check_output(path: str | os.PathLike[str], inputs: Iterable[str | os.PathLike[str]] = (), *,
                 overwrite: bool = False, option: str = "--overwrite") -> Path:
    """Refuse (:class:`OutputRefused`, naming ``path``) an output the rule forbids (see
    the module doc); returns ``path``.  ``option`` is what the user gives to replace an
    existing file (``--overwrite``, ``--force``)."""
    p = Path(path)
    try:
        check_regular(real_target(p), p)
    except WriteError as exc:
        raise OutputRefused(exc.message, source=str(p)) from None
    for src in inputs:
        if same_file(p, src):
            raise OutputRefused(tr("this is the input file {input}; monrad never writes over "
                                   "its input (choose another output name)", input=src),
                                source=str(p))
    if os.path.lexists(p) and not overwrite:
        raise OutputRefused(tr("exists already; give {option} to replace it, or choose "
                               "another name", option=option), source=str(p))
    folder = real_target(p).parent
    if not folder.is_dir():
        raise OutputRefused(tr("the folder does not exist"), source=str(p))
    return p


def write_output(path: str | os.PathLike[str], data: bytes | Writer, inputs: Iterable[str | os.PathLike[str]] = (), *,
                 overwrite: bool = False, option: str = "--overwrite") -> Path:
    """:func:`check_output`, then :func:`~monrad.converters.atomic.atomic_write`."""
    check_output(path, inputs, overwrite=overwrite, option=option)
    return atomic_write(path, data)
