"""``monrad publish``: the event as a static web site (plain HTML and CSS, no
JavaScript), readable on a phone, with accessible tables:

* ``index.html`` -- the standings (names link to the player pages) and the rounds;
* ``round-N.html`` -- round N's pairings by board and alphabetically;
* ``screen-N.html`` -- round N for the projector (large type; Othello Black first, OTH-2.1);
* ``crosstable.html``, ``cards.html`` -- the crosstable and the Monrad cards (NSF-3);
* ``player-N.html`` -- one page per player (his card, opponents linked);
* ``finals.html`` -- an Othello event's finals (OTH-3, OTH-4), when it has them;
* ``style.css`` -- the one style sheet (the PDF uses it too).

Every page comes from the same templates as the PDF; every file is written
atomically, and the same tournament always gives the same bytes.
"""

from __future__ import annotations

import os
from pathlib import Path

from ...engine.model import Tournament
from ...engine.othello.finals import Finals
from ...engine.standings import standings
from ..atomic import atomic_write
from . import views
from .render import Section, css, render_page
from .texts import words_for

__all__ = ["site_pages", "write_site"]


def site_pages(t: Tournament, lang: str = "en", finals: Finals | None = None) -> dict[str, str]:
    """File name -> content of every file of the site (``finals``: an Othello event's
    finals, OTH-3, on ``finals.html``)."""
    w = words_for(lang)
    table = standings(t)
    rounds = [r.number for r in t.rounds if r.is_paired]
    nav = [("index.html", w("standings")), ("crosstable.html", w("crosstable")),
           *((f"round-{n}.html", w("round_n", n=n)) for n in rounds),
           ("cards.html", w("cards")),
           *((("finals.html", w("finals")),) if finals is not None else ())]
    pages: dict[str, str] = {"style.css": css()}

    def page(name: str, sections: list[Section], title: str, body_class: str = "") -> None:
        pages[name] = render_page(t, w, sections, title, nav=nav, links=True,
                                  inline_css=False, body_class=body_class)

    page("index.html", [Section("standings.html", views.standings_view(t, w, table))],
         w("standings"), "standings")
    page("crosstable.html", [Section("crosstable.html", views.crosstable_view(t, w, table))],
         w("crosstable"), "crosstable")
    cards = views.cards_view(t, w, table)
    page("cards.html", [Section("cards.html", cards)], w("cards"), "cards")
    for n in rounds:
        page(f"round-{n}.html", [Section("pairings.html", views.pairings_view(t, w, n)),
                                 Section("alphabetical.html", views.alphabetical_view(t, w, n))],
             w("round_n", n=n), "round")
        page(f"screen-{n}.html", [Section("screen.html", views.pairings_view(t, w, n))],
             w("round_n", n=n), "screen")
    if finals is not None:
        page("finals.html", [Section("finals.html", views.finals_view(t, w, finals))],
             w("finals"), "finals")
    for p in t.players:
        page(f"player-{p.start_no}.html",
             [Section("player.html", views.player_view(t, w, p.start_no, cards))],
             p.name, "player")
    return pages


def write_site(t: Tournament, folder: str | os.PathLike[str], lang: str = "en",
               finals: Finals | None = None) -> list[Path]:
    """Write the site into ``folder`` (created if missing); returns the files written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in site_pages(t, lang, finals).items():
        written.append(atomic_write(out / name, text.encode("utf-8")))
    return written
