"""Each rule of むげんの宙へ on hand-built positions (values worked out from the seed)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import Rational

from workbench.engine import Session
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, IllegalAction
from workbench.games.mugen.effects import ONE_SHOT
from workbench.games.mugen.rules import make_game
from workbench.games.mugen.scenario import position
from workbench.games.mugen.steps_effects import EFFECTS
from workbench.games.mugen.table import reduced
from workbench.prob.dist import Dist

from .helpers import asked, ids, plain_game, play, resolve


def test_opening_first_draws_three_second_four() -> None:
    g = make_game()
    s = Session(g, seed=3).state  # chance resolved up to seat 0's first main phase
    assert (len(s.hands[0]), len(s.hands[1])) == (3 + 1, 4)  # first: 3 + the turn draw
    assert (len(s.decks[0]), len(s.decks[1])) == (36, 36)
    s = play(g, s, "end")
    assert (s.active, len(s.hands[1]), len(s.decks[1])) == (1, 5, 35)


def test_second_seat_first_swaps_the_counts() -> None:
    g = make_game(first_player=1)
    s = resolve(g, g.initial_state())
    assert (s.active, len(s.hands[1]), len(s.hands[0])) == (1, 4, 4)
    assert len(s.decks[0]) == 36 and len(s.decks[1]) == 36


def test_random_first_player_is_a_fair_chance_node() -> None:
    g = make_game(first_player="random")
    s = g.initial_state()
    assert g.current_player(s) == CHANCE
    assert g.chance_outcomes(s).pmf() == {0: Rational(1, 2), 1: Rational(1, 2)}
    s = resolve(g, g.apply(s, 1))
    assert s.active == 1 and s.first == 1


def test_mp_starts_at_one_rises_each_own_turn_and_caps_at_ten() -> None:
    g = plain_game(revenge=False)
    s = resolve(g, g.initial_state())
    seen = []
    for _ in range(13):
        seen.append(s.mp[0])
        s = play(g, s, "end", "end")  # both players pass
    assert seen == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]


def test_cost_above_mp_is_not_legal_and_unused_mp_is_lost() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G17", "G01"], []), mp=(3, 1))
    assert ids(g, s) == [("use", "G01", 0), "end"]  # 雷鳴 costs 4
    with pytest.raises(IllegalAction):
        g.apply(s, ("use", "G17", 0))
    s = play(g, s, ("use", "G01", 0))
    assert g.view(s).mp_left(0) == 2
    s = play(g, s, "end", "end")
    assert (s.mp[0], g.view(s).mp_left(0)) == (4, 4)  # the 2 left over did not carry


def test_one_skill_per_card() -> None:
    g = asked(plain_game(revenge=False))
    s = position(g, hands=(["G02"], []), mp=(6, 1))
    assert ids(g, s) == [("use", "G02", 0), ("use", "G02", 1), "end"]
    s = play(g, s, ("use", "G02", 1))
    assert s.hp[1] == 25 and ids(g, s) == ["end"]  # the card is spent: no second skill


def test_mp_bonus_and_ramp() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G08", "G12"], []), mp=(2, 1))
    s = play(g, s, ("use", "G08", 0))
    assert (s.mp[0], g.view(s).mp_left(0)) == (2, 3)
    s = play(g, s, ("use", "G12", 0))
    assert (s.mp[0], g.view(s).mp_left(0)) == (3, 2)


def test_set_zone_limit_owner_chooses_which_to_push_out() -> None:
    g = plain_game(revenge=False)
    full = [("G05", 0, 2), ("G06", 0, 2), ("G16", 0, 2), ("G21", 0, 3), ("G20", 0, 2)]
    s = position(g, hands=(["G10"], []), set_zones=(full, []), mp=(2, 1))
    assert g.attack(s, 0) == 3
    s = g.apply(s, ("use", "G10", 0))
    assert g.current_player(s) == 0
    assert ids(g, s) == [("push_out", i) for i in range(5)]
    s = g.apply(s, ("push_out", 1))  # 追い風 (atk +1) goes
    assert [z.card for z in s.zones[0]] == ["G05", "G16", "G21", "G20", "G10"]
    assert s.dust[0] == ("G06",) and g.attack(s, 0) == 2


def test_set_zone_limit_oldest_variant() -> None:
    g = asked(plain_game(revenge=False, overflow="oldest"))
    full = [("G05", 0, 2), ("G06", 0, 2), ("G16", 0, 2), ("G21", 0, 3), ("G20", 0, 2)]
    s = position(g, hands=(["G10"], []), set_zones=(full, []), mp=(2, 1))
    s = g.apply(s, ("use", "G10", 0))
    assert g.current_player(s) == 0 and ids(g, s)[-1] == "end"
    assert s.dust[0] == ("G05",) and len(s.zones[0]) == 5


def test_counters_tick_at_own_turn_start_and_expiry_undoes_the_boost() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G06", "G05"], []), mp=(2, 1))
    s = play(g, s, ("use", "G06", 0), ("use", "G05", 0))  # atk +1 and def +1, 2 counters each
    assert (g.attack(s, 0), g.defence(s, 0)) == (1, 1)
    s = play(g, s, "end", "end")
    assert [z.counters for z in s.zones[0]] == [1, 1] and g.attack(s, 0) == 1
    s = play(g, s, "end", "end")
    assert s.zones[0] == () and (g.attack(s, 0), g.defence(s, 0)) == (0, 0)
    assert sorted(s.dust[0]) == ["G05", "G06"]


def test_attack_and_defence_change_damage_pierce_ignores_defence() -> None:
    g = make_game()  # seat 0 is ソラ: additional trait atk +1
    s = position(g, hands=(["G02", "G09"], []), set_zones=([], [("G16", 0, 2)]), mp=(3, 1))
    assert (g.attack(s, 0), g.defence(s, 1)) == (1, 2)
    s = play(g, s, ("use", "G02", 0), "no_revenge")
    assert s.hp[1] == 30 - (3 + 1 - 2)
    s = play(g, s, ("use", "G09", 0), "no_revenge")
    assert s.hp[1] == 28 - (1 + 1)


def test_defence_can_stop_all_damage_and_then_no_revenge_draw() -> None:
    g = asked(plain_game())
    s = position(g, hands=(["G01"], []), set_zones=([], [("G16", 0, 2), ("G05", 0, 2)]), mp=(1, 1))
    s = g.apply(s, ("use", "G01", 0))
    assert s.hp[1] == 30 and g.current_player(s) == 0 and ids(g, s) == ["end"]


def test_additional_trait_is_on_from_the_start_and_untouched_by_effects() -> None:
    g = asked(make_game())
    s = Session(g, seed=1).state
    assert g.attack(s, 0) == 1 and g.attack(s, 1) == 0
    s = position(g, active=1, hands=([], ["G11"]), mp=(1, 2))
    s = g.apply(s, ("use", "G11", 0))  # destroy_set: ソラ has no set skill, the trait stays
    assert g.attack(s, 0) == 1 and ids(g, s) == ["end"]


def test_destroy_set_cannot_touch_super_set() -> None:
    g = asked(plain_game(revenge=False))
    zone = [("G20", 0, 2), ("G05", 0, 2)]  # 鋼の構え super set, 風の盾 set
    s = position(g, hands=(["G11", "G11"], []), set_zones=([], zone), mp=(4, 1))
    s = g.apply(s, ("use", "G11", 0))
    assert ids(g, s) == [("destroy", 1)]
    s = g.apply(s, ("destroy", 1))
    assert [z.card for z in s.zones[1]] == ["G20"] and s.dust[1] == ("G05",)
    s = g.apply(s, ("use", "G11", 0))  # only the super set skill is left: nothing to destroy
    assert [z.card for z in s.zones[1]] == ["G20"] and ids(g, s) == ["end"]


def test_super_set_still_expires_with_its_counters() -> None:
    g = plain_game(revenge=False)
    s = position(g, active=1, set_zones=([("G20", 0, 1)], []))
    s = play(g, s, "end")
    assert s.zones[0] == () and s.dust[0] == ("G20",)


def test_revenge_draw_use_the_revenge_effect_free() -> None:
    g = asked(plain_game())
    s = position(g, hands=(["G01"], []), decks=([("G01", 3)], [("G07", 2)]), mp=(1, 1))
    s = g.apply(s, ("use", "G01", 0))
    assert s.hp[1] == 28 and g.current_player(s) == 1
    assert ids(g, s) == ["revenge_draw", "no_revenge"]
    s = g.apply(s, "revenge_draw")
    assert g.current_player(s) == CHANCE
    s = g.apply(s, "G07")
    assert ids(g, s) == ["revenge_use", "keep"] and g.view(s).mp_left(1) == 1
    s = g.apply(s, "revenge_use")  # 反撃の牙: 【リベンジ時】 damage 2, no MP
    assert s.hp[0] == 28 and s.dust[1] == ("G07",) and g.view(s).mp_left(1) == 1
    # seat 0 was hit on its own turn: no revenge draw (the seed's step (7): 相手のターン)
    assert g.current_player(s) == 0 and ids(g, s) == ["end"]


def test_revenge_draw_keep_the_card() -> None:
    g = asked(plain_game())
    s = position(g, hands=(["G01"], []), decks=([("G01", 3)], [("G07", 2)]), mp=(1, 1))
    s = play(g, s, ("use", "G01", 0), "revenge_draw", "keep")
    assert s.hands[1] == ("G07",) and s.decks[1] == ("G07",)
    assert s.hp[0] == 30


def test_revenge_draw_of_a_plain_card_just_draws() -> None:
    g = asked(plain_game())
    s = position(g, hands=(["G01"], []), decks=([("G01", 3)], [("G03", 2)]), mp=(1, 1))
    s = play(g, s, ("use", "G01", 0), "revenge_draw")
    assert s.hands[1] == ("G03",) and ids(g, s) == ["end"]


def test_revenge_can_be_switched_off() -> None:
    g = asked(plain_game(revenge=False))
    s = position(g, hands=(["G01"], []), mp=(1, 1))
    s = g.apply(s, ("use", "G01", 0))
    assert s.hp[1] == 28 and ids(g, s) == ["end"]


def test_ex_skill_once_per_game_per_name() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G28", "G28"], []), mp=(10, 1))
    s = play(g, s, ("use", "G28", 0))
    assert s.hp[1] == 18 and s.ex_used[0] == ("G28",)
    s = play(g, s, "end", "end")
    assert g.view(s).mp_left(0) == 10 and ("use", "G28", 0) not in ids(g, s)


def test_ex_scope_player_allows_one_ex_in_all() -> None:
    hand = (["C01", "G28"], [])
    by_name = plain_game(revenge=False)
    s = position(by_name, hands=hand, mp=(10, 1), ex_used=(["G28"], []))
    assert ("use", "C01", 2) in ids(by_name, s)
    per_player = plain_game(revenge=False, ex_scope="player")
    s = position(per_player, hands=hand, mp=(10, 1))
    s = play(per_player, s, ("use", "G28", 0))
    assert ("use", "C01", 2) not in ids(per_player, s) and ("use", "C01", 0) in ids(per_player, s)


def test_start_of_turn_set_effect_triggers_each_own_turn_and_gives_revenge() -> None:
    g = plain_game(timed_turns="owner", revenge_after="any")  # the readings up to version 2
    s = position(g, active=1, set_zones=([("G19", 0, 2)], []), decks=([("G01", 5)], [("G03", 5)]))
    s = play(g, s, "end")  # seat 0's turn starts: 焔の陣 start: damage 2
    assert s.hp[1] == 28 and g.current_player(s) == 1 and ids(g, s)[0] == "revenge_draw"
    s = play(g, s, "no_revenge")
    assert s.zones[0][0].counters == 1 and s.active == 0
    s = play(g, s, "end", "end", "no_revenge")
    assert s.hp[1] == 26 and s.zones[0] == ()


def test_end_of_turn_set_effect_and_heal_cap() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G27", "G03"], []), hp=(29, 30), mp=(3, 1))
    s = play(g, s, ("use", "G27", 1), ("use", "G03", 0))  # def +1; end: heal 1 / heal 3 capped
    assert s.hp[0] == 30
    s = position(g, set_zones=([("G25", 0, 3)], []), decks=([("G01", 5)], [("G01", 5)]))
    s = play(g, s, "end")  # 時の歯車 end: draw 1
    assert s.hands[0] == ("G01",)


def test_mill_and_discard_move_cards_to_dust() -> None:
    g = plain_game(revenge=False)
    s = position(g, hands=(["G15", "G13"], ["G03", "G04"]), decks=([], [("G01", 3)]), mp=(4, 1))
    s = play(g, s, ("use", "G15", 0))
    assert s.decks[1] == ("G01",) and s.dust[1] == ("G01", "G01")
    s = g.apply(s, ("use", "G13", 0))
    assert g.current_player(s) == CHANCE
    assert g.chance_outcomes(s).pmf() == {"G03": Rational(1, 2), "G04": Rational(1, 2)}
    s = g.apply(s, "G04")
    assert s.hands[1] == ("G03",) and s.dust[1][-1] == "G04"


def test_zero_hp_loses_at_once() -> None:
    g = plain_game()
    s = position(g, hands=(["G17"], []), hp=(30, 6), mp=(4, 1))
    s = g.apply(s, ("use", "G17", 0))
    assert g.current_player(s) == TERMINAL and g.winners(s) == (0,) and g.returns(s) == (1.0, -1.0)
    assert s.hp[1] == 0


def test_empty_deck_at_the_end_of_a_turn_loses() -> None:
    g = plain_game()
    s = position(g, decks=([], [("G01", 3)]))
    s = g.apply(s, "end")
    assert g.is_terminal(s) and g.winners(s) == (1,) and g.metrics(s)["deck_out"] == 1


def test_both_decks_empty_nobody_wins() -> None:
    g = plain_game()
    s = position(g, active=1, decks=([], []))
    s = g.apply(s, "end")
    assert g.is_terminal(s) and g.winners(s) == () and g.returns(s) == (0.0, 0.0)


def test_milled_out_player_loses_at_the_end_of_that_turn_but_acts_first() -> None:
    g = asked(plain_game(revenge=False))
    s = position(g, hands=(["G15", "G01"], []), decks=([("G01", 3)], [("G03", 2)]), mp=(3, 1))
    s = play(g, s, ("use", "G15", 0))  # 忘却の砂 mills the last 2 cards
    assert s.decks[1] == () and g.current_player(s) == 0
    s = play(g, s, ("use", "G01", 0))  # the game goes on until the turn ends
    assert s.hp[1] == 28 and not g.is_terminal(s)
    s = g.apply(s, "end")
    assert g.winners(s) == (0,)


def test_effect_vocabulary_is_closed_and_complete() -> None:
    assert sorted(EFFECTS) == sorted(
        ONE_SHOT
    )  # every one-shot verb of the sheet does something, nothing else


@settings(max_examples=300, deadline=None)
@given(counts=st.lists(st.integers(1, 6), min_size=1, max_size=8), seed=st.integers(0, 10**6))
def test_draw_outcomes_sample_as_the_weighted_deck(counts: list[int], seed: int) -> None:
    # the equally likely outcome list (counts over their gcd) draws what Dist(weights).sample draws
    cards = [f"G{i:02d}" for i, n in enumerate(counts) for _ in range(n)]
    outcomes = reduced(cards)
    dist = Dist(dict(Counter(cards)))
    assert Dist.uniform(outcomes) == dist
    a, b = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert outcomes[a.randrange(len(outcomes))] == dist.sample(b)


def test_standing_is_hp_share_until_the_result() -> None:
    """Cut-off rollouts and the quality metrics read who leads from standing(t): the HP
    share of each side while playing, the score once the game is decided."""
    from workbench.engine.players import random_player
    from workbench.engine.runs.playout import playout_in_place
    from workbench.games.mugen.rules import make_game as mugen_game

    game = mugen_game()
    t = game.new_table()
    t.settle()
    assert game.standing(t) == (1.0, 1.0)
    t.hp[1] -= 3
    assert game.standing(t) == (1.0, (t.max_hp[1] - 3) / t.max_hp[1])
    final = game.thaw(playout_in_place(game, random_player, 4).final)
    assert game.standing(final) == game.score(final) and sorted(game.standing(final)) == [-1.0, 1.0]


def test_a_turn_that_can_only_end_is_ended_by_the_kernel() -> None:
    """Issue 38: the real game makes a one-option decision itself and the log names it."""
    g = plain_game(revenge=False)
    s = position(g, hands=(["G02"], []), mp=(6, 1))
    label = g.action_label(s, ("use", "G02", 1))
    assert "; P1: end the turn (forced)" in label and "turn 2 starts (P2's)" in label
    s = g.apply(s, ("use", "G02", 1))  # the card is spent: ending is all that is left
    assert s.hp[1] == 25 and s.active == 1 and s.turn == 2
    assert g.current_player(s) in (CHANCE, 1)  # P2's turn: its draw, then its main phase
