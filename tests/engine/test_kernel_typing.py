"""The kernel is typed without escape hatches (issue 34 part 5: mypy toward strict on
``engine/kernel``): no ``type: ignore`` comment in its modules; a compiled function's or
a step's ``Any`` result is named with its type before it is returned."""

from __future__ import annotations

from pathlib import Path

import workbench.engine.kernel as kernel

KERNEL = Path(kernel.__file__).parent


def test_no_kernel_module_silences_the_type_checker() -> None:
    modules = sorted(KERNEL.glob("*.py"))
    assert len(modules) >= 10  # the walk finds the kernel
    silenced = [
        f"{p.name}:{n}"
        for p in modules
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert silenced == []
