"""The analysis panel tells moves apart (issue 26 item 5): a minimum of simulations for
every action, the rest raced between the best and its closest rival, "not separable
at this budget" where intervals overlap, the fair share as baseline, the board's names,
and ghost's battle odds exact beside the estimates."""

from __future__ import annotations

import random

import sympy

from workbench.engine.conformance.toy import TakeAway, TakeAwayState
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.players.analyse import ActionEstimate, analyse, minimum_per_action
from workbench.games.ghost.action_odds import battle_odds
from workbench.games.ghost.rules import make_game
from workbench.ui.analysis_panel import NOT_SEPARABLE, rows_html


def test_every_action_gets_its_minimum_and_the_rest_goes_to_the_contest() -> None:
    g = TakeAway()  # from 6 stones, taking 2 (leaving 4) is the only winning move
    rows = analyse(g, TakeAwayState(6), None, 300, random.Random(3))
    assert all(isinstance(r, ActionEstimate) for r in rows)
    est = [r for r in rows if isinstance(r, ActionEstimate)]
    assert est[0].action == 2 and est[0].separable is None
    assert sum(r.simulations for r in est) == 300
    assert min(r.simulations for r in est) >= minimum_per_action(300, len(est))
    assert all(r.separable for r in est[1:])  # a won position against lost ones: told apart
    html = rows_html(est, names=["User 1", "User 2"], mover="User 1", fair_share=0.5)
    assert "fair share 50.0%" in html and "best" in html and NOT_SEPARABLE not in html


def _battle_position() -> Session:
    s = Session(make_game(), seed=1)
    for _ in range(3000):
        if s.to_move >= 0 and any(battle_odds(s.game, s.state, a.id) for a in s.legal_actions()):
            return s
        s.bot_move(random_player)
    raise AssertionError("no battle decision within 3000 steps")


def test_ghost_battle_odds_are_exact_and_stand_beside_the_estimate() -> None:
    s = _battle_position()
    odds = {a.id: battle_odds(s.game, s.state, a.id) for a in s.legal_actions()}
    values = [v[1] for v in odds.values() if v]
    assert values and all(isinstance(v, sympy.Rational) and 0 <= v <= 1 for v in values)
    rows = analyse(s.game, s.state, s.to_move, "120/20", random.Random(1))
    est = [r for r in rows if isinstance(r, ActionEstimate)]
    html = rows_html(
        est,
        names=["User 1", "User 2", "User 3", "User 4"],
        mover="User 1",
        fair_share=0.25,
        odds={k: v for k, v in odds.items() if v},
    )
    some = next(v for v in values)
    assert "(exact)" in html and f"exactly {some.p}/{some.q}" in html
    assert "user " not in html.replace("User ", "")
