"""「むげんの宙へ」 (Mugen no Sora e): a two-player duel of skill cards.

Seed: ``/work/shared/seeds/003_528209df1193eb7f.txt`` (the Japanese text is
the authority); digest ``shared/games/mugen.md``. The seed's card list was
images: ``data/mugen/cards.csv`` is an authored prototype set.

Rules as implemented: both decks are checked by the construction rules before
play (:class:`~workbench.games.mugen.decks.DeckError` names the broken rule);
the additional trait of a deck's character is on from the start and nothing
changes it; the first player draws 3, the second 4. Turn start: start-of-turn
set effects of both players, MP +1 (at most 10), one counter off each of the
player's own set skills (at 0 the card goes to the dust zone and its boosts
end), draw 1. Main phase: activate skills from hand, one per card, total
cost <= MP; unused MP is lost. Turn end: end-of-turn set effects, then any
player whose deck is empty loses. 0 HP loses at once.

Readings chosen where the seed is vague (parameters where both matter):

- **MP**: the counter starts empty and the first turn's +1 makes it 1 (the
  seed says both "MPのカウンターは無し" and "最初は1から始まり"). MP is a
  per-turn budget: spending does not lower the counter; ``mp +N`` adds N to
  this turn's budget; ``ramp N`` raises the counter (this turn included).
- **Damage**: dealt = amount + attacker's attack - defender's defence, at
  least 0 (``pierce`` ignores defence). HP never goes above its maximum.
- **Revenge draw**: offered to a player who took damage (> 0) from an
  opponent's skill, once per skill, after that skill has fully resolved,
  on any turn, if their deck is not empty (``revenge=False`` turns it off).
  A drawn card with a 【リベンジ時】 effect may use it free (the card then
  goes to the dust zone) or be kept in hand. Its damage can itself trigger
  a revenge draw. The seed explains revenge draws under the opponent's turn
  (step 7) but words the revenge skill without a turn ("自分がダメージを
  受けたときに"); ``revenge_turn="opponent"`` allows them only on the
  opponent's turn (then damage taken on one's own turn, from a revenge
  effect or an ``opp_start:`` / ``opp_end:`` effect, gives none).
- **Set zone limit**: placing a 6th set skill makes its owner dust one of
  the 5 already set (``overflow="choose"``, super set included, as the seed
  lets the limit rule remove them) or the oldest (``overflow="oldest"``).
  A set skill is placed first, then its one-shot effects resolve.
- **Set skill timing**: ``start:`` / ``end:`` effects trigger at the start /
  end of the owner's turns, ``opp_start:`` / ``opp_end:`` at the
  opponent's; at a turn's start the active player's trigger first, then the
  opponent's; a set skill with N counters triggers ``start:`` N times.
- **EX**: once per game per card name per player (``ex_scope="name"``);
  ``ex_scope="player"`` allows one EX skill in all per player.
- **destroy_set**: the activating player picks each target among the
  opponent's set (not super set) skills; nothing happens when there is none.
- **Deck-out**: drawing from an empty deck draws nothing; at the end of each
  turn every player with an empty deck loses (both: nobody wins).
- **First player**: seat 0 by default (``first_player=0``); ``1`` or
  ``"random"`` (a fair chance node) as parameters. The first player also
  draws at the start of turn 1 (the seed has no exception), so both players
  hold 4 cards at their first main phase.
- **Counters**: a set skill with N counters set during your turn loses one
  at each of your next N turn starts and goes at the N-th (its boosts last
  through N of the opponent's turns).
- **Deck order** is unknown until drawn: each draw, mill or random discard
  is a chance node over the remaining card ids weighted by count.
- **No hand limit** and no mulligan (the seed has none). Additional traits
  may carry ``hp +N`` (start and maximum HP) and ``hand +N`` (opening draw).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar

from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game
from workbench.games.mugen import moves
from workbench.games.mugen.cards import CARDS_CSV, ROOT, Card, load_cards
from workbench.games.mugen.core import CHANCE_STEPS, Table
from workbench.games.mugen.decks import (
    RULES_CSV,
    SAMPLE_DECKS,
    Deck,
    DeckError,
    character_of,
    deck_problems,
    normalise,
    rule_problems,
)
from workbench.games.mugen.effects import TimedEffect
from workbench.games.mugen.state import MugenState, Side
from workbench.prob.dist import Dist


@dataclass(frozen=True)
class MugenParams:
    """The game's parameters (JSON-friendly: a replay stores them)."""

    decks: tuple[Deck, Deck] = field(default=(SAMPLE_DECKS["sora"], SAMPLE_DECKS["mirai"]),
                                     metadata={"range": (1, 40), "max_items": 60})
    cards_path: str = field(default="data/mugen/cards.csv", metadata={"path": True})
    first_player: int | str = 0
    hp: int = field(default=30, metadata={"range": (1, 999)})
    max_mp: int = field(default=10, metadata={"range": (1, 99)})
    set_limit: int = field(default=5, metadata={"range": (1, 20)})
    opening: tuple[int, int] = field(default=(3, 4), metadata={"range": (0, 20)})
    overflow: str = "choose"
    ex_scope: str = "name"
    revenge: bool = True
    revenge_turn: str = "any"
    check_decks: bool = True
    players: int = field(default=2, repr=False, metadata={"range": (2, 2)})

    def __post_init__(self) -> None:
        if self.first_player not in (0, 1, "random"):
            raise ValueError(f"first_player must be 0, 1 or 'random', got {self.first_player!r}")
        if self.overflow not in ("choose", "oldest"):
            raise ValueError(f"overflow must be 'choose' or 'oldest', got {self.overflow!r}")
        if self.revenge_turn not in ("any", "opponent"):
            raise ValueError(f"revenge_turn must be 'any' or 'opponent', got {self.revenge_turn!r}")
        if self.ex_scope not in ("name", "player"):
            raise ValueError(f"ex_scope must be 'name' or 'player', got {self.ex_scope!r}")
        for name in ("hp", "max_mp", "set_limit"):
            if int(getattr(self, name)) < 1:
                raise ValueError(f"{name} must be at least 1, got {getattr(self, name)!r}")


class MugenGame(Game[MugenState]):
    """The rules on the engine protocol (see the module docstring for readings).

    >>> game = make_game()
    >>> s = game.initial_state()
    >>> game.current_player(s) == CHANCE, game.chance_outcomes(s).p("C01")
    (True, 1/10)
    """

    name: ClassVar[str] = "mugen"
    version: ClassVar[str] = "1"

    def __init__(self, params: MugenParams | None = None) -> None:
        super().__init__(params)
        p: MugenParams = self.params
        path = Path(p.cards_path)
        cards_path = path if path.is_absolute() else ROOT / path
        self.cards: Mapping[str, Card] = load_cards(cards_path)
        self.skill_labels = {
            (c.id, i): f"{c.name}: {skill.label}" for c in self.cards.values() for i, skill in enumerate(c.skills)
        }
        self.decks = (normalise(p.decks[0]), normalise(p.decks[1]))
        if p.check_decks:
            for seat, deck in enumerate(self.decks):
                problems = check_deck(deck, cards_path)
                if problems:
                    raise DeckError(f"decks[{seat}] (seat {seat})", problems)
        self.characters = tuple(character_of(d, self.cards) for d in self.decks)
        traits = [self.cards[c].trait if c else () for c in self.characters]
        self.trait_atk = tuple(_sum(t, "atk") for t in traits)
        self.trait_def = tuple(_sum(t, "def") for t in traits)
        self.trait_hp = tuple(_sum(t, "hp") for t in traits)
        self.trait_hand = tuple(_sum(t, "hand") for t in traits)
        self.trait_timed = tuple(_timed(t) for t in traits)

    @classmethod
    def default_params(cls) -> MugenParams:
        return MugenParams()

    # -- set-up ---------------------------------------------------------------
    def opening(self, first: int) -> list[tuple[Any, ...]]:
        """The opening steps: first draws 3, second 4 (+ any ``hand`` trait), first turn."""
        second = 1 - first
        n_first = self.params.opening[0] + self.trait_hand[first]
        n_second = self.params.opening[1] + self.trait_hand[second]
        return (
            [("draw", first, "open")] * n_first
            + [("draw", second, "open")] * n_second
            + [("turn_start", first)]
        )

    def initial_state(self) -> MugenState:
        sides = tuple(
            Side(
                hp=self.params.hp + self.trait_hp[q], max_hp=self.params.hp + self.trait_hp[q],
                mp=0, spent=0, bonus=0, deck=self.decks[q], hand=(), set_zone=(), dust=(),
                ex_used=(), character=self.characters[q],
            )
            for q in (0, 1)
        )  # fmt: skip
        first = self.params.first_player
        steps = [("first",)] if first == "random" else self.opening(int(first))
        table = Table(self, MugenState((sides[0], sides[1]), 0 if first == "random" else int(first), 1, ()))
        table.first = table.active
        table.push(*steps)
        table.settle()
        return table.freeze()

    # -- the protocol -----------------------------------------------------------
    def current_player(self, state: MugenState) -> int:
        if state.result is not None or not state.queue:
            return TERMINAL
        step = state.queue[-1]
        return CHANCE if step[0] in CHANCE_STEPS else int(step[1])  # type: ignore[call-overload]

    def legal_actions(self, state: MugenState) -> Sequence[Action]:
        if self.current_player(state) < 0:
            return []
        return moves.legal(Table(self, state))

    def chance_outcomes(self, state: MugenState) -> Dist:
        if self.current_player(state) != CHANCE:
            raise ValueError("not a chance node")
        return Dist(_chance_weights(state))

    def sample_chance(self, state: MugenState, rng: random.Random) -> Hashable:
        """Same draw as ``chance_outcomes(state).sample(rng)``, without building the Dist."""
        from workbench.games.mugen.players import sample_weights

        return sample_weights(_chance_weights(state), rng)

    def apply(self, state: MugenState, action_id: Hashable) -> MugenState:
        table = Table(self, state)
        moves.apply(table, action_id)
        return table.freeze()

    def returns(self, state: MugenState) -> tuple[float, ...]:
        if state.result is None or not state.result:
            return (0.0, 0.0)
        return tuple(1.0 if q in state.result else -1.0 for q in (0, 1))

    def winners(self, state: MugenState) -> tuple[int, ...]:
        return state.result if state.result is not None else ()

    def zones(self, state: MugenState) -> Mapping[str, Counter[Hashable]]:
        out: dict[str, Counter[Hashable]] = {}
        for q, side in enumerate(state.sides):
            for zone, counts in side.zone_counts().items():
                out[f"p{q}.{zone}"] = counts
        return out

    def metrics(self, state: MugenState) -> Mapping[str, float | int | str]:
        """Per-game columns: last turn, first seat, HP and deck left, how it ended."""
        a, b = state.sides
        ended = state.result is not None
        kill = int(ended and (a.hp == 0 or b.hp == 0))
        return {
            "last_turn": state.turn, "first": state.first, "hp0": a.hp, "hp1": b.hp,
            "deck0": a.deck_size, "deck1": b.deck_size, "kill": kill, "deck_out": int(ended and not kill),
        }  # fmt: skip

    def describe(self, state: MugenState) -> str:
        def side(q: int) -> str:
            x = state.sides[q]
            zone = ",".join(f"{z.card}:{z.counters}" for z in x.set_zone)
            return (
                f"P{q + 1} HP {x.hp} MP {x.mp_left}/{x.mp} hand {len(x.hand)} deck {x.deck_size} "
                f"dust {len(x.dust)} set [{zone}]"
            )

        who = "over" if state.result is not None else f"P{state.active + 1}"
        return f"turn {state.turn} {who} | {side(0)} | {side(1)}"

    def action_label(self, state: MugenState, action_id: Hashable) -> str:
        if self.current_player(state) == CHANCE:
            return moves.chance_label(self, state, action_id)
        return super().action_label(state, action_id)

    # -- views helpers ------------------------------------------------------------
    def attack(self, state: MugenState, seat: int) -> int:
        """A seat's attack now (trait + set boosts)."""
        return Table(self, state).atk(seat)

    def defence(self, state: MugenState, seat: int) -> int:
        """A seat's defence now (trait + set boosts)."""
        return Table(self, state).defence(seat)


def _chance_weights(state: MugenState) -> dict[Hashable, int]:
    step = state.queue[-1]
    if step[0] == "first":
        return {0: 1, 1: 1}
    side = state.sides[step[1]]  # type: ignore[call-overload]
    if step[0] == "discard":
        return dict(Counter(side.hand))
    return dict(side.deck)


def _sum(effects: tuple[TimedEffect, ...], verb: str) -> int:
    return sum(e.amount for e in effects if e.verb == verb and e.timing == "now")


def _timed(effects: tuple[TimedEffect, ...]) -> dict[str, tuple[TimedEffect, ...]]:
    out: dict[str, tuple[TimedEffect, ...]] = {}
    for e in effects:
        if e.timing != "now":
            out[e.timing] = out.get(e.timing, ()) + (e,)
    return out


def check_deck(deck: Deck, cards_path: Path) -> list[str]:
    """The construction-rule problems of a deck: the shared checker over
    ``data/mugen/deck_rules.csv`` (this module's own reading when that file is missing)."""
    if RULES_CSV.exists():
        return rule_problems(deck, cards_path, RULES_CSV)
    return deck_problems(deck, load_cards(cards_path))


def make_game(**params: Any) -> MugenGame:
    """A game from keyword parameters (see :class:`MugenParams`).

    >>> make_game(first_player=1).params.first_player
    1
    >>> make_game(decks=(SAMPLE_DECKS["sora"], (("C01", 4),)))
    Traceback (most recent call last):
    ...
    workbench.games.mugen.decks.DeckError: decks[1] (seat 1) is not a legal deck: total: 4 cards, exactly 40 required (ソラ ×4) — A deck is exactly 40 cards
    """
    if "decks" in params:  # lists from a JSON replay read as tuples
        params["decks"] = tuple(normalise(tuple(x) for x in d) for d in params["decks"])
    if "opening" in params:
        params["opening"] = tuple(params["opening"])
    return MugenGame(replace(MugenParams(), **params))


__all__ = ["CARDS_CSV", "MugenGame", "MugenParams", "MugenState", "make_game"]
