"""Life's rule of thumb, written once: the greedy player's choice and the search's rollouts.

:func:`rollout_action` reads a table (a mutable one, or a read-only view of a
seat's observation) and answers the decision on top of it: the move that leaves
the mover the most VP *now*, as the scoring formula reads the table
(``scoring.Standing``: the mover's standing read once per decision, each candidate
scored from what it changes), ties broken with the rng. It never copies or steps
the table: each candidate is weighed from the rules' own helpers
(``LifeTable.placement`` for where a die rolls and what dream skills give,
the effect steps' ``gain`` for a skill or an event).

- **place** a card: the square whose roll, stars, full album, dream effect and
  the replaced card's skill score best;
- **take** a card of the common area: the card whose best placement scores
  best (an event: its power and its effects on the mover; a card that fits
  nowhere: its skill);
- **tip** a die (order bonus 2, a skill): the tip that scores best (or none);
- **set aside** or **pass** a dream card: the hand and dream skills that score
  best; a die **turned** freely: the orientation that scores best;
- a **pawn**: the order space whose bonus scores best now (2: the best tip,
  4: one power; 1 and 3 give no VP now);
- the **character card**: a square with the most squares next to it (room for
  the first cards: a centre square);
- everything else (initial orientation, which die a skill moves and where): at
  random, as ``random_player`` draws.

(Each rule was kept because greedy players with it beat greedy players without
it, seats rotated; the figures are in the commit messages.)

Only the mover's own hand is read (a rival's is hidden), so the greedy player
may call it on what its seat sees, and a search on a determinised world
(where the table *is* that world). Effects that are decisions or chance
(a skill's tip, a re-roll) weigh nothing; a skill's reward is weighed on the
die as it stands before the move.

>>> import random
>>> from workbench.games.life.rules import make_game
>>> g = make_game()
>>> t = g.new_table()
>>> while not type(t.tasks[-1]).__name__ == "Take":
...     t.step(t.sample(random.Random(1)) if t.to_move() < 0 else t.legal()[0])
>>> rollout_action(t, random.Random(2)) in t.legal()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.effects import CI
from workbench.games.life.scoring import Standing
from workbench.games.life.steps import Pawn, Place, Take
from workbench.games.life.steps_dice import TIP_ALL, Tip, TurnAny
from workbench.games.life.steps_setup import Character, PassDream, SetDream
from workbench.games.life.table import CHARACTER, NEAR, LifeTable

__all__ = ["rollout_action", "values"]

_DIRECTION = {d: k for k, d in enumerate(D.DIRECTIONS)}  # a tip's direction -> ROLL_TABLE column
#: _BEST_WAY[o]: the direction (ROLL_TABLE column) that tips orientation o to its highest top
_BEST_WAY: tuple[int, ...] = tuple(
    max((D.TOP[rolled], k) for k, rolled in enumerate(D.ROLL_TABLE[o]))[1] for o in range(24)
)


def _gains(t: LifeTable, seat: int, steps: Iterable[Any]) -> tuple[int, int]:
    """(power, VP) ``seat`` gains from the effect steps among ``steps``."""
    power = vp = 0
    for s in steps:
        gain = getattr(s, "gain", None)
        if gain is not None:
            p, v = gain(t, seat)
            power += p
            vp += v
    return power, vp


def _place_values(
    t: LifeTable, st: Standing, seat: int, card: str, squares: Iterable[int]
) -> list[int]:
    album = st.album
    game = t.game
    skill_steps = game.skill_steps if game.params.album_skills else None
    placement, placed = t.placement, st.placed
    out = []
    for sq in squares:
        c, o, power, vp = placement(seat, card, sq)
        old = album[sq]
        if skill_steps is not None and old is not None and old != CHARACTER:
            p, v = _gains(t, seat, skill_steps[old][seat])
            power, vp = power + p, vp + v
        out.append(placed(sq, card, c, o, power, vp))
    return out


def _take_value(t: LifeTable, st: Standing, seat: int, card: str) -> int:
    game = t.game
    cat, p = game.catalogue, game.params
    if card in cat.event_effects:
        skills = st.skills
        power, vp = _gains(t, seat, game.event_steps[card][seat])
        power += 1 + (cat.skill_sum(skills, "event_power") if skills else 0)
        return st.gained(power, vp)
    squares = t.legal_squares(seat, card)
    if squares:
        return max(_place_values(t, st, seat, card, squares))
    if p.album_skills and p.skill_on_failed_placement:
        power, vp = _gains(t, seat, game.skill_steps[card][seat])
        return st.gained(power, vp)
    return st.total()


def _tip_values(st: Standing, ids: Sequence[Any], base: int | None = None) -> list[int | None]:
    """Each die is weighed tipped the way that shows its highest face (of the ways
    legal here); a tip of the same die showing less is None: a lower top never
    scores more (nor as much), so it is never among the best. ``base``: the
    seat's score now, when known."""
    dice = st.dice
    roll = D.ROLL_TABLE
    if base is None:
        base = st.total()
    turned = st.turned
    if ids is TIP_ALL:  # every tip legal: each die's best way read off a table made once
        out: list[int | None] = [None] * len(ids)
        out[0] = base
        for c, o in enumerate(dice):
            k = _BEST_WAY[o]
            out[1 + 4 * c + k] = turned(c, roll[o][k])
        return out
    top = D.TOP
    best: dict[int, tuple[int, Any]] = {}  # die -> (top after, tip)
    for a in ids:
        if a[0] == "tip":
            c = CI[a[1]]
            face = top[roll[dice[c]][_DIRECTION[a[2]]]]
            held = best.get(c)
            if held is None or face > held[0]:
                best[c] = (face, a)
    weighed = {a: c for c, (_, a) in best.items()}
    out = []
    for a in ids:
        if a[0] != "tip":
            out.append(base)
        elif a in weighed:
            c = weighed[a]
            out.append(turned(c, roll[dice[c]][_DIRECTION[a[2]]]))
        else:
            out.append(None)
    return out


def _dream_values(st: Standing, ids: Sequence[Any], keep: bool) -> list[int]:
    """Dream card ``a[1]`` leaves the hand (``keep``: set aside as a dream skill)."""
    return [st.dream_left(a[1], kept=keep) for a in ids]


def _turn_values(st: Standing, die: int, ids: Sequence[Any]) -> list[int]:
    return [st.turned(die, a[1]) for a in ids]


def _pawn_values(t: LifeTable, st: Standing, seat: int, ids: Sequence[Any]) -> list[int]:
    """An order space is worth its bonus now: a tip (2) as the best tip, a power (4)."""
    base = st.total()
    out = []
    for a in ids:
        if a[1] == 2:
            tips = Tip(seat, bonus=True).legal(t)
            out.append(max(v for v in _tip_values(st, tips, base) if v is not None))
        elif a[1] == 4:
            out.append(st.gained(1, 0))
        else:
            out.append(base)
    return out


def _takes(t: LifeTable, s: Any, ids: Sequence[Any]) -> list[int]:
    st = Standing(t, s.seat)
    return [_take_value(t, st, s.seat, a[1]) for a in ids]


_Values = Callable[[LifeTable, Any, Sequence[Any]], Sequence[int | None]]
#: How each weighed decision values its legal ids (the mover's VP after it).
_VALUES: dict[type, _Values] = {
    Place: lambda t, s, ids: _place_values(
        t, Standing(t, s.seat), s.seat, s.card, (a[1] for a in ids)
    ),
    Take: _takes,
    Tip: lambda t, s, ids: _tip_values(Standing(t, s.seat), ids),
    SetDream: lambda t, s, ids: _dream_values(Standing(t, s.seat), ids, True),
    PassDream: lambda t, s, ids: _dream_values(Standing(t, s.seat), ids, False),
    TurnAny: lambda t, s, ids: _turn_values(Standing(t, s.seat), s.die, ids),
    Pawn: lambda t, s, ids: _pawn_values(t, Standing(t, s.seat), s.seat, ids),
    Character: lambda t, s, ids: [len(NEAR[a[1]]) for a in ids],
}


def values(t: LifeTable) -> Sequence[int | None] | None:
    """The mover's VP after each legal id of the decision on top, in the legal order
    (None for a decision the rule of thumb takes at random; a None value for a tip
    that another tip of the same die beats; for the character card, the squares
    next to each square).

    >>> from workbench.games.life.rules import make_game
    >>> from workbench.games.life.steps import Place
    >>> from workbench.games.life.table import CHARACTER
    >>> t = make_game().new_table()
    >>> t.albums[0][5], t.dice_sq[0] = CHARACTER, [5] * 4
    >>> t.dice_o[0] = [D.index_of(1, 2)] * 4
    >>> t.tasks = [Place(0, "J01", (1, 4, 6, 9))]   # red: rolls N, W, E, S from b2
    >>> values(t)  # the red die shows 5, 3, 4, 2; the three others 1
    [8, 6, 7, 5]
    """
    top = t.tasks[-1]
    rate = _VALUES.get(type(top))
    return None if rate is None else rate(t, top, top.legal(t))


def rollout_action(t: LifeTable, rng: random.Random) -> Hashable:
    """The rule of thumb's move for the decision on top of ``t`` (see the module
    docstring): the best by :func:`values`, ties (and unweighed decisions) drawn
    with ``rng.choice``; a sole legal id is returned without drawing."""
    top = t.tasks[-1]
    ids = top.legal(t)
    if len(ids) == 1:
        return ids[0]  # type: ignore[no-any-return]
    rate = _VALUES.get(type(top))
    if rate is None:
        return rng.choice(ids)  # type: ignore[no-any-return]
    vals = rate(t, top, ids)
    best = max(v for v in vals if v is not None) if None in vals else max(vals)  # type: ignore[type-var]
    if vals.count(best) == 1:
        return ids[vals.index(best)]  # type: ignore[no-any-return]
    return rng.choice([a for a, v in zip(ids, vals) if v == best])  # type: ignore[no-any-return]
