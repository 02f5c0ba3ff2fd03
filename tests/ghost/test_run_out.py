"""Issue 14, item 7: mandatory events in each seat's starting deal, and when the server
runs out — the exact figures against the game's own chance tree on small decks."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import polars as pl
import pytest

from workbench.engine import CHANCE, TERMINAL
from workbench.games.ghost import analysis as ga
from workbench.games.ghost import charts as gc
from workbench.games.ghost.steps import DealMaster, Download

from .helpers import deck, game_with, ghost, mandatory


def small_deck(ghosts: int, all_draws: int, other: int = 0):
    return deck(
        *[ghost(f"G{i}") for i in range(ghosts)],
        *[mandatory(f"U{i}", "all_draw 1") for i in range(all_draws)],
        *[mandatory(f"S{i}", "trash_all_shells") for i in range(other)],
    )


def deal_odds(game) -> dict[int, Fraction]:
    """P(seat k met a mandatory event during its deal), by walking every deal."""

    @cache
    def walk(s) -> tuple[tuple[frozenset[int], Fraction], ...]:
        top = s.tasks[-1] if s.tasks else None
        if not isinstance(top, Download | DealMaster) or getattr(top, "kind", "deal") not in (
            "deal",
            "hand",
        ):
            return ((frozenset(), Fraction(1)),)
        out: dict[frozenset[int], Fraction] = {}
        for card, p in game.chance_outcomes(s).pmf_fractions().items():
            met = isinstance(top, Download) and game.is_mandatory[card]
            for marks, q in walk(game.apply(s, card)):
                key = marks | {top.seat} if met else marks
                out[key] = out.get(key, Fraction(0)) + p * q
        return tuple(out.items())

    result = walk(game.initial_state())
    return {k: sum((q for marks, q in result if k in marks), Fraction(0)) for k in range(game.n)}


@pytest.mark.parametrize(
    ("players", "ghosts", "mand", "hand", "masters", "order"),
    [
        (2, 6, 2, 2, False, "by_seat"),
        (3, 5, 2, 1, False, "by_seat"),
        (2, 6, 2, 2, True, "by_seat"),
        (2, 6, 2, 2, False, "all_hands"),
        (3, 5, 2, 1, False, "all_hands"),
    ],
)
def test_mandatory_by_seat_against_every_deal(players, ghosts, mand, hand, masters, order):
    cards = small_deck(ghosts, mand)
    game = game_with(cards, players=players, hand_size=hand, master_slave=masters, deal_order=order)
    brute = deal_odds(game)
    exact = ga.mandatory_by_seat(
        players, deck=len(cards), mandatory=mand, hand=hand, masters=masters, deal_order=order
    )
    assert [Fraction(p) for p in exact["p_exact"]] == [brute[k] for k in range(players)]
    if order == "by_seat":
        assert brute[players - 1] > brute[0]  # later seats deal from a smaller server
    else:
        assert len(set(brute.values())) == 1  # every hand dealt before any is replaced


def test_first_seat_is_the_old_figure_and_any_seat_is_one_big_draw():
    seats = ga.mandatory_by_seat(4, deal_order="by_seat")
    old = ga.mandatory_in_hand([15])
    assert seats["p_exact"][0] == old["p_at_least_one_exact"].item()
    assert seats["p_any_exact"][3] == old["p_table_exact"].item()
    assert seats["p"].is_sorted() and seats["p"][3] > seats["p"][0] + 0.06
    every = ga.mandatory_by_seat(4)  # the default: all hands first, every seat the first's figure
    assert every["p_exact"].to_list() == [old["p_at_least_one_exact"].item()] * 4
    assert round(every["p"][0], 3) == 0.564


def passive(game, s):
    """Never draws by choice, never fights: install the first ghost, end, pass, trim."""
    ids = game.legal_ids(s)
    for wanted in (("end",), ("pass",), ("done",)):
        if wanted in ids:
            return wanted
    return ids[0]


def run_out_turns(game) -> dict[int, Fraction]:
    """Exact distribution of the turn the server runs out, passive players, every shuffle."""

    @cache
    def walk(s) -> tuple[tuple[int, Fraction], ...]:
        who = game.current_player(s)
        if who == TERMINAL:
            assert s.result[0] == "server"
            return ((s.turns, Fraction(1)),)
        if who != CHANCE:
            return walk(game.apply(s, passive(game, s)))
        out: dict[int, Fraction] = {}
        for o, p in game.chance_outcomes(s).pmf_fractions().items():
            for turn, q in walk(game.apply(s, o)):
                out[turn] = out.get(turn, Fraction(0)) + p * q
        return tuple(out.items())

    return dict(walk(game.initial_state()))


@pytest.mark.parametrize(
    ("players", "ghosts", "all_draws", "hand"),
    [(2, 6, 2, 2), (2, 6, 0, 2), (3, 6, 2, 2), (2, 5, 3, 2)],
)
def test_server_bound_is_the_latest_run_out_of_every_shuffle(players, ghosts, all_draws, hand):
    cards = small_deck(ghosts, all_draws)
    game = game_with(cards, players=players, hand_size=hand, vp_to_win=0)
    dist = run_out_turns(game)
    assert sum(dist.values()) == 1
    bound = ga.server_bound(players, deck=len(cards), hand=hand, all_draws=all_draws)
    assert max(dist) == bound  # reached, never passed


def test_server_bound_reads_the_sheet():
    assert [ga.server_bound(p) for p in range(2, 7)] == [87, 82, 77, 72, 67]
    assert ga.server_bound(4, masters=True) == 73
    with pytest.raises(ValueError, match="6 hands of 20 need more than 100 cards"):
        ga.server_bound(6, hand=20)


def test_simulated_run_outs_stay_within_the_bound():
    endings = ga.game_endings([2, 4], n=30, seed=3, bot="random", vp_to_win=0)
    assert endings.height == 60 and set(endings["end"]) <= {"server", "void", "special"}
    table = ga.run_out_table(endings)
    assert table["bound"].to_list() == [87, 77]
    shares = table.select(
        pl.sum_horizontal("server_share", "void_share", "special_share", "vp_share")
    )
    assert shares.to_series().to_list() == pytest.approx([1.0, 1.0])
    server = endings.filter(pl.col("end") == "server")
    assert server.height and (server["user_turns"] <= 87).all()
    assert (table["run_out_low"] <= table["run_out_mean"]).all()
    assert (table["run_out_max"] <= table["bound"]).all()
    spec = gc.run_out_chart(endings, table).to_dict()
    assert spec["spec"]["layer"][1]["mark"]["type"] == "rule"
    assert spec["spec"]["layer"][0]["encoding"]["x"]["scale"]["domain"] == [0, 88]  # 87 in view
