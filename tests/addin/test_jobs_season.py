"""Issue 7 "done when": a workbook, 30 players, 7 rounds of nsf, ssf, dsu and dutch, headless.

Each round: pair, check a second press is refused and changes nothing, type results
into the result cells only, update standings.  At the end the user's sheets are
byte-for-byte what they were after `monrad new`, and a backup exists.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import openpyxl
import pytest
from test_jobs import _sheet_xml

from monrad.addin.jobs.book import JobError, pair_next_round, update_standings
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.workbook.backup import backups_of
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player, Result

RESULTS = ["1-0", "1-0", "0-1", "0-1", "½-½", "+/-", "-/+"]


def _roster() -> list[Player]:
    rng = random.Random(30)
    ratings = sorted((rng.randrange(1000, 2400) for _ in range(30)), reverse=True)
    return [Player(i, f"Spiller {i:02d}, Ola", rating=r, club=f"SK {i % 4}")
            for i, r in enumerate(ratings, 1)]


@pytest.mark.parametrize("system,lang", [("nsf", "no"), ("ssf", "sv"), ("dsu", "da"),
                                         ("dutch", "en")])
def test_seven_rounds_thirty_players(tmp_path: Path, system: str, lang: str):
    path = create_workbook(tmp_path / "club.xlsx", system, 7, _roster(), lang, seed=2025)
    # the user's own sheet, added before the first round
    wb = openpyxl.load_workbook(path)
    wb.create_sheet("Notater")["A1"] = "Husk klokker"
    wb.save(path)
    start = _sheet_xml(path)
    lay = L.layout_for(lang)
    rng = random.Random(system)
    for n in range(1, 8):
        report = pair_next_round(open_book(path))
        assert report.round == n and f"{len(report.message)}"
        before = path.read_bytes()
        # a refusal in the workbook's own language (issue 29)
        already = {"no": "runde {n} er allerede satt opp", "sv": "rond {n} är redan lottad",
                   "da": "runde {n} er allerede parret"}.get(lang, "round {n} is already paired")
        with pytest.raises(JobError, match=already.format(n=n)):
            pair_next_round(open_book(path))
        assert path.read_bytes() == before
        # type results into the result cells, as a user would
        book = open_book(path)
        sheet = lay.round_name(n)
        last, _ = book.used_size(sheet)
        rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
        boards = [i for i, row in enumerate(rows) if row[6] is not None]
        assert len(boards) == 15
        for i in boards:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL, [[rng.choice(RESULTS)]])
        book.save()
        assert update_standings(open_book(path)).round == n
    t = read_xlsx(path)
    assert len(t.rounds) == 7 and all(r.is_finished for r in t.rounds)
    met = set()  # games played over the board (a forfeit is not a meeting, C.04.1)
    for r in t.rounds:
        assert r.players == frozenset(range(1, 31))
        for g in r.games:
            pair = frozenset(g.players)
            assert pair not in met, f"round {r.number}: {sorted(pair)} met before"
            if g.is_played:
                met.add(pair)
    end = _sheet_xml(path)
    for name in (lay.players_sheet, "Notater"):
        assert end[name] == start[name], f"{name} changed"
    # the Settings sheet: only its round dates, filled as each round is paired (issue 36
    # item 7)
    dates = t.info["round_dates"]
    assert len(dates) == 7
    cell = rb'<c r="(B\d+)" s="(\d+)" t="inlineStr"><is><t>' + re.escape(
        L.round_dates_cell(dates).encode()) + rb"</t></is></c>"
    settings, found = re.subn(cell, rb'<c r="\1" s="\2" t="n" />', end[lay.settings_sheet])
    assert found == 1 and settings == start[lay.settings_sheet]
    assert backups_of(path), "a backup exists"
    ws = openpyxl.load_workbook(path)[lay.standings_sheet]
    assert ws["A1"].value.endswith(lay.standings_title.format(n=7))
    points = sorted((L.points_from_cell(ws.cell(r, 6).value) for r in range(3, 33)), reverse=True)
    scoring = t.settings.scoring
    total = sum(scoring.points(g.white_result) + scoring.points(g.black_result)
                for r in t.rounds for g in r.games)
    assert sum(points) == total
    assert ws.cell(3, 1).value == 1 and L.points_from_cell(ws.cell(3, 6).value) == points[0]
    assert Result.UNKNOWN not in {g.white_result for r in t.rounds for g in r.games}
