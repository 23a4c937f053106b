"""The monrad code a Lite workbook carries (``converters/book/lite_pack.py``, issue 28):
what is in the pack, what it imports, what ``requirements.txt`` then needs, its size,
and that ``main.py`` imports monrad from the unpacked folder.
"""

from __future__ import annotations

import ast
import importlib.metadata
import importlib.util
import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import REPO
from packaging.requirements import Requirement

from monrad.converters.book import lite_pack as LP
from monrad.converters.book import lite_workbook as LW

#: the web-extension part of a workbook stays under this (Office keeps 2 MB of an
#: add-in's document settings; failures are reported on Windows from about 1 MB)
PART_LIMIT = 700_000


@pytest.fixture(scope="module")
def files() -> dict[str, bytes]:
    return LP.pack_files()


def _imports(name: str, source: bytes) -> list[str]:
    """Every module ``name``'s source imports (at module level and inside functions),
    relative imports resolved; ``from X import y`` also yields ``X.y``."""
    package = name if name.endswith("__init__") else name.rsplit(".", 1)[0]
    package = package.removesuffix(".__init__")
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            out.append(module)
            out += [f"{module}.{a.name}" for a in node.names]
    return out


def _all_modules() -> set[str]:
    """Every module of the monrad package, packed or not."""
    out = set()
    for top in ("engine", "converters", "addin", "templates"):
        spec = importlib.util.find_spec(f"monrad.{top}")
        assert spec is not None and spec.submodule_search_locations
        base = Path(next(iter(spec.submodule_search_locations)))
        for f in base.rglob("*.py"):
            dotted = ".".join(("monrad", top, *f.relative_to(base).with_suffix("").parts))
            out.add(dotted.removesuffix(".__init__"))
    return out


def test_the_pack_imports_only_itself_its_requirements_and_named_exceptions(files):
    packed = set(LP.packed_modules(files))
    modules = _all_modules()
    used_outside, used_absent, problems = set(), set(), []
    for path, source in files.items():
        if not path.endswith(".py"):
            continue
        name = path[:-3].replace("/", ".")
        importer = name.removesuffix(".__init__")
        for module in _imports(name, source):
            top = module.split(".")[0]
            if top == "monrad":
                if module in packed:
                    continue
                # ``from X import y``: a name y of the packed module X (not a module)
                if module not in modules and module.rsplit(".", 1)[0] in packed:
                    continue
                owner = next((m for m in (module, module.rsplit(".", 1)[0]) if
                              (importer, m) in LP.OUTSIDE), None)
                if owner is None:
                    problems.append(f"{importer} imports {module}, which is not packed")
                else:
                    used_outside.add((importer, owner))
            elif top in sys.stdlib_module_names or top == "__future__":
                continue
            elif top in LP.REQUIREMENTS:
                continue
            elif top in LP.ABSENT:
                used_absent.add(top)
            else:
                problems.append(f"{importer} imports {top}: neither in requirements.txt nor "
                                "named absent")
    assert not problems, "\n".join(problems)
    assert used_outside == set(LP.OUTSIDE), f"stale OUTSIDE entries: {set(LP.OUTSIDE) - used_outside}"
    assert used_absent == set(LP.ABSENT), f"stale ABSENT entries: {set(LP.ABSENT) - used_absent}"


def test_requirements_hold_what_the_requirements_need():
    """openpyxl needs et_xmlfile: every requirement's own (unconditional) requirements
    are in requirements.txt too, and every line is a range with an upper bound that
    holds the version installed here (issue 38 item 4: Lite pins what it installs in
    requirements-pinned.txt and advises upper bounds, not pins)."""
    names = {Requirement(line).name.lower().replace("-", "_") for line in LP.REQUIREMENTS.values()}
    for line in LP.REQUIREMENTS.values():
        req = Requirement(line)
        ops = sorted(spec.operator for spec in req.specifier)
        assert ops == ["<", ">="], line
        assert req.specifier.contains(importlib.metadata.version(req.name)), line
        for dep in importlib.metadata.requires(req.name) or []:
            dep_req = Requirement(dep)
            if dep_req.marker is None:
                assert dep_req.name.lower().replace("-", "_") in names, f"{line} needs {dep}"


def test_every_system_and_the_catalogs_travel(files):
    from monrad.engine.pairing import available_systems

    modules = set(LP.packed_modules(files))
    for system in available_systems():
        assert f"monrad.engine.systems.{system.replace('-', '_')}" in modules
    catalogs = [p for p in files if p.endswith(".mo")]
    # English is its source text: no catalog needed (the test below)
    assert {p.split("/")[-3] for p in catalogs} == {"nb", "sv", "da"}, catalogs
    for forbidden in ("monrad/templates", "monrad/converters/xlsm", "monrad/addin/commands",
                      "monrad/addin/cli/__init__.py", "monrad/converters/publish/render.py"):
        assert not any(p.startswith(forbidden) for p in files), forbidden


def test_the_pack_is_the_same_bytes_and_small(files):
    pack = LP.pack_bytes(files)
    assert pack == LP.pack_bytes(LP.pack_files())
    part = LW.web_extension_xml(LW.lite_code("nb", version="0.1.0")).encode("utf-8")
    assert len(part) < PART_LIMIT, f"the web extension part is {len(part):,} bytes"
    print(f"\npack: {len(files)} files, {sum(map(len, files.values())):,} bytes stripped, "
          f"{len(pack):,} zipped; webextension1.xml {len(part):,} bytes")


def test_the_english_catalog_is_left_out_since_it_only_repeats_its_source(files):
    """Leaving ``en/monrad.mo`` out of the pack changes no word: every English message is
    its own source text, which gettext shows where a catalog is missing (and an English
    press in the pack says the same as on the command line)."""
    import gettext

    from babel.messages.pofile import read_po

    assert not any("/locale/en/" in name for name in files)
    assert any("/locale/sv/" in name for name in files)
    with (REPO / "engine" / "locale" / "en" / "LC_MESSAGES" / "monrad.po").open("rb") as fh:
        catalog = read_po(fh)
    differ = [m.id for m in catalog if m.id and list(m.string if isinstance(m.string, tuple)
                                                     else [m.string])
              != list(m.id if isinstance(m.id, tuple) else [m.id])]
    assert differ == []
    null = gettext.NullTranslations()
    assert null.ngettext("{n} board", "{n} boards", 1) == "{n} board"


def test_stripping_keeps_the_code_and_drops_docstrings_comments_blank_lines():
    src = ('"""Module doc."""\n\nimport os  # kept\n\n\ndef f(x):\n    """Doc."""\n\n'
           '    # a comment\n    s = """\n\n# not a comment\n"""\n    return x\n\n\n'
           'class C:\n    """Only a doc."""\n')
    out = LP.strip_source(src)
    assert out == ('import os  # kept\ndef f(x):\n    s = """\n\n# not a comment\n"""\n'
                   '    return x\nclass C:\n    pass\n')
    namespace: dict = {}
    exec(compile(out, "x", "exec"), namespace)  # noqa: S102
    assert namespace["f"](3) == 3


def test_main_py_imports_monrad_from_the_unpacked_folder(tmp_path: Path):
    """``main.py`` run by a Python that has no monrad of its own: it unpacks once into
    ``monrad-VERSION-HASH`` and imports monrad's Lite module from there."""
    code = LW.main_py("sv", version="0.1.0")
    (tmp_path / "main.py").write_text(code, encoding="utf-8")
    probe = (
        "import sys, tempfile\n"
        "sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in repr(f).lower()]\n"
        "sys.path_hooks[:] = [h for h in sys.path_hooks if 'editable' not in repr(h).lower()]\n"
        "sys.path_importer_cache.clear()\n"
        f"tempfile.tempdir = {str(tmp_path)!r}\n"
        f"ns = {{}}\nexec(compile(open({str(tmp_path / 'main.py')!r}).read(), 'main.py', 'exec'), ns)\n"
        "import monrad.addin.lite as lite\n"
        "print(lite.__file__)\n"
        "print(sorted(k for k in ns if not k.startswith('_')))\n")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    where, scripts = done.stdout.splitlines()[-2:]
    folders = [p for p in tmp_path.iterdir() if p.name.startswith("monrad-0.1.0-")]
    assert len(folders) == 1 and where.startswith(str(folders[0])), (where, folders)
    for script in ("pair_next_round", "update_standings", "pair_round_again", "explain_rounds"):
        assert script in scripts
    with zipfile.ZipFile(io.BytesIO(LP.pack_bytes())) as z:  # unpacked whole
        assert sorted(z.namelist()) == sorted(
            str(p.relative_to(folders[0])) for p in folders[0].rglob("*") if p.is_file())
