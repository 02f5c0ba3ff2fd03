"""``make bench``: every benchmark in ``bench/``, each to the end, each figure beside its goal.

The quick set (the default) runs every bench script with the small arguments of
:data:`QUICK` (a few minutes on 2 cores in all); ``--full`` (``make bench-full``) runs
each with no arguments, its own defaults: the long runs. Each script runs in its own
process with a time limit, so one slow or broken bench never stops the others.

A bench *ran* when it exits 0 (its goals met) or 1 (it ran and printed a missed goal:
machines under load miss wall-clock goals); it *did not run* when it exits otherwise
(exit 1 with a Python traceback is a crash, a traceback a library logs on the way with
exit 0 is not) or passes its time limit. The summary prints, per bench, its
result, wall and CPU seconds, and every line the bench printed that names a goal; this
script exits 0 when every bench ran (missed goals are printed, not failures), 1 when one
did not. The hardening probes are tests (``tests/hardening``), not benchmarks.

    python scripts/bench.py [--full] [--limit SECONDS] [name ...]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
NOT_BENCHMARKS = ("hardening_",)

#: the quick set: each bench's arguments for a short run of the same measurement.
QUICK: dict[str, list[str]] = {
    "analysis_panel": [],
    "cli": ["--rounds", "3"],
    "cards": ["--quick"],
    "compare": ["mugen", "--games", "200", "--peer-games", "50"],
    "dask_speedup": ["--quick", "--games", "200"],
    "deck": [],
    "dice": ["--quick"],
    "greedy_play": ["--games", "40"],
    "mugen_rollouts": ["--games", "2", "--spec", "ismcts:40"],
    "paired_search": ["mugen", "--pairs", "2", "--budget", "10"],
    "paired_strength": ["pig", "--games", "4", "--spec", "ismcts:40"],
    "pig_strength": ["--games", "6", "--goal", "30", "--spec", "ismcts:40"],
    "players": ["pig", "mugen", "--seconds", "5"],
    "search_profile": ["pig", "--decisions", "1", "--spec", "ismcts:100"],
    "sequential": ["mugen", "--pairs", "300", "--skilled-pairs", "10"],
    "sim": ["--seconds", "0.3"],
    "skilled_reask": ["mugen", "--quick"],
    "solve": ["--goals", "30"],
    "tune": ["--quick", "--no-cluster"],
    "ui": ["--quick"],
    "upper_bound": ["pig", "--games", "4", "--budgets", "40"],
}
#: benches that start a browser or a cluster need longer than the quick limit on a busy machine
QUICK_LIMITS = {"ui": 300, "dask_speedup": 240, "skilled_reask": 300}
GOAL = re.compile(r"goal|missed|within|under \d|over \d", re.IGNORECASE)
RAN = (0, 1)


def benchmarks(names: list[str]) -> list[Path]:
    """The bench scripts to run, in name order (``names`` narrows them).

    >>> [p.stem for p in benchmarks(["dice", "solve"])]
    ['dice', 'solve']
    """
    found = sorted(
        p for p in (ROOT / "bench").glob("*.py") if not p.name.startswith(("_", *NOT_BENCHMARKS))
    )
    return [p for p in found if not names or p.stem in names]


def verdict(code: int | None, output: str, limit: int) -> tuple[bool, str]:
    """(ran, the result's words) from a bench's exit code and output (None: timed out).

    >>> verdict(1, "goal missed", 60), verdict(1, "Traceback (most recent call last):", 60)
    ((True, 'ran, a goal missed'), (False, 'exit 1 (a traceback)'))
    >>> verdict(None, "", 60), verdict(2, "usage: ...", 60)
    ((False, 'stopped after 60 s'), (False, 'exit 2'))
    >>> verdict(0, "distributed.worker: Traceback (most recent call last): ...", 60)
    (True, 'ran')
    """
    if code is None:
        return False, f"stopped after {limit} s"
    if code == 0:  # a traceback a library logged on the way (a closing cluster's) is not a crash
        return True, "ran"
    if "Traceback (most recent call last)" in output:
        return False, f"exit {code} (a traceback)"
    if code in RAN:
        return True, "ran, a goal missed"
    return False, f"exit {code}"


def run_one(command: list[str], limit: int) -> tuple[int | None, str]:
    """Run one bench, its output passed through as it comes and kept; (exit code, output).
    The limit holds whether or not the bench prints: its output is read by a thread, so
    a bench that hangs silently (a cluster that never answers) is stopped at ``limit``
    seconds too, with every process of its group.

    >>> run_one([sys.executable, "-c", "import time; time.sleep(30)"], 1)
    (None, '')
    """
    lines: list[str] = []
    with subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    ) as process:
        assert process.stdout is not None
        reader = threading.Thread(target=_pass_through, args=(process.stdout, lines), daemon=True)
        reader.start()
        try:
            code: int | None = process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            code = None
            os.killpg(process.pid, 9)
            process.wait()
        reader.join(timeout=10)
    return code, "".join(lines)


def _pass_through(stream: IO[str], lines: list[str]) -> None:
    for line in stream:
        sys.stdout.write(line)
        lines.append(line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="bench scripts by name (default: all)")
    parser.add_argument("--full", action="store_true", help="the long runs (their defaults)")
    parser.add_argument(
        "--limit", type=int, default=None, help="seconds per script (quick 120, full 3600)"
    )
    args = parser.parse_args(argv)
    limit = args.limit or (3600 if args.full else 120)
    scripts = benchmarks(args.names)
    results = []
    started, cpu0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    for number, script in enumerate(scripts, 1):
        extra = [] if args.full else QUICK.get(script.stem, [])
        command = [sys.executable, str(script), *extra]
        print(f"== [{number}/{len(scripts)}] bench/{script.name} {' '.join(extra)}", flush=True)
        start = time.perf_counter()
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        own = limit if args.limit or args.full else QUICK_LIMITS.get(script.stem, limit)
        code, output = run_one(command, own)
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = now.ru_utime + now.ru_stime - cpu.ru_utime - cpu.ru_stime
        ran, words = verdict(code, output, own)
        goals = [line.strip() for line in output.splitlines() if GOAL.search(line)]
        results.append((script.stem, ran, words, time.perf_counter() - start, used, goals))
    print(f"\n{'benchmark':<18} {'result':<26} {'wall s':>7} {'cpu s':>7}")
    for name, _, words, wall, used, goals in results:
        print(f"{name:<18} {words:<26} {wall:>7.0f} {used:>7.0f}")
        for line in goals[:12]:
            print(f"    {line[:150]}")
    end = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_all = end.ru_utime + end.ru_stime - cpu0.ru_utime - cpu0.ru_stime
    load = os.getloadavg()[0]
    missing = [name for name, ran, *_ in results if not ran]
    print(
        f"\n{len(results) - len(missing)} of {len(results)} benches ran in "
        f"{time.perf_counter() - started:.0f} s wall, {cpu_all:.0f} s CPU (load {load:.1f})"
        + (f"; did not run: {', '.join(missing)}" if missing else "")
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
