"""Explaining a FIDE Dutch round (C.04.3) from the produced pairing and the criteria.

The Dutch engine (:mod:`monrad.engine.dutch.brackets`) finds the round by weighted
matchings; it is not instrumented.  The explanation is read off the pairing it
produced, with the engine's own facts (:mod:`~monrad.engine.dutch.entrants`), criteria
(:mod:`~monrad.engine.dutch.criteria`) and colour allocation (:mod:`~monrad.engine.dutch.colours`):

* the score brackets from the top, each with its resident and moved-down players and
  S1 / S2 of the pairs made in it (C.04.3 art. 3); for each pair, the initial
  S1-S2 pairing, a transposition of S2 (4.2) or an exchange between S1 and S2 (4.3);
* who floats down or up and the criterion that forced it (C.1 / C.3 no possible
  opponent left, C.6 / C.7 an odd bracket, C.4 completion, C.8 the next bracket);
* the quality criteria a pair does not meet (C.10-C.13 colours, C.14-C.17 floats);
* the colour rule of article 5 that decided each board (5.2.1-5.2.5);
* the bye (C.2 eligible, C.5 lowest score, C.9 fewest unplayed games).

For a round already in a file, :func:`compare_dutch` measures the file's pairing and
the rules' one criterion by criterion, bracket by bracket, and names the first
criterion the file's pairing fulfils worse.
"""

from __future__ import annotations

from fractions import Fraction

from ..dutch.criteria import Context as DutchContext
from ..dutch.criteria import _colour_fields, compatible, make_context
from ..dutch.entrants import Entrant, Float, build_entrants
from ..model import Colour, Round, Tournament
from .model import (
    Arg,
    BoardNote,
    Explanation,
    FileDifference,
    FloatNote,
    Reason,
    points_text,
)

__all__ = ["art5_rule", "compare_dutch", "dutch_setup", "explain_dutch", "profile"]

_C = "C.04.3 "


def dutch_setup(history: Tournament, round_no: int,
                players: tuple[int, ...]) -> tuple[dict[int, Entrant], DutchContext]:
    """The engine's facts of every player to pair and the round's criteria context."""
    entrants = build_entrants(history, round_no, players)
    sc = history.settings.scoring
    ctx = make_context(entrants, round_no, history.settings.rounds,
                       history.settings.forbidden_groups(round_no), max(sc.win, sc.draw))
    return {e.start_no: e for e in entrants}, ctx


def _order(e: Entrant) -> tuple[Fraction, int]:
    return (-e.score, e.rank)


def art5_rule(p: Entrant, q: Entrant, initial: Colour) -> tuple[str, int | None]:
    """Which rule of article 5 gives ``p`` his colour against ``q``, and the player
    whose preference decided (5.2.2), in the order :func:`colour_of` applies them."""
    pp, qp = p.preference, q.preference
    if pp is Colour.NONE and qp is Colour.NONE:
        return "5.2.5", None
    if pp is not qp or pp is Colour.NONE or qp is Colour.NONE:
        return "5.2.1", None
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return "5.2.2", p.start_no
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return "5.2.2", q.start_no
    if p.strong != q.strong:
        return "5.2.2", p.start_no if p.strong else q.start_no
    if any(a is not b for a, b in zip(p.colours[::-1], q.colours[::-1])):
        return "5.2.3", None
    return "5.2.4", None


def _pairs_of(rnd: Round, by_sn: dict[int, Entrant]) -> list[tuple[Entrant, Entrant]]:
    """The round's pairs of players the rules pair, each as (higher, lower)."""
    out = []
    for g in rnd.games:
        if g.white in by_sn and g.black in by_sn:
            a, b = sorted((by_sn[g.white], by_sn[g.black]), key=_order)
            out.append((a, b))
    return out


def _brackets(by_sn: dict[int, Entrant], pairs: list[tuple[Entrant, Entrant]]):
    """Per score group (highest first): residents, moved-down players, pairs made there."""
    scores = sorted({e.score for e in by_sn.values()}, reverse=True)
    where: dict[int, Fraction | None] = dict.fromkeys(by_sn, None)  # bracket paired in
    for hi, lo in pairs:
        where[hi.start_no] = where[lo.start_no] = lo.score
    out = []
    for s in scores:
        residents = sorted((e for e in by_sn.values() if e.score == s), key=_order)
        moved = sorted((e for e in by_sn.values() if e.score > s
                        and (where[e.start_no] is None or where[e.start_no] <= s)), key=_order)  # type: ignore[operator]
        made = [(hi, lo) for hi, lo in pairs if lo.score == s]
        out.append((s, residents, moved, made))
    return out


def explain_dutch(impl: object, history: Tournament, round_no: int,
                  players: tuple[int, ...]) -> tuple[Round, Explanation, object]:
    """Pair the round with the Dutch system and explain the pairing it produced."""
    rnd = impl.pair(history, round_no, players)  # type: ignore[attr-defined]
    by_sn, dctx = dutch_setup(history, round_no, players)
    exp = Explanation(round_no, getattr(impl, "name", "dutch"))
    exp.order = [e.start_no for e in sorted(by_sn.values(), key=_order)]
    initial = impl.initial_colour(history)  # type: ignore[attr-defined]
    pairs = _pairs_of(rnd, by_sn)
    board_of = {frozenset((g.white, g.black)): i for i, g in enumerate(rnd.games, 1)}
    notes = {i: BoardNote(i, g.white, g.black) for i, g in enumerate(rnd.games, 1)}
    shape: dict[Fraction, tuple[list[Entrant], int]] = {}
    for s, residents, moved, made in _brackets(by_sn, pairs):
        in_moved = {e.start_no for e in moved}
        hetero = [(hi, lo) for hi, lo in made if hi.start_no in in_moved]
        rest_players = sorted((e for hi, lo in made if hi.start_no not in in_moved for e in (hi, lo)),
                              key=_order)
        n_pairs = len(made) - len(hetero)
        s1, s2 = rest_players[:n_pairs], rest_players[n_pairs:]
        exp.brackets.append({
            "score": points_text(s),
            "residents": [e.start_no for e in residents],
            "moved_down": [e.start_no for e in moved],
            "s1": [e.start_no for e in [hi for hi, _ in hetero] + s1],
            "s2": [e.start_no for e in [lo for _, lo in hetero] + s2],
            "pairs": len(made),
        })
        exp.general.append(Reason(_C + "3", "d_bracket", {
            "score": s, "residents": tuple(e.start_no for e in residents),
            "moved": tuple(e.start_no for e in moved),
            "s1": tuple(e.start_no for e in [hi for hi, _ in hetero] + s1),
            "s2": tuple(e.start_no for e in [lo for _, lo in hetero] + s2)}))
        index1 = {e.start_no: i for i, e in enumerate(s1)}
        index2 = {e.start_no: i for i, e in enumerate(s2)}
        for hi, lo in made:
            note = notes[board_of[frozenset((hi.start_no, lo.start_no))]]
            if hi.start_no in in_moved:
                note.reasons.append(Reason(_C + "C.6", "d_moved_down",
                                           {"a": hi.start_no, "b": lo.start_no, "pts": hi.score, "score": s}))
            elif hi.start_no in index1 and lo.start_no in index2:
                i = index1[hi.start_no]
                if index2[lo.start_no] == i:
                    note.reasons.append(Reason(_C + "4", "d_initial", {"a": hi.start_no, "i": i + 1, "score": s}))
                else:
                    note.reasons.append(Reason(_C + "4.2", "d_transposition", {
                        "a": hi.start_no, "b": lo.start_no, "c": s2[i].start_no}))
            else:
                half = "S1" if hi.start_no in index1 else "S2"
                note.reasons.append(Reason(_C + "4.3", "d_exchange",
                                           {"a": hi.start_no, "b": lo.start_no, "half": half}))
            note.reasons.extend(_unmet(hi, lo, dctx))
        shape[s] = (residents + moved, len(made))
    for hi, lo in pairs:
        if hi.score != lo.score:
            bracket, made_there = shape[hi.score]
            exp.floats.append(_down(hi, bracket, made_there, dctx))
            exp.floats.append(FloatNote(lo.start_no, "up", [Reason(_C + "C.6", "d_fu", {
                "player": lo.start_no, "pts": lo.score, "opp": hi.start_no, "opp_pts": hi.score})]))
    for i, g in enumerate(rnd.games, 1):
        if g.white in by_sn and g.black in by_sn:
            rule, who = art5_rule(by_sn[g.white], by_sn[g.black], initial)
            args: dict[str, object] = {"white": g.white}
            if who is not None:
                args["player"] = who
            notes[i].reasons.append(Reason(_C + rule, "d_" + rule.replace(".", ""), args))  # type: ignore[arg-type]
    exp.boards = [notes[i] for i in sorted(notes)]
    bye = next((b.player for b in rnd.byes), None)
    if bye is not None and bye in by_sn:
        exp.bye = bye
        exp.bye_reasons = _bye_reasons(by_sn[bye], by_sn, dctx)
    exp.floats.sort(key=lambda f: (f.direction != "down", f.player))
    return rnd, exp, (by_sn, dctx)


def _unmet(hi: Entrant, lo: Entrant, ctx: DutchContext) -> list[Reason]:
    """The quality criteria C.10-C.17 this pair does not meet."""
    out = []
    c10, c11, c12, c13 = _colour_fields(lo, hi)
    colour = "white" if hi.preference is Colour.WHITE else "black"
    players = (hi.start_no, lo.start_no)
    for ok, rule in ((c10, "C.10"), (c11, "C.11"), (c12, "C.12"), (c13, "C.13")):
        if not ok:
            out.append(Reason(_C + rule, "d_unmet_c" + rule[2:],
                              {"players": players, "colour": colour}))
    if hi.score != lo.score:
        for back, (down_rule, up_rule) in ((1, ("C.14", "C.15")), (2, ("C.16", "C.17"))):
            if ctx.played_rounds < back:
                continue
            if hi.floats[back - 1] == Float.DOWN:
                out.append(Reason(_C + down_rule, "d_unmet_float",
                                  {"player": hi.start_no, "direction": "down", "ago": back}))
            if lo.floats[back - 1] == Float.UP:
                out.append(Reason(_C + up_rule, "d_unmet_float",
                                  {"player": lo.start_no, "direction": "up", "ago": back}))
    return out


def _down(e: Entrant, bracket: list[Entrant], made: int, ctx: DutchContext) -> FloatNote:
    """Why ``e`` left his own score bracket unpaired (he is paired lower down)."""
    reasons = []
    size = len(bracket)
    others = [x for x in bracket if x is not e]
    if size % 2 == 1 and 2 * made == size - 1:
        reasons.append(Reason(_C + "C.7", "d_fd_odd", {"score": e.score}))
    elif not any(compatible(e, x, ctx) for x in others):
        reasons.append(Reason(_C + "C.1", "d_fd_met", {"player": e.start_no}))
    else:
        reasons.append(Reason(_C + "C.4", "d_fd_pairs", {"player": e.start_no}))
    reasons.append(Reason(_C + "C.8", "d_fd_next"))
    return FloatNote(e.start_no, "down", reasons)


def _bye_reasons(e: Entrant, by_sn: dict[int, Entrant], ctx: DutchContext) -> list[Reason]:
    out = [Reason(_C + "C.2", "d_bye_c2", {"player": e.start_no}),
           Reason(_C + "C.5", "d_bye_c5", {"pts": e.score})]
    same = [x for x in by_sn.values() if x.score == e.score and x.bye_eligible]
    unplayed = ctx.played_rounds - e.played_games
    if any(ctx.played_rounds - x.played_games != unplayed for x in same):
        out.append(Reason(_C + "C.9", "d_bye_c9", {"player": e.start_no, "unplayed": unplayed}))
    out.append(Reason(_C + "C.5", "d_bye_rank", {"player": e.start_no}))
    return out


# ------------------------------------------------------------------ a file's pairing
Measure = tuple[str, Fraction | None, object, bool]


def profile(by_sn: dict[int, Entrant], pairs: list[tuple[Entrant, Entrant]], bye: int | None,
            ctx: DutchContext) -> list[Measure]:
    """The criteria of a whole pairing in the order they are weighed: the absolute ones
    for the field (C.1, C.3, C.2), C.5, then per score bracket from the top C.6, C.7 and
    C.10-C.17.  Each entry: (rule, bracket score or None, value, higher is better)."""
    out: list[Measure] = []
    rematches = sum(1 for hi, lo in pairs if lo.start_no in hi.met)
    c3 = sum(1 for hi, lo in pairs if lo.start_no not in hi.met and not compatible(hi, lo, ctx))
    out.append(("C.1", None, rematches, False))
    out.append(("C.3", None, c3, False))
    b = by_sn.get(bye) if bye is not None else None
    out.append(("C.2", None, int(b is not None and not b.bye_eligible), False))
    out.append(("C.5", None, b.score if b is not None else Fraction(0), False))
    for s, residents, moved, made in _brackets(by_sn, pairs):
        paired_here = {x.start_no for pair in made for x in pair}
        leaving = tuple(sorted((x.score for x in residents + moved if x.start_no not in paired_here),
                               reverse=True))
        out.append(("C.6", s, len(made), True))
        out.append(("C.7", s, leaving, False))
        cols = [_colour_fields(lo, hi) for hi, lo in made]
        for k, rule in enumerate(("C.10", "C.11", "C.12", "C.13")):
            out.append((rule, s, sum(1 - c[k] for c in cols), False))
        gone = [x for x in residents if x.start_no not in paired_here]
        ups = [lo for hi, lo in made if hi.score > lo.score]
        for back, (d, u) in ((1, ("C.14", "C.15")), (2, ("C.16", "C.17"))):
            if ctx.played_rounds < back:
                continue
            out.append((d, s, sum(1 for x in gone if x.floats[back - 1] == Float.DOWN), False))
            out.append((u, s, sum(1 for x in ups if x.floats[back - 1] == Float.UP), False))
    return out


def _show(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(points_text(v) for v in value) + ")"
    if isinstance(value, Fraction):
        return points_text(value)
    return str(value)


def compare_dutch(by_sn: dict[int, Entrant], ctx: DutchContext, rules: Round,
                  file_round: Round) -> list[FileDifference]:
    """The boards of ``file_round`` that differ from ``rules`` and the first criterion
    (absolute ones first, then bracket by bracket) the file's pairing fulfils worse."""
    mine = _pairs_of(rules, by_sn)
    theirs = _pairs_of(file_round, by_sn)
    rules_bye = next((b.player for b in rules.byes), None)
    file_bye = next((b.player for b in file_round.byes if b.result is rules.byes[0].result), None) \
        if rules.byes else None
    a, b = profile(by_sn, theirs, file_bye, ctx), profile(by_sn, mine, rules_bye, ctx)
    verdict = None
    for (rule, score, x, up), (_, _, y, _) in zip(a, b):
        if x != y:
            worse = (x < y) if up else (x > y)  # type: ignore[operator]
            if worse:
                args: dict[str, Arg] = {"file": _show(x), "rules": _show(y)}
                if score is None:  # a criterion of the whole field (C.1, C.3, C.2, C.5)
                    verdict = Reason(_C + rule, "d_worse_all", args)
                else:
                    verdict = Reason(_C + rule, "d_worse", {"score": score, **args})
            break
    wanted = {frozenset((g.white, g.black)): g for g in rules.games}
    out = []
    for i, g in enumerate(file_round.games, 1):
        key = frozenset((g.white, g.black))
        if key in wanted and wanted[key].white == g.white:
            continue
        reasons: list[Reason] = []
        if key in wanted:
            reasons.append(Reason(_C + "5.2", "f_colours", {"white": wanted[key].white}))
        else:
            if g.white in by_sn and g.black in by_sn and g.black in by_sn[g.white].met:
                reasons.append(Reason(_C + "C.1", "f_breaks_met", {"a": g.white, "b": g.black}))
            reasons.append(verdict or Reason(_C + "4", "d_order"))
        out.append(FileDifference(i, g.white, g.black, reasons))
    return out

