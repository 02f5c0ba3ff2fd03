"""Racing the card report's causal column with intervals that stay honest at every look.

The card report replays each card's neutral form on a share of the games, looks, and
plays on only for the cards whose place is not settled yet. Looking after every round
and stopping a card the first time its interval is clear of the others is *peeking*: a
fixed-size interval read at such a stop misses the truth more often than its level says.
So every raced card keeps two anytime-valid confidence sequences
(:class:`~workbench.prob.sequential.ConfidenceSequence`) over its paired differences
(owner won on the base sheet - owner won with the neutral card, each in ``[-1, 1]``):

- a **racing** one at ``alpha / cards`` (:func:`~workbench.prob.sequential.racing_alpha`):
  all cards' racing intervals hold together at every look, so "clear of every other
  card" and "within :data:`NEGLIGIBLE` of 0" are read without a multiple-looks penalty
  being forgotten;
- the card's **own** one at ``alpha``: the interval printed for a card racing stopped,
  valid at whatever game the stop came (a confidence sequence holds at every size at
  once, so at any stopping time too).

A card that ran the whole batch keeps the report's fixed-size interval (its size was
the batch, fixed in advance).

>>> race = Race(["a", "b"], alpha=0.05)
>>> race.add("a", [1.0] * 120)
>>> race.add("b", [0.0] * 120)
>>> race.settle()
['a', 'b']
>>> low, high = race.interval("a")
>>> 0.5 < low <= high == 1.0
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from workbench.prob.intervals import Interval
from workbench.prob.sequential import ConfidenceSequence, racing_alpha

__all__ = ["NEGLIGIBLE", "Race"]

NEGLIGIBLE = 0.05
"""Racing stops a card whose racing interval lies within this of 0 (under 5 percentage
points of its owner's win rate either way)."""


class Race:
    """The racing state of the cards ``arms``: their sequences and which ones stopped."""

    def __init__(self, arms: Sequence[str], alpha: float = 0.05) -> None:
        level = racing_alpha(alpha, max(1, len(arms)))
        self.arms = list(arms)
        self._wide = {a: ConfidenceSequence(-1.0, 1.0, alpha=level) for a in self.arms}
        self._own = {a: ConfidenceSequence(-1.0, 1.0, alpha=alpha) for a in self.arms}
        self.stopped: dict[str, int] = {}

    def add(self, arm: str, values: Iterable[float]) -> None:
        """The arm's next paired differences, in the order the games were dealt."""
        for v in values:
            self._wide[arm].update(v)
            self._own[arm].update(v)

    def running(self) -> list[str]:
        """The arms not stopped yet."""
        return [a for a in self.arms if a not in self.stopped]

    def settle(self) -> list[str]:
        """Stop every running arm whose racing interval is clear of every other arm's, or
        lies within :data:`NEGLIGIBLE` of 0; the arms stopped now."""
        wide = {a: self._wide[a].interval for a in self.arms}
        now = []
        for a in self.running():
            lo, hi = wide[a]
            apart = len(self.arms) > 1 and all(
                lo > wide[o].high or hi < wide[o].low for o in self.arms if o != a
            )
            if apart or -NEGLIGIBLE <= lo <= hi <= NEGLIGIBLE:
                now.append(a)
        for a in now:
            self.stopped[a] = self._own[a].n
        return now

    def interval(self, arm: str) -> Interval:
        """The arm's own anytime-valid interval (at its level ``alpha``), now."""
        return self._own[arm].interval

    def mean(self, arm: str) -> float:
        """The mean of the arm's differences so far."""
        return self._own[arm].mean
