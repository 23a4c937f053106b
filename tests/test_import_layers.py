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
