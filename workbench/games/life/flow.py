"""Life's automatic tasks (rounds, turns, events, scoring) as a mixin of ``core.Table``.

Kept apart from ``core.py`` (set-up, legal actions, applying) only for size;
the two are one class at run time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from workbench.games.life import dice as D
from workbench.games.life.effects import (
    Catalogue,
    album_full,
    dream_score,
    event_tasks,
    mid_scoring,
    skill_tasks,
)
from workbench.games.life.params import LifeParams

SIZE = 4
SQUARES = SIZE * SIZE
CHARACTER = "@"
COLOURS = ("red", "blue", "yellow", "green")
CI = {c: i for i, c in enumerate(COLOURS)}


class Flow:
    """The automatic tasks; ``Table`` supplies the fields and ``legal_squares``."""

    if not TYPE_CHECKING:  # mypy reads the fields below as Table's slots
        __slots__ = ()
    p: LifeParams
    cat: Catalogue
    stack: list[tuple[Any, ...]]
    stage: int
    round: int
    start: int
    decks: list[list[str]]
    events: list[list[str]]
    dream_deck: list[str]
    common: list[str]
    albums: list[list[str | None]]
    dice_sq: list[list[int]]
    dice_o: list[list[int]]
    power: list[int]
    mid_vp: list[int]
    bonus_vp: list[int]
    hands: list[list[str]]
    skills: list[list[str]]
    passes: list[str | None]
    order: list[int]
    discard: list[str]
    removed: list[str]
    stats: list[int]
    picks: list[list[int]]

    def legal_squares(self, seat: int, card: str) -> list[int]:  # pragma: no cover
        raise NotImplementedError

    def _push(self, tasks: list[tuple[Any, ...]]) -> None:
        self.stack += tasks[::-1]

    def _auto_passdone(self, top: tuple[Any, ...]) -> None:
        n = self.p.players
        for s in range(n):
            card = str(self.passes[s])
            self.hands[s].remove(card)
            self.hands[(s + 1) % n].append(card)
            self.passes[s] = None
        self.removed += self.dream_deck
        self.dream_deck = []

    def _auto_startp(self, top: tuple[Any, ...]) -> None:
        totals = [sum(D.TOP[o] for o in os) for os in self.dice_o]
        low = min(totals)
        tied = tuple(s for s, v in enumerate(totals) if v == low)
        if len(tied) == 1 or self.p.start_tie == "first":
            self.start = tied[0]
        else:
            self.stack.append(("tie", tied))

    def _auto_round(self, top: tuple[Any, ...]) -> None:
        n = self.p.players
        tasks: list[tuple[Any, ...]] = [("reveal",)] * n
        if self.p.timed_events:
            tasks.append(("timed",))
        tasks += [("pawn", (self.start + k) % n) for k in range(n)]
        self._push([*tasks, ("main",)])

    def _auto_main(self, top: tuple[Any, ...]) -> None:
        self._push([("turn", s) for s in self.order if s >= 0] + [("roundend",)])

    def _auto_turn(self, top: tuple[Any, ...]) -> None:
        seat = top[1]
        space = self.order.index(seat) + 1
        self.order[space - 1] = -1
        tasks: list[tuple[Any, ...]] = []
        if space == 2:
            tasks.append(("tip", seat, "bonus"))
        elif space == 3:
            self.start = seat
        elif space == 4:
            self.power[seat] += 1
        self._push([*tasks, ("take", seat), ("draw", seat)])

    def _auto_resolve(self, top: tuple[Any, ...]) -> None:
        _, seat, card = top
        cat = self.cat
        if card in cat.event_effects:
            self.stats[4 * self.stage + 3] += 1
            self.power[seat] += 1 + cat.skill_sum(self.skills[seat], "event_power")
            self._push(event_tasks(cat, seat, card, self.p.players))
        elif squares := self.legal_squares(seat, card):
            self.stack.append(("place", seat, card, tuple(squares)))
        else:
            self.stats[4 * self.stage + 2] += 1
            self.discard.append(card)
            if self.p.album_skills and self.p.skill_on_failed_placement:
                self._push(skill_tasks(cat, seat, card))

    def _auto_fx(self, top: tuple[Any, ...]) -> None:
        _, seat, verb, args = top
        if verb == "power":
            self.power[seat] += args[0]
        elif verb == "lose":
            self.power[seat] = max(0, self.power[seat] - args[0])
        elif verb == "vp":
            self.bonus_vp[seat] += args[0]
        elif verb == "tip":
            self._push([("tip", seat, "effect")] * args[0])
        elif verb == "reroll":
            self.stack.append(("reroll", seat, CI[args[0]]))
        elif verb == "relocate":
            if args[0] == "any":
                self.stack.append(("which", seat))
            else:
                c = CI[args[0]]
                self._push([("move", seat, c), ("turnany", seat, c)])
        elif verb == "reward":
            if D.TOP[self.dice_o[seat][CI[args[0]]]] >= args[1]:
                self.bonus_vp[seat] += args[2]
        elif verb == "lowest":
            totals = [sum(D.TOP[o] for o in os) for os in self.dice_o]
            low = min(totals)
            for s, v in enumerate(totals):
                if v == low:
                    self.power[s] += args[0]

    def _auto_removed(self, top: tuple[Any, ...]) -> None:
        self.removed.append(top[1])

    def _auto_roundend(self, top: tuple[Any, ...]) -> None:
        self.discard += self.common
        self.common = []
        self.round += 1
        if self.round < self.p.rounds_per_stage:
            self.stack.append(("round",))
            return
        self.round = 0
        if self.stage + 1 < self.p.stages:
            n = self.p.players
            self._push([("mid",)] + [("dream", (self.start + k) % n) for k in range(n)]
                       + [("nextstage",)])
        else:
            self.stack.append(("final",))

    def _auto_mid(self, top: tuple[Any, ...]) -> None:
        totals = [sum(D.TOP[o] for o in os) for os in self.dice_o]
        for s, vp in enumerate(mid_scoring(totals, self.p.mid_vp)):
            self.mid_vp[s] += vp

    def _auto_nextstage(self, top: tuple[Any, ...]) -> None:
        self.stage += 1
        self.stack.append(("round",))

    def _auto_final(self, top: tuple[Any, ...]) -> None:
        self.round = self.p.rounds_per_stage  # marks the end for describe()

    # -- scores -----------------------------------------------------------------
    def score_parts(self, seat: int) -> dict[str, int]:
        """The final-scoring parts of one seat as they stand now.

        The dream effect counts once a single dream card is left in hand.
        """
        cat = self.cat
        album = self.albums[seat]
        dice = sum(D.TOP[o] for o in self.dice_o[seat])
        stars = sum(cat.stars.get(c, 0) for c in album if c is not None)
        shield = cat.skill_sum(self.skills[seat], "shield")
        covered = min(self.power[seat], stars)  # all power is placed, one per ★
        uncovered = max(0, stars - covered - shield)
        left = self.power[seat] - covered
        full = album_full(album)
        hand = self.hands[seat]
        dream = dream_score(cat, hand[0], album, self.dice_o[seat], left, uncovered) \
            if len(hand) == 1 else 0
        return {"dice": dice, "mid": self.mid_vp[seat], "bonus": self.bonus_vp[seat],
                "stars": covered * self.p.covered_star_vp - uncovered, "dream": dream,
                "full": self.p.full_album_vp if full else 0}

    def score(self, seat: int) -> int:
        """Total VP of a seat as it stands now."""
        return sum(self.score_parts(seat).values())
