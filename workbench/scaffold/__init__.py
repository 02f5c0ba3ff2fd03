"""``workbench new``: a designer's game as a small installable package, ready to edit.

:func:`new_game` fills the templates of ``workbench/scaffold/template`` (plain
text with ``{{name}}``, ``{{Title}}`` and ``{{Class}}`` replaced; nothing is
run) into ``<folder>/<name>/``: ``pyproject.toml`` registering the game in the
entry-point group ``workbench.games``, the package (its ``__init__.py`` declaring the
game's ``SPEC``, each optional part with a comment on what it unlocks, as
``docs/your-game.md`` lists them; rules on the kernel with a worked example turn, a card sheet and its schema, its print layout, players, render, board,
analysis), a notebook, tests (conformance, a golden playthrough, exact
against simulated) and a ``.gitignore`` for what building and playing it leave behind. The golden files are written by playing the new game once.
Everything is written into a temporary folder first and moved in place at the
end, so a failure leaves nothing behind; an existing folder is never overwritten.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     out = new_game("mygame", d)
...     sorted(p.name for p in out.iterdir())
['.gitignore', 'README.md', 'mygame', 'notebooks', 'pyproject.toml', 'tests']
>>> check_name("Pig!")
Traceback (most recent call last):
...
workbench.scaffold.ScaffoldError: name 'Pig!': use lower-case letters, digits and _ (start with a letter, at most 40)
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import keyword
import re
import sys
import tempfile
from importlib.resources import files
from pathlib import Path

__all__ = ["FILES", "ScaffoldError", "check_name", "new_game"]

_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}\Z")

#: template -> path in the new project ({{name}} replaced).
FILES = {
    "pyproject.toml.tpl": "pyproject.toml",
    "README.md.tpl": "README.md",
    "init.py.tpl": "{{name}}/__init__.py",
    "rules.py.tpl": "{{name}}/rules.py",
    "cards.py.tpl": "{{name}}/cards.py",
    "cards.csv.tpl": "{{name}}/cards.csv",
    "print_layout.toml.tpl": "{{name}}/print_layout.toml",
    "players.py.tpl": "{{name}}/players.py",
    "render.py.tpl": "{{name}}/render.py",
    "board.py.tpl": "{{name}}/board.py",
    "analysis.py.tpl": "{{name}}/analysis.py",
    "questions.py.tpl": "{{name}}/questions.py",
    "notebook.ipynb.tpl": "notebooks/{{name}}.ipynb",
    "test.py.tpl": "tests/test_{{name}}.py",
    "gitignore.tpl": ".gitignore",
}


class ScaffoldError(ValueError):
    """A name or folder the scaffold cannot use (one line)."""


def check_name(name: str) -> str:
    """``name`` when it can be a game and a Python package that is not taken already."""
    if not isinstance(name, str) or not _NAME.match(name):
        raise ScaffoldError(
            f"name {str(name)[:60]!r}: use lower-case letters, digits and _ "
            "(start with a letter, at most 40)"
        )
    if (
        keyword.iskeyword(name)
        or name in sys.builtin_module_names
        or name in sys.stdlib_module_names
    ):
        raise ScaffoldError(f"name {name!r} is a Python keyword or standard module; pick another")
    from workbench.registry import game_names

    if name in game_names():
        raise ScaffoldError(f"name {name!r}: a game of that name is registered already")
    if importlib.util.find_spec(name) is not None:
        raise ScaffoldError(f"name {name!r}: a Python package of that name is installed already")
    return name


def _fill(text: str, name: str) -> str:
    title = name.replace("_", " ").title()
    return (
        text.replace("{{name}}", name)
        .replace("{{Title}}", title)
        .replace("{{Class}}", title.replace(" ", ""))
    )


def _write_golden(project: Path, name: str) -> None:
    """Play the new game once (random players, seed 1) and write its golden files."""
    from workbench.engine.conformance.golden import check_golden
    from workbench.engine.players import random_player

    sys.path.insert(0, str(project))
    try:
        rules = importlib.import_module(f"{name}.rules")
        check_golden(
            rules.make_game(),
            random_player,
            1,
            project / "tests" / "golden",
            "random_1",
            regen=True,
        )
    finally:
        sys.path.remove(str(project))
        for mod in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[mod]
        importlib.invalidate_caches()


def new_game(name: str, folder: str | Path = ".") -> Path:
    """Write the project ``<folder>/<name>/`` (see the module docstring); returns its path."""
    check_name(name)
    base = Path(folder).expanduser()
    created = _make_folder(base)
    target = base / name
    if target.exists():
        raise ScaffoldError(f"{str(target)[:200]!r} exists already; nothing was written")
    templates = files(__name__) / "template"
    try:
        with tempfile.TemporaryDirectory(dir=base, prefix=f".{name}-") as tmp:
            project = Path(tmp) / name
            for template, path in FILES.items():
                out = project / _fill(path, name)
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(
                    _fill((templates / template).read_text(encoding="utf-8"), name),
                    encoding="utf-8",
                )
            _write_golden(project, name)
            project.rename(target)
    except OSError as exc:
        if created is not None:  # leave no empty folders behind
            for made in [base, *base.parents]:
                if made == created.parent:
                    break
                with contextlib.suppress(OSError):
                    made.rmdir()
        raise ScaffoldError(f"cannot write {str(target)[:200]!r}: {exc.strerror or exc}") from None
    return target


def _make_folder(base: Path) -> Path | None:
    """Create ``base`` (and its parents) when missing, as the README's ``--dir ~/games``
    expects; the topmost folder created, or None when it existed. ScaffoldError when
    it is a file or cannot be made."""
    if base.is_dir():
        return None
    if base.exists():
        raise ScaffoldError(f"--dir {str(base)[:200]!r} is not a folder")
    missing = base
    while not missing.parent.exists() and missing.parent != missing:
        missing = missing.parent
    try:
        base.mkdir(parents=True)
    except OSError as exc:
        raise ScaffoldError(
            f"--dir {str(base)[:200]!r}: cannot create it ({exc.strerror or exc})"
        ) from None
    return missing
