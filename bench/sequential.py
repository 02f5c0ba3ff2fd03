"""Fewer games for the same certainty (issue 38, deliverable 2), measured on a real comparison.

On one game's worked what-if example (its ``whatif.worked_example()``: base sheets
against the edited ones, the same deals on both sides, :func:`~workbench.engine.measure.compare.pair_rows`),
one question's table and one rate measure of it (the first, or ``--measure``):

- **fixed size**: ``--pairs`` greedy pairs and Newcombe's paired 95% interval at that size
  (valid only at the size fixed in advance);
- **sequential**: the same pairs in the same order into the anytime-valid confidence
  sequence (:class:`~workbench.prob.sequential.ConfidenceSequence`), looked at after every
  pair: the pairs played when it is *decided* (excludes 0), and when it is as narrow as
  the fixed-size interval (if it gets there within the pairs played) — the games saved
  or the extra games paid, honestly either way;
- **control variates**: ``--skilled-pairs`` pairs of the skilled player (``--skilled``) on
  the first deals, the greedy pairs on all ``--pairs`` deals as the control
  (:func:`~workbench.prob.control_variates.control_variate_mean`): its interval's width
  against the plain paired interval's on the same skilled pairs, and the skilled pairs
  the plain interval would need for the control-variate width (width scales as
  ``1/sqrt(n)``).

CPU (process_time) beside wall for each phase, the load average at the start and the end:
the machine is shared. Run: ``.venv/bin/python bench/sequential.py [game] [--pairs 2000]
[--skilled ismcts:10] [--skilled-pairs 60]``.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from importlib import import_module
from typing import Any


def load() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


class Clock:
    """CPU and wall seconds since it was made."""

    def __init__(self) -> None:
        self.cpu, self.wall = time.process_time(), time.perf_counter()

    def __str__(self) -> str:
        return f"CPU {time.process_time() - self.cpu:.1f} s, wall {time.perf_counter() - self.wall:.1f} s"


def outcomes(game: str, variant: Any, specs: str, pairs: int, measure: str | None) -> Any:
    """(question key, table, measure, [(base 0/1, variant 0/1) per deal]) for ``pairs`` deals."""
    from workbench.engine.measure.compare import job, prepare
    from workbench.engine.runs.simulate import frame_of

    qs, base, var, players = prepare(game, None, variant, specs)
    for q in qs:
        for table in q.variants:
            fn, args = job(game, q, table, (base, var), players, 0, pairs, 1)
            sides = fn(*args)
            names = [a["measure"] for a in q.answer(frame_of(sides[0][:1])) if a["kind"] == "rate"]
            if measure is not None and measure not in names:
                continue
            name = measure or (names[0] if names else None)
            if name is None:
                continue
            out = []
            for rb, rv in zip(*sides, strict=True):
                one = [
                    {a["measure"]: a["value"] for a in q.answer(frame_of([r]))} for r in (rb, rv)
                ]
                out.append((float(one[0].get(name) or 0.0), float(one[1].get(name) or 0.0)))
            return q.key, table, name, out
    raise SystemExit(f"{game}: no rate measure {measure!r} in its questions")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="mugen")
    parser.add_argument("--pairs", type=int, default=2000)
    parser.add_argument("--measure", default=None)
    parser.add_argument("--skilled", default="ismcts:10")
    parser.add_argument("--skilled-pairs", type=int, default=60)
    args = parser.parse_args()

    from workbench.prob.control_variates import control_variate_mean
    from workbench.prob.intervals import mean_interval, pair_counts, paired_newcombe
    from workbench.prob.sequential import ConfidenceSequence, stop_reason

    print(f"game {args.game}, load {load()}")
    variant = import_module(f"workbench.games.{args.game}.whatif").worked_example()
    clock = Clock()
    key, table, name, greedy = outcomes(args.game, variant, "greedy", args.pairs, args.measure)
    n = len(greedy)
    print(f"{n} greedy pairs of {key!r} {table!r}, measure {name!r}: {clock}")
    diffs = [v - b for b, v in greedy]
    low, high = paired_newcombe(*pair_counts([(b > 0.5, v > 0.5) for b, v in greedy]))
    fixed_width = high - low
    print(
        f"fixed size, {n} pairs: difference {sum(diffs) / n:+.4f}, "
        f"paired Newcombe 95% [{low:+.4f}, {high:+.4f}], width {fixed_width:.4f}"
    )

    cs, decided_at, narrow_at = ConfidenceSequence(-1.0, 1.0), None, None
    for d in diffs:
        cs.update(d)
        if decided_at is None and stop_reason(cs.interval, 0.0) == "decided":
            decided_at = (cs.n, cs.interval)
        if narrow_at is None and stop_reason(cs.interval, None, fixed_width) == "narrow":
            narrow_at = cs.n
    lo, hi = cs.interval
    print(f"sequential, all {n} pairs: [{lo:+.4f}, {hi:+.4f}], width {hi - lo:.4f}")
    if decided_at is not None:
        at, (dl, dh) = decided_at
        print(
            f"  decided (excludes 0) after {at} pairs [{dl:+.4f}, {dh:+.4f}]: "
            f"{n - at} of {n} pairs saved ({(n - at) / n:.0%})"
        )
    else:
        print(f"  not decided within {n} pairs (the fixed-size interval: {low:+.4f}..{high:+.4f})")
    if narrow_at is not None:
        print(f"  as narrow as the fixed-size interval after {narrow_at} pairs")
    else:
        print(
            f"  never as narrow as the fixed-size interval within {n} pairs "
            f"(width ratio {(hi - lo) / fixed_width:.2f}: about "
            f"{((hi - lo) / fixed_width) ** 2:.1f}x the pairs for the same width, the price of looking)"
        )

    clock = Clock()
    m = min(args.skilled_pairs, n)
    _, _, _, skilled = outcomes(args.game, variant, args.skilled, m, name)
    y = [v - b for b, v in skilled]
    print(f"{m} {args.skilled} pairs on the first deals: {clock}, load {load()}")
    est = control_variate_mean(y, diffs)
    plain_mean, plain_low, plain_high = mean_interval(y)
    ratio = est.half / ((plain_high - plain_low) / 2) if plain_high > plain_low else math.nan
    print(
        f"  plain paired mean {plain_mean:+.4f} [{plain_low:+.4f}, {plain_high:+.4f}]; "
        f"control variate (greedy on {n} deals) {est.value:+.4f} [{est.low:+.4f}, {est.high:+.4f}], "
        f"correlation {est.rho:.2f}"
    )
    if not math.isnan(ratio):
        print(
            f"  width ratio {ratio:.2f}: the plain interval needs about {m / ratio**2:.0f} "
            f"{args.skilled} pairs for this width ({1 - ratio**2:.0%} of them saved)"
        )
    print(f"load {load()}")


if __name__ == "__main__":
    main()
