"""Battle odds against brute force over every face of every die."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workbench.games.ghost.cards import Strength
from workbench.games.ghost.dice import GHOST_DIE
from workbench.games.ghost.odds import (
    Fighter,
    battle_chance,
    ghost_odds,
    side_dist,
    tie_chance,
    win_chance,
)
from workbench.games.ghost.rules import make_game
from workbench.games.ghost.table import Battle
from workbench.prob.dice import pool

from .helpers import deck, game_with, ghost, run, shell, state


def brute(attack, defence, fumble, floor, power=(0, 0)):
    """P(attacker wins) and P(equal) by listing every face of every die (faces 0..5)."""
    sides = [attack, defence]
    dice = [
        (si, i)
        for si, side in enumerate(sides)
        for i, f in enumerate(side)
        for _ in range(f.strength.count)
    ]
    win = equal = total = 0
    for faces in itertools.product(range(6), repeat=len(dice)):
        rolled: dict[tuple[int, int], list[int]] = {}
        for key, face in zip(dice, faces):
            rolled.setdefault(key, []).append(face)
        totals = list(power)
        for si, side in enumerate(sides):
            for i, f in enumerate(side):
                got = rolled.get((si, i), [])
                if fumble and not f.steady and len(got) >= 2 and not any(got):
                    continue
                v = sum(got) + f.strength.modifier + f.extra
                totals[si] += max(v, 0) if floor else v
        total += 1
        win += totals[0] > totals[1]
        equal += totals[0] == totals[1]
    return Fraction(win, total), Fraction(equal, total)


fighter = st.builds(
    Fighter,
    st.builds(Strength, st.integers(0, 2), st.integers(-3, 3)),
    st.integers(-2, 2),
    st.booleans(),
)


@given(
    st.lists(fighter, min_size=1, max_size=2),
    st.lists(fighter, min_size=1, max_size=2),
    st.booleans(),
    st.booleans(),
    st.tuples(st.integers(-2, 2), st.integers(-2, 2)),
)
def test_win_chance_matches_brute_force(attack, defence, fumble, floor, power):
    if sum(f.strength.count for f in attack + defence) > 5:
        return
    win, equal = brute(attack, defence, fumble, floor, power)
    kw = dict(fumble=fumble, floor=floor, power=power)
    assert win_chance(attack, defence, **kw) == win
    assert tie_chance(attack, defence, **kw) == equal


@pytest.mark.parametrize(
    ("a", "d"), [("3D+2", "3D+1"), ("2D", "2D"), ("1D-3", "1D"), ("2D+1", "1D+3")]
)
def test_named_strings_match_brute_force(a, d):
    for fumble in (True, False):
        for floor in (True, False):
            attack, defence = [Fighter.of(a)], [Fighter.of(d)]
            assert (
                win_chance([a], [d], fumble=fumble, floor=floor)
                == brute(attack, defence, fumble, floor)[0]
            )


def test_without_fumbles_and_floor_a_side_is_the_plain_pool():
    assert side_dist(["3D+2"], fumble=False, floor=False) == pool(3, GHOST_DIE, 2)


def test_fumble_only_hurts_two_or_more_dice():
    assert win_chance(["1D"], ["1D"]) == win_chance(["1D"], ["1D"], fumble=False)
    assert win_chance(["2D+3"], ["1D"]) < win_chance(["2D+3"], ["1D"], fumble=False)


def test_bad_strength_text_names_it():
    with pytest.raises(ValueError, match="bad strength '3X'"):
        win_chance(["3X"], ["1D"])
    with pytest.raises(ValueError, match="each side needs at least one ghost"):
        win_chance([], ["1D"])


def test_battle_chance_uses_shells_abilities_and_supports():
    cards = deck(
        ghost("Sakura", "3D+2", "3D+1", ability="bonus physical +2"),
        ghost("B", "2D+1", "2D"),
        ghost("C", "1D", "1D"),
        shell("S", phys=1),
    )
    g = game_with(cards)
    s = state(g, desktops=[[(0, 3)], [(1, -1), (2, -1)]])
    s = run(g, s, ("battle", 0, 1, "physical"), ("defend", 1), ("support", 2))
    assert isinstance(s.battle, Battle)
    expected = win_chance([Fighter(Strength(3, 2), 3)], [("2D+1",), Fighter(Strength(1, 0))])
    assert battle_chance(g, s) == expected


def test_ghost_odds_by_name_equals_the_game_battle():
    g = make_game(players=2)
    first = {}
    for c in g.cards:
        first.setdefault(c.name, c.id)
    sakura, brun, futaba, sword = (first[n] for n in ("御影さくら", "ブリュンヒルデ", "双葉", "剣"))
    s = state(g, desktops=[[(brun, sword), (sakura, -1)], [(futaba, -1), (first["侍"], -1)]])
    s = run(
        g, s, ("battle", brun, 1, "physical"), ("defend", futaba), ("support", sakura), ("done",)
    )
    assert s.battle is not None and s.battle.atk == (brun, sakura)
    expected = ghost_odds([("ブリュンヒルデ", "剣"), "御影さくら"], ["双葉"])
    assert battle_chance(g, s) == expected
    with pytest.raises(ValueError, match="no ghost called 'Nobody'"):
        ghost_odds(["Nobody"], ["双葉"])
