"""Issue 14, items 11-16: the readings that follow the seed's words (version 2).

Each test fails under version 1's behaviour (named in the test).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

import pytest

from workbench.engine.kernel.protocol import CHANCE
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout_in_place
from workbench.games.detective import analysis as A
from workbench.games.detective.board import action_layout, detective_board
from workbench.games.detective.exact import actions_per_round, round_tree
from workbench.games.detective.labels import paying_for
from workbench.games.detective.params import DetectiveParams
from workbench.games.detective.render import status_line
from workbench.games.detective.rules import Detective, make_game
from workbench.games.detective.steps_round import Edit, Turn

from .helpers import TURN, dealt, head, position


# -- item 12: generated icons last until the end of the turn ------------------------------
def _free_oneshot_then(generated_lasts: str):
    g = make_game(players=3, oneshot_free=True, generated_lasts=generated_lasts)
    s = dealt(g, ((28, 45, 46, 47, 48, 52), (2,), (3,)), line=("yuri:1",), tasks=TURN)
    s = g.apply(s, ("play", 52))  # one-shot, red 1: four discards make a red icon
    for card in (45, 46, 47, 48):
        s = g.apply(s, ("discard", card))
    assert head(s) == ("main", 0) and s.hands[0] == (28,)  # the free one-shot kept it
    return g, s


def test_a_generated_icon_pays_the_next_event_of_the_same_turn():
    # 「これにより発生させたコストは、自分の手番が終われば全てなくなります」
    g, s = _free_oneshot_then("turn")
    assert s.generated == ("red",) and g.view(s).discards_needed(0, 28) == 0
    s = g.apply(s, ("play", 28))  # #28 needs red 1: the generated icon pays it
    assert s.notebooks[0] == (28,) and s.generated == ()  # lapsed with the turn


def test_version_1_reading_keeps_the_icon_for_one_event_only():
    g, s = _free_oneshot_then("event")
    assert s.generated == () and ("play", 28) not in g.legal_ids(s)


# -- item 13: the 問題点 switches --------------------------------------------------------------
def test_break_draw_one_draws_a_single_card():
    # 「パスして手札１枚補充＆捜査線操作」
    for mode, drawn in (("refill", 3), ("one", 1)):
        g = make_game(players=3, break_draw=mode)
        s = dealt(g, ((45, 46), (2,), (3,)), tasks=TURN)
        if mode == "refill":
            s = g.apply(s, ("break",))
        else:  # a break without a discard is the one choice: the kernel took it (forced)
            assert g.current_player(s) == CHANCE
        while g.current_player(s) == CHANCE:
            s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
        assert len(s.hands[0]) == 2 + drawn and head(s) == ("break2", 0), mode


def test_break_draw_one_never_passes_the_hand_limit():
    g = make_game(players=3, break_draw="one")
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), tasks=TURN)
    s = g.apply(s, ("break",))
    assert len(s.hands[0]) == 5 and head(s) == ("break2", 0)


def test_round_start_edit_lets_the_start_player_add_or_remove_one_card():
    # 「新ラウンド時に誰かが１枚追加、あるいは減らすかできた方がいいかも知れない。例えば、初手プレイヤー」
    # version 2's reading (edit_remove="line"); the deck reading: test_problem_switch_readings.py
    g = make_game(players=3, round_start_edit=True, opening=2, edit_remove="line")
    s = g.initial_state()
    while type(s.tasks[-1]) is not Edit:
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    assert head(s) == ("edit", 0) and len(s.line) == 2 and type(s.tasks[-2]) is Turn
    ids = g.legal_ids(s)
    who = g.catalogue.card_person[s.line[0]]
    assert ("remove", who) in ids and ("add", "wasurenagusa") in ids and ids[-1] == ("pass",)
    added = g.apply(s, ("add", "wasurenagusa"))
    assert "wasurenagusa:1" in added.pool and "wasurenagusa:1" not in added.supply
    removed = g.apply(s, ("remove", who))
    assert len(removed.line) == 1 and any(
        g.catalogue.card_person[c] == who for c in removed.outside
    )
    assert "edit" not in [x.TAG for x in make_game(players=3).initial_state().tasks]


# -- item 14: awakening at the third suspect ----------------------------------------------------
def test_awaken_on_fourth_awakens_when_the_third_card_is_a_suspect():
    # 「各人物カードを３枚として、４枚目に覚醒アクションカードが入ってる…３枚容疑者になったら、覚醒する」
    for awaken_at, awake_after in ((3, (False, True, True)), (None, (False, False, True))):
        g = make_game(players=3, copies=3, awaken_on_fourth=True, awaken_at=awaken_at)
        s = dealt(g, ((45,), (46,), (47,)), tasks=TURN)
        seen = []
        for _ in range(3):  # suspect shizue: :2, :3, then the awakened card
            s = position(g, s, hands=((45, 46, 47, 48, 49), (2,), (3,)), tasks=TURN)
            s = g.apply(g.apply(s, ("break",)), ("suspect", "shizue"))
            seen.append(g.view(s).awake("shizue"))
        assert tuple(seen) == awake_after, awaken_at
        assert "shizue:A" in s.outside


# -- item 16: one clear per person, and the event being paid for ----------------------------------
def test_clear_is_one_choice_per_person():
    # 解消: version 1 offered ("clear", "yuri:1") and ("clear", "yuri:2"): two buttons, one meaning
    g = make_game(players=3)
    s = dealt(
        g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1", "toru:1", "yuri:2"), tasks=TURN
    )
    s = g.apply(s, ("break",))
    clears = [a for a in g.legal_ids(s) if a[0] == "clear"]
    assert clears == [("clear", "yuri"), ("clear", "toru")]
    s = g.apply(s, ("clear", "yuri"))
    assert s.line == ("yuri:1", "toru:1") and "yuri:2" in s.outside  # the rightmost goes


def test_a_random_player_clears_each_person_with_equal_chance():
    g = make_game(players=3)
    s = dealt(
        g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1", "toru:1", "yuri:2"), tasks=TURN
    )
    s = g.apply(s, ("break",))
    clears = [a[1] for a in g.legal_ids(s) if a[0] == "clear"]
    assert clears.count("yuri") == clears.count("toru") == 1


def test_the_board_names_the_event_being_paid_for():
    g = make_game(players=3)
    s = dealt(g, ((28, 45, 46, 47, 48), (2,), (3,)), tasks=TURN)
    s = g.apply(s, ("play", 28))
    assert paying_for(s.tasks) == 28 and head(s) == ("pay", 0, 4)
    assert "discard to pay for" in status_line(g, s) and "#28" in status_line(g, s)
    t = g.thaw(s)
    assert (
        t.tasks[-1]
        .label(t, ("discard", 45))
        .endswith("to pay for #28 " + g.catalogue.events[28].name_ja)
    )

    class From(Detective):
        def initial_state(self):
            return s

    b = detective_board(From(g.params), seed=1)
    titles = [
        title
        for title, _ in action_layout(b.session.game, b.session.state, b.session.legal_actions())
    ]
    assert titles == [f"discard to pay for #28 {g.catalogue.events[28].name_ja}"]


# -- item 15: exact actions per round ---------------------------------------------------------------
def _brute_actions(persons: int, params: DetectiveParams) -> Fraction:
    """E[actions] by enumerating every order of the deck (and of the reshuffle after the
    opening), with the rules written out literally."""
    cards = tuple(range(persons)) + ("N",)

    def acting(order: tuple, first: bool) -> int:
        order, acts = list(order), 0
        while order:
            c = order.pop(0)
            if c == "N":
                if first and params.first_card_rule and order:
                    order.append("N")
                    first = False
                    continue
                return acts
            acts, first = acts + 1, False
        raise AssertionError("no night")

    total, count = Fraction(0), 0
    for order in permutations(cards):
        if not params.opening:
            total += acting(order, True)
            count += 1
            continue
        rest, held, drawn = list(order), False, 0
        while drawn < params.opening and rest:
            c = rest.pop(0)
            if c == "N":
                held = True
                if not params.opening_replace:
                    drawn += 1
            else:
                drawn += 1
        if held and params.opening_tragic == "bottom":
            total += len(rest)
            count += 1
        elif held:  # shuffled back: every order of rest + N alike
            subs = list(permutations([*rest, "N"]))
            total += Fraction(sum(acting(o, False) for o in subs), len(subs))
            count += 1
        else:
            total += acting(tuple(rest), False)
            count += 1
    return total / count


@pytest.mark.parametrize(
    "prm",
    list(A.OPENINGS.values()) + [{"first_card_rule": False}],
    ids=lambda p: ",".join(f"{k}={v}" for k, v in p.items()) or "base",
)
@pytest.mark.parametrize("persons", [3, 5])
def test_expected_actions_per_round_match_brute_force(prm, persons):
    params = DetectiveParams(**{**prm, "opening": min(prm.get("opening", 0), persons)})
    d = actions_per_round(persons, params)
    assert d.mean_fraction() == _brute_actions(persons, params)


def test_actions_per_round_are_the_round_length_without_an_opening():
    deck = {p: 1 for p in "abcdefg"}
    assert actions_per_round(7, DetectiveParams()) == round_tree(deck, DetectiveParams())[0]
    assert A.actions_table()["expected"].to_list() == ["35/8", "7/4", "11/4", "3/2"]


def test_simulated_round_one_actions_agree_with_the_exact_mean():
    # round 1 alone is read, so the games stop after it (max_rounds=1): the same round-1
    # rows as full games of these seeds, at an eighth of the CPU
    for prm in A.OPENINGS.values():
        check = A.actions_check(A.simulate(120, seed=5, players=3, max_rounds=1, **prm))
        assert check["agrees"], (prm, check)


def test_greedy_players_do_suspect_through_events():
    """Notebook v1 said greedy players never suspect, so the deck keeps one card per
    person: their suspect events do grow it."""
    sim = A.simulate(40, seed=4, policy="greedy")
    growth = A.deck_growth(sim)
    assert growth["suspect_events_per_game"] > 0 and growth["share_decks_with_2plus"] > 0


# -- item 11: one implementation; the tie-break in simulate's rows -------------------------------------
def test_simulate_rows_carry_the_tie_break_and_the_metrics_both_ways():
    from workbench.engine.runs.simulate import simulate

    g = make_game()
    fast = simulate(g, random_player, 20, seed=7, fast=True)
    slow = simulate(g, random_player, 20, seed=7, fast=False)
    assert fast["winners"].to_list() == slow["winners"].to_list()
    for col in ("rounds", "end_reason", "deaths", "victims", "round_turns", "game_turns"):
        assert fast[col].null_count() == 0 and fast[col].to_list() == slow[col].to_list(), col
    for row, seed in zip(fast.iter_rows(named=True), fast["seed"].to_list()):
        final = playout_in_place(g, [random_player] * 4, seed).final
        assert tuple(row["winners"]) == g.winners(final)


def test_the_board_offers_one_clear_per_person():
    g = make_game(players=3)
    s = dealt(
        g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1", "toru:1", "yuri:2"), tasks=TURN
    )
    s = g.apply(s, ("break",))

    class From(Detective):
        def initial_state(self):
            return s

    b = detective_board(From(g.params), seed=1)  # the line's people are the clear targets
    assert sorted(a for a in b.placed if a[0] == "clear") == [("clear", "toru"), ("clear", "yuri")]
    assert b.picture.value.count("data-action='[&quot;clear&quot;, &quot;yuri&quot;]'") == 2
    assert b.handle_message({"kind": "action", "action": '["clear", "yuri"]'})
    assert b.session.state.line[:2] == ("yuri:1", "toru:1") and "yuri:2" in b.session.state.outside
