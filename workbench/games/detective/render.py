"""Pure state -> HTML picture of a detective table (no widgets; testable as text).

Stable CSS classes: ``wb-det-board``, ``wb-det-status``, ``wb-det-line``,
``wb-det-card`` (+ ``wb-det-night``, ``wb-det-awakened``, ``wb-det-person-<id>``),
``wb-det-outside``, ``wb-det-supply``, ``wb-det-pile`` (+ ``wb-det-dead``),
``wb-det-notebook`` (+ ``wb-det-active``), ``wb-det-event``, ``wb-det-hand``,
``wb-det-playable`` / ``wb-det-unplayable``, ``wb-det-victim``, ``wb-det-over``.

>>> from workbench.games.detective.rules import make_game
>>> g = make_game(players=3)
>>> html = render(g, g.initial_state())
>>> html.count('class="wb-det-notebook'), 'wb-det-line' in html
(3, True)
"""

from __future__ import annotations

from html import escape

from .cards import COLOUR_HEX
from .catalogue import INF, NIGHT
from .labels import card_name, event_name, paying_for
from .rules import Detective, DetectiveState

CSS = """
<style>
.wb-det-board{font-family:'Noto Sans CJK JP',sans-serif;font-size:13px;color:#222}
.wb-det-row{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start;margin:4px 0}
.wb-det-card{width:74px;height:96px;border-radius:6px;border:1px solid #555;padding:3px;
 box-sizing:border-box;font-size:11px;display:flex;flex-direction:column;justify-content:space-between}
.wb-det-night{background:#111;color:#f55;font-weight:bold}
.wb-det-awakened{box-shadow:0 0 0 3px gold inset}
.wb-det-small{width:54px;height:40px;font-size:10px}
.wb-det-pile{border:1px dashed #888;border-radius:6px;padding:3px 5px;font-size:11px}
.wb-det-dead{opacity:.35;text-decoration:line-through}
.wb-det-notebook{border:1px solid #bbb;border-radius:6px;padding:4px 6px;min-width:150px}
.wb-det-active{border:2px solid #1a73e8}
.wb-det-event{display:inline-block;border:1px solid #999;border-radius:4px;padding:1px 4px;
 margin:1px;font-size:11px;background:#fafafa}
.wb-det-playable{background:#e6f4ea;border-color:#1a7f37}
.wb-det-unplayable{background:#f3f3f3;color:#888}
.wb-det-victim{background:#3b0d0d;color:#fff;padding:4px 8px;border-radius:4px;display:inline-block}
.wb-det-over{background:#1a73e8;color:#fff;padding:4px 8px;border-radius:4px;display:inline-block}
.wb-det-label{font-weight:bold;margin-right:6px}
.wb-det-icon{display:inline-block;width:9px;height:9px;border-radius:50%;border:1px solid #555;
 margin:0 1px;vertical-align:middle}
</style>
"""


def _card(game: Detective, card: str, small: bool = False) -> str:
    cls = "wb-det-card" + (" wb-det-small" if small else "")
    if card == NIGHT:
        return f'<div class="{cls} wb-det-night" title="tragic night">惨劇の夜</div>'
    s = game.catalogue
    who = s.card_person[card]
    bg, fg = COLOUR_HEX[s.card_colour[card]]
    awake = " wb-det-awakened" if card.endswith(":A") else ""
    person = s.cards.people[who]
    body = "" if small else f"<span>{escape(person.colour)}</span>"
    return (f'<div class="{cls}{awake} wb-det-person-{who}" data-card="{escape(card)}" '
            f'style="background:{bg};color:{fg}" title="{escape(person.name_en)}">'
            f"<b>{escape(card_name(s, card))}</b>{body}</div>")


def _icon(colour: str) -> str:
    bg = COLOUR_HEX[colour][0]
    return (f'<span class="wb-det-icon" title="{colour}" style="background:{bg}"></span>')


def event_chip(game: Detective, no: int, extra: str = "") -> str:
    """One event as a small chip: number, name, cost and VP."""
    e = game.catalogue.events[no]
    cost = "".join(_icon(c) * n for c, n in e.cost)
    dead = f" †{e.needs_dead}" if e.needs_dead else ""
    kind = "" if e.placed else " (1×)"
    return (f'<span class="wb-det-event{extra}" data-event="{no}" title="{escape(e.name_en)}">'
            f"#{no} {escape(e.name_ja)} {cost}{escape(dead)} {e.vp}VP{kind}</span>")


def hand_status(game: Detective, state: DetectiveState, seat: int) -> dict[int, int]:
    """Event -> discards it needs now for ``seat`` (INF: cannot be paid)."""
    t = game.view(state)
    return {no: t.discards_needed(seat, no) for no in state.hands[seat]}


def status_line(game: Detective, state: DetectiveState) -> str:
    """Round, start player, whose move and what kind."""
    who = game.current_player(state)
    top = state.tasks[-1].TAG if state.tasks else "over"
    move = {"main": "main phase", "break2": "suspect / clear / pass", "pay": "discard to pay",
            "pdiscard": "discard (action)", "trim": "trim hand", "burn": "choose a burn",
            "inv": "investigation draw", "open": "opening draw", "edraw": "event draw"}
    whom = f"seat {who}" if who >= 0 else ("chance" if state.tasks else "game over")
    paying = paying_for(state.tasks)
    what = move.get(top, top)
    if paying is not None:
        what = (f'discard to pay for <span class="wb-det-paying">'
                f"{escape(event_name(game.catalogue, paying))}</span>")
    night = " · 惨劇の夜 drawn" if state.tn else ""
    return (f'<div class="wb-det-status"><span class="wb-det-label">Round {state.round}</span>'
            f"start: seat {state.start} · to move: {whom} ({what}){night} · "
            f"deck {len(state.pool) + len(state.bottom)} · dead {len(state.dead)}</div>")


def render(game: Detective, state: DetectiveState, seat: int | None = None) -> str:
    """The whole table as HTML; ``seat``'s hand is shown (default: the seat to move)."""
    s = game.catalogue
    t = game.view(state)
    parts = [CSS, '<div class="wb-det-board">', status_line(game, state)]
    if state.over or state.victims:
        parts.append(_banner(game, state))
    line = "".join(_card(game, c) for c in state.line) or "<i>empty</i>"
    parts.append(f'<div class="wb-det-row wb-det-line"><span class="wb-det-label">捜査線</span>'
                 f"{line}</div>")
    outside = "".join(_card(game, c, small=True) for c in state.outside) or "<i>none</i>"
    parts.append(f'<div class="wb-det-row wb-det-outside"><span class="wb-det-label">捜査外'
                 f"</span>{outside}</div>")
    piles = []
    for who in s.persons:
        n = sum(1 for c in state.supply if s.card_person[c] == who and not c.endswith(":A"))
        awake = t.awake(who)
        mark = " ★awake" if awake else (" (awakened face down)" if who in s.awakened_card else "")
        dead = " wb-det-dead" if who in state.dead else ""
        bg, fg = COLOUR_HEX[s.cards.people[who].colour]
        piles.append(f'<div class="wb-det-pile{dead}" data-person="{who}" style="border-color:'
                     f'{bg}"><b>{escape(s.cards.people[who].name_ja)}</b> ×{n}{mark}</div>')
    parts.append(f'<div class="wb-det-row wb-det-supply"><span class="wb-det-label">人物置き場'
                 f'</span>{"".join(piles)}</div>')
    parts.append('<div class="wb-det-row">')
    vps = game.returns(state)
    for i, book in enumerate(state.notebooks):
        act = " wb-det-active" if i == game.current_player(state) else ""
        chips = "".join(event_chip(game, no) for no in book) or "<i>empty</i>"
        res = state.reserved[i]
        extra = f"<div>reserved: {event_chip(game, res)}</div>" if res is not None else ""
        parts.append(f'<div class="wb-det-notebook{act}" data-seat="{i}"><b>seat {i} 手帳 · '
                     f"{int(vps[i])} VP</b> · hand {len(state.hands[i])}<div>{chips}</div>"
                     f"{extra}</div>")
    parts.append("</div>")
    show = seat if seat is not None else game.current_player(state)
    if show >= 0:
        parts.append(render_hand(game, state, show))
    parts.append("</div>")
    return "".join(parts)


def render_hand(game: Detective, state: DetectiveState, seat: int) -> str:
    """``seat``'s hand as chips marked playable (with the discards needed) or not."""
    need = hand_status(game, state, seat)
    size = len(state.hands[seat])
    chips = []
    for no in state.hands[seat]:
        ok = need[no] <= size - 1
        tag = f" (pay: discard {need[no]})" if ok and need[no] else ""
        cls = " wb-det-playable" if ok else " wb-det-unplayable"
        chips.append(event_chip(game, no, cls) + tag)
    return (f'<div class="wb-det-row wb-det-hand" data-seat="{seat}"><span class="wb-det-label">'
            f"seat {seat} hand</span>{''.join(chips) or '<i>empty</i>'}</div>")


def _banner(game: Detective, state: DetectiveState) -> str:
    names = game.catalogue.cards.people
    if state.victims:
        v = state.victims[-1]
        text = (f"Round {len(state.victims)}: {names[v].name_ja} died" if v else
                f"Round {len(state.victims)}: a tie for most — nobody died")
        out = f'<div class="wb-det-victim">{escape(text)}</div> '
    else:
        out = ""
    if state.over:
        win = ", ".join(f"seat {w}" for w in game.winners(state))
        out += f'<div class="wb-det-over">Game over ({escape(state.end_reason)}): {win} won</div>'
    return f'<div class="wb-det-row">{out}</div>'


__all__ = ["render", "render_hand", "event_chip", "hand_status", "status_line", "INF"]
