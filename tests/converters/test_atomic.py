"""Every save goes through ``converters/atomic.py``: the file is replaced whole, and it
keeps the permissions of the file it replaces (a new file gets ``0o666 & ~umask``),
not the ``0o600`` of a temporary file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import REPO

from monrad.converters.atomic import atomic_write, new_file_mode, replace_keeping_mode
from monrad.engine.model import Game, Player, Result, Round, Settings, Tournament

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX permission bits")


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def _tournament() -> Tournament:
    players = [Player(i, f"Player {i}", rating=2000 - i, extra={"wof_id": str(1000 + i)})
               for i in range(1, 5)]
    t = Tournament(settings=Settings(system="dutch", rounds=3), players=players,
                   info={"name": "Mode test", "start_date": "2025-03-01",
                         "arbiter": "Chief Arbiter", "federation": "NOR"})
    t.rounds.append(Round(1, (Game(1, 3, Result.WIN, Result.LOSS, 40, 24),
                              Game(4, 2, Result.DRAW, Result.DRAW, 32, 32))))
    return t


def _save_workbook(path: Path) -> None:
    from monrad.converters.book.new_workbook import create_workbook
    from monrad.converters.workbook.package_book import open_book

    if not path.exists():
        create_workbook(path, "dutch", 5, [Player(1, "A"), Player(2, "B")], seed=1)
    else:
        open_book(path).save()


def _save_as(path: Path) -> None:
    from monrad.converters.book.new_workbook import build_book

    build_book(path, "dutch", 5, (), seed=1).save_as(path)


def _write_xlsm(path: Path) -> None:
    from monrad.converters.book.new_workbook import build_book
    from monrad.converters.xlsm import write_xlsm

    write_xlsm(build_book(path, "dutch", 5, (), seed=1).workbook, path, "en")


def _converters_save(path: Path) -> None:
    from monrad.converters import save

    save(_tournament(), path)


def _save_wof(path: Path) -> None:
    from monrad.converters.tabular.wof import save_wof

    save_wof(_tournament(), path)


def _fide_report(path: Path) -> None:
    from monrad.converters.ratings.fide_export import write_fide_report

    write_fide_report("012 Mode test\n", path)


def _xlwings_config(path: Path) -> None:
    from monrad.addin.ribbon.install import update_config

    update_config(path, {"INTERPRETER_WIN": "python.exe"})


def _build_templates(path: Path) -> None:
    from monrad.templates.build_templates import build_all

    build_all(path.parent)


SAVERS: dict[str, tuple[str, Callable[[Path], None]]] = {
    "workbook save": ("club.xlsx", _save_workbook),
    "workbook save_as": ("club.xlsx", _save_as),
    "write_xlsm": ("club.xlsm", _write_xlsm),
    "converters.save trf": ("t.trf", _converters_save),
    "converters.save csv": ("t.csv", _converters_save),
    "converters.save xlsx": ("t.xlsx", _converters_save),
    "save_wof": ("t.elo", _save_wof),
    "fide report": ("report.trf", _fide_report),
    "xlwings config": ("xlwings.conf", _xlwings_config),
    "build_templates": ("club-no.xlsm", _build_templates),
}


@pytest.mark.parametrize("what", list(SAVERS))
def test_save_keeps_the_mode_of_the_replaced_file(tmp_path: Path, what: str) -> None:
    name, saver = SAVERS[what]
    path = tmp_path / name
    saver(path)
    os.chmod(path, 0o640)
    saver(path)
    assert _mode(path) == 0o640, f"{what}: {oct(_mode(path))}"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "temporary file left"


@pytest.mark.parametrize("what", list(SAVERS))
def test_new_file_gets_the_umask_default(tmp_path: Path, what: str) -> None:
    name, saver = SAVERS[what]
    old = os.umask(0o027)
    try:
        saver(tmp_path / name)
    finally:
        os.umask(old)
    assert _mode(tmp_path / name) == 0o640, f"{what}: {oct(_mode(tmp_path / name))}"


def test_new_file_mode_reads_the_umask_without_changing_it() -> None:
    old = os.umask(0o007)
    try:
        assert new_file_mode() == 0o660
        assert os.umask(0o007) == 0o007
    finally:
        os.umask(old)


def test_failed_writer_leaves_the_target_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "club.xlsx"
    target.write_bytes(b"old")

    def broken(tmp: Path) -> None:
        tmp.write_bytes(b"half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError, match="disk full"):
        atomic_write(target, broken)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.xlsx"]


def test_bytes_and_writer_give_the_same_file(tmp_path: Path) -> None:
    atomic_write(tmp_path / "a", b"content")
    atomic_write(tmp_path / "b", lambda tmp: tmp.write_bytes(b"content"))
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes() == b"content"


def test_replace_keeping_mode_moves_and_keeps_mode(tmp_path: Path) -> None:
    target = tmp_path / "out.trf"
    target.write_text("old")
    os.chmod(target, 0o604)
    tmp = tmp_path / ".out.part"
    tmp.write_text("new")
    os.chmod(tmp, 0o600)
    replace_keeping_mode(tmp, target)
    assert target.read_text() == "new" and _mode(target) == 0o604 and not tmp.exists()


def test_no_other_module_makes_its_own_temporary_file() -> None:
    """One helper for every atomic save: no mkstemp/NamedTemporaryFile elsewhere."""
    found = subprocess.run(
        ["grep", "-rln", "--include=*.py", r"mkstemp\|NamedTemporaryFile",
         "addin", "converters", "templates"],
        cwd=REPO, capture_output=True, text=True).stdout.split()
    assert found == [os.path.join("converters", "atomic.py")], found


#: the careful writer itself, and what may open a file for writing beside it
_WRITER_ITSELF = {
    "converters/atomic.py": "the bottom of the careful writer",
    "converters/workbook/lock.py": "the lock file, created with O_EXCL",
    "addin/cli/__init__.py": "os.devnull for stdout after a broken pipe",
}
_WRITING_CALLS = {"write_bytes", "write_text", "copy", "copy2", "copyfile", "copyfileobj",
                  "replace", "rename", "renames", "fdopen", "mkstemp", "NamedTemporaryFile"}


def _writes(path: Path) -> list[str]:
    """``line: call`` of every call in ``path`` that writes a file: ``Path.write_*``,
    ``open(..., "w"/"a"/"x"/"+")``, ``os.open``, ``os.replace``/``rename``,
    ``shutil.copy*``, temporary files."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
        owner = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
        if name == "open":
            mode = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "mode"), None)
            if owner == "os" or (isinstance(mode, ast.Constant) and isinstance(mode.value, str)
                                 and set(mode.value) & set("wax+")):
                found.append(f"{node.lineno}: open")
        elif name in _WRITING_CALLS and (name not in ("replace", "rename", "copy")
                                         or owner in ("os", "shutil")):
            found.append(f"{node.lineno}: {name}")
    return found


def test_every_file_is_written_by_the_careful_writer() -> None:
    """Issue 30: one careful writer for every file monrad writes.  No module of the run
    time (nor a template build script) writes a file by itself: they all go through
    ``atomic_write`` and the two doors above it (docs/decisions.md, "One careful writer")."""
    offenders = {}
    for folder in ("addin", "converters", "templates"):
        for path in sorted((REPO / folder).rglob("*.py")):
            rel = path.relative_to(REPO).as_posix()
            if rel in _WRITER_ITSELF:
                continue
            if hits := _writes(path):
                offenders[rel] = hits
    assert offenders == {}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
