"""The greedy rule of thumb written once (games/mugen/policy.py): worked choices, legal on
every reachable table, the same from the seat's view as on the full table, and the
rollout policy of the search."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players.rollouts import rollout_policy
from workbench.engine.players.search import ismcts_player
from workbench.engine.runs.playout import playout
from workbench.games.mugen.players import greedy_player
from workbench.games.mugen.policy import greedy_action, lifetime_damage, profiles
from workbench.games.mugen.rules import make_game
from workbench.games.mugen.scenario import position
from workbench.games.mugen.steps_cards import Destroy, PushOut
from workbench.games.mugen.table import SetSkill

from .helpers import asked


def choice(game: Any, **where: Any) -> Any:
    return greedy_action(game.view(position(game, **where)))


def test_most_damage_per_mp_at_todays_attack_and_defence() -> None:
    g = make_game()  # ソラ's trait: attack +1
    # 火花 2+1 for 1 MP (3 a MP) beats 雷鳴 6+1 for 4 (1.75 a MP)
    assert choice(g, hands=(["G01", "G17", "G03"], []), mp=(5, 1)) == ("use", "G01", 0)
    # 雷鳴's first skill 7 for 4 (1.75) beats its second 9 for 6 (1.5)
    assert choice(g, hands=(["G17"], []), mp=(6, 1)) == ("use", "G17", 0)
    # 焔の陣: start: damage 2 for 3 turns at attack 1 against defence 1 (風の盾 set) = 3 * 2
    known = profiles(g)
    assert lifetime_damage(known["G19", 0], 1, 1) == 6
    assert lifetime_damage(known["G01", 0], 1, 1) == 2


def test_no_damage_the_dearest_useful_skill_a_heal_only_when_hurt() -> None:
    g = make_game()
    assert choice(g, hands=(["G03", "G05"], []), mp=(5, 1)) == (
        "use",
        "G05",
        0,
    )  # full HP: the shield
    assert choice(g, hands=(["G03", "G05"], []), mp=(5, 1), hp=(20, 30)) == (
        "use",
        "G03",
        0,
    )  # hurt: tie, first
    assert choice(g, hands=(["G03"], []), mp=(5, 1)) == "end"


def test_push_out_the_fewest_counters_destroy_the_most() -> None:
    g = make_game()
    t = g.new_table()
    t.zones = [
        [
            SetSkill("G05", 0, 2),
            SetSkill("G19", 0, 1),
            SetSkill("G10", 0, 3),
            SetSkill("G05", 0, 1),
        ],
        [SetSkill("G05", 0, 1), SetSkill("G10", 0, 3), SetSkill("G19", 0, 2)],
    ]
    t.tasks = [PushOut(0)]
    assert greedy_action(t) == ("push_out", 1)  # the first with 1 counter, the newest not offered
    t.tasks = [Destroy(0)]
    assert greedy_action(t) == ("destroy", 1)


def _reachable(game: Any, seed: int) -> Any:
    """Tables met in a game of mixed random and greedy moves (every decision)."""
    rng = random.Random(seed)
    t = game.new_table()
    while t.to_move() != TERMINAL:
        if t.to_move() == CHANCE:
            t.step(t.sample(rng))
            continue
        yield t
        legal = t.legal()
        t.step(greedy_action(t) if rng.random() < 0.6 else legal[rng.randrange(len(legal))])


def test_legal_on_reachable_tables_and_the_same_from_the_seats_view() -> None:
    kinds: Counter[str] = Counter()
    for k, params in enumerate([{}, {"set_limit": 2}, {"revenge_turn": "any", "set_limit": 3}]):
        game = asked(make_game(**params))  # every kind of decision, one option or not
        for seed in range(12):
            for t in _reachable(game, 100 * k + seed):
                seat, legal = t.to_move(), t.legal()
                mine = greedy_action(t)
                assert mine in legal
                view = SeatView(game, seat, t)
                assert greedy_action(game.view(view.state)) == mine  # reads only what the seat sees
                assert greedy_player(view, random.Random(0)) == mine
                kinds[type(t.tasks[-1]).__name__] += 1
    assert {"Main", "RevengeAsk", "RevengeUse", "PushOut", "Destroy"} <= set(kinds), kinds


def test_the_search_rolls_out_at_random_and_plays_legal_moves() -> None:
    game = make_game()
    assert (
        rollout_policy(game) is None
    )  # measured: greedy rollouts made ismcts weaker (bench/mugen_rollouts.py)
    r = playout(game, [ismcts_player(16), greedy_player], 3)  # playout refuses an illegal action
    assert game.is_terminal(r.final)


def test_as_a_rollout_policy_it_plays_legal_moves_in_determinised_worlds() -> None:
    game = make_game()
    guided = make_game()
    guided.rollout_action = lambda t, rng: greedy_action(t)  # type: ignore[attr-defined]
    rng = random.Random(5)
    for t in _reachable(game, 7):
        seat = t.to_move()
        world = SeatView(game, seat, t).determinize(rng)
        w = game.thaw(world)
        assert greedy_action(w) in w.legal()
        assert greedy_action(w) == greedy_action(t)  # the rule reads nothing the seat cannot see
    r = playout(guided, [ismcts_player(16), greedy_player], 4)
    assert guided.is_terminal(r.final)
