"""Pure functions returning altair charts (shared by the games and notebooks).

Charts render offline: call :func:`enable_offline` in a notebook (never a CDN),
and :func:`save_chart` writes PNG/SVG/PDF through vl-convert. Topic modules:
``dice``, ``deck``, ``cards``, ``balance``.
"""

from workbench.charts.base import enable_offline, exact_tooltips, save_chart
from workbench.charts.dice import (
    at_least_chart,
    distribution_chart,
    expectation_chart,
    versus_heatmap,
)

__all__ = [
    "at_least_chart",
    "distribution_chart",
    "enable_offline",
    "exact_tooltips",
    "expectation_chart",
    "save_chart",
    "versus_heatmap",
]
