"""Control variates: a cheap outcome measured on the same deals narrows a dear one's interval.

The skilled pair's outcome on deal ``i`` (``y``) and the greedy pair's on the same deal
(``x``) move together: the deal that favours the variant under one player tends to under
the other. Greedy games are cheap, so ``x`` is known on many more deals (``M``) than ``y``
(``n``, the first ``n`` of them). The regression estimator of two-phase sampling
(Cochran, *Sampling Techniques*, 3rd ed., section 12.6) corrects ``y``'s mean by how far
the ``n`` deals' ``x`` mean strayed from the ``M`` deals' one::

    estimate = mean(y) - beta * (mean(x over n) - mean(x over M)),  beta = s_xy / s_xx

with variance ``s_res^2 / n + beta^2 ((1 - f)^2 s_x^2 / n + f^2 s_x'^2 / (M - n))`` where
``f = (M - n) / M``, ``s_x'^2`` is ``x``'s variance over the further deals, and
``s_res^2`` is the residual variance of ``y`` on ``x`` over the ``n`` deals (``n - 2``
degrees of freedom; Student's t for the interval). When the control's mean is known
exactly (``control_mean``), the second term is 0. With ``x`` uncorrelated with ``y``
the interval is about the plain one; with correlation ``rho`` its width shrinks by about
``sqrt(1 - rho^2)`` — the games saved are the fraction ``rho^2``.

>>> y = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0] * 10
>>> x = [1.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 1.0] * 10
>>> est = control_variate_mean(y, x + [1.0, 0.0] * 200)
>>> round(est.value, 3), [round(v, 3) for v in (est.low, est.high)], round(est.plain_half, 3)
(0.625, [0.548, 0.702], 0.108)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from workbench.prob.intervals import t_quantile

__all__ = ["ControlVariateEstimate", "control_variate_mean"]


@dataclass(frozen=True)
class ControlVariateEstimate:
    """A mean adjusted by a control: value, 95% interval, the slope used, the correlation,
    and the plain mean's half-width on the same ``n`` for comparison."""

    value: float
    low: float
    high: float
    beta: float
    rho: float
    n: int
    plain_half: float

    @property
    def half(self) -> float:
        """Half the interval's width."""
        return (self.high - self.low) / 2


def control_variate_mean(
    y: Sequence[float], controls: Sequence[float], control_mean: float | None = None
) -> ControlVariateEstimate:
    """The regression (control-variate) estimate of ``y``'s mean with its 95% interval.

    ``controls`` holds the control's value on the same deals as ``y`` first (``controls[i]``
    pairs with ``y[i]``), then on further deals; ``control_mean``, when given, is the
    control's exact mean (the further deals are then not needed). At least 3 pairs.

    >>> est = control_variate_mean([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0, 4.0], control_mean=2.0)
    >>> est.value, est.low, est.high
    (2.0, 2.0, 2.0)
    >>> control_variate_mean([1.0, 2.0], [1.0, 2.0, 3.0])
    Traceback (most recent call last):
    ...
    ValueError: 2 pairs: a control-variate interval needs at least 3
    """
    n, m = len(y), len(controls)
    if n < 3:
        raise ValueError(f"{n} pairs: a control-variate interval needs at least 3")
    if m < n:
        raise ValueError(f"{m} control values for {n} outcomes: the control needs every deal")
    x = controls[:n]
    my, mx = math.fsum(y) / n, math.fsum(x) / n
    sxx = math.fsum((a - mx) ** 2 for a in x) / (n - 1)
    syy = math.fsum((b - my) ** 2 for b in y) / (n - 1)
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(x, y, strict=True)) / (n - 1)
    beta = sxy / sxx if sxx > 0 else 0.0
    rho = sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0
    res = math.fsum((b - my - beta * (a - mx)) ** 2 for a, b in zip(x, y, strict=True)) / (n - 2)
    t = t_quantile(n - 2)
    if control_mean is not None:
        value = my - beta * (mx - control_mean)
        var = res / n
    else:
        everything = math.fsum(controls) / m
        value = my - beta * (mx - everything)
        var = res / n
        if m > n:
            f = (m - n) / m
            rest = controls[n:]
            mr = math.fsum(rest) / (m - n)
            sr = math.fsum((a - mr) ** 2 for a in rest) / (m - n - 1) if m - n > 1 else sxx
            var += beta**2 * ((1 - f) ** 2 * sxx / n + f**2 * sr / (m - n))
    half = t * math.sqrt(max(var, 0.0))
    plain = t_quantile(n - 1) * math.sqrt(syy / n)
    return ControlVariateEstimate(value, value - half, value + half, beta, rho, n, plain)
