"""Greedy decisions, custom sheets, and the protocol on random small decks."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.engine import SeatView, check_conformance
from workbench.games.ghost.cards import SHEET, load_cards
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game

from .helpers import deck, game_with, ghost, mandatory, run, shell, state

CARDS = deck(
    ghost("Strong", "3D+3", "3D+3", vp=5),
    ghost("Weak", "1D", "1D"),
    ghost("Mid", "2D+1", "2D+1", vp=2),
    ghost("Tiny", "1D-1", "1D-1"),
    shell("S", phys=2),
    ghost("filler", "1D", "1D"),
)
RNG = random.Random(0)


def greedy(g, s, threshold=Fraction(1, 2)):
    """The greedy player's choice where it sits to move (it sees only its seat's view)."""
    return greedy_player(threshold)(SeatView(g, g.current_player(s), s), RNG)


def test_greedy_attacks_only_above_its_threshold():
    g = game_with(CARDS)
    s = state(g, desktops=[[(0, -1)], [(1, -1)]])
    assert greedy(g, s) == ("battle", 0, 1)
    weak = state(g, desktops=[[(1, -1)], [(0, -1)]])
    assert greedy(g, weak) == ("end",)
    assert greedy(g, weak, Fraction(0))[0] == "battle"


def test_greedy_defends_with_its_best_ghost_and_supports_only_when_it_helps():
    g = game_with(CARDS)
    s = state(g, desktops=[[(2, -1), (3, -1)], [(1, -1), (0, -1)]])
    s = g.apply(s, ("battle", 2, 1))
    assert greedy(g, s) == ("defend", 0)
    s = run(g, s, ("defend", 1), ("stat", "physical"))
    assert greedy(g, s) == ("support", 3)  # 1D-1 floored still adds
    s = g.apply(s, ("support", 3))
    assert greedy(g, s) == ("support", 0)


def test_greedy_installs_its_strongest_ghost_first():
    g = game_with(CARDS)
    s = state(g, desktops=[[(1, -1)], [(5, -1)]], archives=[[3, 2, 4], []])
    assert greedy(g, s) == ("install", 2)


def test_a_sheet_given_by_path_loads_the_same_cards():
    assert make_game(sheet=str(SHEET)).cards == load_cards()


kinds = st.sampled_from(["ghost", "ghost", "ghost", "shell", "mandatory", "event"])


@settings(deadline=None)  # examples from the hypothesis profile (default 60, slow 500)
@given(
    st.lists(kinds, min_size=6, max_size=24),
    st.integers(2, 4),
    st.integers(1, 5),
    st.booleans(),
    st.integers(0, 10**6),
)
def test_random_small_decks_keep_the_protocol(kind_list, players, hand, master, seed):
    r = random.Random(seed)
    specs = []
    for k in kind_list:
        dice = f"{r.randint(0, 3)}D{r.randint(-2, 3):+d}"
        if k == "ghost":
            ability = r.choice(
                [
                    "",
                    "quick",
                    "steady",
                    "bonus any +1",
                    "guard mental +2",
                    "draw 1",
                    "cycle",
                    "win_installed 3",
                ]
            )
            specs.append(
                ghost(
                    k,
                    dice,
                    dice,
                    vp=r.randint(0, 4),
                    ability=ability,
                    timing=r.choice(["OnBattle", "Anytime"]),
                    effect="power +1",
                )
            )
        elif k == "event":
            timing, effect = r.choice(
                [
                    ("OnYourTurn", "skip_turn"),
                    ("OnYourTurn", "bounce"),
                    ("Not.YourTurn", "draw 1"),
                    ("OnBattle", "switch"),
                    ("OnBattle", "negate"),
                    ("Anytime", "dice +1"),
                    ("OnYourTurn", "trash_shell"),
                ]
            )
            specs.append(ghost(k, dice, dice, timing=timing, effect=effect))
        elif k == "shell":
            specs.append(shell(k, r.randint(-1, 2), r.randint(-1, 2), "OnBattle", "power -1"))
        else:
            specs.append(
                mandatory(
                    k,
                    r.choice(["all_draw 1", "rotate_archives", "trash_all_shells", "void_lowest"]),
                )
            )
    g = game_with(
        deck(*specs),
        players=players,
        hand_size=hand,
        master_slave=master,
        vp_to_win=r.choice([0, 3]),
    )
    assert check_conformance(g, n_games=4, seed=seed, full_every=2).ok
