"""Explaining an Othello Swiss round (OTH-9 and its Decision; OTH-8 MBQ; OTH-5).

The players are ordered by match points, MBQ, rating and start number
(:func:`~monrad.engine.systems.othello_swiss.pairing_order`); the round is the top-down
procedure of NSF-9D with the nearest-first candidate order, so every player between
a top player and his opponent was passed over because they had met (or met more
often, when rematches had to be allowed), or because the rest of the round could
not then be completed.
"""

from __future__ import annotations

from ..model import Colour, Round, Tournament
from ..othello.mbq import standings
from ..state import histories
from ..systems.othello_swiss import OthelloSwiss, pairing_order
from .model import BoardNote, Explanation, Reason

__all__ = ["explain_othello"]


def explain_othello(impl: OthelloSwiss, history: Tournament, round_no: int,
                    players: tuple[int, ...]) -> tuple[Round, Explanation, None]:
    rnd = impl.pair(history, round_no, players)
    order = pairing_order(history, players, round_no - 1)
    rows = {r.player: r for r in standings(history, round_no - 1)}
    hist = histories(history, upto=round_no - 1)
    index = {p: i for i, p in enumerate(order)}

    def met(a: int, b: int) -> int:
        return sum(1 for rec in hist[a].records if rec.opponent == b)

    forbidden = {frozenset(p) for p in history.settings.forbidden_pairs(round_no)}
    exp = Explanation(round_no, impl.name, order=list(order))
    exp.general.append(Reason("OTH-9", "o_order"))
    allowed = max((met(g.white, g.black) for g in rnd.games), default=0)
    if allowed:
        exp.general.append(Reason("OTH-9", "o_rematch", {"times": allowed}))
    alive = set(order)
    if rnd.byes:
        alive.discard(rnd.byes[0].player)
    for i, g in enumerate(rnd.games, 1):
        top, opp = sorted((g.white, g.black), key=index.__getitem__)
        row = rows[top]
        note = BoardNote(i, g.white, g.black,
                         [Reason("OTH-9", "o_top", {"top": top, "pts": row.points, "mbq": row.mbq})])
        for p in sorted((q for q in alive if index[top] < index[q] < index[opp]), key=index.__getitem__):
            if frozenset((top, p)) in forbidden:
                note.reasons.append(Reason("FORBIDDEN", "m_forbidden", {"top": top, "p": p}))
            elif met(top, p) > allowed or (met(top, p) and met(top, p) > met(top, opp)):
                note.reasons.append(Reason("OTH-9", "m_met", {"top": top, "p": p}))
            else:
                note.reasons.append(Reason("OTH-9", "m_breakup", {"top": top, "p": p}))
        note.reasons.append(Reason("OTH-9", "m_nearest", {"top": top, "opp": opp}))
        note.reasons.append(_colour(hist[top].colours, hist[opp].colours, g.black, top, i))
        note.reasons.append(Reason("OTH-5", "rr_othello"))
        exp.boards.append(note)
        alive -= {top, opp}
    if rnd.byes:
        exp.bye = rnd.byes[0].player
        exp.bye_reasons = [Reason("OTH-9", "o_bye", {"player": exp.bye})]
    return rnd, exp, None


def _colour(hc: tuple[Colour, ...], lc: tuple[Colour, ...], black: int, top: int, board: int) -> Reason:
    """The OTH-9 colour rule that gave ``black`` Black (mirrors ``choose_colours``)."""
    if hc.count(Colour.BLACK) != lc.count(Colour.BLACK):
        return Reason("OTH-9", "o_fewer_black", {"black": black})
    if any(a != b for a, b in zip(reversed(hc), reversed(lc))):
        return Reason("OTH-9", "o_alternate", {"black": black})
    return Reason("OTH-9", "o_board", {"black": black})
