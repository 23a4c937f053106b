"""The workbook as a file: the interface every tournament job writes against and its
file back ends.

* :mod:`.binding` -- :class:`~.binding.WorkbookBinding` (cells, ``a1``,
  ``WorkbookError``): the one interface the jobs, the readers and the writers of
  monrad's own sheets use; ``monrad.addin`` implements it again for live Excel and
  xlwings Lite;
* :mod:`.package_book` -- an existing ``.xlsx``/``.xlsm`` (:func:`~.package_book.open_book`),
  read with calamine and saved part by part (:mod:`.package`, :mod:`.sheet_xml`,
  :mod:`.styles_xml`), so only monrad's own parts change;
* :mod:`.openpyxl_book` -- the workbooks monrad builds new;
* :mod:`.calamine_book` -- ``.xls``/``.ods`` (and any workbook, values only), read-only;
* :mod:`.writer`, :mod:`.lock`, :mod:`.backup` -- the careful writer's door for a file
  written back (a workbook, a TRF file, a CSV table): one writer at a time, unchanged
  since read, the backup beside the file, atomic replace;
* :mod:`.cell_text` -- the text that may go into a cell.

Nothing here knows a tournament: sheets, cells and parts only.

May import: the engine and the ground (``errors``, ``limits``, ``source``, ``atomic``,
``outputs``, ``layout``, ``notation``), and `xlsm/` (a workbook saved under a ``.xlsm`` name becomes
macro-enabled).  See ``docs/architecture.md``, "Rooms of the converters".
"""
