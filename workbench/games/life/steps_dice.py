"""Life's dice steps: rolling, re-rolling, turning, tipping and moving a die.

Kept apart from ``steps.py`` for size; the order bonus, card skills and
events push these steps (``steps.py`` and ``steps_effects.py`` import them,
never the other way round).

>>> from workbench.games.life.rules import make_game
>>> t = make_game().new_table()
>>> t.tasks = [Tip(0, bonus=True)]
>>> len(t.legal()), t.legal()[:2]
(17, [('skip',), ('tip', 'red', 'N')])
>>> t.step(("tip", "red", "N")); D.TOP[t.dice_o[0][0]]
5
"""

from __future__ import annotations

from typing import NamedTuple

from workbench.engine.kernel import chance, decision
from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS
from workbench.games.life.effects import CI
from workbench.games.life.table import NEIGHBOURS, SIZE, SQUARES, STATS, LifeTable, square_name

__all__ = ["MoveDie", "Orient", "Reroll", "Roll", "Tip", "TurnAny", "WhichDie"]

FACES: list[int] = [1, 2, 3, 4, 5, 6]
ALL_ORIENTATIONS: list[int] = list(range(24))
TIP_ALL: list[tuple[str, ...]] = [("skip",)] + [
    ("tip", c, d) for c in COLOURS for d in D.DIRECTIONS
]
ORIENT_IDS: dict[int, list[tuple[str, int]]] = {
    f: [("orient", o) for o in D.WITH_TOP[f]] for f in range(1, 7)
}
ANY_ORIENT: list[tuple[str, int]] = [("orient", o) for o in range(24)]
MOVE_IDS: tuple[tuple[str, int], ...] = tuple(("move", sq) for sq in range(SQUARES))
DIE_IDS: list[tuple[str, str]] = [("die", c) for c in COLOURS]
RELOCATED = STATS.index("relocated")


@chance
class Roll(NamedTuple):
    """The initial roll of ``seat``'s die ``die`` (0..3: red, blue, yellow, green)."""

    seat: int
    die: int

    def outcomes(self, t: LifeTable) -> list[int]:
        return FACES

    def resolve(self, t: LifeTable, face: int) -> None:
        t.dice_o[self.seat][self.die] = D.WITH_TOP[face][0]  # the default way it lies

    def label(self, t: LifeTable, face: int) -> str:
        return f"P{self.seat + 1} rolls {COLOURS[self.die]}: {face}"


@chance
class Reroll(NamedTuple):
    """A skill or event re-rolls a die where it stands: any of the 24 orientations."""

    seat: int
    die: int

    def outcomes(self, t: LifeTable) -> list[int]:
        return ALL_ORIENTATIONS

    def resolve(self, t: LifeTable, o: int) -> None:
        t.dice_o[self.seat][self.die] = o

    def label(self, t: LifeTable, o: int) -> str:
        return f"P{self.seat + 1} re-rolls {COLOURS[self.die]}: {D.label(o)}"


@decision
class Orient(NamedTuple):
    """After the initial roll: which of the 4 ways with that top the die lies."""

    seat: int
    die: int

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        return ORIENT_IDS[D.TOP[t.dice_o[self.seat][self.die]]]

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        t.dice_o[self.seat][self.die] = a[1]

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        return D.label(a[1])


@decision
class TurnAny(NamedTuple):
    """A die re-placed by a skill is turned freely: its top face kept, any of
    the 4 ways it can lie (``relocate_turn="top"``, as at set-up), or any of the
    24 ways, top face included (``"any"``)."""

    seat: int
    die: int

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        if t.game.params.relocate_turn == "any":
            return ANY_ORIENT
        return ORIENT_IDS[D.TOP[t.dice_o[self.seat][self.die]]]

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        t.dice_o[self.seat][self.die] = a[1]

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        return D.label(a[1])


@decision
class MoveDie(NamedTuple):
    """A skill re-places a die onto any card of its owner's album."""

    seat: int
    die: int

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        album = t.albums[self.seat]
        return [MOVE_IDS[sq] for sq in range(SQUARES) if album[sq] is not None]

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        t.dice_sq[self.seat][self.die] = a[1]
        t.stats[RELOCATED + len(STATS) * t.stage] += 1

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        return f"move the {COLOURS[self.die]} die to {square_name(a[1])}"


@decision
class WhichDie(NamedTuple):
    """``relocate any``: the owner picks the die, then moves and turns it."""

    seat: int

    def legal(self, t: LifeTable) -> list[tuple[str, str]]:
        return DIE_IDS

    def resolve(self, t: LifeTable, a: tuple[str, str]) -> None:
        c = CI[a[1]]
        t.push(MoveDie(self.seat, c), TurnAny(self.seat, c))

    def label(self, t: LifeTable, a: tuple[str, str]) -> str:
        return f"relocate the {a[1]} die"


@decision
class Tip(NamedTuple):
    """Tip one die one face (optional): order bonus 2 (``bonus``) or a card's ``tip``.

    With ``bonus_move="roll"`` the bonus rolls the die onto a card next to it.
    """

    seat: int
    bonus: bool = False

    def _rolls(self, t: LifeTable) -> bool:
        return self.bonus and t.game.params.bonus_move == "roll"

    def legal(self, t: LifeTable) -> list[tuple[str, ...]]:
        if not self._rolls(t):
            return TIP_ALL
        album = t.albums[self.seat]
        return [("skip",)] + [
            ("tip", c, d)
            for c, where in zip(COLOURS, t.dice_sq[self.seat])
            for n, d in NEIGHBOURS[where]
            if album[n] is not None
        ]

    def resolve(self, t: LifeTable, a: tuple[str, ...]) -> None:
        if a[0] != "tip":
            return
        c = CI[a[1]]
        dice = t.dice_o[self.seat]
        dice[c] = D.roll(dice[c], a[2])
        if self._rolls(t):
            dr, dc = D.STEPS[a[2]]
            t.dice_sq[self.seat][c] += dr * SIZE + dc

    def label(self, t: LifeTable, a: tuple[str, ...]) -> str:
        if a[0] != "tip":
            return "do not tip"
        if self._rolls(t):
            dr, dc = D.STEPS[a[2]]
            to = t.dice_sq[self.seat][CI[a[1]]] + SIZE * dr + dc
            return f"roll the {a[1]} die {a[2]} onto {square_name(to)}"
        return f"tip the {a[1]} die {a[2]}"
