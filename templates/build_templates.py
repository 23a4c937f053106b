"""Build the club workbook templates shipped in ``templates/``.

* ``club-<lang>.xlsx`` for ``en``, ``no``, ``sv``, ``da``: an empty club workbook
  (Settings, Players, Standings) with each language's usual system (FIDE Dutch,
  NSF, SSF, DSU Monrad), seven rounds and no seed (``monrad new`` draws and records
  one; a template left without one gets a seed derived from the tournament), with
  the xlwings Lite code and buttons inside (``monrad new --lite``);
* ``example-club.xlsx``: a Norwegian NSF club tournament, seven rounds, thirty players
  (invented names, ratings and clubs; seed 2025), ready for ``monrad pair``.

Every file is built through :func:`monrad.converters.book.new_workbook.build_book`, the code
behind ``monrad new``, and re-packed with fixed zip timestamps, so the output is
byte-for-byte reproducible: ``python templates/build_templates.py``.  The
macro-enabled ``club-<lang>.xlsm`` are built in the same run from the same workbook
(:func:`monrad.converters.xlsm.make_xlsm`: VBA module and ribbon added, no Lite
parts), so they can never go stale; ``build_xlsm.py`` alone rebuilds only them.
"""

from __future__ import annotations

import argparse
import io
import random
import re
import zipfile
from pathlib import Path

from monrad.converters import layout as L
from monrad.converters.atomic import atomic_write
from monrad.converters.book import lite_workbook as LW
from monrad.converters.book.new_workbook import build_book
from monrad.converters.layout import LANGS
from monrad.converters.xlsm import make_xlsm
from monrad.engine.model import Player

HERE = Path(__file__).resolve().parent

#: The system each language's template starts with.
TEMPLATE_SYSTEMS = {"en": "dutch", "no": "nsf", "sv": "ssf", "da": "dsu"}
TEMPLATE_NAMES = {"en": "Club championship", "no": "Klubbmesterskap",
                  "sv": "Klubbmästerskap", "da": "Klubmesterskab"}

_FIRST = ("Ola", "Kari", "Per", "Ingrid", "Lars", "Silje", "Magnus", "Nora", "Erik", "Ida",
          "Henrik", "Marte", "Sindre", "Thea", "Jon", "Hanne", "Aksel", "Tuva", "Eirik", "Sofie",
          "Bjørn", "Åse", "Øyvind", "Sigrid", "Håkon", "Live", "Torstein", "Maren", "Vegard",
          "Ragnhild")
_LAST = ("Hansen", "Johansen", "Olsen", "Larsen", "Andersen", "Pedersen", "Nilsen",
         "Kristiansen", "Jensen", "Karlsen", "Berg", "Haugen", "Hagen", "Eriksen", "Bakke",
         "Dahl", "Lie", "Strand", "Moen", "Solberg", "Løken", "Aas", "Nygård", "Sæther",
         "Holm", "Rønning", "Lund", "Ødegård", "Vik", "Fjeld")
_CLUBS = ("Oslo SK", "SK 1911", "Bergens SK", "Trondheim SF", "Stavanger SK", "Tromsø SK")


def example_players(n: int = 30, seed: int = 2025) -> list[Player]:
    """``n`` invented Norwegian club players, start numbers by rating (NSF-2)."""
    rng = random.Random(seed)
    firsts = rng.sample(_FIRST, n)
    lasts = rng.sample(_LAST, n)
    ratings = sorted((rng.randrange(900, 2300) for _ in range(n)), reverse=True)
    players = []
    for i, (first, last, rating) in enumerate(zip(firsts, lasts, ratings), 1):
        players.append(Player(
            i, f"{last}, {first}", rating=rating, club=rng.choice(_CLUBS), federation="NOR",
            sex="w" if first in ("Kari", "Ingrid", "Silje", "Nora", "Ida", "Marte", "Thea",
                                 "Hanne", "Tuva", "Sofie", "Åse", "Sigrid", "Live", "Maren",
                                 "Ragnhild") else "m",
        ))
    return players


def _reproducible(data: bytes) -> bytes:
    """Re-pack a zip package with fixed timestamps and a fixed member order."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(
        out, "w", zipfile.ZIP_DEFLATED
    ) as dst:
        for info in src.infolist():
            fixed = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = 0o644 << 16
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)",
                              rb"\g<1>2025-01-01T00:00:00Z\g<2>", data)
            dst.writestr(fixed, data)
    return out.getvalue()


def _bytes_of(book) -> bytes:
    buf = io.BytesIO()
    book.workbook.save(buf)
    return _reproducible(buf.getvalue())


def _lite(book, lang: str) -> bytes:
    """The template as an xlwings Lite workbook: monrad's own code, requirements and
    buttons inside (:mod:`monrad.converters.book.lite_workbook`)."""
    lay = L.layout_for(lang)
    LW.add_status_label(book.workbook[lay.settings_sheet], lang)
    buf = io.BytesIO()
    book.workbook.save(buf)
    return _reproducible(LW.embed_lite(buf.getvalue(), lang))


def template_book(lang: str, path: Path):
    """The club template of ``lang`` in memory (the build's one definition of it)."""
    return build_book(path, TEMPLATE_SYSTEMS[lang], 7, (), lang, name=TEMPLATE_NAMES[lang],
                      seed=None, draw_seed=False, fixed_time=True)


def classic_bytes(lang: str) -> bytes:
    """The template without the Lite parts: what ``club-<lang>.xlsm`` is made from."""
    return _bytes_of(template_book(lang, HERE / f"club-{lang}.xlsx"))


def build_all(out: Path = HERE) -> list[Path]:
    """Write the four language templates (``.xlsx`` and, from the same bytes, the
    macro-enabled ``.xlsm`` of :func:`monrad.converters.xlsm.make_xlsm`, so the
    two can never disagree) and the example; return their paths."""
    written = []
    for lang in LANGS:
        path = out / f"club-{lang}.xlsx"
        book = template_book(lang, path)
        data = _bytes_of(book)
        macro = out / f"club-{lang}.xlsm"
        atomic_write(macro, make_xlsm(data, lang))
        atomic_write(path, _lite(book, lang))
        written += [path, macro]
    path = out / "example-club.xlsx"
    book = build_book(path, "nsf", 7, example_players(), "no",
                      name="Klubbmesterskap 2025", seed=2025, fixed_time=True)
    atomic_write(path, _bytes_of(book))
    written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder to write to")
    args = parser.parse_args(argv)
    for path in build_all(args.out):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
