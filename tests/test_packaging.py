"""Ready for the package index (issue 28 item 6): ``python -m build`` makes an sdist and a
wheel that ``twine check --strict`` accepts, with the metadata a release needs, and the
wheel holds what monrad needs at run time (the catalogs, the templates) and no tests.

Built offline (``--no-isolation``: setuptools, build and twine come with the test extras),
into a temporary folder, from a copy of the checkout's tracked files (nothing is written
into the repository).
"""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    pytest.importorskip("build", reason="the test extras bring build")
    src = tmp_path_factory.mktemp("src")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True,
                            check=False)
    if listed.returncode:
        pytest.skip("not a git checkout: the tracked files are not known")
    for name in listed.stdout.decode().split("\0"):
        if name and (REPO / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, src / name)
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out),
                           str(src)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out


def _metadata(wheel: Path) -> email.message.Message:
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        return email.message_from_bytes(z.read(name))


def test_twine_accepts_the_sdist_and_the_wheel(dist: Path):
    files = sorted(dist.iterdir())
    assert sorted(f.suffix for f in files) == [".gz", ".whl"], files
    done = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, files)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_release_metadata(dist: Path):
    from trove_classifiers import classifiers as known

    meta = _metadata(next(dist.glob("*.whl")))
    assert meta["Name"] == "monrad" and meta["License-Expression"] == "MIT"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# monrad")  # the README
    assert meta["Requires-Python"] == ">=3.11" and meta["Author"]
    classifiers = meta.get_all("Classifier")
    assert classifiers and set(classifiers) <= known, set(classifiers) - known
    assert not any(c.startswith("License ::") for c in classifiers)  # the expression says it


def test_the_wheel_holds_what_runs_and_no_tests(dist: Path):
    with zipfile.ZipFile(next(dist.glob("*.whl"))) as z:
        names = set(z.namelist())
        for lang in ("en", "nb", "sv", "da"):
            assert f"monrad/engine/locale/{lang}/LC_MESSAGES/monrad.mo" in names
        for template in (REPO / "templates").glob("*.xls?"):
            assert z.read(f"monrad/templates/{template.name}") == template.read_bytes()
        assert any(n.endswith("dist-info/licenses/LICENSE") for n in names)
        assert "monrad/converters/book/lite_pack.py" in names
    assert not any(n.startswith(("tests/", "monrad/tests")) for n in names)
    with tarfile.open(next(dist.glob("*.tar.gz"))) as tar:
        assert any(n.endswith("/LICENSE") for n in tar.getnames())
