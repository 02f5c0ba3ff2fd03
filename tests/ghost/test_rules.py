"""Rule cases of 「何か」 on small hand-made decks (chance outcomes chosen by the test)."""

from __future__ import annotations

import pytest

from workbench.engine import CHANCE, TERMINAL, IllegalAction
from workbench.games.ghost.steps import Download, Return
from workbench.games.ghost.steps_battle import Roll
from workbench.games.ghost.table import ATTACK, DEFENCE

from .helpers import deck, game_with, ghost, mandatory, pending, run, shell, state, steps

CARDS = deck(
    ghost("A", "2D", "2D", vp=2),  # 0
    ghost("B", "2D", "2D", vp=3),  # 1
    ghost("C", "1D", "1D"),  # 2
    ghost("D", "1D", "1D"),  # 3
    ghost("E", "1D", "1D"),  # 4
    shell("S1", phys=2),  # 5
    shell("S2", ment=2),  # 6
    mandatory("M", "trash_all_shells"),  # 7
    ghost("Q", "1D+1", "1D", ability="quick"),  # 8
    ghost("Big", "2D+5", "1D"),  # 9
    ghost("F1", "1D", "1D"),  # 10
    ghost("F2", "1D", "1D"),  # 11
    ghost("F3", "1D", "1D"),  # 12
    ghost("F4", "1D", "1D"),  # 13
    ghost("Skip", timing="OnYourTurn", effect="skip_turn"),  # 14
    shell("P", phys=1, timing="OnBattle", effect="power +3"),  # 15
    ghost("N", timing="OnBattle", effect="negate"),  # 16
    mandatory("V", "void_lowest"),  # 17
    ghost("Sakura", "3D+2", "3D+1", vp=5, ability="bonus physical +2"),  # 18
)


@pytest.fixture
def game():
    return game_with(CARDS)


def battle_to_rolls(game, s, attack, defender, stat="physical"):
    s = run(game, s, ("battle", attack, defender, stat))
    while game.current_player(s) != CHANCE:
        s = game.apply(s, ("pass",) if s.phase == "place" else ("done",))
    assert isinstance(s.tasks[-1], Roll)
    return s


# -- setup --------------------------------------------------------------------------
def test_mandatory_dealt_at_setup_is_replaced_then_shuffled_back():
    game = game_with(CARDS, deal_order="by_seat")
    s = game.initial_state()
    s = game.apply(s, 7)
    assert (
        s.setaside == (7,)
        and s.archives[0] == ()
        and pending(s)[0] == steps(Download("deal", 0))[0]
    )
    assert 7 not in s.server
    s = run(game, s, 0, 1, 2, 3)
    assert s.setaside == (7,)  # four cards so far
    s = game.apply(s, 4)
    assert s.archives[0] == (0, 1, 2, 3, 4) and s.setaside == () and 7 in s.server


def test_setup_installs_forward_then_reverse(game):
    s = run(game, game.initial_state(), 0, 1, 2, 3, 4, 9, 10, 11, 12, 13)
    assert s.phase == "setup" and s.order == (0, 1, 1, 0)
    s = run(game, s, ("install", 0), ("install", 9), ("install", 10))
    assert game.current_player(s) == 0 and [a.id for a in game.legal_actions(s)][0] == (
        "install",
        1,
    )
    s = game.apply(s, ("install", 1))
    assert game.view(s).ghosts_of(0) == (0, 1) and game.view(s).ghosts_of(1) == (9, 10)
    assert (
        game.current_player(s) == CHANCE
        and pending(s) == steps(Download("draw", 0))
        and s.turns == 1
    )


def test_user_without_ghost_shows_and_downloads_until_one(game):
    g = game_with(CARDS, hand_size=2)
    s = run(g, g.initial_state(), 5, 6, 9, 10)
    assert s.phase == "setup" and pending(s) == steps(Download("seek", 0), Return())
    s = run(g, s, 7, 15)  # a mandatory (set aside), a shell (kept), then a ghost:
    # installing it is the one choice, made by the kernel and named in the log (issue 38)
    assert "; P1: install A (forced)" in g.action_label(s, 0)
    s = g.apply(s, 0)
    assert s.archives[0] == (5, 6, 15) and s.desktops[0] == ((0, -1),)
    assert 7 in s.server and s.setaside == () and game.current_player(s) == 1


# -- turn ---------------------------------------------------------------------------
def test_one_shell_per_ghost_a_second_forces_trashing_one(game):
    s = state(game, desktops=[[(0, 5)], [(1, -1)]], archives=[[6], []])
    ids = [a.id for a in game.legal_actions(s)]
    assert (
        ("shell", 6, 0, 5) in ids and ("shell", 6, 0, 6) in ids and ("shell", 6, 0, -1) not in ids
    )
    replaced = game.apply(s, ("shell", 6, 0, 5))
    assert replaced.desktops[0] == ((0, 6),) and replaced.trash == (5,)
    kept = game.apply(s, ("shell", 6, 0, 6))
    assert kept.desktops[0] == ((0, 5),) and kept.trash == (6,)


def test_one_ghost_install_per_turn(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[2, 3], []])
    s = game.apply(s, ("install", 2))
    assert not any(a.id[0] == "install" for a in game.legal_actions(s))


def test_archive_is_trimmed_to_five_at_the_end(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[2, 3, 4, 10, 11, 12, 13], []])
    s = game.apply(s, ("end",))
    assert s.phase == "trim" and {a.id for a in game.legal_actions(s)} == {
        ("trim", c) for c in (2, 3, 4, 10, 11, 12, 13)
    }
    s = run(game, s, ("trim", 2), ("trim", 13))
    assert s.archives[0] == (3, 4, 10, 11, 12) and s.trash == (2, 13)
    assert game.current_player(s) == CHANCE and s.turn == 1


def test_mandatory_download_is_resolved_at_once(game):
    s = state(game, desktops=[[(0, 5)], [(1, 6)]], pending=[Download("draw", 0)])
    s = game.apply(s, 7)
    assert s.desktops == (((0, -1),), ((1, -1),)) and set(s.trash) == {5, 6, 7}
    assert game.current_player(s) == 0


def test_skip_turn_skips_the_whole_next_turn(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[14], []])
    s = run(game, s, ("event", 14, 1), ("pass",), ("end",))  # user 2 is asked, passes
    assert s.turn == 0 and pending(s) == steps(Download("draw", 0)) and s.skips == (0, 0)


# -- battles ------------------------------------------------------------------------
def test_attacker_support_is_limited_by_defenders_ghosts(game):
    s = state(game, desktops=[[(0, -1), (2, -1), (3, -1)], [(1, -1), (4, -1)]])
    s = run(game, s, ("battle", 0, 1, "physical"), ("defend", 1))
    assert [a.id for a in game.legal_actions(s)] == [("support", 2), ("support", 3), ("done",)]
    s = game.apply(s, ("support", 2))
    assert s.phase == "support_def"  # two attacking ghosts = the defender's two: no more
    assert s.battle.atk == (0, 2)
    s = game.apply(s, ("support", 4))  # the defender is unlimited
    assert s.battle.dfn == (1, 4)


def test_tie_goes_to_the_defender_who_takes_the_attackers(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1), (3, -1)]])
    s = run(game, s, ("battle", 0, 1, "physical"), ("defend", 1), ("done",))
    s = run(game, s, 3, 3)  # 2D rolls 3, 2D rolls 3
    assert s.last.totals == (3, 3) and s.last.winner == DEFENCE
    assert (
        s.vp[1] == (0,) and game.view(s).ghosts_of(0) == () and game.view(s).ghosts_of(1) == (1, 3)
    )
    assert game.returns(s) == (0.0, 2.0)


def test_higher_total_wins_and_takes_every_losing_ghost(game):
    s = state(game, desktops=[[(0, -1), (2, -1)], [(1, -1), (3, -1)]])
    s = run(game, s, ("battle", 0, 1, "mental"), ("defend", 1), ("done",), ("support", 3))
    s = run(game, s, 7, 2, 1)  # A: 7; B: 2 + D: 1
    assert s.last.winner == ATTACK and sorted(s.vp[0]) == [1, 3] and game.view(s).ghosts_of(1) == ()


def test_fumble_voids_a_ghosts_contribution(game):
    s = state(game, desktops=[[(9, -1)], [(2, -1)]])
    s = battle_to_rolls(game, s, 9, 1)
    s = run(game, s, 0, 1)  # 2D+5 rolls 0 on two dice: fumble, worth 0; 1D rolls 1
    assert s.last.values == (0, 1) and s.last.winner == DEFENCE
    assert (s.battles, s.fumbles, s.flips) == (1, 1, 1)  # without the fumble 5 beats 1
    off = game_with(CARDS, fumble=False)
    s2 = run(off, battle_to_rolls(off, state(off, desktops=[[(9, -1)], [(2, -1)]]), 9, 1), 0, 1)
    assert s2.last.values == (5, 1) and s2.last.winner == ATTACK


def test_fumbled_support_ghost_counts_zero(game):
    s = state(game, desktops=[[(0, -1), (9, -1)], [(1, -1), (2, -1)]])
    s = run(game, s, ("battle", 0, 1, "physical"), ("defend", 1), ("support", 9), ("done",))
    s = run(game, s, 4, 0, 4)
    assert s.last.values == (4, 0, 4) and s.last.winner == DEFENCE


def test_floor_reading_of_negative_strength():
    cards = deck(ghost("weak", "1D-3", "1D-3"), ghost("x", "1D", "1D"), ghost("y", "1D", "1D"))
    for floor, value in ((True, 0), (False, -2)):
        g = game_with(cards, floor_at_zero=floor)
        s = battle_to_rolls(g, state(g, desktops=[[(0, -1)], [(1, -1)]]), 0, 1)
        assert run(g, s, 1, 0).last.values == (value, 0)


def test_sakura_bonus_when_attacking_not_when_defending(game):
    s = state(game, desktops=[[(18, 5)], [(1, -1)]])
    s = run(game, battle_to_rolls(game, s, 18, 1), 5, 5)
    assert s.last.values == (5 + 2 + 2 + 2, 5)  # dice, own +2, shell +2, 〈抜刀〉 +2
    s = state(game, desktops=[[(1, -1)], [(18, -1)]])
    s = run(game, battle_to_rolls(game, s, 1, 1), 5, 5)
    assert s.last.values == (5, 7)


def test_quick_ghost_installs_mid_battle_as_support(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1), (2, -1)]], archives=[[8], []])
    s = run(game, s, ("battle", 0, 1, "physical"), ("defend", 1))
    assert ("quick", 8) in [a.id for a in game.legal_actions(s)]
    s = game.apply(s, ("quick", 8))
    assert s.battle.atk == (0, 8) and game.view(s).ghosts_of(0) == (0, 8)


def test_face_down_events_apply_in_order_and_negate_voids(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[15], [16]])
    s = run(game, s, ("battle", 0, 1, "physical"))
    assert s.phase == "place" and game.current_player(s) == 0
    s = run(game, s, ("place", 15, ATTACK), ("place", 16, -1))
    assert s.battle.voided == (0,) and s.battle.power == (0, 0) and set(s.trash) == {15, 16}
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[15], []])
    s = run(game, s, ("battle", 0, 1, "physical"), ("place", 15, ATTACK))
    assert s.battle.power == (3, 0)
    s = run(game, s, 2, 4)
    assert s.last.totals == (5, 4) and s.last.winner == ATTACK


# -- game end -----------------------------------------------------------------------
def test_vp_threshold_wins_at_once():
    g = game_with(CARDS, vp_to_win=3)
    s = battle_to_rolls(g, state(g, desktops=[[(0, -1)], [(1, -1)]]), 0, 1)
    s = run(g, s, 5, 1)
    assert g.current_player(s) == TERMINAL and s.result == ("vp", (0,))


def test_empty_server_ends_the_game_most_vp_wins(game):
    everything = list(range(2, len(CARDS)))
    s = state(
        game, desktops=[[(0, -1)], [(1, -1)]], trash=everything[:-1], vp=[[], [everything[-1]]]
    )
    assert s.server == ()
    s = game.apply(s, ("end",))
    assert s.result == ("server", (1,)) and game.winners(s) == (1,)


def test_no_ghost_anywhere_everybody_loses(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], pending=[Download("draw", 0)])
    s = game.apply(s, 17)
    assert s.result == ("void", ()) and game.winners(s) == () and set(s.void) == {0, 1}


def test_master_fights_only_without_slaves_and_losing_it_loses():
    g = game_with(CARDS, master_slave=True)
    s = state(g, desktops=[[(0, -1), (2, -1)], [(1, -1)]], masters=[0, 1])
    battles = {a.id[1] for a in g.legal_actions(s) if a.id[0] == "battle"}
    assert battles == {2}
    s = run(g, battle_to_rolls(g, s, 2, 1), 5, 0)  # the master fumbles and falls
    assert s.result == ("master", (0,)) and s.out == (False, True)


def test_no_ghost_penalty_costs_the_lowest_vp_card():
    g = game_with(CARDS, no_ghost_penalty="lose_vp")
    # user 2 can only end its turn (the kernel ends it): user 1's turn starts ghostless
    s = state(g, desktops=[[], [(1, -1)]], vp=[[0, 2], []], turn=1)
    assert s.turn == 0 and s.vp[0] == (0,) and 2 in s.trash


def test_illegal_actions_are_refused(game):
    s = state(game, desktops=[[(0, -1)], [(1, -1)]])
    with pytest.raises(IllegalAction, match="is not legal here"):
        game.apply(s, ("install", 5))
    with pytest.raises(IllegalAction):
        game.apply(state(game, pending=[Download("draw", 0)]), 999)
