"""The FIDE rating report (converters/ratings/fide_export.py, ``monrad export --to fide``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters.ratings.federations import FIDE_FEDERATIONS, is_fide_federation
from monrad.converters.ratings.fide_export import (
    ASCII_FOLD,
    fide_report,
    fold_ascii,
    problems_table,
    validate,
)
from monrad.converters.trf import read_trf
from monrad.engine.model import Game, Result, Round, Tournament

ORACLE = DATA / "oracle" / "dutch" / "dutch_n0007_r05_s5101.trf"
HEADER = {
    "name": "Oslo Rapid Open", "city": "Oslo", "federation": "NOR",
    "start_date": "2026/03/01", "end_date": "2026/03/05", "arbiter": "Berg, Kari",
    "deputies": ["Dahl, Per"], "time_control": "90'/40+30'+30''",
}


def oracle_with_header(players: bool = False) -> Tournament:
    t = read_trf(ORACLE)
    t.info.update(HEADER)
    t.info["round_dates"] = [f"26/03/0{i}" for i in range(1, len(t.rounds) + 1)]
    if players:
        t.players = [p.replace(name=f"Player{p.start_no:02d}, Test", federation="NOR",
                               fide_id=str(1500000 + p.start_no), birth="1990/01/01")
                     for p in t.players]
    return t


def test_oracle_export_reads_back_equal_and_passes_validation():
    t = oracle_with_header()
    for version in ("2026", "16"):
        text = fide_report(t, version)
        back = read_trf(text)
        assert back.players == t.players and back.rounds == t.rounds
        assert back.settings.rounds == t.settings.rounds
        for key, value in HEADER.items():
            assert back.info[key] == value
        assert back.info["round_dates"] == t.info["round_dates"]
        assert "XMN" not in text  # only what FIDE defines
    assert not [p for p in validate(t) if p.is_error]


def test_complete_report_has_no_problems_at_all():
    t = oracle_with_header(players=True)
    assert validate(t) == []
    assert problems_table([]) == "FIDE report check: no problems"


def test_header_records_a_rating_officer_needs():
    text = fide_report(oracle_with_header())
    tags = [ln[:3] for ln in text.splitlines()]
    for tag in ("012", "022", "032", "042", "052", "102", "112", "122", "132"):
        assert tag in tags, tag
    line132 = next(ln for ln in text.splitlines() if ln.startswith("132"))
    assert line132[91:99] == "26/03/01"


def test_missing_header_fields_are_listed_by_record():
    t = read_trf(ORACLE)
    fields = {p.field for p in validate(t) if p.is_error}
    assert fields == {"022 city", "032 federation", "042 start date", "052 end date",
                      "102 chief arbiter", "122 time control", "132 round dates"}


def test_player_fields_are_checked():
    t = oracle_with_header(players=True)
    t.players[0] = t.players[0].replace(fide_id="", birth="")
    t.players[1] = t.players[1].replace(federation="XYZ")
    t.players[2] = t.players[2].replace(fide_id=t.players[3].fide_id)
    t.players[4] = t.players[4].replace(name="Ola Hansen", birth="1.1.1990")
    got = {(p.severity, p.player.split()[0], p.field) for p in validate(t)}
    assert ("warning", "1", "FIDE id") in got and ("warning", "1", "birth date") in got
    assert ("error", "2", "federation") in got
    assert ("error", "4", "FIDE id") in got  # the second holder of the id
    assert ("warning", "5", "name") in got and ("warning", "5", "birth date") in got


def test_results_that_do_not_add_up():
    t = oracle_with_header(players=True)
    r1 = t.rounds[0]
    g = r1.games[0]
    t.rounds[0] = Round(1, (Game(g.white, g.black, Result.WIN, Result.WIN),) + r1.games[1:], r1.byes)
    g2 = t.rounds[1].games[0]
    t.rounds[1] = Round(2, (Game(g2.white, g2.black, Result.UNKNOWN),) + t.rounds[1].games[1:],
                        t.rounds[1].byes)
    probs = [p for p in validate(t, ["x.trf:4: player 3: points column says 2.0, the results give 2.5"])
             if p.is_error]
    texts = [p.problem for p in probs]
    assert "asymmetric: White win, Black win" in texts
    assert "no result yet" in texts
    assert any("points column says 2.0" in x for x in texts)


def test_dates_are_normalised_and_checked():
    t = oracle_with_header(players=True)
    t.info.update(start_date="2026-03-01", end_date="05.03.2026")
    t.info["round_dates"] = ["2026-03-01", "2026-03-02", "2026-03-04", "2026-03-03", "2026-04-01"]
    text = fide_report(t)
    assert "042 2026/03/01" in text and "052 2026/03/05" in text
    probs = {p.problem for p in validate(t)}
    assert "the round dates are not in order" in probs
    assert "round 5: 2026/04/01 is outside the event" in probs
    t.info["end_date"] = "2026/02/01"
    assert any(p.field == "052 end date" and p.is_error for p in validate(t))
    t.info["round_dates"] = ["26/03/01"]
    assert any("1 date for 5 rounds played" in p.problem for p in validate(t))


def test_unknown_event_federation_is_an_error():
    t = oracle_with_header(players=True)
    t.info["federation"] = "NORWAY"
    assert [p.field for p in validate(t)] == ["032 federation"]


def test_ascii_names_fold_nordic_letters_and_accents():
    assert fold_ascii("Ærø, Søren Åge") == "Aeroe, Soeren Aage"
    assert fold_ascii("Östlund, Märta") == "Oestlund, Maerta"
    assert fold_ascii("Müller, José") == "Mueller, Jose"
    assert all(ord(c) < 128 for v in ASCII_FOLD.values() for c in v)
    t = oracle_with_header(players=True)
    t.players[0] = t.players[0].replace(name="Ærø, Søren")
    t.info["city"] = "Malmö"
    text = fide_report(t, ascii_names=True)
    assert "Aeroe, Soeren" in text and "022 Malmoe" in text
    assert text.isascii()
    assert "Ærø, Søren" in fide_report(t)  # only when asked


def test_national_ratings_travel_in_2026_national_records():
    t = oracle_with_header(players=True)
    t.players[0] = t.players[0].replace(national_rating=1875, national_id="12345")
    text = fide_report(t, "2026")
    nat = [ln for ln in text.splitlines() if ln.startswith("NOR ")]
    assert len(nat) == 1 and nat[0][4:8] == "   1" and nat[0][48:52] == "1875"
    back = read_trf(text)
    assert back.player(1).national_rating == 1875 and back.player(1).national_id == "12345"
    assert not [ln for ln in fide_report(t, "16").splitlines() if ln.startswith("NOR ")]


def test_rank_column_comes_from_the_standings():
    from monrad.engine.standings import standings

    t = oracle_with_header(players=True)
    ranks = {row.start_no: row.rank for row in standings(t).rows}
    assert sorted(ranks.values())[0] == 1
    text = fide_report(t)
    for ln in text.splitlines():
        if ln.startswith("001"):
            assert int(ln[85:89]) == ranks[int(ln[4:8])]


def test_federation_list_is_fide_codes():
    assert len(FIDE_FEDERATIONS) > 180
    assert all(len(c) == 3 and c.isupper() for c in FIDE_FEDERATIONS)
    for code in ("NOR", "SWE", "DEN", "FIN", "ISL", "FAI", "ENG", "GER", "FID"):
        assert is_fide_federation(code)
    assert not is_fide_federation("NO") and not is_fide_federation("DNK")


def test_cli_refuses_with_a_table_then_writes_with_set(tmp_path: Path, capsys):
    src = tmp_path / "t.trf"
    src.write_bytes(ORACLE.read_bytes())
    out = tmp_path / "report.trf"
    rc = main(["export", str(src), "--to", "fide", "-o", str(out)])
    cap = capsys.readouterr()
    assert rc == 1 and not out.exists()
    assert "severity" in cap.out and "022 city" in cap.out and "missing" in cap.out
    assert "Traceback" not in cap.err and "not written" in cap.err
    rc = main(["export", str(src), "--to", "fide", "-o", str(out), "--ascii-names",
               "--set", "city=Tromsø", "--set", "federation=NOR", "--set", "042=2026-03-01",
               "--set", "end_date=2026-03-05", "--set", "arbiter=Berg, Kari",
               "--set", "time_control=90+30", "--set", "deputies=Dahl, Per;Ås, Åse",
               "--set", "round_dates=2026-03-01,2026-03-02,2026-03-03,2026-03-04,2026-03-05"])
    cap = capsys.readouterr()
    assert rc == 0, cap.err
    text = out.read_text(encoding="utf-8")
    assert "022 Tromsoe" in text and "112 Aas, Aase" in text and "042 2026/03/01" in text
    assert "0 errors" in cap.out and f"wrote {out}" in cap.out
    back = read_trf(out)
    assert back.rounds == read_trf(ORACLE).rounds


def test_cli_bad_set_key_and_groups(tmp_path: Path, capsys):
    src = tmp_path / "t.trf"
    src.write_bytes(ORACLE.read_bytes())
    assert main(["export", str(src), "--set", "colour=red"]) == 2
    assert "use KEY=VALUE" in capsys.readouterr().err
    from conftest import DATA

    k = DATA / "klubtur" / "klubmesterskab-2025.csv"
    assert main(["export", str(k), "--check"]) == 2
    assert "choose one with --group" in capsys.readouterr().err
    assert main(["export", str(k), "--check", "--group", "A"]) == 1
    out = capsys.readouterr().out
    assert "FIDE id" in out and "error" in out


@pytest.mark.parametrize("force", [False, True])
def test_cli_force_writes_despite_errors(tmp_path: Path, capsys, force: bool):
    src = tmp_path / "t.trf"
    src.write_bytes(ORACLE.read_bytes())
    args = ["export", str(src)] + (["--force"] if force else [])
    rc = main(args)
    capsys.readouterr()
    assert rc == (0 if force else 1)
    assert (tmp_path / "t-fide.trf").exists() == force
