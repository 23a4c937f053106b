"""The column headings of the tie-breaks, as each federation's own lists print them
(issue 37 item 4): one table per language, a row per tie-break code, and rows for a
code in one system where that federation says it otherwise.

English prints FIDE's codes (C.07: ``BH``, ``SB``, ``DE`` ...) and monrad's own
(``QP``, ``NSF-QP``, ``LOT``).  Norwegian, Swedish and Danish print the words of their
federations' texts, shortened as a results list shortens them: NSF-13B
*kvalitetspoeng* -> ``KP`` and *loddtrekning* -> ``Lodd``; SSF-10 *kvalitetspoäng* ->
``KP``, *flest antal vinster* -> ``Vinster``, *inbördes resultat* -> ``Inb.``,
*lottdragning* -> ``Lott``; DSU's *korrektion* -> ``Korr.``.  Names that are names
everywhere (Buchholz, Sonneborn-Berger, Koya, MBQ) keep FIDE's letters.  The legend
under every table gives the words in full and the FIDE code beside them
(``docs/tiebreaks.md``, "Headings per language").

A cut is written the Nordic way after the heading: ``BH/C1`` -> ``BH-1``, ``BH/M1`` ->
``BH±1``, ``KS/L60`` -> ``Koya 60 %``; a system's own cut needs none (DSU's
*almindelig korrektion* strikes the two lowest: ``QP/C2`` is ``Korr.``).

Codes are what a file, the Settings sheet and ``--tiebreaks`` hold; a heading is what a
reader sees.  :func:`code_for_label` reads a heading of any language back as its code,
so ``--tiebreaks KP,Vinster,Inb.`` means ``QP,WON,DE``.

The table is data of the engine (no I/O), used by the standings' text
(:mod:`monrad.engine.standings`), the workbook's sheets and every document.
"""

from __future__ import annotations

import re

from .i18n import language_code

__all__ = ["ABBREVIATIONS", "code_for_label", "column_label"]

#: code (or ``"system code"``) -> language -> heading.  A language without an entry
#: prints the code itself (English: always).
ABBREVIATIONS: dict[str, dict[str, str]] = {
    "PTS": {"nb": "P", "sv": "P", "da": "P"},
    "PS": {"nb": "Prog.", "sv": "Prog.", "da": "Prog."},
    "KS": {"nb": "Koya", "sv": "Koya", "da": "Koya"},
    "DE": {"nb": "Innb.", "sv": "Inb.", "da": "Indb."},
    "WIN": {"nb": "VR", "sv": "VR", "da": "VR"},
    "WON": {"nb": "Seire", "sv": "Vinster", "da": "Gev."},
    "BPG": {"nb": "Svart", "sv": "Svart", "da": "Sort"},
    "BWG": {"nb": "Seire sv.", "sv": "Vinster sv.", "da": "Gev. sort"},
    "ARO": {"nb": "Snitt", "sv": "Snitt", "da": "Snit"},
    "TPR": {"nb": "Prest.", "sv": "Prest.", "da": "Præst."},
    "QP": {"nb": "KP", "sv": "KP", "da": "Korr."},
    "NSF-QP": {"nb": "KP", "sv": "KP", "da": "KP"},
    "NSF-AB": {"nb": "KP+", "sv": "KP+", "da": "KP+"},
    "MSB": {"nb": "SB", "sv": "SB", "da": "SB"},
    "DISCS": {"nb": "Brikker", "sv": "Brickor", "da": "Brikker"},
    "LOT": {"nb": "Lodd", "sv": "Lott", "da": "Lod"},
    # DSU's "almindelig korrektion" is the two lowest struck: no cut to write
    "dsu QP/C2": {"nb": "KP", "sv": "KP", "da": "Korr."},
}

#: a cut in a Nordic heading (``{n}`` the number); English keeps FIDE's ``/C1``
_CUTS = {"C": "-{n}", "M": "±{n}", "L": " {n} %"}
_CUT_BACK = {"-": "C", "±": "M"}


def _lang(lang: str | None) -> str:
    code = language_code(lang) if lang else None
    return code or "en"


def column_label(code: str, lang: str | None = None, system: str | None = None) -> str:
    """The heading of tie-break ``code`` in ``lang`` for an event of ``system``.

    >>> column_label("QP/C2", "da", "dsu"), column_label("QP/C1", "sv", "ssf")
    ('Korr.', 'KP-1')
    >>> column_label("WON", "sv"), column_label("BH/C1", "nb"), column_label("DE", "en")
    ('Vinster', 'BH-1', 'DE')
    """
    lang = _lang(lang)
    code = code.strip().upper()
    if lang == "en":
        return code
    own = ABBREVIATIONS.get(f"{system} {code}") if system else None
    if own is not None and lang in own:
        return own[lang]
    base, *mods = code.split("/")
    label = ABBREVIATIONS.get(base, {}).get(lang, base)
    for mod in mods:
        found = re.fullmatch(r"([CML])(\d+)", mod)
        if found is None:
            return code
        label += _CUTS[found.group(1)].format(n=found.group(2))
    return label


def _normal(text: str) -> str:
    return " ".join(text.casefold().replace(".", "").split())


def _labels() -> dict[str, str]:
    """Every heading of every language (case, dots and spaces aside) -> its code; a
    system's own row never overrides the plain one."""
    out: dict[str, str] = {}
    for key, labels in ABBREVIATIONS.items():
        if " " in key:
            continue
        for label in labels.values():
            out.setdefault(_normal(label), key)
    return out


def code_for_label(text: str) -> str | None:
    """The code a heading of any language stands for (``Vinster`` -> ``WON``, ``KP-1`` ->
    ``QP/C1``, ``Korr.`` -> ``QP``), ``None`` for text that is no heading.  A FIDE code
    is left to the caller: a code always means itself.

    >>> code_for_label("Inb."), code_for_label("kp-1"), code_for_label("BH-1"), code_for_label("Lott")
    ('DE', 'QP/C1', 'BH/C1', 'LOT')
    """
    labels = _labels()
    text = text.strip()
    found = re.fullmatch(r"(.*?)\s*(?:([-±])\s*(\d+))?", text)
    if found is None:
        return None
    base = labels.get(_normal(found.group(1)))
    if base is None and found.group(2):  # a code with a Nordic cut: BH-1
        base = found.group(1).upper()
    if base is None:
        return None
    if found.group(2):
        return f"{base}/{_CUT_BACK[found.group(2)]}{found.group(3)}"
    return base
