"""Seed rules that had no test of their own (rule audit against seed 004, draft 7)."""

from __future__ import annotations

import pytest

from workbench.games.life import dice as D
from workbench.games.life.rules import make_game
from workbench.games.life.steps import Resolve, Reveal, Round, RoundEnd, Turn
from workbench.games.life.steps_dice import Tip
from workbench.games.life.steps_setup import Character
from workbench.games.life.table import CHARACTER

from .helpers import album, asked, blank, named, sq


def test_character_card_on_any_square_and_the_four_dice_on_it():
    """ゲームの準備: キャラクターカードはその中の好きな位置 … 出た目をキャラクターカードのマスに配置."""
    game, t = blank()
    t.tasks = [Character(1)]
    assert t.legal() == [("char", q) for q in range(16)]
    t.step(("char", sq("c3")))
    assert t.albums[1][sq("c3")] == CHARACTER and t.dice_sq[1] == [sq("c3")] * 4


@pytest.mark.parametrize("players", [3, 4])
def test_round_start_reveals_one_card_per_player(players):
    """１：ラウンド開始: 現在のステージ山から"プレイヤー人数"枚引き、表向きに配置して【共通場】."""
    game, t = blank(make_game(players=players))
    t.tasks = [Round()]
    t.settle()
    s = t.freeze()
    assert all(isinstance(x, Reveal) for x in s.tasks[-players:])
    for _ in range(players):
        s = game.apply(s, game.chance_outcomes(s).outcomes()[0])
    assert len(s.common) == players and named(s.tasks[-1])[0] == "Pawn"
    assert all(c in {c.id for c in game.cards.values() if c.stage == 1} for c in s.common)


def test_a_turn_takes_a_common_card_then_the_repeat_phase_draws_one_for_the_same_player():
    """２：メインフェイズ then ３：リピートフェイズ: 現在のステージ山から１枚引いて … もう１回;
    それが終わったら、次の順番のプレイヤーに手番を渡してください."""
    game, t = blank(asked(), order=[0, 1, -1, -1], common=["J01", "J02"], decks=[["J07"], [], []])
    t.tasks = [Turn(1), Turn(0)]
    t.settle()
    assert named(t.tasks[-1]) == ("Take", 0)  # space 1: no bonus
    t.step(("take", "J01"))
    assert named(t.tasks[-1])[:3] == ("Place", 0, "J01")
    t.step(("place", t.tasks[-1].squares[0]))
    assert named(t.tasks[-1]) == ("Draw", 0)  # the repeat phase is the same player's
    t.step("J07")
    assert named(t.tasks[-1])[:3] == ("Place", 0, "J07") and t.decks[0] == []
    assert named(t.tasks[-2]) == ("Turn", 1)  # only then the next player


def test_mid_scoring_after_stages_1_and_2_only_then_dreams_from_the_start_player():
    """中間決算: ３ラウンドが終わったら、１、２ステージは中間決算 … 手札のドリームカードを１枚 … ドリームスキル."""
    game, t = blank(start=2, round=2, stage=0)
    t.dice_o = [
        [D.WITH_TOP[f][0] for f in faces]
        for faces in ((6, 6, 6, 4), (6, 6, 6, 4), (5, 5, 4, 4), (1, 1, 1, 1))
    ]  # 22 22 18 4
    t.hands = [["D01", "D02"], ["D03", "D04"], ["D05", "D06"], ["D07", "D08"]]
    t.tasks = [RoundEnd()]
    t.settle()
    assert t.mid_vp == [3, 3, 1, 0] and named(t.tasks[-1]) == ("SetDream", 2)
    for seat in (2, 3, 0, 1):
        assert named(t.tasks[-1]) == ("SetDream", seat)
        t.step(("dream", t.hands[seat][0]))
    assert t.stage == 1 and t.round == 0 and named(t.tasks[-1]) == ("Reveal",)
    assert [len(h) for h in t.hands] == [1] * 4 and [len(k) for k in t.skills] == [1] * 4
    t.tasks, t.stage, t.round = [RoundEnd()], 2, 2  # the third stage: final scoring only
    t.settle()
    assert t.mid_vp == [3, 3, 1, 0] and t.tasks == [] and [len(h) for h in t.hands] == [1] * 4


def test_dream_skills_apply_all_game_long():
    """ドリームスキルは通常のスキルと違い、ゲーム中常に効果が適用されます."""
    game, t = blank(asked())
    t.skills[0] = ["D03", "D05"]  # place_power red; discard_vp 1
    for expected_power, expected_vp in ((2, 1), (4, 2)):
        t.albums[0] = album(a1="@", b1="J04", a2="J09")  # J04: skill power 1
        t.dice_sq[0] = [0, sq("a2"), 0, 0]
        t.tasks = [Resolve(0, "J01")]  # red: no free square next to a1, replaces J04
        t.settle()
        t.step(("place", sq("b1")))
        assert t.power[0] == expected_power and t.bonus_vp[0] == expected_vp


def test_a_replaced_cards_skill_applies_after_the_die_rolled_onto_the_new_card():
    """配置ルール: １ 配置 → ２ サイコロを１面分転がす → ３ 捨て札のスキルを適用."""
    game, t = blank(asked())
    t.albums[0] = album(a1="@", b1="J16", a2="J09")  # J16: relocate yellow
    t.dice_sq[0] = [0, sq("a2"), 0, 0]
    before = t.dice_o[0][2]
    t.tasks = [Resolve(0, "J13")]  # yellow
    t.settle()
    t.step(("place", sq("b1")))
    assert named(t.tasks[-1]) == ("MoveDie", 0, 2)  # the skill's decision comes now
    assert t.dice_sq[0][2] == sq("b1") and t.dice_o[0][2] == D.roll(before, "E")


def test_order_bonus_2_may_roll_the_die_onto_a_neighbouring_card_as_a_variant():
    """オーダーボーナス２: 自分のサイコロ１個を、好きな方向へ１面分動かしてもよい — read by
    default as a tip in place; ``bonus_move="roll"`` rolls it one face onto a card next to it."""
    game, t = blank(make_game(bonus_move="roll"))
    t.albums[0] = album(a1="@", b1="J01", a2="J07")
    t.dice_sq[0] = [0, 0, sq("b1"), 0]
    t.tasks = [Tip(0, bonus=True)]
    ids = t.legal()
    assert ids == [
        ("skip",),
        ("tip", "red", "E"),
        ("tip", "red", "S"),
        ("tip", "blue", "E"),
        ("tip", "blue", "S"),
        ("tip", "yellow", "W"),
        ("tip", "green", "E"),
        ("tip", "green", "S"),
    ]
    o = t.dice_o[0][0]
    t.step(("tip", "red", "S"))
    assert t.dice_sq[0][0] == sq("a2") and t.dice_o[0][0] == D.roll(o, "S")
    assert "roll the blue die S onto a2" in [
        a.label
        for a in game.legal_actions(
            blank(game, albums=t.albums, dice_sq=t.dice_sq, tasks=[Tip(0, bonus=True)])[1].freeze()
        )
    ]
    t.tasks = [Tip(0)]  # a card's "tip" stays a turn in place
    assert len(t.legal()) == 17
