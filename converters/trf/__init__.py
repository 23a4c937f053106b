"""FIDE Tournament Report File (TRF-16 and TRF-2026) <-> :class:`~monrad.engine.model.Tournament`.

Reads every record of both versions (player ``001`` lines by column, headers 012-222,
byes ``240``, acceleration ``250``, prohibited pairings ``260``, national-rating
records), the legacy extensions FIDE engines read (``XXR``, ``XXC``, ``XXS``,
``XXZ``, ``XXP``, ``XXA``, ``BBW/BBD/BBL/BBZ/BBF/BBU``), CR, LF and CRLF line ends
and ``###`` comments.  Anything else is kept in ``Tournament.extra_records`` and
written back unchanged.

What TRF has no field for (club, withdrawal round, pending games, Othello discs,
monrad options and lot seeds) travels in this project's own extension records,
``XMN <kind> ...``; other programs ignore them (``extensions=False`` leaves them out).

This package is the public face; the work is done in three modules named for what
they hold: :mod:`.read` (the reader), :mod:`.write` (the writer) and :mod:`.records`
(the record tables both share).

May import: the engine and the ground.  See ``docs/architecture.md``, "Rooms of the
converters".

>>> text = '''012 Club Championship
... 001    1      Hansen, Ola                       1850                             1.0    1     2 w 1
... 001    2      Berg, Kari                        1790                             0.0    2     1 b 0
... '''
>>> t = read_trf(text)
>>> t.info["name"], t.players[0].name, t.rounds[0].games[0]
('Club Championship', 'Hansen, Ola', Game(white=1, black=2, white_result=<Result.WIN: '1'>, black_result=<Result.LOSS: '0'>, white_discs=None, black_discs=None, pending=None))
>>> read_trf(write_trf(t)) == t
True
"""

from __future__ import annotations

from .read import parse_trf, read_trf
from .records import TRF16, TRF2026
from .write import write_trf

__all__ = ["read_trf", "parse_trf", "write_trf", "TRF16", "TRF2026"]
