"""The message catalogs (issue 29, docs/i18n.md).

* every message of the code is in the four catalogs (en, nb, sv, da), translated, with the
  same placeholders in every language and plural form;
* the compiled ``.mo`` files say what the ``.po`` files say, and the template and the
  catalogs hold exactly the messages of the code (``python tools/i18n.py`` brings them
  up to date);
* no user-facing text is written outside the catalogs: an English literal handed to an
  error a user reads, to ``print`` or to a status write fails here (files not yet
  converted are listed in ``NOT_YET_CONVERTED``, a list that only shrinks);
* the language is chosen as docs/i18n.md says.
"""

from __future__ import annotations

import ast
import gettext
import re
import string
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from conftest import REPO, load_tool

from monrad.engine import i18n
from monrad.engine.i18n import Message, language_code, locale_language, ntr, ptr, tr

tools = load_tool("i18n")

LANGS = ("en", "nb", "sv", "da")


def _catalog(lang: str):
    with tools.po_path(lang).open("rb") as fh:
        return read_po(fh, locale=lang)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _ids(cat) -> set[tuple[str, str | None]]:
    return {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in cat if m.id}


@pytest.fixture(scope="module")
def code_messages():
    return tools.extract()


def test_the_catalogs_hold_exactly_the_messages_of_the_code(code_messages) -> None:
    """``python tools/i18n.py`` was run after the last change of a message."""
    wanted = _ids(code_messages)
    with tools.POT.open("rb") as fh:
        assert _ids(read_po(fh)) == wanted, "engine/locale/monrad.pot is stale: run tools/i18n.py"
    for lang in LANGS:
        have = _ids(_catalog(lang))
        assert not wanted - have, f"{lang}: not in the catalog (run tools/i18n.py): {sorted(wanted - have)[:5]}"
        assert not have - wanted, f"{lang}: no longer in the code (run tools/i18n.py): {sorted(have - wanted)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    problems = []
    for msg in _catalog(lang):
        if not msg.id:
            continue
        ids = (msg.id,) if isinstance(msg.id, str) else tuple(msg.id)
        strings = (msg.string,) if isinstance(msg.string, str) else tuple(msg.string)
        if msg.fuzzy or not all(s and s.strip() for s in strings):
            problems.append(f"untranslated: {ids[0]!r}")
            continue
        wanted = _fields(ids[0]) | (_fields(ids[1]) if len(ids) > 1 else set())
        for s in strings:
            # a plural form may leave out {n} (``one board`` / ``{n} boards``)
            got = _fields(s)
            if got - wanted or (wanted - got) - {"n"}:
                problems.append(f"placeholders of {ids[0]!r}: {sorted(got)} vs {sorted(wanted)}")
    assert not problems, f"{lang}: " + "\n".join(problems[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalog_says_what_the_po_file_says(lang: str) -> None:
    with tools.po_path(lang).with_suffix(".mo").open("rb") as fh:
        compiled = gettext.GNUTranslations(fh)
    for msg in _catalog(lang):
        if not msg.id:
            continue
        if isinstance(msg.id, str):
            got = (compiled.pgettext(msg.context, msg.id) if msg.context
                   else compiled.gettext(msg.id))
            assert got == msg.string, f"{lang}: {msg.id!r}: run tools/i18n.py"
        else:
            for n, want in ((1, msg.string[0]), (2, msg.string[1])):
                got = (compiled.npgettext(msg.context, msg.id[0], msg.id[1], n) if msg.context
                       else compiled.ngettext(msg.id[0], msg.id[1], n))
                assert got == want, f"{lang}: {msg.id[0]!r}: run tools/i18n.py"


def test_the_shipped_catalogs_are_package_data() -> None:
    """pyproject ships the .mo files, and the run time finds them."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert '"monrad.engine" = ["locale/*/LC_MESSAGES/*.mo"]' in text
    for lang in LANGS:
        assert type(i18n.translations(lang)) is gettext.GNUTranslations


# --- the run time ---------------------------------------------------------------------

def test_a_message_in_each_language() -> None:
    msg = tr("Bye: {player}", player=7)
    assert [msg.render(lang) for lang in LANGS] == [
        "Bye: 7", "Frirunde: 7", "Frirond: 7", "Oversidder: 7"]
    assert ptr("colour in a sentence", "White").render("da") == "hvid"


def test_plural_forms_follow_the_count() -> None:
    msg = i18n.points(Fraction(1))
    assert msg.render("en") == "1 point" and i18n.points(Fraction(9, 2)).render("en") == "4.5 points"
    assert i18n.points(Fraction(9, 2)).render("nb") == "4½ poeng"
    assert ntr("{points} point", "{points} points", 3, points=3).render("sv") == "3 poäng"


def test_values_are_written_the_languages_way() -> None:
    """Issue 26 item 11: "4.5 poeng" had a decimal point; ½ and the decimal comma."""
    assert i18n.format_value(Fraction(1, 2), "da") == "½"
    assert i18n.format_value(Fraction(-3, 2), "nb") == "-1½"
    assert i18n.format_value(Fraction(7, 4), "sv") == "1,75"
    assert i18n.format_value(Fraction(7, 4), "en") == "1.75"
    assert i18n.format_value(tr("Bye: {player}", player=3), "nb") == "Frirunde: 3"


def test_an_unknown_message_stays_english() -> None:
    assert tr("no such message {x}", x=1).render("nb") == "no such message 1"


@pytest.mark.parametrize("name,code", [
    ("nb_NO.UTF-8", "nb"), ("nn_NO", "nb"), ("no", "nb"), ("sv_SE.utf8", "sv"),
    ("da_DK@euro", "da"), ("en_GB", "en"), ("C", "en"), ("POSIX", "en"), ("de_DE", None),
    ("Norwegian Bokmål_Norway.1252", "nb"), ("Swedish_Sweden", "sv"), ("", None)])
def test_language_names(name: str, code: str | None) -> None:
    assert language_code(name) == code


def test_the_locale_as_gettext_reads_it() -> None:
    """LANGUAGE (a list), LC_ALL, LC_MESSAGES, LANG: the first set decides."""
    assert locale_language({"LANGUAGE": "fr:da", "LANG": "sv_SE"}) == "da"
    assert locale_language({"LC_ALL": "sv_SE.UTF-8", "LANG": "nb_NO"}) == "sv"
    assert locale_language({"LC_MESSAGES": "nn_NO", "LANG": "da_DK"}) == "nb"
    assert locale_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert locale_language({}) == "en"


def test_chosen_beats_workbook_beats_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "sv")
    msg = tr("Bye: {player}", player=1)
    assert str(msg) == "Frirond: 1"
    with i18n.document_language("da"):
        assert str(msg) == "Oversidder: 1"
        i18n.choose_language("en")
        try:
            assert str(msg) == "Bye: 1"
        finally:
            i18n.choose_language(None)
    assert str(msg) == "Frirond: 1"
    with pytest.raises(ValueError, match="okänt språk 'fi'"):
        i18n.choose_language("fi")


def test_an_error_is_written_in_the_language_where_it_is_raised() -> None:
    with i18n.document_language("nb"):
        err = i18n.LocalizedError(tr("Bye: {player}", player=4))
    assert str(err) == "Frirunde: 4"
    assert isinstance(err.msg, Message) and err.message == "Frirunde: 4"


# --- no user-facing text outside the catalogs -----------------------------------------

#: calls whose text a user reads: errors shown by the CLI, the workbook and the add-in,
#: printing, warnings and the status cell / message boxes
USER_FACING = {
    "InputError", "WorkbookError", "WorkbookBusy", "JobError", "SystemUnknown", "NoLegalPairing",
    "CommandError", "PairingError", "NoPairingPossible", "ModelError", "TieBreakError",
    "OthelloDataError", "DiscError", "NotationError", "WofError", "AddinInstallError",
    "PdfUnavailable", "PandasMissing", "LocalizedError",
    "print", "_say", "say", "warn", "write_status", "alert", "tell", "JobReport",
    # the readers' own error helpers (TRF, WOF, CSV: ``self.error(...)``, ``err(...)``)
    "error", "err", "bad", "_bad", "fail", "warnings.append",
}
#: keywords of any call whose text a user reads: ``--help`` (argparse's help,
#: description and epilog)
USER_FACING_KEYWORDS = ("help", "description", "epilog")
#: a literal with an English word in it (two letters or more)
_WORD = re.compile(r"[A-Za-z]{2,}")

#: modules still to be converted (issue 29): this list only shrinks; a file that is
#: clean must leave it (the test says so); ``converters/`` is converted after its move
#: into rooms (issue 27)
NOT_YET_CONVERTED: set[str] = set()


def _call_name(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Name):
        return f.id
    if isinstance(f, ast.Attribute):
        return f.attr
    return None


def _english(node: ast.AST) -> bool:
    """A literal (or f-string, or ``+``/``%`` of them) with an English word in it."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(_WORD.search(node.value))
    if isinstance(node, ast.JoinedStr):
        return any(_english(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr in ("format", "join"):
        return _english(node.func.value)
    if isinstance(node, ast.IfExp):
        return _english(node.body) or _english(node.orelse)
    return False


def _raw_texts(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        if name == "append" and isinstance(node.func, ast.Attribute) and isinstance(
                node.func.value, ast.Name) and node.func.value.id in ("warnings", "notes"):
            name = "warnings.append"  # a warning or note the user is shown
        helps = [k.value for k in node.keywords if k.arg in USER_FACING_KEYWORDS]
        if name not in USER_FACING and not helps:
            continue
        args = helps if name not in USER_FACING else (
            list(node.args[:1]) + [k.value for k in node.keywords if k.arg in ("message", "text")]
            + helps)
        for arg in args:
            if _english(arg):
                yield node.lineno, name


def _runtime_files() -> Iterator[Path]:
    for folder in ("engine", "converters", "addin"):
        yield from sorted((REPO / folder).rglob("*.py"))


def test_no_user_facing_text_outside_the_catalogs() -> None:
    """Issue 29: every word a user reads comes from the catalogs (docs/i18n.md, "How to
    write a user-facing message")."""
    found: dict[str, list[str]] = {}
    for path in _runtime_files():
        rel = path.relative_to(REPO).as_posix()
        hits = [f"{rel}:{line} {name}(...)" for line, name in _raw_texts(path)]
        if hits:
            found[rel] = hits
    def waived(rel: str) -> bool:
        return rel in NOT_YET_CONVERTED or any(
            rel.startswith(d) for d in NOT_YET_CONVERTED if d.endswith("/"))

    new = {f: hits for f, hits in found.items() if not waived(f)}
    assert not new, ("English text written outside the catalogs (docs/i18n.md):\n"
                     + "\n".join(h for hits in new.values() for h in hits))
    clean = sorted(f for f in NOT_YET_CONVERTED if not f.endswith("/") and f not in found)
    assert not clean, f"converted: take these off NOT_YET_CONVERTED: {clean}"


def test_the_scan_finds_what_it_should(tmp_path: Path) -> None:
    src = tmp_path / "m.py"
    src.write_text(
        "raise InputError(f'round {n} is missing', source=p)\n"
        "print('Done.')\n"
        "raise InputError(tr('round {n} is missing', n=n))\n"
        "print(f'{a}\\t{b}')\n"
        "book.write_status(s, 1, 2, ['Not done'])\n", encoding="utf-8")
    assert [line for line, _ in _raw_texts(src)] == [1, 2]


@pytest.mark.parametrize("lang,white,black", [("en", "w", "b"), ("no", "h", "s"), ("sv", "v", "s"),
                                              ("da", "h", "s")])
def test_cards_write_colours_in_the_cards_language(lang: str, white: str, black: str) -> None:
    """Issue 26 item 11: Norwegian cards and player pages wrote w/b; each language's own
    letters (NSF/DSU: h/s, SSF: v/s)."""
    from monrad.converters import load
    from monrad.converters.publish.views import Words, cards_view

    view = cards_view(load(REPO / "examples" / "club.trf"), Words(lang))
    letters = {row["colour"] for card in view["cards"] for row in card["rows"]}
    assert letters <= {white, black, ""} and {white, black} <= letters


# --- the words written into workbooks and documents (issue 29, issue 26 item 11) ------

def test_workbook_and_document_words_come_from_the_catalogs() -> None:
    """The words monrad writes into a workbook and its documents are messages of the
    catalogs; only the words it reads back stay per-language tables (docs/i18n.md,
    "Words of a file format")."""
    from monrad.converters import layout as L
    from monrad.converters.publish.texts import WORDS, words_for

    assert all(isinstance(m, Message) and m.context == "workbook" for m in L.TEXTS.values())
    assert all(isinstance(m, Message) and m.context == "document" for m in WORDS.values())
    assert set(L.FORMAT_TEXTS) == {"paired_around", "paired_from", "adjourned",
                                   "explanation_sheet", "explanation_title"}
    assert L.layout_for("en").text("results_missing", n=2, k=1) == "Round 2: results missing on 1 board"
    assert L.layout_for("da").text("results_missing", n=2, k=3) == "Runde 2: resultat mangler på 3 borde"
    assert words_for("sv")("crosstable_after", n=4) == "Korstabell efter rond 4"


def test_numbers_are_written_the_languages_way() -> None:
    """A decimal comma and the language's thousands separator, also where a message
    gives its number a format (``{cells:,}``, ``{size:.1f}``)."""
    msg = tr("limit {cells:,} cells ({size:.1f} MB)", cells=1048576, size=2.25)
    assert msg.render("en") == "limit 1,048,576 cells (2.2 MB)"
    assert msg.render("nb") == "limit 1\u00a0048\u00a0576 cells (2,2 MB)"
    assert msg.render("sv") == "limit 1\u00a0048\u00a0576 cells (2,2 MB)"
    assert msg.render("da") == "limit 1.048.576 cells (2,2 MB)"
    assert tr("{rank:>4}", rank=12).render("nb") == "  12"


def test_the_crosstable_writes_the_colour_letters_of_its_language() -> None:
    """``12h1`` in Norwegian and Danish, ``12v1`` in Swedish, ``12w1`` in English
    (issue 26 item 11: the cards already did)."""
    from monrad.converters import load
    from monrad.converters.publish.texts import words_for
    from monrad.converters.publish.views import crosstable_view

    t = load(REPO / "examples" / "club.trf")
    for lang, white, black in (("en", "w", "b"), ("no", "h", "s"), ("sv", "v", "s"), ("da", "h", "s")):
        cells = [c for row in crosstable_view(t, words_for(lang))["rows"] for c in row["cells"]]
        played = [c for c in cells if re.fullmatch(r"\d+[a-z][10½]", c)]
        assert played and {c[-2] for c in played} == {white, black}, (lang, played[:4])


def test_a_bad_trf_or_wof_line_is_told_in_the_users_language(tmp_path: Path, capsys) -> None:
    """The readers' refusals (TRF, WOF) come from the catalogs too: the arbiter who
    converts an old file reads what is wrong in the language chosen."""
    from monrad.addin.cli import main

    line = "001    1 m    " + "Hansen, Ola".ljust(33) + " " + "18x0"
    trf = tmp_path / "bad.trf"
    trf.write_text("012 Klubbturnering\n" + line + "\n", encoding="utf-8")
    assert main(["check", str(trf), "--lang", "nb"]) == 2
    assert "rating '18x0' er ikke et heltall" in capsys.readouterr().err
    assert main(["check", str(trf), "--lang", "da"]) == 2
    assert "rating '18x0' er ikke et heltal" in capsys.readouterr().err
    wof = tmp_path / "bad.wof"
    wof.write_text("%%Tournament: Test\n%%Country: Sweden\n%%Date: 01/02/2026\n%%Sender: Test\n"
                   "%Round: 1\n1 (70)>(0) 2 B\n", encoding="utf-8")
    assert main(["check", str(wof), "--lang", "sv"]) == 2
    assert "brickantalet 70 är utanför 0..64" in capsys.readouterr().err


@pytest.mark.parametrize("lang", LANGS)
def test_a_points_column_that_disagrees_is_a_fide_report_error_in_every_language(lang: str) -> None:
    """The FIDE report check recognises the readers' warnings by their message in any
    language (``i18n.said``), not by an English phrase: a Norwegian arbiter's points
    column that disagrees with the results is still an error row."""
    from monrad.converters.ratings.fide_export import validate
    from monrad.converters.trf.read import parse_trf

    lines = (REPO / "examples" / "club.trf").read_text(encoding="utf-8").splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith("001"))
    lines[i] = lines[i][:80] + " 9.5" + lines[i][84:]  # the first player's points column
    warnings: list[str] = []
    with i18n.chosen_language(lang):
        t = parse_trf("\n".join(lines) + "\n", warnings=warnings)
        problems = validate(t, warnings)
    assert warnings and any(p.field == "points" and p.is_error for p in problems), (warnings, problems)


def test_the_fide_report_check_table_speaks_the_language_chosen() -> None:
    """Severity, field and problem of the FIDE report check, and its totals (issue 29)."""
    from monrad.converters.ratings.fide_export import Problem, problems_table

    problems = [Problem("error", "", "032 federation", str(tr("missing"))),
                Problem("warning", "3 Hansen, Ola", "birth date", str(tr("missing"))),
                Problem("error", "1-2", "result round 2 board 1", str(tr("no result yet")))]
    with i18n.chosen_language("nb"):
        problems = [Problem(p.severity, p.player, p.field, str(tr(p.problem))) for p in problems]
        table = problems_table(problems)
    assert "032 forbund" in table and "fødselsdato" in table and "resultat runde 2 bord 1" in table
    assert "feil" in table and "advarsel" in table
    assert table.splitlines()[-1] == "kontroll av FIDE-rapporten: 2 feil, 1 advarsel"


def test_a_message_written_as_an_f_string_is_found_and_a_placeholder_value_is_not(
        tmp_path) -> None:
    """``tools/i18n.py`` refuses ``tr(f"...")`` (it cannot be in a catalog) but not an
    f-string as a placeholder's value, which Babel also warns of (its warnings are
    kept out of the tool's output); the code itself has no such message."""
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "bad.py").write_text(
        'from x import ntr, tr\n'
        'a = tr("{n} players", n=f"{1:,}")\n'
        'b = tr(f"{a} players")\n'
        'c = ntr("one", f"{a} many", 2)\n', encoding="utf-8")
    assert tools.formatted_messages(tmp_path) == ["engine/bad.py:3", "engine/bad.py:4"]
    assert tools.formatted_messages() == []
