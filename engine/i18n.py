"""Every word a user reads, in Norwegian (bokmål), Swedish, Danish or English (issue 29).

The words live in gettext message catalogs shipped with the package
(``engine/locale/<lang>/LC_MESSAGES/monrad.mo``, compiled from the ``.po`` files beside
them by ``tools/i18n.py``); this module loads them with the standard library only
(:mod:`gettext`, :mod:`importlib.resources`), so it runs the same under Pyodide.
How to write a message and how the language is chosen: ``docs/i18n.md``.

A message is written in English in the code, with its values as named placeholders,
and is translated when it is turned into text:

>>> msg = tr("Board {board}: {white} - {black}", board=3, white=12, black=5)
>>> msg.render("en"), msg.render("da")
('Board 3: 12 - 5', 'Bord 3: 12 - 5')
>>> ntr("{points} point", "{points} points", 1, points=1).render("sv")
'1 poäng'

Values are written the language's way: a :class:`~fractions.Fraction` is a score
(``2½`` in the Nordic languages, ``2.5`` in English), a float has a decimal comma in
the Nordic languages, a tuple is a list ``3, 5, 7`` and a :class:`Message` inside a
message is translated into the same language.

The language of a message that is not rendered in a given language is
:func:`current_language`: the one chosen on the command line (``--lang``), else the
language of the workbook being worked on (:func:`document_language`), else the user's
locale, else English.  Exceptions turn their message into text when they are raised
(:class:`LocalizedError`), in the language in force there.

This module only reads the package's own catalogs (package data); it does no other I/O.
"""

from __future__ import annotations

import gettext
import io
import locale as _locale
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from fractions import Fraction
from functools import cache
from importlib import resources

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LocalizedError",
    "Message",
    "choose_language",
    "chosen_language",
    "current_language",
    "document_language",
    "format_value",
    "language_code",
    "locale_language",
    "ntr",
    "nptr",
    "number_text",
    "points",
    "ptr",
    "said",
    "tr",
    "translations",
]

#: the gettext domain: ``engine/locale/<lang>/LC_MESSAGES/monrad.mo``
DOMAIN = "monrad"
#: the catalogs shipped, English (the language of the code) first
LANGUAGES = ("en", "nb", "sv", "da")
#: Nordic languages write a decimal comma and half points as ``½``
_NORDIC = frozenset({"nb", "sv", "da"})
#: the thousands separator of each language (Språkrådet, Språkrådet (SE), Retskrivningsordbogen):
#: a no-break space in Norwegian and Swedish, a point in Danish
_THOUSANDS = {"en": ",", "nb": "\u00a0", "sv": "\u00a0", "da": "."}
#: other names of the four languages (ISO 639-1/-2, country codes people type, the
#: names Windows gives its locales); ``nn`` (nynorsk) reads the bokmål catalog
_ALIASES = {
    "en": "en", "eng": "en", "english": "en", "c": "en", "posix": "en",
    "nb": "nb", "nn": "nb", "no": "nb", "nob": "nb", "nno": "nb", "nor": "nb",
    "norwegian": "nb", "norsk": "nb", "bokmål": "nb", "bokmal": "nb", "nynorsk": "nb",
    "sv": "sv", "se": "sv", "swe": "sv", "swedish": "sv", "svenska": "sv",
    "da": "da", "dk": "da", "dan": "da", "danish": "da", "dansk": "da",
}

_chosen: ContextVar[str | None] = ContextVar("monrad_chosen_language", default=None)
_document: ContextVar[str | None] = ContextVar("monrad_document_language", default=None)


def language_code(name: str | None) -> str | None:
    """The catalog language of a language or locale name, ``None`` if monrad has none.

    >>> language_code("nb_NO.UTF-8"), language_code("no"), language_code("sv-SE")
    ('nb', 'nb', 'sv')
    >>> language_code("Danish_Denmark.1252"), language_code("de_DE"), language_code("C")
    ('da', None, 'en')
    """
    if not name:
        return None
    text = name.strip().lower()
    for sep in (".", "@"):
        text = text.split(sep, 1)[0]
    head = text.replace("-", "_").split("_", 1)[0].strip()
    return _ALIASES.get(head) or _ALIASES.get(text.split(" ", 1)[0])


def locale_language(environ: Mapping[str, str] | None = None) -> str:
    """The user's language from the locale, as gettext reads it: the first of
    ``LANGUAGE`` (a ``:`` list, its first known entry), ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG`` that is set; else the system's locale (Windows); else English.

    >>> locale_language({"LANG": "nb_NO.UTF-8"}), locale_language({"LANGUAGE": "de:sv"})
    ('nb', 'sv')
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if value:
            for part in value.split(":"):
                code = language_code(part)
                if code:
                    return code
            if var != "LANGUAGE":
                return "en"
    if environ is None:
        try:
            system = _locale.getlocale()[0]
        except ValueError:
            system = None
        return language_code(system) or "en"
    return "en"


def choose_language(lang: str | None) -> None:
    """Fix the language of every message from here on (``--lang``; ``None``: choose
    again from the workbook and the locale).  Raises :class:`ValueError` for a
    language monrad has no catalog for."""
    _chosen.set(_checked(lang) if lang else None)


@contextmanager
def chosen_language(lang: str | None) -> Iterator[None]:
    """:func:`choose_language` for the block only (the command line's ``--lang``)."""
    token = _chosen.set(_checked(lang) if lang else None)
    try:
        yield
    finally:
        _chosen.reset(token)


@contextmanager
def document_language(lang: str | None) -> Iterator[None]:
    """Within the block, messages are in ``lang`` (the workbook's language) unless
    a language was chosen (:func:`choose_language`)."""
    token = _document.set(_checked(lang) if lang else None)
    try:
        yield
    finally:
        _document.reset(token)


def current_language() -> str:
    """The language a message is written in now (see the module's doc)."""
    return _chosen.get() or _document.get() or locale_language()


def _checked(lang: str) -> str:
    code = language_code(lang)
    if code is None:
        raise ValueError(str(tr("unknown language {lang!r} (one of {choices})",
                                lang=lang, choices="en, nb, sv, da")))
    return code


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of ``lang`` (``en``, ``nb``, ``sv``, ``da`` or an alias)."""
    code = language_code(lang) or "en"
    path = resources.files(__package__ or "monrad.engine").joinpath(
        "locale", code, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        data = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):  # a catalog missing: English words
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(data))


def format_value(value: object, lang: str) -> str:
    """A placeholder's value written in ``lang`` (see the module's doc).

    >>> format_value(Fraction(9, 2), "nb"), format_value(Fraction(9, 2), "en")
    ('4½', '4.5')
    >>> format_value(2.25, "da"), format_value((3, 5, 7), "sv"), format_value((), "en")
    ('2,25', '3, 5, 7', '-')
    """
    if isinstance(value, Message):
        return value.render(lang)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        if value.denominator == 2 and lang in _NORDIC:
            whole, _half = divmod(abs(value), 1)
            return f"{'-' if value < 0 else ''}{int(whole) if whole else ''}½"
        return format_value(float(value), lang)
    if isinstance(value, float):
        text = f"{value:g}"
        return text.replace(".", ",") if lang in _NORDIC else text
    if isinstance(value, (tuple, list)):
        return ", ".join(format_value(v, lang) for v in value) if value else "-"
    return str(value)


def number_text(text: str, lang: str) -> str:
    """A number Python wrote (``1,048,576``, ``2.5``) written the language's way: a
    decimal comma and the language's thousands separator in the Nordic languages.

    >>> number_text("1,048,576", "nb") == "1\u00a0048\u00a0576", number_text("1,234.5", "da")
    (True, '1.234,5')
    >>> number_text("2.5", "sv"), number_text("1,234.5", "en")
    ('2,5', '1,234.5')
    """
    code = language_code(lang) or "en"
    if code not in _NORDIC:
        return text
    return text.replace(",", "\0").replace(".", ",").replace("\0", _THOUSANDS[code])


class Message:
    """A message of the catalogs with its values, translated when it is rendered.

    ``str(message)`` renders it in :func:`current_language`; ``render(lang)`` in a
    given language.  Two messages are equal when their ids and values are.
    """

    __slots__ = ("context", "msgid", "n", "plural", "values")

    def __init__(self, msgid: str, values: Mapping[str, object], *, plural: str | None = None,
                 n: int | None = None, context: str | None = None) -> None:
        self.msgid = msgid
        self.plural = plural
        self.n = n
        self.context = context
        self.values = dict(values)

    def fill(self, **values: object) -> Message:
        """This message with (more) values: a table of messages filled where used."""
        return Message(self.msgid, {**self.values, **values}, plural=self.plural, n=self.n,
                       context=self.context)

    def template(self, lang: str | None = None) -> str:
        """The translated pattern, placeholders not yet filled."""
        cat = translations(lang or current_language())
        if self.plural is not None:
            n = int(self.n or 0)
            if self.context is not None:
                return cat.npgettext(self.context, self.msgid, self.plural, n)
            return cat.ngettext(self.msgid, self.plural, n)
        if self.context is not None:
            return cat.pgettext(self.context, self.msgid)
        return cat.gettext(self.msgid)

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: :func:`current_language`), values filled in."""
        code = language_code(lang) if lang else current_language()
        code = code or "en"
        pattern = self.template(code)
        if not self.values:
            return pattern
        return pattern.format_map({k: _Formatted(v, code) for k, v in self.values.items()})

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Message) and
                (self.msgid, self.plural, self.n, self.context, self.values) ==
                (other.msgid, other.plural, other.n, other.context, other.values))

    def __hash__(self) -> int:
        return hash((self.msgid, self.plural, self.context))


class _Formatted:
    """A value that ``str.format`` writes the language's way, keeping ``!r`` and
    format specs (``{rating:>4}``) working on the value itself."""

    __slots__ = ("lang", "value")

    def __init__(self, value: object, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        if spec:
            text = format(self.value, spec)
            if isinstance(self.value, (int, float, Fraction)) and not isinstance(self.value, bool):
                return number_text(text, self.lang)
            return text
        return format_value(self.value, self.lang)

    def __repr__(self) -> str:
        if isinstance(self.value, Message):
            return repr(self.value.render(self.lang))
        return repr(self.value)

    def __str__(self) -> str:
        return format_value(self.value, self.lang)


def tr(msgid: str, /, **values: object) -> Message:
    """The message ``msgid`` (English, ``{name}`` placeholders) with its values."""
    return Message(msgid, values)


def ntr(singular: str, plural: str, n: int, /, **values: object) -> Message:
    """A message with a plural form chosen by ``n`` (also the placeholder ``{n}``)."""
    return Message(singular, {"n": n, **values}, plural=plural, n=n)


def ptr(context: str, msgid: str, /, **values: object) -> Message:
    """A message with a context, for one English word with two meanings
    (``ptr("sheet", "Round {n}")``)."""
    return Message(msgid, values, context=context)


def nptr(context: str, singular: str, plural: str, n: int, /, **values: object) -> Message:
    """:func:`ntr` with a context."""
    return Message(singular, {"n": n, **values}, plural=plural, n=n, context=context)


def said(text: str, msgid: str, /, *, context: str | None = None) -> bool:
    """Whether ``text`` holds the message ``msgid`` as written in any of the languages,
    whatever its values: for code that recognises a warning another module wrote (in
    the language in force there), never by an English phrase.

    >>> said("klubb.trf:7: spiller 3: Frirunde: 4", "Bye: {player}")
    True
    >>> said("Bye 4", "Bye: {player}")
    False
    """
    for lang in LANGUAGES:
        template = Message(msgid, {}, context=context).template(lang)
        pattern = ".*?".join(re.escape(part) for part in re.split(r"\{[^{}]*\}", template))
        if re.search(pattern, text, re.S):
            return True
    return False


def points(value: Fraction | int) -> Message:
    """A score with its word: ``1 point``, ``4.5 points``, ``4½ poeng``."""
    score = Fraction(value)
    return ntr("{points} point", "{points} points", 1 if score == 1 else 2, points=score)


class LocalizedError(Exception):
    """An error whose message (a :class:`Message` or text) is written when it is
    raised, in the language in force there: ``message`` and ``str()`` are that text
    wherever it is shown later; ``msg`` keeps the :class:`Message` (``None`` for plain
    text) for callers that render it in another language."""

    def __init__(self, message: Message | str = "", *args: object) -> None:
        self.msg = message if isinstance(message, Message) else None
        self.message: str = str(message)
        super().__init__(self.message, *args)
