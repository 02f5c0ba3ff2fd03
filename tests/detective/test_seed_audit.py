"""Rule cases from a rule-by-rule audit against the seed (草案２) that had no test yet.

Each test names the seed's section it checks; the cases in ``test_rules.py``
cover the rest (first-card rule, ties, deaths, costs, breaks, trims, game end).
"""

from __future__ import annotations

from workbench.engine.kernel.protocol import CHANCE
from workbench.games.detective.rules import make_game
from workbench.games.detective.steps import Act, EventDraw, Investigate
from workbench.games.detective.steps_round import Open, RoundEnd, Turn

from .helpers import NIGHT, TURN, base, dealt, head, position


def _deal(g, s):
    """Resolve event draws with the first outcome until a decision or an investigation."""
    while g.current_player(s) == CHANCE and type(s.tasks[-1]) is EventDraw:
        s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
    return s


def test_setup_deck_supply_and_hands_follow_the_seed():
    # ゲームの準備: one card of every person but 勿忘草 + 惨劇の夜 = 8; the rest in the
    # supply with the awakened cards; 5 events each; the start player's action phase next
    g, s = base(players=4)
    s = _deal(g, s)
    people = {c.split(":")[0] for c in s.pool if c != NIGHT}
    assert len(s.pool) == 8 and NIGHT in s.pool and len(people) == 7
    assert "wasurenagusa" not in people and all(c.endswith(":1") for c in s.pool if c != NIGHT)
    assert len(s.supply) == 32 and sum(c.endswith(":A") for c in s.supply) == 7
    assert {c for c in s.supply if c.startswith("wasurenagusa")} == {
        f"wasurenagusa:{k}" for k in range(1, 5)
    }
    assert [len(h) for h in s.hands] == [5, 5, 5, 5] and len(s.edeck) == 60 - 20
    assert head(s) == ("inv", 0) and s.line == () and s.notebooks == ((),) * 4


def test_investigate_plays_one_card_only():
    # 捜査: コストを満たしていても、２枚以上プレイすることはできません
    g = make_game(players=3)
    s = dealt(g, ((28, 30, 45), (2,), (3,)), line=("masashi:1", "toru:1"), tasks=TURN)
    s = g.apply(s, ("play", 28))
    assert s.notebooks[0] == (28,) and 30 in s.hands[0]
    assert head(s) == ("inv", 1)  # seat 1's turn: no second play


def test_generated_cost_lapses_with_the_turn():
    # これにより発生させたコストは、自分の手番が終われば全てなくなります
    g = make_game(players=3)
    s = dealt(g, ((28, 30, 45, 46, 47, 48), (2,), (3,)), tasks=TURN)
    s = g.apply(s, ("play", 28))
    for card in (45, 46, 47, 48):
        s = g.apply(s, ("discard", card))
    assert s.notebooks[0] == (28,)
    s = position(g, s, tasks=TURN, hands=((30, 21, 22, 23), (2,), (3,)))
    assert g.view(s).discards_needed(0, 30) == 4  # nothing carried over
    assert ("play", 30) not in g.legal_ids(s)


def test_break_refill_reshuffles_the_discard_pile_when_the_deck_runs_out():
    # 一服: 途中で山が尽きた場合は、捨て札をリシャッフルして山を作り直してください
    g = make_game(players=3)
    s = dealt(g, ((45,), (46,), (47,)), edeck=(50,), discard=(51, 52, 53), tasks=TURN)
    s = g.apply(s, ("break", 45))
    assert tuple(g.chance_outcomes(s).outcomes()) == (50,)
    s = g.apply(s, 50)
    assert list(g.chance_outcomes(s).outcomes()) == [45, 51, 52, 53]  # the discards, shuffled
    s = g.apply(s, 51)  # the reshuffle comes with the draw
    assert s.edeck == (45, 52, 53) and s.discard == () and 51 in s.hands[0]
    s = _deal(g, s)
    assert len(s.hands[0]) == 5 and s.edeck == () and s.discard == ()


def test_clear_moves_a_line_card_outside():
    # 解消: 【捜査線】にある好きな１枚を【捜査外】へ移す
    g = make_game(players=3)
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1", "toru:1"), tasks=TURN)
    s = g.apply(s, ("break",))
    s = g.apply(s, ("clear", "yuri"))
    assert s.line == ("toru:1",) and "yuri:1" in s.outside


def test_pass_leaves_the_line_and_supply_alone():
    g = make_game(players=3)
    s = dealt(g, ((45, 46, 47, 48, 49), (2,), (3,)), line=("yuri:1",), tasks=TURN)
    s = g.apply(s, ("break",))
    s2 = g.apply(s, ("pass",))
    assert s2.line == s.line and s2.supply == s.supply and s2.outside == s.outside


def test_awakening_ends_when_the_awakening_event_is_discarded():
    # 覚醒: 覚醒状態へ変更するイベントカードが捨て札になった場合 ... 元のアクション
    g = make_game(players=3)
    s = dealt(
        g, ((58,), (46,), (47,)), notebooks=((), (9,), ()), line=("yuri:1", "masashi:1"), tasks=TURN
    )
    assert g.view(s).awake("shizue")
    s = g.apply(s, ("play", 58))  # burning #9 is the one choice: the kernel makes it
    assert not g.view(s).awake("shizue") and 9 in s.discard
    s = position(
        g, s, hands=((45,), (46,), (47,)), pool=("shizue:1", NIGHT), tasks=(*TURN, Investigate(0))
    )
    s = g.apply(s, "shizue:1")
    assert head(s) == ("edraw", 0, 1)  # plain shizue: draw 1


def test_ten_vp_mid_round_waits_for_the_round_end():
    # いずれか１人のプレイヤーが１０ＶＰを得るか ... そのラウンド終了時にゲーム終了
    g = make_game(players=3)
    s = dealt(
        g, ((45,), (46,), (47,)), notebooks=((15, 16, 17, 25), (), ()), line=("yuri:1",), tasks=TURN
    )
    assert g.returns(s)[0] == 11.0
    s = g.apply(s, ("break",))
    s = _deal(g, s)
    s = g.apply(s, ("pass",))
    assert not g.is_terminal(s) and head(s) == ("inv", 1)


def test_next_start_player_follows_the_player_who_drew_the_night():
    # 次の順番のプレイヤーをスタートプレイヤーとし (初手 = 惨劇の夜を引いた次のプレイヤー)
    g = make_game(players=4)
    _, s = base(g)
    hands = ((45,), (46,), (47,), (48,))
    s1 = position(
        g, s, hands=hands, line=("yuri:1", NIGHT), tn=True, drawer=2, start=0, tasks=(RoundEnd(),)
    )
    assert s1.start == 3 and s1.round == 2 and head(s1) == ("inv", 3)
    g2 = make_game(players=4, next_start="rotate")
    _, s = base(g2)
    s2 = position(
        g2, s, hands=hands, line=("yuri:1", NIGHT), tn=True, drawer=2, start=0, tasks=(RoundEnd(),)
    )
    assert s2.start == 1 and head(s2) == ("inv", 1)


def test_the_night_turn_still_has_its_main_phase_then_the_round_ends():
    # 「惨劇の夜」だった場合、アクションはありません。手番終了時にラウンドが終了します
    g = make_game(players=3)
    s = dealt(
        g,
        ((28, 45), (46,), (47,)),
        pool=(NIGHT,),
        line=("masashi:1",),
        first_draw=False,
        tasks=(*TURN, Investigate(0)),
    )
    s = g.apply(s, NIGHT)
    assert s.tn and head(s) == ("main", 0) and ("play", 28) in g.legal_ids(s)
    s = g.apply(s, ("play", 28))
    assert s.round == 2 and s.victims == ("masashi",) and s.notebooks[0] == (28,)


def test_oneshot_free_variant_keeps_the_main_phase_once_per_turn():
    # 問題点: 使い切りカードについては、手番を消費しない形にする (version 2's cap of one a
    # turn, oneshot_cap=1; the seed's no cap: test_problem_switch_readings.py)
    g = make_game(players=3, oneshot_free=True, oneshot_cap=1)
    s = dealt(
        g,
        ((45, 46, 28), (2,), (3,)),
        line=("yuri:1", "toru:1", "masashi:1"),
        edeck=(50, 51, 52, 53),
        tasks=TURN,
    )
    s = _deal(g, g.apply(s, ("play", 45)))  # one-shot: still seat 0's main
    assert head(s) == ("main", 0) and ("play", 46) in g.legal_ids(s)
    s = _deal(g, g.apply(s, ("play", 46)))  # the second one uses the phase
    assert head(s) == ("inv", 1)
    g0 = make_game(players=3)
    s0 = dealt(g0, ((45, 46, 28), (2,), (3,)), line=("yuri:1",), edeck=(50, 51), tasks=TURN)
    s0 = _deal(g0, g0.apply(s0, ("play", 45)))
    assert head(s0) == ("inv", 1)  # base game: one card, turn over


def test_opening_variant_draws_without_actions_and_sets_the_night_aside():
    # 問題点: 最初の４枚のアクションはなく ... 惨劇の夜はデッキの下へ戻される / シャッフル
    for tragic, where in (("reshuffle", "pool"), ("bottom", "bottom")):
        g = make_game(players=3, opening=4, opening_tragic=tragic)
        _, s = base(g)
        seven = (
            "chiyo:1",
            "genichiro:1",
            "masashi:1",
            "shinozuka:1",
            "shizue:1",
            "toru:1",
            "yuri:1",
        )
        s = position(
            g,
            s,
            hands=((45,), (46,), (47,)),
            pool=tuple(sorted(seven + (NIGHT,))),
            tasks=(Turn(0), Open(4)),
        )
        for card in ("chiyo:1", NIGHT, "shizue:1", "toru:1"):
            s = g.apply(s, card)
            assert not any(type(x) in (Act, EventDraw) for x in s.tasks)  # no actions
        assert s.line == ("chiyo:1", "shizue:1", "toru:1")
        assert NIGHT in getattr(s, where) and head(s) == ("inv", 0)
