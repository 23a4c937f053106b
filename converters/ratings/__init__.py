"""What a rating officer needs: rating lists in, the FIDE report out.

* :mod:`.lists` -- FIDE's player list (XML, fixed-width TXT, zipped) and clubs' CSV
  lists, streamed;
* :mod:`.match` -- a roster matched against a list (FIDE ID, else name and birth year),
  filled in and compared;
* :mod:`.roster_update` -- changed player data written into a workbook's roster cells;
* :mod:`.fide_export` -- the FIDE rating report (TRF), checked field by field;
  :mod:`.federations` -- FIDE's federation codes;
* :mod:`.precheck` -- the report's check against a rating list, and each player's
  rating-change estimate.

May import: the engine, the ground, `workbook/`, `club/` (the roster's headers) and
`trf/` (the report is TRF).  See ``docs/architecture.md``, "Rooms of the converters".
"""
