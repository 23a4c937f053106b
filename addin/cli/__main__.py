"""``python -m monrad.addin.cli``: the ``monrad`` command without its launcher."""

from . import main

raise SystemExit(main())
