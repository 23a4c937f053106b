"""Machinery shared by the Nordic Monrad systems (NSF, SSF, DSU, school 3/2/1).

:mod:`.facts` (what results mean per system), :mod:`.roundlist` (round lists and
placement numbers), :mod:`.feasibility` (the incremental perfect-matching test),
:mod:`.procedure` (the top-down procedure with its backtracking), :mod:`.base` (the
common pairing flow, Konrad, byes), :mod:`.listed` (SSF / DSU / school) and
:mod:`.nsf` (NSF colour rules and candidate order).
"""
