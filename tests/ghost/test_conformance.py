"""The engine's conformance kit over random games of every table size and variant, the
in-place path against the immutable one, and what each seat may see."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from workbench.engine import check_conformance, playout, random_player
from workbench.engine.kernel import Hidden, HiddenInformation
from workbench.engine.kernel.secrets import MASKED
from workbench.engine.runs.playout import playout_in_place
from workbench.games.ghost.params import OLD_READINGS
from workbench.games.ghost.players import greedy_player
from workbench.games.ghost.rules import make_game

VARIANTS = [
    dict(players=2),
    dict(players=3, master_slave=True),
    dict(players=5, no_ghost_penalty="lose_vp", floor_at_zero=False, fumble=False, vp_to_win=0),
    dict(players=6, hand_size=3, archive_limit=3),
    # issue 14's old readings, and the readings between
    dict(players=4, **OLD_READINGS),
    dict(players=4, event_limit="action", facedown_per_battle=0),
    dict(
        players=3,
        master_slave=True,
        master_deal="first_install",
        slave_support=True,
        master_support=True,
    ),
]
PUBLIC = (
    "desktops",
    "trash",
    "void",
    "vp",
    "phase",
    "turn",
    "turns",
    "stage",
    "installed",
    "evented",
    "reactors",
    "used",
    "skips",
    "order",
    "battle",
    "last",
    "masters",
    "out",
    "result",
    "battles",
    "fumbles",
    "flips",
    "tasks",
)


def test_conformance_100_random_games_four_users():
    """100 games in the default run, 5 of them deep (every check at every step) and 10
    compared with the fast path, as the 300-game run had; the 10,000-game runs below are slow."""
    report = check_conformance(
        make_game(players=4), n_games=100, seed=8, full_every=20, fast_every=10
    )
    assert report.ok and report.games == 100 and report.fast_checked >= 10


def _variant_id(params):
    return "-".join(f"{k}={v}" for k, v in params.items())


@pytest.mark.parametrize("params", VARIANTS, ids=_variant_id)
def test_conformance_variants(params):
    """Every variant in the default run: 30 games each, two of them deep (every check at
    every step); the 60-game batch is test_conformance_variants_full_batch (slow)."""
    report = check_conformance(make_game(**params), n_games=30, seed=2, full_every=15)
    assert report.ok and report.games == 30 and report.deep_games == 2


# slow: the full batch, 60 games a variant (about 25 CPU s in all); its concern, every
# variant conforming, stays in the default run with test_conformance_variants (30 games each)
@pytest.mark.slow
@pytest.mark.parametrize("params", VARIANTS, ids=_variant_id)
def test_conformance_variants_full_batch(params):
    report = check_conformance(make_game(**params), n_games=60, seed=2, full_every=20)
    assert report.ok and report.games == 60


def test_conformance_greedy_players():
    assert check_conformance(
        make_game(players=3), n_games=15, seed=4, players=greedy_player(), full_every=5
    ).ok


@pytest.mark.parametrize("players", [2, 4, 6])
def test_in_place_equals_the_immutable_path_random(players):
    game = make_game(players=players)
    for seed in range(50):
        fast = playout_in_place(game, random_player, seed, record=True)
        slow = playout(game, random_player, seed)
        assert fast.final == slow.final and fast.actions == slow.actions, seed


@pytest.mark.parametrize("params", [dict(players=3), dict(players=3, master_slave=True)])
def test_in_place_equals_the_immutable_path_greedy(params):
    game = make_game(**params)
    for seed in range(50):
        fast = playout_in_place(game, greedy_player(), seed, record=True)
        slow = playout(game, greedy_player(), seed)
        assert fast.final == slow.final and fast.actions == slow.actions, seed


def _mid_battle_states(game, seed):
    """Every state of one random game, to look at from each seat."""
    states = [game.initial_state()]
    for a in playout(game, random_player, seed).actions:
        states.append(game.apply(states[-1], a))
    return states


def test_observation_hides_hands_server_and_face_down_events():
    game = make_game(players=3)
    seen_facedown = seen_target = False
    for s in _mid_battle_states(game, 5)[::3] + _mid_battle_states(game, 11)[::3]:
        for seat in range(3):
            obs = game.observe(s, seat).state
            assert obs.server == Hidden(len(s.server)) and obs.setaside == Hidden(len(s.setaside))
            for other in range(3):
                mine = other == seat
                assert obs.archives[other] == (
                    s.archives[other] if mine else Hidden(len(s.archives[other]))
                )
                assert obs.facedown[other] == (
                    s.facedown[other] if mine else Hidden(len(s.facedown[other]))
                )
                seen_facedown |= bool(s.facedown[other]) and not mine
            for name in PUBLIC:
                if name != "battle":
                    assert getattr(obs, name) == getattr(s, name), name
            if s.battle is not None:  # a face-down target is its placer's secret (issue 24)
                masked = tuple((p, x if p == seat else MASKED) for p, x in s.battle.placed)
                assert obs.battle == s.battle._replace(placed=masked)
                seen_target |= any(p != seat for p, _ in s.battle.placed)
    assert seen_facedown and seen_target  # some state had another seat's card face down
    with pytest.raises(HiddenInformation):
        list(game.observe(game.initial_state(), 0).state.server)


def test_determinize_keeps_public_fields_and_conserves_cards():
    game = make_game(players=4)
    rng = random.Random(3)
    total = Counter(range(len(game.cards)))
    for s in _mid_battle_states(game, 2)[::5]:
        for seat in range(4):
            obs = game.observe(s, seat)
            full = game.determinize(obs, rng)
            for name in PUBLIC:
                if name != "battle":
                    assert getattr(full, name) == getattr(s, name), name
            assert game.observe(full, seat).state.battle == obs.state.battle
            if full.battle is not None:  # masked targets guessed: one the dealt card allows
                t = game.view(full)
                assert all(
                    x in t.placed_targets(p, k) for k, (p, x) in enumerate(full.battle.placed)
                )
            assert full.archives[seat] == s.archives[seat]
            assert sum(game.zones(full).values(), Counter()) == total
            assert len(full.server) == len(s.server)
            for other in range(4):
                assert len(full.archives[other]) == len(s.archives[other])


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_10000_random_games(players):
    assert check_conformance(make_game(players=players), n_games=2000, seed=99).ok


def test_a_face_down_placement_reads_alike_to_the_others_unless_revealed_at_once():
    from workbench.games.ghost.steps_battle import Place, revealed_at_once

    game = make_game(players=3)
    hidden = public = 0
    for seed in range(6):
        for s in _mid_battle_states(game, seed):
            if not s.tasks or type(s.tasks[-1]) is not Place:
                continue
            seat, t = s.tasks[-1].seat, game.view(s)
            for a in game.legal_ids(s):
                if a[0] != "place":
                    continue
                other = (seat + 1) % 3
                if revealed_at_once(t, a):
                    public += 1
                    assert game.label_for(s, a, other) == game.label_for(s, a, seat)
                else:
                    hidden += 1
                    # the placer's forced pass that may follow is the kernel's words, after
                    forced = game.forced_words(s, a, other)
                    assert re.fullmatch(r"(; P\d: place nothing \(forced\))*", forced), forced
                    said = game.label_for(s, a, other)
                    assert said.replace(forced, "", 1) == "place an event face down"
                    designer = game.label_for(s, a, None)
                    assert designer.replace(forced, "", 1).endswith(f"[seen by P{seat + 1}]")
    assert hidden > 5 and public > 0, (hidden, public)


def test_every_other_user_is_asked_at_a_reaction_point_so_being_asked_tells_nothing():
    from workbench.engine.conformance.leaks import check_leaks
    from workbench.games.ghost.params import V4_READINGS
    from workbench.games.ghost.steps_turn import React

    asked = {}
    for everyone in (True, False):
        game = make_game(players=3, ask_everyone=everyone)
        report = check_leaks(game, n_games=1, seed=3, max_options=4)
        assert report.ok, str(report)
        asked[everyone] = [k for k in report.disclosures if "React" in k]
        only_pass = 0
        for s in _mid_battle_states(game, 4):
            if s.tasks and type(s.tasks[-1]) is React:
                only_pass += game.legal_ids(s) == [("pass",)]
        assert (only_pass > 0) == everyone  # a user with nothing to play is asked too
    assert asked[True] == [] and asked[False], asked
    assert make_game(**V4_READINGS).params.ask_everyone is False
