"""``monrad convert SRC... (-o DEST | --to FORMAT --out-dir DIR)``.

Reads each source with :func:`monrad.converters.load` and writes it with
:func:`monrad.converters.save` (atomic).  With ``-o`` there is one source and the
destination's extension (or ``--to``) gives the format; with ``--to`` and
``--out-dir`` every source becomes ``DIR/<stem>.<ext>``.  A source that fails is
reported on one line and the others are still converted (exit 2 at the end).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ...converters import FORMATS, extension_for, save
from ...converters.errors import InputError
from ._common import CommandError, add_input_format_option, load_file

ORDER = 40


def register(sub) -> None:
    p = sub.add_parser(
        "convert", help="convert between TRF, CSV, workbook and WOF files",
        description="Convert tournament files.  Formats: "
                    + "; ".join(f"{k}: {v}" for k, v in FORMATS.items()),
        epilog="Examples: monrad convert club.xlsx -o club.trf ; "
               "monrad convert a.trf b.trf --to csv-results --out-dir out/")
    p.add_argument("sources", nargs="+", metavar="SRC", help="files to convert")
    dest = p.add_mutually_exclusive_group(required=True)
    dest.add_argument("-o", "--output", metavar="DEST", help="the output file (one SRC only)")
    dest.add_argument("--out-dir", metavar="DIR", help="folder for the outputs (needs --to)")
    p.add_argument("--to", metavar="FORMAT", help=f"output format ({', '.join(FORMATS)})")
    p.add_argument("--force", action="store_true", help="overwrite existing output files")
    add_input_format_option(p)
    p.set_defaults(run=run)


def plan(args) -> list[tuple[Path, Path]]:
    """(source, destination) pairs; raises :class:`InputError` for a bad request."""
    sources = [Path(s) for s in args.sources]
    if args.output:
        if len(sources) != 1:
            raise CommandError(f"-o takes one source, not {len(sources)}; use --to FORMAT "
                             "--out-dir DIR for several")
        return [(sources[0], Path(args.output))]
    if not args.to:
        raise CommandError("--out-dir needs --to FORMAT")
    out_dir = Path(args.out_dir)
    if not out_dir.is_dir():
        raise InputError("the output folder does not exist", source=str(out_dir))
    ext = extension_for(args.to)
    return [(s, out_dir / (s.stem + ext)) for s in sources]


def convert_one(src: Path, dest: Path, to: str | None, input_format: str | None,
                force: bool) -> Path:
    if dest.exists() and dest.resolve() == src.resolve():
        raise InputError("the output would overwrite the source", source=str(dest))
    if dest.exists() and not force:
        raise InputError("exists already (use --force to overwrite)", source=str(dest))
    t = load_file(str(src), input_format)
    return save(t, dest, to)


def run(args) -> int:
    failed = 0
    for src, dest in plan(args):
        try:
            convert_one(src, dest, args.to, args.input_format, args.force)
        except InputError as exc:
            if len(args.sources) == 1:
                raise
            print(f"monrad: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"{src} -> {dest}")
    return 2 if failed else 0
