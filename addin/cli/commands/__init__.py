"""The ``monrad`` sub-commands, one module each.

A module here with ``register(subparsers)`` and ``run(args) -> int`` is a
sub-command; :mod:`monrad.addin.cli` finds it by itself (modules starting with
``_`` are helpers).  ``register`` calls ``subparsers.add_parser(...)`` and sets
``run`` as the parser's default ``run``.  ``ORDER`` (a number) sorts the commands
in ``monrad --help``.
"""
