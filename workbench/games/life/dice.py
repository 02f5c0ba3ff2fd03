"""The die orientation model: a die on a card with top, north and east faces.

A module of its own because the rules (``steps*.py``), the table's scores and
the exact analysis (``analysis.py``) all read it, and it needs no game.

A standard six-sided die whose opposite faces sum to 7 sits on an album card.
Its orientation is the triple ``(top, north, east)``; the bottom, south and
west faces follow (``7 - top`` ...). Of the 48 triples of mutually adjacent
faces only 24 are rotations of one physical die: we use the die whose
orientation with 1 on top has 2 facing north and 3 facing east (a mirror-image
die is not modelled). Orientations are numbered 0..23 in sorted order of their
triples, so a state stores one small int per die.

Rolling a die one face in a direction tips it over that edge: rolling north
brings the south face up (``top' = 7 - north``, ``north' = top``), and so on.
Directions are ``"N" "E" "S" "W"``; on the album, north is the row above.

>>> orientation(ORIENTATIONS.index((1, 2, 3)))
(1, 2, 3)
>>> orientation(roll(ORIENTATIONS.index((1, 2, 3)), "N"))
(5, 1, 3)
>>> len(ORIENTATIONS), len({o[0] for o in ORIENTATIONS})
(24, 6)
"""

from __future__ import annotations

from collections.abc import Iterable

DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")
#: (row, column) step of each direction on the album (row 0 is the north edge).
STEPS: dict[str, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE: dict[str, str] = {"N": "S", "S": "N", "E": "W", "W": "E"}

Triple = tuple[int, int, int]


def roll_triple(t: Triple, direction: str) -> Triple:
    """Tip a die given as (top, north, east) one face in a direction.

    >>> roll_triple((1, 2, 3), "E")
    (4, 2, 1)
    >>> roll_triple((1, 2, 3), "S")
    (2, 6, 3)
    >>> roll_triple((1, 2, 3), "X")
    Traceback (most recent call last):
    ...
    ValueError: unknown direction 'X'; use one of N, E, S, W
    """
    top, north, east = t
    if direction == "N":
        return (7 - north, top, east)
    if direction == "S":
        return (north, 7 - top, east)
    if direction == "E":
        return (7 - east, north, top)
    if direction == "W":
        return (east, north, 7 - top)
    raise ValueError(f"unknown direction {direction!r}; use one of {', '.join(DIRECTIONS)}")


def _closure(start: Triple) -> tuple[Triple, ...]:
    seen = {start}
    todo = [start]
    while todo:
        t = todo.pop()
        for d in DIRECTIONS:
            n = roll_triple(t, d)
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return tuple(sorted(seen))


#: The 24 orientations as (top, north, east) triples, sorted.
ORIENTATIONS: tuple[Triple, ...] = _closure((1, 2, 3))
_INDEX: dict[Triple, int] = {t: i for i, t in enumerate(ORIENTATIONS)}
#: ROLL_TABLE[o][k] is the orientation after rolling o in DIRECTIONS[k].
ROLL_TABLE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[roll_triple(t, d)] for d in DIRECTIONS) for t in ORIENTATIONS
)
#: TOP[o] is the top face of orientation o.
TOP: tuple[int, ...] = tuple(t[0] for t in ORIENTATIONS)
#: WITH_TOP[f] lists the 4 orientations showing face f on top (north ascending).
WITH_TOP: dict[int, tuple[int, ...]] = {
    f: tuple(i for i, t in enumerate(ORIENTATIONS) if t[0] == f) for f in range(1, 7)
}
_DIR_INDEX = {d: k for k, d in enumerate(DIRECTIONS)}


def orientation(index: int) -> Triple:
    """The (top, north, east) triple of an orientation number.

    >>> orientation(0)
    (1, 2, 3)
    """
    return ORIENTATIONS[index]


def index_of(top: int, north: int, east: int | None = None) -> int:
    """The orientation number of a die showing ``top`` with ``north`` facing north.

    ``east`` is implied by the die's handedness; when given it is checked.

    >>> orientation(index_of(6, 4))
    (6, 4, 5)
    >>> index_of(6, 1)
    Traceback (most recent call last):
    ...
    ValueError: no die shows 6 on top with 1 facing north (opposite faces sum to 7)
    """
    for i in WITH_TOP.get(top, ()):
        t = ORIENTATIONS[i]
        if t[1] == north and (east is None or t[2] == east):
            return i
    extra = "" if east is None else f" and {east} facing east"
    raise ValueError(
        f"no die shows {top} on top with {north} facing north{extra} (opposite faces sum to 7)"
    )


def roll(index: int, direction: str) -> int:
    """Roll orientation number ``index`` one face in ``direction``.

    >>> o = index_of(1, 2)
    >>> [TOP[o := roll(o, "N")] for _ in range(4)]
    [5, 6, 2, 1]
    """
    try:
        return ROLL_TABLE[index][_DIR_INDEX[direction]]
    except KeyError:
        raise ValueError(
            f"unknown direction {direction!r}; use one of {', '.join(DIRECTIONS)}"
        ) from None


def roll_path(index: int, directions: Iterable[str]) -> int:
    """Roll along several directions in turn.

    >>> roll_path(index_of(1, 2), "NESW") == index_of(1, 2)
    False
    >>> roll_path(index_of(1, 2), "EEEE") == index_of(1, 2)
    True
    """
    for d in directions:
        index = roll(index, d)
    return index


def direction_between(src: tuple[int, int], dst: tuple[int, int]) -> str:
    """The direction of a one-square move on the album, (row, column) squares.

    >>> direction_between((1, 1), (0, 1))
    'N'
    >>> direction_between((1, 1), (2, 2))
    Traceback (most recent call last):
    ...
    ValueError: (1, 1) -> (2, 2) is not an orthogonal one-square move
    """
    step = (dst[0] - src[0], dst[1] - src[1])
    for d, s in STEPS.items():
        if s == step:
            return d
    raise ValueError(f"{src} -> {dst} is not an orthogonal one-square move")


def label(index: int) -> str:
    """Human text of an orientation.

    >>> label(index_of(3, 1))
    'top 3 (north 1, east 2)'
    """
    top, north, east = ORIENTATIONS[index]
    return f"top {top} (north {north}, east {east})"
