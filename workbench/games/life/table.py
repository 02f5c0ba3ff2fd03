"""Life's table: every field of a position, declared once with who may see it,
and the read-only queries the rules, scores and pictures ask of it.

Seen by everybody: the stage and round, the common area, the albums, dice,
power, VP, dream skills set aside, the order card, the discard and removed
piles. Each player's dream hand and the dream chosen to pass are the
player's own (``OWN``); the stage decks, the timed-event piles and the dream
deck (whose cards left over after the deal stay out of the game unseen) are
``HIDDEN``, kept sorted (multisets: their order is not information). A deck's
contents follow from the public piles, so ``LifeGame.determinize`` keeps them
and deals only the unseen dreams.

>>> from workbench.games.life.rules import make_game
>>> t = make_game().new_table()
>>> len(t.albums), len(t.decks[0]), t.totals()
(4, 27, [4, 4, 4, 4])
>>> make_game().observe(make_game().initial_state(), 0).state.dream_deck
Hidden(12)
"""

from __future__ import annotations

from typing import Any

from workbench.engine.kernel import HIDDEN, OWN, Table, items, rows, value
from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS
from workbench.games.life.effects import CI
from workbench.games.life.scoring import PARTS, Standing

__all__ = [
    "CHARACTER",
    "CI",
    "COLOURS",
    "NEAR",
    "NEIGHBOURS",
    "PARTS",
    "SIZE",
    "SQUARES",
    "STATS",
    "STEP_DIR",
    "LifeTable",
    "pending",
    "square_name",
    "stat",
]

SIZE = 4
SQUARES = SIZE * SIZE
CHARACTER = "@"
#: NEIGHBOURS[sq]: the (square, direction) pairs orthogonally next to a square.
NEIGHBOURS: tuple[tuple[tuple[int, str], ...], ...] = tuple(
    tuple(
        (r2 * SIZE + c2, d)
        for d, (dr, dc) in D.STEPS.items()
        for r2, c2 in [(sq // SIZE + dr, sq % SIZE + dc)]
        if 0 <= r2 < SIZE and 0 <= c2 < SIZE
    )
    for sq in range(SQUARES)
)
#: NEAR[sq]: the squares orthogonally next to a square, ascending.
NEAR: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(n for n, _ in near)) for near in NEIGHBOURS)
#: STEP_DIR[src][dst]: index in dice.DIRECTIONS of a one-square move (-1 if none).
STEP_DIR: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        next((D.DIRECTIONS.index(d) for n, d in NEIGHBOURS[src] if n == dst), -1)
        for dst in range(SQUARES)
    )
    for src in range(SQUARES)
)


#: The counters kept per stage in ``LifeTable.stats`` (the metrics columns
#: ``<name>_s<stage>``): placements, replaced cards, failed placements,
#: events; ``character``: placements onto the character card (the seed's
#: reading) or, with ``character_replaceable=False``, new cards thrown away
#: where the seed would have placed them on it; ``relocated``: dice re-placed
#: by a skill.
STATS = ("placed", "replaced", "failed", "events", "character", "relocated")


def stat(stage: int, name: str) -> int:
    """Index in ``LifeTable.stats`` of one stage's counter.

    >>> stat(0, "placed"), stat(1, "failed"), stat(2, "relocated")
    (0, 8, 17)
    """
    return len(STATS) * stage + STATS.index(name)


def square_name(sq: int) -> str:
    """Album square name: column letter a..d, row number 1..4 (row 1 is north).

    >>> square_name(0), square_name(15)
    ('a1', 'd4')
    """
    return f"{'abcd'[sq % SIZE]}{sq // SIZE + 1}"


ROLL_TABLE = D.ROLL_TABLE


class LifeTable(Table):
    """A Life position (``tasks``, the step stack, comes from the kernel)."""

    stage: int = value()
    round: int = value()
    decks: list[list[str]] = rows(seen=HIDDEN, sort=True)
    events: list[list[str]] = rows(seen=HIDDEN, sort=True)  # timed_events: one pile per stage
    dream_deck: list[str] = items(seen=HIDDEN, sort=True)
    common: list[str] = items()
    albums: list[list[str | None]] = rows()
    dice_sq: list[list[int]] = rows()
    dice_o: list[list[int]] = rows()
    power: list[int] = items()
    mid_vp: list[int] = items()
    bonus_vp: list[int] = items()
    hands: list[list[str]] = rows(seen=OWN)  # dream cards in hand
    skills: list[list[str]] = rows()  # dream cards set aside (face up)
    passes: list[str | None] = items(seen=OWN)  # the dream each seat passes left
    order: list[int] = items()  # the seat on each order space (-1: free)
    start: int = value()
    discard: list[str] = items()
    removed: list[str] = items()  # events resolved (out of the game)
    stats: list[int] = items()  # per stage: the STATS counters
    picks: list[list[int]] = rows()  # order spaces each seat picked

    # -- queries ------------------------------------------------------------------
    def legal_squares(self, seat: int, card: str) -> list[int]:
        """Where a regular card may go: free neighbours of its colour's die, else
        neighbours holding a card without a die (replaced; the character card
        too unless ``character_replaceable`` is off), else nowhere.

        Sorted square numbers.
        """
        album = self.albums[seat]
        dice = self.dice_sq[seat]
        near = NEAR[dice[self.game.catalogue.colour[card]]]
        free = [sq for sq in near if album[sq] is None]
        if free:
            return free
        if self.game.params.character_replaceable:
            return [sq for sq in near if sq not in dice]
        return [sq for sq in near if album[sq] != CHARACTER and sq not in dice]

    def character_blocked(self, seat: int, card: str) -> bool:
        """True when the character card, without a die, is next to the die of
        the card's colour: the seed lets the card replace it there.

        (Used only after :meth:`legal_squares` found no free square.)
        """
        dice = self.dice_sq[seat]
        album = self.albums[seat]
        return any(
            album[sq] == CHARACTER and sq not in dice
            for sq in NEAR[dice[self.game.catalogue.colour[card]]]
        )

    def totals(self) -> list[int]:
        """Each seat's dice total (top faces)."""
        top = D.TOP
        return [top[a] + top[b] + top[c] + top[d] for a, b, c, d in self.dice_o]

    def standing(self, seat: int, *, dream: bool = True) -> Standing:
        """A seat's final-scoring inputs as they stand, and the scoring formula over them
        (:class:`~workbench.games.life.scoring.Standing`: the one scoring formula, which a
        rule of thumb also asks what a move would leave)."""
        return Standing(self, seat, dream=dream)

    def score_parts(self, seat: int, *, dream: bool = True) -> dict[str, int]:
        """The final-scoring parts of one seat as they stand now.

        The dream effect counts once a single dream card is left in hand
        (``dream=False``: leave it out, as a rival whose hand is hidden sees it).
        """
        return dict(zip(PARTS, Standing(self, seat, dream=dream).parts()))

    def score(self, seat: int, *, dream: bool = True) -> int:
        """Total VP of a seat as it stands now (the sum of :meth:`score_parts`)."""
        return Standing(self, seat, dream=dream).total()

    def placement(self, seat: int, card: str, sq: int) -> tuple[int, int, int, int]:
        """What placing regular ``card`` on square ``sq`` does for ``seat``: the die of
        its colour (0..3), the orientation that die rolls to, the power and the VP
        its dream skills give (``place_power``; ``discard_vp`` when a card is
        replaced). ``steps.Place`` applies it; a rule of thumb weighs it."""
        cat = self.game.catalogue
        c = cat.colour[card]
        o = ROLL_TABLE[self.dice_o[seat][c]][STEP_DIR[self.dice_sq[seat][c]][sq]]
        skills = self.skills[seat]
        if not skills:
            return c, o, 0, 0
        vp = cat.skill_sum(skills, "discard_vp") if self.albums[seat][sq] is not None else 0
        return c, o, cat.place_power(skills, c), vp

    def top(self, seat: int, colour: str) -> int:
        """Top face of a seat's die of a colour."""
        return D.TOP[self.dice_o[seat][CI[colour]]]


def pending(t: Any) -> Any:
    """The step on top of a table's (or a state's) stack, or None at the end."""
    tasks = t.tasks
    return tasks[-1] if tasks else None
