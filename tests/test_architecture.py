"""The shape of the code: no import cycles, scenes that never reach for the
application, a session without pygame, functions of a size a reader can
hold in mind, classes that are each one concept."""

from __future__ import annotations

import ast
import builtins
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "yukon"
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
    assert "yukon.ui.table.scene" in GRAPH["yukon.desktop.app"]  # imported inside App.__init__
    assert "yukon.session.game_session" in GRAPH["yukon.ui.shell.scene"]


@pytest.mark.parametrize("name", sorted(n for n in MODULES if n.startswith("yukon.ui")))
def test_no_scene_module_imports_the_app(name):
    assert "yukon.desktop.app" not in GRAPH[name]


# The layers below the interface never need pygame: the solver's worker,
# the command lines and the tests of the rules start without it.
PURE_LAYERS = ["yukon.session", "yukon.jobs", "yukon.texts", "yukon.persistence"]
PURE_LAYERS += ["yukon.i18n", "yukon.solver", "yukon.engine"]


@pytest.mark.parametrize("layer", PURE_LAYERS)
def test_the_layers_below_the_ui_never_import_pygame_or_the_ui(layer):
    names = sorted(
        name for name in MODULES if layer_of(name) == layer and not name.endswith("__main__")
    )
    unwanted = "m == 'pygame' or m.startswith('yukon.ui')"
    code = f"import sys, {', '.join(names)}; print(sorted(m for m in sys.modules if {unwanted}))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "[]"


def test_the_game_command_line_never_imports_pygame():
    code = "import sys, yukon.desktop.cli; print('pygame' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "False"


def function_sizes(tree: ast.AST) -> dict[str, int]:
    """The length in lines of every function in ``tree``, by its dotted
    name (``Class.method``, ``function.inner``)."""
    sizes: dict[str, int] = {}

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{scope}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    sizes[name] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, f"{name}.")
            else:
                visit(child, scope)

    visit(tree, "")
    return sizes


# The functions over MAX_FUNCTION_LINES, each with its length measured at
# this commit (a ceiling: it may shrink, not grow) and what it is. All are
# the solver's search on its hot path, run for every position it expands.
LONG_FUNCTIONS: dict[tuple[str, str], tuple[int, str]] = {
    ("solver/moves.py", "moves_onto_columns"): (
        66,
        "the move generator's hot loop: every move onto a column, in one pass over the"
        " piles (a function per move costs 25 % more time, README 'Performance')",
    ),
    ("solver/stuck.py", "StuckProof._sweep_column"): (
        74,
        "one sweep of the stuck proof over a column, card by card (a call per card"
        " cost 25 % more time in the proof, README 'Performance')",
    ),
    ("solver/stuck.py", "StuckProof.plain_fixpoint"): (
        87,
        "the stuck proof asked of nearly every new position, its loop and its sweep in one"
        " function: a third of the solver's time (README 'Performance')",
    ),
    ("solver/depth_first.py", "DepthFirst.step"): (
        87,
        "one step of the depth-first search: expand, order and push the children",
    ),
}


def too_long(path: Path) -> list[str]:
    """The functions of ``path`` longer than the limit and not listed, or
    listed and grown past their measured length."""
    where = path.relative_to(PACKAGE).as_posix()
    found = []
    for name, lines in function_sizes(ast.parse(path.read_text("utf-8"))).items():
        limit = LONG_FUNCTIONS.get((where, name), (MAX_FUNCTION_LINES, ""))[0]
        if lines > limit:
            found.append(f"{name}: {lines} lines")
    return found


@pytest.mark.parametrize("path", sorted(MODULES.values()), ids=lambda p: str(p.relative_to(ROOT)))
def test_functions_stay_a_size_a_reader_can_hold_in_mind(path):
    assert too_long(path) == []


def test_every_long_function_listed_is_still_there_and_long():
    """The list of exceptions cannot go stale: each is still over the limit."""
    for (where, name), _ in LONG_FUNCTIONS.items():
        sizes = function_sizes(ast.parse((PACKAGE / where).read_text("utf-8")))
        assert sizes.get(name, 0) > MAX_FUNCTION_LINES, (where, name)


MAX_COMPLEXITY = 30  # radon's grades E and F begin above it


def complexity(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Its cyclomatic complexity, counted as radon counts it: one, plus one
    for each branch, loop, handler, assert, case, comprehension and its
    conditions, and each further operand of ``and`` and ``or`` (functions
    defined inside it count apart)."""
    branches = (ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.ExceptHandler)
    total = 1
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        if isinstance(node, (*branches, ast.Assert, ast.match_case)):
            total += 1
        elif isinstance(node, ast.BoolOp):
            total += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            total += 1 + len(node.ifs)
        if isinstance(node, ast.For | ast.AsyncFor | ast.While | ast.Try) and node.orelse:
            total += 1
        stack.extend(ast.iter_child_nodes(node))
    return total


# Measured at this commit (a ceiling), with what it is.
COMPLEX_FUNCTIONS = {
    ("solver/stuck.py", "StuckProof._sweep"): (
        55,
        "one sweep of the proof that no card can move again, over every column",
    ),
    ("solver/stuck.py", "StuckProof.fixpoint"): (
        31,
        "the proof's loop of sweeps until nothing changes",
    ),
}


def too_complex(path: Path) -> list[str]:
    where = path.relative_to(PACKAGE).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            limit = max(
                [MAX_COMPLEXITY]
                + [
                    c
                    for (w, name), (c, _) in COMPLEX_FUNCTIONS.items()
                    if w == where and name.rpartition(".")[2] == node.name
                ]
            )
            if complexity(node) > limit:
                found.append(f"{node.name}: {complexity(node)}")
    return found


def test_the_complexity_count_is_radons():
    source = (
        "def f(a, b):\n    if a and b or a:\n        return [x for x in a if x]\n    return 1\n"
    )
    (function,) = ast.parse(source).body
    assert isinstance(function, ast.FunctionDef)
    assert complexity(function) == 6  # radon cc says 6


@pytest.mark.parametrize("path", sorted(MODULES.values()), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_is_too_complex_to_follow(path):
    assert too_complex(path) == []


# A class that sets up state of its own (an ``__init__``) is one concept:
# every method that uses the instance is tied to every other, through an
# attribute they share or a method one calls (one group: a lack of
# cohesion, LCOM4, of 1). A class whose methods fall into groups that
# share nothing is two concepts under one name, whatever its length; a
# long class that hangs together is one. So this replaces a cap on class
# length, which shaped edits by a line count rather than by the concept.
# Left out: ``__init__`` (it sets up every attribute), methods that do
# not use the instance (static, constant answers), and records without an ``__init__`` (dataclasses,
# named tuples, enums), whose methods are views of their fields.


def _uses(method: ast.FunctionDef | ast.AsyncFunctionDef, own: set[str]) -> set[str]:
    """What ``method`` uses of the instance: its own attributes and methods
    by name, anything inherited (or ``super()``'s method it extends) as one
    shared ``<base>``."""
    used = set()
    for node in ast.walk(method):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "self":
                used.add(node.attr if node.attr in own else "<base>")
        elif isinstance(node, ast.Call) and ast.unparse(node.func) == "super":
            used.add("<base>")
    return used


def method_groups(cls: ast.ClassDef) -> list[list[str]]:
    """The methods of ``cls`` that use the instance, in groups that share
    no attribute and call no method of one another."""
    methods = [
        node
        for node in cls.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not {ast.unparse(d) for d in node.decorator_list} & {"staticmethod", "classmethod"}
    ]
    own = {method.name for method in methods}
    for node in ast.walk(cls):
        stored = isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
        if stored and isinstance(node.value, ast.Name) and node.value.id == "self":
            own.add(node.attr)
    for node in cls.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
    # ``__init__`` sets up every attribute: it would tie everything together.
    uses = {m.name: _uses(m, own) for m in methods if m.name != "__init__" and _uses(m, own)}
    leader = {name: name for name in uses}

    def find(name: str) -> str:
        while leader[name] != name:
            name = leader[name]
        return name

    for a, used in uses.items():
        for b in uses:
            if b in used or (used & uses[b]) - set(uses):
                leader[find(a)] = find(b)
    groups: dict[str, list[str]] = {}
    for name in uses:
        groups.setdefault(find(name), []).append(name)
    return sorted(sorted(group) for group in groups.values())


def split_classes(source: str) -> list[str]:
    """The classes of ``source`` with an ``__init__`` whose methods fall
    into two groups or more of two methods or more (a lone method with an
    attribute of its own, an accessor or a clock, is a facet of the class)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and any(
            isinstance(item, ast.FunctionDef) and item.name == "__init__" for item in node.body
        ):
            groups = [group for group in method_groups(node) if len(group) > 1]
            if len(groups) > 1:
                found.append(f"{node.name}: {groups}")
    return found


def test_the_cohesion_check_finds_two_concepts_in_one_class():
    source = """
class Table:
    def __init__(self):
        self.cards, self.volume = [], 1.0
    def deal(self):
        self.cards = shuffle()
    def top(self):
        return self.cards[-1]
    def louder(self):
        self.volume += 0.1
    def quieter(self):
        self.volume -= 0.1
class Dialog(Base):
    def __init__(self):
        super().__init__()
        self.page = 0
    def next(self):
        self.page += 1
        self.redraw()
    def heading(self):
        return self.tr.gettext("Help")
"""
    assert split_classes(source) == ["Table: [['deal', 'top'], ['louder', 'quieter']]"]


@pytest.mark.parametrize("path", sorted(MODULES.values()), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_class_is_one_concept(path):
    assert split_classes(path.read_text("utf-8")) == []


# ---------------------------------------------------------------- layers

# One package, one layer, from the top down; each may import the layers
# named after it (and its own modules always). The README's picture of the
# layers is drawn from this map (``layer_picture``), so the two cannot
# disagree. ``yukon`` itself holds only what every layer shares (the
# version, resource paths, text wrapping, the option parser both command
# lines use) and the entry point ``yukon.__main__``.
LAYERS: dict[str, tuple[str, set[str]]] = {
    "yukon.desktop": (
        "the program: loop, window events, command line, crash log, signals",
        {"yukon.ui", "yukon.session", "yukon.jobs", "yukon.texts", "yukon.persistence"}
        | {"yukon.i18n", "yukon.solver", "yukon.engine", "yukon"},
    ),
    "yukon.ui": (
        "the pygame interface: shell, table, dialogs, cards, art",
        {"yukon.session", "yukon.jobs", "yukon.texts", "yukon.persistence", "yukon.i18n"}
        | {"yukon.solver", "yukon.engine", "yukon"},
    ),
    "yukon.session": (
        "the game in progress, its events, the demo's playback",
        {"yukon.jobs", "yukon.persistence", "yukon.i18n", "yukon.engine", "yukon"},
    ),
    "yukon.jobs": (
        "the solver's jobs for the game, and their worker process",
        {"yukon.solver", "yukon.engine", "yukon"},
    ),
    "yukon.texts": (
        "the games' names, the examples, the FAQ",
        {"yukon.i18n", "yukon.engine", "yukon"},
    ),
    "yukon.persistence": (
        "settings, saved game, statistics on disk",
        {"yukon.i18n", "yukon.engine", "yukon"},
    ),
    "yukon.i18n": ("languages, catalogues, formats", {"yukon.engine", "yukon"}),
    "yukon.solver": ("the solver and its command line", {"yukon.engine", "yukon"}),
    "yukon.engine": ("the rules, pure Python", set()),
    "yukon": ("what every layer shares", set()),
}
ENTRY_POINTS = {"yukon.__main__": "yukon.desktop"}


def layer_picture() -> str:
    """The layers as the README shows them: each with what it holds and
    the layers it may use."""
    rows = []
    for package, (holds, uses) in LAYERS.items():
        below = [name.removeprefix("yukon.") for name in LAYERS if name in uses]
        rows.append(f"{package:<18} {holds}")
        rows.append(f"{'':<18}   uses {', '.join(below) if below else 'nothing'}")
    return "\n".join(rows)


def test_the_readme_draws_the_layers_the_test_checks():
    readme = (ROOT / "README.md").read_text("utf-8")
    assert f"```\n{layer_picture()}\n```" in readme


def package_of(module: str) -> str:
    """The package a module belongs to (a package's ``__init__``: itself)."""
    path = MODULES.get(module)
    return module if path is not None and path.name == "__init__.py" else module.rpartition(".")[0]


def test_every_package_of_yukon_is_one_layer():
    packages = {package_of(name) for name in MODULES}
    layers = {package for package in packages if package.count(".") <= 1}
    assert layers == set(LAYERS)


def package_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """Which package imports which, from the modules' imports."""
    packages: dict[str, set[str]] = {}
    for module, targets in graph.items():
        if module in ENTRY_POINTS:
            continue  # above every layer, in the package below them all
        here = package_of(module)
        packages.setdefault(here, set()).update(
            package_of(target) for target in targets if package_of(target) != here
        )
    return packages


def test_no_two_packages_import_each_other_round_a_cycle():
    """Between packages too, sub-packages included (yukon.ui.table and
    yukon.ui.dialogs): what both use lives in a package below both."""
    cycle = find_cycle(package_graph(GRAPH))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_package_cycle_check_finds_one():
    graph = {"yukon.ui.table.scene": {"yukon.ui.dialogs.help"}}
    graph["yukon.ui.dialogs.small_table"] = {"yukon.ui.table.layout"}
    assert find_cycle(package_graph(graph)) is not None


def layer_of(module: str) -> str | None:
    """The layer of ``module``: its top package under ``yukon``."""
    if module in ENTRY_POINTS:
        return module
    parts = module.split(".")
    return (
        ".".join(parts[:2])
        if len(parts) > 1 and ".".join(parts[:2]) in LAYERS
        else ("yukon" if module in MODULES and package_of(module) == "yukon" else None)
    )


def may_use(layer: str) -> set[str]:
    return {ENTRY_POINTS[layer]} if layer in ENTRY_POINTS else LAYERS[layer][1]


def layer_breaches(graph: dict[str, set[str]]) -> list[str]:
    """Every import that goes to a layer its module's layer may not use."""
    breaches = []
    for module, targets in sorted(graph.items()):
        here = layer_of(module)
        for target in sorted(targets):
            there = layer_of(target)
            if here is None or there is None:
                continue  # reported by the test that every module has a layer
            if there != here and there not in may_use(here):
                breaches.append(f"{module} ({here}) imports {target} ({there})")
    return breaches


def test_every_module_has_a_layer():
    assert [name for name in MODULES if layer_of(name) is None] == []


def test_the_layer_check_finds_a_forbidden_import():
    graph = {
        "yukon.engine.game": {"yukon.ui.theme"},
        "yukon.session.game_session": {"yukon.ui.shell.scene", "yukon.persistence"},
        "yukon.ui.table.scene": {"yukon.session.game_session"},
    }
    assert layer_breaches(graph) == [
        "yukon.engine.game (yukon.engine) imports yukon.ui.theme (yukon.ui)",
        "yukon.session.game_session (yukon.session) imports yukon.ui.shell.scene (yukon.ui)",
    ]


def test_imports_follow_the_layers():
    assert layer_breaches(GRAPH) == []


# ---------------------------------------------------------------- the table's state

STATE_MODULE = PACKAGE / "ui" / "table" / "state.py"
# The parts a table state holds for its whole life; everything else it keeps
# private and changes only in its own methods.
STATE_PARTS = {"session", "bar", "drags", "taps", "felt_layer"}


def _chain(node: ast.expr) -> list[str]:
    """``self.board.cursor.held`` as ["self", "board", "cursor", "held"]."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
    return names[::-1]


def _targets(tree: ast.AST) -> list[ast.expr]:
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            found += node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            found.append(node.target)
        elif isinstance(node, ast.Delete):
            found += node.targets
    expanded: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            found += target.elts
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            expanded.append(target)
    return expanded


# The parts of the table state that change as the table is played. Their
# own methods are called only by the state; other modules ask it.
LIVE_PARTS = {"cursor", "sprites", "repeat", "drags", "taps", "celebration"}
# What those parts answer without changing: any module may ask.
QUERIES = {"card_at", "selection", "shown_size", "draw", "draw_cards"}
QUERIES |= {"copy", "items", "get_height"}  # of a sprite's rect, of the sprites' map


def _path(node: ast.expr) -> list[str]:
    """``self.board.sprites.by_card[card].place`` as
    ["self", "board", "sprites", "by_card", "place"] (subscripts skipped)."""
    names: list[str] = []
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute):
            names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
    return names[::-1]


def _through_board(path: list[str], aliases: dict[str, list[str]]) -> list[str] | None:
    """``path`` from ``board`` on (a local alias of a part spelled out), or
    None if it does not go through a table state (named ``board``)."""
    if path and path[0] in aliases:
        path = aliases[path[0]] + path[1:]
    return path[path.index("board") :] if "board" in path else None


def _scopes(tree: ast.AST) -> list[ast.AST]:
    return [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]


def state_writes(source: str) -> list[str]:
    """Every change through a table state (named ``board`` wherever it is
    held) that goes past its methods: an assignment to its fields or its
    parts' (``board.hint = m``, ``self.board.cursor.held = h``), or a call
    of a live part's own method (``board.sprites.raise_to(...)``, also
    through a local name for the part) other than a question."""
    found = set()
    for scope in _scopes(ast.parse(source)):
        aliases: dict[str, list[str]] = {}
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                (target,) = node.targets
                held = _through_board(_path(node.value), {})
                if isinstance(target, ast.Name) and held and len(held) == 2:
                    aliases[target.id] = held if held[1] in LIVE_PARTS else []
        for target in _targets(scope):
            chain = _through_board(_path(target), aliases)
            if isinstance(target, ast.Attribute | ast.Subscript) and chain and len(chain) > 1:
                found.add((target.lineno, ".".join(chain)))
        for node in ast.walk(scope):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                chain = _through_board(_path(node.func), aliases)
                asks = chain is not None and chain[-1] in QUERIES
                if chain and len(chain) > 2 and chain[1] in LIVE_PARTS and not asks:
                    found.add((node.lineno, ".".join(chain) + "()"))
    return [f"line {line}: {text}" for line, text in sorted(found)]


def test_the_state_write_check_finds_writes():
    source = """
board.hint = None
self.board.cursor.held, x = held, 1
board.now += 0.1
self.board.redraw()
self.dirty = True
def f(board):
    board.sprites.raise_to(cards, 3)
    board.sprites.by_card[card].place(1, 2)
    card = board.sprites.card_at(pos)
    celebration = board.celebration
    celebration.result_shown = True
    celebration.update(0.1)
    board.game.play(move)
"""
    assert state_writes(source) == [
        "line 2: board.hint",
        "line 3: board.cursor.held",
        "line 4: board.now",
        "line 8: board.sprites.raise_to()",
        "line 9: board.sprites.by_card.place()",
        "line 12: board.celebration.result_shown",
        "line 13: board.celebration.update()",
    ]


@pytest.mark.parametrize(
    "path",
    [
        *sorted(path for path in (PACKAGE / "ui").rglob("*.py") if path != STATE_MODULE),
        *sorted((ROOT / "tests").glob("*.py")),
    ],
    ids=lambda path: str(path.relative_to(ROOT)),
)
def test_no_other_module_writes_the_table_state(path):
    """The table's parts change only through the table state's methods,
    which mark what must be drawn again: no module goes past them."""
    assert state_writes(path.read_text("utf-8")) == []


def test_the_table_state_keeps_its_fields_private():
    """Outside its parts, the state's fields are private: other modules read
    them through properties and change them through its methods."""
    tree = ast.parse(STATE_MODULE.read_text("utf-8"))
    (state,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "TableState"]
    public = set()
    for target in _targets(state):
        chain = _chain(target) if isinstance(target, ast.Attribute) else []
        if len(chain) == 2 and chain[0] == "self" and not chain[1].startswith("_"):
            public.add(chain[1])
    assert public == STATE_PARTS


# ---------------------------------------------------------------- piles typed

PILE_NAME = re.compile(r"^(pile|src|dst|column|col|source|target|dest|destination)$|_pile$|^pile_")
# Pile-like names that hold something other than a pile, each with its reason.
NOT_PILES = {
    # Builds a move from any two numbers, checks them and keeps Piles
    # (MOVE_TABLE and the solver's steps give plain numbers).
    ("yukon/engine/moves.py", "Move.__new__", "src"),
    ("yukon/engine/moves.py", "Move.__new__", "dst"),
    # A column's number as the player reads it, 1-7.
    ("yukon/engine/refusals.py", "Refusal", "column"),
    ("yukon/engine/refusals.py", "Refusal.__new__", "column"),
    ("yukon/texts/examples.py", "Step.tap", "column"),
    ("yukon/texts/examples.py", "Step.double_tap", "column"),
}


def _plain_int(annotation: ast.expr | None) -> bool:
    if annotation is None:
        return False
    text = ast.unparse(annotation).replace(" ", "")
    return text in {"int", "int|None", "None|int", "Optional[int]"}


def plain_int_piles(source: str, where: str = "") -> list[str]:
    """``where``'s parameters and class fields named like a pile but typed
    a plain ``int``: ``Class.function:name``."""
    found = []

    def visit(node: ast.AST, scope: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                name = f"{scope}{child.name}"
                for item in child.body:
                    if (
                        isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)
                        and PILE_NAME.search(item.target.id)
                        and _plain_int(item.annotation)
                        and (where, name, item.target.id) not in NOT_PILES
                    ):
                        found.append(f"{name}:{item.target.id}")
                visit(child, f"{name}.")
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{scope}{child.name}"
                args = child.args
                for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
                    if (
                        PILE_NAME.search(arg.arg)
                        and _plain_int(arg.annotation)
                        and (where, name, arg.arg) not in NOT_PILES
                    ):
                        found.append(f"{name}:{arg.arg}")
                visit(child, f"{name}.")
            else:
                visit(child, scope)

    visit(ast.parse(source), "")
    return found


def test_the_pile_check_finds_piles_typed_int():
    source = """
class Held:
    src: int
    count: int
    def drop(self, pile: int | None, count: int, target: Pile) -> None:
        def inner(column: int, dst: Optional[int], source: Surface): ...
def rect(layout, foundation_pile: int): ...
"""
    assert plain_int_piles(source) == [
        "Held:src",
        "Held.drop:pile",
        "Held.drop.inner:column",
        "Held.drop.inner:dst",
        "rect:foundation_pile",
    ]


OUTSIDE_SOLVER = sorted(
    path for path in PACKAGE.rglob("*.py") if "solver" not in path.relative_to(PACKAGE).parts
)


@pytest.mark.parametrize("path", OUTSIDE_SOLVER, ids=lambda path: str(path.relative_to(ROOT)))
def test_piles_outside_the_solver_are_typed_pile(path):
    """The solver keeps plain numbers on its hot path; everywhere else a
    pile is a ``Pile``, so mypy tells a pile from a count or a 1-7 number."""
    where = path.relative_to(ROOT).as_posix()
    assert plain_int_piles(path.read_text("utf-8"), where) == []


# ---------------------------------------------------------------- the README's map


def _development_section() -> str:
    readme = (ROOT / "README.md").read_text("utf-8")
    return readme.split("\n## Development\n", 1)[1].split("\n## ", 1)[0]


def _defined_names() -> set[str]:
    """Every function, class, attribute and variable name defined in yukon/."""
    names: set[str] = set()
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def unknown_names(section: str, defined: set[str]) -> list[str]:
    """The module names and paths of ``section`` (the README's Development
    section) that do not exist: a lower-case name in the bullet of a
    package must be one of its modules or a name defined in the code, a
    path must be a file or folder of the repository."""
    missing = []
    package = None
    for line in section.splitlines():
        if head := re.match(r"- `([a-z_.]+/[a-z_/]*)`", line):
            package = head.group(1).rstrip("/")
        elif head := re.match(r"  - `([a-z_]+)/`", line):
            package = f"yukon/ui/{head.group(1)}"
        elif re.match(r"- ", line) or not line.strip():
            package = None if line.strip() else package
        for token in re.findall(r"`([^`\s]+)`", line):
            if "/" in token or token.endswith(".py"):
                where = [ROOT / token]
                where += [ROOT / package / token, ROOT / package / ".." / token] if package else []
                if not any(path.exists() for path in where):
                    missing.append(token)
            elif package and re.fullmatch(r"[a-z_][a-z0-9_]*", token):
                here = ROOT / package
                if not (here / f"{token}.py").exists() and not (here / token).is_dir():
                    known = token in defined or token in dir(builtins)
                    missing += [] if known else [f"{package}: {token}"]
    return missing


def test_the_readme_names_only_modules_that_exist():
    assert unknown_names(_development_section(), _defined_names()) == []


def test_the_readme_check_finds_a_module_that_is_not_there():
    section = "- `yukon/ui/`: at its top `theme`\n  - `dialogs/`: `numbers` (thousands)\n"
    assert unknown_names(section, {"solve"}) == ["yukon/ui/dialogs: numbers"]
    assert unknown_names("- `yukon/ui/dialogs/numbers.py`: gone\n", set()) == [
        "yukon/ui/dialogs/numbers.py"
    ]


# ---------------------------------------------------------------- one replay loop

REPLAY_HOME = "yukon/engine/records.py"
LOG_TOKENS = {"undo", "redo"}  # ``records.UNDO`` and ``records.REDO``


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a function (or module) that are not in a function of
    their own inside it."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def _log_token(node: ast.AST) -> str | None:
    """``"undo"`` or ``"redo"`` when ``node`` names that token of an action
    log (``UNDO``, ``records.REDO``, ``"undo"``), else None."""
    if isinstance(node, ast.Constant) and node.value in LOG_TOKENS:
        return str(node.value)
    if isinstance(node, ast.Name) and node.id.lower() in LOG_TOKENS and node.id.isupper():
        return node.id.lower()
    if isinstance(node, ast.Attribute) and _chain(node)[:1] == ["records"]:
        return _log_token(ast.Name(node.attr))
    return None


def _told_apart(node: ast.AST) -> set[str]:
    """The log tokens ``node`` tells an action by: compared with (``==``,
    ``in``), matched by a ``case``, or looked up as a dict's key."""
    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
    elif isinstance(node, ast.MatchValue):
        operands = [node.value]
    elif isinstance(node, ast.Dict):
        operands = [key for key in node.keys if key is not None]
    else:
        return set()
    return {token for operand in operands if (token := _log_token(operand)) is not None}


def _replays(node: ast.AST) -> bool:
    """A loop whose body plays, undoes and redoes."""
    if not isinstance(node, ast.For | ast.While):
        return False
    called = {
        call.func.attr
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
    }
    return {"play", "undo", "redo"} <= called


def log_readers(source: str) -> list[str]:
    """The functions of ``source`` (``<module>`` for its top level) that
    read an action log themselves: they tell an undo from a redo by their
    tokens, or run a loop that plays, undoes and redoes."""
    tree = ast.parse(source)
    scopes: list[tuple[str, ast.AST]] = [("<module>", tree)]
    scopes += [
        (node.name, node)
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    found = []
    for name, scope in scopes:
        nodes = _own_nodes(scope)
        told = set().union(*map(_told_apart, nodes))
        if told >= LOG_TOKENS or any(map(_replays, nodes)):
            found.append(name)
    return found


@pytest.mark.parametrize(
    "source",
    [
        # a loop of its own through the engine's play, undo and redo
        """
def replay(record, actions):
    for action in actions:
        if action == UNDO:
            record.undo()
        elif action == REDO:
            record.redo()
        else:
            record.play(Move.parse(action))
""",
        # a walk of the log's tokens that keeps its own undo and redo lists
        """
def replay(record, actions):
    moves, undone = [], []
    for action in actions:
        if action == UNDO:
            undone.append(moves.pop())
        elif action == REDO:
            moves.append(undone.pop())
        else:
            undone.clear()
            moves.append(Move.parse(action))
""",
        # one action at a time, by a match or a table of the tokens
        """
def replay(game, action):
    match action:
        case records.UNDO:
            return game.undo()
        case "redo":
            return game.redo()
""",
        """
def replay(game, action):
    return {"undo": game.undo, "redo": game.redo}[action]()
""",
    ],
)
def test_the_log_reader_check_finds_one(source):
    assert log_readers(source) == ["replay"]


def test_the_log_reader_check_lets_a_log_be_written_and_the_engine_replay_it():
    source = """
def undo(self):
    self.actions.append(UNDO)

def redo(self):
    self.actions[-1] = REDO

def load(self):
    replay_log(self, self.actions)
"""
    assert log_readers(source) == []


@pytest.mark.parametrize("path", sorted(MODULES.values()), ids=lambda p: str(p.relative_to(ROOT)))
def test_an_action_log_is_replayed_in_one_place(path):
    """Records, saved games, the session, the replay page and the walk back
    through a lost game make an action log's undos and redos through the
    engine's ``replay_log``: one loop, one meaning of undo and redo."""
    readers = log_readers(path.read_text("utf-8"))
    expected = ["replay_log"] if path.relative_to(ROOT).as_posix() == REPLAY_HOME else []
    assert readers == expected


# ---------------------------------------------------------------- one redraw mechanism


def redraw_flags(source: str) -> list[str]:
    """Every flag of ``source`` set by hand to ask for a redraw
    (``self.dirty = True``), instead of marking the scene's ``Changes``."""
    return [
        f"line {target.lineno}: {'.'.join(_chain(target))}"
        for target in _targets(ast.parse(source))
        if isinstance(target, ast.Attribute) and target.attr.strip("_") in {"dirty", "needs_redraw"}
    ]


def test_the_redraw_flag_check_finds_one():
    assert redraw_flags("self.dirty = True\nself.changes.mark()\n") == ["line 1: self.dirty"]


@pytest.mark.parametrize("path", sorted(MODULES.values()), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_scene_marks_what_changed_one_way(path):
    """The table and every dialog ask to be drawn again through one
    mechanism, ``Changes`` (see ``yukon.ui.shell.scene``): marked by what
    changed them, taken as they draw; no scene keeps a flag of its own."""
    assert redraw_flags(path.read_text("utf-8")) == []


# ---------------------------------------------------------------- tests on given time

# Where a test may wait in real time, each with why: the real-process waits
# are said once, in ``uikit`` (``wait_until``, ``let_run``); ``hanging`` is
# the job that hangs the solver's worker on purpose.
REAL_WAITS = {"uikit.py", "hanging.py"}
# The solver's searches read the real clock themselves (their deadlines are
# in real time): its helper's tests hand them a deadline already past, and
# the forked copy of a search a clock that runs on.
SOLVER_CLOCK = {"test_solver_helper.py": ["time.perf_counter"] * 2}
WALL_CLOCKS = {"sleep", "perf_counter", "monotonic", "time"}


def real_time_calls(source: str) -> list[str]:
    """Calls of ``source`` that sleep or read the wall clock for a test
    (``time.sleep``, ``time.perf_counter()``...), not a clock handed in."""
    return [
        f"line {node.lineno}: {ast.unparse(node.func)}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "time"
        and node.func.attr in WALL_CLOCKS
    ]


def test_the_real_time_check_finds_a_sleep():
    source = "time.sleep(0.1)\nclock.sleep(1)\nstart = time.perf_counter()\n"
    assert real_time_calls(source) == ["line 1: time.sleep", "line 3: time.perf_counter"]


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "tests").glob("*.py") if p.name not in REAL_WAITS),
    ids=lambda p: p.name,
)
def test_tests_run_on_given_time(path):
    """A test moves time by hand (``advance``, a fake clock); only what
    another process does is waited for, through ``uikit.wait_until``."""
    calls = [call.split(": ")[1] for call in real_time_calls(path.read_text("utf-8"))]
    assert calls == SOLVER_CLOCK.get(path.name, [])
