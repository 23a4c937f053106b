"""``monrad explain`` and ``monrad pair --explain`` (issue 18) on real files: TRF
reference tournaments and a monrad workbook (the Explanation sheet)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl

from monrad.addin import cli
from monrad.addin.jobs.book import explain_rounds, pair_next_round
from monrad.converters import load
from monrad.converters.book.new_workbook import build_book
from monrad.converters.workbook.package_book import open_book
from monrad.engine.model import Player

DATA = Path(__file__).resolve().parent.parent / "data" / "oracle" / "dutch"
REF = DATA / "dutch_n0010_r05_s5110_pts310.trf"


def test_explain_json_of_a_reference_round(tmp_path, capsys) -> None:
    path = tmp_path / "t.trf"
    shutil.copy(REF, path)
    assert cli.main(["explain", str(path), "--round", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    t = load(path)
    assert data["round"] == 3 and data["system"] == "dutch"
    assert [(b["white"], b["black"]) for b in data["boards"]] == [(g.white, g.black) for g in t.round(3).games]
    assert all(b["reasons"] and all(r["rule"].startswith("C.04.3") for r in b["reasons"]) for b in data["boards"])
    assert data["file"] == {"matches": True, "differences": []}


def test_explain_text_in_danish_and_next_round(tmp_path, capsys) -> None:
    path = tmp_path / "t.trf"
    shutil.copy(REF, path)
    before = path.read_bytes()
    assert cli.main(["explain", str(path), "--lang", "da", "--round", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Runde 2, Schweizer (FIDE Dutch)") and "Bord 1:" in out
    assert path.read_bytes() == before  # explaining never writes


def test_explain_tampered_round_exits_1_and_names_the_criterion(tmp_path, capsys) -> None:
    t = load(REF)
    rnd = t.round(4)
    lines = REF.read_text(encoding="utf-8").splitlines()
    # swap the opponents of the first and the last board of round 4 in the 001 lines
    first, last = rnd.games[0], rnd.games[-1]
    swap = {first.black: last.black, last.black: first.black}
    col = 91 + 10 * 3  # round 4's column in a TRF-16 001 line
    out_lines = []
    for line in lines:
        if line.startswith("001") and len(line) > col + 4:
            no = int(line[4:8])
            cell = line[col:col + 4]
            opp = int(cell) if cell.strip().isdigit() else None
            if no in (first.white, last.white) and opp in swap:
                line = line[:col] + f"{swap[opp]:4d}" + line[col + 4:]
            elif no in swap and opp in (first.white, last.white):
                other = last.white if opp == first.white else first.white
                line = line[:col] + f"{other:4d}" + line[col + 4:]
        out_lines.append(line)
    path = tmp_path / "tampered.trf"
    path.write_text("\n".join(out_lines) + "\n", encoding="utf-8")
    assert load(path).round(4) != rnd
    assert cli.main(["explain", str(path), "--round", "4", "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["file"]["matches"] is False
    rules = {r["rule"] for d in data["file"]["differences"] for r in d["reasons"]}
    assert rules & {f"C.04.3 C.{k}" for k in range(1, 22)}


def test_explain_bad_round_is_refused_in_one_line(tmp_path, capsys) -> None:
    path = tmp_path / "t.trf"
    shutil.copy(REF, path)
    assert cli.main(["explain", str(path), "--round", "9"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "--round 9" in err[0]


def test_pair_explain_dry_run(tmp_path, capsys) -> None:
    src = load(REF)
    src.rounds = src.rounds[:2]
    path = tmp_path / "two.trf"
    from monrad.converters import save

    save(src, path)
    assert cli.main(["pair", str(path), "--dry-run", "--explain", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["explanation"]["round"] == 3
    assert [(b["white"], b["black"]) for b in data["boards"]] == [
        (b["white"], b["black"]) for b in data["explanation"]["boards"]]
    assert cli.main(["pair", str(path), "--dry-run", "--explain", "--format", "pairs"]) == 2


def _club(tmp_path: Path, lang: str = "sv") -> Path:
    path = tmp_path / "club.xlsx"
    players = [Player(i, f"Spelare {i}", rating=2000 - 10 * i) for i in range(1, 8)]
    build_book(path, "ssf", 4, players, lang).save_as(path)
    return path


def test_explanation_sheet_in_the_workbooks_language(tmp_path, capsys) -> None:
    """The job writes the Explanation sheet (Swedish workbook: 'Förklaring'), keeps a
    backup, and the workbook still reads as before (the sheet is not a round)."""
    path = _club(tmp_path)
    book = open_book(path)
    pair_next_round(book)
    report = explain_rounds(open_book(path))
    assert report.sheets_written == ["Förklaring"] and report.backup
    wb = openpyxl.load_workbook(path)
    ws = wb["Förklaring"]
    rows = list(ws.iter_rows(values_only=True))
    assert rows[1] == ("Rond", "Bord", "Vit", "Svart", "Regel", "Motivering")
    assert {r[4] for r in rows[2:]} >= {"SSF-2", "SSF-5", "SSF-4", "SSF-8"}
    assert len(load(path).rounds) == 1  # the workbook still reads: the sheet is no round
    # again (rewritten whole), and through the command line
    capsys.readouterr()
    assert cli.main(["explain", str(path), "--sheet"]) == 0
    assert "Förklaring" in capsys.readouterr().out


def test_explanation_sheet_never_overwrites_a_users_sheet(tmp_path) -> None:
    path = _club(tmp_path, "en")
    wb = openpyxl.load_workbook(path)
    wb.create_sheet("Explanation")["A1"] = "my own notes"
    wb.save(path)
    from monrad.addin.jobs.book import JobError

    try:
        explain_rounds(open_book(path))
    except JobError as exc:
        assert "not monrad's explanation sheet" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("the user's sheet was overwritten")
    assert openpyxl.load_workbook(path)["Explanation"]["A1"].value == "my own notes"


def test_a_danish_explanation_sheet_written_before_is_still_monrads(tmp_path) -> None:
    """DSU's word for a board is 'bord' (issue 29's terms); a Danish workbook whose
    Explanation sheet monrad titled '... hvert bræt ...' before is rewritten under the new
    title, not refused as the user's sheet."""
    path = _club(tmp_path, "da")
    pair_next_round(open_book(path))
    wb = openpyxl.load_workbook(path)
    wb.create_sheet("Forklaring")["A1"] = "Forklaring - hvorfor hvert bræt er parret sådan"
    wb.save(path)
    report = explain_rounds(open_book(path))
    assert report.sheets_written == ["Forklaring"]
    rows = list(openpyxl.load_workbook(path)["Forklaring"].iter_rows(values_only=True))
    assert rows[0][0] == "Forklaring - hvorfor hvert bord er parret sådan"
    assert rows[1][:2] == ("Runde", "Bord")
