"""What the command line writes to a terminal or a pipe (issue 30 item 13, issue 32 item 4).

Two rules hold for every byte monrad prints, whatever command prints it:

* **control characters are shown, never sent**: text from files (a player named
  ``"\\x1b]0;pwned\\x07"`` changes a terminal's title, ``"\\x1b[2K"`` erases a line,
  ``"\\r"`` or a backspace overwrites what was printed) reaches the stream as its
  escape (``\\x1b``, ``\\r``, ``\\u202e``), so what a file holds is seen and nothing
  acts on the terminal.  Line feeds and tabs are kept (they lay out the output); a
  progress bar redraws its line through :meth:`Shown.redraw`, the one place a carriage
  return is sent;
* **the stream's encoding never fails a run**: on a console or a pipe whose code page
  cannot carry a character (``Ł`` in Windows-1252 or code page 850, as Windows gives a
  redirected Python), the character is written as the nearest one it can carry
  (``Ł`` -> ``L``, ``œ`` -> ``oe``, accents dropped), else ``?``; the stream keeps its
  encoding, so whoever reads the pipe reads what it expects.  ``PYTHONUTF8=1`` (or
  ``PYTHONIOENCODING=utf-8``) makes Python write UTF-8 instead.

:func:`shown_streams` puts both rules in front of ``sys.stdout`` and ``sys.stderr`` for
the length of a command (``monrad`` and ``monrad-bbp`` run inside it).

>>> visible("Ola\\x1b[2KNordmann\\x07")
'Ola\\\\x1b[2KNordmann\\\\x07'
>>> fit("Łukasiewicz, Ærø", "cp1252"), fit("Łukasiewicz", "ascii")
('Lukasiewicz, Ærø', 'Lukasiewicz')
"""

from __future__ import annotations

import codecs
import io
import re
import sys
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

__all__ = ["Shown", "fit", "shown_streams", "visible"]

#: what is never sent to a stream: C0 controls but tab and line feed, DEL, C1 controls
#: (``\\x9b`` is a CSI on 8-bit terminals), and the bidirectional embeddings, overrides and
#: isolates that reorder the rest of a line
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

#: letters with no decomposition, written the way their languages write them in ASCII
_FOLD = {"Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ø": "O", "ø": "o", "Æ": "AE", "æ": "ae",
         "Œ": "OE", "œ": "oe", "ß": "ss", "ı": "i", "Þ": "Th", "þ": "th", "Ð": "D", "ð": "d",
         "Ħ": "H", "ħ": "h", "Ŧ": "T", "ŧ": "t", "ĸ": "k", "Ŋ": "N", "ŋ": "n",
         "\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-",
         "\u2014": "-", "\u2026": "...", "\u00bd": "1/2", "\u2212": "-"}


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """``text`` with every control character written as its escape (see the module)."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text


def _nearest(ch: str, encoding: str) -> str:
    for candidate in (_FOLD.get(ch, ""), "".join(
            c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))):
        if candidate:
            try:
                candidate.encode(encoding)
            except UnicodeEncodeError:
                continue
            return candidate
    return "?"


def fit(text: str, encoding: str | None) -> str:
    """``text`` with every character ``encoding`` cannot carry written as the nearest
    one it can (see the module); ``text`` itself when it fits."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        pass
    except LookupError:  # an encoding Python does not know: leave it to the stream
        return text
    out = []
    for ch in text:
        try:
            ch.encode(encoding)
            out.append(ch)
        except UnicodeEncodeError:
            out.append(_nearest(ch, encoding))
    return "".join(out)


class Shown(io.TextIOBase):
    """A text stream in front of another: writes go through :func:`visible` and
    :func:`fit` (the module's two rules); everything else is the stream's own."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        encoding = getattr(stream, "encoding", None)
        try:
            self._encoding = codecs.lookup(encoding).name if encoding else None
        except LookupError:
            self._encoding = None
        self._plain = self._encoding in ("utf-8", "utf-16", "utf-32", "utf-8-sig")

    def write(self, text: str) -> int:
        shown = visible(text)
        self.stream.write(shown if self._plain else fit(shown, self._encoding))
        return len(text)

    def redraw(self, line: str) -> None:
        """Go back to the start of the line and write ``line`` there (a progress bar)."""
        self.stream.write("\r" + (visible(line) if self._plain
                                  else fit(visible(line), self._encoding)))

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return bool(getattr(self.stream, "isatty", lambda: False)())

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"

    @property
    def buffer(self):  # noqa: ANN201 - the stream's own binary buffer, if any
        return self.stream.buffer


@contextmanager
def shown_streams() -> Iterator[None]:
    """``sys.stdout`` and ``sys.stderr`` behind :class:`Shown` for the block (a missing
    stream, as under ``pythonw``, stays missing); restored afterwards unless the block
    replaced them itself (a broken pipe's ``os.devnull``)."""
    saved_out, saved_err = sys.stdout, sys.stderr
    out = Shown(saved_out) if saved_out is not None and not isinstance(saved_out, Shown) else None
    err = Shown(saved_err) if saved_err is not None and not isinstance(saved_err, Shown) else None
    if out is not None:
        sys.stdout = out
    if err is not None:
        sys.stderr = err
    try:
        yield
    finally:
        if out is not None and sys.stdout is out:
            try:
                out.flush()
            except (OSError, ValueError):
                pass
            sys.stdout = saved_out
        if err is not None and sys.stderr is err:
            sys.stderr = saved_err
