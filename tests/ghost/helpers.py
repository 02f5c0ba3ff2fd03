"""Small hand-made decks and states for the ghost rule tests."""

from __future__ import annotations

from typing import Any

from workbench.games.ghost.model import ABILITY, EVENT, MANDATORY, GhostCard, Strength
from workbench.games.ghost.rules import GhostGame, make_game
from workbench.games.ghost.state import GhostState, Table


def strength(text: str) -> Strength:
    n, _, mod = text.partition("D")
    return Strength(int(n), int(mod or 0))


def ghost(name: str, phys: str = "2D", ment: str = "2D", vp: int = 1, ability: str = "",
          timing: str = "", effect: str = "", names: tuple[str, ...] = ()) -> dict[str, Any]:
    return dict(kind="ghost", name=name, physical=strength(phys), mental=strength(ment), vp=vp,
                ability=ABILITY.parse(ability), timing=timing, effects=EVENT.parse(effect),
                event_names=names)


def shell(name: str, phys: int = 0, ment: int = 0, timing: str = "", effect: str = "") -> dict[str, Any]:
    return dict(kind="shell", name=name, shell=(phys, ment), timing=timing,
                effects=EVENT.parse(effect))


def mandatory(name: str, effect: str) -> dict[str, Any]:
    return dict(kind="mandatory", name=name, timing="System.Mandatory",
                effects=MANDATORY.parse(effect))


def deck(*specs: dict[str, Any]) -> tuple[GhostCard, ...]:
    return tuple(GhostCard(id=i, **spec) for i, spec in enumerate(specs))


def game_with(cards: tuple[GhostCard, ...], **params: Any) -> GhostGame:
    params.setdefault("players", 2)
    return make_game(cards=cards, **params)


def state(game: GhostGame, *, desktops: list[list[tuple[int, int]]] | None = None,
          archives: list[list[int]] | None = None, turn: int = 0, phase: str = "main",
          **fields: Any) -> GhostState:
    """A mid-game state: listed cards where given, everything else in the server."""
    n = game.ctx.n
    t = Table.fresh(n, tuple(c.id for c in game.cards))
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
    return t.freeze()


def run(game: GhostGame, s: GhostState, *actions: Any) -> GhostState:
    for a in actions:
        s = game.apply(s, a)
    return s
