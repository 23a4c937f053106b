"""Start numbers by draw (NSF-2A random, NSF-2B seeded ACDBCABD, SSF-1, SKOL-1) from
the command line and as a workbook action (issue 15 item 11): before round 1 only,
the players keep their rows, the start-number column changes, the seed is recorded and
the order printed."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from monrad.addin.cli import main
from monrad.addin.jobs.book import pair_next_round
from monrad.addin.jobs.draw import draw_start_numbers
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.workbook.backup import backups_of
from monrad.converters.workbook.package_book import open_book
from monrad.engine.draw import random_draw, seeded_draw, strength_order
from monrad.engine.model import Player, Settings, Tournament

NAMES = ["Aas, Per", "Berg, Kari", "Dahl, Ola", "Eng, Ida", "Fjell, Nils", "Gran, Liv",
         "Haug, Tor", "Ims, Eva"]


def _players() -> list[Player]:
    return [Player(i, name, rating=1500 + 37 * ((i * 5) % 8)) for i, name in enumerate(NAMES, 1)]


def _book(tmp_path: Path) -> Path:
    return create_workbook(tmp_path / "club.xlsx", "nsf", 5, _players(), "en", seed=11)


def _sheet_rows(path: Path) -> list[tuple[object, object]]:
    ws = openpyxl.load_workbook(path)["Players"]
    return [(ws.cell(r, 1).value, ws.cell(r, 2).value) for r in range(2, 2 + len(NAMES))]


def _settings(path: Path) -> dict[object, object]:
    ws = openpyxl.load_workbook(path)["Settings"]
    return {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}


def test_nsf_2a_draw_renumbers_the_column_players_keep_their_rows(tmp_path: Path, capsys) -> None:
    path = _book(tmp_path)
    before = _sheet_rows(path)
    assert main(["draw", str(path), "--method", "random", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    want = random_draw(list(range(1, 9)), seed=7).order
    after = _sheet_rows(path)
    assert [name for _, name in after] == [name for _, name in before]  # rows kept
    new_no = {old: new for new, old in enumerate(want, 1)}
    assert [no for no, _ in after] == [new_no[old] for old, _ in before]
    assert _settings(path)["Seed"] == 7
    assert backups_of(path)
    lines = out.splitlines()
    assert lines[0] == "start numbers drawn (random, seed 7):"
    assert lines[1].split()[:3] == ["1", "(was", f"{want[0]})"]
    t = read_xlsx(path)
    assert {p.start_no: p.name for p in t.players} == {new_no[i]: n for i, n in enumerate(NAMES, 1)}
    pair_next_round(open_book(path))  # the renumbered workbook pairs at once


def test_nsf_2b_seeded_draw_follows_acdbcabd_groups(tmp_path: Path, capsys) -> None:
    path = _book(tmp_path)
    report = draw_start_numbers(open_book(path), "seeded", 3)
    assert report.draw.order == seeded_draw(strength_order(_players()), seed=3).order
    ranked = strength_order(_players())
    groups = {p: "ABCD"[i // 2] for i, p in enumerate(ranked)}
    assert "".join(groups[p] for p in report.draw.order) == "ACDBCABD"


def test_ssf_1_draw_without_seed_uses_and_keeps_the_recorded_seed(tmp_path: Path, capsys) -> None:
    path = _book(tmp_path)
    assert main(["draw", str(path), "--dry-run"]) == 0
    first = capsys.readouterr().out
    assert "seed 11" in first and _sheet_rows(path)[0][0] == 1  # dry run: nothing written
    assert main(["draw", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[:9] == first.splitlines()[:9]


def test_draw_refused_after_round_1(tmp_path: Path, capsys) -> None:
    path = _book(tmp_path)
    pair_next_round(open_book(path))
    before = path.read_bytes()
    assert main(["draw", str(path), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "before round 1" in err
    assert path.read_bytes() == before


def test_skol_1_draw_into_a_trf_file_records_the_seed(tmp_path: Path, capsys) -> None:
    f = tmp_path / "skole.trf"
    save(Tournament(Settings(system="school", rounds=4), _players(), []), f, "trf2026")
    assert main(["draw", str(f), "--seed", "5"]) == 0
    t = load(f)
    want = random_draw(list(range(1, 9)), seed=5).order
    assert [p.name for p in t.players] == [NAMES[old - 1] for old in want]
    assert t.settings.seeds["start_draw"] == 5


def test_nsf_2a_draw_as_the_workbooks_button(tmp_path: Path) -> None:
    """The add-in's "Draw start numbers" action: the same job, told in one message."""
    from monrad.addin import ribbon

    path = _book(tmp_path)
    told: list[tuple[str, bool]] = []
    outcome = ribbon.draw_start_numbers(open_book(path), lambda m, e: told.append((m, e)))
    assert not outcome.error and told[0][0].startswith("start numbers drawn (random, seed 11)")
    pair_next_round(open_book(path))
    outcome = ribbon.draw_start_numbers(open_book(path), lambda m, e: told.append((m, e)))
    assert outcome.error and "before round 1" in outcome.message
