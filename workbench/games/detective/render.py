"""Pure state -> HTML picture of a detective table whose cards are the controls.

Every place that stands for a legal action carries ``wb-target`` and
``data-action`` (:func:`workbench.ui.targets.target`): a person on the line
(clear / remove), a person's pile (suspect / add), a hand card (discard; in
the main phase a first click picks it — ``data-pick`` — then the own
notebook investigates it, the reservation slot reserves it, the discard pile
discards it on a break), the reserved card (set it), an event in another
notebook (burn). People read by name (Japanese with the English gloss),
players as Player 1.. (:mod:`workbench.ui.names`), event effects in words.
While a player discards to pay, the event paid for is drawn beside the hand.

Stable CSS classes: ``wb-det-board``, ``wb-det-status``, ``wb-det-line``,
``wb-det-card`` (+ ``wb-det-night``, ``wb-det-awakened``, ``wb-det-person-<id>``),
``wb-det-outside``, ``wb-det-supply``, ``wb-det-pile`` (+ ``wb-det-dead``),
``wb-det-notebook`` (+ ``wb-det-active``), ``wb-det-event``, ``wb-det-hand``,
``wb-det-playable`` / ``wb-det-unplayable``, ``wb-det-picked``, ``wb-det-slot``,
``wb-det-discard-pile``, ``wb-det-paying``, ``wb-det-victim``, ``wb-det-over``.

>>> from workbench.games.detective.rules import make_game
>>> g = make_game(players=3)
>>> html = render(g, g.initial_state())
>>> html.count("class='wb-det-notebook"), 'wb-det-line' in html
(3, True)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from html import escape
from typing import Any

from workbench.ui.names import player_name
from workbench.ui.targets import target
from workbench.ui.words import effects_in_words

from .cards import COLOUR_HEX
from .catalogue import INF, NIGHT
from .labels import card_name, event_name, paying_for
from .rules import Detective, DetectiveState

CSS = """
<style>
.wb-det-board{font-family:'Noto Sans CJK JP',sans-serif;font-size:13px;color:#222}
.wb-det-row{display:flex;flex-wrap:wrap;gap:4px;align-items:flex-start;margin:4px 0}
.wb-det-card{width:78px;height:96px;border-radius:6px;border:1px solid #555;padding:3px;
 box-sizing:border-box;font-size:11px;display:flex;flex-direction:column;justify-content:space-between}
.wb-det-card small{font-size:9px;opacity:.85}
.wb-det-night{background:#111;color:#f55;font-weight:bold}
.wb-det-awakened{box-shadow:0 0 0 3px gold inset}
.wb-det-small{width:62px;height:44px;font-size:10px}
.wb-det-pile{border:1px dashed #888;border-radius:6px;padding:3px 5px;font-size:11px}
.wb-det-dead{opacity:.35;text-decoration:line-through}
.wb-det-notebook{border:1px solid #bbb;border-radius:6px;padding:4px 6px;min-width:150px}
.wb-det-active{border:2px solid #1a73e8}
.wb-det-event{display:inline-block;border:1px solid #999;border-radius:4px;padding:1px 4px;
 margin:1px;font-size:11px;background:#fafafa}
.wb-det-playable{background:#fff;border-color:#333;font-weight:bold}
.wb-det-unplayable{background:#f3f3f3;color:#888}
.wb-det-chip{display:inline-block;border-radius:4px;padding:1px 5px;font-size:11px}
.wb-det-picked{outline:3px solid #ef6c00}
.wb-det-slot,.wb-det-discard-pile{display:inline-block;border:1px dashed #777;border-radius:4px;
 padding:2px 6px;margin:2px;font-size:11px}
.wb-det-paying{background:#fff3cd;border-radius:4px;padding:1px 4px}
.wb-det-victim{background:#3b0d0d;color:#fff;padding:4px 8px;border-radius:4px;display:inline-block}
.wb-det-over{background:#1a73e8;color:#fff;padding:4px 8px;border-radius:4px;display:inline-block}
.wb-det-label{font-weight:bold;margin-right:6px}
.wb-det-icon{display:inline-block;width:9px;height:9px;border-radius:50%;border:1px solid #555;
 margin:0 1px;vertical-align:middle}
</style>
"""


def _cls(base: str, action: Hashable | None, legal: set[Hashable]) -> str:
    """``base`` plus the target class/attribute when ``action`` is legal now."""
    return f"{base} {target(action)}" if action is not None and action in legal else base


def _person(game: Detective, who: str) -> str:
    p = game.catalogue.cards.people[who]
    return f"{escape(p.name_ja)} <small>{escape(p.name_en)}</small>"


def _card(
    game: Detective,
    card: str,
    small: bool = False,
    action: Hashable | None = None,
    legal: set[Hashable] | frozenset[Hashable] = frozenset(),
) -> str:
    cls = "wb-det-card" + (" wb-det-small" if small else "")
    if card == NIGHT:
        return f"<div class='{cls} wb-det-night' title='tragic night'>惨劇の夜</div>"
    s = game.catalogue
    who = s.card_person[card]
    bg, fg = COLOUR_HEX[s.card_colour[card]]
    awake = " wb-det-awakened" if card.endswith(":A") else ""
    person = s.cards.people[who]
    name = escape(card_name(s, card))
    body = (
        ""
        if small
        else f"<small>{escape(person.name_en)}</small><span>{escape(person.colour)}</span>"
    )
    return (
        f"<div class='{_cls(cls + awake + ' wb-det-person-' + who, action, set(legal))}' "
        f"data-card='{escape(card)}' style='background:{bg};color:{fg}' "
        f"title='{escape(person.name_en)}'><b>{name}</b>{body}</div>"
    )


def _icon(colour: str) -> str:
    bg = COLOUR_HEX[colour][0]
    return f'<span class="wb-det-icon" title="{colour}" style="background:{bg}"></span>'


def event_chip(game: Detective, no: int, extra: str = "", attrs: str = "") -> str:
    """One event as a small chip: number, name, cost and VP; the English name and the
    effects in words on hover."""
    e = game.catalogue.events[no]
    cost = "".join(_icon(c) * n for c, n in e.cost)
    dead = f" †{e.needs_dead}" if e.needs_dead else ""
    kind = "" if e.placed else " (1×)"
    hover = e.name_en + (f": {effects_in_words(e.effects)}" if e.effects else "")
    return (
        f"<span class='wb-det-event{extra}' data-event='{no}'{attrs} title='{escape(hover)}'>"
        f"#{no} {escape(e.name_ja)} {cost}{escape(dead)} {e.vp}VP{kind}</span>"
    )


def hand_status(game: Detective, state: DetectiveState, seat: int) -> dict[int, int]:
    """Event -> discards it needs now for ``seat`` (INF: cannot be paid)."""
    t = game.view(state)
    return {no: t.discards_needed(seat, no) for no in state.hands[seat]}


MOVES = {
    "main": "main phase: click a hand card",
    "break2": "suspect / clear / pass",
    "pay": "discard to pay",
    "pdiscard": "discard (action)",
    "trim": "trim hand",
    "burn": "burn an event in another notebook",
    "inv": "investigation draw",
    "open": "opening draw",
    "edraw": "event draw",
    "edit": "round start: add / remove / pass",
}


def status_line(game: Detective, state: DetectiveState) -> str:
    """Round, start player, whose move and what kind (the event being paid for)."""
    who = game.current_player(state)
    top = state.tasks[-1].TAG if state.tasks else "over"
    whom = player_name(who) if who >= 0 else ("chance" if state.tasks else "game over")
    paying = paying_for(state.tasks)
    what = MOVES.get(top, top)
    if paying is not None:
        what = (
            f"discard to pay for <span class='wb-det-paying'>"
            f"{escape(event_name(game.catalogue, paying))}</span>"
        )
    night = " · 惨劇の夜 drawn" if state.tn else ""
    return (
        f"<div class='wb-det-status'><span class='wb-det-label'>Round {state.round}</span>"
        f"start: {player_name(state.start)} · to move: {whom} ({what}){night} · "
        f"deck {len(state.pool) + len(state.bottom)} · dead {len(state.dead)}</div>"
    )


def render(
    game: Detective,
    state: DetectiveState,
    viewer: int | None = None,
    picks: Sequence[str] = (),
) -> str:
    """The whole table as HTML. ``viewer``: the table as that seat sees it (its own hand;
    the others' reserved cards face down); None, the designer's, shows the hand of the
    seat to move. ``picks`` (the board's steps) holds the hand card picked in the main
    phase."""
    seat = viewer
    s = game.catalogue
    t = game.view(state)
    to_move = game.current_player(state)
    mine = to_move >= 0 and viewer in (None, to_move)  # another seat's options are its own
    legal: set[Hashable] = set(game.legal_ids(state)) if mine else set()
    top = state.tasks[-1].TAG if state.tasks else "over"
    picked = int(picks[-1]) if picks and top == "main" and picks[-1].isdigit() else None
    if picked is not None and picked not in state.hands[to_move]:
        picked = None
    parts = [CSS, "<div class='wb-det-board'>", status_line(game, state)]
    if state.over or state.victims:
        parts.append(_banner(game, state))
    line_verb = "remove" if top == "edit" else "clear"
    line = (
        "".join(
            _card(game, c, action=(line_verb, s.card_person.get(c)), legal=legal)
            for c in state.line
        )
        or "<i>empty</i>"
    )
    parts.append(
        f"<div class='wb-det-row wb-det-line'><span class='wb-det-label'>捜査線 line"
        f"</span>{line}</div>"
    )
    outside = "".join(_card(game, c, small=True) for c in state.outside) or "<i>none</i>"
    parts.append(
        f"<div class='wb-det-row wb-det-outside'><span class='wb-det-label'>捜査外 "
        f"outside</span>{outside}</div>"
    )
    piles = []
    pile_verb = "add" if top == "edit" else "suspect"
    for who in s.persons:
        n = sum(1 for c in state.supply if s.card_person[c] == who and not c.endswith(":A"))
        mark = (
            " ★awake"
            if t.awake(who)
            else (" (awakened face down)" if who in s.awakened_card else "")
        )
        dead = " wb-det-dead" if who in state.dead else ""
        bg = COLOUR_HEX[s.cards.people[who].colour][0]
        piles.append(
            f"<div class='{_cls('wb-det-pile' + dead, (pile_verb, who), legal)}' "
            f"data-person='{who}' style='border-color:{bg}'>"
            f"<b>{_person(game, who)}</b> ×{n}{mark}</div>"
        )
    parts.append(
        f"<div class='wb-det-row wb-det-supply'><span class='wb-det-label'>人物置き場 "
        f"supply</span>{''.join(piles)}</div>"
    )
    parts.append(_notebooks(game, state, legal, picked, viewer))
    show = seat if seat is not None else to_move
    if show >= 0:
        parts.append(render_hand(game, state, show, legal, picked))
    parts.append("</div>")
    return "".join(parts)


def _notebooks(
    game: Detective,
    state: DetectiveState,
    legal: set[Hashable],
    picked: int | None,
    viewer: int | None = None,
) -> str:
    vps = game.returns(state)
    to_move = game.current_player(state)
    out = ["<div class='wb-det-row'>"]
    for i, book in enumerate(state.notebooks):
        act = " wb-det-active" if i == to_move else ""
        chips = "".join(event_chip(game, no, _burn(i, no, legal)) for no in book) or "<i>empty</i>"
        res = state.reserved[i]
        extra = ""
        if res is not None and viewer is not None and i != viewer:
            extra = "<div>reserved: <span class='wb-det-facedown'>a card face down</span></div>"
        elif res is not None:
            set_id = ("set", res)
            cls = f" {target(set_id)}" if set_id in legal else ""
            extra = f"<div>reserved: {event_chip(game, res, cls)}</div>"
        elif picked is not None and i == to_move and ("reserve", picked) in legal:
            extra = (
                f"<div class='wb-det-slot {target(('reserve', picked))}'>reserve "
                f"{escape(event_name(game.catalogue, picked))} here</div>"
            )
        play = ""
        if picked is not None and i == to_move and ("play", picked) in legal:
            play = (
                f"<div class='wb-det-slot {target(('play', picked))}'>investigate "
                f"{escape(event_name(game.catalogue, picked))} here</div>"
            )
        out.append(
            f"<div class='wb-det-notebook{act}' data-seat='{i}'><b>{player_name(i)} 手帳 · "
            f"{int(vps[i])} VP</b> · hand {len(state.hands[i])}<div>{chips}</div>"
            f"{play}{extra}</div>"
        )
    out.append("</div>")
    return "".join(out)


def _burn(seat: int, no: int, legal: set[Hashable]) -> str:
    a = ("burn", seat, no)
    return f" {target(a)}" if a in legal else ""


def render_hand(
    game: Detective,
    state: DetectiveState,
    seat: int,
    legal: set[Hashable] | None = None,
    picked: int | None = None,
) -> str:
    """``seat``'s hand as chips marked playable (with the discards needed) or not; the
    cards are targets (a pick in the main phase, a discard when one is asked)."""
    legal = legal if legal is not None else set()
    need = hand_status(game, state, seat)
    size = len(state.hands[seat])
    top = state.tasks[-1].TAG if state.tasks else "over"
    main = top == "main" and game.current_player(state) == seat
    chips = []
    for no in state.hands[seat]:
        ok = need[no] <= size - 1
        tag = (f" (pay: discard {need[no]})" if need[no] else " (free)") if ok and main else ""
        cls = (" wb-det-playable" if ok else " wb-det-unplayable") if main else ""
        attrs = ""
        if ("discard", no) in legal:
            cls += f" {target(('discard', no))}"
        elif main:
            cls += " wb-target" + (" wb-det-picked" if no == picked else "")
            attrs = f" data-pick='{no}'"
        chips.append(event_chip(game, no, cls, attrs) + tag)
    extra = ""
    paying = paying_for(state.tasks)
    if paying is not None:
        extra = (
            f"<span class='wb-det-paying'>paying for {event_chip(game, paying)} — "
            f"discard {state.tasks[-1].left} more</span>"
        )
    if picked is not None and ("break", picked) in legal:
        extra += (
            f"<span class='wb-det-discard-pile {target(('break', picked))}'>"
            f"take a break, discard {escape(event_name(game.catalogue, picked))}</span>"
        )
    return (
        f"<div class='wb-det-row wb-det-hand' data-seat='{seat}'><span class='wb-det-label'>"
        f"{player_name(seat)} hand</span>{''.join(chips) or '<i>empty</i>'}{extra}</div>"
    )


def _banner(game: Detective, state: DetectiveState) -> str:
    names = game.catalogue.cards.people
    if state.victims:
        v = state.victims[-1]
        text = (
            f"Round {len(state.victims)}: {names[v].name_ja} ({names[v].name_en}) died"
            if v
            else f"Round {len(state.victims)}: a tie for most — nobody died"
        )
        out = f'<div class="wb-det-victim">{escape(text)}</div> '
    else:
        out = ""
    if state.over:
        win = ", ".join(player_name(w) for w in game.winners(state))
        out += f'<div class="wb-det-over">Game over ({escape(state.end_reason)}): {win} won</div>'
    return f'<div class="wb-det-row">{out}</div>'


def chance_drawing(game: Any, state: Any, outcome: Hashable) -> str:
    """One chance outcome for the last-chance strip: the event or person card drawn."""
    if isinstance(outcome, int) and outcome in game.catalogue.events:
        return f"<span>event drawn {event_chip(game, outcome)}</span>"
    cat = game.catalogue
    if outcome == NIGHT:
        return "<span>investigation <b class='wb-det-chip wb-det-night'>惨劇の夜</b></span>"
    if isinstance(outcome, str) and outcome in cat.card_person:
        bg, fg = COLOUR_HEX[cat.card_colour[outcome]]
        who = cat.cards.people[cat.card_person[outcome]]
        return (
            f"<span>investigation <b class='wb-det-chip wb-det-person-{who.id}' "
            f"style='background:{bg};color:{fg};border:1px solid #555' title='{escape(who.name_en)}'>"
            f"{escape(card_name(cat, outcome))}</b></span>"
        )
    return f"<span>{escape(str(outcome))}</span>"


__all__ = [
    "render",
    "render_hand",
    "event_chip",
    "hand_status",
    "status_line",
    "chance_drawing",
    "INF",
]
