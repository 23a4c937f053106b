"""The tree type-checks and lints clean (issue 16: "ruff and mypy run clean in CI").

mypy runs through ``tools/typecheck.py``, which gives it the installed package shape
(``monrad.engine`` ... from ``engine/`` ...; see that script and ``[tool.mypy]``);
ruff runs with ``[tool.ruff]`` of pyproject.toml.  Both tools are in the ``test`` extra.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import load_tool

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *cmd], cwd=ROOT, capture_output=True, text=True, check=False,
        timeout=600,
    )


def test_mypy_is_clean() -> None:
    proc = _run(str(ROOT / "tools" / "typecheck.py"))
    assert proc.returncode == 0, f"mypy found problems:\n{proc.stdout}{proc.stderr}"
    assert "Success" in proc.stdout, proc.stdout + proc.stderr


def test_ruff_is_clean() -> None:
    proc = _run("-m", "ruff", "check", ".")
    assert proc.returncode == 0, f"ruff found problems:\n{proc.stdout}{proc.stderr}"


def _typecheck_module():
    return load_tool("typecheck")


def test_typecheck_tree_copies_where_symlinks_are_refused(tmp_path, monkeypatch) -> None:
    """Windows without developer mode refuses symlinks: the tree is copied instead."""
    typecheck = _typecheck_module()

    def refuse(*args, **kwargs):
        raise OSError("symbolic link privilege not held")

    monkeypatch.setattr(typecheck.os, "symlink", refuse)
    tree = typecheck.build_tree(tmp_path)
    model = tree / "monrad" / "engine" / "model.py"
    assert model.is_file() and not (tree / "monrad" / "engine").is_symlink()
    assert model.read_bytes() == (ROOT / "engine" / "model.py").read_bytes()
    assert not list((tree / "monrad").rglob("*.xlsx"))  # data stays behind, code only


def test_typecheck_tree_links_the_installed_shape(tmp_path) -> None:
    """engine/, converters/, addin/, templates/ appear as monrad.engine ... (package-dir)."""
    typecheck = _typecheck_module()
    tree = typecheck.build_tree(tmp_path)
    for name in ("engine", "converters", "addin", "templates"):
        assert (tree / "monrad" / name / "__init__.py").is_file()
