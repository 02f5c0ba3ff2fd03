"""The card report's "in opening hand" column (issue 37): mugen's rules keep each seat's
opening hand as an owner-only field, its card events give it under ``"opening"``, and the
report's column is computed from it; a game that declares no opening hand gets no numbers."""

from __future__ import annotations

import math

import pytest

from workbench.engine.kernel.hidden import Hidden
from workbench.engine.measure.card_report import card_report
from workbench.engine.measure.compare_sheets import sheet_set
from workbench.engine.measure.paired_edit import edit_rows
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout
from workbench.games.mugen import card_parts
from workbench.games.mugen.table import opening_cards
from workbench.registry import make_game, spec


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("WORKBENCH_CACHE", str(tmp_path / "cache"))


def _opening_draws_of_the_replay(game, actions) -> dict[int, list[str]]:
    """Replay the actions from the start; each seat's cards drawn by an opening draw
    (the step on top is mugen's ``Draw(seat, "open")``), in the order drawn."""
    s, drawn = game.initial_state(), {0: [], 1: []}
    for a in actions:
        top = s.tasks[-1]
        if type(top).__name__ == "Draw" and top.why == "open":
            drawn[top.seat].append(a)
        s = game.apply(s, a)
    return drawn


@pytest.mark.parametrize(
    ("params", "seed", "sizes"),
    [({}, 3, (3, 4)), ({"first_player": "random"}, 11, None)],
    ids=["seat 1 first", "random first"],
)
def test_the_opening_hand_is_the_first_cards_each_seat_drew(params, seed, sizes) -> None:
    g = make_game("mugen", **params)
    r = playout(g, [player_from_spec("greedy", "mugen")] * 2, seed)
    drawn = _opening_draws_of_the_replay(g, r.actions)
    first = r.final.first
    if sizes is not None:
        assert (len(drawn[first]), len(drawn[1 - first])) == sizes
    else:  # 3 for the first player, 4 for the second, whoever won the coin
        assert len(drawn[first]) == 3 and len(drawn[1 - first]) == 4
    ev = card_parts.card_events(g, r.final)
    for seat in (0, 1):
        assert opening_cards(r.final.opening[seat]) == sorted(drawn[seat])
        assert ev[seat]["opening"] == sorted(set(drawn[seat]))
        assert set(ev[seat]["opening"]) <= set(ev[seat]["drawn"])
    assert r.final.turn > 1  # a whole game: later draws did not change the opening hand


def test_the_opening_hand_is_seen_by_its_owner_only() -> None:
    """The opponent sees that there is an opening hand, not which; a seat determinizing
    deals the opponent's opening hand back whole, and the hand and deck as before."""
    g = make_game("mugen")
    r = playout(g, [player_from_spec("greedy", "mugen")] * 2, 4)
    import random

    for seat in (0, 1):
        obs = g.observe(r.final, seat)
        assert obs.state.opening[seat] == r.final.opening[seat]
        assert isinstance(obs.state.opening[1 - seat], Hidden)
        world = g.table.determinize(obs, random.Random(0))
        assert world.opening == r.final.opening
        assert sorted(world.hands[1 - seat] + world.decks[1 - seat]) == sorted(
            r.final.hands[1 - seat] + r.final.decks[1 - seat]
        )
    before = g.observe(g.initial_state(), 0).state.opening
    assert before == (None, Hidden(0))  # no opening hand before the opening draws


def test_the_column_counts_the_opening_hands_of_the_games_played() -> None:
    """The report's counts and rates equal a count made here from the same games' card
    events; in + not in the opening hand is every owner-game."""
    games, seed = 16, 2
    r = card_report("mugen", "greedy", games=games, seed=seed, causal=False)
    rows = edit_rows(
        "mugen", sheet_set("mugen", None), ["greedy"], 0, games, seed,
        observe=spec("mugen").card_events,
    )  # fmt: skip
    seen_in_an_opening = 0
    for row in r.table.iter_rows(named=True):
        c = row["card"]
        won = [
            s in (g["winners"] or ())
            for g in rows
            for s, ev in g["observed"].items()
            if c in ev["opening"]
        ]
        assert row["n_opening"] == len(won)
        assert row["n_opening"] + row["n_not_opening"] == row["owned"]
        if won:
            seen_in_an_opening += 1
            assert row["win_opening"] == sum(won) / len(won)
            assert row["win_opening_low"] <= row["win_opening"] <= row["win_opening_high"]
            assert row["in_opening_hand"].endswith(f"(in {len(won)} of {row['owned']} games)")
        else:
            assert math.isnan(row["win_opening"])
            assert row["in_opening_hand"].startswith("never in an opening hand")
    assert seen_in_an_opening >= 10  # 7 cards a game from 2 decks: most cards show up
    c01 = r.table.filter(r.table["card"] == "C01").row(0, named=True)
    assert 0 < c01["n_opening"] < c01["owned"] == games  # ソラ's character card, 1 copy of 40


def test_a_game_without_an_opening_hand_says_not_declared() -> None:
    """Life's card events give no ``"opening"``: no opening numbers, never zeros."""
    r = card_report("life", "greedy", games=2, seed=1, causal=False)
    assert set(r.table["in_opening_hand"]) == {"not declared"}
    assert not {"win_opening", "n_opening", "n_not_opening"} & set(r.table.columns)
