"""App mode: a game's board as a standalone page served by Voila on 127.0.0.1.

The app is a one-cell notebook written to ``build/app/<game>.ipynb`` that calls
:func:`board_for`; Voila runs it and shows only the widgets. The server is
:mod:`workbench.share.app_server`: a token in the URL (:func:`new_token`),
a Host allow-list, at most a few kernels and idle culling, so the page is
safe to leave running. Each server lives under a path of its own
(:func:`new_base_url`), the only path its token cookie is sent to.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from workbench.registry import spec
from workbench.share.app_server import TOKEN_ENV
from workbench.share.browser import wait_for_http

JUPYTER_DATA = Path(__file__).resolve().parent / "templates"  # holds voila/templates/wb_app


def board_factory(game: str) -> Any:
    """The game's board, ``board(seed=0)``, as its spec declares it (``GameSpec.board``);
    :class:`~workbench.spec.MissingPart` (one line) for a game that declares none."""
    return spec(game).require("board", for_="workbench app")


def board_for(game: str, seed: int = 0) -> Any:
    """Build the game's board widget (for a notebook or a Voila app): the ``widget`` of the
    board view its spec's ``board(seed=...)`` returns."""
    return board_factory(game)(seed=seed).widget


def app_notebook(game: str, folder: Path, seed: int = 0) -> Path:
    """Write the one-cell notebook Voila serves for ``game``."""
    spec(game)  # UnknownGame (a ValueError) names the known games
    folder.mkdir(parents=True, exist_ok=True)
    source = f"from workbench.share.app import board_for\nboard_for({game!r}, seed={int(seed)})"
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": "board",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / f"{game}.ipynb"
    path.write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return path


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def new_token() -> str:
    """A fresh random token for the app's URL (as Jupyter prints one).

    >>> len(new_token()) >= 32 and new_token() != new_token()
    True
    """
    return secrets.token_urlsafe(24)


def new_base_url(game: str) -> str:
    """A path of its own for one run of a board's server, ``/<game>-<12 random hex>/``: the
    server's routes and its token cookie live under it, so a browser sends that cookie to
    no other server on the host (cookies are kept per host and path, not per port).

    >>> a, b = new_base_url("life"), new_base_url("life")
    >>> a.startswith("/life-") and a.endswith("/") and len(a) == 19 and a != b
    True
    """
    stem = re.sub(r"[^A-Za-z0-9_-]", "", game)[:40] or "board"
    return f"/{stem}-{secrets.token_hex(6)}/"


def voila_command(
    notebook: Path,
    port: int,
    ip: str = "127.0.0.1",
    max_kernels: int = 4,
    cull_idle: int = 600,
    preheat: bool = True,
    base_url: str = "/",
) -> list[str]:
    """The guarded Voila server's command line (no port hopping, no browser), its routes
    under ``base_url``; the token goes through the environment (:func:`app_env`), never
    the command line. ``preheat`` keeps a kernel ready that has run the notebook already
    (first paint in about a second instead of a kernel start and the game's imports)."""
    return [
        sys.executable,
        "-m",
        "workbench.share.app_server",
        str(notebook),
        f"--port={port}",
        f"--ip={ip}",
        f"--max-kernels={max_kernels}",
        f"--cull-idle={cull_idle}",
        f"--base-url={base_url}",
        *([] if preheat else ["--no-preheat"]),
    ]


def app_env(token: str, home: Path | None = None) -> dict[str, str]:
    """The server's environment: the token, and private Jupyter dirs under ``home``."""
    env = isolated_env(home) if home is not None else dict(os.environ)
    env[TOKEN_ENV] = token
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(JUPYTER_DATA), os.environ.get("JUPYTER_PATH", "")) if p
    )
    return env


def isolated_env(home: Path) -> dict[str, str]:
    """Environment with private Jupyter config/runtime/IPython dirs under ``home``."""
    env = dict(os.environ)
    for var, sub in (
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    return env


def start_voila(
    notebook: Path,
    port: int,
    home: Path,
    token: str = "",
    max_kernels: int = 4,
    preheat: bool = False,
    base_url: str = "/",
) -> subprocess.Popen[bytes]:
    """Start the guarded Voila server in its own process group (kill the group to stop
    it), its routes under ``base_url`` (``/`` for test harnesses that name paths; a board
    for a browser takes :func:`new_base_url`). ``token=""`` serves without a token (test
    harnesses); Host and kernel limits hold either way. Test harnesses start no preheated
    kernel unless asked (each is a kernel more on a shared machine)."""
    return subprocess.Popen(
        voila_command(notebook, port, max_kernels=max_kernels, preheat=preheat, base_url=base_url),
        env=app_env(token, home),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def stop_voila(proc: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    """Stop a server :func:`start_voila` started: SIGTERM to its process group, SIGKILL
    when it has not ended after ``timeout`` seconds; nothing when the group is gone.

    >>> import sys
    >>> p = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"],
    ...                      start_new_session=True)
    >>> stop_voila(p, timeout=10); p.returncode is not None
    True
    >>> stop_voila(p)  # already stopped: nothing to do
    """
    if proc.returncode is not None:  # reaped already: its pid may name another group by now
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        proc.wait()
        return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def ready_url(port: int, token: str = "", host: str = "127.0.0.1", base_url: str = "/") -> str:
    """The URL that answers 200 once the server is up (the token opens every route).

    >>> ready_url(8866, "t")
    'http://127.0.0.1:8866/voila/static/voila.js?token=t'
    >>> ready_url(8866, "t", base_url="/life-1a/")
    'http://127.0.0.1:8866/life-1a/voila/static/voila.js?token=t'
    """
    query = f"?token={token}" if token else ""
    return f"http://{host}:{port}{base_url}voila/static/voila.js{query}"


@contextlib.contextmanager
def serve_board(
    game: str, folder: Path, seed: int = 0, timeout: float = 90, preheat: bool = False
) -> Iterator[str]:
    """Serve ``game``'s board with Voila for the duration of the block, under a path of its
    own (:func:`new_base_url`); yields the URL."""
    nb = app_notebook(game, folder / "app", seed=seed)
    port = free_port()
    token = new_token()
    base = new_base_url(game)
    proc = start_voila(nb, port, folder / "jupyter", token=token, preheat=preheat, base_url=base)
    try:
        wait_for_http(ready_url(port, token, base_url=base), timeout=timeout, proc=proc)
        yield f"http://127.0.0.1:{port}{base}?token={token}"
    finally:
        stop_voila(proc)
