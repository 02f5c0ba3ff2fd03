"""environment.yml must list the same packages as pyproject.toml."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[ ;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def test_environment_yml_matches_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    for extra in project.get("optional-dependencies", {}).values():
        wanted |= {_name(r) for r in extra}
    listed = set()
    in_dependencies = False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if not line.startswith(" ") and line.strip():
            in_dependencies = line.startswith("dependencies:")
            continue
        m = re.match(r"\s*-\s+([A-Za-z0-9_.\-]+)", line)
        if in_dependencies and m and m.group(1) not in {"python", "pip"}:
            listed.add(_name(m.group(1)))
    assert wanted == listed, (
        f"only in pyproject: {wanted - listed}; only in environment.yml: {listed - wanted}"
    )
