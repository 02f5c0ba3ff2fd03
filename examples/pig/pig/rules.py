"""Pig on the workbench's engine kernel (built with ``workbench new pig``; guide: docs/kernel.md).

Rules (the folk dice game, as in Neller & Presser, *Optimal Play of the Dice
Game Pig*, UMAP Journal 25(1), 2004): two or more players race to ``goal``
(100) points. On a turn the player rolls one die as often as they like,
adding each roll to a turn total; a 1 ends the turn with nothing; holding
banks the turn total and passes the die on.

Readings chosen where the folk rules are vague:

- the first roll of a turn is compulsory (holding a turn total of 0 only
  passes the die, and two players who never roll would never end);
- reaching the goal (score + turn total >= goal) banks the total and ends the
  game at once, as every sensible player would hold there anyway; so the
  states are finite (no turn total past the goal) and the solved values are
  Neller & Presser's;
- the die comes from the sheet ``die.csv`` (standard: 1 busts, 2..6 score).

The steps are values (typed tuples): the game makes each seat's ``Choose`` and ``Roll``
once (``choices``, ``rolls``, ``next_choices``) and the rules push those, so a step of
play allocates no new step (the solver's graph build makes about eight steps a state).

A worked example turn, step by step, as the kernel runs it::

    tasks: [Choose(0)]          seat 0 to decide; turn total 0, so only 'roll'
    seat 0 plays 'roll'         -> Choose.resolve pushes Roll(0)
    Roll(0) is chance           the faces of die.csv, equally likely; a 4 is rolled:
                                turn total 4, push Choose(0)
    seat 0 plays 'hold'         -> its score becomes 4, turn total 0, push Choose(1)

>>> g = make_game()
>>> s = g.initial_state()
>>> g.legal_ids(s)
['roll']
>>> s = g.apply(g.apply(s, "roll"), 4)
>>> g.legal_ids(s), s.total
(['roll', 'hold'], 4)
>>> s = g.apply(s, "hold")
>>> s.scores, g.current_player(s)
((4, 0), 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from pig import SPEC
from pig.die import Face, read_die
from workbench.engine.kernel import KernelGame, Table, chance, decision, items, value


@dataclass(frozen=True, slots=True)
class Params:
    """``goal``: points to win (100); ``players``: seats (2..6)."""

    goal: int = 100
    players: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.goal, int) or not 1 <= self.goal <= 1000:
            raise ValueError(f"goal must be 1..1000, got {self.goal!r}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError(f"players must be 2..6, got {self.players!r}")


class PigTable(Table):
    """Every seat's banked score and the turn total; the seat to move is the step on top."""

    scores: list[int] = items()
    total: int = value()


@decision
class Choose(NamedTuple):
    """``seat`` rolls again or holds (the first roll of a turn is compulsory)."""

    seat: int

    def legal(self, t: PigTable) -> list[str]:
        return ["roll", "hold"] if t.total else ["roll"]

    def resolve(self, t: PigTable, action: str) -> None:
        if action == "roll":
            t.push(t.game.rolls[self.seat])
            return
        t.scores[self.seat] += t.total
        t.total = 0
        t.push(t.game.next_choices[self.seat])

    def label(self, t: PigTable, action: str) -> str:
        if action == "roll":
            return f"seat {self.seat + 1} rolls (turn total {t.total})"
        return f"seat {self.seat + 1} holds {t.total} (score {t.scores[self.seat] + t.total})"


@chance
class Roll(NamedTuple):
    """``seat`` rolls the die: each face of the sheet equally likely."""

    seat: int

    def outcomes(self, t: PigTable) -> list[int]:
        return t.game.face_ids

    def resolve(self, t: PigTable, face: int) -> None:
        game = t.game
        f = game.faces[face]
        if f.busts:
            t.total = 0
            t.push(game.next_choices[self.seat])
            return
        t.total += f.points
        if t.scores[self.seat] + t.total >= game.params.goal:
            t.scores[self.seat] += t.total  # the goal is reached: banked, the game ends
            t.total = 0
        else:
            t.push(game.choices[self.seat])

    def label(self, t: PigTable, face: int) -> str:
        f = t.game.faces[face]
        return f"seat {self.seat + 1} rolls {face}" + (": the turn is lost" if f.busts else "")


class Pig(KernelGame):
    """The game: all scores 0, seat 0 to roll; the scores are the returns."""

    name = "pig"
    version = SPEC.version
    table = PigTable
    params: Params
    min_players, max_players = 2, 6

    def __init__(self, params: Params | None = None, faces: tuple[Face, ...] | None = None) -> None:
        super().__init__(params)
        self.faces = {f.face: f for f in (faces or read_die())}
        self.face_ids = sorted(self.faces)
        n = self.params.players
        #: each seat's decision, its roll, and the next seat's decision (made once: see above)
        self.choices = tuple(Choose(s) for s in range(n))
        self.rolls = tuple(Roll(s) for s in range(n))
        self.next_choices = self.choices[1:] + self.choices[:1]
        #: one more than any score (the goal less one, plus the best face): the digit base
        #: of :meth:`solve_key`
        self.key_base = self.params.goal + max(f.points for f in self.faces.values())

    @property
    def num_players(self) -> int:
        return self.params.players

    @classmethod
    def default_params(cls) -> Params:
        return Params()

    def setup(self, t: PigTable) -> None:
        t.scores, t.total = [0] * self.params.players, 0
        t.push(self.choices[0])

    def score(self, t: PigTable) -> tuple[float, ...]:
        return tuple(float(x) for x in t.scores)

    def rollout_action(self, t: PigTable, rng: Any) -> str:
        """The cheap player a search rolls out with: Neller & Presser's "keep pace and end
        race" rule of thumb — when either seat is within 29 points of the goal, roll on
        to the goal; else hold once the turn total reaches 21 plus an eighth of the lead
        the others have. ("Hold at 20" alone misjudges endings: it lets a rival sit just
        short of the goal instead of finishing, so holding there looks safe to a search
        that rolls out with it.)"""
        if not t.total:
            return "roll"
        seat, goal = t.tasks[-1].seat, self.params.goal
        mine, best = t.scores[seat], max(v for i, v in enumerate(t.scores) if i != seat)
        if max(mine, best) >= goal - 29:
            return "roll"
        return "hold" if t.total >= 21 + round((best - mine) / 8) else "roll"

    def solve_order(self, state: Any) -> tuple[int, int]:
        """The order the exact solver settles states in: most banked points first (a
        state leads only to as many or more); each such stage as one block (its policy
        solves settle the turn totals together; blocks by turn total took more CPU for
        no fewer sweeps)."""
        return (-sum(state.scores), 0)

    @property
    def solve_key_space(self) -> int:
        """Every :meth:`solve_key` is below this."""
        return (self.params.players + 1) * self.key_base ** (self.params.players + 1)

    def solve_key(self, t: PigTable) -> int:
        """The exact solver's compact encoding of a table at a decision or at the end: the
        seat to decide (``players`` at the end), every score and the turn total as digits
        of one number.

        >>> g = make_game(goal=10)
        >>> t = g.thaw(g.apply(g.apply(g.initial_state(), "roll"), 4))
        >>> k = g.solve_key(t)
        >>> g.solve_table(k).freeze() == t.freeze()
        True
        """
        base = self.key_base
        key = t.tasks[-1].seat if t.tasks else len(t.scores)
        for s in t.scores:
            key = key * base + s
        return key * base + t.total  # type: ignore[no-any-return]

    def solve_table(self, key: int) -> PigTable:
        """The table :meth:`solve_key` encoded."""
        base, n = self.key_base, self.params.players
        t = self.table(self)
        key, t.total = divmod(key, base)
        scores = [0] * n
        for i in range(n - 1, -1, -1):
            key, scores[i] = divmod(key, base)
        t.scores, t.tasks = scores, [self.choices[key]] if key < n else []
        return t

    def describe(self, state: Any) -> str:
        from pig.render import describe

        return describe(self, state)


def make_game(faces: tuple[Face, ...] | None = None, **params: Any) -> Pig:
    """Pig from keyword parameters (see :class:`Params`); ``faces``: the die (default: the
    sheet ``die.csv``).

    >>> make_game(goal=30).params.goal
    30
    """
    return Pig(Params(**params), faces)
