"""Set-up, rounds, order bonuses, events and variants, step by step."""

from __future__ import annotations

import pytest

from workbench.engine.kernel import Hidden
from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout
from workbench.games.life import dice as D
from workbench.games.life.rules import make_game
from workbench.games.life.steps import (
    Draw,
    FinalScoring,
    Resolve,
    Reveal,
    Round,
    Take,
    Turn,
    kind_of,
)
from workbench.games.life.steps_effects import effect_steps
from workbench.games.life.steps_setup import DealDream, StartPlayer
from workbench.games.life.table import stat

from .helpers import album, asked, blank, named, names, sq


def deal_in_order(game):
    s = game.initial_state()
    while game.current_player(s) == CHANCE and isinstance(s.tasks[-1], DealDream):
        s = game.apply(s, game.chance_outcomes(s).outcomes()[0])
    return s


@pytest.mark.parametrize("players", [3, 4])
def test_dream_draft_deals_three_and_passes_one_left(players):
    game = make_game(players=players)
    s = deal_in_order(game)
    dealt = [set(h) for h in s.hands]
    assert all(len(h) == 3 for h in dealt)
    passed = []
    for seat in range(players):
        assert game.current_player(s) == seat
        card = min(s.hands[seat])
        passed.append(card)
        s = game.apply(s, ("pass", card))
    for seat in range(players):
        giver = (seat - 1) % players
        assert set(s.hands[seat]) == dealt[seat] - {passed[seat]} | {passed[giver]}
    # the rest leave the game unseen: they stay in the (hidden) dream deck
    assert len(s.dream_deck) == 12 - 3 * players and s.removed == ()
    assert game.observe(s, 0).state.dream_deck == Hidden(12 - 3 * players)
    assert named(s.tasks[-1]) == ("Character", 0)


def test_dice_roll_is_a_chance_node_then_a_free_orientation():
    game = make_game()
    s = deal_in_order(game)
    for seat in range(4):
        s = game.apply(s, ("pass", min(s.hands[seat])))
    s = game.apply(s, ("char", 5))
    assert game.chance_outcomes(s).pmf() == {f: pytest.approx(1 / 6) for f in range(1, 7)}
    s = game.apply(s, 4)
    options = [a.id for a in game.legal_actions(s)]
    assert options == [("orient", o) for o in D.WITH_TOP[4]]
    s = game.apply(s, options[2])
    assert s.dice_o[0][0] == D.WITH_TOP[4][2] and s.dice_sq[0] == (5, 5, 5, 5)
    assert game.legal_actions(s) == []  # the next die's roll: chance


def test_default_orientation_when_not_free():
    game = make_game(free_orientation=False)
    s = deal_in_order(game)
    for seat in range(4):
        s = game.apply(s, ("pass", min(s.hands[seat])))
    s = game.apply(game.apply(s, ("char", 0)), 6)
    assert s.dice_o[0][0] == D.WITH_TOP[6][0] and game.current_player(s) == CHANCE


@pytest.mark.parametrize(("tie", "expected_kind"), [("random", "tie"), ("first", "reveal")])
def test_start_player_is_lowest_total_with_the_tie_rule(tie, expected_kind):
    game, t = blank(make_game(start_tie=tie))
    t.dice_o = [
        [D.WITH_TOP[f][0] for f in faces]
        for faces in ((6, 6, 6, 6), (1, 2, 3, 4), (2, 2, 3, 3), (1, 1, 1, 1))
    ]
    t.tasks = [StartPlayer()]
    t.settle()
    assert t.start == 3
    t.dice_o[3] = [D.WITH_TOP[f][0] for f in (2, 2, 2, 4)]  # 10, ties seat 1 and 2
    t.tasks = [Round(), StartPlayer()]
    t.settle()
    assert kind_of(t.tasks[-1]) == expected_kind
    if tie == "random":
        s = t.freeze()
        assert game.chance_outcomes(s).outcomes() == (1, 2, 3)
    else:
        assert t.start == 1


def test_pawns_from_the_start_player_clockwise_and_space_4_with_3_players():
    game, t = blank(make_game(players=3), start=2)
    t.tasks = [Round()]
    t.settle()
    s = t.freeze()
    for _ in range(3):
        s = game.apply(s, game.chance_outcomes(s).outcomes()[0])
    assert game.current_player(s) == 2
    assert [a.id for a in game.legal_actions(s)] == [("pawn", k) for k in (1, 2, 3, 4)]
    s = game.apply(s, ("pawn", 4))
    assert game.current_player(s) == 0
    s = game.apply(game.apply(s, ("pawn", 1)), ("pawn", 3))
    assert s.order == (-1, -1, 1, 2)  # seat 0 (space 1) took its pawn back: its turn
    assert s.picks == ((1,), (3,), (4,))
    assert named(s.tasks[-1]) == ("Take", 0)  # main phase in order-card order
    assert names(x for x in s.tasks if isinstance(x, Turn)) == [("Turn", 2), ("Turn", 1)]


def test_order_bonuses():
    game, t = blank(order=[0, 1, 2, 3], common=["J01", "J02", "J03", "J04"])
    t.tasks = [Turn(3), Turn(2), Turn(1)]
    t.settle()
    assert named(t.tasks[-1]) == ("Tip", 1, True)  # space 2: may tip one die
    assert game.legal_actions(t.freeze())[0].id == ("skip",)
    o = t.dice_o[1][2]
    t.step(("tip", "yellow", "E"))
    assert t.dice_o[1][2] == D.roll(o, "E") and t.dice_sq[1] == [0, 0, 0, 0]
    t.tasks = [s for s in t.tasks if isinstance(s, Turn)]
    t.settle()
    assert t.start == 2  # space 3: start marker at once
    t.tasks = [Turn(3)]
    t.settle()
    assert t.power[3] == 1  # space 4: one power


def test_event_power_everyone_and_the_organiser():
    game, t = blank()
    t.skills[2] = ["D01"]  # event_power 1
    t.tasks = [Resolve(2, "J25")]  # Summer festival: power 1
    t.settle()
    assert t.power == [1, 1, 3, 1] and t.removed == ["J25"]
    assert "J25" not in t.discard


def test_event_reward_and_lowest_and_reroll():
    game, t = blank()
    t.dice_o = [
        [D.WITH_TOP[f][0] for f in faces]
        for faces in ((4, 1, 1, 1), (3, 6, 6, 6), (6, 1, 1, 1), (1, 1, 1, 1))
    ]
    t.tasks = [Resolve(0, "J27")]  # School play: reward red 4 1
    t.settle()
    assert t.bonus_vp == [1, 0, 1, 0] and t.power == [1, 0, 0, 0]
    t.tasks = [Resolve(1, "S25")]  # Health check: lowest 2
    t.settle()
    assert t.power == [1, 1, 0, 2]
    t.tasks = [Resolve(1, "J26")]  # Heavy snow: reroll blue, from seat 1 clockwise
    t.settle()
    assert named(t.tasks[-1]) == ("Reroll", 1, 1)
    assert names(t.tasks[-4:]) == [("Reroll", s, 1) for s in (0, 3, 2, 1)]
    s = t.freeze()
    assert len(game.chance_outcomes(s)) == 24


def test_empty_deck_and_empty_common_area_are_skipped():
    game, t = blank(decks=[[], [], []], common=[])
    t.tasks = [FinalScoring(), Draw(0), Take(0), Reveal()]
    t.settle()
    assert t.tasks == []


def test_a_whole_game_uses_the_decks_as_the_rules_say():
    game = make_game()
    final = playout(game, random_player, 11).final
    assert final.stage == 2 and final.tasks == ()
    assert all(len(d) == 27 - 24 for d in final.decks)  # 4 reveals + 4 draws × 3 rounds
    events = {c.id for c in game.cards.values() if c.is_event}
    happened = events & set(final.removed)
    assert events - happened <= {c for d in final.decks for c in d}  # the rest never drawn
    assert sum(final.stats[stat(k, "events")] for k in range(3)) == len(happened)
    assert all(len(h) == 1 and len(k) == 2 for h, k in zip(final.hands, final.skills))
    assert all(len(p) == 9 for p in final.picks)


def test_timed_events_variant_draws_one_event_per_round():
    game = make_game(timed_events=True)
    final = playout(game, random_player, 3).final
    assert all(c in final.removed for c in ("J25", "J26", "J27", "A25", "S27"))
    assert [final.stats[stat(k, "events")] for k in range(3)] == [3, 3, 3]
    assert sum(len(d) for d in final.decks) == 0  # 24 regulars per stage, all used


def test_three_dream_skills_variant():
    game = make_game(players=3, dream_skills=3)
    final = playout(game, random_player, 5).final
    assert all(len(h) == 1 and len(k) == 3 for h, k in zip(final.hands, final.skills))


def test_same_seed_same_game_and_seeds_differ():
    game = make_game()
    a, b = playout(game, random_player, 42), playout(game, random_player, 42)
    assert a.actions == b.actions and a.final == b.final
    assert playout(game, random_player, 43).actions != a.actions


def _relocated_yellow(game):
    """J13 (yellow) replaces J16 (relocate yellow); the yellow die is moved to d4."""
    game, t = blank(game)
    assert game.catalogue.skill["J16"] == (("relocate", ("yellow",)),)
    t.albums[0] = album(a1="@", b1="J16", a2="J09", d4="J01")
    t.dice_sq[0] = [0, sq("a2"), 0, 0]
    t.tasks = [Resolve(0, "J13")]  # no free square next to a1
    t.settle()
    s = game.apply(t.freeze(), ("place", sq("b1")))
    top = game.view(s).top(0, "yellow")
    assert [a.id for a in game.legal_actions(s)] == [
        ("move", q) for q in (sq("a1"), sq("b1"), sq("a2"), sq("d4"))
    ]
    s = game.apply(s, ("move", sq("d4")))
    assert s.dice_sq[0][2] == sq("d4") and s.stats[stat(0, "relocated")] == 1
    return s, top


def test_a_re_placed_die_keeps_its_top_face_and_is_turned_as_at_set_up():
    """「スキルによりサイコロが再配置される場合、その向きは自由に決めることができます」, read
    with the set-up's 「出目が一番上になっているなら、どの面をどの方向へ向けるかは自由」:
    the 4 ways the die can lie with its top face kept (version 2 offered all 24)."""
    game = asked()
    s, top = _relocated_yellow(game)
    assert top == 4  # 1 on top, rolled east onto b1
    assert [a.id for a in game.legal_actions(s)] == [("orient", o) for o in D.WITH_TOP[4]]
    s = game.apply(s, ("orient", D.WITH_TOP[4][3]))
    assert s.dice_o[0][2] == D.WITH_TOP[4][3] and game.view(s).top(0, "yellow") == 4


def test_the_old_reading_turns_a_re_placed_die_any_of_24_ways():
    game = asked(make_game(relocate_turn="any"))
    s, top = _relocated_yellow(game)
    assert len(game.legal_actions(s)) == 24
    s = game.apply(s, ("orient", D.index_of(6, 2)))
    assert game.view(s).top(0, "yellow") == 6


def test_skills_relocate_any_die_and_tip_twice():
    game, t = blank()
    assert game.catalogue.skill["J24"] == (("relocate", ("any",)),)
    assert names(game.skill_steps["J24"][0]) == [("WhichDie", 0)]
    t.push(*game.skill_steps["J24"][0])
    t.settle()
    assert t.legal() == [("die", c) for c in ("red", "blue", "yellow", "green")]
    t.step(("die", "blue"))
    assert names(t.tasks) == [("TurnAny", 0, 1), ("MoveDie", 0, 1)]  # move, then turn
    t.tasks = []
    t.push(*effect_steps(1, "tip", (2,)))
    t.settle()
    assert names(t.tasks) == [("Tip", 1, False), ("Tip", 1, False)]
    t.step(("skip",))
    assert names(t.tasks) == [("Tip", 1, False)]
