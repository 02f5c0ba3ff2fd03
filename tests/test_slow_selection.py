"""A plain ``pytest tests/<game>`` skips the slow tests as ``make test`` does, and
``make test-slow``'s command still runs exactly them (its ``-m slow`` wins over the
``-m "not slow"`` in pyproject's addopts)."""

from __future__ import annotations

import re
from pathlib import Path

from _pytest.config import _prepareconfig
from _pytest.mark.expression import Expression

ROOT = Path(__file__).resolve().parents[1]


def _runs(options: list[str], marks: set[str]) -> bool:
    """Whether a test with ``marks`` runs under the command line ``pytest <options>`` (the
    options pyproject adds included)."""
    config = _prepareconfig([*options, "-p", "no:cacheprovider", str(ROOT / "tests")])
    try:
        expression = config.option.markexpr
    finally:
        config._ensure_unconfigure()
    return not expression or Expression.compile(expression).evaluate(
        lambda name, /, **_: name in marks
    )


def test_plain_pytest_skips_slow_and_the_makefile_commands_select_as_before() -> None:
    make = (ROOT / "Makefile").read_text(encoding="utf-8")
    test = re.search(r"^test:.*\n\t.*pytest.* (-m \"[^\"]+\")", make, re.M)
    slow = re.search(r"^test-slow:.*\n\t.*pytest.* (-m \S+)", make, re.M)
    assert test is not None and slow is not None
    test_options = [test.group(1)[:2], test.group(1)[3:].strip('"')]
    slow_options = slow.group(1).split()
    assert slow_options == ["-m", "slow"]
    for options, slow_runs, quick_runs in (
        ([], False, True),
        (test_options, False, True),
        (slow_options, True, False),
        (["-m", ""], True, True),
    ):
        assert _runs(options, {"slow"}) is slow_runs, options
        assert _runs(options, {"browser"}) is quick_runs, options
