"""CSV tournaments are written back in their own dialect (issue 15 item 7): ``monrad
pair res.csv`` keeps the user's rows, encoding, separator, decimal comma and header
names, appends the new round in the same columns, keeps the settings it was given
(system, rounds) so the next ``pair`` continues, and keeps a backup."""

from __future__ import annotations

from pathlib import Path

from monrad.addin.cli import main
from monrad.converters import load
from monrad.converters.workbook.backup import backups_of

NORDIC = (
    "Runde;Bord;Hvit;Svart;Resultat;Hvit navn;Svart navn;Merknad\r\n"
    "1;1;1;4;1-0;Ås, Per;Dæhli, Ola;\r\n"
    "1;2;5;2;0,5-0,5;Øien, Kari;Berg, Åse;sein start\r\n"
    "1;3;3;6;remis;Lie, Pål;Moe, Siv;\r\n"
)


def _file(tmp_path: Path, encoding: str = "cp1252") -> Path:
    f = tmp_path / "res.csv"
    f.write_bytes(NORDIC.encode(encoding))
    return f


def test_csv_pair_writes_back_in_the_files_own_dialect(tmp_path: Path, capsys) -> None:
    f = _file(tmp_path)
    original = f.read_bytes()
    assert main(["pair", str(f), "--system", "nsf", "--rounds", "5"]) == 0
    out = capsys.readouterr().out
    data = f.read_bytes()
    text = data.decode("cp1252")  # still Windows-1252 (UTF-8 would fail on æ ø å)
    lines = text.split("\r\n")
    # the settings row keeps the round list round 2 was paired from (DSU-7, issue 36)
    assert lines[0] == "monrad;system=nsf;rounds=5;paired_from_2=1 2 3 5 6 4"
    assert data.split(b"\r\n", 1)[1].startswith(original)  # the user's rows, byte for byte
    new = [ln for ln in lines[5:] if ln]
    assert len(new) == 3 and all(ln.startswith("2;") and ln.count(";") == 7 for ln in new)
    backups = backups_of(f)
    assert len(backups) == 1 and backups[0].read_bytes() == original
    assert f"(backup: {backups[0]})" in out
    t = load(f)
    assert (t.settings.system, t.settings.rounds, t.rounds_played) == ("nsf", 5, 2)
    assert t.round(1).games[1].white_result.name == "DRAW"


def test_csv_next_pair_continues_with_the_recorded_settings(tmp_path: Path, capsys) -> None:
    f = _file(tmp_path)
    assert main(["pair", str(f), "--system", "nsf", "--rounds", "5", "--format", "pairs"]) == 0
    first = capsys.readouterr().out
    # pairing again without --system/--rounds: the file says nsf, 5 rounds
    assert main(["pair", str(f), "--repair", "--format", "pairs"]) == 0
    assert capsys.readouterr().out == first
    t = load(f)
    assert t.rounds_played == 2 and len(t.round(2).games) == 3  # round 2 replaced, not doubled
    assert len(backups_of(f)) == 2


def test_csv_utf8_bom_kept(tmp_path: Path, capsys) -> None:
    f = _file(tmp_path, "utf-8-sig")
    assert main(["pair", str(f), "--system", "ssf", "--rounds", "4"]) == 0
    data = f.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfmonrad;system=ssf;rounds=4;paired_from_2=")
    assert "Dæhli, Ola" in data.decode("utf-8-sig")
