"""``monrad addin install``: refuses cleanly without Excel; on Windows/macOS runs
xlwings' own add-in installer with this Python and points the xlwings config at it
(the command runner is passed in, so the steps are checked without Excel)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from monrad.addin.ribbon.install import AddinInstallError, install_addin, main, update_config

pytest.importorskip("xlwings")


class _Runner:
    def __init__(self, fail_on: str | None = None) -> None:
        self.commands: list[list[str]] = []
        self.fail_on = fail_on

    def __call__(self, command):
        self.commands.append(list(command))
        if self.fail_on and self.fail_on in command[-1]:
            return subprocess.CompletedProcess(command, 1, "", "Traceback...\nOSError: XLSTART is read-only")
        return subprocess.CompletedProcess(command, 0, "Successfully installed the xlwings add-in!", "")


def test_linux_is_refused_with_the_headless_commands(capsys) -> None:
    with pytest.raises(AddinInstallError, match="Windows or macOS.*monrad pair FILE"):
        install_addin(platform="linux")
    if not sys.platform.startswith(("win", "darwin")):
        assert main() == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "monrad addin install:" in err


@pytest.mark.parametrize("platform, key", [("win32", "INTERPRETER_WIN"), ("darwin", "INTERPRETER_MAC")])
def test_install_runs_xlwings_installer_and_sets_interpreter(tmp_path: Path, platform: str, key: str) -> None:
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir()
    conf.write_text('"INTERPRETER_WIN","C:\\old\\python.exe"\n"USE UDF SERVER","False"\n', encoding="utf-8")
    run = _Runner()
    message = install_addin(platform=platform, python="/opt/py/bin/python", config_file=conf, run=run)
    assert run.commands[0] == ["/opt/py/bin/python", "-c", "import monrad.addin.ribbon"]
    assert run.commands[1][0] == "/opt/py/bin/python"
    assert "xlwings.cli" in run.commands[1][2] and "'addin', 'install'" in run.commands[1][2]
    text = conf.read_text(encoding="utf-8")
    assert f'"{key}","/opt/py/bin/python"' in text
    assert '"USE UDF SERVER","False"' in text  # other settings kept
    if key == "INTERPRETER_MAC":
        assert '"INTERPRETER_WIN","C:\\old\\python.exe"' in text
    else:
        assert "C:\\old" not in text
    assert "Successfully installed" in message and str(conf) in message


def test_installer_failure_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(AddinInstallError, match="xlwings addin install failed: OSError: XLSTART is read-only"):
        install_addin(platform="win32", config_file=tmp_path / "x.conf", run=_Runner(fail_on="xlwings.cli"))
    assert not (tmp_path / "x.conf").exists()  # nothing configured after a failed install


def test_python_without_monrad_is_refused(tmp_path: Path) -> None:
    with pytest.raises(AddinInstallError, match="cannot import monrad.addin.ribbon"):
        install_addin(platform="win32", config_file=tmp_path / "x.conf", run=_Runner(fail_on="monrad.addin.ribbon"))


def test_the_real_check_command_imports_monrad_here() -> None:
    """The first step, run for real: this Python can import the ribbon module."""
    done = subprocess.run([sys.executable, "-c", "import monrad.addin.ribbon"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_update_config_creates_the_file(tmp_path: Path) -> None:
    conf = tmp_path / "a" / "xlwings.conf"
    update_config(conf, {"INTERPRETER_WIN": r"C:\Python\python.exe"})
    assert conf.read_text(encoding="utf-8") == '"INTERPRETER_WIN","C:\\Python\\python.exe"\n'


def test_issue32_item1_a_cp1252_config_made_by_xlwings_is_kept_in_cp1252(tmp_path: Path) -> None:
    r"""xlwings writes ``xlwings.conf`` with Python's default encoding, the ANSI code page
    on Windows, and its VBA reads it so: a user folder ``C:\Users\Bjørn`` stays cp1252
    (before: exit 3 reading it as UTF-8)."""
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes('"INTERPRETER_WIN","C:\\Users\\Bjørn\\old\\python.exe"\r\n'
                     '"PYTHONPATH","C:\\Users\\Bjørn\\lib"\r\n'.encode("cp1252"))
    python = "C:\\Users\\Bjørn\\AppData\\Local\\Programs\\Python\\Python312\\python.exe"
    install_addin(platform="win32", python=python, config_file=conf, run=_Runner(),
                  encoding="cp1252")
    data = conf.read_bytes()
    text = data.decode("cp1252")
    assert f'"INTERPRETER_WIN","{python}"\r\n' in text
    assert '"PYTHONPATH","C:\\Users\\Bjørn\\lib"' in text  # the other line, as it was
    assert "Bjørn".encode("cp1252") in data and "Bjørn".encode() not in data
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")


def test_issue32_item1_an_ascii_config_gets_the_path_in_the_code_page(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes(b'"USE UDF SERVER","False"\n')
    update_config(conf, {"INTERPRETER_WIN": "C:\\Users\\Bjørn\\python.exe"}, encoding="cp1252")
    assert conf.read_bytes().decode("cp1252").endswith('"C:\\Users\\Bjørn\\python.exe"\n')
    assert "Ã¸".encode("cp1252") not in conf.read_bytes()  # not UTF-8 read as cp1252


def test_issue32_item1_a_utf8_config_is_read_and_written_back_in_the_code_page(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    conf.write_bytes('"PYTHONPATH","C:\\Users\\Bjørn\\lib"\n'.encode())
    update_config(conf, {"INTERPRETER_WIN": "C:\\py.exe"}, encoding="cp1252")
    assert conf.read_bytes().decode("cp1252").startswith('"PYTHONPATH","C:\\Users\\Bjørn\\lib"')


def test_issue32_item1_a_path_the_code_page_cannot_hold_is_refused_by_name(tmp_path: Path) -> None:
    conf = tmp_path / "xlwings.conf"
    with pytest.raises(AddinInstallError, match=r"cannot be written in the code page cp1252.*'Ł'"):
        update_config(conf, {"INTERPRETER_WIN": "C:\\Users\\Łukasz\\python.exe"}, encoding="cp1252")
    assert not conf.exists()
