"""Explaining a round-robin round: the Berger table row (C.05 Annex 1, OTH-1, OTH-2, OTH-5).

Every board is read off the FIDE Berger table by pairing number; in a double round
robin the second cycle repeats the table with the colours reversed (OTH-2) and the
first cycle's last two rounds are swapped (C.05 Annex 1, setting ``swap_last_two``).
"""

from __future__ import annotations

from ..berger import rounds_in_cycle
from ..model import Round, Tournament
from ..systems.round_robin import RoundRobinSystem, pairing_numbers, schedule
from .model import BoardNote, Explanation, Reason

__all__ = ["explain_table"]

BERGER = "C.05 Annex 1"


def explain_table(impl: RoundRobinSystem, history: Tournament, round_no: int,
                  players: tuple[int, ...]) -> tuple[Round, Explanation, None]:
    """The round from the table and, per board, the table row it comes from."""
    rnd = impl.pair(history, round_no, players)
    numbers = pairing_numbers(history)
    n = len(numbers)
    cycle = rounds_in_cycle(n)
    table_round = round_no
    extra: list[Reason] = []
    if impl.double and round_no > cycle:
        table_round = round_no - cycle
        extra.append(Reason("OTH-2", "rr_second", {"table_round": table_round}))
    elif impl.double and bool(history.settings.options.get("swap_last_two", True)) \
            and cycle >= 3 and round_no >= cycle - 1:
        table_round = (2 * cycle - 1) - round_no
        extra.append(Reason(BERGER, "rr_swapped"))
    othello = str(history.settings.options.get("game", "")).lower() == "othello"
    exp = Explanation(round_no, impl.name, order=sorted(numbers, key=numbers.__getitem__))
    for i, g in enumerate(rnd.games, 1):
        a, b = sorted((numbers[g.white], numbers[g.black]))
        note = BoardNote(i, g.white, g.black,
                         [Reason(BERGER, "rr_row", {"table_round": table_round, "n": n, "a": a, "b": b}),
                          *extra])
        if othello:
            note.reasons.append(Reason("OTH-5", "rr_othello"))
        exp.boards.append(note)
    byes = [b.player for b in rnd.byes]
    if byes:
        exp.bye = byes[0]
        partner = next((w if bl == exp.bye else bl for w, bl in schedule(history, round_no, double=impl.double)
                        if exp.bye in (w, bl)), None)
        if partner is None:
            exp.bye_reasons = [Reason(BERGER, "rr_bye_dummy", {"player": exp.bye})]
        else:
            exp.bye_reasons = [Reason(BERGER, "rr_bye_absent", {"player": exp.bye, "opp": partner})]
    return rnd, exp, None
