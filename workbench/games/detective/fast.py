"""The fast random playout: the rules table played by uniform random choices
without frozen states, action lists or labels.

Every shortcut below is the table's own rule with the rng consumed exactly as
the normal path consumes it (``rng.choice(ids)`` and ``Dist.sample`` of a
uniform card draw both take one ``rng._randbelow(len)``):

- a draw of ``k`` events picks ``k`` indices into the sorted event deck, the
  discard pile shuffled back (sorted) when it runs out, as ``settle`` does;
- a forced discard (``pdiscard``, ``pay``) or a trim picks indices into the
  hand, because the legal ids are ``("discard", e) for e in hand`` in hand
  order; a trim stops at the hand limit, which a discard never changes;
- a person's action runs its effects in order, each to its end, as the task
  stack would, when every action of the card set uses only ``draw``,
  ``discard`` and ``refill`` (the sheet vocabulary; ``Setup.simple_actions``),
  else through :func:`~.flow.task_act`;
- a trim of every hand at turn end runs seat by seat from the active player;
- the main phase and the break's second step count their options and build
  only the chosen id (the id lists are ``set? play* reserve* break break(e)*``
  and ``suspect* clear* pass``, see :meth:`Table.legal_ids`).

Everything else (the opening, burns, automatic tasks) runs through the
table's generic code. An rng whose ``_randbelow`` is not ``random.Random``'s
plays through :func:`generic_table`. The tests compare whole final tables
and rng states with :func:`generic_table` over many seeds and variants.

>>> import random
>>> from workbench.games.detective.setup import Setup
>>> from workbench.games.detective.params import DetectiveParams
>>> t = random_table(Setup(DetectiveParams(players=3)), random.Random(5))
>>> t.over, t.tasks
(True, [])
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable

from .flow import HANDLERS, task_act, task_endturn, task_turn
from .setup import Setup
from .table import CHANCE_TASKS, DECISION_TASKS, Table


def generic_table(setup: Setup, rng: random.Random) -> Table:
    """The same game through the table's generic entry points (``legal_ids``, ``act``,
    ``draw_at``): the reference :func:`random_table` is tested against, and its way for
    an rng whose ``_randbelow`` is not ``random.Random``'s."""
    t = Table.new(setup)
    while t.tasks:
        if t.tasks[-1][0] in CHANCE_TASKS:
            t.draw_at(rng.randrange(len(t.chance_ids())))
        else:
            t.act(rng.choice(t.legal_ids()))
    return t


def random_table(setup: Setup, rng: random.Random) -> Table:
    """Play one game with uniform random choices; returns the final table."""
    t = Table.new(setup)
    if type(rng)._randbelow is not random.Random._randbelow_with_getrandbits:  # type: ignore[attr-defined]
        return generic_table(setup, rng)
    below: Callable[[int], int] = rng._randbelow  # type: ignore[attr-defined]
    bits = rng.getrandbits
    tasks = t.tasks
    pop = tasks.pop
    hands, edeck, discard = t.hands, t.edeck, t.discard
    base, n = setup.params.hand_limit, t.n
    reservation = setup.params.reservation
    handlers = HANDLERS
    simple = setup.simple_actions
    clockwise = [tuple((seat + k) % n for k in range(n)) for seat in range(n)]

    def draw(hand: list[int], k: int) -> None:
        while k > 0:
            m = len(edeck)
            if not m:
                if not discard:
                    return
                edeck.extend(sorted(discard))
                discard.clear()
                m = len(edeck)
            b = m.bit_length()          # rng._randbelow(m), inlined
            r = bits(b)
            while r >= m:
                r = bits(b)
            insort(hand, edeck.pop(r))
            k -= 1

    def lose(hand: list[int], k: int) -> None:
        while hand:
            m = len(hand)
            b = m.bit_length()
            r = bits(b)
            while r >= m:
                r = bits(b)
            discard.append(hand.pop(r))
            k -= 1
            if k < 1:
                return

    while tasks:
        task = tasks[-1]
        tag = task[0]
        if tag == "main":
            seat = task[1]
            hand = hands[seat]
            head = t.main_head(seat, hand)
            nh = len(head)
            nr = nh + (len(hand) if reservation and t.reserved[seat] is None else 0)
            r = below(nr + 1 + len(hand))
            if r < nh:
                t.do(head[r])
            elif r < nr:
                t.do(("reserve", hand[r - nh]))
            elif r == nr:
                t.do(("break",))
            else:
                t.do(("break", hand[r - nr - 1]))
        elif tag == "inv":
            pool = t.pool
            if pool:
                action = t.investigate(task, pool.pop(below(len(pool))), not simple)
            else:
                action = t.place(task[1], t.bottom.pop(0), not simple)
            if simple and action is not None:
                for seat in clockwise[task[1]]:
                    hand = hands[seat]
                    for eff in action:
                        verb = eff.verb
                        if verb == "draw":
                            draw(hand, eff.args[0])  # type: ignore[arg-type]  # int: vocabulary
                        elif verb == "discard":
                            lose(hand, eff.args[0])  # type: ignore[arg-type]
                        else:
                            draw(hand, t.limit(seat) - len(hand))
        elif tag == "trimall":
            pop()
            for seat in clockwise[task[1]]:
                hand = hands[seat]
                if len(hand) > base:
                    over = len(hand) - max(base, t.limit(seat))
                    if over > 0:
                        lose(hand, over)
        elif tag == "endturn":
            pop()
            if t.tn:
                task_endturn(t, task[1])
            else:               # the next turn at once (task_endturn would push it)
                task_turn(t, (task[1] + 1) % n)
        elif tag == "refill":
            pop()
            hand = hands[task[1]]
            draw(hand, t.limit(task[1]) - len(hand))
        elif tag == "break2":
            suspects = t.suspectable()
            clears = t.clearable()
            ns = len(suspects)
            nc = ns + len(clears)
            r = below(nc + 1)
            if r < ns:
                t.do(("suspect", suspects[r]))
            elif r < nc:
                t.do(("clear", clears[r - ns]))
            else:
                t.do(("pass",))
        elif tag == "turn":
            pop()
            task_turn(t, task[1])
        elif tag == "act":
            pop()
            task_act(t, task[1], task[2])
        elif tag == "edraw":
            pop()
            draw(hands[task[1]], task[2])
        elif tag == "pdiscard" or tag == "pay":
            pop()
            lose(hands[task[1]], task[2])
        elif tag in CHANCE_TASKS or tag in DECISION_TASKS:
            t.settle()
            if tasks:
                tag = tasks[-1][0]
                if tag in CHANCE_TASKS:
                    t.draw_at(below(len(edeck if tag == "edraw" else t.pool)))
                else:
                    ids = t.legal_ids()
                    t.act(ids[below(len(ids))])
        else:
            pop()
            handlers[tag](t, *task[1:])
    return t


__all__ = ["random_table"]
