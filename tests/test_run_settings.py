"""The test run's own settings (the root conftest.py): a ceiling on each default-run test,
none on the slow ones, and bytecode kept for the processes the run starts."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest


def _root_conftest_value(name: str) -> object:
    """A value of the root conftest.py, read from its file: ``from conftest import`` takes
    whichever conftest the worker's sys.path finds first (tests/designer_game's under -n 2)."""
    path = Path(__file__).resolve().parents[1] / "conftest.py"
    spec = importlib.util.spec_from_file_location("root_conftest", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


DEFAULT_RUN_TIMEOUT = _root_conftest_value("DEFAULT_RUN_TIMEOUT")


def test_a_default_run_test_has_the_ceiling(request: pytest.FixtureRequest) -> None:
    marker = request.node.get_closest_marker("timeout")
    assert marker is not None and marker.args == (DEFAULT_RUN_TIMEOUT,)
    assert request.node.get_closest_marker("slow") is None


def test_a_process_the_run_starts_writes_bytecode_outside_the_tree() -> None:
    assert "PYTHONDONTWRITEBYTECODE" not in os.environ
    out = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.dont_write_bytecode, sys.pycache_prefix)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == ["False", os.environ["PYTHONPYCACHEPREFIX"]]
