"""The card-game design workbench.

Values are immutable, probabilities are exact (sympy ``Rational``), and every
random draw takes an explicit, seeded rng.

``workbench.data_files`` is imported on first use (it brings in
``importlib.resources``), so ``import workbench`` stays cheap for the command line.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from workbench.datafiles import data_files

# the compiled kernel and rules, only when WORKBENCH_COMPILED=1 (workbench.compiled: each
# module loaded compiled only if built from its current source; default off)
if os.environ.get("WORKBENCH_COMPILED") == "1":
    from workbench.compiled import enable_from_environment

    enable_from_environment()

__version__ = "0.1.0"
__all__ = ["data_files"]


def __getattr__(name: str) -> Any:
    if name == "data_files":
        from workbench.datafiles import data_files

        return data_files
    raise AttributeError(f"module 'workbench' has no attribute {name!r}")
