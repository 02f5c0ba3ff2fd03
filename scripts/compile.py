"""Compile the engine kernel and every installed game's rules with Cython (pure-Python mode):
the same ``.py`` files, untouched, as C extension modules in ``build/compiled/``.

``make compile`` runs it (and ``make install`` when a C compiler is present). Nothing is
written beside the sources: each module's exact source bytes are copied to
``build/compiled-src/`` (hashed as copied), cythonized and built there, and the extension
modules land in ``build/compiled/`` with ``manifest.json`` (each module's SHA-256, its
extension file, the interpreter it was built for). They are loaded only when the switch is
on (``WORKBENCH_COMPILED=1``) and only a module whose current ``.py`` still has the hash it
was built from: :mod:`workbench.compiled` is the guard; every other module, and every module
edited since the build, runs interpreted as always.

The modules: :data:`KERNEL` (the table, its steps, fields, copies, hidden information), and
for every game of the ``workbench.games`` entry-point group its ``rules`` module with every
module of the game's own package that ``rules`` imports, directly or not (its steps, table,
effects, dice, policy ...) — found by reading the imports, so no game is named here; a
module that imports ipywidgets (a board) is never one of them.

Without Cython or a C compiler it prints one line and exits 0 (the workbench runs
interpreted). Exit 2 with one line when a build fails (nothing is installed then: the
manifest of an earlier build is removed first).

Run: ``.venv/bin/python scripts/compile.py [--list] [--jobs 2]``.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import resource
import shutil
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "build" / "compiled"
STAGE = ROOT / "build" / "compiled-src"
MANIFEST = "manifest.json"
KERNEL = (
    "workbench.engine.kernel.table",
    "workbench.engine.kernel.steps",
    "workbench.engine.kernel.fields",
    "workbench.engine.kernel.copies",
    "workbench.engine.kernel.hidden",
    "workbench.engine.kernel.seen",
)
GROUP = "workbench.games"
#: Cython reads the sources as plain Python: annotations are not C types (``annotation_typing``
#: off: ``t.deck: list[str]`` must still accept a snapshot's tuple, ``float`` stay a Python
#: float), functions bind as Python functions do (``binding``), so the same code behaves alike.
DIRECTIVES = {"language_level": 3, "annotation_typing": False, "binding": True}
CFLAGS = ["-g0"]  # no debug information: less compile time, smaller modules


def source_of(module: str) -> Path | None:
    """The ``.py`` file of ``module`` (its parent packages are imported to find it)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def _imports(path: Path, package: str) -> set[str]:
    """The modules of ``package`` that the file at ``path`` imports (absolute or relative)."""
    tree = ast.parse(path.read_bytes(), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([package] + ([base] if base else []))
            if base == package:  # from pkg import a, b: a and b may be modules
                found.update(f"{package}.{a.name}" for a in node.names)
            elif base.startswith(package + "."):
                found.add(base)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith(package + "."))
    return found


def _uses_widgets(path: Path) -> bool:
    tree = ast.parse(path.read_bytes(), str(path))
    for node in ast.walk(tree):
        names = (
            [a.name for a in node.names]
            if isinstance(node, ast.Import)
            else [node.module or ""]
            if isinstance(node, ast.ImportFrom)
            else []
        )
        if any(n.split(".")[0] in ("ipywidgets", "anywidget") for n in names):
            return True
    return False


def rules_modules(package: str) -> list[str]:
    """``package.rules`` and the modules of ``package`` it imports, transitively (none that
    imports ipywidgets)."""
    todo, seen = [f"{package}.rules"], set[str]()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = source_of(name)
        if path is None or path.name == "__init__.py" or _uses_widgets(path):
            continue
        seen.add(name)
        todo.extend(_imports(path, package) - seen)
    return sorted(seen)


def modules_to_compile(games: list[str] | None = None) -> list[str]:
    """The kernel's modules, then each installed game's rules modules (``games``: only those)."""
    names = list(KERNEL)
    for entry in sorted(importlib.metadata.entry_points(group=GROUP), key=lambda e: e.name):
        if games is not None and entry.name not in games:
            continue
        package = entry.value.split(":")[0]
        names += [m for m in rules_modules(package) if m not in names]
    return names


def digest(data: bytes) -> str:
    """The SHA-256 of a module's source bytes, as the manifest and the guard write it.

    >>> digest(b"x = 1\\n")[:12]
    '9e26bf369911'
    """
    return hashlib.sha256(data).hexdigest()


def compiler() -> str | None:
    """The C compiler the interpreter builds extensions with, if it is installed."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    return shutil.which(cc) or shutil.which("cc") or shutil.which("gcc")


def stage(names: list[str]) -> dict[str, dict[str, str]]:
    """Copy each module's source bytes into ``build/compiled-src/`` (with empty package
    ``__init__.py`` files, so Cython names each module by its dotted path); their hashes."""
    entries: dict[str, dict[str, str]] = {}
    for name in names:
        path = source_of(name)
        if path is None:
            raise SystemExit(f"compile: no source file for {name}")
        data = path.read_bytes()
        parts = name.split(".")
        target = STAGE.joinpath(*parts[:-1], parts[-1] + ".py")
        target.parent.mkdir(parents=True, exist_ok=True)
        for depth in range(1, len(parts)):
            init = STAGE.joinpath(*parts[:depth], "__init__.py")
            if not init.exists():
                init.write_bytes(b"")
        if not target.exists() or target.read_bytes() != data:  # unchanged: not rebuilt
            target.write_bytes(data)
        entries[name] = {"source": str(path), "sha256": digest(data)}
    return entries


def fresh_start(cflags: list[str]) -> None:
    """Remove the C files and modules of an earlier build made with other directives, another
    Cython or other flags (an incremental build would keep them: it compares file times)."""
    from Cython import __version__

    made = json.dumps({"directives": DIRECTIVES, "cython": __version__, "cflags": cflags})
    stamp = ROOT / "build" / "compiled-c" / "settings.json"
    if stamp.exists() and stamp.read_text() == made:
        return
    for folder in (ROOT / "build" / "compiled-c", OUT, STAGE):
        shutil.rmtree(folder, ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(made)


def build(names: list[str], jobs: int) -> dict[str, dict[str, str]]:
    """Cythonize and build the staged modules into ``build/compiled/``; the manifest's
    entries (a module Cython refuses is left out, with a line saying so)."""
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    fresh_start(CFLAGS)
    entries = stage(names)
    extensions = [
        Extension(
            name,
            [str(STAGE.joinpath(*name.split(".")).with_suffix(".py"))],
            extra_compile_args=CFLAGS,
        )
        for name in names
    ]
    modules, refused = [], {}
    for ext in extensions:  # one at a time: a module Cython cannot read stays interpreted
        try:
            modules += cythonize(
                [ext],
                build_dir=str(ROOT / "build" / "compiled-c"),
                compiler_directives=DIRECTIVES,
                quiet=True,
            )
        except Exception as exc:  # Cython's CompileError: its own message went to stderr
            refused[ext.name] = f"{type(exc).__name__}"
    for name in refused:
        del entries[name]
        print(f"compile: {name} stays interpreted (Cython cannot compile it: see above)")
    dist = Distribution({"name": "workbench-compiled", "ext_modules": modules})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(OUT)  # type: ignore[attr-defined]
    cmd.build_temp = tempfile.mkdtemp(prefix="wb-compile-")  # type: ignore[attr-defined]
    cmd.parallel = jobs  # type: ignore[attr-defined]
    cmd.ensure_finalized()
    cmd.run()
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for name, entry in entries.items():
        built = OUT.joinpath(*name.split(".")).with_name(name.split(".")[-1] + suffix)
        if not built.exists():
            raise SystemExit(f"compile: {name} was not built ({built} missing)")
        entry["file"] = str(built.relative_to(OUT))
    shutil.rmtree(cmd.build_temp, ignore_errors=True)  # type: ignore[attr-defined]
    return entries


def _cpu() -> float:
    """CPU seconds of this process and its finished children (the C compiler)."""
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + kids.ru_utime + kids.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print the modules and stop")
    parser.add_argument("--jobs", type=int, default=2, help="parallel C compiles (2)")
    parser.add_argument("--games", help="only these games' rules (comma-separated; default all)")
    args = parser.parse_args(argv)
    names = modules_to_compile(args.games.split(",") if args.games else None)
    if args.list:
        print("\n".join(names))
        return 0
    if importlib.util.find_spec("Cython") is None:
        print("compile: Cython is not installed: the workbench runs interpreted (no-op)")
        return 0
    if compiler() is None:
        print("compile: no C compiler found: the workbench runs interpreted (no-op)")
        return 0
    (OUT / MANIFEST).unlink(missing_ok=True)
    t0, c0 = time.perf_counter(), _cpu()
    try:
        entries = build(names, args.jobs)
    except SystemExit:
        raise
    except Exception as exc:  # a compiler's or Cython's error: one line, nothing installed
        print(f"compile: the build failed ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    manifest = {
        "python": sys.implementation.cache_tag,
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "cython": importlib.metadata.version("cython"),
        "modules": entries,
    }
    (OUT / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    print(
        f"compile: {len(entries)} modules built into {OUT.relative_to(ROOT)} in "
        f"{time.perf_counter() - t0:.0f} s wall, {_cpu() - c0:.0f} CPU s with the compiler's "
        f"(load {os.getloadavg()[0]:.1f}); "
        "switch on with WORKBENCH_COMPILED=1"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
