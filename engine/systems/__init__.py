"""Pairing systems, one module each (see :mod:`monrad.engine.pairing`).

Each module cites its rules: ``nsf`` (NSF-1 .. NSF-13), ``ssf`` (SSF-1 .. SSF-10),
``dsu`` (DSU-0 .. DSU-9), ``school`` (SKOL-0 .. SKOL-6), ``othello_swiss`` (OTH-5 ..
OTH-9), ``round_robin`` / ``double_round_robin`` (FIDE C.05 Annex 1, OTH-1, OTH-2) and
``dutch`` (FIDE C.04.3).
"""
