"""What ``monrad publish`` and ``monrad print`` share: the language option and the
checks that turn a wrong round into one line (exit 2)."""

from __future__ import annotations

from ....converters import layout as L
from ....engine.i18n import current_language, tr
from ....engine.model import Tournament
from ._common import CommandError, add_lang_option, is_workbook

__all__ = ["add_language_option", "check_round", "document_language"]


def add_language_option(parser) -> None:
    add_lang_option(parser, help=str(tr("language of the documents and messages: en, nb (no), sv, da "
                                        "(default: the workbook's, else the system's)")))


def document_language(path: str, lang: str | None, mapping: str | None = None) -> str:
    """``--lang`` if given, else a monrad workbook's own language, else the locale's
    (docs/i18n.md)."""
    if lang:
        return lang
    if is_workbook(path) and mapping is None:
        from ....converters.workbook.package_book import open_book

        lay = L.detect_layout(open_book(path).sheet_names())
        if lay is not None:
            return lay.lang
    return current_language()


def check_round(t: Tournament, round_no: int | None, *, paired: bool) -> None:
    """Refuse a round the document cannot show: an unpaired round for a pairing list,
    a round outside the event for the tables."""
    rounds = sorted(r.number for r in t.rounds if r.is_paired)
    if paired and not rounds:
        raise CommandError(tr('no round is paired yet: there is no pairing list to show'))
    if round_no is None:
        return
    if paired and round_no not in rounds:
        raise CommandError(tr('round {round_no} is not paired (paired rounds: {map})',
                              round_no=round_no, map=', '.join(map(str, rounds))))
    last = max(max(rounds, default=0), t.settings.rounds or 0)
    if not paired and not 0 <= round_no <= last:
        raise CommandError(tr('round {round_no} is outside the tournament (rounds 0..{last})',
                              round_no=round_no, last=last))
