"""The package's shape: no import cycles, and a core (prob/, cards/, engine/) that names no game."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

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
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def module_level_imports(tree: ast.Module, name: str, is_package: bool
                         ) -> Iterator[tuple[str, str | None]]:
    """(module, name imported from it or None) at module level; ``if TYPE_CHECKING:`` left out."""
    body: list[ast.stmt] = list(tree.body)
    while body:
        node = body.pop(0)
        if isinstance(node, ast.If):
            if not _is_type_checking(node.test):
                body[:0] = [*node.body, *node.orelse]
            continue
        if isinstance(node, ast.Try):
            body[:0] = [*node.body, *node.orelse, *node.finalbody,
                        *(s for h in node.handlers for s in h.body)]
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


def import_graph() -> dict[str, set[str]]:
    """workbench module -> the workbench modules it imports at module level."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = set()
        for module, attr in module_level_imports(tree, name, path.name == "__init__.py"):
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
    games = {m.split(".")[2] if m.startswith("workbench.games.") and m.count(".") >= 2 else None
             for m in component}
    return games.pop() if len(games) == 1 else None


def test_the_graph_sees_imports():
    """A check that cannot fail is a defect: the graph holds edges we know exist."""
    graph = import_graph()
    assert "workbench.prob.dist" in graph["workbench.prob.dice"]
    assert "workbench.engine.registry" in graph["workbench.cards.registry"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_no_import_cycles():
    unexpected = []
    for component in cycles(import_graph()):
        game = _game_of(component)
        if game is not None and component in ALLOWED_GAME_CYCLES.get(game, set()):
            continue
        unexpected.append(sorted(component))
    assert unexpected == [], "import cycles (break them; games: see ALLOWED_GAME_CYCLES)"


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
