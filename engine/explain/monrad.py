"""Explaining a Monrad round (NSF, SSF, DSU, school, Konrad) from the procedure's record.

The round is paired by the system itself with a :class:`~monrad.engine.monrad.procedure.Recorder`
listening (off in ordinary pairing; the round is the same either way).  The record
says, for each top player in turn, which candidates were tried and why they were
passed over; this module turns that into reasons citing the system's rule IDs
(:class:`~monrad.engine.monrad.base.MonradRules`): the top player (NSF-9A, SSF-5,
DSU-3, SKOL-4), already met (NSF-6A ...), colour (NSF-7A/7B), the NSF preferences
(NSF-8A, 8C, 11B), break-ups (NSF-9D, SSF-5, DSU-4, SKOL-4; MON-3), the colours of the
pair and the bye (NSF-12A, MON-5).
"""

from __future__ import annotations

from fractions import Fraction

from ..model import Colour, Round, Tournament
from ..monrad.base import Context, MonradSystem
from ..monrad.nsf import ColourState, NsfMonrad
from ..monrad.procedure import Recorder
from .model import Arg, BoardNote, Explanation, FloatNote, Reason

__all__ = ["cannot_meet", "explain_monrad"]

_W, _B = 1, 2
_NSF_COLOUR_KEYS = {"MON-KONRAD": "c_konrad", "INITIAL-COLOUR": "c_initial", "NSF-7A": "c_7a",
                    "NSF-11B": "c_11b", "NSF-8A": "c_8a", "NSF-8B": "c_8b", "NSF-8C": "c_8c",
                    "NSF-8D": "c_8d", "NSF-4": "c_first_lower"}


def _colour_rules(state: ColourState, bit: int) -> set[str]:
    """Which of NSF-7A / NSF-7B the colour ``bit`` would break for this player."""
    streak = state.run + 1 if state.last is (Colour.WHITE if bit == _W else Colour.BLACK) else 1
    step = 1 if bit == _W else -1
    out = set()
    if streak >= 4:
        out.add("NSF-7A")
    if abs(state.diff + step) > 2:
        out.add("NSF-7B")
    return out


def cannot_meet(impl: MonradSystem, ctx: Context, u: int, v: int) -> Reason | None:
    """Why list positions ``u`` (higher) and ``v`` may not meet this round, or None."""
    a, b = ctx.order[u], ctx.order[v]
    if (a, b) in ctx.forbidden:
        return Reason("FORBIDDEN", "m_forbidden", {"top": a, "p": b})
    if ctx.meetings(a, b) >= ctx.limit:
        if ctx.limit > 1:
            return Reason("MON-KONRAD", "m_konrad_met", {"top": a, "p": b, "limit": ctx.limit})
        return Reason(impl.rules.no_rematch, "m_met", {"top": a, "p": b})
    if isinstance(impl, NsfMonrad) and not ctx.relaxed and not ctx.options_fn(u, v):  # type: ignore[misc]
        states: list[ColourState] = ctx.states  # type: ignore[assignment]
        broken: set[str] = set()
        for bit in (_W, _B):
            broken |= _colour_rules(states[u], bit) | _colour_rules(states[v], 3 - bit)
        rules = tuple(sorted(broken)) or ("NSF-7A",)
        return Reason(rules[0], "m_colour", {"top": a, "p": b, "rules": "/".join(rules)})
    return None


def _nsf_preference(ctx: Context, top: int, p: int, opp: int) -> Reason:
    """NSF: why ``top`` took ``opp`` before ``p`` of the same score group (8A, 8C, 11B)."""
    states: list[ColourState] = ctx.states  # type: ignore[assignment]

    def cls(v: int) -> tuple[int, int, int]:
        su, sv = states[top], states[v]
        opts = ctx.options_fn(top, v)  # type: ignore[misc]
        breaches = min(su.breach[c] + sv.breach[3 - c] for c in opts) if ctx.relaxed else 0
        ok8a = any(not su.third[c] and not sv.third[3 - c] for c in opts)
        ok8c = not su.due or not sv.due or su.due != sv.due
        return breaches, int(not ok8a), int(not ok8c)

    a, b = cls(p), cls(opp)
    args = {"top": ctx.order[top], "p": ctx.order[p], "opp": ctx.order[opp]}
    for (rule, key), x, y in zip((("NSF-11B", "m_pref_11b"), ("NSF-8A", "m_pref_8a"),
                                  ("NSF-8C", "m_pref_8c")), a, b):
        if x != y:
            return Reason(rule, key, args)
    # same class: a lower score group is tried only after the own one (NSF-6B)
    return Reason("NSF-6B", "m_pref_8c", args)  # pragma: no cover - the order is by class


def _colour_reason(impl: MonradSystem, ctx: Context, top: int, other: int, white: int) -> Reason:
    a, b = ctx.order[top], ctx.order[other]
    if isinstance(impl, NsfMonrad):
        _, rule = impl.colour_choice(ctx, top, other)
        return Reason(rule, _NSF_COLOUR_KEYS[rule], {"white": white})
    _, rule = impl.colour_choice(ctx, top, other)  # type: ignore[attr-defined]
    if rule in ("MON-KONRAD", "INITIAL-COLOUR"):
        return Reason(rule, "c_konrad" if rule == "MON-KONRAD" else "c_initial", {"white": white})
    wa, wb = ctx.facts[a].whites, ctx.facts[b].whites
    higher = bool(getattr(impl, "equal_whites_to_higher", False))
    if wa != wb:
        black = b if white == a else a
        return Reason(impl.rules.colour, "c_fewer_white",
                      {"white": white, "ww": ctx.facts[white].whites, "bw": ctx.facts[black].whites})
    if ctx.round_no == 1:
        return Reason(impl.rules.first_round, "c_first_higher" if higher else "c_first_lower",
                      {"white": white})
    return Reason(impl.rules.colour_equal, "c_equal_higher" if higher else "c_equal_lower",
                  {"white": white})


def explain_monrad(impl: MonradSystem, history: Tournament, round_no: int,
                   players: tuple[int, ...]) -> tuple[Round, Explanation, Context]:
    """Pair the round with a recorder and explain it (the round is the system's own)."""
    rec = Recorder()
    rnd = impl.pair(history, round_no, players, recorder=rec)
    ctx: Context = rec.context  # type: ignore[assignment]
    order = ctx.order
    rules = impl.rules
    nsf = isinstance(impl, NsfMonrad)
    exp = Explanation(round_no, impl.name, order=list(order), float_words="group")
    exp.general.append(Reason(rules.round_list, "m_list"))
    if nsf and ctx.relaxed:
        exp.general.append(Reason("NSF-11A", "m_last_round") if ctx.last_round
                           else Reason("NSF-11B", "m_fallback"))
    points = {p: ctx.facts[p].points for p in order}
    alive = set(range(len(order)))
    bye_before = next((v for v, ok in rec.bye_tried if ok), None)
    if bye_before is not None:
        alive.discard(bye_before)
    games = iter(rnd.games)
    board = 0
    bye_reasons: list[Reason] = []
    for top in rec.tops:
        tried = dict(rec.tried[top])
        outcome = next((c for c, o in rec.tried[top] if o in ("paired", "bye")), None)
        if tried.get(-1) == "bye":
            alive.discard(top)
            if nsf and round_no == 1:
                bye_reasons.append(Reason(rules.bye, "b_round1"))
            bye_reasons.append(Reason(rules.bye, "b_leftover", {"player": order[top]}))
            continue
        assert outcome is not None
        opp = outcome
        game = next(games)
        board += 1
        note = BoardNote(board, game.white, game.black)
        note.reasons.append(Reason(rules.pairing, "m_top", {"top": order[top]}))
        for p in sorted(v for v in alive if top < v < opp):
            if tried.get(p) == "rest":
                note.reasons.append(Reason(rules.break_up, "m_breakup", {"top": order[top], "p": order[p]}))
                continue
            why = cannot_meet(impl, ctx, top, p)
            if why is None and nsf:
                why = _nsf_preference(ctx, top, p, opp)
            if why is not None:
                note.reasons.append(why)
        note.reasons.append(Reason(rules.pairing, "m_nearest", {"top": order[top], "opp": order[opp]}))
        note.reasons.append(_colour_reason(impl, ctx, top, opp, game.white))
        exp.boards.append(note)
        a, b = order[top], order[opp]
        if points[a] != points[b]:
            exp.floats.extend(_floats(impl, ctx, top, opp, alive, points))
        alive.discard(top)
        alive.discard(opp)
    bye = next((b.player for b in rnd.byes), None)
    if bye is not None:
        exp.bye = bye
        pos = order.index(bye)
        if bye_before is not None:
            bye_reasons.append(Reason(rules.bye, "b_lowest", {"player": bye}))
        for v, ok in rec.bye_tried:
            if not ok:
                bye_reasons.append(Reason(rules.bye, "b_rest", {"p": order[v]}))
        for v in range(pos + 1, len(order)):
            f = ctx.facts[order[v]]
            if f.byes or (nsf and f.forfeit_wins):  # NSF-12A: a walkover win counts as a bye
                bye_reasons.append(Reason(rules.bye, "b_had_wo" if nsf else "b_had", {"p": order[v]}))
        if rec.tiers_skipped:
            bye_reasons.append(Reason(rules.bye, "b_widened"))
        exp.bye_reasons = bye_reasons
    return rnd, exp, ctx


def _floats(impl: MonradSystem, ctx: Context, top: int, opp: int, alive: set[int],
            points: dict[int, Fraction]) -> list[FloatNote]:
    """The two players of a pair with different scores (the top one floats down)."""
    order = ctx.order
    a, b = order[top], order[opp]
    hi, lo = (a, b) if points[a] > points[b] else (b, a)
    args: dict[str, Arg] = {"pts": points[hi], "opp_pts": points[lo]}
    if isinstance(impl, NsfMonrad):
        # the nearest group below, or a lower one past a whole group (issue 26 item 11)
        between = any(points[lo] < points[p] < points[hi] for p in order)
        down = [Reason("NSF-6B", "m_group_down_far" if between else "m_group_down",
                       {"player": hi, "opp": lo, **args})]
        group = [v for v in alive if v != top and points[order[v]] == points[a]]
        if any((r := cannot_meet(impl, ctx, top, v)) is not None and r.key == "m_colour" for v in group):
            down.append(Reason("NSF-7C", "m_group_colour", {"player": hi}))
        up = [Reason("NSF-9B", "m_group_up", {"player": lo, "opp": hi, "pts": points[lo],
                                               "opp_pts": points[hi]})]
    else:
        down = [Reason(impl.rules.pairing, "m_list_float", {"player": hi, "opp": lo, **args})]
        up = [Reason(impl.rules.pairing, "m_list_float", {"player": lo, "opp": hi, "pts": points[lo],
                                                           "opp_pts": points[hi]})]
    return [FloatNote(hi, "down", down), FloatNote(lo, "up", up)]
