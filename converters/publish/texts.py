"""The words of the printed and published documents, in the four languages of the
workbook (``en``, ``no``, ``sv``, ``da``), from the message catalogs (issue 29).
Tie-break names come from the workbook's legend
(:data:`monrad.converters.layout.TIEBREAK_NAMES`), so both say the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ...engine.i18n import Message, ptr
from ...engine.tiebreak_labels import column_label
from .. import layout as L

__all__ = ["PAGE_NAMES", "WORDS", "Words", "words_for"]

#: key -> the word, a message of the catalogs (context ``document``, issue 29); ``{n}``
#: is filled in where a text has one.
WORDS: dict[str, Message] = {
    "pairings": ptr("document", "Pairings"),
    "pairings_round": ptr("document", "Pairings round {n}"),
    "alphabetical": ptr("document", "Alphabetical pairings"),
    "alphabetical_round": ptr("document", "Alphabetical pairings round {n}"),
    "standings": ptr("document", "Standings"),
    "standings_after": ptr("document", "Standings after round {n}"),
    "crosstable": ptr("document", "Crosstable"),
    "crosstable_after": ptr("document", "Crosstable after round {n}"),
    "not_square": ptr("document", "More than {n} players: the crosstable by round, not as a "
                                  "square"),
    "cards": ptr("document", "Monrad cards"),
    "card": ptr("document", "Monrad card"),
    "screen": ptr("document", "Screen"),
    "round": ptr("document", "Round"),
    "round_n": ptr("document", "Round {n}"),
    "rounds": ptr("document", "Rounds"),
    "r": ptr("document", "R"),
    "board": ptr("document", "Board"),
    "no": ptr("document", "No."),
    "name": ptr("document", "Name"),
    "club": ptr("document", "Club"),
    "rating": ptr("document", "Rating"),
    "rank": ptr("document", "Rank"),
    "points": ptr("document", "Points"),
    "pts": ptr("document", "Pts"),
    "result": ptr("document", "Result"),
    "opponent": ptr("document", "Opponent"),
    "colour": ptr("document", "Colour"),
    "white": ptr("document", "White"),
    "black": ptr("document", "Black"),
    "total": ptr("document", "Total"),
    "place": ptr("document", "Place"),
    "final_score": ptr("document", "Final score"),
    "placement": ptr("document", "List no."),
    "players": ptr("document", "Players"),
    "player": ptr("document", "Player"),
    "perf": ptr("document", "Perf."),
    "rating_change": ptr("document", "Rating ±"),
    "estimate": ptr("document", "Performance and rating change are estimates (FIDE rating regulations, K from the roster, else 20); the rating officer's figures decide."),
    "legend": ptr("document", "Tie-breaks"),
    "marks": ptr("document", "w White, b Black; 1 win, ½ draw, 0 loss, + / - won / lost by forfeit or bye; the number is the opponent's place"),
    "bye": ptr("document", "Bye"),
    "half_bye": ptr("document", "Half-point bye"),
    "full_bye": ptr("document", "Full-point bye"),
    "zero_bye": ptr("document", "Zero-point bye"),
    "home": ptr("document", "Standings"),
    "no_rounds": ptr("document", "No round played yet"),
    "black_first": ptr("document", "Black (listed first) - White"),
    "finals": ptr("document", "Finals"),
    "match": ptr("document", "Match"),
    "winner": ptr("document", "Winner"),
    "chooses": ptr("document", "chooses colour"),
    "colours_swap": ptr("document", "colours swap"),
    "final_ranking": ptr("document", "Final ranking"),
    "game": ptr("document", "Game"),
    "final": ptr("document", "Final"),
    "third place": ptr("document", "Third place"),
    "semi-final 1": ptr("document", "Semi-final 1"),
    "semi-final 2": ptr("document", "Semi-final 2"),
    "play-off": ptr("document", "Play-off 4th/5th"),
    "swiss_place": ptr("document", "Swiss place"),
    "next_game": ptr("document", "Next game"),
    "score": ptr("document", "Score"),
    # prize categories and the prize list (issue 41)
    "categories": ptr("document", "Categories"),
    "categories_after": ptr("document", "Category standings after round {n}"),
    "category": ptr("document", "Category"),
    "prize_list": ptr("document", "Prize list"),
    "prizes_after": ptr("document", "Prize list after round {n}"),
    "overall": ptr("document", "Overall"),
    "prize": ptr("document", "Prize"),
    "paid": ptr("document", "Paid"),
    "other_prizes": ptr("document", "Other prizes"),
    "not_awarded": ptr("document", "(no player qualifies)"),
    "payout": ptr("document", "Prize money per player"),
    "shared_split": ptr("document", "Shared places: the money of the places that players tied "
                        "on points take together is split equally among them."),
    "shared_hort": ptr("document", "Shared places: the Hort system; each tied player keeps half "
                       "the prize of the place the tie-breaks give, the other halves are split "
                       "equally among the players tied on points."),
    "shared_tiebreak": ptr("document", "Shared places: the tie-breaks decide; players they "
                           "cannot part split the money equally."),
    "one_prize_order": ptr("document", "One prize per player, the most valuable one; of two "
                           "equal prizes, the one of the list named first."),
    "one_prize_place": ptr("document", "One prize per player, the most valuable one; of two "
                           "equal prizes, the one for the better place."),
    "every_prize": ptr("document", "A player takes every prize they qualify for."),
}


#: the site's file names in each language (issue 37 item 7), plain ASCII so that every
#: web server and phone reads them; ``index.html`` is a web convention everywhere
PAGE_NAMES: dict[str, dict[str, str]] = {
    "en": {"crosstable": "crosstable", "cards": "cards", "round": "round-{n}",
           "screen": "screen-{n}", "player": "player-{n}", "finals": "finals",
           "prizes": "prizes"},
    "no": {"crosstable": "krysstabell", "cards": "monradkort", "round": "runde-{n}",
           "screen": "skjerm-{n}", "player": "spiller-{n}", "finals": "finaler",
           "prizes": "premier"},
    "sv": {"crosstable": "korstabell", "cards": "monradkort", "round": "rond-{n}",
           "screen": "skarm-{n}", "player": "spelare-{n}", "finals": "finaler",
           "prizes": "priser"},
    "da": {"crosstable": "krydstabel", "cards": "monradkort", "round": "runde-{n}",
           "screen": "skaerm-{n}", "player": "spiller-{n}", "finals": "finaler",
           "prizes": "praemier"},
}


class Words:
    """The words of one language: ``w("round_n", n=3)``; ``w.tiebreak("BH/C1")``."""

    def __init__(self, lang: str) -> None:
        self.layout = L.layout_for(lang)
        self.lang = self.layout.lang

    def __call__(self, key: str, **values: object) -> str:
        return WORDS[key].fill(**values).render(self.lang)

    def tiebreak(self, code: str) -> str:
        """The legend's name of a tie-break code, or the code itself."""
        return self.layout.tiebreak_name(code) or code

    def tiebreak_columns(self, codes: Sequence[str], system: str) -> list[tuple[str, str]]:
        """(heading, name) of each tie-break column: the heading as the system's
        federation prints it in this language, the name for its tooltip (issue 37)."""
        return [(column_label(c, self.lang, system), self.tiebreak(c)) for c in codes]

    def tiebreak_legend(self, codes: Sequence[str], system: str) -> list[tuple[str, str]]:
        """The legend under a table: heading, then the words and the code."""
        return self.layout.tiebreak_legend(codes, system)

    def page(self, kind: str, n: int | None = None) -> str:
        """The file name of a page of the site in this language (``page("player", 3)``
        -> ``spelare-3.html`` in Swedish)."""
        return PAGE_NAMES[self.lang][kind].format(n=n) + ".html"

    def bye(self, kind: str) -> str:
        """The name of a bye kind (``PAIRING_BYE`` ...)."""
        key = {"HALF_BYE": "half_bye", "FULL_BYE": "full_bye", "ZERO_BYE": "zero_bye"}.get(kind, "bye")
        return self(key)

    def as_mapping(self) -> Mapping[str, str]:
        return {k: v.render(self.lang) for k, v in WORDS.items()}


def words_for(lang: str) -> Words:
    """The :class:`Words` of ``lang`` (``nb``, ``se``, ``dk`` accepted); ``ValueError``
    naming the choices for an unknown language."""
    return Words(lang)
