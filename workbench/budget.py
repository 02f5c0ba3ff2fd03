"""How much simulation a notebook spends: the designer's budget, or the test run's small one.

The notebooks answer design questions from simulated games. A designer running one wants
the full budget (intervals narrow enough to decide); the test run executes every notebook
on each change and only needs each cell to run and print truthful sentences (which then
often say "too few games to say"). One switch tells them apart: the environment variable
``WORKBENCH_BUDGET``. The project's ``conftest.py`` sets it to ``ci`` for the test run (the
notebooks' kernels inherit it); unset, or ``full``, a notebook spends its full budget.

A notebook cell writes both figures where it chooses a size::

    games = budget(2000, ci=200)

so the reader sees the designer's figure first, and the sentence printed under the cell
says how many games were played (printed from the data, never typed).

>>> import os
>>> old = os.environ.pop(BUDGET_VARIABLE, None)
>>> budget(2000, ci=200)
2000
>>> os.environ[BUDGET_VARIABLE] = "ci"
>>> budget(2000, ci=200), is_small_budget()
(200, True)
>>> os.environ[BUDGET_VARIABLE] = "huge"
>>> budget(2000, ci=200)
Traceback (most recent call last):
...
ValueError: WORKBENCH_BUDGET='huge': expected 'full' or 'ci'
>>> _ = os.environ.pop(BUDGET_VARIABLE) if old is None else os.environ.update({BUDGET_VARIABLE: old})
"""

from __future__ import annotations

import os
from typing import TypeVar

__all__ = [
    "BUDGETS",
    "BUDGET_VARIABLE",
    "REPORT_VARIABLE",
    "budget",
    "in_report",
    "is_small_budget",
]

BUDGET_VARIABLE = "WORKBENCH_BUDGET"
BUDGETS = ("full", "ci")  # the designer's, the test run's
REPORT_VARIABLE = "WORKBENCH_REPORT"
"""Set (to ``1``) by ``workbench export`` in the kernel that runs a notebook into a report."""

T = TypeVar("T")


def is_small_budget() -> bool:
    """True when the environment asks for the test run's small budget (``WORKBENCH_BUDGET=ci``)."""
    value = os.environ.get(BUDGET_VARIABLE, "full").strip().lower() or "full"
    if value not in BUDGETS:
        raise ValueError(f"{BUDGET_VARIABLE}={value!r}: expected 'full' or 'ci'")
    return value == "ci"


def budget(full: T, *, ci: T) -> T:
    """``full`` for a designer's run, ``ci`` under the test run's small budget."""
    return ci if is_small_budget() else full


def in_report() -> bool:
    """True while a notebook is being run into an exported report (``WORKBENCH_REPORT=1``):
    a report is a snapshot, so what would keep playing in the background (the skilled
    stream) is not started there, and the report gives the same bytes each time.

    >>> import os
    >>> old = os.environ.pop(REPORT_VARIABLE, None)
    >>> in_report()
    False
    >>> os.environ[REPORT_VARIABLE] = "1"; in_report()
    True
    >>> _ = os.environ.pop(REPORT_VARIABLE) if old is None else os.environ.update({REPORT_VARIABLE: old})
    """
    return os.environ.get(REPORT_VARIABLE, "").strip() not in {"", "0"}
