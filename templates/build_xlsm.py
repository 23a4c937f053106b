"""Build the macro-enabled club workbooks ``templates/club-<lang>.xlsm`` from source.

A build script, never imported by monrad at run time: it reads
``templates/club-<lang>.xlsx`` and writes ``templates/club-<lang>.xlsm`` through
:func:`monrad.converters.xlsm.make_xlsm` (ribbon and VBA module added; see that module
for the parts it edits).  Run ``python templates/build_xlsm.py`` to rebuild all four
languages; the output is byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import io
import sys
import zipfile
from pathlib import Path

from monrad.converters.atomic import atomic_write
from monrad.converters.xlsm import LANGS, TemplateBuildError, make_xlsm

HERE = Path(__file__).resolve().parent


def _built_xlsx(lang: str) -> bytes:
    """The club workbook as ``monrad new`` lays it out, without players or seed
    (:func:`monrad.converters.book.new_workbook.build_book`); used when
    ``templates/club-<lang>.xlsx`` is not in the checkout."""
    from monrad.converters.book.new_workbook import build_book

    book = build_book(HERE / f"club-{lang}.xlsx", "nsf", 7, (), lang, fixed_time=True, draw_seed=False)
    buf = io.BytesIO()
    book.workbook.save(buf)
    return buf.getvalue()


def source_xlsx(lang: str) -> tuple[bytes, str]:
    """The ``.xlsx`` to start from and where it came from."""
    path = HERE / f"club-{lang}.xlsx"
    if path.is_file():
        return path.read_bytes(), str(path)
    return _built_xlsx(lang), f"build_book() (templates/club-{lang}.xlsx is missing)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", choices=LANGS, help="only these languages")
    parser.add_argument("--out", type=Path, default=HERE, help="output folder (default: templates/)")
    args = parser.parse_args(argv)
    for lang in args.lang or LANGS:
        xlsx, origin = source_xlsx(lang)
        try:
            data = make_xlsm(xlsx, lang)
        except (TemplateBuildError, zipfile.BadZipFile) as exc:
            print(f"build_xlsm: {origin}: {exc}", file=sys.stderr)
            return 1
        target = args.out / f"club-{lang}.xlsm"
        atomic_write(target, data)
        print(f"{target}: {len(data)} bytes, from {origin}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
