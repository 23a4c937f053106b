"""Issue 40 through the command line: strangers' files, round four.  Each test is one
item of the issue (its number in the name); the files are made here from real ones
(``examples/club.trf`` and the workbook monrad writes from it)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from conftest import REPO
from test_strangers_cli import one_clean_line as one_line
from test_strangers_cli import run

from monrad.converters import load, save

CLUB_TRF = REPO / "examples" / "club.trf"


def _without(path: Path, part: str) -> None:
    tmp = path.with_suffix(".new")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != part:
                dst.writestr(info, src.read(info))
    tmp.replace(path)


# ------------------------------------------------------------------ item 12
@pytest.mark.parametrize("command", [["pair"], ["standings"], ["pair", "--dry-run"]])
def test_issue40_item12_a_package_without_content_types_is_one_line(
        book: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    """``pair`` and ``standings`` ended in exit 3 (KeyError) at the save."""
    _without(book, "[Content_Types].xml")
    before = book.read_bytes()
    code, _, err = run(capsys, command[0], book, *command[1:])
    assert code == 2
    assert one_line(err) == (f"monrad: {book}: not a readable Excel workbook: the package has "
                             "no [Content_Types].xml (its list of part types), which Excel "
                             "does not open either")
    assert book.read_bytes() == before
    assert sorted(p.name for p in book.parent.iterdir()) == ["club.xlsx"]


# ------------------------------------------------------------------ item 3
@pytest.mark.parametrize("command", [["convert", "-o", "open.trf"], ["standings"]])
def test_issue40_item3_a_wof_round_past_the_bound_is_refused_by_every_command(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        command: list[str]) -> None:
    """``%Round: 9999`` was converted into a TRF that monrad then refused;
    ``%Round: 99999999`` ran standings past 60 s and 2 GB."""
    wof = (REPO / "tests" / "data" / "wof" / "20260314_Stockholm_Open_2026.ELO")
    f = tmp_path / "open.ELO"
    f.write_text(wof.read_text(encoding="latin-1").replace("%Round: 3", "%Round: 9999"),
                 encoding="latin-1")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, command[0], f.name, *command[1:])
    assert code == 2
    assert one_line(err).endswith("round 9999 is out of range (1 to 999)")
    assert not (tmp_path / "open.trf").exists()


# ------------------------------------------------------------------ items 6 and 15: publish
def _site(tmp_path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> Path:
    site = tmp_path / "site"
    code, _, err = run(capsys, "publish", CLUB_TRF, "-o", site, *extra)
    assert code == 0, err
    return site


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_issue40_item6_a_planted_list_removes_nothing_that_is_not_monrads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ``.monrad-site`` naming the club's notes, a dot file and a backup deleted them."""
    site = _site(tmp_path, capsys)
    theirs = {"notes.txt": b"the club's notes", ".profile": b"PATH=/usr/bin",
              "club.backup-20260101-120000.xlsx": b"PK a backup",
              "player-99.html": b"<html>the club's own page for player 99</html>"}
    for name, data in theirs.items():
        (site / name).write_bytes(data)
    (site / ".monrad-site").write_text("".join(f"{n}\n" for n in theirs), encoding="utf-8")
    code, out, err = run(capsys, "publish", CLUB_TRF, "-o", site)
    assert code == 0, err
    assert {n: (site / n).read_bytes() for n in theirs} == theirs
    assert "removed" not in out


def test_issue40_item6_the_clubs_own_page_is_not_replaced_because_a_list_is_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """With any list present the club's own ``cards.html`` was replaced without
    ``--overwrite``."""
    site = _site(tmp_path, capsys)
    (site / "cards.html").write_text("<html>the club's own cards</html>", encoding="utf-8")
    (site / ".monrad-site").write_text("cards.html\nindex.html\n", encoding="utf-8")
    before = _files(site)
    code, _, err = run(capsys, "publish", CLUB_TRF, "-o", site)
    assert code == 2
    assert one_line(err) == (f"monrad: {site}: cards.html is there already and is not a page "
                             "monrad published; give --overwrite to replace it, or publish into "
                             "another folder")
    assert _files(site) == before
    assert run(capsys, "publish", CLUB_TRF, "-o", site, "--overwrite")[0] == 0
    assert b'content="monrad"' in (site / "cards.html").read_bytes()


def test_issue40_item6_monrads_stale_pages_are_still_removed_by_their_content(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Another event published into the folder: the earlier one's rounds and players
    go, known by their names and content (no list needed)."""
    site = _site(tmp_path, capsys)
    (site / "round-9.html").write_bytes((site / "round-1.html").read_bytes())
    (site / "player-98.html").write_bytes((site / "player-1.html").read_bytes())
    (site / ".monrad-site").unlink(missing_ok=True)
    code, out, err = run(capsys, "publish", CLUB_TRF, "-o", site)
    assert code == 0, err
    assert not (site / "round-9.html").exists() and not (site / "player-98.html").exists()
    assert "player-98.html" in out and "round-9.html" in out


@pytest.mark.parametrize("lang", ["nb", "sv", "da"])
def test_issue40_item6_a_nordic_sites_stale_pages_are_known_by_their_own_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """A site in Norwegian, Swedish or Danish names its pages in its language (issue 37):
    monrad knows those names as its own too, so the earlier event's rounds and players
    go, and a file of the club's with such a name stays."""
    from monrad.converters.publish.site import is_monrad_page
    from monrad.converters.publish.texts import PAGE_NAMES

    names = PAGE_NAMES["no" if lang == "nb" else lang]
    site = tmp_path / "site"
    code, _, err = run(capsys, "publish", CLUB_TRF, "-o", site, "--lang", lang)
    assert code == 0, err
    first, player = names["round"].format(n=1) + ".html", names["player"].format(n=1) + ".html"
    assert is_monrad_page(site / first) and is_monrad_page(site / player)
    stale = {names["round"].format(n=9) + ".html": first,
             names["player"].format(n=98) + ".html": player}
    for name, model in stale.items():
        (site / name).write_bytes((site / model).read_bytes())
    own = site / (names["crosstable"] + "-notes.html")
    own.write_text("the club's own notes", encoding="utf-8")
    code, out, err = run(capsys, "publish", CLUB_TRF, "-o", site, "--lang", lang)
    assert code == 0, err
    assert [name for name in stale if (site / name).exists()] == []
    assert all(name in out for name in stale) and own.exists()


def test_issue40_item15_a_full_disk_leaves_the_site_as_it_was(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's run replaced the first pages, then said "nothing was written"."""
    import errno
    import os

    from monrad.converters import dumps

    site = _site(tmp_path, capsys)
    before = _files(site)
    t = load(CLUB_TRF)
    t.info["name"] = "Another name on every page"
    other = tmp_path / "other.trf"
    other.write_text(dumps(t, "trf"), encoding="utf-8")
    real_write, calls = os.write, []

    def full(fd: int, data: bytes) -> int:  # the disk fills up at the sixth page
        calls.append(fd)
        if len(calls) > 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full)
    code, _, err = run(capsys, "publish", other, "-o", site)
    monkeypatch.setattr(os, "write", real_write)
    assert code == 2
    assert one_line(err) == (f"monrad: {site}: cannot write (the disk is full); none of its "
                             f"{len(before)} files was changed")
    assert _files(site) == before  # no page replaced, no temporary file left


def test_issue40_item15_a_page_that_cannot_be_replaced_is_named_with_those_that_were(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving the written pages in place cannot run out of space, but a page another
    program holds (Windows) can stop it: the message says exactly what was replaced."""
    import os

    site = _site(tmp_path, capsys)
    real_replace = os.replace

    def held(src: str, dst: str) -> None:
        if str(dst).endswith("cards.html"):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", held)
    code, _, err = run(capsys, "publish", CLUB_TRF, "-o", site)
    monkeypatch.setattr(os, "replace", real_replace)
    assert code == 2
    assert one_line(err) == (f"monrad: {site}: cards.html could not be replaced (no permission "
                             "to write there) after 3 of the 22 files were: style.css, "
                             "index.html, crosstable.html; the others are as they were (run the "
                             "command again)")
    assert not [p for p in site.iterdir() if p.name.startswith(".~m")]


# ------------------------------------------------------------------ item 10
_COMMENTED = {
    0: "### Klubbmesterskap 2026: the arbiter's file",
    8: "### 2026-02-01: tie-breaks changed from BH,SB by the arbiter (TRF-2026 asks for this)",
    9: "### player 1 withdrew his complaint about round 2",
}


def _commented_trf(tmp_path: Path) -> Path:
    """examples/club.trf with ``###`` lines before the name, the system and player 1."""
    lines = CLUB_TRF.read_text(encoding="utf-8").splitlines()
    for at in sorted(_COMMENTED, reverse=True):
        lines.insert(at, _COMMENTED[at])
    lines.append("### checked by the arbiter after round 3")
    f = tmp_path / "club.trf"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f


def _neighbours(path: Path) -> dict[str, str]:
    """Each comment -> the record after it (``end`` for the last line)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return {ln: (lines[i + 1][:8] if i + 1 < len(lines) else "end")
            for i, ln in enumerate(lines) if ln.startswith("###")}


@pytest.mark.parametrize("command", [["pair"], ["draw", "--method", "random", "--seed", "7"]])
def test_issue40_item10_the_arbiters_comments_stay_where_they_stood(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    f = _commented_trf(tmp_path)
    if command[0] == "draw":  # a draw is made before round 1
        lines = [ln[:91].rstrip() if ln.startswith("001") else ln
                 for ln in f.read_text(encoding="utf-8").splitlines()]
        f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, _, err = run(capsys, command[0], f, *command[1:])
    assert code == 0, err
    assert _neighbours(f) == {_COMMENTED[0]: "012 Klub", _COMMENTED[8]: "192 CUST",
                              _COMMENTED[9]: "001    1", "### checked by the arbiter after round 3": "end"}


def test_issue40_item10_ratings_keeps_the_comments_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = _commented_trf(tmp_path)
    fide = REPO / "tests" / "data" / "ratings" / "players_list_xml_foa.xml"
    code, out, err = run(capsys, "ratings", f, "--fide", fide)
    assert code == 0 and "2 players updated" in out, err
    assert _neighbours(f) == {_COMMENTED[0]: "012 Klub", _COMMENTED[8]: "192 CUST",
                              _COMMENTED[9]: "001    1", "### checked by the arbiter after round 3": "end"}


# ------------------------------------------------------------------ item 11
#: names and clubs whose second piece is a formula for a spreadsheet splitting on the
#: separator the file does not use
_EVIL = {1: ("Hansen;-2+3+cmd|' /C calc'!A0", "Oslo SK;@SUM(1+1)*cmd|' /C calc'!A0"),
         2: ("Berg,=HYPERLINK(\"http://x\",\"y\")", "Trondheim\t+cmd|' /C calc'!A0")}


def _evil_trf(tmp_path: Path) -> Path:

    t = load(CLUB_TRF)
    for sn, (name, club) in _EVIL.items():
        t.players[sn - 1] = t.players[sn - 1].replace(name=name, club=club)
    f = tmp_path / "evil.trf"
    save(t, f)
    return f


def _formulas(text: str) -> list[str]:
    """Every field a spreadsheet reading ``text`` with ``,``, ``;`` or tab as its
    separator (quotes understood) would take for a formula."""
    import csv
    import io
    import re

    safe = re.compile(r"[+-]?\d+(?:[.,]\d+)?|\+/-|-/\+|-/-|[+-]")
    found = []
    for sep in (",", ";", "\t"):
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=sep):
            found += [f"{sep!r}: {cell}" for cell in row
                      if cell[:1] in ("=", "+", "-", "@") and not safe.fullmatch(cell)]
    return found


@pytest.mark.parametrize("what", [["convert", "-o", "out.csv", "--to", "csv-roster"],
                                  ["convert", "-o", "out.csv", "--to", "csv-results"],
                                  ["convert", "--to", "klubtur", "-o", "out.csv"],
                                  ["standings", "--format", "csv"]])
def test_issue40_item11_no_piece_of_a_csv_cell_is_a_formula_whatever_the_separator(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        what: list[str]) -> None:
    src = _evil_trf(tmp_path)
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, what[0], src.name, *what[1:])
    assert code == 0, err
    text = out if what[0] == "standings" else (tmp_path / "out.csv").read_text(encoding="utf-8-sig")
    assert "-2+3+cmd" in text and "HYPERLINK" in text
    assert _formulas(text) == []
    if "csv-roster" in what:  # and reads back as it was
        back = load(tmp_path / "out.csv")
        assert [(back.player(sn).name, back.player(sn).club) for sn in _EVIL] == \
            [(name, " ".join(club.split())) for name, club in _EVIL.values()]  # a tab: a blank


def test_issue40_item11_workbook_and_web_outputs_keep_such_names_as_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A workbook has no separator to split on: every text is a string cell, never a
    formula (docs/decisions.md); a web page shows it as text."""
    import html

    import openpyxl

    src = _evil_trf(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "convert", src.name, "-o", "out.xlsx")[0] == 0
    assert run(capsys, "standings", "out.xlsx")[0] == 0  # the Standings and Crosstable sheets
    assert run(capsys, "publish", "out.xlsx", "-o", "site")[0] == 0
    evil = {text for pair in _EVIL.values() for text in pair}
    cells = [c for ws in openpyxl.load_workbook("out.xlsx").worksheets for row in ws.iter_rows()
             for c in row if c.value in evil or any(str(c.value).startswith(e) for e in evil)]
    assert len(cells) >= 4 and {c.data_type for c in cells} == {"s"}
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert _EVIL[1][0] in html.unescape(page) and "<td>=" not in page
