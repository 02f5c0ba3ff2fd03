"""Sequential stopping that stays honest: an interval valid at *every* number of games at once.

A fixed-size 95% interval (:mod:`workbench.prob.intervals`) is valid only at the size
chosen before the games were played. Looking after every chunk and stopping the first
time it excludes 0 ("peeking") misses far more often than 5% of the time. A *confidence
sequence* holds for all sizes at once: with probability at least 95% the true mean lies
inside the interval at every ``n`` together, so a question may stop whenever its interval
is decided or narrow enough, and the interval at the stop is still a 95% interval.

:class:`ConfidenceSequence` is the predictable plug-in empirical-Bernstein confidence
sequence of Waudby-Smith & Ramdas ("Estimating means of bounded random variables by
betting", JRSS B 2024, Theorem 2) for values known to lie in ``[low, high]`` — a paired
difference of two 0/1 outcomes lies in ``[-1, 1]`` — intersected over time (an
intersection of a confidence sequence is still one). It is wider than a fixed-size
interval at the same ``n`` (the price of being allowed to look), and adapts to the
variance: pairs that mostly agree narrow it fast.

:func:`stop_reason` is the one stopping rule: "decided" when the interval excludes the
reference (0 for a difference), "narrow" when its width is at most the width asked for,
else ``None`` (keep playing). Racing several variants or cards at once: give each a
sequence at ``alpha / k`` (:func:`racing_alpha`), and all ``k`` intervals hold together
at every look.

>>> cs = ConfidenceSequence(low=-1.0, high=1.0)
>>> cs.extend([1.0, 0.0, 1.0, 1.0, 0.0, 1.0] * 50)
>>> cs.n, round(cs.mean, 3), [round(x, 3) for x in cs.interval]
(300, 0.667, [0.555, 0.777])
>>> stop_reason(cs.interval, reference=0.0)
'decided'
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from workbench.prob.intervals import Interval

__all__ = ["ConfidenceSequence", "racing_alpha", "stop_reason"]


def _psi(lam: float) -> float:
    """The empirical-Bernstein penalty ``psi_E(lambda) = (-log(1 - lambda) - lambda) / 4``."""
    return (-math.log1p(-lam) - lam) / 4


class ConfidenceSequence:
    """An anytime-valid (1 - ``alpha``) interval for the mean of values in ``[low, high]``,
    updated one value at a time (predictable plug-in empirical Bernstein, intersected).

    ``truncation`` caps each bet (``c`` of the paper: 1/2 or 3/4; 3/4 here, narrower for
    the mostly-zero differences of paired games, a little wider for spread ones). Values outside
    ``[low, high]`` are refused: the guarantee rests on the bound.

    >>> cs = ConfidenceSequence(0.0, 1.0)
    >>> cs.interval, cs.width
    (Interval(low=0.0, high=1.0), 1.0)
    >>> cs.extend([0.5] * 400)
    >>> [round(x, 3) for x in cs.interval]
    [0.488, 0.512]
    >>> cs.update(2.0)
    Traceback (most recent call last):
    ...
    ValueError: value 2.0 outside the sequence's bounds [0.0, 1.0]
    """

    def __init__(
        self, low: float = -1.0, high: float = 1.0, alpha: float = 0.05, truncation: float = 0.75
    ) -> None:
        if not high > low:
            raise ValueError(f"bounds [{low}, {high}] are empty")
        if not 0 < alpha < 1:
            raise ValueError(f"alpha {alpha} is not inside (0, 1)")
        if not 0 < truncation < 1:
            raise ValueError(f"truncation {truncation} is not inside (0, 1)")
        self.low, self.high, self.alpha, self.truncation = low, high, alpha, truncation
        self._log = math.log(2 / alpha)
        self.n = 0
        self._sum = 0.0  # sum of x (scaled to [0, 1])
        self._mu = 0.5  # mu-hat_{t-1}: (1/2 + sum x) / (t + 1)
        self._var = 0.25  # sigma-hat^2_{t-1}: (1/4 + sum (x - mu-hat_i)^2) / (t + 1)
        self._sq = 0.0  # sum (x_i - mu-hat_i)^2
        self._lam = 0.0  # sum lambda
        self._lam_x = 0.0  # sum lambda * x
        self._pen = 0.0  # sum v * psi(lambda)
        self._lo, self._hi = 0.0, 1.0  # running intersection, scaled

    def update(self, value: float) -> None:
        """Take one more value (in ``[low, high]``)."""
        if not self.low <= value <= self.high:
            raise ValueError(
                f"value {value} outside the sequence's bounds [{self.low}, {self.high}]"
            )
        x = (value - self.low) / (self.high - self.low)
        t = self.n + 1
        lam = min(math.sqrt(2 * self._log / (self._var * t * math.log1p(t))), self.truncation)
        self._lam += lam
        self._lam_x += lam * x
        self._pen += 4 * (x - self._mu) ** 2 * _psi(lam)
        centre = self._lam_x / self._lam
        half = (self._log + self._pen) / self._lam
        self._lo = max(self._lo, centre - half)
        self._hi = min(self._hi, centre + half)
        self.n = t
        self._sum += x
        mu_t = (0.5 + self._sum) / (t + 1)
        self._sq += (x - mu_t) ** 2
        self._mu, self._var = mu_t, (0.25 + self._sq) / (t + 1)

    def extend(self, values: Iterable[float]) -> None:
        """Take several values in order."""
        for v in values:
            self.update(v)

    @property
    def mean(self) -> float:
        """The plain mean of the values taken (NaN before any)."""
        if not self.n:
            return math.nan
        return self.low + (self.high - self.low) * self._sum / self.n

    @property
    def interval(self) -> Interval:
        """The current interval, in the values' own scale (empty intervals kept as a point)."""
        span = self.high - self.low
        lo, hi = self._lo, max(self._lo, self._hi)
        return Interval(self.low + span * lo, self.low + span * hi)

    @property
    def width(self) -> float:
        """The current interval's width."""
        lo, hi = self.interval
        return hi - lo


def stop_reason(
    interval: tuple[float, float], reference: float | None = 0.0, width: float | None = None
) -> str | None:
    """Why a question may stop now: "decided" (the interval excludes ``reference``),
    "narrow" (its width is at most ``width``), or ``None`` (play on). Use it only with an
    anytime-valid interval (:class:`ConfidenceSequence`), never a fixed-size one.

    >>> stop_reason((0.02, 0.3)), stop_reason((-0.01, 0.01), width=0.05), stop_reason((-0.2, 0.3))
    ('decided', 'narrow', None)
    """
    low, high = interval
    if reference is not None and (low > reference or high < reference):
        return "decided"
    if width is not None and high - low <= width:
        return "narrow"
    return None


def racing_alpha(alpha: float, arms: int) -> float:
    """The level for each of ``arms`` sequences raced together so that all hold at once at
    every look (Bonferroni: ``alpha / arms``).

    >>> racing_alpha(0.05, 10)
    0.005
    """
    if arms < 1:
        raise ValueError(f"{arms} arms: racing needs at least one")
    return alpha / arms
