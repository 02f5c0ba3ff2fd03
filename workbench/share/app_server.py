"""The Voila process behind ``workbench app``, with the guards a page left running needs.

    python -m workbench.share.app_server NOTEBOOK --port P [--ip 127.0.0.1]
        [--base-url /life-3f9a…/] [--max-kernels 4] [--cull-idle 600]
        (token: $WORKBENCH_APP_TOKEN)

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
- **every route** (issue 27 item 13): the token and the Host allow-list hold for
  every request, static files and ``/voila/templates/`` included — checked in
  front of tornado's handlers (:func:`install_guard`), with a cookie after the
  first page so the page's own requests pass; an unexpected error in a handler
  answers 404 with one log line, never 500 with a traceback. A browser keeps
  cookies per host, not per port (issue 39 item 4): with one name a second board's
  cookie replaced the first's (403 on board A), and every server on 127.0.0.1 was
  sent the token. So each server lives under its own path (``--base-url``, random
  per run: ``workbench app`` gives ``/<game>-<12 hex>/``) and its cookie is set for
  that path only — a browser sends it to no other server of the host — and named
  with the port (:func:`cookie_name`).
- **first paint** (issue 26 item 7): ``--preheat`` (the default) keeps one
  kernel ready that has already run the notebook (Voila's preheated kernels),
  so a page opens without waiting for a kernel to start and import the game.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import re
import sys
from collections.abc import Sequence
from typing import Any

TOKEN_ENV = "WORKBENCH_APP_TOKEN"
#: lines of Jupyter's logs that say nothing to a designer (kept from the terminal)
JUPYTER_NOISE = (
    "running over TCP without encryption",
    "Use IPC transport",
    "is not trusted",
    "susceptible to eavesdropping",
)
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


_BASE_URL = re.compile(r"/(?:[A-Za-z0-9_-]{1,64}/)?")


def check_base_url(base_url: str) -> str:
    """``base_url`` if it is a path a server may live under: ``/``, or ``/name/`` made of
    letters, digits, ``-`` and ``_`` (it goes into a cookie's ``Path`` and into URLs).

    >>> check_base_url("/life-3f9a0c2b11d4/"), check_base_url("/")
    ('/life-3f9a0c2b11d4/', '/')
    >>> check_base_url("/a;b/")
    Traceback (most recent call last):
    ...
    ValueError: --base-url '/a;b/': expected / or /name/ (letters, digits, - and _)
    """
    if not _BASE_URL.fullmatch(base_url):
        raise ValueError(
            f"--base-url {base_url[:60]!r}: expected / or /name/ (letters, digits, - and _)"
        )
    return base_url


def voila_argv(
    notebook: str, port: int, ip: str, token: str, cull_idle: int, base_url: str = "/"
) -> list[str]:
    """Voila's own options for the guarded server, its routes under ``base_url``.

    >>> voila_argv("a.ipynb", 8866, "127.0.0.1", "t", 600)[:3]
    ['a.ipynb', '--no-browser', '--port=8866']
    >>> voila_argv("a.ipynb", 8866, "127.0.0.1", "t", 600, "/life-1a/")[-1]
    '--Voila.base_url=/life-1a/'
    """
    return [
        notebook,
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
        f"--Voila.token={token}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={max(5, min(60, cull_idle // 4 or 5))}",
        "--MappingKernelManager.cull_connected=False",
        f"--VoilaConfiguration.template={TEMPLATE}",
        *([f"--Voila.base_url={check_base_url(base_url)}"] if base_url != "/" else []),
    ]


def kernel_guard(max_kernels: int) -> Any:
    """A Voila ``prelaunch_hook`` refusing a new kernel when ``max_kernels`` run."""

    def guard(req: Any, notebook: Any, cwd: str) -> Any:
        import tornado.web

        running = len(req.kernel_manager.list_kernel_ids())
        if running >= max_kernels:
            raise tornado.web.HTTPError(
                503, reason=f"{running} boards are open (limit {max_kernels}); close one"
            )
        return notebook

    return guard


COOKIE = "wb_app_token"
"""The stem of the token cookie's name; the name carries the port (:func:`cookie_name`)."""


def cookie_name(port: int) -> str:
    """The token cookie of the board on ``port``: its own name, so boards on other ports of
    the same host neither replace it nor read it as theirs.

    >>> cookie_name(8866)
    'wb_app_token_8866'
    """
    return f"{COOKIE}_{int(port)}"


def allowed_host(host: str) -> bool:
    """Whether a ``Host`` header names this machine by loopback (port ignored).

    >>> allowed_host("localhost:8866"), allowed_host("127.0.0.1"), allowed_host("[::1]:80")
    (True, True, True)
    >>> allowed_host("evil.example"), allowed_host("evil.example:8866"), allowed_host("")
    (False, False, False)
    """
    name = host.strip()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    return bool(name) and is_loopback(name.lower())


def request_token(handler: Any, cookie: str = COOKIE) -> str:
    """The token a request carries: ``?token=``, ``Authorization: token …`` or the cookie
    named ``cookie`` (this server's, :func:`cookie_name`)."""
    query = handler.get_query_argument("token", default="") or ""
    if query:
        return str(query)
    auth = handler.request.headers.get("Authorization", "")
    if auth.lower().startswith("token "):
        return str(auth[6:].strip())
    return str(handler.get_cookie(cookie, default="") or "")


def boards_open(manager: Any, pool: int) -> int:
    """Kernels serving a page: with preheated kernels, those handed to a page and still
    running (:func:`_counting_kernel_managers` records them), else every kernel."""
    if manager is None:
        return 0
    running = set(manager.list_kernel_ids())
    handed = getattr(manager, "handed_out", None)
    return len(running & handed) if isinstance(handed, set) else max(0, len(running) - pool)


def _counting_kernel_managers() -> None:
    """Make Voila's preheating kernel manager remember which kernels it gave to a page
    (a preheated kernel waiting in the pool is no open board)."""
    import voila.app

    make = voila.app.voila_kernel_manager_factory
    if getattr(make, "counts_boards", False):
        return

    def factory(*args: Any, **kwargs: Any) -> Any:
        base = make(*args, **kwargs)
        if not hasattr(base, "get_rendered_notebook"):
            return base

        class CountingKernelManager(base):  # type: ignore[misc, valid-type]
            handed_out: set[str]

            async def get_rendered_notebook(self, *a: Any, **k: Any) -> Any:
                result = await super().get_rendered_notebook(*a, **k)
                if not hasattr(self, "handed_out"):
                    self.handed_out = set()
                self.handed_out.add(result[2])
                return result

        return CountingKernelManager

    factory.counts_boards = True  # type: ignore[attr-defined]
    voila.app.voila_kernel_manager_factory = factory


def install_guard(
    token: str,
    loopback: bool,
    max_kernels: int,
    pool: int,
    port: int | None = None,
    base_url: str = "/",
) -> None:
    """Check every request of this process's tornado handlers before they run: Host (on
    loopback), token, and the board cap on page requests; a handler's unexpected error
    becomes a 404 with one log line instead of a 500 with a traceback. ``port``: the
    server's, which names its token cookie (:func:`cookie_name`); ``base_url``: the path
    the server lives under, the only one its cookie is sent to."""
    import hmac
    import logging

    import tornado.web

    log = logging.getLogger("workbench.app")
    cookie = COOKIE if port is None else cookie_name(port)
    original_execute = tornado.web.RequestHandler._execute

    async def guarded_execute(self: Any, transforms: Any, *args: Any, **kwargs: Any) -> Any:
        self._transforms = transforms
        refused = _refusal(self)
        if refused is not None:
            status, reason = refused
            self.set_status(status, reason=reason)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"{status} {reason}\n")
            return None
        return await original_execute(self, transforms, *args, **kwargs)

    def _refusal(handler: Any) -> tuple[int, str] | None:
        if loopback and not allowed_host(handler.request.host or ""):
            return 403, "this board answers only to localhost"
        if token:
            given = request_token(handler, cookie)
            if not hmac.compare_digest(given.encode(), token.encode()):
                return 403, "the link's token is missing or wrong"
            if handler.get_query_argument("token", default=""):
                handler.set_cookie(cookie, token, path=base_url, httponly=True, samesite="Strict")
        if type(handler).__name__.endswith("VoilaHandler"):  # a page: it takes a kernel
            in_use = boards_open(handler.settings.get("kernel_manager"), pool)
            if in_use >= max_kernels:
                return 503, f"{in_use} boards are open (limit {max_kernels}); close one"
        return None

    def quiet_exception(self: Any, e: BaseException) -> None:
        if isinstance(e, tornado.web.Finish | tornado.web.HTTPError):
            return original_handle(self, e)
        log.warning(
            "%s %s: %s: %s (answered 404)",
            self.request.method,
            self.request.path[:200],
            type(e).__name__,
            str(e)[:200],
        )
        if not self._finished:
            self.clear()
            self.set_status(404)
            self.finish("404 not found\n")
        return None

    original_handle = tornado.web.RequestHandler._handle_request_exception
    tornado.web.RequestHandler._execute = guarded_execute  # type: ignore[method-assign]
    tornado.web.RequestHandler._handle_request_exception = quiet_exception  # type: ignore[method-assign]


def quiet_stderr(noise: Sequence[str] = JUPYTER_NOISE) -> None:
    """From now on, this process's stderr and that of the kernels it starts (they inherit
    it) pass through a filter that drops Jupyter's routine warnings (:data:`JUPYTER_NOISE`)
    and the INFO lines of the Voila app; everything else (errors, tracebacks) passes."""
    import threading

    original = os.dup(2)
    read_end, write_end = os.pipe()
    os.dup2(write_end, 2)
    os.close(write_end)

    def forward() -> None:
        with os.fdopen(read_end, "rb") as lines, os.fdopen(original, "wb", buffering=0) as out:
            for line in lines:
                text = line.decode("utf-8", "replace")
                if any(n in text for n in noise) or _routine(text):
                    continue
                out.write(line)

    threading.Thread(target=forward, name="stderr-filter", daemon=True).start()


def _routine(line: str) -> bool:
    """A Voila INFO line (``[GuardedVoila] Kernel started: …``): not for a designer.

    >>> _routine("[GuardedVoila] Kernel started: 04a6"), _routine("[GuardedVoila] WARNING | x")
    (True, False)
    >>> _routine("http://127.0.0.1:8866/?token=...")
    True
    """
    if line.startswith("http") and line.rstrip().endswith("?token=..."):
        return True  # the second line of Voila's "running at"; workbench app prints the URL
    head, _, rest = line.partition("] ")
    return head.startswith("[GuardedVoila") and not rest.startswith(
        ("WARNING", "ERROR", "CRITICAL")
    )


def serve(
    notebook: str,
    port: int,
    ip: str,
    token: str,
    max_kernels: int,
    cull_idle: int,
    preheat: bool = True,
    base_url: str = "/",
) -> None:
    """Run the guarded Voila server, its routes under ``base_url``, until it is stopped."""
    from voila.app import Voila

    quiet_stderr()

    loopback = is_loopback(ip)
    pool = 1 if preheat else 0
    install_guard(token, loopback, max_kernels, pool, port, check_base_url(base_url))
    if preheat:
        _counting_kernel_managers()

    class GuardedVoila(Voila):  # type: ignore[misc]
        def init_settings(self) -> dict[str, Any]:
            settings: dict[str, Any] = super().init_settings()
            if loopback:  # jupyter_server's check_host: loopback IPs and these names only
                settings["allow_remote_access"] = False
                settings["local_hostnames"] = ["localhost"]
            return settings

    app = GuardedVoila()
    extra = ["--preheat_kernel=True", "--pool_size=1"] if preheat else []
    app.initialize(voila_argv(notebook, port, ip, token, cull_idle, base_url) + extra)
    if not preheat:  # Voila refuses a prelaunch hook beside preheated kernels; the guard caps
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
    parser.add_argument("--no-preheat", action="store_true")
    parser.add_argument("--base-url", default="/")
    args = parser.parse_args(argv)
    serve(
        args.notebook,
        args.port,
        args.ip,
        os.environ.get(TOKEN_ENV, ""),
        args.max_kernels,
        args.cull_idle,
        preheat=not args.no_preheat,
        base_url=args.base_url,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
