"""``monrad draw FILE --method random|seeded [--seed N] [--dry-run]``.

Start numbers by draw (NSF-2A random, NSF-2B seeded groups A/B/C/D drawn in the order
ACDBCABD, SSF-1, SKOL-1) with :mod:`monrad.engine.draw`, before round 1 only.  A
monrad workbook is renumbered by :func:`monrad.addin.jobs.draw.draw_start_numbers`
(players keep their rows, the start-number column changes, the seed goes to the
Settings sheet, backup kept); a TRF file is written back in its own version with the
seed recorded, through the careful writer (lock, backup, atomic replace).  The drawn order is printed: new number, old number, name.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

from ....converters import detect_format, dumps_bytes, trf_version
from ....converters.errors import InputError
from ....converters.workbook.lock import file_lock
from ....converters.workbook.writer import digest, write_back
from ....engine.draw import apply_draw
from ....engine.i18n import tr
from ...jobs.draw import METHODS, DrawReport, draw_order, draw_start_numbers
from ._common import add_input_format_option, load_file, placeholder, warn, written_to

ORDER = 45


def register(sub) -> None:
    p = sub.add_parser(
        "draw", help=str(tr("draw the start numbers (before round 1)")),
        description=str(tr("Draw the start numbers by lot (random: NSF-2A, SSF-1, SKOL-1) or "
                           "seeded by rating groups (NSF-2B: A/B/C/D in the order ACDBCABD), "
                           "before round 1 is paired; renumbers FILE and records the seed.")),
        epilog=str(tr("Exit status: 0 drawn, 2 bad input or refused (a round is paired already).")))
    p.add_argument("file", metavar=placeholder("FILE"), help=str(tr("a monrad workbook (.xlsx/.xlsm) or a TRF file")))
    p.add_argument("--method", choices=METHODS, default="random",
                   help=str(tr("random (NSF-2A, SSF-1, SKOL-1) or seeded (NSF-2B) (default: random)")))
    p.add_argument("--seed", type=int, metavar="N",
                   help=str(tr("seed of the lot (default: the workbook's recorded seed, else drawn); "
                               "recorded in the file")))
    p.add_argument("--dry-run", action="store_true", help=str(tr("print the order, change nothing")))
    add_input_format_option(p)
    p.set_defaults(run=run)


def run(args) -> int:
    path = Path(args.file)
    fmt = detect_format(path, args.input_format)
    if fmt == "xlsx" and path.suffix.lower() in (".xlsx", ".xlsm") and _is_monrad_book(path):
        from ....converters.workbook.package_book import open_book

        with nullcontext() if args.dry_run else file_lock(path):
            report = draw_start_numbers(open_book(path), args.method, args.seed,
                                        save=not args.dry_run)
    else:
        if not args.dry_run and not fmt.startswith("trf"):
            raise InputError(tr('start numbers can be drawn into a monrad workbook or a '
                                'TRF file; use --dry-run to see a draw'), source=str(path))
        with nullcontext() if args.dry_run else file_lock(path):
            before = digest(path)
            t = load_file(args.file, args.input_format, args.mapping)
            draw = draw_order(t, args.method, args.seed)
            report = DrawReport(draw, {p.start_no: p.name for p in t.players})
            if not args.dry_run:
                original = path.read_bytes().decode("utf-8-sig", errors="replace")
                version = fmt.removeprefix("trf") or trf_version(original)
                warnings: list[str] = []
                data = dumps_bytes(apply_draw(t, draw), f"trf{version}", warnings=warnings,
                                   label=str(path), source_text=original)  # ### comments stay
                made = write_back(path, data, expected=before)
                report.backup = str(made) if made else None
                for w in warnings:
                    warn(w)
    for line in report.lines():
        print(line)
    if not args.dry_run:
        print(written_to(path, report.backup))
    return 0


def _is_monrad_book(path: Path) -> bool:
    from ....converters import layout as L
    from ....converters.workbook.package_book import open_book

    return L.detect_layout(open_book(path).sheet_names()) is not None
