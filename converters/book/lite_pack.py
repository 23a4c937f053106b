"""monrad's own code, packed into a workbook's ``main.py`` for xlwings Lite (issue 28).

xlwings Lite installs a workbook's ``requirements.txt`` from the package index and runs
its ``main.py``.  monrad is not on the index (and a wheel URL needs a server that sends
CORS headers), so the workbook carries monrad itself: the modules the buttons need
(:data:`PACKED`: the engine, the workbook converters, the Lite binding and the jobs --
no templates, VBA writer, publishing or command line), their docstrings and comments
left out, zipped and base64-encoded at the end of ``main.py``.  When Lite runs
``main.py`` the pack is unpacked once into a folder named by monrad's version and the
pack's hash (in the temporary folder of Lite's Python) and that folder is put first on
``sys.path``: monrad is imported from plain files, as an installed package is.
``requirements.txt`` then names only packages on the index (:data:`REQUIREMENTS`).

The pack is the same bytes for the same source (sorted names, fixed time stamps,
text-only stripping that does not depend on the Python version), so the templates
rebuild byte for byte.  :data:`OUTSIDE` lists every import of a packed module that
leads out of the pack, each with the reason the buttons never take it;
``tests/converters/book/test_lite_pack.py`` holds the pack to it and to
:data:`REQUIREMENTS`, and the Pyodide test imports every packed module.
"""

from __future__ import annotations

import base64
import functools
import importlib.util
import io
import tokenize
import zipfile
from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "ABSENT",
    "LEFT_OUT",
    "OUTSIDE",
    "PACKED",
    "REQUIREMENTS",
    "pack_bytes",
    "pack_files",
    "packed_modules",
    "strip_source",
]

#: What the buttons need, as paths in the monrad package (a folder: all of it).
PACKED = (
    "engine",
    "converters/*.py",  # the ground (and the front's __init__), less LEFT_OUT
    "converters/book",
    "converters/club",
    "converters/tabular",
    "converters/trf",
    "converters/workbook",
    "converters/publish/__init__.py",
    "converters/publish/prize_views.py",
    "converters/publish/sheets.py",
    "converters/publish/texts.py",
    "converters/publish/views.py",
    "addin/__init__.py",
    "addin/jobs",
    "addin/lite",
    "addin/ribbon/__init__.py",
    "addin/ribbon/book.py",
)
#: Files that an entry of :data:`PACKED` leaves out: the front's batch conversion,
#: DataFrames and fidelity notes, which no button uses, and the English catalog, which
#: only repeats its source text (gettext shows the source where a catalog is missing:
#: the same words, 54 KB less).  Anything new in the ground travels without being named
#: here.
LEFT_OUT = ("converters/batch.py", "converters/fidelity.py", "converters/frames.py",
            "engine/locale/en/LC_MESSAGES/monrad.mo")
#: Files of a packed folder that travel besides the Python modules (the compiled
#: message catalogs).
DATA_SUFFIXES = (".mo",)

#: Imports of packed modules that lead out of the pack: (importer, imported) -> why the
#: buttons never take that path.
OUTSIDE = {
    ("monrad.converters", "monrad.converters.xlsm"):
        "saving a new workbook under a .xlsm name (monrad convert/new)",
    ("monrad.converters.workbook.openpyxl_book", "monrad.converters.xlsm"):
        "saving a new workbook under a .xlsm name",
}
#: Packages the packed code imports that are not in requirements.txt -> why.
ABSENT = {
    "python_calamine": "compiled, not in Pyodide: reads .xls/.ods and a workbook file's "
                       "values for the command line; a press reads Lite's book",
    "xlwings": "Lite's own line of requirements.txt",
}
#: The packages the packed code imports (import name -> requirement line): pure Python,
#: on the index, as ranges (Lite pins what it installs in ``requirements-pinned.txt``
#: and advises upper bounds, not pins).  The Pyodide test presses the buttons with both
#: ends of every range installed: the newest versions in them and the lowest (olefile's
#: 0.46 has no wheel, so 0.47 is both ends).
REQUIREMENTS = {
    "openpyxl": "openpyxl>=3.1.0,<3.2",
    "et_xmlfile": "et_xmlfile>=1.1.0,<2.1",
    "defusedxml": "defusedxml>=0.7.0,<0.8",
    "olefile": "olefile>=0.47,<0.48",
}
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)


def _root() -> Path:
    """The folder that holds the monrad package's ``engine``, ``converters``, ``addin``
    (installed: ``site-packages/monrad``; from a checkout: the repository)."""
    spec = importlib.util.find_spec("monrad.engine")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))).parent


def _folder(top: str) -> Path:
    spec = importlib.util.find_spec(f"monrad.{top}")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations)))


def _sources() -> Iterator[tuple[str, Path]]:
    """``(path in the pack, file)`` for every packed file, sorted."""
    out: dict[str, Path] = {}
    for item in PACKED:
        top, _, rest = item.partition("/")
        base = _folder(top)
        if rest.endswith("*.py"):
            folder = rest[:-len("*.py")]
            for f in sorted((base / folder).glob("*.py")):
                if f"{top}/{folder}{f.name}" not in LEFT_OUT:
                    out[f"monrad/{top}/{folder}{f.name}"] = f
            continue
        path = base / rest if rest else base
        if path.is_dir():
            for f in path.rglob("*"):
                name = f.relative_to(base).as_posix()
                if f.is_file() and (f.suffix == ".py" or f.suffix in DATA_SUFFIXES) and \
                        "__pycache__" not in f.parts and f"{top}/{name}" not in LEFT_OUT:
                    out[f"monrad/{top}/{name}"] = f
        else:
            out[f"monrad/{item}"] = path
    return iter(sorted(out.items()))


def strip_source(text: str) -> str:
    """``text`` (a module's source) without its docstrings, comments and blank lines;
    every other line stays as it was (an emptied body gets ``pass``)."""
    import ast

    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    drop: set[int] = set()  # 1-based line numbers
    passes: dict[int, str] = {}
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list) or not body:
            continue
        first = body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and \
                isinstance(first.value.value, str) and first.end_lineno is not None:
            start, end = first.lineno, first.end_lineno
            before = lines[start - 1][:first.col_offset]
            after = lines[end - 1][first.end_col_offset:]
            if before.strip() or after.strip():  # shares a line: leave it
                continue
            drop.update(range(start, end + 1))
            if len(body) == 1:
                passes[start] = before + "pass\n"
    strings: set[int] = set()  # lines inside multi-line strings: kept as they are
    comments: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.STRING and tok.end[0] > tok.start[0]:
            strings.update(range(tok.start[0] + 1, tok.end[0] + 1))
        elif tok.type == tokenize.COMMENT and not lines[tok.start[0] - 1][:tok.start[1]].strip():
            comments.add(tok.start[0])
    out = []
    for n, line in enumerate(lines, 1):
        if n in passes:
            out.append(passes[n])
        elif n in drop or (n not in strings and (n in comments or not line.strip())):
            continue
        else:
            out.append(line)
    return "".join(out)


def pack_files() -> dict[str, bytes]:
    """Path in the pack -> content: the stripped modules, the data files as they are."""
    sources = tuple(_sources())
    return dict(_packed(tuple((name, str(path), *_stamp(path)) for name, path in sources)))


def _stamp(path: Path) -> tuple[int, int]:
    st = path.stat()
    return st.st_mtime_ns, st.st_size


@functools.lru_cache(maxsize=4)
def _packed(sources: tuple[tuple[str, str, int, int], ...]) -> tuple[tuple[str, bytes], ...]:
    """The packed files of ``sources`` (name, path, mtime, size): stripping takes a
    second or two, so the result is kept while no source file changes."""
    files = []
    for name, path, _mtime, _size in sources:
        data = Path(path).read_bytes()
        if name.endswith(".py"):
            data = strip_source(data.decode("utf-8")).encode("utf-8")
        files.append((name, data))
    return tuple(files)


def packed_modules(files: dict[str, bytes] | None = None) -> list[str]:
    """The dotted names of the packed modules (``monrad.engine.model`` ...)."""
    names = []
    for name in files or pack_files():
        if name.endswith(".py"):
            dotted = name[:-3].replace("/", ".")
            names.append(dotted.removesuffix(".__init__"))
    return sorted(names)


def pack_bytes(files: dict[str, bytes] | None = None) -> bytes:
    """The pack: a zip of :func:`pack_files`, the same bytes for the same files."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in sorted((files or pack_files()).items()):
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    return buf.getvalue()


def pack_text(pack: bytes, width: int = 100) -> str:
    """The pack as base64 lines of ``width`` characters (XML- and JSON-safe text)."""
    text = base64.b64encode(pack).decode("ascii")
    return "\n".join(text[i:i + width] for i in range(0, len(text), width))
