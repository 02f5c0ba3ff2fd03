"""Peek's fields: each seat's card, the rest of each suit, the name seat 0 says.

Each seat keeps the rest of its own suit face down in front of it
(``rows(seen=OWN)``): the seat knows those cards, the other seat does not.
So what seat 0 cannot see is seat 1's card and the rest of seat 1's suit —
exactly one full suit — and the kernel's determinisation (the unseen cards
shuffled into the hidden zones) deals seat 1 a card uniformly from 1..4, as
the rules do.

>>> from workbench.games.peek.rules import make_game
>>> g = make_game()
>>> s = g.apply(g.apply(g.initial_state(), 3), 2)
>>> g.observe(s, 0).state.hands, g.observe(s, 0).unseen
((3, Hidden(1)), (1, 2, 3, 4))
"""

from __future__ import annotations

from workbench.engine.kernel import OWN, Table, items, rows, value


class PeekTable(Table):
    """The fields of Peek."""

    hands: list[int | None] = items(seen=OWN)  # hands[i]: seat i's card (None before the deal)
    rest: list[list[int]] = rows(seen=OWN)  # rest[i]: the other cards of seat i's suit
    guess: int | None = value()  # the card seat 0 named
