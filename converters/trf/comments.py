"""The arbiter's ``###`` comment lines of a TRF file, kept where they stood when monrad
writes the file back (issue 40 item 10).

TRF-2026 asks that a change made during an event -- a new tie-break list, a corrected
result -- be recorded as ``###`` comments; ``pair``, ``ratings`` and ``draw`` rewrite the
whole file from the tournament, and dropped them.  Now each run of comment lines is
remembered with its place: the records that followed it in the file.  In the new text it
stands before the first of those records the new text still has -- the same header
(``202`` whatever its new list), the same player's ``001`` line, the same line of any
other record -- and at the end when none is left.  A comment is kept byte for byte.

>>> old = "012 Club\\n### 2026-03-01: tie-breaks changed by the arbiter\\n202 DE,BH\\n"
>>> with_comments(["012 Club", "202 BH,SB", "001    1"], comments(old))
['012 Club', '### 2026-03-01: tie-breaks changed by the arbiter', '202 BH,SB', '001    1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .records import NRS_RE

__all__ = ["COMMENT", "Comments", "comments", "record_key", "with_comments"]

#: how a comment line starts
COMMENT = "###"


def record_key(line: str) -> str:
    """What a record is, for finding it again in a new text: a header record (``012``
    ... ``222``) by its tag, a player's ``001`` line (and a national-rating line) by its
    tag and start number, any other record by its whole text."""
    tag = line[:3]
    if tag == "001" or (NRS_RE.match(line) and not tag.startswith(("XX", "BB"))):
        return f"{tag} {line[4:8].strip()}"
    if tag.isdigit() and tag.endswith("2") and tag < "240":
        return tag
    return line.rstrip()


@dataclass(frozen=True)
class Comments:
    """The comment runs of a text, each with the index of the record that followed it
    (into ``records``, the keys of the text's records in order)."""

    records: tuple[str, ...]
    runs: tuple[tuple[int, tuple[str, ...]], ...]


def comments(text: str) -> Comments:
    """The ``###`` lines of a TRF text, each run with where it stood."""
    records: list[str] = []
    runs: list[tuple[int, tuple[str, ...]]] = []
    run: list[str] = []
    for line in re.split(r"\r\n|\r|\n", text):
        if line.startswith(COMMENT):
            run.append(line.rstrip())
        elif line.strip():
            if run:
                runs.append((len(records), tuple(run)))
                run = []
            records.append(record_key(line))
    if run:
        runs.append((len(records), tuple(run)))
    return Comments(tuple(records), tuple(runs))


def with_comments(lines: list[str], kept: Comments) -> list[str]:
    """``lines`` (a new text's records) with ``kept``'s comment runs, each before the
    first record that followed it in the old text and is in ``lines`` (at the end when
    there is none)."""
    if not kept.runs:
        return lines
    at: dict[str, int] = {}
    for i, line in enumerate(lines):
        at.setdefault(record_key(line), i)
    # where the comment before old record i goes: the first of records i, i+1 ... kept
    place = [len(lines)] * (len(kept.records) + 1)
    for i in range(len(kept.records) - 1, -1, -1):
        place[i] = at.get(kept.records[i], place[i + 1])
    before: dict[int, list[str]] = {}
    for index, run in kept.runs:
        before.setdefault(place[index], []).extend(run)
    out: list[str] = []
    for i, line in enumerate(lines):
        out.extend(before.get(i, ()))
        out.append(line)
    out.extend(before.get(len(lines), ()))
    return out
