"""How many worker processes a command may start: at most the machine's cores.

Kept apart from :mod:`workbench.cli._budget` (which reports through ``CliError``) so that
the command line's shared protections in :mod:`workbench.cli` can use it without an
import cycle.
"""

from __future__ import annotations

import os
import sys

__all__ = ["bounded_workers", "machine_cores"]


def machine_cores() -> int:
    """Cores this process may use (its CPU affinity), at least 1.

    >>> machine_cores() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def bounded_workers(requested: int | None, command: str = "workbench") -> int | None:
    """``requested`` capped at the machine's cores, with a warning on stderr when capped.

    >>> bounded_workers(None) is None, bounded_workers(1)
    (True, 1)
    """
    if requested is None:
        return None
    cores = machine_cores()
    if requested > cores:
        sys.stderr.write(
            f"{command}: warning: --workers {requested} on a machine with {cores} "
            f"core{'s' if cores > 1 else ''}: using {cores} (more would only "
            "share the same cores and multiply the memory)\n"
        )
        return cores
    return requested
