"""Same input, same output, on every machine: every writer of ``monrad convert``
gives the same bytes for the same file, and the workbook writer keeps what the
Settings sheet can hold (the lot seed, the colour of no. 1, the Othello C).

The brief: "every lot takes a seed and records it" -- a tournament without a seed
gets one drawn from its content, recorded on the workbook's Settings sheet and so
in ``Settings.seeds`` when read back."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import DATA

from monrad.converters import batch, load, save
from monrad.converters.book.xlsx import EPOCH, SEED_KEYS
from monrad.converters.trf import write_trf
from monrad.engine.model import Colour
from monrad.engine.standings import lot_seed

ORACLE_TRF = DATA / "oracle" / "dutch" / "dutch_n0007_r05_s5101.trf"
WOF = DATA / "wof" / "20260314_Stockholm_Open_2026.ELO"
KLUBTUR = DATA / "klubtur" / "klubmesterskab-2025.csv"



def _trf_with_settings(tmp_path: Path) -> Path:
    """The oracle tournament with an initial colour and an Othello C, no seed."""
    t = load(ORACLE_TRF)
    t.settings = t.settings.replace(initial_colour=Colour.BLACK, mbq_c=Fraction(32, 5), seeds={})
    src = tmp_path / "club.trf"
    src.write_text(write_trf(t), encoding="utf-8")
    return src


def _convert(src: Path, fmt: str, out_dir: Path) -> list[tuple[str, bytes]]:
    """Every output of converting ``src`` (a klubtur export gives one per group)."""
    out = out_dir / (src.stem + batch.OUT_FORMATS[fmt])
    out_dir.mkdir(parents=True, exist_ok=True)
    res = batch.convert_one(batch.Job(str(src), str(out), fmt, overwrite=True))
    assert res.status == "converted", res.detail
    return [(Path(o).name, Path(o).read_bytes()) for o in res.outputs]


@pytest.mark.parametrize("fmt", ["trf2026", "trf16", "csv", "csv-roster", "csv-results",
                                 "klubtur", "xlsx"])
def test_same_trf_gives_the_same_bytes_in_every_format(tmp_path, fmt):
    src = _trf_with_settings(tmp_path)
    assert _convert(src, fmt, tmp_path / "a") == _convert(src, fmt, tmp_path / "b")


@pytest.mark.parametrize("src, fmt", [(WOF, "wof"), (WOF, "xlsx"), (WOF, "trf2026"),
                                      (KLUBTUR, "klubtur"), (KLUBTUR, "xlsx")],
                         ids=["wof-wof", "wof-xlsx", "wof-trf", "klubtur-klubtur",
                              "klubtur-xlsx"])
def test_same_othello_and_klubtur_files_give_the_same_bytes(tmp_path, src, fmt):
    assert _convert(src, fmt, tmp_path / "a") == _convert(src, fmt, tmp_path / "b")


def test_xlsx_keeps_seed_initial_colour_and_othello_c(tmp_path):
    src = _trf_with_settings(tmp_path)
    _convert(src, "xlsx", tmp_path / "out")
    back = load(tmp_path / "out" / "club.xlsx")
    seed = lot_seed(load(src))  # the standings' lot: tied players keep their order
    assert dict(back.settings.seeds) == {k: seed for k in SEED_KEYS}
    assert back.settings.initial_colour is Colour.BLACK
    assert back.settings.mbq_c == Fraction(32, 5)


def test_xlsx_keeps_a_recorded_seed_and_a_c_without_a_decimal(tmp_path):
    t = load(WOF)
    t.settings = t.settings.replace(seeds={"lot": 4242}, mbq_c=Fraction(64, 3),
                                    initial_colour=Colour.WHITE)
    save(t, tmp_path / "o.xlsx")
    back = load(tmp_path / "o.xlsx")
    assert back.settings.seeds["lot"] == 4242
    assert back.settings.mbq_c == Fraction(64, 3)
    assert back.settings.initial_colour is Colour.WHITE


def test_workbook_times_are_the_tournaments_date_or_the_epoch(tmp_path):
    t = load(WOF)
    t.info.pop("start_date", None), t.info.pop("end_date", None), t.info.pop("round_dates", None)
    save(t, tmp_path / "none.xlsx")
    t.info["end_date"] = "2026/03/15"
    save(t, tmp_path / "dated.xlsx")
    for name, stamp in (("none.xlsx", EPOCH.strftime("%Y-%m-%dT%H:%M:%SZ")),
                        ("dated.xlsx", "2026-03-15T00:00:00Z")):
        with zipfile.ZipFile(tmp_path / name) as zf:
            core = zf.read("docProps/core.xml").decode()
            assert f">{stamp}</dcterms:created>" in core
            assert f">{stamp}</dcterms:modified>" in core
            assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_xlsm_is_deterministic_too(tmp_path):
    t = load(WOF)
    save(t, tmp_path / "a.xlsm")
    save(t, tmp_path / "b.xlsm")
    assert (tmp_path / "a.xlsm").read_bytes() == (tmp_path / "b.xlsm").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.xlsm") as zf:
        assert "xl/vbaProject.bin" in zf.namelist()


def test_xlsx_bytes_do_not_depend_on_the_process(tmp_path):
    """Two processes with different hash seeds (what differs between machines and
    runs) write the same workbook."""
    src = _trf_with_settings(tmp_path)
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"p{hash_seed}"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        subprocess.run([sys.executable, "-m", "monrad.addin.cli", "convert", str(src), "--to",
                        "xlsx", "--out-dir", str(out)], check=True, env=env,
                       capture_output=True)
        outs.append((out / "club.xlsx").read_bytes())
    assert outs[0] == outs[1]


@pytest.mark.parametrize("src", [WOF, KLUBTUR], ids=["wof", "klubtur"])
def test_running_scores_are_the_scores_before_each_round(src):
    """The workbook writer's one-pass scores (speed) equal ``Tournament.scores``."""
    from monrad.converters.batch import read_input
    from monrad.converters.book.xlsx import running_scores

    for _, t in read_input(src):
        seen = [rnd.number for rnd, _ in running_scores(t)]
        assert seen == sorted(r.number for r in t.rounds)
        for rnd, before in running_scores(t):
            assert before == t.scores(rnd.number - 1)
