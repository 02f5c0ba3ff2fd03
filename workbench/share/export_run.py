"""Executing a notebook for a report, bounded: a time limit, an output cap, one line.

:func:`run_notebook` executes a notebook with nbclient under three bounds, so an
export finishes or fails with one line naming the cell (issue 27 item 6, issue
26 item 8):

- **time**: the whole notebook has ``time_limit`` seconds; each cell's timeout
  is what is left of it, and the kernel start-up counts too;
- **output**: at most ``max_output`` bytes of outputs over the notebook; past
  that the kernel is interrupted and further output is dropped, so a cell that
  prints 300 MB costs the export a few MB of memory, not gigabytes;
- **a stalled kernel**: while the client waits for a cell's reply and no message
  came for :data:`NUDGE_AFTER` seconds, it sends a ``kernel_info_request``. An
  ipykernel 7 kernel could leave an execute request unread on its shell socket
  until another request arrived (ipython/ipykernel#1529, #1554): kernel and
  client both idle, for ever. The nudge is that other request; a busy kernel
  answers it after the cell, which the client ignores.

A kernel that dies ends in one line too. ``cell N`` counts from 1, as a reader
counts the notebook's cells.

The kernel runs on the budget asked for (:mod:`workbench.budget`), ``full`` unless told:
a report is for a designer, so a ``WORKBENCH_BUDGET=ci`` left in the shell (the test run
sets it) does not shrink the report's simulations; ``budget="ci"`` asks for the small one.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from collections.abc import Mapping
from time import monotonic
from typing import Any

from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from nbclient.util import ensure_async, run_sync

from workbench.budget import BUDGET_VARIABLE, BUDGETS, REPORT_VARIABLE
from workbench.share.app_server import JUPYTER_NOISE as NOISE

TIME_LIMIT = 1800  # a game notebook on the full budget took 627 s wall (load 13-18 on 2 cores)
MAX_OUTPUT_BYTES = 20_000_000
NUDGE_AFTER = 20.0
GRACE = 15.0  # past the deadline, for the cell's own timeout and the kernel's shutdown


class RunError(RuntimeError):
    """A notebook could not be executed within its bounds (one line, naming the cell)."""


def content_size(content: Any) -> int:
    """Characters of text in an output message's content (its texts and data values),
    counted without copying them.

    >>> content_size({"name": "stdout", "text": "abc"}), content_size({"data": {"a": ["xy", "z"]}})
    (17, 8)
    """
    if isinstance(content, str):
        return len(content)
    if isinstance(content, dict):
        return sum(len(str(k)) + content_size(v) for k, v in content.items())
    if isinstance(content, list | tuple):
        return sum(content_size(v) for v in content)
    return 8


class BoundedClient(NotebookClient):  # type: ignore[misc]
    """nbclient's client with a notebook-wide deadline, an output cap and a stall nudge."""

    def __init__(
        self,
        nb: Any,
        *,
        time_limit: float = TIME_LIMIT,
        max_output: int = MAX_OUTPUT_BYTES,
        **kwargs: Any,
    ) -> None:
        super().__init__(nb, **kwargs)
        self.time_limit = time_limit
        self.max_output = max_output
        self.deadline = monotonic() + time_limit
        self.output_bytes = 0
        self.over_output: int | None = None
        self.cell_index: int | None = None
        self.last_message = monotonic()
        self.nudges = 0
        self.on_cell_start = self._cell_started

    def _cell_started(self, cell: Any, cell_index: int) -> None:
        self.cell_index = cell_index
        self.last_message = monotonic()

    def _get_timeout(self, cell: Any) -> int | None:
        base = super()._get_timeout(cell)
        left = max(1, int(self.deadline - monotonic()) + 1)
        return left if base is None else min(base, left)

    def process_message(self, msg: dict[str, Any], cell: Any, cell_index: int) -> Any:
        self.last_message = monotonic()
        return super().process_message(msg, cell, cell_index)

    def output(self, outs: Any, msg: dict[str, Any], display_id: Any, cell_index: int) -> Any:
        if self.over_output is not None:
            return None  # past the cap: dropped, the kernel is being interrupted
        self.output_bytes += content_size(msg.get("content", {}))
        if self.output_bytes > self.max_output:
            self.over_output = cell_index
            if self.km is not None:
                asyncio.ensure_future(ensure_async(self.km.interrupt_kernel()))
            return None
        return super().output(outs, msg, display_id, cell_index)

    async def _nudge_when_stalled(self) -> None:
        while True:
            await asyncio.sleep(NUDGE_AFTER / 4)
            if self.kc is not None and monotonic() - self.last_message > NUDGE_AFTER:
                self.last_message = monotonic()
                self.nudges += 1
                await ensure_async(self.kc.kernel_info())

    async def _bounded_execute(self, **start: Any) -> Any:
        nudge = asyncio.ensure_future(self._nudge_when_stalled())
        try:  # a cell's own timeout comes first (naming it); this catches a stuck start
            return await asyncio.wait_for(
                self.async_execute(**start), max(1.0, self.deadline - monotonic()) + GRACE
            )
        finally:
            nudge.cancel()

    @property
    def out_of_time(self) -> bool:
        return monotonic() >= self.deadline

    def where(self, index: int | None = None) -> str:
        """``cell N ('first line')`` of cell ``index`` (default: the one running now), or
        ``the kernel start`` before any cell."""
        index = self.cell_index if index is None else index
        if index is None:
            return "the kernel start"
        source = self.nb.cells[index].get("source", "")
        first = next((line.strip() for line in source.splitlines() if line.strip()), "")
        first = first if len(first) <= 50 else first[:49] + "…"
        return f"cell {index + 1} ({first!r})"


def kernel_env(budget: str = "full", environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The kernel's environment: ``environ`` (this process's), with the simulation budget
    set to ``budget`` whatever the shell says, and ``WORKBENCH_REPORT=1`` (a report is a
    snapshot: :func:`workbench.budget.in_report`).

    >>> shell = {"WORKBENCH_BUDGET": "ci", "HOME": "/h"}
    >>> kernel_env(environ=shell), kernel_env("ci", shell)["WORKBENCH_BUDGET"]
    ({'WORKBENCH_BUDGET': 'full', 'HOME': '/h', 'WORKBENCH_REPORT': '1'}, 'ci')
    >>> kernel_env("huge")
    Traceback (most recent call last):
    ...
    ValueError: budget 'huge': expected one of full, ci
    """
    if budget not in BUDGETS:
        raise ValueError(f"budget {budget!r}: expected one of {', '.join(BUDGETS)}")
    return {
        **(os.environ if environ is None else environ),
        BUDGET_VARIABLE: budget,
        REPORT_VARIABLE: "1",
    }


def run_notebook(
    nb: Any,
    folder: str,
    *,
    time_limit: float = TIME_LIMIT,
    max_output: int = MAX_OUTPUT_BYTES,
    cell_timeout: int | None = None,
    budget: str = "full",
) -> Any:
    """Execute ``nb`` (in ``folder``) in place within the bounds above, its simulations on
    ``budget`` (:func:`kernel_env`); :class:`RunError` with one line naming the cell otherwise."""
    env = kernel_env(budget)
    client = BoundedClient(
        nb,
        time_limit=time_limit,
        max_output=max_output,
        timeout=cell_timeout,
        kernel_name="python3",
        resources={"metadata": {"path": folder}},
        store_widget_state=True,
    )
    out_of_time = (
        f"stopped at {{}}: still running after the export's time limit of "
        f"{time_limit:g} s (--time-limit)"
    )
    with tempfile.TemporaryFile("w+b") as kernel_log:  # the kernel's log, not the terminal
        try:
            run_sync(client._bounded_execute)(stderr=kernel_log, env=env)
        except (CellTimeoutError, TimeoutError):
            raise RunError(out_of_time.format(client.where())) from None
        except DeadKernelError:
            if client.out_of_time:
                raise RunError(out_of_time.format(client.where())) from None
            raise RunError(
                f"the kernel died while running {client.where()}{_last_words(kernel_log)}"
            ) from None
        except CellExecutionError as exc:
            if client.over_output is not None:
                raise RunError(_over_output(client)) from None
            text = str(exc).strip()
            last = text.splitlines()[-1] if text else "cell failed"
            raise RunError(f"{client.where()} failed: {' '.join(last.split())[:200]}") from exc
    if client.over_output is not None:
        raise RunError(_over_output(client))
    return nb


def _last_words(log: Any) -> str:
    """The kernel log's last line that is not Jupyter's routine noise, as ': ...', or a
    guess at the usual causes."""
    log.seek(0, 2)
    log.seek(max(0, log.tell() - 8192))
    lines = [" ".join(line.split()) for line in log.read().decode("utf-8", "replace").splitlines()]
    lines = [line for line in lines if line and not any(n in line for n in NOISE)]
    if lines:
        return f": {lines[-1][:200]}"
    return " (out of memory, or the cell ended the process)"


def _over_output(client: BoundedClient) -> str:
    return (
        f"{client.where(client.over_output)} printed more than {client.max_output / 1e6:g} MB of output, "
        "the cap of a report; stopped (print less, or summarise in a table)"
    )
