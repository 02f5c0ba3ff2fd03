"""Every benchmark prints the load average beside its CPU and wall times (issue 22 item 6):
on a shared machine a wall figure without the load is a noise figure."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
TIMING = sorted(
    p
    for p in BENCH.glob("*.py")
    if re.search(r"process_time|perf_counter|RUSAGE", p.read_text(encoding="utf-8"))
)


@pytest.mark.parametrize("path", TIMING, ids=[p.name for p in TIMING])
def test_a_bench_that_reads_a_clock_prints_the_load(path: Path) -> None:
    assert "os.getloadavg()" in path.read_text(encoding="utf-8"), f"{path.name}: print the load"


def test_compare_bench_header_names_the_load() -> None:
    """bench/compare.py's first line ends with the 1, 5 and 15 minute load averages (read as
    soon as it is printed: the figures after it take seconds the test does not need)."""
    with subprocess.Popen(
        [sys.executable, "-u", str(BENCH / "compare.py"), "--figures-only", "mugen"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    ) as bench:
        stop = threading.Timer(120, bench.kill)  # a bench that never prints fails, not hangs
        stop.start()
        try:
            assert bench.stdout is not None
            header = bench.stdout.readline().rstrip("\n")
        finally:
            stop.cancel()
            bench.kill()
    assert re.search(r"load average \d+\.\d \d+\.\d \d+\.\d$", header), header
    assert len(TIMING) >= 10  # the benches found: the glob reads the real folder
