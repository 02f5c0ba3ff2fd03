"""「むげんの宙へ」 (Mugen no Sora e): a two-player duel of skill cards, on the engine kernel.

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
- **Revenge draw** (issue 14, item 9): the seed explains it under step (7),
  the opponent's turn: 「(7)相手のターンです。基本的にやることはありませんが、
  自分がダメージを受けたあと、そのスキルの発動後に「リベンジドロー」という特別な
  ドローが行えます。(しなくてもよい)」. So by default (``revenge_turn="opponent"``)
  a player who took damage (> 0) from an opponent's skill during the
  *opponent's* turn may draw once per skill, after that skill has fully
  resolved, if their deck is not empty; damage taken on one's own turn (from
  the opponent's 【リベンジ時】 effect, or an ``opp_start:`` / ``opp_end:``
  effect) gives none. The revenge skill's own line has no turn in it
  (「自分がダメージを受けたときに1枚ドローできる「リベンジドロー」」):
  ``revenge_turn="any"`` (the default up to version 1) offers the draw on any
  turn, so revenge effects answer each other back and forth.
  Which damage (issue 36): the seed's 「そのスキルの発動後に」 ties the draw to
  a skill's activation (発動); a set skill's timed effect is not activated,
  it 「その効果を発揮します」. So by default (``revenge_after="activated"``,
  from version 3) only damage from an activated skill (a skill used from hand,
  or a 【リベンジ時】 effect) offers the draw; ``revenge_after="any"`` (the
  reading up to version 2) offers it after a ``start:`` / ``end:`` effect's
  damage too.
  A drawn card with a 【リベンジ時】 effect may use it free (the card then
  goes to the dust zone) or be kept in hand. ``revenge=False`` turns revenge
  draws off.
- **Set zone limit**: placing a 6th set skill makes its owner dust one of
  the 5 already set (``overflow="choose"``, super set included, as the seed
  lets the limit rule remove them) or the oldest (``overflow="oldest"``).
  A set skill is placed first, then its one-shot effects resolve.
- **Set skill timing** (issue 36): the seed's turn start, step (4),
  「最初に、お互いターン開始時に効果を発揮するスキルがセットされていれば、その効果を
  発揮します。」, and turn end, step (6), 「最後に、お互いターン終了時に効果を発揮する
  スキルがセットされていれば、その効果を発揮します。」: at the start (end) of a turn,
  the skills of *both* players (お互い) that act at a turn's start (end) act. So by
  default (``timed_turns="every"``, from version 3) ``start:`` / ``end:``
  effects trigger at the start / end of every turn, both players' turns;
  ``timed_turns="owner"`` (the reading up to version 2) fires them on the
  owner's turns only. ``opp_start:`` / ``opp_end:`` (no prototype card has
  one) trigger on the opponent's turns under both readings. At a turn's start
  the active player's effects trigger first, then the opponent's.
- **EX** (「EXスキルはゲーム中に一度しか発動できません」): once per game per card
  name per player (``ex_scope="name"``); ``ex_scope="player"`` allows one EX
  skill in all per player. A card whose only skill is EX is therefore usable
  once a game: extra copies are legal (「同じ名前のカードは4枚まで」) but dead.
  The card-sheet findings (``cards.extra_findings``) and ``deck_legality``
  warn about them (issue 14, item 8: the sample ミライ deck held 4 ×
  むげんの翼; it now holds one, see ``decks.py``). A warning, not a
  construction rule: such a deck is still accepted.
- **destroy_set**: the activating player picks each target among the
  opponent's set (not super set) skills; nothing happens when there is none.
- **Deck-out** (「もしデッキのカードがなくなったプレイヤーがいたら、ターンの終わり
  まで0枚だったなら、強制的に負けになります」): drawing from an empty deck draws
  nothing; at the end of each turn every player with an empty deck loses
  (both: nobody wins). Without extra draws a 40-card deck lasts to the end
  of own turn 37 going first and 36 going second, so no game passes the
  game's turn 72 (``odds.deck_out_limits``, exact; issue 14, item 10).
- **First player**: seat 0 by default (``first_player=0``); ``1`` or
  ``"random"`` (a fair chance node) as parameters. The first player also
  draws at the start of turn 1 (the seed has no exception: 「先行は3枚、後攻は4枚ドローします」,
  then at every turn start 「デッキから1枚ドローします」), so the first player holds 4 cards at
  their first main phase and the second player 5 (``opening``'s example).
- **Counters**: a set skill with N counters set during your turn loses one
  at each of your next N turn starts and goes at the N-th (its boosts last
  through N of the opponent's turns).
- **Deck order** is unknown until drawn: each draw, mill or random discard
  is a chance node over the remaining card ids weighted by count.
- **Who sees what** (the seed: hands held fanned so the opponent cannot
  see them, decks face down): a seat sees its own hand; it knows its own
  deck's contents but not their order (it built the deck and saw every
  card leave it), and its own opening hand (the table keeps it for the card
  report's "in opening hand" column), and only the size of the opponent's hand
  and deck;
  everything on the table (HP, MP, set and dust zones, EX used) is public.
- **No hand limit** and no mulligan (the seed has none). Additional traits
  may carry ``hp +N`` (start and maximum HP) and ``hand +N`` (opening draw).
- **Forced moves** (issue 38, version 4). A decision with one legal action is not
  asked: the kernel makes it (``forced_moves``) and the log names it, marked
  ``(forced)`` — above all a main phase with no skill to use, which can only end the
  turn. A replay lists only the real decisions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from workbench.engine.kernel import KernelGame, Snapshot
from workbench.games.mugen import SPEC
from workbench.games.mugen.cards import (
    CARDS_CSV,
    Card,
    Deck,
    cards_file,
    cards_from_sheet,
    data_folder,
    load_cards,
    normalise,
)
from workbench.games.mugen.decks import (
    DeckError,
    character_of,
    deck_problems,
    loaded_sheet,
    sheet_rule_problems,
)
from workbench.games.mugen.effects import TimedEffect
from workbench.games.mugen.narration import aftermath
from workbench.games.mugen.params import MugenParams
from workbench.games.mugen.steps import First, opening
from workbench.games.mugen.steps_effects import skill_steps
from workbench.games.mugen.table import MugenTable

Fx = tuple[tuple[str, int], ...]


class MugenGame(KernelGame):
    """The rules on the engine kernel (see the module docstring for readings).

    The card sheet is looked up once here (each skill's boosts, one-shot and
    timed effects, labels), so steps read plain dicts.

    No ``rollout_action``: ``ismcts`` rolls out at random here, chosen by
    ``bench/mugen_rollouts.py``, which plays the search with random rollouts and with the
    greedy rule of thumb (:func:`~workbench.games.mugen.policy.greedy_action`) as its
    rollout policy against greedy, and prints both win rates with their intervals.

    >>> from workbench.engine.kernel.protocol import CHANCE
    >>> game = make_game()
    >>> s = game.initial_state()
    >>> game.current_player(s) == CHANCE, game.chance_outcomes(s).p("C01")
    (True, 1/10)
    """

    name: ClassVar[str] = "mugen"
    version: ClassVar[str] = SPEC.version  # declared once, in the package's GameSpec
    # 4: issue 38 (forced moves made by the kernel: a replay lists only real decisions)
    table = MugenTable
    forced_moves = True  # one legal action: the kernel makes it (the docstring's forced moves)

    def __init__(self, params: MugenParams | None = None, card_sheet: Any = None) -> None:
        """``card_sheet``: the loaded card sheet to play on (``workbench.cards.Sheet``, as
        the spec's ``sheets.read`` gives it); else the file ``cards_path`` names, loaded."""
        super().__init__(params)
        p: MugenParams = self.params
        if card_sheet is None:  # the default from the data folder in use
            card_sheet = loaded_sheet(cards_file(p.cards_path))
            self.cards: Mapping[str, Card] = load_cards(cards_file(p.cards_path))
        else:
            self.cards = cards_from_sheet(card_sheet)
        self.decks = (normalise(p.decks[0]), normalise(p.decks[1]))
        if p.check_decks:
            for seat, deck in enumerate(self.decks):
                problems = check_deck(deck, card_sheet, self.cards)
                if problems:
                    raise DeckError(f"decks[{seat}] (seat {seat})", problems)
        self.characters = tuple(character_of(d, self.cards) for d in self.decks)
        traits = [self.cards[c].trait if c else () for c in self.characters]
        self.trait_atk = tuple(_sum(t, "atk") for t in traits)
        self.trait_def = tuple(_sum(t, "def") for t in traits)
        self.trait_hp = tuple(_sum(t, "hp") for t in traits)
        self.trait_hand = tuple(_sum(t, "hand") for t in traits)
        self.trait_timed = tuple(_timed(t) for t in traits)
        self._index_cards()

    def _index_cards(self) -> None:
        """Per (card, slot): the skill, its label, boosts, and per seat the steps its one-shot
        effects, timed effects and revenge effect put on the stack (built once: steps are values)."""
        self.skills = {(c.id, i): s for c in self.cards.values() for i, s in enumerate(c.skills)}
        self.skill_labels = {
            (c, i): f"{self.cards[c].name}: {s.label}" for (c, i), s in self.skills.items()
        }
        self.boost_atk = {k: s.atk for k, s in self.skills.items()}
        self.boost_def = {k: s.defence for k, s in self.skills.items()}
        self.use_steps = [
            {
                k: skill_steps(p, [(e.verb, e.amount) for e in s.now], k[0])
                for k, s in self.skills.items()
            }
            for p in (0, 1)
        ]
        every = self.params.timed_turns == "every"
        asks = self.params.revenge_after == "any"  # a timed effect's damage: a revenge draw?
        self.timed_steps = [
            {
                k: {
                    when: skill_steps(p, fx, k[0], asks)[::-1]
                    for when, fx in _timings(_timed(s.effects), every).items()
                }
                for k, s in self.skills.items()
            }
            for p in (0, 1)
        ]
        self.trait_steps = [
            {
                when: skill_steps(p, fx, self.characters[p], asks)[::-1]
                for when, fx in _timings(self.trait_timed[p], every).items()
            }
            for p in (0, 1)
        ]
        self.super_set = frozenset(k for k, s in self.skills.items() if s.kind == "super_set")
        self.timeline = {
            c.id: tuple(
                (s.cost, s.kind == "ex", ("use", c.id, i))
                for i, s in enumerate(c.skills)
                if s.kind != "revenge"
            )
            for c in self.cards.values()
        }
        self.revenge_steps = [
            {
                c.id: skill_steps(p, [(e.verb, e.amount) for e in c.revenge.effects], c.id)
                for c in self.cards.values()
                if c.revenge is not None
            }
            for p in (0, 1)
        ]

    @classmethod
    def default_params(cls) -> MugenParams:
        return MugenParams()

    # -- the kernel's two hooks -------------------------------------------------------
    def setup(self, t: MugenTable) -> None:
        """Both sides at full HP with full decks; the first-player coin or the opening."""
        hp = [self.params.hp + self.trait_hp[q] for q in (0, 1)]
        t.hp, t.max_hp, t.mp, t.spent, t.bonus = hp, hp[:], [0, 0], [0, 0], [0, 0]
        t.decks = [[c for c, n in deck for _ in range(n)] for deck in self.decks]
        t.hands, t.zones, t.dust, t.ex_used = [[], []], [[], []], [[], []], [[], []]
        t.opening = [None, None]  # each seat's opening hand, kept by its opening draws
        t.owed = [False, False]
        first = self.params.first_player
        t.active = t.first = 0 if first == "random" else int(first)
        t.turn, t.result = 1, None
        t.push(*([First()] if first == "random" else self.opening(t.active)))

    def score(self, t: MugenTable) -> tuple[float, ...]:
        """+1 to the winner, -1 to the loser; 0 each while playing or when nobody wins."""
        if not t.result:
            return (0.0, 0.0)
        return tuple(1.0 if q in t.result else -1.0 for q in (0, 1))

    def standing(self, t: MugenTable) -> tuple[float, ...]:
        """Who is ahead mid-game (cut-off search rollouts, quality metrics): each side's HP
        as a share of its maximum; once decided, the score (+1 the winner, -1 the loser)."""
        if t.result:
            return self.score(t)
        return tuple(t.hp[q] / max(1, t.max_hp[q]) for q in (0, 1))

    def opening(self, first: int) -> list[Any]:
        """The opening steps: first draws 3, second 4 (+ any ``hand`` trait), first turn.
        With each turn's draw the hands hold 4 and 5 cards at their first main phases:

        >>> from workbench.engine.kernel.protocol import CHANCE
        >>> g, seen = make_game(), {}
        >>> g.forced_moves = False  # each main phase asked, even one that can only end
        >>> s = g.initial_state()
        >>> while len(seen) < 2:
        ...     if g.current_player(s) == CHANCE:
        ...         s = g.apply(s, g.chance_outcomes(s).outcomes()[0])
        ...     else:
        ...         _ = seen.setdefault(s.active, len(s.hands[s.active]))
        ...         s = g.apply(s, "end")
        >>> seen
        {0: 4, 1: 5}
        """
        return opening(self, first)

    # -- what the tools read -----------------------------------------------------------
    def winners(self, state: Snapshot) -> tuple[int, ...]:
        return state.result if state.result is not None else ()  # type: ignore[no-any-return]

    def zones(self, state: Snapshot) -> Mapping[str, Counter[Hashable]]:
        t = self.view(state)
        return {
            f"p{q}.{zone}": Counter(cards) for q in (0, 1) for zone, cards in t.cards_of(q).items()
        }

    def metrics(self, state: Snapshot) -> Mapping[str, float | int | str]:
        """Per-game columns: last turn, first seat, HP and deck left, how it ended."""
        ended = state.result is not None
        kill = int(ended and (state.hp[0] == 0 or state.hp[1] == 0))
        return {
            "last_turn": state.turn, "first": state.first, "hp0": state.hp[0], "hp1": state.hp[1],
            "deck0": len(state.decks[0]), "deck1": len(state.decks[1]), "kill": kill,
            "deck_out": int(ended and not kill),
        }  # fmt: skip

    def describe(self, state: Snapshot) -> str:
        t = self.view(state)

        def side(q: int) -> str:
            zone = ",".join(f"{z.card}:{z.counters}" for z in t.zones[q])
            return (
                f"P{q + 1} HP {t.hp[q]} MP {t.mp_left(q)}/{t.mp[q]} hand {len(t.hands[q])} "
                f"deck {len(t.decks[q])} dust {len(t.dust[q])} set [{zone}]"
            )

        who = "over" if t.result is not None else f"P{t.active + 1}"
        return f"turn {t.turn} {who} | {side(0)} | {side(1)}"

    def action_label(self, state: Snapshot, action_id: Hashable) -> str:
        """The step's label, then what the rules do on their own after it (issue 35:
        timed effects, set skills running out, the turn passing, the game's end)."""
        return super().action_label(state, action_id) + aftermath(self, state, action_id)

    def label_for(self, state: Snapshot, x: Hashable, seat: int | None) -> str:
        """:meth:`action_label` as ``seat`` reads it (what follows is public)."""
        return super().label_for(state, x, seat) + aftermath(self, state, x)

    def attack(self, state: Snapshot, seat: int) -> int:
        """A seat's attack now (trait + set boosts)."""
        return self.view(state).atk(seat)  # type: ignore[no-any-return]

    def defence(self, state: Snapshot, seat: int) -> int:
        """A seat's defence now (trait + set boosts)."""
        return self.view(state).defence(seat)  # type: ignore[no-any-return]


def _sum(effects: tuple[TimedEffect, ...], verb: str) -> int:
    return sum(e.amount for e in effects if e.verb == verb and e.timing == "now")


def _timed(effects: tuple[TimedEffect, ...]) -> dict[str, Fx]:
    out: dict[str, Fx] = {}
    for e in effects:
        if e.timing != "now":
            out[e.timing] = out.get(e.timing, ()) + ((e.verb, e.amount),)
    return out


def _timings(fx: dict[str, Fx], every: bool) -> dict[str, Fx]:
    """When timed effects fire under the ``timed_turns`` reading: ``"owner"`` as written
    (``start:`` / ``end:`` on the owner's turns, ``opp_start:`` / ``opp_end:`` on the
    opponent's); ``"every"`` also fires ``start:`` / ``end:`` on the opponent's turns
    (after any ``opp_start:`` / ``opp_end:`` effect of the same skill).

    >>> _timings({"start": (("damage", 2),)}, every=True)
    {'start': (('damage', 2),), 'opp_start': (('damage', 2),)}
    >>> _timings({"start": (("damage", 2),)}, every=False)
    {'start': (('damage', 2),)}
    """
    if not every:
        return fx
    out = dict(fx)
    for own, other in (("start", "opp_start"), ("end", "opp_end")):
        if own in fx:
            out[other] = fx.get(other, ()) + fx[own]
    return out


def check_deck(deck: Deck, card_sheet: Any, cards: Mapping[str, Card]) -> list[str]:
    """The construction-rule problems of a deck: the shared checker over the loaded card
    sheet and ``deck_rules.csv`` of the data folder in use (this module's own reading of
    ``cards`` when that file is missing)."""
    rules = data_folder() / "deck_rules.csv"
    if rules.exists():
        return sheet_rule_problems(deck, card_sheet, rules)
    return deck_problems(deck, cards)


def make_game(**params: Any) -> MugenGame:
    """A game from keyword parameters (see :class:`MugenParams`); ``card_sheet`` (a loaded
    card sheet, as the spec's ``sheets.read`` gives it) plays on that sheet, else on the file
    ``cards_path`` names.

    >>> make_game(first_player=1).params.first_player
    1
    >>> from workbench.games.mugen.decks import SAMPLE_DECKS
    >>> make_game(decks=(SAMPLE_DECKS["sora"], (("C01", 4),)))
    Traceback (most recent call last):
    ...
    workbench.games.mugen.decks.DeckError: decks[1] (seat 1) is not a legal deck: total: 4 cards, exactly 40 required (ソラ ×4) — A deck is exactly 40 cards
    """
    if "decks" in params:  # lists from a JSON replay read as tuples
        params["decks"] = tuple(normalise(tuple(x) for x in d) for d in params["decks"])
    if "opening" in params:
        params["opening"] = tuple(params["opening"])
    card_sheet = params.pop("card_sheet", None)
    return MugenGame(replace(MugenParams(), **params), card_sheet)


__all__ = ["CARDS_CSV", "MugenGame", "MugenParams", "make_game"]
