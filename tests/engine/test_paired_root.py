"""The paired root (players/paired_root.py): a game that asks for it gets its root decided
on common worlds, the rule of thumb's move kept unless the search shows a better one."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from workbench.engine.conformance.toy import TakeAway, TakeAwayState
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.search import ISMCTS


class TakeOne(TakeAway):
    """Nim whose rule of thumb always takes one stone (wrong from 6: take 2, leave 4)."""

    search_root = "paired"

    def rollout_action(self, t: Any, rng: random.Random) -> Hashable:
        return 1


def test_the_paired_root_overturns_a_wrong_rule_and_keeps_a_right_one() -> None:
    g = TakeOne()
    stats = ISMCTS(200).search(SeatView(g, 0, TakeAwayState(6)), random.Random(1))
    assert stats[0].action == 2 and stats[0].mean > max(s.mean for s in stats[1:]) + 0.3
    assert {s.action for s in stats} == {1, 2, 3} and sum(s.visits for s in stats) <= 220
    # from 5 the rule's one stone is right (leave 4): the search keeps it
    assert ISMCTS(200)(SeatView(g, 0, TakeAwayState(5)), random.Random(1)) == 1


def test_the_trust_keeps_the_rule_when_the_evidence_is_thin() -> None:
    class Trusting(TakeOne):
        search_trust = 1e9

    stats = ISMCTS(200).search(SeatView(Trusting(), 0, TakeAwayState(6)), random.Random(1))
    assert stats[0].action == 1 and stats[0].mean < max(s.mean for s in stats)


def test_the_analysis_panel_keeps_its_racing_root_and_win_rates() -> None:
    """The panel's racing search reports win rates: a game's paired root does not replace
    its root, and every action keeps its own simulations."""
    from workbench.engine.players.analyse import analyse

    rows: list[Any] = list(analyse(TakeOne(), TakeAwayState(6), 0, 120, random.Random(1)))
    assert sorted(r.action for r in rows) == [1, 2, 3] and rows[0].action == 2
    assert sum(r.simulations for r in rows) == 120 and all(0 <= r.win_rate <= 1 for r in rows)
