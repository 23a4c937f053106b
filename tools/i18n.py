"""Update the message catalogs: extract, merge, compile (docs/i18n.md).

    python tools/i18n.py            # all three steps (what you run after editing messages)
    python tools/i18n.py --check    # exit 1 if the catalogs are not up to date (no writes)

1. **extract** every ``tr``/``ntr``/``ptr``/``nptr`` message of ``engine/``,
   ``converters/`` and ``addin/`` with Babel into ``engine/locale/monrad.pot``;
2. **update** each ``engine/locale/<lang>/LC_MESSAGES/monrad.po`` from it: new messages
   are added untranslated (the English catalog is filled with the English text),
   messages gone from the code are dropped;
3. **compile** each ``.po`` into the ``.mo`` the package ships.

Babel is a test/developer dependency only; the run time reads the ``.mo`` files with the
standard library (:mod:`monrad.engine.i18n`).  The files are written without dates and
line numbers, so they change only when a message does.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import io
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

import babel.messages.catalog
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

REPO = Path(__file__).resolve().parent.parent
LOCALE = REPO / "engine" / "locale"
POT = LOCALE / "monrad.pot"
LANGUAGES = ("en", "nb", "sv", "da")
SOURCES = ("engine", "converters", "addin")
#: the functions of monrad.engine.i18n and where their strings are (Babel's keyword spec)
KEYWORDS = {"tr": None, "ntr": (1, 2), "ptr": ((1, "c"), 2), "nptr": ((1, "c"), 2, 3)}
#: a fixed date keeps the files byte-stable between runs
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
HEADER = ("# monrad's messages in {language} (docs/i18n.md: how to write and update them).\n"
          "# Edit the translations here; run python tools/i18n.py to merge and compile.")


# the header would name Babel's version; the files should not change with it
babel.messages.catalog.VERSION = "(tools/i18n.py)"


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "monrad.po"


def extract(repo: Path = REPO) -> Catalog:
    """Every message of the code as a template catalog (``.pot``)."""
    template = Catalog(project="monrad", version="1", creation_date=EPOCH,
                       revision_date=EPOCH, fuzzy=False, charset="utf-8",
                       header_comment=HEADER.format(language="the code (template)"),
                       msgid_bugs_address="", last_translator="monrad developers")
    # Babel warns of every f-string between a keyword's parentheses, the values of
    # the placeholders included; formatted_messages() finds the ones that matter
    with contextlib.redirect_stderr(io.StringIO()):
        for folder in SOURCES:
            root = repo / folder
            for filename, lineno, message, comments, context in extract_from_dir(
                    root, method_map=[("**.py", "python")], keywords=KEYWORDS,
                    comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
                template.add(message, None, [(f"{folder}/{filename}", lineno)],
                             auto_comments=comments, context=context)
    return template


def _message_args(name: str) -> set[int]:
    """The 0-based positions of a keyword's message (and context) arguments."""
    spec = KEYWORDS[name] or (1,)
    return {(x[0] if isinstance(x, tuple) else x) - 1 for x in spec}


def formatted_messages(repo: Path = REPO) -> list[str]:
    """``file:line`` of every message written as an f-string with substitutions
    (``tr(f"{n} players")``): it cannot be in a catalog.  An f-string as a
    placeholder's value (``tr("{n} players", n=f"{x:,}")``) is fine."""
    out = []
    for folder in SOURCES:
        for path in sorted((repo / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            for node in ast.walk(tree):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in KEYWORDS):
                    continue
                for i in _message_args(node.func.id):
                    arg = node.args[i] if i < len(node.args) else None
                    if isinstance(arg, ast.JoinedStr) and any(
                            isinstance(v, ast.FormattedValue) for v in arg.values):
                        out.append(f"{path.relative_to(repo)}:{arg.lineno}")
    return out


def _new_catalog(lang: str) -> Catalog:
    return Catalog(locale=lang, project="monrad", version="1", creation_date=EPOCH,
                   revision_date=EPOCH, fuzzy=False, charset="utf-8")


def update(template: Catalog, lang: str, old: Catalog | None) -> Catalog:
    """``lang``'s catalog with the template's messages and the translations it had."""
    cat = old if old is not None else _new_catalog(lang)
    cat.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
    cat.header_comment = HEADER.format(language=lang)
    cat.last_translator = "monrad developers"
    cat.language_team = f"{lang} (monrad)"
    cat.msgid_bugs_address = ""
    cat.obsolete.clear()
    cat.revision_date = EPOCH
    cat.creation_date = EPOCH
    cat._num_plurals, cat._plural_expr = 2, "(n != 1)"
    if lang == "en":  # the code's language: the catalog says the same
        for msg in cat:
            if msg.id and not msg.string or (isinstance(msg.string, tuple) and not all(msg.string)):
                msg.string = tuple(msg.id) if isinstance(msg.id, tuple) else msg.id
    return cat


def _po_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, include_lineno=False, omit_header=False,
             sort_by_file=False, ignore_obsolete=True)
    return buf.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def _read(path: Path, lang: str | None = None) -> Catalog | None:
    if not path.exists():
        return None
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def planned(repo: Path = REPO) -> dict[Path, bytes]:
    """Every catalog file as this script would write it."""
    template = extract(repo)
    out = {POT: _po_bytes(template)}
    for lang in LANGUAGES:
        cat = update(template, lang, _read(po_path(lang), lang))
        out[po_path(lang)] = _po_bytes(cat)
        # compile from the text just made, as a reader of the .po would see it
        out[po_path(lang).with_suffix(".mo")] = _mo_bytes(read_po(io.BytesIO(out[po_path(lang)]),
                                                                  locale=lang))
    return out


def stale(files: dict[Path, bytes]) -> list[Path]:
    return [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]


def untranslated(langs: Iterable[str] = LANGUAGES) -> list[str]:
    """``lang: msgid`` of every message without a translation (or a fuzzy one)."""
    out = []
    for lang in langs:
        cat = _read(po_path(lang), lang)
        for msg in cat or ():
            if not msg.id:
                continue
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            if msg.fuzzy or not all(strings):
                out.append(f"{lang}: {msg.id[0] if isinstance(msg.id, tuple) else msg.id}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that the catalogs are up to date")
    args = parser.parse_args(argv)
    files = planned()
    old = stale(files)
    formatted = formatted_messages()
    for where in formatted:
        print(f"{where}: a message written as an f-string cannot be translated; "
              'write tr("... {name} ...", name=value)', file=sys.stderr)
    if args.check:
        for p in old:
            print(f"out of date: {p.relative_to(REPO)}", file=sys.stderr)
        return 1 if old or formatted else 0
    for p in old:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(files[p])
        print(f"wrote {p.relative_to(REPO)}")
    missing = untranslated()
    for line in missing:
        print(f"untranslated: {line}", file=sys.stderr)
    return 1 if formatted else 0


if __name__ == "__main__":
    raise SystemExit(main())
