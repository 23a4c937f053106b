"""The line- and table-based formats other than TRF.

* :mod:`.csv_format` -- CSV rosters and results as spreadsheets and Nordic clubs write
  them, the formula-injection guard, the ``monrad;system=...`` settings row;
* :mod:`.csv_round` -- a new round written back into a CSV results table in its own
  dialect (``monrad pair res.csv``);
* :mod:`.klubtur` -- the Danish klubtur.dk export (CSV or workbook, one table per group);
* :mod:`.wof` -- the World Othello Federation rating file (``.elo``).

May import: the engine, the ground, `workbook/` (a klubtur workbook is read through the
binding; the CSV round keeps the workbooks' backups) and `club/` (a CSV roster is read
with the club sheets' header rules).  See ``docs/architecture.md``, "Rooms of the
converters".
"""
