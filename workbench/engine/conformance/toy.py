"""Two tiny games that exercise the engine (doctests, tests, examples for game authors).

- :class:`TakeAway` — Nim with one pile: take 1–3 stones, who takes the last wins.
  No chance, no cards.
- :class:`DiceRace` — a race to a goal square: on your turn roll a die (a chance
  node) or play a card from your hand (then draw one: a chance node over the
  deck weighted by count). Cards move deck -> hand -> discard and are conserved.

>>> from workbench.engine.play.session import Session
>>> s = Session(DiceRace(), seed=1)
>>> [a.label for a in s.legal_actions()]
['roll the die', 'play card 1', 'play card 3']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace

from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.prob.dist import Dist
from workbench.spec import GameSpec, GameType, Value


@dataclass(frozen=True)
class TakeAwayParams:
    """Pile size and the most stones one may take."""

    stones: int = 7
    most: int = 3


@dataclass(frozen=True)
class TakeAwayState:
    """Stones left and the seat to move (the winner once ``stones == 0``)."""

    stones: int
    to_move: int = 0


class TakeAway(Game[TakeAwayState]):
    """One-pile Nim.

    >>> g = TakeAway()
    >>> [a.id for a in g.legal_actions(g.initial_state())]
    [1, 2, 3]
    >>> g.returns(g.apply(g.apply(TakeAwayState(3), 1), 2))
    (-1.0, 1.0)
    """

    name = "takeaway"
    version = "1"

    def __init__(self, params: TakeAwayParams | None = None) -> None:
        super().__init__(params)

    @classmethod
    def default_params(cls) -> TakeAwayParams:
        return TakeAwayParams()

    def initial_state(self) -> TakeAwayState:
        return TakeAwayState(self.params.stones)

    def current_player(self, state: TakeAwayState) -> int:
        return TERMINAL if state.stones == 0 else state.to_move

    def legal_actions(self, state: TakeAwayState) -> Sequence[Action]:
        if state.stones == 0:
            return []
        top = min(self.params.most, state.stones)
        return [Action(k, f"take {k}") for k in range(1, top + 1)]

    def apply(self, state: TakeAwayState, action_id: Hashable) -> TakeAwayState:
        if state.stones == 0 or action_id not in range(1, min(self.params.most, state.stones) + 1):
            raise IllegalAction(f"cannot take {action_id!r} from {state.stones} stones")
        assert isinstance(action_id, int)
        left = state.stones - action_id
        return TakeAwayState(left, state.to_move if left == 0 else 1 - state.to_move)

    def returns(self, state: TakeAwayState) -> tuple[float, ...]:
        if state.stones:
            return (0.0, 0.0)
        return tuple(1.0 if seat == state.to_move else -1.0 for seat in range(2))


def make_takeaway(**params: int) -> TakeAway:
    """The registry-style constructor.

    >>> make_takeaway(stones=4).initial_state()
    TakeAwayState(stones=4, to_move=0)
    """
    return TakeAway(TakeAwayParams(**params))


@dataclass(frozen=True)
class DiceRaceParams:
    """Seats, goal square, die faces, hand size and the deck (card value, copies)."""

    players: int = 2
    goal: int = 12
    faces: int = 4
    hand: int = 2
    deck: tuple[tuple[int, int], ...] = ((1, 3), (2, 2), (3, 2))


@dataclass(frozen=True)
class DiceRaceState:
    """Positions, hands (sorted tuples), deck counts, discard pile, seat to move, pending chance."""

    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    deck: tuple[tuple[int, int], ...]
    discard: tuple[int, ...]
    to_move: int
    pending: str = ""  # "", "roll" or "draw:<seat>"


class DiceRace(Game[DiceRaceState]):
    """Race with a die, a small deck and hands (chance nodes and card zones)."""

    name = "dicerace"
    version = "1"
    min_players = 2
    max_players = 4

    def __init__(self, params: DiceRaceParams | None = None) -> None:
        super().__init__(params)

    @classmethod
    def default_params(cls) -> DiceRaceParams:
        return DiceRaceParams()

    def initial_state(self) -> DiceRaceState:
        n = self.params.players
        return DiceRaceState((0,) * n, ((),) * n, self.params.deck, (), 0, "draw:0")

    def current_player(self, state: DiceRaceState) -> int:
        if max(state.positions) >= self.params.goal:
            return TERMINAL
        return CHANCE if state.pending else state.to_move

    def legal_actions(self, state: DiceRaceState) -> Sequence[Action]:
        if self.current_player(state) < 0:
            return []
        cards = sorted(set(state.hands[state.to_move]))
        return [Action("roll", "roll the die")] + [
            Action(("card", c), f"play card {c}") for c in cards
        ]

    def chance_outcomes(self, state: DiceRaceState) -> Dist:
        if state.pending == "roll":
            return Dist.uniform(range(1, self.params.faces + 1))
        if state.pending.startswith("draw"):
            return Dist({("draw", c): k for c, k in state.deck})
        raise NotImplementedError("not a chance node")

    def apply(self, state: DiceRaceState, action_id: Hashable) -> DiceRaceState:
        who = self.current_player(state)
        if who == CHANCE:
            if action_id not in self.chance_outcomes(state):
                raise IllegalAction(f"{action_id!r} is not a chance outcome here")
            if state.pending == "roll":
                assert isinstance(action_id, int)
                return self._advance(state, action_id)
            return self._draw(state, int(state.pending.split(":")[1]), action_id[1])  # type: ignore[index]
        if who == TERMINAL:
            raise IllegalAction("the race is over")
        if action_id == "roll":
            return replace(state, pending="roll")
        hand = state.hands[who]
        if not (isinstance(action_id, tuple) and action_id[0] == "card" and action_id[1] in hand):
            raise IllegalAction(f"seat {who} cannot play {action_id!r}")
        card = action_id[1]
        rest = list(hand)
        rest.remove(card)
        hands = _set(state.hands, who, tuple(rest))
        moved = replace(state, hands=hands, discard=(*state.discard, card))
        after = self._advance(moved, card)
        if after.deck and self.current_player(after) != TERMINAL:
            return replace(after, pending=f"draw:{who}", to_move=who)
        return after

    def _advance(self, state: DiceRaceState, steps: int) -> DiceRaceState:
        who = state.to_move
        pos = _set(state.positions, who, state.positions[who] + steps)
        return replace(state, positions=pos, pending="", to_move=(who + 1) % len(pos))

    def _draw(self, state: DiceRaceState, seat: int, card: int) -> DiceRaceState:
        deck = tuple((c, k - (c == card)) for c, k in state.deck if k - (c == card))
        hands = _set(state.hands, seat, tuple(sorted((*state.hands[seat], card))))
        nxt = replace(state, deck=deck, hands=hands, pending="")
        if not deck:
            return replace(nxt, to_move=(seat + 1) % len(hands))
        short = [i for i in range(len(hands)) if len(hands[i]) < self.params.hand]
        if short and not sum(state.positions) and not state.discard:  # opening deal
            return replace(nxt, pending=f"draw:{short[0]}")
        return replace(nxt, to_move=(seat + 1) % len(hands))

    def returns(self, state: DiceRaceState) -> tuple[float, ...]:
        return tuple(float(min(p, self.params.goal)) for p in state.positions)

    def action_label(self, state: DiceRaceState, action_id: Hashable) -> str:
        if state.pending == "roll":
            return f"rolled {action_id}"
        if state.pending.startswith("draw"):
            return f"P{int(state.pending[5:]) + 1} drew card {action_id[1]}"  # type: ignore[index]
        return super().action_label(state, action_id)

    def zones(self, state: DiceRaceState) -> Mapping[str, Counter[Hashable]]:
        out: dict[str, Counter[Hashable]] = {"deck": Counter(dict(state.deck))}
        for i, h in enumerate(state.hands):
            out[f"hand{i}"] = Counter(h)
        out["discard"] = Counter(state.discard)
        return out

    def metrics(self, state: DiceRaceState) -> Mapping[str, float | int | str]:
        return {"cards_played": len(state.discard)}


def _set(t: tuple, i: int, v: object) -> tuple:  # type: ignore[type-arg]
    return t[:i] + (v,) + t[i + 1 :]


def make_dicerace(**params: object) -> DiceRace:
    """The registry-style constructor (``deck`` as a tuple of (value, copies) pairs).

    >>> make_dicerace(players=3).num_players
    3
    """
    return DiceRace(DiceRaceParams(**params))  # type: ignore[arg-type]


TAKEAWAY_SPEC = GameSpec(
    name="takeaway",
    title="Take Away (one-pile Nim)",
    version=TakeAway.version,
    game_type=GameType("perfect", "deterministic", 2, 2, "zero-sum"),
    new_game=make_takeaway,
    parameters=Value(TakeAwayParams),
)
"""Take Away as a game the registry can hold (``register(TAKEAWAY_SPEC)``)."""

DICERACE_SPEC = GameSpec(
    name="dicerace",
    title="Dice Race",
    version=DiceRace.version,
    game_type=GameType(
        "imperfect", "explicit", DiceRace.min_players, DiceRace.max_players, "general-sum"
    ),
    new_game=make_dicerace,
    parameters=Value(DiceRaceParams),
)
"""Dice Race as a game the registry can hold (``register(DICERACE_SPEC)``)."""
