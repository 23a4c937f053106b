"""Issue 19: many tournaments as one table (``monrad.converters.frames``): the frames
agree with the engine's standings on the reference tournaments, ``games.csv`` of a
batch has one row per game, columns are typed, output is guarded and atomic."""

from __future__ import annotations

import csv
import shutil
from fractions import Fraction
from pathlib import Path

import pandas as pd
import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import frames, load, save
from monrad.engine.model import Colour, Game, Player, Result, Round, Settings, Tournament
from monrad.engine.standings import standings
from monrad.engine.state import histories

ORACLE = sorted((DATA / "oracle" / "dutch").glob("dutch_n0[01]*.trf"))


def test_frames_agree_with_standings_on_reference_tournaments() -> None:
    assert len(ORACLE) >= 30
    found = [(p.stem, load(p)) for p in ORACLE]
    g, b, s = frames.games(found), frames.byes(found), frames.standings(found)
    for name, t in found:
        tg, tb = g[g.tournament == name], b[b.tournament == name]
        assert len(tg) == sum(len(r.games) for r in t.rounds)
        points = (tg.groupby("white").white_points.sum().add(
            tg.groupby("black").black_points.sum(), fill_value=0).add(
            tb.groupby("player").points.sum(), fill_value=0))
        table = standings(t)
        got = s[s.tournament == name].set_index("start_no").points
        for row in table.rows:
            assert points.get(row.start_no, 0) == float(row.points) == got[row.start_no], name
        hist = histories(t)  # colours of games played over the board (no forfeits)
        whites = tg[~tg.result.isin(["+/-", "-/+", "-/-"])].groupby("white").size()
        for no, h in hist.items():
            assert whites.get(no, 0) == sum(1 for c in h.colours if c is Colour.WHITE), name


def test_frames_columns_are_typed_and_results_categorical() -> None:
    g = frames.games(ORACLE[0])
    assert str(g.dtypes["round"]) == "Int64" and str(g.dtypes["white_points"]) == "float64"
    assert isinstance(g.dtypes["result"], pd.CategoricalDtype)
    assert list(g.result.cat.categories) == list(frames.RESULTS)
    assert isinstance(g.dtypes["tournament"], pd.CategoricalDtype)
    p = frames.players(ORACLE[0])
    assert str(p.dtypes["rating"]) == "Int64" and str(p.dtypes["name"]).startswith("string")


def test_games_csv_of_a_batch_has_one_row_per_game(tmp_path: Path, capsys) -> None:
    season = tmp_path / "season"
    (season / "spring").mkdir(parents=True)
    picks = ORACLE[:3]
    for p in picks[:2]:
        shutil.copy(p, season / p.name)
    shutil.copy(picks[2], season / "spring" / picks[2].name)
    sheet = DATA / "fixtures" / "club-sheets"
    club = min(sheet.glob("*.xlsx"))
    shutil.copy(club, season / club.name)
    out = tmp_path / "games.csv"
    assert main(["convert", str(season), "--to", str(out)]) == 0
    assert "from 4 tournaments" in capsys.readouterr().out
    with out.open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    expected = sum(len(r.games) for p in [*picks, club] for r in load(p).rounds)
    assert len(rows) == expected
    names = {r["tournament"] for r in rows}
    assert names == {picks[0].stem, picks[1].stem, f"spring/{picks[2].stem}", club.stem}
    assert out.read_bytes()[:3] == b"\xef\xbb\xbf" and b"\r\n" in out.read_bytes()


def _tricky() -> Tournament:
    t = Tournament(settings=Settings(system="nsf", rounds=1))
    t.add_player(Player(1, "=HYPERLINK(\"http://x\")", rating=1500))
    t.add_player(Player(2, "Berg, Kari"))
    t.add_player(Player(3, "Lie, Per"))
    t.rounds.append(Round(1, (Game(1, 2, Result.DRAW),), ()))
    return t


def test_table_csv_is_guarded_against_formulas(tmp_path: Path) -> None:
    out = frames.write_table(frames.games(_tricky()), tmp_path / "games.csv")
    text = out.read_text(encoding="utf-8-sig")
    assert "'=HYPERLINK" in text and "½-½" in text and ",0.5,0.5," in text


def test_table_parquet_round_trip(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    df = frames.games(ORACLE[:2])
    back = pd.read_parquet(frames.write_table(df, tmp_path / "games.parquet"))
    assert len(back) == len(df) and list(back.columns) == list(df.columns)
    assert back.white_points.sum() == df.white_points.sum()


def test_batch_table_skips_a_bad_file_with_one_line(tmp_path: Path, capsys) -> None:
    save(_tricky(), tmp_path / "ok.trf")
    (tmp_path / "bad.trf").write_text("001 what\n", encoding="utf-8")
    assert main(["convert", str(tmp_path), "--to", str(tmp_path / "out-games.csv")]) == 2
    captured = capsys.readouterr()
    # the folder conversion's words for an unreadable file (issue 26 item 12)
    assert "2 files: 1 read, 1 failed" in captured.out
    assert [ln for ln in captured.err.splitlines() if ln.startswith("monrad: failed:")]
    assert Fraction(frames.games(tmp_path / "ok.trf").white_points.sum()) == Fraction(1, 2)


def test_without_pandas_tables_are_one_line_exit_2(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "pandas", None)
    assert main(["convert", str(ORACLE[0]), "--to", str(tmp_path / "games.csv")]) == 2
    assert capsys.readouterr().err.strip() == 'monrad: tables need pandas: pip install "monrad[analysis]"'
    assert not (tmp_path / "games.csv").exists()
