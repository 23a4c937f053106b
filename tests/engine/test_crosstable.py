"""engine/crosstable.py: the 12w1 cells, the round-robin square, the board and the
alphabetical lists (OTH-2.1 / OTH-5: Othello names Black first)."""

from __future__ import annotations

from monrad.engine.collation import sort_key
from monrad.engine.crosstable import (
    alphabetical_list,
    board_list,
    crosstable,
    square_table,
)
from monrad.engine.model import (
    Bye,
    Colour,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)
from monrad.engine.standings import standings


def _event(system: str = "dutch") -> Tournament:
    t = Tournament(settings=Settings(system=system, rounds=2))
    for n, name in ((1, "Østby, Per"), (2, "Berg, Kari"), (3, "Zorn, Ulf"), (4, "Ås, Eva"),
                    (5, "Aab, Tor")):
        t.add_player(Player(n, name))
    t.rounds += [Round(1, (Game(1, 2, Result.WIN), Game(3, 4, Result.DRAW)), (Bye(5),)),
                 Round(2, (Game(4, 1, Result.FORFEIT_WIN), Game(2, 5, Result.LOSS)),
                       (Bye(3, Result.ABSENT),))]
    return t


def test_crosstable_cells_name_opponent_rank_colour_result() -> None:
    t = _event()
    table = standings(t, [])
    rows = crosstable(t, table)
    pos = {r.start_no: i for i, r in enumerate(rows, 1)}
    by_no = {r.start_no: r for r in rows}
    assert [c.text() for c in by_no[1].cells] == [f"{pos[2]}w1", f"{pos[4]}b-"]
    assert [c.text() for c in by_no[5].cells] == ["+", f"{pos[2]}b1"]
    assert [c.text() for c in by_no[3].cells] == [f"{pos[4]}w½", "-"]


def test_round_robin_square_is_symmetric_with_both_games_of_a_double() -> None:
    t = Tournament(settings=Settings(system="double-round-robin", rounds=2))
    for n in (1, 2):
        t.add_player(Player(n, f"P{n}"))
    t.rounds += [Round(1, (Game(1, 2, Result.WIN),)), Round(2, (Game(2, 1, Result.DRAW),))]
    grid = square_table(t, standings(t, []))
    assert grid == (("", "1 ½"), ("0 ½", ""))


def test_oth_5_board_list_names_black_first_with_blacks_discs_first() -> None:
    t = Tournament(settings=Settings(system="othello-swiss", rounds=1))
    for n in (1, 2, 3):
        t.add_player(Player(n, f"P{n}"))
    t.rounds.append(Round(1, (Game(1, 2, Result.LOSS, Result.WIN, 20, 44),), (Bye(3),)))
    board, bye = board_list(t, t.rounds[0])
    assert (board.first, board.second, board.result) == (2, 1, "44-20")
    assert (bye.first, bye.second, bye.bye) == (3, None, Result.PAIRING_BYE)


def test_alphabetical_list_sorts_nordic_letters_after_z_and_leaves_the_absent_out() -> None:
    t = _event()
    names = {p.start_no: p.name for p in t.players}
    r1 = alphabetical_list(t, t.rounds[0], "nb")  # CLDR: aa is å in Norwegian (issue 37)
    assert [names[a.player] for a in r1] == ["Berg, Kari", "Zorn, Ulf", "Østby, Per", "Aab, Tor",
                                            "Ås, Eva"]
    assert [names[a.player] for a in alphabetical_list(t, t.rounds[0], "en")] == [
        "Aab, Tor", "Ås, Eva", "Berg, Kari", "Østby, Per", "Zorn, Ulf"]  # by the base letter
    by_name = {names[a.player]: a for a in r1}
    assert (by_name["Aab, Tor"].board, by_name["Aab, Tor"].bye) == (None, Result.PAIRING_BYE)
    berg = by_name["Berg, Kari"]
    assert (berg.board, berg.colour, berg.opponent) == (1, Colour.BLACK, 1)
    assert 3 not in {a.player for a in alphabetical_list(t, t.rounds[1])}
    assert sort_key("æ", "nb") < sort_key("ø", "nb") < sort_key("å", "nb")
