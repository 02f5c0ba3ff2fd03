"""One checked playout for the conformance kit (see :mod:`workbench.engine.conformance.check`).

A :class:`Checker` plays one seeded game exactly as
:func:`~workbench.engine.runs.playout.playout` would and raises :class:`Broken`
at the first broken rule. How much it checks depends on the mode:

- ``light`` (most games): the O(1) checks at every step, the spot checks
  (hash, cards, chance ``Dist``) on every ``spot_every``-th step, the full card
  multiset at the end;
- ``deep`` (the sampled games): the spot checks at every step, plus a pickle
  snapshot compared after every ``apply`` and the branch sweep;
- ``pinpoint`` (a re-run of a failed light game): every check at every step
  but no sweep, to name the first step that breaks.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.kernel import OWN, PUBLIC, KernelGame
from workbench.engine.kernel.protocol import CHANCE, TERMINAL, Game
from workbench.engine.kernel.seat import Player, SeatView
from workbench.engine.kernel.seeds import player_rngs
from workbench.engine.play.replay import ReplayError, decode_id, encode_id
from workbench.engine.players import random_player
from workbench.prob.dist import Dist

LIGHT, DEEP, PINPOINT = "light", "deep", "pinpoint"


class Broken(Exception):
    """A broken rule: the check's name and a message for people."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(message)
        self.check, self.message = check, message


class Counts:
    """What one checker did (added into the report by the caller)."""

    def __init__(self) -> None:
        self.steps = self.player_steps = self.chance_steps = 0
        self.spot_checks = self.snapshots = self.branches_tried = 0


def cards_of(game: Game[Any], state: Any) -> dict[Hashable, int]:
    """Card id -> count summed over every zone (a plain dict: fast to compare).

    >>> from workbench.engine.conformance.toy import DiceRace
    >>> g = DiceRace()
    >>> cards_of(g, g.initial_state())
    {1: 3, 2: 2, 3: 2}
    """
    total: dict[Hashable, int] = {}
    get = total.get
    for zone, counts in game.zones(state).items():
        for card, k in counts.items():
            if k < 0:
                raise Broken("cards", f"zone {zone!r} has a negative count: {dict(counts)}")
            if k:
                total[card] = get(card, 0) + k
    return total


def cards_diff(before: dict[Hashable, int], after: dict[Hashable, int]) -> str:
    """Which cards went missing and which appeared.

    >>> cards_diff({"a": 2, "b": 1}, {"a": 1, "c": 1})
    "lost {'a': 1, 'b': 1}, appeared {'c': 1}"
    """
    lost, gained = Counter(before) - Counter(after), Counter(after) - Counter(before)
    return f"lost {dict(lost)}, appeared {dict(gained)}"


class Checker:
    """Plays seeded games with the checks of a mode; see the module docstring.

    >>> from workbench.engine.conformance.toy import DiceRace
    >>> checker = Checker(DiceRace(), [random_player] * 2, spot_every=1, sweep_budget=4)
    >>> final, actions = checker.run(seed=3, index=0, mode=DEEP, max_steps=1000)
    >>> checker.counts.spot_checks == checker.counts.steps == len(actions) > 0
    True
    """

    def __init__(
        self, game: Game[Any], seats: Sequence[Player], spot_every: int, sweep_budget: int
    ) -> None:
        self.game, self.seats = game, tuple(seats)
        self.random_seat = tuple(p is random_player for p in self.seats)
        self.own: tuple[random.Random, ...] = ()  # the seats' player rngs of the game being run
        self.spot_every, self.sweep_budget = max(1, spot_every), sweep_budget
        self.counts = Counts()
        self.step = 0
        self.ids_seen: set[Hashable] = set()
        self._pickle = True
        self.sweeper: random.Random | None = None
        self.snapshots = False
        self._h = 0
        self._snap: Any = None

    def run(self, seed: int, index: int, mode: str, max_steps: int) -> tuple[Any, list[Hashable]]:
        """Play game ``index`` with ``seed``; the final state and every action id."""
        g = self.game
        rng = random.Random(seed)
        self.own = player_rngs(seed, len(self.seats))
        every = 1 if mode != LIGHT else self.spot_every
        spot_at = index % every  # the next spot step
        self.sweeper = random.Random(seed ^ 0x5EED) if mode == DEEP else None
        self.snapshots = mode != LIGHT
        self.step = 0
        s = g.initial_state()
        cards0 = cards_of(g, s)
        actions: list[Hashable] = []
        try:
            s = self._loop(s, rng, every, spot_at, cards0, actions, max_steps)
        finally:
            self.step = len(actions)
            self.counts.steps += len(actions)
        self._end(s, cards0, actions)
        return s, actions

    def _loop(
        self,
        s: Any,
        rng: random.Random,
        every: int,
        spot_at: int,
        cards0: dict[Hashable, int],
        actions: list[Hashable],
        max_steps: int,
    ) -> Any:
        g, n, c = self.game, self.game.num_players, self.counts
        current, apply, sample, legal_of = (
            g.current_player,
            g.apply,
            g.sample_chance,
            g.legal_actions,
        )
        seats, random_seat, own = self.seats, self.random_seat, self.own
        append, chance_steps = actions.append, 0
        for step in range(max_steps + 1):
            who = current(s)
            if who == TERMINAL:
                break
            if step == max_steps:
                raise Broken("ends", f"not over after max_steps={max_steps} steps")
            spot = step == spot_at
            if spot:
                self._before(s)
            if who == CHANCE:
                if spot:
                    a = self._spot_chance(s, rng)
                else:
                    a = sample(s, rng)
                chance_steps += 1
            elif 0 <= who < n:
                legal = legal_of(s)
                if not legal:
                    raise Broken("legal", f"no legal action for seat {who} at a player node")
                if random_seat[who]:  # random_player's own draw, on the list made here
                    a = own[who].choice(legal).id
                else:
                    a = seats[who](SeatView(g, who, s), own[who])
                    if all(x.id != a for x in legal):
                        raise Broken("player", f"player for seat {who} chose {a!r}, not legal")
                if spot:
                    self._spot_decision(s, legal, a)
            else:
                raise Broken(
                    "player", f"current_player is {who}, not a seat of {n}, CHANCE or TERMINAL"
                )
            if spot:
                new = self._spot_apply(s, a, cards0)
                spot_at += every
            else:
                try:
                    new = apply(s, a)
                except Exception as e:
                    raise Broken("apply", f"apply({a!r}) raised {type(e).__name__}: {e}") from None
            append(a)
            s = new
        c.chance_steps += chance_steps
        c.player_steps += len(actions) - chance_steps
        return s

    def _spot_chance(self, s: Any, rng: random.Random) -> Hashable:
        """Draw as the normal path does, then check the Dist (and sweep in deep games)."""
        a = self.game.sample_chance(s, rng)
        dist = self.game.chance_outcomes(s)
        if not isinstance(dist, Dist):
            raise Broken("chance", f"chance_outcomes returned {type(dist).__name__}, not a Dist")
        if a not in dist:
            raise Broken("chance", f"sample_chance drew {a!r}, not an outcome of {dist!r}")
        if self.sweeper is not None:
            self._sweep(s, list(dist), a, "chance")
        return a

    def _spot_decision(self, s: Any, legal: Sequence[Any], a: Hashable) -> None:
        """Distinct hashable ids (and the sweep in deep games)."""
        ids = [x.id for x in legal]
        try:
            distinct = set(ids)
        except TypeError as e:
            raise Broken("legal", f"action ids must be hashable: {e}") from None
        if len(distinct) != len(ids):
            dup = [i for i, k in Counter(ids).items() if k > 1]
            raise Broken("legal", f"duplicate action ids {dup[:5]}")
        if self.sweeper is not None:
            self._sweep(s, ids, a, "legal")

    def _before(self, s: Any) -> None:
        self._h = self._hash(s)
        self._snap = self._snapshot(s) if self.snapshots else None

    def _spot_apply(self, s: Any, a: Hashable, cards0: dict[Hashable, int]) -> Any:
        """Apply, then: unchanged state (hash, snapshot), cards as at the start."""
        g = self.game
        try:
            new = g.apply(s, a)
        except Exception as e:
            raise Broken("apply", f"apply({a!r}) raised {type(e).__name__}: {e}") from None
        snap = self._snap
        if hash(s) != self._h or (snap is not None and self._changed(snap, s)):
            raise Broken(
                "immutable", f"the state changed while listing, choosing or applying {a!r}"
            )
        cards = cards_of(g, new)
        if cards != cards0:
            raise Broken(
                "cards",
                f"after {a!r} the cards over all zones changed: {cards_diff(cards0, cards)}",
            )
        self.counts.spot_checks += 1
        self.counts.snapshots += snap is not None
        if self.sweeper is not None and isinstance(g, KernelGame):
            self._check_observations(new, cards)
        return new

    def _check_observations(self, s: Any, cards: dict[Hashable, int]) -> None:
        """Each seat's observation, determinized, keeps the public fields, the seat's
        own secrets and the card multiset of the true state."""
        g: Any = self.game
        fields = g.table.FIELDS
        for seat in range(g.num_players):
            try:
                obs = g.observe(s, seat)
                guess = g.determinize(obs, self.sweeper)
                again = g.observe(guess, seat).state
            except Exception as e:
                raise Broken(
                    "observe", f"observing seat {seat} raised {type(e).__name__}: {e}"
                ) from None
            for f, true, seen, masked, back in zip(fields, s, guess, obs.state, again):
                mine = f.seen == OWN and true[seat] == seen[seat]
                # a public field may differ only where the seat sees a secret masked
                if (f.seen == PUBLIC and true != seen and masked != back) or (
                    f.seen == OWN and not mine
                ):
                    raise Broken("observe", f"seat {seat}'s view changed the field {f.name!r}")
            if cards_of(g, guess) != cards:
                raise Broken(
                    "observe",
                    f"a determinization for seat {seat} changed the cards: "
                    f"{cards_diff(cards, cards_of(g, guess))}",
                )

    def _end(self, s: Any, cards0: dict[Hashable, int], actions: list[Hashable]) -> None:
        g = self.game
        self._hash(s)
        cards = cards_of(g, s)
        if cards != cards0:
            raise Broken(
                "cards",
                f"at the end the cards over all zones differ from the start: {cards_diff(cards0, cards)}",
            )
        scores = g.returns(s)
        if len(scores) != g.num_players:
            raise Broken(
                "returns", f"returns has {len(scores)} entries for {g.num_players} seats: {scores}"
            )
        bad = [w for w in g.winners(s) if not 0 <= w < g.num_players]
        if bad:
            raise Broken("winners", f"winners {bad} are not seats")
        seen = self.ids_seen
        for k, a in enumerate(actions):
            try:
                if a in seen:
                    continue
            except TypeError as e:
                self.step = k
                raise Broken("legal", f"action ids must be hashable: {a!r} ({e})") from None
            try:
                back = decode_id(encode_id(a))
            except ReplayError as e:
                self.step = k
                raise Broken("replay", f"action {a!r} cannot be stored in a replay: {e}") from None
            if back != a:
                self.step = k
                raise Broken("replay", f"action {a!r} comes back from a replay as {back!r}")
            seen.add(a)

    @staticmethod
    def _hash(s: Any) -> int:
        try:
            return hash(s)
        except TypeError as e:
            raise Broken(
                "immutable", f"state is not hashable ({e}): use frozen dataclasses and tuples"
            ) from None

    def _snapshot(self, s: Any) -> Any:
        """Pickle bytes of the state (a deep copy when it cannot be pickled)."""
        if self._pickle:
            try:
                return pickle.dumps(s, pickle.HIGHEST_PROTOCOL)
            except Exception:
                self._pickle = False
        return copy.deepcopy(s)

    def _changed(self, snap: Any, s: Any) -> bool:
        if isinstance(
            snap, bytes
        ):  # equal bytes: unchanged; else compare as values (caches may differ)
            return snap != pickle.dumps(s, pickle.HIGHEST_PROTOCOL) and pickle.loads(snap) != s
        return bool(snap != s)

    def _sweep(self, s: Any, ids: list[Hashable], chosen: Hashable, check: str) -> None:
        """Apply every branch here with probability min(1, budget / branches)."""
        assert self.sweeper is not None
        if len(ids) > self.sweep_budget and self.sweeper.random() * len(ids) >= self.sweep_budget:
            return
        for i in ids:
            if i == chosen:
                continue  # applied by the game itself
            try:
                self.game.apply(s, i)
            except Exception as e:
                raise Broken(
                    check,
                    f"apply({i!r}), a listed branch not taken, raised {type(e).__name__}: {e}",
                ) from None
            self.counts.branches_tried += 1
