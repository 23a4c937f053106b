"""``monrad addin install``: set Excel up for the workbook buttons
(:func:`monrad.addin.ribbon.install.install_addin`)."""

from __future__ import annotations

import importlib

from ....engine.i18n import tr
from ._common import CommandError

ORDER = 90


def register(sub) -> None:
    p = sub.add_parser(
        "addin", help=str(tr("install the Excel add-in (Windows/macOS)")),
        description=str(tr("Set Excel up for the monrad buttons of the club workbook: install the "
                           "xlwings add-in and point it at this Python.")))
    p.add_argument("action", choices=("install",), help=str(tr("what to do")))
    p.set_defaults(run=run)


def run(args) -> int:
    try:
        install = importlib.import_module("monrad.addin.ribbon.install")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("monrad"):
            raise CommandError(tr('the add-in installer is not part of this installation')) from None
        raise
    try:
        print(install.install_addin())
    except install.AddinInstallError as exc:  # one line, exit 2, as every refusal
        raise CommandError(exc.msg or exc.message) from None
    return 0
