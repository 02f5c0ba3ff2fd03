"""The kernel and its protocol: declared fields and secrets, steps, chance, observations, the
seat's view a player is handed (``SeatView``), parameters.

The package is the kernel's one public door: ``from workbench.engine.kernel import
KernelGame, Table, items, decision, ...``. Each name comes from the module that defines
it; ``kernel_game`` (the immutable game) stands above ``table`` (the mutable table), and
``table`` imports nothing above it.
"""

from workbench.engine.kernel.copies import copies_made
from workbench.engine.kernel.fields import (
    BY_SEAT,
    HIDDEN,
    OWN,
    PUBLIC,
    FieldSpec,
    Snapshot,
    items,
    rows,
    value,
)
from workbench.engine.kernel.hidden import Hidden, HiddenInformation, Observation
from workbench.engine.kernel.kernel_game import KernelGame
from workbench.engine.kernel.steps import (
    AUTO,
    CHANCE_STEP,
    DECISION,
    always_asked,
    auto,
    chance,
    decision,
    tupled,
)
from workbench.engine.kernel.table import Table

__all__ = [
    "AUTO",
    "BY_SEAT",
    "CHANCE_STEP",
    "DECISION",
    "HIDDEN",
    "OWN",
    "PUBLIC",
    "FieldSpec",
    "Hidden",
    "HiddenInformation",
    "KernelGame",
    "Observation",
    "Snapshot",
    "Table",
    "always_asked",
    "auto",
    "chance",
    "copies_made",
    "decision",
    "items",
    "rows",
    "tupled",
    "value",
]
