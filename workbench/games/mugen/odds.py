"""Exact deck odds for むげんの宙へ decks, from the deck engine (``workbench.prob.deck``).

By their own turn t the first player has seen 3 + t cards, the second 4 + t
(the opening draw, then one per turn start, turn 1 included); revenge and
effect draws come on top (``extra_draws``). Probabilities are exact
Rationals (column ``probability``) with a float ``p`` for charts.

>>> from workbench.games.mugen.decks import SAMPLE_DECKS
>>> t = by_turn_exact(SAMPLE_DECKS["sora"], ["C01"], turns=[1])
>>> t.select("going", "seen", "probability").rows()
[('first', 4, '6497/18278'), ('second', 5, '3903/9139')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import polars as pl

from workbench.games.mugen.cards import Card, Deck, load_cards, normalise
from workbench.prob.deck import DrawSchedule, copies_needed, p_draw

MUGEN_FIRST = DrawSchedule(3, 1)
"""Going first: a 3-card opening hand, then one draw at each turn start (turn 1 included)."""
MUGEN_SECOND = DrawSchedule(4, 1)
"""Going second: a 4-card opening hand, then one draw at each turn start."""
SCHEDULES: dict[str, DrawSchedule] = {"first": MUGEN_FIRST, "second": MUGEN_SECOND}
TURNS = tuple(range(1, 11))


def _frame(rows: list[dict[str, Any]]) -> pl.DataFrame:
    return pl.from_dicts(rows, infer_schema_length=None)


def by_turn_exact(
    deck: Iterable[tuple[str, int]],
    card_ids: Sequence[str] | None = None,
    turns: Iterable[int] = TURNS,
    *,
    extra_draws: int = 0,
    cards: Mapping[str, Card] | None = None,
) -> pl.DataFrame:
    """P(at least one copy of each card by own turn t), going first and second.

    Columns: card, name, copies, going, turn, seen, probability (exact text), p.
    Same as ``workbench.prob.deck.p_by_turn`` with the seed's schedules; past
    the end of the deck every card has been seen.
    """
    deck = normalise(deck)
    cards = cards or load_cards()
    size = sum(n for _, n in deck)
    counts = dict(deck)
    wanted = list(card_ids) if card_ids is not None else [c for c, _ in deck]
    missing = [c for c in wanted if c not in counts]
    if missing:
        raise ValueError(f"card_ids {missing} are not in the deck")
    rows = []
    for card in wanted:
        for going, schedule in SCHEDULES.items():
            for t in turns:
                seen = min(schedule.seen(t, extra_draws), size)  # the whole deck at most
                p = p_draw(size, counts[card], seen, at_least=1)
                rows.append({
                    "card": card, "name": cards[card].name, "copies": counts[card], "going": going,
                    "turn": t, "seen": seen, "probability": str(p), "p": float(p),
                })  # fmt: skip
    return _frame(rows)


def cheapest_cost(card: Card) -> int | None:
    """The lowest MP cost of a skill usable from hand (None: only a 【リベンジ時】 effect).

    >>> cheapest_cost(load_cards()["G02"])
    2
    """
    costs = [s.cost for s in card.skills if s.kind != "revenge"]
    return min(costs) if costs else None


def _castable(card: Card, mp: int) -> bool:
    cost = cheapest_cost(card)
    return cost is not None and cost <= mp


def mana_curve_exact(
    deck: Iterable[tuple[str, int]],
    turns: Iterable[int] = TURNS,
    *,
    max_mp: int = 10,
    cards: Mapping[str, Card] | None = None,
) -> pl.DataFrame:
    """P(a castable play on own turn t) if nothing was played before: at least one of
    the cards seen has a skill costing <= MP (= min(t, max_mp)).

    An upper bound for real games (cards played earlier are gone), and the exact
    answer for the turn you start playing. Columns: going, turn, mp, seen,
    castable_copies, probability, p.

    >>> from workbench.games.mugen.decks import SAMPLE_DECKS
    >>> mana_curve_exact(SAMPLE_DECKS["sora"], turns=[1]).select("going", "castable_copies", "probability").rows()
    [('first', 10, '12797/18278'), ('second', 10, '2203/2812')]
    """
    deck = normalise(deck)
    cards = cards or load_cards()
    size = sum(n for _, n in deck)
    rows = []
    for going, schedule in SCHEDULES.items():
        for t in turns:
            mp = min(t, max_mp)
            copies = sum(n for c, n in deck if _castable(cards[c], mp))
            seen = schedule.seen(t)
            p = p_draw(size, copies, min(seen, size), at_least=1)
            rows.append({"going": going, "turn": t, "mp": mp, "seen": seen, "castable_copies": copies,
                         "probability": str(p), "p": float(p)})  # fmt: skip
    return _frame(rows)


def copies_needed_table(
    turns: Iterable[int] = TURNS, target: Any = "9/10", *, deck_size: int = 40, max_copies: int = 4
) -> pl.DataFrame:
    """Fewest copies to see a card by own turn t with P >= target, going first and second.

    ``copies`` ignores the copy limit (how many a designer would need);
    ``within_limit`` says whether that is at most ``max_copies``; ``probability``
    is the exact P with that many copies.

    >>> copies_needed_table([1, 15]).select("going", "turn", "copies", "within_limit", "probability").rows()
    [('first', 1, 17, False, '16507/18278'), ('first', 15, 4, True, '885/962'), ('second', 1, 14, False, '11389/12654'), ('second', 15, 4, True, '899/962')]
    """
    rows = []
    for going, schedule in SCHEDULES.items():
        for t in turns:
            seen = min(schedule.seen(t), deck_size)
            best = copies_needed(deck_size, seen, target)
            rows.append({"going": going, "turn": t, "seen": seen, "copies": best.copies,
                         "within_limit": best.copies is not None and best.copies <= max_copies,
                         "probability": str(best.probability), "p": float(best.probability)})  # fmt: skip
    return _frame(rows)


def deck_out_limits(
    deck_size: int = 40, opening: tuple[int, int] = (3, 4), extra_draws: int = 0
) -> pl.DataFrame:
    """The deck-out limit, exact: each player's last own turn when only the turn draws (plus
    ``extra_draws``) take cards, going first and second.

    A player who has drawn ``opening + t + extra_draws`` cards by its own turn t empties its
    deck at the draw of own turn ``L = deck_size - opening - extra_draws`` and loses at that
    turn's end (「ターンの終わりまで0枚だったなら、強制的に負け」): L is its last own turn, the
    game's turn ``2L - 1`` going first, ``2L`` going second. With nothing else happening the
    game ends at the smaller of the two (``game_bound``). A deck empty before a player's first
    turn loses at the end of the game's first turn (own turn 1 going first, 0 going second).

    >>> deck_out_limits().rows()
    [('first', 3, 37, 73, 72), ('second', 4, 36, 72, 72)]
    >>> deck_out_limits(extra_draws=5).select("last_own_turn").to_series().to_list()
    [32, 31]
    """
    for name, n in (
        ("deck_size", deck_size),
        ("extra_draws", extra_draws),
        *zip(("opening[0]", "opening[1]"), opening),
    ):
        if type(n) is not int or n < (1 if name == "deck_size" else 0):
            raise ValueError(
                f"{name} must be a whole number >= {1 if name == 'deck_size' else 0}, got {n!r}"
            )
    rows = []
    for going, first in (("first", True), ("second", False)):
        schedule = DrawSchedule(opening[0 if first else 1], 1)
        last = deck_size - schedule.seen(0, extra_draws)  # the own turn whose draw empties the deck
        if last < 1:
            last = 1 if first else 0
        rows.append((going, schedule.opening, last, max(2 * last - 1 if first else 2 * last, 1)))
    bound = min(r[3] for r in rows)
    return pl.DataFrame(
        [(*r, bound) for r in rows],
        orient="row",
        schema=["going", "opening", "last_own_turn", "game_turn", "game_bound"],
    )


def deck_table(
    deck: Iterable[tuple[str, int]], cards: Mapping[str, Card] | None = None
) -> pl.DataFrame:
    """The deck list with names, stars, character flag and cheapest cost.

    >>> from workbench.games.mugen.decks import SAMPLE_DECKS
    >>> deck_table(SAMPLE_DECKS["sora"]).row(0)
    ('C01', 'ソラ', 3, True, 4, 2)
    """
    cards = cards or load_cards()
    rows = [
        (c, cards[c].name, cards[c].star, cards[c].character, n, cheapest_cost(cards[c]))
        for c, n in normalise(deck)
    ]
    return pl.DataFrame(
        rows, schema=["card", "name", "star", "character", "copies", "cheapest"], orient="row"
    )


__all__ = [
    "MUGEN_FIRST",
    "MUGEN_SECOND",
    "SCHEDULES",
    "Deck",
    "by_turn_exact",
    "cheapest_cost",
    "copies_needed_table",
    "deck_out_limits",
    "deck_table",
    "mana_curve_exact",
]
