"""The club workbook layout: sheet names, headers and the cells the tool owns.

One layout in four languages (``en``, ``no``, ``sv``, ``da``); see
``docs/workbook.md`` for the picture.  The workbook holds:

``Settings``  (user's)  label / value rows: tournament name, system, rounds, scoring,
              tie-breaks, Othello C, seed.  Read by label in any of the four languages.
``Players``   (user's)  the roster, one row per player under a header row; columns in
              any order, found by header (synonyms in
              :mod:`monrad.converters.club_sheets`).
``Round N``   (tool's, except the result cells) one sheet per round, created by
              "Pair next round": a title row, a header row, one row per board, then
              the byes.  The **Result** column of the board rows is the user's
              (drop-down, highlighted while empty); everything else on the sheet is
              written by the tool.  The sheet is the printable pairing list.
``Standings`` (tool's)  rewritten as a whole by "Update standings" (and after
              pairing): rank, number, name, club, rating, points, one column per
              tie-break.

We chose one sheet per round (rather than one long results table) because a new
round then never moves a cell the user typed: pairing adds a sheet, and the round
sheet doubles as the pairing list pinned on the wall.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from ..engine.pairing import system_facts
from .limits import fraction

__all__ = [
    "LANGS",
    "Layout",
    "LAYOUTS",
    "layout_for",
    "detect_layout",
    "SETTINGS_KEYS",
    "PLAYER_COLUMNS",
    "ROUND_COLUMNS",
    "ROUND_TITLE_ROWS",
    "ROUND_FIRST_ROW",
    "RESULT_COL",
    "STANDINGS_FIRST_ROW",
    "PLAYERS_HEADER_ROW",
    "SETTINGS_FIRST_ROW",
    "CHESS_RESULTS",
    "allows_postponed",
    "TEXTS",
    "TIEBREAK_NAMES",
    "points_cell",
    "points_from_cell",
    "halves_text",
]

LANGS = ("en", "no", "sv", "da")

#: Settings rows, in order (internal key -> label per language).
SETTINGS_KEYS: dict[str, dict[str, str]] = {
    "name": {"en": "Tournament", "no": "Turnering", "sv": "Turnering", "da": "Turnering"},
    "system": {"en": "System", "no": "System", "sv": "System", "da": "System"},
    "rounds": {"en": "Rounds", "no": "Runder", "sv": "Ronder", "da": "Runder"},
    "scoring": {"en": "Scoring", "no": "Poengsystem", "sv": "Poängsystem", "da": "Pointsystem"},
    "tiebreaks": {"en": "Tie-breaks", "no": "Korreksjoner", "sv": "Särskiljning",
                  "da": "Korrektioner"},
    "othello_c": {"en": "Othello C", "no": "Othello C", "sv": "Othello C", "da": "Othello C"},
    "seed": {"en": "Seed", "no": "Frø (loddtrekning)", "sv": "Frö (lottning)",
             "da": "Frø (lodtrækning)"},
    "initial_colour": {"en": "Colour of no. 1 in round 1", "no": "Farge for nr. 1 i runde 1",
                       "sv": "Färg för nr 1 i rond 1", "da": "Farve for nr. 1 i runde 1"},
    "konrad": {"en": "Konrad: meetings allowed", "no": "Konrad: tillatte møter",
               "sv": "Konrad: tillåtna möten", "da": "Konrad: tilladte møder"},
}

#: Help text shown next to each setting (column C of the Settings sheet).
SETTINGS_HELP: dict[str, dict[str, str]] = {
    "system": {"en": "nsf, ssf, dsu, dutch, school, round-robin, othello-swiss",
               "no": "nsf, ssf, dsu, dutch, school, round-robin, othello-swiss",
               "sv": "nsf, ssf, dsu, dutch, school, round-robin, othello-swiss",
               "da": "nsf, ssf, dsu, dutch, school, round-robin, othello-swiss"},
    "scoring": {"en": "classic (1-½-0), 3-1-0, school (3-2-1)",
                "no": "classic (1-½-0), 3-1-0, school (3-2-1)",
                "sv": "classic (1-½-0), 3-1-0, school (3-2-1)",
                "da": "classic (1-½-0), 3-1-0, school (3-2-1)"},
    "tiebreaks": {"en": "codes, comma-separated; empty = the system's own",
                  "no": "koder, kommaseparert; tom = systemets egne",
                  "sv": "koder, kommaseparerade; tom = systemets egna",
                  "da": "koder, kommasepareret; tom = systemets egne"},
    "othello_c": {"en": "MBQ constant; empty = 64 / rounds", "no": "MBQ-konstant; tom = 64 / runder",
                  "sv": "MBQ-konstant; tom = 64 / ronder", "da": "MBQ-konstant; tom = 64 / runder"},
    "seed": {"en": "recorded seed for every lot drawn", "no": "registrert frø for all loddtrekning",
             "sv": "registrerat frö för all lottning", "da": "registreret frø for al lodtrækning"},
    "initial_colour": {"en": "white or black; empty = drawn", "no": "hvit eller svart; tom = loddes",
                       "sv": "vit eller svart; tom = lottas", "da": "hvid eller sort; tom = lodtrækning"},
    "konrad": {"en": "Monrad: how often two players may meet (colours reverse); empty = once",
               "no": "Monrad: hvor ofte to spillere kan møtes (fargene byttes); tom = én gang",
               "sv": "Monrad: hur ofta två spelare får mötas (färgerna byts); tom = en gång",
               "da": "Monrad: hvor ofte to spillere må mødes (farverne byttes); tom = én gang"},
}

#: Players columns of the template (internal field -> header per language).  The
#: reader finds them by header in any order (and accepts the synonyms of
#: :mod:`monrad.converters.club_sheets`).
PLAYER_COLUMNS: dict[str, dict[str, str]] = {
    "start_no": {"en": "No.", "no": "Nr.", "sv": "Nr", "da": "Nr."},
    "name": {"en": "Name", "no": "Navn", "sv": "Namn", "da": "Navn"},
    "club": {"en": "Club", "no": "Klubb", "sv": "Klubb", "da": "Klub"},
    "rating": {"en": "Rating", "no": "Rating", "sv": "Rating", "da": "Rating"},
    "fide_id": {"en": "FIDE ID", "no": "FIDE-ID", "sv": "FIDE-ID", "da": "FIDE-ID"},
    "national_id": {"en": "National ID", "no": "NSF-ID", "sv": "SSF-ID", "da": "DSU-ID"},
    "birth": {"en": "Birth date", "no": "Fødselsdato", "sv": "Födelsedatum", "da": "Fødselsdato"},
    "sex": {"en": "Sex", "no": "Kjønn", "sv": "Kön", "da": "Køn"},
    "title": {"en": "Title", "no": "Tittel", "sv": "Titel", "da": "Titel"},
    "federation": {"en": "Federation", "no": "Forbund", "sv": "Förbund", "da": "Forbund"},
    "withdrawn_after": {"en": "Withdrawn after round", "no": "Trukket etter runde",
                        "sv": "Utgått efter rond", "da": "Udgået efter runde"},
    "entered_at": {"en": "Late entry in round", "no": "Sen start i runde",
                   "sv": "Sen start i rond", "da": "Sen start i runde"},
}

#: Round sheet columns (internal -> header per language); order is the sheet order.
ROUND_COLUMNS: dict[str, dict[str, str]] = {
    "board": {"en": "Board", "no": "Bord", "sv": "Bord", "da": "Bord"},
    "white_no": {"en": "No.", "no": "Nr.", "sv": "Nr", "da": "Nr."},
    "white": {"en": "White", "no": "Hvit", "sv": "Vit", "da": "Hvid"},
    "white_pts": {"en": "Pts", "no": "P", "sv": "P", "da": "P"},
    "result": {"en": "Result", "no": "Resultat", "sv": "Resultat", "da": "Resultat"},
    "black_pts": {"en": "Pts", "no": "P", "sv": "P", "da": "P"},
    "black_no": {"en": "No.", "no": "Nr.", "sv": "Nr", "da": "Nr."},
    "black": {"en": "Black", "no": "Svart", "sv": "Svart", "da": "Sort"},
}
#: Othello rows name Black first (OTH-5): the first player column holds the model's
#: ``Game.black`` and the result is Black's side first (discs ``40-24``, OTH-6).
OTHELLO_ROUND_HEADERS = {
    "white": {"en": "Black", "no": "Svart", "sv": "Svart", "da": "Sort"},
    "black": {"en": "White", "no": "Hvit", "sv": "Vit", "da": "Hvid"},
}

ROUND_TITLE_ROWS = 2  # title row + header row, repeated on every printed page
ROUND_FIRST_ROW = 3  # first board row
RESULT_COL = list(ROUND_COLUMNS).index("result") + 1  # column E
STANDINGS_FIRST_ROW = 3  # row 1 title, row 2 header
PLAYERS_HEADER_ROW = 1
SETTINGS_FIRST_ROW = 3  # row 1 title, row 2 header (Setting / Value / Help)

#: The result drop-down of a chess round (OTH rounds accept disc scores such as 40-24).
CHESS_RESULTS = ("1-0", "½-½", "0-1", "+/-", "-/+", "-/-")



#: Every other text the tool writes into a workbook, per language (``str.format``
#: patterns).  Messages printed by the command line stay English.
TEXTS: dict[str, dict[str, str]] = {
    "no_rounds": {"en": "Standings: no rounds played yet",
                  "no": "Tabell: ingen runder spilt ennå",
                  "sv": "Ställning: inga ronder spelade ännu",
                  "da": "Stilling: ingen runder spillet endnu"},
    "results_missing": {"en": "Round {n}: results missing on {k} board(s)",
                        "no": "Runde {n}: resultat mangler på {k} bord",
                        "sv": "Rond {n}: resultat saknas på {k} bord",
                        "da": "Runde {n}: resultat mangler på {k} bord"},
    "legend": {"en": "Tie-breaks", "no": "Korreksjoner", "sv": "Särskiljning",
               "da": "Korrektioner"},
    "pick_result": {"en": "Pick a result from the list", "no": "Velg et resultat fra listen",
                    "sv": "Välj ett resultat i listan", "da": "Vælg et resultat fra listen"},
    "not_listed": {"en": "Not one of the listed results", "no": "Ikke et av resultatene i listen",
                   "sv": "Inte ett av resultaten i listan",
                   "da": "Ikke et af resultaterne på listen"},
}

#: Short names of the tie-break codes for the legend under the standings (NSF-13B,
#: SSF-10, DSU, OTH-7/8 and FIDE C.07 codes; ``/Cn``, ``/Mn``, ``/Ln`` in
#: :data:`TIEBREAK_MODIFIERS`).
TIEBREAK_NAMES: dict[str, dict[str, str]] = {
    "PTS": {"en": "Points", "no": "Poeng", "sv": "Poäng", "da": "Point"},
    "BH": {"en": "Buchholz", "no": "Buchholz", "sv": "Buchholz", "da": "Buchholz"},
    "SB": {"en": "Sonneborn-Berger", "no": "Sonneborn-Berger", "sv": "Sonneborn-Berger",
           "da": "Sonneborn-Berger"},
    "PS": {"en": "Progressive score", "no": "Progressiv poengsum", "sv": "Progressiv poäng",
           "da": "Progressiv score"},
    "KS": {"en": "Koya", "no": "Koya", "sv": "Koya", "da": "Koya"},
    "DE": {"en": "Direct encounter", "no": "Innbyrdes oppgjør", "sv": "Inbördes resultat",
           "da": "Indbyrdes opgør"},
    "WIN": {"en": "Rounds won (byes and walkovers too)",
            "no": "Vunne runder (også fri og w.o.)",
            "sv": "Vunna ronder (även frirond och w.o.)",
            "da": "Vundne runder (også oversidder og w.o.)"},
    "WON": {"en": "Games won over the board", "no": "Vunne partier", "sv": "Antal vinster",
            "da": "Vundne partier"},
    "BPG": {"en": "Games with Black", "no": "Partier med svart", "sv": "Partier med svart",
            "da": "Partier med sort"},
    "BWG": {"en": "Games won with Black", "no": "Seire med svart", "sv": "Vinster med svart",
            "da": "Gevinster med sort"},
    "ARO": {"en": "Average rating of opponents", "no": "Motstandernes snittrating",
            "sv": "Motståndarnas medelrating", "da": "Modstandernes gennemsnitsrating"},
    "TPR": {"en": "Performance rating", "no": "Prestasjonsrating", "sv": "Prestationsrating",
            "da": "Præstationsrating"},
    "QP": {"en": "Quality points (opponents' scores)",
           "no": "Kvalitetspoeng (motstandernes poeng)",
           "sv": "Kvalitetspoäng (motståndarnas poäng)",
           "da": "Korrektion (modstandernes point)"},
    "NSF-QP": {"en": "Quality points, lowest struck (NSF)",
               "no": "Kvalitetspoeng, de laveste strøket (NSF)",
               "sv": "Kvalitetspoäng, de lägsta strukna (NSF)",
               "da": "Kvalitetspoint, de laveste strøget (NSF)"},
    "NSF-AB": {"en": "Struck scores added back", "no": "Strøkne poeng lagt til igjen",
               "sv": "Strukna poäng tillagda igen", "da": "Strøgne point lagt til igen"},
    "MSB": {"en": "Sonneborn-Berger (Monrad card)", "no": "Sonneborn-Berger (Monradkort)",
            "sv": "Sonneborn-Berger (Monradkort)", "da": "Sonneborn-Berger (Monradkort)"},
    "MBQ": {"en": "Brightwell quotient (MBQ)", "no": "Brightwell-kvotient (MBQ)",
            "sv": "Brightwell-kvot (MBQ)", "da": "Brightwell-kvotient (MBQ)"},
    "BQ": {"en": "Brightwell quotient", "no": "Brightwell-kvotient", "sv": "Brightwell-kvot",
           "da": "Brightwell-kvotient"},
    "DISCS": {"en": "Discs", "no": "Brikker", "sv": "Brickor", "da": "Brikker"},
    "LOT": {"en": "Drawing of lots", "no": "Loddtrekning", "sv": "Lottning",
            "da": "Lodtrækning"},
}

#: ``/C2``, ``/M1``, ``/L60`` in words (``{n}`` the number).
TIEBREAK_MODIFIERS: dict[str, dict[str, str]] = {
    "C": {"en": "lowest {n} cut", "no": "{n} laveste strøket", "sv": "{n} lägsta strukna",
          "da": "{n} laveste strøget"},
    "M": {"en": "lowest and highest {n} cut", "no": "{n} laveste og høyeste strøket",
          "sv": "{n} lägsta och högsta strukna", "da": "{n} laveste og højeste strøget"},
    "L": {"en": "limit {n} %", "no": "grense {n} %", "sv": "gräns {n} %", "da": "grænse {n} %"},
}

#: Languages that write half points with the ``½`` sign (``1½``).
HALF_SIGN_LANGS = frozenset({"no", "sv", "da"})


def halves_text(value: Fraction) -> str:
    """A whole or half score as a chess player writes it: ``1½``, ``½``, ``-1½``, ``3``.

    >>> halves_text(Fraction(3, 2)), halves_text(Fraction(1, 2)), halves_text(Fraction(4))
    ('1½', '½', '4')
    """
    if value.denominator not in (1, 2):
        raise ValueError(f"{value} is not a whole or half number")
    sign = "-" if value < 0 else ""
    whole, half = divmod(abs(value), 1)
    return f"{sign}{int(whole) if whole or not half else ''}{'½' if half else ''}"


def points_cell(value: Fraction, lang: str) -> int | float | str:
    """A score for a cell (decision, docs/workbook.md "Points"): whole numbers stay
    numbers; a half is ``1½`` text in Nordic workbooks (no number format can show the
    ``½`` sign), ``1.5`` a number in English ones."""
    if value.denominator == 1:
        return int(value)
    if lang in HALF_SIGN_LANGS and value.denominator == 2:
        return halves_text(value)
    return float(value)


def points_from_cell(value: object) -> Fraction | None:
    """A score cell read back: ``2``, ``1.5``, ``"1½"``, ``"½"``, ``"1,5"`` ->
    :class:`~fractions.Fraction`; ``None`` for an empty cell.

    >>> points_from_cell("1½"), points_from_cell(2), points_from_cell("½")
    (Fraction(3, 2), Fraction(2, 1), Fraction(1, 2))
    """
    if value is None or value == "":
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Fraction(value)
    text = str(value).strip().replace(",", ".")
    half = text.endswith("½")
    whole = text[:-1] if half else text
    if whole in ("", "-"):
        whole += "0"
    number = fraction(whole)
    return number + (Fraction(-1, 2) if number < 0 or whole.startswith("-") else Fraction(1, 2)) \
        if half else number


@dataclass(frozen=True)
class Layout:
    """Names and words of the workbook in one language."""

    lang: str
    settings_sheet: str
    players_sheet: str
    standings_sheet: str
    #: ``str.format`` pattern with ``{n}``: ``"Round {n}"``
    round_sheet: str
    round_title: str
    standings_title: str
    standings_rank: str
    standings_points: str
    settings_title: str
    settings_headers: tuple[str, str, str]
    players_title: str
    bye: str
    postponed: str
    white: str
    black: str

    def round_name(self, n: int) -> str:
        """The name of round ``n``'s sheet."""
        return self.round_sheet.format(n=n)

    def round_number(self, sheet: str) -> int | None:
        """The round number if ``sheet`` is a round sheet of this layout, else ``None``.

        >>> layout_for("no").round_number("Runde 12"), layout_for("en").round_number("Players")
        (12, None)
        """
        pattern = re.escape(self.round_sheet).replace(re.escape("{n}"), r"\s*(\d+)")
        m = re.fullmatch(pattern, sheet.strip(), re.IGNORECASE)
        return int(m.group(1)) if m else None

    def setting_label(self, key: str) -> str:
        return SETTINGS_KEYS[key][self.lang]

    def player_header(self, key: str) -> str:
        return PLAYER_COLUMNS[key][self.lang]

    def text(self, key: str, **values: object) -> str:
        """A text of :data:`TEXTS` in this layout's language, filled in."""
        return TEXTS[key][self.lang].format(**values)

    def standings_heading(self, upto: int) -> str:
        """``Standings after round 3``; before any round is complete: ``Standings: no
        rounds played yet``."""
        return self.standings_title.format(n=upto) if upto else self.text("no_rounds")

    def tiebreak_name(self, code: str) -> str | None:
        """The legend's words for a tie-break code (``BH/C1`` -> ``Buchholz, lowest 1
        cut``), ``None`` for a code without a name here."""
        base, *mods = code.strip().upper().split("/")
        names = TIEBREAK_NAMES.get(base)
        if names is None:
            return None
        words = [names[self.lang]]
        for m in mods:
            found = re.fullmatch(r"([CML])(\d+)", m)
            if found is None:
                return None
            words.append(TIEBREAK_MODIFIERS[found.group(1)][self.lang].format(n=found.group(2)))
        return ", ".join(words)

    def round_headers(self, othello: bool = False) -> list[str]:
        heads = []
        for key, names in ROUND_COLUMNS.items():
            if othello and key in OTHELLO_ROUND_HEADERS:
                names = OTHELLO_ROUND_HEADERS[key]
            heads.append(names[self.lang])
        return heads


LAYOUTS: dict[str, Layout] = {
    "en": Layout(
        "en", "Settings", "Players", "Standings", "Round {n}", "Round {n}",
        "Standings after round {n}", "Rank", "Points", "Tournament settings",
        ("Setting", "Value", "Help"), "Players", "Bye", "postponed", "White", "Black",
    ),
    "no": Layout(
        "no", "Innstillinger", "Spillere", "Tabell", "Runde {n}", "Runde {n}",
        "Tabell etter runde {n}", "Plass", "Poeng", "Turneringsinnstillinger",
        ("Innstilling", "Verdi", "Hjelp"), "Spillere", "Fri", "utsatt", "Hvit", "Svart",
    ),
    "sv": Layout(
        "sv", "Inställningar", "Deltagare", "Ställning", "Rond {n}", "Rond {n}",
        "Ställning efter rond {n}", "Plac", "Poäng", "Turneringsinställningar",
        ("Inställning", "Värde", "Hjälp"), "Deltagare", "Frirond", "uppskjutet", "Vit", "Svart",
    ),
    "da": Layout(
        "da", "Indstillinger", "Spillere", "Stilling", "Runde {n}", "Runde {n}",
        "Stilling efter runde {n}", "Plads", "Point", "Turneringsindstillinger",
        ("Indstilling", "Værdi", "Hjælp"), "Spillere", "Oversidder", "udsat", "Hvid", "Sort",
    ),
}


def layout_for(lang: str) -> Layout:
    """The layout in ``lang`` (``en``, ``no``, ``sv``, ``da``; ``nb``/``se``/``dk`` accepted)."""
    key = {"nb": "no", "nn": "no", "se": "sv", "dk": "da"}.get(lang.lower(), lang.lower())
    if key not in LAYOUTS:
        raise ValueError(f"unknown language {lang!r} (choose from {', '.join(LANGS)})")
    return LAYOUTS[key]


def detect_layout(sheet_names: list[str]) -> Layout | None:
    """The layout whose Settings sheet is in the workbook (``None``: not a monrad workbook).

    The Settings sheet decides, since Norwegian and Danish share ``Spillere``/``Runde``.

    >>> detect_layout(["Indstillinger", "Spillere", "Runde 1"]).lang
    'da'
    """
    names = {s.strip().casefold() for s in sheet_names}
    for lay in LAYOUTS.values():
        if lay.settings_sheet.casefold() in names and lay.players_sheet.casefold() in names:
            return lay
    return None


def is_othello(system: str) -> bool:
    """An Othello system (the system's own facts, OTH-5: Black named first, discs)."""
    return system_facts(system).game == "othello"


def allows_postponed(system: str) -> bool:
    """The system lets the next round be paired while a game is postponed or adjourned
    (NSF-5, SSF-3, DSU-1): the word for "postponed" joins the result drop-down."""
    return system_facts(system).postponed_games
