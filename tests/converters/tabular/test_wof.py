"""World Othello Federation rating file: read, write, round trip, clear errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from monrad.converters.errors import InputError
from monrad.converters.tabular.wof import WofError, read_wof, save_wof, wof_filename, write_wof
from monrad.engine.model import Bye, Game, Player, Result, Round, Settings, Tournament
from monrad.engine.othello.discs import with_discs
from monrad.engine.pairing import pair_round

WOF = Path(__file__).resolve().parents[2] / "data" / "wof"
SAMPLE = WOF / "20260314_Stockholm_Open_2026.ELO"

HEADER = "%%Tournament: T\n%%Country: Sweden\n%%Date: 14/03/2026\n%%Sender: S\n"


def test_wof_reads_the_sample_file() -> None:
    warnings: list[str] = []
    t = read_wof(SAMPLE, warnings=warnings)
    assert warnings == []
    assert t.info["name"] == "Stockholm Open 2026" and t.info["country"] == "Sweden"
    assert t.info["start_date"] == "2026/03/14" and t.info["wof_sender"] == "Kari Berg"
    assert [(p.start_no, p.name, p.federation, p.extra["wof_id"]) for p in t.players][:2] == [
        (1, "BERG, Kari", "SWE", "3752"), (2, "VIRTANEN, Mikko", "FIN", "5198")]
    assert t.settings.system == "othello-swiss" and t.settings.rounds == 3
    r1 = t.round(1)
    assert r1.games[0] == Game(4, 1, Result.LOSS, Result.WIN, white_discs=24, black_discs=40)
    # "20456 (32)=(32) 1024 W": the first-named player had White
    assert t.round(2).games[1] == Game(4, 3, Result.DRAW, Result.DRAW, white_discs=32, black_discs=32)
    assert t.info["finals_games"] == [[1, 2, 35, 29]]
    assert float(t.score(1)) == 3.0 and float(t.score(3)) == 1.5


def test_wof_writes_the_sample_back_black_first() -> None:
    text = write_wof(read_wof(SAMPLE))
    expected = SAMPLE.read_text().replace(" 20456 (32)=(32)   1024 W", "  1024 (32)=(32)  20456 B")
    assert text == expected


def test_wof_result_line_columns_match_papp() -> None:
    line = write_wof(read_wof(SAMPLE)).splitlines()[15]
    assert line == "  3752 (40)>(24)  20456 B"
    assert (line[0:6].strip(), line[8:10], line[11], line[13:15], line[17:23].strip(), line[24]) == (
        "3752", "40", ">", "24", "20456", "B")


def test_wof_without_player_list_or_round_comments() -> None:
    t = read_wof(WOF / "no_round_markers.ELO")
    assert [p.extra["wof_id"] for p in t.players] == ["101", "102", "103", "104"]
    assert [len(r.games) for r in t.rounds] == [2, 2]
    assert t.round(1).games[1] == Game(3, 4, Result.LOSS, Result.WIN, white_discs=30, black_discs=34)
    assert t.info["start_date"] == "2026/02/01"


def swiss(n: int, rounds: int, seed: int) -> Tournament:
    t = Tournament(settings=Settings(system="othello-swiss", rounds=rounds),
                   info={"name": "Örebro Grand Prix", "start_date": "2026/05/09", "country": "Sweden"})
    for i in range(1, n + 1):
        t.add_player(Player(i, f"SPELARE{i}, Åsa", federation="SWE", extra={"wof_id": str(9000 + i)}))
    rng = random.Random(seed)
    for _ in range(rounds):
        rnd = pair_round(t)
        games = []
        for g in rnd.games:
            b = rng.randint(0, 64)
            games.append(with_discs(g, b, rng.randint(0, 64 - b)))
        t.set_round(Round(rnd.number, tuple(games), rnd.byes))
    return t


def test_wof_round_trip_of_a_swiss_with_byes_and_a_forfeit() -> None:
    t = swiss(9, 5, 11)
    last = t.round(5)
    t.set_round(Round(5, (Game(last.games[0].white, last.games[0].black, Result.FORFEIT_WIN),) + last.games[1:], last.byes))
    text = write_wof(t, sender="Anna Lindqvist")
    assert "%%Tournament: Orebro Grand Prix" in text and "SPELARE1, Asa" in text  # pure ASCII
    text.encode("ascii")
    back = read_wof(text)
    assert back.rounds == t.rounds
    assert [(p.start_no, p.federation, p.extra["wof_id"]) for p in back.players] == [
        (p.start_no, p.federation, p.extra["wof_id"]) for p in t.players]
    assert write_wof(back) == text
    assert back.scores() == t.scores()


def test_wof_issue36_item7_date_falls_back_to_round_1s_date() -> None:
    """Issue 36 item 7: a workbook dates each round as it is paired; without a start
    date the WOF file's ``%%Date:`` is round 1's (as TRF 132 writes it, too)."""
    t = swiss(4, 1, 1)
    t.info.pop("start_date")
    t.info["round_dates"] = ["26/05/09"]
    assert "%%Date: 09/05/2026" in write_wof(t, sender="x")


def test_wof_writer_refuses_what_the_format_cannot_hold() -> None:
    t = swiss(4, 1, 1)
    with pytest.raises(WofError, match="sender"):
        write_wof(t)
    t.info["arbiter"] = "Kari Berg"  # the chief arbiter sends the results
    assert "%%Sender: Kari Berg" in write_wof(t)
    t.players[0] = t.players[0].replace(extra={})
    with pytest.raises(ValueError, match=r"no WOF id .* 1 SPELARE1"):
        write_wof(t, sender="x")
    t = swiss(4, 1, 1)
    g = t.round(1).games[0]
    t.set_round(Round(1, (Game(g.white, g.black, Result.WIN),) + t.round(1).games[1:]))
    with pytest.raises(ValueError, match="no disc count"):
        write_wof(t, sender="x")
    t.set_round(Round(1, (Game(g.white, g.black),) + t.round(1).games[1:]))
    with pytest.raises(ValueError, match="no result yet"):
        write_wof(t, sender="x")
    t = swiss(4, 1, 1)
    t.info.pop("start_date")
    with pytest.raises(ValueError, match="date"):
        write_wof(t, sender="x")
    with pytest.raises(ValueError, match="not YYYY/MM/DD"):
        write_wof(t, sender="x", date="May 9")


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        (" 1 (40)>(30) 2 B", 5, "add up to 70, more than 64"),
        (" 1 (65)>(00) 2 B", 5, "disc count 65 is outside 0..64"),
        (" 1 (20)>(44) 2 B", 5, "result sign '>' does not match the disc count 20-44"),
        (" 1 (32)<(32) 2 B", 5, "expected '='"),
        (" 1 40-24 2", 5, "not a result line"),
        ("%_% 1, A, B, SWE\n 1 (40)>(24) 7 B", 6, "player 7 is not in the player list"),
        ("%_% 1, A, B, SWE\n%_% 1, C, D, SWE", 6, "WOF id 1 is listed twice"),
        ("%_% x, A", 5, "player line must be"),
        ("%Bye: 1", 5, "before any %Round"),
        (" 1 (40)>(24) 1 B", 5, "cannot play against 1"),
    ],
)
def test_wof_bad_input_names_the_line(body: str, line: int, message: str) -> None:
    with pytest.raises(InputError, match=message) as exc:
        read_wof(HEADER + body + "\n", name="x.ELO")
    assert str(exc.value).startswith(f"x.ELO:{line}: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("%%Country: S\n%%Tournament: T\n%%Date: 1/1/2026\n%%Sender: S\n", "must start with '%%Tournament:'"),
        ("%%Tournament: T\n%%Country: S\n%%Date: 2026-01-01\n%%Sender: S\n", "must be DD/MM/YYYY"),
        ("%%Tournament: T\n%%Country: S\n%%Date: 31/13/2026\n%%Sender: S\n", "is not a date"),
        ("%%Tournament: T\n%%Country: S\n", "%%Date: is missing"),
    ],
)
def test_wof_header_is_checked(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_wof(text, name="x.ELO")


def test_wof_listed_score_mismatch_is_a_warning() -> None:
    warnings: list[str] = []
    read_wof(HEADER + "%_% 1, A, B, SWE, 2, 40\n%_% 2, C, D, SWE, 0, 24\n%Round: 1\n 1 (40)>(24) 2 B\n", warnings=warnings)
    assert warnings == ["<text>:5: player 1 is listed with score 2, the results give 1"]


def test_wof_filename_and_safe_save(tmp_path: Path) -> None:
    t = read_wof(SAMPLE)
    assert wof_filename(t) == SAMPLE.name
    target = save_wof(t, tmp_path / wof_filename(t))
    assert target.read_text() == write_wof(t)
    assert [p.name for p in tmp_path.iterdir()] == [SAMPLE.name]
    with pytest.raises(InputError, match="cannot read file"):
        read_wof(tmp_path / "missing.ELO")


def test_wof_byes_survive_only_as_comments() -> None:
    t = swiss(3, 1, 2)
    text = write_wof(t, sender="x")
    (bye,) = t.round(1).byes
    assert f"%Bye: {9000 + bye.player}" in text
    assert read_wof(text).round(1).byes == (Bye(bye.player, Result.PAIRING_BYE),)


def test_wof_finals_after_the_swiss_round_trip() -> None:
    from monrad.engine.model import Colour
    from monrad.engine.othello.finals import plan_finals
    from monrad.engine.othello.ranking import ranking

    t = swiss(8, 3, 4)
    order = [r.player for r in ranking(t, seed=1)]
    f = plan_finals("egp-nm", order)
    final = f.match("final")
    for discs in ((40, 24), (24, 40)):
        chooser = final.colour_chooser()
        black, white = final.next_pairing(Colour.BLACK if chooser is not None else None)
        final.add_game(black, white, *discs)
    text = write_wof(t, sender="x", finals_games=f.games())
    assert "%%Added results" in text
    assert read_wof(text).info["finals_games"] == f.games()


def test_wof_finals_marker_and_other_comments() -> None:
    text = HEADER + "%_% 1, A, B, SWE\n%_% 2, C, D, SWE\n%Round: 1\n 1 (40)>(24) 2 B\n%Final standings: see web\n"
    t = read_wof(text + "%Finals\n 2 (33)>(31) 1 W\n")
    assert "finals_games" not in read_wof(text).info
    assert t.info["finals_games"] == [[1, 2, 31, 33]] and len(t.rounds) == 1
