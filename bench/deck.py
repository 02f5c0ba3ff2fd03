"""Detective round odds: exact (law of the line length + polynomials) vs brute force.

For decks of 8 to 40 cards (one tragic night + person cards spread over up to
8 people, 1-6 copies each) it prints P(nobody dies), the exact time, and where
it is still feasible (<= 9 cards) the time to enumerate every order of the
deck (itertools.permutations, the seed's first-card-to-bottom rule) with the
ratio; times are CPU (``time.process_time``), the load average in the header. Run: ``python bench/deck.py``.
"""

from __future__ import annotations

import itertools
import os
import time
from collections import Counter
from fractions import Fraction

from workbench.prob.ordered import SEED_RULES, round_odds

STOP = "T"
BRUTE_LIMIT = 9


def composition(cards: int) -> dict[str, int]:
    """cards - 1 person cards spread as evenly as possible over up to 8 people."""
    persons = cards - 1
    people = min(8, persons)
    return {chr(65 + i): persons // people + (i < persons % people) for i in range(people)} | {
        STOP: 1
    }


def brute_deaths(deck: dict[str, int]) -> dict[str | None, Fraction]:
    """Every order of the (distinguishable) cards, played with the seed's bottom rule."""
    cards = [name for name, c in deck.items() for _ in range(c)]
    tally: Counter[str | None] = Counter()
    total = 0
    for order in itertools.permutations(cards):
        stop_at = order.index(STOP)
        line = [c for c in order if c != STOP] if stop_at == 0 else order[:stop_at]
        counts = Counter(line).most_common(2)
        tally[counts[0][0] if len(counts) == 1 or counts[0][1] > counts[1][1] else None] += 1
        total += 1
    return {who: Fraction(n, total) for who, n in tally.items()}


def best_of(runs: int, work) -> tuple[float, object]:
    """(the best CPU seconds of ``runs`` runs, the last result): process_time, so what
    else the shared machine runs does not count."""
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best, result


def mixed_decks() -> list[dict[str, int]]:
    """40-card decks: 8 people with 1-6 copies each (39 person cards) + the night."""
    return [
        dict(zip("ABCDEFGH", copies, strict=True)) | {STOP: 1}
        for copies in (
            (1, 3, 5, 6, 6, 6, 6, 6),
            (6, 6, 6, 6, 6, 6, 2, 1),
            (1, 2, 6, 6, 6, 6, 6, 6),
            (4, 5, 5, 5, 5, 5, 5, 5),
        )
    ]


def main() -> None:
    print(
        f"CPU ms (time.process_time), best of 3; load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(
        f"{'cards':>5} {'people x copies':<26} {'P(nobody dies)':>14} {'exact ms':>9} "
        f"{'brute ms':>10} {'brute/exact':>11}"
    )
    for cards in (*range(8, 17), 20, 24, 28, 32, 36, 40, 41, 49):
        deck = composition(cards)
        shape = ",".join(str(c) for n, c in deck.items() if n != STOP)
        exact_s, odds = best_of(3, lambda deck=deck: round_odds(deck, STOP, SEED_RULES).death)
        nobody = odds[None]  # type: ignore[index]
        brute = ""
        ratio = ""
        if cards <= BRUTE_LIMIT:
            brute_s, found = best_of(1, lambda deck=deck: brute_deaths(deck))
            assert {k: v for k, v in odds.items() if v} == {  # type: ignore[union-attr]
                k: v for k, v in found.items()
            }, "exact and brute force disagree"  # type: ignore[union-attr]
            brute, ratio = f"{brute_s * 1e3:10.1f}", f"{brute_s / exact_s:11.0f}"
        print(
            f"{cards:>5} {shape:<26} {float(nobody):>14.6f} {exact_s * 1e3:>9.2f} "
            f"{brute or '-':>10} {ratio or '-':>11}"
        )
    print("\n40-card decks, 8 people x 1-6 copies: death + length + every person's line count")
    for deck in mixed_decks():

        def everything(deck: dict[str, int] = deck) -> object:
            odds = round_odds(deck, STOP, SEED_RULES)
            return odds.death, odds.length, [odds.on_line(p) for p in odds.people]

        took, _ = best_of(3, everything)
        shape = ",".join(str(c) for n, c in deck.items() if n != STOP)
        print(f"{sum(deck.values()):>5} {shape:<26} {took * 1e3:>9.2f} ms")


if __name__ == "__main__":
    main()
