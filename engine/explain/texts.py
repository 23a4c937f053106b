"""The words of an explanation (issue 18), as messages of the catalogs (issue 29).

Every message is written in English here and translated by the catalogs
(:mod:`monrad.engine.i18n`, ``docs/i18n.md``); ``{name}`` fields are filled from
the reason's arguments.  A tuple of players is written ``3, 5, 7``; ``pts`` is a score
with its word (``4½ poeng``, ``1 point``), other scores bare; a ``colour`` or float
``direction`` is a word of the language.  Players are named by start number and
never by a pronoun, so the words fit every player.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..i18n import LANGUAGES as CATALOGS
from ..i18n import Message, language_code, ntr, points, ptr, tr

__all__ = ["HEADINGS", "LANGUAGES", "MESSAGES", "heading", "message", "render"]

#: the languages of ``--lang`` (``no`` is Norwegian bokmål, the catalog ``nb``)
LANGUAGES = ("en", "no", "nb", "sv", "da")

HEADINGS: dict[str, Message] = {
    "round": tr('Round {round} ({system}): why each board is paired as it is'),
    "order": tr('Paired from (top first):'),
    "board": tr('Board {board}: {white} - {black}'),
    "bye": tr('Bye: {player}'),
    "float_down": tr('Floats down: {player}'),
    "float_up": tr('Floats up: {player}'),
    # a Monrad list is paired from the top, nobody "floats" (NSF-9B, SSF-5, DSU-3)
    "group_down": tr('Meets a lower score group: {player}'),
    "group_up": tr('Meets a higher score group: {player}'),
    "file_same": tr("The file's pairing is the one the rules give."),
    "file_differs": tr("The file's pairing differs from the one the rules give:"),
    "file_board": tr('File board {board}: {white} - {black}'),
}

MESSAGES: dict[str, Message] = {
    "m_list": tr('The players are paired from the round list, top first.'),
    "m_last_round": tr('Last round: the colour rules are preferences and make nobody leave'
                       ' their score group.'),
    "m_fallback": tr('No pairing of this round keeps NSF-7A/7B, so it is paired as the '
                     'last round is.'),
    "m_top": tr('{top} is the highest player not yet paired and is paired first.'),
    "m_nearest": tr('{opp} is the first player below {top} whom {top} may meet and with '
                    'whom the rest of the round can still be paired.'),
    "m_met": tr('{p} is passed over: {p} and {top} have met already.'),
    "m_konrad_met": tr('{p} is passed over: {p} and {top} have met as often as the Konrad '
                       'setting allows ({limit}).'),
    "m_forbidden": tr('{p} is passed over: {top} and {p} must not meet (forbidden pair).'),
    "m_colour": tr('{p} is passed over: every colour for {top} against {p} breaks {rules} '
                   '(a 4th game in a row with one colour, or more than half the games + 1 '
                   'with one colour).'),
    "m_breakup": tr('{p} is passed over: with the pair {top} - {p} the players left could '
                    'not all be paired, so that pair is broken up and counted as one that '
                    'cannot meet.'),
    "m_pref_8a": tr('{p} is passed over: {top} - {p} gives a player a third game in a row '
                    'with one colour, {top} - {opp} does not.'),
    "m_pref_8c": tr('{p} is passed over: {top} and {p} are due the same colour, {opp} is '
                    'due the other.'),
    "m_pref_11b": tr('{p} is passed over: {top} - {opp} breaks fewer of the colour rules '
                     '7A/7B than {top} - {p}.'),
    "m_group_down": tr('{player} ({pts}) has no possible opponent left in their own score '
                       'group and meets {opp} ({opp_pts}) of the nearest group below.'),
    "m_group_down_far": tr('{player} ({pts}) has no possible opponent left in their own '
                           'score group or any group between and meets {opp} ({opp_pts}) '
                           'of a lower score group.'),
    "m_group_colour": tr('The colour rules 7A/7B make {player} leave their score group.'),
    "m_group_up": tr('{player} ({pts}) meets {opp} ({opp_pts}), who came down from a '
                     'higher score group.'),
    "m_list_float": tr('{player} ({pts}) meets {opp} ({opp_pts}): the list is paired '
                       'top-down by placement, the next player {player} may meet.'),
    "c_konrad": tr('{white} has White: they have met before and the colours of their '
                   'latest game are reversed.'),
    "c_initial": tr("{white} has White: round 1 colours follow the tournament's initial "
                    'colour.'),
    "c_7a": tr('{white} has White: the other way round would break NSF-7A/7B.'),
    "c_11b": tr('{white} has White: it breaks the colour rules 7A/7B fewer times (last '
                'round).'),
    "c_8a": tr('{white} has White: the other way round gives a player a third game in a '
               'row with one colour.'),
    "c_8b": tr('{white} has White: it makes the White and Black counts as equal as '
               'possible.'),
    "c_8c": tr('{white} has White: the colours alternate, both get the colour they are '
               'due.'),
    "c_8d": tr('{white} has White: no colour rule decides; the higher-ranked has White in '
               'even rounds, the lower-ranked in odd rounds.'),
    "c_fewer_white": tr('{white} has White: fewer games with White so far ({ww} against '
                        '{bw}).'),
    "c_equal_lower": tr('{white} has White: both have had White equally often, the '
                        'lower-placed has White.'),
    "c_equal_higher": tr('{white} has White: both have had White equally often, the '
                         'better-placed has White.'),
    "c_first_lower": tr('Round 1: {white}, the lower-placed of the pair, has White.'),
    "c_first_higher": tr('Round 1: {white}, the higher-placed of the pair, has White.'),
    "b_leftover": tr('{player} is the player left over by the procedure in the lowest '
                     'score group holding players who have had neither a bye nor a '
                     'walkover win.'),
    "b_lowest": tr('{player} is the lowest-placed player without a bye after whom the '
                   'others can all be paired.'),
    "b_rest": tr('{p}, placed lower, cannot take the bye: the others could then not all be'
                 ' paired.'),
    "b_had": tr('{p}, placed lower, has had a bye already.'),
    "b_had_wo": tr('{p}, placed lower, has had a bye (or a walkover win) already.'),
    "b_widened": tr('Nobody in the first group of bye candidates could take it without '
                    'making the round impossible; the next group was used.'),
    "b_round1": tr('Round 1: the bye goes to the highest start number.'),
    "d_bracket": tr('Score bracket {score}: residents {residents}; moved down {moved}; S1 '
                    '{s1}; S2 {s2}.'),
    "d_initial": tr('{a} is no. {i} of S1 and meets no. {i} of S2 in the bracket of '
                    '{score}: the initial pairing.'),
    "d_transposition": tr('{a} (S1) meets {b} instead of {c}, the initial S2 partner: a '
                          'transposition of S2, the first one that meets the criteria '
                          'best.'),
    "d_exchange": tr('{a} and {b} both started in {half}: an exchange between S1 and S2 '
                     'was needed.'),
    "d_moved_down": tr('{a} was moved down from {pts} and meets {b} of the bracket of '
                       '{score}.'),
    "d_unmet_c10": tr('Not met by this pair: {players} both have a colour difference above'
                      ' 1 and want {colour}.'),
    "d_unmet_c11": tr('Not met by this pair: {players} both have an absolute preference '
                      'for {colour}.'),
    "d_unmet_c12": tr('Not met by this pair: {players} both prefer {colour}, one of them '
                      'does not get it.'),
    "d_unmet_c13": tr('Not met by this pair: {players} both have a strong preference for '
                      '{colour}.'),
    "d_unmet_float": ntr('Not met by this pair: {player} floats {direction} again, as {ago} round ago.',
               'Not met by this pair: {player} floats {direction} again, as {ago} rounds '
               'ago.', 0),
    "d_fd_odd": tr('The score bracket {score} has an odd number of players; as many pairs '
                   "as possible are made and the downfloater's score is as low as "
                   'possible.'),
    "d_fd_met": tr('{player} has met, or may not meet, every other player left in the '
                   'bracket.'),
    "d_fd_pairs": tr('Pairing {player} within the bracket would leave fewer pairs, or '
                     'players below who cannot be paired.'),
    "d_fd_next": tr('The downfloaters are chosen so that the next bracket pairs as well as'
                    ' possible.'),
    "d_fu": tr('{player} ({pts}) meets {opp} ({opp_pts}), moved down into the bracket.'),
    "d_521": tr('{white} has White: both players get the colour they prefer.'),
    "d_522": tr('{white} has White: the stronger colour preference ({player}) is granted.'),
    "d_523": tr('{white} has White: the colours alternate to the latest round in which the'
                ' two had different colours.'),
    "d_524": tr("{white} has White: the higher-ranked player's preference is granted."),
    "d_525": tr('{white} has White: no colour preferences; the higher-ranked player gets '
                "the initial colour if that player's pairing number is odd, the other "
                'colour if it is even.'),
    "d_bye_c2": tr('{player} has had neither the pairing-allocated bye nor a win without '
                   'playing.'),
    "d_bye_c5": tr('No player who may get the bye has a lower score ({pts}).'),
    "d_bye_c9": tr('Among them, {player} has the fewest unplayed games ({unplayed}).'),
    "d_bye_rank": tr('{player} is the lowest-ranked of the players left for it.'),
    "d_worse": tr("The file's pairing fulfils this criterion worse in the bracket of "
                  "{score}: {file} against {rules} with the rules' pairing."),
    "d_worse_all": tr("The file's pairing fulfils this criterion worse: {file} against "
                      "{rules} with the rules' pairing."),
    "d_order": tr('Equally good on every criterion; the rules choose by the order of S1/S2'
                  ' (transpositions and exchanges).'),
    "f_breaks_met": tr('The file pairs {a} with {b}, who have met already.'),
    "f_breaks_colour": tr("The file's colours for {a} - {b} break {rules}."),
    "f_first": tr("The rules pair {top} with {opp} first (board {board} of the rules' "
                  'pairing).'),
    "f_colours": tr('Same pair, other colours: the rules give {white} White.'),
    "f_bye": tr('The rules give the bye to {player}, the file to {file}.'),
    "rr_row": tr('Round {table_round} of the Berger table for {n} players: pairing numbers'
                 ' {a} - {b}.'),
    "rr_second": tr('Second cycle: round {table_round} of the table again with the colours'
                    ' reversed.'),
    "rr_swapped": tr('The last two rounds of the first cycle are swapped (so no one has '
                     'the same colour three times at the turn).'),
    "rr_othello": tr('Othello: the player named first in the table plays Black.'),
    "rr_bye_dummy": tr("Odd number of players: {player}'s table opponent is the empty "
                       'place.'),
    "rr_bye_absent": tr("{player}'s table opponent {opp} does not play this round; the "
                        'table is not re-paired.'),
    "o_order": tr('The players are ordered by match points, then MBQ, then rating, then '
                  'start number.'),
    "o_top": tr('{top} ({pts}, MBQ {mbq}) is the highest player not yet paired.'),
    "o_rematch": ntr('No pairing without a rematch exists; pairs that met {times} time are '
                     'allowed.',
                     'No pairing without a rematch exists; pairs that met {times} times are '
                     'allowed.', 0),
    "o_fewer_black": tr('{black} plays Black: fewer games with Black so far.'),
    "o_alternate": tr('{black} plays Black: the colours alternate from the latest game in '
                      'which they differed.'),
    "o_board": tr('{black} plays Black: equal colour histories; the higher-placed has '
                  'Black on odd boards.'),
    "o_bye": tr('{player} is the lowest-placed player who may take the bye and after whom '
                'the others can all be paired.'),
    "g_paired": tr('Paired by the system {system}.'),
}

#: the argument that chooses the plural form of a message
_COUNTS = {"d_unmet_float": "ago", "o_rematch": "times"}
_COLOURS = {"white": ptr("colour in a sentence", "White"),
            "black": ptr("colour in a sentence", "Black")}
_DIRECTIONS = {"down": ptr("a player floats", "down"), "up": ptr("a player floats", "up")}


def _value(name: str, value: object) -> object:
    if name == "pts" and isinstance(value, (Fraction, int)):
        return points(Fraction(value))
    if name == "colour" and value in _COLOURS:
        return _COLOURS[str(value)]
    if name == "direction" and value in _DIRECTIONS:
        return _DIRECTIONS[str(value)]
    return value


def _filled(template: Message, args: Mapping[str, object], count: str | None = None) -> Message:
    values = {name: _value(name, v) for name, v in args.items()}
    n = args.get(count) if count else None
    return Message(template.msgid, values, plural=template.plural,
                   n=n if isinstance(n, int) else None, context=template.context)


def _lang(lang: str) -> str:
    code = language_code(lang)
    if code not in CATALOGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGUAGES)})")
    return code


def message(key: str, args: Mapping[str, object]) -> Message:
    """The message ``key`` with ``args`` filled in, in no language yet."""
    return _filled(MESSAGES[key], args, _COUNTS.get(key))


def render(key: str, args: Mapping[str, object], lang: str = "en") -> str:
    """The message ``key`` in ``lang`` with ``args`` filled in."""
    return message(key, args).render(_lang(lang))


def heading(key: str, lang: str = "en", **args: object) -> str:
    """A heading line of the text form (round, board, bye ...)."""
    return _filled(HEADINGS[key], args).render(_lang(lang))
