"""How often a notebook's headless run stalls: run it ``--runs`` times through nbclient (as
nbmake and ``workbench export`` do), ``--streams`` at a time, each with a ``--limit`` in
seconds, and count the runs that hit the limit, with the cell each was waiting on.

A stall is a run that stops with its kernel idle: nbclient awaits a cell's ``execute_reply``
that has arrived but whose wake-up was lost when nbclient sent an Output widget's state on
the same socket (``workbench/ui/output_area.py`` says why and how the notebooks avoid it).
Without the limit such a run waits for nbclient's cell timeout, then goes on.

Run: ``.venv/bin/python scripts/notebook_stalls.py [--runs 40] [--streams 2] [--limit 40]
[notebooks/00_tour.ipynb]``. Exit 0 with no stall, 1 with stalls, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NoReturn

ROOT = Path(__file__).resolve().parents[1]

ONE_RUN = """
import json, sys, nbformat
from nbclient import NotebookClient
nb = nbformat.read(sys.argv[1], as_version=4)
client = NotebookClient(nb, timeout=300)
at = {"cell": None}
def started(cell, cell_index, **_):
    at["cell"] = cell_index
    print(json.dumps(at), flush=True)
client.on_cell_start = started
client.execute(cwd=sys.argv[2])
print(json.dumps({"done": True}), flush=True)
"""


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments get one line on stderr and exit 2 (argparse prints its usage too)."""

    def error(self, message: str) -> NoReturn:
        print(f"notebook_stalls: {message}", file=sys.stderr)
        raise SystemExit(2)


def one_run(notebook: Path, limit: float) -> tuple[bool, float, int | None]:
    """(stalled, seconds, the cell it was on) of one headless run of ``notebook``."""
    env = dict(os.environ, CI="true", WORKBENCH_BUDGET="ci")
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", ONE_RUN, str(notebook), str(notebook.parent)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=limit)
        stalled = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)  # the client and its kernel
        out, _ = proc.communicate()
        stalled = True
    cell = None
    for line in out.splitlines():
        if line.startswith("{"):
            cell = json.loads(line).get("cell", cell)
    return stalled, time.perf_counter() - start, cell


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default=str(ROOT / "notebooks" / "00_tour.ipynb"))
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--streams", type=int, default=2)
    parser.add_argument("--limit", type=float, default=40.0)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return 0 if e.code == 0 else 2
    notebook = Path(args.notebook)
    if (
        not notebook.is_file()
        or not 1 <= args.runs <= 1000
        or not 1 <= args.streams <= 8
        or not 1 <= args.limit <= 3600
    ):
        print(
            "notebook_stalls: a notebook file, --runs 1..1000, --streams 1..8, --limit 1..3600 s",
            file=sys.stderr,
        )
        return 2
    cpu, wall = time.process_time(), time.perf_counter()
    with ThreadPoolExecutor(args.streams) as pool:
        runs = list(pool.map(lambda _: one_run(notebook, args.limit), range(args.runs)))
    stalls = [(s, c) for stalled, s, c in runs if stalled]
    times = sorted(s for stalled, s, _ in runs if not stalled)
    median = times[len(times) // 2] if times else float("nan")
    print(
        f"{notebook.name}: {len(stalls)} of {args.runs} runs stalled past {args.limit:.0f} s "
        f"({args.streams} at a time); the others took {median:.1f} s wall (median); "
        f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}; "
        f"{time.perf_counter() - wall:.0f} s wall in all, this process {time.process_time() - cpu:.1f} CPU s"
    )
    for seconds, cell in stalls:
        print(f"  stalled on cell {cell} (killed after {seconds:.0f} s)")
    return 1 if stalls else 0


if __name__ == "__main__":
    sys.exit(main())
