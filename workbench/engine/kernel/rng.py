"""The session's rng: ``random.Random`` that knows how far it has gone.

Undo needs the rng as it was at an earlier step. ``getstate()`` is a 2.5 kB
tuple (24 kB as Python objects); a :class:`CountingRandom` is instead
positioned by one integer, the number of 32-bit Mersenne Twister words drawn
since its seed, and :meth:`CountingRandom.rewind` brings it back to any
position (from the nearest checkpoint, skipping words with one
``getrandbits`` call). Only public ``random.Random`` behaviour is used: every
draw goes through ``getrandbits`` (``randrange``, ``choice``, ``shuffle``,
``sample``) or ``random`` (two words), which are overridden to count.

>>> r = CountingRandom(7)
>>> xs = [r.randrange(6) for _ in range(5)]
>>> mark = r.words
>>> later = [r.random() for _ in range(3)]
>>> r.rewind(mark); [r.random() for _ in range(3)] == later
True
>>> r.rewind(0); [r.randrange(6) for _ in range(5)] == xs
True

Pickling and copying keep the position, the seed and the checkpoints (a
session stores positions with its steps, so its undo after unpickling must
rewind the same way); ``setstate`` alone starts counting from zero.

>>> import pickle
>>> copy = pickle.loads(pickle.dumps(r))
>>> copy.words == r.words and copy.getstate() == r.getstate()
True
>>> copy.rewind(mark); [copy.random() for _ in range(3)] == later
True
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["CountingRandom"]

_CHECKPOINT_WORDS = 1 << 14
_getrandbits = random.Random.getrandbits  # the Mersenne Twister's own draw (C)


class CountingRandom(random.Random):
    """A seeded ``random.Random`` whose position is ``words`` (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.words = 0
        self._origin: tuple[Any, int] | None = None
        self._start: tuple[Any, ...] | None = None
        self._checkpoints: dict[int, tuple[Any, ...]] = {}
        self._next_checkpoint = _CHECKPOINT_WORDS  # where the next getstate() copy is kept
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        super().seed(a, version)
        self.words = 0
        # position 0 is the seed itself; a getstate() copy is kept only every 2**14 words
        # (and at 0 when the seed came from the system: it cannot be seeded again)
        self._origin = (a, version) if a is not None else None
        self._start = None if a is not None else super().getstate()
        self._checkpoints = {}
        self._next_checkpoint = _CHECKPOINT_WORDS

    def getrandbits(self, k: int) -> int:
        # every draw of a session passes here: random.Random's own (C) getrandbits called
        # directly, and the next checkpoint's position kept (no super() and len per draw)
        if k > 0:
            words = self.words = self.words + (k + 31) // 32
            if words >= self._next_checkpoint:
                value = _getrandbits(self, k)
                self._checkpoints.setdefault(words, super().getstate())
                self._next_checkpoint = _CHECKPOINT_WORDS * (len(self._checkpoints) + 1)
                return value
        return _getrandbits(self, k)

    def random(self) -> float:
        self.words += 2
        return super().random()

    def rewind(self, words: int) -> None:
        """Put the rng where it was after ``words`` words since its seed."""
        base = max((w for w in self._checkpoints if w <= words), default=0)
        if base:
            super().setstate(self._checkpoints[base])
        elif self._origin is not None:
            super().seed(*self._origin)
        elif self._start is not None:
            super().setstate(self._start)
        if words > base:
            super().getrandbits(32 * (words - base))
        self.words = words

    def __reduce__(self) -> tuple[Any, ...]:
        # random.Random pickles getstate() alone, and its __setstate__ calls setstate,
        # which restarts the count; keep the position, its origin and the checkpoints
        return self.__class__, (), self.__getstate__()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "state": self.getstate(),
            "words": self.words,
            "origin": self._origin,
            "start": self._start,
            "checkpoints": dict(self._checkpoints),
            "next_checkpoint": self._next_checkpoint,
        }

    def __setstate__(self, saved: Any) -> None:
        if not isinstance(saved, dict):  # a plain getstate() tuple (pickled before the fix)
            self.setstate(saved)
            return
        super().setstate(saved["state"])
        self.words, self._origin, self._start = saved["words"], saved["origin"], saved["start"]
        self._checkpoints = dict(saved["checkpoints"])
        self._next_checkpoint = saved["next_checkpoint"]

    def setstate(self, state: Any) -> None:
        """Restore a ``getstate()`` tuple; the word count is then unknown, so the
        state becomes the new origin (position 0)."""
        super().setstate(state)
        self.words = 0
        self._origin, self._start = None, state
        self._checkpoints = {}
        self._next_checkpoint = _CHECKPOINT_WORDS
