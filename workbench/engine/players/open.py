"""A search that sees every hidden card: an upper bound, not a player (a cheat).

:class:`OpenSearch` (spec ``open:400``, ``open:400/30``) is the ``ismcts``
search of :mod:`workbench.engine.players.search` run on the **true state**
instead of on deals of what its seat cannot see: every iteration starts from
the real table (opponents' hands, the deck's order, face-down cards), and the
tree is keyed by the choices made (with the state known they fix the
position), not by what the seat observes. The same tree, selection, chance,
rollout and policy code; only the worlds and the keys differ.

It answers one question: how much could search gain in this game at this
budget if hidden information cost nothing? When even ``open:400`` does not
beat greedy, a fair search at 400 iterations cannot be expected to either;
when it does and ``ismcts:400`` does not, the hidden cards (or the search's
handling of them) are what stands between. ``bench/upper_bound.py`` plays it
against greedy at several budgets.

It reads the hidden state through the view it is handed, which a fair player
never does, so it carries ``SEES_EVERYTHING = True``: sessions (boards, bot
moves where people play) and playtests refuse it. Matches, simulations and
benches accept it.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> from workbench.engine.players.basic import random_player
>>> from workbench.engine.runs.playout import playout_in_place
>>> g, cheat = make_game(), OpenSearch(60)
>>> cheat, sees_everything(cheat), sees_everything(ISMCTS(60))
(open:60, True, False)
>>> won = [g.winners(playout_in_place(g, [random_player, cheat], k).final) for k in range(300)]
>>> won.count((1,))  # seat 1 answering a face-up card: random 91 of 300, ismcts:60 113
123
"""

from __future__ import annotations

import random
from typing import Any

from workbench.engine.kernel.seat import SeatView, sees_everything
from workbench.engine.players.search import ISMCTS

__all__ = ["OpenSearch", "sees_everything", "true_state"]


def true_state(view: SeatView) -> Any:
    """The full state behind a seat's view (hidden cards included): the cheat's only
    door to what the seat may not see."""
    src = view._source  # a state (a tuple, the usual case) or a live kernel table
    if isinstance(src, tuple) or not (hasattr(src, "tasks") and hasattr(src, "freeze")):
        return src
    return src.freeze()


class OpenSearch(ISMCTS):
    """ISMCTS on the true state (see the module docstring): ``open:400``."""

    KEYS_BY_OBSERVATION = False
    SEES_EVERYTHING = True
    NAME = "open"

    def _worlds(self, view: SeatView, rng: random.Random) -> Any:
        state = true_state(view)
        return lambda: state
