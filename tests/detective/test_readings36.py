"""Issue 36 for 「探偵無宿２」: whose hand is trimmed (``trim_hands``) and the break after the
tragic night (``night_break``, 「手札の補充だけ」 by default) play and differ; the round-start
edit is offered in round 1 too, and the tables and sentences the notebook prints."""

from __future__ import annotations

from typing import Any

import pytest

from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout_in_place
from workbench.games.detective.readings import (
    difference_sentence,
    reading_table,
    round_one_edits,
)
from workbench.games.detective.rules import make_game


def _walk(seeds: range, **params: Any) -> list[tuple[Any, Any]]:
    """(state, action) of every step of random games, replayed on immutable states."""
    game = make_game(players=4, **params)
    out = []
    for seed in seeds:
        r = playout_in_place(game, random_player, seed, record=True)
        s = game.initial_state()
        for a in r.actions:
            out.append((s, a))
            s = game.apply(s, a)
    return out


def _trims_out_of_turn(**params: Any) -> int:
    return sum(
        1
        for s, _ in _walk(range(3), **params)
        if type(s.tasks[-1]).__name__ == "Trim" and s.tasks[-1].seat != s.active
    )


def test_trim_readings_play_and_differ() -> None:
    assert _trims_out_of_turn() > 0  # everyone over the limit trims at every turn's end
    assert _trims_out_of_turn(trim_hands="active") == 0


def _night_break_discards(**params: Any) -> int:
    return sum(
        1
        for s, a in _walk(range(3), **params)
        if s.tn and type(s.tasks[-1]).__name__ == "Main" and a[0] == "break" and len(a) > 1
    )


def test_the_break_after_the_night_only_refills_unless_the_old_reading() -> None:
    assert _night_break_discards() == 0  # 「手札の補充だけ」: not even offered
    assert _night_break_discards(night_break="discard") > 0
    with pytest.raises(ValueError, match="night_break must be one of"):
        make_game(night_break="sometimes")


def test_the_round_start_edit_is_offered_in_round_one() -> None:
    edits = round_one_edits(n_games=6, seed=0, policy="random")
    first = edits.filter(edits["round"] == 1).row(0, named=True)
    assert first["edits_offered"] == 6  # every game, though no one has drawn a night yet
    assert edits["edits_made"].sum() > 0  # random players take some of them


def test_the_table_and_its_sentence_follow_the_intervals() -> None:
    table = reading_table({"as written": {}, "same": {}}, n_games=30, seed=0, policy="greedy")
    assert table["rounds"][0] == table["rounds"][1]  # the same seeds, the same games
    said = difference_sentence(table, "as written", "same")
    assert "too few games to say (-" in said and "fewer" not in said and "more" not in said


@pytest.mark.slow
def test_trimming_only_the_active_player_shortens_greedy_games() -> None:
    """Issue 36: 3.92 -> 3.66 rounds a greedy game (v3 rules); at 400 games each under v4
    the interval of the difference lies below 0."""
    table = reading_table({"everyone": {}, "active": {"trim_hands": "active"}}, n_games=400, seed=0)
    assert ": rounds a game" in (said := difference_sentence(table, "everyone", "active"))
    assert ", fewer (" in said, said
