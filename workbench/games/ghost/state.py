"""The ghost game's immutable state, its battle record, and the mutable working table.

:class:`GhostState` is the frozen value the engine sees. The rules mutate a
:class:`Table` (the same fields as lists) and freeze it again, so the normal
path (``apply``: thaw, mutate, freeze) and the fast random playout (one table
mutated in place) run the very same rule code.

Zones (card instance ids): ``server`` (sorted; a draw is a uniform chance
node over it, so the shuffle is implicit), ``archives`` (hands), ``desktops``
(per seat, ``(ghost, shell)`` pairs in install order, ``-1`` for no shell),
``trash``, ``void`` (「虚」), ``vp`` (ghosts won in battle), ``setaside``
(mandatory events dealt at setup, waiting to be shuffled back) and the
battle's face-down events.

>>> t = Table.fresh(2, (0, 1, 2))
>>> s = t.freeze()
>>> s.server, s.archives, s.phase
((0, 1, 2), ((), ()), 'setup')
>>> s.thaw().freeze() == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from operator import attrgetter
from typing import Any

NO_SHELL = -1
ATTACK, DEFENCE = 0, 1
STATS = ("physical", "mental")

Step = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Battle:
    """One battle in progress (or just resolved).

    ``atk``/``dfn`` list ghost ids, the lead ghost first; ``placed`` holds the
    face-down events as ``(seat, card, target)`` in placing order (moved to
``revealed`` when they are opened and go to the trash); ``rolls``
    the raw dice sums per ghost (attack side first) once rolled; ``dice`` the
    number of dice each ghost rolls; ``power`` fixed bonuses per side.
    """

    attacker: int
    defender: int
    stat: str
    atk: tuple[int, ...]
    dfn: tuple[int, ...] = ()
    limit: int = 1
    placed: tuple[tuple[int, int, int], ...] = ()
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
        """A copy with some fields changed (a fast ``dataclasses.replace``).

        >>> Battle(0, 1, "physical", (3,)).evolve(dfn=(4,)).ghosts
        (3, 4)
        """
        values = list(_battle_values(self))
        for name, value in changes.items():
            values[_BATTLE_INDEX[name]] = value
        return Battle(*values)


_BATTLE_INDEX = {f.name: i for i, f in enumerate(fields(Battle))}
_battle_values = attrgetter(*_BATTLE_INDEX)


_FIELDS = (
    "server", "archives", "desktops", "trash", "void", "vp", "setaside", "queue",
    "phase", "turn", "turns", "stage", "installed", "evented", "used", "skips",
    "order", "battle", "last", "masters", "out", "result", "battles", "fumbles", "flips",
)
_NESTED = ("archives", "desktops", "vp")
_FLAT = ("server", "trash", "void", "setaside", "queue", "used", "skips", "order",
         "masters", "out")


@dataclass(frozen=True, slots=True)
class GhostState:
    """One moment of a game of 「何か」 (see the module docstring for the zones).

    ``phase`` is who decides what: ``setup`` (install a ghost), ``main`` (the
    turn's install/action/battle choices), ``defend``, ``support_atk``,
    ``support_def``, ``place`` (face-down battle events), ``trim`` (archive
    over the limit at the end of the turn). ``queue`` holds pending chance
    and automatic steps (draws, dice, resolution). ``result`` is
    ``(reason, winners)`` once the game is over. ``battles``, ``fumbles``
(fumbled ghost rolls) and ``flips`` (battles a fumble decided: the other
side would have won without it) are counters for the simulation frame.
    """

    server: tuple[int, ...]
    archives: tuple[tuple[int, ...], ...]
    desktops: tuple[tuple[tuple[int, int], ...], ...]
    trash: tuple[int, ...]
    void: tuple[int, ...]
    vp: tuple[tuple[int, ...], ...]
    setaside: tuple[int, ...]
    queue: tuple[Step, ...]
    phase: str
    turn: int
    turns: int
    stage: int
    installed: bool
    evented: bool
    used: tuple[int, ...]
    skips: tuple[int, ...]
    order: tuple[int, ...]
    battle: Battle | None
    last: Battle | None
    masters: tuple[int, ...]
    out: tuple[bool, ...]
    result: tuple[str, tuple[int, ...]] | None
    battles: int = 0
    fumbles: int = 0
    flips: int = 0

    def thaw(self) -> Table:
        """A mutable working copy."""
        t = Table.__new__(Table)
        for name in _FIELDS:
            value = getattr(self, name)
            if name in _NESTED:
                value = [list(x) for x in value]
            elif name in _FLAT:
                value = list(value)
            setattr(t, name, value)
        return t

    def ghosts_of(self, seat: int) -> tuple[int, ...]:
        """The ghosts installed on a seat's desktop, in install order."""
        return tuple(g for g, _ in self.desktops[seat])


class Table:
    """The mutable twin of :class:`GhostState` the rules work on (same field names)."""

    __slots__ = _FIELDS
    server: list[int]
    archives: list[list[int]]
    desktops: list[list[tuple[int, int]]]
    trash: list[int]
    void: list[int]
    vp: list[list[int]]
    setaside: list[int]
    queue: list[Step]
    phase: str
    turn: int
    turns: int
    stage: int
    installed: bool
    evented: bool
    used: list[int]
    skips: list[int]
    order: list[int]
    battle: Battle | None
    last: Battle | None
    masters: list[int]
    out: list[bool]
    result: tuple[str, tuple[int, ...]] | None
    battles: int
    fumbles: int
    flips: int

    @classmethod
    def fresh(cls, players: int, server: tuple[int, ...]) -> Table:
        """Everything in the server, nobody to move yet."""
        t = cls.__new__(cls)
        t.server = sorted(server)
        t.archives = [[] for _ in range(players)]
        t.desktops = [[] for _ in range(players)]
        t.vp = [[] for _ in range(players)]
        t.trash, t.void, t.setaside, t.queue, t.used, t.order = [], [], [], [], [], []
        t.phase, t.turn, t.turns, t.stage = "setup", 0, 0, 0
        t.installed = t.evented = False
        t.skips = [0] * players
        t.battle = t.last = None
        t.masters = [-1] * players
        t.out = [False] * players
        t.result = None
        t.battles = t.fumbles = t.flips = 0
        return t

    def freeze(self) -> GhostState:
        """The immutable value of this table."""
        kw: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if name in _NESTED:
                value = tuple(tuple(x) for x in value)
            elif name in _FLAT:
                value = tuple(value)
            kw[name] = value
        return GhostState(**kw)

    def ghosts_of(self, seat: int) -> tuple[int, ...]:
        """The ghosts installed on a seat's desktop, in install order."""
        return tuple(g for g, _ in self.desktops[seat])


assert {f.name for f in fields(GhostState)} == set(_FIELDS)
