"""Machinery shared by the Nordic Monrad systems (NSF, SSF, DSU, school 3/2/1).

:mod:`.facts` (what results mean per system), :mod:`.roundlist` (round lists and
placement numbers), :mod:`.procedure` (the top-down procedure with its backtracking,
MON-3; also used by othello-swiss, OTH-9), :mod:`.base` (the common pairing flow,
Konrad, byes), :mod:`.listed` (SSF / DSU / school) and :mod:`.nsf` (NSF colour rules
and candidate order).  The procedure's perfect-matching test is
:mod:`monrad.engine.cardinality`.
"""
