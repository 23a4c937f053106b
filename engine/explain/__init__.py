"""Explain every pairing: which rule put each player on each board (issue 18).

:func:`explain_round` pairs a round the way :func:`monrad.engine.pairing.pair_round`
does and says why, in the words of the rules, as an :class:`Explanation` (JSON and
text in four languages, see ``docs/explain.md``):

* Monrad systems (:mod:`.monrad`): the system pairs the round with a recorder
  listening to its procedure (off in ordinary pairing; the round is the same);
* FIDE Dutch (:mod:`.dutch`): read off the produced pairing with the engine's own
  criteria and colour rules;
* round robins (:mod:`.tables`): the Berger table row; Othello Swiss
  (:mod:`.othello`): the MBQ order and the top-down procedure.

For a round already in the tournament, the file's pairing is compared with the
rules' one: each board of the file that differs gets the rule it breaks or fulfils
worse (:attr:`Explanation.differences`).  No I/O here.
"""

from __future__ import annotations

from typing import cast

from ..check import _first_round_colour as first_round_colour
from ..dutch.criteria import Context as DutchContext
from ..i18n import tr
from ..model import Result, Round, Tournament
from ..monrad.base import MonradSystem
from ..pairing import PairingError, canonical_system, get_system, players_to_pair
from ..state import histories
from ..systems.dutch import DutchSystem
from ..systems.othello_swiss import OthelloSwiss
from ..systems.round_robin import RoundRobinSystem
from .dutch import compare_dutch, explain_dutch
from .model import BoardNote, Explanation, FileDifference, FloatNote, Reason
from .monrad import cannot_meet, explain_monrad
from .othello import explain_othello
from .tables import BERGER, explain_table
from .texts import LANGUAGES

__all__ = ["LANGUAGES", "BoardNote", "Explanation", "FileDifference", "FloatNote", "Reason",
           "explain_round", "pairing_input"]


def pairing_input(tournament: Tournament, round_no: int) -> tuple[Tournament, tuple[int, ...]]:
    """What :func:`~monrad.engine.pairing.pair_round` hands the system for ``round_no``:
    the rounds before it (and the round's pre-entered byes) and the players to pair; a
    round already paired keeps the list it was paired from (DSU-7)."""
    existing = tournament.round(round_no)
    kept = tuple(b for b in existing.byes if b.result is not Result.PAIRING_BYE) if existing else ()
    written = existing.paired_from if existing else ()
    history = tournament.copy()
    history.rounds = tournament.rounds_known_at(round_no)  # pending then: pending (issue 26)
    if kept or written:
        history.rounds.append(Round(round_no, (), kept, paired_from=written))
    return history, players_to_pair(history, round_no)


def explain_round(tournament: Tournament, round_no: int | None = None,
                  system: str | None = None) -> Explanation:
    """Why round ``round_no`` (default: the next one) is paired as the rules pair it.

    Raises what pairing raises (:class:`~monrad.engine.pairing.PairingError`,
    :class:`~monrad.engine.pairing.NoPairingPossible`).
    """
    name = canonical_system(system or tournament.settings.system or "")
    impl = get_system(name)
    n = tournament.next_round if round_no is None else round_no
    if n < 1:
        raise PairingError(tr("round {round} does not exist", round=n))
    # round 1's colour of no. 1 as the file shows it, where the system reads it (Dutch)
    tournament = tournament.copy()
    tournament.settings = tournament.settings.replace(
        initial_colour=first_round_colour(tournament, name))
    history, players = pairing_input(tournament, n)
    work: object = None
    if isinstance(impl, MonradSystem):
        rnd, exp, work = explain_monrad(impl, history, n, players)
    elif isinstance(impl, DutchSystem):
        rnd, exp, work = explain_dutch(impl, history, n, players)
    elif isinstance(impl, RoundRobinSystem):
        rnd, exp, work = explain_table(impl, history, n, players)
    elif isinstance(impl, OthelloSwiss):
        rnd, exp, work = explain_othello(impl, history, n, players)
    else:
        rnd = impl.pair(history, n, players)
        exp = Explanation(n, name, boards=[
            BoardNote(i, g.white, g.black, [Reason(name, "g_paired", {"system": name})])
            for i, g in enumerate(rnd.games, 1)])
        bye = next((b.player for b in rnd.byes), None)
        if bye is not None:
            exp.bye, exp.bye_reasons = bye, [Reason(name, "g_paired", {"system": name})]
    exp.system = name
    existing = tournament.round(n)
    if existing is not None and existing.is_paired:
        if isinstance(impl, DutchSystem):
            by_sn, dctx = cast("tuple[dict, DutchContext]", work)
            exp.differences = compare_dutch(by_sn, dctx, rnd, existing)
        else:
            exp.differences = _compare(impl, work, history, exp, rnd, existing)
        file_bye = next((b.player for b in existing.byes if b.result is Result.PAIRING_BYE), None)
        if file_bye != exp.bye:
            exp.differences.append(FileDifference(0, file_bye or 0, 0, [
                Reason(exp.bye_reasons[0].rule if exp.bye_reasons else name, "f_bye",
                       {"player": exp.bye or "-", "file": file_bye or "-"})]))
        exp.file_matches = not exp.differences
    return exp


def _compare(impl: object, work: object, history: Tournament, exp: Explanation, rules: Round,
             file_round: Round) -> list[FileDifference]:
    """Boards of the file that the rules do not pair so, with the rule broken or the
    pair the rules make first (Monrad, round robin, Othello)."""
    wanted = {frozenset((g.white, g.black)): (i, g) for i, g in enumerate(rules.games, 1)}
    notes = {b.board: b for b in exp.boards}
    place = {p: i for i, p in enumerate(exp.order)}
    opponents = {p: h.opponents for p, h in histories(history).items()}
    monrad = isinstance(impl, MonradSystem)
    out = []
    for i, g in enumerate(file_round.games, 1):
        key = frozenset((g.white, g.black))
        if key in wanted and wanted[key][1].white == g.white:
            continue
        reasons: list[Reason] = []
        if key in wanted:
            board = wanted[key][0]
            rule = notes[board].reasons[-1].rule if notes[board].reasons else exp.system
            reasons.append(Reason(rule, "f_colours", {"white": wanted[key][1].white}))
        else:
            if monrad and work is not None and g.white in place and g.black in place:
                u, v = sorted((place[g.white], place[g.black]))
                why = cannot_meet(impl, work, u, v)  # type: ignore[arg-type]
                if why is not None and why.key in ("m_met", "m_konrad_met"):
                    reasons.append(Reason(why.rule, "f_breaks_met", {"a": g.white, "b": g.black}))
                elif why is not None and why.key == "m_colour":
                    reasons.append(Reason(why.rule, "f_breaks_colour",
                                          {"a": g.white, "b": g.black, "rules": why.args["rules"]}))
            elif g.black in opponents.get(g.white, frozenset()):
                reasons.append(Reason(_first_rule(impl, exp), "f_breaks_met", {"a": g.white, "b": g.black}))
            top = min((g.white, g.black), key=lambda p: place.get(p, len(place)))
            for board, rg in wanted.values():
                if top in (rg.white, rg.black):
                    opp = rg.black if rg.white == top else rg.white
                    rule = _first_rule(impl, exp)
                    reasons.append(Reason(rule, "f_first", {"top": top, "opp": opp, "board": board}))
                    break
            if not reasons:
                reasons.append(Reason(_first_rule(impl, exp), "f_first",
                                      {"top": top, "opp": exp.bye or "-", "board": "-"}))
        out.append(FileDifference(i, g.white, g.black, reasons))
    return out


def _first_rule(impl: object, exp: Explanation) -> str:
    """The rule that says who is paired with whom first, per kind of system."""
    if isinstance(impl, MonradSystem):
        return impl.rules.pairing
    if isinstance(impl, RoundRobinSystem):
        return BERGER
    if isinstance(impl, OthelloSwiss):
        return "OTH-9"
    return exp.system
