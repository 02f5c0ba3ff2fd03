"""Life's card index and scoring formulas (the effect vocabulary's numbers).

Kept apart from ``table.py`` for size: :class:`Catalogue` indexes the card
sheets once per game; the scoring helpers are pure functions the table's
queries and the analysis share. The effects that change a position are steps
(``steps_effects.py``).

>>> mid_scoring([22, 22, 18, 18], (3, 1))   # the seed's example
[3, 3, 1, 1]
>>> mid_scoring([20, 18, 18, 11], (3, 1))
[3, 1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any

from workbench.games.life import dice as D
from workbench.games.life.cards import COLOURS, AlbumCard, DreamCard

#: Colour name -> die index (red, blue, yellow, green).
CI: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}
#: The dream effects that read the album's cards (:func:`dream_score`); the others read
#: the dice, the power left and the ★ left uncovered.
ALBUM_VERBS = frozenset(("colour_vp", "line_vp"))


class _Defaulted(dict):  # type: ignore[type-arg]
    """A value per key; a key never given (the character card, an empty square) reads
    ``default``, remembered."""

    def __init__(self, default: int) -> None:
        super().__init__()
        self.default = default

    def __missing__(self, key: object) -> int:
        self[key] = self.default
        return self.default


@dataclass(frozen=True)
class Catalogue:
    """The cards of one game, indexed for the rules (built once per game)."""

    album: tuple[AlbumCard, ...]
    dream_cards: tuple[DreamCard, ...]
    colour: dict[str, int] = field(default_factory=dict)
    stars: dict[str, int] = field(default_factory=dict)
    skill: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = field(default_factory=dict)
    event_effects: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = field(default_factory=dict)
    dream_skill: dict[str, dict[str, Any]] = field(default_factory=dict)
    dream_effect: dict[str, tuple[tuple[str, tuple[Any, ...]], ...]] = field(default_factory=dict)
    #: per dream card, the power its place_power skills give per colour (red, blue, yellow, green)
    place_gain: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: ``stars`` for any album square: an empty square (None), the character card and a card
    #: without ★ count 0 (a scoring formula sums ``map(star_count.__getitem__, album)``)
    star_count: dict[str | None, int] = field(default_factory=lambda: _Defaulted(0))
    #: ``colour`` for any album square: -1 for an empty square and the character card
    colour_of: dict[str | None, int] = field(default_factory=lambda: _Defaulted(-1))
    #: the dream cards whose dream effect reads the album (``colour_vp``, ``line_vp``)
    album_dreams: set[str] = field(default_factory=set)

    @classmethod
    def build(cls, album: Sequence[AlbumCard], dreams: Sequence[DreamCard]) -> Catalogue:
        """Index the cards; repeated ids are an error naming the id.

        >>> from workbench.games.life.cards import load_album, load_dreams
        >>> cat = Catalogue.build(load_album(), load_dreams())
        >>> cat.colour["J01"], cat.stars["J06"], cat.skill["J04"]
        (0, 2, (('power', (1,)),))
        >>> Catalogue.build(load_album()[:2] * 2, load_dreams())
        Traceback (most recent call last):
        ...
        ValueError: album card id 'J01' appears twice
        """
        cat = cls(tuple(album), tuple(dreams))
        for c in album:
            if c.id in cat.colour:
                raise ValueError(f"album card id {c.id!r} appears twice")
            cat.colour[c.id] = CI[c.colour]
            if c.stars:
                cat.stars[c.id] = c.stars
            cat.star_count[c.id] = c.stars or 0
            cat.colour_of[c.id] = CI[c.colour]
            if c.is_event:
                cat.event_effects[c.id] = tuple((e.verb, e.args) for e in c.event)
            else:
                cat.skill[c.id] = tuple((e.verb, e.args) for e in c.skill)
        cat.star_count[None] = 0
        cat.colour_of[None] = -1
        for d in dreams:
            if d.id in cat.dream_skill or d.id in cat.colour:
                raise ValueError(f"dream card id {d.id!r} appears twice")
            skills: dict[str, Any] = {}
            for e in d.skill:
                if e.verb == "place_power":
                    skills.setdefault("place_power", []).append(CI[str(e.args[0])])
                else:
                    skills[e.verb] = skills.get(e.verb, 0) + int(e.args[0] or 0)
            cat.dream_skill[d.id] = skills
            cat.place_gain[d.id] = tuple(
                skills.get("place_power", []).count(c) for c in range(len(COLOURS))
            )
            cat.dream_effect[d.id] = tuple((e.verb, e.args) for e in d.dream)
            if any(e.verb in ALBUM_VERBS for e in d.dream):
                cat.album_dreams.add(d.id)
        return cat

    @property
    def dreams(self) -> list[str]:
        """Every dream card id."""
        return [d.id for d in self.dream_cards]

    def stage_cards(self, stage: int, *, events: bool = True) -> list[str]:
        """Ids of one stage's album cards (without events when ``events`` is False)."""
        return [c.id for c in self.album if c.stage == stage and (events or not c.is_event)]

    def stage_events(self, stage: int) -> list[str]:
        """Ids of one stage's event cards."""
        return [c.id for c in self.album if c.stage == stage and c.is_event]

    def skill_sum(self, dreams: Sequence[str], verb: str) -> int:
        """Total of a numeric dream skill over the dream cards set aside."""
        total = 0
        for d in dreams:  # one or two cards: a loop is cheaper than sum() over a generator
            total += self.dream_skill[d].get(verb, 0)
        return total

    def place_power(self, dreams: Sequence[str], colour: int) -> int:
        """Power gained for placing a card of a colour, from dream skills.

        >>> from workbench.games.life.cards import load_album, load_dreams
        >>> cat = Catalogue.build(load_album(), load_dreams())
        >>> cat.place_power(["D02", "D03"], CI["yellow"]), cat.place_power(["D02"], CI["red"])
        (1, 0)
        """
        total = 0
        for d in dreams:
            total += self.place_gain[d][colour]
        return total


def mid_scoring(totals: Sequence[int], vp: Sequence[int]) -> list[int]:
    """VP per player for dice totals: places by distinct totals, ties share a place.

    >>> mid_scoring([10, 12, 12], (3, 1))
    [1, 3, 3]
    >>> mid_scoring([9, 9, 9, 9], (3, 1))
    [3, 3, 3, 3]
    """
    ranks = sorted(set(totals), reverse=True)
    return [vp[ranks.index(t)] if ranks.index(t) < len(vp) else 0 for t in totals]


def full_lines(album: Sequence[str | None], size: int = 4) -> int:
    """Full rows plus full columns.

    >>> full_lines(["x"] * 4 + [None] * 12)
    1
    >>> full_lines(["x"] * 16), full_lines(["x", None] * 8), full_lines(["x"] * 4, size=2)
    (8, 2, 4)
    """
    lines = _LINES.get(size)
    if lines is None:
        lines = _LINES[size] = _line_getters(size)
    return sum(None not in line(album) for line in lines)


#: per album size, a getter of each row and column's squares (built once)
_LINES: dict[int, tuple[Callable[[Sequence[str | None]], tuple[str | None, ...]], ...]] = {}


def _line_getters(
    size: int,
) -> tuple[Callable[[Sequence[str | None]], tuple[str | None, ...]], ...]:
    lines = [range(r * size, (r + 1) * size) for r in range(size)] + [
        range(c, size * size, size) for c in range(size)
    ]
    return tuple(
        itemgetter(*line) if size > 1 else (lambda a, i=line[0]: (a[i],)) for line in lines
    )


def dream_score(
    cat: Catalogue,
    dream: str,
    album: Sequence[str | None],
    dice_o: Sequence[int],
    power_left: int,
    uncovered: int,
) -> int:
    """VP of a dream card's dream effect for one player's final position."""
    vp = 0
    for verb, args in cat.dream_effect[dream]:
        if verb == "colour_vp":
            c = CI[args[0]]
            vp += args[1] * list(map(cat.colour_of.__getitem__, album)).count(c)
        elif verb == "top_vp":
            vp += args[2] if D.TOP[dice_o[CI[args[0]]]] >= args[1] else 0
        elif verb == "power_vp":
            vp += args[0] * power_left
        elif verb == "clean_vp":
            vp += args[0] if uncovered == 0 else 0
        elif verb == "line_vp":
            vp += args[0] * full_lines(album)
    return vp
