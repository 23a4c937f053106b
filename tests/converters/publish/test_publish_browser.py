"""The published site in a real headless Chromium (Debian's chromium): the pages
load without errors, the standings table has one row per player, and a screenshot
is taken (looked at by eye while developing).  Skipped where no Chromium is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from publish_events import EVIL, body_rows, finished_event

from monrad.converters.publish import write_site

BROWSER = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium installed "
                                "(apt-get install -y chromium)")


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    return subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--no-first-run", "--disable-component-update", "--disable-sync", "--disable-quic",
         f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args],
        capture_output=True, text=True, timeout=120, check=False)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> tuple[Path, object]:
    t = finished_event("dsu")
    folder = tmp_path_factory.mktemp("site")
    write_site(t, folder, "da")
    return folder, t


@pytest.mark.parametrize("page", ["index.html", "krydstabel.html", "runde-5.html", "skaerm-5.html",
                                  "monradkort.html", "spiller-4.html"])  # Danish names
def test_page_loads_in_chromium_without_errors(site, page: str, tmp_path: Path) -> None:
    folder, t = site
    run = _chromium(tmp_path, "--dump-dom", (folder / page).as_uri())
    assert run.returncode == 0, run.stderr[-2000:]
    dom = run.stdout
    assert "<main>" in dom and "</html>" in dom
    errors = [ln for ln in run.stderr.splitlines()
              if re.search(r"CONSOLE|Failed to load resource|Uncaught|ERR_FILE_NOT_FOUND", ln)]
    assert not errors, errors
    assert "<script>" not in dom.replace("&lt;script&gt;", "")
    if page == "index.html":
        rows = body_rows(dom)
        assert len(rows) == len(t.players)
        assert EVIL in [r[2] for r in rows]


def test_screenshot_of_the_standings_on_a_phone(site, tmp_path: Path) -> None:
    folder, _ = site
    shot = tmp_path / "phone.png"
    run = _chromium(tmp_path, "--window-size=420,900", f"--screenshot={shot}",
                    (folder / "index.html").as_uri())
    assert run.returncode == 0 and shot.is_file(), run.stderr[-2000:]
    from PIL import Image

    img = Image.open(shot).convert("L")
    assert img.size == (420, 900)
    assert sum(img.histogram()[:128]) > 1000  # text is there, not a blank page
