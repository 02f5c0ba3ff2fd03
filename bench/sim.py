"""Random playouts per second per core for every registered game, and what sessions
and sweeps cost on top.

Single process unless said. For each game:

- **in place**: ``playout_in_place`` (one mutable table: the fast path, the
  same rules as every other path) — goal 1,500 games per CPU second
  (mugen and life 3,000);
- **immutable**: ``playout`` (a frozen snapshot per step, as sessions and
  boards use), beside it — goal within 3× of in place;
- **session**: ``Session.play_to_end`` over ``playout`` (goal ≤ 1.3×) and the
  memory a finished session holds per step (goal ≤ 3 kB, by tracemalloc);
- with ``--sweep``: ``bench/dask_speedup.py``'s random rows — 2,000 games
  as a match and through ``engine.sweep`` on the process's shared 2-worker
  dask cluster (started once, its start-up printed) against one core (goal
  ≥ 1.6×), with CPU per game on each side and the CPU-bound speed-up.

Rates are games per **CPU second** of this process (``time.process_time``:
what the code costs, whatever else the shared machine runs), with games per
wall second beside the in-place one and the load average in the header.
Anchor: OpenSpiel's Pig (``open_spiel``, the ``bench`` extra: C++ states driven by the
same kind of Python loop) when it is installed, beside our Pig in place, compared **per
step** (chance outcomes and decisions a CPU second): the two Pigs' random games differ in
length (OpenSpiel's lets a seat stop at a turn total of 0 and banks only on a stop; ours
rolls first and ends at the goal), so whole games a second would mix the rules' lengths
into the engines' speed. Both sides are timed by the same loop, each game's steps counted,
the mean game length printed on each side with the per-step and whole-game ratios.

Beside them: chance outcomes and decisions per game (``steps/g``), CPU
microseconds per such step in place, the ``kernel floor``: games per CPU
second if every step cost what a step with no rule costs the kernel's loop in
place (a toy table: one chance step or one decision over ten options, each
pushing the next; see :func:`kernel_floor`), and the ``rng floor``: games per CPU
second if every step cost only its ``rng.choice`` (no rule, no kernel).

With ``--profile N``: after the table, each game's in-place and immutable
playouts under cProfile (CPU time), the top N functions by own time (what remains).

Run: ``.venv/bin/python bench/sim.py [--seconds 3] [--sweep] [--profile 8] [game ...]``.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any, NamedTuple

from workbench.compiled import status as compiled_status
from workbench.engine.kernel import KernelGame, Table, chance, decision, items, value
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.play.session import Session
from workbench.engine.players import random_player
from workbench.engine.runs.playout import playout, playout_in_place
from workbench.engine.runs.simulate import runs_in_place
from workbench.registry import game_names, make_game

GOAL_IN_PLACE = 1500.0
GOAL_IN_PLACE_BY_GAME = {"mugen": 3000.0, "life": 3000.0}  # issue 22 item 1
GOAL_IMMUTABLE_RATIO = 3.0  # the immutable path within 3x of in place (issue 22 item 1)
GOAL_SESSION_RATIO = 1.3
GOAL_BYTES_PER_STEP = 3000.0


def load_average() -> str:
    """The 1, 5 and 15 minute load averages, for the header of a bench's output."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def rates(play_one: Callable[[int], Any], seconds: float) -> tuple[float, float]:
    """Games per CPU second and per wall second of ``play_one(seed)`` over about
    ``seconds`` of CPU (after a warm-up game)."""
    play_one(derive_seed("warm-up"))
    games, cpu0, wall0 = 0, time.process_time(), time.perf_counter()
    while True:
        play_one(derive_seed("bench", games))
        games += 1
        cpu = time.process_time() - cpu0
        if cpu >= seconds and games >= 3:
            return games / cpu, games / (time.perf_counter() - wall0)


def rate(play_one: Callable[[int], Any], seconds: float) -> float:
    """Games per CPU second of ``play_one(seed)`` (see :func:`rates`)."""
    return rates(play_one, seconds)[0]


class StepRates(NamedTuple):
    """Random games timed by :func:`step_rates`: games per CPU and per wall second, and
    the mean steps (chance outcomes and decisions) a game."""

    per_cpu: float
    per_wall: float
    steps: float

    @property
    def steps_per_cpu(self) -> float:
        return self.per_cpu * self.steps


def step_rates(play_one: Callable[[int], int], seconds: float) -> StepRates:
    """:func:`rates` of ``play_one(seed) -> steps it took``, with the mean steps a game
    over the same timed games."""
    play_one(derive_seed("warm-up"))
    games = steps = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    while True:
        steps += play_one(derive_seed("bench", games))
        games += 1
        cpu = time.process_time() - cpu0
        if cpu >= seconds and games >= 3:
            return StepRates(games / cpu, games / (time.perf_counter() - wall0), steps / games)


def openspiel_pig(seconds: float) -> StepRates | None:
    """Random Pig games (to 100, 2 seats) through OpenSpiel's C++ states, each chance
    outcome and legal action drawn uniformly with ``random.Random`` (as our random player
    and a uniform chance step do), or None when ``open_spiel`` is not installed (the
    ``bench`` extra: ``pip install -e .[bench]``)."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("pig", {"winscore": 100, "players": 2})

    def one(seed: int) -> int:
        rng, s, steps = random.Random(seed), game.new_initial_state(), 0
        while not s.is_terminal():
            if s.is_chance_node():
                out = s.chance_outcomes()
                s.apply_action(out[rng.randrange(len(out))][0])
            else:
                acts = s.legal_actions()
                s.apply_action(acts[rng.randrange(len(acts))])
            steps += 1
        return steps

    return step_rates(one, seconds)


def pig_anchor_lines(game: Any, seconds: float) -> list[str]:
    """Our Pig in place against OpenSpiel's, per step and per game (module docstring)."""
    theirs = openspiel_pig(seconds)
    if theirs is None:
        return ["anchor: not installed (OpenSpiel: pip install -e .[bench])"]
    ours = step_rates(lambda seed: len(playout_in_place(game, random_player, seed).chance), seconds)
    return [
        f"anchor: OpenSpiel's pig (C++ states, the same Python loop): "
        f"{theirs.steps_per_cpu:,.0f} random steps per CPU second "
        f"({theirs.per_cpu:.0f} games, {theirs.per_wall:.0f} per wall second), "
        f"{theirs.steps:.1f} steps a game",
        f"        our pig in place: {ours.steps_per_cpu:,.0f} random steps per CPU second "
        f"({ours.per_cpu:.0f} games, {ours.per_wall:.0f} per wall second), "
        f"{ours.steps:.1f} steps a game (theirs {theirs.steps / ours.steps:.2f}x as long)",
        f"        per step we take {theirs.steps_per_cpu / ours.steps_per_cpu:.2f}x their CPU "
        f"(whole games: {theirs.per_cpu / ours.per_cpu:.2f}x, which the games' lengths "
        f"distort); load {load_average()}",
    ]


def session_bytes_per_step(game: Any, seeds: int = 5) -> float:
    """Memory a finished session holds per step (tracemalloc, averaged over seeds),
    each seed played once untraced first: what the kernel compiles once per process
    (a freeze per set of touched fields) is not memory a step holds."""
    for k in range(seeds):
        Session(game, seed=derive_seed("memory", k)).play_to_end(random_player)
    total_bytes = total_steps = 0
    for k in range(seeds):
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        s = Session(game, seed=derive_seed("memory", k))
        s.play_to_end(random_player)
        _ = s.log
        total_bytes += tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        total_steps += s.step
        del s
    return total_bytes / max(total_steps, 1)


def profile_top(play_one: Callable[[int], Any], games: int, top: int) -> str:
    """The ``top`` functions by own time over ``games`` games of ``play_one(seed)``
    under cProfile, timed in CPU seconds of this process (a wall-clock profile on a loaded
    machine charges the waits for a core to whatever function was running); times are
    inflated by the profiler: read the order, not the figures."""
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for k in range(games):
        play_one(derive_seed("profile", k))
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).sort_stats("tottime")
    stats.print_stats(top)
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return "\n".join(line for line in lines[start:] if line.strip())


def steps_per_game(game: Any, games: int = 20) -> float:
    """Chance outcomes and decisions per random game (automatic steps not counted):
    each one draws from the rng, so a game's rate can be no better than its rng
    draws allow (see :func:`rng_floor`)."""
    run = playout_in_place if runs_in_place(game) else playout
    return (
        sum(len(run(game, random_player, derive_seed("steps", k)).chance) for k in range(games))
        / games
    )


@chance
class _Flip(NamedTuple):
    """The floor's chance step: ten outcomes, then a decision (or the end)."""

    def outcomes(self, t: Any) -> tuple[int, ...]:
        return _TEN

    def resolve(self, t: Any, o: int) -> None:
        t.left -= 1
        if t.left:
            t.tasks.append(_PICK)


@decision
class _Pick(NamedTuple):
    """The floor's decision: ten options, then a chance step."""

    seat: int

    def legal(self, t: Any) -> tuple[int, ...]:
        return _TEN

    def resolve(self, t: Any, a: int) -> None:
        t.tasks.append(_FLIP)


_TEN, _FLIP, _PICK = tuple(range(10)), _Flip(), _Pick(0)


class _FloorTable(Table):
    left: int = value()
    pile: list[int] = items()


class _Floor(KernelGame):
    """Steps with no rule: what the kernel's loop costs a step (:func:`kernel_floor`)."""

    table = _FloorTable
    name, version, num_players = "floor", 1, 1

    def setup(self, t: Any) -> None:
        t.left, t.pile = 500, []  # 500 chance steps and 499 decisions
        t.tasks.append(_FLIP)

    def score(self, t: Any) -> tuple[float, ...]:
        return (0.0,)


def kernel_floor(games: int = 40) -> tuple[float, float]:
    """CPU microseconds a step with no rule costs in place and on the immutable path
    (:class:`_Floor`: 999 chance steps and decisions a game, each drawing from ten
    items with the rng, as a random player and a uniform chance step do)."""
    game, out = _Floor(), []
    for run in (playout_in_place, playout):
        run(game, random_player, 0)
        cpu0 = time.process_time()
        for k in range(games):
            run(game, random_player, k)
        out.append((time.process_time() - cpu0) / (games * 999) * 1e6)
    return out[0], out[1]


def rng_floor(steps: float, draws: int = 200_000) -> float:
    """Games per CPU second if each of a game's ``steps`` cost only its ``rng.choice``
    over ten items (no rule, no kernel): the most any kernel could reach."""
    rng, items = random.Random(1), list(range(10))
    choose, cpu0 = rng.choice, time.process_time()
    for _ in range(draws):
        choose(items)
    return draws / ((time.process_time() - cpu0) * steps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="*", help="games to measure (default: every registered game)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per game and path")
    parser.add_argument("--sweep", action="store_true", help="also time a 2-worker dask sweep")
    parser.add_argument(
        "--profile",
        type=int,
        default=0,
        metavar="N",
        help="print each game's top N functions by own time (cProfile)",
    )
    args = parser.parse_args(argv)
    names = args.games or list(game_names())
    head = (
        f"{'game':<10} {'in place g/cpu-s':>16} {'g/wall-s':>8} {'goal':>6} {'ratio':>6} "
        f"{'immutable g/cpu-s':>17} {'in place/imm':>12} {'session x':>9} {'B/step':>7} "
        f"{'steps/g':>7} {'us/step':>7} {'krnl floor':>10} {'rng floor':>9}"
    )
    print(f"one process; rates per CPU second (time.process_time); load average {load_average()}")
    print(f"compiled: {compiled_status()} (make compile; WORKBENCH_COMPILED=1)")
    floor_in_place, floor_immutable = kernel_floor()
    print(
        f"kernel floor: a step with no rule costs {floor_in_place:.2f} CPU us in place, "
        f"{floor_immutable:.2f} on the immutable path ({floor_immutable / floor_in_place:.1f}x)"
    )
    print(head)
    print("-" * len(head))
    below: list[str] = []
    for name in names:
        game = make_game(name)
        immutable = rate(lambda s, g=game: playout(g, random_player, s), args.seconds)
        fast, fast_wall = (
            rates(lambda s, g=game: playout_in_place(g, random_player, s), args.seconds)
            if runs_in_place(game)
            else (float("nan"),) * 2
        )

        def in_session(seed: int, g: Any = game) -> None:
            Session(g, seed=seed).play_to_end(random_player)

        session = rate(in_session, args.seconds)
        per_step = session_bytes_per_step(game)
        steps = steps_per_game(game)
        goal = GOAL_IN_PLACE_BY_GAME.get(name, GOAL_IN_PLACE)
        print(
            f"{name:<10} {fast:>16.0f} {fast_wall:>8.0f} {goal:>6.0f} "
            f"{fast / goal:>6.2f} {immutable:>17.0f} {fast / immutable:>12.2f} "
            f"{immutable / session:>9.2f} {per_step:>7.0f} {steps:>7.0f} "
            f"{1e6 / (fast * steps):>7.2f} {1e6 / (floor_in_place * steps):>10.0f} "
            f"{rng_floor(steps):>9.0f}"
        )
        if name == "pig" and runs_in_place(game):
            for line in pig_anchor_lines(game, args.seconds):
                print(f"{'':<10} {line}")
        sys.stdout.flush()
        if not fast >= goal:
            below.append(f"{name} in place")
        if fast / immutable > GOAL_IMMUTABLE_RATIO:
            below.append(f"{name} immutable path ({fast / immutable:.1f}x of in place)")
        if immutable / session > GOAL_SESSION_RATIO:
            below.append(f"{name} session overhead")
        if per_step > GOAL_BYTES_PER_STEP:
            below.append(f"{name} session memory")
    for name in names if args.profile else ():
        game = make_game(name)
        paths = [("immutable", lambda s, g=game: playout(g, random_player, s))]
        if runs_in_place(game):
            paths.insert(0, ("in place", lambda s, g=game: playout_in_place(g, random_player, s)))
        for path, play_one in paths:
            print(f"\nprofile {name} {path} (20 games; top {args.profile} by own time):")
            print(profile_top(play_one, 20, args.profile))
    if args.sweep:  # bench/dask_speedup.py's rows: wall and CPU, one core against 2 workers
        from dask_speedup import main as dask_speedup

        print()
        dask_speedup([*names, "--players", "random", "--sweep"])
    print(
        f"goals: in place ≥ {GOAL_IN_PLACE:.0f} games per CPU second (mugen, life "
        f"{GOAL_IN_PLACE_BY_GAME['mugen']:.0f}); immutable within {GOAL_IMMUTABLE_RATIO:.0f}× of "
        f"in place; session ≤ {GOAL_SESSION_RATIO}× "
        f"the immutable playout; ≤ {GOAL_BYTES_PER_STEP:.0f} B per session step"
    )
    if below:
        print(f"below goal: {', '.join(below)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
