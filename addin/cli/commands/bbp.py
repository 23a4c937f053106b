"""``monrad bbp ARGS...``: the reference engine's command line (bbpPairings), as
the ``monrad-bbp`` program takes it (see :mod:`monrad.addin.cli.bbp`)::

    monrad bbp --dutch INPUT -p [OUTPUT]
    monrad bbp --dutch INPUT -c

The exit codes are the reference engine's, not monrad's (1 no valid pairing,
3 invalid request, 5 file error).
"""

from __future__ import annotations

import argparse

from ....engine.i18n import tr

ORDER = 90


def register(sub) -> None:
    # every argument goes to the reference engine's own parsing, dashes included
    p = sub.add_parser(
        "bbp", prefix_chars="+", add_help=False,
        help=str(tr("the reference engine's command line (bbpPairings: --dutch FILE -p|-c)")),
        description=str(tr("Pair or check a TRF file with the command line of bbpPairings.")))
    p.add_argument("args", nargs=argparse.REMAINDER, help=str(tr("--dutch INPUT -p [OUTPUT] | -c")))
    p.set_defaults(run=run)


def run(args) -> int:
    from ..bbp import main

    return main(args.args)
