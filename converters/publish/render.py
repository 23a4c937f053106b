"""The documents as HTML: one Jinja2 template per document, used for the web site
and for the PDF alike (:mod:`monrad.converters.publish.pdf` renders the same HTML).

The environment autoescapes every value, so a text from a user file (a player
called ``<script>``) is always text; it is strict about undefined names, so a
template that asks for something the view does not give fails loudly.  Output is
deterministic: no time stamps, rows in the engine's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from importlib import resources

import jinja2

from ...engine.model import Tournament
from ...engine.standings import Standings, standings
from . import prize_views, views
from .texts import Words, words_for

__all__ = ["DOCUMENTS", "Section", "css", "document_html", "render_page"]

#: what ``monrad print --what`` can print
DOCUMENTS = ("pairings", "alphabetical", "standings", "crosstable", "cards", "screen", "prizes")


@lru_cache(maxsize=1)
def _env() -> jinja2.Environment:
    folder = resources.files(__package__).joinpath("templates")
    templates = {f.name: f.read_text(encoding="utf-8") for f in folder.iterdir()
                 if f.name.endswith(".html")}
    return jinja2.Environment(loader=jinja2.DictLoader(templates), autoescape=True,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True,
                              trim_blocks=False)


@lru_cache(maxsize=1)
def css() -> str:
    """The one style sheet (screen and print media)."""
    return resources.files(__package__).joinpath("templates").joinpath("style.css").read_text(encoding="utf-8")


class Section(dict):
    """One document on a page: its template and the view it renders."""

    def __init__(self, template: str, doc: dict) -> None:
        super().__init__(template=template, doc=doc)


def render_page(t: Tournament, w: Words, sections: Sequence[Section], page_title: str, *,
                nav: Sequence[tuple[str, str]] = (), links: bool = False,
                inline_css: bool = True, body_class: str = "") -> str:
    """A whole HTML page holding ``sections``."""
    return _env().get_template("base.html").render(
        w=w, event=views.event_info(t, w), sections=list(sections), page_title=page_title,
        nav=list(nav), links=links, inline_css=inline_css, css=css(), body_class=body_class)


def document_sections(t: Tournament, what: str, w: Words, round_no: int | None = None,
                      table: Standings | None = None) -> list[Section]:
    """The sections of document ``what`` (one of :data:`DOCUMENTS`).

    ``round_no`` is the round of a pairing list (default: the newest paired round)
    or the round the standings, crosstable and cards are after (default: as
    ``monrad standings``)."""
    if what in ("pairings", "alphabetical", "screen"):
        n = round_no if round_no is not None else views.newest_round(t)
        if what == "alphabetical":
            return [Section("alphabetical.html", views.alphabetical_view(t, w, n))]
        return [Section(f"{what}.html", views.pairings_view(t, w, n))]
    if table is None:
        table = standings(t, upto=round_no)
    if what == "standings":  # with the standings of each prize category (issue 41)
        return [Section("standings.html", views.standings_view(t, w, table)),
                *category_sections(t, w, table)]
    if what == "prizes":
        return [Section("prizes.html", prize_views.prizes_view(t, w, table)),
                *category_sections(t, w, table)]
    if what == "crosstable":
        return [Section("crosstable.html", views.crosstable_view(t, w, table))]
    if what == "cards":
        return [Section("cards.html", views.cards_view(t, w, table))]
    raise ValueError(f"unknown document {what!r} (choose from {', '.join(DOCUMENTS)})")


def category_sections(t: Tournament, w: Words, table: Standings) -> list[Section]:
    """The standings of the prize categories, when the event defines any (issue 41)."""
    settings = prize_views.settings_of(t)
    if not settings.categories:
        return []
    return [Section("categories.html", prize_views.categories_view(t, w, table, settings))]


def document_html(t: Tournament, what: str, lang: str = "en", round_no: int | None = None) -> str:
    """Document ``what`` as one self-contained HTML page (the style sheet inline), the
    page the PDF is rendered from."""
    w = words_for(lang)
    sections = document_sections(t, what, w, round_no)
    title = sections[0]["doc"]["title"]
    return render_page(t, w, sections, title, body_class="screen" if what == "screen" else what)


def finals_html(t: Tournament, finals, lang: str = "en") -> str:
    """The Othello finals (OTH-3, OTH-4) and the final ranking as one HTML page."""
    w = words_for(lang)
    doc = views.finals_view(t, w, finals)
    return render_page(t, w, [Section("finals.html", doc)], doc["title"], body_class="finals")
