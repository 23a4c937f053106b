"""``monrad publish``: the event as a static web site (plain HTML and CSS, no
JavaScript), readable on a phone, with accessible tables:

* ``index.html`` -- the standings (names link to the player pages) and the rounds;
* ``round-N.html`` -- round N's pairings by board and alphabetically;
* ``screen-N.html`` -- round N for the projector (large type; Othello Black first, OTH-2.1);
* ``crosstable.html``, ``cards.html`` -- the crosstable and the Monrad cards (NSF-3);
* ``player-N.html`` -- one page per player (his card, opponents linked);
* ``finals.html`` -- an Othello event's finals (OTH-3, OTH-4), when it has them;
* ``prizes.html`` -- the prize list (issue 41), when the Settings name prizes;
* ``style.css`` -- the one style sheet (the PDF uses it too).

Every page comes from the same templates as the PDF, and the same tournament always
gives the same bytes.  The pages are written as one (all on disk before any replaces
its old page: a full disk leaves the site as it was).  Publishing again -- the next
round, or another event into the same folder -- removes monrad's pages the new site no
longer has instead of leaving an earlier event's rounds and players behind; monrad
knows its pages by their names and their content (``<meta name="generator"
content="monrad">``), never by a list kept in the folder, which anyone could write
(issue 40 item 6), and touches nothing else there.

Those are the English names; a site in Norwegian, Swedish or Danish names its pages in
its language (``runde-3.html``, ``spelare-7.html``, ``krydstabel.html``: issue 37,
:data:`~monrad.converters.publish.texts.PAGE_NAMES`).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path

from ...engine.i18n import tr
from ...engine.model import Tournament
from ...engine.othello.finals import Finals
from ...engine.standings import standings
from ..atomic import real_target, write_files
from ..outputs import OutputRefused, check_output, same_file
from . import prize_views, views
from .render import Section, category_sections, css, render_page
from .texts import PAGE_NAMES, words_for

__all__ = ["GENERATOR", "PAGE_NAME", "is_monrad_page", "site_pages", "write_site"]


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


def _page_names() -> re.Pattern[str]:
    """Every name a site's file has, in every language (``round-3.html``,
    ``spelare-12.html``, ``krysstabell.html``, ``style.css`` ...: ``PAGE_NAMES``)."""
    names = {"index"} | {re.escape(kind).replace(re.escape("{n}"), "[1-9][0-9]{0,3}")
                         for table in PAGE_NAMES.values() for kind in table.values()}
    return re.compile("(?:" + "|".join(sorted(names)) + r")\.html|style\.css")


#: the name of every file of a site, in every language
PAGE_NAME = _page_names()
#: how monrad's page says it is monrad's (in its ``<head>``; base.html)
GENERATOR = b'<meta name="generator" content="monrad">'
#: how monrad's style sheet starts (templates/style.css)
STYLE_HEAD = b"/* monrad documents:"


def is_monrad_page(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a page of a site monrad published, by its own name and
    content: a regular file (not a link) named as a site's files are, whose head says
    it is monrad's (:data:`GENERATOR`, :data:`STYLE_HEAD`).  Nothing else in a folder
    is monrad's to replace or remove (issue 40 item 6)."""
    p = Path(path)
    if not PAGE_NAME.fullmatch(p.name):
        return False
    try:
        if not stat.S_ISREG(os.lstat(p).st_mode):
            return False
        with open(p, "rb") as fh:
            head = fh.read(2048)
    except OSError:
        return False
    return head.startswith(STYLE_HEAD) if p.suffix == ".css" else GENERATOR in head


def write_site(t: Tournament, folder: str | os.PathLike[str], lang: str = "en",
               finals: Finals | None = None, *, inputs: Iterable[str | os.PathLike[str]] = (),
               overwrite: bool = True, removed: list[str] | None = None) -> list[Path]:
    """Write the site into ``folder`` (created if missing); returns the files written.

    Every page is written before any is replaced (:func:`~monrad.converters.atomic.
    write_files`): a full disk leaves the site as it was.  A page of the site's name
    that is not monrad's (:func:`is_monrad_page`: the club's own ``cards.html``) is
    refused unless ``overwrite``; monrad's pages the new site no longer has (the rounds
    and players of an earlier event) are removed and named in ``removed``, and nothing
    else of the folder is.  A page that would be one of ``inputs``, or a folder, pipe or
    device at a page's name, is always refused (:mod:`~monrad.converters.outputs`).
    """
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise OutputRefused(tr("is not a folder; give a folder for the site"), source=str(out))
    out.mkdir(parents=True, exist_ok=True)
    pages = site_pages(t, lang, finals)
    inputs = list(inputs)
    for name in pages:
        check_output(out / name, inputs, overwrite=True)
    if not overwrite:
        taken = [name for name in pages
                 if os.path.lexists(out / name) and not is_monrad_page(real_target(out / name))]
        if taken:
            raise OutputRefused(tr(
                "{page} is there already and is not a page monrad published; give --overwrite "
                "to replace it, or publish into another folder", page=taken[0]), source=str(out))
    stale = sorted(q.name for q in out.iterdir() if q.name not in pages and is_monrad_page(q)
                   and not any(same_file(q, i) for i in inputs))
    written = write_files({out / name: text.encode("utf-8") for name, text in pages.items()},
                          out)
    for name in stale:
        try:
            (out / name).unlink()
        except OSError:
            continue  # gone meanwhile, or not ours to remove after all: left as it is
        if removed is not None:
            removed.append(name)
    return written
