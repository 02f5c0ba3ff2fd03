"""Players: random, greedy, OSLA, ISMCTS; player specs; position analysis."""

from workbench.engine.players.basic import *  # noqa: F403 (``workbench.engine.players`` stays importable as before)
from workbench.engine.players.basic import __all__ as __all__
