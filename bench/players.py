"""Search players' speed per registered game: one ``ismcts`` decision, and whole games
of ``ismcts`` against ``greedy`` (issue 13, item 7).

Single process, one core. For each game, one game of ``ismcts:400`` (seat 0)
against ``greedy`` (every other seat) is played, timing every decision of
the search player that has a choice (more than one legal action):

- **decision**: the median, 90% quantile and mean **CPU** seconds of those
  decisions (``time.process_time``: what the search costs, whatever else the
  shared machine runs; goal: median under 0.25 s), the wall median beside it;
- **games/min**: ismcts:400 against greedy, from that game's wall time (when
  the game runs past ``--seconds``, the search stops timing and the rate is
  estimated from the decisions a greedy-vs-greedy game of the same seed asks
  of seat 0, marked ``~``).

With ``--ladder GAME`` (ladder mode) it times instead each match of that game's
skill ladder (``runs.ladder.ladder_matches``: with more than two seats only
the row player searches; by default the levels and seats of the ladder in
``notebooks/results/GAME/``) at ``--ladder-games`` games (10-20: a small fraction
of a full run), and with ``--answers GAME`` the skilled answers
``scripts/skilled_results.py GAME answers`` computes (every question, its
tables, at ``--levels``), at ``--answer-games`` games a table (``--profile``: under
cProfile, and the share of the players' decisions, of the search's parts, of the games'
own steps and of the answers' own tables in that CPU). Each part is
played in this process and its CPU seconds a game measured; the printed
**estimate** for the full run (200 games a pairing, 200 a table) is that CPU
scaled to the full number of games, divided by 2 workers, plus the shared
cluster's start-up. It assumes two free cores, an even split of the games over
the two workers, a dask overhead as ``bench/dask_speedup.py`` measures it
(a few per cent), and games as long on average as the few measured. Goals:
a ladder under 10 minutes for mugen and under 30 for every game, the answers
under 10 minutes. ``--nice 10`` (the default) lowers this process's priority.

Run: ``.venv/bin/python bench/players.py [--spec ismcts:400] [--seconds 120] [game ...]``
or ``.venv/bin/python bench/players.py --ladder mugen --ladder-games 12`` or
``--answers life --answer-games 10``.
The load average is printed in the header. Anchor (``open_spiel``, the ``bench`` extra,
when installed): OpenSpiel's C++ MCTS (``pyspiel.MCTSBot`` with ``RandomRolloutEvaluator``:
one uniformly random rollout a simulation, 400 simulations, no solver, the exploration
constant of ours on its -1..1 returns) against our search **at equal rollout policy**, on
the same Pig positions (:data:`ANCHOR_POSITIONS`, reached by the same rolls and holds on
both sides), CPU seconds a decision and the ratio: our ``ismcts:400:random`` and
``open:400:random`` (the search on the true state, keyed by moves as OpenSpiel's tree is):
uniformly random rollouts, Pig's rule of thumb ignored, plain UCT; and beside them the
spec asked for (``ismcts:400``: Pig's guided rollouts, the figure the anchor printed
before). The two Pigs' random games differ in length (``bench/sim.py``), so the mean
random playout from the positions is printed on both sides, and CPU a rollout step is
estimated as a decision's CPU over 400 such playouts (the tree's own steps neglected).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Hashable
from typing import Any

from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.seeds import derive_seed
from workbench.engine.players.specs import player_from_spec
from workbench.engine.runs.playout import playout_in_place
from workbench.registry import game_names, make_game

GOAL_DECISION = 0.25
GOAL_LADDER_MINUTES = {"mugen": 10.0}  # issue 22 item 4: mugen 10, every game 30
GOAL_LADDER_ANY = 30.0
GOAL_ANSWERS_MINUTES = 10.0
FULL_GAMES = 200
WORKERS = 2
STARTUP_SECONDS = 8.0  # the shared cluster's start-up, as bench/dask_speedup.py prints it


def _estimate(game: str, what: str, parts: list[tuple[str, int, float, int]], goal: float) -> None:
    """Print each measured part (label, games played, CPU s, games in the full run) and
    the labelled estimate."""
    total = 0.0
    for label, games, cpu, full_games in parts:
        full = cpu / games * full_games
        total += full
        print(
            f"  {label:<44} {games:>4} games {cpu:>8.1f} CPU s  {cpu / games:>7.2f} s a game "
            f"-> {full / 60:>6.1f} CPU min at {full_games}",
            flush=True,
        )
    minutes = (total / WORKERS + STARTUP_SECONDS) / 60
    print(
        f"ESTIMATE (extrapolated, not measured) {game} {what} at {FULL_GAMES} games: "
        f"{total / 60:.1f} CPU min -> ~{minutes:.1f} min on {WORKERS} free cores "
        f"with the cluster's start-up taken as {STARTUP_SECONDS:.0f} s (goal {goal:.0f} min, "
        f"ratio {minutes / goal:.2f}); load {_load()}"
    )


def _load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def time_ladder(game: str, games: int, levels: list[str], seats: int | None) -> int:
    """Time each match of one game's ladder in this process (CPU a game) and print the
    estimate of the full ladder (see the module docstring)."""
    from workbench.engine.runs.ladder import ladder_matches
    from workbench.engine.runs.match import build_game, play_match

    seats = seats or make_game(game).num_players
    build_game(game, seats)  # built (sheets read) before any timing
    games = -(-games // seats) * seats
    print(
        f"{game} ladder, {seats} seats, levels {','.join(levels)}: {games} games a pairing "
        f"measured, one core, CPU seconds (time.process_time); load {_load()}"
    )
    parts = []
    for _, _, _, line, seed in ladder_matches(levels, seats, seed=1):
        cpu = time.process_time()
        play_match(game, line, games, seed, swap_seats=True)
        parts.append(
            (" vs ".join(dict.fromkeys(line)), games, time.process_time() - cpu, FULL_GAMES)
        )
        label, _, spent, _ = parts[-1]
        print(f"  {label:<44} {games:>4} games {spent:>8.1f} CPU s", flush=True)
    print(f"{game} ladder per pairing:")
    _estimate(
        game,
        f"ladder ({len(parts)} pairings)",
        parts,
        GOAL_LADDER_MINUTES.get(game, GOAL_LADDER_ANY),
    )
    return 0


def published_ladder(game: str) -> tuple[list[str], int | None]:
    """The levels and seats of the ladder in ``notebooks/results/<game>/`` (the one the
    notebooks show, remade by ``scripts/skilled_results.py GAME ladder``), else the
    default levels at the game's own seats."""
    import re

    from workbench.engine.measure.skilled_results import load_results
    from workbench.engine.runs.ladder import LEVELS

    made = load_results(game).provenance.get("ladder", {})
    seats = re.search(r"seats=(\d+)", str(made.get("call", "")))
    return list(made.get("levels") or LEVELS), int(seats.group(1)) if seats else None


def time_answers(game: str, games: int, levels: list[str], profile: bool = False) -> int:
    """Time the skilled answers of one game (every question and level) in this process and
    print the estimate of ``scripts/skilled_results.py GAME answers`` at 200 games; with
    ``profile``, also where their CPU goes (:func:`answer_shares`)."""
    import cProfile
    import pstats

    from workbench.engine.measure.skilled import ask, game_questions

    make_game(game)  # built (sheets read) before any timing
    print(
        f"{game} skilled answers, levels {','.join(levels)}: {games} games a table measured, "
        f"one core, CPU seconds (time.process_time{', under cProfile' * profile}); "
        f"load {_load()}"
    )
    parts = []
    prof = cProfile.Profile(time.process_time)  # CPU seconds, not wall: the machine is shared
    for question in game_questions(game):
        for level in levels:
            cpu = time.process_time()
            if profile:
                prof.enable()
            ask(game, [level], games, seed=1, questions=[question])
            if profile:
                prof.disable()
            tables = len(question.variants)
            parts.append(
                (
                    f"{question.key} ({tables} table{'s' * (tables > 1)}) {level}",
                    games * tables,
                    time.process_time() - cpu,
                    FULL_GAMES * tables,
                )
            )
    _estimate(
        game, "answers" + " (profiled: slower than plain)" * profile, parts, GOAL_ANSWERS_MINUTES
    )
    if profile:
        share = answer_shares(pstats.Stats(prof))
        whole = share["ask"] or 1.0
        print(
            f"where the answers' CPU goes ({whole:.1f} profiled s): the players' decisions "
            f"{share['decisions'] / whole:.1%}, of which the search's "
            + ", ".join(f"{k} {share[k] / whole:.1%}" for k in SEARCH_PARTS)
            + " (policy: the game's rollout_action, in the rollouts and in the tree)"
            + f"; the games' own steps and records (record_play less the decisions) "
            f"{share['games'] / whole:.1%}; the answers' own tables (ask less record_play) "
            f"{share['answers'] / whole:.1%}"
        )
    return 0


SEARCH_PARTS = ("rollouts", "policy", "observe", "determinize", "tree")
"""The parts of a search's time, as ``bench/search_profile.py`` names them."""


def answer_shares(stats: Any) -> dict[str, float]:
    """Cumulative profiled seconds of the skilled answers' parts: ``ask`` (all of it),
    ``decisions`` (every player's ``__call__``), ``games`` (``record_play`` less the
    decisions: the kernel's steps, chance, the per-decision records), ``answers`` (``ask``
    less ``record_play``: the frames and the questions' answers) and the search's parts
    (:data:`SEARCH_PARTS`, from ``bench/search_profile.py``'s ``shares``)."""
    from search_profile import shares

    out = dict.fromkeys(("ask", "decisions", "record_play"), 0.0)
    for (path, _, fn), (_, _, _, cum, _) in stats.stats.items():
        if fn == "ask" and path.endswith("measure/skilled.py"):
            out["ask"] += cum
        elif fn == "record_play" and path.endswith("measure/metrics.py"):
            out["record_play"] += cum
        elif fn == "__call__" and "/engine/players/" in path:
            out["decisions"] += cum
    out["games"] = out["record_play"] - out["decisions"]
    out["answers"] = out["ask"] - out["record_play"]
    search = shares(stats)
    return {**out, **{k: search[k] for k in SEARCH_PARTS}}


class Timed:
    """Wraps a player: times its decisions with a choice; after ``budget`` seconds it
    plays the ``fallback`` player instead (so a slow game still ends)."""

    def __init__(self, player: Any, fallback: Any, budget: float) -> None:
        self.player, self.fallback, self.budget = player, fallback, budget
        self.times: list[float] = []
        self.walls: list[float] = []
        self.spent = 0.0
        self.cut = False
        self.__name__ = getattr(player, "__name__", "timed")

    def __call__(self, view: SeatView, rng: random.Random) -> Hashable:
        if self.spent >= self.budget:
            self.cut = True
            return self.fallback(view, rng)  # type: ignore[no-any-return]
        start, wall = time.process_time(), time.perf_counter()
        action = self.player(view, rng)
        took = time.process_time() - start
        self.spent += took
        if len(view.legal_ids) > 1:
            self.times.append(took)
            self.walls.append(time.perf_counter() - wall)
        return action  # type: ignore[no-any-return]


def measure(name: str, spec: str, seconds: float, seed: int) -> dict[str, Any]:
    """Decision times and games per minute of ``spec`` against greedy in one game."""
    game = make_game(name)
    greedy = player_from_spec("greedy", name)
    timed = Timed(player_from_spec(spec, name), greedy, seconds)
    line = [timed] + [greedy] * (game.num_players - 1)
    start = time.perf_counter()
    playout_in_place(game, line, derive_seed("bench-players", seed))
    wall = time.perf_counter() - start
    times = sorted(timed.times) or [float("nan")]
    if not timed.cut:
        per_minute, estimated = 60.0 / wall, False
    else:  # decisions seat 0 faces in a greedy game of the same seed, at the median time
        counter = Timed(greedy, greedy, float("inf"))
        playout_in_place(
            game, [counter] + [greedy] * (game.num_players - 1), derive_seed("bench-players", seed)
        )
        per_minute = 60.0 / (len(counter.times) * statistics.median(times) + 1e-9)
        estimated = True
    walls = timed.walls or [float("nan")]
    return {
        "game": name,
        "decisions": len(timed.times),
        "median": statistics.median(times),
        "wall": statistics.median(walls),
        "p90": times[int(0.9 * (len(times) - 1))],
        "mean": statistics.fmean(times),
        "per_minute": per_minute,
        "estimated": estimated,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="*", help="games to measure (default: every registered game)"
    )
    parser.add_argument(
        "--spec", default="ismcts:400", help="the search player (default ismcts:400)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=120.0,
        help="search time per game before the rest is estimated",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ladder", help="time this game's skill ladder instead")
    parser.add_argument("--ladder-games", type=int, default=12)
    parser.add_argument("--ladder-seats", type=int)
    parser.add_argument(
        "--levels",
        help="ladder: default the levels of the ladder in "
        "notebooks/results/GAME (else random,greedy,osla,ismcts:100,ismcts:400) "
        "at its seats; answers: greedy,ismcts:100 (skilled_results' default)",
    )
    parser.add_argument("--answers", help="time this game's skilled answers instead")
    parser.add_argument("--answer-games", type=int, default=10)
    parser.add_argument(
        "--profile",
        action="store_true",
        help="answers: also print where their CPU goes (under cProfile)",
    )
    parser.add_argument("--nice", type=int, default=10, help="ladder, answers: niceness (10)")
    args = parser.parse_args(argv)
    if args.ladder or args.answers:
        os.nice(args.nice)
    if args.ladder:
        levels, seats = published_ladder(args.ladder)
        if args.levels:
            levels = args.levels.split(",")
        return time_ladder(args.ladder, args.ladder_games, levels, args.ladder_seats or seats)
    if args.answers:
        levels = (args.levels or "greedy,ismcts:100").split(",")
        return time_answers(args.answers, args.answer_games, levels, args.profile)
    names = args.games or list(game_names())
    head = (
        f"{'game':<10} {'decisions':>9} {'median cpu':>10} {'p90':>7} {'mean':>7} "
        f"{'wall med':>8} {'goal':>5} {'ratio':>6} {'games/min':>10}"
    )
    print(
        f"{args.spec} (seat 0) against greedy, one core; CPU seconds a decision "
        f"(time.process_time); load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    print(head)
    print("-" * len(head))
    slow = []
    for name in names:
        r = measure(name, args.spec, args.seconds, args.seed)
        mark = "~" if r["estimated"] else " "
        print(
            f"{name:<10} {r['decisions']:>9} {r['median']:>10.3f} {r['p90']:>7.3f} "
            f"{r['mean']:>7.3f} {r['wall']:>8.3f} {GOAL_DECISION:>5.2f} "
            f"{r['median'] / GOAL_DECISION:>6.2f} {mark}{r['per_minute']:>9.2f}"
        )
        sys.stdout.flush()
        if r["median"] > GOAL_DECISION:
            slow.append(name)
    if slow:
        print(f"median decision over {GOAL_DECISION} CPU s: {', '.join(slow)}")
    for line in anchor_lines(args.spec):
        print(line, flush=True)
    return 0


ANCHOR_POSITIONS = ((0, 0, 4), (30, 50, 10), (62, 45, 15), (85, 90, 6))
"""Pig positions the anchor times: (seat 0's score, seat 1's, seat 0's turn total), seat 0
to decide between roll and hold."""
ANCHOR_ITERATIONS = 400


def _faces(points: int) -> list[int]:
    """Die faces (2..6) adding up to ``points`` (not 1): the rolls that bank them."""
    out = []
    while points:
        face = 5 if points - 6 == 1 else min(6, points)
        out.append(face)
        points -= face
    return out


def pig_path(position: tuple[int, int, int]) -> list[tuple[str, int]]:
    """The steps from the start to ``position``: ("roll", 0), ("face", f), ("hold", 0);
    a seat with 0 points passes by rolling a 1.

    >>> pig_path((0, 5, 2))
    [('roll', 0), ('face', 1), ('roll', 0), ('face', 5), ('hold', 0), ('roll', 0), ('face', 2)]
    """
    mine, theirs, total = position
    steps: list[tuple[str, int]] = []
    for points in (mine, theirs):
        for face in _faces(points) or [1]:
            steps += [("roll", 0), ("face", face)]
        if points:
            steps.append(("hold", 0))
    for face in _faces(total):
        steps += [("roll", 0), ("face", face)]
    return steps


def _mean_playout(step_to_end: Any, reps: int = 300) -> float:
    """Mean steps of ``step_to_end(rng)`` (a uniformly random playout) over ``reps``."""
    return statistics.fmean(step_to_end(random.Random(k)) for k in range(reps))


def anchor_lines(spec: str, reps: int = 3) -> list[str]:
    """OpenSpiel's C++ MCTS on its Pig against our search on ours, at equal rollout policy,
    CPU seconds a decision on the same positions (see the module docstring)."""
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return ["anchor: not installed (OpenSpiel: pip install -e .[bench])"]
    try:
        ours_game = make_game("pig")
    except Exception:  # pig is an example package: make install adds it
        return ["anchor: pig is not installed (make install)"]
    from workbench.engine.kernel.protocol import CHANCE, TERMINAL
    from workbench.engine.players.rollouts import work_table
    from workbench.engine.players.search import UCT_C

    game = pyspiel.load_game("pig", {"winscore": 100, "players": 2})
    n = ANCHOR_ITERATIONS
    sides = {
        name: player_from_spec(name, "pig")
        for name in (f"ismcts:{n}:random", f"open:{n}:random", spec)
    }
    cpu = {name: 0.0 for name in ["openspiel", *sides]}
    wall = dict(cpu)
    lengths: dict[str, list[float]] = {"openspiel": [], "ours": []}
    for position in ANCHOR_POSITIONS:
        theirs, ours = game.new_initial_state(), ours_game.initial_state()
        for kind, face in pig_path(position):
            theirs.apply_action({"roll": 0, "hold": 1}.get(kind, face - 1))
            ours = ours_game.apply(ours, face if kind == "face" else kind)
        assert ours.scores == tuple(position[:2]) and ours.total == position[2], ours
        assert str(theirs).startswith(f"Scores: {position[0]} {position[1]}"), str(theirs)

        def theirs_to_end(rng: random.Random, s0: Any = theirs) -> int:
            s, steps = s0.clone(), 0
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(rng.randrange(len(s.chance_outcomes())))
                else:
                    acts = s.legal_actions()
                    s.apply_action(acts[rng.randrange(len(acts))])
                steps += 1
            return steps

        lengths["openspiel"].append(_mean_playout(theirs_to_end))

        def ours_to_end(rng: random.Random, s0: Any = ours) -> int:
            t, steps = work_table(ours_game, s0), 0
            while (who := t.to_move()) != TERMINAL:
                if who == CHANCE:
                    t.step(t.sample(rng))
                else:
                    ids = t.legal()
                    t.step(ids[rng.randrange(len(ids))])
                steps += 1
            return steps

        lengths["ours"].append(_mean_playout(ours_to_end))
        bot = pyspiel.MCTSBot(
            game, pyspiel.RandomRolloutEvaluator(1, 1), 2 * UCT_C, n, 10**6, False, 1, False
        )
        start, wall0 = time.process_time(), time.perf_counter()
        for _ in range(reps * 4):
            bot.step(theirs)
        cpu["openspiel"] += (time.process_time() - start) / (reps * 4)
        wall["openspiel"] += (time.perf_counter() - wall0) / (reps * 4)
        for name, player in sides.items():
            start, wall0 = time.process_time(), time.perf_counter()
            for k in range(reps):
                player(SeatView(ours_game, 0, ours), random.Random(k))
            cpu[name] += (time.process_time() - start) / reps
            wall[name] += (time.perf_counter() - wall0) / reps
    k = len(ANCHOR_POSITIONS)
    per = {name: c / k for name, c in cpu.items()}
    per_wall = {name: c / k for name, c in wall.items()}
    theirs_len, ours_len = (statistics.fmean(lengths[s]) for s in ("openspiel", "ours"))
    step_theirs = per["openspiel"] / (n * theirs_len)
    out = [
        f"anchor: {n} iterations a decision, mean over {k} Pig positions {ANCHOR_POSITIONS} "
        f"(scores, turn total); load {_load()}",
        f"  OpenSpiel C++ MCTS, random rollouts (uct_c {2 * UCT_C:g} on -1..1): "
        f"{per['openspiel']:.4f} CPU s a decision ({per_wall['openspiel']:.4f} wall); "
        f"a random playout from the positions "
        f"{theirs_len:.1f} steps (ours {ours_len:.1f}); ~{step_theirs * 1e6:.3f} CPU us "
        f"a rollout step",
    ]
    for name in sides:
        step = per[name] / (n * ours_len)
        out.append(
            f"  our {name:<34} {per[name]:.4f} CPU s a decision ({per_wall[name]:.4f} wall), "
            f"{per[name] / per['openspiel']:.1f}x OpenSpiel's CPU; ~{step * 1e6:.2f} CPU us a "
            f"rollout step"
            + (
                f", {step / step_theirs:.1f}x"
                if name.endswith(":random")
                else " (the game's own rollouts: not the same work)"
            )
        )
    return out


if __name__ == "__main__":
    sys.exit(main())
