"""One meaning per exit code (issue 15 item 5): "no legal pairing" is exit 1 for a TRF
file and for the same tournament in a monrad workbook (README: 1 = no legal pairing or
check found differences; 2 = bad input or refused)."""

from __future__ import annotations

from pathlib import Path

from monrad.addin.cli import main
from monrad.addin.jobs.book import JobError, NoLegalPairing, pair_next_round, run_pair
from monrad.converters import save
from monrad.converters.book.new_workbook import create_workbook
from monrad.converters.book.xlsx import read_xlsx
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Game, Player, Result, Round, Scoring, Settings, Tournament


def _two_who_met() -> Tournament:
    """Two players who met in round 1: NSF-9D forbids the rematch, so round 2 has no
    legal pairing."""
    players = [Player(1, "Aas, Per", rating=1800), Player(2, "Berg, Ola", rating=1700)]
    t = Tournament(Settings(system="nsf", rounds=3, scoring=Scoring()), players, [])
    t.set_round(Round(1, (Game(1, 2, Result.WIN, Result.LOSS),), ()))
    return t


def test_exit_1_no_legal_pairing_in_a_trf_file(tmp_path: Path, capsys) -> None:
    f = tmp_path / "two.trf"
    save(_two_who_met(), f, "trf16")
    assert main(["pair", str(f)]) == 1
    assert "monrad:" in capsys.readouterr().err


def test_exit_1_no_legal_pairing_in_a_workbook(tmp_path: Path, capsys) -> None:
    t = _two_who_met()
    path = create_workbook(tmp_path / "two.xlsx", "nsf", 3, t.players, "en", seed=1)
    book = open_book(path)
    pair_next_round(book)  # round 1: 1 - 2
    from monrad.converters import layout as L

    lay = L.layout_for("en")
    book = open_book(path)
    book.write_range(lay.round_name(1), L.ROUND_FIRST_ROW, L.RESULT_COL, [["1-0"]])
    book.save()
    assert read_xlsx(path).round(1).games[0].white_result is Result.WIN
    before = path.read_bytes()
    assert main(["pair", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "two.xlsx" in err
    assert path.read_bytes() == before
    assert run_pair(str(path))[0] == 1  # the script helper says the same


def test_run_pair_helper_refusal_is_2(tmp_path: Path) -> None:
    t = _two_who_met()
    path = create_workbook(tmp_path / "two.xlsx", "nsf", 3, t.players, "en", seed=1)
    assert run_pair(str(path))[0] == 0
    status, text = run_pair(str(path))
    assert status == 2 and "already paired" in text


def test_workbook_button_shows_no_legal_pairing_as_a_refusal(tmp_path: Path) -> None:
    """The Excel button still gets a one-line message (a JobError), not a crash."""
    assert issubclass(NoLegalPairing, JobError)


def test_refused_request_stays_exit_2(tmp_path: Path, capsys) -> None:
    t = _two_who_met()
    path = create_workbook(tmp_path / "two.xlsx", "nsf", 3, t.players, "en", seed=1)
    pair_next_round(open_book(path))
    assert main(["pair", str(path)]) == 2  # round 1 has no results yet
