"""Value iteration for :mod:`workbench.engine.solve.solver`: stages, blocks, sparse policy solves.

The states are visited in the order the game gives (``solve_order``, see
:func:`_plan`), and within each stage, sweeps (Gauss-Seidel by blocks) alternate
with exact sparse solves of the current policy's values (policy iteration),
until a sweep moves no value by more than the tolerance.

>>> from workbench.engine.solve.graph import build_graph
>>> from workbench.engine.conformance.toy import TakeAway
>>> values, best, n = sweeps(build_graph(TakeAway()), None, 1e-9, 100)
>>> values[0].tolist()
[1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from scipy import sparse
from scipy.sparse import linalg as splinalg

from workbench.engine.kernel.protocol import TERMINAL
from workbench.engine.solve.graph import Graph, NotSolvable

__all__ = ["BLOCK", "sweeps"]

TIE = 1e-12
"""Actions whose values differ by less are equal (the first legal one is chosen)."""


BLOCK = 2048
"""States updated together when the game gives no order (see :func:`_plan`)."""


def _ranges(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The concatenation of ``range(s, s + c)`` for each pair (vectorised)."""
    total = int(counts.sum())
    offsets = np.repeat(np.cumsum(counts) - counts, counts)
    return np.repeat(starts, counts) + np.arange(total) - offsets


def _item(parts: tuple[np.ndarray, ...], x: int, y: int) -> tuple[Any, ...]:
    """The states ``x:y`` of a stage as one block (what :func:`_update` reads)."""
    d, counts, rows, row_pos, t_pos, mover = parts
    r0, r1 = int(row_pos[x]), int(row_pos[y])
    t0, t1 = int(t_pos[r0]), int(t_pos[r1])
    c = counts[x:y]
    return (
        d[x:y],
        r0,
        r1,
        t0,
        t1,
        t_pos[r0:r1] - t0,
        row_pos[x:y] - r0,
        c,
        np.repeat(mover[d[x:y]], c),
        int(c.max()),
        rows[r0:r1],
    )


def _plan(
    graph: Graph, a: dict[str, np.ndarray], block: int
) -> Iterator[tuple[tuple[Any, ...], list[tuple[Any, ...]], np.ndarray, np.ndarray]]:
    """Stages of blocks of decision states, in the order to update them, one stage at a
    time with its transitions gathered in that order (``succ``, ``prob``): a stage's
    arrays exist only while it is being solved.

    A game may say in which order its states settle: ``solve_order(state) ->
    (stage, block)``; every successor of a stage must lie in an earlier stage or
    in the same one (Pig: the banked points, most first), and blocks are updated
    in order within a stage (e.g. a turn total, highest first). Without it,
    one stage, blocks of ``block`` states from the last found to the first.
    """
    dec = np.flatnonzero(a["mover"] != TERMINAL)
    if len(a["mover"]) < 2**31:  # state numbers as int32: half the memory of every gather
        dec = dec.astype(np.int32)
    order_of = graph.game.solve_order
    sub: np.ndarray | None
    if graph.order is not None:  # found while enumerating (a keyed graph)
        stage = np.frombuffer(graph.order[0], dtype=np.int64)[dec]
        block_of = graph.order[1]  # None: one block a stage (see .keyed)
        sub = None if block_of is None else np.frombuffer(block_of, dtype=np.int64)[dec]
    elif order_of is not None:
        keys = [order_of(graph.states[s]) for s in dec]
        stage = np.array([k[0] for k in keys])
        sub = np.array([k[1] for k in keys])
    else:
        stage = np.zeros(len(dec), dtype=np.int64)
        sub = (len(graph.states) - dec) // block
    if sub is not None and len(sub) and sub.min() == sub.max():  # one block a stage (Pig)
        sub = None
    # stable sorts: the same order as lexsort((sub, stage)); the arrays replaced one at a
    # time (a stage's solve holds less at its start)
    perm = np.argsort(stage, kind="stable") if sub is None else np.lexsort((sub, stage))
    dec = dec[perm]
    stage = stage[perm]
    if sub is not None:
        sub = sub[perm]
    del perm
    w_all, table = (a["wid"], a["ptable"]) if "wid" in a else (a["prob"], None)
    row_start, ptr, mover = a["row_start"], a["ptr"], a["mover"]
    stage_cut = np.flatnonzero(np.diff(stage) != 0) + 1
    stage_bounds = np.concatenate([[0], stage_cut, [len(dec)]]).tolist()
    del stage, stage_cut  # only the bounds are read from here on (a stage's arrays come next)
    for lo, hi in zip(stage_bounds[:-1], stage_bounds[1:]):
        d = dec[lo:hi]
        counts = row_start[d + 1] - row_start[d]
        rows = _ranges(row_start[d], counts)
        tcounts = ptr[rows + 1] - ptr[rows]
        trans = _ranges(ptr[rows], tcounts)
        w = w_all[trans]
        succ, prob = a["succ"][trans], (w if table is None else table[w])
        del trans
        row_pos = np.concatenate([[0], np.cumsum(counts)])  # per decision state, into rows
        t_pos = np.concatenate([[0], np.cumsum(tcounts)])  # per row, into trans

        parts = (d, counts, rows, row_pos, t_pos, mover)
        if sub is None:
            bounds = [0, hi - lo]
        else:
            cut = np.flatnonzero(np.diff(sub[lo:hi]) != 0) + 1
            bounds = np.concatenate([[0], cut, [hi - lo]]).tolist()
        yield (
            _item(parts, 0, hi - lo),
            [_item(parts, x, y) for x, y in zip(bounds[:-1], bounds[1:])],
            succ,
            prob,
        )


def _update(
    item: tuple[Any, ...],
    values: np.ndarray,
    best: np.ndarray,
    prob: np.ndarray,
    succ: np.ndarray,
    weights: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray]:
    """One Bellman update of a block: its new values (seats, states) and the row chosen
    in each state. ``values`` is seat-major (one row of every state's values per seat),
    so each gather and sum runs over one long row (``take``, not fancy indexing)."""
    dec, r0, r1, t0, t1, seg, starts, counts, row_mover, most, rows = item
    p, to = prob[t0:t1], succ[t0:t1]
    q = np.stack([np.add.reduceat(p * np.take(v, to), seg) for v in values])
    if weights is not None:
        w = weights[rows]
        return np.stack([np.add.reduceat(w * x, starts) for x in q]), starts
    qm = q[row_mover, np.arange(r1 - r0)]
    pick, top = starts.copy(), qm[starts]
    for j in range(1, most):
        ok = j < counts
        cand = np.where(ok, starts + j, starts)
        better = ok & (qm[cand] > top + TIE)
        pick = np.where(better, cand, pick)
        top = np.where(better, qm[cand], top)
    best[dec] = rows[pick]
    return np.take(q, pick, axis=1), pick


def _write(values: np.ndarray, dec: np.ndarray, new: np.ndarray) -> float:
    """Set the states ``dec`` to ``new`` (seats, states); the most any value moved."""
    delta = float(np.abs(new - np.take(values, dec, axis=1)).max()) if len(dec) else 0.0
    for seat in range(len(values)):
        values[seat, dec] = new[seat]
    return delta


def _solve_stage(
    item: tuple[Any, ...],
    values: np.ndarray,
    prob: np.ndarray,
    succ: np.ndarray,
    weights: np.ndarray | None,
    pick: np.ndarray,
    local: np.ndarray,
) -> None:
    """Set the stage's values to those of its current policy exactly (a sparse solve):
    ``(I - P_inside) v = P_outside values``.

    Only the rows the policy plays are read (the chosen row of each state, or every row
    with a weight above 0); the matrix is assembled at once in compressed columns with
    its diagonal, and the right-hand side summed per seat with ``bincount``."""
    dec, r0, r1, t0, t1, seg, starts, counts, row_mover, most, rows = item
    k = len(dec)
    local[dec] = np.arange(k)
    ends = np.append(seg[1:], t1 - t0)
    if weights is None:  # one row per state: the chosen one, with probability 1
        played, state_of_row, row_w = pick, np.arange(k), None
    else:
        row_w_all = weights[rows]
        played = np.flatnonzero(row_w_all > 0)
        state_of_row = np.repeat(np.arange(k), counts)[played]
        row_w = row_w_all[played]
    tcount = ends[played] - seg[played]
    trans = _ranges(seg[played] + t0, tcount)
    p = prob[trans]
    if row_w is not None:
        p = p * np.repeat(row_w, tcount)
    src = np.repeat(state_of_row, tcount)
    to = succ[trans]
    dst = local[to]
    inside = dst >= 0
    out = ~inside
    diag = np.arange(k)
    m = sparse.csc_matrix(
        (
            np.concatenate([-p[inside], np.ones(k)]),
            (np.concatenate([src[inside], diag]), np.concatenate([dst[inside], diag])),
        ),
        shape=(k, k),
    )
    p_out, src_out, to_out = p[out], src[out], to[out]
    b = np.empty((k, len(values)))
    for seat, v in enumerate(values):
        b[:, seat] = np.bincount(src_out, weights=p_out * np.take(v, to_out), minlength=k)
    _write(values, dec, splinalg.splu(m).solve(b).T)
    local[dec] = -1


def sweeps(
    graph: Graph, weights: np.ndarray | None, tolerance: float, max_sweeps: int, block: int = BLOCK
) -> tuple[np.ndarray, np.ndarray, int]:
    """Values at the fixed point: optimal when ``weights`` is None, else those of the
    policy whose row probabilities are ``weights``. Returns (values, best rows, sweeps).

    Stage by stage (see :func:`_plan`): a sweep updates the stage's blocks in
    order from the values already updated (Gauss-Seidel by blocks), then the
    stage's values are set to those of the policy just chosen by one sparse
    solve (policy iteration); the stage is done when a sweep moves no value by
    more than ``tolerance``. ``sweeps`` is the most any stage needed."""
    a = graph.arrays()
    n, m = len(graph.states), graph.seats
    values = np.zeros((m, n))  # seat-major while iterating; returned as (states, seats)
    for s, shares in graph.shares.items():
        values[:, s] = [float(x) for x in shares]
    best = np.full(n, -1, dtype=np.int64)
    local = np.full(n, -1, dtype=np.int32 if n < 2**31 else np.int64)
    most_sweeps, delta = 0, 0.0
    for whole, blocks, succ, prob in _plan(graph, a, block):
        for sweep in range(1, max_sweeps + 1):
            delta = 0.0
            for item in blocks:
                new, _ = _update(item, values, best, prob, succ, weights)
                delta = max(delta, _write(values, item[0], new))
            if delta <= tolerance:
                most_sweeps = max(most_sweeps, sweep)
                break
            if sweep <= 50:  # policy iteration; plain sweeps after that (cannot cycle)
                _, pick = _update(whole, values, best, prob, succ, weights)
                _solve_stage(whole, values, prob, succ, weights, pick, local)
        else:
            raise NotSolvable(
                f"{graph.game.name}: values still moved by {delta:.2g} after "
                f"{max_sweeps} sweeps (tolerance {tolerance:g}); raise max_sweeps"
            )
    return values.T, best, most_sweeps
