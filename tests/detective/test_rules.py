"""Rule cases from the digest and the seed, each on a built position."""

from __future__ import annotations

import pytest

from workbench.engine.kernel.protocol import CHANCE, IllegalAction
from workbench.games.detective.rules import make_game
from workbench.games.detective.steps import EventDraw, Investigate, Main, suspect
from workbench.games.detective.steps_round import RoundEnd
from workbench.games.detective.table import winners_of

from .helpers import NIGHT, TURN, base, dealt, head, position, replace

SEVEN = ("chiyo:1", "genichiro:1", "masashi:1", "shinozuka:1", "shizue:1", "toru:1", "yuri:1")


def test_first_card_rule_puts_the_night_at_the_bottom_and_draws_again():
    g, s = base(players=3)
    s = position(
        g,
        s,
        hands=((), (), ()),
        pool=tuple(sorted(SEVEN + (NIGHT,))),
        tasks=(*TURN, Investigate(0)),
    )
    assert g.current_player(s) == CHANCE
    s2 = g.apply(s, NIGHT)
    assert s2.bottom == (NIGHT,) and s2.line == () and not s2.tn
    assert g.current_player(s2) == CHANCE and NIGHT not in g.chance_outcomes(s2)
    s3 = g.apply(s2, "yuri:1")
    assert s3.line == ("yuri:1",)
    # the second draw of the round may be the night: it is placed and ends the round
    s4 = position(g, s3, tasks=(*TURN, Investigate(0)), first_draw=False)
    s5 = g.apply(replace(s4, pool=s4.pool + (NIGHT,), bottom=()), NIGHT)
    assert s5.tn and s5.line[-1] == NIGHT


def test_without_the_first_card_rule_a_first_night_ends_the_round():
    g, s = base(players=3, first_card_rule=False)
    s = position(
        g,
        s,
        hands=((), (), ()),
        pool=tuple(sorted(SEVEN + (NIGHT,))),
        tasks=(*TURN, Investigate(0)),
    )
    s2 = g.apply(s, NIGHT)
    assert s2.tn and s2.line == (NIGHT,)


def test_night_alone_in_the_deck_is_drawn_even_first():
    g, s = base(players=3)
    s = position(
        g, s, hands=((1,), (2,), (3,)), pool=(NIGHT,), outside=SEVEN, tasks=(*TURN, Investigate(0))
    )
    s2 = g.apply(s, NIGHT)
    assert s2.tn and s2.line == (NIGHT,)


def test_tie_for_most_kills_nobody():
    g, s = base(players=3)
    s = position(
        g,
        s,
        hands=((1,), (2,), (3,)),
        line=("yuri:1", "toru:1", "yuri:2", "toru:2", NIGHT),
        pool=tuple(c for c in SEVEN if c not in ("yuri:1", "toru:1")),
        tn=True,
        tasks=(RoundEnd(),),
    )
    assert s.victims == (None,) and s.dead == ()


def test_death_removes_every_card_of_that_person():
    g, s = base(players=3)
    s = position(
        g,
        s,
        hands=((1,), (2,), (3,)),
        line=("yuri:1", "toru:1", "yuri:2", NIGHT),
        outside=("yuri:3",),
        tn=True,
        tasks=(RoundEnd(),),
    )
    assert s.victims == ("yuri",) and s.dead == ("yuri",)
    assert set(s.removed) == {"yuri:1", "yuri:2", "yuri:3", "yuri:4", "yuri:A"}
    for zone in (s.pool, s.bottom, s.line, s.outside, s.supply):
        assert not any(c.startswith("yuri") for c in zone)
    # the reset shuffled everything else back into the deck
    assert s.line == () and s.outside == () and "toru:1" in s.pool and NIGHT in s.pool


def test_cost_by_discards_four_cards_per_icon():
    g = make_game(players=3)
    # #28 costs red 1 and gives 1 VP; the line is empty, so 4 other cards pay it
    s = dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), tasks=TURN)
    assert ("play", 28) in g.legal_ids(s)
    s = g.apply(s, ("play", 28))
    assert g.current_player(s) == 0 and head(s) == ("pay", 0, 4)
    for card in (45, 46, 47):
        s = g.apply(s, ("discard", card))
    # 48, the last card left to pay with, the kernel discards (forced: issue 38)
    assert s.notebooks[0] == (28,) and g.returns(s)[0] == 1.0
    assert {45, 46, 47, 48} <= set(s.discard)
    # with only 3 other cards the same event cannot be paid
    s4 = dealt(g, ((28, 45, 46, 47), (2,), (3,)), tasks=TURN)
    assert ("play", 28) not in g.legal_ids(s4)


def test_related_notebook_events_reduce_the_discards_to_at_least_one():
    g = make_game(players=3)
    t = g.view(dealt(g, ((28, 45, 46), (2,), (3,)), notebooks=((41,), (), ()), tasks=TURN))
    assert t.discards_needed(0, 28) == 2  # #41 is related to masashi (red), discount 2
    t = g.view(dealt(g, ((28, 45), (2,), (3,)), notebooks=((41, 21), (), ()), tasks=TURN))
    assert t.discards_needed(0, 28) == 1  # 4 - 3 would be 1; never below 1
    t = g.view(dealt(g, ((28,), (2,), (3,)), notebooks=((30,), (), ()), tasks=TURN))
    assert t.discards_needed(0, 28) == 4  # #30 is related to toru (green): no help


def test_black_and_dead_colours_cannot_be_generated_but_the_night_pays_one_icon():
    g = make_game(players=3)
    hand = (25, 45, 46, 47, 48)  # #25 costs black 1
    assert ("play", 25) not in g.legal_ids(dealt(g, (hand, (2,), (3,)), tasks=TURN))
    s = dealt(g, (hand, (2,), (3,)), line=("yuri:1", NIGHT), tn=True, tasks=TURN)
    assert g.view(s).discards_needed(0, 25) == 0 and ("play", 25) in g.legal_ids(s)
    s = dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), dead=("masashi",), tasks=TURN)
    assert ("play", 28) not in g.legal_ids(s)  # red belongs to the dead masashi


def test_death_condition_needs_the_person_dead():
    g = make_game(players=3)
    hand = (19, 45, 46, 47, 48)  # #19 needs yuri dead; purple 1; orange 1
    line = ("shizue:1", "chiyo:1")
    assert ("play", 19) not in g.legal_ids(dealt(g, (hand, (2,), (3,)), line=line, tasks=TURN))
    s = dealt(g, (hand, (2,), (3,)), line=line, dead=("yuri",), tasks=TURN)
    assert ("play", 19) in g.legal_ids(s)


def test_break_after_the_night_only_refills():
    g = make_game(players=3)
    s = dealt(g, ((45,), (2,), (3,)), line=("yuri:1", NIGHT), tn=True, tasks=TURN)
    assert ("break", 45) not in g.legal_ids(s)  # 「手札の補充だけ」: no discard first (v4)
    s = g.apply(s, ("break",))
    assert g.current_player(s) == CHANCE and head(s)[:2] == ("edraw", 0)
    for _ in range(4):
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    assert len(s.hands[0]) == 5 and 45 in s.hands[0]  # kept, and refilled by 4
    assert s.round == 2  # no suspect/clear; the round ended


def test_break_after_the_night_keeps_its_discard_in_the_old_reading():
    g = make_game(players=3, night_break="discard")
    s = dealt(g, ((45,), (2,), (3,)), line=("yuri:1", NIGHT), tn=True, tasks=TURN)
    s = g.apply(s, ("break", 45))
    assert g.current_player(s) == CHANCE and head(s)[:2] == ("edraw", 0)
    for _ in range(5):
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    assert len(s.hands[0]) == 5 and s.round == 2  # no suspect/clear; the round ended


def test_break_before_the_night_offers_suspect_clear_pass():
    g = make_game(players=3)
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1",), tasks=TURN)
    s = g.apply(s, ("break",))
    assert g.current_player(s) == 0  # a full hand: nothing to refill
    ids = g.legal_ids(s)
    assert ("clear", "yuri") in ids and ("suspect", "wasurenagusa") in ids and ("pass",) in ids
    s2 = g.apply(s, ("suspect", "wasurenagusa"))
    assert "wasurenagusa:1" in s2.outside


def test_one_suspect_per_round_variant():
    g = make_game(players=3, suspects_per_round=1)
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), suspects=1, tasks=TURN)
    # no suspect may be offered after the break: passing is all that is left, so the
    # kernel passes (forced) and the next player's turn begins
    assert g.action_label(s, ("break",)) == "take a break; P1: pass (forced) — Player 2's turn"
    s = g.apply(s, ("break",))
    assert g.current_player(s) != 0 and s.tasks[-1].seat == 1


def test_action_applies_to_every_player_from_the_active_one():
    g = make_game(players=3)
    s = dealt(
        g,
        ((45,), (46,), (47,)),
        pool=("shizue:1", NIGHT),
        tasks=(*TURN[:2], Main(1), Investigate(1)),
    )
    s = g.apply(s, "shizue:1")  # shizue: draw 1, for everyone from seat 1
    order = [(x.seat, x.left) for x in reversed(s.tasks) if type(x) is EventDraw]
    assert head(s) == ("edraw", 1, 1) and order == [(1, 1), (2, 1), (0, 1)]


def test_awakened_action_while_the_awakening_event_is_in_a_notebook():
    g = make_game(players=3)
    s = dealt(
        g,
        ((45,), (46,), (47,)),
        pool=("shizue:1", NIGHT),
        notebooks=((), (9,), ()),
        tasks=(*TURN, Investigate(0)),
    )
    s = g.apply(s, "shizue:1")  # awakened shizue: draw 2
    assert head(s) == ("edraw", 0, 2)


def test_awaken_on_fourth_card_variant():
    g = make_game(players=3, copies=3, awaken_on_fourth=True)
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), tasks=TURN)
    assert "yuri:4" not in g.catalogue.card_person
    s = g.apply(s, ("break",))
    t = g.thaw(s)
    for _ in range(3):
        suspect(t, "yuri")
    assert "yuri:A" in t.outside and t.awake("yuri")


def test_hand_is_trimmed_at_turn_end_by_its_owner():
    g = make_game(players=3)
    s = dealt(g, ((45,), (1, 2, 3, 4, 5, 6, 7), (8,)), tasks=TURN)
    s = g.apply(s, ("break",))
    while g.current_player(s) == CHANCE:
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    s = g.apply(s, ("pass",))
    assert g.current_player(s) == 1 and head(s) == ("trim", 1)
    s = g.apply(s, ("discard", 7))
    s = g.apply(s, ("discard", 6))
    assert len(s.hands[1]) == 5 and head(s) == ("inv", 1)


def test_game_end_tie_break_goes_to_the_lowest_numbered_event():
    assert winners_of([10, 10, 3], [[15, 21, 8], [3, 40], [1]]) == (1,)
    g = make_game(players=3)
    s = dealt(
        g,
        ((45,), (46,), (47,)),
        notebooks=((15, 16, 17, 25), (18, 20, 21, 24), ()),
        line=("yuri:1", NIGHT),
        tn=True,
        tasks=(RoundEnd(),),
    )
    assert s.end_reason == "vp" and g.returns(s)[:2] == (11.0, 11.0)
    assert g.winners(s) == (0,)


def test_five_deaths_end_the_game():
    g = make_game(players=3)
    dead = ("genichiro", "shizue", "masashi", "toru")
    s = dealt(
        g, ((45,), (46,), (47,)), dead=dead, line=("yuri:1", NIGHT), tn=True, tasks=(RoundEnd(),)
    )
    assert s.end_reason == "deaths" and g.is_terminal(s)


def test_reservation_variant_sets_for_free_and_penalises_at_round_end():
    g = make_game(players=3, reservation=True, reservation_penalty=1)
    s = dealt(g, ((28, 45), (46,), (47,)), tasks=TURN)
    s = g.apply(s, ("reserve", 28))
    assert s.reserved[0] == 28 and 28 not in s.hands[0]
    s2 = dealt(g, ((45,), (46,), (47,)), reserved=(28, None, None), line=("masashi:1",), tasks=TURN)
    assert ("set", 28) in g.legal_ids(s2)
    s3 = g.apply(s2, ("set", 28))
    assert s3.notebooks[0] == (28,) and g.current_player(s3) == 0  # still in the main phase
    s4 = dealt(
        g,
        ((45,), (46,), (47,)),
        reserved=(28, None, None),
        line=("yuri:1", NIGHT),
        tn=True,
        tasks=(RoundEnd(),),
    )
    assert s4.penalties[0] == 1 and 28 in s4.discard


def test_burn_discards_a_placed_event_and_its_vp():
    g = make_game(players=3)
    s = dealt(
        g,
        ((58,), (46,), (47,)),
        notebooks=((), (15,), (38, 16)),
        line=("yuri:1", "masashi:1"),
        tasks=TURN,
    )
    # seat 2 is protected by #38: burning #15 is the one choice, made by the kernel
    assert "; P1: burn #15 " in g.action_label(s, ("play", 58))
    s = g.apply(s, ("play", 58))
    assert s.notebooks[1] == () and 15 in s.discard


def test_illegal_action_names_itself_and_changes_nothing():
    g = make_game(players=3)
    s = dealt(g, ((45,), (46,), (47,)), tasks=TURN)
    before = g.legal_ids(s)
    with pytest.raises(
        IllegalAction,
        match=r"\('play', 1\) is not legal here; legal: "
        r"\('break',\), \('break', 45\)",
    ):
        g.apply(s, ("play", 1))
    with pytest.raises(IllegalAction):
        g.apply(s, "nonsense")
    assert g.legal_ids(s) == before == [("break",), ("break", 45)]


def test_params_are_checked():
    with pytest.raises(ValueError, match="players must be 3 or 4"):
        make_game(players=2)
    with pytest.raises(ValueError, match="unknown detective parameter 'colour'"):
        make_game(colour="red")
