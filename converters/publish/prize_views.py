"""What the prize documents show (issue 41), as plain text cells ready for a
template, a sheet or the command line: the standings of each prize category and the
prize list.  Numbers come from the engine only (:mod:`monrad.engine.categories`,
:mod:`monrad.engine.prizes`), the words from the catalogs (:mod:`.texts`).
"""

from __future__ import annotations

from fractions import Fraction

from ...engine.categories import category_rows, members
from ...engine.i18n import number_text
from ...engine.model import Tournament
from ...engine.prizes import Prize, PrizeResult, PrizeSettings, award_prizes, prize_settings
from ...engine.standings import Standings, standings
from .texts import Words
from .views import points_text

__all__ = ["amount_text", "categories_view", "prize_text", "prizes_view", "settings_of"]


def settings_of(t: Tournament) -> PrizeSettings:
    """The event's prize settings (``Settings.options``; the readers checked them)."""
    return prize_settings(t.settings.options)


def amount_text(value: Fraction, lang: str) -> str:
    """An amount as the language writes it: ``3,000`` / ``3 000`` / ``3.000``, cents
    only where there are some (``333.34``)."""
    text = f"{int(value):,}" if value.denominator == 1 else f"{float(value):,.2f}"
    return number_text(text, lang)


def prize_text(prize: Prize | None, lang: str) -> str:
    """A prize as announced: its amount, or its text."""
    if prize is None:
        return ""
    return amount_text(prize.amount, lang) if prize.amount is not None else prize.text


def _number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return int(value) if value.denominator == 1 else round(float(value), 2)


def _list_name(category: str, w: Words) -> str:
    return category or w("overall")


def categories_view(t: Tournament, w: Words, table: Standings | None = None,
                    settings: PrizeSettings | None = None) -> dict:
    """The standings of every category: its place (``=`` where shared), the overall
    rank, number, name, club, rating and points of each of its players."""
    table = table or standings(t)
    settings = settings or settings_of(t)
    clubs = {p.start_no: p for p in t.players}
    in_category = members(t, settings.categories)
    sections = []
    for c in settings.categories:
        rows = [{"place": f"{cr.place}{'=' if cr.shared else ''}",
                 "rank": f"{cr.row.rank}{'=' if cr.row.shared else ''}",
                 "start_no": cr.row.start_no, "name": cr.row.name,
                 "club": clubs[cr.row.start_no].club, "rating": clubs[cr.row.start_no].rating or "",
                 "points": points_text(cr.row.points, w.lang)}
                for cr in category_rows(table, in_category[c.name])]
        sections.append({"name": c.name, "rule": c.rule(w.lang), "rows": rows})
    return {"title": w("categories_after", n=table.upto) if table.upto else w("no_rounds"),
            "upto": table.upto, "sections": sections}


def prizes_view(t: Tournament, w: Words, table: Standings | None = None,
                settings: PrizeSettings | None = None) -> dict:
    """The prize list: per list (the whole field first, then the categories), each
    place with its player, points, the prize announced and the money paid (a shared
    place names its range, ``3-4``); the prizes nobody could take; the money per
    player; the rules the list was made by, in words."""
    table = table or standings(t)
    settings = settings or settings_of(t)
    result: PrizeResult = award_prizes(t, table, settings)
    names = {p.start_no: p.name for p in t.players}
    points = {r.start_no: r.points for r in table.rows}
    lists = []
    by_name = {pl.category: pl for pl in settings.lists}
    for pl in (by_name[n] for n in ["", *(c.name for c in settings.categories)] if n in by_name):
        rows = []
        for a in (a for a in result.awards if a.category == pl.category):
            first, last = a.places
            rows.append({"place": f"{first}-{last}" if last != first else str(first),
                         "start_no": a.start_no, "name": names[a.start_no],
                         "points": points_text(points[a.start_no], w.lang),
                         "prize": prize_text(a.prize, w.lang),
                         "paid": amount_text(a.paid, w.lang) if a.paid is not None else "",
                         # the same as numbers, for CSV and JSON
                         "points_number": _number(points[a.start_no]),
                         "prize_number": _number(a.prize.amount) if a.prize else None,
                         "paid_number": _number(a.paid)})
        rows += [{"place": str(k), "start_no": "", "name": w("not_awarded"), "points": "",
                  "prize": prize_text(p, w.lang), "paid": "", "points_number": None,
                  "prize_number": _number(p.amount), "paid_number": None}
                 for cat, k, p in result.unclaimed if cat == pl.category]
        lists.append({"name": _list_name(pl.category, w), "rows": rows})
    money = result.paid()
    texts: dict[int, list[str]] = {}
    for a in result.awards:
        if a.prize is not None and a.prize.amount is None:
            texts.setdefault(a.start_no, []).append(a.prize.text)
    winners = sorted(set(money) | set(texts), key=lambda no: names[no].casefold())
    payout = [{"start_no": no, "name": names[no],
               "paid": amount_text(money[no], w.lang) if no in money else "",
               "paid_number": _number(money.get(no)),
               "texts": ", ".join(texts.get(no, []))} for no in winners]
    total = sum(money.values(), Fraction(0))
    return {"title": w("prizes_after", n=table.upto) if table.upto else w("no_rounds"),
            "upto": table.upto, "lists": lists, "payout": payout,
            "total": amount_text(total, w.lang), "total_number": _number(total),
            "rules": _rules(settings, w)}


def _rules(settings: PrizeSettings, w: Words) -> list[str]:
    """The settings the list was made by, in the document's language."""
    shared = {"split": w("shared_split"), "hort": w("shared_hort"),
              "tiebreak": w("shared_tiebreak")}[settings.shared_places]
    lines = [shared]
    if settings.one_prize:
        lines.append(w("one_prize_order") if settings.equal_prizes == "order"
                     else w("one_prize_place"))
    else:
        lines.append(w("every_prize"))
    return lines
