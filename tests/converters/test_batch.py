"""Batch conversion (``monrad convert`` over many files, converters/batch.py).

The issue's acceptance case: a folder with 50 mixed files, two of them broken,
converts with a progress bar and a correct summary; no partial output files.
The files are made in a temporary folder from the oracle TRFs, the club sheets,
the .xls/.ods and klubtur fixtures and the WOF sample.
"""

from __future__ import annotations

import io
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import DATA

from monrad.addin.cli import main
from monrad.converters import batch
from monrad.converters.book.xlsx import read_book
from monrad.converters.club.sheets import read_club_book, read_club_workbook
from monrad.converters.tabular.csv_format import write_csv
from monrad.converters.trf import read_trf, write_trf
from monrad.converters.workbook.calamine_book import open_legacy_book
from monrad.engine.model import Result

ORACLE = DATA / "oracle" / "dutch-random"
CLUB = DATA / "fixtures" / "club-sheets"


def _smallest_oracles(n: int) -> list[Path]:
    files = sorted(ORACLE.glob("*.trf"), key=lambda p: (p.stat().st_size, p.name))
    return files[:n]


def make_mixed_folder(folder: Path) -> dict[str, list[str]]:
    """50 files: TRF-16 and TRF-2026, CSV, club and monrad workbooks, .xls, .ods,
    klubtur, WOF; two broken.  Returns the file names by kind."""
    folder.mkdir(parents=True, exist_ok=True)
    kinds: dict[str, list[str]] = {}
    oracles = _smallest_oracles(36)
    for p in oracles[:20]:  # as they are (TRF-16 style, CR line ends)
        shutil.copy(p, folder / p.name)
        kinds.setdefault("trf16", []).append(p.name)
    for p in oracles[20:28]:
        name = p.stem + "-2026.trf"
        (folder / name).write_text(write_trf(read_trf(p), "2026"), encoding="utf-8")
        kinds.setdefault("trf2026", []).append(name)
    for p in oracles[28:34]:
        name = p.stem + ".csv"
        (folder / name).write_text(write_csv(read_trf(p)), encoding="utf-8-sig")
        kinds.setdefault("csv", []).append(name)
    for p in sorted(CLUB.glob("*.xlsx"))[:6]:
        shutil.copy(p, folder / p.name)
        kinds.setdefault("club", []).append(p.name)
    for p in sorted((DATA / "batch").glob("club_*.xls")) + sorted((DATA / "batch").glob("club_*.ods")):
        shutil.copy(p, folder / ("legacy-" + p.name))
        kinds.setdefault("legacy", []).append("legacy-" + p.name)
    shutil.copy(DATA / "klubtur" / "klubmesterskab-2025.csv", folder / "klubtur.csv")
    kinds["klubtur"] = ["klubtur.csv"]
    wof = DATA / "wof" / "20260314_Stockholm_Open_2026.ELO"
    for i in range(3):
        shutil.copy(wof, folder / f"othello-{i}.elo")
        kinds.setdefault("wof", []).append(f"othello-{i}.elo")
    from monrad.converters import save

    for p in oracles[34:36]:
        save(read_trf(p), folder / (p.stem + "-book.xlsx"))
        kinds.setdefault("workbook", []).append(p.stem + "-book.xlsx")
    # the two broken ones
    good = (folder / kinds["trf16"][0]).read_bytes().replace(b"\r", b"\n").split(b"\n")
    line = next(i for i, ln in enumerate(good) if ln.startswith(b"001"))
    good[line] = good[line][:60].replace(good[line][48:52], b"12x4")
    (folder / "broken-rating.trf").write_bytes(b"\n".join(good))
    (folder / "broken-book.xlsx").write_bytes(b"PK\x03\x04 this is not really a workbook")
    kinds["broken"] = ["broken-rating.trf", "broken-book.xlsx"]
    assert sum(len(v) for v in kinds.values()) == 50
    return kinds


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> tuple[Path, dict[str, list[str]]]:
    folder = tmp_path_factory.mktemp("mixed") / "archive"
    return folder, make_mixed_folder(folder)


def test_fifty_mixed_files_two_broken_progress_and_summary(mixed, tmp_path: Path):
    folder, kinds = mixed
    out = tmp_path / "out"
    progress = io.StringIO()
    report = batch.convert_many([str(folder)], "trf2026", out, workers=2, progress=progress)
    lines = progress.getvalue().splitlines()
    assert len(lines) == 50  # not a terminal: one plain line per file
    assert lines[-1].startswith("[50/50] ")
    assert report.count("converted") == 48
    assert report.count("skipped") == 0
    assert report.count("failed") == 2
    failed = {Path(r.source).name: r.detail for r in report.results if r.status == "failed"}
    assert set(failed) == {"broken-rating.trf", "broken-book.xlsx"}
    assert "broken-rating.trf:" in failed["broken-rating.trf"]
    assert "rating '12x4' is not a whole number" in failed["broken-rating.trf"]
    assert "broken-book.xlsx" in failed["broken-book.xlsx"]
    assert all("\n" not in d for d in failed.values())
    assert report.exit_code == 2
    table = batch.summary_table(report)
    assert table.splitlines()[-1].startswith("50 files: 48 converted, 0 skipped, 2 failed")
    assert sum(1 for ln in table.splitlines() if " failed " in ln) == 2
    # outputs: one per input (two for the klubtur file), base names kept, nothing partial
    written = sorted(p.name for p in out.iterdir())
    assert len(written) == 49
    assert not [n for n in written if n.startswith(".") or n.endswith(".part")]
    assert "broken-rating.trf" not in written and "broken-book.trf" not in written
    assert {"klubtur-Mester.trf", "klubtur-A.trf"} <= set(written)
    for name in kinds["trf16"][:5] + kinds["trf2026"][:3]:
        src = read_trf(folder / name)
        back = read_trf(out / (Path(name).stem + ".trf"))
        assert back.rounds == src.rounds and back.players == src.players


def test_cli_convert_folder_prints_summary_and_exits_2(mixed, tmp_path: Path, capsys):
    folder, _ = mixed
    rc = main(["convert", str(folder), "--to", "trf16", "--out-dir", str(tmp_path / "o")])
    cap = capsys.readouterr()
    assert rc == 2
    assert "50 files: 48 converted, 0 skipped, 2 failed" in cap.out
    assert "broken-rating.trf" in cap.out and "Traceback" not in cap.err + cap.out
    assert cap.err.count("[") >= 50  # the progress lines went to stderr


def test_existing_outputs_are_skipped_unless_overwrite(tmp_path: Path):
    src = _smallest_oracles(2)
    out = tmp_path / "out"
    first = batch.convert_many([str(p) for p in src], "csv", out, show_progress=False)
    assert first.count("converted") == 2
    again = batch.convert_many([str(p) for p in src], "csv", out, show_progress=False)
    assert again.count("skipped") == 2 and again.exit_code == 0
    assert "exists (use --overwrite)" in again.results[0].detail
    forced = batch.convert_many([str(p) for p in src], "csv", out, overwrite=True,
                                show_progress=False)
    assert forced.count("converted") == 2


def test_recursive_walks_subfolders_and_mirrors_them(tmp_path: Path):
    src = _smallest_oracles(3)
    (tmp_path / "in" / "2019" / "spring").mkdir(parents=True)
    shutil.copy(src[0], tmp_path / "in" / "a.trf")
    shutil.copy(src[1], tmp_path / "in" / "2019" / "b.trf")
    shutil.copy(src[2], tmp_path / "in" / "2019" / "spring" / "c.trf")
    (tmp_path / "in" / "2019" / "readme.md").write_text("notes")
    flat = batch.convert_many([str(tmp_path / "in")], "trf16", tmp_path / "o1", show_progress=False)
    assert [Path(r.source).name for r in flat.results] == ["a.trf"]
    deep = batch.convert_many([str(tmp_path / "in")], "trf16", tmp_path / "o2", recursive=True,
                              show_progress=False)
    assert deep.count("converted") == 3 and deep.count("skipped") == 1
    assert (tmp_path / "o2" / "2019" / "spring" / "c.trf").is_file()
    assert "not a tournament file (.md)" in next(r.detail for r in deep.results
                                                  if r.status == "skipped")


def test_globs_and_missing_sources(tmp_path: Path):
    for p in _smallest_oracles(3):
        shutil.copy(p, tmp_path / p.name)
    report = batch.convert_many([str(tmp_path / "*.trf"), str(tmp_path / "nothing-*.xls"),
                                 str(tmp_path / "gone.trf")], "csv", tmp_path / "o",
                                show_progress=False)
    assert report.count("converted") == 3 and report.count("failed") == 2
    details = [r.detail for r in report.results if r.status == "failed"]
    assert any("no file matches" in d for d in details)
    assert any("gone.trf: no such file" in d for d in details)


def test_same_output_name_is_refused_by_name_not_overwritten(tmp_path: Path):
    p = _smallest_oracles(1)[0]
    shutil.copy(p, tmp_path / "x.trf")
    (tmp_path / "x.csv").write_text(write_csv(read_trf(p)), encoding="utf-8")
    report = batch.convert_many([str(tmp_path / "x.trf"), str(tmp_path / "x.csv")], "xlsx",
                                tmp_path / "o", show_progress=False)
    assert [r.status for r in report.results] == ["converted", "failed"]
    assert "is also the output of" in report.results[1].detail
    assert str(tmp_path / "x.trf") in report.results[1].detail


def test_no_partial_output_when_a_writer_fails(tmp_path: Path, monkeypatch):
    p = _smallest_oracles(1)[0]

    def broken(t, fmt, path, *_):
        path.write_bytes(b"half a file")
        raise ValueError("disk full (simulated)")

    monkeypatch.setattr(batch, "render_output", broken)
    res = batch.convert_one(batch.Job(str(p), str(tmp_path / "o.trf"), "trf"))
    assert res.status == "failed" and "disk full (simulated)" in res.detail
    assert list(tmp_path.iterdir()) == []


def test_no_partial_group_outputs_when_the_second_group_fails(tmp_path: Path, monkeypatch):
    real = batch.render_output
    calls = []

    def second_fails(t, fmt, path, *more):
        calls.append(path)
        if len(calls) == 2:
            raise ValueError("cannot write group A")
        real(t, fmt, path, *more)

    monkeypatch.setattr(batch, "render_output", second_fails)
    res = batch.convert_one(batch.Job(str(DATA / "klubtur" / "klubmesterskab-2025.csv"),
                                      str(tmp_path / "k.trf"), "trf"))
    assert res.status == "failed"
    assert list(tmp_path.iterdir()) == []  # group Mester's output was not kept either


def test_several_processes_only_for_more_than_eight_files(tmp_path: Path, monkeypatch):
    made: list[int] = []

    class Recording(ThreadPoolExecutor):
        def __init__(self, max_workers):
            made.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(batch, "ProcessPoolExecutor", Recording)
    monkeypatch.setattr(batch.os, "cpu_count", lambda: 2)
    src = _smallest_oracles(9)
    jobs = [batch.Job(str(p), str(tmp_path / f"{i}.csv"), "csv") for i, p in enumerate(src)]
    assert all(r.status == "converted" for r in batch.run_jobs(jobs[:8]))
    assert made == []
    results = batch.run_jobs([batch.Job(j.source, j.output + "x.csv", "csv") for j in jobs])
    assert made == [2]  # capped at the cores
    assert [r.source for r in results] == [j.source for j in jobs]  # in input order


def test_progress_bar_on_a_terminal_redraws_one_line():
    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Tty()
    bar = batch.Progress(4, out)
    for status in ("converted", "failed", "converted", "skipped"):
        bar.update(batch.FileResult(f"file-{status}.trf", status))
    bar.close()
    text = out.getvalue()
    assert text.count("\r[") == 4 and text.endswith("\n") and text.count("\n") == 1
    assert "4/4 (1 failed)" in text and "[" + "#" * 24 + "]" in text


def test_unknown_output_format_is_a_one_line_error(tmp_path: Path, capsys):
    rc = main(["convert", str(_smallest_oracles(1)[0]), "--to", "pdf", "--out-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert rc == 2 and "unknown format 'pdf'" in err and "Traceback" not in err


def test_single_file_with_o_reads_legacy_and_klubtur(tmp_path: Path, capsys):
    rc = main(["convert", str(DATA / "batch" / "club_da_n0008_r03_s6051_ff.xls"), "-o",
               str(tmp_path / "da.trf")])
    assert rc == 0 and (tmp_path / "da.trf").is_file()
    rc = main(["convert", str(DATA / "klubtur" / "klubmesterskab-2025.csv"), "-o",
               str(tmp_path / "k.trf")])
    assert rc == 0 and (tmp_path / "k-Mester.trf").is_file() and (tmp_path / "k-A.trf").is_file()
    rc = main(["convert", str(DATA / "klubtur" / "klubmesterskab-2025.csv"), "-o",
               str(tmp_path / "k.trf")])
    assert rc == 2 and "exists" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["club_da_n0008_r03_s6051_ff.xls", "club_sv_n0007_r05_s6060_ff.ods"])
def test_xls_and_ods_read_like_the_xlsx_they_were_saved_from(name: str):
    """The .xls/.ods fixtures are the club sheets saved by LibreOffice."""
    legacy = read_club_book(open_legacy_book(DATA / "batch" / name), source=name)
    xlsx = read_club_workbook(CLUB / (Path(name).stem + ".xlsx"))
    truth = read_trf(CLUB / (Path(name).stem + ".truth.trf"))
    assert legacy.players == xlsx.players and legacy.rounds == xlsx.rounds
    assert [(p.start_no, p.name, p.rating) for p in legacy.players] == [
        (p.start_no, p.name, p.rating) for p in truth.players]
    def facts(t):
        return sorted((r.number, g.white, g.black, g.white_result)
                      for r in t.rounds for g in r.games)

    assert facts(legacy) == facts(truth)


def test_legacy_book_values_follow_the_binding_conventions():
    book = open_legacy_book(DATA / "batch" / "club_da_n0008_r03_s6051_ff.xls")
    assert book.sheet_names()[0] == "Spillere"
    rows = book.read_range("Spillere", 1, 1, 5, 6)
    assert rows[0][0] == "Klubmesterskab 2014" and rows[0][1] is None
    assert isinstance(rows[4][4], int)  # whole numbers stored as floats come back as int


def test_unreadable_spreadsheet_is_one_line(tmp_path: Path):
    bad = tmp_path / "bad.ods"
    bad.write_bytes(b"not a spreadsheet at all")
    res = batch.convert_one(batch.Job(str(bad), str(tmp_path / "bad.trf"), "trf"))
    assert res.status == "failed" and res.detail.startswith(f"{bad}: not a readable spreadsheet")


def test_forfeits_and_byes_survive_a_batch_to_trf16(tmp_path: Path):
    src = next(p for p in sorted(ORACLE.glob("*ff-zb-hb*.trf")))
    report = batch.convert_many([str(src)], "trf16", tmp_path, show_progress=False)
    back = read_trf(tmp_path / (src.stem + ".trf"))
    t = read_trf(src)
    assert report.exit_code == 0 and back.rounds == t.rounds
    assert any(b.result is not Result.PAIRING_BYE for r in back.rounds for b in r.byes)


@pytest.mark.parametrize("name", ["monrad-layout.ods", "monrad-layout.xls"])
def test_monrad_layout_saved_as_ods_and_xls_reads_as_its_trf(name: str):
    """A monrad workbook (written from the oracle TRF) saved by LibreOffice as .ods
    and .xls: read through python-calamine by the monrad-layout reader."""
    t = read_trf(ORACLE / "dutch_n0009_r05_s6106_zb.trf")
    got = read_book(open_legacy_book(DATA / "batch" / name)).tournament
    assert got.players == t.players
    assert [r.games for r in got.rounds] == [r.games for r in t.rounds]
    assert (got.settings.system, got.settings.rounds) == ("dutch", 5)


@pytest.mark.parametrize("path", sorted(CLUB.glob("*.xlsx")), ids=lambda p: p.name)
def test_calamine_reads_club_xlsx_like_openpyxl(path: Path):
    fast, slow = read_club_book(open_legacy_book(path), source=str(path)), read_club_workbook(path)
    assert fast.players == slow.players and fast.rounds == slow.rounds
    assert fast.info == slow.info and fast.settings == slow.settings
