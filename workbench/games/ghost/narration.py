"""What the 「何か」 log says happened (issue 35): every step's line ends with what followed
it before the next decision or chance step — face-down events opening and applying,
the battle's totals, who won and which ghosts were taken for how many VP, ghosts sent
to 「虚」 by a mandatory event (named), ghosts bounced, shells trashed, skipped turns,
whose turn begins, and the game's end (the winner, or that everybody lost). A forced move
(a decision with one legal action: the only ghost that may defend, no more support) is
made by the kernel and named by it before these words (``; P2: defend … (forced)``).

The words come from running the step on a copy of the table (the rules themselves,
once) and reading what changed in what every user sees: desktops, VP piles, 「虚」,
the trash, the battle and the result — never a card in a hidden zone, so the line
tells every seat the same. :data:`NARRATED` declares, for the conformance check
(:mod:`workbench.engine.conformance.narration`), the values the log must explain.

>>> from workbench.games.ghost.rules import make_game
>>> from workbench.engine.play.session import Session
>>> from workbench.games.ghost.players import greedy_player
>>> s = Session(make_game(players=2), seed=3)
>>> s.play_to_end(greedy_player())
>>> [line for line in s.log if "wins" in line][-1]  # doctest: +ELLIPSIS
'... game over: ...'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Sequence
from typing import Any

from workbench.engine.conformance.narration import Change, Narrated, names_seat
from workbench.engine.kernel import tupled
from workbench.games.ghost.cards import STATS_LABEL
from workbench.games.ghost.table import ATTACK, NO_SHELL, Battle
from workbench.games.ghost.words import event_words

__all__ = ["NARRATED", "after_words", "seat_names", "user"]

VOID = "「虚」"


def user(seat: int) -> str:
    """A seat as the log names it (``user N``; boards write their own seat names)."""
    return f"user {seat + 1}"


def seat_names(seat: int) -> tuple[str, ...]:
    """The words a 「何か」 log line names a seat by (the deciding seat's ``P<n>:`` prefix).

    >>> seat_names(0)
    ('P1:', 'ユーザー1', 'ユーザー 1', 'user 1')
    """
    return (f"P{seat + 1}:", f"ユーザー{seat + 1}", f"ユーザー {seat + 1}", user(seat))


def after_words(game: Any, state: Any, x: Hashable, said: str = "") -> str:
    """What follows ``x`` at ``state`` until the next decision or chance step, in words
    ('' when nothing a user sees changed but what ``said`` already says)."""
    if not state[0]:
        return ""
    before = game.view(state)
    after = game.thaw(state)
    after.step(tupled(x))
    return "; ".join(_parts(game, before, after, tupled(x), said))


def _parts(game: Any, t0: Any, t1: Any, x: Any, said: str) -> list[str]:
    cards = game.cards
    top = t0.tasks[-1]
    ran = Counter(t0.tasks[:-1]) - Counter(t1.tasks)  # pending steps that ran
    out: list[str] = []
    b0 = t0.battle
    b1 = t1.battle if t1.battle is not None else (t1.last if t1.battles > t0.battles else None)
    if b1 is not None and (b0 is None or not b0.revealed) and b1.revealed:
        out.append(_opened(game, b1))
    mandatory = [s.card for s in ran.elements() if type(s).__name__ == "Mandatory"]
    if type(top).__name__ == "Download" and top.kind == "draw" and game.is_mandatory[x]:
        mandatory.append(x)
    for card in mandatory:
        c = cards[card]
        out.append(f"mandatory event {c.event_name or c.name}: {event_words(c.effects)}")
    if t1.battles > t0.battles:
        out.append(_battle(game, t1.last))
    out += _moves(game, t0, t1, said, bool(mandatory), list(ran))
    for s, (a, b) in enumerate(zip(t0.skips, t1.skips)):
        if b > a:
            out.append(f"{user(s)} will skip its next turn")
    if t1.turns > t0.turns or (t1.turn != t0.turn and t1.phase != "over"):
        skipped = [s for s, (a, b) in enumerate(zip(t0.skips, t1.skips)) if b < a]
        out += [f"{user(s)}'s turn is skipped" for s in skipped]
        if t1.turns > t0.turns:
            out.append(f"{user(t1.turn)}'s turn begins")
    for s in range(len(t0.out)):
        a, b = t0.vp_of(s), t1.vp_of(s)
        if a != b:
            out.append(f"{user(s)}: {a} → {b} VP")
    if t1.result is not None and t0.result is None:
        out.append(_end(game, t1))
    return out


def _opened(game: Any, b: Battle) -> str:
    """The face-down events turned over, who placed each, its target and what it did."""
    cards = game.cards
    parts = []
    for i, (seat, card, target) in enumerate(b.revealed):
        c = cards[card]
        kind = game.target[card]
        aim = (
            (" for the attacker" if target == 0 else " for the defender")
            if kind == "side"
            else f" on {user(target)}"
            if kind == "user"
            else f" on {cards[target].name}"
            if kind in ("ghost", "shell")
            else ""
        )
        what = "voided by the next event" if i in b.voided else event_words(c.effects)
        parts.append(f"{user(seat)}'s {c.event_name or c.name}{aim} ({what})")
    return "face-down events open: " + ", ".join(parts)


def _battle(game: Any, b: Battle) -> str:
    """The battle's totals (each ghost's value, the events' power) and the winner."""
    cards = game.cards
    k = len(b.atk)

    def side(ghosts: Sequence[int], values: Sequence[int], power: int) -> str:
        terms = [f"{cards[g].name} {v}" for g, v in zip(ghosts, values)]
        if power:
            terms.append(f"power {power:+d}")
        total = sum(values) + power
        return " + ".join(terms) + (f" = {total}" if len(terms) > 1 else "")

    won = b.attacker if b.winner == ATTACK else b.defender
    how = "higher total" if b.totals[0] != b.totals[1] else "a tie goes to the defender"
    return (
        f"battle ({STATS_LABEL[b.stat]}): {user(b.attacker)} {side(b.atk, b.values[:k], b.power[0])}"
        f" vs {user(b.defender)} {side(b.dfn, b.values[k:], b.power[1])}: "
        f"{b.totals[0]} to {b.totals[1]}, {user(won)} wins ({how})"
    )


def _where(t: Any) -> dict[int, tuple[str, int]]:
    """Every card in a zone every user sees: desktop ghost or shell, VP pile, 「虚」, trash."""
    at: dict[int, tuple[str, int]] = {}
    for s, desk in enumerate(t.desktops):
        for g, sh in desk:
            at[g] = ("desktop", s)
            if sh != NO_SHELL:
                at[sh] = ("shell", g)
    for s, pile in enumerate(t.vp):
        for g in pile:
            at[g] = ("vp", s)
    for g in t.void:
        at[g] = ("void", -1)
    for c in t.trash:
        at[c] = ("trash", -1)
    return at


def _moves(
    game: Any, t0: Any, t1: Any, said: str, by_mandatory: bool, ran: Sequence[Any]
) -> list[str]:
    """Cards that moved between the public zones (or left or entered them) in words."""
    cards = game.cards
    w0, w1 = _where(t0), _where(t1)
    out: list[str] = []
    taken: dict[tuple[int, int], list[str]] = {}
    voided: list[str] = []
    shells: list[str] = []
    for c in sorted(set(w0) | set(w1)):
        a, b = w0.get(c), w1.get(c)
        if a == b:
            continue
        name = cards[c].name
        if a is not None and a[0] == "desktop":
            owner = a[1]
            if b is not None and b[0] == "vp":
                taken.setdefault((b[1], owner), []).append(f"{name} ({game.vp[c]} VP)")
            elif b is not None and b[0] == "void":
                voided.append(f"{name} of {user(owner)}")
            elif b is None and not t1.out[owner]:
                out.append(f"{name} goes back to {user(owner)}'s archive")
            elif b is not None and b[0] == "trash":
                out.append(f"{name} of {user(owner)} goes to the trash")
        elif a is not None and a[0] == "shell":
            if f"trash {name}" not in said:
                shells.append(f"{name} (on {cards[a[1]].name})")
        elif a is not None and a[0] == "vp" and b is not None and b[0] == "trash":
            out.append(f"{user(a[1])} loses {name} ({game.vp[c]} VP) from its VP pile")
        elif a is None and b is not None and b[0] == "desktop":
            if f"install {name}" not in said:
                out.append(f"{user(b[1])} installs {name}")
    if shells:
        out.append(f"{_cards(len(shells), 'shell')} to the trash: {', '.join(shells)}")
    for (winner, loser), names in taken.items():
        out.append(f"{user(winner)} takes {', '.join(names)} from {user(loser)}")
    if voided:
        why = "" if by_mandatory else " (their user is out)"
        out.append(f"sent to {VOID}{why}: {', '.join(voided)}")
    for s, (a, b) in enumerate(zip(t0.out, t1.out)):
        if b and not a:
            out.append(f"{user(s)} is out: its master fell")
    kinds = {type(x).__name__ for x in ran}
    if "Return" in kinds and t0.setaside:
        n = len(t0.setaside)
        out.append(f"the {_cards(n, 'mandatory event')} set aside shuffle back into the server")
    for step in ran:
        if type(step).__name__ == "Replace":
            k = len(t0.archives[step.seat]) - len(t1.archives[step.seat])
            if k > 0:
                out.append(f"{user(step.seat)} sets {_cards(k, 'mandatory event')} aside")
    return out


def _cards(n: int, what: str) -> str:
    """``1 mandatory event``, ``2 mandatory events``."""
    return f"{n} {what}{'s' if n != 1 else ''}"


def _end(game: Any, t: Any) -> str:
    """The game's end: why, and the winner(s) or that everybody lost."""
    reason, winners = t.result
    names = " and ".join(user(s) for s in winners)
    vp = ", ".join(f"{user(s)} {t.vp_of(s)}" for s in range(len(t.out)))
    if reason == "void":
        return f"game over: every ghost on every desktop is in {VOID}, everybody loses (VP {vp})"
    why = {
        "vp": f"{names} reaches {game.params.vp_to_win} VP",
        "server": "the server is empty",
        "special": f"{names}'s special victory (enough ghosts installed at its turn's start)",
        "master": "one user is left",
    }.get(reason, reason)
    if not winners:
        return f"game over: {why}, nobody wins (VP {vp})"
    verb = "win together" if len(winners) > 1 else "wins"
    return f"game over: {why}, {names} {verb} (VP {vp})"


# -- what the narration check reads --------------------------------------------------------
def _vp(game: Any, state: Any) -> tuple[int, ...]:
    t = game.view(state)
    return tuple(t.vp_of(s) for s in range(len(t.out)))


def _archive(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, state.archives))


def _desktop(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, state.desktops))


def _facedown(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(map(len, state.facedown))


def _tables(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (len(state.void),)


def _result(game: Any, state: Any) -> tuple[Hashable, ...]:
    return (state.result,)


def _skips(game: Any, state: Any) -> tuple[int, ...]:
    return tuple(state.skips)


def _archive_said(line: str, change: Change, names: Sequence[str]) -> bool:
    """An archive's size changes by a download, an install, a shell, an event played or
    placed, a trim, an ability's trash, a ghost sent back, the setup's mandatory events
    set aside, or every archive passing on."""
    if "every archive passes" in line:
        return True
    verbs = r"download|dealt|install|shell|play|place|trim|trash|back to|aside|is out|use "
    return bool(re.search(verbs, line, re.IGNORECASE)) and names_seat(line, names)


NARRATED = (
    Narrated("VP", _vp, says=r"\bVP\b"),
    Narrated("archive size", _archive, explains=_archive_said),
    Narrated("ghosts installed", _desktop, says=r"install|takes|虚|back to|is out|dealt"),
    Narrated("face-down events", _facedown, says=r"face down|face-down events open"),
    Narrated("skipped turns", _skips, says=r"skip"),
    Narrated("ghosts in 「虚」", _tables, says="虚", per_seat=False),
    Narrated("result", _result, says=r"game over", per_seat=False),
)
