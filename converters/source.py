"""Getting an input's text: a path, bytes or the text itself, within the size
limit, decoded the one way every text reader (TRF, CSV, klubtur, WOF) decodes.

* a ``str`` holding a line break is the text itself; any other ``str`` or path
  names a file; ``bytes`` are the file's content;
* a file larger than :data:`~monrad.converters.errors.MAX_INPUT_BYTES` is refused
  before it is read; a file that cannot be read is a one-line
  :class:`~monrad.converters.errors.InputError` naming it;
* a text of more than :data:`~monrad.converters.limits.MAX_LINES` lines is refused
  (naming the first line too many);
* bytes are UTF-8 (a byte-order mark is dropped), else the fallback code page
  (Windows-1252 unless the format says otherwise), with a warning naming the file.

>>> read_text("001 ...\\n", name="x.trf")
('001 ...\\n', 'x.trf')
>>> read_text("Navn\\n".encode("cp1252") + b"\\xe6\\n", warnings=(w := []))
('Navn\\næ\\n', '<bytes>')
>>> w
['<bytes>: not UTF-8, read as Windows-1252']
"""

from __future__ import annotations

import os
from pathlib import Path

from ..engine.i18n import tr
from .errors import MAX_INPUT_BYTES, InputError, os_reason
from .limits import check_lines

__all__ = ["decode", "head_text", "is_text", "read_bytes", "read_text"]

#: code page -> the name a warning gives it
_CODE_PAGE_NAMES = {"cp1252": "Windows-1252", "latin-1": "Latin-1"}


def is_text(source: object) -> bool:
    """True if ``source`` is the text itself (a ``str`` with a line break), not a name."""
    return isinstance(source, str) and ("\n" in source or "\r" in source)


def read_bytes(path: str | os.PathLike[str], label: str | None = None) -> bytes:
    """The content of the file ``path``; :class:`InputError` (naming ``label``, else
    the path) if it is larger than :data:`MAX_INPUT_BYTES` or cannot be read."""
    p = Path(path)
    label = label or str(p)
    try:
        size = p.stat().st_size
        if size > MAX_INPUT_BYTES:
            raise InputError(tr('file is {size} bytes, more than the {max_input_bytes} allowed',
                                size=size, max_input_bytes=MAX_INPUT_BYTES),
                             source=label)
        return p.read_bytes()
    except OSError as exc:
        raise InputError(tr('cannot read file: {value}', value=os_reason(exc)), source=label) from None


def decode(data: bytes, label: str, warnings: list[str] | None = None, *,
           fallback: str = "cp1252") -> str:
    """UTF-8 (a byte-order mark is dropped), else ``fallback`` with a warning
    appended to ``warnings`` (when given)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        if warnings is not None:
            warnings.append(str(tr("{file}: not UTF-8, read as {encoding}", file=label,
                                   encoding=_CODE_PAGE_NAMES.get(fallback, fallback))))
        return data.decode(fallback, errors="replace")


def read_text(
    source: str | os.PathLike[str] | bytes,
    *,
    name: str | None = None,
    warnings: list[str] | None = None,
    fallback: str = "cp1252",
) -> tuple[str, str]:
    """``(text, label)`` of an input (see the module doc); ``label`` is ``name``,
    else the path, ``<bytes>`` or ``<text>``: what messages about it are headed with."""
    if isinstance(source, bytes):
        label = name or "<bytes>"
        text = decode(source, label, warnings, fallback=fallback)
        check_lines(text, label)
        return text, label
    if is_text(source):
        return source, name or "<text>"  # type: ignore[return-value]
    label = name or str(Path(source))
    text = decode(read_bytes(source, label), label, warnings, fallback=fallback)
    check_lines(text, label)
    return text, label


def head_text(path: str | os.PathLike[str], label: str | None = None, size: int = 20000) -> str:
    """The first ``size`` bytes of a file as text, to recognise its format by content
    (UTF-8, else Windows-1252; no warning: the reader chosen decodes the whole)."""
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            data = fh.read(size)
    except OSError as exc:
        raise InputError(tr('cannot read file: {value}', value=os_reason(exc)),
                         source=label or str(p)) from None
    return decode(data, label or str(p))
