"""OTH-6 in result cells: disc counts that cannot be a game are refused as disc counts."""

from __future__ import annotations

import pytest

from monrad.converters.notation import NotationError, parse_result


@pytest.mark.parametrize("cell, total", [("40-30", 70), ("65-0", 65), ("33 - 32", 65)])
def test_oth_6_disc_counts_over_64_are_named_as_disc_counts(cell: str, total: int) -> None:
    with pytest.raises(NotationError, match=rf"not a disc count: the two counts add up to {total}, "
                                            r"at most 64 \(OTH-6\)"):
        parse_result(cell, othello=True)


def test_oth_6_chess_cells_keep_the_chess_message() -> None:
    with pytest.raises(NotationError, match="not a chess result"):
        parse_result("40-30")
    assert parse_result("40-24", othello=True).white_discs == 40


def test_oth_6_workbook_refuses_a_played_othello_game_without_discs(tmp_path) -> None:
    """A ``1-0`` in an Othello round sheet names its sheet and cell (MBQ needs discs)."""
    import openpyxl

    from monrad.converters.book.new_workbook import create_workbook
    from monrad.converters.book.xlsx import read_xlsx
    from monrad.converters.errors import InputError
    from monrad.engine.model import Player

    players = [Player(i, f"P, {i}") for i in range(1, 7)]
    path = create_workbook(tmp_path / "oth.xlsx", "othello-swiss", 3, players, "en", seed=1)
    from monrad.addin.jobs.book import pair_next_round
    from monrad.converters.workbook.package_book import open_book

    pair_next_round(open_book(path))
    wb = openpyxl.load_workbook(path)
    ws = wb["Round 1"]
    ws["E3"], ws["E4"], ws["E5"] = "1-0", "40-24", "+/-"
    wb.save(path)
    with pytest.raises(InputError, match=r"sheet 'Round 1' cell E3: '1-0': an Othello result "
                                         r"is a disc count, e\.g\. 40-24 \(OTH-6\)"):
        read_xlsx(path)
    ws["E3"] = "33-31"
    wb.save(path)
    assert read_xlsx(path).round(1).games[0].black_discs == 33


def test_oth_6_cli_error_without_discs_names_the_file(tmp_path, capsys) -> None:
    """The engine's error knows round and board; the command line adds the file."""
    from monrad.addin.cli import main

    def line(sn: int, name: str, pts: str, rank: int, rnd: str) -> str:
        return f"001 {sn:4d}      {name:<33} {'':4}{'':28}{pts:>4} {rank:4d}{rnd}"

    path = tmp_path / "oth.trf"
    path.write_text("\n".join(["012 T", "XMN system othello-swiss", "142 3",
                               line(1, "A, A", "1.0", 1, "     2 b 1"),
                               line(2, "B, B", "0.0", 2, "     1 w 0")]) + "\n")
    assert main(["standings", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"monrad: {path}: round 1 board 1 (1-2): no disc count entered (OTH-6)"
