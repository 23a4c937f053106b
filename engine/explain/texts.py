"""The words of an explanation in English, Norwegian, Swedish and Danish (issue 18).

Every message has one template per language (``{name}`` fields filled from the
reason's arguments; a tuple of players is written ``3, 5, 7``, points as ``2.5``).
``tests/engine/test_explain_texts.py`` checks that every key has all four languages
with the same fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

__all__ = ["HEADINGS", "LANGUAGES", "MESSAGES", "heading", "render"]

#: en, no (bokmål), sv, da
LANGUAGES = ("en", "no", "sv", "da")

HEADINGS: dict[str, tuple[str, str, str, str]] = {
    "round": ("Round {round} ({system}): why each board is paired as it is",
              "Runde {round} ({system}): hvorfor hvert bord er satt opp slik",
              "Rond {round} ({system}): varför varje bord lottades så",
              "Runde {round} ({system}): hvorfor hvert bræt er parret sådan"),
    "order": ("Paired from (top first):", "Satt opp fra (øverst først):",
              "Lottad från (överst först):", "Parret fra (øverst først):"),
    "board": ("Board {board}: {white} - {black}", "Bord {board}: {white} - {black}",
              "Bord {board}: {white} - {black}", "Bræt {board}: {white} - {black}"),
    "bye": ("Bye: {player}", "Frirunde: {player}", "Frirond: {player}", "Oversidder: {player}"),
    "float_down": ("Floats down: {player}", "Flyter ned: {player}", "Flyter ned: {player}",
                   "Flyder ned: {player}"),
    "float_up": ("Floats up: {player}", "Flyter opp: {player}", "Flyter upp: {player}",
                 "Flyder op: {player}"),
    "file_same": ("The file's pairing is the one the rules give.",
                  "Filens oppsett er det reglene gir.",
                  "Filens lottning är den som reglerna ger.",
                  "Filens parring er den, reglerne giver."),
    "file_differs": ("The file's pairing differs from the one the rules give:",
                     "Filens oppsett avviker fra det reglene gir:",
                     "Filens lottning avviker från den som reglerna ger:",
                     "Filens parring afviger fra den, reglerne giver:"),
    "file_board": ("File board {board}: {white} - {black}", "Filens bord {board}: {white} - {black}",
                   "Filens bord {board}: {white} - {black}", "Filens bræt {board}: {white} - {black}"),
}

MESSAGES: dict[str, tuple[str, str, str, str]] = {
    # --- Monrad: the round list and the top player ------------------------------------
    "m_list": ("The players are paired from the round list, top first.",
               "Spillerne settes opp fra rundelisten, øverst først.",
               "Spelarna lottas från rondlistan, överst först.",
               "Spillerne parres fra rundelisten, øverst først."),
    "m_last_round": ("Last round: the colour rules are preferences and make nobody leave his score group.",
                     "Siste runde: fargereglene er ønsker og får ingen til å forlate sin poenggruppe.",
                     "Sista ronden: färgreglerna är önskemål och tvingar ingen ur sin poänggrupp.",
                     "Sidste runde: farvereglerne er ønsker og får ingen til at forlade sin pointgruppe."),
    "m_fallback": ("No pairing of this round keeps NSF-7A/7B, so it is paired as the last round is.",
                   "Ingen oppsett av runden holder NSF-7A/7B, så den settes opp som siste runde.",
                   "Ingen lottning av ronden håller NSF-7A/7B, så den lottas som sista ronden.",
                   "Ingen parring af runden overholder NSF-7A/7B, så den parres som sidste runde."),
    "m_top": ("{top} is the highest player not yet paired and is paired first.",
              "{top} er den høyeste spilleren som ikke er satt opp, og settes opp først.",
              "{top} är den högst placerade som inte är lottad och lottas först.",
              "{top} er den højeste spiller, der ikke er parret, og parres først."),
    "m_nearest": (("{opp} is the first player below {top} that he may meet and with whom the rest "
                  "of the round can still be paired."),
                  ("{opp} er den første under {top} som han kan møte, og som lar resten av runden "
                  "settes opp."),
                  ("{opp} är den första under {top} som han får möta och som låter resten av "
                  "ronden lottas."),
                  ("{opp} er den første under {top}, som han må møde, og som lader resten af "
                  "runden parre.")),
    "m_met": ("{p} is passed over: he has met {top} already.",
              "{p} hoppes over: han har møtt {top} før.",
              "{p} hoppas över: han har redan mött {top}.",
              "{p} springes over: han har mødt {top} før."),
    "m_konrad_met": ("{p} is passed over: he has met {top} as often as the Konrad setting allows ({limit}).",
                     "{p} hoppes over: han har møtt {top} så ofte som Konrad-innstillingen tillater ({limit}).",
                     "{p} hoppas över: han har mött {top} så ofta som Konrad-inställningen tillåter ({limit}).",
                     "{p} springes over: han har mødt {top} så ofte, som Konrad-indstillingen tillader ({limit})."),
    "m_forbidden": ("{p} is passed over: {top} and {p} must not meet (forbidden pair).",
                    "{p} hoppes over: {top} og {p} skal ikke møtes (forbudt par).",
                    "{p} hoppas över: {top} och {p} får inte mötas (förbjudet par).",
                    "{p} springes over: {top} og {p} må ikke mødes (forbudt par)."),
    "m_colour": (("{p} is passed over: every colour for {top} against {p} breaks {rules} (a 4th game "
                 "in a row with one colour, or more than half the games + 1 with one colour)."),
                 ("{p} hoppes over: enhver farge for {top} mot {p} bryter {rules} (4. parti på rad "
                 "med samme farge, eller mer enn halvparten + 1 med samme farge)."),
                 ("{p} hoppas över: varje färg för {top} mot {p} bryter {rules} (4:e partiet i rad "
                 "med samma färg, eller mer än hälften + 1 med samma färg)."),
                 ("{p} springes over: enhver farve for {top} mod {p} bryder {rules} (4. parti i træk "
                 "med samme farve, eller mere end halvdelen + 1 med samme farve).")),
    "m_breakup": (("{p} is passed over: with the pair {top} - {p} the players left could not all be "
                  "paired, so that pair is broken up and counted as one that cannot meet."),
                  ("{p} hoppes over: med paret {top} - {p} kunne ikke alle de gjenværende settes opp, "
                  "så paret brytes opp og regnes som et par som ikke kan møtes."),
                  ("{p} hoppas över: med paret {top} - {p} kunde inte alla återstående lottas, så "
                  "paret bryts upp och räknas som ett par som inte kan mötas."),
                  ("{p} springes over: med parret {top} - {p} kunne de resterende ikke alle parres, "
                  "så parret brydes op og regnes som et par, der ikke kan mødes.")),
    "m_pref_8a": (("{p} is passed over: {top} - {p} gives a player a third game in a row with one "
                  "colour, {top} - {opp} does not."),
                  ("{p} hoppes over: {top} - {p} gir en spiller tredje parti på rad med samme farge, "
                  "{top} - {opp} gjør ikke det."),
                  ("{p} hoppas över: {top} - {p} ger en spelare tredje partiet i rad med samma färg, "
                  "{top} - {opp} gör det inte."),
                  ("{p} springes over: {top} - {p} giver en spiller tredje parti i træk med samme "
                  "farve, {top} - {opp} gør ikke.")),
    "m_pref_8c": ("{p} is passed over: {top} and {p} are due the same colour, {opp} is due the other.",
                  "{p} hoppes over: {top} og {p} skal ha samme farge, {opp} skal ha den andre.",
                  "{p} hoppas över: {top} och {p} står på tur för samma färg, {opp} för den andra.",
                  "{p} springes over: {top} og {p} skal have samme farve, {opp} den anden."),
    "m_pref_11b": (("{p} is passed over: {top} - {opp} breaks fewer of the colour rules 7A/7B "
                   "than {top} - {p}."),
                   "{p} hoppes over: {top} - {opp} bryter færre av fargereglene 7A/7B enn {top} - {p}.",
                   "{p} hoppas över: {top} - {opp} bryter färre av färgreglerna 7A/7B än {top} - {p}.",
                   "{p} springes over: {top} - {opp} bryder færre af farvereglerne 7A/7B end {top} - {p}."),
    "m_group_down": (("{player} ({pts} points) has no possible opponent left in his own score group and "
                     "meets {opp} ({opp_pts}) of the nearest group below."),
                     ("{player} ({pts} poeng) har ingen mulig motstander igjen i sin poenggruppe og "
                     "møter {opp} ({opp_pts}) fra nærmeste gruppe under."),
                     ("{player} ({pts} poäng) har ingen möjlig motståndare kvar i sin poänggrupp och "
                     "möter {opp} ({opp_pts}) från närmaste grupp under."),
                     ("{player} ({pts} point) har ingen mulig modstander tilbage i sin pointgruppe og "
                     "møder {opp} ({opp_pts}) fra nærmeste gruppe under.")),
    "m_group_colour": ("The colour rules 7A/7B make {player} leave his score group.",
                       "Fargereglene 7A/7B gjør at {player} må forlate sin poenggruppe.",
                       "Färgreglerna 7A/7B tvingar {player} ur sin poänggrupp.",
                       "Farvereglerne 7A/7B får {player} til at forlade sin pointgruppe."),
    "m_group_up": (("{player} ({pts} points) meets {opp} ({opp_pts}), who came down from a higher "
                   "score group."),
                   "{player} ({pts} poeng) møter {opp} ({opp_pts}), som kom ned fra en høyere poenggruppe.",
                   "{player} ({pts} poäng) möter {opp} ({opp_pts}), som kom ned från en högre poänggrupp.",
                   "{player} ({pts} point) møder {opp} ({opp_pts}), der kom ned fra en højere pointgruppe."),
    "m_list_float": (("{player} ({pts} points) meets {opp} ({opp_pts}): the list is paired top-down "
                     "by placement, the next player he may meet."),
                     ("{player} ({pts} poeng) møter {opp} ({opp_pts}): listen settes opp ovenfra etter "
                     "plassering, neste spiller han kan møte."),
                     ("{player} ({pts} poäng) möter {opp} ({opp_pts}): listan lottas uppifrån efter "
                     "placering, nästa spelare han får möta."),
                     ("{player} ({pts} point) møder {opp} ({opp_pts}): listen parres oppefra efter "
                     "placering, næste spiller han må møde.")),
    # --- Monrad colours ---------------------------------------------------------------
    "c_konrad": ("{white} has White: they have met before and the colours of their latest game are reversed.",
                 "{white} har hvit: de har møttes før, og fargene fra forrige parti byttes.",
                 "{white} har vit: de har mötts förut och färgerna från senaste partiet byts.",
                 "{white} har hvid: de har mødt hinanden før, og farverne fra sidste parti byttes."),
    "c_initial": ("{white} has White: round 1 colours follow the tournament's initial colour.",
                  "{white} har hvit: fargene i runde 1 følger turneringens startfarge.",
                  "{white} har vit: färgerna i rond 1 följer turneringens startfärg.",
                  "{white} har hvid: farverne i runde 1 følger turneringens startfarve."),
    "c_7a": ("{white} has White: the other way round would break NSF-7A/7B.",
             "{white} har hvit: motsatt ville bryte NSF-7A/7B.",
             "{white} har vit: tvärtom skulle bryta NSF-7A/7B.",
             "{white} har hvid: omvendt ville bryde NSF-7A/7B."),
    "c_11b": ("{white} has White: it breaks the colour rules 7A/7B fewer times (last round).",
              "{white} har hvit: det bryter fargereglene 7A/7B færre ganger (siste runde).",
              "{white} har vit: det bryter färgreglerna 7A/7B färre gånger (sista ronden).",
              "{white} har hvid: det bryder farvereglerne 7A/7B færre gange (sidste runde)."),
    "c_8a": ("{white} has White: the other way round gives a player a third game in a row with one colour.",
             "{white} har hvit: motsatt ville gi en spiller tredje parti på rad med samme farge.",
             "{white} har vit: tvärtom skulle ge en spelare tredje partiet i rad med samma färg.",
             "{white} har hvid: omvendt ville give en spiller tredje parti i træk med samme farve."),
    "c_8b": ("{white} has White: it makes the White and Black counts as equal as possible.",
             "{white} har hvit: det gjør antall hvit og svart så likt som mulig.",
             "{white} har vit: det gör antalet vita och svarta så lika som möjligt.",
             "{white} har hvid: det gør antallet hvide og sorte så lige som muligt."),
    "c_8c": ("{white} has White: the colours alternate, each gets the colour he is due.",
             "{white} har hvit: fargene veksler, hver får fargen han skal ha.",
             "{white} har vit: färgerna växlar, var och en får den färg han står på tur för.",
             "{white} har hvid: farverne skifter, hver får den farve, han skal have."),
    "c_8d": (("{white} has White: no colour rule decides; the higher-ranked has White in even rounds, "
             "the lower-ranked in odd rounds."),
             ("{white} har hvit: ingen fargeregel avgjør; den høyest rangerte har hvit i partallsrunder, "
             "den lavest rangerte i oddetallsrunder."),
             ("{white} har vit: ingen färgregel avgör; den högre rankade har vit i jämna ronder, den "
             "lägre i udda ronder."),
             ("{white} har hvid: ingen farveregel afgør; den højest rangerede har hvid i lige runder, "
             "den lavest rangerede i ulige runder.")),
    "c_fewer_white": ("{white} has White: he has had White fewer times ({ww} against {bw}).",
                      "{white} har hvit: han har hatt hvit færre ganger ({ww} mot {bw}).",
                      "{white} har vit: han har haft vit färre gånger ({ww} mot {bw}).",
                      "{white} har hvid: han har haft hvid færre gange ({ww} mod {bw})."),
    "c_equal_lower": ("{white} has White: both have had White equally often, the lower-placed has White.",
                      "{white} har hvit: begge har hatt hvit like ofte, den lavest plasserte har hvit.",
                      "{white} har vit: båda har haft vit lika ofta, den lägre placerade har vit.",
                      "{white} har hvid: begge har haft hvid lige ofte, den lavest placerede har hvid."),
    "c_equal_higher": ("{white} has White: both have had White equally often, the better-placed has White.",
                       "{white} har hvit: begge har hatt hvit like ofte, den best plasserte har hvit.",
                       "{white} har vit: båda har haft vit lika ofta, den bättre placerade har vit.",
                       "{white} har hvid: begge har haft hvid lige ofte, den bedst placerede har hvid."),
    "c_first_lower": ("Round 1: {white}, the lower-placed of the pair, has White.",
                      "Runde 1: {white}, den lavest plasserte i paret, har hvit.",
                      "Rond 1: {white}, den lägre placerade i paret, har vit.",
                      "Runde 1: {white}, den lavest placerede i parret, har hvid."),
    "c_first_higher": ("Round 1: {white}, the higher-placed of the pair, has White.",
                       "Runde 1: {white}, den høyest plasserte i paret, har hvit.",
                       "Rond 1: {white}, den högre placerade i paret, har vit.",
                       "Runde 1: {white}, den højest placerede i parret, har hvid."),
    # --- Monrad byes ------------------------------------------------------------------
    "b_leftover": (("{player} is the player left over by the procedure in the lowest score group "
                   "holding players who have had neither a bye nor a walkover win."),
                   ("{player} blir til overs i den laveste poenggruppen med spillere som verken har "
                   "hatt frirunde eller vunnet på walkover."),
                   ("{player} blir över i den lägsta poänggruppen med spelare som varken haft frirond "
                   "eller vunnit på walkover."),
                   ("{player} bliver tilovers i den laveste pointgruppe med spillere, der hverken har "
                   "været oversidder eller vundet uden kamp.")),
    "b_lowest": ("{player} is the lowest-placed player without a bye after whom the others can all be paired.",
                 "{player} er den lavest plasserte uten frirunde som lar alle de andre settes opp.",
                 "{player} är den lägst placerade utan frirond som låter alla andra lottas.",
                 "{player} er den lavest placerede uden oversidning, der lader alle andre parre."),
    "b_rest": ("{p}, placed lower, cannot take the bye: the others could then not all be paired.",
               "{p}, plassert lavere, kan ikke få frirunden: da kunne ikke alle de andre settes opp.",
               "{p}, lägre placerad, kan inte få frironden: då kunde inte alla andra lottas.",
               "{p}, placeret lavere, kan ikke være oversidder: så kunne de andre ikke alle parres."),
    "b_had": ("{p}, placed lower, has had a bye (or a walkover win) already.",
              "{p}, plassert lavere, har allerede hatt frirunde (eller walkover-seier).",
              "{p}, lägre placerad, har redan haft frirond (eller walkover-vinst).",
              "{p}, placeret lavere, har allerede været oversidder (eller vundet uden kamp)."),
    "b_widened": (("Nobody in the first group of bye candidates could take it without making the "
                  "round impossible; the next group was used."),
                  ("Ingen i den første gruppen av frirundekandidater kunne få den uten å gjøre runden "
                  "umulig; neste gruppe ble brukt."),
                  ("Ingen i den första gruppen av friroundskandidater kunde få den utan att göra ronden "
                  "omöjlig; nästa grupp användes."),
                  ("Ingen i den første gruppe af oversidderkandidater kunne få den uden at gøre runden "
                  "umulig; næste gruppe blev brugt.")),
    "b_round1": ("Round 1: the bye goes to the highest start number.",
                 "Runde 1: frirunden går til høyeste startnummer.",
                 "Rond 1: frironden går till högsta startnumret.",
                 "Runde 1: oversidningen går til højeste startnummer."),
    # --- FIDE Dutch ---------------------------------------------------------------------
    "d_bracket": ("Score bracket {score}: residents {residents}; moved down {moved}; S1 {s1}; S2 {s2}.",
                  "Poenggruppe {score}: hjemmehørende {residents}; flyttet ned {moved}; S1 {s1}; S2 {s2}.",
                  "Poänggrupp {score}: hemmahörande {residents}; nedflyttade {moved}; S1 {s1}; S2 {s2}.",
                  "Scoregruppe {score}: hjemmehørende {residents}; flyttet ned {moved}; S1 {s1}; S2 {s2}."),
    "d_initial": ("{a} is no. {i} of S1 and meets no. {i} of S2 in the bracket of {score}: the initial pairing.",
                  "{a} er nr. {i} i S1 og møter nr. {i} i S2 i gruppen med {score}: utgangsoppsettet.",
                  "{a} är nr {i} i S1 och möter nr {i} i S2 i gruppen med {score}: grundlottningen.",
                  "{a} er nr. {i} i S1 og møder nr. {i} i S2 i gruppen med {score}: udgangsparringen."),
    "d_transposition": (("{a} (S1) meets {b} instead of {c}, the initial S2 partner: a transposition "
                        "of S2, the first one that meets the criteria best."),
                        ("{a} (S1) møter {b} i stedet for {c}, utgangspartneren i S2: en transposisjon "
                        "av S2, den første som oppfyller kriteriene best."),
                        ("{a} (S1) möter {b} i stället för {c}, grundpartnern i S2: en transposition "
                        "av S2, den första som uppfyller kriterierna bäst."),
                        ("{a} (S1) møder {b} i stedet for {c}, udgangspartneren i S2: en transposition "
                        "af S2, den første, der opfylder kriterierne bedst.")),
    "d_exchange": ("{a} and {b} both started in {half}: an exchange between S1 and S2 was needed.",
                   "{a} og {b} startet begge i {half}: en utveksling mellom S1 og S2 var nødvendig.",
                   "{a} och {b} började båda i {half}: ett utbyte mellan S1 och S2 behövdes.",
                   "{a} og {b} startede begge i {half}: en udveksling mellem S1 og S2 var nødvendig."),
    "d_moved_down": ("{a} was moved down from {pts} points and meets {b} of the bracket of {score}.",
                     "{a} ble flyttet ned fra {pts} poeng og møter {b} i gruppen med {score}.",
                     "{a} flyttades ned från {pts} poäng och möter {b} i gruppen med {score}.",
                     "{a} blev flyttet ned fra {pts} point og møder {b} i gruppen med {score}."),
    "d_unmet_c10": ("Not met by this pair: {players} both have a colour difference above 1 and want {colour}.",
                    "Ikke oppfylt av paret: {players} har begge fargedifferanse over 1 og vil ha {colour}.",
                    "Inte uppfyllt av paret: {players} har båda färgdifferens över 1 och vill ha {colour}.",
                    "Ikke opfyldt af parret: {players} har begge farvedifference over 1 og vil have {colour}."),
    "d_unmet_c11": ("Not met by this pair: {players} both have an absolute preference for {colour}.",
                    "Ikke oppfylt av paret: {players} har begge absolutt ønske om {colour}.",
                    "Inte uppfyllt av paret: {players} har båda absolut önskan om {colour}.",
                    "Ikke opfyldt af parret: {players} har begge absolut ønske om {colour}."),
    "d_unmet_c12": ("Not met by this pair: {players} both prefer {colour}, one does not get his colour.",
                    "Ikke oppfylt av paret: {players} vil begge ha {colour}, en får ikke sin farge.",
                    "Inte uppfyllt av paret: {players} vill båda ha {colour}, en får inte sin färg.",
                    "Ikke opfyldt af parret: {players} vil begge have {colour}, én får ikke sin farve."),
    "d_unmet_c13": ("Not met by this pair: {players} both have a strong preference for {colour}.",
                    "Ikke oppfylt av paret: {players} har begge sterkt ønske om {colour}.",
                    "Inte uppfyllt av paret: {players} har båda starkt önskemål om {colour}.",
                    "Ikke opfyldt af parret: {players} har begge stærkt ønske om {colour}."),
    "d_unmet_float": ("Not met by this pair: {player} floats {direction} again, as {ago} round(s) ago.",
                      "Ikke oppfylt av paret: {player} flyter {direction} igjen, som for {ago} runde(r) siden.",
                      "Inte uppfyllt av paret: {player} flyter {direction} igen, som för {ago} rond(er) sedan.",
                      "Ikke opfyldt af parret: {player} flyder {direction} igen, som for {ago} runde(r) siden."),
    "d_fd_odd": (("The bracket of {score} points has an odd number of players; as many pairs as "
                 "possible are made and the downfloater's score is as low as possible."),
                 ("Gruppen med {score} poeng har et odde antall spillere; så mange par som mulig "
                 "settes opp, og den som flyter ned har så lav poengsum som mulig."),
                 ("Gruppen med {score} poäng har ett udda antal spelare; så många par som möjligt "
                 "lottas och den som flyter ned har så låg poäng som möjligt."),
                 ("Gruppen med {score} point har et ulige antal spillere; så mange par som muligt "
                 "dannes, og den, der flyder ned, har så lav score som muligt.")),
    "d_fd_met": ("{player} has met, or may not meet, every other player left in his bracket.",
                 "{player} har møtt, eller kan ikke møte, alle andre som er igjen i gruppen.",
                 "{player} har mött, eller får inte möta, alla andra kvar i gruppen.",
                 "{player} har mødt, eller må ikke møde, alle andre tilbage i gruppen."),
    "d_fd_pairs": (("Pairing {player} in his bracket would leave fewer pairs, or players below who "
                   "cannot be paired."),
                   ("Å sette opp {player} i gruppen hans ville gitt færre par, eller spillere under "
                   "som ikke kan settes opp."),
                   ("Att lotta {player} i hans grupp skulle ge färre par, eller spelare under som "
                   "inte kan lottas."),
                   ("At parre {player} i hans gruppe ville give færre par, eller spillere under, "
                   "der ikke kan parres.")),
    "d_fd_next": ("The downfloaters are chosen so that the next bracket pairs as well as possible.",
                  "De som flyter ned velges slik at neste gruppe kan settes opp best mulig.",
                  "De som flyter ned väljs så att nästa grupp kan lottas så bra som möjligt.",
                  "Dem, der flyder ned, vælges, så næste gruppe kan parres bedst muligt."),
    "d_fu": ("{player} ({pts} points) meets {opp} ({opp_pts}), moved down into his bracket.",
             "{player} ({pts} poeng) møter {opp} ({opp_pts}), flyttet ned i gruppen hans.",
             "{player} ({pts} poäng) möter {opp} ({opp_pts}), nedflyttad till hans grupp.",
             "{player} ({pts} point) møder {opp} ({opp_pts}), flyttet ned i hans gruppe."),
    "d_521": ("{white} has White: both players get the colour they prefer.",
              "{white} har hvit: begge får fargen de ønsker.",
              "{white} har vit: båda får den färg de önskar.",
              "{white} har hvid: begge får den farve, de ønsker."),
    "d_522": ("{white} has White: the stronger colour preference ({player}) is granted.",
              "{white} har hvit: det sterkeste fargeønsket ({player}) innfris.",
              "{white} har vit: det starkaste färgönskemålet ({player}) uppfylls.",
              "{white} har hvid: det stærkeste farveønske ({player}) opfyldes."),
    "d_523": ("{white} has White: the colours alternate to the latest round in which the two had different colours.",
              "{white} har hvit: fargene veksler fra siste runde der de to hadde ulik farge.",
              "{white} har vit: färgerna växlar från senaste ronden där de två hade olika färg.",
              "{white} har hvid: farverne skifter fra seneste runde, hvor de to havde forskellig farve."),
    "d_524": ("{white} has White: the higher-ranked player's preference is granted.",
              "{white} har hvit: den høyest rangerte spillerens ønske innfris.",
              "{white} har vit: den högre rankade spelarens önskemål uppfylls.",
              "{white} har hvid: den højest rangerede spillers ønske opfyldes."),
    "d_525": (("{white} has White: no colour preferences; the higher-ranked player gets the initial "
              "colour if his pairing number is odd, the other colour if it is even."),
              ("{white} har hvit: ingen fargeønsker; den høyest rangerte får startfargen hvis "
              "paringsnummeret er odde, ellers den andre."),
              ("{white} har vit: inga färgönskemål; den högre rankade får startfärgen om hans "
              "lottningsnummer är udda, annars den andra."),
              ("{white} har hvid: ingen farveønsker; den højest rangerede får startfarven, hvis "
              "hans parringsnummer er ulige, ellers den anden.")),
    "d_bye_c2": ("{player} has had neither the pairing-allocated bye nor a win without playing.",
                 "{player} har verken hatt frirunde eller vunnet uten å spille.",
                 "{player} har varken haft frirond eller vunnit utan att spela.",
                 "{player} har hverken været oversidder eller vundet uden at spille."),
    "d_bye_c5": ("No player who may get the bye has a lower score ({pts} points).",
                 "Ingen som kan få frirunden har lavere poengsum ({pts} poeng).",
                 "Ingen som kan få frironden har lägre poäng ({pts} poäng).",
                 "Ingen, der kan være oversidder, har lavere score ({pts} point)."),
    "d_bye_c9": ("Among them he has the fewest unplayed games ({unplayed}).",
                 "Blant dem har han færrest uspilte partier ({unplayed}).",
                 "Bland dem har han minst antal ospelade partier ({unplayed}).",
                 "Blandt dem har han færrest uspillede partier ({unplayed})."),
    "d_bye_rank": ("He is the lowest-ranked of the players left for it.",
                   "Han er den lavest rangerte av dem som er igjen.",
                   "Han är den lägst rankade av dem som är kvar.",
                   "Han er den lavest rangerede af dem, der er tilbage."),
    "d_worse": (("The file's pairing fulfils this criterion worse in the bracket of {score}: "
                "{file} against {rules} with the rules' pairing."),
                ("Filens oppsett oppfyller dette kriteriet dårligere i gruppen med {score}: "
                "{file} mot {rules} med reglenes oppsett."),
                ("Filens lottning uppfyller detta kriterium sämre i gruppen med {score}: "
                "{file} mot {rules} med reglernas lottning."),
                ("Filens parring opfylder dette kriterium dårligere i gruppen med {score}: "
                "{file} mod {rules} med reglernes parring.")),
    "d_worse_all": (("The file's pairing fulfils this criterion worse: {file} against {rules} with "
                    "the rules' pairing."),
                    ("Filens oppsett oppfyller dette kriteriet dårligere: {file} mot {rules} med "
                    "reglenes oppsett."),
                    ("Filens lottning uppfyller detta kriterium sämre: {file} mot {rules} med "
                    "reglernas lottning."),
                    ("Filens parring opfylder dette kriterium dårligere: {file} mod {rules} med "
                    "reglernes parring.")),
    "d_order": (("Equally good on every criterion; the rules choose by the order of S1/S2 "
                "(transpositions and exchanges)."),
                ("Like god på alle kriterier; reglene velger etter rekkefølgen i S1/S2 "
                "(transposisjoner og utvekslinger)."),
                ("Lika bra på alla kriterier; reglerna väljer efter ordningen i S1/S2 "
                "(transpositioner och utbyten)."),
                ("Lige god på alle kriterier; reglerne vælger efter rækkefølgen i S1/S2 "
                "(transpositioner og udvekslinger).")),
    # --- a file's round against the rules (Monrad and others) ----------------------------
    "f_breaks_met": ("The file pairs {a} with {b}, who have met already.",
                     "Filen setter opp {a} mot {b}, som har møttes før.",
                     "Filen lottar {a} mot {b}, som redan har mötts.",
                     "Filen parrer {a} med {b}, som har mødt hinanden før."),
    "f_breaks_colour": ("The file's colours for {a} - {b} break {rules}.",
                        "Filens farger for {a} - {b} bryter {rules}.",
                        "Filens färger för {a} - {b} bryter {rules}.",
                        "Filens farver for {a} - {b} bryder {rules}."),
    "f_first": ("The rules pair {top} with {opp} first (board {board} of the rules' pairing).",
                "Reglene setter opp {top} mot {opp} først (bord {board} i reglenes oppsett).",
                "Reglerna lottar {top} mot {opp} först (bord {board} i reglernas lottning).",
                "Reglerne parrer {top} med {opp} først (bræt {board} i reglernes parring)."),
    "f_colours": ("Same pair, other colours: the rules give {white} White.",
                  "Samme par, andre farger: reglene gir {white} hvit.",
                  "Samma par, andra färger: reglerna ger {white} vit.",
                  "Samme par, andre farver: reglerne giver {white} hvid."),
    "f_bye": ("The rules give the bye to {player}, the file to {file}.",
              "Reglene gir frirunden til {player}, filen til {file}.",
              "Reglerna ger frironden till {player}, filen till {file}.",
              "Reglerne giver oversidningen til {player}, filen til {file}."),
    # --- round robin ------------------------------------------------------------------
    "rr_row": ("Round {table_round} of the Berger table for {n} players: pairing numbers {a} - {b}.",
               "Runde {table_round} i Berger-tabellen for {n} spillere: paringsnumrene {a} - {b}.",
               "Rond {table_round} i Bergertabellen för {n} spelare: lottningsnumren {a} - {b}.",
               "Runde {table_round} i Berger-tabellen for {n} spillere: parringsnumrene {a} - {b}."),
    "rr_second": ("Second cycle: round {table_round} of the table again with the colours reversed.",
                  "Andre runde-omgang: runde {table_round} i tabellen igjen med byttede farger.",
                  "Andra varvet: rond {table_round} i tabellen igen med bytta färger.",
                  "Anden omgang: runde {table_round} i tabellen igen med byttede farver."),
    "rr_swapped": ("The last two rounds of the first cycle are swapped (so no one has the same colour three times at the turn).",
                   "De to siste rundene i første omgang er byttet (så ingen får samme farge tre ganger ved skiftet).",
                   "De två sista ronderna i första varvet är bytta (så ingen får samma färg tre gånger vid skiftet).",
                   "De to sidste runder i første omgang er byttet (så ingen får samme farve tre gange ved skiftet)."),
    "rr_othello": ("Othello: the player named first in the table plays Black.",
                   "Othello: spilleren som står først i tabellen spiller svart.",
                   "Othello: spelaren som står först i tabellen spelar svart.",
                   "Othello: spilleren, der står først i tabellen, spiller sort."),
    "rr_bye_dummy": ("Odd number of players: {player}'s table opponent is the empty place.",
                     "Odde antall spillere: {player}s motstander i tabellen er den tomme plassen.",
                     "Udda antal spelare: {player}s motståndare i tabellen är den tomma platsen.",
                     "Ulige antal spillere: {player}s modstander i tabellen er den tomme plads."),
    "rr_bye_absent": ("{player}'s table opponent {opp} does not play this round; the table is not re-paired.",
                      "{player}s motstander i tabellen, {opp}, spiller ikke denne runden; tabellen settes ikke opp på nytt.",
                      "{player}s motståndare i tabellen, {opp}, spelar inte denna rond; tabellen lottas inte om.",
                      "{player}s modstander i tabellen, {opp}, spiller ikke denne runde; tabellen parres ikke om."),
    # --- Othello Swiss -----------------------------------------------------------------
    "o_order": ("The players are ordered by match points, then MBQ, then rating, then start number.",
                "Spillerne ordnes etter matchpoeng, så MBQ, så rating, så startnummer.",
                "Spelarna ordnas efter matchpoäng, sedan MBQ, sedan rating, sedan startnummer.",
                "Spillerne ordnes efter matchpoint, så MBQ, så rating, så startnummer."),
    "o_top": ("{top} ({pts} points, MBQ {mbq}) is the highest player not yet paired.",
              "{top} ({pts} poeng, MBQ {mbq}) er den høyeste som ikke er satt opp.",
              "{top} ({pts} poäng, MBQ {mbq}) är den högsta som inte är lottad.",
              "{top} ({pts} point, MBQ {mbq}) er den højeste, der ikke er parret."),
    "o_rematch": ("No pairing without a rematch exists; pairs that met {times} time(s) are allowed.",
                  "Ingen oppsett uten omkamp finnes; par som har møttes {times} gang(er) tillates.",
                  "Ingen lottning utan omkamp finns; par som mötts {times} gång(er) tillåts.",
                  "Ingen parring uden omkamp findes; par, der har mødt hinanden {times} gang(e), tillades."),
    "o_fewer_black": ("{black} plays Black: he has had Black fewer times.",
                      "{black} spiller svart: han har hatt svart færre ganger.",
                      "{black} spelar svart: han har haft svart färre gånger.",
                      "{black} spiller sort: han har haft sort færre gange."),
    "o_alternate": ("{black} plays Black: the colours alternate from the latest game in which they differed.",
                    "{black} spiller svart: fargene veksler fra siste parti der de var ulike.",
                    "{black} spelar svart: färgerna växlar från senaste partiet där de skilde sig.",
                    "{black} spiller sort: farverne skifter fra seneste parti, hvor de var forskellige."),
    "o_board": ("{black} plays Black: equal colour histories; the higher-placed has Black on odd boards.",
                "{black} spiller svart: like fargehistorier; den høyeste har svart på odde bord.",
                "{black} spelar svart: lika färghistorik; den högre placerade har svart på udda bord.",
                "{black} spiller sort: ens farvehistorik; den højest placerede har sort på ulige brætter."),
    "o_bye": ("{player} is the lowest-placed player who may take the bye and after whom the others can all be paired.",
              "{player} er den lavest plasserte som kan få frirunden og som lar alle andre settes opp.",
              "{player} är den lägst placerade som får ta frironden och som låter alla andra lottas.",
              "{player} er den lavest placerede, der må være oversidder, og som lader alle andre parre."),
    # --- any other system ------------------------------------------------------------
    "g_paired": ("Paired by the system {system}.", "Satt opp etter systemet {system}.",
                 "Lottad enligt systemet {system}.", "Parret efter systemet {system}."),
}

_COLOURS = {"white": ("White", "hvit", "vit", "hvid"), "black": ("Black", "svart", "svart", "sort")}
_DIRECTIONS = {"down": ("down", "ned", "ned", "ned"), "up": ("up", "opp", "upp", "op")}
_HALVES = {"S1": ("S1",) * 4, "S2": ("S2",) * 4}


def _value(name: str, value: object, k: int) -> str:
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value) if value else "-"
    if isinstance(value, Fraction):
        return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
    if name == "colour" and value in _COLOURS:
        return _COLOURS[str(value)][k]
    if name == "direction" and value in _DIRECTIONS:
        return _DIRECTIONS[str(value)][k]
    if name == "half" and value in _HALVES:
        return _HALVES[str(value)][k]
    return str(value)


def _fill(template: str, args: Mapping[str, object], k: int) -> str:
    return template.format(**{name: _value(name, v, k) for name, v in args.items()})


def render(key: str, args: Mapping[str, object], lang: str = "en") -> str:
    """The message ``key`` in ``lang`` with ``args`` filled in."""
    return _fill(MESSAGES[key][LANGUAGES.index(lang)], args, LANGUAGES.index(lang))


def heading(key: str, lang: str = "en", **args: object) -> str:
    """A heading line of the text form (round, board, bye ...)."""
    return _fill(HEADINGS[key][LANGUAGES.index(lang)], args, LANGUAGES.index(lang))
