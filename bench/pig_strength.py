"""How strong a search player is against an exact reference: Pig's optimal policy (issue 22).

Pig is solved exactly (``workbench.engine.solve``); a player (``--spec``,
default ``ismcts:400``) plays ``--games`` games against the optimal policy,
seats swapped every game; the dice come from the game's seed, each player
draws from its own rng (``player_rngs``), so every player meets the same dice
until its moves differ. Two measures:

- **exact loss per decision**: at every decision of the player with a
  choice, the solver's chance of winning after the optimal action minus
  after the action taken (chance nodes expanded exactly down to the next
  decision): an unbiased measure with far less variance than counting wins;
  its sum over a game is what the player gave away;
- **score**: the share of games won, with a 95% Wilson interval (the goal:
  at least what ``hold:20`` scores, 46%).

With ``--pair SPEC`` (``ismcts:400:keep`` beside ``ismcts:400``: tree reuse at the same
iterations, so the same CPU a decision) both play the same games (same seeds, seats and
dice until their moves differ), and the paired difference per game is printed with its
95% interval and a verdict: the exact loss per game, the score, and CPU seconds per
decision.

The same is printed for ``--reference`` (default ``hold:20``) and for the
game's rollout policy alone (the cheap player the search is guided by: Neller
& Presser's keep-pace-and-end-race) over the same seeds. CPU seconds (``time.process_time``) beside wall seconds, and the load
average: the machine is shared.

Run: ``.venv/bin/python bench/pig_strength.py [--goal 100] [--games 1000] [--spec ismcts:400]``.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import Any

from workbench.engine.kernel.protocol import CHANCE, TERMINAL
from workbench.engine.kernel.seat import SeatView
from workbench.engine.kernel.seeds import derive_seed, player_rngs
from workbench.engine.players.specs import player_from_spec
from workbench.prob.intervals import wilson as wilson_interval
from workbench.registry import make_game

GOAL_SCORE = 0.46


def chance_value(solution: Any, game: Any, state: Any, seat: int) -> float:
    """``seat``'s exact chance of winning from ``state``, chance nodes expanded."""
    who = game.current_player(state)
    if who != CHANCE:
        return solution.state_value(state)[seat]  # type: ignore[no-any-return]
    dist = game.chance_outcomes(state)
    return (
        sum(w * chance_value(solution, game, game.apply(state, o), seat) for o, w in dist.items())
        / dist.total
    )


def play(
    game: Any, solution: Any, player: Any, games: int | range, seed: int, progress: Any = None
) -> dict[str, Any]:
    """``games`` games of ``player`` against the optimal policy, seats swapped (a range:
    those games of the run; game ``i`` has the same seed and seats whoever plays it), and
    ``progress(partial result)`` is called after every game when given."""
    optimal = solution.player()
    losses: list[float] = []
    per_game: list[tuple[int, float, int]] = []  # (game number, its loss, won)
    wins = 0
    c0, t0 = time.process_time(), time.perf_counter()
    numbers = range(games) if isinstance(games, int) else games
    for n, i in enumerate(numbers, 1):
        game_seed = derive_seed(seed, i)
        rng = random.Random(game_seed)  # chance only: the players draw from their own rngs
        mine, theirs = player_rngs(game_seed, 2)
        me = i % 2
        if me:
            mine, theirs = theirs, mine
        s = game.initial_state()
        mark = len(losses)
        while (who := game.current_player(s)) != TERMINAL:
            if who == CHANCE:
                s = game.apply(s, game.sample_chance(s, rng))
                continue
            view = SeatView(game, who, s)
            if who == me:
                a = player(view, mine)
                legal = view.legal_ids
                if len(legal) > 1:
                    q = {b: chance_value(solution, game, game.apply(s, b), me) for b in legal}
                    losses.append(max(q.values()) - q[a])
            else:
                a = optimal(view, theirs)
            s = game.apply(s, a)
        wins += game.winners(s) == (me,)
        per_game.append((i, sum(losses[mark:]), int(game.winners(s) == (me,))))
        if progress is not None:
            progress(
                {
                    "games": n,
                    "wins": wins,
                    "losses": losses,
                    "cpu": time.process_time() - c0,
                    "wall": time.perf_counter() - t0,
                }
            )
    return {
        "games": len(numbers),
        "wins": wins,
        "losses": losses,
        "per_game": per_game,
        "cpu": time.process_time() - c0,
        "wall": time.perf_counter() - t0,
    }


def play_shared(
    game: Any, solution: Any, player: Any, games: int, seed: int, jobs: int, progress: Any = None
) -> dict[str, Any]:
    """:func:`play` with the games dealt round-robin to ``jobs`` forked processes (the solved
    table is shared copy-on-write), merged: the same games and figures as one process plays,
    the CPU seconds summed over the processes, the wall seconds of the slowest."""
    if jobs <= 1:
        return play(game, solution, player, games, seed, progress)
    ctx = multiprocessing.get_context("fork")
    queue = ctx.Queue()

    def child(k: int) -> None:
        queue.put(
            play(
                game,
                solution,
                player,
                range(k, games, jobs),
                seed,
                None if progress is None else lambda r: progress(r, k),
            )
        )

    procs = [ctx.Process(target=child, args=(k,)) for k in range(jobs)]
    for p in procs:
        p.start()
    parts = [queue.get() for _ in procs]
    for p in procs:
        p.join()
    return {
        "games": sum(r["games"] for r in parts),
        "wins": sum(r["wins"] for r in parts),
        "losses": [x for r in parts for x in r["losses"]],
        "per_game": sorted(x for r in parts for x in r["per_game"]),
        "cpu": sum(r["cpu"] for r in parts),
        "wall": max(r["wall"] for r in parts),
    }


def report(name: str, r: dict[str, Any]) -> str:
    lo, hi = wilson_interval(r["wins"], r["games"])
    loss = r["losses"]
    per = statistics.fmean(loss) if loss else 0.0
    sd = statistics.stdev(loss) / len(loss) ** 0.5 if len(loss) > 1 else 0.0
    mark = "meets" if lo >= GOAL_SCORE or r["wins"] / r["games"] >= GOAL_SCORE else "below"
    return (
        f"{name:<14} {r['games']:>6} {r['wins'] / r['games']:>7.1%} [{lo:.1%}, {hi:.1%}] "
        f"{len(loss):>9} {per:>10.5f} ±{sd:.5f} {per * len(loss) / r['games']:>9.4f} "
        f"{r['cpu']:>8.1f} {r['wall']:>8.1f}  ({mark} {GOAL_SCORE:.0%})"
    )


def paired(name: str, other: str, a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The paired difference ``a - b`` per game (same game numbers: same seeds and seats)
    in exact loss and in score, each with its 95% interval (normal, on the per-game
    differences) and a verdict; CPU seconds per decision of each beside."""
    by_game = {i: (loss, won) for i, loss, won in b["per_game"]}
    pairs = [(loss - by_game[i][0], won - by_game[i][1]) for i, loss, won in a["per_game"]]
    out = [f"paired, {name} minus {other}, {len(pairs)} games with the same seeds and seats:"]
    for k, (what, better) in enumerate((("exact loss/game", "lower"), ("score", "higher"))):
        d = [p[k] for p in pairs]
        mean = statistics.fmean(d)
        half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("inf")
        lo, hi = mean - half, mean + half
        if len(d) < 20:
            verdict = "too few games to say"
        elif lo <= 0 <= hi:
            verdict = "no difference shown (the interval holds 0)"
        else:
            verdict = f"{name} {'better' if (mean < 0) == (better == 'lower') else 'worse'}"
        out.append(f"  {what:<16} {mean:+.4f}  95% [{lo:+.4f}, {hi:+.4f}]  {verdict}")
    per = [r["cpu"] / max(1, len(r["losses"])) for r in (a, b)]
    out.append(
        f"  CPU s/decision   {name} {per[0]:.4f}, {other} {per[1]:.4f} (ratio {per[0] / per[1]:.2f})"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--spec", default="ismcts:400")
    parser.add_argument("--reference", default="hold:20")
    parser.add_argument(
        "--pair",
        default=None,
        metavar="SPEC",
        help="also play SPEC on the same games and print its paired difference from --spec "
        "(e.g. --spec ismcts:400:keep --pair ismcts:400:fresh)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        choices=range(1, 9),
        metavar="N",
        help="processes to share the games among (default 1)",
    )
    parser.add_argument(
        "--progress",
        type=int,
        default=0,
        metavar="N",
        help="print the running figures every N games (a long run can be read early)",
    )
    parser.add_argument(
        "--only-spec",
        action="store_true",
        help="play only --spec (skip the rollout policy and the reference)",
    )
    args = parser.parse_args(argv)
    from pig.players import solution_for

    game = make_game("pig", goal=args.goal)
    c0, t0 = time.process_time(), time.perf_counter()
    solution = solution_for(game)
    print(
        f"Pig to {args.goal} solved: {solution.states:,} states, {time.process_time() - c0:.1f} "
        f"CPU s ({time.perf_counter() - t0:.1f} wall s); load average "
        f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}"
    )
    head = (
        f"{'player':<14} {'games':>6} {'score':>7} {'95% interval':<16} {'decisions':>9} "
        f"{'loss/dec':>10} {'±se':>8} {'loss/game':>9} {'cpu s':>8} {'wall s':>8}"
    )
    print(
        f"against the optimal policy, seats swapped; loss = the solver's chance of winning "
        f"given away by the move\n{head}\n{'-' * len(head)}"
    )

    def guide(view: SeatView, rng: random.Random) -> Any:  # the search's rollout policy
        return game.rollout_action(game.thaw(view.state), rng)

    specs: tuple[str, ...] = (
        (args.spec,) if args.only_spec else ("rollout policy", args.reference, args.spec)
    )
    if args.pair:
        specs += (args.pair,)
    results = {}
    for spec in specs:
        player = guide if spec == "rollout policy" else player_from_spec(spec, "pig")

        def every(r: dict[str, Any], part: int = 0, spec: str = spec) -> None:
            if args.progress and r["games"] % args.progress == 0:
                label = f"{spec} [{part + 1}/{args.jobs}]" if args.jobs > 1 else spec
                print(report(label + " …", r), flush=True)

        r = play_shared(game, solution, player, args.games, args.seed, args.jobs, every)
        results[spec] = r
        print(report(spec, r), flush=True)
    if args.pair:
        print("\n".join(paired(args.spec, args.pair, results[args.spec], results[args.pair])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
