"""Render the pictures of docs/excel.md from the Lite workbook (not a test).

``python tests/addin/lite_pictures.py docs/img`` writes

* ``lite-buttons.png``: the Settings sheet of ``templates/club-en.xlsx`` with its three
  buttons and the status label, as LibreOffice prints it;
* ``lite-after-press.png``: the Settings sheet of a Norwegian 30-player Lite workbook
  after *Sett opp neste runde* was pressed once (run by the Lite scripts on the
  stand-in of ``lite_standin.py``), with the answer in the status cell.  The stand-in
  saves through openpyxl, which drops the buttons and the code that Excel keeps; they
  are put back before rendering.

LibreOffice headless makes a PDF, ``pdftoppm`` the PNG of its first page.  These are
renderings of the workbook file, not screenshots of Excel.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))  # run as a script: its neighbour lite_standin

from lite_standin import open_lite  # noqa: E402

from monrad.addin import lite  # noqa: E402
from monrad.converters.book import lite_workbook as LW  # noqa: E402
from monrad.converters.book.new_workbook import create_workbook  # noqa: E402
from monrad.engine.model import Player  # noqa: E402


def _first_page_png(xlsx: Path, out: Path, work: Path) -> None:
    profile = (work / "profile").as_uri()
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to",
                    "pdf", "--outdir", str(work), str(xlsx)], check=True, capture_output=True,
                   timeout=300)
    pdf = work / (xlsx.stem + ".pdf")
    subprocess.run(["pdftoppm", "-png", "-r", "90", "-f", "1", "-l", "1", "-singlefile",
                    "-x", "0", "-y", "40", "-W", "1050", "-H", "300", str(pdf),
                    str(out.with_suffix(""))], check=True, timeout=120)


def render(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        template = work / "club-en.xlsx"
        shutil.copy(REPO / "templates" / "club-en.xlsx", template)
        _first_page_png(template, folder / "lite-buttons.png", work)
        roster = [Player(i, f"Spiller {i:02d}", rating=2300 - 37 * i, club=f"SK {i % 5}")
                  for i in range(1, 31)]
        club = create_workbook(work / "klubb.xlsx", "nsf", 7, roster, "no", seed=2025,
                               name="Klubbmesterskap", lite=True)
        book, impl = open_lite(club)
        lite.pair_next_round(book)
        impl.finish()
        # the stand-in stores through openpyxl, which drops the shapes and the code that
        # Excel keeps: put them back as they were
        club.write_bytes(LW.embed_lite(club.read_bytes(), "no"))
        _first_page_png(club, folder / "lite-after-press.png", work)
    return [folder / "lite-buttons.png", folder / "lite-after-press.png"]


if __name__ == "__main__":
    for path in render(Path(sys.argv[1] if len(sys.argv) > 1 else REPO / "docs" / "img")):
        print(f"wrote {path}")
