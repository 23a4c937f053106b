"""``monrad publish``: the event as a static web site (plain HTML and CSS, no
JavaScript), readable on a phone, with accessible tables:

* ``index.html`` -- the standings (names link to the player pages) and the rounds;
* ``round-N.html`` -- round N's pairings by board and alphabetically;
* ``screen-N.html`` -- round N for the projector (large type; Othello Black first, OTH-2.1);
* ``crosstable.html``, ``cards.html`` -- the crosstable and the Monrad cards (NSF-3);
* ``player-N.html`` -- one page per player (his card, opponents linked);
* ``finals.html`` -- an Othello event's finals (OTH-3, OTH-4), when it has them;
* ``style.css`` -- the one style sheet (the PDF uses it too).

Those are the English names; a site in Norwegian, Swedish or Danish names its pages in
its language (``runde-3.html``, ``spelare-7.html``, ``krydstabel.html``: issue 37,
:data:`~monrad.converters.publish.texts.PAGE_NAMES`).

Every page comes from the same templates as the PDF; every file is written
atomically, and the same tournament always gives the same bytes.  The folder keeps
the list of the pages written (``.monrad-site``), so that publishing again -- the
next round, or another event into the same folder -- removes the pages the new site
no longer has instead of leaving an earlier event's rounds and players behind.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ...engine.i18n import tr
from ...engine.model import Tournament
from ...engine.othello.finals import Finals
from ...engine.standings import standings
from ..atomic import atomic_write
from ..outputs import OutputRefused, check_output, same_file
from . import prize_views, views
from .render import Section, category_sections, css, render_page
from .texts import words_for

__all__ = ["MANIFEST", "site_pages", "write_site"]


def site_pages(t: Tournament, lang: str = "en", finals: Finals | None = None) -> dict[str, str]:
    """File name -> content of every file of the site (``finals``: an Othello event's
    finals, OTH-3, on ``finals.html``)."""
    w = words_for(lang)
    table = standings(t)
    rounds = [r.number for r in t.rounds if r.is_paired]
    prizes = prize_views.settings_of(t)
    nav = [("index.html", w("standings")), (w.page("crosstable"), w("crosstable")),
           *((w.page("round", n), w("round_n", n=n)) for n in rounds),
           (w.page("cards"), w("cards")),
           *(((w.page("prizes"), w("prize_list")),) if prizes.lists else ()),
           *(((w.page("finals"), w("finals")),) if finals is not None else ())]
    pages: dict[str, str] = {"style.css": css()}

    def page(name: str, sections: list[Section], title: str, body_class: str = "") -> None:
        pages[name] = render_page(t, w, sections, title, nav=nav, links=True,
                                  inline_css=False, body_class=body_class)

    page("index.html", [Section("standings.html", views.standings_view(t, w, table)),
                        *category_sections(t, w, table)], w("standings"), "standings")
    if prizes.lists:  # the prize list (issue 41)
        page(w.page("prizes"), [Section("prizes.html", prize_views.prizes_view(t, w, table, prizes))],
             w("prize_list"), "prizes")
    page(w.page("crosstable"), [Section("crosstable.html", views.crosstable_view(t, w, table))],
         w("crosstable"), "crosstable")
    cards = views.cards_view(t, w, table)
    page(w.page("cards"), [Section("cards.html", cards)], w("cards"), "cards")
    for n in rounds:
        page(w.page("round", n), [Section("pairings.html", views.pairings_view(t, w, n)),
                                  Section("alphabetical.html", views.alphabetical_view(t, w, n))],
             w("round_n", n=n), "round")
        page(w.page("screen", n), [Section("screen.html", views.pairings_view(t, w, n))],
             w("round_n", n=n), "screen")
    if finals is not None:
        page(w.page("finals"), [Section("finals.html", views.finals_view(t, w, finals))],
             w("finals"), "finals")
    for p in t.players:
        page(w.page("player", p.start_no),
             [Section("player.html", views.player_view(t, w, p.start_no, cards))],
             p.name, "player")
    return pages


#: the list of the files ``write_site`` put into a folder, kept in that folder
MANIFEST = ".monrad-site"


def _manifest(folder: Path) -> set[str] | None:
    """The names an earlier ``write_site`` wrote into ``folder`` (``None``: none did)."""
    try:
        text = (folder / MANIFEST).read_text(encoding="utf-8")
    except OSError:
        return None
    return {n for n in text.splitlines() if n and "/" not in n and "\\" not in n
            and n not in (".", "..")}


def write_site(t: Tournament, folder: str | os.PathLike[str], lang: str = "en",
               finals: Finals | None = None, *, inputs: Iterable[str | os.PathLike[str]] = (),
               overwrite: bool = True, removed: list[str] | None = None) -> list[Path]:
    """Write the site into ``folder`` (created if missing); returns the files written.

    The folder keeps the list of what was written (:data:`MANIFEST`); publishing again
    replaces those pages and removes the ones the new site no longer has (the rounds
    and players of an earlier event), naming them in ``removed``.  A folder with pages
    of the site's names that monrad did not write (no list) is refused unless
    ``overwrite``; a page that would be one of ``inputs``, or a folder, pipe or device
    at a page's name, is always refused (:mod:`~monrad.converters.outputs`).
    """
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise OutputRefused(tr("is not a folder; give a folder for the site"), source=str(out))
    out.mkdir(parents=True, exist_ok=True)
    pages = site_pages(t, lang, finals)
    before = _manifest(out)
    inputs = list(inputs)
    for name in pages:
        check_output(out / name, inputs, overwrite=True)
    if before is None and not overwrite:
        taken = [name for name in pages if os.path.lexists(out / name)]
        if taken:
            raise OutputRefused(tr(
                "{page} is there already and monrad did not publish it (no {manifest} list); "
                "give --overwrite to replace the pages, or publish into an empty folder",
                page=taken[0], manifest=MANIFEST), source=str(out))
    written = [atomic_write(out / name, text.encode("utf-8")) for name, text in pages.items()]
    for name in sorted((before or set()) - set(pages)):
        stale = out / name
        if stale.is_file() and not stale.is_symlink() and not any(same_file(stale, i) for i in inputs):
            stale.unlink()
            if removed is not None:
                removed.append(name)
    atomic_write(out / MANIFEST, "".join(f"{name}\n" for name in pages).encode("utf-8"))
    return written
