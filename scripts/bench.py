"""``make bench``: every benchmark in ``bench/``, each to the end, with a summary.

Each script runs in its own process with ``--quick`` when it takes one (the
default; ``--full`` for the long runs) and a time limit, so one slow or failing
benchmark never stops the others: its failure is one line in the summary. The
hardening probes are tests (``tests/hardening``), not benchmarks, and are left out.

    python scripts/bench.py [--full] [--limit SECONDS] [name ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOT_BENCHMARKS = ("hardening_",)


def benchmarks(names: list[str]) -> list[Path]:
    """The bench scripts to run, in name order (``names`` narrows them)."""
    found = sorted(
        p for p in (ROOT / "bench").glob("*.py") if not p.name.startswith(("_", *NOT_BENCHMARKS))
    )
    return [p for p in found if not names or p.stem in names]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="bench scripts by name (default: all)")
    parser.add_argument("--full", action="store_true", help="the long runs, not --quick")
    parser.add_argument("--limit", type=int, default=600, help="seconds per script (600)")
    args = parser.parse_args(argv)
    results = []
    scripts = benchmarks(args.names)
    for number, script in enumerate(scripts, 1):
        quick = not args.full and "--quick" in script.read_text(encoding="utf-8")
        command = [sys.executable, str(script), *(["--quick"] if quick else [])]
        print(
            f"== [{number}/{len(scripts)}] bench/{script.name}{' --quick' if quick else ''}",
            flush=True,
        )
        start = time.perf_counter()
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            code = subprocess.run(
                command, cwd=ROOT, timeout=args.limit, env={**os.environ, "PYTHONUNBUFFERED": "1"}
            ).returncode
            status = "ok" if code == 0 else f"exit {code}"
        except subprocess.TimeoutExpired:
            status = f"stopped after {args.limit} s (--limit)"
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = now.ru_utime + now.ru_stime - cpu.ru_utime - cpu.ru_stime
        results.append((script.name, status, time.perf_counter() - start, used))
    print(f"\n{'benchmark':<22} {'result':<28} {'wall s':>7} {'cpu s':>7}")
    for name, status, wall, used in results:
        print(f"{name:<22} {status:<28} {wall:>7.0f} {used:>7.0f}")
    return 0 if all(r[1] == "ok" for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
