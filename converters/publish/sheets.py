"""The printable documents as sheets of the club workbook (issue 17), written
through :class:`~monrad.converters.workbook.binding.WorkbookBinding` like the round and
standings sheets, so the file back end and live Excel get the same cells:

* **Crosstable** -- one row per player in final order, per round ``12w1``, points
  and tie-breaks (round robin: the square table), landscape;
* **Alphabetical** -- the newest round's pairings by player name (name, number,
  board, colour, opponent): the list players look for their name in;
* **Cards** (on request) -- every player's Monrad card (NSF-3), two across, so
  several fit on an A4 page;
* **Categories** and **Prizes** (when the Settings define prize categories and
  prizes, issue 41) -- the standings of each category, the prize list.

The cells are the texts of the web site and the PDF (:mod:`monrad.converters.publish.views`),
so a sheet, a page and a PDF always say the same.  Each sheet is the tool's as a
whole: it is cleared and rewritten, no other sheet is touched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.model import Tournament
from ...engine.standings import Standings
from .. import layout as L
from ..workbook.binding import CellValue, WorkbookBinding
from . import prize_views, views
from .texts import words_for

__all__ = [
    "DOCUMENT_SHEETS",
    "document_sheet",
    "write_alphabetical",
    "write_cards",
    "write_categories",
    "write_crosstable",
    "write_prizes",
]

#: the sheet names of the documents, per language
DOCUMENT_SHEETS: dict[str, dict[str, str]] = {
    "crosstable": {"en": "Crosstable", "no": "Krysstabell", "sv": "Korstabell", "da": "Krydstabel"},
    "alphabetical": {"en": "Alphabetical", "no": "Alfabetisk", "sv": "Alfabetisk",
                     "da": "Alfabetisk"},
    "cards": {"en": "Cards", "no": "Monradkort", "sv": "Monradkort", "da": "Monradkort"},
    # the standings of the prize categories and the prize list (issue 41)
    "categories": {"en": "Categories", "no": "Kategorier", "sv": "Kategorier",
                   "da": "Kategorier"},
    "prizes": {"en": "Prizes", "no": "Premier", "sv": "Priser", "da": "Præmier"},
}

_HEAD_FILL = "D9E1F2"


def document_sheet(what: str, lay: L.Layout) -> str:
    """The name of document ``what``'s sheet in the workbook's language."""
    return DOCUMENT_SHEETS[what][lay.lang]


def _cell(text: object) -> CellValue:
    """Numbers as numbers (they sort and sum), everything else as text."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return text
    s = str(text)
    return int(s) if s.isdigit() and len(s) < 10 else s or None


def _fresh_sheet(book: WorkbookBinding, name: str, after: str | None) -> None:
    """The sheet ``name``, emptied (values and the tool's formatting) or added."""
    if name not in book.sheet_names():
        book.add_sheet(name, after=after if after in book.sheet_names() else None)
        return
    book.own(name)  # a document sheet is monrad's by its name, as the Standings sheet is
    last_row, last_col = book.used_size(name)
    if last_row:
        book.clear_range(name, 1, 1, last_row, last_col)
        book.style_range(name, 1, 1, last_row, last_col, bold=False, border=False)


def _table(book: WorkbookBinding, sheet: str, title: str, header: Sequence[str],
           rows: Sequence[Sequence[object]], widths: Mapping[int, float], *, landscape: bool,
           left: Sequence[int] = (3,), note: Sequence[str] = ()) -> None:
    book.write_range(sheet, 1, 1, [[title]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    book.write_range(sheet, 2, 1, [list(header)])
    book.style_range(sheet, 2, 1, 2, len(header), bold=True, fill=_HEAD_FILL, border=True,
                     align="center")
    if rows:
        last = 2 + len(rows)
        book.write_range(sheet, 3, 1, [[_cell(c) for c in r] for r in rows])
        book.style_range(sheet, 3, 1, last, len(header), border=True, align="center")
        for c in left:
            book.style_range(sheet, 3, c, last, c, align="left")
    if note:
        book.write_range(sheet, 4 + len(rows), 1, [[line] for line in note])
    book.set_column_widths(sheet, widths)
    book.set_print_layout(sheet, 2, landscape=landscape)


def _title(t: Tournament, text: str) -> str:
    return f"{t.info['name']} - {text}" if t.info.get("name") else text


def write_crosstable(book: WorkbookBinding, t: Tournament, lay: L.Layout, table: Standings,
                     *, after: str | None = None) -> str:
    """Rewrite the Crosstable sheet after round ``table.upto``; returns its name."""
    w = words_for(lay.lang)
    doc = views.crosstable_view(t, w, table)
    sheet = document_sheet("crosstable", lay)
    _fresh_sheet(book, sheet, after)
    heads = doc["heads"] if doc["square"] else [f"{w('r')}{h}" for h in doc["heads"]]
    remarks = doc["note_head"] is not None  # a last column of remarks (issue 26)
    header = [w("rank"), w("no"), w("name"), *heads, w("points"), *(h for h, _ in doc["columns"]),
              *([doc["note_head"]] if remarks else [])]
    rows = [[r["rank"], r["start_no"], r["name"], *r["cells"], r["points"], *r["tb"],
             *([r["note"]] if remarks else [])] for r in doc["rows"]]
    widths: dict[int, float] = {1: 6, 2: 5, 3: 26}
    widths.update({c: 6 for c in range(4, len(header) + 1)})
    if remarks:
        widths[len(header)] = 30
    note = [] if doc["square"] else [w("marks")]
    if doc["not_square"]:
        note.insert(0, doc["not_square"])
    if doc["pending_legend"]:
        note.append(doc["pending_legend"])
    note += [f"{label}: {words}" for label, words in doc["legend"]]  # the headings in full
    _table(book, sheet, _title(t, doc["title"]), header, rows, widths, landscape=True,
           left=(3, len(header)) if remarks else (3,), note=note)
    return sheet


def write_alphabetical(book: WorkbookBinding, t: Tournament, lay: L.Layout, round_no: int,
                       *, after: str | None = None) -> str:
    """Rewrite the Alphabetical sheet with round ``round_no``; returns its name."""
    w = words_for(lay.lang)
    doc = views.alphabetical_view(t, w, round_no)
    sheet = document_sheet("alphabetical", lay)
    _fresh_sheet(book, sheet, after)
    header = [w("name"), w("no"), w("board"), w("colour"), w("opponent"), w("no")]
    rows = [[ln["name"], ln["no"], ln["board"], ln["colour"], ln["opponent"], ln["opponent_no"]]
            for ln in doc["lines"]]
    _table(book, sheet, _title(t, doc["title"]), header, rows,
           {1: 28, 2: 6, 3: 7, 4: 9, 5: 28, 6: 6}, landscape=False, left=(1, 5))
    return sheet


def write_cards(book: WorkbookBinding, t: Tournament, lay: L.Layout, table: Standings,
                *, after: str | None = None) -> str:
    """Rewrite the Cards sheet: every player's Monrad card (NSF-3), two across."""
    w = words_for(lay.lang)
    doc = views.cards_view(t, w, table)
    sheet = document_sheet("cards", lay)
    _fresh_sheet(book, sheet, after)
    head = [w("r"), w("opponent"), w("colour"), w("result"), w("total")]
    if doc["placements"]:
        head.append(w("placement"))
    width = len(head)
    height = 4 + max((len(c["rows"]) for c in doc["cards"]), default=0) + (
        1 if any(c["note"] for c in doc["cards"]) else 0)
    book.write_range(sheet, 1, 1, [[_title(t, doc["title"])]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    for i, c in enumerate(doc["cards"]):
        top = 3 + (i // 2) * (height + 1)
        left = 1 + (i % 2) * (width + 1)
        book.write_range(sheet, top, left, [[c["start_no"], c["name"]],
                                            [c["club"] or None, c["rating"] or None]])
        book.style_range(sheet, top, left, top, left + 1, bold=True, align="left")
        book.write_range(sheet, top + 2, left, [head])
        book.style_range(sheet, top + 2, left, top + 2, left + width - 1, bold=True,
                         fill=_HEAD_FILL, border=True, align="center")
        body = [[r["round"], _cell(r["opponent"]), r["colour"] or None, r["result"] or None,
                 r["total"], *([_cell(r["placement"])] if doc["placements"] else [])]
                for r in c["rows"]]
        if body:
            book.write_range(sheet, top + 3, left, body)
            book.style_range(sheet, top + 3, left, top + 2 + len(body), left + width - 1,
                             border=True, align="center")
        final = f"{w('final_score')}: {c['points']}  {w('place')}: {c['rank']}" + "".join(
            f"  {label} {v}" for label, _, v in c["tb"] if v)
        book.write_range(sheet, top + 3 + len(body), left, [[final]])
        if c["note"]:  # withdrawn, late entry, a pending game (issue 26)
            book.write_range(sheet, top + 4 + len(body), left, [[c["note"]]])
    if doc["pending_legend"]:
        rows_of_cards = (len(doc["cards"]) + 1) // 2
        book.write_range(sheet, 3 + rows_of_cards * (height + 1), 1, [[doc["pending_legend"]]])
    widths: dict[int, float] = {}
    for k in range(2):
        base = 1 + k * (width + 1)
        widths.update({base + j: (12 if j == 1 else 7) for j in range(width)})
        widths[base + width] = 2
    book.set_column_widths(sheet, widths)
    book.set_print_layout(sheet, 1)
    return sheet


def _money(number: object, text: str) -> object:
    return number if number is not None else text


def _blocks(book: WorkbookBinding, sheet: str, title: str,
            blocks: Sequence[tuple[str, Sequence[str], Sequence[Sequence[object]]]],
            widths: Mapping[int, float], left: Sequence[int], note: Sequence[str] = ()) -> None:
    """A sheet of several tables under one title: each block's heading (bold), its
    header row and its rows, a blank row between blocks; then ``note``."""
    book.write_range(sheet, 1, 1, [[title]])
    book.style_range(sheet, 1, 1, 1, 1, bold=True)
    row = 3
    for heading, header, rows in blocks:
        book.write_range(sheet, row, 1, [[heading]])
        book.style_range(sheet, row, 1, row, 1, bold=True, align="left")
        book.write_range(sheet, row + 1, 1, [list(header)])
        book.style_range(sheet, row + 1, 1, row + 1, len(header), bold=True, fill=_HEAD_FILL,
                         border=True, align="center")
        if rows:
            last = row + 1 + len(rows)
            book.write_range(sheet, row + 2, 1, [[_cell(c) for c in r] for r in rows])
            book.style_range(sheet, row + 2, 1, last, len(header), border=True, align="center")
            for c in left:
                book.style_range(sheet, row + 2, c, last, c, align="left")
        row += len(rows) + 3
    if note:
        book.write_range(sheet, row, 1, [[line] for line in note])
    book.set_column_widths(sheet, widths)
    book.set_print_layout(sheet, 1)


def write_categories(book: WorkbookBinding, t: Tournament, lay: L.Layout, table: Standings,
                     *, after: str | None = None) -> str:
    """Rewrite the Categories sheet: the standings of every prize category (issue 41)."""
    w = words_for(lay.lang)
    doc = prize_views.categories_view(t, w, table)
    sheet = document_sheet("categories", lay)
    _fresh_sheet(book, sheet, after)
    header = [w("place"), w("overall"), w("no"), w("name"), w("club"), w("rating"), w("points")]
    blocks = [(f"{s['name']} ({s['rule']})" if s["rule"] else s["name"], header,
               [[r["place"], r["rank"], r["start_no"], r["name"], r["club"], r["rating"],
                 r["points"]] for r in s["rows"]]) for s in doc["sections"]]
    _blocks(book, sheet, _title(t, doc["title"]), blocks,
            {1: 9, 2: 9, 3: 6, 4: 28, 5: 20, 6: 8, 7: 8}, left=(4, 5))
    return sheet


def write_prizes(book: WorkbookBinding, t: Tournament, lay: L.Layout, table: Standings,
                 *, after: str | None = None) -> str:
    """Rewrite the Prizes sheet: the prize list, list by list, the money per player
    and the rules it was made by (issue 41)."""
    w = words_for(lay.lang)
    doc = prize_views.prizes_view(t, w, table)
    sheet = document_sheet("prizes", lay)
    _fresh_sheet(book, sheet, after)
    header = [w("place"), w("no"), w("name"), w("points"), w("prize"), w("paid")]
    # amounts as numbers, so the treasurer's own formulas can sum them
    blocks = [(lst["name"], header, [[r["place"], r["start_no"], r["name"], r["points"],
                                      _money(r["prize_number"], r["prize"]),
                                      _money(r["paid_number"], "")] for r in lst["rows"]])
              for lst in doc["lists"]]
    if doc["payout"]:
        blocks.append((w("payout"), [w("name"), w("no"), w("paid"), w("other_prizes")],
                       [[r["name"], r["start_no"], _money(r["paid_number"], ""), r["texts"]]
                        for r in doc["payout"]]
                       + [[w("total"), "", doc["total_number"], ""]]))
    _blocks(book, sheet, _title(t, doc["title"]), blocks,
            {1: 26, 2: 6, 3: 28, 4: 16, 5: 14, 6: 12}, left=(3,), note=doc["rules"])
    return sheet
