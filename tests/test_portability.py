"""Issue 32 item 9: the suite collects and runs on Windows and macOS, and CI runs it there.

* **collects where POSIX-only modules are missing**: the whole suite is collected in a
  process where ``resource``, ``fcntl``, ``termios``, ``pwd``, ``grp`` ... cannot be
  imported and ``signal``/``os`` lack what Windows lacks (``SIGPROF``, ``SIGKILL``,
  ``setitimer``, ``getuid``, ``fork`` ...), as on Windows: no collection error;
* **runs**: a test that uses one of those (directly, or through a helper of its module)
  carries ``@pytest.mark.posix_only("why")`` (skipped elsewhere, tests/conftest.py);
* **CI**: ``.github/workflows/tests.yml`` runs the README's test line on Linux, Windows
  and macOS hosted runners, with ``python`` on Windows, as the README says.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import REPO
from test_readme import quick_start_lines

TESTS = REPO / "tests"
WORKFLOW = REPO / ".github" / "workflows" / "tests.yml"
#: modules Windows does not have
POSIX_MODULES = ("resource", "fcntl", "termios", "pwd", "grp", "pty", "tty", "syslog", "crypt")
#: attributes of ``signal`` and ``os`` Windows does not have
POSIX_ATTRS = {"signal": ("SIGPROF", "SIGKILL", "SIGALRM", "SIGHUP", "SIGUSR1", "setitimer",
                          "ITIMER_PROF", "alarm", "pause"),
               "os": ("getuid", "geteuid", "getgid", "fork", "mkfifo", "setsid", "killpg")}
#: names whose use in a test makes it POSIX only
POSIX_USES = {*POSIX_MODULES, "preexec_fn", *POSIX_ATTRS["signal"], *POSIX_ATTRS["os"]}

_BLOCK = """
import importlib.abc, os, signal, sys

class _NotHere(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {modules!r}:
            raise ImportError(f"No module named {{name!r}} (as on Windows)")
        return None

for _name in {modules!r}:
    sys.modules.pop(_name, None)
sys.meta_path.insert(0, _NotHere())
for _module, _names in {attrs!r}.items():
    for _attr in _names:
        if hasattr(sys.modules[_module], _attr):
            delattr(sys.modules[_module], _attr)
"""


def test_issue32_item9_the_suite_collects_without_posix_only_modules(tmp_path: Path) -> None:
    shim = tmp_path / "sitecustomize.py"
    shim.write_text(textwrap.dedent(_BLOCK.format(modules=POSIX_MODULES, attrs=POSIX_ATTRS)),
                    encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path), *filter(None, [os.environ.get("PYTHONPATH")])])}
    probe = subprocess.run([sys.executable, "-c", "import resource"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, timeout=120, check=False)
    assert probe.returncode != 0 and "as on Windows" in probe.stderr  # the shim works
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         str(TESTS), "--ignore", str(TESTS / "test_portability.py")],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600, check=False)
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-15:])
    assert proc.returncode == 0, tail
    assert "ERROR" not in proc.stdout and "Interrupted" not in proc.stdout, tail
    assert re.search(r"^tests/addin/test_strangers_cli\.py: \d+$", proc.stdout, re.MULTILINE)


def _uses(node: ast.AST) -> set[str]:
    """The POSIX-only names ``node`` uses: ``resource.x``, ``signal.SIGPROF``,
    ``os.fork``, ``preexec_fn=``, an ``import resource``."""
    found: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            if n.value.id in POSIX_MODULES or (n.value.id in POSIX_ATTRS
                                                and n.attr in POSIX_ATTRS[n.value.id]):
                found.add(f"{n.value.id}.{n.attr}")
        elif isinstance(n, ast.keyword) and n.arg == "preexec_fn":
            found.add("preexec_fn")
        elif isinstance(n, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in n.names] if isinstance(n, ast.Import) else [n.module or ""]
            found.update(x for x in names if x.split(".")[0] in POSIX_MODULES)
    return found


def _guarded(node: ast.AST) -> bool:
    """Marked ``posix_only``, or skipped unless POSIX (``skipif(... os.name ...)``,
    ``skipif(not hasattr(signal, ...))``)."""
    text = ast.unparse(node)
    return "posix_only" in text or bool(re.search(r"skipif\([^)]*(os\.name|sys\.platform|"
                                                   r"hasattr\(signal)", text))


def _posix_functions(tree: ast.Module) -> dict[str, set[str]]:
    """Module-level function -> the POSIX-only names it uses, through the module's other
    functions it calls too (a helper such as ``_limit_file_size``)."""
    funcs = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    # a helper that looks before it uses (``hasattr(signal, "SIGPROF")``) runs anywhere
    uses = {name: set() if re.search(r"hasattr\((signal|os), |os\.name|sys\.platform",
                                     ast.unparse(f)) else _uses(f) for name, f in funcs.items()}
    calls = {name: {n.id for n in ast.walk(f) if isinstance(n, ast.Name) and n.id in funcs}
             for name, f in funcs.items()}
    changed = True
    while changed:
        changed = False
        for name in funcs:
            more = set().union(*(uses[c] for c in calls[name])) - uses[name]
            if more:
                uses[name] |= more
                changed = True
    return uses


def test_issue32_item9_a_test_using_posix_only_calls_is_marked_posix_only() -> None:
    unmarked = []
    for path in sorted(TESTS.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        marked_module = any(isinstance(n, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in n.targets) and _guarded(n)
            for n in tree.body)
        top_level = [n for n in tree.body if not isinstance(
            n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
        if any(_uses(n) for n in top_level):
            unmarked.append(f"{path.relative_to(REPO)}: at module level: "
                            f"{sorted(set().union(*(_uses(n) for n in top_level)))}")
        if marked_module:
            continue
        for name, used in _posix_functions(tree).items():
            func = next(n for n in tree.body if getattr(n, "name", None) == name)
            if name.startswith("test_") and used and not any(
                    _guarded(d) for d in func.decorator_list):
                unmarked.append(f"{path.relative_to(REPO)}::{name} uses {sorted(used)}")
    assert unmarked == []


def test_issue32_item9_ci_runs_the_readme_test_line_on_linux_windows_and_macos() -> None:
    text = WORKFLOW.read_text(encoding="utf-8")
    line = quick_start_lines()[1]
    assert re.search(r"os: \[ubuntu-latest, windows-latest, macos-latest\]", text)
    assert "runs-on: ${{ matrix.os }}" in text and "fail-fast: false" in text
    runs = re.findall(r"^\s+run: (.+)$", text, flags=re.MULTILINE)
    assert ".ci/run" in runs  # Linux and macOS: exactly the README's line (test_readme)
    assert line.replace("python3 ", "python ") in runs  # Windows: the same line, `python`
    assert "|| true" not in text and "continue-on-error" not in text


def test_issue32_item9_the_readme_tells_windows_users_to_type_py_or_python() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    quick = text[text.index("## Quick start"):].split("\n## ", 1)[0]
    assert re.search(r"On Windows type `py`.*or `python` where the lines say `python3`",
                     " ".join(quick.split()))
    assert "Store" in quick


@pytest.mark.posix_only("the marker's own check: skipped on Windows")
def test_issue32_item9_posix_only_tests_run_here() -> None:
    assert os.name == "posix"
