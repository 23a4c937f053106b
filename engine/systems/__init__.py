"""Pairing systems, one module each (see :mod:`monrad.engine.pairing`)."""
