"""Small hand-made decks and states for the ghost rule tests."""

from __future__ import annotations

from typing import Any

from workbench.engine.kernel import DECISION, Snapshot
from workbench.games.ghost.cards import ABILITY, EVENT, MANDATORY, GhostCard, Strength
from workbench.games.ghost.rules import GhostGame, make_game
from workbench.games.ghost.steps_turn import Decide
from workbench.games.ghost.table import GhostTable


def strength(text: str) -> Strength:
    n, _, mod = text.partition("D")
    return Strength(int(n), int(mod or 0))


def ghost(
    name: str,
    phys: str = "2D",
    ment: str = "2D",
    vp: int = 1,
    ability: str = "",
    timing: str = "",
    effect: str = "",
    names: tuple[str, ...] = (),
) -> dict[str, Any]:
    return dict(
        kind="ghost",
        name=name,
        physical=strength(phys),
        mental=strength(ment),
        vp=vp,
        ability=ABILITY.parse(ability),
        timing=timing,
        effects=EVENT.parse(effect),
        event_names=names,
    )


def shell(
    name: str, phys: int = 0, ment: int = 0, timing: str = "", effect: str = ""
) -> dict[str, Any]:
    return dict(
        kind="shell", name=name, shell=(phys, ment), timing=timing, effects=EVENT.parse(effect)
    )


def mandatory(name: str, effect: str) -> dict[str, Any]:
    return dict(
        kind="mandatory", name=name, timing="System.Mandatory", effects=MANDATORY.parse(effect)
    )


def deck(*specs: dict[str, Any]) -> tuple[GhostCard, ...]:
    return tuple(GhostCard(id=i, **spec) for i, spec in enumerate(specs))


def game_with(cards: tuple[GhostCard, ...], **params: Any) -> GhostGame:
    params.setdefault("players", 2)
    return make_game(cards=cards, **params)


def state(
    game: GhostGame,
    *,
    desktops: list[list[tuple[int, int]]] | None = None,
    archives: list[list[int]] | None = None,
    turn: int = 0,
    phase: str = "main",
    pending: list[Any] = (),
    **fields: Any,
) -> Snapshot:  # type: ignore[assignment]
    """A mid-game state: listed cards where given, everything else in the server;
    ``pending``: steps to run before the next decision (the next one first)."""
    n = game.n
    t = GhostTable(game)
    t.tasks = []
    game.setup(t)
    t.tasks = [Decide(), *reversed(pending)]
    t.desktops = desktops or [[] for _ in range(n)]
    t.archives = archives or [[] for _ in range(n)]
    for name, value in fields.items():
        setattr(t, name, value)
    used = {c for d in t.desktops for pair in d for c in pair if c >= 0}
    used |= {c for a in t.archives for c in a}
    for zone in (t.trash, t.void, *t.vp):
        used |= set(zone)
    t.server = [c for c in t.server if c not in used]
    t.turn, t.phase, t.turns = turn, phase, 1
    t.settle()
    return t.freeze()


def steps(*xs: Any) -> tuple[tuple[Any, ...], ...]:
    """Steps as (class name, fields...) so that comparisons also check the kind."""
    return tuple((type(x).__name__, *x) for x in xs)


def pending(s: Snapshot) -> tuple[tuple[Any, ...], ...]:
    """The chance and automatic steps waiting before the next decision, the next one first."""
    return steps(
        *[x for x in reversed(s.tasks) if x.KIND != DECISION and not isinstance(x, Decide)]
    )


def run(game: GhostGame, s: Snapshot, *actions: Any) -> Snapshot:
    """Apply ``actions``; a battle written with its stat, ``("battle", g, d, stat)``, is
    played in the game's order: under ``stat_choice="after_defender"`` it is declared as
    ``("battle", g, d)`` and ``("stat", stat)`` is chosen once the defending ghost is known."""
    stat = ""
    for a in actions:
        if isinstance(a, tuple) and a[0] == "battle" and len(a) == 4 and game.stat_after_defender:
            a, stat = a[:3], a[3]
        s = game.apply(s, a)
        if stat and s.phase == "stat":
            s, stat = game.apply(s, ("stat", stat)), ""
    return s
