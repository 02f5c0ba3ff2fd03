"""The Voila process behind ``workbench app``, with the guards a page left running needs.

    python -m workbench.share.app_server NOTEBOOK --port P [--ip 127.0.0.1]
        [--max-kernels 4] [--cull-idle 600]      (token: $WORKBENCH_APP_TOKEN)

On top of plain Voila:

- **token**: every page request needs ``?token=…`` (or the cookie the first
  one sets), as Jupyter does; it comes through the environment, so it never
  shows in ``ps``. An empty token turns this off (test harnesses only).
- **Host allow-list**: on a loopback address a request whose ``Host`` is not
  ``localhost`` or a loopback IP is refused (403) before anything runs, which
  stops DNS-rebinding pages. With ``--ip`` on another address the host check
  is off and the token is the guard.
- **offline page**: the ``wb_app`` template (``workbench/share/templates/voila``,
  found through ``JUPYTER_PATH``) drops Voila's FontAwesome links to a CDN, so
  the page loads nothing from the network;
- **kernels**: at most ``--max-kernels`` boards at once (the next page gets a
  503 and no kernel); kernels idle for ``--cull-idle`` seconds with no page
  connected are shut down.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import sys
from collections.abc import Sequence
from typing import Any

TOKEN_ENV = "WORKBENCH_APP_TOKEN"
MAX_KERNELS = 4
TEMPLATE = "wb_app"
CULL_IDLE = 600


def is_loopback(ip: str) -> bool:
    """True for 127.0.0.0/8, ::1 and ``localhost``.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def voila_argv(notebook: str, port: int, ip: str, token: str, cull_idle: int) -> list[str]:
    """Voila's own options for the guarded server.

    >>> voila_argv("a.ipynb", 8866, "127.0.0.1", "t", 600)[:3]
    ['a.ipynb', '--no-browser', '--port=8866']
    """
    return [
        notebook, "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
        "--Voila.port_retries=0", f"--Voila.token={token}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(5, min(60, cull_idle // 4 or 5))}",
        "--MappingKernelManager.cull_connected=False",
        f"--VoilaConfiguration.template={TEMPLATE}",
    ]


def kernel_guard(max_kernels: int) -> Any:
    """A Voila ``prelaunch_hook`` refusing a new kernel when ``max_kernels`` run."""

    def guard(req: Any, notebook: Any, cwd: str) -> Any:
        import tornado.web

        running = len(req.kernel_manager.list_kernel_ids())
        if running >= max_kernels:
            raise tornado.web.HTTPError(
                503, reason=f"{running} boards are open (limit {max_kernels}); close one")
        return notebook

    return guard


def serve(notebook: str, port: int, ip: str, token: str, max_kernels: int,
          cull_idle: int) -> None:
    """Run the guarded Voila server until it is stopped."""
    from voila.app import Voila

    loopback = is_loopback(ip)

    class GuardedVoila(Voila):  # type: ignore[misc]
        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()
            if loopback:  # jupyter_server's check_host: loopback IPs and these names only
                settings["allow_remote_access"] = False
                settings["local_hostnames"] = ["localhost"]
            return settings

    app = GuardedVoila()
    app.initialize(voila_argv(notebook, port, ip, token, cull_idle))
    app.voila_configuration.prelaunch_hook = kernel_guard(max_kernels)
    app.start()


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m workbench.share.app_server``."""
    parser = argparse.ArgumentParser(prog="workbench.share.app_server")
    parser.add_argument("notebook")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ip", default="127.0.0.1")
    parser.add_argument("--max-kernels", type=int, default=MAX_KERNELS)
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE)
    args = parser.parse_args(argv)
    serve(args.notebook, args.port, args.ip, os.environ.get(TOKEN_ENV, ""), args.max_kernels,
          args.cull_idle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
