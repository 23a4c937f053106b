"""monrad's own club workbook (the layout of :mod:`monrad.converters.layout`): its
sheets read into the model and written from it.

* :mod:`.xlsx` -- Settings, Players, Round N and Standings sheets <-> the model, through
  :class:`~monrad.converters.workbook.binding.WorkbookBinding` (a file or live Excel);
* :mod:`.new_workbook` -- a new workbook (``monrad new``, ``save`` to ``.xlsx``, the
  templates);
* :mod:`.lite_workbook` -- the xlwings Lite code and buttons inside a workbook;
* :mod:`.finals` -- the Othello finals sheet (OTH-3, OTH-4).

May import: the engine, the ground, `workbook/`, `club/` (the Players sheet is read with
the club sheets' header rules), `tabular/` (the WOF id column) and `publish/` (the
finals sheet's words).  See ``docs/architecture.md``, "Rooms of the converters".
"""
