"""Run mypy on monrad's packages as they are installed (issue 16).

The repository keeps ``engine/``, ``converters/``, ``addin/`` and ``templates/`` at
the top (the design card); installed, setuptools maps them to ``monrad.engine`` and
so on (``[tool.setuptools.package-dir]`` in pyproject.toml).  mypy has no option for
such a mapping: it derives module names from directories.  So this script builds
the installed shape in a temporary directory -- ``monrad/engine`` -> ``engine/`` etc.,
as symlinks, or as copies where the system refuses symlinks (Windows without
developer mode) -- and runs mypy there with the settings of ``[tool.mypy]``.

Usage (from anywhere)::

    python tools/typecheck.py            # exit code and output of mypy
    python tools/typecheck.py -- --strict-optional ...   # extra mypy arguments

The paths mypy prints are rewritten back to the repository's own
(``monrad/engine/model.py`` -> ``engine/model.py``) so editors can jump to them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The subpackages of the `monrad` namespace, as in [tool.setuptools.package-dir].
MAPPED = ("engine", "converters", "addin", "templates")
# What mypy checks (templates/ holds build scripts and data; it is linked so that
# imports of monrad.templates resolve, not checked).
CHECKED = ("engine", "converters", "addin")


def _link_or_copy(source: Path, target: Path) -> None:
    """Make ``target`` show ``source``: a symlink, or a copy of the .py files."""
    try:
        os.symlink(source, target, target_is_directory=True)
    except (OSError, NotImplementedError):
        shutil.copytree(
            source, target, ignore=shutil.ignore_patterns("__pycache__", "*.xls*", "*.bin")
        )


def build_tree(where: Path) -> Path:
    """Create ``where/monrad/<package>`` for every mapped package; return ``where``."""
    pkg = where / "monrad"
    pkg.mkdir(parents=True, exist_ok=True)
    for name in MAPPED:
        _link_or_copy(ROOT / name, pkg / name)
    return where


def run(extra: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run mypy over the mapped tree; the output names repository paths."""
    with tempfile.TemporaryDirectory(prefix="monrad-mypy-") as tmp:
        tree = build_tree(Path(tmp))
        cmd = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
        for name in CHECKED:
            cmd += ["-p", f"monrad.{name}"]
        cmd += extra or []
        env = dict(os.environ, MYPY_CACHE_DIR=str(tree / ".mypy_cache"))
        proc = subprocess.run(
            cmd, cwd=tree, env=env, capture_output=True, text=True, check=False
        )
    pattern = re.compile(r"^monrad[\\/](" + "|".join(MAPPED) + r")[\\/]", re.MULTILINE)
    proc.stdout = pattern.sub(r"\1/", proc.stdout)
    return proc


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--"]:
        args = args[1:]
    proc = run(args)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main())
