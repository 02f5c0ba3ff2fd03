"""A session's history as an object of its own: every step recorded, and where the
session stands in it.

:class:`Timeline` keeps, for each step ``k`` (chance included), the state after it
(``states[0]`` is the start), the chance rng's position and the seats' rng positions
after it, its action id, whether it was chance, its log line (made when first read)
and whether its outcome was chosen by hand. Undo, redo and jump move the position; a
new step after an undo drops the steps ahead of it (the redo tail).
:class:`~workbench.engine.play.session.Session` owns one and moves its rngs to the
positions it returns; bots and replays record steps through its public methods.

>>> t = Timeline("s0", seats=2)
>>> t.add("s1", 3, (0, 0), "roll 4", True)
>>> t.add("s2", 3, (1, 0), "take", False)
>>> t.pos, t.can_undo, t.undo_target(), t.state
(2, True, 1, 's2')
>>> t.go(1)
(3, (0, 0))
>>> t.can_redo, t.can_undo
(True, False)
>>> t.record("s2'", 3, (2, 0), "pass", False); t.actions, t.can_redo, t.total
(('roll 4', 'pass'), False, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

_NONE = 1 << 62  # no decision recorded (an index past any history)


class Timeline:
    """The recorded steps of one game and the position now (see the module docstring)."""

    def __init__(self, start: Any, seats: int) -> None:
        self._states: list[Any] = [start]
        self._marks: list[int] = [0]
        self._seat_marks: list[tuple[int, ...]] = [(0,) * seats]
        self._actions: list[Hashable] = []
        self._chance: list[bool] = []
        self._lines: list[str | None] = []
        self._chosen: set[int] = set()
        self._first_decision = _NONE  # index of the first recorded player decision
        self.pos = 0

    # -- reading ------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The state at the position now."""
        return self._states[self.pos]

    @property
    def total(self) -> int:
        """Steps recorded, those undone but still redoable included."""
        return len(self._actions)

    def state_at(self, k: int) -> Any:
        """The state after ``k`` steps."""
        return self._states[k]

    def action_at(self, k: int) -> Hashable:
        """The action id of step ``k`` (0-based)."""
        return self._actions[k]

    def seat_marks_at(self, k: int) -> tuple[int, ...]:
        """The seats' rng positions after ``k`` steps."""
        return self._seat_marks[k]

    @property
    def states(self) -> tuple[Any, ...]:
        """The states from the start to now."""
        return tuple(self._states[: self.pos + 1])

    @property
    def actions(self) -> tuple[Hashable, ...]:
        """The action ids applied so far."""
        return tuple(self._actions[: self.pos])

    @property
    def chance_flags(self) -> tuple[bool, ...]:
        """For each applied step, whether it was chance."""
        return tuple(self._chance[: self.pos])

    @property
    def marks(self) -> tuple[int, ...]:
        """The chance rng's position after each step so far (``marks[k]`` after ``k``)."""
        return tuple(self._marks[: self.pos + 1])

    @property
    def chosen(self) -> tuple[int, ...]:
        """The applied chance steps whose outcome was chosen by hand."""
        return tuple(sorted(k for k in self._chosen if k < self.pos))

    def is_chosen(self, k: int) -> bool:
        """Whether step ``k``'s outcome was chosen by hand."""
        return k in self._chosen

    def log(self, line: Callable[[int], str]) -> list[str]:
        """The log lines of the applied steps, ``line(k)`` made for those not read yet."""
        lines = self._lines
        for k in range(self.pos):
            if lines[k] is None:
                lines[k] = line(k)
        return lines[: self.pos]  # type: ignore[return-value]

    # -- recording ----------------------------------------------------------------
    @property
    def has_tail(self) -> bool:
        """Whether a new step would drop recorded steps (redoable ones, or chosen marks)."""
        return len(self._states) > self.pos + 1 or any(k >= self.pos for k in self._chosen)

    def drop_tail(self) -> None:
        """Forget the steps after the position now (what a new step after undo does)."""
        pos = self.pos
        if len(self._states) > pos + 1:
            del self._states[pos + 1 :], self._marks[pos + 1 :], self._seat_marks[pos + 1 :]
            del self._actions[pos:], self._chance[pos:], self._lines[pos:]
        if self._chosen:
            self._chosen = {k for k in self._chosen if k < pos}
        if self._first_decision >= pos:
            self._first_decision = _NONE

    def add(
        self, state: Any, mark: int, seat_mark: tuple[int, ...], action: Hashable, chance: bool
    ) -> None:
        """Record one step after the position now and move to it (the tail must be gone:
        :meth:`record` drops it; a loop of steps calls :meth:`drop_tail` once, then this)."""
        self._states.append(state)
        self._marks.append(mark)
        self._seat_marks.append(seat_mark)
        self._actions.append(action)
        self._chance.append(chance)
        self._lines.append(None)
        if not chance and self._first_decision == _NONE:
            self._first_decision = self.pos
        self.pos += 1

    def record(
        self, state: Any, mark: int, seat_mark: tuple[int, ...], action: Hashable, chance: bool
    ) -> None:
        """Record one step after the position now, dropping any redo tail first."""
        self.drop_tail()
        self.add(state, mark, seat_mark, action, chance)

    def mark_chosen(self, k: int) -> None:
        """Mark step ``k`` as chosen by hand (its log line is made again when read)."""
        self._chosen.add(k)
        self._lines[k] = None

    # -- moving -------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """True when a player decision lies behind the position (O(1))."""
        return self._first_decision < self.pos

    @property
    def can_redo(self) -> bool:
        """True when undone steps can be re-applied."""
        return self.pos < len(self._actions)

    def undo_target(self) -> int:
        """The position before the last player decision behind (chance steps skipped)."""
        k = self.pos - 1
        while self._chance[k]:
            k -= 1
        return k

    def redo_target(self) -> int:
        """The position after the next undone decision and the chance steps after it."""
        k = self.pos + 1
        while k < len(self._actions) and self._chance[k]:
            k += 1
        return k

    def go(self, k: int) -> tuple[int, tuple[int, ...]]:
        """Move to step ``k``; the chance rng's and the seats' rng positions there."""
        self.pos = k
        return self._marks[k], self._seat_marks[k]
