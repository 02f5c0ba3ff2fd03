"""The 「何か」 table: every field declared once with who may see it, and read-only queries.

Zones hold card instance ids. ``server`` (the draw pile: hidden, a multiset —
a download is a uniform chance step over it, kept sorted, so the shuffle is
implicit), ``archives`` (the hands, アーカイブ＝手札: each seat sees its own),
``desktops`` (per seat, ``(ghost, shell)`` pairs in install order,
:data:`NO_SHELL` for none), ``trash``, ``void`` (「虚」), ``vp`` (ghosts won in
battle), ``setaside`` (mandatory events dealt at setup, waiting to be shuffled
back: hidden) and ``facedown`` (per seat, the battle event it placed face down:
its own secret until the reveal). The rest is public: the turn's progress,
the battle in progress and the last one (:class:`Battle`: who placed a
face-down event is public; the card and its target are the placer's secret
until the reveal — :meth:`GhostTable.conceal` masks the target in
``Battle.placed`` for every other seat), the result and the counters of the
simulation frame.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> t = g.view(g.initial_state())
>>> len(t.server), t.archives, t.phase
(100, ((), ()), 'setup')
>>> g.observe(g.initial_state(), 0).state.server
Hidden(100)
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from workbench.engine.kernel import HIDDEN, OWN, Table, items, rows, value
from workbench.engine.kernel.secrets import MASKED, Masked

NO_SHELL = -1
ATTACK, DEFENCE = 0, 1
STATS = ("physical", "mental")


class Battle(NamedTuple):
    """One battle in progress (or just resolved): an immutable value.

    ``atk``/``dfn`` list ghost ids, the lead ghost first; ``placed`` says who
    placed a face-down event and on what target, in placing order (the cards
    themselves lie in the table's ``facedown`` rows until the reveal, then
    ``revealed`` holds ``(seat, card, target)``); ``rolls`` the raw dice sums
    per ghost (attack side first) once rolled; ``dice`` the number of dice
    each ghost rolls; ``power`` fixed bonuses per side.
    """

    attacker: int
    defender: int
    stat: str
    atk: tuple[int, ...]
    dfn: tuple[int, ...] = ()
    limit: int = 1
    placed: tuple[tuple[int, int], ...] = ()
    revealed: tuple[tuple[int, int, int], ...] = ()
    placers: tuple[int, ...] = ()
    voided: tuple[int, ...] = ()
    power: tuple[int, int] = (0, 0)
    extra_dice: tuple[int, int] = (0, 0)
    dice: tuple[int, ...] = ()
    rolls: tuple[int, ...] = ()
    values: tuple[int, ...] = ()
    totals: tuple[int, int] = (0, 0)
    winner: int = -1  # ATTACK, DEFENCE, or -1 while unresolved

    @property
    def ghosts(self) -> tuple[int, ...]:
        """Every ghost in the battle, attack side first."""
        return self.atk + self.dfn

    def evolve(self, **changes: Any) -> Battle:
        """A copy with some fields changed (a fast ``_replace``).

        >>> Battle(0, 1, "physical", (3,)).evolve(dfn=(4,)).ghosts
        (3, 4)
        """
        values = list(self)
        for name, v in changes.items():
            values[_BATTLE_INDEX[name]] = v
        return tuple.__new__(Battle, values)


_BATTLE_INDEX = {name: i for i, name in enumerate(Battle._fields)}


class GhostTable(Table):
    """The fields of 「何か」 (declared once) and the queries the rules and players share.

    ``phase`` says what is being decided: ``setup`` (install a ghost),
    ``main`` (the turn's install/action/battle choices), ``defend``,
    ``stat`` (the attacker picks 物理 or 精神 after the defence), ``support_atk``, ``support_def``, ``place`` (face-down battle events),
    ``react`` (a user out of turn may play an event), ``trim`` (archive over
    the limit at the end of the turn), ``resolve`` (the battle's reveal and
    dice) and ``over``. ``evented[s]``: seat ``s`` used its event this turn;
    ``reactors``: the seats still to be asked at the reaction point now. ``result`` is
    ``(reason, winners)`` once the game is over. ``battles``, ``fumbles``
    (fumbled ghost rolls) and ``flips`` (battles a fumble decided: the other
    side would have won without it) are counters for the simulation frame.
    """

    server: list[int] = items(seen=HIDDEN, sort=True)
    archives: list[list[int]] = rows(seen=OWN)
    desktops: list[list[tuple[int, int]]] = rows()
    trash: list[int] = items()
    void: list[int] = items()
    vp: list[list[int]] = rows()
    setaside: list[int] = items(seen=HIDDEN, sort=True)
    facedown: list[list[int]] = rows(seen=OWN)
    phase: str = value()
    turn: int = value()
    turns: int = value()
    stage: int = value()
    installed: bool = value()
    evented: list[bool] = items()
    reactors: list[int] = items()
    used: list[int] = items()
    skips: list[int] = items()
    order: list[int] = items()
    battle: Battle | None = value()
    last: Battle | None = value()
    masters: list[int] = items()
    out: list[bool] = items()
    result: tuple[str, tuple[int, ...]] | None = value()
    battles: int = value()
    fumbles: int = value()
    flips: int = value()

    # -- secrets inside public fields (issue 24) ------------------------------------------
    def conceal(self, seat: int, seen: list[Any]) -> None:
        """A face-down event's target is its placer's secret until the reveal: masked
        in ``Battle.placed`` for every other seat (who placed one stays public)."""
        b = self.battle
        if b is None or not b.placed:
            return
        placed = tuple((s, x if s == seat else MASKED) for s, x in b.placed)
        if placed != b.placed:
            seen[_BATTLE_AT] = b.evolve(placed=placed)

    def guess_secrets(self, rng: random.Random) -> None:
        """Each masked target guessed among those its face-down card allows (the card
        is dealt already; ``worlds.determinize`` deals card and target together)."""
        super().guess_secrets(rng)
        b = self.battle
        if b is None or not any(isinstance(x, Masked) for _, x in b.placed):
            return
        self.battle = b.evolve(
            placed=tuple(
                (s, rng.choice(options))
                if isinstance(x, Masked) and (options := self.placed_targets(s, k))
                else (s, x)
                for k, (s, x) in enumerate(b.placed)
            )
        )

    def placed_targets(self, seat: int, nth: int) -> list[int]:
        """The targets the face-down card behind the ``nth`` placement (``seat``'s) may take."""
        b = self.battle
        assert b is not None
        mine = sum(1 for s, _ in b.placed[:nth] if s == seat)
        row = self.facedown[seat]
        if mine >= len(row):
            return []
        card = row[mine]
        return list(self.game.fixed_targets[card] or self.targets(card))

    # -- seats ----------------------------------------------------------------------
    def next_seat(self, seat: int) -> int:
        """The next seat clockwise that is still in the game."""
        n, out = len(self.out), self.out
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not out[s]:
                return s
        return seat

    def seats_from(self, seat: int) -> list[int]:
        """Seats still in the game in turn order, starting with ``seat``."""
        out = self.out
        if True not in out:  # everyone plays: the seats from ``seat`` round the table
            return list(self.game.rotations[seat])
        n = len(out)
        return [s for k in range(n) if not out[s := (seat + k) % n]]

    # -- desktops -------------------------------------------------------------------
    def ghosts_of(self, seat: int) -> tuple[int, ...]:
        """The ghosts installed on a seat's desktop, in install order."""
        return tuple(g for g, _ in self.desktops[seat])

    def eligible_fighters(self, seat: int) -> tuple[int, ...]:
        """Ghosts of a seat that may fight (master-slave: the master only without slaves)."""
        ghosts = tuple([g for g, _ in self.desktops[seat]])
        if self.game.master_slave and len(ghosts) > 1 and self.masters[seat] in ghosts:
            master = self.masters[seat]
            return tuple(g for g in ghosts if g != master)
        return ghosts

    def owner_of(self, ghost: int) -> int:
        """The seat whose desktop holds ``ghost`` (-1 when it is not installed)."""
        for s, desk in enumerate(self.desktops):
            for g, _ in desk:
                if g == ghost:
                    return s
        return -1

    def shell_of(self, ghost: int) -> Any:
        """The shell card on an installed ghost, or None."""
        for desk in self.desktops:
            for g, sh in desk:
                if g == ghost:
                    return self.game.cards[sh] if sh != NO_SHELL else None
        return None

    # -- victory points ---------------------------------------------------------------
    def vp_of(self, seat: int) -> int:
        """A seat's victory points: the VP of the ghosts it won."""
        vp = self.game.vp
        return sum(vp[c] for c in self.vp[seat])

    def most_vp(self) -> tuple[int, ...]:
        """Seats in the game with the most victory points (ties: all of them)."""
        scores = {s: self.vp_of(s) for s in range(len(self.out)) if not self.out[s]}
        if not scores:
            return ()
        best = max(scores.values())
        return tuple(s for s, v in scores.items() if v == best)

    # -- battle choices ------------------------------------------------------------------
    def support_options(self) -> tuple[list[int], list[int]]:
        """(installed ghosts, quick ghosts in the archive) the deciding side may add.

        Master-slave (seed 11): slaves support no slave unless ``slave_support``;
        the master supports its slaves only with ``master_support``.
        """
        b = self.battle
        assert b is not None
        attack = self.phase == "support_atk"
        seat = b.attacker if attack else b.defender
        if attack and len(b.atk) >= b.limit:
            return [], []
        busy = b.atk + b.dfn
        quick = self.game.quick
        p = self.game.params
        if self.game.master_slave:
            master = self.masters[seat]
            installed = [
                g
                for g in self.ghosts_of(seat)
                if g not in busy and (p.master_support if g == master else p.slave_support)
            ]
            if not p.slave_support:
                return installed, []
        else:
            installed = [g for g in self.eligible_fighters(seat) if g not in busy]
        return installed, [c for c in self.archives[seat] if quick[c]]

    def targets(self, card: int) -> list[int]:
        """The choices for an event's target (``[-1]`` when it takes none)."""
        kind = self.game.target[card]
        if kind == "none":
            return [-1]
        if kind == "side":
            return [ATTACK, DEFENCE]
        if kind == "user":
            return self.seats_from(0)
        busy = set(self.battle.ghosts) if self.battle is not None else set()
        out = []
        for desk in self.desktops:
            for g, sh in desk:
                if kind == "shell" and sh != NO_SHELL or kind == "ghost" and g not in busy:
                    out.append(g)
        return out

    def may_place(self, seat: int) -> bool:
        """May ``seat`` put (another) event face down in this battle (reading 17)?"""
        b = self.battle
        assert b is not None
        game = self.game
        if game.event_limit_turn and self.evented[seat]:
            return False
        cap = game.params.facedown_per_battle
        return not cap or sum(1 for s, _ in b.placed if s == seat) < cap

    def quick_installs(self, seat: int) -> list[int]:
        """〈軽量速攻〉 ghosts ``seat`` may install now, during the battle's event window
        (``quick_install="anyone"``: any user, outsiders too; reading 14)."""
        if not self.game.quick_anyone:
            return []
        quick = self.game.quick
        return [c for c in self.archives[seat] if quick[c]]

    def place_options(self) -> list[tuple[int, int]]:
        """(card, target) pairs the deciding placer may put face down; a ``negate`` only
        when an event already lies face down (placed first, it would void nothing:
        reading 19)."""
        b = self.battle
        assert b is not None
        seat = b.placers[0]
        if not self.may_place(seat):
            return []
        game = self.game
        allowed = game.in_own_battle if seat == self.turn else game.in_other_battle
        fixed, negates, first = game.fixed_targets, game.negates, not b.placed
        out: list[tuple[int, int]] = []
        for c in self.archives[seat]:
            if allowed[c] and not (first and negates[c]):
                out += [(c, x) for x in fixed[c] or self.targets(c)]
        return out

    def reaction_options(self, seat: int) -> list[tuple[int, int]]:
        """(card, target) pairs ``seat`` may play out of its turn now (Anytime and
        Not.YourTurn events without battle effects; reading 18)."""
        game = self.game
        if game.event_limit_turn and self.evented[seat]:
            return []
        react, fixed = game.as_reaction, game.fixed_targets
        out: list[tuple[int, int]] = []
        for c in self.archives[seat]:
            if react[c]:
                out += [(c, x) for x in fixed[c] or self.targets(c)]
        return out


_BATTLE_AT = GhostTable.NAMES.index("battle")

__all__ = ["ATTACK", "DEFENCE", "NO_SHELL", "STATS", "Battle", "GhostTable"]
