"""The placement rule exactly as the seed writes it (digest: Play 2, regular)."""

from __future__ import annotations

import pytest

from workbench.engine.kernel.protocol import IllegalAction
from workbench.games.life import dice as D
from workbench.games.life.rules import make_game
from workbench.games.life.steps import Resolve
from workbench.games.life.table import CHARACTER, stat

from .helpers import album, asked, blank, sq

RED, BLUE = "J01", "J07"  # plain regulars of stage 1
RED_STAR_POWER = "J04"  # red, 1 star, skill "power 1"


def place_options(t, card, seat=0):
    return [sq_ for sq_ in t.legal_squares(seat, card)]


def test_adjacent_to_the_card_carrying_the_same_coloured_die():
    game, t = blank()
    t.albums[0] = album(b2="@", c2="J08")
    t.dice_sq[0] = [sq("b2"), sq("c2"), sq("b2"), sq("b2")]  # blue die on c2
    assert place_options(t, RED) == sorted(sq(n) for n in ("b1", "a2", "b3"))  # not c2: taken
    assert place_options(t, BLUE) == sorted(sq(n) for n in ("c1", "d2", "c3"))


def test_inside_the_4x4_bounds():
    game, t = blank()
    t.albums[0] = album(a1="@")
    t.dice_sq[0] = [0, 0, 0, 0]
    assert place_options(t, RED) == [sq("b1"), sq("a2")]


def test_discard_only_when_no_free_legal_square_and_never_a_card_with_a_die():
    game, t = blank()
    # red die on a1's character card; neighbours b1 (card, no die) and a2 (free)
    t.albums[0] = album(a1="@", b1="J02")
    t.dice_sq[0] = [0, 0, 0, 0]
    assert place_options(t, RED) == [sq("a2")]  # a free square: no discard allowed
    t.albums[0] = album(a1="@", b1="J02", a2="J03")
    t.dice_sq[0] = [0, sq("a2"), 0, 0]  # blue die on a2: that card can't go
    assert place_options(t, RED) == [sq("b1")]
    t.dice_sq[0] = [0, sq("a2"), sq("b1"), 0]  # and now a yellow die on b1
    assert place_options(t, RED) == []


def test_the_character_card_without_a_die_may_be_replaced():
    """「ただし、サイコロが乗っているカードを捨て札にはできず」: only a card carrying a die
    is protected, so the character card, once its dice have left, is a card like the
    others (version 2 never replaced it)."""
    game, t = blank()
    t.albums[0] = album(a1="J02", b1="@", a2="J03", c1="J05")
    t.dice_sq[0] = [0, sq("c1"), sq("c1"), sq("c1")]  # red die on a1; neighbours b1, a2
    t.skills[0] = ["D05"]  # discard_vp 1: discarding a placed card to make room
    assert place_options(t, RED) == [sq("b1"), sq("a2")]
    t.tasks = [Resolve(0, RED)]
    t.settle()
    assert (
        game.legal_actions(t.freeze())[0].label
        == "place 初恋 / First love on b1 replacing the character card"
    )
    s = game.apply(t.freeze(), ("place", sq("b1")))
    assert s.albums[0][sq("b1")] == RED and CHARACTER not in s.albums[0]
    assert CHARACTER not in s.discard and s.discard == ()  # set aside, no skill
    assert s.dice_sq[0][0] == sq("b1") and s.bonus_vp[0] == 1
    assert [s.stats[stat(0, k)] for k in ("placed", "replaced", "failed", "character")] == [
        1,
        1,
        0,
        1,
    ]


def test_a_character_card_carrying_a_die_is_never_replaced():
    game, t = blank()
    t.albums[0] = album(a1="J02", b1="@", a2="J03")
    t.dice_sq[0] = [0, sq("b1"), sq("b1"), sq("b1")]  # red die on a1, the rest on b1
    assert place_options(t, RED) == [sq("a2")]


def test_the_old_reading_never_replaces_the_character_card_and_counts_the_loss():
    game, t = blank(make_game(character_replaceable=False))
    t.albums[0] = album(a1="J02", b1="@", a2="J03", c1="J05")
    t.dice_sq[0] = [0, sq("c1"), sq("c1"), sq("c1")]
    assert place_options(t, RED) == [sq("a2")]
    t.dice_sq[0] = [0, sq("a2"), sq("c1"), sq("c1")]  # blue die on a2: only b1 is left
    assert place_options(t, RED) == []
    t.tasks = [Resolve(0, RED)]
    t.settle()
    assert RED in t.discard and t.albums[0][sq("b1")] == CHARACTER
    assert [t.stats[stat(0, k)] for k in ("placed", "failed", "character")] == [0, 1, 1]
    game, t = blank()  # the seed's reading places it there
    t.albums[0] = album(a1="J02", b1="@", a2="J03", c1="J05")
    t.dice_sq[0] = [0, sq("a2"), sq("c1"), sq("c1")]
    assert place_options(t, RED) == [sq("b1")]


def test_placing_rolls_the_die_one_face_in_the_direction_of_the_move():
    game, t = blank()
    t.albums[0] = album(b2="@")
    t.dice_sq[0] = [sq("b2")] * 4
    start = D.index_of(1, 2)
    t.dice_o[0] = [start] * 4
    t.tasks = [Resolve(0, RED)]
    t.settle()
    s = game.apply(t.freeze(), ("place", sq("b1")))  # b1 is north of b2
    assert s.albums[0][sq("b1")] == RED
    assert s.dice_sq[0] == (sq("b1"), sq("b2"), sq("b2"), sq("b2"))
    assert s.dice_o[0][0] == D.roll(start, "N") and D.TOP[s.dice_o[0][0]] == 5
    assert s.dice_o[0][1:] == (start,) * 3  # other colours do not move
    for target, d in (("c2", "E"), ("b3", "S"), ("a2", "W")):
        s = game.apply(t.freeze(), ("place", sq(target)))
        assert s.dice_o[0][0] == D.roll(start, d)


def test_replacing_a_card_discards_it_then_applies_its_skill():
    game, t = blank(asked())
    t.albums[0] = album(a1="@", b1=RED_STAR_POWER, a2="J09")
    t.dice_sq[0] = [0, sq("a2"), 0, 0]
    t.tasks = [Resolve(0, RED)]
    t.settle()
    before = t.power[0]
    s = game.apply(t.freeze(), ("place", sq("b1")))
    assert s.albums[0][sq("b1")] == RED
    assert RED_STAR_POWER in s.discard
    assert s.power[0] == before + 1  # J04's skill: power 1
    assert s.dice_sq[0][0] == sq("b1")
    assert s.stats[stat(0, "replaced")] == 1  # one forced discard in stage 1


def test_no_legal_square_discards_the_new_card():
    game, t = blank()
    t.albums[0] = album(a1="@", b1="J02", a2="J03")
    t.dice_sq[0] = [0, sq("a2"), sq("b1"), 0]
    t.tasks = [Resolve(0, RED_STAR_POWER)]
    t.settle()
    s = t.freeze()
    assert RED_STAR_POWER in s.discard and RED_STAR_POWER not in s.albums[0]
    assert s.stats[stat(0, "failed")] == 1
    assert s.power[0] == 1  # draft 7: skills work when a card is discarded


def test_failed_placement_skill_can_be_switched_off():
    game, t = blank(make_game(skill_on_failed_placement=False))
    t.albums[0] = album(a1="@", b1="J02", a2="J03")
    t.dice_sq[0] = [0, sq("a2"), sq("b1"), 0]
    t.tasks = [Resolve(0, RED_STAR_POWER)]
    t.settle()
    assert t.power[0] == 0 and RED_STAR_POWER in t.discard


def test_illegal_square_is_refused_and_changes_nothing():
    game, t = blank()
    t.albums[0] = album(b2="@")
    t.dice_sq[0] = [sq("b2")] * 4
    t.tasks = [Resolve(0, RED)]
    t.settle()
    s = t.freeze()
    with pytest.raises(IllegalAction, match="not legal"):
        game.apply(s, ("place", sq("d4")))
    assert game.legal_actions(s)[0].label == "place 初恋 / First love on b1"


def test_a_card_with_one_square_is_placed_by_the_kernel():
    """Issue 38: the real game places a card that has one square to go on itself, and the
    same step asked (every decision asked) offers exactly that square."""
    for game, forced in ((make_game(), True), (asked(), False)):
        game, t = blank(game)
        t.albums[0] = album(a1="@", b1="J04", a2="J09")  # J04: skill power 1
        t.dice_sq[0] = [0, sq("a2"), 0, 0]
        t.tasks = [Resolve(0, "J01")]  # red: no free square next to a1, so b1 (J04 goes)
        t.settle()
        if not forced:
            assert t.legal() == [("place", sq("b1"))]
            t.step(("place", sq("b1")))
        assert t.tasks == [] and t.albums[0][sq("b1")] == "J01" and "J04" in t.discard
