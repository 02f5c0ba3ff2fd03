"""Set up a position by hand: a designer's "what if" (and the rule tests' fixture).

Its own module because the notebook, the board and the rule tests all start
from hand-built positions; it fills the table's fields and freezes them.

>>> from workbench.games.mugen.rules import make_game
>>> g = make_game()
>>> s = position(g, hands=(["G01", "G17"], []), mp=(4, 1))
>>> [a.label for a in g.legal_actions(s)]
['火花: 1 MP: 3 damage (2 +1 attack): P2 HP 30 → 27',
 '雷鳴: 4 MP: 7 damage (6 +1 attack): P2 HP 30 → 23',
 'end the turn']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from workbench.engine.kernel import Snapshot
from workbench.games.mugen.cards import normalise
from workbench.games.mugen.steps_turn import Main
from workbench.games.mugen.table import SetSkill


def position(
    game: Any,
    *,
    active: int = 0,
    hands: Sequence[Iterable[str]] = ((), ()),
    decks: Sequence[Iterable[str] | Iterable[tuple[str, int]]] | None = None,
    set_zones: Sequence[Iterable[tuple[str, int, int]]] = ((), ()),
    dust: Sequence[Iterable[str]] = ((), ()),
    hp: tuple[int, int] | None = None,
    mp: tuple[int, int] = (1, 1),
    turn: int = 1,
    ex_used: Sequence[Iterable[str]] = ((), ()),
) -> Snapshot:
    """A state at the main phase of ``active`` with the given zones.

    ``set_zones`` lists (card id, skill slot, counters); ``decks`` default to
    the game's decks. Cards are not taken out of the decks: conservation is
    counted from this position on.
    """
    decks = decks if decks is not None else game.decks
    hp = (
        hp
        if hp is not None
        else (game.params.hp + game.trait_hp[0], game.params.hp + game.trait_hp[1])
    )
    for q in (0, 1):
        for card in [*hands[q], *dust[q], *(c for c, _, _ in set_zones[q])]:
            if card not in game.cards:
                raise ValueError(f"position: unknown card id {card!r} for seat {q}")
    t = game.table(game)
    t.hp, t.mp, t.spent, t.bonus = list(hp), list(mp), [0, 0], [0, 0]
    t.max_hp = [game.params.hp + game.trait_hp[q] for q in (0, 1)]
    t.decks = [[c for c, n in normalise(decks[q]) for _ in range(n)] for q in (0, 1)]
    t.hands = [sorted(hands[q]) for q in (0, 1)]
    t.zones = [[SetSkill(c, s, n) for c, s, n in set_zones[q]] for q in (0, 1)]
    t.dust = [list(dust[q]) for q in (0, 1)]
    t.ex_used = [sorted(ex_used[q]) for q in (0, 1)]
    t.opening = [None, None]  # set up mid-game: no opening hand to report
    t.owed, t.active, t.turn, t.first, t.result = [False, False], active, turn, 0, None
    t.tasks = [Main(active)]
    return t.freeze()  # type: ignore[no-any-return]
