"""Setup, turns, downloads, events and game end: the rule steps that work on a Table.

Pending work lives in ``t.queue``: chance steps (``deal``, ``seek``, ``draw``,
``roll``) wait for the engine to pick an outcome; automatic steps run at once
in :func:`settle`, which also makes forced moves (nothing to support with,
no battle event to place, an archive within the limit) so that every
decision left to a player is a real one.

>>> from workbench.games.ghost.cards import load_cards
>>> ctx = Context(load_cards(), GhostParams(players=3))
>>> t = start(ctx)
>>> t.queue[0], len(t.queue)  # 3 x (5 deals + shuffle back) + the installs
(('deal', 0), 19)
>>> t.out[1] = True
>>> next_seat(ctx, t, 0), seats_from(ctx, t, 2)
(2, [2, 0])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from workbench.games.ghost.model import GhostCard
from workbench.games.ghost.state import NO_SHELL, Table

CHANCE_STEPS = frozenset({"deal", "seek", "draw", "roll"})
PENALTIES = ("none", "lose_vp")


@dataclass(frozen=True)
class GhostParams:
    """The table's settings and the variants the seed leaves open (see rules.py).

    >>> GhostParams(players=7)
    Traceback (most recent call last):
    ...
    ValueError: players must be 2..6, got 7
    """

    players: int = field(default=4, metadata={"range": (2, 6)})
    vp_to_win: int = field(default=15, metadata={"range": (0, 100)})
    floor_at_zero: bool = True
    fumble: bool = True
    no_ghost_penalty: str = "none"
    master_slave: bool = False
    hand_size: int = field(default=5, metadata={"range": (0, 20)})
    archive_limit: int = field(default=5, metadata={"range": (0, 50)})
    sheet: str = field(default="", metadata={"path": True})

    def __post_init__(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise ValueError(f"players must be 2..6, got {self.players!r}")
        if self.no_ghost_penalty not in PENALTIES:
            raise ValueError(f"no_ghost_penalty must be one of {PENALTIES}, "
                             f"got {self.no_ghost_penalty!r}")
        for name in ("vp_to_win", "hand_size", "archive_limit"):
            value = getattr(self, name)
            if not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, got {value!r}")


class Context:
    """What the rule steps need: the cards (by instance id) and the parameters."""

    def __init__(self, cards: tuple[GhostCard, ...], params: GhostParams) -> None:
        from workbench.games.ghost.battle import event_allowed

        self.cards = cards
        self.params = params
        self.n = params.players
        # per card, looked up on the hot path: the event's target kind and where it may be played
        self.target = tuple(c.target for c in cards)
        self.in_own_battle = tuple(event_allowed(c, 0, 0, True) for c in cards)
        self.in_other_battle = tuple(event_allowed(c, 1, 0, True) for c in cards)
        self.as_action = tuple(event_allowed(c, 0, 0, False) for c in cards)


def next_seat(ctx: Context, t: Any, seat: int) -> int:
    """The next seat clockwise that is still in the game."""
    for k in range(1, ctx.n + 1):
        s = (seat + k) % ctx.n
        if not t.out[s]:
            return s
    return seat


def seats_from(ctx: Context, t: Any, seat: int) -> list[int]:
    """Seats still in the game in turn order, starting with ``seat``."""
    return [s for k in range(ctx.n) if not t.out[s := (seat + k) % ctx.n]]


def eligible_fighters(ctx: Context, t: Any, seat: int) -> tuple[int, ...]:
    """Ghosts of a seat that may fight (master-slave: the master only without slaves)."""
    ghosts = t.ghosts_of(seat)
    master = t.masters[seat]
    if ctx.params.master_slave and master in ghosts and len(ghosts) > 1:
        return tuple(g for g in ghosts if g != master)
    return ghosts


# -- start and the step loop --------------------------------------------------------
def start(ctx: Context) -> Table:
    """The table before the deal: every card in the server, the deal queued."""
    t = Table.fresh(ctx.n, tuple(c.id for c in ctx.cards))
    for seat in range(ctx.n):
        t.queue += [("deal", seat)] * ctx.params.hand_size + [("return",)]
    t.queue.append(("setup",))
    settle(ctx, t)
    return t


def settle(ctx: Context, t: Table) -> None:
    """Run automatic steps and forced moves until a chance node, a decision or the end."""
    from workbench.games.ghost.battle import AUTO_BATTLE, forced_battle_move

    while t.result is None:
        if t.queue:
            step = t.queue[0]
            kind = step[0]
            if kind in CHANCE_STEPS:
                if kind == "roll":
                    if t.battle is not None and t.battle.dice[step[1]] > 0:
                        return
                    t.queue.pop(0)
                    AUTO_BATTLE["roll"](ctx, t, 0)
                    continue
                if t.server:
                    return
                t.queue.pop(0)  # nothing left to download: the step is lost
                continue
            t.queue.pop(0)
            if kind in AUTO_BATTLE:
                AUTO_BATTLE[kind](ctx, t, step)
            else:
                _AUTO[kind](ctx, t, step)
            continue
        if not _forced(ctx, t) and not forced_battle_move(ctx, t):
            return


def void_check(t: Table, voided: bool) -> None:
    """Sections 7/9: every user's ghosts trashed into 「虚」 ends the game, everybody loses.

    Called where ghosts go to the void (``voided``: at least one just did); a
    desktop emptied otherwise (a ghost bounced back to its archive) plays on.
    """
    if voided and t.result is None and not any(t.desktops):
        finish(t, "void", ())


def _forced(ctx: Context, t: Table) -> bool:
    """Make a forced move if there is one; True when something changed."""
    if t.phase == "setup":
        if not t.order:
            t.turn = next_seat(ctx, t, ctx.n - 1)
            t.queue.append(("turn",))
            t.phase = "main"
            return True
        seat = t.order[0]
        if any(ctx.cards[c].is_ghost for c in t.archives[seat]):
            return False
        if not any(ctx.cards[c].is_ghost for c in t.server):  # no ghost left to find
            t.order.pop(0)
            return True
        t.queue += [("seek", seat), ("return",)]  # show the archive, download until a ghost
        return True
    if t.phase == "trim":
        if len(t.archives[t.turn]) <= ctx.params.archive_limit:
            advance(ctx, t)
            return True
    return False


def finish(t: Table, reason: str, winners: tuple[int, ...]) -> None:
    """The game is over."""
    t.result = (reason, winners)
    t.phase = "over"
    t.queue = []


def most_vp(ctx: Context, t: Any) -> tuple[int, ...]:
    """Seats in the game with the most victory points (ties: all of them)."""
    scores = {s: vp_of(ctx, t, s) for s in range(ctx.n) if not t.out[s]}
    if not scores:
        return ()
    best = max(scores.values())
    return tuple(s for s, v in scores.items() if v == best)


def vp_of(ctx: Context, t: Any, seat: int) -> int:
    """A seat's victory points: the VP of the ghosts it won."""
    return sum(ctx.cards[c].vp for c in t.vp[seat])


def advance(ctx: Context, t: Table) -> None:
    """End the current turn and queue the next seat's turn."""
    t.battle = None
    t.turn = next_seat(ctx, t, t.turn)
    t.queue.append(("turn",))
    t.phase = "main"


# -- automatic steps ----------------------------------------------------------------
def _step_return(ctx: Context, t: Table, step: tuple[Any, ...]) -> None:
    if t.setaside:
        t.server = sorted(t.server + t.setaside)
        t.setaside = []


def _step_setup(ctx: Context, t: Table, step: tuple[Any, ...]) -> None:
    seats = seats_from(ctx, t, 0)
    t.order = seats + seats[::-1]
    t.phase = "setup"


def _step_turn(ctx: Context, t: Table, step: tuple[Any, ...]) -> None:
    seat = t.turn
    t.stage, t.installed, t.evented, t.used, t.battle = 0, False, False, [], None
    t.phase = "main"
    if t.skips[seat] > 0:
        t.skips[seat] -= 1
        advance(ctx, t)
        return
    desk = t.ghosts_of(seat)
    for g in desk:
        need = ctx.cards[g].ability_args("win_installed")
        if need is not None and len(desk) >= int(need[0]):  # type: ignore[call-overload]
            finish(t, "special", (seat,))
            return
    p = ctx.params
    if not desk and p.no_ghost_penalty == "lose_vp" and not p.master_slave and t.vp[seat]:
        lowest = min(t.vp[seat], key=lambda c: (ctx.cards[c].vp, c))
        t.vp[seat].remove(lowest)
        t.trash.append(lowest)
    if not t.server:
        finish(t, "server", most_vp(ctx, t))
        return
    t.turns += 1
    t.queue.append(("draw", seat))


def _step_mandatory(ctx: Context, t: Table, step: tuple[Any, ...]) -> None:
    _, card, seat = step
    for e in ctx.cards[card].effects:
        if e.verb == "all_draw":
            for s in seats_from(ctx, t, seat):
                t.queue += [("draw", s)] * int(e.args[0])  # type: ignore[arg-type]
        elif e.verb == "rotate_archives":
            seats = seats_from(ctx, t, 0)
            hands = [t.archives[s] for s in seats]
            for i in range(len(seats)):
                t.archives[seats[(i + 1) % len(seats)]] = hands[i]
        elif e.verb == "trash_all_shells":
            for s in range(ctx.n):
                for i, (g, sh) in enumerate(t.desktops[s]):
                    if sh != NO_SHELL:
                        t.trash.append(sh)
                        t.desktops[s][i] = (g, NO_SHELL)
        elif e.verb == "void_lowest":
            voided = False
            for s in seats_from(ctx, t, seat):
                desk = t.ghosts_of(s)
                if desk:
                    lowest = min(desk, key=lambda g: ctx.cards[g].vp)
                    remove_ghost(ctx, t, lowest, t.void)
                    voided = True
            void_check(t, voided)


_AUTO = {"return": _step_return, "setup": _step_setup, "turn": _step_turn,
         "mandatory": _step_mandatory}


# -- chance outcomes ----------------------------------------------------------------
def take_card(ctx: Context, t: Table, card: int) -> None:
    """A chance outcome of a deal/seek/draw step: ``card`` leaves the server."""
    kind, seat = t.queue.pop(0)
    t.server.remove(card)
    c = ctx.cards[card]
    if c.is_mandatory:
        if kind == "draw":  # revealed; everyone follows it (after what is already pending)
            t.trash.append(card)
            t.queue.append(("mandatory", card, seat))
            return
        t.setaside.append(card)  # setup: replace it, shuffle it back afterwards
        t.queue.insert(0, (kind, seat))
        return
    t.archives[seat].append(card)
    if kind == "seek" and not c.is_ghost:
        t.queue.insert(0, (kind, seat))


# -- removing ghosts and playing effects -----------------------------------------------
def owner_of(t: Any, ghost: int) -> int:
    """The seat whose desktop holds ``ghost`` (-1 when it is not installed)."""
    for s, desk in enumerate(t.desktops):
        for g, _ in desk:
            if g == ghost:
                return s
    return -1


def remove_ghost(ctx: Context, t: Table, ghost: int, to: list[int]) -> None:
    """Take an installed ghost off its desktop into ``to``; its shell goes to the trash.

    Master-slave: losing the master puts its user out of the game.
    """
    seat = owner_of(t, ghost)
    desk = t.desktops[seat]
    for i, (g, sh) in enumerate(desk):
        if g == ghost:
            del desk[i]
            if sh != NO_SHELL:
                t.trash.append(sh)
            break
    to.append(ghost)
    if ctx.params.master_slave and t.masters[seat] == ghost and to is not t.archives[seat]:
        eliminate(ctx, t, seat)


def eliminate(ctx: Context, t: Table, seat: int) -> None:
    """Master-slave: a user whose master fell leaves; one user left wins."""
    t.out[seat] = True
    voided = bool(t.desktops[seat])
    for g, sh in t.desktops[seat]:
        t.void.append(g)
        if sh != NO_SHELL:
            t.trash.append(sh)
    t.desktops[seat] = []
    t.trash += t.archives[seat]
    t.archives[seat] = []
    left = [s for s in range(ctx.n) if not t.out[s]]
    if len(left) <= 1:
        finish(t, "master", tuple(left))
    void_check(t, voided)


def install(ctx: Context, t: Table, seat: int, card: int) -> None:
    """A ghost from the seat's archive onto its desktop."""
    t.archives[seat].remove(card)
    t.desktops[seat].append((card, NO_SHELL))
    if ctx.params.master_slave and t.masters[seat] == -1:
        t.masters[seat] = card


def play_effects(ctx: Context, t: Table, seat: int, card: int, target: int) -> None:
    """The non-battle effects of an event (battle verbs are applied by the battle)."""
    c = ctx.cards[card]
    for e in c.effects:
        if e.verb == "draw":
            t.queue += [("draw", seat)] * int(e.args[0])  # type: ignore[arg-type]
        elif e.verb == "skip_turn":
            t.skips[target] += 1
        elif e.verb == "install_named":
            for g in list(t.archives[seat]):
                if ctx.cards[g].is_ghost and any(n in ctx.cards[g].name for n in c.event_names):
                    install(ctx, t, seat, g)
                    break
        elif e.verb in ("trash_shell", "bounce"):
            owner = owner_of(t, target)
            if owner < 0:
                continue  # the target left the desktop before the event resolved
            if e.verb == "bounce":
                remove_ghost(ctx, t, target, t.archives[owner])
            else:
                desk = t.desktops[owner]
                for i, (g, sh) in enumerate(desk):
                    if g == target and sh != NO_SHELL:
                        t.trash.append(sh)
                        desk[i] = (g, NO_SHELL)
