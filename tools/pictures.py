"""Render every picture of ``docs/img`` from the code, in Norwegian, Swedish and Danish
(issue 36 item 10, issue 37 item 12), so that none can show an older monrad.

    python tools/pictures.py                   # every picture into docs/img
    python tools/pictures.py /tmp/img --lang sv --only workbook,publish-cards

Norwegian pictures keep their plain names (``workbook.png``); the Swedish and Danish
ones carry the language (``workbook-sv.png``, ``publish-standings-da.png``).  What each
shows, made the way a club makes it:

* ``workbook``, ``standings``: a 30-player club workbook in the language's usual system
  (NSF, SSF, DSU), paired and typed in by the buttons' jobs; round 3 with six results in
  (the empty result cells highlighted) and the standings after round 3 with the legend.
  LibreOffice headless prints the workbook to PDF, poppler's ``pdftoppm`` cuts the PNG.
* ``publish-*``: the documents ``monrad print`` makes of that workbook (standings after
  round 3, pairings of round 4, crosstable, alphabetical list, Monrad cards), first page;
  the projector screen of the Stockholm Othello file (Black first, OTH-5).
* ``publish-site``: the site ``monrad publish`` writes, in headless Chromium at a
  phone's width (skipped, saying so, where no Chromium is installed).
* ``lite-buttons``: the Settings sheet of the language's template with the xlwings Lite
  buttons and status cell; ``lite-after-press``: a Norwegian Lite workbook after "Sett
  opp neste runde", pressed through the Lite stand-in of ``tests/addin/lite_standin.py``.

These are renderings of the files, not screenshots of Excel.  The PNGs are reduced to a
palette of 64 colours to keep them small.  Needs ``soffice`` (libreoffice-calc-nogui),
``pdftoppm`` (poppler-utils) and, for the site, ``chromium``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
IMG = REPO / "docs" / "img"
#: the languages pictured; Norwegian first, under the plain names
LANGS = ("no", "sv", "da")
#: each language's usual system (the templates' too)
SYSTEMS = {"en": "dutch", "no": "nsf", "sv": "ssf", "da": "dsu"}
TOURNAMENT = {"en": "Club championship 2026", "no": "Klubbmesterskapet 2026",
              "sv": "Klubbmästerskapet 2026", "da": "Klubmesterskabet 2026"}
NAMES = [
    "Ola Nordmann", "Kari Hansen", "Per Olsen", "Ingrid Berg", "Lars Johansen", "Anne Larsen",
    "Nils Andersen", "Sigrid Pedersen", "Erik Nilsen", "Marte Kristiansen", "Jon Jensen",
    "Silje Karlsen", "Knut Johnsen", "Hilde Pettersen", "Bjørn Eriksen", "Liv Berg",
    "Arne Haugen", "Tone Hagen", "Geir Johannessen", "Randi Andreassen", "Odd Jacobsen",
    "Berit Dahl", "Svein Jørgensen", "Eva Halvorsen", "Tor Henriksen", "Nina Lund",
    "Rune Sørensen", "Aud Moen", "Leif Gundersen", "Grete Iversen",
]
CLUBS = ["Akademisk SK", "Oslo SK", "SK 1911", "Bergens SK", "Trondheim SF"]
#: the documents pictured, with the round they are of (the season is after round 3,
#: round 4 paired)
DOCUMENTS = {"standings": 3, "crosstable": 3, "pairings": 4, "alphabetical": 4, "cards": 3}
OTHELLO = REPO / "tests" / "data" / "wof" / "20260314_Stockholm_Open_2026.ELO"


@dataclass(frozen=True)
class Picture:
    """One picture: its name without language and ``.png``, the languages it is made
    in, and the programs it needs."""

    name: str
    langs: tuple[str, ...]
    needs: tuple[str, ...]

    def file(self, lang: str) -> str:
        """``workbook.png`` in Norwegian, ``workbook-sv.png`` in Swedish."""
        return f"{self.name}.png" if lang == "no" else f"{self.name}-{lang}.png"


_LO = ("soffice", "pdftoppm")
PICTURES = (
    Picture("workbook", LANGS, _LO),
    Picture("standings", LANGS, _LO),
    *(Picture(f"publish-{what}", LANGS, ("pdftoppm",)) for what in DOCUMENTS),
    Picture("publish-screen", ("no",), ("pdftoppm",)),
    Picture("publish-site", ("no",), ("chromium",)),
    Picture("lite-buttons", LANGS, _LO),
    Picture("lite-after-press", ("no",), _LO),
)


def files() -> list[str]:
    """Every file the script makes (what ``docs/img`` holds)."""
    return [p.file(lang) for p in PICTURES for lang in p.langs]


def missing_programs(picture: Picture) -> list[str]:
    """The programs ``picture`` needs that are not installed."""
    return [tool for tool in picture.needs if _program(tool) is None]


def _program(tool: str) -> str | None:
    names = ("chromium", "chromium-browser", "google-chrome") if tool == "chromium" else (tool,)
    return next((found for n in names if (found := shutil.which(n))), None)


# --- the season pictured ---------------------------------------------------------------
def paired_workbook(folder: Path, lang: str = "no", rounds_paired: int = 2,
                    entered_last: int = 1) -> Path:
    """30 players in ``lang``'s usual system; rounds before ``rounds_paired`` complete,
    round ``rounds_paired`` paired with ``entered_last`` results entered; standings
    updated.  Made by the buttons' jobs, as a club makes it (no external program)."""
    from monrad.addin.jobs.book import pair_next_round, update_standings
    from monrad.converters import layout as L
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.converters.workbook.package_book import open_book
    from monrad.engine.model import Player

    rng = random.Random(3)
    players = [Player(i + 1, name, rating=2300 - 30 * i - rng.randrange(20), club=CLUBS[i % 5],
                      federation="NOR") for i, name in enumerate(NAMES)]
    path = create_workbook(folder / f"klubb-{lang}.xlsx", SYSTEMS[lang], 7, players, lang,
                           seed=42, name=TOURNAMENT[lang])
    for rnd in range(1, rounds_paired + 1):
        pair_next_round(open_book(path))
        book = open_book(path)
        sheet = L.detect_layout(book.sheet_names()).round_name(rnd)  # type: ignore[union-attr]
        last, _ = book.used_size(sheet)
        rows = book.read_range(sheet, L.ROUND_FIRST_ROW, 1, last, len(L.ROUND_COLUMNS))
        boards = [i for i, row in enumerate(rows) if row[6] is not None]
        entered = boards if rnd < rounds_paired else boards[:entered_last]
        for i in entered:
            book.write_range(sheet, L.ROUND_FIRST_ROW + i, L.RESULT_COL,
                             [[rng.choice(["1-0", "½-½", "0-1"])]])
        book.save()
    update_standings(open_book(path))
    return path


def document_pdfs(folder: Path, lang: str) -> dict[str, Path]:
    """The documents of the season after round 3 (round 4 paired) as ``monrad print``
    writes them, in ``lang`` (no external program)."""
    from monrad.addin.cli import main

    folder.mkdir(parents=True, exist_ok=True)
    season = paired_workbook(folder, lang, rounds_paired=4, entered_last=0)
    out = {}
    for what, rnd in DOCUMENTS.items():
        pdf = folder / f"{what}.pdf"
        with contextlib.redirect_stdout(io.StringIO()):  # "... written to" is not ours to say
            code = main(["print", str(season), "--what", what, "--round", str(rnd), "-o",
                         str(pdf), "--lang", lang, "--overwrite"])
        if code != 0:
            raise RuntimeError(f"monrad print --what {what} failed ({code})")
        out[what] = pdf
    return out


# --- the programs ----------------------------------------------------------------------
def to_pdf(workbook: Path, outdir: Path) -> Path:
    """The workbook printed by LibreOffice headless, in a private profile."""
    profile = (outdir.resolve() / "lo-profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to",
                    "pdf", "--outdir", str(outdir), str(workbook)], check=True,
                   capture_output=True, timeout=300)
    return outdir / (workbook.stem + ".pdf")


def pdf_page_of(pdf: Path, text: str) -> int:
    """The first page of ``pdf`` that shows ``text`` (1 when none does)."""
    found = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    return next((i for i, page in enumerate(found, 1) if text in page), 1)


def cut(pdf: Path, page: int, target: Path, *, dpi: int = 100,
        box: tuple[int, int, int, int] | None = None) -> Path:
    """Page ``page`` of ``pdf`` as a PNG at ``dpi``, the ``box`` (x, y, width, height in
    pixels) only, reduced to a small palette."""
    crop = [] if box is None else ["-x", str(box[0]), "-y", str(box[1]), "-W", str(box[2]),
                                   "-H", str(box[3])]
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page),
                    *crop, "-singlefile", str(pdf), str(target.with_suffix(""))], check=True,
                   timeout=120)
    return small(target)


def small(png: Path, colours: int = 64, margin: int = 10) -> Path:
    """``png`` cut to what is on it (white borders trimmed to ``margin`` pixels), with a
    palette of ``colours`` (text and cell fills stay crisp)."""
    from PIL import Image, ImageChops

    with Image.open(png) as img:
        rgb = img.convert("RGB")
    box = ImageChops.difference(rgb, Image.new("RGB", rgb.size, "white")).getbbox()
    if box is not None:
        left, top, right, bottom = box
        rgb = rgb.crop((max(left - margin, 0), max(top - margin, 0),
                        min(right + margin, rgb.width), min(bottom + margin, rgb.height)))
    rgb.quantize(colours, dither=Image.Dither.NONE).save(png, optimize=True)
    return png


def chromium_shot(page: Path, target: Path, work: Path, size: str = "400,760") -> Path:
    """``page`` in headless Chromium at a phone's width."""
    subprocess.run([_program("chromium") or "chromium", "--headless", "--no-sandbox",
                    "--disable-gpu", "--no-first-run", "--disable-background-networking",
                    f"--user-data-dir={work / 'chromium'}", f"--window-size={size}",
                    "--hide-scrollbars", f"--screenshot={target}", page.as_uri()],
                   check=True, capture_output=True, timeout=180)
    return small(target)


# --- the pictures ----------------------------------------------------------------------
def _workbook(out: Path, lang: str, work: Path) -> None:
    from monrad.converters import layout as L

    pdf = to_pdf(paired_workbook(work, lang, rounds_paired=3, entered_last=6), work)
    page = pdf_page_of(pdf, L.layout_for(lang).round_title.format(n=3))
    cut(pdf, page, out, box=(50, 50, 720, 400))


def _standings(out: Path, lang: str, work: Path) -> None:
    from monrad.converters import layout as L

    pdf = to_pdf(paired_workbook(work, lang, rounds_paired=4, entered_last=0), work)
    page = pdf_page_of(pdf, L.layout_for(lang).standings_title.format(n=3))
    cut(pdf, page, out, box=(50, 50, 720, 760))


def _documents(outs: dict[str, Path], lang: str, work: Path) -> None:
    pdfs = document_pdfs(work, lang)
    for what, out in outs.items():
        cut(pdfs[what], 1, out, dpi=80)


def _screen(out: Path, work: Path) -> None:
    from monrad.addin.cli import main

    pdf = work / "screen.pdf"
    with contextlib.redirect_stdout(io.StringIO()):
        code = main(["print", str(OTHELLO), "--what", "screen", "-o", str(pdf), "--lang", "no"])
    if code != 0:
        raise RuntimeError("monrad print --what screen failed")
    cut(pdf, 1, out, dpi=80)


def _site(out: Path, work: Path) -> None:
    from monrad.converters import load
    from monrad.converters.publish import write_site

    season = paired_workbook(work, "no", rounds_paired=4, entered_last=0)
    site = work / "site"
    write_site(load(season), site, "no")
    chromium_shot(site / "index.html", out, work)


def _lite_buttons(out: Path, lang: str, work: Path) -> None:
    template = work / f"club-{lang}.xlsx"
    shutil.copy(REPO / "templates" / f"club-{lang}.xlsx", template)
    cut(to_pdf(template, work), 1, out, dpi=90, box=(0, 40, 1050, 300))


def _lite_after_press(out: Path, work: Path) -> None:
    sys.path.insert(0, str(REPO / "tests" / "addin"))  # the Lite stand-in
    from lite_standin import open_lite

    from monrad.addin import lite
    from monrad.converters.book import lite_workbook as LW
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.engine.model import Player

    roster = [Player(i, f"Spiller {i:02d}", rating=2300 - 37 * i, club=f"SK {i % 5}")
              for i in range(1, 31)]
    club = create_workbook(work / "lite.xlsx", "nsf", 7, roster, "no", seed=2025,
                           name="Klubbmesterskap", lite=True)
    book, impl = open_lite(club)
    lite.pair_next_round(book)
    impl.finish()
    # the stand-in saves through openpyxl, which drops the shapes and the code Excel
    # keeps: put them back as they were
    club.write_bytes(LW.embed_lite(club.read_bytes(), "no"))
    cut(to_pdf(club, work), 1, out, dpi=90, box=(0, 40, 1050, 300))


def render(folder: Path = IMG, langs: Iterable[str] = LANGS, only: Iterable[str] = (),
           say: Callable[[str], None] = print) -> list[Path]:
    """Make the pictures (all, or those named in ``only``) in ``langs`` into ``folder``;
    a picture whose programs are missing is skipped, saying so."""
    folder.mkdir(parents=True, exist_ok=True)
    wanted = set(only)
    made: list[Path] = []
    for lang in langs:
        todo = [p for p in PICTURES if lang in p.langs and (not wanted or p.name in wanted)]
        ready = []
        for p in todo:
            if missing := missing_programs(p):
                say(f"skipped {p.file(lang)}: {', '.join(missing)} not installed")
            else:
                ready.append(p)
        names = {p.name: folder / p.file(lang) for p in ready}
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            steps: list[tuple[str, Callable[[Path], None]]] = [
                ("workbook", lambda w: _workbook(names["workbook"], lang, w)),
                ("standings", lambda w: _standings(names["standings"], lang, w)),
                ("publish-screen", lambda w: _screen(names["publish-screen"], w)),
                ("publish-site", lambda w: _site(names["publish-site"], w)),
                ("lite-buttons", lambda w: _lite_buttons(names["lite-buttons"], lang, w)),
                ("lite-after-press", lambda w: _lite_after_press(names["lite-after-press"], w)),
            ]
            for i, (name, step) in enumerate(steps):
                if name in names:
                    (work / str(i)).mkdir()
                    step(work / str(i))
                    made.append(names[name])
            docs = {what: names[f"publish-{what}"] for what in DOCUMENTS
                    if f"publish-{what}" in names}
            if docs:
                _documents(docs, lang, work / "documents")
                made.extend(docs.values())
    for path in made:
        say(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    return made


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("folder", nargs="?", type=Path, default=IMG)
    ap.add_argument("--lang", default=",".join(LANGS), help="languages, comma-separated")
    ap.add_argument("--only", default="", help="picture names, comma-separated (workbook, ...)")
    args = ap.parse_args(argv)
    langs = [x for x in args.lang.split(",") if x]
    only = [x for x in args.only.split(",") if x]
    unknown = [x for x in only if x not in {p.name for p in PICTURES}] + [
        x for x in langs if x not in LANGS]
    if unknown:
        ap.error(f"unknown: {', '.join(unknown)}")
    render(args.folder, langs, only)
    return 0


if __name__ == "__main__":
    sys.exit(main())
