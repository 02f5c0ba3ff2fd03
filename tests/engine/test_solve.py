"""The exact solver against brute force: Nim, a chance game, the kernel's toy game."""

from __future__ import annotations

import functools
from fractions import Fraction
from itertools import permutations

import pytest
import sympy

from workbench.engine.conformance.kernel_toy import make_game as two_tricks
from workbench.engine.conformance.toy import TakeAway, TakeAwayParams
from workbench.engine.players import random_player
from workbench.engine.solve import NotSolvable, evaluate, solve
from workbench.games.peek.rules import make_game as peek


def _nim_random(n: int, most: int = 3) -> Fraction:
    """P(player to move wins) in one-pile Nim with uniformly random moves, by recursion."""

    @functools.cache
    def f(k: int) -> Fraction:
        if k == 0:
            return Fraction(0)
        takes = range(1, min(most, k) + 1)
        return sum((1 - f(k - t) for t in takes), Fraction(0)) / len(takes)

    return f(n)


@pytest.mark.parametrize("stones", [1, 4, 7, 10])
def test_nim_optimal_and_random_match_brute_force(stones):
    game = TakeAway(TakeAwayParams(stones=stones))
    sol = solve(game)
    first_wins = stones % 4 != 0
    assert sol.exact_value == (int(first_wins), int(not first_wins))
    if first_wins:
        assert sol.action(game.initial_state()) == stones % 4
    p = _nim_random(stones)
    assert evaluate(game, ["random", "random"]).exact_value == (
        sympy.Rational(p.numerator, p.denominator),
        1 - sympy.Rational(p.numerator, p.denominator),
    )


def _two_tricks_open() -> Fraction:
    """Two Tricks with open hands, by brute force over every deal (the deck order)."""
    deck = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]

    def tricks(a: int, b: int) -> tuple[int, int]:
        return (1, 0) if a > b else (0, 1) if b > a else (0, 0)

    def share(t0: int, t1: int) -> Fraction:
        return Fraction(1) if t0 > t1 else Fraction(0) if t1 > t0 else Fraction(1, 2)

    total, count = Fraction(0), 0
    for d in permutations(range(10), 4):  # cards dealt: seat 0, seat 1, seat 0, seat 1
        h0, h1 = [deck[d[0]], deck[d[2]]], [deck[d[1]], deck[d[3]]]
        best0 = Fraction(-1)
        for i in range(2):  # seat 0 leads; seat 1 answers knowing everything; seat 0 maximises
            a, a2 = h0[i], h0[1 - i]
            worst = Fraction(2)
            for j in range(2):
                b, b2 = h1[j], h1[1 - j]
                x, y = tricks(a, b)
                u, v = tricks(a2, b2)
                worst = min(worst, share(x + u, y + v))
            best0 = max(best0, worst)
        total += best0
        count += 1
    return total / count


def test_two_tricks_open_hands_matches_brute_force_and_hidden_cards_are_refused():
    with pytest.raises(NotSolvable, match="cannot see the whole state"):
        solve(two_tricks())
    sol = solve(two_tricks(), open_hands=True)
    p = _two_tricks_open()
    assert sol.exact_value[0] == sympy.Rational(p.numerator, p.denominator)
    assert sol.value[0] == pytest.approx(float(p), abs=1e-9)


def test_peek_is_refused_and_too_many_states_is_a_clear_error():
    with pytest.raises(NotSolvable, match="perfect information"):
        solve(peek())
    with pytest.raises(NotSolvable, match=r"more than 5 reachable states"):
        solve(TakeAway(TakeAwayParams(stones=20)), max_states=5)


def test_a_deterministic_player_is_evaluated_and_the_optimal_player_plays_the_solution():
    game = TakeAway(TakeAwayParams(stones=9))
    sol = solve(game)
    me = sol.player()
    from workbench.engine.runs.playout import playout

    for seed in range(5):  # optimal first player always wins against random
        r = playout(game, [me, random_player], seed)
        assert game.winners(r.final) == (0,)
    take_one = lambda view, rng: 1  # noqa: E731
    assert evaluate(game, [take_one, take_one]).exact_value == (1, 0)  # 9 single takes
    assert evaluate(sol, [sol, "random"]).exact_value == (1, 0)


class _KeyedTakeAway(TakeAway):
    """TakeAway declaring the solver's compact encoding (stones and seat as one number)."""

    solve_key_space = 64

    def solve_key(self, t):
        s = t.freeze()
        return s.stones * 2 + s.to_move

    def solve_table(self, key):
        from workbench.engine.conformance.toy import TakeAwayState
        from workbench.engine.players.rollouts import work_table

        return work_table(self, TakeAwayState(key // 2, key % 2))


@pytest.mark.parametrize("space", [64, None])
def test_a_game_s_compact_encoding_gives_the_same_solution(space):
    plain, keyed = TakeAway(TakeAwayParams(stones=10)), _KeyedTakeAway(TakeAwayParams(stones=10))
    keyed.solve_key_space = space  # a flat index, or a dict when the game gives no bound
    a, b = solve(plain), solve(keyed)
    assert b.graph.keys is not None and a.graph.keys is None
    assert b.exact_value == a.exact_value == (1, 0) and b.states == a.states == 20
    for state in a.graph.states:
        assert b.state_value(state) == a.state_value(state)
        if a.best[a.graph.index[state]] >= 0:
            assert b.action(state) == a.action(state)
    assert sorted(map(repr, b.graph.states)) == sorted(map(repr, a.graph.states))
    assert (
        evaluate(b, ["random", "random"]).exact_value
        == evaluate(a, ["random", "random"]).exact_value
        == (
            sympy.Rational(_nim_random(10).numerator, _nim_random(10).denominator),
            1 - sympy.Rational(_nim_random(10).numerator, _nim_random(10).denominator),
        )
    )
    with pytest.raises(NotSolvable, match=r"more than 5 reachable states"):
        solve(keyed, max_states=5)


def test_a_key_outside_the_declared_key_space_is_a_clear_error():
    keyed = _KeyedTakeAway(TakeAwayParams(stones=10))
    keyed.solve_key_space = 8
    with pytest.raises(
        ValueError,
        match=r"takeaway: solve_key gave \d+, not a whole number in "
        r"0\.\.8 \(solve_key_space\)",
    ):
        solve(keyed)


def test_every_seat_s_values_satisfy_the_bellman_equations_with_three_seats():
    """Pig with three seats (the iteration keeps one row of values per seat): every decision
    state's values are those of its best row, recomputed here from the graph's own exact
    weights, the chosen row is a best one for the seat to move, and each state's shares
    of the win add up to 1; at the end they are the game's own shares."""
    pig_rules = pytest.importorskip("pig.rules", reason="examples/pig is installed by make install")
    sol = solve(pig_rules.make_game(goal=6, players=3))
    g, values = sol.graph, sol.values
    assert values.shape == (len(g.states), 3) and len(g.states) > 200
    for s in range(len(g.states)):
        assert sum(values[s]) == pytest.approx(1.0, abs=1e-9)
        rows = g.rows_of(s)
        if not rows:
            assert values[s].tolist() == [float(x) for x in g.shares[s]]
            continue
        q = {
            r: [
                sum(
                    g.num[t] / g.den[t] * values[g.succ[t]][seat]
                    for t in range(g.ptr[r], g.ptr[r + 1])
                )
                for seat in range(3)
            ]
            for r in rows
        }
        chosen = int(sol.best[s])
        assert values[s].tolist() == pytest.approx(q[chosen], abs=1e-9)
        assert q[chosen][g.mover[s]] >= max(x[g.mover[s]] for x in q.values()) - 1e-9


# -- a race with chance after decisions: repeated outcomes (unequal weights) and chains --
from typing import NamedTuple  # noqa: E402

from workbench.engine.kernel import KernelGame, Table, chance, decision, items  # noqa: E402


class _RaceTable(Table):
    pos: list[int] = items()


@decision
class _Move(NamedTuple):
    seat: int

    def legal(self, t):
        return ["walk", "dice", "coin"]

    def resolve(self, t, action):
        if action == "walk":
            _advance(t, self.seat, 1)
        else:
            t.push(_Dice(self.seat) if action == "dice" else _Coin(self.seat))


@chance
class _Dice(NamedTuple):  # 0 twice: unequal weights; a 2 rolls again (a chain)
    seat: int

    def outcomes(self, t):
        return [0, 0, 1, 2]

    def resolve(self, t, roll):
        if roll == 2 and t.pos[self.seat] + 2 < 5:
            t.pos[self.seat] += 2
            t.push(_Dice(self.seat))
        else:
            _advance(t, self.seat, roll)


@chance
class _Coin(NamedTuple):  # equally likely; heads tosses again (a chain in a uniform row)
    seat: int

    def outcomes(self, t):
        return ["tails", "heads"]

    def resolve(self, t, side):
        if side == "heads" and t.pos[self.seat] + 1 < 5:
            t.pos[self.seat] += 1
            t.push(_Coin(self.seat))
        else:
            _advance(t, self.seat, 0 if side == "tails" else 1)


def _advance(t, seat, by):
    t.pos[seat] = min(5, t.pos[seat] + by)
    if t.pos[seat] < 5:
        t.push(_Move(1 - seat))


class _Race(KernelGame):
    name = "race"
    version = "1"
    table = _RaceTable

    def setup(self, t):
        t.pos = [0, 0]
        t.push(_Move(0))

    def score(self, t):
        return tuple(float(p >= 5) for p in t.pos)


class _KeyedRace(_Race):
    """The same race declaring a codec: each snapshot numbered as it is first keyed."""

    def solve_key(self, t):
        ids = self.__dict__.setdefault("_ids", {})
        return ids.setdefault(t.freeze(), len(ids))

    def solve_table(self, key):
        snaps = {k: s for s, k in self.__dict__["_ids"].items()}
        return self.thaw(snaps[key])


def test_a_keyed_graph_with_chance_chains_and_unequal_weights_is_the_plain_graph():
    plain, keyed = solve(_Race()), solve(_KeyedRace())
    assert keyed.graph.keys is not None and plain.graph.keys is None
    assert keyed.states == plain.states > 40
    weights = set(zip(plain.graph.num, plain.graph.den))
    assert set(zip(keyed.graph.num, keyed.graph.den)) == weights
    assert {(2, 4), (1, 16), (1, 4)} <= weights  # two zeros of four; chained 2s; chained heads
    for state in plain.graph.states:  # the same successors with the same exact weights
        i, j = plain.graph.index[state], keyed.graph.index[state]
        assert keyed.state_value(state) == pytest.approx(plain.state_value(state), abs=1e-12)
        for r, q in zip(plain.graph.rows_of(i), keyed.graph.rows_of(j)):
            got = sorted(
                (
                    repr(keyed.graph.states[keyed.graph.succ[t]]),
                    keyed.graph.num[t],
                    keyed.graph.den[t],
                )
                for t in range(keyed.graph.ptr[q], keyed.graph.ptr[q + 1])
            )
            want = sorted(
                (
                    repr(plain.graph.states[plain.graph.succ[t]]),
                    plain.graph.num[t],
                    plain.graph.den[t],
                )
                for t in range(plain.graph.ptr[r], plain.graph.ptr[r + 1])
            )
            assert got == want
