"""Issue 19: ``monrad export --rating-list LIST``: the FIDE report's pre-check against
the list and the rating-change estimate (FIDE Rating Regulations 8.3)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import save
from monrad.converters.ratings.lists import iter_list
from monrad.converters.ratings.precheck import estimates
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament

LIST = DATA / "ratings" / "players_list_xml.zip"


def tournament() -> Tournament:
    info = {"name": "Klubb", "city": "Oslo", "federation": "NOR", "start_date": "2026/03/01",
            "end_date": "2026/03/02", "arbiter": "Berg, Kari", "time_control": "90+30",
            "round_dates": ["26/03/01", "26/03/02"]}
    t = Tournament(settings=Settings(system="nsf", rounds=2), info=info)
    for i, (name, fid, born, rating, fed) in enumerate([
            ("Odegard, Ola", "1500001", "1988", 2200, "NOR"),
            ("Hansen, Ola", "1500003", "1991", 1720, "NOR"),
            ("Lindqvist, Aasa", "1500005", "1995", 2105, "SWE"),
            ("Ghost, Bo", "99999999", "1970", 1500, "NOR")], 1):
        t.add_player(Player(i, name, fide_id=fid, birth=born, rating=rating, federation=fed,
                            sex="m"))
    t.rounds.append(Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW))))
    t.rounds.append(Round(2, (Game(2, 3, Result.WIN), Game(4, 1, Result.FORFEIT_LOSS))))
    return t


def test_fide_8_3_estimate_uses_the_lists_rating_and_k() -> None:
    t = tournament()
    listed = {r.fide_id: r for r in iter_list(LIST)}
    rows = {e.start_no: e for e in estimates(t, {p.start_no: listed.get(p.fide_id)
                                                 for p in t.players})}
    # Odegard (2210 in the list, K 20) beat Hansen (1720): 400-point rule, expected 0.92;
    # the forfeit in round 2 does not count
    assert (rows[1].rating, rows[1].games, rows[1].expected) == (2210, 1, Fraction("0.92"))
    assert rows[1].change == 20 * Fraction("0.08")
    # Hansen lost to Odegard (0.08 expected) and beat Lindqvist (2105: -385, 0.09 expected)
    assert rows[2].change == 20 * (1 - Fraction("0.17"))
    assert rows[4].change is None and "K unknown" in rows[4].note


def test_export_rating_list_check_lists_differences(tmp_path: Path, capsys) -> None:
    path = tmp_path / "club.trf"
    save(tournament(), path)
    assert main(["export", str(path), "--rating-list", str(LIST), "--check"]) == 1
    out = capsys.readouterr().out
    assert "error     4 Ghost, Bo" in out and "99999999 is not in the rating list" in out
    assert "'2200' here, '2210 (out of date)' in the rating list" in out
    assert "'1991' here, '1990' in the rating list" in out
    assert "Rating change estimate" in out and "+1.6" in out and "+16.6" in out
    assert not (tmp_path / "club-fide.trf").exists()
