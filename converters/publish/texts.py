"""The words of the printed and published documents, in the four languages of the
workbook (``en``, ``no``, ``sv``, ``da``).  Tie-break names come from the workbook's
legend (:data:`monrad.converters.layout.TIEBREAK_NAMES`), so both say the same."""

from __future__ import annotations

from collections.abc import Mapping

from .. import layout as L

__all__ = ["WORDS", "Words", "words_for"]

#: key -> (en, no, sv, da); ``{n}`` is filled in where a text has one.
WORDS: dict[str, tuple[str, str, str, str]] = {
    "pairings": ("Pairings", "Paringer", "Lottning", "Parringer"),
    "pairings_round": ("Pairings round {n}", "Paringer runde {n}", "Lottning rond {n}",
                       "Parring runde {n}"),
    "alphabetical": ("Alphabetical pairings", "Alfabetisk paringsliste", "Alfabetisk lottning",
                     "Alfabetisk parringsliste"),
    "alphabetical_round": ("Alphabetical pairings round {n}", "Alfabetisk paringsliste runde {n}",
                           "Alfabetisk lottning rond {n}", "Alfabetisk parringsliste runde {n}"),
    "standings": ("Standings", "Tabell", "Ställning", "Stilling"),
    "standings_after": ("Standings after round {n}", "Tabell etter runde {n}",
                        "Ställning efter rond {n}", "Stilling efter runde {n}"),
    "crosstable": ("Crosstable", "Krysstabell", "Korstabell", "Krydstabel"),
    "crosstable_after": ("Crosstable after round {n}", "Krysstabell etter runde {n}",
                         "Korstabell efter rond {n}", "Krydstabel efter runde {n}"),
    "cards": ("Monrad cards", "Monradkort", "Monradkort", "Monradkort"),
    "card": ("Monrad card", "Monradkort", "Monradkort", "Monradkort"),
    "screen": ("Screen", "Skjerm", "Skärm", "Skærm"),
    "round": ("Round", "Runde", "Rond", "Runde"),
    "round_n": ("Round {n}", "Runde {n}", "Rond {n}", "Runde {n}"),
    "rounds": ("Rounds", "Runder", "Ronder", "Runder"),
    "r": ("R", "R", "R", "R"),
    "board": ("Board", "Bord", "Bord", "Bord"),
    "no": ("No.", "Nr.", "Nr", "Nr."),
    "name": ("Name", "Navn", "Namn", "Navn"),
    "club": ("Club", "Klubb", "Klubb", "Klub"),
    "rating": ("Rating", "Rating", "Rating", "Rating"),
    "rank": ("Rank", "Plass", "Plac", "Plads"),
    "points": ("Points", "Poeng", "Poäng", "Point"),
    "pts": ("Pts", "P", "P", "P"),
    "result": ("Result", "Resultat", "Resultat", "Resultat"),
    "opponent": ("Opponent", "Motstander", "Motståndare", "Modstander"),
    "colour": ("Colour", "Farge", "Färg", "Farve"),
    "white": ("White", "Hvit", "Vit", "Hvid"),
    "black": ("Black", "Svart", "Svart", "Sort"),
    "total": ("Total", "Sum", "Summa", "Sum"),
    "place": ("Place", "Plass", "Placering", "Placering"),
    "final_score": ("Final score", "Sluttsum", "Slutpoäng", "Slutscore"),
    "placement": ("List no.", "Listenr.", "Listnr", "Listenr."),
    "players": ("Players", "Spillere", "Deltagare", "Spillere"),
    "player": ("Player", "Spiller", "Spelare", "Spiller"),
    "perf": ("Perf.", "Prest.", "Prest.", "Præst."),
    "rating_change": ("Rating ±", "Rating ±", "Rating ±", "Rating ±"),
    "estimate": (("Performance and rating change are estimates (FIDE rating regulations, "
                 "K from the roster, else 20); the rating officer's figures decide."),
                 ("Prestasjon og ratingendring er anslag (FIDEs ratingregler, K fra "
                 "spillerlisten, ellers 20); ratingansvarliges tall gjelder."),
                 ("Prestation och ratingförändring är uppskattningar (FIDE:s ratingregler, "
                 "K från deltagarlistan, annars 20); ratingansvarigs siffror gäller."),
                 ("Præstation og ratingændring er skøn (FIDEs ratingregler, K fra "
                 "spillerlisten, ellers 20); ratingansvarliges tal gælder.")),
    "legend": ("Tie-breaks", "Korreksjoner", "Särskiljning", "Korrektioner"),
    "marks": (("w White, b Black; 1 win, ½ draw, 0 loss, + / - won / lost by forfeit or bye; "
              "the number is the opponent's place"),
              ("w hvit, b svart; 1 seier, ½ remis, 0 tap, + / - vunnet / tapt på w.o. eller fri; "
              "tallet er motstanderens plass"),
              ("w vit, b svart; 1 vinst, ½ remi, 0 förlust, + / - vunnet / förlorat på w.o. eller "
              "frirond; talet är motståndarens placering"),
              ("w hvid, b sort; 1 gevinst, ½ remis, 0 tab, + / - vundet / tabt uden kamp eller "
              "oversidder; tallet er modstanderens placering")),
    "bye": ("Bye", "Fri", "Frirond", "Oversidder"),
    "half_bye": ("Half-point bye", "Halvpoengs fri", "Halvpoängs frirond", "Halvpoints oversidder"),
    "full_bye": ("Full-point bye", "Helpoengs fri", "Helpoängs frirond", "Helpoints oversidder"),
    "zero_bye": ("Zero-point bye", "Fri uten poeng", "Frirond utan poäng", "Oversidder uden point"),
    "home": ("Standings", "Tabell", "Ställning", "Stilling"),
    "no_rounds": ("No round played yet", "Ingen runder spilt ennå", "Inga ronder spelade ännu",
                  "Ingen runder spillet endnu"),
    "black_first": ("Black (listed first) - White", "Svart (nevnt først) - Hvit",
                    "Svart (nämnd först) - Vit", "Sort (nævnt først) - Hvid"),
    "finals": ("Finals", "Finaler", "Finaler", "Finaler"),
    "match": ("Match", "Match", "Match", "Match"),
    "winner": ("Winner", "Vinner", "Vinnare", "Vinder"),
    "chooses": ("chooses colour", "velger farge", "väljer färg", "vælger farve"),
    "colours_swap": ("colours swap", "fargene byttes", "färgerna byts", "farverne byttes"),
    "final_ranking": ("Final ranking", "Endelig rekkefølge", "Slutlig placering",
                      "Endelig placering"),
    "game": ("Game", "Parti", "Parti", "Parti"),
    "final": ("Final", "Finale", "Final", "Finale"),
    "third place": ("Third place", "Bronsefinale", "Bronsmatch", "Bronzekamp"),
    "semi-final 1": ("Semi-final 1", "Semifinale 1", "Semifinal 1", "Semifinale 1"),
    "semi-final 2": ("Semi-final 2", "Semifinale 2", "Semifinal 2", "Semifinale 2"),
    "play-off": ("Play-off 4th/5th", "Omspill 4./5.", "Särspel 4:e/5:e", "Omkamp 4./5."),
    "swiss_place": ("Swiss place", "Plass i sveitseren", "Placering i schweizern",
                    "Placering i schweizeren"),
    "next_game": ("Next game", "Neste parti", "Nästa parti", "Næste parti"),
    "score": ("Score", "Stilling", "Ställning", "Stilling"),
}

_INDEX = {lang: i for i, lang in enumerate(L.LANGS)}


class Words:
    """The words of one language: ``w("round_n", n=3)``; ``w.tiebreak("BH/C1")``."""

    def __init__(self, lang: str) -> None:
        self.layout = L.layout_for(lang)
        self.lang = self.layout.lang
        self._i = _INDEX[self.lang]

    def __call__(self, key: str, **values: object) -> str:
        return WORDS[key][self._i].format(**values)

    def tiebreak(self, code: str) -> str:
        """The legend's name of a tie-break code, or the code itself."""
        return self.layout.tiebreak_name(code) or code

    def bye(self, kind: str) -> str:
        """The name of a bye kind (``PAIRING_BYE`` ...)."""
        key = {"HALF_BYE": "half_bye", "FULL_BYE": "full_bye", "ZERO_BYE": "zero_bye"}.get(kind, "bye")
        return self(key)

    def as_mapping(self) -> Mapping[str, str]:
        return {k: v[self._i] for k, v in WORDS.items()}


def words_for(lang: str) -> Words:
    """The :class:`Words` of ``lang`` (``nb``, ``se``, ``dk`` accepted); ``ValueError``
    naming the choices for an unknown language."""
    return Words(lang)
