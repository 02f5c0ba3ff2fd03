"""Issue 25, ghost items 1-5: the battle order, the event limits, the attacker's negate,
the deal order and the void endings — each default against the reading it replaced
(version 3's, kept as a parameter); under version 3 the default half of each test fails."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest
import sympy

from workbench.engine import SeatView
from workbench.games.ghost.battle_order import attack_value, battle_order_table, order_value
from workbench.games.ghost.odds import win_chance
from workbench.games.ghost.play_counts import play_counts
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.steps import Download, Turn
from workbench.games.ghost.steps_battle import ChooseStat, Place, Roll
from workbench.games.ghost.table import ATTACK

from .helpers import deck, game_with, ghost, mandatory, run, state

CARDS = deck(
    ghost("X", "3D", "3D", vp=2),  # 0 the attacker
    ghost("Hp", "5D", "1D", vp=2),  # 1 strong body, weak mind
    ghost("Hm", "1D", "5D", vp=2),  # 2 weak body, strong mind
    ghost("Turn", timing="OnYourTurn", effect="draw 1"),  # 3
    ghost("Pow1", timing="OnBattle", effect="power +1"),  # 4
    ghost("Pow2", timing="OnBattle", effect="power +2"),  # 5
    ghost("Neg", timing="OnBattle", effect="negate"),  # 6
    ghost("Any", timing="Anytime", effect="draw 1"),  # 7
    mandatory("M", "all_draw 1"),  # 8
    *[ghost(f"Pad{i}") for i in range(12)],  # 9-20
)
SPLIT = dict(desktops=[[(0, -1)], [(1, -1), (2, -1)]])


def ids(game, s):
    return [a.id for a in game.legal_actions(s)]


def greedy(g, s):
    return greedy_player()(SeatView(g, g.current_player(s), s), Random(0))


# -- item 1: the defender picks its ghost, then the attacker 物理 or 精神 (seed 6 1)-2)) ---------
def test_the_stat_is_chosen_after_the_defending_ghost():
    g = game_with(CARDS)
    s = state(g, **SPLIT)
    assert ("battle", 0, 1) in ids(g, s) and ("battle", 0, 1, "physical") not in ids(g, s)
    s = run(g, s, ("battle", 0, 1), ("defend", 1))
    assert s.tasks[-1] == ChooseStat(0) and s.battle.stat == ""
    assert ids(g, s) == [("stat", "physical"), ("stat", "mental")]
    s = g.apply(s, ("stat", "mental"))
    assert s.battle.stat == "mental" and s.battle.ghosts == (0, 1)
    old = game_with(CARDS, stat_choice="at_declaration")
    assert ("battle", 0, 1, "physical") in ids(old, state(old, **SPLIT))


def test_the_attackers_expectation_given_the_best_reply_under_both_orders():
    g = game_with(CARDS)
    t = g.view(state(g, **SPLIT))
    p = {
        (h, st): win_chance([x], [y])
        for h, (ph, mn) in ((1, ("5D", "1D")), (2, ("1D", "5D")))
        for st, x, y in (("physical", "3D", ph), ("mental", "3D", mn))
    }
    seed = min(max(p[h, "physical"], p[h, "mental"]) for h in (1, 2))
    old = max(min(p[1, st], p[2, st]) for st in ("physical", "mental"))
    assert attack_value(g, t, 0, 1) == seed and attack_value(g, t, 0, 1, "at_declaration") == old
    assert seed > sympy.Rational(1, 2) > old  # the order turns a bad attack into a good one
    with pytest.raises(ValueError, match="stat_choice must be"):
        order_value({1: {"physical": seed, "mental": seed}}, "never")


def test_greedy_values_the_attack_under_the_order_and_picks_the_better_stat():
    g = game_with(CARDS)
    s = state(g, **SPLIT)
    assert greedy(g, s) == ("battle", 0, 1)
    old = game_with(CARDS, stat_choice="at_declaration")
    assert greedy(old, state(old, **SPLIT)) == ("end",)  # the defender would answer the stat
    s = run(g, s, ("battle", 0, 1))
    pick = greedy(g, s)  # either ghost leaves the attacker its better stat: both equal here
    s = run(g, s, pick)
    assert greedy(g, s) == ("stat", "mental" if pick == ("defend", 1) else "physical")


def test_the_sheet_pairs_move_toward_the_attacker_and_never_back():
    table = battle_order_table()
    assert (table["change"] >= 0).all() and table["change"].max() > 0.6
    row = table.filter(table["change"] == table["change"].max()).row(0, named=True)
    assert Fraction(row["p_after_defender_exact"]) - Fraction(
        row["p_at_declaration_exact"]
    ) == pytest.approx(row["change"])


# -- item 2: one event per turn in the action step only; battle events unlimited (6 4)) -------
def test_the_action_event_leaves_battle_events_free_and_a_user_places_several():
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[3, 4, 5], []])
    g = game_with(CARDS)
    s = run(g, state(g, **layout), ("event", 3, -1), 9, ("pass",), ("battle", 0, 1, "physical"))
    assert s.tasks[-1] == Place(0) and ("place", 4, ATTACK) in ids(g, s)
    s = run(g, s, ("place", 4, ATTACK), ("place", 5, ATTACK))
    assert isinstance(s.tasks[-1], Roll) and s.battle.power == (3, 0)
    v3 = game_with(CARDS, event_limit="turn")
    s = run(v3, state(v3, **layout), ("event", 3, -1), 9, ("pass",), ("battle", 0, 1, "physical"))
    assert isinstance(s.tasks[-1], Roll)  # version 3: the action event used the one


def test_a_reaction_does_not_use_up_the_users_battle_events():
    g = game_with(CARDS)
    s = state(g, desktops=[[(0, -1)], [(1, -1)]], archives=[[], [7, 4]], pending=[Turn()])
    s = run(g, s, 9, ("event", 7, -1), 10, ("battle", 0, 1, "physical"))
    assert s.tasks[-1] == Place(1) and ("place", 4, ATTACK) in ids(g, s)


# -- item 3: the attacker's negate can only void its own event ----------------------------------
def test_the_attackers_negate_only_ever_follows_its_own_event():
    g = game_with(CARDS)
    s = run(
        g,
        state(g, desktops=[[(0, -1)], [(1, -1)]], archives=[[4, 6], []]),
        ("battle", 0, 1, "physical"),
    )
    assert ids(g, s) == [("place", 4, 0), ("place", 4, 1), ("pass",)]  # not placed first
    s = run(g, s, ("place", 4, ATTACK), ("place", 6, -1))
    assert s.battle.voided == (0,) and s.battle.power == (0, 0)  # it voided its own +1


def test_played_games_never_let_the_attackers_negate_reach_another_users_event():
    counts = play_counts(players=4, n=12, seed=0)
    attacker = counts.negates.filter(counts.negates["role"] == "attacker")
    others = counts.negates.filter(counts.negates["role"] != "attacker")
    assert attacker.height and not attacker["could_void_another"].any()
    assert others["could_void_another"].any()  # the defender's and outsiders' can


# -- item 4: every hand dealt before any mandatory event is replaced ------------------------------
def test_all_hands_are_dealt_before_the_replacements():
    g = game_with(CARDS, hand_size=2)
    s = run(g, g.initial_state(), 8, 9)
    assert s.archives[0] == (8, 9) and s.setaside == ()  # kept until every hand is dealt
    s = run(g, s, 10, 11)
    assert s.tasks[-1] == Download("deal", 0) and s.setaside == (8,) and s.archives[0] == (9,)
    s = g.apply(s, 12)
    assert s.archives[0] == (9, 12) and 8 in s.server and s.archives[1] == (10, 11)
    old = game_with(CARDS, hand_size=2, deal_order="by_seat")
    s = old.apply(old.initial_state(), 8)
    assert s.setaside == (8,) and s.tasks[-1] == Download("deal", 0)  # replaced at once


# -- item 5: void endings come from 一般保護違反 on thin desktops ------------------------------------
def test_void_endings_are_a_protection_fault_meeting_thin_desktops():
    counts = play_counts(players=4, n=30, seed=0)
    assert counts.voids.height >= 2
    assert all("一般保護違反" in step or "downloads" in step for step in counts.voids["last_step"])
    ended = counts.faults.filter(counts.faults["ended_void"])
    assert ended.height == counts.voids.height
    single = ended.filter(ended["at_once"] == 1)
    assert (single["users_with_two_or_more"] == 0).all()  # one fault empties only thin desks
    survived = counts.faults.filter(~counts.faults["ended_void"])
    assert (survived["users_with_two_or_more"] > 0).any()
    assert (counts.voids["server_left"] > 0).all()  # the server had not run out
