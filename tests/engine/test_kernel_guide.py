"""The kernel guide (docs/kernel.md) is run as a doctest, and its code matches the toy game."""

from __future__ import annotations

import doctest
import inspect
from pathlib import Path

from workbench.engine.conformance import kernel_toy

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "kernel.md"


def test_the_guide_runs() -> None:
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 12 and result.failed == 0


def test_the_guide_shows_the_toy_games_field_declarations() -> None:
    source = inspect.getsource(kernel_toy.TwoTricksTable)
    fields = [
        line.strip() for line in source.splitlines() if "= items(" in line or "= rows(" in line
    ]
    text = GUIDE.read_text(encoding="utf-8")
    assert fields and all(f.split("  #")[0].strip() in text for f in fields)
