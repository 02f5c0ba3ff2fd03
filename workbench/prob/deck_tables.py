"""Deck results as polars frames: a float column ``p`` and its exact text ``p_exact`` ("p/q").

The naming follows ``workbench.prob.tables`` (``name`` float, ``name_exact`` text).

>>> by_turn_table(40, [4], [1, 2], DrawSchedule(3)).select("turn", "seen", "p_exact").rows()
[(1, 4, '6497/18278'), (2, 5, '3903/9139')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction

import polars as pl

from workbench.prob.deck import (
    DrawSchedule,
    Mulligan,
    copies_needed_fraction,
    first_copy_position,
    p_by_turn_fraction,
)
from workbench.prob.dist_queries import exact_text
from workbench.prob.ordered import (
    OPENING_BOTTOM,
    OPENING_SHUFFLE,
    SEED_RULES,
    RoundOdds,
    RoundRules,
    round_odds,
    suspect,
)

NOBODY = "nobody"


def _frame(rows: list[dict[str, object]]) -> pl.DataFrame:
    """Rows with a Fraction under "p" (or None) -> float ``p`` and text ``p_exact``."""
    for row in rows:
        value = row.pop("p")
        if value is None:
            row["p_exact"] = row["p"] = None
            continue
        assert isinstance(value, Fraction)  # what the row builders put there
        row["p_exact"] = exact_text(value)
        row["p"] = float(value)
    return pl.DataFrame(rows)


def by_turn_table(
    deck: int,
    copies: Iterable[int],
    turns: Iterable[int],
    schedule: DrawSchedule,
    *,
    at_least: int = 1,
    extra_draws: int = 0,
    mulligan: Mulligan | None = None,
) -> pl.DataFrame:
    """P(at least k copies by turn t) for every turn x copy count (long format).

    >>> by_turn_table(40, [1, 4], [3], DrawSchedule(3)).select("copies", "p").rows()
    [(1, 0.15), (4, 0.49254...)]
    """
    rows: list[dict[str, object]] = []
    for k in copies:
        for t in turns:
            rows.append(
                {
                    "turn": t,
                    "copies": k,
                    "seen": schedule.seen(t, extra_draws),
                    "p": p_by_turn_fraction(
                        deck,
                        k,
                        t,
                        schedule,
                        at_least=at_least,
                        extra_draws=extra_draws,
                        mulligan=mulligan,
                    ),
                }
            )
    return _frame(rows)


def opening_table(
    schedules: Mapping[str, DrawSchedule],
    deck: int = 40,
    copies: Iterable[int] = range(1, 5),
    turns: Iterable[int] = range(1, 11),
) -> pl.DataFrame:
    """P(at least one copy by turn t) for each named schedule (column ``going``).

    >>> going = {"first": DrawSchedule(3), "second": DrawSchedule(4)}
    >>> opening_table(going, 40, [4], [1]).select("going", "seen", "p_exact").rows()
    [('first', 4, '6497/18278'), ('second', 5, '3903/9139')]
    """
    copies, turns = list(copies), list(turns)
    parts = [
        by_turn_table(deck, copies, turns, s).with_columns(going=pl.lit(name))
        for name, s in schedules.items()
    ]
    return pl.concat(parts).select("going", "turn", "copies", "seen", "p_exact", "p")


def by_turn_grid(frame: pl.DataFrame) -> pl.DataFrame:
    """A by-turn frame as a grid: one row per turn, one exact column per copy count.

    >>> by_turn_grid(by_turn_table(40, [1, 2], [1], DrawSchedule(3))).rows()
    [(1, '1/10', '5/26')]
    """
    return frame.pivot(on="copies", index="turn", values="p_exact").rename(
        lambda c: c if c == "turn" else f"{c} copies"
    )


def copies_needed_table(
    deck: int,
    turns: Iterable[int],
    target: object,
    schedule: DrawSchedule,
    *,
    max_copies: int | None = None,
) -> pl.DataFrame:
    """Fewest copies for P(at least one by turn t) >= target, per turn.

    >>> copies_needed_table(40, [7], "0.9", DrawSchedule(3)).select("seen", "copies").rows()
    [(10, 8)]
    """
    rows: list[dict[str, object]] = []
    for t in turns:
        seen = schedule.seen(t)
        found = copies_needed_fraction(deck, seen, target, max_copies=max_copies)
        rows.append({"turn": t, "seen": seen, "copies": found.copies, "p": found.probability})
    return _frame(rows).with_columns(pl.col("copies").cast(pl.Int64))


def position_table(deck: int, copies: int) -> pl.DataFrame:
    """Where the first copy appears: P(position = j) and P(position <= j).

    >>> position_table(4, 2).select("position", "p_exact", "by_then").rows()
    [(1, '1/2', 0.5), (2, '1/3', 0.8333...), (3, '1/6', 1.0)]
    """
    dist = first_copy_position(deck, copies)
    rows: list[dict[str, object]] = []
    below = 0
    for j, w in dist.items():
        below += w
        by_then = Fraction(below, dist.total)
        rows.append(
            {
                "position": j,
                "p": Fraction(w, dist.total),
                "by_then_exact": exact_text(by_then),
                "by_then": float(by_then),
            }
        )
    return _frame(rows)


def round_length_table(odds: RoundOdds) -> pl.DataFrame:
    """The round length law (person cards on the line at the round's end).

    >>> round_length_table(round_odds({"A": 2, "T": 1}, "T"))["p_exact"].to_list()
    ['1/3', '2/3']
    """
    return _frame([{"length": n, "p": p} for n, p in odds.length.pmf_fractions().items()])


def death_table(odds: RoundOdds) -> pl.DataFrame:
    """P(each person dies), with a last row for nobody.

    >>> death_table(round_odds({"A": 1, "B": 1, "T": 1}, "T")).rows()
    [('A', '1/6', 0.1666...), ('B', '1/6', 0.1666...), ('nobody', '2/3', 0.6666...)]
    """
    return _frame(
        [
            {"person": NOBODY if who is None else who, "p": p}
            for who, p in odds.death_fractions().items()
        ]
    )


RULES: Mapping[str, RoundRules] = {
    "seed (stop first -> bottom)": SEED_RULES,
    "no first-card rule": RoundRules("end"),
    "stop first -> reshuffle": RoundRules("reshuffle"),
    "4-card opening, stop shuffled back": OPENING_SHUFFLE,
    "4-card opening, stop to the bottom": OPENING_BOTTOM,
}


def rules_table(
    deck: Mapping[str, int], stop: str, rules: Mapping[str, RoundRules] = RULES
) -> pl.DataFrame:
    """Each rule set side by side: expected length, P(no action at all), P(nobody dies).

    >>> seven = {**{p: 1 for p in "ABCDEFG"}, "T": 1}
    >>> rules_table(seven, "T")["no_action_exact"].to_list()
    ['0', '1/8', '0', '9/40', '1/8']
    """
    rows: list[dict[str, object]] = []
    for name, rule in rules.items():
        odds = round_odds(deck, stop, rule)
        no_action = Fraction(odds.acting.weight(0), odds.acting.total)
        expected = odds.expected_length_fraction()
        rows.append(
            {
                "rules": name,
                "expected_length": float(expected),
                "expected_length_exact": exact_text(expected),
                "no_action": float(no_action),
                "no_action_exact": exact_text(no_action),
                "p": odds.death_fractions()[None],
            }
        )
    return _frame(rows).rename({"p": "nobody_dies", "p_exact": "nobody_dies_exact"})


def suspect_table(
    deck: Mapping[str, int],
    stop: str,
    rules: RoundRules = SEED_RULES,
    candidates: Iterable[str] | None = None,
) -> pl.DataFrame:
    """P(each person dies) next round after suspecting each candidate (one card added).

    The row ``suspected = "-"`` is the deck unchanged.

    >>> t = suspect_table({**{p: 1 for p in "ABCDEFG"}, "T": 1}, "T")
    >>> t.filter(suspected="A", person="A")["p_exact"].item()
    '17/36'
    """
    names = [n for n in deck if n != stop] if candidates is None else list(candidates)
    rows: list[dict[str, object]] = []
    for chosen in ["-", *names]:
        changed = dict(deck) if chosen == "-" else suspect(deck, chosen, stop)
        for who, p in round_odds(changed, stop, rules).death_fractions().items():
            rows.append({"suspected": chosen, "person": NOBODY if who is None else who, "p": p})
    return _frame(rows)
