"""Round end: the victim, the game-end check, and the new investigation deck.

>>> victim_of(["yuri:1", "toru:1", "yuri:2", "night"], {"yuri:1": "yuri", "yuri:2": "yuri",
...           "toru:1": "toru"})
'yuri'
>>> victim_of(["yuri:1", "toru:1", "night"], {"yuri:1": "yuri", "toru:1": "toru"}) is None
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table


def victim_of(line: Sequence[str], card_person: Mapping[str, str]) -> str | None:
    """The person with strictly the most cards on the line (None on a tie or no person)."""
    counts: dict[str, int] = {}
    for c in line:
        who = card_person.get(c)
        if who is not None:
            counts[who] = counts.get(who, 0) + 1
    victim, most, tied = None, 0, False
    for who, k in counts.items():
        if k > most:
            victim, most, tied = who, k, False
        elif k == most:
            tied = True
    return None if tied else victim


def winners_of(vps: Sequence[int], notebooks: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Most VP wins; a tie goes to the tied seat holding the lowest-numbered event;
    tied seats with empty notebooks all share the win only when none holds one.

    >>> winners_of([5, 5, 2], [[20, 7], [3], [1]])
    (1,)
    >>> winners_of([0, 0, 0], [[], [], []])
    (0, 1, 2)
    """
    best = max(vps)
    tied = [i for i, v in enumerate(vps) if v == best]
    if len(tied) == 1:
        return tuple(tied)
    holders = [(min(notebooks[i]), i) for i in tied if notebooks[i]]
    if not holders:
        return tuple(tied)
    return (min(holders)[1],)


def end_round(t: Table) -> None:
    """Victim, game-end check, reservations lapse, reshuffle, next start player."""
    s, p = t.setup, t.setup.params
    t.round_turns.append(t.turns - sum(t.round_turns))
    for seat, res in enumerate(t.reserved):
        if res is not None:
            t.discard.append(res)
            t.reserved[seat] = None
            t.penalties[seat] += p.reservation_penalty
    victim = victim_of(t.line, s.card_person)
    t.victims.append(victim)
    t.history.append((t.round_deck, t.round_persons, t.round_turns[-1], victim))
    if victim is not None:
        t.dead.append(victim)
        gone = set(s.person_cards[victim])
        for zone in (t.pool, t.bottom, t.line, t.outside, t.supply):
            kept = [c for c in zone if c not in gone]
            t.removed.extend(c for c in zone if c in gone)
            zone[:] = kept
        t.removed.sort()
    vps = [t.vp(i) for i in range(t.n)]
    if max(vps) >= p.win_vp:
        t.over, t.end_reason = True, "vp"
    elif len(t.dead) >= p.deaths_to_end:
        t.over, t.end_reason = True, "deaths"
    elif t.round >= p.max_rounds:
        t.over, t.end_reason = True, "round limit"
    if t.over:
        t.tasks.clear()
        return
    t.pool = sorted(t.pool + t.bottom + t.line + t.outside)
    t.bottom, t.line, t.outside = [], [], []
    t.start = (t.drawer + 1) % t.n if p.next_start == "after_drawer" else (t.start + 1) % t.n
    t.round += 1
    t.tn, t.suspects, t.first_draw = False, 0, True
    t.tasks.append(("roundstart",))
