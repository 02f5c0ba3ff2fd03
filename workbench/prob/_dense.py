"""Dense integer polynomials by Kronecker substitution (the engine under ``Dist``).

A weight list w[0..m] is the polynomial sum w[i] x^i. Packing the coefficients
into one big integer, b bytes each, turns convolution into one integer
multiplication (or one ``pow``): CPython's Karatsuba does the work. b is chosen
so no coefficient of the result can overflow its slot (every coefficient is at
most the product of the totals, and all weights are >= 0).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence


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
    width = (sum(a) * sum(b)).bit_length() // 8 + 1
    return _unpack(_pack(a, width) * _pack(b, width), width, len(a) + len(b) - 1)


@functools.lru_cache(maxsize=512)
def dense_power(weights: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Coefficients of the n-th power of a polynomial with weights >= 0 (cached).

    >>> dense_power((1, 1), 3)
    (1, 3, 3, 1)
    """
    if n == 0:
        return (1,)
    if n == 1:
        return weights
    width = (sum(weights) ** n).bit_length() // 8 + 1
    return tuple(_unpack(pow(_pack(weights, width), n), width, (len(weights) - 1) * n + 1))
