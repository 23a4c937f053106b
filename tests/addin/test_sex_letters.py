"""Issue 26 item 11 (issue 29): a roster writes the sexes in its language's letters
(``m``/``k`` in Norwegian, Swedish and Danish; ``m``/``w`` in English), and reads any of
them (``k``, ``K``, ``F``, ``w``, ``kvinne`` ...) as FIDE's ``w``, which TRF keeps."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import layout as L
from monrad.converters import load, save
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player


def _sex_column(path: Path, lang: str) -> list[object]:
    lay = L.layout_for(lang)
    ws = openpyxl.load_workbook(path)[lay.players_sheet]
    head = [c.value for c in ws[1]]
    col = head.index(L.PLAYER_COLUMNS["sex"][lay.lang]) + 1
    return [ws.cell(r, col).value for r in range(2, ws.max_row + 1)]


@pytest.mark.parametrize("lang, woman", [("no", "k"), ("sv", "k"), ("da", "k"), ("en", "w")])
def test_a_new_workbook_writes_the_sexes_in_its_languages_letters(tmp_path: Path, lang: str,
                                                                 woman: str) -> None:
    players = [Player(1, "Hansen, Kari", sex="w"), Player(2, "Berg, Ola", sex="m"),
               Player(3, "Lie, Anne", sex="f")]  # FIDE's rating lists say F
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 5, players, lang=lang)
    assert _sex_column(path, lang) == [woman, "m", woman]
    assert [p.sex for p in load(path).players] == ["w", "m", "w"]  # the model's letters


def test_a_club_roster_typed_with_k_is_a_woman_in_the_trf(tmp_path: Path) -> None:
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 5,
                           [Player(i, f"Spiller, Nr{i}") for i in range(1, 5)], lang="no")
    wb = openpyxl.load_workbook(path)
    ws = wb[L.layout_for("no").players_sheet]
    head = [c.value for c in ws[1]]
    col = head.index("Kjønn") + 1
    for r, typed in zip(range(2, 6), ("K", "k", "M", "kvinne")):
        ws.cell(r, col, typed)
    wb.save(path)
    t = load(path)
    assert [p.sex for p in t.players] == ["w", "w", "m", "w"]
    trf = tmp_path / "club.trf"
    save(t, trf)
    sexes = [line[9] for line in trf.read_text(encoding="utf-8").splitlines()
             if line.startswith("001 ")]
    assert sexes == ["w", "w", "m", "w"]


def test_ratings_write_a_woman_as_k_in_a_norwegian_roster(tmp_path: Path, capsys) -> None:
    """``monrad ratings`` fills the sex from FIDE's list (``F``) in the roster's letters;
    a cell that already says ``K`` is the same and is left alone."""
    players = [Player(1, "Nilsen, Ingrid", fide_id="1500008"), Player(2, "Berg, Ola")]
    path = create_workbook(tmp_path / "club.xlsx", "nsf", 5, players, lang="no")
    assert main(["ratings", str(path), "--fide", str(DATA / "ratings" / "players_list_foa.txt")]) == 0
    assert _sex_column(path, "no")[0] == "k"
    wb = openpyxl.load_workbook(path)
    ws = wb[L.layout_for("no").players_sheet]
    col = [c.value for c in ws[1]].index("Kjønn") + 1
    ws.cell(2, col, "K")
    wb.save(path)
    capsys.readouterr()
    assert main(["ratings", str(path), "--fide", str(DATA / "ratings" / "players_list_foa.txt")]) == 0
    assert "ingenting å endre" in capsys.readouterr().out  # the workbook's language
    assert _sex_column(path, "no")[0] == "K"
