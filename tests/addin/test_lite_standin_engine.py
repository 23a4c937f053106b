"""The Lite stand-in (``lite_standin.py``) held against xlwings' remote engine -- the
Python side of xlwings Lite -- by reading that engine's source (``xlwings/pro/_xlremote.py``
in the installed xlwings; read as text with ``ast``, never imported: ``xlwings.pro`` is
not free software for every use, and monrad's tests do not import it).

* every call the stand-in accepts, the remote engine accepts too (no unconditional
  ``raise`` there), and the actions the stand-in queues for it are actions the engine
  queues in that class;
* every call the remote engine refuses outright (reading formatting back, ``paste``,
  ``App.status_bar`` ...), the stand-in refuses as well;
* the conditional refusal that cost a press in issue 28 (``Range.copy()`` without a
  destination) is refused by both, and monrad's binding never makes it.

So when a new xlwings moves a call from "accepted" to "refused", this test fails here
instead of a button failing in Excel.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import lite_standin
import pytest
from xlwings import XlwingsError

HERE = Path(__file__).resolve().parent
#: stand-in class -> the remote engine's classes whose actions it may queue
CLASSES = {
    "StandinRange": ("Range",),
    "StandinSheet": ("Sheet",),
    "StandinSheets": ("Sheets",),
    "StandinBook": ("Book",),
    "StandinApp": ("App",),
    "_Font": ("Font",),
    "_Borders": ("Borders", "Border"),
    "_Border": ("Border",),
    "_Validation": ("DataValidation",),
    "_Conditional": ("ConditionalFormats",),
    "_FreezePanes": ("FreezePanes",),
}
#: members of the stand-in that are its own machinery, not xlwings' interface
OWN = {"action", "snapshot", "finish", "queue", "ws_now", "__init__", "__getitem__",
       "__call__", "get_address", "touched", "alert"}


def _remote_source() -> str:
    spec = importlib.util.find_spec("xlwings")
    assert spec is not None and spec.origin is not None
    path = Path(spec.origin).parent / "pro" / "_xlremote.py"
    if not path.exists():
        pytest.skip(f"this xlwings has no remote engine source ({path})")
    return path.read_text(encoding="utf-8")


def _kind(fn: ast.FunctionDef) -> str:
    for d in fn.decorator_list:
        if isinstance(d, ast.Name) and d.id == "property":
            return "get"
        if isinstance(d, ast.Attribute) and d.attr == "setter":
            return "set"
    return "call"


def _raises_outright(fn: ast.FunctionDef) -> bool:
    """A ``raise`` among the body's own statements (not under an ``if``)."""
    return any(isinstance(stmt, ast.Raise) for stmt in fn.body)


def _members(tree: ast.Module, call_name: str) -> dict[str, dict[tuple[str, str], dict]]:
    """class -> (member, get/set/call) -> {"raises": bool, "funcs": set of actions}."""
    out: dict[str, dict[tuple[str, str], dict]] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        members: dict[tuple[str, str], dict] = {}
        for node in cls.body:
            if isinstance(node, ast.FunctionDef) and node.name == "__init__" and \
                    call_name == "append_json_action":
                for sub in ast.walk(node):  # plain attributes (Range.sheet) read as such
                    if isinstance(sub, ast.Attribute) and isinstance(sub.ctx, ast.Store) and \
                            getattr(sub.value, "id", "") == "self":
                        members.setdefault((sub.attr, "get"), {"raises": False, "funcs": set()})
            if isinstance(node, ast.FunctionDef):
                funcs = set()
                for sub in ast.walk(node):
                    if not isinstance(sub, ast.Call):
                        continue
                    for kw in sub.keywords:  # the engine: append_json_action(func="...")
                        if kw.arg == "func" and isinstance(kw.value, ast.Constant):
                            funcs.add(kw.value.value)
                    name = getattr(sub.func, "attr", None)  # the stand-in: .action("...")
                    if name == call_name and sub.args and isinstance(sub.args[0], ast.Constant):
                        funcs.add(sub.args[0].value)
                members[(node.name, _kind(node))] = {"raises": _raises_outright(node),
                                                     "funcs": funcs}
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                    getattr(node.value.func, "id", "") == "_unsupported":
                for target in node.targets:  # status_bar = _unsupported(...): both ways
                    for kind in ("get", "set"):
                        members[(target.id, kind)] = {"raises": True, "funcs": set()}
        out[cls.name] = members
    return out


REMOTE = None


def _remote() -> dict[str, dict[tuple[str, str], dict]]:
    global REMOTE
    if REMOTE is None:
        REMOTE = _members(ast.parse(_remote_source()), "append_json_action")
    return REMOTE


def _standin() -> dict[str, dict[tuple[str, str], dict]]:
    return _members(ast.parse((HERE / "lite_standin.py").read_text(encoding="utf-8")), "action")


def test_every_call_the_standin_accepts_the_remote_engine_accepts():
    remote, problems = _remote(), []
    for cls, members in _standin().items():
        if cls not in CLASSES:
            continue
        theirs = [remote[name] for name in CLASSES[cls] if name in remote]
        assert theirs, f"the remote engine has no class {CLASSES[cls]}"
        allowed = set().union(*({f for m in t.values() for f in m["funcs"]} for t in theirs))
        for (member, kind), mine in members.items():
            if member in OWN or mine["raises"]:
                continue
            them = theirs[0].get((member, kind))
            if them is None:
                problems.append(f"{cls}.{member} ({kind}): not in the remote engine")
            elif them["raises"]:
                problems.append(f"{cls}.{member} ({kind}): the remote engine refuses it")
            if not mine["funcs"] <= allowed:
                problems.append(f"{cls}.{member} ({kind}): queues {mine['funcs'] - allowed}, "
                                "which the remote engine never queues there")
    assert not problems, "\n".join(problems)


def test_every_call_the_remote_engine_refuses_the_standin_refuses():
    mine, problems = _standin(), []
    for cls, names in CLASSES.items():
        ours = mine.get(cls, {})
        for (member, kind), them in _remote().get(names[0], {}).items():
            if not them["raises"] or member.startswith("_"):
                continue
            own = ours.get((member, kind))
            if own is not None and not own["raises"]:
                problems.append(f"{cls}.{member} ({kind}): refused by the remote engine, "
                                "accepted by the stand-in")
    assert not problems, "\n".join(problems)


def test_the_client_knows_every_action_the_standin_queues():
    queued = {f for members in _standin().values() for m in members.values() for f in m["funcs"]}
    assert queued <= lite_standin.CLIENT_ACTIONS, queued - lite_standin.CLIENT_ACTIONS


def test_copy_without_a_destination_is_refused_as_by_the_remote_engine(tmp_path: Path):
    """Issue 28: ``Range.copy()`` with no destination raises ``XlwingsError`` in Lite."""
    tree = ast.parse(_remote_source())
    copy = next(fn for cls in tree.body if isinstance(cls, ast.ClassDef) and cls.name == "Range"
                for fn in cls.body if isinstance(fn, ast.FunctionDef) and fn.name == "copy")
    assert "XlwingsError" in ast.unparse(copy) and "destination is None" in ast.unparse(copy)
    import openpyxl

    path = tmp_path / "b.xlsx"
    openpyxl.Workbook().save(path)
    book, _impl = lite_standin.open_lite(path)
    with pytest.raises(XlwingsError):
        book.sheets[0].range((1, 1), (2, 2)).copy()
    with pytest.raises(NotImplementedError):
        book.sheets[0].range((1, 1), (2, 2)).paste(paste="formats")


def test_monrad_never_copies_without_a_destination_nor_pastes():
    """The Lite binding copies formats with ``copy_from`` (a source, no clipboard)."""
    spec = importlib.util.find_spec("monrad.addin.lite.book")
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            assert node.func.attr != "paste", ast.unparse(node)
            if node.func.attr == "copy":
                assert node.args or node.keywords, ast.unparse(node)
