"""The compiled kernel and rules (``scripts/compile.py``, :mod:`workbench.compiled`): the guard
loads a compiled module only for the source it was built from, and the compiled build plays
the same games and the same goldens as the interpreted code.

The tests that need a build skip without one (``make compile``, opt-in: ``make install`` does
not run it).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.compiled import CompiledFinder, build_dir, read_manifest

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _package(tmp_path: Path, text: str) -> tuple[Path, Path, dict]:
    """A package ``h7pkg`` with module ``rules`` (``text``), a stand-in extension file and a
    manifest naming that file with the hash of ``text``."""
    src = tmp_path / "src" / "h7pkg"
    src.mkdir(parents=True)
    (src / "__init__.py").write_text("")
    (src / "rules.py").write_text(text)
    built = tmp_path / "built"
    (built / "h7pkg").mkdir(parents=True)
    (built / "h7pkg" / f"rules{SUFFIX}").write_bytes(b"stand-in")
    manifest = {
        "ext_suffix": SUFFIX,
        "modules": {
            "h7pkg.rules": {
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
                "file": f"h7pkg/rules{SUFFIX}",
            }
        },
    }
    return src, built, manifest


def test_the_finder_loads_an_extension_only_for_the_source_it_was_built_from(tmp_path):
    src, built, manifest = _package(tmp_path, "X = 1\n")
    finder = CompiledFinder(manifest, built)
    spec = finder.find_spec("h7pkg.rules", [str(src)])
    assert spec is not None and spec.origin == str(built / "h7pkg" / f"rules{SUFFIX}")
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.find_spec("h7pkg.other", [str(src)]) is None  # not listed: the .py
    (src / "rules.py").write_text("X = 2\n")  # edited since the build
    assert finder.find_spec("h7pkg.rules", [str(src)]) is None
    assert finder.loaded == ["h7pkg.rules"] and finder.stale == ["h7pkg.rules"]


def test_a_missing_extension_file_falls_back_to_the_source(tmp_path):
    src, built, manifest = _package(tmp_path, "X = 1\n")
    (built / "h7pkg" / f"rules{SUFFIX}").unlink()
    finder = CompiledFinder(manifest, built)
    assert finder.find_spec("h7pkg.rules", [str(src)]) is None
    assert finder.stale == ["h7pkg.rules"]


def test_a_build_for_another_interpreter_is_not_enabled(tmp_path):
    (tmp_path / "manifest.json").write_text(
        json.dumps({"ext_suffix": ".cpython-39-x86_64-linux-gnu.so", "python": "cpython-39"})
    )
    assert read_manifest(tmp_path) == "built for another interpreter (cpython-39)"
    assert read_manifest(tmp_path / "nowhere") == "not built (make compile)"


def _built() -> dict:
    manifest = build_dir() / "manifest.json"
    if not manifest.exists():
        pytest.skip("no compiled build (make compile)")
    return json.loads(manifest.read_text())


# One seeded game of each compiled game's rules, in place and on the immutable path, each
# with a greedy line-up where the game has one: the final states and actions, hashed.
_PLAY = """
import hashlib, sys
from workbench import compiled
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout, playout_in_place
from workbench.registry import make_game
out = hashlib.sha256()
for name in sys.argv[1:]:
    game = make_game(name)
    for seed in (1, 2):
        a = playout_in_place(game, random_player, seed, record=True)
        b = playout(game, random_player, seed)
        out.update(repr((name, a.final, a.actions, b.final, b.actions)).encode())
print(out.hexdigest())
print(compiled.status())
"""


def _run(script: str, games: list[str], on: bool) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "WORKBENCH_COMPILED"}
    if on:
        env["WORKBENCH_COMPILED"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", script, *games],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.splitlines()


def _compiled_games(manifest: dict) -> list[str]:
    from workbench.registry import game_names, spec

    return [
        name
        for name in game_names()
        if spec(name).new_game.target.split(":")[0] in manifest["modules"]
    ]


def test_compiled_rules_play_the_same_games_as_the_interpreted_ones():
    manifest = _built()
    games = _compiled_games(manifest)
    assert games, "the build holds no game's rules"
    plain, compiled = _run(_PLAY, games, False), _run(_PLAY, games, True)
    assert plain[1].startswith("no (off")
    assert compiled[1].startswith("yes ("), compiled[1]
    assert compiled[0] == plain[0]


@pytest.mark.slow  # ~1-2 min; the default run's test above plays the same games both ways
def test_the_goldens_and_kernel_tests_pass_compiled():
    _built()
    env = dict(os.environ, WORKBENCH_COMPILED="1")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-x",
            "-p",
            "no:cacheprovider",
            "tests/life/test_play.py",
            "tests/pig",
            "tests/engine/test_kernel.py",
            "tests/engine/test_copies.py",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
