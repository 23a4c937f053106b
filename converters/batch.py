"""Batch conversion: many tournament files in, one format out (``monrad convert``).

:func:`collect` expands the sources (files, globs with ``*``/``?``/``[...]``/``**``,
folders, ``recursive``) into :class:`Job` s; :func:`run_jobs` converts them, in
several processes when there are many (more than :data:`PARALLEL_FROM` files;
never more workers than cores), reporting each finished file to a
:class:`Progress` bar; :func:`summary_table` prints what happened to every file.

Every file ends in one of three states (:class:`FileResult`):

``converted``  the output file(s) written;
``skipped``    nothing done, for a stated reason (not a tournament file, the output
               exists and ``overwrite`` is off, the output would be the input ...);
``failed``     the one-line reason: the :class:`~monrad.converters.errors.InputError`
               naming file/line/sheet/cell, or why the target format cannot hold
               the tournament (a WOF file needs WOF ids and disc counts ...).

No partial output: each output is written to a hidden temporary file in the target
folder and moved into place with :func:`os.replace` only when every output of that
input is complete; on any failure the temporary files are removed.  A klubtur.dk
export holding several groups gives one output per group, ``<name>-<group>.<ext>``.

Formats in (by extension, then by content): TRF-16/TRF-2026 (``.trf``, ``.txt``),
CSV (klubtur.dk layout detected by content, else the roster/results CSV), monrad
and club workbooks (``.xlsx``, ``.xlsm``, ``.xls``, ``.ods``; klubtur workbooks with
one sheet per group), WOF Othello rating files (``.elo``, ``.wof``).
Formats out: :data:`OUT_FORMATS`.
"""

from __future__ import annotations

import dataclasses
import glob
import os
import re
import shutil
import sys
import time
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from ..engine.collation import sort_key
from ..engine.i18n import current_language, ntr, ptr, tr
from ..engine.model import ModelError, Tournament
from .atomic import (
    atomic_write,
    check_regular,
    real_target,
    remove_orphans,
    replace_keeping_mode,
    temp_path,
)
from .errors import InputError, os_reason
from .outputs import output_key, same_file
from .source import head_text, read_text
from .workbook.backup import is_backup

__all__ = [
    "IN_SUFFIXES",
    "OUT_FORMATS",
    "PARALLEL_FROM",
    "WINDOWS_MAX_WORKERS",
    "BatchReport",
    "FileResult",
    "Job",
    "Progress",
    "collect",
    "convert_many",
    "convert_one",
    "is_helper_file",
    "read_input",
    "render_output",
    "run_jobs",
    "summary_table",
    "tournament_files",
    "worker_count",
]

#: above this many files, conversion runs in several processes
PARALLEL_FROM = 8

#: output format name -> file extension
OUT_FORMATS: dict[str, str] = {
    "trf": ".trf",  # TRF-2026
    "trf2026": ".trf",
    "trf16": ".trf",
    "csv": ".csv",
    "csv-roster": ".csv",
    "csv-results": ".csv",
    "xlsx": ".xlsx",  # the club workbook
    "wof": ".elo",
    "klubtur": ".csv",
}
_ALIASES = {"trf-2026": "trf2026", "trf-16": "trf16", "trf26": "trf2026", "workbook": "xlsx",
            "club": "xlsx", "excel": "xlsx", "elo": "wof", "xlsm": "xlsx",
            "roster": "csv-roster", "results": "csv-results"}

#: extensions read when a folder is expanded
IN_SUFFIXES = (".trf", ".txt", ".csv", ".xlsx", ".xlsm", ".xls", ".ods", ".elo", ".wof")
_WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".ods")
_GLOB_CHARS = re.compile(r"[*?\[]")


def normalise_format(name: str) -> str:
    """A format name as :data:`OUT_FORMATS` spells it; ``ValueError`` if unknown.

    >>> normalise_format("TRF-16"), normalise_format("workbook")
    ('trf16', 'xlsx')
    """
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in OUT_FORMATS:
        raise ValueError(f"unknown format {name!r} (use one of: {', '.join(OUT_FORMATS)})")
    return key


# ------------------------------------------------------------------ jobs and results
@dataclass(frozen=True)
class Job:
    """One input file and where its output goes (``output`` names the single-output
    case; a multi-group input adds ``-<group>`` to the stem)."""

    source: str
    output: str
    fmt: str
    overwrite: bool = False
    #: a reason to skip decided while collecting (unknown extension, its own input ...)
    skip: str | None = None
    #: read the input as this format (``converters.load``'s names) instead of guessing
    input_format: str | None = None
    #: a mapping file for clubs' own workbooks (``converters.load``'s ``mapping``)
    mapping: str | None = None
    #: ``Tournament.info`` fields given on the command line (``convert --set``): header
    #: fields the source lacks (city, arbiter, the WOF sender ...)
    info: tuple[tuple[str, object], ...] = ()
    #: why the output-path rule refuses this job, decided while collecting (its output is
    #: another input, or another input's output): it fails with this line
    refuse: str | None = None


@dataclass
class FileResult:
    """What happened to one input file."""

    source: str
    status: str  # "converted" | "skipped" | "failed"
    detail: str = ""
    outputs: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass
class BatchReport:
    """Every file's result, in the order the sources were given."""

    results: list[FileResult]

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def exit_code(self) -> int:
        """0 when nothing failed, else 2 (bad input, as the rest of the CLI)."""
        return 2 if self.count("failed") else 0


# ------------------------------------------------------------------ collecting
def _expand(src: str, recursive: bool) -> tuple[list[tuple[Path, Path | None]], str | None]:
    """(files with the folder they were found under, or an error text).  A source that
    names an existing file or folder is taken as it is, even when its name holds a
    glob character (``club [2025].trf``); only other sources are glob patterns."""
    p = Path(src)
    if p.is_dir():
        return _folder(p, recursive), None
    if p.exists():
        return [(p, None)], None
    if _GLOB_CHARS.search(src):
        hits = sorted(glob.glob(src, recursive=recursive or "**" in src), key=_name_order)
        out: list[tuple[Path, Path | None]] = []
        for h in hits:
            q = Path(h)
            if q.is_dir():
                out.extend(_folder(q, recursive))
            elif not q.name.startswith(".") and not is_helper_file(q):
                out.append((q, None))
        return out, (None if out else f"no file matches {src!r}")
    return [], f"{src}: no such file or folder"


def _name_order(path: str | os.PathLike[str]) -> tuple:
    """A file's place in the tables: its path in the alphabetical order of the reader's
    language (issue 37 item 11: Swedish ... z, å, ä, ö), folder by folder."""
    lang = current_language()
    return tuple(sort_key(part, lang) for part in Path(path).parts)


def is_helper_file(path: str | os.PathLike[str]) -> bool:
    """A file another program or monrad keeps beside a tournament file, never a
    tournament itself: Excel's owner file ``~$club.xlsx``, LibreOffice's
    ``.~lock.club.xlsx#``, monrad's lock ``.~monrad-club.xlsx.lock`` and temporary
    files ``.~m<pid>-<random>.tmp``.  Folder conversion, ``frames`` and the tables skip
    them."""
    name = Path(path).name
    return name.startswith(("~$", ".~lock.", ".~monrad-", ".~m"))


def tournament_files(folder: Path, recursive: bool = True) -> list[Path]:
    """The files of ``folder`` (and its sub-folders when ``recursive``) that may be
    tournaments, in name order: hidden files and folders, Excel's and LibreOffice's
    owner files, monrad's locks, temporary files and backups
    (:func:`~monrad.converters.workbook.backup.is_backup`) left out."""
    it = folder.rglob("*") if recursive else folder.iterdir()
    out = []
    for p in sorted(it, key=_name_order):
        rel = p.relative_to(folder)
        if (any(part.startswith(".") for part in rel.parts) or is_helper_file(p)
                or is_backup(p) or not p.is_file()):
            continue
        out.append(p)
    return out


def _folder(folder: Path, recursive: bool) -> list[tuple[Path, Path | None]]:
    return [(p, folder) for p in tournament_files(folder, recursive)]


def _identity(path: Path) -> tuple[int, int] | str:
    """What makes two names one file: device and inode where the system gives them,
    else :func:`~monrad.converters.outputs.output_key`."""
    try:
        st = path.stat()
    except OSError:
        return output_key(path)
    return (st.st_dev, st.st_ino) if st.st_ino else output_key(path)


def collect(
    sources: Sequence[str],
    fmt: str,
    out_dir: str | os.PathLike[str],
    *,
    recursive: bool = False,
    overwrite: bool = False,
    input_format: str | None = None,
    mapping: str | None = None,
) -> tuple[list[Job], list[FileResult]]:
    """Expand ``sources`` into jobs; sources that name nothing become failed results.

    A file found inside a folder keeps its sub-folder under ``out_dir``
    (``--recursive``); other files go straight into ``out_dir``.  Each output keeps
    the input's base name with the format's extension.  The output-path rule
    (:mod:`~monrad.converters.outputs`): an output that would be its own input is
    skipped; one that would be another input of the batch, or the output of an
    earlier input (names compared without case: ``club.csv`` and ``Club.xlsx`` are
    one ``club.trf`` on a case-insensitive disk), is refused by name (failed).
    """
    fmt = normalise_format(fmt)
    out_root = Path(out_dir)
    suffix = OUT_FORMATS[fmt]
    found: list[tuple[Path, Path | None]] = []
    errors: list[FileResult] = []
    inputs: dict[tuple[int, int] | str, Path] = {}
    for src in sources:
        files, error = _expand(src, recursive)
        if error:
            errors.append(FileResult(src, "failed", error))
        for path, folder in files:
            key = _identity(path)
            if key not in inputs:
                inputs[key] = path
                found.append((path, folder))
    jobs: list[Job] = []
    claimed: dict[str, str] = {}
    for path, folder in found:
        rel = path.relative_to(folder).parent if folder is not None else Path()
        target = out_root / rel / (path.stem + suffix)
        skip = None
        other = inputs.get(_identity(target)) if os.path.lexists(target) else None
        if is_helper_file(path):
            skip = str(tr("not a tournament file (a lock or owner file another program keeps)"))
        elif path.suffix.lower() not in IN_SUFFIXES and (folder is not None
                                                         or not _sniff_known(path)):
            skip = f"not a tournament file ({path.suffix or 'no extension'})"
        elif other is not None and other == path:
            skip = "the output would replace the input"
            other = None
        refuse = None
        if skip is None and other is not None:
            refuse = str(tr("{file}: refused: its output {output} is the input file {input} of "
                            "this conversion (choose another --out-dir)", file=path,
                            output=target, input=other))
        elif skip is None and output_key(target) in claimed:
            refuse = str(tr("{file}: refused: its output {output} is also the output of {other} "
                            "(rename one of them)", file=path, output=target,
                            other=claimed[output_key(target)]))
        elif skip is None:
            claimed[output_key(target)] = str(path)
        jobs.append(Job(str(path), str(target), fmt, overwrite, skip, input_format, mapping,
                        refuse=refuse))
    return jobs, errors


def _sniff_known(path: Path) -> bool:
    """True if the content says TRF, WOF or CSV (for files with other extensions)."""
    from . import detect_format

    try:
        detect_format(path)
    except InputError:
        return False
    return True


# ------------------------------------------------------------------ reading
def read_input(path: str | os.PathLike[str], warnings: list[str] | None = None,
               fmt: str | None = None, mapping: str | None = None) -> list[tuple[str, Tournament]]:
    """Every tournament in one input file, as ``(group, tournament)``; ``group`` is
    ``""`` except for klubtur.dk exports, which hold one tournament per group.

    Workbooks (``.xlsx``/``.xlsm``/``.xls``/``.ods``) are read through
    :mod:`~monrad.converters.workbook.calamine_book` (fast, values only); klubtur.dk CSV and
    workbooks are recognised by their content; everything else goes through
    :func:`monrad.converters.load` (and everything when ``fmt`` names a format or a
    ``mapping`` file is given).
    """
    from . import load
    from .tabular.klubtur import (
        book_looks_like_klubtur,
        looks_like_klubtur,
        read_klubtur,
        read_klubtur_book,
    )
    from .workbook.calamine_book import open_legacy_book

    p = Path(path)
    w = warnings if warnings is not None else []
    suffix = p.suffix.lower()
    if fmt or mapping:
        found = [("", load(p, warnings=w, fmt=fmt, mapping=mapping))]
    elif suffix == ".csv" and looks_like_klubtur(head_text(p)):
        found = [(g.name, g.tournament) for g in read_klubtur(p, warnings=w)]
    elif suffix in _WORKBOOKS:
        book = open_legacy_book(p)
        if book_looks_like_klubtur(book):
            found = [(g.name, g.tournament) for g in read_klubtur_book(book, warnings=w)]
        else:
            found = [("", _read_workbook(book, p))]
    else:
        found = [("", load(p, warnings=w))]
    for _, t in found:
        _othello_if_discs(t, str(p), w)
    return found


def _othello_if_discs(t: Tournament, label: str, warnings: list[str]) -> None:
    """Disc counts exist only in Othello (OTH-6): a file that has them but does not
    name its system (a CSV results table) is read as an Othello Swiss tournament, so
    that every output format treats the results as disc scores."""
    from .layout import is_othello

    if is_othello(t.settings.system):
        return
    if any(g.white_discs is not None for r in t.rounds for g in r.games):
        t.settings = t.settings.replace(system="othello-swiss")
        warnings.append(str(tr("{file}: games have disc counts: read as an Othello tournament "
                               "(system othello-swiss)", file=label)))


def _read_workbook(book, path: Path) -> Tournament:
    """monrad's own layout, else a club workbook.  (Every reader of a workbook file
    reads values the same way, through calamine, so a second try with another reader
    would read the same cells; there is none.)"""
    from . import layout as L
    from .book.xlsx import read_book
    from .club.sheets import read_club_book

    if L.detect_layout(book.sheet_names()) is not None:
        return read_book(book).tournament
    return read_club_book(book, source=book.name)


# ------------------------------------------------------------------ writing
def render_output(t: Tournament, fmt: str, path: Path, warnings: list[str] | None = None,
                  shown: str | None = None) -> None:
    """Write ``t`` as ``fmt`` to ``path`` (a temporary name: the caller moves it),
    through :func:`monrad.converters.save` (klubtur through
    :func:`~monrad.converters.tabular.klubtur.write_klubtur`).

    Raises :class:`ValueError` / :class:`InputError` with one line when the format
    cannot hold the tournament.
    """
    if fmt == "klubtur":
        from .tabular.klubtur import write_klubtur

        text = write_klubtur(t, title=str(t.info.get("name", "")) or None, warnings=warnings,
                             label=shown or "klubtur")
        atomic_write(path, text.encode("utf-8-sig"), shown=shown)
        return
    from . import save

    save(t, path, "trf2026" if fmt == "trf" else fmt, warnings=warnings, shown=shown)


def _what_was_lost(t: Tournament, fmt: str, tmp: Path, out: Path) -> list[str]:
    """The written file read back and compared with ``t``: one warning naming what
    the format could not hold (:mod:`~monrad.converters.fidelity`), or one saying
    that it cannot be read back."""
    from . import load
    from .fidelity import loss_warning
    from .tabular.klubtur import read_klubtur

    try:
        if fmt == "klubtur":
            back = read_klubtur(tmp)[0].tournament
        elif fmt == "xlsx":  # values only, through calamine: the fast way (read_input)
            back = read_input(tmp, [])[0][1]
        else:
            back = load(tmp, fmt=fmt, warnings=[])
    except (InputError, ModelError, IndexError) as exc:
        reason = _one_line(exc).replace(str(tmp), str(out))
        return [f"{out}: written, but monrad cannot read it back ({reason})"]
    warning = loss_warning(t, back, str(out))
    return [warning] if warning else []


# ------------------------------------------------------------------ one file
def _slug(text: str) -> str:
    s = unicodedata.normalize("NFKD", text)
    s = "".join(c for c in s if not unicodedata.combining(c))
    s = re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-")
    return s or "group"


def convert_one(job: Job) -> FileResult:
    """Convert one file (runs in a worker process too): never raises."""
    start = time.perf_counter()
    result = FileResult(job.source, "failed")
    temps: list[tuple[Path, Path]] = []
    try:
        if job.refuse:
            result.detail = job.refuse
            return result
        if job.skip:
            result.status, result.detail = "skipped", job.skip
            return result
        target = Path(job.output)
        if os.path.lexists(target) and not job.overwrite:
            result.status, result.detail = "skipped", f"{target} exists (use --overwrite)"
            return result
        warnings: list[str] = []
        found = read_input(job.source, warnings, job.input_format, job.mapping)
        for _, t in found:
            t.info.update(dict(job.info))
        result.warnings = warnings
        outputs = [(target if len(found) == 1 else
                    target.with_name(f"{target.stem}-{_slug(g)}{target.suffix}"), t)
                   for g, t in found]
        for out, _ in outputs:
            if same_file(out, job.source):
                raise InputError(str(tr("refused: the output {output} is the input file; monrad "
                                        "never writes over its input", output=out)),
                                 source=job.source)
            check_regular(real_target(out), out)
        if len(found) > 1 and not job.overwrite:
            exists = [str(o) for o, _ in outputs if os.path.lexists(o)]
            if exists:
                result.status, result.detail = "skipped", f"{exists[0]} exists (use --overwrite)"
                return result
        target.parent.mkdir(parents=True, exist_ok=True)
        for out, t in outputs:
            real = real_target(out)
            remove_orphans(real)  # temporary files of killed runs (issue 21)
            tmp = temp_path(real, f".part{out.suffix}")
            temps.append((tmp, out))
            render_output(t, job.fmt, tmp, result.warnings, str(out))
            warnings.extend(_what_was_lost(t, job.fmt, tmp, out))
        for tmp, out in temps:
            replace_keeping_mode(tmp, real_target(out), out)
        temps = []
        result.status = "converted"
        result.outputs = [str(o) for o, _ in outputs]
        result.detail = ", ".join(result.outputs)
    except InputError as exc:
        result.detail = _about_the_input(exc, job, temps)
    except (ValueError, ModelError, KeyError) as exc:
        result.detail = f"{job.source}: {_one_line(exc)}"
    except OSError as exc:
        result.detail = f"{job.source}: {os_reason(exc)}"
    except Exception as exc:  # noqa: BLE001 - a bug must not stop the batch; still one line
        result.detail = f"{job.source}: internal error ({type(exc).__name__}: {_one_line(exc)})"
    finally:
        for tmp, _ in temps:
            try:
                tmp.unlink()
            except OSError:
                pass
        result.seconds = time.perf_counter() - start
    return result


def _about_the_input(exc: InputError, job: Job, temps: list[tuple[Path, Path]]) -> str:
    """The message of an error met while writing: a temporary file means nothing to
    the user (issue 21: ``.out.15135.part.xlsx: unknown system 'bogus'``), so the
    message is put on the input instead, at the line that holds the value it quotes
    (a text input), and names the output it was for."""
    where = exc.location.source
    output = next((out for tmp, out in temps if where and Path(where) == tmp), None)
    if output is None:
        return str(exc)
    line = _line_quoting(job.source, exc.message)
    head = f"{job.source}:{line}" if line else job.source
    return f"{head}: {exc.message} (writing {output})"


def _line_quoting(source: str, message: str) -> int | None:
    """The first line of the text file ``source`` holding a value ``message`` quotes
    (``'bogus'``), or ``None`` (a workbook, nothing quoted, not found)."""
    values = [v for v in re.findall(r"'([^']{1,200})'", message) if v.strip()]
    if not values or Path(source).suffix.lower() in _WORKBOOKS:
        return None
    try:
        text, _ = read_text(source)
    except InputError:
        return None
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if any(v in line for v in values):
            return number
    return None


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# ------------------------------------------------------------------ progress
class Progress:
    """A one-line progress bar on a terminal, plain lines otherwise.

    >>> import io
    >>> out = io.StringIO()
    >>> p = Progress(2, out)
    >>> p.update(FileResult("a.trf", "converted")); p.update(FileResult("b.csv", "failed")); p.close()
    >>> print(out.getvalue(), end="")
    [1/2] converted a.trf
    [2/2] failed    b.csv
    """

    def __init__(self, total: int, stream: TextIO | None = None, *, enabled: bool = True) -> None:
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and total > 0
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.failed = 0

    def update(self, result: FileResult) -> None:
        self.done += 1
        self.failed += result.status == "failed"
        if not self.enabled:
            return
        if self.tty:
            width = max(40, shutil.get_terminal_size((80, 20)).columns)
            bar_w = 24
            filled = bar_w * self.done // self.total
            head = (f"\r[{'#' * filled}{'.' * (bar_w - filled)}] {self.done}/{self.total}"
                    f"{f' ({self.failed} failed)' if self.failed else ''} ")
            name = Path(result.source).name
            room = width - len(head) - 1
            line = head + (name if len(name) <= room else "..." + name[-room + 3:]).ljust(
                max(room, 0))
            redraw = getattr(self.stream, "redraw", None)  # the command line's stream:
            if redraw is not None:  # the one carriage return it sends (addin/cli/console.py)
                redraw(line.removeprefix("\r"))
            else:
                self.stream.write(line)
        else:
            self.stream.write(f"[{self.done}/{self.total}] {result.status:<9} {result.source}\n")
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()


# ------------------------------------------------------------------ running
#: Windows waits on at most 63 handles at once, so a process pool has at most 61 workers
WINDOWS_MAX_WORKERS = 61
_ON_WINDOWS = os.name == "nt"


def worker_count(requested: int | None, jobs: int) -> int:
    """The processes to use for ``jobs`` files: ``requested`` (``--jobs``), else the
    cores when there are more than :data:`PARALLEL_FROM` files, else one; never more
    than the files, nor than :data:`WINDOWS_MAX_WORKERS` on Windows."""
    if requested is None:
        requested = 1 if jobs <= PARALLEL_FROM else min(os.cpu_count() or 1, jobs)
    if _ON_WINDOWS:
        requested = min(requested, WINDOWS_MAX_WORKERS)
    return max(1, min(requested, jobs or 1))


def run_jobs(
    jobs: Sequence[Job],
    *,
    workers: int | None = None,
    on_result: Callable[[FileResult], None] | None = None,
) -> list[FileResult]:
    """Convert every job; in ``workers`` processes (default: the cores, but one
    process for :data:`PARALLEL_FROM` files or fewer).  Results in job order."""
    workers = worker_count(workers, len(jobs))
    results: list[FileResult | None] = [None] * len(jobs)
    if workers == 1:
        for i, job in enumerate(jobs):
            results[i] = convert_one(job)
            if on_result:
                on_result(results[i])  # type: ignore[arg-type]
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(convert_one, job): i for i, job in enumerate(jobs)}
            for fut in as_completed(futures):
                i = futures[fut]
                try:
                    res = fut.result()
                except Exception as exc:  # noqa: BLE001 - a worker died (out of memory ...)
                    res = FileResult(jobs[i].source, "failed",
                                     f"{jobs[i].source}: worker process failed ({_one_line(exc)})")
                results[i] = res
                if on_result:
                    on_result(res)
    return [r for r in results if r is not None]


def convert_many(
    sources: Sequence[str],
    fmt: str,
    out_dir: str | os.PathLike[str],
    *,
    recursive: bool = False,
    overwrite: bool = False,
    input_format: str | None = None,
    mapping: str | None = None,
    workers: int | None = None,
    progress: TextIO | None = None,
    show_progress: bool = True,
    info: tuple[tuple[str, object], ...] = (),
) -> BatchReport:
    """Collect, convert and report (the whole of ``monrad convert --to``)."""
    jobs, errors = collect(sources, fmt, out_dir, recursive=recursive, overwrite=overwrite,
                           input_format=input_format, mapping=mapping)
    jobs = [dataclasses.replace(j, info=info) for j in jobs] if info else jobs
    bar = Progress(len(jobs), progress, enabled=show_progress)
    try:
        results = run_jobs(jobs, workers=workers, on_result=bar.update)
    finally:
        bar.close()
    return BatchReport(errors + results)


#: a file's result in the summary, in words (the codes stay in the report)
_STATUS_WORDS = {"converted": ptr("batch result", "converted"),
                 "skipped": ptr("batch result", "skipped"), "failed": ptr("batch result", "failed")}


def summary_table(report: BatchReport, *, verbose: bool = False) -> str:
    """One row per file (file, result, detail), then the totals line.

    Converted files are listed only with ``verbose``; skipped and failed always.
    """
    rows = [(r.source, r.status, r.detail) for r in report.results
            if verbose or r.status != "converted"]
    lines: list[str] = []
    if rows:
        head = (str(ptr("batch column", "file")), str(ptr("batch column", "result")),
                str(ptr("batch column", "detail")))
        w1 = min(max(len(head[0]), *(len(a) for a, _, _ in rows)), 50)
        w2 = max(9, len(head[1]))
        lines.append(f"{head[0]:<{w1}}  {head[1]:<{w2}}  {head[2]}")
        lines.append(f"{'-' * w1}  {'-' * w2}  {'-' * max(6, len(head[2]))}")
        for a, b, c in rows:
            lines.append(f"{a:<{w1}}  {str(_STATUS_WORDS.get(b, b)):<{w2}}  {c}")
        if verbose:
            for r in report.results:
                for w in r.warnings:
                    lines.append(str(tr("warning: {message}", message=w)))
        lines.append("")
    n = len(report.results)
    nwarn = sum(len(r.warnings) for r in report.results)
    total = ntr("{n} file: {converted} converted, {skipped} skipped, {failed} failed",
                "{n} files: {converted} converted, {skipped} skipped, {failed} failed", n,
                converted=report.count("converted"), skipped=report.count("skipped"),
                failed=report.count("failed"))
    if nwarn:
        total = (ntr("{total} ({n} warning)", "{total} ({n} warnings)", nwarn, total=total)
                 if verbose else
                 ntr("{total} ({n} warning; --verbose lists it)",
                     "{total} ({n} warnings; --verbose lists them)", nwarn, total=total))
    lines.append(str(total))
    return "\n".join(lines)


def iter_sources(sources: Iterable[str]) -> list[str]:
    """Sources as given, without empty strings (shell expansion may leave some)."""
    return [s for s in sources if s]
