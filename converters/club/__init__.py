"""Clubs' own workbooks: the roster and results sheets a club already keeps, read into
the model, and continued the club's way.

* :mod:`.sheets` -- headers in four languages and their synonyms, the roster reader
  (:func:`~.sheets.read_roster`, also used for CSV rosters and monrad's Players sheet),
  results sheets or a results table, mapping files (:func:`~.sheets.read_club_book`);
* :mod:`.block` -- monrad's own ``monrad`` sheet in a club's workbook: the system, the
  rounds, and the games each round was paired around;
* :mod:`.titles` -- the system a sheet's title block and header language name;
* :mod:`.layout` -- how the club writes a round (learned from its sheets), and the next
  round as rows in that layout.

May import: the engine, the ground and `workbook/`.  See ``docs/architecture.md``,
"Rooms of the converters".
"""
