"""TRF-16 / TRF-2026 reader and writer: round trips and clear errors."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters.errors import InputError
from monrad.converters.trf import TRF16, TRF2026, read_trf, write_trf
from monrad.engine.model import (
    Bye,
    Colour,
    ForbiddenGroup,
    Game,
    Pending,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)

ORACLE_FILES = sorted((DATA / "oracle").glob("dutch*/*.trf"))


def _line(sn: int, name: str, rating: str, points: str, rounds: str = "") -> str:
    return f"001 {sn:4d}      {name:<33} {rating:>4}{'':28}{points:>4} {sn:4d}{rounds}"


def test_oracle_corpus_is_present() -> None:
    assert len(ORACLE_FILES) >= 180


@pytest.mark.parametrize("path", ORACLE_FILES, ids=lambda p: p.stem)
@pytest.mark.parametrize("version", [TRF2026, TRF16])
def test_oracle_round_trip_reads_back_equal(path: Path, version: str) -> None:
    warnings: list[str] = []
    t = read_trf(path, warnings=warnings)
    assert warnings == []  # the points columns agree with the results
    text = write_trf(t, version)
    again = read_trf(text)
    assert again == t
    # a file this project wrote comes back byte for byte
    assert write_trf(again, version) == text


def test_oracle_reading_recovers_rounds_and_scoring() -> None:
    t = read_trf(DATA / "oracle/dutch/dutch_n0008_r06_s5111_ff-zb-hb.trf")
    assert t.settings.rounds == 6
    assert len(t.players) == 8
    r1 = t.round(1)
    assert r1 is not None
    assert Bye(4, Result.HALF_BYE) in r1.byes and Bye(8, Result.PAIRING_BYE) in r1.byes
    r2 = t.round(2)
    assert Game(4, 5, Result.FORFEIT_LOSS, Result.FORFEIT_WIN) in r2.games or \
        Game(5, 4, Result.FORFEIT_LOSS, Result.FORFEIT_WIN) in r2.games
    assert t.score(1) == 6
    three = read_trf(DATA / "oracle/dutch/dutch_n0010_r05_s5110_pts310.trf")
    assert three.settings.scoring.win == 3 and three.settings.scoring.draw == 1


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
def test_line_endings_and_comments(newline: str) -> None:
    text = newline.join([
        "### a comment",
        "012 Test",
        _line(1, "A, A", "1800", "1.0", "     2 w 1"),
        _line(2, "B, B", "1700", "0.0", "     1 b 0"),
        "",
    ])
    t = read_trf(text)
    assert t.info["name"] == "Test" and len(t.rounds[0].games) == 1


def test_project_file_round_trips_every_field() -> None:
    t = Tournament(
        Settings(
            system="nsf", rounds=7, scoring=Scoring.school(), tiebreaks=("BH/C1", "SB"),
            seeds={"draw": 42}, initial_colour=Colour.BLACK,
            forbidden=(ForbiddenGroup((1, 3)), ForbiddenGroup((2, 4, 5), 1, 2)),
            options={"konrad": 2}, mbq_c=Fraction(64, 7),
        ),
        info={"name": "Vinterturnering", "city": "Tromsø", "federation": "NOR",
              "start_date": "2026/01/10", "end_date": "2026/03/01", "arbiter": "Kari Dommer",
              "deputies": ["Ola Hjelper"], "time_control": "90'+30\"",
              "round_dates": ["26/01/10", "26/01/17"]},
    )
    t.add_player(Player(1, "Ødegård, Åse Marie Kristine Sofie Johanne", "w", "WFM", 2105, "NOR",
                        "1500123", "1990/05/01", club="Tromsø SK", national_rating=2050,
                        national_id="N123"))
    t.add_player(Player(2, "Berg, Per", "m", rating=1700, withdrawn_after=2))
    t.add_player(Player(3, "Lie, Nils", rating=1600, entered_at=2,
                        acceleration=(Fraction(1), Fraction(1, 2))))
    t.add_player(Player(4, "Dahl, Ida", rating=1500))
    t.add_player(Player(5, "Moe, Tor", rating=0, extra={"note": "junior"}))
    t.info["national_federation"] = "NOR"
    t.rounds.append(Round(1, (Game(2, 1, Result.WIN), Game(4, 5, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)),
                          (Bye(3, Result.ABSENT),)))
    t.rounds.append(Round(2, (Game(1, 3, pending=Pending.ADJOURNED), Game(5, 2)),
                          (Bye(4, Result.PAIRING_BYE),)))
    t.rounds.append(Round(3, (), (Bye(4, Result.HALF_BYE),)))
    for version in (TRF2026, TRF16):
        text = write_trf(t, version)
        assert read_trf(text) == t, version
        assert write_trf(read_trf(text), version) == text


# --- bad input: one clear line with the location, never a traceback -------------------


def _error(text: str) -> str:
    with pytest.raises(InputError) as info:
        read_trf(text, name="bad.trf")
    return str(info.value)


def test_error_truncated_001_line() -> None:
    msg = _error("012 X\n001   \n")
    assert msg.startswith("bad.trf:2:") and "truncated" in msg


def test_error_truncated_round_block() -> None:
    msg = _error(_line(1, "A", "1800", "1.0", "     2") + "\n" + _line(2, "B", "1700", "0.0", "     1 b 0") + "\n")
    assert msg.startswith("bad.trf:1:") and "truncated" in msg


def test_error_non_numeric_rating() -> None:
    msg = _error(_line(1, "A", "18x0", "0.0") + "\n")
    assert msg == "bad.trf:1:49: rating '18x0' is not a whole number"


def test_error_opponent_does_not_exist() -> None:
    msg = _error(_line(1, "A", "1800", "1.0", "     7 w 1") + "\n")
    assert msg.startswith("bad.trf:1:92:") and "opponent 7 does not exist" in msg


def test_error_both_players_won() -> None:
    msg = _error(_line(1, "A", "1800", "1.0", "     2 w 1") + "\n" + _line(2, "B", "1700", "1.0", "     1 b 1") + "\n")
    assert "results contradict" in msg and msg.startswith("bad.trf:1:")


def test_error_player_id_used_twice() -> None:
    msg = _error(_line(1, "A", "1800", "0.0") + "\n" + _line(1, "B", "1700", "0.0") + "\n")
    assert msg.startswith("bad.trf:2:5:") and "used twice" in msg


def test_warning_points_column_disagrees() -> None:
    warnings: list[str] = []
    read_trf(_line(1, "A", "1800", "3.0", "     2 w 1") + "\n" + _line(2, "B", "1700", "0.0", "     1 b 0") + "\n",
             warnings=warnings, name="w.trf")
    assert warnings == ["w.trf:1: player 1: points column says 3.0, the results give 1.0"]


def test_unknown_record_is_kept_and_written_back() -> None:
    text = "012 X\nQQQ something odd 1 2 3\n" + _line(1, "A", "1800", "0.0") + "\n"
    t = read_trf(text)
    assert t.extra_records == ["QQQ something odd 1 2 3"]
    assert "QQQ something odd 1 2 3" in write_trf(t).splitlines()


def test_trf2026_records_are_read() -> None:
    text = "\n".join([
        "012 Open",
        "142 9",
        "152 B",
        "162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0",
        "192 FIDE_DUTCH_2025_BAKU",
        "202 BH/C1,BH,SB",
        "212 PTS,BH/C1,BH,SB",
        "222 5400+30",
        _line(1, "A", "1800", "0.0"),
        _line(2, "B", "1700", "0.0"),
        _line(3, "C", "1600", "0.0"),
        "NOR    1      Aa, Bb                            1750     N-1",
        "240 H 001    2    3",
        "250       1.0 001 002    1    2",
        "260 001 003    1    3",
    ]) + "\n"
    t = read_trf(text)
    s = t.settings
    assert s.rounds == 9 and s.initial_colour is Colour.BLACK and s.accelerated
    assert s.scoring.win == 3 and s.scoring.pairing_bye == 1
    assert s.tiebreaks == ("BH/C1", "BH", "SB")
    assert "212 PTS,BH/C1,BH,SB" in write_trf(t).splitlines()
    assert t.player(1).national_rating == 1750 and t.player(1).national_id == "N-1"
    assert t.round(1).byes == (Bye(2, Result.HALF_BYE), Bye(3, Result.HALF_BYE))
    assert t.player(2).acceleration == (Fraction(1), Fraction(1))
    assert s.forbidden_pairs(2) == frozenset({frozenset((1, 3))})
    assert s.forbidden_pairs(4) == frozenset()
    assert read_trf(write_trf(t)) == t


@pytest.mark.parametrize("code", ["A", "Z"])
def test_issue39_item2_record_162_absence_in_both_spellings(code: str) -> None:
    """TRF-2026 162 names an absence (zero-point bye, forfeit loss) ``A``;
    bbpPairings reads it as ``Z``: both are read, ``X`` (unknown result) too."""
    text = "\n".join([
        "012 Open",
        f"162  W 3.0    D 1.0    L 0.0    {code} 0.5    X 1.0",
        _line(1, "A", "1800", "0.0"),
        _line(2, "B", "1700", "0.0"),
    ]) + "\n"
    sc = read_trf(text).settings.scoring
    assert (sc.win, sc.draw, sc.loss) == (3, 1, 0)
    assert sc.zero_bye == sc.forfeit_loss == sc.absent == Fraction(1, 2)
    assert sc.pairing_bye == 3


def test_issue39_item2_record_162_refuses_a_code_the_text_does_not_define() -> None:
    text = "012 Open\n162  W 3.0    Q 1.0\n" + _line(1, "A", "1800", "0.0") + "\n"
    with pytest.raises(InputError, match="2:15: unknown 162 result code 'Q'"):
        read_trf(text)


def test_tiebreak_records_state_the_system_default() -> None:
    """TRF export names the tie-breaks in 202/212; the system default reads back as default."""
    t = read_trf(DATA / "oracle/dutch/dutch_n0012_r07_s5106.trf")
    assert t.settings.tiebreaks == ()
    lines = write_trf(t).splitlines()
    assert "202 BH/C1,BH,DE,SB,WIN" in lines and "212 PTS,BH/C1,BH,DE,SB,WIN" in lines
    custom = t.copy()
    custom.settings = t.settings.replace(tiebreaks=("SB", "BH"))
    assert read_trf(write_trf(custom)).settings.tiebreaks == ("SB", "BH")


def test_rank_column_comes_from_the_standings() -> None:
    from monrad.engine.standings import standings

    t = read_trf(DATA / "oracle/dutch/dutch_n0012_r07_s5106.trf")
    ranks = {row.start_no: row.rank for row in standings(t).rows}
    for line in write_trf(t).splitlines():
        if line.startswith("001"):
            assert int(line[85:89]) == ranks[int(line[4:8])]


def test_legacy_extensions_are_read() -> None:
    text = "\n".join([
        "XXR 7",
        "XXC black1",
        "BBW  3.0",
        "BBD  1.0",
        "XXP 1 2",
        _line(1, "A", "1800", "0.0"),
        _line(2, "B", "1700", "0.0"),
        "XXA    1  1.0  0.5",
        "XXZ 2",
    ]) + "\n"
    t = read_trf(text)
    assert t.settings.rounds == 7 and t.settings.initial_colour is Colour.BLACK
    assert t.settings.scoring.win == 3 and t.settings.scoring.draw == 1
    assert t.settings.forbidden_pairs(1) == frozenset({frozenset((1, 2))})
    assert t.player(1).acceleration == (Fraction(1), Fraction(1, 2))
    assert t.round(1).byes == (Bye(2, Result.ZERO_BYE),)
