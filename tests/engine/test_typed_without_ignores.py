"""The kernel and the exact-probability core are typed without escape hatches (issue 34
part 5: mypy toward strict on ``engine/kernel``, ``prob`` and the registry with the spec
it returns): no ``type: ignore``
comment in their modules; a compiled function's or an outcome's ``Any`` is named with
its type before it is returned (``mypy --warn-return-any`` finds nothing there)."""

from __future__ import annotations

from pathlib import Path

import pytest

import workbench.engine.kernel as kernel
import workbench.prob as prob


@pytest.mark.parametrize("package", [kernel, prob], ids=["engine.kernel", "prob"])
def test_no_module_silences_the_type_checker(package: object) -> None:
    modules = sorted(Path(str(getattr(package, "__file__", ""))).parent.glob("*.py"))
    assert len(modules) >= 10  # the walk finds the package
    silenced = [
        f"{p.name}:{n}"
        for p in modules
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line
    ]
    assert silenced == []


def test_the_registry_and_the_spec_carry_no_ignore() -> None:
    import workbench.registry as registry
    import workbench.spec as spec

    for module in (registry, spec):
        text = Path(str(module.__file__)).read_text(encoding="utf-8")
        assert "type: ignore" not in text, module.__name__
