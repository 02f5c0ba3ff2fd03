"""Search players: ISMCTS finds forced wins, OSLA's expectations are exact, specs parse."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from typing import Any, NamedTuple

import pytest

from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.conformance.toy import DiceRace, TakeAway, TakeAwayState
from workbench.engine.kernel import KernelGame, Table, chance, decision, items
from workbench.engine.kernel.seat import SeatView
from workbench.engine.players import random_player, specs
from workbench.engine.players.osla import OSLA, action_values
from workbench.engine.players.search import ISMCTS, ismcts_player
from workbench.engine.players.specs import BadSpec, player_from_spec
from workbench.engine.runs.playout import playout, playout_in_place


# -- a one-decision game with a die: safe (1 point) or gamble (3 points on a 6) ----------
class GambleTable(Table):
    points: list[int] = items()


@decision
class Choose(NamedTuple):
    seat: int

    def legal(self, t: GambleTable) -> list[str]:
        return ["safe", "gamble"]

    def resolve(self, t: GambleTable, a: str) -> None:
        if a == "safe":
            t.points[0] = 1
        else:
            t.push(Roll())


@chance
class Roll(NamedTuple):
    def outcomes(self, t: GambleTable) -> list[int]:
        return [0, 0, 0, 0, 0, 3]

    def resolve(self, t: GambleTable, o: int) -> None:
        t.points[0] = o


class Gamble(KernelGame):
    name, version, table = "gamble", "1", GambleTable

    def setup(self, t: GambleTable) -> None:
        t.points = [0, 2]  # seat 1 sits on 2 points and never moves
        t.push(Choose(0))

    def score(self, t: GambleTable) -> tuple[float, ...]:
        return tuple(float(p) for p in t.points)


def _view(game: Any, state: Any = None) -> SeatView:
    state = game.initial_state() if state is None else state
    return SeatView(game, game.current_player(state), state)


# -- ISMCTS ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "stones, budget", [(5, 400), (6, 400), (7, 400), (9, 1500), (10, 1500), (11, 1500)]
)
def test_ismcts_takes_the_winning_number_of_stones(stones: int, budget: int) -> None:
    """One-pile Nim (take 1-3, last stone wins): the only winning move leaves a multiple of 4."""
    g = TakeAway()
    for seed in range(3):
        got = ismcts_player(budget)(SeatView(g, 0, TakeAwayState(stones)), random.Random(seed))
        assert got == stones % 4, (stones, seed)


def test_ismcts_prefers_the_better_gamble_by_its_exact_odds() -> None:
    """Safe loses for sure (1 < 2); the gamble wins 1/6 of the time: the root statistics
    show it, and the chance step is visited in exact proportion (stratified)."""
    g = Gamble()
    stats = ISMCTS(600).search(_view(g), random.Random(0))
    best = stats[0]
    assert best.action == "gamble"
    assert best.mean == pytest.approx(1 / 6, abs=0.01)  # stratified: 1 in 6 exactly, +- rounding
    assert stats[1].mean == 0.0


def test_ismcts_games_reproduce_from_the_seed() -> None:
    g = two_tricks()
    line = [random_player, ismcts_player(40)]
    a = playout_in_place(g, line, 11, record=True)
    assert a == playout_in_place(g, line, 11, record=True)
    assert a == playout(g, line, 11)  # both paths: same rng order, same game


def test_ismcts_beats_random_when_answering_in_two_tricks() -> None:
    """Seat 1 answers a face-up card: seeing it and its own hand, search wins far more often
    than random answers (random vs random: 91 of 300 here; search: over 110)."""
    g = two_tricks()
    wins = {}
    for name, p in (("random", random_player), ("ismcts", ismcts_player(60))):
        got = [g.winners(playout_in_place(g, [random_player, p], s).final) for s in range(300)]
        wins[name] = sum(w == (1,) for w in got)
    assert wins["random"] == 91
    assert wins["ismcts"] > 110


def test_ismcts_runs_on_protocol_games_with_chance() -> None:
    g = DiceRace()
    r = playout(g, [ismcts_player(30), random_player], 3)
    assert g.is_terminal(r.final)


def test_ismcts_time_budget_and_bad_budgets() -> None:
    p = ISMCTS(None, 0.05)
    assert repr(p) == "ismcts:0.05s"
    assert p(_view(Gamble()), random.Random(0)) in ("safe", "gamble")
    for bad in ({"iterations": 0}, {"iterations": None}, {"iterations": None, "seconds": -1.0}):
        with pytest.raises(ValueError):
            ISMCTS(**bad)


# -- OSLA -----------------------------------------------------------------------------
def test_osla_heuristic_values_are_exact_expectations() -> None:
    """safe: margin 1 - 2 = -1, a loss; gamble: 1/6 x (margin 1 + 1000 for the win) + 5/6 x -2."""
    values = action_values(OSLA(), _view(Gamble()), random.Random(0))
    assert values["safe"] == -1.0
    assert values["gamble"] == pytest.approx(Fraction(1001 - 10, 6))


def test_osla_rollout_values_are_exact_win_chances_at_the_end() -> None:
    values = action_values(OSLA(rollouts=3), _view(Gamble()), random.Random(0))
    assert values == {"safe": Fraction(0), "gamble": Fraction(1, 6)}
    assert OSLA()(_view(Gamble()), random.Random(0)) == "gamble"


def test_osla_samples_a_chance_step_wider_than_its_budget() -> None:
    values = action_values(OSLA(rollouts=1, leaf_limit=1), _view(Gamble()), random.Random(0))
    assert values["gamble"] in (Fraction(0), Fraction(1))  # one sampled outcome, not 1/6


# -- specs ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad, message",
    [
        ("ismcts:0", "'0' must be a whole number in 1..1000000"),
        ("ismcts:1.5", "the budget must be iterations"),
        ("ismcts:0s", "time budget must be in (0, 3600]"),
        ("osla:-1", "write name or name:argument"),
        ("greedy:2", "greedy takes no argument"),
        ("alphazero", "unknown player 'alphazero'"),
        ("", "write name or name:argument"),
    ],
)
def test_bad_specs_say_what_is_wrong(bad: str, message: str) -> None:
    with pytest.raises(BadSpec) as e:
        player_from_spec(bad)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_game_players_come_first() -> None:
    """A game's own families (its spec's ``players``) are asked before the built-in ones."""
    from workbench.engine.conformance.toy import TAKEAWAY_SPEC
    from workbench.registry import register, unregister
    from workbench.spec import PlayerFamily

    def hold(arg: str | None) -> Any:
        limit = int(arg or "0")
        return lambda view, rng: limit

    own = (PlayerFamily("hold", hold), PlayerFamily("random", lambda arg: "mine"))
    register(replace(TAKEAWAY_SPEC, name="x", players=own))
    try:
        assert player_from_spec("hold:20", "x")(None, None) == 20  # type: ignore[arg-type]
        with pytest.raises(BadSpec, match="player 'hold:many': invalid literal"):
            player_from_spec("hold:many", "x")
        with pytest.raises(BadSpec, match="family 'random' gave 'mine', not a player"):
            player_from_spec("random", "x")
        assert repr(player_from_spec("ismcts:0.5s", "x")) == "ismcts:0.5s"
        assert [f.name for f in specs.families("x")][:3] == ["hold", "random", "greedy"]
    finally:
        unregister("x")


def test_greedy_is_the_games_own() -> None:
    from workbench.games.ghost.players import GreedyGhost

    assert isinstance(player_from_spec("greedy", "ghost"), GreedyGhost)


def test_a_horizon_cuts_rollouts_and_scores_the_leader() -> None:
    p = player_from_spec("ismcts:300/1")
    assert repr(p) == "ismcts:300/1" and p.horizon == 1  # type: ignore[attr-defined]
    # one step after the move: the game is over either way, so the cut changes nothing here
    stats = p.search(_view(Gamble()), random.Random(0))  # type: ignore[attr-defined]
    assert stats[0].action == "gamble" and stats[1].mean == 0.0
    with pytest.raises(BadSpec, match="'0' must be a whole number in 1..100000"):
        player_from_spec("ismcts:400/0")
