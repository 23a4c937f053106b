"""``monrad addin install``: set Excel up for the workbook's monrad buttons.

The buttons of ``club-<lang>.xlsm`` call Python through the xlwings add-in's
``RunPython`` (see ``converters/xlsm/src/monrad.bas``).  Installing is therefore what
xlwings itself prescribes, nothing more:

1. ``xlwings addin install`` -- the xlwings package's own installer copies its add-in
   (``xlwings.xlam``, shipped inside the xlwings package; monrad ships no copy) into
   Excel's XLSTART folder so that Excel loads it at start;
2. the xlwings user configuration (``~/.xlwings/xlwings.conf`` on Windows,
   ``~/Library/Containers/com.microsoft.Excel/Data/xlwings.conf`` on macOS) gets
   ``INTERPRETER_WIN`` / ``INTERPRETER_MAC`` set to the Python running this command,
   the one monrad is installed in, so ``import monrad.addin.ribbon`` works from
   Excel.  ``PYTHONPATH`` is left empty: monrad is an installed package of that
   interpreter and needs no extra path (an existing value is kept).

The file is read and written as xlwings does (issue 32 item 1): xlwings opens it with
Python's default text encoding (``open(path, "w")`` in ``xlwings/cli.py``), which on
Windows is the ANSI code page (Windows-1252 on a Nordic Windows), and its VBA reads it
with ``Open ... For Input``, in the same code page; on macOS both are UTF-8.  So a user
folder ``C:\\Users\\Bjørn`` is written in the code page, not in UTF-8 (which the add-in
would read as ``BjÃ¸rn``); a file some earlier tool wrote in UTF-8 is read as such and
written back in the code page; a path the code page cannot hold is refused by name.

Excel add-ins exist on Windows and macOS only; elsewhere the command says so and
points at the headless commands.
"""

from __future__ import annotations

import csv
import io
import locale
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from ...converters.atomic import atomic_write
from ...engine.i18n import LocalizedError, tr

__all__ = ["install_addin", "AddinInstallError", "update_config"]

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]


class AddinInstallError(LocalizedError):
    """The add-in cannot be installed here; the message says why and what to do."""


def _run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(command), capture_output=True, text=True, check=False)


def config_encoding() -> str:
    """The encoding of ``xlwings.conf`` here: what xlwings' ``open()`` uses outside
    Python's UTF-8 mode and what its VBA reads -- the ANSI code page on Windows
    (``cp1252`` ...), UTF-8 on macOS."""
    return locale.getencoding()


def _read_config(path: Path, encoding: str) -> str:
    """The text of an existing config file: UTF-8 when it is (a byte-order mark, or
    non-ASCII bytes that are valid UTF-8: an earlier tool wrote it so), else
    ``encoding``."""
    data = path.read_bytes()
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if not data.isascii():
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise AddinInstallError(str(tr(
            "{file} is neither UTF-8 nor in the code page {encoding} (byte {byte} at {at}); "
            "delete it and run this again", file=path, encoding=encoding,
            byte=f"0x{data[exc.start]:02x}", at=exc.start))) from None


def update_config(path: Path, values: dict[str, str], *, encoding: str | None = None,
                  newline: str = "\n") -> None:
    """Set ``values`` in an xlwings config file (lines ``"KEY","VALUE"``), keeping
    every other line; written in ``encoding`` (default :func:`config_encoding`, as
    xlwings writes it) through a temporary file and replaced."""
    encoding = encoding or config_encoding()
    rows: list[list[str]] = []
    if path.exists():
        rows = [row for row in csv.reader(io.StringIO(_read_config(path, encoding))) if row]
    seen = set()
    for row in rows:
        key = row[0].strip().upper()
        if key in values:
            row[1:] = [values[key]]
            seen.add(key)
    rows += [[key, value] for key, value in values.items() if key not in seen]
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator=newline)
    writer.writerows(rows)
    try:
        data = out.getvalue().encode(encoding)
    except UnicodeEncodeError as exc:
        raise AddinInstallError(str(tr(
            "{text!r} cannot be written in the code page {encoding}, in which Excel's add-in "
            "reads {file}: install Python in a folder whose name has none of {chars!r} "
            "(e.g. C:\\Python), then run this again", text=exc.object, encoding=encoding,
            file=path, chars=exc.object[exc.start:exc.end]))) from None
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, data)


def install_addin(
    *,
    platform: str | None = None,
    python: str | None = None,
    config_file: Path | None = None,
    run: Runner = _run,
    encoding: str | None = None,
) -> str:
    """Install the xlwings add-in and point it at this Python; return what was done.

    Raises :class:`AddinInstallError` (one line) on Linux and other systems without
    Excel, when xlwings is missing, or when xlwings' installer fails.  ``encoding``:
    the config file's (default :func:`config_encoding`, this system's as xlwings uses it).
    """
    platform = platform or sys.platform
    python = python or sys.executable
    if not (platform.startswith("win") or platform == "darwin"):
        raise AddinInstallError(
            tr('the Excel add-in needs Excel for Windows or macOS (this is {platform}); '
               'without Excel use: monrad pair FILE / monrad standings FILE',
               platform=platform)
        )
    try:
        import xlwings
    except ImportError:
        raise AddinInstallError(
            tr('xlwings is not installed: pip install "monrad[excel]", then run this again')
        ) from None
    if config_file is None:
        config_file = Path(xlwings.USER_CONFIG_FILE)

    check = run([python, "-c", "import monrad.addin.ribbon"])
    if check.returncode != 0:
        raise AddinInstallError(
            tr('{python} cannot import monrad.addin.ribbon; install monrad into it first '
               '({value})',
               python=python,
               value=(check.stderr or '').strip().splitlines()[-1:] or ['no details'])
        )
    done = run(
        [python, "-c",
         "import sys, xlwings.cli; sys.argv = ['xlwings', 'addin', 'install']; xlwings.cli.main()"]
    )
    if done.returncode != 0:
        detail = (done.stderr or done.stdout or "").strip().splitlines()
        raise AddinInstallError(tr("xlwings addin install failed: {detail}", detail=detail[-1])
                                if detail else
                                tr("xlwings addin install failed: exit code {code}",
                                   code=done.returncode))
    key = "INTERPRETER_MAC" if platform == "darwin" else "INTERPRETER_WIN"
    update_config(config_file, {key: python}, encoding=encoding,
                  newline="\r\n" if platform.startswith("win") else "\n")
    said = (done.stdout or "").strip()
    return "\n".join(
        line
        for line in (
            said,
            f"xlwings config {config_file}: {key} = {python}",
            "Restart Excel, open your club workbook (.xlsm), enable macros, and use the "
            "monrad tab.",
        )
        if line
    )


def main(argv: list[str] | None = None) -> int:
    """``monrad addin install`` (also ``python -m monrad.addin.ribbon.install``)."""
    try:
        print(install_addin())
    except AddinInstallError as exc:
        print(tr('monrad addin install: {exc}', exc=exc), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
