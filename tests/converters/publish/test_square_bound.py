"""Issue 40 item 4: a players x players document is bounded.

A round-robin TRF of 3,000 players (300 KB) made the standings write a 3,000 x 3,000
crosstable (9 million cells: minutes and gigabytes); 6,000 players ran out of memory.
The square holds at most ``SQUARE_MAX_PLAYERS`` players; a larger field gets the
crosstable by round, which grows with the games, and a note saying why."""

from __future__ import annotations

import pytest
from publish_events import Tables, body_rows

from monrad.converters.publish import document_html
from monrad.engine.berger import berger_round
from monrad.engine.crosstable import SQUARE_MAX_PLAYERS, square_table
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament
from monrad.engine.standings import standings


def round_robin(players: int, rounds: int) -> Tournament:
    """``players`` in a round robin, the first ``rounds`` rounds of its Berger table
    played (White wins)."""
    t = Tournament(settings=Settings(system="round-robin", rounds=rounds))
    for n in range(1, players + 1):
        t.add_player(Player(n, f"Player {n}", rating=2000 - n))
    for r in range(1, rounds + 1):
        t.rounds.append(Round(r, tuple(Game(w, b, Result.WIN, Result.LOSS)
                                       for w, b in berger_round(players, r)
                                       if w <= players and b <= players)))
    return t


def test_issue40_item4_a_round_robin_too_large_for_a_square_is_shown_by_round() -> None:
    t = round_robin(SQUARE_MAX_PLAYERS + 50, 3)
    html = document_html(t, "crosstable", "en")
    head = Tables(html).tables[0][0]
    assert head[3:6] == ["R1", "R2", "R3"] and head[6] == "Points"  # not 150 columns
    rows = body_rows(html)
    assert len(rows) == SQUARE_MAX_PLAYERS + 50 and all(len(r) == len(head) for r in rows)
    assert (f"More than {SQUARE_MAX_PLAYERS} players: the crosstable by round, not as a "
            "square") in html


def test_issue40_item4_the_workbook_crosstable_sheet_grows_with_the_games() -> None:
    """``monrad standings`` on a workbook writes the Crosstable sheet."""
    from monrad.converters import layout as L
    from monrad.converters.publish.sheets import write_crosstable
    from monrad.converters.workbook.openpyxl_book import new_book

    t = round_robin(SQUARE_MAX_PLAYERS + 50, 3)
    book = new_book("rr.xlsx")
    lay = L.layout_for("en")
    sheet = write_crosstable(book, t, lay, standings(t))
    rows, cols = book.used_size(sheet)
    assert cols < 20 and rows < SQUARE_MAX_PLAYERS + 60
    cells = [c for row in book.read_range(sheet, 1, 1, rows, cols) for c in row]
    assert f"More than {SQUARE_MAX_PLAYERS} players: the crosstable by round, not as a " \
           "square" in cells


def test_issue40_item4_the_square_itself_refuses_more_than_it_holds() -> None:
    t = round_robin(SQUARE_MAX_PLAYERS + 1, 1)
    with pytest.raises(ValueError, match=rf"{SQUARE_MAX_PLAYERS + 1} players: more than a "
                                         "square crosstable holds"):
        square_table(t, standings(t))


def test_issue40_item4_a_round_robin_within_the_bound_keeps_its_square() -> None:
    t = round_robin(SQUARE_MAX_PLAYERS, 1)
    html = document_html(t, "crosstable", "en")
    head = Tables(html).tables[0][0]
    assert head[3:3 + SQUARE_MAX_PLAYERS] == [str(i) for i in range(1, SQUARE_MAX_PLAYERS + 1)]
    assert "not as a square" not in html
