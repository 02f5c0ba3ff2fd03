"""Life's final scoring, written once: the formula over what one seat holds, and the
same formula over what a move would leave it.

A :class:`Standing` reads a seat's album, dice, power, VP, dream hand and dream
skills off a table once, with the album's ★ and empty squares counted. Its
:meth:`~Standing.parts` are the seed's final scoring as things stand (what
``LifeTable.score`` and ``score_parts`` give); :meth:`~Standing.placed`,
:meth:`~Standing.turned`, :meth:`~Standing.gained` and :meth:`~Standing.dream_left`
are the same formula with what a move changes: a placement moves the ★ count by the
two cards' ★ and fills a square at most, so it is worked out from the counts held,
not from the whole album again (the rule of thumb, ``policy.py``, weighs every
candidate move this way). Only a dream effect that reads the album (``colour_vp``,
``line_vp``: ``Catalogue.album_dreams``) is given the album after the move.

>>> from workbench.games.life.rules import make_game
>>> from workbench.games.life.table import CHARACTER
>>> t = make_game().new_table()
>>> t.albums[0][5], t.dice_sq[0] = CHARACTER, [5] * 4
>>> Standing(t, 0).parts()  # (dice, mid, bonus, stars, dream, full): four dice show 1
(4, 0, 0, 0, 0, 0)
>>> c, o, power, vp = t.placement(0, "J06", 4)  # red ★★ west of the character
>>> Standing(t, 0).placed(4, "J06", c, o, power, vp)  # the red die shows 3, two ★ uncovered
4
>>> t.albums[0][4], t.dice_o[0][c] = "J06", o
>>> Standing(t, 0).parts(), t.score(0)
((6, 0, 0, -2, 0, 0), 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from workbench.games.life.dice import TOP
from workbench.games.life.effects import dream_score

__all__ = ["PARTS", "Parts", "Standing"]

#: The names of a seat's scoring parts, in order.
PARTS = ("dice", "mid", "bonus", "stars", "dream", "full")

Parts = tuple[int, int, int, int, int, int]


class Standing:
    """One seat's final-scoring inputs as they stand on a table (read once, not
    copied: use it before the table changes), and the scoring formula over them or
    over what a move changes.

    ``dream=False`` leaves the dream effect out (a rival's hand is hidden).
    """

    __slots__ = (
        "cat",
        "album",
        "dice",
        "tops",
        "power",
        "bonus",
        "mid",
        "hand",
        "skills",
        "dream",
        "dreaming",
        "shield",
        "stars",
        "empty",
        "covered_vp",
        "full_vp",
    )

    def __init__(self, t: Any, seat: int, *, dream: bool = True) -> None:
        game = t.game
        cat = self.cat = game.catalogue
        p = game.params
        self.covered_vp, self.full_vp = p.covered_star_vp, p.full_album_vp
        album: Sequence[str | None] = t.albums[seat]
        dice: Sequence[int] = t.dice_o[seat]
        hand: Sequence[str] = t.hands[seat]
        skills: Sequence[str] = t.skills[seat]
        self.album, self.dice, self.hand, self.skills = album, dice, hand, skills
        a, b, c, d = dice
        self.tops = TOP[a] + TOP[b] + TOP[c] + TOP[d]
        self.power, self.bonus, self.mid = t.power[seat], t.bonus_vp[seat], t.mid_vp[seat]
        self.dream = dream
        #: the dream card whose effect counts (the last one in hand), else None
        self.dreaming: str | None = hand[0] if dream and len(hand) == 1 else None
        self.shield = cat.skill_sum(skills, "shield") if skills else 0
        self.stars: int = sum(map(cat.star_count.__getitem__, album))
        self.empty = album.count(None)

    def _parts(
        self,
        stars: int,
        empty: int,
        album: Sequence[str | None],
        dice: Sequence[int],
        tops: int,
        power: int,
        bonus: int,
        dreaming: str | None,
        shield: int,
    ) -> Parts:
        """The scoring formula (parts in :data:`PARTS` order): all power is placed, one per
        ★ (a covered ★ scores ``covered_star_vp``, an uncovered one −1); a shield ignores
        uncovered ★ only; power left over and the ★ left uncovered feed the dream effect."""
        covered = power if power < stars else stars
        uncovered = stars - covered
        if uncovered and shield:
            uncovered = uncovered - shield if uncovered > shield else 0
        return (
            tops,
            self.mid,
            bonus,
            covered * self.covered_vp - uncovered,
            0
            if dreaming is None
            else dream_score(self.cat, dreaming, album, dice, power - covered, uncovered),
            0 if empty else self.full_vp,
        )

    def parts(self) -> Parts:
        """The scoring parts as things stand."""
        return self._parts(
            self.stars,
            self.empty,
            self.album,
            self.dice,
            self.tops,
            self.power,
            self.bonus,
            self.dreaming,
            self.shield,
        )

    def total(self) -> int:
        """Total VP as things stand (the sum of :meth:`parts`)."""
        return sum(self.parts())

    def gained(self, power: int, vp: int) -> int:
        """Total VP with ``power`` more power and ``vp`` more bonus VP."""
        return sum(
            self._parts(
                self.stars,
                self.empty,
                self.album,
                self.dice,
                self.tops,
                self.power + power,
                self.bonus + vp,
                self.dreaming,
                self.shield,
            )
        )

    def turned(self, die: int, orientation: int) -> int:
        """Total VP with die ``die`` (0..3) lying in ``orientation`` instead."""
        dice = self.dice
        turned = list(dice)
        turned[die] = orientation
        return sum(
            self._parts(
                self.stars,
                self.empty,
                self.album,
                turned,
                self.tops - TOP[dice[die]] + TOP[orientation],
                self.power,
                self.bonus,
                self.dreaming,
                self.shield,
            )
        )

    def placed(self, sq: int, card: str, die: int, orientation: int, power: int, vp: int) -> int:
        """Total VP with album card ``card`` on square ``sq`` (whatever lay there gone),
        die ``die`` rolled to ``orientation``, and ``power`` and ``vp`` gained."""
        album, dice, dreaming = self.album, self.dice, self.dreaming
        old = album[sq]
        star_count = self.cat.star_count
        if dreaming is not None:  # the dream effect reads the dice, and maybe the album
            rolled = list(dice)
            rolled[die] = orientation
            dice = rolled
            if dreaming in self.cat.album_dreams:
                after = list(album)
                after[sq] = card
                album = after
        return sum(
            self._parts(
                self.stars - star_count[old] + star_count[card],
                self.empty - (old is None),
                album,
                dice,
                self.tops - TOP[self.dice[die]] + TOP[orientation],
                self.power + power,
                self.bonus + vp,
                dreaming,
                self.shield,
            )
        )

    def dream_left(self, card: str, *, kept: bool) -> int:
        """Total VP with dream card ``card`` gone from the hand (``kept``: set aside as a
        dream skill)."""
        rest = list(self.hand)
        rest.remove(card)
        shield = self.shield
        if kept:
            shield += self.cat.skill_sum((card,), "shield")
        return sum(
            self._parts(
                self.stars,
                self.empty,
                self.album,
                self.dice,
                self.tops,
                self.power,
                self.bonus,
                rest[0] if self.dream and len(rest) == 1 else None,
                shield,
            )
        )
