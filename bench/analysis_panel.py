"""The analysis panel at its default budget against the old one, on fixed positions.

For a fixed ghost and detective position (a seed, then random moves up to a
decision with many legal actions, and for ghost a battle), prints: legal
actions, simulations per action (min–max), how many of the top 3 actions are
separated (their 95% interval overlaps none of the other two) and how many of
the 2nd and 3rd lie apart from the best, and the time to answer (CPU and wall).
"old" is the panel before issue 26: plain ISMCTS 200/40 (its own root choice);
"new" is :func:`workbench.engine.players.analyse.analyse` at the panel's
``DEFAULT_BUDGET`` (a minimum per action, the rest racing the best).
Run: `.venv/bin/python bench/analysis_panel.py`.
"""

from __future__ import annotations

import os
import random
import time
from typing import Any

from workbench.engine.kernel.seat import SeatView
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.players.analyse import ActionEstimate, _interval, analyse
from workbench.engine.players.search import ISMCTS
from workbench.registry import make_game
from workbench.ui.analysis_panel import DEFAULT_BUDGET, analysis_rng

#: (game, seed, what the position must have): the first decision after setup with at
#: least ``actions`` legal actions (and, with ``phase``, the state in that phase: ghost's
#: "stat" is the attacker choosing 物理 or 精神, "place" placing battle events,
#: "support_def" the defender adding support).
POSITIONS = (
    ("ghost", 1, {"actions": 2, "phase": "stat"}),
    ("ghost", 1, {"actions": 3, "phase": "place"}),
    ("ghost", 2, {"actions": 3, "phase": "support_def"}),
    ("ghost", 1, {"actions": 8, "phase": None}),
    ("detective", 1, {"actions": 6, "phase": None}),
)


def position(game_name: str, seed: int, actions: int, phase: str | None) -> Session:
    """The session at the first decision matching the wanted shape (random moves there)."""
    s = Session(make_game(game_name), seed=seed)
    for _ in range(5000):
        if s.is_over:
            break
        if (
            s.to_move >= 0
            and len(s.legal_actions()) >= actions
            and (phase is None or getattr(s.state, "phase", None) == phase)
        ):
            return s
        s.bot_move(random_player)
    raise LookupError(f"{game_name} seed {seed}: no decision with {actions} actions")


def separated(rows: list[ActionEstimate]) -> tuple[int, int]:
    """(top-3 actions whose interval overlaps no other top-3 interval, 2nd/3rd apart from the best)."""
    top = rows[:3]
    alone = sum(
        all(r is o or r.interval[1] < o.interval[0] or o.interval[1] < r.interval[0] for o in top)
        for r in top
    )
    return alone, sum(r.interval[1] < top[0].interval[0] for r in top[1:])


def old_panel(s: Session) -> list[ActionEstimate]:
    """The panel before issue 26: ISMCTS 200/40 as it chooses, best = most visited."""
    stats = ISMCTS(200, horizon=40).search(
        SeatView(s.game, s.to_move, s.state), analysis_rng(s.seed, s.step)
    )
    rows = [
        ActionEstimate(x.action, "", x.mean, x.visits, _interval(x.mean, x.visits)) for x in stats
    ]
    return sorted(rows, key=lambda r: -r.win_rate)


def new_panel(s: Session) -> list[ActionEstimate]:
    """The panel now: :func:`analyse` at ``DEFAULT_BUDGET``."""
    rows = analyse(s.game, s.state, s.to_move, DEFAULT_BUDGET, analysis_rng(s.seed, s.step))
    return [r for r in rows if isinstance(r, ActionEstimate)]


def timed(run: Any) -> tuple[Any, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    out = run()
    return out, time.process_time() - cpu, time.perf_counter() - wall


def main() -> int:
    print(
        f"new budget {DEFAULT_BUDGET}; old: ismcts 200/40; load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(
        f"{'position':<36} {'panel':<4} {'actions':>7} {'sims/action':>12} {'top3 apart':>10} "
        f"{'2nd,3rd<best':>12} {'top3 width':>10} {'cpu s':>6} {'wall s':>6}"
    )
    for game, seed, want in POSITIONS:
        s = position(game, seed, **want)
        name = f"{game} seed {seed} step {s.step}" + (
            f" ({want['phase']})" if want["phase"] else ""
        )
        for panel in ("old", "new"):
            rows, cpu, wall = timed(lambda: old_panel(s) if panel == "old" else new_panel(s))  # noqa: B023
            sims = [r.simulations for r in rows]
            alone, apart = separated(rows)
            width = sum(r.interval[1] - r.interval[0] for r in rows[:3]) / len(rows[:3])
            print(
                f"{name:<36} {panel:<4} {len(rows):>7} {min(sims):>5}–{max(sims):<6} "
                f"{alone:>7}/{min(3, len(rows))}  {apart:>9}/{min(2, len(rows) - 1)} "
                f"{100 * width:>7.1f} pt "
                f"{cpu:>6.2f} {wall:>6.2f}"
            )
    return 0


if __name__ == "__main__":
    random.seed(0)
    raise SystemExit(main())
