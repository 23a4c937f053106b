"""CSV rosters and results: separators, decimal commas, encodings, Nordic result
notations, byes, located errors and the formula-injection guard."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import DATA, REPO

from monrad.converters.errors import InputError
from monrad.converters.tabular.csv_format import (
    guard,
    read_csv,
    read_results_csv,
    read_roster_csv,
    sniff_delimiter,
    unguard,
    write_csv,
    write_results_csv,
    write_roster_csv,
    write_table,
)
from monrad.converters.trf import read_trf
from monrad.engine.model import Bye, Game, Pending, Player, Result, Round, Tournament

EXAMPLE = REPO / "examples" / "club.trf"


def test_norwegian_roster_with_semicolons_and_bom() -> None:
    players = read_roster_csv(REPO / "examples" / "roster.csv")
    assert [p.start_no for p in players] == list(range(1, 9))
    first = players[0]
    # typed 'Ola Hansen': stored in FIDE order as on every path (issue 26)
    assert (first.name, first.club, first.rating) == ("Hansen, Ola", "Oslo SK", 2012)
    assert first.birth == "1990"


@pytest.mark.parametrize("sep", [",", ";", "\t"])
def test_separator_is_sniffed(sep: str) -> None:
    text = sep.join(["Nr", "Namn", "Klubb", "Rating"]) + "\n" + sep.join(
        ["1", "Berg, Kari" if sep != "," else '"Berg, Kari"', "Lunds ASK", "1850"]) + "\n"
    assert sniff_delimiter(text) == sep
    (p,) = read_roster_csv(text)
    assert (p.name, p.club, p.rating) == ("Berg, Kari", "Lunds ASK", 1850)


def test_utf8_with_bom_and_cp1252_fallback_warns() -> None:
    text = "Nr;Navn;Klubb\n1;Søren Ærø;Århus Skakklub\n"
    (a,) = read_roster_csv(b"\xef\xbb\xbf" + text.encode("utf-8"))
    warnings: list[str] = []
    t = read_csv(text.encode("cp1252"), warnings=warnings, name="old.csv")
    assert a.name == t.players[0].name == "Ærø, Søren"
    assert warnings[0] == "old.csv: not UTF-8, read as Windows-1252"
    assert warnings[1].startswith("old.csv: 1 name written First Last is stored Last, First")


NORDIC_RESULTS = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "½-½": (Result.DRAW, Result.DRAW),
    "1/2": (Result.DRAW, Result.DRAW),
    "0,5-0,5": (Result.DRAW, Result.DRAW),
    "=": (Result.DRAW, Result.DRAW),
    "remis": (Result.DRAW, Result.DRAW),
    "+/-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-/+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "-/-": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "1-0 WO": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "": (Result.UNKNOWN, Result.UNKNOWN),
}


@pytest.mark.parametrize("notation", list(NORDIC_RESULTS))
@pytest.mark.parametrize("sep", [",", ";"])
def test_results_in_nordic_notation(notation: str, sep: str) -> None:
    cell = f'"{notation}"' if sep in notation else notation
    text = f"Runde{sep}Bord{sep}Hvit{sep}Svart{sep}Resultat\n1{sep}1{sep}1{sep}2{sep}{cell}\n"
    t = read_csv(text)
    (g,) = t.round(1).games
    assert (g.white, g.black) == (1, 2)
    assert (g.white_result, g.black_result) == NORDIC_RESULTS[notation]


def test_postponed_and_othello_discs() -> None:
    t = read_csv("Round,White,Black,Result\n1,1,2,utsatt\n1,3,4,40-24\n")
    g1, g2 = t.round(1).games
    assert g1.pending is Pending.POSTPONED
    assert (g2.white_discs, g2.black_discs, g2.white_result) == (40, 24, Result.WIN)
    # OTH-6 resignation scores need othello=True (they need not add up to 64)
    (g,) = read_csv("Round,White,Black,Result\n1,1,2,13-0\n", othello=True).round(1).games
    assert (g.white_discs, g.black_discs) == (13, 0)


def test_bye_rows_and_their_kinds() -> None:
    text = ("Round,White,Black,Result\n1,1,2,1-0\n1,3,Fri,1\n1,4,bye,½\n1,5,bye,0\n"
            "1,6,bye,absent\n1,7,bye,full-point bye\n")
    r = read_csv(text).round(1)
    assert r.byes == (Bye(3, Result.PAIRING_BYE), Bye(4, Result.HALF_BYE), Bye(5, Result.ZERO_BYE),
                      Bye(6, Result.ABSENT), Bye(7, Result.FULL_BYE))


def test_names_instead_of_numbers_are_numbered_in_order_of_appearance() -> None:
    warnings: list[str] = []
    t = read_csv("Runde;Hvit;Svart;Resultat\n1;Ola Hansen;Kari Berg;0-1\n2;Kari Berg;Per Dahl;½-½\n",
                 warnings=warnings, name="names.csv")
    assert [(p.start_no, p.name) for p in t.players] == [(1, "Ola Hansen"), (2, "Kari Berg"),
                                                         (3, "Per Dahl")]
    assert t.round(2).games == (Game(2, 3, Result.DRAW),)
    assert warnings and "order of appearance" in warnings[0]


def test_results_against_a_roster() -> None:
    roster = [Player(1, "Hansen, Ola"), Player(2, "Berg, Kari")]
    t = read_results_csv('Round,White,Black,Result\n1,"Berg, Kari",1,1-0\n', roster)
    assert t.round(1).games == (Game(2, 1, Result.WIN),)
    with pytest.raises(InputError, match=r"<text>:2:3: field 'Black': there is no player number 9"):
        read_results_csv("Round,White,Black,Result\n1,1,9,1-0\n", roster)


# ------------------------------------------------------------------------------ errors
@pytest.mark.parametrize("text,where,what", [
    ("Nr,Navn,Elo\n1,Ola,1850\n2,Kari,abc\n", "<text>:3:3", "field 'Elo'"),
    ("Nr,Navn,Elo\n1,Ola,1850\n1,Kari,1700\n", "<text>:3:1", "used twice"),
    ("Round,White,Black,Result\n1,1,2,1-0\n1,3,4,2-0\n", "<text>:3:4", "field 'Result'"),
    ("Round,White,Black,Result\n1,1,2,1-0\n1,2,3,0-1\n", "<text>:3:2", "appears twice in round 1"),
    ("Round,White,Black,Result\nx,1,2,1-0\n", "<text>:2:1", "round 'x'"),
    ("Round,White,Black,Result\n1,1,,1-0\n", "<text>:2:3", "Black is missing"),
    ("Round,White,Black,Result\n1,1,1,1-0\n", "<text>:2:3", "cannot play against 1"),
    ("Foo,Bar\n1,2\n", "<text>:1", "no header row"),
    ('Nr,Navn\n1,"Ola\n', "<text>:", "CSV"),
    ('Nr,Navn\n1,"Ola"x\n', "<text>:2", "CSV"),
    ("Round,White,Black,Result\n1,1,2,30-30\n", "<text>:2:4", "not a chess result"),
])
def test_errors_name_line_and_field(text: str, where: str, what: str) -> None:
    with pytest.raises(InputError) as info:
        read_csv(text)
    message = str(info.value)
    assert message.startswith(where) and what in message and "\n" not in message


def test_line_numbers_count_quoted_line_breaks() -> None:
    text = 'Nr,Navn,Notes,Elo\n1,Ola,"two\nlines",1850\n2,Kari,,abc\n'
    with pytest.raises(InputError, match=r"^<text>:4:4: "):
        read_csv(text)


def test_empty_file_is_an_error() -> None:
    with pytest.raises(InputError, match="empty"):
        read_csv(b"", name="e.csv")


# ------------------------------------------------------------------------------ writing
def test_roster_round_trip_keeps_every_field(tmp_path: Path) -> None:
    players = [
        Player(1, "Hansen, Ola", sex="m", title="FM", rating=2312, federation="NOR",
               fide_id="1500000", birth="1990-04-01", club="Oslo SK", national_id="N123",
               national_rating=2290, extra={"E-post": "ola@example.org"}),
        Player(2, "Berg, Kari", rating=1790, withdrawn_after=3),
        Player(3, "Dahl, Per", entered_at=2),
    ]
    for sep in (",", ";"):
        back = read_roster_csv(write_roster_csv(players, delimiter=sep))
        assert back == players


def test_results_round_trip_over_oracle_files() -> None:
    for path in sorted((DATA / "oracle/dutch").glob("*ff-zb-hb*.trf"))[:4]:
        t = read_trf(path)
        assert read_csv(write_results_csv(t), roster=t.players).rounds == t.rounds
        alone = read_csv(write_results_csv(t, delimiter=";"))
        assert alone.rounds == t.rounds
        assert [p.name for p in alone.players if any(r.entry(p.start_no) for r in t.rounds)] == [
            p.name for p in t.players if any(r.entry(p.start_no) for r in t.rounds)]


def test_results_export_writes_nordic_notation_and_pending_words() -> None:
    t = Tournament(players=[Player(n, f"P{n}") for n in range(1, 9)])
    t.rounds.append(Round(1, (
        Game(1, 2, Result.DRAW), Game(3, 4, Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
        Game(5, 6, pending=Pending.ADJOURNED), Game(7, 8))))
    lines = write_results_csv(t).splitlines()
    assert lines[0] == "monrad,system=dutch"  # the settings row (issue 26)
    assert lines[2].startswith("1,1,1,2,½-½,")
    assert lines[3].startswith("1,2,3,4,-/-,")
    assert lines[4].startswith("1,3,5,6,adjourned,")
    assert lines[5].startswith("1,4,7,8,,")
    assert read_csv("\n".join(lines)).rounds == t.rounds


def test_exported_cells_are_guarded_against_formulas() -> None:
    t = Tournament(players=[Player(1, "=cmd|' /C calc'!A0"), Player(2, "@SUM(1+1)"),
                            Player(3, "+47 123"), Player(4, "-5"), Player(5, "'=x")])
    t.rounds.append(Round(1, (Game(1, 2, Result.FORFEIT_WIN), Game(3, 4, Result.FORFEIT_LOSS))))
    text = write_csv(t, kind="roster") + write_csv(t, kind="results")
    for line in text.splitlines():
        for cell in line.split(","):
            assert cell.lstrip('"')[:1] not in ("=", "@") or cell == "", line
    assert "'=cmd" in text and "'@SUM" in text and "'+47 123" in text
    assert ",-5," in text  # a plain number stays a number
    assert ",+/-," in text and ",-/+," in text  # forfeit codes stay readable
    back = read_csv(write_csv(t, kind="roster"))
    assert [p.name for p in back.players] == [p.name for p in t.players]
    assert read_csv(write_csv(t, kind="results"), roster=t.players).rounds == t.rounds


@pytest.mark.parametrize("cell,written", [
    ("=1+1", "'=1+1"), ("+A1", "'+A1"), ("-A1", "'-A1"), ("@x", "'@x"), ("\tx", "'\tx"),
    ("\rx", "'\rx"), ("-5", "-5"), ("+3", "+3"), ("0,5", "0,5"), ("-2.5", "-2.5"),
    ("+/-", "+/-"), ("-/+", "-/+"), ("-/-", "-/-"), ("'t Hooft", "'t Hooft"),
    ("'=x", "''=x"), ("''", "'''"), ("Hansen", "Hansen"), ("", ""),
])
def test_guard_rule(cell: str, written: str) -> None:
    assert guard(cell) == written
    assert unguard(written) == cell


def test_decimal_comma_with_semicolons() -> None:
    text = write_table(["name", "points"], [["A", 2.5], ["B", 3]], delimiter=";")
    assert text == "name;points\r\nA;2,5\r\nB;3\r\n"
    assert write_table(["points"], [[2.5]]) == "points\r\n2.5\r\n"


def test_csv_keeps_the_point_system_through_trf_csv_trf(tmp_path) -> None:
    """Issue 26: a 3/1/0 event converted TRF -> CSV -> TRF keeps its points per result
    (the CSV's settings row names them), so its standings do not change."""
    from monrad.converters import load, save
    from monrad.engine.model import Scoring
    from monrad.engine.standings import standings

    t = load(REPO / "examples" / "club.trf")
    t.settings = t.settings.replace(scoring=Scoring.three_one_zero())
    save(t, tmp_path / "a.trf")
    save(load(tmp_path / "a.trf"), tmp_path / "b.csv")
    warnings: list[str] = []
    save(load(tmp_path / "b.csv", warnings=warnings), tmp_path / "c.trf")
    back = load(tmp_path / "c.trf", warnings=warnings)
    assert warnings == []
    assert back.settings.scoring == Scoring.three_one_zero()
    assert standings(back).as_rows() == standings(t).as_rows()
    assert standings(back).rows[0].points == 9
