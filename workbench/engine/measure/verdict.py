"""The one rule for every verdict the workbench prints: a word only where its interval says so.

A measure is said to have moved ("higher", "lower", "changed", "above its fair share"…)
only when its 95% interval excludes the value that means *no difference* (0 for a
difference, a fair share for a seat's rate). Until then it reads
:data:`TOO_FEW` — "too few games to say" — printed beside its interval. Below
:data:`MIN_GAMES` games (or pairs) no verdict is given at all: a view shows how many games
were played and how wide the interval still is (:func:`progress_text`), since an interval
on a handful of games is itself unreliable.

Every view (the skilled stream, ``workbench compare``, the what-if table, the playtest
review, the notebooks' printed sentences) calls :func:`judge` and prints the word it
returns; :func:`rate_span` and :func:`difference_span` print the intervals, a rate never
outside [0, 1] and a difference of rates never outside [-1, 1].

>>> judge(0.02, 0.09, 200), judge(-0.05, 0.09, 200), judge(-0.3, -0.1, 200, above="better", below="worse")
('higher', 'too few games to say', 'worse')
>>> judge(0.2, 0.9, 4)
'not judged yet'
>>> decided(judge(0.02, 0.09, 200)), decided("too few games to say")
(True, False)
"""

from __future__ import annotations

import math

__all__ = [
    "EARLY",
    "MIN_GAMES",
    "TOO_FEW",
    "decided",
    "difference_span",
    "judge",
    "progress_text",
    "rate_span",
    "verdict_text",
]

MIN_GAMES = 20
"""Below this many games (pairs, decisions) a view shows the count and the interval's
width, not a verdict."""

TOO_FEW = "too few games to say"
"""The verdict while the interval still holds the no-difference value."""

EARLY = "not judged yet"
"""The verdict below :data:`MIN_GAMES` games."""

_UNDECIDED = {TOO_FEW, EARLY, ""}


def judge(
    low: float,
    high: float,
    games: int,
    *,
    reference: float | None = 0.0,
    above: str = "higher",
    below: str = "lower",
    min_games: int = MIN_GAMES,
) -> str:
    """``above`` when the interval lies wholly over ``reference``, ``below`` when under it,
    else :data:`TOO_FEW`; :data:`EARLY` under ``min_games`` games or with no interval;
    ``""`` when there is no reference to judge against."""
    if reference is None or (isinstance(reference, float) and math.isnan(reference)):
        return ""
    if games < min_games or low is None or high is None or math.isnan(low) or math.isnan(high):
        return EARLY
    if low > reference:
        return above
    if high < reference:
        return below
    return TOO_FEW


def decided(word: str) -> bool:
    """True for a verdict that says something moved (not :data:`TOO_FEW`, :data:`EARLY`
    or no verdict)."""
    return word not in _UNDECIDED


def rate_span(low: float, high: float, digits: int = 1) -> str:
    """A rate's interval as percentages, clamped to [0%, 100%].

    >>> rate_span(-0.0001, 0.4312), rate_span(0.95, 1.02, 0)
    ('0.0%–43.1%', '95%–100%')
    """
    lo, hi = max(0.0, low), min(1.0, high)
    return f"{lo:.{digits}%}–{hi:.{digits}%}"


def difference_span(low: float, high: float, *, rate: bool) -> str:
    """A difference's interval: of two rates in percentage points within [-100, +100],
    of two means as signed numbers.

    >>> difference_span(-1.3, 0.2, rate=True), difference_span(-0.5, 1.25, rate=False)
    ('-100.0 to +20.0 pts', '-0.5 to +1.25')
    """
    if rate:
        lo, hi = max(-1.0, low), min(1.0, high)
        return f"{lo * 100:+.1f} to {hi * 100:+.1f} pts"
    return f"{low:+.3g} to {high:+.3g}"


def progress_text(games: int, low: float, high: float, *, rate: bool, unit: str = "pairs") -> str:
    """What a view shows instead of a verdict below :data:`MIN_GAMES`: the games played and
    how wide the interval still is.

    >>> progress_text(4, -0.2, 0.35, rate=True)
    '4 pairs played, interval 55.0 pts wide'
    >>> progress_text(1, float("nan"), float("nan"), rate=False, unit="games")
    '1 games played, no interval yet'
    """
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return f"{games} {unit} played, no interval yet"
    width = (min(1.0, high) - max(-1.0, low)) * 100 if rate else high - low
    return f"{games} {unit} played, interval {width:.1f}{' pts' if rate else ''} wide"


def verdict_text(
    word: str, low: float, high: float, games: int, *, rate: bool, unit: str = "pairs"
) -> str:
    """The verdict as a view prints it: the word with its interval, or, not judged yet,
    the games played and the interval's width.

    >>> verdict_text("too few games to say", -0.05, 0.09, 200, rate=True)
    'too few games to say (-5.0 to +9.0 pts)'
    >>> verdict_text(EARLY, -0.5, 0.9, 10, rate=True)
    '10 pairs played, interval 140.0 pts wide'
    """
    if word == EARLY:
        return progress_text(games, low, high, rate=rate, unit=unit)
    if not word:
        return "—"
    return f"{word} ({difference_span(low, high, rate=rate)})"
