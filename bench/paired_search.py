"""Does a skilled pair stay paired? Common random numbers per decision, measured (issue 38).

A greedy comparison narrows its intervals because both sheets' games are played on the
same deals by a player that makes the same choice in the same position: the two games
differ only where the edit matters. A search player draws from its seat's own stream a
number of times that depends on everything it looked at, so once one decision differs
between the sheets every later search of that seat differs too. This bench asks whether
giving each decision its own stream — one 64-bit draw of the seat's stream a decision,
the search run on a ``Random`` seeded from it (``crn:N`` below: the same ``ismcts:N``
search) — keeps the pairs closer, on the game's worked what-if example
(``GameSpec.whatif``: its sheets, seed and every question table):

- per rate measure, the paired 95% interval's width of ``ismcts:N`` and of ``crn:N``
  at the same pairs, and their ratio (below 1: the per-decision streams narrow it);
- CPU seconds of each comparison (one core, this process) and the load average.

The ``crn`` family is registered by this script only: no product player has it.
Run: ``.venv/bin/python bench/paired_search.py [game] [--pairs 40] [--budget 100]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any

WIDE_MEASURES = ("wins", "first player")  # rates: the measures a width is read on


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def per_decision_streams(budget: str) -> Any:
    """``ismcts:budget`` with each decision's search on its own stream: one draw of the
    seat's stream a decision, whatever the search then draws."""
    from workbench.engine.players.specs import player_from_spec

    inner = player_from_spec(f"ismcts:{budget}")

    def crn(view: Any, rng: random.Random) -> Any:
        return inner(view, random.Random(rng.getrandbits(64)))

    crn.__name__ = f"crn:{budget}"
    return crn


def widths(game: str, spec_text: str, pairs: int) -> tuple[dict[str, float], float]:
    """Each measure's paired interval width at ``pairs``, and the comparison's CPU s."""
    from workbench.datafiles import data_files
    from workbench.engine.measure.compare import compare
    from workbench.registry import spec

    example = spec(game).require("whatif", for_="bench/paired_search.py").load()
    variant = example.variant()
    base = data_files(game) if variant.base is None else variant.base
    start = time.process_time()
    table = compare(game, base, variant, [spec_text], pairs, example.seed, cache=False).table
    cpu = time.process_time() - start
    out = {
        f"{r['question']}: {r['measure']}": r["high"] - r["low"]
        for r in table.iter_rows(named=True)
        if any(w in r["measure"] for w in WIDE_MEASURES)
    }
    return out, cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="mugen")
    ap.add_argument("--pairs", type=int, default=40)
    ap.add_argument("--budget", default="100")
    a = ap.parse_args(argv)
    from workbench.registry import game_names, spec

    bad = (
        "--pairs 1..2000 and --budget 1..5000 iterations"
        if not 1 <= a.pairs <= 2000 or not a.budget.isdigit() or not 1 <= int(a.budget) <= 5000
        else None
        if a.game in game_names() and spec(a.game).whatif is not None
        else f"{a.game!r} is not a registered game with a worked what-if example"
    )
    if bad:
        print(f"paired_search: {bad}", file=sys.stderr)
        return 2
    from workbench.engine.players.specs import register_family
    from workbench.spec import PlayerFamily

    register_family(PlayerFamily("crn", per_decision_streams))
    print(f"{a.game}: worked example, {a.pairs} pairs a table, one core; load {load()}")
    plain, plain_cpu = widths(a.game, f"ismcts:{a.budget}", a.pairs)
    keyed, keyed_cpu = widths(a.game, f"crn:{a.budget}", a.pairs)
    print(f"ismcts:{a.budget} {plain_cpu:.1f} CPU s, crn:{a.budget} {keyed_cpu:.1f} CPU s")
    print(f"{'measure':58} {'ismcts':>7} {'crn':>7} {'ratio':>6}")
    for m, w in plain.items():
        print(f"{m[:58]:58} {w * 100:6.1f}  {keyed[m] * 100:6.1f}  {keyed[m] / w:5.2f}")
    ratios = sorted(keyed[m] / w for m, w in plain.items() if w > 0)
    if ratios:
        print(
            f"width ratio crn / ismcts: median {ratios[len(ratios) // 2]:.2f} "
            f"(range {ratios[0]:.2f}-{ratios[-1]:.2f}) over {len(ratios)} rate measures; "
            f"load {load()}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
