"""The tuner in a notebook: progress, stop, the trials chart and "open in the what-if grid".

:class:`TunerPanel` runs :func:`workbench.engine.measure.tune.tune` with a progress bar
and a stop button (the trials finished so far stay in the journal, and running it
again resumes), then draws the trials chart (:func:`workbench.charts.trials.trials_chart`),
prints each proposal's tuned and re-checked figures and the sentence of the result, and
gives each proposal a button that opens it in the what-if grid
(:func:`workbench.ui.sheet_grid.whatif_editor` of a :class:`workbench.ui.whatif.WhatIf`).
``run()`` tunes in the notebook's own thread (what an executed notebook does);
``start()`` tunes in a background thread so that stop can be pressed.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from workbench.engine.measure.tune import Cell, Goal, Proposal, TuneResult, tune

__all__ = ["TunerPanel", "proposal_lines"]


def proposal_lines(result: TuneResult) -> list[str]:
    """One line per proposal and goal: the edits, tuned → re-checked with the interval.

    The lines the panel shows and a notebook prints."""
    out = []
    for i, p in enumerate(result.proposals, 1):
        edits = ", ".join(f"{k} {a}→{b}" for k, (a, b) in p.changes.items()) or "no change"
        out.append(f"proposal {i}: {edits} ({p.verdict} on fresh seeds)")
        for g in result.goals:
            lo, hi = p.intervals.get(g.measure, (float("nan"), float("nan")))
            span = "" if lo != lo else f" [{lo:.3f}, {hi:.3f}]"
            tuned = p.tuned.get(g.measure)
            shown = "—" if tuned is None else f"{tuned:.3f}"
            out.append(
                f"  {g.measure}: {shown} on the tuning games, "
                f"{p.rechecked[g.measure]:.3f}{span} on fresh seeds "
                f"(goal {g.low:g}..{g.high:g})"
            )
    out.append(result.sentence())
    return out


class TunerPanel:
    """A tuner with its widgets (``panel``): progress, stop, chart, proposals."""

    def __init__(
        self,
        game: str,
        goals: Sequence[Goal],
        cells: Sequence[Cell],
        **options: Any,
    ) -> None:
        self.game, self.goals, self.cells, self.options = game, tuple(goals), tuple(cells), options
        self.result: TuneResult | None = None
        self.stop_event = threading.Event()
        self.progress = w.IntProgress(
            min=0, max=int(options.get("trials", 30)), description="trials"
        )
        self.status = w.Label("not started")
        self.stop_button = w.Button(description="Stop", icon="stop", disabled=True)
        self.stop_button.on_click(lambda _b: self.stop())
        self.chart = w.Output()
        self.proposals = w.VBox()
        self.grid = w.Output()
        self.panel = w.VBox(
            [
                w.HBox([self.progress, self.stop_button, self.status]),
                self.chart,
                self.proposals,
                self.grid,
            ]
        )
        self._thread: threading.Thread | None = None

    def _progress(self, done: int, total: int, record: dict[str, Any]) -> None:
        self.progress.value = done
        self.status.value = (
            f"{done} of {total} trials; last: trial {record['number']} {record['state']}"
        )

    def stop(self) -> None:
        """End the search after the trials in flight (they are kept; run again to resume)."""
        self.stop_event.set()
        self.status.value = "stopping after the trials in flight"

    def run(self) -> TuneResult:
        """Tune here and now, then draw the chart and the proposals."""
        self.stop_event.clear()
        self.stop_button.disabled = False
        try:
            self.result = tune(
                self.game,
                self.goals,
                self.cells,
                progress=self._progress,
                stop=self.stop_event,
                **self.options,
            )
        finally:
            self.stop_button.disabled = True
        self.show()
        return self.result

    def start(self) -> None:
        """Tune in a background thread (the notebook stays free: stop can be pressed)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._thread = threading.Thread(target=self.run, daemon=True)
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)

    def chart_of(self) -> Any:
        """The trials chart of the last result."""
        from workbench.charts.trials import trials_chart

        assert self.result is not None, "run the tuner first"
        return trials_chart(self.result.trials, [p.trial for p in self.result.proposals])

    def show(self) -> None:
        """Redraw the chart, the proposals and their buttons from :attr:`result`."""
        from IPython.display import display

        result = self.result
        if result is None:
            return
        state = "stopped" if result.stopped else "done"
        self.status.value = f"{state}: {len(result.trials)} trials ({result.resumed} resumed)"
        self.chart.clear_output()
        with self.chart:
            display(self.chart_of())
        rows: list[Any] = []
        for i, p in enumerate(result.proposals, 1):
            button = w.Button(description=f"open proposal {i} in the what-if grid")
            button.on_click(lambda _b, p=p: self.open(p))
            rows.append(button)
        text = "<br>".join(html.escape(line) for line in proposal_lines(result))
        self.proposals.children = (w.HTML(f"<div class='wb-tuner-proposals'>{text}</div>"), *rows)

    def open(self, proposal: Proposal) -> Any:
        """The what-if grid of a proposal (its variant, edits made), shown below the panel."""
        from IPython.display import display

        from workbench.registry import spec
        from workbench.ui.sheet_grid import SheetGrid, whatif_editor
        from workbench.ui.whatif import WhatIf

        if spec(self.game).sheet_figures:
            editor = whatif_editor(WhatIf(self.game, proposal.variant))
        else:  # a game without exact figures: the grid alone
            editor = w.VBox([SheetGrid(proposal.variant)])
        self.grid.clear_output()
        with self.grid:
            display(editor)
        return editor
