"""The shape of the code (issue 34's closing figures): files per game, the
largest classes counted with what they inherit from the workbench's own
classes (instance attributes, methods), private attributes reached through
another object, and the modules over 400 lines.

Read from the source with ``ast`` (nothing is imported), so it runs on any
checkout: ``python scripts/shape_report.py [--top N] [--root PATH]``.
"""

from __future__ import annotations

import argparse
import ast
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONG_MODULE = 400


@dataclass
class ClassShape:
    """One class as written: its own attributes and methods, and its bases' names."""

    module: str
    name: str
    bases: list[str]
    attributes: set[str] = field(default_factory=set)
    methods: set[str] = field(default_factory=set)


def _self_targets(node: ast.AST) -> set[str]:
    """The ``self.X`` names a function body assigns."""
    names = set()
    for sub in ast.walk(node):
        targets: list[ast.expr] = []
        if isinstance(sub, ast.Assign):
            targets = sub.targets
        elif isinstance(sub, (ast.AnnAssign, ast.AugAssign)):
            targets = [sub.target]
        for target in targets:
            for t in ast.walk(target):
                if (
                    isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name)
                    and t.value.id == "self"
                ):
                    names.add(t.attr)
    return names


def classes_of(path: Path, module: str) -> list[ClassShape]:
    """Every top-level class of one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        shape = ClassShape(module, node.name, [ast.unparse(b).split(".")[-1] for b in node.bases])
        for item in node.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                shape.methods.add(item.name)
                shape.attributes |= _self_targets(item)
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                shape.attributes.add(item.target.id)
        found.append(shape)
    return found


def flattened(shape: ClassShape, by_name: dict[str, list[ClassShape]]) -> tuple[set, set]:
    """Attributes and methods with those of the workbench's own bases (by unique name)."""
    attributes, methods = set(shape.attributes), set(shape.methods)
    seen = {shape.name}
    todo = list(shape.bases)
    while todo:
        base = todo.pop()
        candidates = by_name.get(base, [])
        if base in seen or len(candidates) != 1:
            continue
        seen.add(base)
        attributes |= candidates[0].attributes
        methods |= candidates[0].methods
        todo.extend(candidates[0].bases)
    return attributes, methods


def private_reach(path: Path) -> int:
    """How often a module touches ``x._name`` where ``x`` is not ``self`` or ``cls`` (a
    friend reaching into another object's private state; dunders not counted)."""
    count = 0
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
        ):
            count += 1
    return count


def report(root: Path, top: int) -> list[str]:
    """The report's lines."""
    package = root / "workbench"
    modules = sorted(p for p in package.rglob("*.py") if "_vendor" not in p.parts)
    lines = ["files per game (.py):"]
    for game in sorted((package / "games").iterdir()):
        if game.is_dir() and (game / "__init__.py").exists():
            lines.append(f"  {game.name:<10} {len(list(game.glob('*.py')))}")
    shapes: list[ClassShape] = []
    for path in modules:
        shapes += classes_of(path, str(path.relative_to(root)))
    by_name: dict[str, list[ClassShape]] = {}
    for shape in shapes:
        by_name.setdefault(shape.name, []).append(shape)
    rows = []
    for shape in shapes:
        attributes, methods = flattened(shape, by_name)
        rows.append((len(attributes) + len(methods), len(attributes), len(methods), shape))
    rows.sort(key=lambda r: (-r[0], r[3].module, r[3].name))
    lines.append(
        f"largest classes (attributes, methods, inherited from workbench bases), top {top}:"
    )
    for _, n_attr, n_meth, shape in rows[:top]:
        lines.append(f"  {n_attr:>3} {n_meth:>3}  {shape.module}:{shape.name}")
    reach = sorted(((n, p) for p in modules if (n := private_reach(p))), reverse=True)
    lines.append(
        f"private attributes read or written through another object ('x._name', x not self "
        f"or cls): {sum(n for n, _ in reach)} in {len(reach)} modules; most:"
    )
    for n, path in reach[:top]:
        lines.append(f"  {n:>5}  {path.relative_to(root)}")
    long = [(len(p.read_text(encoding="utf-8").splitlines()), p) for p in modules]
    over = sorted(((n, p) for n, p in long if n > LONG_MODULE), reverse=True)
    lines.append(f"modules over {LONG_MODULE} lines: {len(over)} of {len(modules)}")
    for n, path in over:
        lines.append(f"  {n:>5}  {path.relative_to(root)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=12, help="largest classes to list (12)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to read")
    args = parser.parse_args(argv)
    print("\n".join(report(args.root, args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
