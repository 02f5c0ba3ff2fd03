"""Click -> redraw and click -> settled latency of every board in Chromium (Voila), median
and 90th percentile, and how many times a click copies the game state (in process).

A click goes to the picture's first highlighted target (``.wb-picture .wb-target``),
else to the first enabled action button, dispatched in the page so the clock
starts at the click: "redraw" is the first change of the board, "settled" the
last change before 100 ms of quiet (every widget update of the click arrived).
Goals: settled median < 100 ms; at most 2 state copies per click (thaws and
clones of the kernel table, counted by ``copies_made()``).
First paint (issue 26 item 7): seconds from opening the page to the board's
picture, on a cold server (a kernel starts and imports the game) and with
``workbench app``'s preheated kernel (opened at once, and once the pool is
warm); goal < 5 s on an idle machine. Games without a board are skipped.
Run: `.venv/bin/python bench/ui.py [--quick] [game ...]` (``--quick``: one game,
fewer clicks; the default of ``make bench``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from workbench.engine.kernel import copies_made
from workbench.registry import shown_game_names
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
        before = copies_made()
        board.click_action(legal[0].id)
        counts.append(copies_made() - before)
    return counts


GOAL_FIRST_PAINT_S = 5.0
WARM_WAIT_S = 20.0


def has_board(game: str) -> bool:
    """Whether the game has a board to serve (a ``board`` module with a factory)."""
    try:
        board_factory(game)
    except (ModuleNotFoundError, LookupError):
        return False
    return True


def first_paint(chromium: str, game: str, *, preheat: bool, wait: float = 0.0) -> float:
    """Seconds from opening the page to the board's picture (the server already up)."""
    with (
        tempfile.TemporaryDirectory() as tmp,
        serve_board(game, Path(tmp), seed=3, preheat=preheat) as url,
    ):
        time.sleep(wait)
        with chromium_context(chromium) as ctx:
            page = ctx.new_page()
            start = time.perf_counter()
            page.goto(url, timeout=120_000)
            page.wait_for_selector(".wb-board .wb-picture", timeout=120_000)
            return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games (default: every game with a board)")
    parser.add_argument("--quick", action="store_true", help="one game, fewer clicks")
    args = parser.parse_args(argv)
    games = [g for g in (args.games or list(shown_game_names())) if has_board(g)]
    skipped = sorted(set(args.games or shown_game_names()) - set(games))
    if skipped:
        print(f"no board, skipped: {', '.join(skipped)}")
    if args.quick:
        games = games[:1]
    clicks = 12 if args.quick else 33
    print(f"{'board':<10} {'clicks':>6} {'copies/click max':>16} {'mean':>6} {'goal':>5}")
    for game in games:
        counts = copies_per_click(game, clicks=10 if args.quick else 30)
        if counts:
            print(
                f"{game:<10} {len(counts):>6} {max(counts):>16} {sum(counts) / len(counts):>6.2f} "
                f"{GOAL_COPIES:>5}"
            )
    chromium = chromium_path()
    if chromium is None:
        print("chromium not installed (make system-deps): the browser tables are skipped")
        return 0
    rows = []
    for game in games:
        with tempfile.TemporaryDirectory() as tmp, serve_board(game, Path(tmp), seed=3) as url:
            with chromium_context(chromium) as ctx:
                page = ctx.new_page()
                page.goto(url, timeout=90_000)
                page.wait_for_selector(".wb-board .wb-picture", timeout=90_000)
                wait_settled(page)
                timed = [t for t in (timed_click(page) for _ in range(clicks)) if t is not None][3:]
        if timed:
            redraw, settled = sorted(t[0] for t in timed), sorted(t[1] for t in timed)
            rows.append(
                (game, len(timed), median(redraw), p90(redraw), median(settled), p90(settled))
            )
    print(
        f"{'board':<10} {'clicks':>6} {'redraw med':>10} {'p90':>6} {'settled med':>11} {'p90':>6} "
        f"{'goal':>5} {'ratio':>6}"
    )
    for game, n, rmed, rp90, smed, sp90 in rows:
        print(
            f"{game:<10} {n:>6} {rmed:>10.1f} {rp90:>6.1f} {smed:>11.1f} {sp90:>6.1f} {GOAL_MS:>5.0f} "
            f"{GOAL_MS / smed:>6.2f}"
        )
    if rows:
        print(f"worst settled median: {max(r[4] for r in rows):.1f} ms (goal < {GOAL_MS:.0f} ms)")
    print_first_paint(chromium, games)
    return 0


def print_first_paint(chromium: str, games: list[str]) -> None:
    """The first-paint table: cold, preheated at once, preheated once warm (wall seconds;
    the CPU of this process is no measure of the server's)."""
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"first paint, wall seconds (load average {load:.1f} on {os.cpu_count()} cores; "
        f"the goal is for an idle machine)"
    )
    print(f"{'board':<10} {'cold s':>7} {'preheated s':>12} {'warm s':>7} {'goal s':>7}")
    for game in games:
        cold = first_paint(chromium, game, preheat=False)
        hot = first_paint(chromium, game, preheat=True)
        warm = first_paint(chromium, game, preheat=True, wait=WARM_WAIT_S)
        print(f"{game:<10} {cold:>7.1f} {hot:>12.1f} {warm:>7.1f} {GOAL_FIRST_PAINT_S:>7.1f}")


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
    sys.exit(main(sys.argv[1:]))
