"""Shared test settings: hypothesis profiles, browser availability (one Chromium per test
process), build dir."""

from __future__ import annotations

import os
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from workbench.share.browser import CHROMIUM_ARGS, chromium_path

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}

# Playwright's driver is a Node process started by every browser test (a session-long one
# would leave its event loop marked running, see chromium_endpoint); Node's on-disk compile
# cache spares each start compiling the same driver code again (0.61 -> 0.50 CPU s a start),
# kept outside the working tree like the bytecode caches (the root conftest.py)
os.environ.setdefault(
    "NODE_COMPILE_CACHE",
    str(Path(tempfile.gettempdir()) / f"workbench-node-compile-cache-{os.getuid()}"),
)

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


#: what Playwright's own launch adds that a page's timing or look depends on: no throttled
#: timers or renderers, no scrollbars, a fixed colour profile, a mouse (hover) pointer
SHARED_CHROMIUM_ARGS = (
    *CHROMIUM_ARGS,
    "--headless",
    "--hide-scrollbars",
    "--mute-audio",
    "--force-color-profile=srgb",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-renderer-backgrounding",
    "--blink-settings=primaryHoverType=2,primaryPointerType=4,hoverTypes=2,pointerTypes=4",
)


@pytest.fixture(scope="session")
def chromium_endpoint(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The DevTools address of one headless Chromium per test process (each xdist worker has
    its own), started on first use: the browser tests open a context of their own in it
    (``browser_context``) instead of starting a Chromium each (about 1.3 CPU s apiece).

    The Playwright connection stays per test: a session-long sync Playwright leaves its
    event loop marked running, and every later ``asyncio.run`` in the worker (notebook
    kernels' clients) then fails."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    proc = subprocess.Popen(
        [
            chromium,
            *SHARED_CHROMIUM_ARGS,
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    port_file = profile / "DevToolsActivePort"  # Chromium writes its port there
    deadline = time.monotonic() + 60
    lines: list[str] = []
    while len(lines) < 2:
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"{chromium} gave no DevTools port (exit {proc.poll()})")
        time.sleep(0.05)
        lines = port_file.read_text().splitlines() if port_file.exists() else []
    try:
        yield f"http://127.0.0.1:{lines[0]}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
