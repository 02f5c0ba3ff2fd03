"""Issue 14, items 1-6: the readings that follow the seed's words, each against the old one.

Every test plays the default (the seed's wording) and the parameter that keeps the
old reading; under the old engine the default half fails. Seed quotes are in
``rules.py`` (readings 4, 10, 12, 14, 17-20).
"""

from __future__ import annotations

import pytest

from workbench.engine import CHANCE, TERMINAL
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout
from workbench.games.ghost.params import OLD_READINGS
from workbench.games.ghost.steps import DealMaster, Download, Turn
from workbench.games.ghost.steps_battle import Place, Roll
from workbench.games.ghost.steps_turn import Main, React
from workbench.games.ghost.table import ATTACK

from .helpers import deck, game_with, ghost, mandatory, run, state

CARDS = deck(
    ghost("A", "2D", "2D", vp=2),  # 0
    ghost("B", "2D", "2D", vp=3),  # 1
    ghost("C", "1D", "1D", vp=1),  # 2
    ghost("Turn", timing="OnYourTurn", effect="draw 1"),  # 3
    ghost("Battle1", timing="OnBattle", effect="power +1"),  # 4
    ghost("Battle2", timing="OnBattle", effect="power +2"),  # 5
    ghost("NotMine", timing="Not.YourTurn", effect="draw 1"),  # 6
    ghost("Any", timing="Anytime", effect="draw 1"),  # 7
    ghost("NotMinePow", timing="Not.YourTurn", effect="power +1"),  # 8
    ghost("Neg", timing="OnBattle", effect="negate"),  # 9
    ghost("Q", "1D+1", "1D", ability="quick"),  # 10
    mandatory("All", "all_draw 1"),  # 11
    ghost("D", "1D", "1D"),  # 12
    ghost("E", "1D", "1D"),  # 13
    ghost("Pad1"),
    ghost("Pad2"),
    ghost("Pad3"),
    ghost("Pad4"),  # 14-17
    ghost("Neg2", timing="OnBattle", effect="negate"),  # 18
    ghost("NotMine2", timing="Not.YourTurn", effect="draw 1"),  # 19
)
OLD_EVENTS = dict(event_limit="action", facedown_per_battle=1, reactions=False)


def ids(game, s):
    return [a.id for a in game.legal_actions(s)]


def top(s):
    return s.tasks[-1]


def server_only(*keep_in_server, **kw):
    """Everything outside the server except the given cards (and what ``kw`` places)."""
    placed = {c for d in kw.get("desktops", []) for pair in d for c in pair if c >= 0}
    placed |= {c for a in kw.get("archives", []) for c in a} | {
        c for v in kw.get("vp", []) for c in v
    }
    return [c for c in range(len(CARDS)) if c not in placed and c not in keep_in_server]


# -- item 1: the game ends when the server runs out (seed 7) ----------------------------
@pytest.mark.parametrize("server_end", ["at_once", "next_turn"])
def test_the_download_that_empties_the_server_ends_the_game(server_end):
    g = game_with(CARDS, server_end=server_end)
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], vp=[[2], []])
    s = state(g, **layout, trash=server_only(14, **layout), pending=[Download("draw", 0)])
    assert s.server == (14,)
    s = g.apply(s, 14)
    if server_end == "at_once":
        assert g.current_player(s) == TERMINAL and s.result == ("server", (0,))
    else:  # the old reading: the user still installs and fights before the check
        assert g.current_player(s) == 0 and ("battle", 0, 1) in ids(g, s)


def test_an_effect_draw_that_empties_the_server_ends_the_game_at_once():
    g = game_with(CARDS)
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[3], []], vp=[[], [2]])
    s = state(g, **layout, trash=server_only(14, **layout))
    s = run(g, s, ("event", 3, -1), 14)
    assert s.result == ("server", (1,)) and s.archives[0] == (14,) and not s.tasks


def test_a_mandatory_event_downloaded_last_ends_the_game_unresolved():
    g = game_with(CARDS)
    layout = dict(desktops=[[(0, -1)], [(1, -1)]])
    s = state(g, **layout, trash=server_only(11, **layout), pending=[Download("draw", 0)])
    s = g.apply(s, 11)
    assert s.result == ("server", (0, 1)) and 11 in s.trash and not s.tasks


# -- item 2: one event from the archive per turn (seed 5-2 3); no per-battle limit (6 4) --
# (issue 25 item 2: the one-per-turn limit is the action step's only; event_limit="turn" is v3's)
def test_the_turn_event_and_a_face_down_event_share_the_one_per_turn_only_in_v3():
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[3, 4], []])
    g = game_with(CARDS, event_limit="turn")
    s = run(g, state(g, **layout), ("event", 3, -1), 14, ("pass",), ("battle", 0, 1, "physical"))
    assert isinstance(top(s), Roll)  # the action event used the turn's one: nothing to place
    old = game_with(CARDS, **OLD_EVENTS)
    s = run(old, state(old, **layout), ("event", 3, -1), 14, ("battle", 0, 1, "physical"))
    assert top(s) == Place(0) and ("place", 4, ATTACK) in ids(old, s)


def test_no_per_battle_limit_of_face_down_events_unless_asked():
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[4, 5], []])
    free = game_with(CARDS, event_limit="action")  # facedown_per_battle=0: the seed's 6 4)
    s = run(free, state(free, **layout), ("battle", 0, 1, "physical"), ("place", 4, ATTACK))
    assert top(s) == Place(0) and ids(free, s) == [("place", 5, 0), ("place", 5, 1), ("pass",)]
    s = run(free, s, ("place", 5, ATTACK))
    assert s.battle.power == (3, 0) and [c for _, c, _ in s.battle.revealed] == [4, 5]
    for params in (dict(event_limit="action", facedown_per_battle=1), dict(event_limit="turn")):
        g = game_with(CARDS, **params)
        s = run(g, state(g, **layout), ("battle", 0, 1, "physical"), ("place", 4, ATTACK))
        assert isinstance(top(s), Roll) and s.battle.power == (1, 0)


# -- item 3: Anytime / Not.YourTurn events out of turn (seed 3 timings) ----------------------
def test_other_users_may_react_after_the_download_and_after_each_action():
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[2, 3, 19], [5, 6, 7, 8]])
    g = game_with(CARDS, event_limit="action")
    s = g.apply(state(g, **layout, pending=[Turn()]), 14)  # the turn's download
    assert top(s) == React(1) and s.phase == "react"
    assert ids(g, s) == [("event", 6, -1), ("event", 7, -1), ("pass",)]  # not OnBattle, not power
    s = run(g, s, ("event", 6, -1), 15)
    assert s.archives[1] == (5, 7, 8, 15) and 6 in s.trash and top(s) == Main(0)
    assert ("event", 19, -1) not in ids(g, s)  # Not.YourTurn: never on your own turn
    s = g.apply(s, ("install", 2))
    assert top(s) == React(1)  # a reaction point after the install
    s = g.apply(s, ("pass",))
    assert top(s) == Main(0) and s.phase == "main"
    off = game_with(CARDS, reactions=False)
    s = off.apply(state(off, **layout, pending=[Turn()]), 14)
    assert top(s) == Main(0)


def test_a_reaction_uses_the_users_one_event_of_the_turn_in_v3():
    layout = dict(desktops=[[(0, -1)], [(1, -1)]], archives=[[2], [6, 7, 4]])
    g = game_with(CARDS, event_limit="turn")
    s = run(g, state(g, **layout, pending=[Turn()]), 14, ("event", 7, -1), 15)
    assert s.evented == (False, True)
    s = g.apply(s, ("install", 2))
    assert top(s) == React(1) and ids(g, s) == [
        ("pass",)
    ]  # asked, but no second reaction this turn
    s = g.apply(s, ("pass",))
    s = run(g, s, ("battle", 0, 1, "physical"))
    assert isinstance(top(s), Roll)  # nor a face-down event


# -- item 4: a negate is offered only when an event already lies face down -------------------
def test_a_negate_placed_first_is_not_offered():
    g = game_with(CARDS)
    s = run(
        g,
        state(g, desktops=[[(0, -1)], [(1, -1)]], archives=[[9, 4], [18]]),
        ("battle", 0, 1, "physical"),
    )
    assert ids(g, s) == [("place", 4, 0), ("place", 4, 1), ("pass",)]  # the attacker reveals first
    s = g.apply(s, ("place", 4, ATTACK))
    assert ids(g, s) == [("place", 9, -1), ("pass",)]  # now it could only void its own event
    s = g.apply(s, ("pass",))
    assert top(s) == Place(1) and ids(g, s) == [("place", 18, -1), ("pass",)]
    s = g.apply(s, ("place", 18, -1))
    assert s.battle.voided == (0,) and s.battle.power == (0, 0)
    s = run(
        g,
        state(g, desktops=[[(0, -1)], [(1, -1)]], archives=[[4], [18]]),
        ("battle", 0, 1, "physical"),
        ("pass",),
    )
    assert isinstance(top(s), Roll)  # nothing face down: the defender's negate would be dead


# -- item 5: 〈軽量速攻〉 installed during a battle by any user ------------------------------
@pytest.mark.parametrize("quick_install", ["anyone", "sides"])
def test_an_outsider_installs_a_quick_ghost_during_a_battle(quick_install):
    g = game_with(CARDS, players=3, quick_install=quick_install)
    s = state(g, desktops=[[(0, -1)], [(1, -1)], [(2, -1)]], archives=[[], [], [10]])
    s = run(g, s, ("battle", 0, 1, "physical"))
    if quick_install == "sides":
        assert isinstance(top(s), Roll)
        return
    assert top(s) == Place(2) and ids(g, s) == [("install", 10), ("pass",)]
    s = g.apply(s, ("install", 10))
    assert s.desktops[2] == ((2, -1), (10, -1)) and s.battle.ghosts == (0, 1)
    assert isinstance(top(s), Roll) and not s.installed


def test_a_side_still_installs_a_quick_ghost_as_support():
    g = game_with(CARDS)
    s = state(g, desktops=[[(0, -1)], [(1, -1), (2, -1)]], archives=[[10], []])
    s = run(g, s, ("battle", 0, 1, "physical"), ("defend", 1), ("quick", 10))
    assert s.battle.atk == (0, 10) and s.desktops[0] == ((0, -1), (10, -1))


# -- item 6: master-slave as written (seed 11) ---------------------------------------------
def test_masters_are_dealt_before_the_hands():
    g = game_with(CARDS, master_slave=True)
    s = g.initial_state()
    assert top(s) == DealMaster(0)
    assert sorted(o for o, _ in g.chance_outcomes(s).items()) == [
        c for c in range(len(CARDS)) if g.is_ghost[c]
    ]
    s = run(g, s, 10, 12)
    assert s.masters == (10, 12) and s.desktops == (((10, -1),), ((12, -1),))
    assert top(s) == Download("hand", 0)
    old = game_with(CARDS, master_slave=True, master_deal="first_install")
    assert top(old.initial_state()) == Download("hand", 0)


def test_every_user_starts_with_its_master_and_two_slaves():
    from workbench.games.ghost.rules import make_game

    game = make_game(players=3, master_slave=True)
    s = game.initial_state()
    for a in playout(game, random_player, 4).actions:
        s = game.apply(s, a)
        if s.phase == "main":
            break
    assert [len(d) for d in s.desktops] == [3, 3, 3]
    assert [d[0][0] for d in s.desktops] == list(s.masters)


MS = dict(desktops=[[(0, -1), (2, -1), (12, -1)], [(1, -1), (13, -1)]], masters=[0, 1])


@pytest.mark.parametrize(
    ("params", "offered"),
    [
        ({}, []),  # slaves do not support slaves
        ({"slave_support": True}, [("support", 12)]),  # the old reading
        ({"master_support": True}, [("support", 0)]),  # the seed's tentative rule
    ],
)
def test_support_in_master_slave(params, offered):
    g = game_with(CARDS, master_slave=True, **params)
    s = run(g, state(g, **MS), ("battle", 2, 1, "physical"))
    if not offered:
        assert isinstance(top(s), Roll) and s.battle.ghosts == (2, 13)
        return
    assert ids(g, s) == [*offered, ("done",)]


def test_master_slave_quick_ghost_is_a_slave():
    g = game_with(CARDS, master_slave=True)
    s = state(g, **MS, archives=[[10], []])
    s = run(g, s, ("battle", 2, 1, "physical"))
    assert top(s) == Place(0) and ids(g, s) == [("install", 10), ("pass",)]  # install, not support


def test_old_readings_as_parameters_play_the_version_2_rules():
    """The old readings together (except the dead negate, item 4) keep the old flow: no
    reaction, no mid-battle install by outsiders, one face-down event per user per battle."""
    g = game_with(CARDS, players=3, **OLD_READINGS)
    s = state(
        g,
        desktops=[[(0, -1)], [(1, -1)], [(2, -1)]],
        archives=[[3, 4, 5], [13], [10]],
        pending=[Download("draw", 0)],
    )
    s = run(g, s, 14, ("event", 3, -1), 15, ("battle", 0, 1, "physical"))
    assert top(s) == Place(0) and s.phase == "place"
    s = g.apply(s, ("place", 4, ATTACK))
    assert g.current_player(s) == CHANCE  # user 2 holds no battle event, user 3 no event at all
