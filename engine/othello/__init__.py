"""Othello (Swedish Othello Federation rules, OTH-1 .. OTH-9).

* :mod:`.discs` - disc results: validation, completion, resignation, time loss, bye (OTH-6)
* :mod:`.mbq` - match points, discs and the Mixed Brightwell Quotient (OTH-7, OTH-8)
* :mod:`.advisor` - the format by number of entries (OTH-1)
* :mod:`.finals` - semi-finals, finals, third place and their colours (OTH-3, OTH-4)
* :mod:`.listing` - listings with Black named first (OTH-5)
"""
