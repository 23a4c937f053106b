"""The club workbook layout: sheet names, headers and the cells the tool owns.

One layout in four languages (``en``, ``no``, ``sv``, ``da``); see
``docs/workbook.md`` for the picture.  The workbook holds:

``Settings``  (user's)  label / value rows: tournament name, system, rounds, scoring,
              tie-breaks, Othello C, seed.  Read by label in any of the four languages.
``Players``   (user's)  the roster, one row per player under a header row; columns in
              any order, found by header (synonyms in
              :mod:`monrad.converters.club.sheets`).
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

import datetime as _dt
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..engine.i18n import Message, nptr, ptr
from ..engine.pairing import system_facts
from ..engine.tiebreak_labels import column_label
from .limits import fraction
from .notation import POSTPONED_LETTERS

__all__ = [
    "CHESS_RESULTS",
    "DATE_FORMATS",
    "EVENT_KEYS",
    "FORMAT_TEXTS",
    "FORMAT_TEXTS_BEFORE",
    "SETTINGS_KEYS_BEFORE",
    "LANGS",
    "LAYOUTS",
    "Layout",
    "OPTIONAL_PLAYER_COLUMNS",
    "OTHELLO_RESULTS",
    "PLAYERS_HEADER_ROW",
    "PLAYER_COLUMNS",
    "PRIZE_OPTIONS",
    "REPEATED_SETTINGS",
    "RESULT_COL",
    "SEX_LETTERS",
    "ROUND_COLUMNS",
    "ROUND_DATE_FORMATS",
    "ROUND_FIRST_ROW",
    "ROUND_TITLE_ROWS",
    "SETTINGS_FIRST_ROW",
    "SETTINGS_KEYS",
    "STANDINGS_FIRST_ROW",
    "TEXTS",
    "TIEBREAK_NAMES",
    "WOF_KEYS",
    "allows_postponed",
    "date_from_cell",
    "dated_round",
    "detect_layout",
    "halves_text",
    "sex_from_cell",
    "layout_for",
    "points_cell",
    "points_from_cell",
    "round_dates_cell",
    "round_dates_from_cell",
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
    "seed": {"en": "Seed", "no": "Frø (loddtrekning)", "sv": "Slumpfrö (lottdragning)",
             "da": "Lodtrækningsnøgle"},
    "initial_colour": {"en": "Colour of no. 1 in round 1", "no": "Farge for nr. 1 i runde 1",
                       "sv": "Färg för nr 1 i rond 1", "da": "Farve for nr. 1 i runde 1"},
    "konrad": {"en": "Konrad: meetings allowed", "no": "Konrad: tillatte møter",
               "sv": "Konrad: tillåtna möten", "da": "Konrad: tilladte møder"},
    # event details for the FIDE report (TRF 022, 032, 042, 052, 102, 122) and the WOF
    # header (issue 15 / issue 21 item 10): ``Tournament.info`` keys
    "city": {"en": "City", "no": "Sted", "sv": "Ort", "da": "By"},
    "federation": {"en": "Federation (FIDE code)", "no": "Forbund (FIDE-kode)",
                   "sv": "Förbund (FIDE-kod)", "da": "Forbund (FIDE-kode)"},
    "start_date": {"en": "Start date", "no": "Startdato", "sv": "Startdatum", "da": "Startdato"},
    "end_date": {"en": "End date", "no": "Sluttdato", "sv": "Slutdatum", "da": "Slutdato"},
    # one date per round, filled when a round is paired (issue 36 item 7; TRF 132)
    "round_dates": {"en": "Round dates", "no": "Rundedatoer", "sv": "Ronddatum",
                    "da": "Rundedatoer"},
    "arbiter": {"en": "Chief arbiter", "no": "Hoveddommer", "sv": "Huvuddomare",
                "da": "Hoveddommer"},
    "time_control": {"en": "Time control", "no": "Betenkningstid", "sv": "Betänketid",
                     "da": "Betænkningstid"},
    "wof_sender": {"en": "Sender (WOF)", "no": "Avsender (WOF)", "sv": "Avsändare (WOF)",
                   "da": "Afsender (WOF)"},
    "country": {"en": "Country (WOF)", "no": "Land (WOF)", "sv": "Land (WOF)",
                "da": "Land (WOF)"},
    # prize categories and the prize list (issue 41); the first two may stand on many rows
    "prize_category": {"en": "Prize category", "no": "Premiekategori", "sv": "Priskategori",
                       "da": "Præmiekategori"},
    "prizes": {"en": "Prizes", "no": "Premier", "sv": "Priser", "da": "Præmier"},
    "shared_places": {"en": "Shared places", "no": "Delt plass", "sv": "Delad placering",
                      "da": "Delt placering"},
    "one_prize": {"en": "One prize per player", "no": "Én premie per spiller",
                  "sv": "Ett pris per spelare", "da": "Én præmie pr. spiller"},
    "equal_prizes": {"en": "Equal prizes", "no": "Like premier", "sv": "Lika priser",
                     "da": "Lige præmier"},
}

#: Settings rows that may stand more than once (one row per category, per prize list)
REPEATED_SETTINGS = ("prize_category", "prizes")
#: the ``Settings.options`` key each prize row fills (engine/prizes.py ``OPTION_KEYS``)
PRIZE_OPTIONS = {"prize_category": "categories", "prizes": "prizes",
                 "shared_places": "shared_places", "one_prize": "one_prize",
                 "equal_prizes": "equal_prizes"}
#: earlier labels of :data:`SETTINGS_KEYS` that workbooks written before still hold,
#: read as the same setting (issue 37 item 8: the Swedish lot is a "lottdragning",
#: "lottning" is the pairing; the Danish seed is no "frø")
SETTINGS_KEYS_BEFORE: dict[str, tuple[str, ...]] = {
    "seed": ("Frö (lottning)", "Frø (lodtrækning)"),
}

#: Settings rows that are event details (``Tournament.info``), not pairing settings
EVENT_KEYS = ("city", "federation", "start_date", "end_date", "arbiter", "time_control",
              "wof_sender", "country")
#: event details only an Othello event's WOF rating file uses
WOF_KEYS = ("wof_sender", "country")

#: Help text shown next to each setting (column C of the Settings sheet); the colour of
#: no. 1 in round 1 is helped in the words of the system's round-1 rule
#: (``SystemFacts.initial_colour_help``, issue 36 item 6).
SETTINGS_HELP: dict[str, dict[str, str]] = {
    "system": {"en": "pick one from the list", "no": "velg fra listen", "sv": "välj i listan",
               "da": "vælg fra listen"},
    "scoring": {"en": "points for win-draw-loss: 1-½-0, 3-1-0, 3-2-1 (school)",
                "no": "poeng for seier-remis-tap: 1-½-0, 3-1-0, 3-2-1 (skole)",
                "sv": "poäng för vinst-remi-förlust: 1-½-0, 3-1-0, 3-2-1 (skola)",
                "da": "point for gevinst-remis-tab: 1-½-0, 3-1-0, 3-2-1 (skole)"},
    "tiebreaks": {"en": "codes, comma-separated; empty = the system's own",
                  "no": "koder, kommaseparert; tom = systemets egne",
                  "sv": "koder, kommaseparerade; tom = systemets egna",
                  "da": "koder, kommasepareret; tom = systemets egne"},
    "othello_c": {"en": "MBQ constant; empty = 64 / rounds", "no": "MBQ-konstant; tom = 64 / runder",
                  "sv": "MBQ-konstant; tom = 64 / ronder", "da": "MBQ-konstant; tom = 64 / runder"},
    "seed": {"en": "recorded seed for every lot drawn", "no": "registrert frø for all loddtrekning",
             "sv": "registrerat slumpfrö för all lottdragning",
             "da": "registreret nøgle til al lodtrækning"},
    "konrad": {"en": "Monrad: how often two players may meet (colours reverse); empty = once",
               "no": "Monrad: hvor ofte to spillere kan møtes (fargene byttes); tom = én gang",
               "sv": "Monrad: hur ofta två spelare får mötas (färgerna byts); tom = en gång",
               "da": "Monrad: hvor ofte to spillere må mødes (farverne byttes); tom = én gang"},
    "start_date": {"en": "YYYY/MM/DD (FIDE report)", "no": "ÅÅÅÅ/MM/DD (FIDE-rapport)",
                   "sv": "ÅÅÅÅ/MM/DD (FIDE-rapport)", "da": "ÅÅÅÅ/MM/DD (FIDE-rapport)"},
    "round_dates": {"en": "YYYY/MM/DD, one per round, comma-separated; filled in when a round is paired",
                    "no": "ÅÅÅÅ/MM/DD, én per runde, kommaseparert; fylles ut når en runde settes opp",
                    "sv": "ÅÅÅÅ/MM/DD, ett per rond, kommaseparerade; fylls i när en rond lottas",
                    "da": "ÅÅÅÅ/MM/DD, én pr. runde, kommasepareret; udfyldes, når en runde parres"},
    "wof_sender": {"en": "who sends the WOF rating file", "no": "hvem som sender WOF-ratingfilen",
                   "sv": "vem som skickar WOF-ratingfilen", "da": "hvem der sender WOF-ratingfilen"},
    "prize_category": {
        "en": "name: rating 1600-1799, born 2006-, sex w, club ..., group ...; a row per category",
        "no": "navn: rating 1600-1799, født 2006-, kjønn k, klubb ..., gruppe ...; en rad per kategori",
        "sv": "namn: rating 1600-1799, född 2006-, kön k, klubb ..., grupp ...; en rad per kategori",
        "da": "navn: rating 1600-1799, født 2006-, køn k, klub ..., gruppe ...; en række pr. kategori"},
    "prizes": {
        "en": "per place: 3000, 2000, 1000 (whole field) or U1800: 500, 300; a text for a "
              "trophy; a row per list",
        "no": "per plass: 3000, 2000, 1000 (alle) eller U1800: 500, 300; tekst for en pokal; "
              "en rad per liste",
        "sv": "per plats: 3000, 2000, 1000 (alla) eller U1800: 500, 300; text för en pokal; "
              "en rad per lista",
        "da": "pr. plads: 3000, 2000, 1000 (alle) eller U1800: 500, 300; tekst for en pokal; "
              "en række pr. liste"},
    "shared_places": {"en": "split (equally), hort or tie-break; empty = split",
                      "no": "deles (likt), hort eller korreksjon; tom = deles",
                      "sv": "delas (lika), hort eller särskiljning; tom = delas",
                      "da": "deles (ligeligt), hort eller korrektion; tom = deles"},
    "one_prize": {"en": "yes or no: the most valuable one; empty = yes",
                  "no": "ja eller nei: den mest verdifulle; tom = ja",
                  "sv": "ja eller nej: det mest värdefulla; tom = ja",
                  "da": "ja eller nej: den mest værdifulde; tom = ja"},
    "equal_prizes": {"en": "order (the list named first) or place (the better place); empty = order",
                     "no": "rekkefølge (listen nevnt først) eller plass (bedre plassering); "
                           "tom = rekkefølge",
                     "sv": "ordning (listan som nämns först) eller plats (bättre placering); "
                           "tom = ordning",
                     "da": "rækkefølge (listen nævnt først) eller plads (bedre placering); "
                           "tom = rækkefølge"},
}

#: Players columns of the template (internal field -> header per language).  The
#: reader finds them by header in any order (and accepts the synonyms of
#: :mod:`monrad.converters.club.sheets`).
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

#: Players columns written only when a player has a value in them (issue 41): the
#: free group and the player's own prize categories (``Player.extra`` keys).
OPTIONAL_PLAYER_COLUMNS: dict[str, dict[str, str]] = {
    "group": {"en": "Group", "no": "Gruppe", "sv": "Grupp", "da": "Gruppe"},
    "categories": {"en": "Categories", "no": "Premiekategorier", "sv": "Priskategorier",
                   "da": "Præmiekategorier"},
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
#: The xlwings Lite status cell under the buttons (label in the row above it), column E,
#: and how many lines of it monrad owns (the Lite code's workbook parts are written by
#: converters/book/lite_workbook.py; the place is here, where a press needs it without
#: importing that writer)
LITE_STATUS_ROW, LITE_STATUS_COL, LITE_STATUS_HEIGHT = 13, 5, 8

#: The result drop-down of a chess round (OTH rounds accept disc scores such as 40-24).
CHESS_RESULTS = ("1-0", "½-½", "0-1", "+/-", "-/+", "-/-")
#: the Othello result drop-down: disc counts, Black's first (OTH-6; any other count
#: may be typed), and the walkovers
OTHELLO_RESULTS = ("33-31", "34-30", "36-28", "40-24", "48-16", "64-0", "32-32", "31-33",
                   "30-34", "28-36", "24-40", "16-48", "0-64", "+/-", "-/+", "-/-")



#: Words monrad writes into a workbook and reads back, or knows its own sheets by: the
#: notes of games pending when a round was paired and of the round list it was paired
#: from (read again by every command), the word "adjourned" in it, the Explanation sheet's name and title (a sheet of that name
#: with another title is the user's and is never overwritten).  They are facts of the
#: file format like the sheet names and headers above, not messages (docs/i18n.md,
#: "Words of a file format"): a translation changed in the catalogs must never make a
#: workbook written before unreadable, so they stay in this table.
FORMAT_TEXTS: dict[str, dict[str, str]] = {
    "paired_around": {"en": "Still to be played when this round was paired:", "no": "Ikke ferdigspilt da denne runden ble satt opp:", "sv": "Ej färdigspelat när denna rond lottades:", "da": "Ikke færdigspillet, da denne runde blev parret:"},
    "paired_from": {"en": "Round list this round was paired from (start numbers, placement 1 first):", "no": "Rundelisten denne runden ble satt opp fra (startnumre, plass 1 først):", "sv": "Rondlistan denna rond lottades från (startnummer, placering 1 först):", "da": "Placeringslisten, denne runde blev parret fra (startnumre, placering 1 først):"},
    "adjourned": {"en": "adjourned", "no": "hengeparti", "sv": "avbrutet", "da": "hængeparti"},
    "explanation_sheet": {"en": "Explanation", "no": "Forklaring", "sv": "Förklaring", "da": "Forklaring"},
    "explanation_title": {"en": "Explanation - why each board is paired as it is", "no": "Forklaring - hvorfor hvert bord er satt opp slik", "sv": "Förklaring - varför varje bord lottades så", "da": "Forklaring - hvorfor hvert bord er parret sådan"},
}

#: earlier wordings of :data:`FORMAT_TEXTS` that workbooks written before still hold and
#: that are still recognised as monrad's own (DSU's word for a board is "bord"; monrad
#: wrote "bræt" until 0.1.0's catalogs were settled)
FORMAT_TEXTS_BEFORE: dict[str, dict[str, tuple[str, ...]]] = {
    "explanation_title": {"da": ("Forklaring - hvorfor hvert bræt er parret sådan",)},
}

#: Every other text the tool writes into a workbook (notes, the standings' heading and
#: legend, the drop-down's prompts, the xlwings Lite buttons and status cell): messages
#: of the catalogs (context ``workbook``, issue 29), written by :meth:`Layout.text` in
#: the workbook's language; where a message has a plural form, ``{k}`` chooses it.
TEXTS: dict[str, Message] = {
    "no_rounds": ptr("workbook", "Standings: no rounds played yet"),
    "results_missing": nptr("workbook", "Round {n}: results missing on {k} board",
                               "Round {n}: results missing on {k} boards", 0),
    "legend": ptr("workbook", "Tie-breaks"),
    "club_block": ptr("workbook", "monrad: what this workbook is paired with"),
    "pick_result": ptr("workbook", "Pick a result from the list"),
    "not_listed": ptr("workbook", "Not one of the listed results"),
    "lite_explain_script": ptr("workbook", "Explain round"),
    "explanation_headers": ptr("workbook", "Round|Board|White|Black|Rule|Reason"),
    "explanation_failed": ptr("workbook", "Round {n}: cannot be explained: {why}"),
    "lite_pair_button": ptr("workbook", "Pair next round"),
    "lite_standings_button": ptr("workbook", "Update standings"),
    "lite_repair_button": ptr("workbook", "New round sheet again"),
    "lite_status": ptr("workbook", "monrad says:"),
    "lite_paired": nptr("workbook", "Round {n} paired: {k} board{bye}",
                           "Round {n} paired: {k} boards{bye}", 0),
    "lite_repaired": nptr("workbook", "Round {n} paired again: {k} board{bye}",
                             "Round {n} paired again: {k} boards{bye}", 0),
    "lite_bye": ptr("workbook", "; bye: {names}"),
    "lite_standings": ptr("workbook", "Standings after round {n} written to sheet '{sheet}'"),
    "lite_standings_none": ptr("workbook", "Standings written to sheet '{sheet}': no round played yet"),
    "lite_already_paired": ptr("workbook", "Round {n} is already paired and has no results yet (sheet '{sheet}'): enter its results first, or press '{repair}'"),
    "lite_missing": nptr("workbook", "Round {n} is missing results on {k} board of sheet '{sheet}': {boards}",
                            "Round {n} is missing results on {k} boards of sheet '{sheet}': {boards}", 0),
    "lite_has_results": nptr("workbook", "Round {n} has {k} result entered; only a round without results can be paired again",
                                "Round {n} has {k} results entered; only a round without results can be paired again", 0),
    "lite_nothing_to_repair": ptr("workbook", "No round is paired yet"),
    "lite_no_players": ptr("workbook", "The sheet '{sheet}' has no players"),
    "lite_refused": ptr("workbook", "Not done: {detail}"),
    "lite_unexpected": ptr("workbook", "Unexpected error, nothing was changed: {detail}"),
    "lite_backup": ptr("workbook", "The sheets as they were before are kept in the hidden sheet '{sheet}'"),
    "lite_backup_title": ptr("workbook", "monrad: the sheets as they were before the last press"),
    "lite_renamed": ptr("workbook", "monrad's sheet '{sheet}' is now called '{found}'"),
    "lite_sheet_missing": ptr("workbook", "monrad's sheet '{sheet}' is missing (renamed?)"),
    "lite_rename_back": ptr("workbook", "Nothing was changed: monrad finds its sheets by their names, so give the sheet its name back and press again"),
    "lite_first_text": ptr("workbook", "Press a button: the answer appears here."),
    "lite_offline": ptr("workbook", "xlwings Lite installs its packages from the internet each time the workbook opens."),
    "lite_offline_fallback": ptr("workbook", "Without internet the buttons do not work: run 'monrad pair FILE' or 'monrad standings FILE' on a computer with monrad."),
    "lite_not_applied": ptr("workbook", "Formatting this Excel did not take: {what}"),
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
    "DE": {"en": "Direct encounter (place among the tied players; empty: does not apply)",
           "no": "Innbyrdes oppgjør (plass blant de like; tom: gjelder ikke)",
           "sv": "Inbördes resultat (placering bland de lika; tom: gäller inte)",
           "da": "Indbyrdes opgør (placering blandt de ligestillede; tom: gælder ikke)"},
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
    "LOT": {"en": "Drawing of lots", "no": "Loddtrekning", "sv": "Lottdragning",
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

#: The letters of the two sexes in a roster, per language (issue 26 item 11): the model
#: keeps FIDE's ``m``/``w`` (TRF-16 field 2); Norwegian, Swedish and Danish rosters
#: write ``m``/``k`` (mann/kvinne, man/kvinna, mand/kvinde).
SEX_LETTERS: dict[str, tuple[str, str]] = {"en": ("m", "w"), "no": ("m", "k"), "sv": ("m", "k"),
                                           "da": ("m", "k")}
#: what a roster's sex cell may say, in any of the four languages, and FIDE's letter for it
_SEX_WORDS = {**dict.fromkeys(("m", "man", "male", "mann", "mand", "men", "herre", "herr"), "m"),
              **dict.fromkeys(("w", "f", "k", "woman", "female", "women", "kvinne", "kvinna",
                               "kvinde", "dame"), "w")}


def sex_from_cell(text: str) -> str:
    """A roster's sex cell as the model keeps it: ``m`` or ``w`` (FIDE's letters) for the
    letters and words of the four languages (``k``, ``K``, ``F``, ``kvinne`` -> ``w``);
    anything else as typed.

    >>> sex_from_cell("K"), sex_from_cell("f"), sex_from_cell(" Mann "), sex_from_cell("x")
    ('w', 'w', 'm', 'x')
    """
    return _SEX_WORDS.get(text.strip().casefold(), text.strip())


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


#: the notations of a date in a cell or a file header: FIDE's and ISO first, then the
#: Nordic day-first ones
DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%d-%m-%Y")
#: a round's date may also be TRF 132's ``YY/MM/DD``
ROUND_DATE_FORMATS = ("%y/%m/%d", *DATE_FORMATS)


def date_from_cell(value: object, formats: Sequence[str] = DATE_FORMATS) -> _dt.date | None:
    """A date cell (a date, or text in one of ``formats``), ``None`` when it is none.

    >>> date_from_cell("15.01.2026"), date_from_cell("26/01/15", ROUND_DATE_FORMATS)
    (datetime.date(2026, 1, 15), datetime.date(2026, 1, 15))
    """
    if isinstance(value, _dt.datetime):
        return value.date()
    if isinstance(value, _dt.date):
        return value
    text = str(value or "").strip()
    for fmt in formats:
        try:
            return _dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def round_dates_from_cell(value: object) -> list[str]:
    """The round dates of a Settings (or ``monrad`` sheet) cell: one per round,
    separated by commas or semicolons (else blanks), each ``YYYY/MM/DD`` where it
    reads as a date and as typed where not (the FIDE report's check names it); an
    empty place is a round without a date.

    >>> round_dates_from_cell("08.01.2026, 2026-01-15;; 26/01/29")
    ['2026/01/08', '2026/01/15', '', '2026/01/29']
    """
    parts: list[object]
    if isinstance(value, (_dt.date, _dt.datetime)):
        parts = [value]
    else:
        text = str(value or "").strip()
        parts = list(re.split(r"\s*[,;]\s*", text) if re.search(r"[,;]", text) else text.split())
    out = []
    for part in parts:
        day = date_from_cell(part, ROUND_DATE_FORMATS)
        out.append(day.strftime("%Y/%m/%d") if day is not None else str(part).strip())
    return out


def round_dates_cell(dates: Sequence[object]) -> str:
    """The round dates as one cell: ``2026/01/08, 2026/01/15`` (see
    :func:`round_dates_from_cell`)."""
    return ", ".join(round_dates_from_cell(";".join(str(d or "") for d in dates))) if dates else ""


def dated_round(dates: Sequence[object], round_no: int, day: _dt.date) -> list[str] | None:
    """``dates`` with round ``round_no`` dated ``day`` when it has no date yet (issue 36
    item 7: a round is dated when it is paired); ``None`` when it has one.

    >>> dated_round(["2026/01/08"], 2, _dt.date(2026, 1, 15))
    ['2026/01/08', '2026/01/15']
    >>> dated_round(["2026/01/08", "2026/01/15"], 2, _dt.date(2026, 1, 14)) is None
    True
    """
    out = round_dates_from_cell(";".join(str(d or "") for d in dates)) if dates else []
    if len(out) >= round_no and out[round_no - 1]:
        return None
    out += [""] * (round_no - len(out))
    out[round_no - 1] = day.strftime("%Y/%m/%d")
    return out


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

    def colour_word(self, colour: object) -> str:
        """``white``/``black`` in the workbook's language (the Settings value)."""
        white = getattr(colour, "value", colour) == "w"
        return {"en": ("white", "black"), "no": ("hvit", "svart"), "sv": ("vit", "svart"),
                "da": ("hvid", "sort")}[self.lang][0 if white else 1]

    def postponed_choices(self) -> list[str]:
        """The result drop-down's entries for a postponed game: the word monrad writes,
        then the letters the federation's cards use in this language (DSU-1: ``u``).

        >>> layout_for("da").postponed_choices(), layout_for("sv").postponed_choices()
        (['udsat', 'u'], ['uppskjutet'])
        """
        return [self.postponed, *POSTPONED_LETTERS.get(self.lang, ())]

    def setting_label(self, key: str) -> str:
        return SETTINGS_KEYS[key][self.lang]

    def player_header(self, key: str) -> str:
        return PLAYER_COLUMNS[key][self.lang]

    def sex_cell(self, sex: str) -> str:
        """The model's ``m``/``w`` as this language's roster writes it (``w`` -> ``k``
        in Norwegian, Swedish and Danish); anything else as it is.

        >>> layout_for("no").sex_cell("w"), layout_for("en").sex_cell("w"), layout_for("sv").sex_cell("m")
        ('k', 'w', 'm')
        """
        canonical = sex_from_cell(sex)
        if canonical not in ("m", "w"):
            return sex
        return SEX_LETTERS[self.lang][0 if canonical == "m" else 1]

    def text(self, key: str, **values: object) -> str:
        """A text of :data:`TEXTS` (or :data:`FORMAT_TEXTS`) in this layout's language,
        filled in.

        >>> layout_for("sv").text("results_missing", n=3, k=1)
        'Rond 3: resultat saknas på 1 bord'
        >>> layout_for("en").text("results_missing", n=3, k=2)
        'Round 3: results missing on 2 boards'
        """
        if key in FORMAT_TEXTS:
            return FORMAT_TEXTS[key][self.lang].format(**values)
        m = TEXTS[key]
        count = int(values.get("k", 0)) if m.plural is not None else None  # type: ignore[call-overload]
        return Message(m.msgid, values, plural=m.plural, n=count, context=m.context).render(self.lang)

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

    def tiebreak_legend(self, codes: Sequence[str], system: str | None = None
                        ) -> list[tuple[str, str]]:
        """The legend under a table: (heading, words) per code with words, the code
        itself beside the words where the heading is the federation's own (issue 37:
        ``("KP", "Kvalitetspoäng (motståndarnas poäng) [QP]")``)."""
        out = []
        for code in codes:
            name = self.tiebreak_name(code)
            if name is None:
                continue
            label = column_label(code, self.lang, system)
            out.append((label, name if label == code else f"{name} [{code}]"))
        return out

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
