"""Life is Rolling Stone — the rules (seed ``/work/shared/seeds/004_48efb6457bc55583.txt``,
draft 7; digest ``shared/games/life.md``).

3–4 players fill a 4×4 album with life-event cards while four coloured dice
roll across it; top faces are satisfaction and score. All rule numbers and the
author's open ideas are in :class:`~workbench.games.life.params.LifeParams`.

Flow (every random step is a chance node with an exact uniform ``Dist``):
dream deal (one chance node per card dealt, over the remaining dream ids) ->
each player chooses the dream to pass left (to seat + 1; passes are revealed
together) -> each places the character card on a square -> each rolls four
dice (one chance node per die over faces 1..6) and chooses how each lies
(``free_orientation``) -> start player -> 3 stages × 3 rounds of: reveal
(players) cards from the stage deck (one chance node per card over the
remaining ids), pawns from the start player clockwise, turns in order-card
order (bonus; take a common card and resolve it; repeat phase: draw one and
resolve it) -> mid-scoring and one dream set aside after stages 1 and 2 ->
final scoring.

Readings chosen where the seed is vague (the Japanese draft is the authority):

- **Card count.** The seed says 78 album cards as 27/27/27 (= 81). The
  prototype sheet has 81 (27 per stage: 24 regulars, 6 per colour, and 3
  events). A 4-player stage uses at most 24 cards (4 reveals + 4 repeat
  draws per round), a 3-player stage 18, so 26 per stage (78) would also do.
- **The deck runs out** (only with a smaller sheet): a reveal or draw from an
  empty stage deck is skipped, a player with an empty common area takes
  nothing. Cards left in a stage deck stay there (unused) after the stage.
- **Dice orientation.** Each die is (top, north, east) with opposite faces
  summing to 7 (``dice.py``); after the initial roll the player picks one of
  the 4 orientations with that top (or the default, ``free_orientation=False``).
  Rolling "one face in the direction of the move" tips the die over the edge
  facing the new card.
- **"Every die of that colour".** Each player owns one die per colour (16 dice
  = 4 colours × 4 players), so exactly one die moves; had several dice of a
  colour been on different cards, each would roll in its own move's direction.
- **Placement.** Legal squares are the free squares orthogonally next to the
  card carrying the die of the new card's colour. Only when there is none may
  a neighbouring card without a die be replaced (discarded); the character
  card is never discarded (it is you). Otherwise the new card is discarded.
  Replacing a card is the player's choice among those squares.
- **Skills.** Draft 7: skills work when a card is discarded. The replaced
  card's skill applies after the die moved; a new card discarded because it
  fits nowhere also applies its skill (``skill_on_failed_placement``). A skill
  that re-places a die lets its owner choose the square (any card of the
  album) and any of the 24 orientations.
- **Order bonus 2** "move one die one face in any direction" tips the die in
  place (it stays on its card); it is optional. The other reading, rolling it
  one face onto an adjacent card (which changes where cards may go), is
  ``bonus_move="roll"``. Bonus 3 takes the start
  marker at once (it decides the next round's pawn order).
- **Events** give the active player 1 power, then every player from the
  active player clockwise follows each effect in turn; the event is removed
  from the game. With ``timed_events`` the event of the round is drawn at
  round start and the start player is its organiser.
- **Start player.** Lowest dice total; ties roll off (a chance node among the
  tied seats) or go to the lowest seat (``start_tie="first"``).
- **Mid-scoring** places are by distinct totals (A22 B22 C18 D18: A, B 3 VP;
  C, D 1 VP). Dream skills are set aside from the start player clockwise.
- **The author's open ideas** (params): "2 or 3 skills" is read as the number
  of dream skills (``dream_skills``: 2 = one per mid-scoring; 3 = also one right
  after the draft, so 4 dreams are dealt: 3 players only with 12 dream cards);
  "cards without skills" is ``album_skills=False``; "one timed event per
  round" is ``timed_events``.
- **Hidden information** (dream hands, simultaneous passing) is not modelled
  as information sets: states hold everything; passes are chosen in seat
  order and exchanged together.
- **Final scoring.** Each ★ is −1 VP; "by placing one power per ★ it is treated
  as 1 VP" (「★」１個につきパワー１個を配置することにより１ＶＰとして扱います) is read
  literally: a covered ★ is worth +1 VP (``covered_star_vp=1``; 0 = the power
  only cancels the −1). All power held is placed, one per ★, so ``min(power, ★)``
  are covered; a shield dream skill then ignores uncovered ★ only (it never
  spoils a covered one); power beyond the ★ scores only through a dream
  effect. The character card counts for a full album.
  Most VP wins; equal VP are a draw (several winners).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

from workbench.engine.protocol import CHANCE, TERMINAL, Action, Game, IllegalAction
from workbench.games.life import dice as D
from workbench.games.life.cards import AlbumCard, DreamCard, check_deck, load_album, load_dreams
from workbench.games.life.core import CHARACTER, COLOURS, FIELDS, Table, square_name
from workbench.games.life.effects import Catalogue
from workbench.games.life.params import LifeParams
from workbench.prob.dist import Dist

__all__ = ["LifeGame", "LifeParams", "LifeState", "make_game"]


@dataclass(frozen=True, slots=True)
class LifeState:
    """An immutable Life position (tuples only); see ``core.Table`` for the fields."""

    stack: tuple[tuple[Any, ...], ...]
    stage: int
    round: int
    decks: tuple[tuple[str, ...], ...]
    events: tuple[tuple[str, ...], ...]
    dream_deck: tuple[str, ...]
    common: tuple[str, ...]
    albums: tuple[tuple[str | None, ...], ...]
    dice_sq: tuple[tuple[int, ...], ...]
    dice_o: tuple[tuple[int, ...], ...]
    power: tuple[int, ...]
    mid_vp: tuple[int, ...]
    bonus_vp: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    skills: tuple[tuple[str, ...], ...]
    passes: tuple[str | None, ...]
    order: tuple[int, ...]
    start: int
    discard: tuple[str, ...]
    removed: tuple[str, ...]
    stats: tuple[int, ...]
    picks: tuple[tuple[int, ...], ...]

    def values(self) -> tuple[Any, ...]:
        """The fields in ``core.FIELDS`` order."""
        return _VALUES(self)  # type: ignore[no-any-return]

    def top(self, seat: int, colour: str) -> int:
        """Top face of a seat's die of a colour."""
        return D.TOP[self.dice_o[seat][COLOURS.index(colour)]]


_HOLDING = frozenset({"resolve", "place", "removed"})
_VALUES = attrgetter(*(name for name, _ in FIELDS))
assert tuple(f.name for f in fields(LifeState)) == tuple(n for n, _ in FIELDS)


def _tupled(x: Any) -> Any:
    """JSON lists back to tuples (replays store action ids as lists)."""
    return tuple(_tupled(v) for v in x) if isinstance(x, list | tuple) else x


class LifeGame(Game[LifeState]):
    """Life is Rolling Stone as a :class:`~workbench.engine.protocol.Game`.

    >>> g = make_game(players=3)
    >>> s = g.initial_state()
    >>> g.current_player(s) == CHANCE, len(g.chance_outcomes(s))
    (True, 12)
    """

    name = "life"
    version = "2"  # 2: a ★ covered by power is +1 VP (the seed), was 0
    min_players = 3
    max_players = 4

    def __init__(self, params: LifeParams | None = None, *,
                 album: Sequence[AlbumCard] | None = None,
                 dreams: Sequence[DreamCard] | None = None) -> None:
        super().__init__(params)
        album = tuple(album) if album is not None else load_album()
        dreams = tuple(dreams) if dreams is not None else load_dreams()
        p: LifeParams = self.params
        check_deck(album, dreams, stages=p.stages, players=p.players,
                   per_round=2 * p.players)
        if len(dreams) < p.dream_deal * p.players:
            raise ValueError(f"{len(dreams)} dream cards cannot deal {p.dream_deal} to "
                             f"{p.players} players")
        self.catalogue = Catalogue.build(album, dreams)
        self.cards: dict[str, AlbumCard] = {c.id: c for c in album}
        self.dreams: dict[str, DreamCard] = {d.id: d for d in dreams}

    @classmethod
    def default_params(cls) -> LifeParams:
        return LifeParams()

    # -- table bridge --------------------------------------------------------
    def table(self, state: LifeState) -> Table:
        """A mutable working copy of a state (for fast paths and analysis)."""
        return Table.thaw(self.params, self.catalogue, state.values())

    def view(self, state: LifeState) -> Table:
        """A read-only table over a state (cheap; for legal actions and scores)."""
        return Table.view(self.params, self.catalogue, state.values())

    def freeze(self, table: Table) -> LifeState:
        """The immutable state of a table."""
        return LifeState(*table.freeze())

    # -- protocol ------------------------------------------------------------
    def initial_state(self) -> LifeState:
        return self.freeze(Table.new(self.params, self.catalogue))

    def current_player(self, state: LifeState) -> int:
        if not state.stack:
            return TERMINAL
        top = state.stack[-1]
        from workbench.games.life.core import CHANCE_KINDS

        return CHANCE if top[0] in CHANCE_KINDS else int(top[1])

    def legal_actions(self, state: LifeState) -> list[Action]:
        if self.current_player(state) < 0:
            return []
        ids = self.view(state).legal_ids()
        return [Action(i, self._label(state, i)) for i in ids]

    def chance_outcomes(self, state: LifeState) -> Dist:
        if self.current_player(state) != CHANCE:
            raise IllegalAction("life: not a chance node")
        return Dist.uniform(self.view(state).chance_list())

    def sample_chance(self, state: LifeState, rng: random.Random) -> Hashable:
        outcomes = self.view(state).chance_list()
        return outcomes[rng.randrange(len(outcomes))]

    def apply(self, state: LifeState, action_id: Hashable) -> LifeState:
        who = self.current_player(state)
        if who == TERMINAL:
            raise IllegalAction("life: the game is over")
        t = self.table(state)
        action_id = _tupled(action_id)
        allowed = t.chance_list() if who == CHANCE else t.legal_ids()
        if action_id not in allowed:
            shown = ", ".join(map(repr, allowed[:8])) + (" ..." if len(allowed) > 8 else "")
            raise IllegalAction(f"life: {action_id!r} is not legal here; legal: {shown}")
        t.step(action_id)
        return self.freeze(t)

    def returns(self, state: LifeState) -> tuple[float, ...]:
        t = self.view(state)
        return tuple(float(t.score(s)) for s in range(self.params.players))

    def score_parts(self, state: LifeState, seat: int) -> dict[str, int]:
        """The scoring parts (dice, mid, bonus, stars, dream, full) of one seat.

        >>> g = make_game()
        >>> sorted(g.score_parts(g.initial_state(), 0))
        ['bonus', 'dice', 'dream', 'full', 'mid', 'stars']
        """
        return self.view(state).score_parts(seat)

    def zones(self, state: LifeState) -> Mapping[str, Counter[Hashable]]:
        """Stage decks (and timed-event piles), common area, albums, discard,
        removed, dream deck / hands / skills, and the card being resolved."""
        zones: dict[str, Counter[Hashable]] = {
            f"deck{i + 1}": Counter(deck) for i, deck in enumerate(state.decks)}
        for i, pile in enumerate(state.events):
            if pile:
                zones[f"events{i + 1}"] = Counter(pile)
        zones["common"] = Counter(state.common)
        albums: Counter[Hashable] = Counter(c for a in state.albums for c in a)
        del albums[None], albums[CHARACTER]
        zones["albums"] = albums
        zones["discard"] = Counter(state.discard)
        zones["removed"] = Counter(state.removed)
        zones["dream_deck"] = Counter(state.dream_deck)
        zones["hands"] = Counter(d for h in state.hands for d in h)
        zones["dream_skills"] = Counter(d for h in state.skills for d in h)
        zones["resolving"] = Counter(t[1] if t[0] == "removed" else t[2]
                                     for t in state.stack if t[0] in _HOLDING)
        return zones

    def metrics(self, state: LifeState) -> Mapping[str, float | int | str]:
        out: dict[str, float | int | str] = {}
        for s in range(self.params.stages):
            placed, replaced, failed, events = state.stats[4 * s:4 * s + 4]
            out[f"placed_s{s + 1}"] = placed
            out[f"replaced_s{s + 1}"] = replaced
            out[f"failed_s{s + 1}"] = failed
            out[f"events_s{s + 1}"] = events
        out["full_albums"] = sum(None not in a for a in state.albums)
        for seat in range(self.params.players):
            out[f"mid_vp_p{seat}"] = state.mid_vp[seat]
            out[f"picks_p{seat}"] = "".join(map(str, state.picks[seat]))
            out[f"full_p{seat}"] = int(None not in state.albums[seat])
        return out

    def describe(self, state: LifeState) -> str:
        """A compact text of the position (used by the golden playthrough files)."""
        from workbench.games.life.render import describe

        return describe(self, state)

    def action_label(self, state: LifeState, action_id: Hashable) -> str:
        if self.current_player(state) == CHANCE:
            return self._chance_label(state, _tupled(action_id))
        return self._label(state, _tupled(action_id))

    # -- labels -------------------------------------------------------------
    def card_text(self, card: str) -> str:
        """``J04 秘密基地 / Secret base (red ★)``."""
        if card in self.dreams:
            d = self.dreams[card]
            return f"{d.id} {d.name_ja} / {d.name_en}"
        c = self.cards[card]
        mark = "event" if c.is_event else c.colour + (" " + "★" * c.stars if c.stars else "")
        return f"{c.id} {c.name_ja} / {c.name_en} ({mark})"

    def _chance_label(self, state: LifeState, outcome: Any) -> str:
        kind = state.stack[-1][0]
        if kind == "roll":
            return f"seat {state.stack[-1][1]} rolls {COLOURS[state.stack[-1][2]]}: {outcome}"
        if kind == "reroll":
            return f"seat {state.stack[-1][1]} re-rolls {COLOURS[state.stack[-1][2]]}: " \
                   f"{D.label(outcome)}"
        if kind == "tie":
            return f"start player roll-off: seat {outcome}"
        verb = {"deal": "deal", "reveal": "reveal", "draw": "draw", "timed": "event"}[kind]
        return f"{verb} {self.card_text(outcome)}"

    def _label(self, state: LifeState, a: Any) -> str:
        top = state.stack[-1]
        verb = a[0]
        if verb == "place":
            old = state.albums[top[1]][a[1]]
            extra = f" replacing {old}" if old else ""
            return f"place {top[2]} on {square_name(a[1])}{extra}"
        if verb == "take":
            return f"take {self.card_text(a[1])}"
        if verb == "pawn":
            bonus = {1: "", 2: " (tip a die)", 3: " (start marker)", 4: " (1 power)"}[a[1]]
            return f"pawn on order space {a[1]}{bonus}"
        if verb == "tip":
            if top[2] == "bonus" and self.params.bonus_move == "roll":
                dr, dc = D.STEPS[a[2]]
                to = state.dice_sq[top[1]][COLOURS.index(a[1])] + 4 * dr + dc
                return f"roll the {a[1]} die {a[2]} onto {square_name(to)}"
            return f"tip the {a[1]} die {a[2]}"
        if verb == "skip":
            return "do not tip"
        if verb == "pass":
            return f"pass {self.card_text(a[1])} to the left"
        if verb == "dream":
            return f"set {self.card_text(a[1])} aside as a dream skill"
        if verb == "char":
            return f"character card on {square_name(a[1])}"
        if verb == "orient":
            return D.label(a[1])
        if verb == "move":
            return f"move the {COLOURS[top[2]]} die to {square_name(a[1])}"
        return f"relocate the {a[1]} die"


def make_game(**params: Any) -> LifeGame:
    """A Life game from keyword parameters (see ``LifeParams``); cards from ``data/life``.

    >>> make_game(players=3, timed_events=True).params.timed_events
    True
    """
    album = params.pop("album", None)
    dreams = params.pop("dreams", None)
    return LifeGame(LifeParams(**params), album=album, dreams=dreams)
