"""Dense integer polynomials: the engine under ``Dist``.

A weight list w[0..m] is the polynomial sum w[i] x^i; a die's weights are such a
polynomial P and the total of n dice is P^n. Two exact methods, picked by an
estimate of their cost (:func:`dense_pool`):

- **Kronecker substitution** (:func:`kronecker_pool`): pack the coefficients
  into one big integer, b bytes each, and let one integer multiplication (or
  one ``pow``) do the convolution. b is chosen so no coefficient of the
  result can overflow its slot (every coefficient is at most the product of
  the totals, and all weights are >= 0). All in C, so it wins for small
  pools, but CPython multiplies big integers by Karatsuba: a pool of N dice
  costs about N^3.1 (1.4 s for 1,000 d6).
- **The power recurrence** (:func:`recurrence_pool`): f = prod P_i^{n_i}
  satisfies f' * Pi = f * R with Pi = prod P_i and R = sum n_i P_i' prod_{j!=i} P_j.
  Comparing the coefficients of x^(k-1) gives every f_k from the ones below
  it, with an exact integer division by c_0 * k (f is integral). Both sides
  may be multiplied by (1 - x)^e first, which makes them sparse for fair dice
  ((1 - x) P = 1 - x^s): a pool of N d6 then costs three small-by-big
  multiplications per coefficient, O(N^2) big-integer work in all (2 ms for
  1,000 d6). A palindromic P gives a palindromic f, so only half is computed.

>>> dense_power((1, 1), 3), dense_product([1, 1], [1, 2, 1])
((1, 3, 3, 1), [1, 3, 3, 1])
>>> recurrence_pool((((1, 1, 1), 2), ((1, 1), 1))) == kronecker_pool((((1, 1, 1), 2), ((1, 1), 1)))
True
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

__all__ = [
    "dense_pool",
    "dense_power",
    "dense_product",
    "kronecker_pool",
    "recurrence_pool",
]

#: ((weights of one kind of die, how many of them), ...): the polynomial prod P_i^{n_i}.
Kinds = tuple[tuple[tuple[int, ...], int], ...]


def _pack(weights: Sequence[int], width: int) -> int:
    return int.from_bytes(b"".join(w.to_bytes(width, "little") for w in weights), "little")


def _unpack(value: int, width: int, length: int) -> list[int]:
    raw = value.to_bytes(width * length, "little")
    fb = int.from_bytes
    return [fb(raw[i : i + width], "little") for i in range(0, width * length, width)]


def dense_product(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Coefficients of the product of two polynomials with weights >= 0.

    >>> dense_product([1, 1], [1, 2, 1])
    [1, 3, 3, 1]
    """
    width = (max(sum(a), 1) * max(sum(b), 1)).bit_length() // 8 + 1
    return _unpack(_pack(a, width) * _pack(b, width), width, len(a) + len(b) - 1)


def _kronecker_power(weights: tuple[int, ...], n: int) -> tuple[int, ...]:
    if n == 0:
        return (1,)
    if n == 1:
        return weights
    width = (sum(weights) ** n).bit_length() // 8 + 1
    return tuple(_unpack(pow(_pack(weights, width), n), width, (len(weights) - 1) * n + 1))


def kronecker_pool(kinds: Kinds) -> tuple[int, ...]:
    """prod P_i^{n_i} by packed big integers (``pow`` per kind, then products).

    >>> kronecker_pool((((1, 1), 2), ((1, 2), 1)))
    (1, 4, 5, 2)
    """
    out: tuple[int, ...] | list[int] = (1,)
    for weights, n in kinds:
        power = _kronecker_power(weights, n)
        out = power if out == (1,) else dense_product(out, power)
    return tuple(out)


# -- the recurrence -------------------------------------------------------------
def _poly_mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Product of small integer polynomials (any signs); schoolbook, skipping zeros."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def _times_one_minus_x(a: Sequence[int]) -> list[int]:
    """a * (1 - x)."""
    return [a[0], *(a[i] - a[i - 1] for i in range(1, len(a))), -a[-1]]


def _derivative(a: Sequence[int]) -> list[int]:
    return [i * a[i] for i in range(1, len(a))] or [0]


def _mul(a: Sequence[int], b: Sequence[int]) -> list[int]:
    """Product of two polynomials with weights >= 0: packed when large, else schoolbook."""
    if len(a) * len(b) > 400:
        return dense_product(a, b)
    return _poly_mul(a, b)


@functools.lru_cache(maxsize=256)
def _support(
    dice: tuple[tuple[int, ...], ...],
) -> tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]]:
    """The sparsest recurrence form for these dice, whatever their counts:
    (c0, ((j, l_j, (p_1[j-1], p_2[j-1], ...)), ...)) for the j where a term may be
    non-zero, with l = Pi (1-x)^e and p_i = P_i' prod_{j!=i} P_j (1-x)^e, so that
    ``alpha_j = sum n_i p_i[j-1] + j l_j`` and ``beta_j = -l_j``."""
    left: list[int] = [1]
    for weights in dice:
        left = _mul(left, weights)
    parts: list[list[int]] = []
    for i, weights in enumerate(dice):
        part = _derivative(weights)
        for j, other in enumerate(dice):
            if j != i:
                part = _mul(part, other)
        parts.append(part + [0] * (len(left) - len(part)))
    best: tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]] | None = None
    for _ in range(len(dice) + 2):  # times (1 - x)^e, e = 0, 1, ..., kinds + 1
        support = tuple(
            (j, left[j], tuple(p[j - 1] for p in parts))
            for j in range(1, len(left))
            if left[j] or any(p[j - 1] for p in parts)
        )
        if best is None or len(support) < len(best[1]):
            best = (left[0], support)
        left = _times_one_minus_x(left)
        parts = [_times_one_minus_x(p) for p in parts]
    assert best is not None
    return best


def _recurrence_terms(kinds: Kinds) -> tuple[int, list[tuple[int, int, int]]]:
    """(c0, [(j, alpha_j, beta_j), ...]) with
    ``c0 * k * f_k = sum_j (alpha_j + beta_j * k) * f_{k-j}`` for f = prod P_i^{n_i}:
    f' Pi = f R with Pi = prod P_i, R = sum n_i P_i' prod_{j!=i} P_j, both sides
    times the (1 - x)^e that leaves the fewest terms."""
    c0, support = _support(tuple(w for w, _ in kinds))
    counts = [n for _, n in kinds]
    terms = []
    for j, lj, ps in support:
        alpha = j * lj + sum(n * p for n, p in zip(counts, ps))
        if alpha or lj:
            terms.append((j, alpha, -lj))
    return c0, terms


def _is_palindrome(weights: Sequence[int]) -> bool:
    return all(weights[i] == weights[-1 - i] for i in range(len(weights) // 2))


def recurrence_pool(kinds: Kinds) -> tuple[int, ...]:
    """prod P_i^{n_i} by the power recurrence; every P_i needs a non-zero constant term.

    >>> recurrence_pool((((1, 1, 1, 1, 1, 1), 3),))[:4]
    (1, 3, 6, 10)
    >>> recurrence_pool((((2, 1), 2), ((1, 0, 3), 1)))
    (4, 4, 13, 12, 3)
    """
    length = sum((len(w) - 1) * n for w, n in kinds) + 1
    if any(not w[0] for w, n in kinds if n):
        raise ValueError("recurrence_pool needs a non-zero constant term in every die")
    kinds = tuple((_trim(w)[1], n) for w, n in kinds if n)
    m = sum((len(w) - 1) * n for w, n in kinds)
    f0 = 1
    for w, n in kinds:
        f0 *= w[0] ** n
    if m == 0:
        return (f0,) + (0,) * (length - 1)
    c0, terms = _recurrence_terms(kinds)
    symmetric = all(_is_palindrome(w) for w, _ in kinds)
    last = m // 2 if symmetric else m
    f = [0] * (m + 1)
    f[0] = f0
    reach = terms[-1][0]
    head = min(last, reach - 1)
    for k in range(1, head + 1):  # the first coefficients: not every term reaches back
        s = 0
        for j, alpha, beta in terms:
            if j > k:
                break
            s += (alpha + beta * k) * f[k - j]
        f[k] = s // (c0 * k)
    if len(terms) == 3:  # a pool of one kind of fair die: unrolled
        (j1, a1, b1), (j2, a2, b2), (j3, a3, b3) = terms
        for k in range(head + 1, last + 1):
            f[k] = (
                (a1 + b1 * k) * f[k - j1] + (a2 + b2 * k) * f[k - j2] + (a3 + b3 * k) * f[k - j3]
            ) // (c0 * k)
    else:
        for k in range(head + 1, last + 1):
            s = 0
            for j, alpha, beta in terms:
                s += (alpha + beta * k) * f[k - j]
            f[k] = s // (c0 * k)
    if symmetric:
        f[last + 1 :] = f[m - last - 1 :: -1]
    return tuple(f) + (0,) * (length - m - 1)


# -- choosing ---------------------------------------------------------------------
def _costs(kinds: Kinds) -> tuple[float, float]:
    """Rough (Kronecker, recurrence) times in microseconds, fitted on CPython 3.11:
    unpacking ~0.1 us a coefficient plus Karatsuba ~ size^1.56 for the packed
    ``pow`` (and half that again for each product of two kinds); the recurrence
    ~ (0.07 + 6e-5 x bits) us per term and coefficient in the unrolled loop of a
    fair die, 1.3 times that per term in the generic loop."""
    length, bits = 1, 1
    for w, n in kinds:
        length += (len(w) - 1) * n
        bits += n * sum(w).bit_length()
    extra = len(kinds) - 1
    kron = 0.1 * length + 9290.0 * (length * bits / 520_000) ** 1.56 * (1 + 0.5 * extra)
    kron += 5.0 * extra
    if kron < 25:
        return kron, 25.0
    terms = len(_support(tuple(w for w, _ in kinds))[1])
    per_term = (1.0 if terms == 3 else 1.3) * (0.07 + 6e-5 * bits)
    symmetric = all(_is_palindrome(w) for w, _ in kinds)
    return kron, 3.0 + (length / 2 if symmetric else length) * terms * per_term


def _trim(weights: Sequence[int]) -> tuple[int, tuple[int, ...], int]:
    """(leading zeros, the weights between, trailing zeros)."""
    if weights[0] and weights[-1]:
        return 0, tuple(weights), 0
    lo = 0
    while lo < len(weights) and not weights[lo]:
        lo += 1
    hi = len(weights)
    while hi > lo and not weights[hi - 1]:
        hi -= 1
    return lo, tuple(weights[lo:hi]), len(weights) - hi


@functools.lru_cache(maxsize=256)
def dense_pool(kinds: Kinds) -> tuple[int, ...]:
    """Coefficients of prod P_i^{n_i} (weights >= 0) by the cheaper exact method (cached).

    >>> dense_pool((((1, 1, 1, 1), 2), ((1,) * 8, 1)))[:5]   # 2d4 + 1d8, totals 3..
    (1, 3, 6, 10, 13)
    >>> dense_pool((((0, 1, 0), 2),))
    (0, 0, 1, 0, 0)
    """
    length = sum((len(w) - 1) * n for w, n in kinds) + 1
    shift, cores = 0, []
    for weights, n in kinds:
        if not n:
            continue
        lo, core, _ = _trim(weights)
        if not core:
            return (0,) * length
        shift += lo * n
        cores.append((core, n))
    trimmed: Kinds = tuple(cores)
    if not trimmed:
        return (1,) + (0,) * (length - 1)
    kron, rec = _costs(trimmed)
    body = recurrence_pool(trimmed) if rec < kron else kronecker_pool(trimmed)
    if len(body) == length:
        return body
    return (0,) * shift + body + (0,) * (length - shift - len(body))


def dense_power(weights: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Coefficients of the n-th power of a polynomial with weights >= 0 (cached).

    >>> dense_power((1, 1), 3)
    (1, 3, 3, 1)
    """
    if n == 0:
        return (1,)
    if n == 1:
        return tuple(weights)
    return dense_pool(((tuple(weights), n),))
