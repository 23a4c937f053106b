"""One direction of imports: engine <- converters <- addin (docs/architecture.md).

The import graph is read from the source with :mod:`ast` (every ``import`` and
``from ... import``, at module level or inside a function), so a lazy import that
goes the wrong way fails here as well.  The build scripts in ``templates/`` may use
the runtime; the runtime never imports them.  No own module is imported as optional:
an ``import monrad...`` inside ``try: ... except ImportError`` would turn a broken
module into a silent fallback.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO

#: folder -> the package it is installed as (pyproject.toml, package-dir)
LAYERS = {"engine": "monrad.engine", "converters": "monrad.converters",
          "addin": "monrad.addin", "templates": "monrad.templates"}
#: what each layer may import among monrad's own packages
ALLOWED = {
    "monrad.engine": {"monrad.engine"},
    "monrad.converters": {"monrad.engine", "monrad.converters"},
    "monrad.addin": {"monrad.engine", "monrad.converters", "monrad.addin"},
    "monrad.templates": {"monrad.engine", "monrad.converters", "monrad.addin",
                         "monrad.templates"},
}


def _modules() -> Iterator[tuple[Path, str]]:
    for folder, package in LAYERS.items():
        for path in sorted((REPO / folder).rglob("*.py")):
            parts = list(path.relative_to(REPO / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            yield path, ".".join([package, *parts])


def _imports(path: Path, module: str) -> Iterator[tuple[int, str, ast.AST]]:
    """(line, absolute module name, node) of every import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target, node
            for alias in node.names:  # "from . import layout" names a module
                yield node.lineno, f"{target}.{alias.name}", node


def _layer(name: str) -> str | None:
    return next((p for p in ALLOWED if name == p or name.startswith(p + ".")), None)


def test_imports_flow_one_way_engine_converters_addin() -> None:
    wrong = []
    for path, module in _modules():
        own = _layer(module)
        assert own is not None
        for line, target, _ in _imports(path, module):
            layer = _layer(target)
            if layer is not None and layer not in ALLOWED[own]:
                wrong.append(f"{path.relative_to(REPO)}:{line} imports {target}")
    assert wrong == []


def test_the_runtime_never_imports_a_build_script() -> None:
    for path, module in _modules():
        if module.startswith("monrad.templates"):
            continue
        for line, target, _ in _imports(path, module):
            assert not target.startswith("monrad.templates"), f"{path}:{line}"


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    names = []
    if isinstance(handler.type, ast.Name):
        names = [handler.type.id]
    elif isinstance(handler.type, ast.Tuple):
        names = [e.id for e in handler.type.elts if isinstance(e, ast.Name)]
    return any(n in ("ImportError", "ModuleNotFoundError") for n in names)


@pytest.mark.parametrize("folder", [*LAYERS, "tests"])
def test_no_own_module_is_imported_as_optional(folder: str) -> None:
    found = []
    for path in sorted((REPO / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Try) and any(map(_catches_import_error, node.handlers)):
                for inner in (n for stmt in node.body for n in ast.walk(stmt)):
                    name = (inner.module if isinstance(inner, ast.ImportFrom) and not inner.level
                            else None)
                    if isinstance(inner, ast.ImportFrom) and inner.level:
                        name = "monrad (relative)"
                    if isinstance(inner, ast.Import):
                        name = next((a.name for a in inner.names if a.name.startswith("monrad")),
                                    None)
                    if name and name.startswith("monrad"):
                        found.append(f"{path.relative_to(REPO)}:{inner.lineno} {name}")
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "importorskip" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and str(node.args[0].value).startswith("monrad")):
                found.append(f"{path.relative_to(REPO)}:{node.lineno} importorskip")
    assert found == []


# --- the rooms of converters/ (issue 27) -------------------------------------------------
#
# ``docs/architecture.md`` ("Rooms of the converters") holds the rule as a table between
# the markers below: which part each top-level module and each sub-package of
# ``converters/`` belongs to, and which parts it may import besides the engine.  These
# tests read that table, so the written rule and the tested rule are one.

ARCHITECTURE = REPO / "docs" / "architecture.md"
CONVERTERS = REPO / "converters"
_RULE_BEGIN, _RULE_END = "<!-- rooms: begin -->", "<!-- rooms: end -->"


def _room_rule() -> tuple[dict[str, str], dict[str, set[str]]]:
    """(top-level module or room folder -> its part, part -> the parts it may import),
    read from the rooms table of ``docs/architecture.md``."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert _RULE_BEGIN in text and _RULE_END in text, "docs/architecture.md lost its rooms table"
    table = text.split(_RULE_BEGIN, 1)[1].split(_RULE_END, 1)[0]
    where: dict[str, str] = {}
    raw: dict[str, tuple[set[str], bool]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0] or set(cells[0]) <= {"-", ":"} or cells[0] == "part":
            continue
        names = re.findall(r"`([\w.]+/?)`", cells[0])
        if cells[0].startswith(("the ground", "the front")):
            part = "ground" if cells[0].startswith("the ground") else "front"
            for name in names:
                where[name.removesuffix(".py")] = part
        else:
            assert len(names) == 1 and names[0].endswith("/"), f"unreadable row: {line}"
            part = names[0].rstrip("/")
            where[part] = part
        allowed = {r.rstrip("/") for r in re.findall(r"`(\w+/)`", cells[2])}
        if "the ground" in cells[2]:
            allowed.add("ground")
        raw[part] = (allowed, "everything" in cells[2])
    parts = set(raw)
    rule = {part: (parts if everything else allowed | {part}) for part, (allowed, everything)
            in raw.items()}
    return where, rule


def _converters_modules(folder: Path = CONVERTERS, package: str = "monrad.converters"
                        ) -> dict[str, Path]:
    out = {}
    for path in sorted(folder.rglob("*.py")):
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([package, *parts])] = path
    return out


def _part_of(module: str, where: dict[str, str]) -> str | None:
    rest = module.split(".")[2:]
    if not rest:
        return where.get("__init__")
    return where.get(rest[0])


def _converters_edges(folder: Path = CONVERTERS, package: str = "monrad.converters"
                      ) -> dict[str, set[tuple[int, str]]]:
    """module -> {(line, module it imports)} among the modules of one layer (the
    converters unless said), lazy imports included: ``from . import layout`` imports the
    module ``layout``, ``from . import load`` the package itself."""
    modules = _converters_modules(folder, package)
    edges: dict[str, set[tuple[int, str]]] = {m: set() for m in modules}
    for module, path in modules.items():
        froms: dict[int, tuple[int, ast.ImportFrom, str]] = {}
        for line, target, node in _imports(path, module):
            if isinstance(node, ast.ImportFrom):
                froms.setdefault(id(node), (line, node, target))  # the first: "from X"
            elif target in modules:
                edges[module].add((line, target))
        for line, node, base in froms.values():
            for alias in node.names:
                name = f"{base}.{alias.name}"
                target = name if name in modules else base
                if target in modules and target != module:
                    edges[module].add((line, target))
    return edges


def test_every_converters_module_is_in_a_part_of_the_written_rule() -> None:
    where, rule = _room_rule()
    rooms = {p.name for p in CONVERTERS.iterdir()
             if p.is_dir() and (p / "__init__.py").is_file()}
    tops = {p.stem for p in CONVERTERS.glob("*.py")}
    assert {"ground", "front"} <= rule.keys()
    missing = sorted((rooms | tops) - where.keys())
    assert missing == [], f"not in the rooms table of docs/architecture.md: {missing}"
    gone = sorted(n for n in where if n not in rooms | tops)
    assert gone == [], f"the rooms table names what converters/ does not have: {gone}"


def test_converters_rooms_import_only_what_the_written_rule_allows() -> None:
    where, rule = _room_rule()
    modules = _converters_modules()
    wrong = []
    for module, targets in _converters_edges().items():
        own = _part_of(module, where)
        for line, target in sorted(targets):
            part = _part_of(target, where)
            if own is None or part not in rule[own]:
                wrong.append(f"{modules[module].relative_to(REPO)}:{line} ({own}) imports "
                             f"{target} ({part})")
    assert wrong == [], "imports across rooms against docs/architecture.md:\n" + "\n".join(wrong)


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of an import graph that hold more than one
    module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return circles


def test_no_import_circle_among_converters_modules() -> None:
    """Tarjan's strongly connected components of the import graph (module level and
    inside functions): every one must be a single module."""
    edges = {m: {t for _, t in ts} for m, ts in _converters_edges().items()}
    circles = _circles(edges)
    assert circles == [], f"import circles among converters modules: {circles}"


def test_every_room_says_what_it_holds_and_what_it_may_import() -> None:
    where, rule = _room_rule()
    for room in sorted(p for p, part in where.items() if p == part):
        init = CONVERTERS / room / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert len(doc.split()) >= 10, f"converters/{room}/__init__.py: no docstring saying what it holds"
        said = doc.split("May import:", 1)
        assert len(said) == 2, f"converters/{room}/__init__.py: no 'May import:' in its docstring"
        paragraph = said[1].split("\n\n", 1)[0]
        named = {r.rstrip("/") for r in re.findall(r"`(\w+/)`", paragraph)}
        named |= {"ground"} if "the ground" in paragraph else set()
        assert named | {room} == rule[room], (
            f"converters/{room}/__init__.py says it may import {sorted(named)}; "
            f"docs/architecture.md says {sorted(rule[room] - {room})}")


def test_every_package_is_listed_in_pyproject() -> None:
    """``packages`` and ``package-dir`` in pyproject.toml are explicit: a sub-package left
    out is missing from the wheel (the editable install would not show it)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = config["tool"]["setuptools"]
    listed, dirs = set(setuptools["packages"]), setuptools["package-dir"]
    for folder, package in LAYERS.items():
        for init in sorted((REPO / folder).rglob("__init__.py")):
            parts = init.parent.relative_to(REPO / folder).parts
            name = ".".join([package, *parts])
            assert name in listed, f"pyproject.toml: {name} is not in [tool.setuptools] packages"
            parent = max((p for p in dirs if name == p or name.startswith(p + ".")), key=len)
            folder_of = "/".join([dirs[parent], *name[len(parent) + 1:].split(".")]).rstrip("/")
            assert folder_of == "/".join([folder, *parts]), (
                f"pyproject.toml: [tool.setuptools.package-dir] maps {name} to {folder_of}")


# --- the rooms of addin/ (issue 42) -------------------------------------------------------
#
# ``docs/architecture.md`` ("Rooms of the add-in") holds the rule as a table between the
# markers below: the four rooms of ``addin/`` and the rooms each may import besides the
# engine and the converters (imports only downward: the command line and the two Excel
# bindings over the jobs, never the other way).

ADDIN = REPO / "addin"
_ADDIN_BEGIN, _ADDIN_END = "<!-- addin rooms: begin -->", "<!-- addin rooms: end -->"


def _addin_rule() -> dict[str, set[str]]:
    """room -> the rooms it may import (itself included), read from the add-in's rooms
    table of ``docs/architecture.md``."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    assert _ADDIN_BEGIN in text and _ADDIN_END in text, (
        "docs/architecture.md lost its table of the add-in's rooms")
    rule: dict[str, set[str]] = {}
    for line in text.split(_ADDIN_BEGIN, 1)[1].split(_ADDIN_END, 1)[0].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 3 or set(cells[0]) <= {"-", ":"} or cells[0] == "room":
            continue
        names = re.findall(r"`(\w+)/`", cells[0])
        assert len(names) == 1, f"unreadable row: {line}"
        rule[names[0]] = {r for r in re.findall(r"`(\w+)/`", cells[2])} | {names[0]}
    return rule


def _addin_room(module: str) -> str | None:
    rest = module.split(".")[2:]
    return rest[0] if rest else None


def test_addin_has_only_its_rooms_at_the_top_as_the_written_rule_says() -> None:
    rule = _addin_rule()
    rooms = {p.name for p in ADDIN.iterdir() if p.is_dir() and (p / "__init__.py").is_file()}
    stray = sorted(p.name for p in ADDIN.glob("*.py") if p.name != "__init__.py")
    assert stray == [], f"modules at the top of addin/, outside its rooms: {stray}"
    assert sorted(rooms) == sorted(rule), (
        f"addin/ has the rooms {sorted(rooms)}; docs/architecture.md names {sorted(rule)}")
    doc = ast.get_docstring(ast.parse((ADDIN / "__init__.py").read_text(encoding="utf-8")))
    assert doc and all(f":mod:`.{room}`" in doc for room in rule), (
        "addin/__init__.py does not name each room in its docstring")


def test_addin_rooms_import_only_downward_as_the_written_rule_allows() -> None:
    rule = _addin_rule()
    modules = _converters_modules(ADDIN, "monrad.addin")
    wrong = []
    for module, targets in _converters_edges(ADDIN, "monrad.addin").items():
        own = _addin_room(module)
        for line, target in sorted(targets):
            room = _addin_room(target)
            if own is None or room not in rule.get(own, set()):
                wrong.append(f"{modules[module].relative_to(REPO)}:{line} ({own}) imports "
                             f"{target} ({room})")
    assert wrong == [], "imports across the add-in's rooms against docs/architecture.md:\n" + (
        "\n".join(wrong))


def test_no_import_circle_among_addin_modules() -> None:
    edges = {m: {t for _, t in ts} for m, ts in _converters_edges(ADDIN, "monrad.addin").items()}
    circles = _circles(edges)
    assert circles == [], f"import circles among the add-in's modules: {circles}"


def test_every_addin_room_says_what_it_holds_and_what_it_may_import() -> None:
    rule = _addin_rule()
    for room in sorted(rule):
        init = ADDIN / room / "__init__.py"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert len(doc.split()) >= 10, f"addin/{room}/__init__.py: no docstring saying what it holds"
        said = doc.split("May import:", 1)
        assert len(said) == 2, f"addin/{room}/__init__.py: no 'May import:' in its docstring"
        paragraph = said[1].split("\n\n", 1)[0]
        named = set(re.findall(r"`(\w+)/`", paragraph))
        assert named | {room} == rule[room], (
            f"addin/{room}/__init__.py says it may import {sorted(named)}; "
            f"docs/architecture.md says {sorted(rule[room] - {room})}")


#: What every Lite workbook's ``main.py`` since monrad 0.1.0 calls after ``from
#: monrad.addin import lite`` (read from the templates of that release).
LITE_CALLS_SINCE_0_1_0 = ("explain_rounds", "pair_next_round", "pair_round_again",
                          "update_standings")


def test_the_names_users_files_and_commands_call_stay_where_they_were() -> None:
    """Issue 42: the rooms moved modules, never a name a user's file calls -- the ``.xlsm``
    macros (``import monrad.addin.ribbon as r; r.pair_next_round()``), every Lite
    workbook's ``main.py`` (``from monrad.addin import lite``; old workbooks included, and
    what today's ``main.py`` calls), the console scripts and ``python -m
    monrad.addin.cli``."""
    import importlib
    import importlib.util

    from monrad.addin import lite, ribbon
    from monrad.converters.book.lite_workbook import main_py

    macros = (REPO / "converters" / "xlsm" / "src" / "monrad.bas").read_text(encoding="utf-8")
    called = re.findall(r"import monrad\.addin\.ribbon as r; r\.(\w+)\(\)", macros)
    assert called, "the macros no longer call monrad.addin.ribbon"
    assert [name for name in called if not callable(getattr(ribbon, name, None))] == []

    today = main_py("en", from_index=True)
    assert "from monrad.addin import lite" in today
    lite_calls = set(re.findall(r"\blite\.(\w+)\(", today)) | set(LITE_CALLS_SINCE_0_1_0)
    assert sorted(n for n in lite_calls if not callable(getattr(lite, n, None))) == []

    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["scripts"]
    assert scripts["monrad"] == "monrad.addin.cli:main"
    for target in scripts.values():
        module, name = target.split(":")
        assert callable(getattr(importlib.import_module(module), name)), target
    assert importlib.util.find_spec("monrad.addin.cli.__main__") is not None
