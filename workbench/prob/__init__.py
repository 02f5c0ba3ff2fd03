"""Exact probability: integer weights inside, sympy Rationals outside. No widgets here.

>>> from workbench.prob import GHOST_DIE, opposed, parse_dice, pool
>>> pool(3, GHOST_DIE, 2).mean()
19/2
>>> spec = parse_dice("３Ｄ＋２", faces=(1, 2, 3, 4, 5, 0))
>>> opposed(spec.dist(fumble="zero"), parse_dice("3D+1", faces=(1, 2, 3, 4, 5, 0)).dist(fumble="zero")).win
25493/46656
"""

from workbench.prob.dice import (
    D6,
    GHOST_DIE,
    GHOST_FACES,
    Versus,
    die,
    mixed_pool,
    opposed,
    p_fumble,
    pool,
    side,
)
from workbench.prob.dist import Dist, E, P
from workbench.prob.notation import DiceSpec, NotationError, parse_dice, parse_side, side_dist

__all__ = [
    "D6",
    "GHOST_DIE",
    "GHOST_FACES",
    "DiceSpec",
    "Dist",
    "E",
    "NotationError",
    "P",
    "Versus",
    "die",
    "mixed_pool",
    "opposed",
    "p_fumble",
    "parse_dice",
    "parse_side",
    "pool",
    "side",
    "side_dist",
]
