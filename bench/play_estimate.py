"""`workbench play`'s time estimate against the real time of the same match (issue 38, goal:
within 2x either way): per case the estimate (``cli._budget.match_estimate``), the CPU
seconds the estimate itself took, and the match's own CPU and wall seconds, with the ratio
estimate / real CPU (the estimate predicts CPU on one core). The load average is printed:
the machine is shared, and wall times include the waiting.

Run: ``.venv/bin/python bench/play_estimate.py``.
"""

from __future__ import annotations

import os
import time

CASES = (
    ("mugen", ["ismcts:50", "greedy"], 4),
    ("ghost", ["ismcts:50", "random"], 2),
    ("pig", ["ismcts:100", "hold:20"], 10),
    ("life", ["greedy", "greedy", "greedy"], 4),
)


def main() -> None:
    from workbench.cli._budget import match_estimate
    from workbench.engine.runs.match import play_match

    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for game, specs, games in CASES:
        cpu = time.process_time()
        estimate, _ = match_estimate(game, specs, games, 0, None)
        estimating = time.process_time() - cpu
        cpu, wall = time.process_time(), time.perf_counter()
        play_match(game, specs, games, 0)
        real, real_wall = time.process_time() - cpu, time.perf_counter() - wall
        ratio = estimate.seconds / real if real > 0 else float("nan")
        verdict = "within 2x" if 0.5 <= ratio <= 2 else "MISSED (goal: within 2x)"
        print(
            f"{game:<6} {','.join(specs):<24} {games:>3} games: estimate {estimate.seconds:7.2f} s "
            f"(took {estimating:.2f} CPU s), real {real:7.2f} CPU s / {real_wall:6.1f} wall s, "
            f"ratio {ratio:.2f} {verdict}",
            flush=True,
        )
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
