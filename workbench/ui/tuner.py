"""The tuner in a notebook: progress, stop, the trials chart and "open in the what-if grid".

:class:`TunerPanel` runs :func:`workbench.engine.measure.tune.tune` with a progress bar
and a stop button (the trials finished so far stay in the journal, and running it
again resumes), then draws the trials chart (:func:`workbench.charts.trials.trials_chart`),
prints each proposal's tuned and re-checked figures and the sentence of the result, and
gives each proposal a button that opens it in the what-if grid
(:func:`workbench.ui.sheet_grid.whatif_editor` of a :class:`workbench.ui.whatif.WhatIf`).
``run()`` tunes in the notebook's own thread (what an executed notebook does);
``start()`` tunes in a background thread so that stop can be pressed.

A notebook's worked example at the designer's full budget takes minutes, so
``scripts/tuning_results.py`` plays its trials once into ``notebooks/results/<game>/``;
:func:`tuning_journal` hands the notebook a copy of those trials (the search then
finds them finished and only re-checks its proposals on fresh seeds), and under the
test run's small budget an empty journal (the search runs live, small).
"""

from __future__ import annotations

import html
import json
import shutil
import tempfile
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from workbench.budget import is_small_budget
from workbench.engine.measure.skilled_results import results_folder
from workbench.engine.measure.tune import Cell, Goal, Proposal, TuneResult, tune
from workbench.ui.output_area import show_in

__all__ = ["TunerPanel", "proposal_lines", "tuning_journal", "tuning_provenance"]

JOURNAL = "tune.journal"
PROVENANCE = "tune.json"


def tuning_journal(game: str, root: Path | str | None = None) -> Path:
    """A journal of the notebook's own: under the full budget a copy of the trials
    ``scripts/tuning_results.py`` played into ``<root>/results/<game>/`` (when there),
    else an empty one (the committed file is never written to).

    >>> import os
    >>> old = os.environ.get("WORKBENCH_BUDGET")
    >>> os.environ["WORKBENCH_BUDGET"] = "ci"
    >>> path = tuning_journal("mugen")
    >>> path.name, path.exists()
    ('tune.journal', False)
    >>> _ = os.environ.pop("WORKBENCH_BUDGET") if old is None else os.environ.update(WORKBENCH_BUDGET=old)
    """
    mine = Path(tempfile.mkdtemp(prefix="tune-")) / JOURNAL
    made = results_folder(game, root) / JOURNAL
    if not is_small_budget() and made.exists():
        shutil.copyfile(made, mine)
    return mine


def tuning_provenance(game: str, root: Path | str | None = None) -> str:
    """One sentence on where the notebook's trials came from (printed from the files)."""
    if is_small_budget():
        return "trials played live at the test run's small budget (WORKBENCH_BUDGET=ci)"
    prov = results_folder(game, root) / PROVENANCE
    if not prov.exists():
        return "trials played live (no precomputed trials in notebooks/results)"
    p = json.loads(prov.read_text(encoding="utf-8"))
    return (
        f"trials played by scripts/tuning_results.py on {p['made']} at commit {p['commit']} "
        f"({p['trials']} trials of {p['games']} paired games, {p['cpu_s']:.0f} CPU s, "
        f"{p['wall_s']:.0f} s wall at load {p['load']}); the re-checks are played here"
    )


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
                f"{p.rechecked[g.measure]:.3f}{span} on {result.recheck_games or result.games} "
                "fresh games "
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
        # What the tuner imports lazily (optuna, and numpy under it) is imported here, on the
        # notebook's thread: a module half imported by a background thread sits in
        # sys.modules, and a chart cell meanwhile read "partially initialized module 'numpy'"
        # (the same race as the skilled stream's; see whatif_stream.import_cluster).
        import optuna  # noqa: F401
        from optuna.storages import journal  # noqa: F401

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
        result = self.result
        if result is None:
            return
        state = "stopped" if result.stopped else "done"
        self.status.value = f"{state}: {len(result.trials)} trials ({result.resumed} resumed)"
        show_in(self.chart, self.chart_of())
        rows: list[Any] = []
        for i, p in enumerate(result.proposals, 1):
            button = w.Button(description=f"open proposal {i} in the what-if grid")
            button.on_click(lambda _b, p=p: self.open(p))
            rows.append(button)
        text = "<br>".join(html.escape(line) for line in proposal_lines(result))
        self.proposals.children = (w.HTML(f"<div class='wb-tuner-proposals'>{text}</div>"), *rows)

    def open(self, proposal: Proposal) -> Any:
        """The what-if grid of a proposal (its variant, edits made), shown below the panel."""
        from workbench.registry import spec
        from workbench.ui.sheet_grid import SheetGrid, whatif_editor
        from workbench.ui.whatif import WhatIf

        if spec(self.game).sheet_figures:
            editor = whatif_editor(WhatIf(self.game, proposal.variant))
        else:  # a game without exact figures: the grid alone
            editor = w.VBox([SheetGrid(proposal.variant)])
        show_in(self.grid, editor)
        return editor
