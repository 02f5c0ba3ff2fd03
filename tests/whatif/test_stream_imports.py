"""The skilled stream's thread imports nothing: what it needs to start the kernel's cluster
(dask, and through it numpy) is imported on the notebook's thread before it starts.

A module imported in a background thread sits half made in ``sys.modules`` meanwhile, and
altair's data checks on the notebook's thread read numpy from there: an exported mugen
report once failed in its chart cell with "partially initialized module 'numpy' has no
attribute 'ndarray'" while the stream above it started its cluster."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

PROBE = textwrap.dedent(
    """
    import json, sys, threading
    from concurrent.futures import ThreadPoolExecutor
    from importlib import import_module

    from workbench.engine.runs import cluster
    from workbench.ui.whatif import WhatIf
    from workbench.ui.whatif_stream import SkilledStream

    before = sorted(m for m in ("numpy", "dask", "distributed") if m in sys.modules)
    imported = []

    def watch(event, args):
        if event == "import" and threading.current_thread().name == "wb-skilled-stream":
            if args[0] not in sys.modules:
                imported.append(args[0])

    sys.addaudithook(watch)
    pool = ThreadPoolExecutor(1)
    cluster.shared_client = lambda workers, *_warm: pool  # the kernel's cluster without processes
    what = WhatIf("mugen", import_module("workbench.games.mugen.whatif").worked_example(), seed=4)
    stream = SkilledStream(what, "greedy", 2, client=None, quiet=0)
    stream.join(60)
    print(json.dumps({"before": before, "imported": imported, "error": stream.error,
                      "done": stream.progress.done}))
    """
)


def test_the_stream_thread_imports_nothing_the_notebook_thread_could_see_half_made(tmp_path):
    env = dict(os.environ, WORKBENCH_CACHE=str(tmp_path))  # no cached answer: the cluster path
    out = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["before"] == []  # a fresh interpreter: dask and numpy not imported yet
    assert seen["error"] is None and seen["done"] == 6  # 2 pairs for each of 3 questions
    assert [
        m for m in seen["imported"] if m.split(".")[0] in ("numpy", "dask", "distributed")
    ] == []
