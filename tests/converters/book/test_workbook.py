"""The club workbook: `monrad new`, the templates, the layout read back (issue 7)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from conftest import DATA, REPO

from monrad.addin.jobs.book import import_club_sheet, run_pair
from monrad.converters import layout as L
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import SEED_KEYS, read_book, read_xlsx
from monrad.converters.errors import InputError
from monrad.converters.tabular.csv_format import read_roster_csv
from monrad.converters.workbook.binding import WorkbookError
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Colour, Player, Scoring
from monrad.engine.pairing import system_name

TEMPLATES = REPO / "templates"


def test_konrad_is_a_workbook_setting(tmp_path: Path):
    """The Norwegian club "Konrad" option (players may meet up to N times) is a row of the
    Settings sheet: read into ``options["konrad"]``, written back, bad values named."""
    path = create_workbook(tmp_path / "k.xlsx", "nsf", 6, [Player(n, f"P{n}") for n in (1, 2, 3, 4)],
                           lang="no")
    wb = openpyxl.load_workbook(path)
    ws = wb["Innstillinger"] if "Innstillinger" in wb.sheetnames else wb.worksheets[0]
    from monrad.converters.book.new_workbook import settings_for

    row = L.SETTINGS_FIRST_ROW + settings_for("nsf").index("konrad")
    assert ws.cell(row, 1).value == L.SETTINGS_KEYS["konrad"]["no"]
    ws.cell(row, 2).value = 2
    wb.save(path)
    t = read_xlsx(path)
    assert t.settings.options["konrad"] == 2
    from monrad.converters import load, save

    save(t, tmp_path / "copy.xlsx")
    assert load(tmp_path / "copy.xlsx").settings.options["konrad"] == 2
    ws.cell(row, 2).value = "twice"
    wb.save(path)
    with pytest.raises(InputError, match=rf"cell B{row}: Konrad: 'twice' is not a whole number"):
        read_xlsx(path)


@pytest.mark.parametrize("lang", L.LANGS)
def test_new_workbook_has_the_sheets_and_headers_of_its_language(tmp_path: Path, lang: str):
    path = create_workbook(tmp_path / "c.xlsx", "dutch", 7, lang=lang, seed=11)
    lay = L.layout_for(lang)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == [lay.settings_sheet, lay.players_sheet, lay.standings_sheet]
    assert [c.value for c in wb[lay.players_sheet][1]] == [
        lay.player_header(k) for k in L.PLAYER_COLUMNS]
    cb = read_book(open_book(path))
    assert cb.layout is lay
    s = cb.tournament.settings
    assert (s.system, s.rounds, s.scoring) == ("dutch", 7, Scoring.classic())
    assert all(s.seeds[k] == 11 for k in SEED_KEYS)


def test_new_draws_and_records_a_seed(tmp_path: Path):
    path = create_workbook(tmp_path / "c.xlsx", "nsf", 5, lang="no")
    seed = read_xlsx(path).settings.seeds["lot"]
    assert isinstance(seed, int) and 0 <= seed < 2**31


def test_new_refuses_to_overwrite_and_unknown_system(tmp_path: Path):
    path = create_workbook(tmp_path / "c.xlsx", "nsf", 5)
    with pytest.raises(WorkbookError, match="exists already"):
        create_workbook(path, "nsf", 5)
    with pytest.raises(WorkbookError, match="unknown system 'nosuch'"):
        create_workbook(tmp_path / "d.xlsx", "nosuch", 5)


def test_players_from_csv_roster_with_nordic_headers(tmp_path: Path):
    csv = tmp_path / "roster.csv"
    csv.write_text("Startnr;Navn;Klubb;Elo;FIDE-ID;Født\n1;Berg, Kari;OSS;1850;1503014;2001-04-05\n"
                   "2;Hansen, Ola;SK 1911;1790;;1999\n", encoding="utf-8-sig")
    players = read_roster_csv(csv)
    assert [(p.start_no, p.name, p.club, p.rating, p.fide_id, p.birth) for p in players] == [
        (1, "Berg, Kari", "OSS", 1850, "1503014", "2001-04-05"),
        (2, "Hansen, Ola", "SK 1911", 1790, "", "1999"),
    ]
    path = create_workbook(tmp_path / "c.xlsx", "nsf", 5, csv, "no")
    assert read_xlsx(path).players == players


def test_players_sheet_read_in_any_column_order_with_late_and_withdrawn(tmp_path: Path):
    path = create_workbook(tmp_path / "c.xlsx", "dutch", 5, [
        Player(1, "A", rating=1500), Player(2, "B", withdrawn_after=2), Player(3, "C", entered_at=2)])
    wb = openpyxl.load_workbook(path)
    ws = wb["Players"]
    ws.move_range("A1:B4", cols=14)  # No. and Name moved to the far right
    wb.save(path)
    t = read_xlsx(path)
    assert [(p.start_no, p.name) for p in t.players] == [(1, "A"), (2, "B"), (3, "C")]
    assert t.player(2).withdrawn_after == 2 and t.player(3).entered_at == 2
    assert not t.player(3).plays_in(1)


def test_settings_are_read_by_label_and_bad_values_name_the_cell(tmp_path: Path):
    path = create_workbook(tmp_path / "c.xlsx", "dutch", 5, [Player(1, "A"), Player(2, "B")])
    wb = openpyxl.load_workbook(path)
    ws = wb["Settings"]
    # a chess event has no Othello C row (issue 15: only the settings that apply)
    assert [ws.cell(r, 1).value for r in range(6, 10)] == [
        "Scoring", "Tie-breaks", "Seed", "Colour of no. 1 in round 1"]
    ws["B6"] = "3-1-0"
    ws["B7"] = "BH/C1; SB"
    ws["B9"] = "black"
    wb.save(path)
    s = read_xlsx(path).settings
    assert s.scoring == Scoring.three_one_zero()
    assert s.tiebreaks == ("BH/C1", "SB")
    assert s.initial_colour is Colour.BLACK
    oth = create_workbook(tmp_path / "o.xlsx", "othello-swiss", 5, [Player(1, "A"), Player(2, "B")])
    wo = openpyxl.load_workbook(oth)
    assert wo["Settings"]["A8"].value == "Othello C"
    wo["Settings"]["B8"] = "6"
    wo.save(oth)
    assert read_xlsx(oth).settings.mbq_c == Fraction(6)
    ws["B5"] = "seven"
    wb.save(path)
    with pytest.raises(InputError, match=r"sheet 'Settings' cell B5: rounds: 'seven' is not a number"):
        read_xlsx(path)


@pytest.mark.parametrize("lang", L.LANGS)
def test_language_templates_are_shipped_and_readable(lang: str):
    path = TEMPLATES / f"club-{lang}.xlsx"
    assert path.exists(), "run python templates/build_templates.py"
    wb = openpyxl.load_workbook(path)
    lay = L.layout_for(lang)
    assert wb.sheetnames == [lay.settings_sheet, lay.players_sheet, lay.standings_sheet]
    system = {"en": "dutch", "no": "nsf", "sv": "ssf", "da": "dsu"}[lang]
    assert wb[lay.settings_sheet]["B4"].value == system_name(system, lang)  # issue 37 item 6
    assert read_xlsx(path).settings.system == system


def test_templates_are_rebuilt_byte_for_byte(tmp_path: Path):
    """Every committed template, the macro-enabled ones included, is what a fresh
    ``python templates/build_templates.py`` writes."""
    from monrad.templates.build_templates import build_all

    built = build_all(tmp_path)
    assert {p.name for p in built} == {
        *(f"club-{lang}.{ext}" for lang in L.LANGS for ext in ("xlsx", "xlsm")),
        "example-club.xlsx"}
    for path in built:
        assert path.read_bytes() == (TEMPLATES / path.name).read_bytes(), (
            f"{path.name} differs from the committed template; rerun build_templates.py")


def test_example_club_pairs_on_a_copy(tmp_path: Path):
    copy = tmp_path / "club.xlsx"
    shutil.copy(TEMPLATES / "example-club.xlsx", copy)
    t = read_xlsx(copy)
    assert len(t.players) == 30 and t.settings.system == "nsf" and t.settings.rounds == 7
    status, text = run_pair(str(copy))
    assert status == 0, text
    assert text.startswith("runde 1 satt opp: 15 bord")  # the workbook's language (issue 29)
    status, text = run_pair(str(copy))
    assert status == 2 and "runde 1 er allerede satt opp" in text  # refused: 2 (issue 15), in Norwegian (issue 29)
    assert (TEMPLATES / "example-club.xlsx").read_bytes() != copy.read_bytes()


def test_run_pair_reports_unreadable_files_in_one_line(tmp_path: Path):
    status, text = run_pair(str(tmp_path / "missing.xlsx"))
    assert status == 2 and text.count("\n") == 0 and "no such file" in text


def test_import_club_sheet_keeps_rounds_and_results(tmp_path: Path):
    src = DATA / "fixtures" / "club-sheets" / "club_sv_n0007_r05_s6060_ff.xlsx"
    before = src.read_bytes()
    path = import_club_sheet(src, tmp_path / "club.xlsx", "ssf", "sv")
    assert src.read_bytes() == before
    from monrad.converters.club.sheets import ReadOptions, read_club_workbook

    want = read_club_workbook(src, ReadOptions(name_order="keep"))
    got = read_xlsx(path)
    assert [r.games for r in got.rounds] == [r.games for r in want.rounds]
    assert [r.byes for r in got.rounds] == [r.byes for r in want.rounds]
    assert openpyxl.load_workbook(path)["Ställning"]["A1"].value.endswith("efter rond 5")


def test_cli_script_runs_outside_python(tmp_path: Path):
    """The helpers behave the same through a fresh interpreter (no state carried over)."""
    copy = tmp_path / "club.xlsx"
    shutil.copy(TEMPLATES / "example-club.xlsx", copy)
    code = ("import sys; from monrad.addin.jobs.book import run_pair; "
            "s, t = run_pair(sys.argv[1]); print(t); sys.exit(s)")
    done = subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "runde 1 satt opp" in done.stdout


def test_dsu_7_a_round_list_longer_than_a_cell_holds_is_kept_whole() -> None:
    """DSU-7: the round list below a round's boards goes a thousand start numbers to a
    cell, so that 9,999 players' list fits (a cell holds 32,767 characters)."""
    from monrad.converters.book.xlsx import paired_from_rows
    from monrad.converters.workbook.cell_text import MAX_CELL_CHARS
    from monrad.engine.model import Round

    listed = tuple(range(9999, 0, -1))
    rows = paired_from_rows(Round(2, paired_from=listed), L.layout_for("da"))
    assert rows[0] == [L.FORMAT_TEXTS["paired_from"]["da"]]
    assert all(len(str(r[0])) <= MAX_CELL_CHARS for r in rows[1:])
    assert tuple(int(x) for r in rows[1:] for x in str(r[0]).split()) == listed
