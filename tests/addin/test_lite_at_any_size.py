"""xlwings Lite at any club's size and written the way Lite writes a workbook (issue 38),
on the Lite stand-in under CPython (``lite_standin.py``); the same items inside Pyodide
on xlwings' engine are in ``test_lite_pyodide.py``.  Also the backup sheet's heading in
the workbook's language (issue 37 item 5) and ``monrad lite`` on a stranger's Lite part
(issue 40 item 13).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from lite_season_driver import run_main, set_code
from lite_standin import VALUE_ACTIONS, open_lite

from monrad.addin import lite
from monrad.addin.cli import main as cli
from monrad.addin.lite.book import BACKUP_SHEET, backup_heading
from monrad.converters import layout as L
from monrad.converters.book import lite_workbook as LW
from monrad.converters.book.new_workbook import create_workbook
from monrad.engine.model import Player

STATUS = (LW.STATUS_ROW, LW.STATUS_COL)


def _roster(n: int) -> list[Player]:
    return [Player(i, f"Spiller {i:04d}", rating=2600 - i, club=f"SK {i % 40}")
            for i in range(1, n + 1)]


def _book(tmp_path: Path, n: int, lang: str = "no", name: str = "club.xlsx") -> Path:
    return create_workbook(tmp_path / name, "nsf", 7, _roster(n), lang, seed=2025, lite=True)


def _press(path: Path, script=lite.pair_next_round, **kw) -> tuple[list[dict], object]:
    """Press on the stand-in; the actions the press queued (then applied to the file)."""
    book, impl = open_lite(path, **kw)
    outcome = script(book)
    actions = list(impl.actions)
    impl.finish()
    return actions, outcome


def _results(path: Path, n: int) -> None:
    lay = L.detect_layout(openpyxl.load_workbook(path, read_only=True).sheetnames)
    wb = openpyxl.load_workbook(path)
    ws = wb[lay.round_name(n)]
    rng = random.Random(n)
    for row in range(L.ROUND_FIRST_ROW, ws.max_row + 1):
        if ws.cell(row, 7).value is not None:
            ws.cell(row, L.RESULT_COL).value = rng.choice(["1-0", "0-1", "½-½"])
    wb.save(path)


def _three_presses(path: Path) -> list[list[dict]]:
    first, _ = _press(path)
    _results(path, 1)
    second, _ = _press(path, lite.update_standings)
    third, _ = _press(path)
    return [first, second, third]


def test_issue38_item1_a_press_is_a_few_actions_whatever_the_number_of_players(tmp_path: Path):
    """Pair, standings, pair again at 30 and at 400 players: the same number of value
    writes (every sheet, the backup too, one rectangle), and few actions in all."""
    small = _three_presses(_book(tmp_path, 30, name="small.xlsx"))
    large = _three_presses(_book(tmp_path, 400, name="large.xlsx"))
    for s, big in zip(small, large):
        writes = [sum(a["func"] == "setValues" for a in acts) for acts in (s, big)]
        assert writes[0] == writes[1], writes
        assert len(big) <= len(s) + 5 and len(big) < 300, (len(s), len(big))


@pytest.mark.slow
def test_issue38_item1_a_thousand_players_stay_within_300_actions(tmp_path: Path):
    for actions in _three_presses(_book(tmp_path, 1000)):
        assert len(actions) <= 300, len(actions)


def test_issue38_item3_the_backup_sheet_is_hidden_before_any_formatting(tmp_path: Path):
    """Lite stops at an action it cannot apply: the backup sheet is hidden among the
    values, so it never stays visible when a formatting call fails."""
    path = _book(tmp_path, 12)
    actions, _ = _press(path, unknown={"setBorderProperty"})  # the first press makes it
    funcs = [a["func"] for a in actions]
    first_format = next(i for i, f in enumerate(funcs) if f not in VALUE_ACTIONS)
    assert "setSheetVisibility" in funcs[:first_format]
    wb = openpyxl.load_workbook(path)
    assert wb[BACKUP_SHEET].sheet_state == "hidden"


@pytest.mark.parametrize("lang", L.LANGS)
def test_issue37_item5_the_backup_sheets_heading_is_in_the_workbooks_language(
        tmp_path: Path, lang: str):
    path = _book(tmp_path, 10, lang)
    _press(path)
    _results(path, 1)
    _press(path, lite.update_standings)
    ws = openpyxl.load_workbook(path)[BACKUP_SHEET]
    assert ws["A1"].value == backup_heading(lang)
    if lang != "en":
        assert ws["A1"].value != backup_heading("en")


def _press_renamed(path: Path, old: str, new: str) -> tuple[list[dict], openpyxl.Workbook]:
    """Rename the sheet ``old``, press: refused, and no sheet added or taken away."""
    wb = openpyxl.load_workbook(path)
    wb[old].title = new
    wb.save(path)
    before = wb.sheetnames
    actions, outcome = _press(path)
    assert outcome.error
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == before
    return actions, wb


def test_issue38_item6_a_renamed_settings_sheet_is_refused_visibly(tmp_path: Path):
    """The Settings sheet renamed: no stray ``monrad`` sheet, no second standings sheet,
    no round; the status cell on the renamed sheet and an alert say what to do."""
    actions, wb = _press_renamed(_book(tmp_path, 10), "Innstillinger", "Oppsett")
    said = [wb["Oppsett"].cell(r, LW.STATUS_COL).value for r in range(LW.STATUS_ROW, LW.STATUS_ROW + 3)]
    lay = L.layout_for("no")
    assert said[0] == lay.text("lite_renamed", sheet="Innstillinger", found="Oppsett")
    assert said[1] == lay.text("lite_rename_back")
    assert [a["func"] for a in actions][-1] == "alert"
    assert "Innstillinger" in actions[-1]["args"][0]


def test_issue38_item6_a_clubs_renamed_monrad_sheet_is_not_made_again(tmp_path: Path):
    src = Path(__file__).resolve().parents[1] / "data/fixtures/club-sheets/club_da_n0008_r07_s6120_ff.xlsx"
    wb = openpyxl.load_workbook(src)
    for n in (4, 5, 6, 7):
        del wb[f"Runde {n}"]
    path = tmp_path / "klub.xlsx"
    wb.save(path)
    assert cli(["lite", str(path)]) == 0
    _actions, wb = _press_renamed(path, "monrad", "Knapper")
    assert wb["Knapper"].cell(*STATUS).value == L.layout_for("da").text(
        "lite_renamed", sheet="monrad", found="Knapper")


def test_issue38_item7_the_status_cell_first_says_lite_needs_the_internet(tmp_path: Path):
    path = _book(tmp_path, 6, "sv")
    ws = openpyxl.load_workbook(path)["Inställningar"]
    said = [ws.cell(LW.STATUS_ROW + i, LW.STATUS_COL).value for i in range(3)]
    assert said == LW.status_first_text("sv")
    assert "internet" in said[1] and "monrad pair" in said[2]


def test_issue38_item2_the_buttons_import_neither_openpyxl_nor_urllib(tmp_path: Path):
    """What ``main.py`` imports is what a press needs (``test_lite_pyodide.NOT_AT_START``):
    no openpyxl (a new workbook's writer), no Lite parts' writer and the XML and urllib
    behind it, no ratings, no publishing."""
    from test_lite_pyodide import NOT_AT_START

    code = ("import sys; import monrad.addin.lite; "
            f"print(sorted(m for m in {NOT_AT_START!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# --- monrad lite: the club's code, stale pins, a stranger's part --------------------

def _code(path: Path) -> dict[str, str]:
    return LW.read_lite_code(path.read_bytes())


CLUB_SCRIPT = '''
@script
def medlemmer(book: xw.Book):
    book.sheets[0]["H1"].value = "klubbens eget skript"
'''


def test_issue38_item5_the_clubs_own_code_in_main_py_is_kept(tmp_path: Path, capsys):
    path = _book(tmp_path, 6)
    main = _code(path)["main.py"]
    set_code(path, **{"main.py": "# klubbens notat\n" + main + CLUB_SCRIPT})
    assert cli(["lite", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "4 lines of your own code in main.py kept" in out
    after = _code(path)["main.py"]
    assert after.startswith("# klubbens notat\n# >>> monrad ") and after.endswith(CLUB_SCRIPT)
    # the scripts still run: the club's, and monrad's buttons
    namespace = run_main(str(path), unpack=False)
    assert "medlemmer" in namespace and "pair_next_round" in namespace


def test_issue38_item5_the_clubs_code_after_a_main_py_without_markers_is_kept(tmp_path: Path):
    """A workbook written before the markers (monrad 0.1.0): what follows monrad's last
    line is the club's, and is kept."""
    path = _book(tmp_path, 6)
    cut = LW.split_main(_code(path)["main.py"])
    set_code(path, **{"main.py": cut.part + CLUB_SCRIPT})
    assert LW.split_main(cut.part + CLUB_SCRIPT).version is None
    assert cli(["lite", str(path)]) == 0
    after = _code(path)["main.py"]
    assert after.endswith(CLUB_SCRIPT) and after.count("@script\ndef medlemmer") == 1
    assert LW.split_main(after).version == LW.monrad_version()


def test_issue38_item5_edited_marker_lines_are_refused_with_how_to_go_on(tmp_path: Path, capsys):
    path = _book(tmp_path, 6)
    main = _code(path)["main.py"].replace("# <<< monrad: end", "# <<< monrad: slutt")
    set_code(path, **{"main.py": main + CLUB_SCRIPT})
    before = path.read_bytes()
    assert cli(["lite", str(path), "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "put back" in err and LW.END_MARK in err and str(path) in err
    assert path.read_bytes() == before


def test_issue38_item4_a_stale_requirements_pinned_is_left_out(tmp_path: Path):
    """Lite (Pyodide 314+) reinstalls ``requirements-pinned.txt`` on every start: new
    requirements leave it out, so the old pins cannot come back; Lite's own
    properties stay."""
    path = _book(tmp_path, 6)
    pinned = "# Generated by xlwings Lite\n# source sha256: 0\nxlwings==0.33.15\nopenpyxl==3.0.10\n"
    set_code(path, **{"requirements.txt": "xlwings==0.33.15  # required\nopenpyxl==3.0.10\n",
                       LW.PINNED: pinned})
    assert LW.PINNED in _code(path)
    assert cli(["lite", str(path)]) == 0
    code = _code(path)
    assert LW.PINNED not in code and code["requirements.txt"] == LW.requirements_txt()
    with zipfile.ZipFile(path) as z:
        xml = z.read(LW.WEB_EXTENSION).decode()
    assert f'name="pyodideVersion" value="&quot;{LW.PYODIDE_VERSION}&quot;"' in xml


def _part(path: Path) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read(LW.WEB_EXTENSION).decode()


def test_issue38_item4_a_workbook_without_lites_settings_gets_them(tmp_path: Path):
    """A workbook monrad 0.1.0 wrote and Lite never saved has no pyodideVersion or
    addinVersion: ``monrad lite`` writes those of a new workbook; Lite's own stay."""
    path = _book(tmp_path, 6)
    xml = LW._replace_properties(_part(path), {"requirements.txt": "xlwings\n"},
                                 ("pyodideVersion", "addinVersion"))
    assert "pyodideVersion" not in xml
    _web_extension(path, xml.encode())
    assert cli(["lite", str(path)]) == 0
    for name, value in LW.LITE_SETTINGS.items():
        assert f'name="{name}" value="&quot;{value}&quot;"' in _part(path)
    # Lite's own value (a workbook it saved with 0.27.5) is kept through an update
    xml = LW._replace_properties(_part(path), {"requirements.txt": "xlwings\n",
                                               "pyodideVersion": "0.27.5"})
    _web_extension(path, xml.encode())
    assert cli(["lite", str(path)]) == 0
    assert 'name="pyodideVersion" value="&quot;0.27.5&quot;"' in _part(path)


def test_issue38_item4_requirements_are_ranges_with_upper_bounds():
    from packaging.requirements import Requirement

    for line in LW.requirements_txt().splitlines():
        req = Requirement(line.split("#")[0].strip())
        if req.name in ("pyodide-http", "black"):  # Lite's own lines, as Lite writes them
            continue
        assert {s.operator for s in req.specifier} == {">=", "<"}, line


def _web_extension(path: Path, xml: bytes) -> None:
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts[LW.WEB_EXTENSION] = xml
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


_WE = 'xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11"'
STRANGE = {
    "dtd": (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><we:webextension ' + _WE.encode()
            + b'><we:properties/></we:webextension>', "DTD"),
    "cut short": (b'<?xml version="1.0"?><we:webextension ' + _WE.encode() + b'><we:prope',
                  "not well-formed"),
    "empty": (b"", "not well-formed"),
    "nested json": (b'<we:webextension ' + _WE.encode() + b'><we:properties><we:property '
                    b'name="main.py" value="' + b"[" * 100_000 + b'"/></we:properties>'
                    b'</we:webextension>', "not a JSON string"),
}


@pytest.mark.parametrize("case", list(STRANGE))
@pytest.mark.parametrize("show", [False, True])
def test_issue40_item13_a_strange_lite_part_is_one_line_not_exit_3(
        tmp_path: Path, capsys, case: str, show: bool):
    path = _book(tmp_path, 4, "en")
    xml, said = STRANGE[case]
    _web_extension(path, xml)
    assert cli(["lite", str(path), *(["--show"] if show else [])]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and said in err and LW.WEB_EXTENSION in err


@pytest.mark.parametrize("edit", ["main.py", "requirements.txt"])
def test_issue40_item13_show_says_when_monrads_code_was_edited(tmp_path: Path, capsys, edit: str):
    path = _book(tmp_path, 4, "en")
    code = _code(path)
    if edit == "main.py":
        changed = code["main.py"].replace('def pair_next_round(book: xw.Book):\n',
                                          'def pair_next_round(book: xw.Book):\n'
                                          '    import os; os.system("echo hi")\n', 1)
    else:
        changed = code["requirements.txt"] + "evilpackage\n"
    assert changed != code[edit]
    set_code(path, **{edit: changed})
    assert cli(["lite", str(path), "--show"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0].endswith("carried in the workbook")
    assert "differs from what monrad wrote" in out[1] and "will write monrad" in out[1]
    # and monrad lite writes monrad's part again
    assert cli(["lite", str(path)]) == 0
    assert _code(path) == LW.lite_code("en")


def test_issue40_item13_show_vouches_for_the_code_as_written(tmp_path: Path, capsys):
    path = _book(tmp_path, 4, "en")
    assert cli(["lite", str(path), "--show"]) == 0
    assert "is as monrad wrote it" in capsys.readouterr().out
    assert json.loads(json.dumps(_code(path))) == LW.lite_code("en")
