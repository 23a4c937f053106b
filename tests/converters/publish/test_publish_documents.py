"""Issue 17: every document of a finished event of every system agrees with the
standings and the rounds (read back from the rendered HTML, not from the views)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from publish_events import EVENTS, Tables, body_rows, finished_event

from monrad.converters import layout as L
from monrad.converters.publish import document_html, site_pages
from monrad.converters.publish.texts import WORDS
from monrad.engine.collation import sort_key
from monrad.engine.pairing import is_othello
from monrad.engine.standings import standings

SYSTEMS = list(EVENTS)


def _points(text: str) -> Fraction:
    return L.points_from_cell(text.strip("()")) or Fraction(0)


@pytest.fixture(scope="module", params=SYSTEMS)
def event(request):
    return request.param, finished_event(request.param)


def test_standings_document_agrees_with_monrad_standings(event) -> None:
    system, t = event
    table = standings(t)
    for lang in L.LANGS:
        rows = body_rows(document_html(t, "standings", lang))
        assert [(r[0], int(r[1]), r[2]) for r in rows] == [
            (f"{x.rank}{'=' if x.shared else ''}", x.start_no, x.name) for x in table.rows]
        assert [_points(r[5]) for r in rows] == [x.points for x in table.rows], (system, lang)


def test_standings_legend_names_every_tiebreak_column(event) -> None:
    _, t = event
    html = document_html(t, "standings", "no")
    head = Tables(html).tables[0][0]
    table = standings(t)
    labels = table.labels("nb")  # the federation's headings (issue 37 item 4)
    assert head[6:6 + len(table.shown)] == labels
    for code, label in zip(table.shown, labels):
        assert f"<dt>{label}</dt>" in html
        assert label == code or f" [{code}]</dd>" in html  # the code beside the words


def test_rated_chess_standings_show_performance_and_rating_change(event) -> None:
    system, t = event
    head = Tables(document_html(t, "standings", "en")).tables[0][0]
    rated = not is_othello(t.settings)
    assert (head[-2:] == ["Perf.", "Rating ±*"]) is rated, system


def test_crosstable_cells_point_at_the_opponents_row(event) -> None:
    system, t = event
    table = standings(t)
    rows = body_rows(document_html(t, "crosstable", "en"))
    start_no = [int(r[1]) for r in rows]
    assert start_no == [x.start_no for x in table.rows]
    if system == "round-robin":
        return  # the square table: test_rr_crosstable_is_square_and_symmetric
    marks = {"1": Fraction(1), "½": Fraction(1, 2), "0": Fraction(0), "+": None, "-": None}
    for i, r in enumerate(rows):
        cells = r[3:3 + t.rounds_played]
        for rnd, cell in zip(t.rounds, cells):
            entry = rnd.entry(start_no[i])
            if cell[:-1]:  # 12w1: rank, colour, mark
                rank, colour, mark = int(cell[:-2]), cell[-2], cell[-1]
                opp = start_no[rank - 1]
                assert entry.opponent(start_no[i]) == opp
                assert entry.colour_of(start_no[i]).value == colour
                assert mark in marks
            else:
                assert entry is None or not hasattr(entry, "white")
        assert _points(r[3 + t.rounds_played]) == table.rows[i].points


def test_rr_crosstable_is_square_and_symmetric() -> None:
    t = finished_event("round-robin")
    rows = body_rows(document_html(t, "crosstable", "sv"))
    n = len(rows)
    grid = [r[3:3 + n] for r in rows]
    flip = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+"}
    for i in range(n):
        assert grid[i][i] == ""
        for j in range(n):
            if i != j:
                assert grid[j][i] == flip[grid[i][j]], (i, j)
    for i, r in enumerate(rows):  # the row's marks add up to its points
        won = sum({"1": Fraction(1), "+": Fraction(1), "½": Fraction(1, 2)}.get(m, Fraction(0)) for m in grid[i])
        assert won == _points(r[3 + n])


def test_nsf_3_cards_running_scores_equal_the_standings(event) -> None:
    _, t = event
    table = {r.start_no: r for r in standings(t).rows}
    tables = Tables(document_html(t, "cards", "da")).tables
    assert len(tables) == len(t.players)
    for p, card in zip(t.players, tables):
        rows = card[1:]
        assert [int(r[0]) for r in rows] == [n for n, _ in t.entries(p.start_no)]
        running = Fraction(0)
        for (n, _), r in zip(t.entries(p.start_no), rows):
            running = t.score(p.start_no, n)
            assert _points(r[4]) == running
        assert running == table[p.start_no].points


def test_pairings_by_board_name_white_first_and_othello_black_first(event) -> None:
    _system, t = event
    last = t.rounds[-1]
    html = document_html(t, "pairings", "no", last.number)
    rows = body_rows(html)
    othello = is_othello(t.settings)
    names = {p.start_no: p.name for p in t.players}
    for g, r in zip(last.games, rows):
        first, second = (g.black, g.white) if othello else (g.white, g.black)
        assert (int(r[1]), r[2], int(r[6]), r[7]) == (first, names[first], second, names[second])
    assert Tables(html).tables[0][0][2] == ("Svart" if othello else "Hvit")
    screen = body_rows(document_html(t, "screen", "no", last.number))
    assert [r[1].rsplit(" (", 1)[0] for r in screen[:len(last.games)]] == [
        names[g.black if othello else g.white] for g in last.games]


def test_alphabetical_list_has_everyone_once_sorted_by_name(event) -> None:
    _, t = event
    rnd = t.rounds[-1]
    rows = body_rows(document_html(t, "alphabetical", "en", rnd.number))
    assert [r[0] for r in rows] == sorted((r[0] for r in rows), key=lambda n: sort_key(n, "en"))
    assert sorted(int(r[1]) for r in rows) == sorted(rnd.players)
    names = {p.start_no: p.name for p in t.players}
    for r in rows:
        entry = rnd.entry(int(r[1]))
        if hasattr(entry, "white"):
            assert int(r[2]) == rnd.games.index(entry) + 1
            assert r[4] == names[entry.opponent(int(r[1]))]


def test_user_text_is_escaped_everywhere() -> None:
    t = finished_event("nsf")
    pages = site_pages(t, "en")
    for name, text in pages.items():
        assert "<script" not in text, name
        assert "<b>cup</b>" not in text, name
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; Co" in pages["index.html"]


def test_the_style_sheet_is_inline_as_written_for_the_pdf() -> None:
    from monrad.converters.publish.render import css

    page = document_html(finished_event("nsf"), "standings", "en")
    assert css() in page and '"DejaVu Sans"' in css()  # not entity-escaped inside <style>


@pytest.mark.parametrize("lang", L.LANGS)
def test_documents_speak_each_language(lang: str) -> None:
    t = finished_event("dsu")
    heading = {"en": "Crosstable after round 5", "no": "Krysstabell etter runde 5",
               "sv": "Korstabell efter rond 5", "da": "Krydstabel efter runde 5"}[lang]
    assert WORDS["crosstable_after"].fill(n=5).render(lang) == heading  # from the catalogs
    assert f"<h1>{heading}</h1>" in document_html(t, "crosstable", lang)
    assert f'<html lang="{lang}">' in document_html(t, "cards", lang)


def test_same_event_same_bytes() -> None:
    a = site_pages(finished_event("ssf"), "sv")
    b = site_pages(finished_event("ssf"), "sv")
    assert a == b
    assert {"index.html", "korstabell.html", "monradkort.html", "style.css", "rond-5.html",
            "skarm-5.html", "spelare-10.html"} <= set(a)  # a Swedish site's names (issue 37)
