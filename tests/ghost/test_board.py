"""The ghost board driven by Button.click(), and the pure render."""

from __future__ import annotations

from workbench.engine import CHANCE
from workbench.games.ghost.board import action_layout, make_board
from workbench.games.ghost.render import render

from .helpers import run, state
from .test_rules import CARDS, game_with


def click(board, verb):
    ids = board.button_ids
    index = next(i for i, a in enumerate(ids) if a[0] == verb)
    board.action_buttons[index].click()
    return ids[index]


def test_setup_installs_by_clicking_archive_cards():
    b = make_board(seed=4, players=2)
    assert b.session.to_move == 0
    buttons = [b.action_buttons[i] for i, a in enumerate(b.button_ids) if a[0] == "install"]
    assert buttons and all("wb-ghost-install" in x._dom_classes for x in buttons)
    chosen = click(b, "install")
    assert chosen[1] in b.session.game.view(b.session.state).ghosts_of(0)
    assert "wb-ghost-installed" in b.picture.value


def test_battle_panel_shows_exact_odds_then_dice():
    b = make_board(seed=11, players=2, vp_to_win=0)
    s = b.session
    for _ in range(12):  # the four setup installs, then to the first decision
        if s.state.phase != "setup":
            break
        click(b, "install")
    for _ in range(40):
        if any(a[0] == "battle" for a in b.button_ids):
            break
        verbs = {a[0] for a in b.button_ids}
        click(b, next(v for v in ("end", "pass", "trim") if v in verbs))  # "pass": out of turn
    attack = click(b, "battle")
    assert attack[0] == "battle"
    while s.state.battle is not None and s.to_move != CHANCE:
        html = b.picture.value
        if s.state.battle.dfn:
            assert "P(attacker wins) =" in html and "wb-ghost-odds" in html
        verb = b.button_ids[-1][0]  # done / pass / the last defend choice
        click(b, verb)
    b.play_to_end()
    assert s.is_over and "wb-ghost-result" in b.picture.value


def test_render_shows_fumble_and_winner():
    g = game_with(CARDS)
    s = state(g, desktops=[[(9, -1)], [(2, -1)]])
    s = run(g, s, ("battle", 9, 1, "physical"), 0, 1)
    html = render(g, s)
    assert "シテオク" in html and "the defender wins" in html and "Last battle" in html


def test_illegal_click_is_refused_and_changes_nothing():
    b = make_board(seed=4, players=2)
    before = b.session.state
    assert b.click_action(("end",)) is False
    assert b.session.state is before and "not legal" in b.status.value


def test_each_archive_card_is_one_group_with_its_ghost_and_event_sides():
    g = game_with(CARDS)
    s = state(g, desktops=[[(0, -1)], [(1, -1)]], archives=[[14, 5], []])
    groups = dict(action_layout(g, s, g.legal_actions(s)))
    skip = next(t for t in groups if t.startswith("Skip — ghost"))
    assert [a.id for a in groups[skip]] == [("install", 14), ("event", 14, 0), ("event", 14, 1)]
    sword = next(t for t in groups if t.startswith("S1 — shell +2/+0"))
    assert [a.id for a in groups[sword]] == [("shell", 5, 0, -1)]
    assert [a.id for a in groups["turn"]] == [("end",)]
    assert {a.id[0] for a in groups["battle: attack with"]} == {"battle"}
