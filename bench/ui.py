"""Click -> redraw latency of every board in Chromium (Voila), median and 90th percentile,
and how many times a click copies the game state (in process, no browser).

Goals: median < 100 ms; at most 2 state copies per click (thaws and clones of
the kernel table, counted by ``Table.copies``).
Run: `.venv/bin/python bench/ui.py [game ...]`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from workbench.engine.kernel import Table
from workbench.engine.registry import game_names
from workbench.share.app import board_factory, board_for, serve_board
from workbench.share.browser import chromium_context, chromium_path, click_through

GOAL_MS = 100.0


GOAL_COPIES = 2


def copies_per_click(game: str, clicks: int = 30) -> list[int]:
    """State copies made by each of ``clicks`` clicks on the board (first action shown)."""
    board = board_for(game, seed=3)
    counts = []
    for _ in range(clicks):
        if board.session.is_over or not board.button_ids:
            break
        before = Table.copies
        board.click_action(board.button_ids[0])
        counts.append(Table.copies - before)
    return counts


def main(games: list[str]) -> int:
    print(f"{'board':<10} {'clicks':>6} {'copies/click max':>16} {'mean':>6} {'goal':>5}")
    for game in games:
        counts = copies_per_click(game)
        if counts:
            print(f"{game:<10} {len(counts):>6} {max(counts):>16} {sum(counts) / len(counts):>6.2f} "
                  f"{GOAL_COPIES:>5}")
    chromium = chromium_path()
    if chromium is None:
        print("chromium not installed (make system-deps)")
        return 1
    rows = []
    for game in games:
        try:
            board_factory(game)
        except (ModuleNotFoundError, LookupError):
            print(f"{game}: no board yet, skipped")
            continue
        with tempfile.TemporaryDirectory() as tmp, serve_board(game, Path(tmp), seed=3) as url:
            with chromium_context(chromium) as ctx:
                page = ctx.new_page()
                page.goto(url, timeout=90_000)
                page.wait_for_selector(".wb-action", timeout=90_000)
                click_through(page, n_actions=3, undo_at=99)  # warm-up
                run = click_through(page, n_actions=30, undo_at=10)
        s = run.summary()
        rows.append((game, s["clicks"], s["median_ms"], s["p90_ms"]))
    print(f"{'board':<10} {'clicks':>6} {'median ms':>10} {'p90 ms':>8} {'goal':>6} {'ratio':>6}")
    for game, clicks, med, p90 in rows:
        print(f"{game:<10} {clicks:>6} {med:>10.1f} {p90:>8.1f} {GOAL_MS:>6.0f} {GOAL_MS / med:>6.2f}")
    if rows:
        print(f"worst median click->redraw: {max(r[2] for r in rows):.1f} ms (goal < {GOAL_MS:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(game_names())))
