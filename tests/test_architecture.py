"""The shape of the code: no import cycles, scenes that never reach for the
application, a session without pygame, classes and functions of a size a
reader can hold in mind."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "yukon"
MAX_CLASS_LINES = 400  # yukon/ui and yukon/app.py
MAX_FUNCTION_LINES = 60


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str, tree: ast.AST) -> set[str]:
    """Every ``yukon`` module a module imports, anywhere in it: at the top,
    inside functions, or only for type checking."""
    package = name if MODULES[name].name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            # ``from yukon.ui import theme`` imports the module yukon.ui.theme;
            # ``from yukon.engine import Game``, the package's own names.
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: imported(name, ast.parse(path.read_text("utf-8"))) for name, path in MODULES.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, as the modules along it, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_the_package_has_no_import_cycle():
    assert find_cycle(GRAPH) is None, " -> ".join(find_cycle(GRAPH) or [])


def test_the_import_walk_sees_lazy_and_type_only_imports():
    assert "yukon.ui.table.scene" in GRAPH["yukon.app"]  # imported inside App.__init__
    assert "yukon.session" in GRAPH["yukon.ui.shell.scene"]


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("yukon.ui")))
def test_no_scene_module_imports_the_app(name):
    assert "yukon.app" not in GRAPH[name]


PURE = ["yukon.session", "yukon.events", "yukon.hints", "yukon.cli"]
PURE += ["yukon.playback", "yukon.autoplay", "yukon.advice"]


@pytest.mark.parametrize("name", PURE)
def test_the_session_and_its_values_never_import_pygame_or_the_ui(name):
    unwanted = "m == 'pygame' or m.startswith('yukon.ui')"
    code = f"import sys, {name}; print(sorted(m for m in sys.modules if {unwanted}))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"


def _sized(tree: ast.AST) -> list[tuple[str, str, int]]:
    """(kind, name, lines) of every class and function in ``tree``."""
    sizes = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            kind = "class" if isinstance(node, ast.ClassDef) else "function"
            sizes.append((kind, node.name, (node.end_lineno or node.lineno) - node.lineno + 1))
    return sizes


UI_FILES = [*sorted((PACKAGE / "ui").glob("*.py")), PACKAGE / "app.py", PACKAGE / "session.py"]


@pytest.mark.parametrize("path", UI_FILES, ids=lambda path: path.name)
def test_ui_classes_and_functions_stay_readable_sizes(path):
    too_long = [
        f"{kind} {name}: {lines} lines"
        for kind, name, lines in _sized(ast.parse(path.read_text("utf-8")))
        if lines > (MAX_CLASS_LINES if kind == "class" else MAX_FUNCTION_LINES)
    ]
    assert not too_long, too_long
