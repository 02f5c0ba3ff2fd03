"""Shared test settings: hypothesis profiles, browser availability, build dir."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from workbench.share.browser import chromium_path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("slow", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def chromium() -> str:
    """Path of Debian's Chromium; skips without it, except under CI=true where it fails."""
    path = chromium_path()
    if path is None:
        if IN_CI:
            pytest.fail(
                "Chromium is missing under CI=true: scripts/system-deps.sh should install it"
            )
        pytest.skip("Debian chromium not installed (run `make system-deps`)")
    return path


@pytest.fixture(scope="session")
def build_dir() -> Path:
    """The git-ignored build/ folder (screenshots to look at)."""
    BUILD.mkdir(exist_ok=True)
    return BUILD


@pytest.fixture(scope="session")
def reports_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary folder for the reports tests export: never the repo's build/reports,
    which `make export` re-makes (a test run left files there it refused to overwrite)."""
    return tmp_path_factory.mktemp("reports")
