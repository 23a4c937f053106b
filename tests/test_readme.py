"""The README opens with the two commands for a fresh machine, and CI runs the second."""

from __future__ import annotations

import re

import pytest
from conftest import REPO

README = REPO / "README.md"
CI = REPO / ".ci" / "run"


def quick_start_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    sections = re.findall(r"^## .*$", text, flags=re.MULTILINE)
    assert sections and sections[0] == "## Quick start", "the first section must be Quick start"
    before = text[: text.index("## Quick start")]
    assert [ln for ln in before.splitlines() if ln.strip()] == ["# monrad"]
    body = text[text.index("## Quick start"):].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", body, flags=re.DOTALL)
    assert len(blocks) == 1, "Quick start holds exactly one sh block"
    return blocks[0].rstrip("\n").split("\n")


def test_quick_start_is_exactly_two_lines() -> None:
    lines = quick_start_lines()
    assert len(lines) == 2 and all(ln.strip() for ln in lines)
    install, tests = lines
    assert install.startswith("python3 -m pip install . && monrad ")
    assert tests == 'python3 -m pip install -e ".[test]" && python3 -m pytest'


def test_quick_start_example_file_is_bundled() -> None:
    install = quick_start_lines()[0]
    target = install.split("&& monrad ", 1)[1].split()
    files = [a for a in target[1:] if not a.startswith("-")]
    assert files and all((REPO / f).is_file() for f in files), files


def test_ci_runs_exactly_the_second_line() -> None:
    script = CI.read_text(encoding="utf-8")
    assert script.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in script
    commands = [ln for ln in script.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    assert commands[-1] == quick_start_lines()[1]
    assert "|| true" not in script and "--exitfirst" not in script


def console_examples() -> list[tuple[str, list[str]]]:
    """(command, expected output lines) of every ``$ monrad ...`` in a console block
    that reads the bundled example without changing it; ``...`` ends the shown part."""
    text = README.read_text(encoding="utf-8")
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", text, flags=re.DOTALL):
        current: tuple[str, list[str]] | None = None
        for line in block.splitlines():
            if line.startswith("$ "):
                current = (line[2:], [])
                out.append(current)
            elif current is not None:
                current[1].append(line)
    keep = []
    for cmd, lines in out:
        words = cmd.split()
        read_only = words[1] in ("standings", "check") or "--dry-run" in words
        if words[0] == "monrad" and "examples/club.trf" in words and read_only:
            if "..." in lines:
                lines = lines[: lines.index("...")]
            keep.append((cmd, lines))
    return keep


def test_readme_console_examples_show_real_output() -> None:
    import contextlib
    import io
    import os

    from monrad.addin.cli import main

    examples = console_examples()
    assert len(examples) >= 4
    cwd = os.getcwd()
    os.chdir(REPO)
    try:
        for cmd, expected in examples:
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                code = main(cmd.split()[1:])
            assert code == 0, cmd
            assert buf.getvalue().splitlines()[: len(expected)] == expected, cmd
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("pip_code,pytest_code", [(0, 0), (0, 1), (0, 5), (1, 0)])
def test_ci_fails_when_install_or_any_test_fails(tmp_path, pip_code: int, pytest_code: int) -> None:
    """``.ci/run`` with a stand-in ``python3`` that logs its arguments: the script's
    status is the failing step's (pytest's 5, "no tests collected", included)."""
    import os
    import shutil
    import stat
    import subprocess

    repo = tmp_path / "repo"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(CI, repo / ".ci" / "run")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls.log"
    fake = bin_dir / "python3"
    fake.write_text(
        "#!/usr/bin/env bash\n"
        f'echo "$*" >> "{log}"\n'
        f'case "$*" in *pip*) exit {pip_code};; *pytest*) exit {pytest_code};; esac\n')
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    done = subprocess.run(["bash", str(repo / ".ci" / "run")], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    calls = log.read_text().splitlines()
    assert calls[0] == '-m pip install -e .[test]'
    if pip_code:
        assert done.returncode == pip_code and len(calls) == 1  # no tests after a failed install
    else:
        assert calls[1] == "-m pytest" and done.returncode == pytest_code
