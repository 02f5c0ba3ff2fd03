"""Life's design questions, exactly: how a die's top face evolves as it rolls.

- :func:`top_face_chain` / :func:`orientation_chain`: the Markov chains of a
  die rolled one face in a uniformly random direction (6 top faces; 24 full
  orientations), as sympy matrices with exact Rationals;
- :func:`top_after`: the exact top-face distribution after k random rolls;
  :func:`same_face_closed_form`: P(top = start face) after k rolls in closed
  form; :func:`p_top_table`: P(top = 6) after k rolls from each start face;
- :func:`reachable_tops` / :func:`reachability_table`: with *chosen*
  directions (and a free initial orientation), which tops can a die show
  after exactly k moves, freely or along a path of new cards in the 4×4 album;
- :func:`best_total`: the exact distribution of the best total of four dice
  after k chosen moves each, over the initial roll;
- :func:`relocate_gain`: what the old "any of 24 ways" reading of a re-placed
  die adds at once over the seed's "top face kept" (:func:`relocate_gain_brute`
  checks it over every face).

The simulated questions (placement discards, full albums, seats, order
spaces) are in :mod:`workbench.games.life.simstats`.

>>> top_after(1, start_top=6)
{1: 0, 2: 1/4, 3: 1/4, 4: 1/4, 5: 1/4, 6: 0}
>>> same_face_closed_form()
(-1)**k/(3*2**k) + 1/6
>>> stationary(top_face_chain()).T
Matrix([[1/6, 1/6, 1/6, 1/6, 1/6, 1/6]])
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from typing import cast

import polars as pl
import sympy

from workbench.games.life import dice as D
from workbench.games.life.effects import mid_scoring
from workbench.prob.dist import Dist

FACES = (1, 2, 3, 4, 5, 6)
K = sympy.Symbol("k", integer=True, positive=True)


def top_face_chain() -> sympy.Matrix:
    """6×6 transition matrix of the top face under one roll in a uniformly random direction.

    Each direction brings up a different side face, so from face t the next
    top is uniform over the four faces other than t and 7 − t.

    >>> top_face_chain()[0, :]
    Matrix([[0, 1/4, 1/4, 1/4, 1/4, 0]])
    """
    return sympy.Matrix(6, 6, lambda i, j: sympy.Rational(1, 4) if j not in (i, 5 - i) else 0)


def orientation_chain() -> sympy.Matrix:
    """24×24 transition matrix of the full orientation (``dice.ORIENTATIONS`` order).

    >>> P = orientation_chain()
    >>> P.shape, set(P.row(0)) == {0, sympy.Rational(1, 4)}
    ((24, 24), True)
    """
    P = sympy.zeros(24, 24)
    for o in range(24):
        for d in D.DIRECTIONS:
            P[o, D.roll(o, d)] += sympy.Rational(1, 4)
    return P


def stationary(P: sympy.Matrix) -> sympy.Matrix:
    """The stationary distribution (column vector) of an irreducible chain.

    >>> set(stationary(orientation_chain()))
    {1/24}
    """
    n = P.shape[0]
    A = (P.T - sympy.eye(n)).col_join(sympy.ones(1, n))
    b = sympy.zeros(n, 1).col_join(sympy.Matrix([1]))
    return A.solve_least_squares(b)


def top_after(k: int, start_top: int | None = None) -> dict[int, sympy.Rational]:
    """Exact top-face distribution after k random rolls.

    ``start_top=None`` starts from the initial roll (uniform): it stays uniform,
    because the uniform distribution is stationary.

    >>> top_after(2, start_top=1)[1], top_after(5)[6]
    (1/4, 1/6)
    """
    if start_top is None:
        start = sympy.Matrix([[sympy.Rational(1, 6)] * 6])
    else:
        start = sympy.Matrix([[1 if f == start_top else 0 for f in FACES]])
    row = start * top_face_chain() ** k
    return {f: row[f - 1] for f in FACES}


def top_after_brute(k: int, start_top: int) -> dict[int, sympy.Rational]:
    """The same by enumerating the 4 orientations × 4^k direction sequences.

    >>> top_after_brute(2, 1) == top_after(2, 1)
    True
    """
    counts: Counter[int] = Counter()
    for o in D.WITH_TOP[start_top]:
        for path in itertools.product(D.DIRECTIONS, repeat=k):
            counts[D.TOP[D.roll_path(o, path)]] += 1
    total = sum(counts.values())
    return {f: sympy.Rational(counts[f], total) for f in FACES}


def same_face_closed_form() -> sympy.Expr:
    """P(top = the start face) after k >= 1 random rolls, from diagonalising the chain.

    The opposite face has the same probability; each side face has
    ``(1 - 2 p) / 4``.
    """
    P = top_face_chain()
    S, Dg = P.diagonalize()
    Pk = S * sympy.diag(*[Dg[i, i] ** K for i in range(6)]) * S.inv()
    return sympy.nsimplify(sympy.simplify(Pk[0, 0]))


def p_top_table(kmax: int = 8, face: int = 6) -> pl.DataFrame:
    """P(top = face) after k = 0..kmax random rolls, per start face (exact, as text and float).

    >>> p_top_table(2).filter(pl.col("k") == 2).row(0)
    (2, 1, '1/4', 0.25)
    """
    rows = []
    for k in range(kmax + 1):
        for s in FACES:
            p = top_after(k, s)[face]
            rows.append((k, s, str(p), float(p)))
    return pl.DataFrame(rows, schema=["k", "start_top", "p", "p_float"], orient="row")


def _album_paths(k: int, start: int) -> list[str]:
    """Direction strings of self-avoiding paths of k steps on the 4×4 album from a square."""
    out: list[str] = []

    def walk(sq: int, seen: frozenset[int], path: str) -> None:
        if len(path) == k:
            out.append(path)
            return
        r, c = divmod(sq, 4)
        for d, (dr, dc) in D.STEPS.items():
            r2, c2 = r + dr, c + dc
            nxt = r2 * 4 + c2
            if 0 <= r2 < 4 and 0 <= c2 < 4 and nxt not in seen:
                walk(nxt, seen | {nxt}, path + d)

    walk(start, frozenset({start}), "")
    return out


@cache
def reachable_tops(k: int, start_top: int, start_square: int | None = None) -> frozenset[int]:
    """Tops a die can show after exactly k chosen moves, the orientation free at the start.

    ``start_square=None``: any direction sequence (discards allow going back);
    a square: only self-avoiding paths of new cards from that square.

    >>> sorted(reachable_tops(1, 6)), sorted(reachable_tops(2, 6))
    ([2, 3, 4, 5], [1, 2, 3, 4, 5, 6])
    >>> sorted(reachable_tops(2, 1, start_square=0))  # no way back to the start face
    [2, 3, 4, 5, 6]
    """
    paths = (
        ["".join(p) for p in itertools.product(D.DIRECTIONS, repeat=k)]
        if start_square is None
        else _album_paths(k, start_square)
    )
    return frozenset(D.TOP[D.roll_path(o, p)] for o in D.WITH_TOP[start_top] for p in paths)


def reachability_table(kmax: int = 4) -> pl.DataFrame:
    """Per start face and k: reachable tops and the best one, freely and from a corner/centre.

    >>> reachability_table(1).filter(pl.col("k") == 1).row(0)
    (1, 1, '2 3 4 5', 5, '2 3 4 5', 5, '2 3 4 5', 5)
    """
    rows = []
    for k in range(kmax + 1):
        for t in FACES:
            row: list[object] = [k, t]
            for sq in (None, 0, 5):
                tops = reachable_tops(k, t, sq)
                row += [" ".join(map(str, sorted(tops))), max(tops) if tops else None]
            rows.append(tuple(row))
    return pl.DataFrame(
        rows,
        schema=[
            "k",
            "start_top",
            "free",
            "free_best",
            "corner_a1",
            "corner_best",
            "centre_b2",
            "centre_best",
        ],
        orient="row",
    )


def best_total(k: int, start_square: int | None = None) -> Dist:
    """Exact distribution of the sum over 4 dice of their best top after k chosen moves.

    The initial tops are rolled (uniform); each die's moves are chosen alone
    (an upper bound when four dice share one album).

    >>> best_total(0).mean(), best_total(1).mean(), best_total(2).mean()
    (14, 68/3, 24)
    """
    one = Dist.uniform(max(reachable_tops(k, t, start_square)) for t in FACES)
    return 4 @ one


def exact_mid_vp(players: int = 4, vp: tuple[int, ...] = (3, 1)) -> sympy.Rational:
    """Expected VP of one player at one mid-scoring when every die's top is uniform
    and independent (true under random play, see ``simstats.final_tops``).

    Each player's total is then 4d6; places are by distinct totals (ties share).

    With two players a tie gives both 3 VP, else 3 and 1: E = 2 + P(tie).

    >>> four = 4 @ Dist.uniform(FACES)
    >>> exact_mid_vp(2) == 2 + sum(four.p(t) ** 2 for t in four)
    True
    >>> round(float(2 * exact_mid_vp(4)), 4)  # per game: two mid-scorings
    2.3292
    """
    total = 4 @ Dist.uniform(FACES)
    weights: dict[int, int] = {cast(int, t): w for t, w in total.items()}
    expected = 0
    denominator = total.total**players
    for combo in itertools.product(weights, repeat=players):
        w = 1
        for t in combo:
            w *= weights[t]
        expected += w * mid_scoring(list(combo), vp)[0]
    return sympy.Rational(expected, denominator)


def relocate_gain(which: str = "colour") -> Dist:
    """Exact VP a skill's re-placed die gains at once when it may be turned any
    of the 24 ways (``relocate_turn="any"``) rather than keep its top face: the
    owner turns 6 up, so the gain is 6 − top, tops uniform and independent (as
    under random play, ``simstats.final_tops``).

    ``which="colour"``: the card names the die; ``"any"``: the owner picks one of
    the four dice, the lowest.

    >>> relocate_gain().mean(), relocate_gain("any").mean()
    (5/2, 5501/1296)
    >>> relocate_gain("any").p(5)
    671/1296
    """
    one = Dist.uniform(FACES)
    if which == "colour":
        return one.map(lambda top: 6 - top)
    if which == "any":
        low = one.combine(one, min).combine(one, min).combine(one, min)
        return low.map(lambda top: 6 - top)
    raise ValueError(f"which must be 'colour' or 'any', got {which!r}")


def relocate_gain_brute(which: str = "colour") -> dict[int, sympy.Rational]:
    """The same by listing the 6^4 tops of the four dice (the named die: red).

    >>> relocate_gain_brute("any") == relocate_gain("any").pmf()
    True
    """
    counts: Counter[int] = Counter()
    for tops in itertools.product(FACES, repeat=4):
        counts[6 - (tops[0] if which == "colour" else min(tops))] += 1
    return {g: sympy.Rational(c, 6**4) for g, c in sorted(counts.items())}
