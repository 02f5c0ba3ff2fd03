"""The kernel and its protocol: declared fields and secrets, steps, chance, observations, seat views, parameters, the registry."""

from workbench.engine.kernel.table import *  # noqa: F403 (``workbench.engine.kernel`` stays importable as before)
from workbench.engine.kernel.table import __all__ as __all__
