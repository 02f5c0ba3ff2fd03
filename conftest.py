"""Settings for every test the project collects (tests/, the package's doctests, notebooks).

The notebooks run on the test run's small budget (``workbench.budget``): their kernels
inherit ``WORKBENCH_BUDGET=ci`` from here, however pytest is called (``make test``, or one
notebook alone: ``pytest --nbmake notebooks/ghost.ipynb``). A designer's own run of a
notebook, outside pytest, spends the full budget.
"""

from __future__ import annotations

import os

os.environ.setdefault("WORKBENCH_BUDGET", "ci")
