"""Nobody else can drive the shared dask cluster (issue 39 item 1).

``workbench play --workers``, ``compare --workers`` and the notebooks' skilled stream all
run on :func:`workbench.engine.runs.cluster.shared_client`. A second process on the same
machine tries every listening port of that cluster (scheduler, nannies, workers) with no
credentials, plain TCP, and a TLS key of its own: it connects nothing and runs nothing
(its marker file is never written), and no port answers HTTP. The same probe given this
run's key does connect and run (so the refusals are the credentials', not the probe's).
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from workbench.engine.runs import cluster

PROBE = r"""
import json, pickle, sys, urllib.request
from pathlib import Path

from distributed import Client
from distributed.comm import connect
from distributed.security import Security

ports, marker, scheduler = json.loads(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
given = pickle.loads(sys.stdin.buffer.read())  # this run's key: tried last, on the scheduler


def mark(dask_worker=None, dask_scheduler=None):
    Path(marker).write_text("ran")
    return 1


results = {}
outsider = [("none", "tls", None), ("none", "tcp", None), ("own", "tls", Security.temporary())]
for port in [*ports, scheduler]:
    insider = port == scheduler and len(results) == 4 * len(ports)
    for name, proto, security in [("given", "tls", given)] if insider else outsider:
        key = f"{port}/{name}/{proto}"
        address = f"{proto}://127.0.0.1:{port}"
        try:  # as a client of a scheduler: run_on_scheduler, run on workers
            kwargs = {} if security is None else {"security": security}
            client = Client(address, timeout=3, **kwargs)
            client.run_on_scheduler(mark)
            client.run(mark)
            client.close()
            results[key] = "client ran"
            continue
        except Exception as e:
            results[key] = "client refused: " + type(e).__name__
        if insider:
            continue
        try:  # as a peer: the raw comm every dask server listens on (a worker's 'run')
            import asyncio
            import ssl

            if proto == "tcp":
                args = {}
            elif security is None:  # TLS without a certificate, trusting any server
                context = ssl.create_default_context()
                context.check_hostname = False
                context.verify_mode = ssl.CERT_NONE
                args = {"ssl_context": context}
            else:
                args = security.get_connection_args("client")

            async def talk():
                comm = await connect(address, timeout=3, **args)
                await comm.write({"op": "identity", "reply": True})
                reply = await comm.read()
                await comm.close()
                return reply

            asyncio.run(talk())
            results[key] += "; comm answered"
        except Exception as e:
            results[key] += "; comm refused: " + type(e).__name__
    if insider:
        break
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=3).read()
        results[f"{port}/http"] = "answered"
    except Exception as e:
        results[f"{port}/http"] = "refused: " + type(e).__name__
print(json.dumps(results))
"""


def _listening_ports() -> list[int]:
    """Every TCP port this process and its children (the workers) listen on."""
    pids = {psutil.Process().pid} | {c.pid for c in psutil.Process().children(recursive=True)}
    return sorted(
        {
            c.laddr.port
            for c in psutil.net_connections("inet")
            if c.status == psutil.CONN_LISTEN and c.pid in pids
        }
    )


def _probe(ports: list[int], marker: Path, scheduler: int, security: object) -> dict:
    """Every port tried by an outsider (no key, plain TCP, its own key), then the
    scheduler with this run's ``security``: what each attempt got."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(ports), str(marker), str(scheduler)],
        input=pickle.dumps(security),
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout.decode().strip().splitlines()[-1])


@pytest.mark.slow  # 10-15 s on 2 busy cores: a cluster start and a second interpreter
def test_a_second_process_cannot_connect_or_run_anything(tmp_path):
    import socket
    import warnings

    from workbench.cli.compare_cmd import _executor
    from workbench.engine.runs.match import play_match
    from workbench.ui.whatif_stream import kernel_client

    busy = socket.socket()  # 8787 taken, as a notebook's other cluster would: no warning
    try:
        busy.bind(("127.0.0.1", 8787))
        busy.listen()
    except OSError:  # taken already
        pass
    try:
        before = set(_listening_ports())
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            client = cluster.shared_client(1, warm=["peek"])
        assert not [w for w in said if "8787" in str(w.message)], [str(w.message) for w in said]
        # play, compare and the notebooks' stream all use this one client
        assert play_match("peek", ["random", "random"], games=4, seed=1, workers=1)
        assert cluster.shared_client(1) is client
        args = argparse.Namespace(workers=1, scheduler=None, game="peek")
        assert _executor(args)[0] is client
        assert kernel_client(None, workers=1) is client
        assert client.scheduler.address.startswith("tls://127.0.0.1:")

        ports = sorted(set(_listening_ports()) - before)
        scheduler_port = int(client.scheduler.address.rsplit(":", 1)[1])
        assert scheduler_port in ports and len(ports) >= 3  # scheduler, nanny, worker

        marker = tmp_path / "marker"
        got = _probe(ports, marker, scheduler_port, client.security)
        insider = got.pop(f"{scheduler_port}/given/tls")
        assert len(got) == 4 * len(ports), got
        for key, what in got.items():
            if key.endswith("/http"):
                assert what.startswith("refused"), (key, what)  # no HTTP on any port
            else:
                assert what.startswith("client refused") and "comm refused" in what, (key, what)
        # the same probe with this run's key connects and runs (after every outsider's
        # attempt): the refusals above are the credentials'
        assert insider == "client ran"
        assert marker.read_text() == "ran"
    finally:
        cluster.close_shared()
        busy.close()


@pytest.mark.parametrize(
    "key", ["distributed.scheduler.http.routes", "distributed.worker.http.routes"]
)
def test_the_cluster_serves_no_http_routes(key):
    assert cluster.CLUSTER_SETTINGS[key] == []
