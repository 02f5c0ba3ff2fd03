"""The exact solver (value iteration over the state graph)."""

from workbench.engine.solve.solver import *  # noqa: F403 (``workbench.engine.solve`` stays importable as before)
from workbench.engine.solve.solver import __all__ as __all__
