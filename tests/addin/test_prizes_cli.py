"""``monrad prizes`` (issue 41 item 1): the club open of ``tests/data/prizes`` (three
rating classes, two age groups, a women's prize) gets its prize list right in all four
languages, shared places included -- the amounts checked by hand in
``tests/engine/test_prizes.py`` and docs/prizes.md, written the language's way."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from conftest import DATA

from monrad.addin.cli import main

OPEN = DATA / "prizes" / "club-open.trf"
NBSP = "\u00a0"

#: (title, whole field, its 3rd-4th shared row, Klasse 2's shared row, the total line)
EXPECTED = {
    "en": ("Prize list after round 5", "Overall",
           ["3-4", "6", "Vik, Tor", "3.5", "1,000", "800"],
           ["2-3", "8", "Holm, Jon", "2", "200", "300"], ["Total", "10,900"]),
    "nb": ("Premieliste etter runde 5", "Sammenlagt",
           ["3-4", "6", "Vik, Tor", "3½", f"1{NBSP}000", "800"],
           ["2-3", "8", "Holm, Jon", "2", "200", "300"], ["Sum", f"10{NBSP}900"]),
    "sv": ("Prislista efter rond 5", "Totalt",
           ["3-4", "6", "Vik, Tor", "3½", f"1{NBSP}000", "800"],
           ["2-3", "8", "Holm, Jon", "2", "200", "300"], ["Summa", f"10{NBSP}900"]),
    "da": ("Præmieliste efter runde 5", "Samlet",
           ["3-4", "6", "Vik, Tor", "3½", "1.000", "800"],
           ["2-3", "8", "Holm, Jon", "2", "200", "300"], ["Sum", "10.900"]),
}


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.split("  ") if c.strip()]


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_issue41_item1_prize_list_in_four_languages(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(OPEN), "--lang", lang]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    title, overall, shared, klasse2, total = EXPECTED[lang]
    assert lines[0] == title and lines[2] == overall
    rows = [_cells(x) for x in lines]
    assert shared in rows  # 6 and 3 tied on 3½ share 1000 + 600
    assert [*shared[:1], "3", "Lie, Per", *shared[3:4], "600", "800"] in rows
    assert klasse2 in rows  # 11 and 8 tied on 2 share 400 + 200
    assert any(r[:1] == total[:1] and r[-1] == total[1] for r in rows)


def test_issue41_item1_prize_list_csv_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(OPEN), "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0] == ["list", "place", "start_no", "name", "points", "prize", "paid"]
    assert ["Overall", "3-4", "3", "Lie, Per", "3.5", "600", "800"] in rows
    assert ["Klasse 1", "2", "", "(no player qualifies)", "", "400", ""] in rows
    assert main(["prizes", str(OPEN), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    junior = next(s for s in doc["categories"] if s["name"] == "Junior")
    assert [r["start_no"] for r in junior["rows"]] == [6, 3, 10, 12, 15]


def test_issue41_item1_prize_list_as_a_document(tmp_path: Path) -> None:
    out = tmp_path / "prizes.html"
    assert main(["prizes", str(OPEN), "--lang", "nb", "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert "Premieliste etter runde 5" in page and "Tabell per kategori etter runde 5" in page
    assert "Kvinner" in page and "Pokal" in page


def test_issue41_item1_no_prizes_defined_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prizes", str(DATA.parent.parent / "examples" / "club.trf")]) == 2
    assert "defines no prizes" in capsys.readouterr().err
