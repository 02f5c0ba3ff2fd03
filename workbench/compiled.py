"""The compiled kernel and rules, loaded only where they were built from the current source.

``scripts/compile.py`` (``make compile``) builds the kernel and every game's rules, as they
are written, into C extension modules in ``build/compiled/`` with a manifest of each
module's source hash. They are used only when the switch is on — ``WORKBENCH_COMPILED=1``
in the environment (``import workbench`` then calls :func:`enable`; worker processes inherit
it) or :func:`enable` called before the engine is imported — and default OFF.

:func:`enable` puts a finder at the front of ``sys.meta_path``. For a module the manifest
lists, it reads the ``.py`` file the normal import would load and loads the extension
module only when that file's SHA-256 is the one it was built from; a module edited since the
build (or with no build, a build for another interpreter, a missing file) is imported from
its ``.py`` as always. :func:`status` says which modules are compiled in this process; the
benches print it (``compiled: yes (n modules)`` / ``compiled: no (why)``).

>>> finder = CompiledFinder({"modules": {}}, Path("/nonexistent"))
>>> finder.find_spec("workbench.engine.kernel.table", None) is None
True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ExtensionFileLoader, ModuleSpec, PathFinder
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["SWITCH", "CompiledFinder", "build_dir", "enable", "read_manifest", "status"]

SWITCH = "WORKBENCH_COMPILED"
"""The environment variable that turns the compiled modules on (``1``)."""


def build_dir() -> Path:
    """Where ``scripts/compile.py`` puts its modules: ``build/compiled/`` of the checkout."""
    return Path(__file__).resolve().parents[1] / "build" / "compiled"


class CompiledFinder:
    """A ``sys.meta_path`` finder: a listed module's extension when its source is unchanged.

    ``loaded`` names the modules it gave compiled, ``stale`` those it left to the ``.py``
    (edited since the build, or their extension file missing).
    """

    def __init__(self, manifest: dict[str, Any], root: Path) -> None:
        self.modules: dict[str, dict[str, str]] = dict(manifest.get("modules", {}))
        self.root = root
        self.loaded: list[str] = []
        self.stale: list[str] = []

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        entry = self.modules.get(fullname)
        if entry is None:
            return None
        source = PathFinder.find_spec(fullname, path)
        origin = source.origin if source is not None else None
        built = self.root / entry["file"]
        try:
            fresh = origin is not None and _sha256(Path(origin)) == entry["sha256"]
        except OSError:
            fresh = False
        if not fresh or not built.is_file():
            self.stale.append(fullname)
            return None
        self.loaded.append(fullname)
        loader = _CompiledLoader(fullname, str(built), str(origin))
        return importlib.util.spec_from_file_location(fullname, str(built), loader=loader)


class _CompiledLoader(ExtensionFileLoader):
    """Loads the extension module; its ``__file__`` stays the ``.py`` it was built from, so a
    module that finds its data beside itself (``Path(__file__).with_name("die.csv")``) finds it
    as the interpreted one does. ``__spec__.origin`` is the extension file."""

    def __init__(self, fullname: str, path: str, source: str) -> None:
        super().__init__(fullname, path)
        self.source = source

    def exec_module(self, module: ModuleType) -> None:
        module.__file__ = self.source
        super().exec_module(module)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_manifest(root: Path) -> dict[str, Any] | str:
    """The build's manifest in folder ``root``, or why there is none usable here.

    >>> read_manifest(Path("/nonexistent"))
    'not built (make compile)'
    """
    try:
        manifest: dict[str, Any] = json.loads((root / "manifest.json").read_text())
    except FileNotFoundError:
        return "not built (make compile)"
    except (OSError, ValueError) as exc:
        return f"unreadable manifest ({exc})"
    if manifest.get("ext_suffix") != importlib.machinery.EXTENSION_SUFFIXES[0]:
        return f"built for another interpreter ({manifest.get('python')})"
    return manifest


_STATE: dict[str, Any] = {"finder": None, "why": "off (set WORKBENCH_COMPILED=1)"}


def enable(root: Path | None = None) -> bool:
    """Load the compiled modules from now on (those imported before stay as they are);
    False, with the reason in :func:`status`, when there is no usable build."""
    if _STATE["finder"] is not None:
        return True
    found = read_manifest(root or build_dir())
    if isinstance(found, str):
        _STATE["why"] = found
        return False
    finder = CompiledFinder(found, root or build_dir())
    sys.meta_path.insert(0, finder)
    _STATE["finder"] = finder
    return True


def status() -> str:
    """``yes (n modules compiled)``, with the stale ones named, or ``no (why)``."""
    finder: CompiledFinder | None = _STATE["finder"]
    if finder is None:
        return f"no ({_STATE['why']})"
    if not finder.loaded:
        return f"on ({len(finder.modules)} modules built; none imported in this process yet)"
    stale = f"; interpreted, edited since the build: {', '.join(finder.stale)}"
    return f"yes ({len(finder.loaded)} modules compiled{stale if finder.stale else ''})"


def enable_from_environment() -> None:
    """:func:`enable` when ``WORKBENCH_COMPILED=1`` (``import workbench`` calls this)."""
    if os.environ.get(SWITCH) == "1":
        enable()
