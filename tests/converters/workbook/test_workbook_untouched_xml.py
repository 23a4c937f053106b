"""Issue 7, writing back safely: the sheets the user owns keep their exact XML.

A user-edited Players sheet with a gap row (row 32 empty, a formula in row 33) must
not gain empty ``<row>`` elements when the tool reads it and saves the workbook.
"""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

import openpyxl

from monrad.addin.jobs.book import pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.workbook.package_book import open_book


def _sheet_digests(path: Path) -> dict[str, str]:
    """Sheet name -> SHA-256 of its worksheet XML part."""
    with zipfile.ZipFile(path) as z:
        wb = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        targets = {}
        for rel in re.findall(r"<Relationship [^>]*/>", rels):
            rid = re.search(r'Id="([^"]+)"', rel).group(1)
            target = re.search(r'Target="([^"]+)"', rel).group(1).lstrip("/")
            targets[rid] = target if target.startswith("xl/") else "xl/" + target
        return {name: hashlib.sha256(z.read(targets[rid])).hexdigest()
                for name, rid in re.findall(r'<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"', wb)}


def test_user_sheets_keep_their_xml_with_gap_rows(tmp_path: Path):
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 7, lang="no", seed=5)
    lay = L.layout_for("no")
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.players_sheet]
    for i in range(30):
        ws.cell(i + 2, 1, i + 1)
        ws.cell(i + 2, 2, f"Spiller, Nr {i + 1}")
        ws.cell(i + 2, 4, 2000 - 10 * i)
        ws.cell(i + 2, 13, "ja")
    ws.cell(33, 13, '=COUNTIF(M2:M31,"ja")')  # row 32 left empty
    notes = wb.create_sheet("Notater")
    notes["A1"] = "Kafeteria"
    notes["C5"] = "=1+1"
    wb.save(path)
    before = _sheet_digests(path)
    pair_next_round(open_book(path))
    after = _sheet_digests(path)
    for name in (lay.players_sheet, "Notater"):  # Settings: its round dates (issue 36 item 7)
        assert after[name] == before[name], name
    update_standings(open_book(path))
    again = _sheet_digests(path)
    for name in before:
        if name != lay.standings_sheet:
            assert again[name] == after[name], name
