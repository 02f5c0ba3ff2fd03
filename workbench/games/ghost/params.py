"""The parameters of 「何か」: table size and the readings the seed leaves open (see rules.py).

>>> GhostParams(players=3).archive_limit
5
"""

from __future__ import annotations

from dataclasses import dataclass, field

PENALTIES = ("none", "lose_vp")


@dataclass(frozen=True)
class GhostParams:
    """The table's settings and the variants the seed leaves open (see rules.py).

    >>> GhostParams(players=7)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..6, got 7
    """

    players: int = field(default=4, metadata={"range": (2, 6)})
    vp_to_win: int = field(default=15, metadata={"range": (0, 100)})
    floor_at_zero: bool = True
    fumble: bool = True
    no_ghost_penalty: str = "none"
    master_slave: bool = False
    hand_size: int = field(default=5, metadata={"range": (0, 20)})
    archive_limit: int = field(default=5, metadata={"range": (0, 50)})
    sheet: str = field(default="", metadata={"path": True})

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError(f"players must be 2..6, got {self.players!r}")
        if self.no_ghost_penalty not in PENALTIES:
            raise ValueError(f"no_ghost_penalty must be one of {PENALTIES}, "
                             f"got {self.no_ghost_penalty!r}")
        for name in ("vp_to_win", "hand_size", "archive_limit"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")


__all__ = ["PENALTIES", "GhostParams"]
