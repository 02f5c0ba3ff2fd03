"""Settings for every test the project collects (tests/, the package's doctests, notebooks).

The notebooks run on the test run's small budget (``workbench.budget``): their kernels
inherit ``WORKBENCH_BUDGET=ci`` from here, however pytest is called (``make test``, or one
notebook alone: ``pytest --nbmake notebooks/ghost.ipynb``). A designer's own run of a
notebook, outside pytest, spends the full budget.

The test run keeps compiled bytecode even where the environment says not to write it
(``PYTHONDONTWRITEBYTECODE``, set in some containers): without it every process the run
starts (two xdist workers, each notebook's and each Voila board's kernel, every CLI
subprocess) compiled the workbench and re-wrote the tests' asserts from source, about 11 of
a worker's 24 CPU s of collection alone. The caches go to one folder outside the working
tree (``PYTHONPYCACHEPREFIX``, unless already set), so no ``__pycache__`` appears in it.

A default-run test that hangs fails after ``DEFAULT_RUN_TIMEOUT`` seconds (pytest-timeout)
instead of stalling its xdist worker and the whole run with it; the slow runs have no ceiling.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

#: seconds one default-run test may take: the slowest take about 2 minutes at load 12
DEFAULT_RUN_TIMEOUT = 900

os.environ.setdefault("WORKBENCH_BUDGET", "ci")


def _keep_bytecode() -> None:
    """Write bytecode caches in this process and every process it starts (see above)."""
    prefix = os.environ.get("PYTHONPYCACHEPREFIX") or str(
        Path(tempfile.gettempdir()) / f"workbench-pycache-{os.getuid()}"
    )
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False


_keep_bytecode()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Give every test not marked slow (nor given its own timeout) the default-run ceiling."""
    if not config.pluginmanager.hasplugin("timeout"):
        return
    for item in items:
        if item.get_closest_marker("slow") is None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(DEFAULT_RUN_TIMEOUT))
