"""Exact probability: integer weights inside, sympy Rationals outside. No widgets here.

>>> from workbench.prob import die, opposed, parse_dice, pool
>>> blank6 = die((1, 2, 3, 4, 5, 0))  # a d6 whose 6 reads 0
>>> pool(3, blank6, 2).mean()
19/2
>>> spec = parse_dice("３Ｄ＋２", faces=(1, 2, 3, 4, 5, 0))
>>> opposed(spec.dist(fumble="zero"), parse_dice("3D+1", faces=(1, 2, 3, 4, 5, 0)).dist(fumble="zero")).win
25493/46656
"""

from workbench.prob.deck import (
    CopiesNeeded,
    DrawSchedule,
    Mulligan,
    Need,
    copies_needed,
    expected_first_position,
    first_copy_position,
    hypergeometric,
    p_by_turn,
    p_draw,
    p_groups,
)
from workbench.prob.dice import (
    D6,
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
from workbench.prob.ordered import (
    SEED_RULES,
    RoundOdds,
    RoundRules,
    clear,
    death_given_line,
    immediate_stop,
    round_odds,
    suspect,
)

__all__ = [
    "D6",
    "E",
    "P",
    "SEED_RULES",
    "CopiesNeeded",
    "DiceSpec",
    "Dist",
    "DrawSchedule",
    "Mulligan",
    "Need",
    "NotationError",
    "RoundOdds",
    "RoundRules",
    "Versus",
    "clear",
    "copies_needed",
    "death_given_line",
    "die",
    "expected_first_position",
    "first_copy_position",
    "hypergeometric",
    "immediate_stop",
    "mixed_pool",
    "opposed",
    "p_by_turn",
    "p_draw",
    "p_fumble",
    "p_groups",
    "parse_dice",
    "parse_side",
    "pool",
    "round_odds",
    "side",
    "side_dist",
    "suspect",
]
