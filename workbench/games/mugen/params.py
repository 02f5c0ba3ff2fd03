"""The parameters of むげんの宙へ: one frozen dataclass (a replay stores them as JSON).

>>> MugenParams().hp, MugenParams(overflow="oldest").overflow, MugenParams().revenge_turn
(30, 'oldest', 'opponent')
>>> MugenParams().timed_turns, MugenParams().revenge_after
('every', 'activated')
>>> MugenParams(overflow="newest")
Traceback (most recent call last):
...
ValueError: overflow must be 'choose' or 'oldest', got 'newest'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.games.mugen.cards import Deck
from workbench.games.mugen.decks import SAMPLE_DECKS


@dataclass(frozen=True)
class MugenParams:
    """The game's parameters (JSON-friendly: a replay stores them)."""

    decks: tuple[Deck, Deck] = field(
        default=(SAMPLE_DECKS["sora"], SAMPLE_DECKS["mirai"]),
        metadata={"range": (1, 40), "max_items": 60},
    )
    cards_path: str = field(default="data/mugen/cards.csv", metadata={"path": True})
    first_player: int | str = 0
    hp: int = field(default=30, metadata={"range": (1, 999)})
    max_mp: int = field(default=10, metadata={"range": (1, 99)})
    set_limit: int = field(default=5, metadata={"range": (1, 20)})
    opening: tuple[int, int] = field(default=(3, 4), metadata={"range": (0, 20)})
    overflow: str = "choose"
    ex_scope: str = "name"
    revenge: bool = True
    revenge_turn: str = field(default="opponent", metadata={"choices": ("opponent", "any")})
    revenge_after: str = field(default="activated", metadata={"choices": ("activated", "any")})
    timed_turns: str = field(default="every", metadata={"choices": ("every", "owner")})
    check_decks: bool = True
    players: int = field(default=2, repr=False, metadata={"range": (2, 2)})

    def __post_init__(self) -> None:
        if self.first_player not in (0, 1, "random"):
            raise ValueError(f"first_player must be 0, 1 or 'random', got {self.first_player!r}")
        if self.overflow not in ("choose", "oldest"):
            raise ValueError(f"overflow must be 'choose' or 'oldest', got {self.overflow!r}")
        if self.revenge_turn not in ("any", "opponent"):
            raise ValueError(f"revenge_turn must be 'any' or 'opponent', got {self.revenge_turn!r}")
        if self.revenge_after not in ("activated", "any"):
            raise ValueError(
                f"revenge_after must be 'activated' or 'any', got {self.revenge_after!r}"
            )
        if self.timed_turns not in ("every", "owner"):
            raise ValueError(f"timed_turns must be 'every' or 'owner', got {self.timed_turns!r}")
        if self.ex_scope not in ("name", "player"):
            raise ValueError(f"ex_scope must be 'name' or 'player', got {self.ex_scope!r}")
        for name in ("hp", "max_mp", "set_limit"):
            if int(getattr(self, name)) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)!r}")
