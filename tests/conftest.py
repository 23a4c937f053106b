"""Shared fixtures: where the test data lives (``tests/data``, see its README), and the ``slow`` marker."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


def load_tool(name: str) -> ModuleType:
    """The script ``tools/<name>.py`` as a module (``tools/`` is not a package)."""
    spec = importlib.util.spec_from_file_location(f"monrad_tools_{name}", REPO / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture()
def book(tmp_path: Path) -> Path:
    """A real monrad workbook (Settings, Players, Round 1-3, Standings) saved from
    ``examples/club.trf``; a test module may define its own ``book`` instead."""
    from monrad.converters import load, save

    out = tmp_path / "club.xlsx"
    save(load(REPO / "examples" / "club.trf"), out)
    return out

# The tests mirror the packages (tests/engine, tests/converters and its rooms such as
# tests/converters/workbook, tests/addin); a test may use a kit of another folder
# (test_monrad_kit, lite_standin, publish_events ...), whatever the order pytest collects
# them in.
for _layer in ("engine", "converters", "addin"):
    _top = Path(__file__).resolve().parent / _layer
    for _dir in [_top, *sorted(d for d in _top.iterdir() if d.is_dir() and any(d.glob("*.py")))]:
        if str(_dir) not in sys.path:
            sys.path.insert(0, str(_dir))



def _data_state() -> dict[str, tuple[int, int]]:
    updating = os.environ.get("MONRAD_GOLDEN_UPDATE")  # test_golden_outputs, on purpose
    return {str(p.relative_to(DATA)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in DATA.rglob("*") if p.is_file() and not (updating and "golden" in p.parts)}


def pytest_sessionstart(session: pytest.Session) -> None:
    session.config.stash[_DATA_KEY] = _data_state()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The tests' own data is read, never written: a test that writes into
    ``tests/data`` (a backup next to a fixture, a rewritten file) fails the run."""
    before = session.config.stash.get(_DATA_KEY, None)
    if before is None:
        return
    after = _data_state()
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    if changed:
        print(f"\ntests/data was written to by the tests: {', '.join(changed[:10])}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_DATA_KEY = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False, help="run the slow tests")


def pytest_runtest_setup(item: pytest.Item) -> None:
    """``posix_only`` tests are skipped where ``os.name`` is not ``posix`` (Windows),
    with their reason (issue 32 item 9: the suite runs on Windows and macOS)."""
    mark = item.get_closest_marker("posix_only")
    if mark is not None and os.name != "posix":
        pytest.skip(f"POSIX only: {mark.args[0] if mark.args else 'see the test'}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


# The tests read monrad's messages in English unless a test chooses a language
# (docs/i18n.md: LANGUAGE is the first variable gettext reads); subprocesses inherit it.
os.environ["LANGUAGE"] = "en"
