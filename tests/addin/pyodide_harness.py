"""Pyodide under Node, set up as xlwings Lite has it, for the tests and the benchmark.

:func:`prepare` installs the ``pyodide`` npm package of a version into a cache
(``~/.cache/monrad-pyodide/<version>``, or under ``$MONRAD_PYODIDE_CACHE``) and makes
beside it a *local* Pyodide folder: the npm package's files linked, and a rewritten
``pyodide-lock.json``.  Real Lite loads the packages that Pyodide's lock file names from
Pyodide's CDN; here there is no CDN, and the npm package holds only the runtime and the
standard library, so the rewritten lock file

* names ``micropip`` and ``packaging`` (needed to start micropip) as the wheels of the
  same versions downloaded from the package index, with their own checksums (Pyodide's
  CDN builds differ byte for byte from the index's);
* leaves out every other pure-Python package whose wheel is not in the folder, so that
  micropip fetches it from the package index (``pyodide-http``, ``click``, ...) instead
  of failing on the missing CDN file;
* keeps the compiled packages (never loaded by these tests).

:func:`run_node` writes a Node script and runs it.  Every step says why it skips
(pytest's skip) when node, npm or a download is missing.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: The Pyodide versions of xlwings Lite: 0.27.5 (Python 3.12, the Lite workbooks
#: checked in docs/excel.md) and the 314 line (Python 3.14) that current Lite needs.
VERSIONS = ("0.27.5", "314.0.7")
#: Started from local wheels: what micropip itself needs.
BOOT = ("micropip", "packaging")


def cache_root() -> Path:
    return Path(os.environ.get("MONRAD_PYODIDE_CACHE", Path.home() / ".cache" / "monrad-pyodide"))


def skip(reason: str) -> None:
    print(f"\nPyodide test skipped: {reason}")
    pytest.skip(reason)


def _npm_package(version: str) -> Path:
    if not (shutil.which("node") and shutil.which("npm")):
        skip("node and npm are needed (the pyodide npm package runs under Node)")
    cache = cache_root() / version
    package = cache / "node_modules" / "pyodide"
    if not (package / "pyodide.mjs").exists():
        cache.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(cache),
                               f"pyodide@{version}"], check=False, capture_output=True, text=True,
                              timeout=600)
        if done.returncode or not (package / "pyodide.mjs").exists():
            skip(f"npm could not install pyodide@{version}: {done.stderr.strip()[-300:]}")
    return package


def _download(name: str, version: str, python: str, into: Path) -> Path:
    found = [p for p in into.glob("*.whl")
             if p.name.split("-")[0].lower() == name and p.name.split("-")[1] == version]
    if found:
        return found[0]
    done = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                           "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                           "--python-version", python, "-d", str(into), f"{name}=={version}"],
                          check=False, capture_output=True, text=True, timeout=600)
    found = [p for p in into.glob("*.whl")
             if p.name.split("-")[0].lower() == name and p.name.split("-")[1] == version]
    if done.returncode or not found:
        skip(f"pip could not download {name}=={version}: {done.stderr.strip()[-300:]}")
    return found[0]


def prepare(version: str) -> Path:
    """The local Pyodide folder of ``version`` (see the module doc); made on first use."""
    package = _npm_package(version)
    local = cache_root() / version / "local"
    lock_path = local / "pyodide-lock.json"
    if lock_path.exists():
        return local
    work = local.with_name("local.part")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    for item in package.iterdir():
        if item.name != "pyodide-lock.json":
            try:
                (work / item.name).symlink_to(item.resolve())
            except OSError:  # Windows without the right to make links
                shutil.copy2(item, work / item.name)
    lock = json.loads((package / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    python = ".".join(lock["info"]["python"].split(".")[:2])
    for name in BOOT:
        entry = packages[name]
        wheel = _download(name, entry["version"], python, work)
        entry["file_name"] = wheel.name
        entry["sha256"] = hashlib.sha256(wheel.read_bytes()).hexdigest()
    for name in list(packages):
        entry = packages[name]
        if name not in BOOT and not (work / entry["file_name"]).exists() and \
                entry["file_name"].endswith("-none-any.whl"):
            del packages[name]  # micropip takes it from the package index
    (work / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")
    shutil.rmtree(local, ignore_errors=True)
    os.replace(work, local)
    return local


def run_node(script: str, folder: Path, timeout: float = 1500) -> subprocess.CompletedProcess:
    """Run the ES module ``script`` with Node from ``folder``."""
    path = folder / "run.mjs"
    path.write_text(script, encoding="utf-8")
    return subprocess.run(["node", str(path)], check=False, capture_output=True, text=True,
                          timeout=timeout, cwd=folder)
