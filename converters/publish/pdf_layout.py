"""The documents' own HTML laid out as PDF pages with ReportLab (issue 26, item 14).

monrad's pages are a small, regular subset of HTML -- written by its own templates:
headings, paragraphs, tables with a header row, a legend list and, for the Monrad
cards, one small block per card.  This module reads exactly that subset with the
standard library's :mod:`html.parser` and draws it with ReportLab's canvas: every
table measured once (column widths from the text's widths), rows broken over pages
with the header repeated, cards two across.  Drawing text directly is linear in the
size of the document: the crosstable of 1,000 players takes well under a second where
a general CSS engine took over 20 (``benchmarks/bench_publish.py``, docs/publish.md).

What the style sheet says for print is followed here by the section's class: the
crosstable and the projector screen on A4 landscape, everything else A4 portrait;
``nav``, captions and ``.screen-only`` are not printed.  The font is DejaVu Sans
where the system has it (the site's first choice), else ReportLab's own Bitstream
Vera; the output carries no clock (ReportLab's ``invariant`` mode), so the same page
gives the same bytes.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

__all__ = ["render_pdf"]

_DEJAVU = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
           "/usr/local/share/fonts", "/Library/Fonts", "C:/Windows/Fonts")


@dataclass
class _Cell:
    text: str
    head: bool = False
    classes: tuple[str, ...] = ()


@dataclass
class _Table:
    head: list[list[_Cell]] = field(default_factory=list)
    body: list[list[_Cell]] = field(default_factory=list)
    row_classes: list[tuple[str, ...]] = field(default_factory=list)


@dataclass
class _Block:
    kind: str                      # h1, h2, p, table, dl, card
    text: str = ""
    classes: tuple[str, ...] = ()
    table: _Table | None = None
    items: list[tuple[str, str]] = field(default_factory=list)
    blocks: list[_Block] = field(default_factory=list)


@dataclass
class _Doc:
    event: str = ""
    kind: str = ""
    blocks: list[_Block] = field(default_factory=list)


class _Reader(HTMLParser):
    """The blocks of a monrad page (see the module doc); text is unescaped."""

    _HIDDEN = ("nav", "caption", "title", "style", "script", "head")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.doc = _Doc()
        self._hidden = 0
        self._text: list[str] | None = None
        self._stack: list[list[_Block]] = [self.doc.blocks]
        self._block: _Block | None = None
        self._table: _Table | None = None
        self._row: list[_Cell] | None = None
        self._cell: _Cell | None = None
        self._in_head = False
        self._dt: str | None = None
        self._event = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = tuple((dict(attrs).get("class") or "").split())
        if self._hidden or tag in self._HIDDEN or "screen-only" in classes:
            if tag not in ("br", "meta", "link"):
                self._hidden += 1
            return
        if tag == "section" and "doc" in classes:
            self.doc.kind = next((c for c in classes if c != "doc"), "")
        elif tag == "article":
            card = _Block("card", classes=classes)
            self._stack[-1].append(card)
            self._stack.append(card.blocks)
        elif tag in ("h1", "h2", "p", "dt", "dd"):
            self._text = []
            self._event = tag == "p" and "event" in classes
            self._block = _Block(tag, classes=classes)
        elif tag == "table":
            self._table = _Table()
        elif tag == "thead":
            self._in_head = True
        elif tag == "tr" and self._table is not None:
            self._row = []
            (self._table.head if self._in_head else self._table.row_classes).append(classes)  # type: ignore[arg-type]
        elif tag in ("td", "th") and self._row is not None:
            self._cell = _Cell("", tag == "th", classes)
            self._text = []
        elif tag == "br" and self._text is not None:
            self._text.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if self._hidden:
            if tag not in ("br", "meta", "link"):
                self._hidden -= 1
            return
        if tag in ("h1", "h2", "p") and self._block is not None and self._text is not None:
            text = " ".join("".join(self._text).split())
            if self._event:
                self.doc.event = text
            elif text:
                self._block.text = text
                self._stack[-1].append(self._block)
            self._block, self._text = None, None
        elif tag == "dt" and self._text is not None:
            self._dt = " ".join("".join(self._text).split())
            self._text = None
        elif tag == "dd" and self._text is not None:
            self._items().append((self._dt or "", " ".join("".join(self._text).split())))
            self._text = None
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._cell.text = " ".join("".join(self._text or []).split())
            self._row.append(self._cell)
            self._cell, self._text = None, None
        elif tag == "tr" and self._row is not None and self._table is not None:
            if self._in_head:
                self._table.head[-1] = self._row
            else:
                self._table.body.append(self._row)
            self._row = None
        elif tag == "thead":
            self._in_head = False
        elif tag == "table" and self._table is not None:
            self._stack[-1].append(_Block("table", table=self._table))
            self._table = None
        elif tag == "article":
            self._stack.pop()

    def _items(self) -> list[tuple[str, str]]:
        last = self._stack[-1][-1] if self._stack[-1] else None
        if last is None or last.kind != "dl":
            last = _Block("dl")
            self._stack[-1].append(last)
        return last.items

    def handle_data(self, data: str) -> None:
        if not self._hidden and self._text is not None:
            self._text.append(data)


class _Fonts:
    """DejaVu Sans if the system has it, else ReportLab's bundled Vera."""

    def __init__(self) -> None:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont

        self.metrics = pdfmetrics
        found = None
        for folder in _DEJAVU:
            regular, bold = Path(folder, "DejaVuSans.ttf"), Path(folder, "DejaVuSans-Bold.ttf")
            if regular.is_file() and bold.is_file():
                found = (regular, bold)
                break
        if found is None:
            import reportlab

            base = Path(reportlab.__file__).parent / "fonts"
            found = (base / "Vera.ttf", base / "VeraBd.ttf")
        self.regular, self.bold = "monrad-sans", "monrad-sans-bold"
        if self.regular not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(self.regular, str(found[0])))
            pdfmetrics.registerFont(TTFont(self.bold, str(found[1])))

        self._widths: dict[tuple[str, bool], float] = {}

    def width(self, text: str, size: float, bold: bool = False) -> float:
        """The width of ``text`` at ``size`` (measured once per text at size 1: a
        table repeats the same few texts thousands of times)."""
        key = (text, bold)
        w = self._widths.get(key)
        if w is None:
            w = self._widths[key] = float(self.metrics.stringWidth(
                text, self.bold if bold else self.regular, 1))
        return w * size


_FONTS: _Fonts | None = None
_LINE = (0.60, 0.64, 0.71)
_HEAD = (0.85, 0.88, 0.95)
_ZEBRA = (0.95, 0.965, 0.985)


class _Pages:
    """A canvas and a cursor going down the page; a new page when one is full."""

    def __init__(self, landscape: bool, size: float, heading: str) -> None:
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.pagesizes import landscape as turn
        from reportlab.pdfgen.canvas import Canvas

        global _FONTS
        if _FONTS is None:
            _FONTS = _Fonts()
        self.fonts = _FONTS
        self.out = io.BytesIO()
        self.width, self.height = turn(A4) if landscape else A4
        mm = 72 / 25.4
        self.margin = (8 if landscape else 10) * mm
        self.top = self.height - (10 if landscape else 12) * mm
        self.bottom = (10 if landscape else 12) * mm
        self.canvas = Canvas(self.out, pagesize=(self.width, self.height), invariant=True,
                             pageCompression=1)
        self.canvas.setTitle(heading)
        self.canvas.setCreator("monrad")
        self.size = size
        self.y = self.top

    @property
    def room(self) -> float:
        return self.width - 2 * self.margin

    def need(self, height: float) -> bool:
        """True (after starting a new page) when ``height`` does not fit below."""
        if self.y - height < self.bottom and self.y < self.top:
            self.canvas.showPage()
            self.y = self.top
            return True
        return False

    def text(self, x: float, y: float, text: str, size: float, bold: bool = False) -> None:
        self.canvas.setFont(self.fonts.bold if bold else self.fonts.regular, size)
        self.canvas.drawString(x, y, text)

    def line(self, text: str, size: float, bold: bool = False, gap: float = 0.4) -> None:
        """A paragraph, wrapped at the page's width."""
        for ln in _wrap(self.fonts, text, size, self.room, bold):
            self.need(size * 1.35)
            self.y -= size * 1.2
            self.text(self.margin, self.y, ln, size, bold)
        self.y -= size * gap

    def finish(self) -> bytes:
        self.canvas.save()
        return self.out.getvalue()


def _columns(pages: _Pages, table: _Table, size: float, pad: float) -> tuple[list[float], float]:
    """Column widths and the font size that fits the page (shrunk if need be)."""
    rows = table.head + table.body
    n = max((len(r) for r in rows), default=0)
    widths = [0.0] * n
    for r in rows:
        for i, c in enumerate(r):
            w = pages.fonts.width(c.text, size, c.head and r in table.head)
            if w > widths[i]:
                widths[i] = w
    widths = [w + 2 * pad for w in widths]
    total = sum(widths)
    if total > pages.room and total:
        scale = pages.room / total
        return [w * scale for w in widths], size * scale
    return widths, size


def _draw_table(pages: _Pages, table: _Table, size: float, x0: float | None = None,
                room: float | None = None) -> float:
    """Draw ``table`` from the cursor down, breaking rows over pages with the header
    repeated; returns the width used."""
    pad = size * 0.45
    widths, size = _columns(pages, table, size, pad)
    if room is not None and sum(widths) > room:
        scale = room / sum(widths)
        widths, size = [w * scale for w in widths], size * scale
    pad = size * 0.45
    height = size * 1.55
    x0 = pages.margin if x0 is None else x0
    c = pages.canvas
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*_LINE)

    fonts = pages.fonts

    def row(cells: list[_Cell], head: bool, zebra: bool, italic: bool) -> None:
        y = pages.y - height
        right = x0 + sum(widths[:len(cells)])
        if head or zebra:
            c.setFillColorRGB(*(_HEAD if head else _ZEBRA))
            c.rect(x0, y, right - x0, height, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0)
        # the row's frame and its column lines in one path, its texts in one text object
        c.rect(x0, y, right - x0, height, stroke=1, fill=0)
        x = x0
        edges = []
        text = c.beginText()
        base = y + (height - size) / 2 + size * 0.18
        current = None
        for i, cell in enumerate(cells):
            w = widths[i]
            if i:
                edges.append((x, y, x, y + height))
            if cell.text:
                bold = head or "pts" in cell.classes
                font = fonts.bold if bold else fonts.regular
                if font != current:
                    text.setFont(font, size)
                    current = font
                left = (cell.head and "name" in cell.classes) or bool(
                    {"name", "club", "note"} & set(cell.classes))
                tx = x + pad if left else x + (w - fonts.width(cell.text, size, bold)) / 2
                text.setTextOrigin(tx, base)
                text.textOut(cell.text)
            x += w
        if edges:
            c.lines(edges)
        c.drawText(text)
        pages.y = y

    def header() -> None:
        for h in table.head:
            row(h, True, False, False)

    pages.need(height * (len(table.head) + 1))
    header()
    for i, cells in enumerate(table.body):
        if pages.need(height):
            header()
        row(cells, False, i % 2 == 1, "bye" in table.row_classes[i])
    pages.y -= size * 0.8
    return sum(widths)


def _wrap(fonts: _Fonts, text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` cut into lines no wider than ``width``."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}".strip()
        if current and fonts.width(trial, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current]


def _card_height(fonts: _Fonts, card: _Block, size: float, width: float) -> float:
    """The height a card takes (its texts wrapped to ``width``)."""
    h = size * 0.6
    for b in card.blocks:
        if b.kind == "h2":
            h += size * 1.5
        elif b.kind == "p":
            h += len(_wrap(fonts, b.text, size * 0.85, width)) * size * 1.1 + size * 0.25
        elif b.table is not None:
            h += (len(b.table.head) + len(b.table.body)) * size * 0.85 * 1.55 + size * 0.85 * 0.8
    return h


def _draw_cards(pages: _Pages, cards: list[_Block], size: float) -> None:
    """Two cards across, as many rows of them to a page as fit (NSF-3 cards)."""
    gap = 6.0
    width = (pages.room - gap) / 2
    inner = width - 6
    for i in range(0, len(cards), 2):
        pair = cards[i:i + 2]
        height = max(_card_height(pages.fonts, c, size, inner) for c in pair)
        pages.need(height)
        top = pages.y
        for k, card in enumerate(pair):
            x = pages.margin + k * (width + gap)
            pages.y = top - size * 0.3
            for b in card.blocks:
                if b.kind == "h2":
                    pages.y -= size * 1.3
                    pages.text(x + 3, pages.y, b.text, size * 1.05, True)
                    pages.y -= size * 0.2
                elif b.kind == "p":
                    for ln in _wrap(pages.fonts, b.text, size * 0.85, inner):
                        pages.y -= size * 1.1
                        pages.text(x + 3, pages.y, ln, size * 0.85)
                    pages.y -= size * 0.25
                elif b.table is not None:
                    _draw_table(pages, b.table, size * 0.85, x0=x + 3, room=inner)
            pages.canvas.setStrokeColorRGB(0.2, 0.2, 0.2)
            pages.canvas.setLineWidth(1.2)
            pages.canvas.rect(x, top - height, width, height)
            pages.canvas.setLineWidth(0.5)
            pages.canvas.setStrokeColorRGB(*_LINE)
        pages.y = top - height - gap


def render_pdf(html: str) -> bytes:
    """The PDF of one of monrad's pages (see the module doc)."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    doc = reader.doc
    wide = doc.kind in ("crosstable", "screen-view") or "square" in doc.kind
    size = {"crosstable": 7.5, "screen-view": 18.0}.get(doc.kind, 9.5)
    heading = next((b.text for b in doc.blocks if b.kind == "h1"), doc.event or "monrad")
    pages = _Pages(wide, size, heading)
    if doc.event:
        pages.line(doc.event, size * 1.05, bold=True)
    cards = [b for b in doc.blocks if b.kind == "card"]
    for b in doc.blocks:
        if b.kind == "h1":
            pages.line(b.text, size * (1.6 if doc.kind != "screen-view" else 1.4), bold=True)
        elif b.kind == "h2":
            pages.line(b.text, size * 1.2, bold=True)
        elif b.kind == "p":
            pages.line(b.text, size * 0.9)
        elif b.kind == "table" and b.table is not None:
            _draw_table(pages, b.table, size)
        elif b.kind == "dl":
            for term, meaning in b.items:
                pages.line(f"{term}  {meaning}", size * 0.85, gap=0.1)
            pages.y -= size * 0.5
        elif b.kind == "card" and b is cards[0]:
            _draw_cards(pages, cards, size)
    return pages.finish()
