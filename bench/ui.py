"""Click -> redraw and click -> settled latency of every board in Chromium (Voila), median
and 90th percentile, and how many times a click copies the game state (in process).

A click goes to the picture's first highlighted target (``.wb-picture .wb-target``),
else to the first enabled action button, dispatched in the page so the clock
starts at the click: "redraw" is the first change of the board, "settled" the
last change before 100 ms of quiet (every widget update of the click arrived).
Goals: settled median < 100 ms; at most 2 state copies per click (thaws and
clones of the kernel table, counted by ``Table.copies``).
Run: `.venv/bin/python bench/ui.py [game ...]`.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

from workbench.engine.kernel import Table
from workbench.engine.kernel.registry import game_names
from workbench.share.app import board_factory, serve_board
from workbench.share.browser import chromium_context, chromium_path, wait_settled

GOAL_MS = 100.0


GOAL_COPIES = 2


def copies_per_click(game: str, clicks: int = 30) -> list[int]:
    """State copies made by each of ``clicks`` clicks on the board (first action shown)."""
    board = board_factory(game)(seed=3)
    counts = []
    for _ in range(clicks):
        legal = board.session.legal_actions()
        if board.session.is_over or not legal:
            break
        before = Table.copies
        board.click_action(legal[0].id)
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
                page.wait_for_selector(".wb-board .wb-picture", timeout=90_000)
                wait_settled(page)
                timed = [t for t in (timed_click(page) for _ in range(33)) if t is not None][3:]
        if timed:
            redraw, settled = sorted(t[0] for t in timed), sorted(t[1] for t in timed)
            rows.append((game, len(timed), median(redraw), p90(redraw), median(settled), p90(settled)))
    print(f"{'board':<10} {'clicks':>6} {'redraw med':>10} {'p90':>6} {'settled med':>11} {'p90':>6} "
          f"{'goal':>5} {'ratio':>6}")
    for game, n, rmed, rp90, smed, sp90 in rows:
        print(f"{game:<10} {n:>6} {rmed:>10.1f} {rp90:>6.1f} {smed:>11.1f} {sp90:>6.1f} {GOAL_MS:>5.0f} "
              f"{GOAL_MS / smed:>6.2f}")
    if rows:
        print(f"worst settled median: {max(r[4] for r in rows):.1f} ms (goal < {GOAL_MS:.0f} ms)")
    return 0


_CLICK_JS = """async () => {
  const board = document.querySelector('.wb-board');
  const el = document.querySelector('.wb-picture .wb-target')
    || document.querySelector('button.wb-action:not([disabled])');
  if (!board || !el) return null;
  const snap = () => board.innerHTML.length + ':' + board.innerText;
  let last = snap(), first = null, change = null;
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  while (performance.now() - t0 < 15000) {
    await new Promise((r) => requestAnimationFrame(r));
    const now = snap(), t = performance.now();
    if (now !== last) { last = now; change = t; if (first === null) first = t; }
    else if (change !== null && t - change >= 100) return [first - t0, change - t0];
  }
  return null;
}"""


def timed_click(page: object) -> tuple[float, float] | None:
    """Click the first target (or button) in the page: (ms to the first change, ms to settled)."""
    got = page.evaluate(_CLICK_JS)  # type: ignore[attr-defined]
    return (float(got[0]), float(got[1])) if got else None


def median(xs: list[float]) -> float:
    """The median of sorted values."""
    return statistics.median(xs)


def p90(xs: list[float]) -> float:
    """The 90th percentile (nearest rank) of sorted values."""
    return xs[min(len(xs) - 1, int(round(0.9 * (len(xs) - 1))))]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or list(game_names())))
