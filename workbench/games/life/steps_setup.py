"""Life's set-up as steps: the dream draft, the character card, the start player.

Kept apart from ``steps.py`` for size (``steps.py`` imports these, never the
other way round): :class:`DealDream` and :class:`TieBreak` are chance steps,
:class:`PassDream`, :class:`SetDream` (also at each mid-scoring) and
:class:`Character` decisions.

>>> from workbench.games.life.rules import make_game
>>> t = make_game().new_table()
>>> t.tasks[-1], len(t.tasks[-1].outcomes(t))
(DealDream(seat=0), 12)
"""

from __future__ import annotations

from typing import NamedTuple

from workbench.engine.kernel import auto, chance, decision
from workbench.games.life.table import CHARACTER, SQUARES, LifeTable, square_name

__all__ = ["Character", "DealDream", "PassDone", "PassDream", "SetDream", "StartPlayer", "TieBreak"]

CHAR_IDS: list[tuple[str, int]] = [("char", sq) for sq in range(SQUARES)]


def _text(t: LifeTable, card: str) -> str:
    return str(t.game.card_text(card))


@chance
class DealDream(NamedTuple):
    """Deal one dream card to ``seat`` (over the dream deck's remaining ids)."""

    seat: int

    def outcomes(self, t: LifeTable) -> list[str]:
        return t.dream_deck

    def resolve(self, t: LifeTable, card: str) -> None:
        t.dream_deck.remove(card)
        t.hands[self.seat].append(card)

    def label(self, t: LifeTable, card: str) -> str:
        return f"deal {_text(t, card)} to P{self.seat + 1}"

    def seen_by(self, t: LifeTable, card: str) -> tuple[int, ...]:
        return (self.seat,)  # dealt face down into the hand

    def hidden_label(self, t: LifeTable, card: str) -> str:
        return f"deal a dream card to Player {self.seat + 1}"


@chance
class TieBreak(NamedTuple):
    """Tied lowest dice totals roll off for the start player."""

    seats: tuple[int, ...]

    def outcomes(self, t: LifeTable) -> tuple[int, ...]:
        return self.seats

    def resolve(self, t: LifeTable, seat: int) -> None:
        t.start = seat

    def label(self, t: LifeTable, seat: int) -> str:
        return f"start player roll-off: P{seat + 1}"


@decision
class PassDream(NamedTuple):
    """The draft: the dream card ``seat`` passes to the left (exchanged together)."""

    seat: int

    def lapses(self, t: LifeTable) -> bool:
        return not t.hands[self.seat]

    def legal(self, t: LifeTable) -> list[tuple[str, str]]:
        return [("pass", d) for d in sorted(t.hands[self.seat])]

    def resolve(self, t: LifeTable, a: tuple[str, str]) -> None:
        t.hands[self.seat].remove(a[1])  # face down in front of the seat until all have chosen
        t.passes[self.seat] = a[1]

    def label(self, t: LifeTable, a: tuple[str, str]) -> str:
        return f"pass {_text(t, a[1])} to the left"

    def seen_by(self, t: LifeTable, a: tuple[str, str]) -> tuple[int, ...]:
        """Face down until all have chosen: the last pass is exchanged at once, so the
        left neighbour then sees it too."""
        last = sum(type(x) is PassDream for x in t.tasks) == 1
        return (self.seat, (self.seat + 1) % len(t.hands)) if last else (self.seat,)

    def hidden_label(self, t: LifeTable, a: tuple[str, str]) -> str:
        return "pass a dream card to the left"


@decision
class SetDream(NamedTuple):
    """One dream card of the hand set aside face up as a lasting dream skill."""

    seat: int

    def lapses(self, t: LifeTable) -> bool:
        return not t.hands[self.seat]

    def legal(self, t: LifeTable) -> list[tuple[str, str]]:
        return [("dream", d) for d in sorted(t.hands[self.seat])]

    def resolve(self, t: LifeTable, a: tuple[str, str]) -> None:
        t.hands[self.seat].remove(a[1])
        t.skills[self.seat].append(a[1])

    def label(self, t: LifeTable, a: tuple[str, str]) -> str:
        return f"set {_text(t, a[1])} aside as a dream skill"


@decision
class Character(NamedTuple):
    """The character card goes on any square; the four dice stand on it."""

    seat: int

    def legal(self, t: LifeTable) -> list[tuple[str, int]]:
        return CHAR_IDS

    def resolve(self, t: LifeTable, a: tuple[str, int]) -> None:
        t.albums[self.seat][a[1]] = CHARACTER
        t.dice_sq[self.seat] = [a[1]] * 4

    def label(self, t: LifeTable, a: tuple[str, int]) -> str:
        return f"character card on {square_name(a[1])}"


@auto
class PassDone(NamedTuple):
    """The passed dreams change hands together; the undealt dreams stay out, unseen."""

    def run(self, t: LifeTable) -> None:
        n = len(t.hands)
        hands, passes = t.hands, t.passes
        for s in range(n):
            hands[(s + 1) % n].append(str(passes[s]))
            passes[s] = None


@auto
class StartPlayer(NamedTuple):
    """The lowest dice total starts; ties roll off or go to the lowest seat."""

    def run(self, t: LifeTable) -> None:
        totals = t.totals()
        low = min(totals)
        tied = tuple(s for s, v in enumerate(totals) if v == low)
        if len(tied) == 1 or t.game.params.start_tie == "first":
            t.start = tied[0]
        else:
            t.tasks.append(TieBreak(tied))
