"""Seed rules the other rule tests did not pin down (found by a rule-by-rule audit).

No prototype card triggers on the opponent's turn (``opp_start:`` /
``opp_end:``), so the turn-order tests use a copy of the card sheet with a
few effect cells rewritten; decks are not re-checked against that copy.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.games.mugen.cards import CARDS_CSV, load_cards
from workbench.games.mugen.decks import deck_problems, rule_problems
from workbench.games.mugen.rules import MugenGame, make_game
from workbench.games.mugen.scenario import position

from .helpers import PLAIN, asked, ids, plain_game, play

# card id -> new skill1_effects (all three are set skills on the prototype sheet)
REWRITES = {
    "G10": "opp_start: mill 1",  # 灯火
    "G16": "opp_start: damage 2",  # 見張り
    "G05": "opp_end: mill 1",  # 風の盾
}


@pytest.fixture
def timed_game(tmp_path: Path) -> MugenGame:
    with CARDS_CSV.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if row["id"] in REWRITES:
            row["skill1_effects"] = REWRITES[row["id"]]
    path = tmp_path / "cards.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return make_game(decks=PLAIN, cards_path=str(path), check_decks=False, revenge=False)


def test_turn_start_opponents_start_effects_then_mp_counters_draw(timed_game: MugenGame) -> None:
    # (4) お互いターン開始時の効果 → MP +1 → 自分のセットスキルのカウンター → ドロー
    g = asked(timed_game)
    s = position(g, active=1, set_zones=([("G05", 0, 2)], [("G10", 0, 3)]),
                 decks=([("G01", 1)], [("G03", 5)]), mp=(1, 1))  # fmt: skip
    s = play(g, s, "end")  # seat 0's turn starts; seat 1's 灯火 mills seat 0's last card first
    assert (s.active, s.dust[0], s.hands[0], s.decks[0]) == (
        0,
        ("G01",),
        (),
        (),
    )  # milled: nothing to draw
    assert s.mp[0] == 2 and [z.counters for z in s.zones[0]] == [1]  # own counters off
    assert [z.counters for z in s.zones[1]] == [3]  # the opponent's counters stay
    s = g.apply(s, "end")  # still empty at the end of the turn: seat 0 loses
    assert g.winners(s) == (1,)


def test_turn_start_active_players_effects_first(timed_game: MugenGame) -> None:
    g = timed_game  # documented reading: the active player's start effects first
    s = position(g, active=1, set_zones=([("G19", 0, 2)], [("G16", 0, 2)]), hp=(2, 2))
    s = play(g, s, "end")  # 焔の陣 start: damage 2 (seat 0) before 見張り opp_start: damage 2
    assert g.winners(s) == (0,) and s.hp[0] == 2


def test_end_effects_of_both_players_then_deck_out(timed_game: MugenGame) -> None:
    # (6) お互いターン終了時の効果; then ターンの終わりまで0枚なら負け
    g = timed_game
    s = position(g, set_zones=([], [("G05", 0, 2)]), decks=([("G01", 1)], [("G03", 5)]))
    s = g.apply(s, "end")  # seat 1's 風の盾 opp_end: mill 1 takes seat 0's last card
    s = play(g, s)
    assert g.winners(s) == (1,) and s.dust[0] == ("G01",)


def test_own_end_of_turn_draw_that_empties_the_deck_loses() -> None:
    g = plain_game(revenge=False)
    s = position(g, set_zones=([("G25", 0, 3)], []), decks=([("G01", 1)], [("G03", 5)]))
    s = play(g, s, "end")  # 時の歯車 end: draw 1 draws the last card: 0 cards at the turn's end
    assert s.hands[0] == ("G01",) and g.winners(s) == (1,)


def test_revenge_timing_effect_is_not_usable_by_normal_activation() -> None:
    # 普段の発動では【リベンジ時:〇〇】の効果は使えません; the card's other skills are normal
    g = plain_game(revenge=False)
    s = position(g, hands=(["G07", "G22"], []), mp=(10, 1))
    assert ids(g, s) == [("use", "G07", 1), ("use", "G22", 1), "end"]


def test_super_set_skill_can_be_pushed_out_by_the_set_zone_limit() -> None:
    # スーパーセット: ターンの経過や上限のときのルールによる解除は有効
    g = plain_game(revenge=False)
    full = [("G20", 0, 2), ("G05", 0, 2), ("G06", 0, 2), ("G16", 0, 2), ("G21", 0, 3)]
    s = position(g, hands=(["G10"], []), set_zones=(full, []), mp=(2, 1))
    assert g.defence(s, 0) == 5
    s = g.apply(s, ("use", "G10", 0))
    assert ("push_out", 0) in ids(g, s)
    s = g.apply(s, ("push_out", 0))  # 鋼の構え (super set, def +2) goes to the dust zone
    assert s.dust[0] == ("G20",) and len(s.zones[0]) == 5 and g.defence(s, 0) == 3


def test_no_revenge_draw_from_an_empty_deck() -> None:
    g = asked(plain_game())
    s = position(g, hands=(["G01"], []), decks=([("G01", 3)], []), mp=(1, 1))
    s = g.apply(s, ("use", "G01", 0))
    assert s.hp[1] == 28 and ids(g, s) == ["end"]


def test_set_skill_counters_follow_the_card_turns_and_first_turn_mp_is_one() -> None:
    # ターン分のカウンター; MP starts at 1 for both players' first turns
    g = plain_game(revenge=False)
    s = play(g, g.initial_state())
    assert (s.mp[0], s.mp[1]) == (1, 0)
    s = play(g, s, "end")
    assert (s.active, s.mp[1]) == (1, 1)
    s = position(g, hands=(["G21"], []), mp=(2, 1))
    s = g.apply(s, ("use", "G21", 0))  # 闘志: set, 3 turns
    assert [(z.card, z.counters) for z in s.zones[0]] == [("G21", 3)]


def test_revenge_turn_opponent_gives_no_revenge_draw_on_ones_own_turn() -> None:
    # (7) 相手のターンです。…自分がダメージを受けたあと「リベンジドロー」 (the default since version 2)
    decks = ([("G01", 3)], [("G07", 2)])
    for turn, offered in (("any", True), ("opponent", False)):
        g = asked(plain_game(revenge_turn=turn))
        s = position(g, hands=(["G01"], []), decks=decks, mp=(1, 1))
        s = play(g, s, ("use", "G01", 0), "revenge_draw", "revenge_use")  # seat 0's own turn
        assert s.hp[0] == 28 and s.active == 0
        assert (ids(g, s)[0] == "revenge_draw") is offered, turn


def test_revenge_turn_opponent_still_draws_after_a_start_effect(timed_game: MugenGame) -> None:
    g = make_game(decks=PLAIN, cards_path=str(timed_game.params.cards_path), check_decks=False,
                  revenge_turn="opponent", revenge_after="any")  # fmt: skip
    s = position(g, active=1, set_zones=([("G19", 0, 2)], [("G16", 0, 2)]))
    s = play(g, s, "end")  # seat 0's 焔の陣 hits seat 1 (not its turn): revenge draw offered
    assert s.hp[1] == 28 and ids(g, s) == ["revenge_draw", "no_revenge"]
    s = play(g, s, "no_revenge")  # then seat 1's 見張り opp_start hits seat 0 on its own turn: none
    assert s.hp[0] == 28 and s.active == 0 and ids(g, s)[-1] == "end"
    assert "revenge_draw" not in ids(g, s)


def test_revenge_turn_must_be_a_known_reading() -> None:
    with pytest.raises(ValueError, match="revenge_turn must be 'any' or 'opponent', got 'mine'"):
        plain_game(revenge_turn="mine")


_RULE_GROUP = {
    "total": "size", "per-name": "copies", "character-kinds": "character",
    "character-copies": "character", "star3-kinds": "star3", "star3-cards": "star3",
    "star2-kinds": "star2", "star2-cards": "star2",
}  # fmt: skip
_CARDS = load_cards()
_GENERICS = sorted(c for c, card in _CARDS.items() if not card.character)
_BY_STAR = {n: [c for c in _GENERICS if _CARDS[c].star == n] for n in (1, 2, 3)}


@settings(max_examples=200, deadline=None)
@given(
    char=st.sampled_from(["C01", "C02", "C03", "C04"]),
    char_n=st.sampled_from([4, 4, 4, 3, 5]),
    extra=st.sampled_from([None, None, None, "C03"]),
    star3=st.tuples(st.integers(0, 3), st.sampled_from([2, 4])),
    star2=st.tuples(st.integers(0, 6), st.sampled_from([3, 4])),
    counts=st.dictionaries(st.sampled_from(_GENERICS), st.sampled_from([1, 2, 4, 5]), max_size=4),
)
def test_deck_rules_agree_with_the_seed_oracle_on_random_decks(
    char: str,
    char_n: int,
    extra: str | None,
    star3: tuple[int, int],
    star2: tuple[int, int],
    counts: dict[str, int],
) -> None:
    # デッキの作り方: 40枚; 同名4枚まで; キャラ1種類4枚; 星3 2種類8枚まで; 星2 5種類20枚まで
    deck = {char: char_n, **({extra: 4} if extra else {})}
    for star, (kinds, n) in ((3, star3), (2, star2)):
        deck.update((c, n) for c in _BY_STAR[star][:kinds])
    deck.update(counts)
    for card in _BY_STAR[1]:  # up to 40 with ★1 generics: the other rules get looked at
        room = 40 - sum(deck.values())
        if room > 0 and card not in deck:
            deck[card] = min(4, room)
    pairs = tuple(deck.items())
    shared = {_RULE_GROUP[p.split(":")[0]] for p in rule_problems(pairs)}
    oracle = {p.split(":")[0] for p in deck_problems(pairs, _CARDS)}
    assert shared == oracle, pairs
