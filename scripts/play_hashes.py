"""One hash per game and path of play, to show a refactor plays the same games.

For every registered game: random playouts in place and immutable, greedy
playouts, the game's rule of thumb and random moves as rollouts on tables,
ISMCTS choices at positions of a random game, and sessions played by bots
(actions, chance flags, rng positions, logs, states, after an undo and a jump).
Run it on the tree before and after a change and compare the lines; hashes of
``repr`` need a fixed ``PYTHONHASHSEED`` (set here when missing, by re-running):

    .venv/bin/python scripts/play_hashes.py [game ...]
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

if os.environ.get("PYTHONHASHSEED") != "0":  # repr of sets and dicts: one order
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable, *sys.argv])

try:  # the registry moves during issue 34
    from workbench.engine.kernel.registry import game_names, make_game
except ImportError:
    from workbench.registry import game_names, make_game  # type: ignore[import-not-found, no-redef]
from workbench.engine.kernel.seat import SeatView, random_player
from workbench.engine.kernel.seeds import player_rng
from workbench.engine.play.session import Session
from workbench.engine.players.rollouts import rollout, rollout_policy
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout, playout_in_place


def digest(parts: list[Any]) -> str:
    """A short hash of the parts' reprs."""
    h = hashlib.sha256()
    for part in parts:
        h.update(repr(part).encode())
    return h.hexdigest()[:12]


def random_in_place(game: Any) -> list[Any]:
    out = []
    for seed in range(20):
        r = playout_in_place(game, random_player, seed, record=True)
        out += [r.final, r.actions, r.chance]
    return out


def immutable(game: Any) -> list[Any]:
    out = []
    for seed in range(4):
        r = playout(game, random_player, seed)
        out += [r.final, r.actions, r.chance]
    return out


def greedy(game: Any) -> list[Any]:
    player = player_from_spec("greedy", game.name)
    out = []
    for seed in range(2):
        r = playout(game, player, seed)
        out += [r.final, r.actions]
    return out


def rollouts(game: Any) -> list[Any]:
    out = []
    policy = rollout_policy(game)
    for seed in range(12):
        for rule in (None, policy) if policy else (None,):
            t, rng = game.new_table(), random.Random(seed)
            rollout(t, rng, policy=rule)
            out += [t.freeze(), rng.random()]
        t, rng = game.new_table(), random.Random(seed)
        rollout(t, rng, 25, strict=False)  # cut after 25 steps
        out += [t.freeze(), rng.random()]
    return out


def ismcts(game: Any) -> list[Any]:
    player = player_from_spec("ismcts:25", game.name)
    r = playout(game, random_player, 5)
    state, out, decisions = game.initial_state(), [], 0
    for a in r.actions:
        who = game.current_player(state)
        if who >= 0:
            decisions += 1
            if decisions % 7 == 1 and len(out) < 6:
                out.append(player(SeatView(game, who, state), player_rng(11, who)))
        state = game.apply(state, a)
    return out


def sessions(game: Any) -> list[Any]:
    out = []
    for seed in range(3):
        s = Session(game, seed=seed)
        s.play_to_end(random_player)
        out += [s.actions, s.chance_flags, s.rng_marks, s.log, s.state]
        if s.can_undo:
            s.undo()
            out += [s.step, s.state, s.rng.random()]
        s.jump(s.step // 2)
        s.play_to_end(random_player)
        out += [s.actions, s.rng_marks, s.log[-3:], s.state, s.history[-2]]
    return out


PATHS: dict[str, Callable[[Any], list[Any]]] = {
    "random in place": random_in_place,
    "immutable": immutable,
    "greedy": greedy,
    "rollouts": rollouts,
    "ismcts:25": ismcts,
    "sessions": sessions,
}


def main(argv: list[str]) -> int:
    names = argv or list(game_names())
    cpu = time.process_time()
    for name in names:
        game = make_game(name)
        in_place = hasattr(game, "new_table")
        row = [
            f"{path}={digest(fn(game)) if in_place or path not in ('random in place', 'rollouts') else '-'}"
            for path, fn in PATHS.items()
        ]
        print(f"{name:<10} {' '.join(row)}", flush=True)
    print(f"({time.process_time() - cpu:.1f} CPU s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
