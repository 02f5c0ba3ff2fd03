"""Downloads, the start of a turn, mandatory events, and the moves every rule shares.

The rules run on the kernel's step stack (``t.push``: run next;
``t.later``: after everything pending). The seed's FIFO order of pending
work is kept: what a rule queues "after everything" goes ``later``, what it
redoes at once (a setup deal that met a mandatory event) goes ``push``.

- :class:`Download` — a chance step over the server (``hand``: the setup deal
  as it comes, ``deal``: a setup replacement, ``seek`` until a ghost comes,
  ``draw`` in play); it lapses on an empty
  server (seed section 10: downloads an effect cannot make are lost); with
  ``server_end="at_once"`` the ``draw`` that empties the server ends the game;
- :class:`DealMaster` — master-slave: a ghost dealt from the server onto each
  desktop as its user's master before the hands (``master_deal="dealt"``);
- :class:`Replace` — ``deal_order="all_hands"``: once every hand is dealt, a
  user sets its mandatory events aside and is dealt as many again;
- :class:`Return` — mandatory events set aside at setup shuffle back;
- :class:`Setup` — the install order (forward, then reverse);
- :class:`Turn` — skipped turn, special victory, no-ghost penalty, the
  empty-server end, then the turn's download and a reaction point;
- :class:`Mandatory` — a downloaded mandatory event, resolved by everyone.

>>> from workbench.games.ghost.rules import make_game
>>> g = make_game(players=3)
>>> t = g.new_table()
>>> t.tasks[-1], len(t.tasks)  # 3 x 5 deals, 3 x (replace + shuffle back), install order, decisions
(Download(kind='hand', seat=0), 23)
>>> t.out[1] = True
>>> t.next_seat(0), t.seats_from(2)
(2, [2, 0])
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

from workbench.engine.kernel import auto, chance
from workbench.games.ghost.table import NO_SHELL, GhostTable


# -- moves shared by the rules ---------------------------------------------------------
def finish(t: GhostTable, reason: str, winners: tuple[int, ...]) -> None:
    """The game is over (nothing pending is run)."""
    t.result = (reason, winners)
    t.phase = "over"
    t.reactors = []
    t.tasks.clear()


def void_check(t: GhostTable, voided: bool) -> None:
    """Sections 7/9: every user's ghosts trashed into 「虚」 ends the game, everybody loses.

    Called where ghosts go to the void (``voided``: at least one just did); a
    desktop emptied otherwise (a ghost bounced back to its archive) plays on.
    """
    if voided and t.result is None and not any(t.desktops):
        finish(t, "void", ())


def advance(t: GhostTable) -> None:
    """End the current turn and queue the next seat's turn."""
    t.battle = None
    t.turn = t.next_seat(t.turn)
    t.later(_TURN)
    t.phase = "main"


def open_reactions(t: GhostTable, after_action: bool = False) -> None:
    """A reaction point (reading 18): the other users, in turn order after the turn's
    user, may each play one Anytime / Not.YourTurn event once what is pending has run.
    ``after_action``: the point after an install, shell, event or ability of the turn's
    user (``reactions="every_step"`` only; ``"turn_start"`` keeps the one after the
    turn's download, ``"none"`` none)."""
    mode = t.game.params.reactions
    if mode == "every_step" or (mode == "turn_start" and not after_action):
        t.reactors = t.seats_from(t.turn)[1:]


def install(t: GhostTable, seat: int, card: int) -> None:
    """A ghost from the seat's archive onto its desktop."""
    t.archives[seat].remove(card)
    t.desktops[seat].append((card, NO_SHELL))
    if t.game.params.master_slave and t.masters[seat] == -1:
        t.masters[seat] = card


def remove_ghost(t: GhostTable, ghost: int, to: list[int]) -> None:
    """Take an installed ghost off its desktop into ``to``; its shell goes to the trash.

    Master-slave: losing the master puts its user out of the game.
    """
    seat = t.owner_of(ghost)
    desk = t.desktops[seat]
    for i, (g, sh) in enumerate(desk):
        if g == ghost:
            del desk[i]
            if sh != NO_SHELL:
                t.trash.append(sh)
            break
    to.append(ghost)
    if t.game.params.master_slave and t.masters[seat] == ghost and to is not t.archives[seat]:
        eliminate(t, seat)


def eliminate(t: GhostTable, seat: int) -> None:
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
    left = [s for s in range(len(t.out)) if not t.out[s]]
    if len(left) <= 1:
        finish(t, "master", tuple(left))
    void_check(t, voided)


def play_effects(t: GhostTable, seat: int, card: int, target: int) -> None:
    """The non-battle effects of an event (battle verbs are applied by the battle)."""
    cards = t.game.cards
    c = cards[card]
    for e in c.effects:
        if e.verb == "draw":
            t.later(*[Download("draw", seat)] * int(e.args[0]))  # type: ignore[call-overload]
        elif e.verb == "skip_turn":
            t.skips[target] += 1
        elif e.verb == "install_named":
            for g in list(t.archives[seat]):
                if cards[g].is_ghost and any(n in cards[g].name for n in c.event_names):
                    install(t, seat, g)
                    break
        elif e.verb in ("trash_shell", "bounce"):
            owner = t.owner_of(target)
            if owner < 0:
                continue  # the target left the desktop before the event resolved
            if e.verb == "bounce":
                remove_ghost(t, target, t.archives[owner])
            else:
                desk = t.desktops[owner]
                for i, (g, sh) in enumerate(desk):
                    if g == target and sh != NO_SHELL:
                        t.trash.append(sh)
                        desk[i] = (g, NO_SHELL)


# -- steps -----------------------------------------------------------------------------
@chance
class Download(NamedTuple):
    """``seat`` downloads one card: ``kind`` is ``hand`` (the setup deal, mandatory
    events kept until :class:`Replace`), ``deal`` (the setup hand, a mandatory event
    replaced at once), ``seek`` (setup: until a ghost comes) or ``draw`` (in play)."""

    kind: str
    seat: int

    def lapses(self, t: GhostTable) -> bool:
        return not t.server

    def outcomes(self, t: GhostTable) -> list[int]:
        return t.server

    def resolve(self, t: GhostTable, card: int) -> None:
        t.server.remove(card)
        game = t.game
        if game.is_mandatory[card] and self.kind != "hand":
            if self.kind != "draw":  # setup: replace it, shuffle it back afterwards
                t.setaside.append(card)
                t.push(self)
                return
            t.trash.append(card)  # revealed; everyone follows it (after what is pending)
            t.later(Mandatory(card, self.seat))
        else:
            t.archives[self.seat].append(card)
            if self.kind == "seek" and not game.is_ghost[card]:
                t.push(self)
        if self.kind == "draw" and not t.server and game.server_ends_at_once:
            finish(t, "server", t.most_vp())  # seed 7: the game ends as the server runs out

    def label(self, t: GhostTable, card: int) -> str:
        return f"user {self.seat + 1} downloads {t.game.cards[card].name}"

    def seen_by(self, t: GhostTable, card: int) -> tuple[int, ...] | None:
        """Into the archive, face down; a mandatory event drawn in play is shown (it is
        followed at once); at setup it is set aside face down and replaced; the setup's
        seek for a ghost shows whether each card is one."""
        if self.kind == "draw" and t.game.is_mandatory[card]:
            return None  # a mandatory event is followed at once
        return (self.seat,)

    def hidden_label(self, t: GhostTable, card: int) -> str:
        """'a card', and how many mandatory events the rules then set aside in front of
        all (at once at setup; a hand dealt whole: once its user's replacement runs), or,
        seeking a ghost, whether it is one (the seek stops there)."""
        game = t.game
        if self.kind != "draw" and game.is_mandatory[card] and self.kind != "hand":
            what = "a mandatory event and sets it aside"  # at once, downloading again
        elif self.kind == "seek":
            what = "a ghost" if game.is_ghost[card] else "a card that is not a ghost"
        else:
            what = "a card"
        after = type(t).thaw(t.game, [getattr(t, n) for n in t.NAMES])
        after.step(card)

        def deals(tasks: Any) -> Counter[int]:
            return Counter(x.seat for x in tasks if type(x) is Download and x.kind == "deal")

        again = deals(after.tasks) - deals(t.tasks[:-1])  # replacements queued, seen by all
        again[self.seat] -= what.startswith("a mandatory") and self.kind == "deal"
        also = "".join(
            f"; user {s + 1} sets {n} mandatory event{'s' if n > 1 else ''} aside"
            for s, n in sorted(again.items())
            if n > 0
        )
        return f"user {self.seat + 1} downloads {what}{also}"


@chance
class DealMaster(NamedTuple):
    """Master-slave (seed 11, 事前にmasterゴーストを配り): ``seat`` is dealt a ghost from
    the server as its master, installed at once; lapses when no ghost is left
    (the first ghost it installs becomes its master then)."""

    seat: int

    def lapses(self, t: GhostTable) -> bool:
        is_ghost = t.game.is_ghost
        return not any(is_ghost[c] for c in t.server)

    def outcomes(self, t: GhostTable) -> list[int]:
        is_ghost = t.game.is_ghost
        return [c for c in t.server if is_ghost[c]]

    def resolve(self, t: GhostTable, card: int) -> None:
        t.server.remove(card)
        t.desktops[self.seat].append((card, NO_SHELL))
        t.masters[self.seat] = card

    def label(self, t: GhostTable, card: int) -> str:
        return f"user {self.seat + 1} is dealt {t.game.cards[card].name} as master"


@auto
class Replace(NamedTuple):
    """Setup, ``deal_order="all_hands"``: ``seat`` sets the mandatory events of its dealt
    hand aside and is dealt as many cards again (a mandatory one replaced in turn)."""

    seat: int

    def run(self, t: GhostTable) -> None:
        is_mandatory = t.game.is_mandatory
        archive = t.archives[self.seat]
        met = [c for c in archive if is_mandatory[c]]
        for c in met:
            archive.remove(c)
            t.setaside.append(c)
        t.push(*[Download("deal", self.seat)] * len(met))


@auto
class Return(NamedTuple):
    """Mandatory events set aside at setup are shuffled back into the server."""

    def run(self, t: GhostTable) -> None:
        if t.setaside:
            t.server = sorted(t.server + t.setaside)
            t.setaside = []


@auto
class Setup(NamedTuple):
    """Install order: every seat forward, then in reverse (seed 5-1 3-4)."""

    def run(self, t: GhostTable) -> None:
        seats = t.seats_from(0)
        t.order = seats + seats[::-1]
        t.phase = "setup"


@auto
class Turn(NamedTuple):
    """The start of ``t.turn``'s turn, up to its download."""

    def run(self, t: GhostTable) -> None:
        seat = t.turn
        t.stage, t.installed, t.used, t.battle = 0, False, [], None
        t.evented = [False] * len(t.out)
        t.phase = "main"
        if t.skips[seat] > 0:
            t.skips[seat] -= 1
            advance(t)
            return
        game = t.game
        desk = t.desktops[seat]
        win_need = game.win_need
        for g, _ in desk:
            need = win_need[g]
            if need is not None and len(desk) >= need:
                finish(t, "special", (seat,))
                return
        p = game.params
        if not desk and p.no_ghost_penalty == "lose_vp" and not p.master_slave and t.vp[seat]:
            cards = game.cards
            lowest = min(t.vp[seat], key=lambda c: (cards[c].vp, c))
            t.vp[seat].remove(lowest)
            t.trash.append(lowest)
        if not t.server:
            finish(t, "server", t.most_vp())
            return
        t.turns += 1
        t.later(game.draw_steps[seat])
        open_reactions(t)  # after the download (and what it brings)


_TURN = Turn()  # a step is a value: made once


@auto
class Mandatory(NamedTuple):
    """A mandatory event ``card`` that ``seat`` downloaded: every user follows it."""

    card: int
    seat: int

    def run(self, t: GhostTable) -> None:
        cards = t.game.cards
        n = len(t.out)
        for e in cards[self.card].effects:
            if t.result is not None:
                return
            if e.verb == "all_draw":
                for s in t.seats_from(self.seat):
                    t.later(*[Download("draw", s)] * int(e.args[0]))  # type: ignore[call-overload]
            elif e.verb == "rotate_archives":
                seats = t.seats_from(0)
                hands = [t.archives[s] for s in seats]
                for i in range(len(seats)):
                    t.archives[seats[(i + 1) % len(seats)]] = hands[i]
            elif e.verb == "trash_all_shells":
                for s in range(n):
                    for i, (g, sh) in enumerate(t.desktops[s]):
                        if sh != NO_SHELL:
                            t.trash.append(sh)
                            t.desktops[s][i] = (g, NO_SHELL)
            elif e.verb == "void_lowest":
                voided = False
                for s in t.seats_from(self.seat):
                    desk = t.ghosts_of(s)
                    if desk:
                        lowest = min(desk, key=lambda g: cards[g].vp)
                        remove_ghost(t, lowest, t.void)
                        voided = True
                void_check(t, voided)


__all__ = [
    "DealMaster",
    "Download",
    "Mandatory",
    "Replace",
    "Return",
    "Setup",
    "Turn",
    "advance",
    "eliminate",
    "finish",
    "install",
    "open_reactions",
    "play_effects",
    "remove_ghost",
    "void_check",
]
