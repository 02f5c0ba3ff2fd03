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
  a neighbouring card without a die be replaced (discarded). Otherwise the new
  card is discarded. Replacing a card is the player's choice among those
  squares.
- **The character card** is a card of the album like the others (「キャラクター
  カードはその中の好きな位置に配置されているものとしてください」), and the seed
  protects only cards carrying a die (「ただし、サイコロが乗っているカードを捨て札
  にはできず」): once every die has left it, a new card may replace it
  (``character_replaceable=True``, from version 3). It leaves the album (no
  skill; it is not an album card, so it is set aside rather than put in the
  discard pile); a ``discard_vp`` dream skill counts it as a discarded card.
  ``character_replaceable=False`` keeps version 2's reading (it is you, never
  discarded: the new card is thrown away instead). The ``character_s<k>``
  metrics count the placements onto it, or under the old reading the new
  cards thrown away where the seed would have placed them on it.
- **Skills.** Draft 7: skills work when a card is discarded. The replaced
  card's skill applies after the die moved; a new card discarded because it
  fits nowhere also applies its skill (``skill_on_failed_placement``). A skill
  that re-places a die lets its owner choose the square (any card of the
  album).
- **A re-placed die's orientation** (「スキルによりサイコロが再配置される場合、
  その向きは自由に決めることができます」): read with the set-up's same words
  (「出目が一番上になっているなら、どの面をどの方向へ向けるかは自由に選ぶことが
  できます」): the die keeps its top face and its owner chooses which way it
  lies, one of 4 (``relocate_turn="top"``, from version 3). Moving a die does
  not re-roll it, and "any of the 24 ways" would make every relocate card also
  "set the die to 6" (worth 5/2 VP at once on a uniform top:
  ``analysis.relocate_gain``). ``relocate_turn="any"`` keeps version 2's
  reading.
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
- **Hidden information.** Each player sees their own dream hand and the
  dream they chose to pass (``seen=OWN``); the stage decks, the timed-event
  piles and the dream deck are hidden (their counts are public). The dreams
  left over after the deal stay in the dream deck, out of the game and
  unseen (「残ったカードは使用しないので、ゲームから取り除きます」). Passes are
  chosen in seat order but each is hidden from the others until they are
  exchanged together, so the draft plays as if simultaneous. A player knows
  which dream it passed, but an observation keeps only what each seat holds
  now (the kernel's per-seat view), so that card counts among the unseen.
  A chosen pass leaves the hand at once (face down in front of its owner).
  Dream skills set aside, albums, dice, power, VP and the discard and removed
  piles are public. Every album card that leaves a stage deck goes to a
  public zone, so what a deck still holds follows from the card sheet: a
  determinization keeps the decks and deals only the unseen dreams.
- **Final scoring.** Each ★ is −1 VP; "by placing one power per ★ it is treated
  as 1 VP" (「★」１個につきパワー１個を配置することにより１ＶＰとして扱います) is read
  literally: a covered ★ is worth +1 VP (``covered_star_vp=1``; 0 = the power
  only cancels the −1). All power held is placed, one per ★, so ``min(power, ★)``
  are covered; a shield dream skill then ignores uncovered ★ only (it never
  spoils a covered one); power beyond the ★ scores only through a dream
  effect. The character card counts for a full album.
  Most VP wins; equal VP are a draw (several winners).
- **Forced moves** (issue 38, version 4). A decision with one legal action is not
  asked: the kernel makes it (``forced_moves``) and the log names it, marked
  ``(forced)`` — the last pawn of the order, the last common card to take, a card
  with one album square it may go on. A replay lists only the real decisions.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from workbench.engine.kernel import KernelGame, Observation, Snapshot
from workbench.engine.kernel.hidden import shuffle_deal
from workbench.games.life import SPEC, render
from workbench.games.life.cards import AlbumCard, DreamCard, check_deck, load_album, load_dreams
from workbench.games.life.effects import Catalogue
from workbench.games.life.narration import aftermath
from workbench.games.life.params import LifeParams
from workbench.games.life.policy import rollout_action
from workbench.games.life.steps import Place, Resolve, opening
from workbench.games.life.steps_effects import RemoveCard, event_table, skill_table
from workbench.games.life.table import CHARACTER, SQUARES, STATS, LifeTable

__all__ = ["LifeGame", "LifeParams", "LifeTable", "make_game"]


class LifeGame(KernelGame):
    """Life is Rolling Stone on the engine kernel (fields: :class:`LifeTable`;
    rules: ``steps.py``).

    >>> from workbench.engine.kernel.protocol import CHANCE
    >>> g = make_game(players=3)
    >>> s = g.initial_state()
    >>> g.current_player(s) == CHANCE, len(g.chance_outcomes(s))
    (True, 12)
    """

    name = "life"
    # 2: a ★ covered by power is +1 VP (the seed), was 0
    # 3: the character card without a die may be replaced; a re-placed die keeps its top face
    # 4: issue 38 (forced moves made by the kernel: a replay lists only real decisions)
    version = SPEC.version  # declared once, in the package's GameSpec
    min_players = 3
    max_players = 4
    table = LifeTable
    forced_moves = True  # one legal action: the kernel makes it (the docstring's forced moves)
    #: ismcts cuts its rollouts (guided by the rule of thumb) after this many steps, about a
    #: round and a half, and scores them by who leads (``standing``): whole guided rollouts made
    #: an ismcts:400 decision cost about 3x the CPU (``bench/players.py life --spec
    #: ismcts:400/100000`` against ``--spec ismcts:400/40``). Issue 38: forced moves are
    #: made by the kernel and not counted, so 200 greedy games at 4 seats play 254.5 steps
    #: instead of 296.7; the same round and a half is 40 x 254.5 / 296.7 = 34 steps.
    search_horizon = 34

    def __init__(
        self,
        params: LifeParams | None = None,
        *,
        album: Sequence[AlbumCard] | None = None,
        dreams: Sequence[DreamCard] | None = None,
    ) -> None:
        super().__init__(params)
        album = tuple(album) if album is not None else load_album()
        dreams = tuple(dreams) if dreams is not None else load_dreams()
        p: LifeParams = self.params
        check_deck(album, dreams, stages=p.stages, players=p.players, per_round=2 * p.players)
        if len(dreams) < p.dream_deal * p.players:
            raise ValueError(
                f"{len(dreams)} dream cards cannot deal {p.dream_deal} to {p.players} players"
            )
        self.catalogue = Catalogue.build(album, dreams)
        self.cards: dict[str, AlbumCard] = {c.id: c for c in album}
        self.dreams: dict[str, DreamCard] = {d.id: d for d in dreams}
        #: the steps of each card's skill / event per seat (immutable, built once)
        self.skill_steps = skill_table(self.catalogue, p.players)
        self.event_steps = event_table(self.catalogue, p.players)
        cat = self.catalogue
        self._decks = tuple(
            tuple(sorted(cat.stage_cards(s, events=not p.timed_events)))
            for s in range(1, p.stages + 1)
        )
        self._events = tuple(
            tuple(sorted(cat.stage_events(s))) if p.timed_events else ()
            for s in range(1, p.stages + 1)
        )
        self._dreams = tuple(sorted(cat.dreams))
        self._opening = tuple(opening(p))

    @classmethod
    def default_params(cls) -> LifeParams:
        return LifeParams()

    # -- what the kernel asks of a game -------------------------------------------------
    def setup(self, t: LifeTable) -> None:
        """The table before the first chance node (the dream deal)."""
        p: LifeParams = self.params
        n = p.players
        t.stage = t.round = t.start = 0
        t.decks = [list(deck) for deck in self._decks]  # sorted: chance lists them in order
        t.events = [list(pile) for pile in self._events]
        t.dream_deck = list(self._dreams)
        t.common, t.discard, t.removed = [], [], []
        t.albums = [[None] * SQUARES for _ in range(n)]
        t.dice_sq = [[0] * 4 for _ in range(n)]
        t.dice_o = [[0] * 4 for _ in range(n)]
        t.power, t.mid_vp, t.bonus_vp = [0] * n, [0] * n, [0] * n
        t.hands = [[] for _ in range(n)]
        t.skills = [[] for _ in range(n)]
        t.passes = [None] * n
        t.order = [-1] * 4
        t.stats = [0] * (len(STATS) * p.stages)
        t.picks = [[] for _ in range(n)]
        t.push(*self._opening)

    def score(self, t: LifeTable) -> tuple[float, ...]:
        return tuple(float(t.score(s)) for s in range(self.params.players))

    def determinize(self, obs: Observation, rng: random.Random) -> Snapshot:
        """A full state consistent with a seat's observation.

        Only the dreams are really unknown: every album card that left a
        stage deck went to a public zone, so each (sorted) deck and event
        pile holds exactly the unseen album cards of its stage. The unseen
        dreams are dealt at random among the rivals' hands and passes and the
        dream deck (the kernel's deal would mix the two kinds of cards).

        >>> import random
        >>> g = make_game(players=3)
        >>> s = g.initial_state()
        >>> full = g.determinize(g.observe(s, 0), random.Random(1))
        >>> full.decks == s.decks, sorted(full.dream_deck) == sorted(s.dream_deck)
        (True, True)
        """
        return self.prepare_determinize(obs)(rng)

    def prepare_determinize(self, obs: Observation) -> Callable[[random.Random], Snapshot]:
        """:meth:`determinize` for one observation, as a function of the rng: the piles
        rebuilt once, the dreams dealt on each call (the same worlds from the same draws)."""
        cards, p = self.cards, self.params
        piles: dict[str, list[list[str]]] = {
            "decks": [[] for _ in range(p.stages)],
            "events": [[] for _ in range(p.stages)],
        }
        dreams = []
        for c in obs.unseen:
            card = cards.get(str(c))
            if card is None:
                dreams.append(c)
            else:
                pile = "events" if p.timed_events and card.is_event else "decks"
                piles[pile][card.stage - 1].append(card.id)
        values = list(obs.state)
        for name, rows_ in piles.items():
            i = LifeTable.NAMES.index(name)
            if [len(r) for r in rows_] != [len(h) for h in values[i]]:
                raise ValueError(f"life: the observation's {name} do not match its unseen cards")
            values[i] = tuple(tuple(sorted(r)) for r in rows_)
        known = Observation(obs.seat, LifeTable.Frozen(values), tuple(dreams))
        return shuffle_deal(LifeTable, known)

    def rollout_action(self, t: LifeTable, rng: random.Random) -> Hashable:
        """The rule of thumb (``policy.rollout_action``) the search rolls out with and
        the greedy player plays: the move leaving the mover the most VP now."""
        return rollout_action(t, rng)

    # -- reading a state ----------------------------------------------------------------------
    def score_parts(self, state: Snapshot, seat: int) -> dict[str, int]:
        """The scoring parts (dice, mid, bonus, stars, dream, full) of one seat.

        >>> g = make_game()
        >>> sorted(g.score_parts(g.initial_state(), 0))
        ['bonus', 'dice', 'dream', 'full', 'mid', 'stars']
        """
        return self.view(state).score_parts(seat)  # type: ignore[no-any-return]

    def zones(self, state: Snapshot) -> Mapping[str, Counter[Hashable]]:
        """Stage decks (and timed-event piles), common area, albums, discard,
        removed, dream deck / hands / passes / skills, and the cards being resolved."""
        zones: dict[str, Counter[Hashable]] = {
            f"deck{i + 1}": Counter(deck) for i, deck in enumerate(state.decks)
        }
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
        zones["passes"] = Counter(d for d in state.passes if d is not None)
        zones["dream_skills"] = Counter(d for h in state.skills for d in h)
        zones["resolving"] = Counter(
            step.card for step in state.tasks if isinstance(step, Resolve | Place | RemoveCard)
        )
        return zones

    def metrics(self, state: Snapshot) -> Mapping[str, float | int | str]:
        out: dict[str, float | int | str] = {}
        k = len(STATS)
        for s in range(self.params.stages):
            for name, count in zip(STATS, state.stats[k * s : k * s + k]):
                out[f"{name}_s{s + 1}"] = count
        out["full_albums"] = sum(None not in a for a in state.albums)
        for seat in range(self.params.players):
            out[f"mid_vp_p{seat}"] = state.mid_vp[seat]
            out[f"picks_p{seat}"] = "".join(map(str, state.picks[seat]))
            out[f"full_p{seat}"] = int(None not in state.albums[seat])
        return out

    def describe(self, state: Snapshot) -> str:
        """A compact text of the position (used by the golden playthrough files)."""
        return render.describe(self, state)

    def action_label(self, state: Snapshot, action_id: Hashable) -> str:
        """The step's label, then the power, VP and dice it changes, with their cause
        (issue 35: events, skills, the order card, mid- and final scoring)."""
        return super().action_label(state, action_id) + aftermath(self, state, action_id)

    def label_for(self, state: Snapshot, x: Hashable, seat: int | None) -> str:
        """:meth:`action_label` as ``seat`` reads it (what follows is public)."""
        return super().label_for(state, x, seat) + aftermath(self, state, x)

    def card_text(self, card: str) -> str:
        """A card as the log names it, never by its id: ``秘密基地 / Secret base (red ★)``."""
        if card in self.dreams:
            d = self.dreams[card]
            return f"{d.name_ja} / {d.name_en}"
        c = self.cards[card]
        mark = "event" if c.is_event else c.colour + (" " + "★" * c.stars if c.stars else "")
        return f"{c.name_ja} / {c.name_en} ({mark})"

    def card_name(self, card: str) -> str:
        """A card's name, Japanese then English: ``秘密基地 / Secret base``."""
        if card in self.dreams:
            d = self.dreams[card]
            return f"{d.name_ja} / {d.name_en}"
        c = self.cards[card]
        return f"{c.name_ja} / {c.name_en}"


def make_game(**params: Any) -> LifeGame:
    """A Life game from keyword parameters (see ``LifeParams``); cards from ``data/life``.

    >>> make_game(players=3, timed_events=True).params.timed_events
    True
    """
    album = params.pop("album", None)
    dreams = params.pop("dreams", None)
    return LifeGame(LifeParams(**params), album=album, dreams=dreams)
