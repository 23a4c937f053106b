"""``xl/styles.xml``, append only: the cell formats monrad's own sheets need.

monrad never renumbers or rewrites a style the workbook has: a format it needs is
looked up first (the exact element text it would write) and appended only when it
is not there yet, so the existing indexes every cell of the user's sheets points at
stay what they were, and a second run that needs the same formats appends nothing
(``monrad standings`` twice gives the same bytes).

A format is a :class:`CellStyle`: bold or not, a solid fill, a number format, the
horizontal alignment, thin borders.  Bold is the workbook's default font (font 0)
with ``<b/>`` added; the highlighting of empty result cells is a ``<dxf>`` (a
differential format, used by conditional formatting).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...engine.i18n import tr
from .binding import WorkbookError
from .package import esc_attr

__all__ = ["BUILTIN_FORMATS", "DEFAULT_STYLES", "CellStyle", "StylesEditor"]

#: Built-in number formats (ECMA-376 18.8.30) monrad may ask for by code.
BUILTIN_FORMATS = {"General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9,
                   "0.00%": 10, "mm-dd-yy": 14, "d-mmm-yy": 15, "h:mm": 20,
                   "m/d/yy h:mm": 22, "@": 49}

#: A minimal styles part, for a package that has none.
DEFAULT_STYLES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    '</styleSheet>')

_P = r"(?:[\w.-]+:)?"


@dataclass(frozen=True)
class CellStyle:
    """The formatting monrad gives a cell of its own sheets (``None``: not set)."""

    bold: bool = False
    fill: str | None = None
    number_format: str | None = None
    align: str | None = None
    border: bool = False

    @property
    def plain(self) -> bool:
        return self == CellStyle()


def _children(block: str, tag: str) -> list[str]:
    """The ``<tag>`` child elements of a container's inner text, in order."""
    pattern = rf"<{_P}{tag}\b[^>]*?/>|<{_P}{tag}\b[^>]*?>.*?</{_P}{tag}\s*>"
    return re.findall(pattern, block, re.DOTALL)


class StylesEditor:
    """Look up or append fonts, fills, borders, cell formats and dxfs."""

    def __init__(self, xml: str, where: str) -> None:
        self.xml = xml
        self.where = where
        self.changed = False
        root = re.search(rf"<({_P})styleSheet\b", xml)
        if root is None:
            raise WorkbookError(tr('{where}: no styleSheet; monrad cannot write into this '
                                   'workbook',
                                   where=where))
        self.prefix = root.group(1)
        self._cache: dict[CellStyle, int] = {}

    # --- containers -------------------------------------------------------------------
    def _block(self, tag: str) -> tuple[int, int, str] | None:
        """(start, end, inner text) of container ``tag``; ``None`` if absent."""
        m = re.search(rf"<{_P}{tag}\b[^>]*?/>|<{_P}{tag}\b[^>]*?>(.*?)</{_P}{tag}\s*>",
                      self.xml, re.DOTALL)
        if m is None:
            return None
        return m.start(), m.end(), m.group(1) or ""

    def _ensure(self, tag: str, after: tuple[str, ...]) -> None:
        if self._block(tag) is not None:
            return
        pos = None
        for prev in after:  # the container goes right after the last one present
            b = self._block(prev)
            if b is not None:
                pos = b[1]
                break
        if pos is None:
            root_end = re.search(rf"<{_P}styleSheet\b[^>]*>", self.xml)
            assert root_end is not None
            pos = root_end.end()
        p = self.prefix
        self.xml = self.xml[:pos] + f'<{p}{tag} count="0"/>' + self.xml[pos:]
        self.changed = True

    def _find_or_add(self, tag: str, item: str) -> int:
        """Index of ``item`` (an element written without prefix) in container
        ``tag + 's'`` (``cellXfs`` for ``xf``), appending it if it is not there."""
        container = {"xf": "cellXfs", "numFmt": "numFmts"}.get(tag, tag + "s")
        block = self._block(container)
        if block is None:
            raise WorkbookError(tr('{where}: no <{container}>; monrad cannot add its formats',
                                   where=self.where, container=container))
        start, end, inner = block
        p = self.prefix
        item = re.sub(r"<(/?)(?=[A-Za-z])", lambda m: f"<{m.group(1)}{p}", item) if p else item
        children = _children(inner, tag)
        if item in children:
            return children.index(item)
        head = re.match(rf"<{_P}{container}\b[^>]*?(/?)>", self.xml[start:end])
        assert head is not None
        open_tag = head.group(0)
        if head.group(1):  # self-closing: open it
            open_tag = open_tag[:-2].rstrip() + ">"
        new_count = len(children) + 1
        if re.search(r'\bcount\s*=\s*["\']\d+["\']', open_tag):
            open_tag = re.sub(r'\bcount\s*=\s*["\']\d+["\']', f'count="{new_count}"', open_tag)
        else:
            open_tag = open_tag[:-1] + f' count="{new_count}">'
        body = inner + item
        self.xml = (self.xml[:start] + open_tag + body + f"</{p}{container}>"
                    + self.xml[end:])
        self.changed = True
        return len(children)

    # --- what monrad asks for ---------------------------------------------------------
    def _bold_font(self) -> int:
        fonts = self._block("fonts")
        if fonts is None:
            raise WorkbookError(tr('{where}: no <fonts>; monrad cannot add its formats',
                                   where=self.where))
        first = _children(fonts[2], "font")
        base = first[0] if first else "<font/>"
        base = re.sub(rf"^<{_P}font\b[^>]*?/>$", "<font></font>", base)
        base = re.sub(rf"<{_P}b\b[^>]*?/>", "", base)
        base = re.sub(rf"</?({_P})", lambda m: m.group(0).replace(m.group(1), ""), base)
        bold = re.sub(r"^<font\b([^>]*)>", lambda m: f"<font{m.group(1)}><b/>", base)
        return self._find_or_add("font", bold)

    def _fill(self, rgb: str) -> int:
        color = esc_attr(_argb(rgb))
        return self._find_or_add(
            "fill", f'<fill><patternFill patternType="solid"><fgColor rgb="{color}"/>'
                    f'<bgColor rgb="{color}"/></patternFill></fill>')

    def _border(self) -> int:
        side = '<color rgb="FF808080"/>'
        return self._find_or_add(
            "border", f'<border><left style="thin">{side}</left><right style="thin">{side}'
                      f'</right><top style="thin">{side}</top><bottom style="thin">{side}'
                      '</bottom><diagonal/></border>')

    def _num_fmt(self, code: str) -> int:
        if code in BUILTIN_FORMATS:
            return BUILTIN_FORMATS[code]
        self._ensure("numFmts", ())
        block = self._block("numFmts")
        assert block is not None
        for el in _children(block[2], "numFmt"):
            m_code = re.search(r'formatCode\s*=\s*"([^"]*)"', el)
            m_id = re.search(r'numFmtId\s*=\s*"(\d+)"', el)
            if m_code and m_id and m_code.group(1) == esc_attr(code):
                return int(m_id.group(1))
        used = [int(i) for i in re.findall(r'numFmtId\s*=\s*"(\d+)"', block[2])]
        new_id = max([163, *used]) + 1
        self._find_or_add("numFmt", f'<numFmt numFmtId="{new_id}" formatCode="{esc_attr(code)}"/>')
        return new_id

    def xf(self, style: CellStyle) -> int:
        """The ``cellXfs`` index of ``style`` (0, the workbook's default, for a plain cell)."""
        if style.plain:
            return 0
        if style in self._cache:
            return self._cache[style]
        font = self._bold_font() if style.bold else 0
        fill = self._fill(style.fill) if style.fill else 0
        border = self._border() if style.border else 0
        num = self._num_fmt(style.number_format) if style.number_format else 0
        attrs = f'numFmtId="{num}" fontId="{font}" fillId="{fill}" borderId="{border}" xfId="0"'
        applies = "".join(f' apply{k}="1"' for k, on in (
            ("NumberFormat", num), ("Font", style.bold), ("Fill", style.fill),
            ("Border", style.border), ("Alignment", style.align)) if on)
        inner = (f'<alignment horizontal="{esc_attr(style.align)}" vertical="center"/>'
                 if style.align else "")
        item = f"<xf {attrs}{applies}>{inner}</xf>" if inner else f"<xf {attrs}{applies}/>"
        index = self._find_or_add("xf", item)
        self._cache[style] = index
        return index

    def highlight(self, rgb: str) -> int:
        """The ``dxfs`` index of a solid fill (conditional formatting of empty cells)."""
        self._ensure("dxfs", ("cellStyles", "cellXfs"))
        color = esc_attr(_argb(rgb))
        return self._find_or_add(
            "dxf", f'<dxf><fill><patternFill patternType="solid"><fgColor rgb="{color}"/>'
                   f'<bgColor rgb="{color}"/></patternFill></fill></dxf>')


def _argb(rgb: str) -> str:
    """``FFF2CC`` -> ``FFFFF2CC`` (opaque); an ARGB value is kept."""
    text = rgb.strip().lstrip("#").upper()
    if not re.fullmatch(r"[0-9A-F]{6}|[0-9A-F]{8}", text):
        raise WorkbookError(tr('{text!r} is not an RGB colour', text=text))
    return text if len(text) == 8 else "FF" + text
