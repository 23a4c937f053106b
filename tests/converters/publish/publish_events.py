"""Finished events of every system, paired by monrad's own engine round by round
with results drawn from a seeded lot (wins, draws, forfeits; Othello disc counts),
and the little HTML table reader the document tests share."""

from __future__ import annotations

import random
from html.parser import HTMLParser

from monrad.engine.model import (
    Game,
    Player,
    Result,
    Round,
    Scoring,
    Settings,
    Tournament,
)
from monrad.engine.othello.discs import with_discs
from monrad.engine.pairing import is_othello, pair_round

#: (system, players, rounds, scoring) of the finished events the documents are tested on
EVENTS = {
    "nsf": (11, 5, Scoring.classic()),
    "ssf": (10, 5, Scoring.classic()),
    "dsu": (9, 5, Scoring.classic()),
    "school": (9, 5, Scoring.school()),
    "dutch": (12, 5, Scoring.classic()),
    "round-robin": (8, 7, Scoring.classic()),
    "othello-swiss": (9, 5, Scoring.classic()),
}

#: a name that must come out as text, never as markup
EVIL = '<script>alert("x")</script> & Co'


def finished_event(system: str, seed: int = 17) -> Tournament:
    n, rounds, scoring = EVENTS[system]
    rng = random.Random(f"{system}-{seed}")
    t = Tournament(settings=Settings(system=system, rounds=rounds, scoring=scoring,
                                     seeds={"lot": seed, "draw": seed, "colour": seed,
                                            "disc_flip": seed}),
                   info={"name": f"Test {system} & <b>cup</b>"})
    names = ["Øvrebø, Åse", "Berg, Kari", "Hansen, Ola", EVIL, "Ærø, Emil", "Andersen, Sofie",
             "Dahl, Trond", "Lund, Ida", "Moe, Per", "Vik, Nora", "Aas, Jon", "Ekdahl, Lisa"]
    for i in range(n):
        t.add_player(Player(i + 1, names[i], rating=2200 - 60 * i, club=f"SK {i % 3}",
                            extra={"K": "40"} if i == 0 else {}))
    othello = is_othello(t.settings)
    for _ in range(rounds):
        rnd = pair_round(t)
        games = []
        for g in rnd.games:
            if othello:
                b = rng.choice([20, 28, 32, 36, 40, 44, 50])
                games.append(with_discs(g, b, 64 - b))
                continue
            roll = rng.random()
            res = (Result.WIN if roll < 0.4 else Result.LOSS if roll < 0.75 else
                   Result.DRAW if roll < 0.95 else Result.FORFEIT_WIN)
            games.append(Game(g.white, g.black, res))
        t.set_round(Round(rnd.number, tuple(games), rnd.byes))
    return t


class Tables(HTMLParser):
    """Every ``<table>`` of a page as rows of cell texts (header row included)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None
        self._caption = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def body_rows(html: str, index: int = 0) -> list[list[str]]:
    """The rows of table ``index`` below its header row."""
    return Tables(html).tables[index][1:]
