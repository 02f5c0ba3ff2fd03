"""The card report's speed goals (issue 37):

- **mugen's 37 cards under greedy, causal column included** (every card some seat owns
  replayed with its neutral card on the same deals, raced): goal under 2 min wall;
- **every game** that declares the report's parts (``GameSpec.card_events`` and
  ``neutral_card``): goal under 10 min wall each; a game without them is named;
- **how the cost grows with cards and cells**: the same batch on the first k owned cards,
  CPU seconds against k, and the CPU seconds each card adds (a least-squares slope); the
  sensitivity map of the deck cards' costs on the first k cells, likewise.

CPU time is printed beside wall time, with the load average (the machine is shared), and
what racing saved (games replayed against every card on every game). Run:
``.venv/bin/python bench/cards.py [--games 400] [--quick]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from typing import Any

GOAL_MUGEN_S = 120.0
GOAL_GAME_S = 600.0
GAMES = ("ghost", "detective", "mugen", "life")


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def timed(fn: Any) -> tuple[Any, float, float]:
    """(result, wall s, CPU s) of ``fn()`` (this process: the report plays in it)."""
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn()
    return out, time.perf_counter() - w0, time.process_time() - c0


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys on xs."""
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / den if den else 0.0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--games", type=int, default=400, help="games per batch (default 400)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--quick", action="store_true", help="a short run of the same measurements")
    args = p.parse_args(argv)
    games = 60 if args.quick else args.games
    os.environ.setdefault("WORKBENCH_CACHE", tempfile.mkdtemp(prefix="bench-cards-"))

    from workbench.cards.variants import Variant
    from workbench.engine.measure.card_report import card_report
    from workbench.registry import spec

    print(f"card report bench: {games} games, greedy, seed {args.seed}; load {load()}")
    every = list(Variant.of("mugen").tables()["cards"].frame()["id"])
    report, wall, cpu = timed(lambda: card_report("mugen", "greedy", games, args.seed, cards=every))
    c = report.cost
    owned = int((report.table["owned"] > 0).sum())
    print(
        f"mugen, {len(every)} cards ({owned} in the sample decks, replayed): {wall:.1f} s wall, "
        f"{cpu:.1f} CPU s, load {load()}; goal under {GOAL_MUGEN_S:.0f} s wall: "
        + ("met" if wall < GOAL_MUGEN_S else "missed")
    )
    print(
        f"  games: {int(c['games_base'])} base + {int(c['games_causal'])} replayed "
        f"(every card on every game: {int(c['games_unraced'])}; racing saved "
        f"{1 - c['games_causal'] / max(1.0, c['games_unraced']):.0%}; "
        f"{int(c.get('games_questions', 0))} games of the balance questions), "
        f"{(c['games_base'] + c['games_causal'] + c.get('games_questions', 0)) / max(cpu, 1e-9):.0f}"
        " games per CPU s"
    )
    for game in GAMES:
        if game == "mugen":
            continue
        s = spec(game)
        if not (s.has("card_events") and s.has("neutral_card")):
            print(f"{game}: declares no card_events / neutral_card — not measured (goal under "
                  f"{GOAL_GAME_S:.0f} s wall)")  # fmt: skip
            continue
        n = 10 if args.quick else games
        r, w, cp = timed(lambda g=game, n=n: card_report(g, "greedy", n, args.seed))
        print(
            f"{game}, {int(r.cost['cards'])} cards on {n} games ({int(r.cost['games_causal'])} "
            f"replayed): {w:.1f} s wall, {cp:.1f} CPU s, load {load()}; goal under "
            f"{GOAL_GAME_S:.0f} s wall: " + ("met" if w < GOAL_GAME_S else "missed")
        )
    decked = [r["card"] for r in report.table.iter_rows(named=True) if r["owned"]]
    sizes = [3, 6] if args.quick else [5, 10, 15, len(decked)]
    small = max(20, games // 4)
    xs, ys = [], []
    for k in sizes:
        _, w, cp = timed(
            lambda k=k: card_report(
                "mugen",
                "greedy",
                small,
                args.seed,
                cards=decked[:k],
                race=False,
                question_games=0,
            )
        )
        xs.append(float(k))
        ys.append(cp)
        print(f"  growth: {k:>2} cards, {small} games unraced: {cp:.2f} CPU s, {w:.2f} s wall")
    print(
        f"growth with cards: {slope(xs, ys):.3f} CPU s per added card per {small} games "
        f"({slope(xs, ys) / small * 1000:.2f} CPU ms per card-game); load {load()}"
    )
    from workbench.engine.measure.sensitivity import numeric_cells, sensitivity_map

    costs = [
        c for c in numeric_cells(Variant.of("mugen")) if c[1] in decked and c[2].endswith("_cost")
    ]
    xs, ys = [], []
    for k in [4, 8] if args.quick else [8, 16, len(costs)]:
        m, w, cp = timed(
            lambda k=k: sensitivity_map("mugen", "greedy", small, args.seed, cells=costs[:k])
        )
        xs.append(float(k))
        ys.append(cp)
        print(
            f"  sensitivity: {k:>2} cells ({int(m.cost['edits'])} steps screened on "
            f"{int(m.cost['screen'])} games, {int(m.cost['refined'])} refined on {small}): "
            f"{cp:.2f} CPU s, {w:.2f} s wall"
        )
    print(f"growth with cells: {slope(xs, ys):.3f} CPU s per added cell; load {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
