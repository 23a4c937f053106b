"""Pairing inside a club's own workbook (issue 13): the next round in the club's layout,
the standings written back, every cell the club wrote left as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill

from monrad.addin.cli import main
from monrad.addin.jobs.book import JobError
from monrad.addin.jobs.club import BLOCK, pair_club_round, read_club, update_club_standings
from monrad.converters import load
from monrad.converters.club.layout import learn_layout
from monrad.converters.club.sheets import fide_name
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Result, Round, Tournament
from monrad.engine.pairing import pair_round

DATA = Path(__file__).resolve().parents[1] / "data" / "fixtures" / "club-sheets"
FIXTURES = sorted(DATA.glob("club_*.xlsx"))


def _cells(path: Path) -> dict[tuple[str, str], object]:
    wb = openpyxl.load_workbook(path)
    return {(ws.title, c.coordinate): c.value for ws in wb.worksheets for row in ws.iter_rows()
            for c in row if c.value is not None}


def _without_last_round(src: Path, dst: Path) -> int:
    """Copy a fixture with its last round removed; returns that round's number."""
    wb = openpyxl.load_workbook(src)
    truth = load(src.with_name(src.name.replace(".xlsx", ".truth.trf")))
    last = truth.rounds[-1].number
    round_sheets = [ws for ws in wb.worksheets if ws.title[-1].isdigit()]
    if round_sheets:
        del wb[round_sheets[-1].title]
    else:
        table = wb.worksheets[1]
        rows = [r for r in table.iter_rows(min_row=2) if r[0].value == last]
        table.delete_rows(rows[0][0].row, len(rows))
    wb.save(dst)
    return last


def _expected(src: Path, system: str) -> tuple[Tournament, Round]:
    truth = load(src.with_name(src.name.replace(".xlsx", ".truth.trf")))
    history = truth.copy()
    history.rounds = history.rounds[:-1]
    return truth, pair_round(history, system)


def _same_pairing(a: Round, b: Round) -> bool:
    """Same boards (White, Black) and byes; board order is the file's own business."""
    def key(r: Round) -> tuple:
        return (sorted((g.white, g.black) for g in r.games),
                sorted((x.player, x.result) for x in r.byes if x.result is not Result.ABSENT))
    return key(a) == key(b)


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_club_workbook_next_round_in_its_own_layout(fixture: Path, tmp_path: Path) -> None:
    path = tmp_path / fixture.name
    round_no = _without_last_round(fixture, path)
    before = _cells(path)
    layout = learn_layout(open_book(path))
    truth, expected = _expected(fixture, "dutch")

    assert main(["pair", str(path), "--system", "dutch"]) == 0

    after = _cells(path)
    # every cell the club wrote is unchanged
    assert {k: v for k, v in after.items() if k in before} == before
    # the new round reads back: the same tournament plus the engine's pairing
    t = read_club(open_book(path), opts=None).tournament
    assert t.rounds_played == round_no
    assert _same_pairing(t.round(round_no), expected)  # type: ignore[arg-type]
    for old, new in zip(truth.rounds[:-1], t.rounds[:-1]):
        assert _same_pairing(old, new)
    # written the club's way: same header row, players as the club names them, its bye word
    new_layout = learn_layout(open_book(path))
    assert new_layout.results.columns == layout.results.columns
    assert new_layout.results.players_as == layout.results.players_as
    assert new_layout.results.bye_word == layout.results.bye_word
    written = {v for (sheet, _), v in after.items() if (sheet, _) not in before}
    names = set(layout.names.values())
    for g in expected.games:
        for no in (g.white, g.black):
            shown = no if layout.results.players_as == "number" else layout.names[no]
            assert shown in written
            if layout.results.players_as == "name":
                assert shown in names  # spelled exactly as on the roster


def test_club_workbook_round_sheet_copies_header_widths_and_styles(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    wb = openpyxl.load_workbook(FIXTURES[0])
    for ws in wb.worksheets[1:]:
        ws.column_dimensions["B"].width = 31
        for c in ws[1]:
            c.font = Font(bold=True, color="FF0000")
            c.fill = PatternFill("solid", start_color="DDEEFF", end_color="DDEEFF")
        for c in ws[2]:
            c.font = Font(italic=True)
    wb.save(path)
    assert main(["pair", str(path), "--system", "dsu", "--rounds", "5"]) == 0
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Spillere", "Runde 1", "Runde 2", "Runde 3", "Runde 4",
                             "Stilling", "monrad"]
    new = wb["Runde 4"]
    assert [c.value for c in new[1]] == ["Bord", "Hvid", "Sort", "Resultat"]
    assert new.column_dimensions["B"].width == 31
    assert new["A1"].font.bold and new["A1"].fill.start_color.rgb.endswith("DDEEFF")
    assert new["B2"].font.italic and new["B3"].font.italic
    # the result cells offer a drop-down (monrad's own cells only)
    assert any("D2" in str(dv.sqref) for dv in new.data_validations.dataValidation)


def test_club_workbook_pressing_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    _without_last_round(FIXTURES[0], path)
    book = open_book(path)
    pair_club_round(book, system="dsu")
    # in the Danish workbook's language (issue 29)
    with pytest.raises(JobError, match="er allerede parret og har ingen resultater endnu"):
        pair_club_round(open_book(path))  # the system is remembered in the monrad sheet
    assert read_club(open_book(path)).block["system"] == "dsu"


def test_club_workbook_missing_results_named_by_sheet_and_cell(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    shutil.copy(FIXTURES[0], path)
    wb = openpyxl.load_workbook(path)
    wb["Runde 3"]["D3"] = None
    wb.save(path)
    with pytest.raises(JobError, match=r"'Runde 3'!D3"):
        pair_club_round(open_book(path), system="dsu")


def test_club_workbook_repair_pairs_monrads_own_round_again(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    _without_last_round(FIXTURES[0], path)
    pair_club_round(open_book(path), system="dsu")
    first = _cells(path)
    report = pair_club_round(open_book(path), repair=True)
    assert "parret igen" in report.message  # Danish: the workbook's language
    assert {k: v for k, v in _cells(path).items() if k[0] != BLOCK} == \
        {k: v for k, v in first.items() if k[0] != BLOCK}


def test_club_workbook_without_a_named_system_asks_for_one(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Spillere"
    ws.append(["Nr", "Navn", "Klubb"])
    for i in range(1, 7):
        ws.append([i, f"Spiller {i}", "SK"])
    wb.save(path)
    with pytest.raises(JobError, match="hvilket paringssystem"):  # Norwegian headers
        pair_club_round(open_book(path))


# --- a whole season in a club's layout --------------------------------------------------
def _norwegian_club(path: Path, players: int) -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Deltakere"
    ws.append(["Klubbmesterskap 2026"])
    ws.append([])
    ws.append(["Nr", "Navn", "Klubb", "Rating"])
    for i in range(1, players + 1):
        ws.append([i, f"Spiller {chr(64 + i)}. Hansen", "Nordstrand SK", 2000 - 10 * i])
    wb.save(path)


def _type_results(path: Path, round_no: int) -> None:
    """Type every result of the round the way a Norwegian club does."""
    wb = openpyxl.load_workbook(path)
    ws = wb[f"Runde {round_no}"]
    notations = ["1-0", "½-½", "0-1", "remis", "1 - 0"]
    for i, row in enumerate(ws.iter_rows(min_row=2), 0):
        if row[2].value not in (None, "Oversidder") and row[3].value is None:
            row[3].value = notations[(i + round_no) % len(notations)]
    wb.save(path)


def test_club_workbook_whole_nsf_season_in_the_clubs_layout(tmp_path: Path) -> None:
    path = tmp_path / "klubb.xlsx"
    _norwegian_club(path, 11)
    for n in range(1, 8):
        args = ["pair", str(path)] + (["--system", "nsf", "--rounds", "7"] if n == 1 else [])
        assert main(args) == 0
        _type_results(path, n)
        assert main(["standings", str(path)]) == 0
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[:8] == ["Deltakere", *(f"Runde {n}" for n in range(1, 8))]
    assert wb["Runde 1"]["A1"].value == "Bord" and wb["Runde 1"]["C1"].value == "Svart"
    table = wb["Tabell"] if "Tabell" in wb.sheetnames else wb[wb.sheetnames[-2]]
    header = [c.value for c in table[2]]
    assert "KP" in header  # kvalitetspoeng with the add-back rule (NSF-13A/B; issue 37: NSF's heading)
    t = read_club(open_book(path)).tournament
    assert t.rounds_played == 7 and t.settings.system == "nsf"
    for rnd in t.rounds:  # every player once per round: boards and at most one bye
        seen = [p for g in rnd.games for p in (g.white, g.black)] + [b.player for b in rnd.byes]
        assert sorted(seen) == list(range(1, 12))
    assert main(["pair", str(path)]) == 2  # all 7 rounds are paired


def test_club_workbook_standings_dry_run_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "club.xlsx"
    shutil.copy(FIXTURES[0], path)
    before = path.read_bytes()
    assert main(["standings", str(path), "--dry-run"]) == 0
    assert path.read_bytes() == before
    report = update_club_standings(open_book(path), system="dsu", save=False)
    assert report.round == 3


def test_club_workbook_button_asks_for_the_system_in_the_workbook(tmp_path: Path) -> None:
    """No system named anywhere: the button writes a drop-down to choose it; chosen, it pairs."""
    from monrad.addin.jobs import buttons

    path = tmp_path / "club.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Players"
    ws.append(["No", "Name", "Club"])
    for i in range(1, 7):
        ws.append([i, f"Player {i}", "Club"])
    wb.save(path)
    with pytest.raises(JobError, match=r"sheet 'monrad', cell B3"):
        buttons.pair_next_round(open_book(path))
    wb = openpyxl.load_workbook(path)
    assert any("B3" in str(dv.sqref) for dv in wb[BLOCK].data_validations.dataValidation)
    wb[BLOCK]["B3"] = "ssf"
    wb.save(path)
    report = buttons.pair_next_round(open_book(path))
    assert report.round == 1
    wb = openpyxl.load_workbook(path)
    assert [c.value for c in wb["Round 1"][1]] == ["Board", "White", "Black", "Result"]
    assert buttons.update_standings(open_book(path)).round == 0


_HEADERS = {  # roster sheet, its headers, results headers, round sheet word, bye word
    "no": ("Spillere", ["Nr", "Navn", "Klubb"], ["Runde", "Bord", "Hvit", "Svart", "Resultat"],
           "Runde", "Oversidder"),
    "sv": ("Deltagare", ["Nr", "Namn", "Klubb"], ["Rond", "Bord", "Vit", "Svart", "Resultat"],
           "Rond", "Frirond"),
    "da": ("Spillere", ["Nr.", "Navn", "Klub"], ["Runde", "Bord", "Hvid", "Sort", "Resultat"],
           "Runde", "Oversidder"),
    "en": ("Players", ["No", "Name", "Club"], ["Round", "Board", "White", "Black", "Result"],
           "Round", "Bye"),
}


def _club_book(path: Path, lang: str, mode: str, players: int = 9) -> None:
    """A club's workbook after round 1 (typed by hand: names, a bye in the club's word)."""
    roster, rheads, res_heads, word, bye = _HEADERS[lang]
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = roster
    ws.append(rheads)
    for i in range(1, players + 1):
        ws.append([i, f"{chr(64 + i)}ndersen {chr(96 + i)}ola", "SK"])
    rows = [[b, w, bl, res] for b, (w, bl, res) in
            enumerate([(1, 5, "1-0"), (6, 2, "0-1"), (3, 7, "½-½"), (8, 4, "1-0")], 1)]
    rows.append([None, 9, bye, "1"])
    named = [[b, ws.cell(w + 1, 2).value, bl if bl == bye else ws.cell(bl + 1, 2).value, r]
             for b, w, bl, r in rows]
    if mode == "table":
        t = wb.create_sheet(res_heads[0] if lang != "en" else "Results")
        t.append(res_heads)
        for r in named:
            t.append([1, *r])
    else:
        t = wb.create_sheet(f"{word} 1")
        t.append(res_heads[1:])
        for r in named:
            t.append(r)
    wb.save(path)


@pytest.mark.parametrize("mode", ["sheets", "table"])
@pytest.mark.parametrize("lang", ["no", "sv", "da", "en"])
def test_club_workbook_season_in_every_language_and_form(tmp_path: Path, lang: str,
                                                         mode: str) -> None:
    path = tmp_path / f"club-{lang}.xlsx"
    _club_book(path, lang, mode)
    system = {"no": "nsf", "sv": "ssf", "da": "dsu", "en": "dutch"}[lang]
    before = _cells(path)
    layout = learn_layout(open_book(path))
    assert layout.lang == lang and layout.results.mode == mode
    assert layout.results.players_as == "name"
    for n in (2, 3, 4):
        args = ["pair", str(path)] + (["--system", system, "--rounds", "4"] if n == 2 else [])
        assert main(args) == 0
        wb = openpyxl.load_workbook(path)
        for ws in wb.worksheets:  # type the results the club's way
            if ws.title in (layout.roster_sheet, BLOCK) or ws.max_column < 4:
                continue
            head = [c.value for c in ws[1]]
            if "Resultat" not in head and "Result" not in head:
                continue
            col = head.index("Resultat" if "Resultat" in head else "Result")
            for row in ws.iter_rows(min_row=2):
                if row[col].value is None and row[col - 1].value not in (None, _HEADERS[lang][4]):
                    row[col].value = "1-0" if row[0].row % 2 else "½-½"
        wb.save(path)
        assert main(["standings", str(path)]) == 0
    after = _cells(path)
    assert {k: v for k, v in after.items() if k in before} == before
    t = read_club(open_book(path)).tournament
    assert t.rounds_played == 4 and t.settings.system == system
    # the model holds FIDE order as on every path (issue 26); the club's rows keep its spelling
    assert {p.name for p in t.players} == {fide_name(n) for n in layout.names.values()}
    for rnd in t.rounds:
        seen = [p for g in rnd.games for p in (g.white, g.black)] + [b.player for b in rnd.byes]
        assert sorted(seen) == list(range(1, 10))


def test_club_workbook_partial_round_ranks_on_what_is_known(tmp_path: Path) -> None:
    """Issue 15 item 8 in a club's own workbook: a round partly in is ranked on the
    results typed, and the missing cells are named."""
    path = tmp_path / "club.xlsx"
    shutil.copy(FIXTURES[0], path)
    wb = openpyxl.load_workbook(path)
    wb["Runde 3"]["D3"] = None
    wb.save(path)
    report = update_club_standings(open_book(path), system="dsu", save=False)
    assert report.round == 3
    assert any("'Runde 3'!D3" in note for note in report.notes)


@pytest.mark.parametrize("path", [*FIXTURES, DATA.parents[1] / "season" / "klubb.xlsx"],
                         ids=lambda p: p.name)
def test_a_command_on_a_club_workbook_speaks_its_language(path: Path, tmp_path: Path,
                                                          capsys) -> None:
    """Issue 29: a Danish club's workbook is answered in Danish although its sheet names
    (*Spillere*, *Runde 1*) are Norwegian too; the headers tell (*Hvid*/*Hvit*)."""
    from monrad.addin.jobs.book import book_language

    expected = "no" if path.name == "klubb.xlsx" else path.name.split("_")[1]
    assert book_language(open_book(path)) == expected
    copy = tmp_path / path.name
    shutil.copy(path, copy)
    code = main(["standings", str(copy), "--dry-run"])
    out = capsys.readouterr().out
    heading = {"da": "Stilling efter", "sv": "Ställning efter", "en": "Standings after",
               "no": "Tabell etter"}[expected]
    assert code == 0 and heading in out, out[:200]
