"""Who decides what, and the turn's decisions: setup installs, the main phase, the trim.

:class:`Decide` is always the last step pending: when everything queued has
run (downloads, mandatory events, a battle's dice), it makes the moves the rules leave
no decision in (a user with no ghost to install at setup downloads until one comes; an
archive within the limit needs no trim; with ``ask_everyone=False``, a user with nothing
to play at a reaction point is not asked) and otherwise puts the decision of the phase on
top; a decision with one legal action is made by the kernel (``GhostGame.forced_moves``),
except a :class:`React`, which is always asked. At a reaction point (after the turn's
download and after each install, shell, event or ability of the turn's
user) each other user in turn order decides (:class:`React`) before the
turn's user goes on.

Action ids (JSON-friendly tuples):

- ``("install", ghost)`` — setup or the turn's one ghost install;
- ``("shell", shell, ghost, dropped)`` — install a shell; ``dropped`` is the
  shell sent to the trash when the ghost already wears one (the old one or
  the new one), ``-1`` otherwise;
- ``("event", card, target)`` — play an event side from the archive;
- ``("ability", ghost, arg)`` — an activated Ghost.Status (``arg``: the card
  ``cycle`` trashes, else -1);
- ``("battle", ghost, defender)`` — declare a battle (the attacker picks the
  stat after the defence: ``("stat", stat)``); ``("battle", ghost, defender,
  stat)`` with ``stat_choice="at_declaration"``;
- ``("end",)`` — end the turn; ``("trim", card)`` — trash down to the limit;
- out of turn (:class:`React`): ``("event", card, target)`` or ``("pass",)``;
- battle choices (:mod:`~workbench.games.ghost.steps_battle`):
  ``("defend", ghost)``, ``("stat", stat)``, ``("support", ghost)``, ``("quick", ghost)``,
  ``("done",)``, ``("place", card, target)``, ``("pass",)``.

Chance outcomes are card ids (downloads) and raw dice sums (rolls).

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=2)
>>> s = g.initial_state()
>>> for card in (0, 1, 2, 3, 4, 60, 61, 62, 63, 64):  # deal: seat 0 gets ghosts 0-4
...     s = g.apply(s, card)
>>> g.current_player(s), g.legal_ids(s)[:2]
(0, [('install', 0), ('install', 1)])
>>> g.action_label(s, ("install", 0))
'install 御影さくら'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from workbench.engine.kernel import always_asked, auto, decision
from workbench.games.ghost.cards import STATS_LABEL
from workbench.games.ghost.steps import (
    Download,
    Return,
    Turn,
    advance,
    install,
    open_reactions,
    play_effects,
)
from workbench.games.ghost.steps_battle import battle_decision, battle_label, declare
from workbench.games.ghost.table import NO_SHELL, GhostTable

Aid = tuple[Any, ...]


@auto
class Decide(NamedTuple):
    """After everything pending: a forced move, or the phase's decision on top."""

    def run(self, t: GhostTable) -> None:
        tasks = t.tasks
        if tasks:  # something is still pending: decide after it
            tasks.insert(0, self)  # t.later(self)
            return
        phase = t.phase
        if phase == "main":
            react = _reaction(t) if t.reactors else None
            # t.later(self); t.push(React or Main)
            tasks += (self, react if react is not None else t.game.main_steps[t.turn])
            return
        step: Any = None
        if phase == "setup":
            step = _setup(t)
        elif phase == "trim":
            if len(t.archives[t.turn]) <= t.game.params.archive_limit:
                advance(t)
            else:
                step = TRIM[t.turn]
        else:
            step = battle_decision(t)
        if t.result is None:
            tasks.insert(0, self)
            if step is not None:
                tasks.append(step)


def _reaction(t: GhostTable) -> React | None:
    """The next user to ask at this reaction point, or None when everyone has been
    asked: every other user (``ask_everyone``, reading 18: one without an event to
    play is asked too and can only pass), else only those with an event to play
    (the others pass at once)."""
    reactors = t.reactors
    everyone = t.game.params.ask_everyone
    while reactors:
        if everyone or t.reaction_options(reactors[0]):
            t.phase = "react"
            return t.game.react_steps[reactors[0]]  # type: ignore[no-any-return]
        reactors.pop(0)
    return None


def _setup(t: GhostTable) -> Any:
    """The next setup install, or None after a forced move."""
    if not t.order:
        t.turn = t.next_seat(len(t.out) - 1)
        t.later(Turn())
        t.phase = "main"
        return None
    seat = t.order[0]
    is_ghost = t.game.is_ghost
    if any(is_ghost[c] for c in t.archives[seat]):
        return SETUP_INSTALL[seat]
    if not any(is_ghost[c] for c in t.server):  # no ghost left to find
        t.order.pop(0)
        return None
    t.later(Download("seek", seat), Return())  # show the archive, download until a ghost
    return None


@decision
class SetupInstall(NamedTuple):
    """Setup: ``seat`` installs a ghost from its archive: ``("install", ghost)``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        is_ghost = t.game.is_ghost
        return [("install", c) for c in t.archives[self.seat] if is_ghost[c]]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        install(t, self.seat, a[1])
        t.order.pop(0)

    def label(self, t: GhostTable, a: Aid) -> str:
        return turn_label(t, a)


@decision
class Trim(NamedTuple):
    """End of turn: ``seat`` trashes archive cards down to the limit: ``("trim", card)``."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        return [("trim", c) for c in t.archives[self.seat]]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        t.archives[self.seat].remove(a[1])
        t.trash.append(a[1])

    def label(self, t: GhostTable, a: Aid) -> str:
        return turn_label(t, a)


@always_asked  # being asked tells the table nothing of the hand (reading 18)
@decision
class React(NamedTuple):
    """Out of its turn (reading 18), ``seat`` plays an Anytime / Not.YourTurn event:
    ``("event", card, target)``, or lets the moment pass: ``("pass",)``. Asked even when
    passing is all it may do (``ALWAYS_ASKED``: reading 18, ``ask_everyone``)."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        react = t.game.as_reaction
        for c in t.archives[self.seat]:
            if react[c]:  # an event playable out of turn is held: list the options
                options = t.reaction_options(self.seat)
                return [("event", c, x) for c, x in options] + [_PASS] if options else [_PASS]
        return [_PASS]

    def resolve(self, t: GhostTable, a: Aid) -> None:
        reactors = t.reactors
        reactors.pop(0)
        t.phase = "main"
        if a[0] == "event":
            if t.game.event_limit_turn:
                t.evented[self.seat] = True
            t.archives[self.seat].remove(a[1])
            t.trash.append(a[1])
            play_effects(t, self.seat, a[1], a[2])
        tasks = t.tasks
        if reactors and len(tasks) == 1 and type(tasks[0]) is Decide:  # as Decide would ask next
            nxt = _reaction(t)
            if nxt is not None:
                tasks.append(nxt)

    def label(self, t: GhostTable, a: Aid) -> str:
        return "let it pass" if a[0] == "pass" else battle_label(t, a)


@decision
class Main(NamedTuple):
    """The turn's choices (install → action → battle → end, seed 5-2)."""

    seat: int

    def legal(self, t: GhostTable) -> list[Aid]:
        seat = self.seat
        game = t.game
        archive = t.archives[seat]
        desk = t.desktops[seat]
        stage = t.stage
        out: list[Aid] = []
        if stage == 0:
            if not t.installed:
                is_ghost, installs = game.is_ghost, game.install_ids
                out += [installs[c] for c in archive if is_ghost[c]]
            if desk:  # a shell needs a ghost to wear it
                is_shell = game.is_shell
                for c in archive:
                    if is_shell[c]:
                        for g, sh in desk:
                            out += (
                                [("shell", c, g, -1)]
                                if sh == NO_SHELL
                                else [("shell", c, g, sh), ("shell", c, g, c)]
                            )
        if stage <= 1:
            if not t.evented[seat]:
                as_action, event_ids = game.as_action, game.event_ids
                for c in archive:
                    if as_action[c]:
                        out += event_ids[c] or [("event", c, x) for x in t.targets(c)]
            activated = game.activated
            for g, _ in desk:
                if not activated[g] or g in t.used:
                    continue
                for verb in activated[g]:
                    if verb == "draw":
                        out.append(("ability", g, -1))
                    else:  # cycle
                        out += [("ability", g, c) for c in archive]
            fighters = t.eligible_fighters(seat) if desk else ()
            if fighters:
                out_seats, desktops = t.out, t.desktops
                foes = [
                    s
                    for s in range(len(out_seats))
                    if s != seat and not out_seats[s] and desktops[s]
                ]
                if game.stat_after_defender:
                    battle_ids = game.battle_ids
                    for g in fighters:
                        ids = battle_ids[g]
                        out += [ids[d] for d in foes]
                else:
                    add = out.append
                    for g in fighters:
                        for d in foes:
                            add(("battle", g, d, "physical"))
                            add(("battle", g, d, "mental"))
        out.append(_END)
        return out

    def resolve(self, t: GhostTable, a: Aid) -> None:
        kind = a[0]
        seat = self.seat
        if kind in _REACTED:
            open_reactions(t, after_action=True)  # the other users may react
        if kind == "install":
            install(t, seat, a[1])
            t.installed = True
        elif kind == "shell":
            _, shell, ghost, dropped = a
            t.archives[seat].remove(shell)
            desk = t.desktops[seat]
            i = next(i for i, (g, _) in enumerate(desk) if g == ghost)
            if dropped == shell:
                t.trash.append(shell)
            else:
                if dropped != NO_SHELL:
                    t.trash.append(dropped)
                desk[i] = (ghost, shell)
        elif kind == "event":
            t.stage = 1
            t.evented[seat] = True
            t.archives[seat].remove(a[1])
            t.trash.append(a[1])
            play_effects(t, seat, a[1], a[2])
        elif kind == "ability":
            t.stage = 1
            t.used.append(a[1])
            for e in t.game.cards[a[1]].ability:
                if e.verb == "draw":
                    t.later(*[Download("draw", seat)] * int(e.args[0]))  # type: ignore[call-overload]
                elif e.verb == "cycle":
                    t.archives[seat].remove(a[2])
                    t.trash.append(a[2])
                    t.later(Download("draw", seat))
        elif kind == "battle":
            declare(t, a[1], a[2], a[3] if len(a) > 3 else "")
        else:  # end
            t.phase = "trim"

    def label(self, t: GhostTable, a: Aid) -> str:
        return turn_label(t, a)


_PASS, _END = ("pass",), ("end",)
#: steps are values: made once per seat (0-5)
TRIM, SETUP_INSTALL = (tuple(cls(s) for s in range(6)) for cls in (Trim, SetupInstall))
_REACTED = frozenset({"install", "shell", "event", "ability"})


def turn_label(t: Any, a: Aid) -> str:
    """Human text for a turn decision; card names come from the sheet, seats are
    written ``user N`` (1-based)."""
    cards = t.game.cards
    kind = a[0]
    if kind == "install":
        return f"install {cards[a[1]].name}"
    if kind == "shell":
        _, s, g, d = a
        text = f"shell {cards[s].name} on {cards[g].name}"
        return text + (f" (trash {cards[d].name})" if d != NO_SHELL else "")
    if kind == "ability":
        extra = f" (trash {cards[a[2]].name})" if a[2] >= 0 else ""
        return f"use {cards[a[1]].ability_name or 'ability'} of {cards[a[1]].name}{extra}"
    if kind == "battle":
        if len(a) > 3:
            return f"attack user {a[2] + 1} with {cards[a[1]].name} ({STATS_LABEL[a[3]]})"
        return f"attack user {a[2] + 1} with {cards[a[1]].name}"
    if kind == "trim":
        return f"trim {cards[a[1]].name}"
    if kind == "end":
        return "end the turn"
    return battle_label(t, a)  # an event played as the action


__all__ = ["Decide", "Main", "React", "SetupInstall", "Trim", "turn_label"]
