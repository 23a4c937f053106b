"""Internals of the FIDE Dutch system (C.04.3, rules in force since 1 July 2025).

* :mod:`.entrants`  -- per-player facts (score, colour preference, floats, bye
  eligibility) from the history, C.04.1 / C.04.3 article 1;
* :mod:`.criteria`  -- the absolute and quality criteria as pair weights;
* :mod:`.completion` -- before the brackets: a legal pairing exists, the bye
  assignee's score, C.9 of the top bracket (C.4, C.5, C.9), by counting pairs;
* :mod:`.brackets`  -- the bracket-by-bracket procedure (articles 2-4), in passes
  from cheap to exact;
* :mod:`.shortcut`  -- the certified class shortcut for large brackets;
* :mod:`.field`     -- the players still to pair as a graph (plain weights on demand);
* :mod:`.colours`   -- colour allocation (article 5).

The public entry point is :data:`monrad.engine.systems.dutch.SYSTEM`.
"""
