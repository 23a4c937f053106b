"""Text that goes into a cell of any xlsx monrad writes.

Two rules hold for every writer (the workbook jobs, :mod:`~monrad.converters.workbook.package_book`,
the openpyxl builder of new workbooks, the converters' ``.xlsx`` output, the templates):

* **no formula injection**: a text that comes from a file (a player called
  ``=HYPERLINK("http://x","click")`` in a TRF) is written as a *string* cell, never as a
  formula.  The package writer only ever writes inline strings; the openpyxl builder
  marks every text cell as a string (:func:`as_text_cell`);
* **no XML-illegal characters**: XML 1.0 cannot hold the C0 control characters other
  than tab, line feed and carriage return (nor U+FFFE/U+FFFF or a lone surrogate).
  They are removed, and the writer reports where (:func:`clean_text`), instead of
  failing with a library's error or writing a file Excel refuses to open;
* **no more than a cell holds**: Excel keeps at most :data:`MAX_CELL_CHARS` (32,767)
  characters in a cell (openpyxl cuts longer text silently, Excel calls a longer
  inline string a damaged file): longer text is cut there, with a warning naming the
  cell (:func:`cell_text`), every writer alike (``monrad new --name``, ``convert``).
"""

from __future__ import annotations

import re

from ...engine.i18n import tr

__all__ = ["ILLEGAL_XML_CHARS", "MAX_CELL_CHARS", "as_text_cell", "cell_text", "clean_text",
           "removed_note"]

#: the most characters an Excel cell holds
MAX_CELL_CHARS = 32_767

#: Characters XML 1.0 cannot carry.
ILLEGAL_XML_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def clean_text(text: str) -> tuple[str, int]:
    """``text`` without XML-illegal characters, and how many were removed.

    >>> clean_text("Ola\\x07 Nordmann")
    ('Ola Nordmann', 1)
    >>> clean_text("plain")
    ('plain', 0)
    """
    cleaned, n = ILLEGAL_XML_CHARS.subn("", text)
    return cleaned, n


def removed_note(book: str, sheet: str, cell: str, count: int) -> str:
    """The one-line warning for characters removed from a cell's text."""
    return (f"{book}: sheet {sheet!r} cell {cell}: removed {count} control character(s) "
            "that an Excel file cannot hold")


def cell_text(text: str, book: str, sheet: str, cell: str, warnings: list[str]) -> str:
    """``text`` as a cell can hold it: without XML-illegal characters and at most
    :data:`MAX_CELL_CHARS` long; what was changed is appended to ``warnings``, naming
    the cell.

    >>> w = []
    >>> len(cell_text("x" * 40_000, "club.xlsx", "Settings", "B3", w)), w[0][:58]
    (32767, "club.xlsx: sheet 'Settings' cell B3: a text of 40000 chara")
    """
    text, removed = clean_text(text)
    if removed:
        warnings.append(removed_note(book, sheet, cell, removed))
    if len(text) > MAX_CELL_CHARS:
        warnings.append(str(tr("{book}: sheet {sheet!r} cell {cell}: a text of {n} characters "
                               "cut to the {most} a cell holds", book=book, sheet=sheet,
                               cell=cell, n=len(text), most=MAX_CELL_CHARS)))
        text = text[:MAX_CELL_CHARS]
    return text


def as_text_cell(cell) -> None:  # an openpyxl cell
    """Make an openpyxl cell holding a ``str`` a string cell, even if the text begins
    with ``=`` (openpyxl would otherwise write it as a formula)."""
    if isinstance(cell.value, str) and cell.data_type == "f":
        cell.data_type = "s"
