"""The compiled kernel and rules against the interpreted ones, in the same run (issue 38
item 4): each bench below run as a child process twice per round, once interpreted and once
with ``WORKBENCH_COMPILED=1`` (the modules ``scripts/compile.py`` built from the current
sources; :mod:`workbench.compiled`), alternating, and its CPU time (user + system of the child
and its workers) and wall time printed beside the load average, with the ratio of the
interpreted CPU to the compiled (above 1: the compiled runs are faster; goal 1.2).

- ``sim``: ``bench/sim.py --seconds S pig life`` (random playouts in place, immutable,
  sessions: the rates it prints are per CPU second, its table is shown for both);
- ``solve``: ``bench/solve.py --goals 50`` (the exact solver through Pig's rules);
- ``compare``: ``bench/compare.py --games N --workers 1 life`` (greedy pairs).

Each child prints its own ``compiled: yes/no`` line; a compiled run whose build is missing
or stale says so there (and then measures the interpreted code twice).

Run: ``.venv/bin/python bench/compiled.py [--rounds 1] [--seconds 3] [--games 400]
[sim solve compare]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
GOAL_RATIO = 1.2


def commands(seconds: float, games: int) -> dict[str, list[str]]:
    """Each bench's command line (run from the checkout's root)."""
    py = sys.executable
    return {
        "sim": [py, "bench/sim.py", "--seconds", str(seconds), "pig", "life"],
        "solve": [py, "bench/solve.py", "--goals", "50"],
        "compare": [py, "bench/compare.py", "--games", str(games), "--workers", "1", "life"],
    }


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(cmd: list[str], compiled: bool) -> tuple[float, float, str]:
    """(CPU s, wall s, output) of one child run, compiled or not."""
    env = dict(os.environ)
    env.pop("WORKBENCH_COMPILED", None)
    if compiled:
        env["WORKBENCH_COMPILED"] = "1"
    c0, w0 = children_cpu(), time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    out = done.stdout + (
        f"\n[exit {done.returncode}] {done.stderr[-2000:]}" if done.returncode else ""
    )
    return children_cpu() - c0, time.perf_counter() - w0, out


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("benches", nargs="*", help="sim, solve, compare (default: all)")
    parser.add_argument("--rounds", type=int, default=1, help="interpreted/compiled pairs")
    parser.add_argument("--seconds", type=float, default=3.0, help="sim.py's --seconds")
    parser.add_argument("--games", type=int, default=400, help="compare.py's --games")
    parser.add_argument("--quiet", action="store_true", help="no child output, figures only")
    args = parser.parse_args(argv)
    table = commands(args.seconds, args.games)
    names = args.benches or list(table)
    print(f"compiled vs interpreted, child processes alternating; load average {load()}")
    rows = []
    for name in names:
        cpu = {False: 0.0, True: 0.0}
        wall = {False: 0.0, True: 0.0}
        for _ in range(args.rounds):
            for compiled in (False, True):
                c, w, out = run(table[name], compiled)
                cpu[compiled] += c
                wall[compiled] += w
                mode = "compiled" if compiled else "interpreted"
                print(f"\n== {name}, {mode}: {c:.1f} CPU s, {w:.1f} s wall, load {load()}")
                if not args.quiet:
                    print(out.rstrip())
        rows.append((name, cpu[False], cpu[True], wall[False], wall[True]))
    print(
        f"\n{'bench':<8} {'interp CPU s':>12} {'compiled CPU s':>14} {'ratio':>6} "
        f"{'interp wall':>11} {'compiled wall':>13}  goal {GOAL_RATIO}x"
    )
    for name, ci, cc, wi, wc in rows:
        ratio = ci / cc if cc else float("nan")
        verdict = "met" if ratio >= GOAL_RATIO else "missed"
        print(f"{name:<8} {ci:>12.1f} {cc:>14.1f} {ratio:>6.2f} {wi:>11.1f} {wc:>13.1f}  {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
