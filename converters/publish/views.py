"""What each document shows, as plain text cells ready for a template.

One function per document; every one takes the tournament and the :class:`Words`
of a language and returns a dict the template of the same name renders (the same
template for the web page and the PDF).  Numbers come from the engine only:
:func:`monrad.engine.standings.standings` (the same call as ``monrad standings``),
:mod:`monrad.engine.crosstable`, :func:`monrad.engine.monrad.card.card` (NSF-3) and
:func:`monrad.engine.rating.event_estimates`.  Texts are left raw: the templates escape.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...engine.crosstable import (
    MARKS,
    SQUARE_MAX_PLAYERS,
    alphabetical_list,
    board_list,
    crosstable,
    square_table,
)
from ...engine.i18n import number_text, ptr
from ...engine.model import Colour, Result, Round, Tournament
from ...engine.monrad.card import cards as all_cards
from ...engine.othello.finals import Finals, final_places, place_note, place_text
from ...engine.pairing import is_othello, system_facts
from ...engine.rating import event_estimates
from ...engine.standings import (
    Standings,
    format_value,
    note_heading,
    pending_legend,
    remark_text,
    shown_value,
    standings,
)
from .. import layout as L
from .texts import Words

__all__ = [
    "alphabetical_view",
    "cards_view",
    "crosstable_view",
    "event_info",
    "newest_round",
    "pairings_view",
    "player_view",
    "points_text",
    "standings_view",
]


def points_text(value: Fraction, lang: str) -> str:
    """A score as the language writes it: ``1½`` in the Nordic languages, ``1.5`` in English."""
    if value.denominator == 2 and lang in L.HALF_SIGN_LANGS:
        return L.halves_text(value)
    return number_text(format_value(value), lang)  # 2,25 in the Nordic languages


def _column_texts(values: list, lang: str) -> list[str]:
    """One tie-break column: halves as points where every value is whole or half, else
    decimals to the column's widest need."""
    fractions = [Fraction(v) for v in values if v is not None and not isinstance(v, tuple)]
    if fractions and all(f.denominator in (1, 2) for f in fractions):
        return [points_text(Fraction(v), lang) if v is not None and not isinstance(v, tuple)
                else format_value(v) for v in values]
    decimals = max((len(format_value(v).partition(".")[2]) for v in values if v is not None), default=0)
    return [number_text(format_value(v, decimals) if not isinstance(v, tuple) else format_value(v), lang)
            for v in values]  # a decimal comma in the Nordic languages (issue 29)


def event_info(t: Tournament, w: Words) -> dict:
    """The heading of every document: event name, system, whether Othello."""
    return {"name": str(t.info.get("name") or ""), "system": t.settings.system,
            "othello": is_othello(t.settings), "lang": w.lang,
            "rounds": t.settings.rounds or t.rounds_played}


def newest_round(t: Tournament) -> int:
    """The newest paired round (0 before round 1)."""
    return t.rounds_played


def _rated_chess(t: Tournament) -> bool:
    return not is_othello(t.settings) and any(p.rating > 0 for p in t.players)


def standings_view(t: Tournament, w: Words, table: Standings | None = None) -> dict:
    """Rank, number, name, club, rating, points, the system's tie-breaks, and for a
    rated chess event the performance and rating-change estimate; then the legend."""
    table = table or standings(t)
    players = {p.start_no: p for p in t.players}
    rated = _rated_chess(t)
    est = event_estimates(t, table.upto) if rated else {}
    columns = _tiebreak_texts(table, w)
    rows = []
    for i, r in enumerate(table.rows):
        p = players[r.start_no]
        row = {"rank": f"{r.rank}{'=' if r.shared else ''}", "start_no": r.start_no,
               "name": r.name, "club": p.club, "rating": p.rating or "",
               "points": points_text(r.points, w.lang),
               "tb": [col[i] for col in columns], "note": remark_text(r.remarks(), w.lang)}
        if rated:
            e = est[r.start_no]
            row["perf"] = "" if e.performance is None else str(e.performance)
            row["change"] = "" if e.change is None else f"{e.change:+d}"
        rows.append(row)
    return {"title": w("standings_after", n=table.upto) if table.upto else w("no_rounds"),
            "upto": table.upto, "rows": rows, "rated": rated, **_tiebreak_heads(table, w),
            **_notes(table, w)}


def _tiebreak_texts(table: Standings, w: Words) -> list[list[str]]:
    """Each shown tie-break's column as text; nothing where it does not apply (a ``DE``
    of 0, issue 37 item 9)."""
    return [_column_texts([shown_value(c, r.values.get(c)) for r in table.rows], w.lang)
            for c in table.shown]


def _tiebreak_heads(table: Standings, w: Words) -> dict:
    """The tie-breaks' headings (federation's abbreviation, name) and the legend under
    the table (issue 37 item 4)."""
    return {"columns": w.tiebreak_columns(table.shown, table.system),
            "legend": w.tiebreak_legend(table.shown, table.system)}


def _notes(table: Standings, w: Words) -> dict:
    """The remarks column (pending games, withdrawals, late entries; issue 26): its
    heading when any row has one (else ``None``: no column), and the legend of the
    pending mark ``*`` when a game is pending."""
    pending = any(r.pending for r in table.rows)
    return {"note_head": note_heading(w.lang) if table.has_remarks else None,
            "pending_legend": pending_legend(w.lang) if pending else None}


def _bye_text(w: Words, kind: Result | None) -> str:
    return w.bye(kind.name) if kind is not None else ""


def pairings_view(t: Tournament, w: Words, round_no: int) -> dict:
    """A round by board: board, first-named player (White; Othello: Black, OTH-5),
    his points, result, the second player; then the byes."""
    rnd = _round(t, round_no)
    names = {p.start_no: p.name for p in t.players}
    othello = is_othello(t.settings)
    lines = []
    for ln in board_list(t, rnd):
        lines.append({
            "board": ln.board or "", "first_no": ln.first, "first": names[ln.first],
            "first_pts": points_text(ln.first_points, w.lang), "result": ln.result,
            "second_no": ln.second or "", "second": names[ln.second] if ln.second else _bye_text(w, ln.bye),
            "second_pts": points_text(ln.second_points, w.lang) if ln.second_points is not None else "",
            "bye": ln.bye is not None})
    first, second = ("black", "white") if othello else ("white", "black")
    return {"title": w("pairings_round", n=round_no), "round": round_no,
            "first_head": w(first), "second_head": w(second), "lines": lines}


def alphabetical_view(t: Tournament, w: Words, round_no: int) -> dict:
    """A round by player name: name, number, board, own colour, opponent."""
    rnd = _round(t, round_no)
    names = {p.start_no: p.name for p in t.players}
    colour = {Colour.WHITE: w("white"), Colour.BLACK: w("black"), Colour.NONE: ""}
    lines = [{"name": names[a.player], "no": a.player, "board": a.board or "",
              "colour": colour[a.colour],
              "opponent": names[a.opponent] if a.opponent else _bye_text(w, a.bye),
              "opponent_no": a.opponent or ""} for a in alphabetical_list(t, rnd, w.lang)]
    return {"title": w("alphabetical_round", n=round_no), "round": round_no, "lines": lines}


def colour_letters(lang: str) -> dict[Colour, str]:
    """The colours as one letter in the document's language (cards, player pages, the
    crosstable's ``12h1``): w/b, h/s, v/s, h/s (issue 26 item 11)."""
    return {Colour.WHITE: ptr("colour letter on a card", "w").render(lang),
            Colour.BLACK: ptr("colour letter on a card", "b").render(lang), Colour.NONE: ""}


def crosstable_view(t: Tournament, w: Words, table: Standings | None = None) -> dict:
    """Swiss/Monrad: one row per player with ``12w1`` cells; round robin: the square,
    for at most :data:`~monrad.engine.crosstable.SQUARE_MAX_PLAYERS` players (more: by
    round, with a note saying why; issue 40 item 4)."""
    table = table or standings(t)
    round_robin = system_facts(t.settings.system).round_robin
    square = round_robin and len(table.rows) <= SQUARE_MAX_PLAYERS
    rows = crosstable(t, table)
    columns = _tiebreak_texts(table, w)
    out_rows = []
    grid = square_table(t, table) if square else None
    letters = colour_letters(w.lang)
    for i, r in enumerate(rows):
        out_rows.append({
            "pos": i + 1, "rank": f"{r.rank}{'=' if r.shared else ''}", "start_no": r.start_no,
            "name": r.name, "points": points_text(r.points, w.lang),
            "cells": list(grid[i]) if grid else [c.text(letters) if c else "" for c in r.cells],
            "tb": [col[i] for col in columns], "note": remark_text(table.rows[i].remarks(), w.lang)})
    heads = ([str(i) for i in range(1, len(rows) + 1)] if square
             else [str(r.number) for r in t.rounds if r.number <= table.upto])
    return {"title": w("crosstable_after", n=table.upto) if table.upto else w("no_rounds"),
            "square": square, "heads": heads, "rows": out_rows, **_tiebreak_heads(table, w),
            "not_square": (w("not_square", n=SQUARE_MAX_PLAYERS) if round_robin and not square
                           else None),
            **_notes(table, w)}


def cards_view(t: Tournament, w: Words, table: Standings | None = None) -> dict:
    """Every player's Monrad card (NSF-3): start number, name, club, rating; per round
    opponent, own colour, own result, running score (and the round-list number where
    the system keeps one); final score, place and tie-breaks.  Start-number order."""
    table = table or standings(t)
    place = {r.start_no: r for r in table.rows}
    columns = _tiebreak_texts(table, w)
    heads = w.tiebreak_columns(table.shown, table.system)
    row_index = {r.start_no: i for i, r in enumerate(table.rows)}
    letter = colour_letters(w.lang)
    points = t.settings.scoring.points
    every = all_cards(t)
    cards: list[dict[str, Any]] = []
    for p in t.players:
        rows = []
        total, provisional = Fraction(0), False
        for c in every.get(p.start_no, []):
            if c.round > table.upto:
                break
            # the running score by the event's own scoring, as the standings count it;
            # a pending game counts as a draw and brackets the total (NSF-5, DSU-1, DSU-9)
            pending = c.result is Result.PENDING
            total += t.settings.scoring.draw if pending else points(c.result)
            provisional = provisional or pending
            rows.append({"round": c.round, "opponent": c.opponent or "",
                         "colour": letter[c.colour],
                         "result": MARKS[c.result], "total": _total(total, provisional, w),
                         "placement": c.placement or ""})
        r = place.get(p.start_no)
        i = row_index.get(p.start_no)
        cards.append({"start_no": p.start_no, "name": p.name, "club": p.club,
                      "rating": p.rating or "", "rows": rows,
                      "note": remark_text(r.remarks(), w.lang) if r else "",
                      "points": points_text(r.points, w.lang) if r else "",
                      "rank": f"{r.rank}{'=' if r.shared else ''}" if r else "",
                      "tb": [(label, title, col[i]) for (label, title), col in zip(heads, columns)]
                      if i is not None else []})
    return {"title": w("cards"), "upto": table.upto, "cards": cards,
            "placements": any(row["placement"] for c in cards for row in c["rows"]),
            **_notes(table, w)}


def _total(total: Fraction, provisional: bool, w: Words) -> str:
    """The running score; in brackets while it counts a pending game as a draw (DSU-9)."""
    text = points_text(total, w.lang)
    return f"({text})" if provisional else text


def player_view(t: Tournament, w: Words, start_no: int, cards: dict) -> dict:
    """One player's page: his card from :func:`cards_view` (every round with the
    opponent's name), his final score and place."""
    mine = next(c for c in cards["cards"] if c["start_no"] == start_no)
    names = {p.start_no: p.name for p in t.players}
    rows = [dict(row, opponent_name=names.get(row["opponent"], "") if row["opponent"] else "")
            for row in mine["rows"]]
    return {"title": f"{mine['name']} ({start_no})", "card": dict(mine, rows=rows),
            "placements": cards["placements"]}


def finals_view(t: Tournament, w: Words, finals: Finals) -> dict:
    """The Othello finals (OTH-3): each match with its players (and their Swiss
    places), its games Black first (OTH-5) with the discs, the match score, the next
    game's colours or who chooses them (OTH-4); then the final ranking."""
    names = {p.start_no: p.name for p in t.players}
    matches = []
    for m in finals.matches.values():
        games = [{"no": i, "black": f"{names[g.black]} ({g.black})",
                  "white": f"{names[g.white]} ({g.white})",
                  "discs": f"{g.black_discs}-{g.white_discs}"} for i, g in enumerate(m.games, 1)]
        nxt = ""
        if not m.is_decided:
            chooser = m.colour_chooser()
            if chooser is None:
                b, wh = m.next_pairing()
                nxt = f"{w('black')}: {names[b]} ({b}), {w('white')}: {names[wh]} ({wh}) - {w('colours_swap')}"
            else:
                nxt = f"{names[chooser]} ({chooser}) {w('chooses')}"
        matches.append({
            "name": w(m.name), "best_of": m.best_of, "games": games, "next": nxt,
            "players": [f"{names[p]} ({p}), {w('swiss_place')} {finals.place(p)}" for p in m.players],
            "score": f"{points_text(m.points(m.higher), w.lang)}-{points_text(m.points(m.lower), w.lang)}",
            "winner": f"{names[m.winner]} ({m.winner})" if m.winner is not None else ""})
    ranking = []
    for place in final_places(finals):  # only what is decided (issue 26)
        note = place_note(place)
        for p in place.players:
            ranking.append({"place": place_text(place), "start_no": p, "name": names[p],
                            "note": note.render(w.lang) if note is not None else ""})
    return {"title": w("finals"), "matches": matches, "ranking": ranking}


def _round(t: Tournament, round_no: int) -> Round:
    rnd = t.round(round_no)
    if rnd is None or not rnd.is_paired:
        paired = [r.number for r in t.rounds if r.is_paired]
        raise ValueError(f"round {round_no} is not paired (paired rounds: "
                         f"{', '.join(map(str, paired)) or 'none'})")
    return rnd
