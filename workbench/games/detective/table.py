"""The detective's table: every field declared once, with who sees it, and its queries.

The kernel (:mod:`workbench.engine.kernel`) derives the frozen state, thawing,
views and observations from these declarations. Who sees what, as the seed
plays it:

- the investigation deck (``pool``) and the event deck (``edeck``) are face
  down: ``HIDDEN``, kept sorted (a deck is an unordered multiset here: every
  draw is a uniform chance step, so a shuffle needs no step of its own);
- the ``bottom`` of the investigation deck is public and ordered: only the
  tragic night goes there, in view of everyone (the first-card rule, or the
  opening variant's ``opening_tragic="bottom"``), so its place is known;
- hands are each seat's own (``OWN``), and so is a face-down reservation;
- everything else (line, outside, supply, removed cards, notebooks, the
  discard pile, the round's record) lies face up.

The queries read the fields only, so they work on a mutable table and on a
read-only :meth:`~workbench.engine.kernel.KernelGame.view` alike.

>>> from workbench.games.detective.rules import make_game
>>> g = make_game(players=3)
>>> t = g.view(g.initial_state())
>>> t.limit(0), t.vp(0), t.line_colours(), t.clearable()
(5, 0, {}, [])
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from workbench.engine.kernel import (
    HIDDEN,
    OWN,
    PUBLIC,
    Hidden,
    Observation,
    Snapshot,
    Table,
    items,
    rows,
    value,
)

from .catalogue import INF, NIGHT, Catalogue


def icon_discards(
    cost: tuple[tuple[int, int], ...], counts: Sequence[int], units: Sequence[int], night: bool
) -> int:
    """Discards that generate the icons of ``cost`` the icons on hand (``counts``) lack, at
    ``units`` discards per icon (``cost``, ``counts`` and ``units`` by colour index); the
    tragic ``night`` on the line pays the dearest one (INF: cannot be paid).

    >>> icon_discards(((2, 2), (0, 1)), [0, 0, 1], [INF, 4, 3], True)
    3
    >>> icon_discards(((2, 2),), [0, 0, 2], [INF, 4, 3], False)
    0
    """
    total = dearest = 0
    for colour, need in cost:
        short = need - counts[colour]
        if short > 0:
            unit = units[colour]
            total += unit * short
            if unit > dearest:
                dearest = unit
    if night:
        total -= dearest
    return min(INF, total)


def victim_of(line: Sequence[str], card_person: Mapping[str, str]) -> str | None:
    """The person with strictly the most cards on the line (None on a tie or no person).

    >>> victim_of(["yuri:1", "toru:1", "yuri:2", "night"], {"yuri:1": "yuri", "yuri:2": "yuri",
    ...           "toru:1": "toru"})
    'yuri'
    >>> victim_of(["yuri:1", "toru:1", "night"], {"yuri:1": "yuri", "toru:1": "toru"}) is None
    True
    """
    counts: dict[str, int] = {}
    for c in line:
        who = card_person.get(c)
        if who is not None:
            counts[who] = counts.get(who, 0) + 1
    victim, most, tied = None, 0, False
    for who, k in counts.items():
        if k > most:
            victim, most, tied = who, k, False
        elif k == most:
            tied = True
    return None if tied else victim


def winners_of(vps: Sequence[int], notebooks: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Most VP wins; a tie goes to the tied seat holding the lowest-numbered event;
    tied seats with empty notebooks all share the win only when none holds one.

    >>> winners_of([5, 5, 2], [[20, 7], [3], [1]])
    (1,)
    >>> winners_of([0, 0, 0], [[], [], []])
    (0, 1, 2)
    """
    best = max(vps)
    tied = [i for i, v in enumerate(vps) if v == best]
    if len(tied) == 1:
        return tuple(tied)
    holders = [(min(notebooks[i]), i) for i in tied if notebooks[i]]
    if not holders:
        return tuple(tied)
    return (min(holders)[1],)


class DetectiveTable(Table):
    """The position of a game of 「探偵無宿２」 (``tasks``, the step stack, is the kernel's)."""

    # investigation cards
    pool: list[str] = items(seen=HIDDEN, sort=True)
    bottom: list[str] = items()
    line: list[str] = items()
    outside: list[str] = items()
    supply: list[str] = items()
    removed: list[str] = items()
    # events
    hands: list[list[int]] = rows(seen=OWN)
    notebooks: list[list[int]] = rows()
    reserved: list[int | None] = items(seen=OWN)
    edeck: list[int] = items(seen=HIDDEN, sort=True)
    discard: list[int] = items()
    # the round and the turn
    dead: list[str] = items()
    round: int = value()
    start: int = value()
    active: int = value()
    tn: bool = value()  # the tragic night has been drawn this round
    suspects: int = value()
    first_draw: bool = value()
    free_used: int = value()  # free one-shots played this turn (``oneshot_free``)
    generated: list[str] = items()  # icons generated this turn (colours, sorted)
    drawer: int = value()
    # the record
    victims: list[str | None] = items()
    over: bool = value()
    end_reason: str = value()
    penalties: list[int] = items()
    played: list[int] = items()
    round_turns: list[int] = items()
    turns: int = value()
    round_deck: tuple[tuple[str, int], ...] = value()
    round_persons: int = value()
    history: list[tuple[Any, ...]] = items()

    @property
    def cat(self) -> Catalogue:
        """The game's catalogue (cards, costs, ids)."""
        return self.game.catalogue  # type: ignore[no-any-return]

    @classmethod
    def determinize(cls, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with ``obs``, each zone sorted as the rules keep it.

        The unseen person cards are exactly the investigation deck (every other
        person card lies face up), so the deck is rebuilt from them; the unseen
        events are shuffled with ``rng`` and dealt to the event deck, the other
        hands and the face-down reservations. (The kernel's generic deal pools
        both kinds of card together.)

        >>> from workbench.games.detective.rules import make_game
        >>> g = make_game(players=3)
        >>> s = g.initial_state()
        >>> d = g.determinize(g.observe(s, 1), random.Random(0))
        >>> d.pool == s.pool, len(d.edeck) == len(s.edeck), d.tasks == s.tasks
        (True, True, True)
        """
        unseen = obs.unseen
        people = sorted(c for c in unseen if isinstance(c, str))
        events = [c for c in unseen if not isinstance(c, str)]
        rng.shuffle(events)
        deal = iter(events)

        def cards(h: Hidden) -> tuple[Any, ...]:
            return tuple(sorted(next(deal) for _ in range(h.size)))

        out: list[Any] = []
        for f, v in zip(cls.FIELDS, obs.state):
            if f.name == "pool":
                out.append(tuple(people))
            elif f.seen == PUBLIC:
                out.append(v)
            elif f.name == "reserved":
                out.append(
                    tuple(
                        (next(deal) if x.size else None) if isinstance(x, Hidden) else x for x in v
                    )
                )
            elif f.depth == 1:
                out.append(cards(v))
            else:
                out.append(tuple(cards(r) if isinstance(r, Hidden) else r for r in v))
        return cls.Frozen(out)

    # -- scores and limits -----------------------------------------------------
    def limit(self, seat: int) -> int:
        """The seat's hand limit (base plus ``hand_limit`` events in its notebook)."""
        cat = self.game.catalogue
        bonus = cat.limit_bonus
        limit: int = cat.params.hand_limit
        if bonus:
            for e in self.notebooks[seat]:
                if e in bonus:
                    limit += bonus[e]
        return limit

    def vp(self, seat: int) -> int:
        """VP: placed events in the notebook minus reservation penalties."""
        ev = self.game.catalogue.events
        return sum(ev[e].vp for e in self.notebooks[seat]) - self.penalties[seat]

    def awake(self, person: str) -> bool:
        """True while an awakening event for ``person`` is in a notebook (or, with
        ``awaken_on_fourth``, while their awakened card is out of the supply)."""
        cat = self.game.catalogue
        events = cat.awakened_by.get(person)
        if events:
            for book in self.notebooks:
                if not events.isdisjoint(book):
                    return True
        if cat.params.awaken_on_fourth:
            card = cat.awakened_card.get(person)
            if card is None or card in self.removed:
                return False
            supply, at = self.supply, cat.params.awaken_at
            if at is None:  # only the awakened (4th) card suspected awakens
                return card not in supply
            return sum(1 for c in cat.person_cards[person] if c not in supply) >= at
        return False

    # -- costs ---------------------------------------------------------------------
    def generation_costs(self, seat: int) -> dict[str, int]:
        """Colour -> hand cards ``seat`` discards per generated icon now (INF: not allowed)."""
        return self.game.catalogue.generation_costs(tuple(self.notebooks[seat]), tuple(self.dead))

    def line_colours(self) -> dict[str, int]:
        """Colour -> icons on hand: person cards of that colour on the line, plus the
        icons generated earlier this turn (``generated_lasts="turn"``)."""
        colours = self.game.catalogue.card_colour
        out: dict[str, int] = {}
        for c in self.line:
            if c != NIGHT:
                k = colours[c]
                out[k] = out.get(k, 0) + 1
        for k in self.generated:
            out[k] = out.get(k, 0) + 1
        return out

    def shortfall(self, seat: int, no: int) -> list[str]:
        """The icons ``seat`` generates (by discards) to pay event ``no`` now: every icon
        the line lacks but the one the tragic night pays (the dearest), sorted."""
        cat = self.game.catalogue
        have, gen = self.line_colours(), self.generation_costs(seat)
        out: list[str] = []
        dearest, dear = 0, None
        for colour, need in cat.events[no].cost:
            short = need - have.get(colour, 0)
            if short > 0:
                out += [colour] * short
                if gen[colour] > dearest:
                    dearest, dear = gen[colour], colour
        if dear is not None and self.tn and NIGHT in self.line:
            out.remove(dear)
        return sorted(out)

    def icon_counts(self) -> tuple[list[int], bool]:
        """The icons on hand by colour index (person cards on the line, icons generated
        this turn) and whether the tragic night on the line pays one (once it is drawn)."""
        cat = self.game.catalogue
        counts = [0] * len(cat.colour_index)
        index = cat.card_colour_index
        night = False
        for c in self.line:
            k = index.get(c)
            if k is None:
                night = True
            else:
                counts[k] += 1
        for colour in self.generated:
            counts[cat.colour_index[colour]] += 1
        return counts, night and self.tn

    def discards_needed(self, seat: int, no: int) -> int:
        """Hand cards ``seat`` must discard to pay event ``no`` now (INF: cannot)."""
        cat = self.game.catalogue
        who = cat.needs_dead[no]
        if who is not None and who not in self.dead:
            return INF
        counts, night = self.icon_counts()
        return icon_discards(
            cat.cost_index[no],
            counts,
            cat.unit_costs(tuple(self.notebooks[seat]), tuple(self.dead)),
            night,
        )

    def payable(self, seat: int, no: int, hand_size: int) -> bool:
        """True when the other ``hand_size - 1`` cards cover the discards."""
        return self.discards_needed(seat, no) <= hand_size - 1

    # -- the supply, the line and the notebooks --------------------------------------
    def suspectable(self) -> list[str]:
        """People one of whose supply cards may be suspected now (sheet order)."""
        cat = self.game.catalogue
        p = cat.params
        if p.suspects_per_round is not None and self.suspects >= p.suspects_per_round:
            return []
        if p.awaken_on_fourth:
            return [who for who in cat.persons if self.supply_card(who) is not None]
        present = set(map(cat.suspect_of.__getitem__, self.supply))
        return [who for who in cat.persons if who in present]

    def supply_card(self, who: str) -> str | None:
        """The card a suspect of ``who`` moves: a normal card first, the awakened one
        last (and only with ``awaken_on_fourth``)."""
        cat = self.game.catalogue
        supply = self.supply
        for cid in cat.person_cards[who]:
            if cid in supply and not cid.endswith(":A"):
                return cid
        card = cat.awakened_card.get(who)
        if cat.params.awaken_on_fourth and card is not None and card in supply:
            return card
        return None

    def clearable(self) -> list[str]:
        """People a break may clear from the line (the tragic night stays), each once, in
        line order: their cards are alike on the line, so one choice per person."""
        person = self.game.catalogue.card_person
        out: list[str] = []
        for c in self.line:
            if c != NIGHT and person[c] not in out:
                out.append(person[c])
        return out

    def burn_targets(self, seat: int) -> list[tuple[int, int]]:
        """(seat, event) pairs another notebook offers to a burn (protected books excluded)."""
        prot = self.game.catalogue.protects
        n = len(self.hands)
        out = []
        for k in range(1, n):
            other = (seat + k) % n
            book = self.notebooks[other]
            if any(e in prot for e in book):
                continue
            out += [(other, e) for e in book]
        return out

    # -- the legal decisions -------------------------------------------------------------
    def main_ids(self, seat: int) -> list[Hashable]:
        """The main phase's ids in their fixed order: ``("set", r)`` when the reservation
        is free now, ``("play", e)`` for every payable hand card, ``("reserve", e)``
        (variant; neither set nor reserve once the tragic night is out: 「それまでに惨劇の
        夜が出たら捨て札になる」), ``("break",)`` and ``("break", e)`` for every hand card
        (not with ``break_draw="one"``, unless ``one_draw_discard``)."""
        cat = self.game.catalogue
        p = cat.params
        hand = self.hands[seat]
        ids: list[Hashable] = []
        res = self.reserved[seat]
        if res is not None and not self.tn and self.discards_needed(seat, res) == 0:
            ids.append(cat.set_id[res])
        ids += self.payable_ids(seat, hand)
        if p.reservation and res is None and not self.tn:
            ids += map(cat.reserve_id.__getitem__, hand)
        ids.append(("break",))
        if (p.break_draw == "refill" or p.one_draw_discard) and not (
            self.tn and p.night_break == "refill"
        ):  # after the tragic night 「手札の補充だけ」: no discard (night_break="refill")
            ids += map(cat.break_id.__getitem__, hand)
        return ids

    def payable_ids(self, seat: int, hand: Sequence[int]) -> list[Hashable]:
        """``("play", e)`` for every card of ``hand`` the other cards can pay now
        (:meth:`discards_needed`, the icons on hand counted once for the hand)."""
        cat = self.game.catalogue
        counts, night = self.icon_counts()
        units = cat.unit_costs(tuple(self.notebooks[seat]), tuple(self.dead))
        h = len(hand) - 1
        dead, info = self.dead, cat.play_info
        ids: list[Hashable] = []
        for e in hand:
            who, cost, play = info[e]
            if who is not None and who not in dead:
                continue
            if icon_discards(cost, counts, units, night) <= h:
                ids.append(play)
        return ids

    def break2_ids(self) -> list[Hashable]:
        """After a break: ``("suspect", who)``, ``("clear", who)``, then ``("pass",)``."""
        ids: list[Hashable] = [("suspect", who) for who in self.suspectable()]
        ids += [("clear", c) for c in self.clearable()]
        ids.append(("pass",))
        return ids

    def discard_ids(self, seat: int) -> list[Hashable]:
        """``("discard", e)`` for every card of the seat's hand, in hand order."""
        ids = self.game.catalogue.discard_id
        return [ids[e] for e in self.hands[seat]]
