"""The add-in: what binds monrad to its users, in four rooms (docs/architecture.md,
"Rooms of the add-in").

* :mod:`.jobs` -- the jobs the command line and both Excel bindings run on a workbook:
  pair the next round, update the standings, explain, draw start numbers, on monrad's
  own layout or a club's, and which job a button press runs;
* :mod:`.cli` -- the ``monrad`` command line (one module per sub-command) and
  ``monrad-bbp``, the reference Dutch engine's command line;
* :mod:`.ribbon` -- the classic Excel add-in (Python installed, xlwings): the entry
  points the macro-enabled workbook's buttons call (``import monrad.addin.ribbon``),
  the live workbook through xlwings, ``monrad addin install``;
* :mod:`.lite` -- xlwings Lite (Excel without Python): the entry points every Lite
  workbook's ``main.py`` calls (``from monrad.addin import lite``) and Lite's book.

Imports go down only: the command line and the two Excel bindings stand over the jobs,
never the other way, and nothing here is imported by the engine or the converters.
The Lite workbook *as a file* (``main.py``, the packed code, the buttons' parts) is
written by :mod:`monrad.converters.book.lite_workbook` and
:mod:`monrad.converters.book.lite_pack`.
"""
