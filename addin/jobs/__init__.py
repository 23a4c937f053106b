"""The jobs: what a button press or a command does to a workbook, written once against
:class:`~monrad.converters.workbook.binding.WorkbookBinding`, so the command line, the
classic add-in and xlwings Lite run the same code on a file, live Excel or Lite's book.

* :mod:`.book` -- monrad's own workbook: pair the next round, update the standings, the
  Explanation sheet, a club's sheet imported into a monrad workbook;
* :mod:`.club` -- a club's own workbook: the next round in the club's layout, the
  standings, the ``monrad`` sheet that remembers the system;
* :mod:`.draw` -- start numbers by draw (``monrad draw``, "Draw start numbers");
* :mod:`.buttons` -- which job a button press runs: :mod:`.book` for a monrad workbook,
  :mod:`.club` for a club's own.

May import: the engine, the converters and nothing else of the add-in.  See
``docs/architecture.md``, "Rooms of the add-in".
"""
