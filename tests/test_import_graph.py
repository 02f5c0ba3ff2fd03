"""The package's shape: no import cycles, a core (prob/, cards/, engine/) that names no game,
and no module importing a module on a higher floor (core -> engine -> games/ui/charts/printing
-> share/cli/scaffold), imports inside functions and ``TYPE_CHECKING``-only ones included."""

from __future__ import annotations

import ast
import functools
import gc
import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "workbench"
CORE = ("prob", "cards", "engine")
GAME_WORDS = re.compile(r"workbench.games|GHOST|MUGEN|tragic")

# Cycles entirely inside one game's package, allowed while the games move onto the
# kernel (issue 12). THIS LIST MUST BECOME EMPTY: the game porters remove their entry
# once the game's modules import each other one way.
ALLOWED_GAME_CYCLES: dict[str, set[frozenset[str]]] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def module_level_imports(
    tree: ast.Module, name: str, is_package: bool, typing: bool = False
) -> Iterator[tuple[str, str | None]]:
    """(module, name imported from it or None) at module level; ``if TYPE_CHECKING:`` left
    out unless ``typing``."""
    body: list[ast.stmt] = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, ast.If):
            if typing or not _is_type_checking(node.test):
                body[:0] = [*node.body, *node.orelse]
            continue
        if isinstance(node, ast.Try):
            body[:0] = [
                *node.body,
                *node.orelse,
                *node.finalbody,
                *(s for h in node.handlers for s in h.body),
            ]
            continue
        if isinstance(node, ast.Import):
            yield from ((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            for alias in node.names:
                yield module, alias.name


def deferred_imports(
    tree: ast.Module, name: str, is_package: bool, typing: bool = False
) -> Iterator[tuple[str, str | None]]:
    """Imports inside functions and methods (taken at call time): a cycle through one
    is still a cycle of the design, only hidden from the interpreter."""
    for node in nested_statements(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            inner = ast.Module(
                body=[
                    n
                    for n in nested_statements(node)
                    if isinstance(n, (ast.Import, ast.ImportFrom))
                ],
                type_ignores=[],
            )
            yield from module_level_imports(inner, name, is_package, typing)


def nested_statements(node: ast.AST) -> Iterator[ast.stmt]:
    r"""Every statement under a module or statement, nested ones included. Imports,
    functions and classes are statements, found here without walking the expressions
    (most of a tree's nodes: ``ast.walk`` over every function took 9 of 12 s).

    >>> tree = ast.parse("def f():\n    if x:\n        import a\n    try:\n        pass\n"
    ...                  "    except E:\n        import b\nclass C:\n    def g(self): ...")
    >>> [type(s).__name__ for s in nested_statements(tree)]
    ['FunctionDef', 'If', 'Import', 'Try', 'Pass', 'Import', 'ClassDef', 'FunctionDef', 'Expr']
    """
    for field in ("body", "handlers", "orelse", "finalbody", "cases"):
        for child in getattr(node, field, ()):
            if isinstance(child, ast.stmt):
                yield child
            yield from nested_statements(child)


class FileFacts(NamedTuple):
    """What the tests read of one module's syntax tree, kept instead of the tree."""

    imports: dict[tuple[bool, bool], tuple[tuple[str, str | None], ...]]
    """(deferred, typing) -> the imports :func:`import_graph` takes with those flags"""
    defined: tuple[str, ...]
    """the names of every function and class defined in it, nested ones included"""


@functools.cache
def file_facts(path: Path) -> FileFacts:
    """One module's imports (under each pair of flags) and defined names, parsed once per
    test run with the cyclic garbage collector paused. The parse makes about 600,000
    objects with no cycles among them: the collections they set off took two thirds of its
    time (workbench/ parsed in 2.6 CPU s, 0.8 with the collector paused), and the trees are
    dropped once read (kept, about 100 MB that every later full collection in the test
    process walked again, about 1 CPU s each)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    finally:
        if was_enabled:
            gc.enable()
    name, is_package = module_name(path), path.name == "__init__.py"
    imports = {}
    for typing in (False, True):
        plain = tuple(module_level_imports(tree, name, is_package, typing))
        imports[False, typing] = plain
        imports[True, typing] = plain + tuple(deferred_imports(tree, name, is_package, typing))
    defined = tuple(
        node.name
        for node in nested_statements(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    )
    return FileFacts(imports, defined)


@functools.cache
def import_graph(
    deferred: bool = False, typing: bool = False, folders: tuple[Path, ...] = (PACKAGE,)
) -> dict[str, set[str]]:
    """module -> the modules of ``folders`` it imports at module level (and inside
    functions too, with ``deferred``; under ``if TYPE_CHECKING:`` too, with ``typing``)."""
    files = {
        module_name(p): p
        for folder in folders
        for p in folder.rglob("*.py")
        if "__pycache__" not in p.parts
    }
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        targets = set()
        for module, attr in file_facts(path).imports[deferred, typing]:
            # ``from pkg import sub`` imports the submodule; ``from mod import x`` the module
            target = f"{module}.{attr}" if f"{module}.{attr}" in files else module
            if target in files and target != name:
                targets.add(target)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _game_of(component: frozenset[str]) -> str | None:
    games = {
        m.split(".")[2] if m.startswith("workbench.games.") and m.count(".") >= 2 else None
        for m in component
    }
    return games.pop() if len(games) == 1 else None


def test_the_graph_sees_imports():
    """A check that cannot fail is a defect: the graph holds edges we know exist."""
    graph = import_graph()
    assert "workbench.prob.dist" in graph["workbench.prob.dice"]
    assert "workbench.registry" in graph["workbench.cards.registry"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_no_import_cycles():
    unexpected = []
    for component in cycles(import_graph()):
        game = _game_of(component)
        if game is not None and component in ALLOWED_GAME_CYCLES.get(game, set()):
            continue
        unexpected.append(sorted(component))
    assert unexpected == [], "import cycles (break them; games: see ALLOWED_GAME_CYCLES)"


def test_no_import_cycles_even_through_imports_inside_functions():
    """An import taken at call time to dodge a cycle hides the cycle, it does not remove it
    (issue 22 removed the last three: replay/session, analysis panel/board/picture,
    mugen cards/decks)."""
    graph, plain = import_graph(deferred=True), import_graph()
    assert sum(map(len, graph.values())) > sum(map(len, plain.values()))  # it sees deferred ones
    assert [sorted(c) for c in cycles(graph)] == []


def test_the_core_names_no_game():
    """``grep -rn "workbench.games\\|GHOST\\|MUGEN\\|tragic" workbench/prob workbench/cards
    workbench/engine`` finds nothing (docstrings and doctests included)."""
    hits = []
    for folder in CORE:
        for path in sorted((PACKAGE / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if GAME_WORDS.search(line):
                        hits.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert hits == []


def test_no_import_cycles_over_workbench_and_bench_with_typing_only_imports():
    """Issue 34: 0 cycles at run time, counting imports inside functions and those under
    ``if TYPE_CHECKING:`` (a cycle only the type checker takes is still two modules that
    each need the other), over ``workbench/`` and ``bench/``."""
    graph = import_graph(deferred=True, typing=True, folders=(PACKAGE, ROOT / "bench"))
    assert any(m.startswith("bench.") for m in graph)  # bench is in the walk
    typed = import_graph(deferred=True, typing=True)
    assert sum(map(len, typed.values())) > sum(map(len, import_graph(deferred=True).values()))
    assert KNOWN_TYPED_CYCLES == ()  # the last (kernel_game <-> table) is gone: keep it so
    assert [sorted(c) for c in cycles(graph)] == []


KNOWN_TYPED_CYCLES: tuple[frozenset[str], ...] = ()
"""Cycles only ``TYPE_CHECKING`` imports close. Empty since issue 34 (the last one, the
kernel's ``kernel_game`` <-> ``table``, went when ``table`` stopped re-exporting
``KernelGame``): none may appear again."""


FLOORS: tuple[tuple[str, ...], ...] = (
    (
        "workbench",
        "workbench.prob",
        "workbench.cards",
        "workbench.spec",
        "workbench.registry",
        "workbench.datafiles",
        "workbench.atomic",
        "workbench.budget",
        "workbench.text",
        "workbench.fonts",
        "workbench._vendor",
    ),
    ("workbench.engine",),
    ("workbench.games", "workbench.ui", "workbench.charts", "workbench.printing"),
    ("workbench.share", "workbench.cli", "workbench.scaffold", "workbench.__main__"),
)
"""The floors, ground first: a module may import its own floor and those below it."""

ALLOWED_UPWARD: set[tuple[str, str]] = set()
"""Imports up a floor still to remove (issue 34 part 5: charts out of ``measure/``). THIS SET
MUST BECOME EMPTY; remove an entry with the import."""


def floor_of(module: str) -> int:
    """The floor of a workbench module (the longest package prefix that names one)."""
    best, found = -1, None
    for level, packages in enumerate(FLOORS):
        for p in packages:
            if (module == p or module.startswith(p + ".")) and len(p) > best:
                best, found = len(p), level
    assert found is not None, f"{module} is on no floor: add its package to FLOORS"
    return found


def test_no_module_imports_a_higher_floor():
    assert floor_of("workbench.registry") == 0 and floor_of("workbench.cli.play_cmd") == 3
    assert floor_of("workbench") == 0 and floor_of("workbench.games.life.rules") == 2
    graph = import_graph(deferred=True, typing=True)
    upward = {
        (a, b)
        for a, targets in graph.items()
        for b in targets
        if floor_of(b) > floor_of(a) and (a, b) not in ALLOWED_UPWARD
    }
    assert sorted(upward) == []
    # the check sees an upward import when there is one
    assert floor_of("workbench.engine.measure.balance") < floor_of("workbench.charts.balance")


def test_cards_import_no_engine():
    graph = import_graph(deferred=True, typing=True)
    reach = {t for m, ts in graph.items() if m.startswith("workbench.cards") for t in ts}
    assert not [t for t in reach if t.startswith("workbench.engine")]


def test_seat_view_has_one_meaning():
    """Issue 34: "seat view" is what a player is handed (``kernel.seat.SeatView``) and
    nothing else; what a viewer is shown of a session is ``engine.play.viewer`` and the
    playtest page's message to a seat is ``playtest_server.seat_page``."""
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    assert not [m for m in modules if m.rsplit(".", 1)[-1] in ("seat_view", "seat_views")]
    assert {"workbench.engine.play.viewer", "workbench.engine.kernel.seat"} <= modules
    named = {}
    for path in PACKAGE.rglob("*.py"):
        for defined in file_facts(path).defined:
            if defined.lower() in ("seat_view", "seatview"):
                named.setdefault(defined, []).append(module_name(path))
    assert named == {"SeatView": ["workbench.engine.kernel.seat"]}
