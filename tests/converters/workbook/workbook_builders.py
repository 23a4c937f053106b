"""Realistic club workbooks for the package-writer tests, built the way Excel writes
them (XlsxWriter): a monrad layout (Settings, Players) with a logo image, a text box,
a comment, validation, conditional formatting, a hyperlink and print titles on the
Players sheet, and a sheet of the user's own with a table, a formula, a chart, a
sparkline and a defined name.  :func:`add_lite_parts` adds what an Excel add-in such
as xlwings Lite keeps in a workbook: ``xl/webextensions/*`` parts, their
relationships and content types."""

from __future__ import annotations

import io
import re
import struct
import zipfile
import zlib
from pathlib import Path

import xlsxwriter

from monrad.converters import layout as L

WEBEXTENSION = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/'
    'webextension/2010/11" id="{6D3C7A1E-0B6F-4C57-9E0B-3F4E2B7C1A11}">'
    '<we:reference id="wa200008175" version="1.0.0.0" store="en-US" storeType="OMEX"/>'
    '<we:alternateReferences/><we:properties>'
    '<we:property name="main.py" value="&quot;import xlwings as xw\\n\\n@script\\n'
    'def hello(book):\\n    book.sheets[0][&apos;A1&apos;].value = 1&quot;"/>'
    '<we:property name="requirements.txt" value="&quot;xlwings==0.33&quot;"/>'
    '</we:properties><we:bindings/><we:snapshot xmlns:r="http://schemas.openxmlformats.org/'
    'officeDocument/2006/relationships"/></we:webextension>')
TASKPANES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/'
    'taskpanes/2010/11"><wetp:taskpane dockstate="right" visibility="0" width="350" row="4">'
    '<wetp:webextensionref xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>')
TASKPANES_RELS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.microsoft.com/office/2011/relationships/'
    'webextension" Target="webextension1.xml"/></Relationships>')
LITE_PARTS = ("xl/webextensions/webextension1.xml", "xl/webextensions/taskpanes.xml",
              "xl/webextensions/_rels/taskpanes.xml.rels")


def png(width: int = 8, height: int = 8) -> bytes:
    """A small red PNG, written by hand (no imaging library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + b"\xc0\x20\x20" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                             0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def club_workbook(path: Path, players: int = 12, lang: str = "en", system: str = "nsf",
                  rounds: int = 5, seed: int = 11) -> Path:
    """A monrad workbook as a club would keep it in Excel (see the module doc)."""
    lay = L.layout_for(lang)
    wb = xlsxwriter.Workbook(str(path))
    wb.set_properties({"title": "Club championship", "author": "Club secretary"})
    bold = wb.add_format({"bold": True, "bg_color": "#DDEBF7"})
    strong = wb.add_format({"font_color": "#9C0006", "bg_color": "#FFC7CE"})
    money = wb.add_format({"num_format": "#,##0.00 kr"})

    s = wb.add_worksheet(lay.settings_sheet)
    s.write(0, 0, lay.settings_title, bold)
    s.write_row(1, 0, list(lay.settings_headers), bold)
    values = {"name": "Club championship", "system": system, "rounds": rounds,
              "scoring": "classic", "seed": seed}
    for i, key in enumerate(L.SETTINGS_KEYS):
        s.write(L.SETTINGS_FIRST_ROW - 1 + i, 0, lay.setting_label(key))
        if key in values:
            s.write(L.SETTINGS_FIRST_ROW - 1 + i, 1, values[key])
    s.set_column(0, 0, 30)

    p = wb.add_worksheet(lay.players_sheet)
    keys = ("start_no", "name", "club", "rating")
    p.write_row(0, 0, [lay.player_header(k) for k in keys] + ["Paid"], bold)
    for i in range(1, players + 1):
        p.write_row(i, 0, [i, f"Player {i:03d}", "Club " + "ABC"[i % 3], 2200 - 7 * i,
                           "yes" if i % 4 else "no"])
    p.write_comment("B2", "Top seed, pays at the door")
    p.data_validation(1, 4, players + 20, 4, {"validate": "list", "source": ["yes", "no"]})
    p.conditional_format(1, 4, players + 20, 4, {"type": "cell", "criteria": "==",
                                                 "value": '"no"', "format": strong})
    p.write_url("G1", "https://example.org/club", string="Club site")
    p.insert_image("G3", "logo.png", {"image_data": io.BytesIO(png()), "x_scale": 4,
                                      "y_scale": 4})
    p.insert_textbox("G10", "Club night every Tuesday 18:00", {"width": 240, "height": 60})
    p.repeat_rows(0)
    p.freeze_panes(1, 0)
    p.set_column(1, 1, 24)

    u = wb.add_worksheet("Budget")
    u.add_table("A1:C5", {"name": "Fees", "columns": [{"header": "Item"},
                                                     {"header": "Budget"},
                                                     {"header": "Spent"}],
                          "data": [["Hall", 1200, 1150], ["Prizes", 800, 820],
                                   ["Coffee", 150, 170], ["Books", 300, 120]]})
    u.set_column(1, 2, 12, money)
    u.write_formula("E1", "=SUM(Fees[Budget])", None, 2450)
    u.write_formula("E2", "=SUM(C2:C5)-SUM(B2:B5)", None, -190)
    for r in range(2, 6):
        u.add_sparkline(f"D{r}", {"range": f"Budget!B{r}:C{r}"})
    chart = wb.add_chart({"type": "column"})
    chart.add_series({"name": "Budget", "categories": "=Budget!$A$2:$A$5",
                      "values": "=Budget!$B$2:$B$5"})
    u.insert_chart("G2", chart)
    u.repeat_rows(0)
    wb.define_name("TotalBudget", "=Budget!$E$1")
    wb.define_name("Budget!LocalNote", '="kept"')
    wb.close()
    return path


def add_lite_parts(path: Path) -> Path:
    """Add xlwings Lite's web-extension parts, rels and content types to ``path``."""
    with zipfile.ZipFile(path) as z:
        parts = [(i, z.read(i.filename)) for i in z.infolist()]
    out = []
    for info, data in parts:
        if info.filename == "[Content_Types].xml":
            data = data.replace(b"</Types>", (
                b'<Override PartName="/xl/webextensions/taskpanes.xml" ContentType='
                b'"application/vnd.ms-office.webextensiontaskpanes+xml"/>'
                b'<Override PartName="/xl/webextensions/webextension1.xml" ContentType='
                b'"application/vnd.ms-office.webextension+xml"/></Types>'))
        elif info.filename == "_rels/.rels":
            data = data.replace(b"</Relationships>", (
                b'<Relationship Id="rId99" Type="http://schemas.microsoft.com/office/2011/'
                b'relationships/webextensiontaskpanes" Target="xl/webextensions/taskpanes.xml"/>'
                b"</Relationships>"))
        out.append((info, data))
    for name, text in zip(LITE_PARTS, (WEBEXTENSION, TASKPANES, TASKPANES_RELS)):
        out.append((zipfile.ZipInfo(name, (2024, 5, 1, 12, 0, 0)), text.encode("utf-8")))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in out:
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return path


def parts(path: Path) -> dict[str, bytes]:
    """Every part of a package, by name (in order)."""
    with zipfile.ZipFile(path) as z:
        return {i.filename: z.read(i.filename) for i in z.infolist()}


def sheet_parts(path: Path) -> dict[str, str]:
    """Sheet name -> its worksheet part."""
    p = parts(path)
    wb = p["xl/workbook.xml"].decode()
    rels = p["xl/_rels/workbook.xml.rels"].decode()
    targets = {}
    for rel in re.findall(r"<Relationship [^>]*/>", rels):
        rid = re.search(r'Id="([^"]+)"', rel).group(1)
        target = re.search(r'Target="([^"]+)"', rel).group(1)
        targets[rid] = target.lstrip("/") if target.startswith("/") else "xl/" + target
    return {name: targets[rid] for name, rid in
            re.findall(r'<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"', wb)}
