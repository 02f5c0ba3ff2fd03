"""Conformance of sampled worlds: what a search deals must be a world the rules allow.

A searching player never reads the hidden state; it deals one at random from
its observation (``game.determinize(obs, rng)``) and searches on that. Two
checks of those worlds:

- :func:`check_worlds` — along random games, every seat's sampled worlds keep
  the public fields, the seat's own secrets and the card multiset of the true
  state, break none of the game's invariants of where cards may lie (a
  ``problems(game, state) -> list[str]`` function, e.g. ghost's
  ``worlds.world_problems``; the true states are checked too, so the
  invariants are real), and can be played on by the rules (a random playout
  from the world runs without an error for ``play_on`` steps);
- :func:`exact_posterior` and :func:`posterior_gap` — on a game small enough
  to enumerate, the exact probability of each world given a seat's
  observation history when every seat plays uniformly at random (the model
  a determinising search assumes of the others: their choices say nothing
  about their cards beyond what the rules let them do), against the
  frequencies of sampled worlds.

>>> from workbench.engine.conformance.kernel_toy import make_game
>>> check_worlds(make_game(), n_games=3, seed=1).failures
[]
>>> post = exact_posterior(make_game(), seat=0)
>>> key = max(post, key=lambda k: len(post[k]))       # the widest information set
>>> len(post[key]) > 1, posterior_gap(make_game(), post[key], key[-1], 400, seed=1) < 4
(True, True)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from workbench.engine.conformance.play import cards_of
from workbench.engine.kernel.fields import OWN, PUBLIC
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.players.rollouts import rollout, work_table

__all__ = ["WorldsReport", "check_worlds", "exact_posterior", "posterior_gap"]

Problems = Callable[[Any, Any], list[str]]


@dataclass
class WorldsReport:
    """What :func:`check_worlds` looked at and what broke (one line each)."""

    positions: int = 0
    worlds: int = 0
    failures: list[str] = field(default_factory=list)


def _same_view(game: Any, true: Any, world: Any, seat: int) -> str:
    # public fields as the seat sees them (a secret inside one, e.g. a face-down
    # target the table conceals, is the world's to guess)
    seen_true, seen_world = game.observe(true, seat).state, game.observe(world, seat).state
    for f, a, b, x, y in zip(game.table.FIELDS, true, world, seen_true, seen_world):
        if f.seen == PUBLIC and x != y:
            return f"changed the public field {f.name!r}"
        if f.seen == OWN and a[seat] != b[seat]:
            return f"changed the seat's own {f.name!r}"
    return ""


def check_worlds(
    game: Game[Any],
    n_games: int = 5,
    seed: int = 1,
    every: int = 7,
    samples: int = 3,
    problems: Problems | None = None,
    play_on: int = 200,
) -> WorldsReport:
    """Sample ``samples`` worlds for every seat at every ``every``-th step of ``n_games``
    random games and check each (see the module docstring)."""
    rep = WorldsReport()
    rng = random.Random(seed)
    for _ in range(n_games):
        s = game.initial_state()
        k = 0
        while game.current_player(s) != TERMINAL:
            if k % every == 0:
                _check_position(game, s, rng, samples, problems, play_on, rep)
            who = game.current_player(s)
            s = game.apply(
                s, game.sample_chance(s, rng) if who == CHANCE else rng.choice(game.legal_ids(s))
            )
            k += 1
    return rep


def _check_position(
    game: Any,
    s: Any,
    rng: random.Random,
    samples: int,
    problems: Problems | None,
    play_on: int,
    rep: WorldsReport,
) -> None:
    rep.positions += 1
    if problems is not None:
        rep.failures += [f"true state: {p}" for p in problems(game, s)]
    cards = cards_of(game, s)
    for seat in range(game.num_players):
        obs = game.observe(s, seat)
        for _ in range(samples):
            w = game.determinize(obs, rng)
            rep.worlds += 1
            bad = _same_view(game, s, w, seat) if hasattr(game, "table") else ""
            if cards_of(game, w) != cards:
                bad = bad or "changed the cards over all zones"
            if problems is not None:
                bad = bad or "; ".join(problems(game, w))
            if not bad:
                try:
                    rollout(work_table(game, w), rng, play_on, strict=False)
                except Exception as e:  # the rules could not play on from it
                    bad = f"a playout from it raised {type(e).__name__}: {e}"
            if bad:
                rep.failures.append(f"seat {seat}'s world: {bad}")


def exact_posterior(
    game: Game[Any], seat: int, max_nodes: int = 200_000
) -> dict[tuple[Any, ...], dict[Any, Fraction]]:
    """For every information set of ``seat`` where it is to move (its observation history:
    the observation after each step), the exact probability of each true state when
    every seat plays uniformly at random.

    (Weighting each legal action 1 instead — "a choice tells only that it was legal" —
    is not the same model: in Two Tricks a hand of two 4s then plays "4" as often as a
    hand of 4 and 1 plays either card, so the deal would have to favour pairs less.)"""
    out: dict[tuple[Any, ...], Counter[Any]] = {}
    stack: list[tuple[Any, Fraction, tuple[Any, ...]]] = [
        (game.initial_state(), Fraction(1), (game.observe(game.initial_state(), seat),))
    ]
    nodes = 0
    while stack:
        s, p, seen = stack.pop()
        nodes += 1
        if nodes > max_nodes:
            raise ValueError(f"{game.name}: more than {max_nodes} nodes; too big to enumerate")
        who = game.current_player(s)
        if who == TERMINAL:
            continue
        if who == seat:
            out.setdefault(seen, Counter())[s] += p  # type: ignore[assignment]
        if who == CHANCE:
            dist = game.chance_outcomes(s)
            branches = [(o, Fraction(w, dist.total)) for o, w in dist.items()]
        else:
            ids = game.legal_ids(s)
            branches = [(a, Fraction(1, len(ids))) for a in ids]
        for o, q in branches:
            n = game.apply(s, o)
            stack.append((n, p * q, seen + (game.observe(n, seat),)))
    return {k: {s: Fraction(v) / sum(c.values()) for s, v in c.items()} for k, c in out.items()}


def posterior_gap(
    game: Game[Any], exact: dict[Any, Fraction], obs: Any, samples: int, seed: int = 1
) -> float:
    """The largest gap, in standard errors, between a world's sampled frequency
    (``samples`` worlds dealt from ``obs``) and its exact probability; a world the
    posterior does not allow counts as an infinite gap.

    Below about 4 for a right deal (the most of a handful of normal deviations)."""
    rng = random.Random(seed)
    got = Counter(game.determinize(obs, rng) for _ in range(samples))
    if any(w not in exact for w in got):
        return math.inf
    worst = 0.0
    for w, p in exact.items():
        sd = math.sqrt(float(p) * (1 - float(p)) / samples) or 1.0
        worst = max(worst, abs(got[w] / samples - float(p)) / sd)
    return worst
