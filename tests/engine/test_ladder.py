"""The skill ladder: a game where skill wins (one-pile Nim) and one where nothing can (peek)."""

from __future__ import annotations

from typing import Any

import pytest

from workbench.engine.conformance.toy import make_takeaway
from workbench.engine.runs import ladder as ladder_module
from workbench.engine.runs import match
from workbench.engine.runs.ladder import skill_ladder


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> str:
    """'nim' (TakeAway, 9 stones) reachable by name for matches and ladders."""
    real = match.make_game

    def make(name: str, **params: Any) -> Any:
        return make_takeaway(stones=9) if name == "nim" else real(name, **params)

    monkeypatch.setattr(match, "make_game", make)
    monkeypatch.setattr(ladder_module, "make_game", make)
    return "nim"


def test_search_climbs_the_nim_ladder(nim: str) -> None:
    lad = skill_ladder(nim, ["random", "ismcts:150"], games=60, seed=1)
    cell = lad.frame.filter(lad.frame["player"] == "ismcts:150").row(0, named=True)
    assert cell["low"] > cell["fair_share"] == 0.5
    assert lad.findings() == ["every level beats every weaker one (nim, 95% intervals)"]
    m = lad.matrix()
    assert m.columns == ["player", "random", "ismcts:150"]
    assert m["player"].to_list() == ["random", "ismcts:150"]
    assert m["random"][1] + m["ismcts:150"][0] == 1.0  # no draws in Nim


def test_a_ladder_in_the_wrong_order_is_a_finding(nim: str) -> None:
    lad = skill_ladder(nim, ["ismcts:150", "random"], games=60, seed=1)
    (finding,) = lad.findings()
    assert finding.startswith("random does not beat ismcts:150: ")


def test_nothing_climbs_the_peek_ladder() -> None:
    import vl_convert as vlc

    lad = skill_ladder("peek", ["random", "ismcts:20"], games=60, seed=2)
    assert lad.findings()[0].startswith("ismcts:20 does not beat random")
    assert vlc.vegalite_to_svg(lad.chart().to_dict()).startswith("<svg")


def test_bad_ladders() -> None:
    with pytest.raises(ValueError, match="at least two different levels"):
        skill_ladder("peek", ["random", "random"])
    with pytest.raises(ValueError, match="peek cannot seat 3 players"):
        skill_ladder("peek", ["random", "osla"], seats=3)


def test_with_more_seats_only_the_row_player_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    """Four seats: the stronger row player alone against copies of the weaker column (the
    other cells cost several searchers a game and no finding reads them), unless both_ways;
    a pairing keeps its seed whichever cells are played (the same games, the same cell)."""
    played: list[tuple[tuple[str, ...], int]] = []

    def fake_matches(
        game: str, matches: list[tuple[list[str], int, int]], **_: Any
    ) -> list[dict[str, Any]]:
        cell = {"wins": 1, "draws": 0, "win_rate": 0.25, "interval": [0.1, 0.5]}
        played.extend((tuple(line), seed) for line, _, seed in matches)
        return [{"players": [cell] * len(line), "mean_length": 9.0} for line, _, _ in matches]

    monkeypatch.setattr(ladder_module, "play_matches", fake_matches)
    levels = ["random", "greedy", "ismcts:4"]
    one_way = skill_ladder("ghost", levels, games=4, seed=10)
    # the searching pairings first (the dearest to the workers first), seeds kept
    assert played == [
        (("ismcts:4",) + ("random",) * 3, 14),
        (("ismcts:4",) + ("greedy",) * 3, 15),
        (("greedy",) + ("random",) * 3, 12),
    ]
    assert one_way.matrix()["player"].to_list() == ["greedy", "ismcts:4"]
    played.clear()
    both = skill_ladder("ghost", levels, games=4, seed=10, both_ways=True)
    assert sorted(seed for _, seed in played) == list(range(10, 16)) and both.frame.height == 6


def test_dearest_pairings_are_played_first_and_each_cell_keeps_its_own_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pairings go to the workers by search cost (ismcts:400 with ismcts:100 first, the
    rules of thumb last), and each result lands in its own pairing's cells."""
    played: list[tuple[str, ...]] = []

    def fake_matches(
        game: str, matches: list[tuple[list[str], int, int]], **_: Any
    ) -> list[dict[str, Any]]:
        played.extend(tuple(line) for line, _, _ in matches)
        return [
            {
                "mean_length": 9.0,
                "players": [
                    {"wins": seed, "draws": 0, "win_rate": seed / 100, "interval": [0.0, 1.0]},
                    {"wins": 0, "draws": 0, "win_rate": 0.0, "interval": [0.0, 1.0]},
                ],
            }
            for _, _, seed in matches
        ]

    monkeypatch.setattr(ladder_module, "play_matches", fake_matches)
    lad = skill_ladder("peek", ["random", "greedy", "ismcts:100", "ismcts:400"], games=10, seed=20)
    assert played[0] == ("ismcts:100", "ismcts:400") and played[-1] == ("random", "greedy")
    assert [len(set(line) & {"ismcts:400"}) for line in played[:4]] == [1, 1, 1, 0]
    wins = {(r["player"], r["opponent"]): r["wins"] for r in lad.frame.iter_rows(named=True)}
    # pairing k of (r-g, r-100, r-400, g-100, g-400, 100-400) has seed 20 + k
    assert [
        wins[a, b]
        for a, b in [
            ("random", "greedy"),
            ("random", "ismcts:100"),
            ("random", "ismcts:400"),
            ("greedy", "ismcts:100"),
            ("greedy", "ismcts:400"),
            ("ismcts:100", "ismcts:400"),
        ]
    ] == [20, 21, 22, 23, 24, 25]
