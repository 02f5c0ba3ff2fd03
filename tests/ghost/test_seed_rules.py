"""Seed rules of 「何か」 that the first rule cases left untested, one test per rule.

Each test names the seed section it checks (``000_61bc5aee8bd0dddc.txt``).
"""

from __future__ import annotations

import pytest

from workbench.engine import CHANCE, TERMINAL
from workbench.games.ghost.rules import make_game
from workbench.games.ghost.steps import Download
from workbench.games.ghost.table import ATTACK, DEFENCE

from .helpers import deck, game_with, ghost, mandatory, pending, run, shell, state, steps

CARDS = deck(
    ghost("A", "2D", "2D", vp=2),  # 0
    ghost("B", "2D", "2D", vp=3),  # 1
    ghost("C", "1D", "1D", vp=1),  # 2
    ghost("Draw", "1D", "1D", ability="draw 1"),  # 3
    ghost("One", "1D+5", "1D"),  # 4
    ghost("Turn1", timing="OnYourTurn", effect="draw 1"),  # 5
    ghost("Turn2", timing="OnYourTurn", effect="draw 1"),  # 6
    ghost("Battle", timing="OnBattle", effect="power +1"),  # 7
    ghost("NotMine", timing="Not.YourTurn", effect="power +1"),  # 8
    ghost("Any", timing="Anytime", effect="draw 1"),  # 9
    shell("S", phys=2),  # 10
    ghost("Bounce", timing="OnYourTurn", effect="bounce"),  # 11
    mandatory("V", "void_lowest"),  # 12
    mandatory("All", "all_draw 1"),  # 13
    mandatory("Rot", "rotate_archives"),  # 14
    ghost("Coll", "1D", "1D", ability="win_installed 2"),  # 15
    ghost("Pad1"),
    ghost("Pad2"),
    ghost("Pad3"),
    ghost("Pad4"),  # 16-19
)


@pytest.fixture
def game():
    return game_with(CARDS)


def ids(game, s):
    return [a.id for a in game.legal_actions(s)]


# -- 0. 想定人数 / 1. コンポーネント --------------------------------------------------
@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_users(players):
    """Section 0: 2-6 users."""
    with pytest.raises(ValueError, match="players must be 2..6"):
        make_game(players=players)
    assert make_game(players=6).params.players == 6


# -- 3. シェル ----------------------------------------------------------------------
def test_a_shell_cannot_be_installed_without_a_ghost(game):
    """Section 3: シェルは、それ単体ではデスクトップにインストールできない."""
    s = state(game, desktops=[[], [(1, -1)]], archives=[[10], []])
    assert not any(a[0] == "shell" for a in ids(game, s))
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[10], []])
    assert ("shell", 10, 0, -1) in ids(game, s)


# -- 5-2. ターン ----------------------------------------------------------------------
def test_one_event_from_the_archive_per_turn_and_it_goes_to_the_trash(game):
    """Section 5-2 3): イベントを使用する（１ターンに１回のみ）; section 3: used once, trashed."""
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[5, 6], []])
    assert {("event", 5, -1), ("event", 6, -1)} <= set(ids(game, s))
    s = run(game, s, ("event", 5, -1), 16)  # the event's draw 1
    assert 5 in s.trash and 5 not in s.archives[0]
    assert not any(a[0] == "event" for a in ids(game, s))


def test_each_ghost_ability_once_per_turn_and_only_on_its_own_turn(game):
    """Section 5-2 3): 同じゴーストならば１ターンに１回のみ; section 4: ユーザーのターン中にしか."""
    s = state(game, desktops=[[(3, -1)], [(1, -1)]])
    assert ("ability", 3, -1) in ids(game, s)
    s = run(game, s, ("ability", 3, -1), 16)
    assert s.archives[0] == (16,) and ("ability", 3, -1) not in ids(game, s)
    theirs = state(game, desktops=[[(1, -1)], [(3, -1)]])
    assert not any(a[0] == "ability" for a in ids(game, theirs))


def test_one_battle_per_turn_then_the_turn_ends(game):
    """Section 5-2 4): 他ゴーストに戦闘をしかける（１ターンに１回のみ）."""
    s = state(game, desktops=[[(0, -1), (2, -1)], [(1, -1), (4, -1)]])
    s = run(game, s, ("battle", 0, 1, "physical"), ("defend", 1), ("done",), ("done",), 5, 1)
    assert s.last.winner == ATTACK and s.battles == 1
    assert (
        s.turn == 1
        and game.current_player(s) == CHANCE
        and pending(s) == steps(Download("draw", 1))
    )


def test_only_events_that_fit_the_turn_are_played_as_the_action(game):
    """Section 3 timings: OnYourTurn and Anytime on your turn; OnBattle and Not.YourTurn not."""
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], archives=[[5, 7, 8, 9], []])
    played = {a[1] for a in ids(game, s) if a[0] == "event"}
    assert played == {5, 9}


def test_battle_events_by_timing_and_seat():
    """Section 3 timings and 6 4): OnBattle by anyone, Not.YourTurn only off your turn,
    OnYourTurn not face down; outsiders may place too."""
    g = game_with(CARDS, players=3)
    s = state(g, desktops=[[(0, -1)], [(1, -1)], [(2, -1)]], archives=[[7, 8, 9], [], []])
    s = run(g, s, ("battle", 0, 1, "physical"))
    assert s.phase == "place" and g.current_player(s) == 0
    assert {a[1] for a in ids(g, s) if a[0] == "place"} == {7, 9}  # not Not.YourTurn
    for seat in (1, 2):
        s2 = state(
            g,
            desktops=[[(0, -1)], [(1, -1)], [(2, -1)]],
            archives=[[], [5, 7, 8, 9], []] if seat == 1 else [[], [], [5, 7, 8, 9]],
        )
        s2 = run(g, s2, ("battle", 0, 1, "physical"))
        assert s2.phase == "place" and g.current_player(s2) == seat
        assert {a[1] for a in ids(g, s2) if a[0] == "place"} == {7, 8, 9}  # not OnYourTurn


def test_face_down_events_open_attacker_then_defender_then_outsiders():
    """Section 6 5-1): （攻撃側）→（防御側）→（外部ユーザー）, whoever's turn it is."""
    g = game_with(CARDS, players=3)
    s = state(g, desktops=[[(0, -1)], [(1, -1)], [(2, -1)]], archives=[[8], [7], [9]], turn=1)
    s = run(g, s, ("battle", 1, 0, "physical"))
    assert s.battle.placers == (1, 0, 2)
    s = run(g, s, ("place", 7, DEFENCE), ("place", 8, ATTACK), ("place", 9, -1))
    assert [seat for seat, _, _ in s.battle.revealed] == [1, 0, 2]
    assert s.battle.power == (1, 1)


# -- 6-1. やさぐれダイス ----------------------------------------------------------------
def test_one_die_never_fumbles(game):
    """Section 6-1: １Ｄ（ダイス１個）ではシテオクにならない."""
    s = state(game, desktops=[[(4, -1)], [(2, -1)]])
    s = run(game, s, ("battle", 4, 1, "physical"), 0, 3)  # 1D+5 rolls the 0 face: still 5
    assert s.last.values == (5, 3) and s.fumbles == 0 and s.last.winner == ATTACK


# -- 5-2 1-*). 強制イベント -----------------------------------------------------------
def test_mandatory_all_draw_every_user_downloads(game):
    """Section 3: 全ユーザーはその指示に従う (a mandatory binds every user)."""
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], pending=[Download("draw", 0)])
    s = game.apply(s, 13)
    assert pending(s) == steps(Download("draw", 0), Download("draw", 1)) and 13 in s.trash
    s = run(game, s, 16, 17)
    assert s.archives == ((16,), (17,))


def test_mandatory_rotate_archives_passes_to_the_next_user(game):
    s = state(
        game, desktops=[[(0, -1)], [(1, -1)]], archives=[[5], [6, 9]], pending=[Download("draw", 0)]
    )
    s = game.apply(s, 14)
    assert s.archives == ((6, 9), (5,))


# -- 8. 勝利条件 ----------------------------------------------------------------------
def test_desktop_ghosts_do_not_count_as_victory_points(game):
    """Section 8 1): デスクトップ上のゴーストの勝利点は加えません."""
    s = state(game, desktops=[[(0, -1), (1, -1)], [(2, -1)]], vp=[[], [4]])
    assert game.returns(s) == (0.0, 1.0)


def test_most_vp_at_a_forced_end_ties_share(game):
    """Section 8 2) 判定勝利 (a tie: every leader wins, reading 10)."""
    everything = [c for c in range(len(CARDS)) if c not in (0, 1, 2, 16)]
    s = state(game, desktops=[[(0, -1)], [(1, -1)]], trash=everything, vp=[[2], [16]])
    s = game.apply(s, ("end",))
    assert s.result == ("server", (0, 1))


def test_special_victory_written_on_a_ghost(game):
    """Section 8 3) 特殊勝利: 〈win_installed 2〉 at the start of its owner's turn."""
    s = state(game, desktops=[[(15, -1), (0, -1)], [(1, -1)]], turn=1)
    s = game.apply(s, ("end",))
    assert game.current_player(s) == TERMINAL and s.result == ("special", (0,))


# -- 7. 強制終了 / 9. 敗北 ---------------------------------------------------------------
def test_last_ghost_bounced_to_an_archive_does_not_end_the_game(game):
    """Sections 7 and 9 end the game only when every user's ghosts went to 「虚」 (the void);
    a ghost bounced back to its owner's archive can be installed again."""
    s = state(game, desktops=[[(0, -1)], []], archives=[[11], []])
    s = game.apply(s, ("event", 11, 0))
    assert s.result is None and s.archives[0] == (0,) and not any(s.desktops)
    # user 1 can only end its turn: the kernel ends it (forced); user 2's turn: download
    assert "; P1: end the turn (forced)" in game.action_label(s, ("pass",))
    s = run(game, s, ("pass",), 16, ("pass",))
    assert s.result is None and ids(game, s) == [("install", 16), ("end",)]


def test_void_lowest_with_nothing_to_void_does_not_end_the_game(game):
    s = state(game, desktops=[[], []], archives=[[0], [1]], pending=[Download("draw", 0)])
    s = game.apply(s, 12)
    assert s.result is None and ("install", 0) in ids(game, s)


def test_every_ghost_sent_to_the_void_ends_the_game_everybody_loses(game):
    s = state(
        game, desktops=[[(0, 10)], [(1, -1)]], archives=[[2], []], pending=[Download("draw", 0)]
    )
    s = game.apply(s, 12)
    assert s.result == ("void", ()) and sorted(s.void) == [0, 1] and 10 in s.trash


def test_any_number_of_shells_in_one_turn():
    """Section 5-2 2): シェルをインストールする（１ターンに何回でも。）."""
    cards = deck(
        ghost("A"), ghost("B"), ghost("C"), shell("S1", phys=1), shell("S2", ment=1), ghost("D")
    )
    g = game_with(cards)
    s = state(g, desktops=[[(0, -1), (1, -1)], [(2, -1)]], archives=[[3, 4, 5], []])
    s = run(g, s, ("install", 5), ("pass",), ("shell", 3, 0, -1), ("pass",), ("shell", 4, 1, -1))
    assert s.desktops[0] == ((0, 3), (1, 4), (5, -1))


def test_support_only_from_installed_ghosts(game):
    """Section 6 3): 援軍として参加できるのは、インストールしているゴーストだけ."""
    s = state(game, desktops=[[(0, -1), (2, -1)], [(1, -1), (4, -1)]], archives=[[16], [17]])
    s = run(game, s, ("battle", 0, 1, "mental"), ("defend", 1))
    assert ids(game, s) == [("support", 2), ("done",)]
    s = game.apply(s, ("done",))
    assert ids(game, s) == [("support", 4), ("done",)]


def test_both_strengths_offered_and_the_defender_can_win_the_vp_race():
    """Section 6 2) 「物理」「精神」のいずれか; 8 1) the winner of the battle may be the defender."""
    g = game_with(CARDS, vp_to_win=2)
    s = state(g, desktops=[[(0, -1)], [(1, -1)]])
    assert {a for a in ids(g, s) if a[0] == "battle"} == {("battle", 0, 1)}
    s = g.apply(s, ("battle", 0, 1))  # one defender: defends at once; then the stat
    assert s.phase == "stat" and ids(g, s) == [("stat", "physical"), ("stat", "mental")]
    old = game_with(CARDS, vp_to_win=2, stat_choice="at_declaration")
    assert {
        a for a in ids(old, state(old, desktops=[[(0, -1)], [(1, -1)]])) if a[0] == "battle"
    } == {("battle", 0, 1, "physical"), ("battle", 0, 1, "mental")}
    s = run(g, s, ("stat", "mental"), 2, 4)
    assert s.last.winner == DEFENCE and s.result == ("vp", (1,))
